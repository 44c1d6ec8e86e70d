/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Writing into slices on the host: clslice_plan_scatter_layout,
 * clslice_host_scatter and clslice_host_grad.
 *
 * Random plans from every front-end (randplan.h) with random value shapes
 * (randvalue.h: broadcastable, exact, rank 0, and now and then one that
 * must be refused) are written for element sizes 1, 2, 3, 4, 8, 12 and 16
 * into a destination with guard bytes on both sides, and every byte is
 * compared with a naive reference: a plain N-D loop over the plan's
 * start/step/count (clslice_plan_dim) with explicit numpy broadcasting,
 * which never looks at a layout.  Then worked examples of the layouts
 * (with simplification of broadcast dims) and every error path.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#include "randplan.h"
#include "randvalue.h"

enum {
    PLANS = 4000,
    MAX_IN_ELEMS = 2048,
    GUARD = 24, /* bytes checked on each side of the destination */
    GUARD_BYTE = 0xC3
};

static const size_t ELEM_SIZES[] = {1, 2, 3, 4, 8, 12, 16};

static uint64_t g_seed;
static char g_ctx[4400];

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

/* ---- the naive reference ------------------------------------------------ */

/* Everything the reference needs from the plan, via the public API. */
typedef struct ref_plan {
    int rank, out_rank;
    int64_t shape[CLSLICE_MAX_RANK];
    int64_t start[CLSLICE_MAX_RANK], step[CLSLICE_MAX_RANK],
        count[CLSLICE_MAX_RANK];
    int source[CLSLICE_MAX_RANK]; /* per output dim: input dim or -1 */
} ref_plan;

static void ref_read(const clslice_plan *plan, ref_plan *r)
{
    r->rank = clslice_plan_input_rank(plan);
    r->out_rank = clslice_plan_output_rank(plan);
    clslice_plan_input_shape(plan, r->shape);
    for (int k = 0; k < r->rank; k++)
        clslice_plan_dim(plan, k, &r->start[k], &r->step[k], &r->count[k],
                         NULL);
    for (int o = 0; o < r->out_rank; o++)
        r->source[o] = clslice_plan_output_source(plan, o);
}

/* The value element written at processing coordinate j: final coordinate
 * of output dim o is j[source[o]] (0 for a new axis); value dims align
 * with output dims from the right and a value dim of 1 always reads 0. */
static int64_t ref_value_index(const ref_plan *r, const int64_t *j,
                               const rv_value *v)
{
    int64_t index = 0, stride = 1;
    for (int d = v->rank - 1; d >= 0; d--) {
        int o = d - (v->rank - r->out_rank);
        int64_t coord = 0;
        if (o >= 0 && r->source[o] >= 0)
            coord = j[r->source[o]];
        if (v->shape[d] != 1)
            index += coord * stride;
        stride *= v->shape[d];
    }
    return index;
}

/* Writes value into the slice of dst, element by element. */
static void ref_scatter(const ref_plan *r, size_t es, const uint8_t *value,
                        const rv_value *v, uint8_t *dst)
{
    int64_t instride[CLSLICE_MAX_RANK], total = 1, j[CLSLICE_MAX_RANK];
    int64_t running = 1;
    for (int k = r->rank - 1; k >= 0; k--) {
        instride[k] = running;
        running *= r->shape[k];
    }
    for (int k = 0; k < r->rank; k++) {
        total *= r->count[k];
        j[k] = 0;
    }
    for (int64_t i = 0; i < total; i++) {
        int64_t at = 0;
        for (int k = 0; k < r->rank; k++)
            at += (r->start[k] + j[k] * r->step[k]) * instride[k];
        memcpy(dst + (size_t)at * es,
               value + (size_t)ref_value_index(r, j, v) * es, es);
        for (int k = r->rank - 1; k >= 0; k--) {
            if (++j[k] < r->count[k])
                break;
            j[k] = 0;
        }
    }
}

static void random_bytes(tu_rng *rng, uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)tu_next(rng);
}

/* ---- random differential ------------------------------------------------ */

typedef struct buffers {
    uint8_t *value, *dst, *want;
    size_t value_bytes, dst_bytes; /* dst_bytes excludes the guards */
} buffers;

static void buffers_make(buffers *b, tu_rng *rng, int64_t value_elems,
                         int64_t in_elems, size_t es, bool zero_want)
{
    b->value_bytes = (size_t)value_elems * es;
    b->dst_bytes = (size_t)in_elems * es;
    /* exactly as large as needed: ASan sees any access past the value */
    b->value = malloc(b->value_bytes ? b->value_bytes : 1);
    b->dst = malloc(b->dst_bytes + 2 * GUARD);
    b->want = malloc(b->dst_bytes + 2 * GUARD);
    EXPECT(b->value && b->dst && b->want);
    random_bytes(rng, b->value, b->value_bytes);
    random_bytes(rng, b->dst + GUARD, b->dst_bytes);
    memset(b->dst, GUARD_BYTE, GUARD);
    memset(b->dst + GUARD + b->dst_bytes, GUARD_BYTE, GUARD);
    memcpy(b->want, b->dst, b->dst_bytes + 2 * GUARD);
    if (zero_want)
        memset(b->want + GUARD, 0, b->dst_bytes);
}

static void buffers_free(buffers *b)
{
    free(b->value);
    free(b->dst);
    free(b->want);
}

/* Asserts dst equals want byte for byte, guards included. */
static void expect_bytes(const buffers *b)
{
    size_t n = b->dst_bytes + 2 * GUARD;
    for (size_t i = 0; i < n; i++)
        if (b->dst[i] != b->want[i]) {
            snprintf(g_ctx + strlen(g_ctx), sizeof g_ctx - strlen(g_ctx),
                     " (first difference at byte %zd of the tensor)",
                     (ptrdiff_t)i - GUARD);
            EXPECT(b->dst[i] == b->want[i]);
        }
}

static long long g_scatters, g_refused, g_grads;

static void check_scatter(const clslice_plan *plan, tu_rng *rng,
                          size_t es)
{
    rv_value v;
    rv_random_value(rng, plan, 8, &v);
    ref_plan r;
    ref_read(plan, &r);
    buffers b;
    buffers_make(&b, rng, rv_elements(&v), rp_input_elements(plan), es,
                 false);
    snprintf(g_ctx + strlen(g_ctx), sizeof g_ctx - strlen(g_ctx),
             "; value %s, rule %d, elem_size %zu",
             tu_shape_str(v.shape, v.rank), (int)v.rule, es);
    clslice_error err;
    clslice_status st = clslice_host_scatter(
        plan, es, b.value, v.shape, v.rank, b.value_bytes, v.rule,
        b.dst + GUARD, b.dst_bytes, &err);
    if (v.fits) {
        EXPECT(st == CLSLICE_OK);
        ref_scatter(&r, es, b.value, &v, b.want + GUARD);
        g_scatters++;
    } else {
        EXPECT(st == CLSLICE_ERROR_SHAPE);
        EXPECT(strstr(err.message, "value dim") ||
               strstr(err.message, "value has rank"));
        g_refused++;
    }
    expect_bytes(&b); /* a refused write leaves everything alone */
    buffers_free(&b);
}

static void check_grad(const clslice_plan *plan, tu_rng *rng, size_t es)
{
    rv_value v;
    v.rule = CLSLICE_VALUE_EXACT;
    v.rank = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, v.shape);
    ref_plan r;
    ref_read(plan, &r);
    buffers b;
    buffers_make(&b, rng, rv_elements(&v), rp_input_elements(plan), es,
                 true);
    EXPECT(clslice_host_grad(plan, es, b.value, v.shape, v.rank,
                             b.value_bytes, b.dst + GUARD, b.dst_bytes,
                             NULL) == CLSLICE_OK);
    ref_scatter(&r, es, b.value, &v, b.want + GUARD);
    expect_bytes(&b);
    buffers_free(&b);
    g_grads++;
}

static void run_random(int min_rank, int max_rank, uint64_t seed_base)
{
    g_seed = tu_seed(seed_base);
    tu_rng rng = {g_seed};
    int done = 0;
    while (done < PLANS) {
        rp_case c;
        rp_random_case(&rng, (int)tu_range(&rng, min_rank, max_rank),
                       MAX_IN_ELEMS, &c);
        clslice_plan *plan = NULL;
        if (rp_build(&c, &plan, NULL) != CLSLICE_OK)
            continue;
        size_t es = ELEM_SIZES[tu_range(&rng, 0, 6)];
        snprintf(g_ctx, sizeof g_ctx, "%s", c.desc);
        check_scatter(plan, &rng, es);
        snprintf(g_ctx, sizeof g_ctx, "grad of %s, elem_size %zu", c.desc,
                 es);
        check_grad(plan, &rng, es);
        clslice_plan_release(&plan);
        done++;
    }
}

static void test_random_low_ranks(void **state)
{
    (void)state;
    run_random(0, 4, 0x5CA77E1ull);
    print_message("%lld scatters, %lld refused values, %lld grads checked "
                  "against the naive reference\n", g_scatters, g_refused,
                  g_grads);
}

static void test_random_high_ranks(void **state)
{
    (void)state;
    run_random(5, 12, 0x5CA77E2ull);
}

/* ---- worked layouts ------------------------------------------------------- */

/* Asserts a layout: offsets, then per dim (count, src, dst stride). */
static void assert_layout(const clslice_layout *l, int64_t offset,
                          int64_t dst_offset, int rank, ...)
{
    assert_int_equal(l->offset, offset);
    assert_int_equal(l->dst_offset, dst_offset);
    assert_int_equal(l->rank, rank);
    va_list args;
    va_start(args, rank);
    for (int k = 0; k < rank; k++) {
        assert_int_equal(l->count[k], va_arg(args, int64_t));
        assert_int_equal(l->src_stride[k], va_arg(args, int64_t));
        assert_int_equal(l->dst_stride[k], va_arg(args, int64_t));
    }
    va_end(args);
}

#define I(v) ((int64_t)(v))

static void test_layouts(void **state)
{
    (void)state;
    const int64_t shape[] = {4, 6};
    clslice_plan *plan = tu_expr_plan(shape, 2, "[1:3, ::-2]");
    clslice_layout l;
    /* the exact value [2, 3]: rows of 3 read forward, written backwards
     * from element 1*6 + 5 */
    const int64_t exact[] = {2, 3};
    assert_int_equal(clslice_plan_scatter_layout(plan, exact, 2,
                                                 CLSLICE_VALUE_EXACT, &l,
                                                 NULL), CLSLICE_OK);
    assert_layout(&l, 0, 11, 2, I(2), I(3), I(6), I(3), I(1), I(-2));
    assert_int_equal(l.elements, 6);
    assert_int_equal(l.src_min, 0);
    assert_int_equal(l.src_max, 5);
    /* [3] broadcasts over the rows: stride 0 */
    const int64_t row[] = {3};
    assert_int_equal(clslice_plan_scatter_layout(plan, row, 1,
                                                 CLSLICE_VALUE_BROADCAST, &l,
                                                 NULL), CLSLICE_OK);
    assert_layout(&l, 0, 11, 2, I(2), I(0), I(6), I(3), I(1), I(-2));
    assert_int_equal(l.src_max, 2);
    /* [1, 1, 2, 1]: extra leading 1, columns broadcast */
    const int64_t col[] = {1, 2, 1};
    assert_int_equal(clslice_plan_scatter_layout(plan, col, 3,
                                                 CLSLICE_VALUE_BROADCAST, &l,
                                                 NULL), CLSLICE_OK);
    assert_layout(&l, 0, 11, 2, I(2), I(1), I(6), I(3), I(0), I(-2));
    /* a fill: both strides 0; the gather layout is untouched */
    assert_int_equal(clslice_plan_scatter_layout(plan, NULL, 0,
                                                 CLSLICE_VALUE_BROADCAST, &l,
                                                 NULL), CLSLICE_OK);
    assert_layout(&l, 0, 11, 2, I(2), I(0), I(6), I(3), I(0), I(-2));
    assert_int_equal(l.src_max, 0);
    assert_int_equal(clslice_plan_layout(plan, &l, NULL), CLSLICE_OK);
    assert_int_equal(l.dst_offset, 0);
    assert_int_equal(l.offset, 11);
    clslice_plan_release(&plan);

    /* shrinks and new axes: [None, 1, ::2] on [3, 4] has final shape
     * [1, 2]; the value [2] maps onto input dim 1 */
    const int64_t shape2[] = {3, 4};
    plan = tu_expr_plan(shape2, 2, "[None, 1, ::2]");
    const int64_t two[] = {2};
    assert_int_equal(clslice_plan_scatter_layout(plan, two, 1,
                                                 CLSLICE_VALUE_BROADCAST, &l,
                                                 NULL), CLSLICE_OK);
    assert_layout(&l, 0, 4, 2, I(1), I(0), I(0), I(2), I(1), I(2));
    clslice_plan_release(&plan);
}

/* Stride-0 dims merge with each other, never with a moving dim. */
static void test_simplify_broadcast(void **state)
{
    (void)state;
    const int64_t shape[] = {4, 6, 5};
    clslice_plan *plan = tu_expr_plan(shape, 3, "[1:3]");
    clslice_layout l;
    /* a fill of two whole rows: one run, source stride 0 */
    assert_int_equal(clslice_plan_scatter_layout(plan, NULL, 0,
                                                 CLSLICE_VALUE_BROADCAST, &l,
                                                 NULL), CLSLICE_OK);
    clslice_layout_simplify(&l);
    assert_layout(&l, 0, 30, 1, I(60), I(0), I(1));
    /* [6, 5] repeated over 2 rows: the repeat stays a dim of its own */
    const int64_t plane[] = {6, 5};
    assert_int_equal(clslice_plan_scatter_layout(plan, plane, 2,
                                                 CLSLICE_VALUE_BROADCAST, &l,
                                                 NULL), CLSLICE_OK);
    clslice_layout_simplify(&l);
    assert_layout(&l, 0, 30, 2, I(2), I(0), I(30), I(30), I(1), I(1));
    /* [2, 1, 5]: dims 0 and 1 do not chain (source 5 vs 0 * 6) */
    const int64_t rows[] = {2, 1, 5};
    assert_int_equal(clslice_plan_scatter_layout(plan, rows, 3,
                                                 CLSLICE_VALUE_BROADCAST, &l,
                                                 NULL), CLSLICE_OK);
    clslice_layout_simplify(&l);
    assert_layout(&l, 0, 30, 3, I(2), I(5), I(30), I(6), I(0), I(5), I(5),
                  I(1), I(1));
    /* [2, 6, 1]: the last dim broadcasts; dims 0 and 1 chain */
    const int64_t cols[] = {2, 6, 1};
    assert_int_equal(clslice_plan_scatter_layout(plan, cols, 3,
                                                 CLSLICE_VALUE_BROADCAST, &l,
                                                 NULL), CLSLICE_OK);
    clslice_layout_simplify(&l);
    assert_layout(&l, 0, 30, 2, I(12), I(1), I(5), I(5), I(0), I(1));
    clslice_plan_release(&plan);
}

/* ---- worked writes ---------------------------------------------------- */

static void test_fill_and_grad_example(void **state)
{
    (void)state;
    const int64_t shape[] = {2, 3};
    clslice_plan *plan = tu_expr_plan(shape, 2, "[:, ::-2]");
    int32_t dst[6] = {1, 2, 3, 4, 5, 6};
    const int32_t seven = 7;
    assert_int_equal(clslice_host_scatter(plan, 4, &seven, NULL, 0, 4,
                                          CLSLICE_VALUE_BROADCAST, dst,
                                          sizeof dst, NULL), CLSLICE_OK);
    const int32_t filled[6] = {7, 2, 7, 7, 5, 7};
    assert_memory_equal(dst, filled, sizeof dst);
    const int32_t dy[4] = {10, 20, 30, 40};
    const int64_t dy_shape[] = {2, 2};
    assert_int_equal(clslice_host_grad(plan, 4, dy, dy_shape, 2, sizeof dy,
                                       dst, sizeof dst, NULL), CLSLICE_OK);
    const int32_t grad[6] = {20, 0, 10, 40, 0, 30};
    assert_memory_equal(dst, grad, sizeof dst);
    clslice_plan_release(&plan);
}

/* An empty slice: BROADCAST checks no shape (TF), EXACT does. */
static void test_empty_slice(void **state)
{
    (void)state;
    const int64_t shape[] = {2, 3};
    clslice_plan *plan = tu_expr_plan(shape, 2, "[8:10, 8:10]");
    uint8_t dst[6] = {1, 2, 3, 4, 5, 6};
    const uint8_t value[1] = {9};
    const int64_t wrong[] = {1, 0};
    clslice_error err;
    assert_int_equal(clslice_host_scatter(plan, 1, value, wrong, 2, 0,
                                          CLSLICE_VALUE_BROADCAST, dst, 6,
                                          &err), CLSLICE_OK);
    assert_int_equal(clslice_host_scatter(plan, 1, value, wrong, 2, 0,
                                          CLSLICE_VALUE_EXACT, dst, 6, &err),
                     CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE, "value dim 0 has size 1",
                    "slice dim 0 has size 0", NULL);
    const uint8_t same[6] = {1, 2, 3, 4, 5, 6};
    assert_memory_equal(dst, same, 6);
    /* the empty dy of an empty slice zeroes the output */
    const int64_t final[] = {0, 0};
    assert_int_equal(clslice_host_grad(plan, 1, NULL, final, 2, 0, dst, 6,
                                       &err), CLSLICE_OK);
    const uint8_t zeros[6] = {0};
    assert_memory_equal(dst, zeros, 6);
    clslice_plan_release(&plan);
}

/* ---- errors ------------------------------------------------------------- */

/* Runs a scatter that must fail, and checks dst was not written. */
static void expect_scatter_error(const clslice_plan *plan, size_t es,
                                 const int64_t *shape, int rank,
                                 size_t value_bytes, clslice_value_rule rule,
                                 size_t dst_bytes, clslice_status status,
                                 const char *part1, const char *part2)
{
    uint8_t value[512], dst[512], before[512];
    memset(value, 0x11, sizeof value);
    memset(dst, 0x22, sizeof dst);
    memcpy(before, dst, sizeof dst);
    clslice_error err;
    assert_int_equal(clslice_host_scatter(plan, es, value, shape, rank,
                                          value_bytes, rule, dst, dst_bytes,
                                          &err), status);
    tu_assert_error(&err, status, part1, part2, NULL);
    assert_memory_equal(dst, before, sizeof dst);
}

static void test_shape_errors(void **state)
{
    (void)state;
    const int64_t shape[] = {4, 6};
    clslice_plan *plan = tu_expr_plan(shape, 2, "[1:3, None, ::2]");
    /* final shape [2, 1, 3] */
    const int64_t bad_last[] = {2};
    expect_scatter_error(plan, 4, bad_last, 1, 8, CLSLICE_VALUE_BROADCAST, 96,
                         CLSLICE_ERROR_SHAPE, "value dim 0 has size 2",
                         "slice dim 2 has size 3 (final shape [2,1,3])");
    const int64_t bad_axis[] = {2, 2, 3};
    expect_scatter_error(plan, 4, bad_axis, 3, 48, CLSLICE_VALUE_BROADCAST,
                         96, CLSLICE_ERROR_SHAPE, "value dim 1 has size 2",
                         "slice dim 1 has size 1");
    const int64_t leading[] = {2, 2, 1, 3};
    expect_scatter_error(plan, 4, leading, 4, 48, CLSLICE_VALUE_BROADCAST, 96,
                         CLSLICE_ERROR_SHAPE, "value dim 0 has size 2",
                         "extra leading value dims must be 1");
    const int64_t broadcastable[] = {1, 3};
    expect_scatter_error(plan, 4, broadcastable, 2, 12, CLSLICE_VALUE_EXACT,
                         96, CLSLICE_ERROR_SHAPE, "value has rank 2",
                         "final shape [2,1,3] has rank 3");
    const int64_t near[] = {2, 1, 4};
    expect_scatter_error(plan, 4, near, 3, 32, CLSLICE_VALUE_EXACT, 96,
                         CLSLICE_ERROR_SHAPE, "value dim 2 has size 4",
                         "slice dim 2 has size 3");
    /* grad names dy */
    uint8_t out[96];
    memset(out, 0x33, sizeof out);
    clslice_error err;
    assert_int_equal(clslice_host_grad(plan, 4, out, near, 3, 32, out, 96,
                                       &err), CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE, "dy dim 2 has size 4", NULL);
    assert_int_equal(clslice_host_grad(plan, 4, out, near, 2, 32, out, 96,
                                       &err), CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE, "dy has rank 2", NULL);
    for (size_t i = 0; i < sizeof out; i++)
        assert_int_equal(out[i], 0x33);
    clslice_plan_release(&plan);
}

static void test_argument_errors(void **state)
{
    (void)state;
    const int64_t shape[] = {4, 6};
    clslice_plan *plan = tu_expr_plan(shape, 2, "[1:3, ::2]");
    const int64_t ok[] = {2, 3};
    expect_scatter_error(NULL, 4, ok, 2, 24, CLSLICE_VALUE_EXACT, 96,
                         CLSLICE_ERROR_ARGUMENT, "plan is NULL (released?)",
                         NULL);
    expect_scatter_error(plan, 0, ok, 2, 24, CLSLICE_VALUE_EXACT, 96,
                         CLSLICE_ERROR_ARGUMENT, "elem_size is 0", NULL);
    expect_scatter_error(plan, 4, ok, 2, 24, (clslice_value_rule)7, 96,
                         CLSLICE_ERROR_ARGUMENT,
                         "rule = 7 is not a clslice_value_rule", NULL);
    expect_scatter_error(plan, 4, ok, -1, 24, CLSLICE_VALUE_EXACT, 96,
                         CLSLICE_ERROR_ARGUMENT, "value_rank = -1", NULL);
    expect_scatter_error(plan, 4, ok, CLSLICE_MAX_RANK + 1, 24,
                         CLSLICE_VALUE_EXACT, 96, CLSLICE_ERROR_RANK,
                         "value_rank = 33 exceeds CLSLICE_MAX_RANK", NULL);
    expect_scatter_error(plan, 4, NULL, 2, 24, CLSLICE_VALUE_EXACT, 96,
                         CLSLICE_ERROR_ARGUMENT,
                         "value_shape is NULL but value_rank = 2", NULL);
    const int64_t negative[] = {2, -3};
    expect_scatter_error(plan, 4, negative, 2, 24, CLSLICE_VALUE_EXACT, 96,
                         CLSLICE_ERROR_ARGUMENT,
                         "value_shape[1] = -3 is negative", NULL);
    const int64_t huge[] = {INT64_MAX / 2, 3, 1};
    expect_scatter_error(plan, 4, huge, 3, 24, CLSLICE_VALUE_BROADCAST, 96,
                         CLSLICE_ERROR_SHAPE, "the value has more than",
                         "overflow at dim 1 of size 3");
    /* buffers */
    expect_scatter_error(plan, 4, ok, 2, 23, CLSLICE_VALUE_EXACT, 96,
                         CLSLICE_ERROR_BUFFER,
                         "value_bytes = 23 is too small: the value needs 24 "
                         "bytes (6 elements of 4 bytes)", NULL);
    expect_scatter_error(plan, 4, ok, 2, 24, CLSLICE_VALUE_EXACT, 95,
                         CLSLICE_ERROR_BUFFER,
                         "dst_bytes = 95 is too small: the destination "
                         "tensor needs 96 bytes (24 elements", NULL);
    clslice_error err;
    uint8_t dst[96];
    assert_int_equal(clslice_host_scatter(plan, 4, NULL, ok, 2, 24,
                                          CLSLICE_VALUE_EXACT, dst, 96, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "value is NULL", NULL);
    assert_int_equal(clslice_host_scatter(plan, 4, dst, ok, 2, 24,
                                          CLSLICE_VALUE_EXACT, NULL, 96, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dst is NULL", NULL);
    assert_int_equal(clslice_host_grad(plan, 4, dst, ok, 2, 24, dst, 95,
                                       &err), CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "out_bytes = 95 is too small",
                    "the output tensor needs 96 bytes", NULL);
    assert_int_equal(clslice_host_grad(plan, 4, dst, ok, 2, 20, dst, 96,
                                       &err), CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "dy_bytes = 20 is too small",
                    "the dy tensor needs 24 bytes", NULL);
    assert_int_equal(clslice_host_grad(NULL, 4, dst, ok, 2, 24, dst, 96,
                                       &err), CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "plan is NULL", NULL);
    clslice_layout l;
    assert_int_equal(clslice_plan_scatter_layout(plan, ok, 2,
                                                 CLSLICE_VALUE_EXACT, NULL,
                                                 &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "layout is NULL", NULL);
    clslice_plan_release(&plan);
    /* a released plan is NULL */
    assert_int_equal(clslice_plan_scatter_layout(plan, ok, 2,
                                                 CLSLICE_VALUE_EXACT, &l,
                                                 &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "plan is NULL (released?)",
                    NULL);
    /* unknown sizes cannot be written */
    const int64_t unknown[] = {CLSLICE_UNKNOWN, 6};
    plan = tu_expr_plan(unknown, 2, "[1:3]");
    assert_int_equal(clslice_host_scatter(plan, 4, dst, NULL, 0, 4,
                                          CLSLICE_VALUE_BROADCAST, dst, 96,
                                          &err), CLSLICE_ERROR_UNKNOWN);
    clslice_plan_release(&plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layouts),
        cmocka_unit_test(test_simplify_broadcast),
        cmocka_unit_test(test_fill_and_grad_example),
        cmocka_unit_test(test_empty_slice),
        cmocka_unit_test(test_shape_errors),
        cmocka_unit_test(test_argument_errors),
        cmocka_unit_test(test_random_low_ranks),
        cmocka_unit_test(test_random_high_ranks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
