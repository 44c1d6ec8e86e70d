/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The three forms of every front-end (clslice.h, "Plans without
 * allocating"): for seeded random specs of every front-end, valid and
 * not, the heap plan, the plan built in a clslice_plan_storage and the
 * shape query must agree: the same status and message, the same plan
 * (every public query), and the heap plan's output shape and rank.  The
 * init and shape forms must not allocate (counted by interposing malloc
 * where glibc allows it; not under the sanitizers, which own malloc).
 * Split plans in storage against clslice_plan_split, and the forms'
 * own argument checks.  Cost: about 60,000 front-end calls, under a
 * second.
 */
#include <stdio.h>
#include <string.h>

#include "alloc_count.h"
#include "randplan.h"
#include "testutil.h"

/* ---- what a plan says through the public queries ------------------------ */

typedef struct plan_facts {
    int rank, out_rank, known;
    int64_t shape[CLSLICE_MAX_RANK], out_shape[CLSLICE_MAX_RANK];
    int64_t start[CLSLICE_MAX_RANK], step[CLSLICE_MAX_RANK],
        count[CLSLICE_MAX_RANK];
    int shrunk[CLSLICE_MAX_RANK], source[CLSLICE_MAX_RANK];
} plan_facts;

static void facts_of(const clslice_plan *p, plan_facts *f)
{
    memset(f, 0, sizeof *f);
    f->rank = clslice_plan_input_rank(p);
    f->out_rank = clslice_plan_output_rank(p);
    f->known = clslice_plan_is_known(p);
    clslice_plan_input_shape(p, f->shape);
    clslice_plan_output_shape(p, f->out_shape);
    for (int d = 0; d < f->rank; d++) {
        assert_int_equal(clslice_plan_dim(p, d, &f->start[d], &f->step[d],
                                          &f->count[d], NULL),
                         CLSLICE_OK);
        f->shrunk[d] = clslice_plan_dim_is_shrunk(p, d);
    }
    for (int j = 0; j < f->out_rank; j++)
        f->source[j] = clslice_plan_output_source(p, j);
}

/* ---- one spec through the three forms ------------------------------------ */

typedef clslice_status (*front_call)(const void *spec, const rp_target *t,
                                     clslice_error *err);

typedef struct form_stats {
    long cases, valid;
} form_stats;

/* Runs `call` on `spec` in every form and checks that they agree.
 * has_shape: the front-end has a shape form. */
static void check_forms(front_call call, const void *spec, bool has_shape,
                        const char *desc, uint64_t seed, form_stats *stats)
{
    clslice_plan *heap = NULL;
    clslice_plan_storage storage;
    int64_t out_shape[CLSLICE_MAX_RANK];
    int out_rank = -7;
    /* Not NULL, so that a failure must clear it. */
    const clslice_plan *stored = (const clslice_plan *)&out_rank;
    clslice_error e_heap, e_stored, e_shape;
    memset(&storage, 0xA5, sizeof storage);
    for (int i = 0; i < CLSLICE_MAX_RANK; i++)
        out_shape[i] = -99;

    clslice_status s_heap = call(
        spec, &(rp_target){.form = RP_HEAP, .heap = &heap}, &e_heap);
    long before = tu_allocations();
    clslice_status s_stored = call(
        spec,
        &(rp_target){.form = RP_STORAGE, .storage = &storage,
                     .stored = &stored},
        &e_stored);
    clslice_status s_shape = s_heap;
    if (has_shape)
        s_shape = call(spec,
                       &(rp_target){.form = RP_SHAPE, .out_shape = out_shape,
                                    .out_rank = &out_rank},
                       &e_shape);
    long allocated = tu_allocations() - before;

    stats->cases++;
    TU_EXPECT(allocated == 0, desc, seed);
    TU_EXPECT(s_stored == s_heap, desc, seed);
    TU_EXPECT(strcmp(e_stored.message, e_heap.message) == 0, desc, seed);
    TU_EXPECT((heap != NULL) == (s_heap == CLSLICE_OK), desc, seed);
    TU_EXPECT((stored != NULL) == (s_stored == CLSLICE_OK), desc, seed);
    if (has_shape) {
        TU_EXPECT(s_shape == s_heap, desc, seed);
        TU_EXPECT(strcmp(e_shape.message, e_heap.message) == 0, desc, seed);
    }
    if (s_heap != CLSLICE_OK) {
        /* A failed shape query writes nothing. */
        TU_EXPECT(out_rank == -7 && out_shape[0] == -99, desc, seed);
        return;
    }
    stats->valid++;
    TU_EXPECT((const void *)stored == (const void *)&storage, desc, seed);
    plan_facts a, b;
    facts_of(heap, &a);
    facts_of(stored, &b);
    TU_EXPECT(memcmp(&a, &b, sizeof a) == 0, desc, seed);
    if (has_shape) {
        TU_EXPECT(out_rank == a.out_rank, desc, seed);
        TU_EXPECT(memcmp(out_shape, a.out_shape,
                         (size_t)a.out_rank * sizeof *out_shape) == 0,
                  desc, seed);
        /* Only out_rank entries are written. */
        TU_EXPECT(a.out_rank == CLSLICE_MAX_RANK ||
                      out_shape[a.out_rank] == -99,
                  desc, seed);
    }
    clslice_plan_release(&heap);
}

/* ---- random specs of every front-end ------------------------------------- */

#define MAXD 7

/* One spec of any front-end: each generator fills what its call reads. */
typedef struct any_spec {
    int rank;
    int64_t shape[MAXD];
    int64_t v[4][MAXD]; /* per-entry vectors, in the call's order */
    int32_t v32[3][MAXD];
    size_t len, len2;
    bool null0;          /* the first vector is passed as NULL */
    bool null3;          /* the fourth vector is passed as NULL */
    int64_t x, y, z;     /* scalars */
    clslice_opt_int64 opt;
    int32_t mask[5];
    int offset, like_rank;
    char expr[160];
    rp_case rp;          /* the fronts of randplan.h */
} any_spec;

static void random_shape(tu_rng *rng, any_spec *s, int min_rank)
{
    s->rank = (int)tu_range(rng, min_rank, 5);
    for (int d = 0; d < s->rank; d++)
        s->shape[d] = tu_range(rng, 0, 7) == 0 ? CLSLICE_UNKNOWN
                                                : tu_range(rng, 0, 6);
}

/* An index near the dimension (its size n, 6 when unknown), now and then
 * far outside it. */
static int64_t near(tu_rng *rng, int64_t n)
{
    return rp_random_bound(rng, n < 0 ? 6 : n);
}

/* A value in [lo, n + 1] for a dimension of size n (7 when unknown). */
static int64_t upto(tu_rng *rng, int64_t lo, int64_t n)
{
    return tu_range(rng, lo, n < 0 ? 7 : n + 1);
}

/* Mostly one entry per dimension, now and then a wrong count. */
static size_t per_dim(tu_rng *rng, const any_spec *s)
{
    return tu_range(rng, 0, 9) ? (size_t)s->rank : (size_t)tu_range(rng, 0, 5);
}

static int64_t dim_or(const any_spec *s, int d)
{
    return d >= 0 && d < s->rank ? s->shape[d] : 3;
}

/* randplan's cases are valid and on known sizes: now and then a step of
 * 0 makes one invalid, and a size is made unknown. */
static void gen_rp(tu_rng *rng, any_spec *s)
{
    rp_case *c = &s->rp;
    rp_random_case(rng, (int)tu_range(rng, 0, 5), 4096, c);
    int slot = c->nslots ? (int)tu_range(rng, 0, c->nslots - 1) : 0;
    if (c->nslots && c->slots[slot].kind == RP_RANGE &&
        tu_range(rng, 0, 2) == 0) {
        c->slots[slot].has_s = true;
        c->slots[slot].s = 0;
    }
    if (c->rank && tu_range(rng, 0, 5) == 0)
        c->shape[tu_range(rng, 0, c->rank - 1)] = CLSLICE_UNKNOWN;
}

static clslice_status call_rp(const void *spec, const rp_target *t,
                              clslice_error *err)
{
    rp_case c = ((const any_spec *)spec)->rp;
    return rp_build_to(&c, t, err);
}

static void gen_slice_axis(tu_rng *rng, any_spec *s)
{
    random_shape(rng, s, 0);
    s->x = tu_range(rng, -s->rank - 1, s->rank);
    int64_t n = dim_or(s, (int)(s->x < 0 ? s->x + s->rank : s->x));
    s->y = near(rng, n);
    s->opt = (clslice_opt_int64){.value = near(rng, n),
                                 .is_none = tu_range(rng, 0, 3) == 0};
}

static clslice_status call_slice_axis(const void *spec, const rp_target *t,
                                      clslice_error *err)
{
    const any_spec *s = spec;
    return RP_CALL_FORM(t, mxnet_slice_axis, err, s->shape, s->rank, s->x,
                        s->y, s->opt);
}

static void gen_slice_like(tu_rng *rng, any_spec *s)
{
    random_shape(rng, s, 0);
    s->like_rank = tu_range(rng, 0, 5) ? s->rank : (int)tu_range(rng, 0, 5);
    for (int d = 0; d < s->like_rank; d++)
        s->v[0][d] = tu_range(rng, -1, 7);
    s->len = (size_t)tu_range(rng, 0, s->rank);
    for (size_t i = 0; i < s->len; i++)
        s->v[1][i] = tu_range(rng, -s->rank - 1, s->rank);
}

static clslice_status call_slice_like(const void *spec, const rp_target *t,
                                      clslice_error *err)
{
    const any_spec *s = spec;
    return RP_CALL_FORM(t, mxnet_slice_like, err, s->shape, s->rank,
                        s->v[0], s->like_rank, s->len ? s->v[1] : NULL,
                        s->len);
}

static void gen_tflite(tu_rng *rng, any_spec *s)
{
    random_shape(rng, s, 0);
    s->len = (size_t)tu_range(rng, 0, 6);
    for (size_t i = 0; i < s->len; i++) {
        int64_t n = dim_or(s, (int)i);
        s->v32[0][i] = (int32_t)tu_range(rng, -n - 2, n + 2);
        s->v32[1][i] = (int32_t)tu_range(rng, -n - 2, n + 2);
        s->v32[2][i] = (int32_t)tu_range(rng, -3, 3);
    }
    for (int m = 0; m < 5; m++)
        s->mask[m] = tu_range(rng, 0, 2) ? 0 : (int32_t)tu_range(rng, 0, 63);
    s->offset = tu_range(rng, 0, 4) == 0;
    s->null0 = tu_range(rng, 0, 9) == 0;
}

static clslice_status call_tflite(const void *spec, const rp_target *t,
                                  clslice_error *err)
{
    const any_spec *s = spec;
    clslice_tflite_spec tl = {
        .begin = s->null0 ? NULL : s->v32[0], .begin_len = s->len,
        .end = s->v32[1], .end_len = s->len,
        .strides = s->v32[2], .strides_len = s->len,
        .begin_mask = s->mask[0], .end_mask = s->mask[1],
        .ellipsis_mask = s->mask[2], .new_axis_mask = s->mask[3],
        .shrink_axis_mask = s->mask[4], .offset = s->offset};
    return RP_CALL_FORM(t, tflite, err, s->shape, s->rank, &tl);
}

static void gen_tf_slice(tu_rng *rng, any_spec *s)
{
    random_shape(rng, s, 0);
    s->len = per_dim(rng, s);
    for (size_t i = 0; i < s->len; i++) {
        s->v[0][i] = upto(rng, -1, dim_or(s, (int)i));
        s->v[1][i] = upto(rng, -2, dim_or(s, (int)i));
    }
}

static clslice_status call_tf_slice(const void *spec, const rp_target *t,
                                    clslice_error *err)
{
    const any_spec *s = spec;
    return RP_CALL_FORM(t, tf_slice, err, s->shape, s->rank, s->v[0], s->len,
                        s->v[1], s->len);
}

static void gen_xla_slice(tu_rng *rng, any_spec *s)
{
    random_shape(rng, s, 0);
    s->len = per_dim(rng, s);
    for (size_t i = 0; i < s->len; i++) {
        s->v[0][i] = upto(rng, -1, dim_or(s, (int)i));
        s->v[1][i] = upto(rng, -1, dim_or(s, (int)i));
        s->v[2][i] = tu_range(rng, -1, 3);
    }
    s->null3 = tu_range(rng, 0, 2) == 0; /* strides NULL: all 1 */
}

static clslice_status call_xla_slice(const void *spec, const rp_target *t,
                                     clslice_error *err)
{
    const any_spec *s = spec;
    return RP_CALL_FORM(t, xla_slice, err, s->shape, s->rank, s->v[0],
                        s->v[1], s->null3 ? NULL : s->v[2], s->len);
}

/* A window's sizes and starts, for dynamic_slice and dynamic_update_slice. */
static void gen_window(tu_rng *rng, any_spec *s)
{
    random_shape(rng, s, 0);
    s->len = per_dim(rng, s);
    for (size_t i = 0; i < s->len; i++) {
        s->v[0][i] = near(rng, dim_or(s, (int)i));
        s->v[1][i] = upto(rng, -1, dim_or(s, (int)i));
    }
    s->null0 = tu_range(rng, 0, 5) == 0;
    s->like_rank = tu_range(rng, 0, 9) ? (int)s->len : (int)tu_range(rng, 0, 5);
}

static clslice_status call_dynamic_slice(const void *spec, const rp_target *t,
                                         clslice_error *err)
{
    const any_spec *s = spec;
    return RP_CALL_FORM(t, dynamic_slice, err, s->shape, s->rank,
                        s->null0 ? NULL : s->v[0], s->v[1], s->len);
}

/* dynamic_update_slice has no shape form: heap and storage only. */
static clslice_status call_dynamic_update(const void *spec,
                                          const rp_target *t,
                                          clslice_error *err)
{
    const any_spec *s = spec;
    if (t->form == RP_HEAP)
        return clslice_plan_dynamic_update_slice(
            s->shape, s->rank, s->v[1], s->like_rank,
            s->null0 ? NULL : s->v[0], s->len, t->heap, err);
    return clslice_plan_init_dynamic_update_slice(
        t->storage, s->shape, s->rank, s->v[1], s->like_rank,
        s->null0 ? NULL : s->v[0], s->len, t->stored, err);
}

static void gen_openvino_slice(tu_rng *rng, any_spec *s)
{
    random_shape(rng, s, 0);
    s->len = (size_t)tu_range(rng, 0, s->rank + 1);
    s->len2 = tu_range(rng, 0, 9) ? s->len : (size_t)tu_range(rng, 0, 4);
    for (size_t i = 0; i < s->len; i++) {
        int64_t n = dim_or(s, (int)i);
        s->v[0][i] = near(rng, n);
        s->v[1][i] = near(rng, n);
        s->v[2][i] = tu_range(rng, -3, 3);
        s->v[3][i] = tu_range(rng, -s->rank - 1, s->rank);
    }
    s->null3 = tu_range(rng, 0, 1) == 0; /* axes NULL: 0..k-1 */
}

static clslice_status call_openvino_slice(const void *spec,
                                          const rp_target *t,
                                          clslice_error *err)
{
    const any_spec *s = spec;
    return RP_CALL_FORM(t, openvino_slice, err, s->shape, s->rank, s->v[0],
                        s->len, s->v[1], s->len, s->v[2], s->len2,
                        s->null3 ? NULL : s->v[3], s->null3 ? 0 : s->len);
}

static void gen_narrow(tu_rng *rng, any_spec *s)
{
    random_shape(rng, s, 0);
    s->x = tu_range(rng, -s->rank - 1, s->rank);
    int64_t n = dim_or(s, (int)(s->x < 0 ? s->x + s->rank : s->x));
    s->y = near(rng, n);
    s->z = upto(rng, -1, n);
}

static clslice_status call_narrow(const void *spec, const rp_target *t,
                                  clslice_error *err)
{
    const any_spec *s = spec;
    return RP_CALL_FORM(t, torch_narrow, err, s->shape, s->rank, s->x, s->y,
                        s->z);
}

/* A PyTorch index: slices (some with bad steps), integers, ellipses (more
 * than one now and then) and None, and sometimes a syntax error. */
static void gen_torch_index(tu_rng *rng, any_spec *s)
{
    random_shape(rng, s, 0);
    s->expr[0] = '\0';
    int items = (int)tu_range(rng, 0, s->rank + 2);
    for (int i = 0; i < items; i++) {
        int64_t n = dim_or(s, i);
        if (i)
            rp_append(s->expr, sizeof s->expr, ",");
        switch (tu_range(rng, 0, 7)) {
        case 0:
            rp_append(s->expr, sizeof s->expr, "...");
            break;
        case 1:
            rp_append(s->expr, sizeof s->expr, "None");
            break;
        case 2:
            rp_append(s->expr, sizeof s->expr, "%" PRId64,
                      tu_range(rng, -n - 1, n));
            break;
        default:
            rp_append(s->expr, sizeof s->expr, "%" PRId64 ":%" PRId64 ":%" PRId64,
                      tu_range(rng, -n - 1, n + 1), tu_range(rng, -n - 1, n + 1),
                      tu_range(rng, -1, 3));
        }
    }
    if (tu_range(rng, 0, 30) == 0)
        rp_append(s->expr, sizeof s->expr, ":)");
}

static clslice_status call_torch_index(const void *spec, const rp_target *t,
                                       clslice_error *err)
{
    const any_spec *s = spec;
    return RP_CALL_FORM(t, torch_index, err, s->shape, s->rank, s->expr);
}

typedef struct front_case {
    const char *name;
    void (*gen)(tu_rng *rng, any_spec *s);
    front_call call;
    bool has_shape;
} front_case;

/* The randplan fronts cover tf (int32, int64), openvino, mxnet, onnx and
 * expr; the rest are generated here. */
static const front_case fronts[] = {
    {"tf/openvino/mxnet/onnx/expr", gen_rp, call_rp, true},
    {"mxnet_slice_axis", gen_slice_axis, call_slice_axis, true},
    {"mxnet_slice_like", gen_slice_like, call_slice_like, true},
    {"tflite", gen_tflite, call_tflite, true},
    {"tf_slice", gen_tf_slice, call_tf_slice, true},
    {"xla_slice", gen_xla_slice, call_xla_slice, true},
    {"dynamic_slice", gen_window, call_dynamic_slice, true},
    {"dynamic_update_slice", gen_window, call_dynamic_update, false},
    {"openvino_slice", gen_openvino_slice, call_openvino_slice, true},
    {"torch_narrow", gen_narrow, call_narrow, true},
    {"torch_index", gen_torch_index, call_torch_index, true},
};

static void test_forms_agree(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(0x5107A6E5ULL);
    tu_rng rng = {seed};
    long per_front = tu_scaled(2000);
    for (size_t f = 0; f < sizeof fronts / sizeof *fronts; f++) {
        form_stats stats = {0};
        long runs = f == 0 ? per_front * 6 : per_front;
        for (long i = 0; i < runs; i++) {
            any_spec s;
            memset(&s, 0, sizeof s);
            uint64_t case_seed = tu_next(&rng);
            tu_rng case_rng = {case_seed};
            fronts[f].gen(&case_rng, &s);
            char desc[128];
            snprintf(desc, sizeof desc, "%s, case seed 0x%016" PRIx64,
                     fronts[f].name, case_seed);
            check_forms(fronts[f].call, &s, fronts[f].has_shape, desc, seed,
                        &stats);
        }
        /* Both outcomes must be common, or the comparison proves little. */
        TU_EXPECT(stats.valid * 10 > stats.cases, fronts[f].name, seed);
        TU_EXPECT(stats.valid * 10 < stats.cases * 9, fronts[f].name, seed);
    }
}

/* ---- the contract of each form ----------------------------------------- */

/* The zero counts above mean something only if the counter sees the
 * library's allocations: the heap form makes one. */
static void test_counter_sees_heap_plans(void **state)
{
    (void)state;
    if (!TU_COUNTS_ALLOCATIONS)
        skip();
    int64_t shape[4] = {1, 64, 56, 56};
    clslice_plan *plan = NULL;
    long before = tu_allocations();
    assert_int_equal(clslice_plan_expr(shape, 4, "[:, 16:48]", &plan, NULL),
                     CLSLICE_OK);
    assert_int_equal(tu_allocations() - before, 1);
    clslice_plan_release(&plan);
}

static void test_stored_plan_gathers(void **state)
{
    (void)state;
    int64_t shape[3] = {4, 5, 6}, starts[2] = {-1, 1}, ends[2] = {0, 6},
            axes[2] = {0, 2}, steps[2] = {-2, 2};
    clslice_plan_storage storage;
    const clslice_plan *stored = NULL;
    clslice_plan *heap = NULL;
    assert_int_equal(clslice_plan_init_onnx(&storage, shape, 3, starts, 2,
                                            ends, 2, axes, 2, steps, 2,
                                            &stored, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_plan_onnx(shape, 3, starts, 2, ends, 2, axes, 2,
                                       steps, 2, &heap, NULL),
                     CLSLICE_OK);
    float in[120], want[120], got[120];
    for (int i = 0; i < 120; i++)
        in[i] = (float)i;
    memset(want, 0, sizeof want);
    memset(got, 0xFF, sizeof got);
    assert_int_equal(clslice_host_gather(heap, 4, in, sizeof in, want,
                                         sizeof want, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_host_gather(stored, 4, in, sizeof in, got,
                                         sizeof got, NULL),
                     CLSLICE_OK);
    int64_t n = clslice_plan_output_elements(stored);
    assert_int_equal(n, 2 * 5 * 3);
    assert_memory_equal(got, want, (size_t)n * sizeof *got);

    /* Releasing a stored plan frees nothing (ASan would catch a free of
     * this local) and only clears the pointer. */
    clslice_plan *alias = (clslice_plan *)stored;
    clslice_plan_release(&alias);
    assert_null(alias);
    assert_int_equal(clslice_plan_output_elements(stored), n);
    clslice_plan_release(&heap);
}

static void test_form_arguments(void **state)
{
    (void)state;
    int64_t shape[2] = {4, 5}, out[CLSLICE_MAX_RANK];
    clslice_plan_storage storage;
    const clslice_plan *stored = (const clslice_plan *)&storage;
    clslice_error err;
    assert_int_equal(clslice_plan_init_expr(NULL, shape, 2, "[1:]", &stored,
                                            &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "storage is NULL", NULL);
    assert_null(stored);
    assert_int_equal(clslice_plan_init_expr(&storage, shape, 2, "[1:]", NULL,
                                            &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "plan (output) is NULL",
                    NULL);
    assert_int_equal(clslice_plan_expr(shape, 2, "[1:]", NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "plan (output) is NULL",
                    NULL);
    assert_int_equal(clslice_shape_expr(shape, 2, "[1:]", NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "out_shape is NULL", NULL);
    /* out_rank may be NULL. */
    assert_int_equal(clslice_shape_expr(shape, 2, "[None, 1:, 3]", out, NULL,
                                        &err),
                     CLSLICE_OK);
    assert_int_equal(out[0], 1);
    assert_int_equal(out[1], 3);
}

/* Split plans in storage against clslice_plan_split, for every style. */
static void test_split_in_storage(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(0x5B117ULL);
    tu_rng rng = {seed};
    long cases = tu_scaled(3000), valid = 0;
    for (long c = 0; c < cases; c++) {
        int64_t shape[3] = {tu_range(&rng, -1, 9), tu_range(&rng, 0, 3),
                            tu_range(&rng, 0, 3)};
        int64_t list[4];
        size_t list_len = (size_t)tu_range(&rng, 0, 4);
        for (size_t i = 0; i < list_len; i++)
            list[i] = tu_range(&rng, -2, 6);
        clslice_split_spec spec = {
            .style = (clslice_split_style)tu_range(&rng, 0, 8),
            .axis = tu_range(&rng, -1, 0), .number = tu_range(&rng, -1, 5),
            .list = tu_range(&rng, 0, 1) ? list : NULL, .list_len = list_len};
        char desc[96];
        snprintf(desc, sizeof desc, "case %ld, style %d", c, (int)spec.style);
        clslice_plan *heap[16] = {0};
        clslice_plan_storage storage[16];
        const clslice_plan *stored[16];
        size_t n_heap = 0, n_stored = 0;
        clslice_error e_heap, e_stored;
        for (int i = 0; i < 16; i++)
            stored[i] = (const clslice_plan *)&storage[i];
        clslice_status s_heap = clslice_plan_split(shape, 3, &spec, heap, 16,
                                                   &n_heap, &e_heap);
        long before = tu_allocations();
        clslice_status s_stored = clslice_plan_init_split(
            storage, shape, 3, &spec, stored, 16, &n_stored, &e_stored);
        TU_EXPECT(tu_allocations() == before, desc, seed);
        TU_EXPECT(s_heap == s_stored, desc, seed);
        TU_EXPECT(strcmp(e_heap.message, e_stored.message) == 0, desc, seed);
        if (s_heap != CLSLICE_OK)
            continue;
        valid++;
        TU_EXPECT(n_heap == n_stored, desc, seed);
        for (size_t i = 0; i < n_heap; i++) {
            plan_facts a, b;
            facts_of(heap[i], &a);
            facts_of(stored[i], &b);
            TU_EXPECT(stored[i] == (const clslice_plan *)&storage[i], desc,
                      seed);
            TU_EXPECT(memcmp(&a, &b, sizeof a) == 0, desc, seed);
            clslice_plan_release(&heap[i]);
        }
    }

    TU_EXPECT(valid * 8 > cases, "valid splits", seed);
}

static void test_split_storage_arguments(void **state)
{
    (void)state;
    int64_t shape[1] = {6};
    clslice_split_spec spec = {.style = CLSLICE_SPLIT_NUMPY, .number = 3};
    clslice_plan_storage storage[3];
    const clslice_plan *plans[3] = {0};
    size_t count = 0;
    clslice_error err;
    /* The count query needs no storage. */
    assert_int_equal(clslice_plan_init_split(NULL, shape, 1, &spec, NULL, 0,
                                             &count, &err),
                     CLSLICE_OK);
    assert_int_equal(count, 3);
    assert_int_equal(clslice_plan_init_split(NULL, shape, 1, &spec, plans, 3,
                                             &count, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "storage is NULL", NULL);
    assert_int_equal(clslice_plan_init_split(storage, shape, 1, &spec, plans,
                                             2, &count, &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "capacity 2", "3 pieces",
                    NULL);
    assert_null(plans[0]);
    assert_int_equal(clslice_plan_init_split(storage, shape, 1, &spec, plans,
                                             3, &count, &err),
                     CLSLICE_OK);
    for (int i = 0; i < 3; i++) {
        int64_t start = -1, count_i = -1;
        assert_int_equal(clslice_plan_dim(plans[i], 0, &start, NULL,
                                          &count_i, NULL),
                         CLSLICE_OK);
        assert_int_equal(start, 2 * i);
        assert_int_equal(count_i, 2);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forms_agree),
        cmocka_unit_test(test_counter_sees_heap_plans),
        cmocka_unit_test(test_stored_plan_gathers),
        cmocka_unit_test(test_form_arguments),
        cmocka_unit_test(test_split_in_storage),
        cmocka_unit_test(test_split_storage_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
