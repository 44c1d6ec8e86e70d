/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The device normaliser against the host front-ends, spec by spec.
 *
 * For each front-end (TensorFlow, OpenVINO, ONNX with and without axes;
 * int32 and int64 values, mixed in every batch) a million seeded random
 * specs are resolved twice: on the host by the public front-end with the
 * values known (cs_plan_*_fault, which also returns the fault of a
 * value-dependent error), and on the device by cl/normalise.cl from a
 * descriptor made by cs_dyn_describe, many specs per launch.  The device
 * record must equal cs_record_from_plan / cs_record_from_error of the
 * host's result word for word, errors included; a spec the host rejects
 * statically must be rejected by cs_dyn_describe with the same status.
 *
 * Values are biased towards the rules' edges: steps 0, +-1, INT64_MIN/
 * MAX, shrink indices just in and out of range, begin/end around -n-1 ..
 * n+1 and near the int32 and int64 limits, axes out of range and
 * repeated.  Every error kind of each front-end must occur (a coverage
 * check), so a generator that stopped reaching one fails too.
 *
 * CLSLICE_TEST_SEED replays a run; CLSLICE_TEST_SCALE divides the count
 * (the Oclgrind run uses it).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/dynamic/dyn_record.h"
#include "core/fronts/fronts.h"
#include "core/layout/scatter.h"
#include "opencl/testing/testing.h"
#include "devutil.h"
#include "testutil.h"

enum {
    SPECS = 1000000,  /* per front-end */
    BATCH = 16384,    /* specs per launch */
    MAX_LEN = 10,     /* entries per value vector */
    ARENA = BATCH * 4 * MAX_LEN * 8,
    WORDS = CLSLICE_DYNAMIC_INFO_WORDS
};

/* the single-spec calls: sentinel byte, record offset, info bytes */
enum { SENTINEL = 0x5A, INFO_AT = 3 * 8, INFO_SPACE = 2048 };

typedef enum front_kind { F_TF, F_OPENVINO, F_ONNX, F_KINDS } front_kind;
static const char *const front_names[F_KINDS] = {"tf", "openvino", "onnx"};

/* One random spec: the shape, the values as int64 (within int32 when the
 * type is), and what the front-ends need beside them. */
typedef struct dcase {
    long index; /* in its front-end's sequence */
    front_kind front;
    int rank;
    int64_t shape[8];
    clslice_index_type type;
    size_t len;           /* begin/end/strides (ONNX: starts/ends) */
    bool has_step, has_axes;
    int64_t begin[MAX_LEN], end[MAX_LEN], step[MAX_LEN], axes[MAX_LEN];
    int32_t tf_masks[5];  /* begin, end, ellipsis, new_axis, shrink */
    int value_rank;       /* a scatter's value tensor; -1: a gather */
    int64_t value_shape[CLSLICE_MAX_RANK + 2];
    clslice_value_rule rule;
    int64_t ov_mask[5][MAX_LEN + 2];
    size_t ov_len[5];
} dcase;

typedef struct fixture {
    tu_dev dev;
    bool have;
    uint64_t seed;
    cl_mem descs_buf, values_buf, info_buf;
    cs_norm_desc *descs;
    unsigned char *arena;
    int64_t *expect, *got;
    dcase *cases;
} fixture;

static fixture g;

/* ---- values biased to the edges ------------------------------------------ */

/* An index near the interesting points of a dim of size n. */
static int64_t bound_value(tu_rng *rng, int64_t n, clslice_index_type type)
{
    static const int64_t extremes[] = {INT64_MIN, INT64_MIN + 1, INT64_MAX,
                                       INT64_MAX - 1, INT32_MIN, INT32_MAX,
                                       (int64_t)INT32_MIN - 1,
                                       (int64_t)INT32_MAX + 1};
    int64_t x;
    switch (tu_range(rng, 0, 9)) {
    case 0:
        x = extremes[tu_range(rng, 0, 7)];
        break;
    case 1:
        x = (int64_t)tu_next(rng);
        break;
    case 2:
        x = -n + tu_range(rng, -2, 1);
        break;
    case 3:
        x = n + tu_range(rng, -1, 2);
        break;
    default:
        x = tu_range(rng, -n - 3, n + 3);
    }
    return tu_fit_index(x, type);
}

static int64_t step_value(tu_rng *rng, clslice_index_type type)
{
    static const int64_t odd[] = {0, INT64_MIN, INT64_MAX, INT64_MIN + 1,
                                  INT32_MIN, INT32_MAX, -1, 1};
    int64_t x;
    switch (tu_range(rng, 0, 9)) {
    case 0:
        x = odd[tu_range(rng, 0, 7)];
        break;
    case 1:
        x = 0;
        break;
    case 2:
        x = (int64_t)tu_next(rng);
        break;
    default:
        x = tu_range(rng, -4, 4);
        if (x == 0)
            x = 1;
    }
    return tu_fit_index(x, type);
}

static void random_shape(tu_rng *rng, dcase *c, int min_rank)
{
    c->rank = (int)tu_range(rng, min_rank, 6);
    for (int d = 0; d < c->rank; d++) {
        static const int64_t small[] = {0, 1, 1, 2, 3, 4, 5, 7, 10};
        c->shape[d] = small[tu_range(rng, 0, 8)];
    }
    /* Now and then one huge dim (the others then small), so that the
     * clamps and counts meet values near the int64 limits. */
    if (c->rank > 0 && tu_chance(rng, 5)) {
        static const int64_t big[] = {(int64_t)1 << 31, ((int64_t)1 << 32) + 1,
                                      (int64_t)1 << 40, INT64_MAX / 64};
        int at = (int)tu_range(rng, 0, c->rank - 1);
        c->shape[at] = big[tu_range(rng, 0, 3)];
        /* the input's element count must fit int64 (a static check) */
        int64_t total = 1;
        for (int d = 0; d < c->rank; d++)
            if (__builtin_mul_overflow(total, c->shape[d], &total)) {
                c->shape[at] /= 1024;
                total = 1;
                d = -1;
            }
    }
}

/* The size of the dim an entry probably lands on, for biasing. */
static int64_t size_hint(const dcase *c, size_t i)
{
    return c->rank ? c->shape[i % (size_t)c->rank] : 0;
}

static void random_values(tu_rng *rng, dcase *c)
{
    c->type = tu_chance(rng, 50) ? CLSLICE_INT32 : CLSLICE_INT64;
    for (size_t i = 0; i < c->len; i++) {
        int64_t n = size_hint(c, i);
        c->begin[i] = bound_value(rng, n, c->type);
        c->end[i] = bound_value(rng, n, c->type);
        c->step[i] = c->has_step ? step_value(rng, c->type) : 1;
    }
}

static int32_t sparse_bits(tu_rng *rng, size_t len, int percent)
{
    uint32_t bits = 0;
    for (size_t i = 0; i < len; i++)
        if (tu_chance(rng, percent))
            bits |= 1u << i;
    return (int32_t)bits;
}

static void random_tf(tu_rng *rng, dcase *c)
{
    random_shape(rng, c, 0);
    c->len = (size_t)tu_range(rng, 0, c->rank + 2);
    c->has_step = true;
    random_values(rng, c);
    c->tf_masks[0] = sparse_bits(rng, c->len, 25);
    c->tf_masks[1] = sparse_bits(rng, c->len, 25);
    /* at most one ellipsis bit, except now and then (a static error) */
    c->tf_masks[2] = c->len && tu_chance(rng, 25)
                         ? (int32_t)(1u << tu_range(rng, 0, (int64_t)c->len - 1))
                         : 0;
    if (tu_chance(rng, 2))
        c->tf_masks[2] |= sparse_bits(rng, c->len, 50);
    c->tf_masks[3] = sparse_bits(rng, c->len, 8);
    c->tf_masks[4] = sparse_bits(rng, c->len, 35);
}

static void random_openvino(tu_rng *rng, dcase *c)
{
    random_shape(rng, c, 0);
    c->len = (size_t)tu_range(rng, 0, c->rank + 2);
    c->has_step = tu_chance(rng, 80);
    random_values(rng, c);
    static const int percent[5] = {25, 25, 8, 35, 0};
    for (int m = 0; m < 5; m++) {
        c->ov_len[m] = (size_t)tu_range(rng, 0, (int64_t)c->len + 2);
        for (size_t i = 0; i < c->ov_len[m]; i++)
            c->ov_mask[m][i] = tu_chance(rng, percent[m]);
    }
    if (c->ov_len[4] && tu_chance(rng, 25))
        c->ov_mask[4][tu_range(rng, 0, (int64_t)c->ov_len[4] - 1)] = 1;
    if (tu_chance(rng, 1) && c->ov_len[0])
        c->ov_mask[0][0] = 2; /* a static error */
}

static void random_onnx(tu_rng *rng, dcase *c)
{
    random_shape(rng, c, tu_chance(rng, 2) ? 0 : 1);
    c->len = (size_t)tu_range(rng, 0, c->rank + 2);
    if (c->len > MAX_LEN)
        c->len = MAX_LEN;
    c->has_step = tu_chance(rng, 70);
    c->has_axes = tu_chance(rng, 60);
    random_values(rng, c);
    for (size_t i = 0; i < c->len; i++) {
        int64_t a = tu_chance(rng, 80) ? tu_range(rng, -c->rank, c->rank - 1)
                                    : tu_range(rng, -c->rank - 2, c->rank + 1);
        if (tu_chance(rng, 3))
            a = tu_chance(rng, 50) ? INT64_MIN : INT64_MAX;
        c->axes[i] = tu_fit_index(a, c->type);
    }
}

/* ---- the host's answer --------------------------------------------------- */

static void copy_typed(void *dst, const int64_t *src, size_t len,
                       clslice_index_type type)
{
    for (size_t i = 0; i < len; i++) {
        if (type == CLSLICE_INT32)
            ((int32_t *)dst)[i] = (int32_t)src[i];
        else
            ((int64_t *)dst)[i] = src[i];
    }
}

static clslice_status host_plan(const dcase *c, clslice_plan **plan,
                                clslice_error *err, cs_r_fault *fault)
{
    switch (c->front) {
    case F_TF: {
        int64_t b[MAX_LEN], e[MAX_LEN], s[MAX_LEN];
        copy_typed(b, c->begin, c->len, c->type);
        copy_typed(e, c->end, c->len, c->type);
        copy_typed(s, c->step, c->len, c->type);
        clslice_tf_spec spec = {c->type, b, c->len, e, c->len, s, c->len,
                                c->tf_masks[0], c->tf_masks[1],
                                c->tf_masks[2], c->tf_masks[3],
                                c->tf_masks[4]};
        return cs_plan_tf_fault(c->shape, c->rank, &spec, plan, err, fault);
    }
    case F_OPENVINO: {
        clslice_openvino_spec spec = {
            c->begin, c->len, c->end, c->len,
            c->has_step ? c->step : NULL, c->has_step ? c->len : 0,
            c->ov_mask[0], c->ov_len[0], c->ov_mask[1], c->ov_len[1],
            c->ov_mask[2], c->ov_len[2], c->ov_mask[3], c->ov_len[3],
            c->ov_mask[4], c->ov_len[4]};
        return cs_plan_openvino_fault(c->shape, c->rank, &spec, plan, err,
                                      fault);
    }
    default:
        return cs_plan_onnx_fault(
            c->shape, c->rank, c->begin, c->len, c->end, c->len,
            c->has_axes ? c->axes : NULL, c->has_axes ? c->len : 0,
            c->has_step ? c->step : NULL, c->has_step ? c->len : 0, plan,
            err, fault);
    }
}

/* ---- the device's input -------------------------------------------------- */

/* Puts a vector in the arena (8-byte aligned) in the case's type. */
static cs_dyn_value arena_value(size_t *used, const int64_t *v, size_t len,
                                clslice_index_type type)
{
    cs_dyn_value value = {g.values_buf, *used, len, type};
    copy_typed(g.arena + *used, v, len, type);
    *used += (len * (type == CLSLICE_INT32 ? 4 : 8) + 7) / 8 * 8;
    return value;
}

static void dyn_spec(const dcase *c, size_t *used, cs_dyn_spec *s)
{
    static const cs_dyn_front fronts[F_KINDS] = {CS_DYN_TF, CS_DYN_OPENVINO,
                                                 CS_DYN_ONNX};
    memset(s, 0, sizeof *s);
    s->front = fronts[c->front];
    s->shape = c->shape;
    s->rank = c->rank;
    s->begin = arena_value(used, c->begin, c->len, c->type);
    s->end = arena_value(used, c->end, c->len, c->type);
    if (c->has_step)
        s->step = arena_value(used, c->step, c->len, c->type);
    if (c->has_axes)
        s->axes = arena_value(used, c->axes, c->len, c->type);
    s->begin_mask = c->tf_masks[0];
    s->end_mask = c->tf_masks[1];
    s->ellipsis_mask = c->tf_masks[2];
    s->new_axis_mask = c->tf_masks[3];
    s->shrink_axis_mask = c->tf_masks[4];
    static const int ov_order[5] = {CS_OV_BEGIN, CS_OV_END, CS_OV_NEW_AXIS,
                                    CS_OV_SHRINK, CS_OV_ELLIPSIS};
    for (int m = 0; m < 5; m++) {
        s->ov_masks[ov_order[m]] = c->ov_mask[m];
        s->ov_mask_len[ov_order[m]] = c->ov_len[m];
    }
    s->value_rank = -1;
}

/* ---- reporting ----------------------------------------------------------- */

static void print_vector(const char *name, const int64_t *v, size_t len)
{
    print_error("  %s = [", name);
    for (size_t i = 0; i < len; i++)
        print_error("%s%" PRId64, i ? ", " : "", v[i]);
    print_error("]\n");
}

static void print_case(const dcase *c)
{
    print_error("  front %s, %s values, shape %s\n", front_names[c->front],
                c->type == CLSLICE_INT32 ? "int32" : "int64",
                tu_shape_str(c->shape, c->rank));
    print_vector("begin", c->begin, c->len);
    print_vector("end", c->end, c->len);
    if (c->has_step)
        print_vector("step", c->step, c->len);
    if (c->has_axes)
        print_vector("axes", c->axes, c->len);
    if (c->front == F_TF)
        print_error("  masks begin %d end %d ellipsis %d new_axis %d "
                    "shrink %d\n", c->tf_masks[0], c->tf_masks[1],
                    c->tf_masks[2], c->tf_masks[3], c->tf_masks[4]);
    if (c->front == F_OPENVINO)
        for (int m = 0; m < 5; m++)
            print_vector("mask", c->ov_mask[m], c->ov_len[m]);
    if (c->value_rank >= 0)
        print_error("  value shape %s, %s rule\n",
                    tu_shape_str(c->value_shape, c->value_rank),
                    c->rule == CLSLICE_VALUE_EXACT ? "exact" : "broadcast");
}

static void mismatch(const dcase *c, int word, int64_t want, int64_t got)
{
    long index = c->index;
    print_error("seed 0x%016" PRIx64 " (CLSLICE_TEST_SEED replays): spec %ld "
                "differs at record word %d: host %" PRId64 ", device %" PRId64
                "\n", g.seed, index, word, want, got);
    print_case(c);
    fail();
}

/* ---- the run ------------------------------------------------------------- */

typedef struct tally {
    long specs, statics, oks;
    long codes[CS_R_VALUE_SIZE + 1];
} tally;

/* The public bound holds: no more elements than it says, and the
 * output rank it gives. */
static void check_bound(const dcase *c, const clslice_plan *plan, long index)
{
    int64_t max = -1;
    int out_rank = -1;
    clslice_status st;
    if (c->front == F_TF) {
        clslice_tf_spec tf = {.index_type = c->type, .begin_len = c->len,
                              .end_len = c->len, .strides_len = c->len,
                              .begin_mask = c->tf_masks[0],
                              .end_mask = c->tf_masks[1],
                              .ellipsis_mask = c->tf_masks[2],
                              .new_axis_mask = c->tf_masks[3],
                              .shrink_axis_mask = c->tf_masks[4]};
        st = clslice_dynamic_bound_tf(c->shape, c->rank, &tf, &max,
                                      &out_rank, NULL);
    } else if (c->front == F_OPENVINO) {
        clslice_openvino_spec ov = {
            .begin_len = c->len, .end_len = c->len,
            .strides_len = c->has_step ? c->len : 0,
            .begin_mask = c->ov_mask[0], .begin_mask_len = c->ov_len[0],
            .end_mask = c->ov_mask[1], .end_mask_len = c->ov_len[1],
            .new_axis_mask = c->ov_mask[2], .new_axis_mask_len = c->ov_len[2],
            .shrink_axis_mask = c->ov_mask[3],
            .shrink_axis_mask_len = c->ov_len[3],
            .ellipsis_mask = c->ov_mask[4], .ellipsis_mask_len = c->ov_len[4]};
        st = clslice_dynamic_bound_openvino(c->shape, c->rank, &ov, &max,
                                            &out_rank, NULL);
    } else {
        st = clslice_dynamic_bound(c->shape, c->rank, &max, NULL);
        out_rank = c->rank;
    }
    if (st != CLSLICE_OK || clslice_plan_output_elements(plan) > max ||
        clslice_plan_output_rank(plan) != out_rank) {
        print_error("seed 0x%016" PRIx64 ": spec %ld: bound %" PRId64
                    " elements, rank %d (status %d); the plan has %" PRId64
                    ", rank %d\n", g.seed, index, max, out_rank, (int)st,
                    clslice_plan_output_elements(plan),
                    clslice_plan_output_rank(plan));
        print_case(c);
        fail();
    }
}

/* Fills the case's expected record, or returns false for a spec the host
 * rejects statically (after checking cs_dyn_describe does too). */
/* Makes the case a scatter of a value tensor (a third of them): its dims
 * mostly fit the slice's final shape (known when the host's plan is),
 * else 1 or anything; the exact rule keeps the output rank, so that the
 * only static errors stay the front-end's. */
static void random_value(tu_rng *rng, dcase *c, const clslice_plan *plan,
                         int out_rank)
{
    c->value_rank = -1;
    if (!tu_chance(rng, 33))
        return;
    int64_t final[CLSLICE_MAX_RANK] = {0};
    if (plan)
        clslice_plan_output_shape(plan, final);
    c->rule = tu_chance(rng, 50) ? CLSLICE_VALUE_EXACT : CLSLICE_VALUE_BROADCAST;
    c->value_rank = out_rank;
    if (c->rule == CLSLICE_VALUE_BROADCAST)
        c->value_rank = (int)tu_range(rng, 0, out_rank + 2);
    int lead = c->value_rank - out_rank;
    for (int v = 0; v < c->value_rank; v++) {
        int j = v - lead;
        int64_t fits = j >= 0 && plan ? final[j] : 1;
        int64_t pick = tu_range(rng, 0, 99);
        c->value_shape[v] = pick < 75 ? fits : pick < 90 ? 1 : tu_range(rng, 0, 4);
    }
    /* its element count must fit int64 (a static check) */
    int64_t total = 1;
    bool zero = false;
    for (int v = 0; v < c->value_rank; v++)
        zero = zero || c->value_shape[v] == 0;
    for (int v = 0; v < c->value_rank && !zero; v++)
        if (__builtin_mul_overflow(total, c->value_shape[v], &total)) {
            c->value_shape[v] = 1;
            total = 1;
            v = -1;
        }
}

static bool expect_case(tu_rng *rng, dcase *c, cs_dyn_spec *s,
                        cs_norm_desc *desc, int64_t *words, tally *t,
                        long index)
{
    clslice_plan *plan = NULL, *static_plan = NULL;
    clslice_error err, static_err;
    cs_r_fault fault;
    clslice_status st = host_plan(c, &plan, &err, &fault);
    clslice_status static_st = cs_dyn_describe(s, desc, &static_plan,
                                               &static_err);
    if (static_st == CLSLICE_OK) {
        random_value(rng, c, st == CLSLICE_OK ? plan : NULL,
                     static_plan->out_rank);
        if (c->value_rank >= 0) {
            s->value_shape = c->value_shape;
            s->value_rank = c->value_rank;
            s->rule = c->rule;
            clslice_plan_release(&static_plan);
            static_st = cs_dyn_describe(s, desc, &static_plan, &static_err);
            if (static_st != CLSLICE_OK)
                fail_msg("seed 0x%016" PRIx64 ": spec %ld: the value shape "
                         "failed statically: %s", g.seed, index,
                         static_err.message);
        }
        if (st == CLSLICE_OK && c->value_rank >= 0) {
            clslice_layout layout;
            st = cs_scatter_layout_fault(plan, c->value_shape, c->value_rank,
                                         c->rule, "value", &layout, &err,
                                         &fault);
        }
    }
    if (static_st != CLSLICE_OK) {
        if (st != static_st || fault.code != CS_R_OK) {
            print_error("seed 0x%016" PRIx64 ": spec %ld: static check says "
                        "\"%s\" but the host \"%s\"\n", g.seed, index,
                        static_err.message,
                        st ? err.message : "success");
            print_case(c);
            fail();
        }
        clslice_plan_release(&plan);
        t->statics++;
        return false;
    }
    if (st == CLSLICE_OK) {
        cs_record_from_plan(plan, words);
        if (c->value_rank < 0)
            check_bound(c, plan, index);
        t->oks++;
    } else {
        if (fault.code == CS_R_OK || cs_r_status(fault.code) != st) {
            print_error("seed 0x%016" PRIx64 ": spec %ld: the host failed "
                        "after the static checks passed, without a value "
                        "fault: %s\n", g.seed, index, err.message);
            print_case(c);
            fail();
        }
        cs_record_from_error(static_plan, st, fault.slot, fault.value,
                             fault.dim, words);
        t->codes[fault.code]++;
    }
    clslice_plan_release(&plan);
    clslice_plan_release(&static_plan);
    return true;
}

static void run_batch(size_t count, size_t arena_used)
{
    cl_command_queue q = g.dev.queue;
    TU_CL_CHECK(clEnqueueWriteBuffer(q, g.descs_buf, CL_FALSE, 0,
                                     count * sizeof *g.descs, g.descs, 0,
                                     NULL, NULL));
    TU_CL_CHECK(clEnqueueWriteBuffer(q, g.values_buf, CL_FALSE, 0,
                                     arena_used ? arena_used : 8, g.arena, 0,
                                     NULL, NULL));
    const cl_mem values[4] = {g.values_buf, g.values_buf, g.values_buf,
                              g.values_buf};
    clslice_error err;
    clslice_status st = cs_enqueue_normalise_batch(
        g.dev.runtime, q, g.descs_buf, count, values, g.info_buf, 0, NULL,
        NULL, &err);
    if (st != CLSLICE_OK)
        fail_msg("cs_enqueue_normalise_batch: %s", err.message);
    TU_CL_CHECK(clEnqueueReadBuffer(q, g.info_buf, CL_TRUE, 0,
                                    count * WORDS * sizeof(int64_t), g.got,
                                    0, NULL, NULL));
}

static void generate(tu_rng *rng, front_kind front, dcase *c)
{
    memset(c, 0, sizeof *c);
    c->front = front;
    c->value_rank = -1;
    if (front == F_TF)
        random_tf(rng, c);
    else if (front == F_OPENVINO)
        random_openvino(rng, c);
    else
        random_onnx(rng, c);
}

/* The same spec through cs_enqueue_normalise, the production call: its
 * values in a buffer of their own at an 8-aligned offset, its record at
 * another inside a sentinel-filled buffer. */
static void single_call(const dcase *c, const int64_t *want)
{
    tu_rng r = {g.seed ^ (uint64_t)c->index * 0x2545F4914F6CDD1DULL};
    size_t used = (size_t)tu_range(&r, 0, 8) * 8;
    cs_dyn_spec s;
    dyn_spec(c, &used, &s);
    if (c->value_rank >= 0) {
        s.value_shape = c->value_shape;
        s.value_rank = c->value_rank;
        s.rule = c->rule;
    }
    cl_mem values = tu_cl_buffer(&g.dev.cl, used + 8);
    /* the whole buffer, from 0: Oclgrind 21.10 takes bytes written at an
     * offset for uninitialised */
    TU_CL_CHECK(clEnqueueWriteBuffer(g.dev.queue, values, CL_TRUE, 0,
                                     used + 8, g.arena, 0, NULL, NULL));
    cs_dyn_value *vectors[4] = {&s.begin, &s.end, &s.step, &s.axes};
    for (int v = 0; v < 4; v++)
        if (vectors[v]->buffer)
            vectors[v]->buffer = values;
    size_t at = (size_t)tu_range(&r, 0, 64) * 8;
    cl_mem info = tu_cl_buffer(&g.dev.cl, INFO_SPACE);
    tu_cl_fill(g.dev.queue, info, SENTINEL, INFO_SPACE);
    clslice_plan *plan = NULL;
    clslice_error err;
    if (cs_enqueue_normalise(g.dev.runtime, g.dev.queue, &s, info, at, &plan,
                             0, NULL, NULL, &err) != CLSLICE_OK)
        fail_msg("seed 0x%016" PRIx64 ": spec %ld: cs_enqueue_normalise: %s",
                 g.seed, c->index, err.message);
    clslice_plan_release(&plan);
    unsigned char got[INFO_SPACE];
    tu_cl_read(g.dev.queue, info, INFO_SPACE, got);
    clReleaseMemObject(info);
    clReleaseMemObject(values);
    for (size_t b = 0; b < INFO_SPACE; b++)
        if ((b < at || b >= at + CLSLICE_DYNAMIC_INFO_BYTES) &&
            got[b] != SENTINEL)
            fail_msg("seed 0x%016" PRIx64 ": spec %ld: info byte %zu "
                     "(record at %zu) was written", g.seed, c->index, b, at);
    int64_t words[WORDS];
    memcpy(words, got + at, sizeof words);
    for (int w = 0; w < WORDS; w++)
        if (words[w] != want[w])
            mismatch(c, w, want[w], words[w]);
}

static void run_front(front_kind front, long specs, tally *t)
{
    tu_rng rng = {g.seed ^ (0x9E3779B97F4A7C15ULL * (uint64_t)(front + 1))};
    long done = 0;
    while (done < specs) {
        size_t count = 0, used = 0;
        while (count < BATCH && done < specs) {
            dcase *c = &g.cases[count];
            generate(&rng, front, c);
            c->index = done;
            cs_dyn_spec s;
            dyn_spec(c, &used, &s);
            cs_norm_desc *desc = &g.descs[count];
            bool runs = expect_case(&rng, c, &s, desc,
                                    g.expect + count * WORDS, t, done);
            done++;
            t->specs++;
            if (!runs)
                continue;
            desc->info_base = (cl_long)(count * WORDS);
            count++;
        }
        if (count == 0)
            continue;
        run_batch(count, used);
        for (size_t i = 0; i < count; i++)
            for (int w = 0; w < WORDS; w++)
                if (g.expect[i * WORDS + w] != g.got[i * WORDS + w])
                    mismatch(&g.cases[i], w, g.expect[i * WORDS + w],
                             g.got[i * WORDS + w]);
        /* A few per batch through the single-spec call too. */
        for (size_t i = 0; i < count; i += count / 4 + 1)
            single_call(&g.cases[i], g.expect + i * WORDS);
    }
}

/* The error kinds each front-end can produce from its values. */
static const int front_codes[F_KINDS][5] = {
    [F_TF] = {CS_R_STEP_ZERO, CS_R_SHRINK_STEP, CS_R_SHRINK_INDEX,
              CS_R_VALUE_SIZE, 0},
    [F_OPENVINO] = {CS_R_STEP_ZERO, CS_R_SHRINK_INDEX, CS_R_VALUE_SIZE, 0},
    [F_ONNX] = {CS_R_STEP_ZERO, CS_R_AXIS_RANGE, CS_R_AXIS_REPEAT,
                CS_R_VALUE_SIZE, 0},
};

static void test_front(front_kind front)
{
    if (!g.have)
        skip();
    long specs = tu_scaled(SPECS);
    tally t = {0};
    struct timespec t0, t1;
    timespec_get(&t0, TIME_UTC);
    run_front(front, specs, &t);
    timespec_get(&t1, TIME_UTC);
    double s = (double)(t1.tv_sec - t0.tv_sec) +
               (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    print_message("%s: %ld specs (%ld static errors, %ld OK, step0 %ld, "
                  "shrink-stride %ld, shrink-index %ld, axis-range %ld, "
                  "axis-repeat %ld, value-size %ld) in %.2f s: %.0f "
                  "specs/s\n",
                  front_names[front], t.specs, t.statics, t.oks,
                  t.codes[CS_R_STEP_ZERO], t.codes[CS_R_SHRINK_STEP],
                  t.codes[CS_R_SHRINK_INDEX], t.codes[CS_R_AXIS_RANGE],
                  t.codes[CS_R_AXIS_REPEAT], t.codes[CS_R_VALUE_SIZE], s,
                  (double)t.specs / s);
    /* Coverage: with the full count every kind must have been reached. */
    if (specs < 10000)
        return;
    if (t.oks == 0 || t.statics == 0)
        fail_msg("seed 0x%016" PRIx64 ": %s: no %s spec generated", g.seed,
                 front_names[front], t.oks ? "static-error" : "valid");
    for (int k = 0; k < 5 && front_codes[front][k]; k++)
        if (t.codes[front_codes[front][k]] == 0)
            fail_msg("seed 0x%016" PRIx64 ": %s: error kind %d never "
                     "generated", g.seed, front_names[front],
                     front_codes[front][k]);
}

static void test_tf(void **state)
{
    (void)state;
    test_front(F_TF);
}

static void test_openvino(void **state)
{
    (void)state;
    test_front(F_OPENVINO);
}

static void test_onnx(void **state)
{
    (void)state;
    test_front(F_ONNX);
}

/* ---- the single-spec command: offsets, types, errors, nothing stray ---- */


/* A buffer of `bytes` holding `data` at `offset`, sentinel elsewhere. */
static cl_mem values_at(const void *data, size_t size, size_t offset,
                        size_t bytes)
{
    unsigned char *host = malloc(bytes);
    assert_non_null(host);
    memset(host, SENTINEL, bytes);
    memcpy(host + offset, data, size);
    cl_mem buf = tu_cl_buffer(&g.dev.cl, bytes);
    TU_CL_CHECK(clEnqueueWriteBuffer(g.dev.queue, buf, CL_TRUE, 0, bytes,
                                     host, 0, NULL, NULL));
    free(host);
    return buf;
}

/* Runs cs_enqueue_normalise into a sentinel-filled info buffer at
 * INFO_AT; checks the record against `want` and that no other byte
 * changed. */
static void normalise_one(const cs_dyn_spec *spec, const int64_t *want,
                          int want_out_rank)
{
    cl_mem info = tu_cl_buffer(&g.dev.cl, INFO_SPACE);
    tu_cl_fill(g.dev.queue, info, SENTINEL, INFO_SPACE);
    clslice_plan *plan = NULL;
    clslice_error err;
    cl_event ev = NULL;
    clslice_status st = cs_enqueue_normalise(g.dev.runtime, g.dev.queue,
                                             spec, info, INFO_AT, &plan, 0,
                                             NULL, &ev, &err);
    if (st != CLSLICE_OK)
        fail_msg("cs_enqueue_normalise: %s", err.message);
    assert_non_null(ev);
    TU_CL_CHECK(clWaitForEvents(1, &ev));
    clReleaseEvent(ev);
    assert_int_equal(clslice_plan_output_rank(plan), want_out_rank);
    unsigned char got[INFO_SPACE];
    tu_cl_read(g.dev.queue, info, INFO_SPACE, got);
    for (size_t b = 0; b < INFO_SPACE; b++)
        if ((b < INFO_AT || b >= INFO_AT + CLSLICE_DYNAMIC_INFO_BYTES) &&
            got[b] != SENTINEL)
            fail_msg("info byte %zu was written", b);
    int64_t words[WORDS];
    memcpy(words, got + INFO_AT, sizeof words);
    for (int w = 0; w < WORDS; w++)
        if (words[w] != want[w])
            fail_msg("record word %d: %" PRId64 ", expected %" PRId64, w,
                     words[w], want[w]);
    clslice_plan_release(&plan);
    clReleaseMemObject(info);
}

/* x[1:-1:2, 0] on [6,4] with int32 values at byte offset 12 of a buffer
 * holding all three vectors; then the same with an index out of range. */
static void test_enqueue_tf(void **state)
{
    (void)state;
    if (!g.have)
        skip();
    int64_t shape[2] = {6, 4};
    int32_t v[6] = {1, 0, -1, 0, 2, 1}; /* begin | end | strides */
    cl_mem buf = values_at(v, sizeof v, 12, 64);
    cs_dyn_spec spec = {.front = CS_DYN_TF, .shape = shape, .rank = 2,
                        .begin = {buf, 12, 2, CLSLICE_INT32},
                        .end = {buf, 20, 2, CLSLICE_INT32},
                        .step = {buf, 28, 2, CLSLICE_INT32},
                        .shrink_axis_mask = 2, .value_rank = -1};
    int64_t want[WORDS] = {0};
    want[CLSLICE_DYNAMIC_SLOT] = want[CLSLICE_DYNAMIC_DIM] = -1;
    want[CLSLICE_DYNAMIC_ELEMENTS] = 2;
    want[CLSLICE_DYNAMIC_OUT_RANK] = 1;
    want[CLSLICE_DYNAMIC_SHAPE] = 2;
    want[CS_DYN_START] = 1;
    want[CS_DYN_STEP] = 2;
    want[CS_DYN_COUNT] = 2;
    want[CS_DYN_START + 1] = 0;
    want[CS_DYN_STEP + 1] = 1;
    want[CS_DYN_COUNT + 1] = 1;
    normalise_one(&spec, want, 1);

    /* shrink index 4 on a dim of 4: slot 1, value 4, dim 1 */
    v[1] = 4;
    clReleaseMemObject(buf);
    /* a whole new buffer: Oclgrind 21.10 takes bytes written at an offset
     * for uninitialised */
    buf = values_at(v, sizeof v, 12, 64);
    spec.begin.buffer = spec.end.buffer = spec.step.buffer = buf;
    memset(want, 0, sizeof want);
    want[CLSLICE_DYNAMIC_STATUS] = CLSLICE_ERROR_INDEX;
    want[CLSLICE_DYNAMIC_SLOT] = 1;
    want[CLSLICE_DYNAMIC_VALUE] = 4;
    want[CLSLICE_DYNAMIC_DIM] = 1;
    want[CLSLICE_DYNAMIC_OUT_RANK] = 1;
    normalise_one(&spec, want, 1);
    clReleaseMemObject(buf);
}

/* ONNX with int64 axes in a buffer of their own, steps absent: axes
 * [-1] slices the last dim only. */
static void test_enqueue_onnx(void **state)
{
    (void)state;
    if (!g.have)
        skip();
    int64_t shape[3] = {2, 3, 5};
    int64_t se[2] = {-4, 100}, axes[1] = {-1};
    cl_mem values = values_at(se, sizeof se, 8, 64);
    cl_mem axes_buf = values_at(axes, sizeof axes, 0, 8);
    cs_dyn_spec spec = {.front = CS_DYN_ONNX, .shape = shape, .rank = 3,
                        .begin = {values, 8, 1, CLSLICE_INT64},
                        .end = {values, 16, 1, CLSLICE_INT64},
                        .axes = {axes_buf, 0, 1, CLSLICE_INT64},
                        .value_rank = -1};
    clslice_plan *plan = NULL;
    int64_t ax = -1, st1 = -4, en1 = 100;
    assert_int_equal(clslice_plan_onnx(shape, 3, &st1, 1, &en1, 1, &ax, 1,
                                       NULL, 0, &plan, NULL),
                     CLSLICE_OK);
    int64_t want[WORDS];
    cs_record_from_plan(plan, want);
    assert_int_equal(want[CLSLICE_DYNAMIC_ELEMENTS], 2 * 3 * 4);
    clslice_plan_release(&plan);
    normalise_one(&spec, want, 3);
    clReleaseMemObject(values);
    clReleaseMemObject(axes_buf);
}

/* A scatter's value shape is matched on the device: [3] against a slice
 * of shape [2] (x[1:-1:2, 0] again) is the host's SHAPE error, naming
 * value dim 0 of size 3. */
static void test_enqueue_value_shape(void **state)
{
    (void)state;
    if (!g.have)
        skip();
    int64_t shape[2] = {6, 4};
    int32_t v[6] = {1, 0, -1, 0, 2, 1};
    cl_mem buf = values_at(v, sizeof v, 0, 24);
    int64_t value_shape[2] = {1, 3};
    cs_dyn_spec spec = {.front = CS_DYN_TF, .shape = shape, .rank = 2,
                        .begin = {buf, 0, 2, CLSLICE_INT32},
                        .end = {buf, 8, 2, CLSLICE_INT32},
                        .step = {buf, 16, 2, CLSLICE_INT32},
                        .shrink_axis_mask = 2, .value_shape = value_shape,
                        .value_rank = 2, .rule = CLSLICE_VALUE_BROADCAST};
    int64_t want[WORDS] = {0};
    want[CLSLICE_DYNAMIC_STATUS] = CLSLICE_ERROR_SHAPE;
    want[CLSLICE_DYNAMIC_SLOT] = -1;
    want[CLSLICE_DYNAMIC_VALUE] = 3;
    want[CLSLICE_DYNAMIC_DIM] = 1;
    want[CLSLICE_DYNAMIC_OUT_RANK] = 1;
    normalise_one(&spec, want, 1);
    /* The host words the same mismatch so, for the same values. */
    clslice_plan *plan = NULL;
    int32_t b[2] = {1, 0}, e[2] = {-1, 0}, s[2] = {2, 1};
    clslice_tf_spec tf = {CLSLICE_INT32, b, 2, e, 2, s, 2, 0, 0, 0, 0, 2};
    assert_int_equal(clslice_plan_tf(shape, 2, &tf, &plan, NULL), CLSLICE_OK);
    clslice_layout layout;
    clslice_error err;
    assert_int_equal(clslice_plan_scatter_layout(plan, value_shape, 2,
                                                 CLSLICE_VALUE_BROADCAST,
                                                 &layout, &err),
                     CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE, "value dim 1 has size 3",
                    NULL);
    clslice_plan_release(&plan);
    /* [1, 2] fits: the record is the plan's */
    value_shape[1] = 2;
    int64_t plan_words[WORDS];
    assert_int_equal(clslice_plan_tf(shape, 2, &tf, &plan, NULL), CLSLICE_OK);
    cs_record_from_plan(plan, plan_words);
    clslice_plan_release(&plan);
    normalise_one(&spec, plan_words, 1);
    clReleaseMemObject(buf);
}

/* Static errors come back at once with the host's words, enqueue
 * nothing and leave *static_plan NULL. */
static void expect_static_error(const cs_dyn_spec *spec, cl_mem info,
                                size_t info_offset, clslice_status status,
                                const char *words)
{
    clslice_plan *plan = (clslice_plan *)&plan; /* must become NULL */
    clslice_error err;
    cl_event ev = NULL;
    clslice_status st = cs_enqueue_normalise(g.dev.runtime, g.dev.queue,
                                             spec, info, info_offset, &plan,
                                             0, NULL, &ev, &err);
    assert_int_equal(st, status);
    tu_assert_error(&err, status, words, NULL);
    assert_null(plan);
    assert_null(ev);
}

static void test_enqueue_static_errors(void **state)
{
    (void)state;
    if (!g.have)
        skip();
    int64_t shape[2] = {6, 4};
    int64_t v[6] = {1, 0, -1, 0, 2, 1};
    cl_mem buf = values_at(v, sizeof v, 0, 48);
    cl_mem info = tu_cl_buffer(&g.dev.cl, INFO_SPACE);
    tu_cl_fill(g.dev.queue, info, SENTINEL, INFO_SPACE);
    cs_dyn_spec spec = {.front = CS_DYN_TF, .shape = shape, .rank = 2,
                        .begin = {buf, 0, 2, CLSLICE_INT64},
                        .end = {buf, 16, 2, CLSLICE_INT64},
                        .step = {buf, 32, 2, CLSLICE_INT64},
                        .value_rank = -1};
    cs_dyn_spec s = spec;
    s.ellipsis_mask = 3;
    expect_static_error(&s, info, 0, CLSLICE_ERROR_SPEC,
                        "ellipsis_mask = 3 has more than one bit set");
    s = spec;
    s.end.offset = 12;
    expect_static_error(&s, info, 0, CLSLICE_ERROR_ARGUMENT,
                        "end_offset = 12 is not a multiple of its entry size");
    s = spec;
    s.begin.type = (clslice_index_type)7;
    expect_static_error(&s, info, 0, CLSLICE_ERROR_ARGUMENT,
                        "begin: index type 7 is neither");
    s = spec;
    s.axes = s.begin;
    expect_static_error(&s, info, 0, CLSLICE_ERROR_ARGUMENT,
                        "axes are an ONNX argument");
    s = spec;
    s.begin.buffer = NULL;
    expect_static_error(&s, info, 0, CLSLICE_ERROR_ARGUMENT,
                        "begin is NULL but has a nonzero length");
    s = spec;
    s.step.len = 3;
    expect_static_error(&s, info, 0, CLSLICE_ERROR_SPEC,
                        "begin, end and strides must have equal lengths");
    s = spec;
    s.step.offset = 40; /* two entries from byte 40 pass the end at 48 */
    expect_static_error(&s, info, 0, CLSLICE_ERROR_BUFFER, "strides");
    expect_static_error(&spec, info, 4, CLSLICE_ERROR_ARGUMENT,
                        "info_offset = 4 is not a multiple of 8");
    expect_static_error(&spec, info, INFO_SPACE - 8, CLSLICE_ERROR_BUFFER,
                        "info");
    int64_t unknown[2] = {6, -1};
    s = spec;
    s.shape = unknown;
    expect_static_error(&s, info, 0, CLSLICE_ERROR_ARGUMENT,
                        "shape[1] is unknown");
    s = spec;
    s.front = CS_DYN_ONNX;
    s.rank = 0;
    expect_static_error(&s, info, 0, CLSLICE_ERROR_SPEC, "rank 0");
    s = spec;
    int64_t value_shape[1] = {2};
    s.value_shape = value_shape;
    s.value_rank = 1;
    s.rule = CLSLICE_VALUE_EXACT; /* the output has rank 2 */
    expect_static_error(&s, info, 0, CLSLICE_ERROR_SHAPE, "value has rank 1");
    tu_cl_assert_filled(g.dev.queue, info, INFO_SPACE, SENTINEL);
    clReleaseMemObject(info);
    clReleaseMemObject(buf);
}

/* ---- the public bound --------------------------------------------------- */

static void test_bound(void **state)
{
    (void)state;
    int64_t shape[3] = {4, 0, 7}, big[2] = {INT64_MAX / 2, 3};
    int64_t max = -5;
    int out_rank = -5;
    clslice_error err;
    assert_int_equal(clslice_dynamic_bound(shape, 3, &max, &err), CLSLICE_OK);
    assert_int_equal(max, 0);
    shape[1] = 5;
    assert_int_equal(clslice_dynamic_bound(shape, 3, &max, &err), CLSLICE_OK);
    assert_int_equal(max, 140);
    assert_int_equal(clslice_dynamic_bound(big, 2, &max, &err),
                     CLSLICE_ERROR_SHAPE);
    shape[2] = -1;
    assert_int_equal(clslice_dynamic_bound(shape, 3, &max, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "shape[2] is unknown", NULL);
    shape[2] = 7;
    /* x[tf.newaxis, 1, ...] with every value on the device: rank 3 */
    clslice_tf_spec tf = {.index_type = CLSLICE_INT32, .begin_len = 3,
                          .end_len = 3, .strides_len = 3,
                          .new_axis_mask = 1, .shrink_axis_mask = 2,
                          .ellipsis_mask = 4};
    assert_int_equal(clslice_dynamic_bound_tf(shape, 3, &tf, &max, &out_rank,
                                              &err), CLSLICE_OK);
    assert_int_equal(max, 140);
    assert_int_equal(out_rank, 3);
    tf.end_len = 2;
    assert_int_equal(clslice_dynamic_bound_tf(shape, 3, &tf, &max, &out_rank,
                                              &err), CLSLICE_ERROR_SPEC);
    int64_t shrink[2] = {1, 1};
    clslice_openvino_spec ov = {.begin_len = 2, .end_len = 2,
                                .shrink_axis_mask = shrink,
                                .shrink_axis_mask_len = 2};
    assert_int_equal(clslice_dynamic_bound_openvino(shape, 3, &ov, NULL,
                                                    &out_rank, &err),
                     CLSLICE_OK);
    assert_int_equal(out_rank, 1);
}

static int setup(void **state)
{
    (void)state;
    g.have = tu_dev_open(&g.dev);
    g.seed = tu_seed(0xD1A0E5ULL);
    if (!g.have)
        return 0;
    char name[128] = "";
    clGetDeviceInfo(g.dev.cl.device, CL_DEVICE_NAME, sizeof name, name, NULL);
    print_message("device: %s; seed 0x%" PRIx64 "\n", name, g.seed);
    g.descs = calloc(BATCH, sizeof *g.descs);
    g.arena = calloc(ARENA, 1);
    g.expect = calloc((size_t)BATCH * WORDS, sizeof(int64_t));
    g.got = calloc((size_t)BATCH * WORDS, sizeof(int64_t));
    g.cases = calloc(BATCH, sizeof *g.cases);
    if (!g.descs || !g.arena || !g.expect || !g.got || !g.cases)
        return -1;
    g.descs_buf = tu_cl_buffer(&g.dev.cl, BATCH * sizeof *g.descs);
    g.values_buf = tu_cl_buffer(&g.dev.cl, ARENA);
    g.info_buf = tu_cl_buffer(&g.dev.cl,
                              (size_t)BATCH * WORDS * sizeof(int64_t));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (g.have) {
        clReleaseMemObject(g.descs_buf);
        clReleaseMemObject(g.values_buf);
        clReleaseMemObject(g.info_buf);
        tu_dev_close(&g.dev);
    }
    free(g.descs);
    free(g.arena);
    free(g.expect);
    free(g.got);
    free(g.cases);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tf),
        cmocka_unit_test(test_openvino),
        cmocka_unit_test(test_onnx),
        cmocka_unit_test(test_enqueue_tf),
        cmocka_unit_test(test_enqueue_onnx),
        cmocka_unit_test(test_enqueue_value_shape),
        cmocka_unit_test(test_enqueue_static_errors),
        cmocka_unit_test(test_bound),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
