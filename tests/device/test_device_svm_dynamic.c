/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * SVM sides of the dynamic calls: the source, the destination, the
 * record and the spec's value vectors of clslice_cl_tf_dynamic,
 * _openvino_dynamic, _onnx_dynamic and _xla_dynamic, in coarse- and
 * fine-grained SVM.  Each random case (randplan.h through dynspec.h,
 * gathers and scatters, now and then a value the host refuses) runs
 * twice from the same bytes: once with every side in a buffer, once with
 * each side either in a buffer or in one SVM allocation, stated as the
 * side's own bytes or as the whole allocation with the side's place in
 * its offset (so stated allocations meet and share a wrapper); each
 * value vector is stated on its own.  Every byte of the four regions
 * must then be the same in both runs, and an accepted gather's output
 * the host executor's.  Then the checks, each named before anything is
 * enqueued with the allocation and a buffer left untouched; and on a
 * device without SVM, the refusal.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#define CL_TARGET_OPENCL_VERSION 200
#include "svmfix.h"

#include <stdlib.h>
#include <string.h>

#include "dynspec.h"
#include "testutil.h"

enum {
    CASES = 24, /* per grain */
    MAX_ELEMS = 256,
    TENSOR = MAX_ELEMS * 8 + 64, /* the input, after a source offset */
    INFO = (CLSLICE_DYNAMIC_INFO_BYTES + 127) / 128 * 128,
    VALUES = 4 * (CLSLICE_MAX_SLOTS * 8 + 32), /* ds_upload's most, more
                                                * than TENSOR */
    SIDES = 4 /* src, dst, info, values: each a region */
};

static const size_t REGION_BYTES[SIDES] = {TENSOR, TENSOR, INFO, VALUES};

static uint64_t g_seed;
static char g_ctx[4200];

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

typedef tu_svm_fixture fixture;

/* ---- the two worlds ------------------------------------------------------ */

/* The regions of the buffer run, and of the run under test: region i
 * there is in the SVM allocation at place[i] when svm[i], else in a
 * buffer of its own. */
typedef struct worlds {
    fixture *f;
    bool fine;
    cl_mem ref[SIDES], own[SIDES];
    unsigned char *pool; /* the SVM allocation */
    size_t place[SIDES], pool_bytes;
    bool svm[SIDES];
    unsigned char *image[SIDES]; /* the regions' bytes before the runs */
} worlds;

static void pool_begin(const worlds *w, cl_map_flags flags)
{
    tu_svm_host_begin(&w->f->dev, w->fine, w->pool, w->pool_bytes, flags);
}

static void pool_end(const worlds *w)
{
    tu_svm_host_end(&w->f->dev, w->fine, w->pool);
}

static void worlds_open(worlds *w, fixture *f, bool fine)
{
    *w = (worlds){.f = f, .fine = fine};
    for (int i = 0; i < SIDES; i++) {
        w->place[i] = w->pool_bytes;
        w->pool_bytes += REGION_BYTES[i];
        w->ref[i] = tu_cl_buffer(&f->dev.cl, REGION_BYTES[i]);
        w->own[i] = tu_cl_buffer(&f->dev.cl, REGION_BYTES[i]);
        w->image[i] = malloc(REGION_BYTES[i]);
        assert_non_null(w->image[i]);
    }
    cl_svm_mem_flags flags = CL_MEM_READ_WRITE;
    if (fine)
        flags |= CL_MEM_SVM_FINE_GRAIN_BUFFER;
    w->pool = clSVMAlloc(f->dev.cl.context, flags, w->pool_bytes, 0);
    assert_non_null(w->pool);
}

static void worlds_close(worlds *w)
{
    for (int i = 0; i < SIDES; i++) {
        clReleaseMemObject(w->ref[i]);
        clReleaseMemObject(w->own[i]);
        free(w->image[i]);
    }
    clSVMFree(w->f->dev.cl.context, w->pool);
}

/* The regions filled with random bytes, the value vectors uploaded into
 * the reference's values region (ds_upload: `where`), and the same
 * bytes written where the run under test keeps each region. */
static void worlds_fill(worlds *w, tu_rng *rng, const ds_values *d,
                        clslice_device_values where[4])
{
    cl_command_queue q = w->f->dev.queue;
    for (int i = 0; i < SIDES; i++) {
        for (size_t k = 0; k < REGION_BYTES[i]; k++)
            w->image[i][k] = (unsigned char)tu_next(rng);
        TU_CL_CHECK(clEnqueueWriteBuffer(q, w->ref[i], CL_TRUE, 0,
                                         REGION_BYTES[i], w->image[i], 0,
                                         NULL, NULL));
    }
    ds_upload(q, w->ref[3], 0, d, where);
    tu_cl_read(q, w->ref[3], VALUES, w->image[3]);
    pool_begin(w, CL_MAP_WRITE);
    for (int i = 0; i < SIDES; i++)
        memcpy(w->pool + w->place[i], w->image[i], REGION_BYTES[i]);
    pool_end(w);
    for (int i = 0; i < SIDES; i++)
        TU_CL_CHECK(clEnqueueWriteBuffer(q, w->own[i], CL_TRUE, 0,
                                         REGION_BYTES[i], w->image[i], 0,
                                         NULL, NULL));
}

/* Every region of the run under test equals the reference's. */
static void worlds_compare(const worlds *w)
{
    static const char *const names[SIDES] = {"src", "dst", "info",
                                             "values"};
    unsigned char *want = malloc(2 * VALUES), *got = want + VALUES;
    assert_non_null(want);
    for (int i = 0; i < SIDES; i++) {
        tu_cl_read(w->f->dev.queue, w->ref[i], REGION_BYTES[i], want);
        if (w->svm[i]) {
            pool_begin(w, CL_MAP_READ);
            memcpy(got, w->pool + w->place[i], REGION_BYTES[i]);
            pool_end(w);
        } else {
            tu_cl_read(w->f->dev.queue, w->own[i], REGION_BYTES[i], got);
        }
        for (size_t k = 0; k < REGION_BYTES[i]; k++)
            if (got[k] != want[k]) {
                print_error("%s (%s), byte %zu: 0x%02x, the buffer run's "
                            "0x%02x\n", names[i],
                            w->svm[i] ? "SVM" : "buffer", k, got[k],
                            want[k]);
                EXPECT(got[k] == want[k]);
            }
    }
    free(want);
}

/* ---- stating the sides --------------------------------------------------- */

/* Bytes `at` .. `at + bytes` of the allocation as a side states them:
 * its own bytes (offset `offset` from them), or the whole allocation. */
static void state(tu_rng *rng, const worlds *w, size_t at, size_t bytes,
                  size_t offset, clslice_cl_svm *svm, size_t *offset_out,
                  char *ctx, size_t ctx_size)
{
    bool whole = tu_chance(rng, 50);
    *svm = whole ? (clslice_cl_svm){w->pool, w->pool_bytes}
                 : (clslice_cl_svm){w->pool + at, bytes};
    *offset_out = whole ? at + offset : offset;
    rp_append(ctx, ctx_size, whole ? " whole" : " own");
}

/* The run under test's descriptor and value vectors: each region in a
 * buffer or in the allocation, each SVM side stated its own way. */
static void place_sides(tu_rng *rng, worlds *w, const rp_case *c,
                        const ds_values *d, clslice_cl_dynamic_desc *desc,
                        clslice_device_values where[4])
{
    rp_append(g_ctx, sizeof g_ctx, "; sides:");
    cl_mem *buffers[3] = {&desc->src.buffer, &desc->dst.buffer, &desc->info};
    size_t *offsets[3] = {&desc->src.offset, &desc->dst.offset,
                          &desc->info_offset};
    clslice_cl_svm *svms[3] = {&desc->src_svm, &desc->dst_svm,
                               &desc->info_svm};
    for (int i = 0; i < SIDES; i++) {
        w->svm[i] = tu_chance(rng, 60);
        rp_append(g_ctx, sizeof g_ctx, " %s", w->svm[i] ? "svm" : "buffer");
        if (i < 3 && !w->svm[i] && *buffers[i])
            *buffers[i] = w->own[i];
        if (i < 3 && w->svm[i] && *buffers[i]) {
            *buffers[i] = NULL;
            state(rng, w, w->place[i], REGION_BYTES[i], *offsets[i],
                  svms[i], offsets[i], g_ctx, sizeof g_ctx);
        }
    }
    /* values_svm follows the spec struct's order: ONNX declares axes
     * before steps, where ds_values keeps steps third */
    static const int onnx[4] = {0, 1, 3, 2}, others[4] = {0, 1, 2, 3};
    const int *order = c->front == RP_ONNX ? onnx : others;
    for (int k = 0; k < 4; k++) {
        clslice_device_values *v = &where[order[k]];
        if (!v->buffer)
            continue;
        if (!w->svm[3]) {
            v->buffer = w->own[3];
            continue;
        }
        /* a vector's own bytes: its entries (16 when it has none) */
        size_t bytes = v->len * (d->i32 ? 4 : 8);
        bytes = bytes ? bytes : 16;
        v->buffer = NULL;
        state(rng, w, w->place[3] + v->offset, bytes, 0,
              &desc->values_svm[k], &v->offset, g_ctx, sizeof g_ctx);
    }
}

/* ---- random cases -------------------------------------------------------- */

static void random_case(tu_rng *rng, rp_case *c)
{
    do
        rp_random_case(rng, (int)tu_range(rng, 0, 4), MAX_ELEMS, c);
    while (!ds_front_ok(c->front));
    if (c->nslots > 0 && tu_chance(rng, 12)) {
        rp_slot *s = &c->slots[tu_range(rng, 0, c->nslots - 1)];
        if (s->kind == RP_RANGE)
            s->has_s = true, s->s = 0; /* refused for its value */
    }
}

/* The descriptor of a gather or scatter of `c` over the reference's
 * regions (elem bytes an element; a scatter's value has the host
 * slice's shape, or is a broadcast scalar where the host refuses). */
static clslice_cl_dynamic_desc describe(const worlds *w, const rp_case *c,
                                        const clslice_plan *plan,
                                        bool scatter, size_t elem,
                                        int64_t *vshape)
{
    clslice_cl_dynamic_desc desc = CLSLICE_CL_DYNAMIC_DESC_INIT;
    desc.kind = scatter ? CLSLICE_DYNAMIC_SCATTER : CLSLICE_DYNAMIC_GATHER;
    desc.elem_size = elem;
    desc.info = w->ref[2];
    desc.info_offset = 8 * (size_t)(c->rank % 3);
    desc.src.buffer = w->ref[0];
    desc.src.offset = elem * (size_t)(c->nslots % 2);
    desc.dst.buffer = w->ref[1];
    if (scatter) {
        desc.value_rank = plan ? clslice_plan_output_rank(plan) : 0;
        if (plan)
            clslice_plan_output_shape(plan, vshape);
        desc.value_shape = vshape;
        desc.rule = plan ? CLSLICE_VALUE_EXACT : CLSLICE_VALUE_BROADCAST;
    }
    return desc;
}

static clslice_status run(const worlds *w, const rp_case *c,
                          const ds_values *d,
                          const clslice_device_values where[4],
                          const clslice_cl_dynamic_desc *desc,
                          clslice_error *err)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = w->f->dev.queue;
    clslice_status st = ds_enqueue(w->f->dev.runtime, &call, c, d, where,
                                   desc, err);
    TU_CL_CHECK(clFinish(w->f->dev.queue));
    return st;
}

/* An accepted gather's output is the host executor's. */
static void check_host(const worlds *w, const clslice_plan *plan,
                       size_t elem, const clslice_cl_dynamic_desc *desc)
{
    int64_t record[CLSLICE_DYNAMIC_INFO_WORDS];
    size_t out = (size_t)clslice_plan_output_elements(plan) * elem;
    size_t in = TENSOR - desc->src.offset;
    unsigned char *got = malloc(TENSOR), *want = malloc(out + 1);
    assert_non_null(got);
    assert_non_null(want);
    TU_CL_CHECK(clEnqueueReadBuffer(w->f->dev.queue, w->ref[2], CL_TRUE,
                                    desc->info_offset, sizeof record, record,
                                    0, NULL, NULL));
    EXPECT(record[CLSLICE_DYNAMIC_STATUS] == CLSLICE_OK);
    tu_cl_read(w->f->dev.queue, w->ref[1], TENSOR, got);
    clslice_error err;
    EXPECT(clslice_host_gather(plan, elem, w->image[0] + desc->src.offset,
                               in, want, out, &err) == CLSLICE_OK);
    EXPECT(memcmp(got, want, out) == 0);
    free(got);
    free(want);
}

static void case_once(worlds *w, tu_rng *rng, int k)
{
    static rp_case c;
    random_case(rng, &c);
    clslice_plan *plan = NULL;
    clslice_error host_err;
    clslice_status host = rp_build(&c, &plan, &host_err);
    static const size_t sizes[] = {1, 2, 4, 8};
    size_t elem = sizes[tu_range(rng, 0, 3)];
    bool scatter = tu_chance(rng, 40);
    snprintf(g_ctx, sizeof g_ctx, "%s SVM, case #%d, %s, elem %zu: %s",
             w->fine ? "fine" : "coarse", k, scatter ? "scatter" : "gather",
             elem, c.desc);
    ds_values d;
    clslice_device_values where[4];
    ds_values_of(&c, &d);
    worlds_fill(w, rng, &d, where);
    int64_t vshape[CLSLICE_MAX_RANK];
    clslice_cl_dynamic_desc desc =
        describe(w, &c, plan, scatter, elem, vshape);
    clslice_error ref_err, err;
    clslice_status ref = run(w, &c, &d, where, &desc, &ref_err);
    if (ref == CLSLICE_OK && host == CLSLICE_OK && !scatter)
        check_host(w, plan, elem, &desc);
    place_sides(rng, w, &c, &d, &desc, where);
    clslice_status st = run(w, &c, &d, where, &desc, &err);
    if (st != ref || (st != CLSLICE_OK &&
                      strcmp(err.message, ref_err.message) != 0))
        print_error("SVM run: %s\nbuffer run: %s\n",
                    st ? err.message : "ok", ref ? ref_err.message : "ok");
    EXPECT(st == ref);
    worlds_compare(w);
    clslice_plan_release(&plan);
}

static void random_cases(void **state, bool fine)
{
    fixture *f = *state;
    tu_svm_skip_without(f, fine);
    worlds w;
    worlds_open(&w, f, fine);
    tu_rng rng = {g_seed ^ (fine ? 0xD1F : 0xD1C)};
    for (int k = 0; k < tu_scaled(CASES); k++)
        case_once(&w, &rng, k);
    worlds_close(&w);
}

static void test_cases_coarse(void **state) { random_cases(state, false); }
static void test_cases_fine(void **state) { random_cases(state, true); }

/* ---- XLA ----------------------------------------------------------------- */

/* A gather of sizes[0] int32 of a tensor of shape[0] from the one start
 * index; the start's buffer or allocation, and the tensors', still to be
 * given. */
static void xla_window(const int64_t *shape, const int64_t *sizes,
                       clslice_xla_dynamic_spec *spec,
                       clslice_cl_dynamic_desc *desc)
{
    *spec = (clslice_xla_dynamic_spec){.index_type = CLSLICE_INT64,
                                       .start_indices = {NULL, 0, 1},
                                       .slice_sizes = sizes,
                                       .slice_sizes_len = 1};
    *desc = (clslice_cl_dynamic_desc)CLSLICE_CL_DYNAMIC_DESC_INIT;
    desc->shape = shape;
    desc->rank = 1;
    desc->kind = CLSLICE_DYNAMIC_GATHER;
    desc->elem_size = 4;
}

/* dynamic_slice and dynamic_update_slice of a window of 4 in 16 int32,
 * everything in one allocation: the start read there, clamped to 12. */
static void test_xla(void **state)
{
    fixture *f = *state;
    tu_svm_skip_without(f, false);
    enum { START = 0, INFO_AT = 64, X = 1152, OUT = 1216, VALUE = 1280 };
    unsigned char *p = clSVMAlloc(f->dev.cl.context, CL_MEM_READ_WRITE,
                                  1536, 0);
    assert_non_null(p);
    const int64_t shape[] = {16}, sizes[] = {4};
    clslice_xla_dynamic_spec spec;
    clslice_cl_dynamic_desc desc;
    xla_window(shape, sizes, &spec, &desc);
    desc.info_svm = (clslice_cl_svm){p + INFO_AT, CLSLICE_DYNAMIC_INFO_BYTES};
    desc.values_svm[0] = (clslice_cl_svm){p + START, 8};
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    const int64_t starts[] = {5, 14}, first[] = {5, 12};
    for (int k = 0; k < 2; k++) {
        TU_CL_CHECK(clEnqueueSVMMap(f->dev.queue, CL_TRUE, CL_MAP_WRITE, p,
                                    1536, 0, NULL, NULL));
        memcpy(p + START, &starts[k], 8);
        int32_t *x = (int32_t *)(p + X), *value = (int32_t *)(p + VALUE);
        for (int i = 0; i < 16; i++)
            x[i] = 100 + i;
        for (int i = 0; i < 4; i++)
            value[i] = -1 - i;
        TU_CL_CHECK(clEnqueueSVMUnmap(f->dev.queue, p, 0, NULL, NULL));
        /* x[start:start + 4] into OUT, then the value into x there */
        desc.kind = CLSLICE_DYNAMIC_GATHER;
        desc.src_svm = (clslice_cl_svm){p + X, 64};
        desc.dst_svm = (clslice_cl_svm){p + OUT, 16};
        clslice_error err;
        if (clslice_cl_xla_dynamic(f->dev.runtime, &call, &desc, &spec,
                                   &err) != CLSLICE_OK)
            fail_msg("dynamic_slice: %s", err.message);
        desc.kind = CLSLICE_DYNAMIC_SCATTER;
        desc.src_svm = (clslice_cl_svm){p + VALUE, 16};
        desc.dst_svm = (clslice_cl_svm){p + X, 64};
        desc.value_shape = sizes;
        desc.value_rank = 1;
        if (clslice_cl_xla_dynamic(f->dev.runtime, &call, &desc, &spec,
                                   &err) != CLSLICE_OK)
            fail_msg("dynamic_update_slice: %s", err.message);
        desc.value_shape = NULL;
        desc.value_rank = 0;
        TU_CL_CHECK(clFinish(f->dev.queue));
        TU_CL_CHECK(clEnqueueSVMMap(f->dev.queue, CL_TRUE, CL_MAP_READ, p,
                                    1536, 0, NULL, NULL));
        const int32_t *out = (const int32_t *)(p + OUT);
        for (int i = 0; i < 4; i++)
            assert_int_equal(out[i], 100 + first[k] + i);
        for (int i = 0; i < 16; i++) {
            bool in = i >= first[k] && i < first[k] + 4;
            assert_int_equal(x[i], in ? -1 - (i - first[k]) : 100 + i);
        }
        TU_CL_CHECK(clEnqueueSVMUnmap(f->dev.queue, p, 0, NULL, NULL));
    }
    TU_CL_CHECK(clFinish(f->dev.queue));
    clSVMFree(f->dev.cl.context, p);
}

/* ---- checks -------------------------------------------------------------- */

/* x[1:, ::2] of a 4 x 6 int32 tensor, every side in one coarse
 * allocation: begin, end, strides (int64, two each) at 0, 16, 32, the
 * record at 64, the input at 1152 and the output bound at 1280. */
enum { CK_INFO = 64, CK_SRC = 1152, CK_DST = 1280, CK_BYTES = 1536 };

typedef struct checks {
    fixture *f;
    unsigned char *p;
    cl_mem buffer;
    clslice_tf_dynamic_spec spec;
    clslice_cl_dynamic_desc desc;
    char last[sizeof ((clslice_error *)0)->message]; /* the last refusal */
} checks;

static const int64_t CK_SHAPE[] = {4, 6};

static void checks_reset(checks *k)
{
    k->spec = (clslice_tf_dynamic_spec){.index_type = CLSLICE_INT64,
                                        .begin = {NULL, 0, 2},
                                        .end = {NULL, 0, 2},
                                        .strides = {NULL, 0, 2}};
    k->desc = (clslice_cl_dynamic_desc)CLSLICE_CL_DYNAMIC_DESC_INIT;
    k->desc.shape = CK_SHAPE;
    k->desc.rank = 2;
    k->desc.kind = CLSLICE_DYNAMIC_GATHER;
    k->desc.elem_size = 4;
    k->desc.info_svm =
        (clslice_cl_svm){k->p + CK_INFO, CLSLICE_DYNAMIC_INFO_BYTES};
    k->desc.src_svm = (clslice_cl_svm){k->p + CK_SRC, 96};
    k->desc.dst_svm = (clslice_cl_svm){k->p + CK_DST, 96};
    for (int i = 0; i < 3; i++)
        k->desc.values_svm[i] = (clslice_cl_svm){k->p + 16 * i, 16};
}

static clslice_status checks_call(checks *k, clslice_runtime *rt,
                                  clslice_error *err)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = k->f->dev.queue;
    return clslice_cl_tf_dynamic(rt, &call, &k->desc, &k->spec, err);
}

/* The call refused with `status` and `words`, the allocation and the
 * buffer untouched. */
static void expect_refused(checks *k, clslice_status status,
                           const char *words)
{
    cl_command_queue q = k->f->dev.queue;
    TU_CL_CHECK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_WRITE, k->p, CK_BYTES, 0,
                                NULL, NULL));
    memset(k->p, 0xAB, CK_BYTES);
    TU_CL_CHECK(clEnqueueSVMUnmap(q, k->p, 0, NULL, NULL));
    tu_cl_fill(q, k->buffer, 0xAB, CK_BYTES);
    clslice_error err;
    assert_int_equal(checks_call(k, k->f->dev.runtime, &err), status);
    tu_assert_error(&err, status, words, NULL);
    memcpy(k->last, err.message, sizeof k->last);
    TU_CL_CHECK(clFinish(q));
    TU_CL_CHECK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, k->p, CK_BYTES, 0,
                                NULL, NULL));
    for (size_t i = 0; i < CK_BYTES; i++)
        assert_int_equal(k->p[i], 0xAB);
    TU_CL_CHECK(clEnqueueSVMUnmap(q, k->p, 0, NULL, NULL));
    tu_cl_assert_filled(q, k->buffer, CK_BYTES, 0xAB);
    checks_reset(k);
}

/* The set-up runs and gives x[1:, ::2]. */
static void checks_run(checks *k)
{
    cl_command_queue q = k->f->dev.queue;
    TU_CL_CHECK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_WRITE, k->p, CK_BYTES, 0,
                                NULL, NULL));
    const int64_t values[] = {1, 0, 4, 6, 1, 2};
    memcpy(k->p, values, sizeof values);
    int32_t *x = (int32_t *)(k->p + CK_SRC);
    for (int i = 0; i < 24; i++)
        x[i] = i;
    TU_CL_CHECK(clEnqueueSVMUnmap(q, k->p, 0, NULL, NULL));
    clslice_error err;
    if (checks_call(k, k->f->dev.runtime, &err) != CLSLICE_OK)
        fail_msg("the set-up: %s", err.message);
    TU_CL_CHECK(clFinish(q));
    TU_CL_CHECK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, k->p, CK_BYTES, 0,
                                NULL, NULL));
    const int32_t *out = (const int32_t *)(k->p + CK_DST);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            assert_int_equal(out[3 * r + c], 6 * (r + 1) + 2 * c);
    TU_CL_CHECK(clEnqueueSVMUnmap(q, k->p, 0, NULL, NULL));
    TU_CL_CHECK(clFinish(q));
}

static void test_checks(void **state)
{
    fixture *f = *state;
    tu_svm_skip_without(f, false);
    checks k = {.f = f};
    k.p = clSVMAlloc(f->dev.cl.context, CL_MEM_READ_WRITE, CK_BYTES, 0);
    assert_non_null(k.p);
    k.buffer = tu_cl_buffer(&f->dev.cl, CK_BYTES);
    checks_reset(&k);
    checks_run(&k);

    k.desc.info = k.buffer;
    expect_refused(&k, CLSLICE_ERROR_ARGUMENT,
                   "info and info_svm.pointer are both set");
    k.spec.begin.buffer = k.buffer;
    expect_refused(&k, CLSLICE_ERROR_ARGUMENT,
                   "begin and values_svm[0].pointer are both set");
    k.desc.src.buffer = k.buffer;
    expect_refused(&k, CLSLICE_ERROR_ARGUMENT,
                   "src.buffer and src_svm.pointer are both set");
    k.desc.values_svm[1].bytes = 0;
    expect_refused(&k, CLSLICE_ERROR_ARGUMENT, "values_svm[1].bytes is 0");
    k.desc.dst_svm.pointer = NULL;
    expect_refused(&k, CLSLICE_ERROR_ARGUMENT,
                   "dst_svm.bytes = 96 but dst_svm.pointer is NULL");
    k.desc.values_svm[3] = (clslice_cl_svm){k.p, 16};
    expect_refused(&k, CLSLICE_ERROR_ARGUMENT,
                   "values_svm[3] is set, but the tf.strided_slice spec "
                   "has 3 value vectors");
    /* too small, each side named with its allocation's size */
    k.desc.values_svm[2].bytes = 15;
    expect_refused(&k, CLSLICE_ERROR_BUFFER,
                   "[strides is values_svm[2]: 15 bytes]");
    /* the message's prose ("past the end of begin") names no other
     * vector */
    k.spec.begin.offset = 32;
    expect_refused(&k, CLSLICE_ERROR_BUFFER,
                   "begin_offset = 32 lies past the end of begin (16 bytes) "
                   "[begin is values_svm[0]: 16 bytes]");
    assert_null(strstr(k.last, "[end"));
    k.desc.info_svm.bytes = CLSLICE_DYNAMIC_INFO_BYTES - 8;
    expect_refused(&k, CLSLICE_ERROR_BUFFER, "[info is info_svm: 1064 bytes]");
    k.desc.src_svm.bytes = 92;
    expect_refused(&k, CLSLICE_ERROR_BUFFER,
                   "[src.buffer is src_svm: 92 bytes]");
    k.desc.dst_svm.bytes = 92;
    expect_refused(&k, CLSLICE_ERROR_BUFFER,
                   "[dst.buffer is dst_svm: 92 bytes]");
    /* offsets that overflow once moved into a shared wrapper, sizes
     * past the address space */
    k.desc.values_svm[0] = (clslice_cl_svm){k.p + 8, 16};
    k.desc.values_svm[1] = (clslice_cl_svm){k.p, 32};
    k.spec.begin.offset = SIZE_MAX - 7;
    expect_refused(&k, CLSLICE_ERROR_BUFFER,
                   "begin_offset = 18446744073709551608 overflows");
    k.desc.values_svm[0].bytes = SIZE_MAX;
    expect_refused(&k, CLSLICE_ERROR_BUFFER,
                   "values_svm[0].bytes = 18446744073709551615 runs past");
    /* the record stated over the end and strides vectors: one wrapper,
     * and the overlap check of one buffer */
    k.desc.info_svm.pointer = k.p + 16;
    expect_refused(&k, CLSLICE_ERROR_ARGUMENT, "overlap");
    /* the XLA spec has one vector */
    clslice_xla_dynamic_spec xla = {.index_type = CLSLICE_INT64,
                                    .start_indices = {NULL, 0, 2},
                                    .slice_sizes = CK_SHAPE,
                                    .slice_sizes_len = 2};
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_error err;
    assert_int_equal(clslice_cl_xla_dynamic(f->dev.runtime, &call, &k.desc,
                                            &xla, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "values_svm[1] is set, but the XLA spec has 1 value "
                    "vector ",
                    NULL);
    /* no runtime: named by the call's own check, nothing wrapped */
    assert_int_equal(checks_call(&k, NULL, &err), CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "runtime", NULL);

    clReleaseMemObject(k.buffer);
    clSVMFree(f->dev.cl.context, k.p);
}

/* A device without SVM: an SVM record is refused, named, before anything
 * is enqueued; the pointer is never touched. */
static void test_device_without_svm(void **state)
{
    fixture *f = *state;
    tu_svm_skip_with(f);
    const int64_t shape[] = {4}, sizes[] = {2};
    int64_t record[CLSLICE_DYNAMIC_INFO_WORDS];
    cl_mem buffer = tu_cl_buffer(&f->dev.cl, 64);
    clslice_xla_dynamic_spec spec;
    clslice_cl_dynamic_desc desc;
    xla_window(shape, sizes, &spec, &desc);
    spec.start_indices.buffer = buffer;
    desc.info_svm = (clslice_cl_svm){record, sizeof record};
    desc.src.buffer = buffer;
    desc.src.offset = 16;
    desc.dst.buffer = buffer;
    desc.dst.offset = 32;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_error err;
    assert_int_equal(clslice_cl_xla_dynamic(f->dev.runtime, &call, &desc,
                                            &spec, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "info_svm",
                    "no shared virtual memory", NULL);
    clReleaseMemObject(buffer);
}

int main(void)
{
    g_seed = tu_seed(0xD5F3A2C1ull);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases_coarse),
        cmocka_unit_test(test_cases_fine),
        cmocka_unit_test(test_xla),
        cmocka_unit_test(test_checks),
        cmocka_unit_test(test_device_without_svm),
    };
    return cmocka_run_group_tests(tests, tu_svm_setup, tu_svm_teardown);
}
