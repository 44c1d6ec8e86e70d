/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_host_gather2 and clslice_host_scatter2 between strided views
 * against the naive reference of randstrided.h, on random plans of rank 0-5 from every
 * front-end, random source and destination views (permuted, padded,
 * reversed, interleaved, broadcast sources, NULL strides) and element
 * sizes 1, 2, 3, 4, 8 and 16.  Buffers are sentinel-filled around and
 * inside the destination view, so a write to any byte the view does not
 * address shows.  Then the layouts themselves (a contiguous view still
 * simplifies to one run), and every error, each naming its argument.
 */
#include <stdlib.h>

#include "hostcall.h"
#include "randplan.h"
#include "randstrided.h"
#include "randvalue.h"
#include "testutil.h"

enum {
    CASES = 3000,
    MAX_ELEMS = 512,
    TAIL = 24,
    SENTINEL = 0x5A
};

static const size_t ELEM_SIZES[] = {1, 2, 3, 4, 8, 16};

static uint64_t g_seed;
static char g_case[6000];
#define EXPECT(cond) TU_EXPECT(cond, g_case, g_seed)

static clslice_plan *random_plan(tu_rng *rng, rp_case *c)
{
    for (;;) {
        clslice_plan *plan = NULL;
        rp_random_case(rng, (int)tu_range(rng, 0, 5), MAX_ELEMS, c);
        if (rp_build(c, &plan, NULL) == CLSLICE_OK)
            return plan;
    }
}

static unsigned char *random_bytes(tu_rng *rng, size_t n)
{
    unsigned char *p = malloc(n ? n : 1);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)tu_next(rng);
        p[i] = b == SENTINEL ? (unsigned char)~b : b;
    }
    return p;
}

static unsigned char *sentinel_bytes(size_t n)
{
    unsigned char *p = malloc(n ? n : 1);
    assert_non_null(p);
    memset(p, SENTINEL, n);
    return p;
}

static void describe(const rp_case *c, size_t elem_size, const rs_tensor *a,
                     const rs_tensor *b)
{
    char in[700], out[700];
    rs_describe(a, in, sizeof in);
    rs_describe(b, out, sizeof out);
    snprintf(g_case, sizeof g_case, "%s, elem_size %zu, in %s, out %s",
             c->desc, elem_size, in, out);
}

/* ---- gathers ------------------------------------------------------------- */

static void gather_case(tu_rng *rng)
{
    rp_case c;
    clslice_plan *plan = random_plan(rng, &c);
    size_t es = ELEM_SIZES[tu_range(rng, 0, 5)];
    int64_t out_shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, out_shape);
    rs_tensor sv, dv;
    rs_random_tensor(rng, c.shape, c.rank, true, es, &sv);
    rs_random_tensor(rng, out_shape, clslice_plan_output_rank(plan), false, es,
                     &dv);
    describe(&c, es, &sv, &dv);
    size_t src_bytes = sv.need + (size_t)tu_range(rng, 0, TAIL);
    size_t dst_bytes = dv.need + TAIL;
    unsigned char *src = random_bytes(rng, src_bytes);
    unsigned char *got = sentinel_bytes(dst_bytes);
    unsigned char *want = sentinel_bytes(dst_bytes);
    rs_gather(plan, es, src, &sv, want, &dv);

    clslice_error err;
    clslice_status st = tu_host_gather(
        plan, es, tu_tensor(src, src_bytes, sv.offset, rs_strides(&sv)), NULL,
        tu_tensor(got, dst_bytes, dv.offset, rs_strides(&dv)), NULL, &err);
    if (st != CLSLICE_OK)
        print_error("%s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    EXPECT(memcmp(got, want, dst_bytes) == 0);
    /* two NULL views are clslice_host_gather */
    if (sv.null_strides && dv.null_strides) {
        memset(got, SENTINEL, dst_bytes);
        EXPECT(clslice_host_gather(plan, es, src + sv.offset,
                                   src_bytes - sv.offset, got, dst_bytes,
                                   NULL) == CLSLICE_OK);
        EXPECT(memcmp(got, want + dv.offset, dst_bytes - dv.offset) == 0);
    }
    free(src);
    free(got);
    free(want);
    clslice_plan_release(&plan);
}

static void test_gather_random(void **state)
{
    (void)state;
    g_seed = tu_seed(0x5EED0F1E);
    tu_rng rng = {g_seed};
    for (long i = 0; i < tu_scaled(CASES); i++)
        gather_case(&rng);
}

/* ---- scatters ------------------------------------------------------------ */

static void scatter_case(tu_rng *rng)
{
    rp_case c;
    clslice_plan *plan = random_plan(rng, &c);
    size_t es = ELEM_SIZES[tu_range(rng, 0, 5)];
    rv_value v;
    rv_random_value(rng, plan, 0, &v);
    rs_tensor vv, dv;
    rs_random_tensor(rng, v.shape, v.rank, true, es, &vv);
    rs_random_tensor(rng, c.shape, c.rank, false, es, &dv);
    describe(&c, es, &vv, &dv);
    size_t value_bytes = vv.need + (size_t)tu_range(rng, 0, TAIL);
    size_t dst_bytes = dv.need + TAIL;
    unsigned char *value = random_bytes(rng, value_bytes);
    unsigned char *got = sentinel_bytes(dst_bytes);
    unsigned char *want = sentinel_bytes(dst_bytes);
    rs_scatter(plan, es, value, &vv, want, &dv);

    clslice_error err;
    clslice_status st = tu_host_scatter(
        plan, es, tu_tensor(value, value_bytes, vv.offset, rs_strides(&vv)),
        v.shape, v.rank, NULL, v.rule,
        tu_tensor(got, dst_bytes, dv.offset, rs_strides(&dv)), NULL, &err);
    if (st != CLSLICE_OK)
        print_error("%s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    EXPECT(memcmp(got, want, dst_bytes) == 0);
    free(value);
    free(got);
    free(want);
    clslice_plan_release(&plan);
}

static void test_scatter_random(void **state)
{
    (void)state;
    g_seed = tu_seed(0x5EED5CA7);
    tu_rng rng = {g_seed};
    for (long i = 0; i < tu_scaled(CASES); i++)
        scatter_case(&rng);
}

/* ---- layouts ------------------------------------------------------------- */

/* [1:3, ::-1] of a 4x5 tensor stored transposed (strides {1, 4}), into a
 * 2x5 output stored column-major (strides {1, 2}). */
static void test_layout_transposed(void **state)
{
    (void)state;
    int64_t shape[] = {4, 5};
    clslice_plan *plan = tu_expr_plan(shape, 2, "1:3, ::-1");
    clslice_layout l;
    const int64_t src[] = {1, 4}, dst[] = {1, 2};
    assert_int_equal(clslice_plan_layout_strided(plan, src, dst, &l, NULL),
                     CLSLICE_OK);
    assert_int_equal(l.rank, 2);
    assert_int_equal(l.offset, 1 * 1 + 4 * 4); /* element (1, 4) */
    assert_int_equal(l.src_stride[0], 1);
    assert_int_equal(l.src_stride[1], -4);
    assert_int_equal(l.dst_stride[0], 1);
    assert_int_equal(l.dst_stride[1], 2);
    assert_int_equal(l.dst_offset, 0);
    assert_int_equal(l.src_min, 1);
    assert_int_equal(l.src_max, 18);
    clslice_plan_release(&plan);
}

/* An empty source skips the view's extent check, so its strides may be
 * absurd: the gather must still succeed without any arithmetic on them
 * overflowing (UBSan, which the sanitizer build makes fatal, caught
 * (count - 1) * stride here once). */
static void test_empty_source_huge_strides(void **state)
{
    (void)state;
    int64_t shape[] = {0, 16};
    const char *exprs[] = {":, ::1", ":, 8:"}; /* (count-1)*stride, start */
    for (size_t i = 0; i < sizeof exprs / sizeof *exprs; i++) {
        clslice_plan *plan = tu_expr_plan(shape, 2, exprs[i]);
        const int64_t src[] = {1, INT64_MAX / 4}, dst[] = {16, 1};
        unsigned char in = 0x11, out = 0x22;
        clslice_error err;
        assert_int_equal(tu_host_gather(plan, 1, tu_tensor(&in, 1, 0, src),
                                        NULL, tu_tensor(&out, 1, 0, dst), NULL,
                                        &err),
                         CLSLICE_OK);
        assert_int_equal(out, 0x22);
        clslice_plan_release(&plan);
    }
    /* Row-major strides of an empty tensor whose other dims multiply past
     * INT64_MAX (a .npy of shape (0, 2^62, 4)): no element, no overflow,
     * gathered and scattered as the empty tensor it is (issue 30). */
    const int64_t huge[] = {0, INT64_C(1) << 62, 4};
    clslice_plan *plan = tu_expr_plan(huge, 3, "::2");
    unsigned char in = 0x11, out = 0x22;
    clslice_error err;
    assert_int_equal(tu_host_gather(plan, 1, tu_tensor(&in, 1, 0, NULL), NULL,
                                    tu_tensor(&out, 1, 0, NULL), NULL, &err),
                     CLSLICE_OK);
    assert_int_equal(tu_host_scatter(plan, 1, tu_tensor(&in, 1, 0, NULL),
                                     huge, 3, NULL, CLSLICE_VALUE_EXACT,
                                     tu_tensor(&out, 1, 0, NULL), NULL, &err),
                     CLSLICE_OK);
    assert_int_equal(out, 0x22);
    clslice_plan_release(&plan);
}

/* Views that are contiguous where the slice runs still simplify to one
 * run, so the device takes its copy path: rows 1-2 of a padded 4x5 tensor
 * (row pitch 8) keep two runs, whole rows of an unpadded one become one. */
static void test_layout_simplifies(void **state)
{
    (void)state;
    int64_t shape[] = {4, 5};
    clslice_plan *plan = tu_expr_plan(shape, 2, "1:3");
    clslice_layout l;
    const int64_t padded[] = {8, 1}, dense[] = {5, 1}, out[] = {5, 1};
    assert_int_equal(clslice_plan_layout_strided(plan, padded, out, &l,
                                                 NULL),
                     CLSLICE_OK);
    clslice_layout_simplify(&l);
    assert_int_equal(l.rank, 2);
    assert_int_equal(l.offset, 8);
    assert_int_equal(clslice_plan_layout_strided(plan, dense, NULL, &l,
                                                 NULL),
                     CLSLICE_OK);
    clslice_layout_simplify(&l);
    assert_int_equal(l.rank, 1);
    assert_int_equal(l.count[0], 10);
    assert_int_equal(l.offset, 5);
    assert_int_equal(l.src_stride[0], 1);
    assert_int_equal(l.dst_stride[0], 1);
    clslice_plan_release(&plan);
}

/* A value dim that broadcasts reads at stride 0 whatever its view says;
 * the destination view's strides give dst_offset and dst_stride. */
static void test_layout_scatter(void **state)
{
    (void)state;
    int64_t shape[] = {4, 6};
    clslice_plan *plan = tu_expr_plan(shape, 2, "1:3, ::2");
    const int64_t vshape[] = {1, 3}, vstrides[] = {100, -2};
    const int64_t dstrides[] = {-10, 1};
    clslice_layout l;
    assert_int_equal(clslice_plan_scatter_layout_strided(
                         plan, vshape, 2, vstrides, CLSLICE_VALUE_BROADCAST,
                         dstrides, &l, NULL),
                     CLSLICE_OK);
    assert_int_equal(l.offset, 0);
    assert_int_equal(l.src_stride[0], 0);
    assert_int_equal(l.src_stride[1], -2);
    assert_int_equal(l.dst_offset, -10);
    assert_int_equal(l.dst_stride[0], -10);
    assert_int_equal(l.dst_stride[1], 2);
    clslice_plan_release(&plan);
}

/* ---- errors -------------------------------------------------------------- */

static void test_errors(void **state)
{
    (void)state;
    int64_t shape[] = {3, 4};
    clslice_plan *plan = tu_expr_plan(shape, 2, ":, 1:");
    unsigned char src[256] = {0}, dst[256] = {0};
    clslice_error err;
    const int64_t rev[] = {-4, 1};

    /* negative strides reach before the offset */
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(src, sizeof src, 16, rev), NULL,
                       tu_tensor(dst, sizeof dst, 0, NULL), NULL, &err),
        CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "src view", "before",
                    "src.offset = 16", "32", NULL);
    /* ...and fit once the offset leaves room */
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(src, sizeof src, 32, rev), NULL,
                       tu_tensor(dst, sizeof dst, 0, NULL), NULL, &err),
        CLSLICE_OK);
    /* a buffer too small for the view's last byte */
    const int64_t padded[] = {10, 1};
    assert_int_equal(tu_host_gather(plan, 4, tu_tensor(src, 95, 0, padded),
                                    NULL, tu_tensor(dst, sizeof dst, 0, NULL),
                                    NULL, &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "src.data is too small", "96",
                    "src.bytes = 95", NULL);
    assert_int_equal(tu_host_gather(plan, 4,
                                    tu_tensor(src, sizeof src, 0, NULL), NULL,
                                    tu_tensor(dst, 300, 290, NULL), NULL, &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "dst.data is too small",
                    "dst.offset = 290", NULL);
    /* destinations that address an element twice */
    const int64_t zero[] = {0, 1}, clash[] = {2, 1};
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(src, sizeof src, 0, NULL), NULL,
                       tu_tensor(dst, sizeof dst, 0, zero), NULL, &err),
        CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dst.strides[0] = 0",
                    "twice", NULL);
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(src, sizeof src, 0, NULL), NULL,
                       tu_tensor(dst, sizeof dst, 0, clash), NULL, &err),
        CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dst.strides[0] = 2",
                    "reach 2", NULL);
    /* a source may repeat elements */
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(src, sizeof src, 0, zero), NULL,
                       tu_tensor(dst, sizeof dst, 0, NULL), NULL, &err),
        CLSLICE_OK);
    /* extents past int64 */
    const int64_t huge[] = {INT64_MAX / 2 + 1, 1}, tiny[] = {INT64_MIN, 1};
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(src, sizeof src, 0, huge), NULL,
                       tu_tensor(dst, sizeof dst, 0, NULL), NULL, &err),
        CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "src.strides[0] = ",
                    "int64", NULL);
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(src, sizeof src, 0, NULL), NULL,
                       tu_tensor(dst, sizeof dst, 0, tiny), NULL, &err),
        CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "dst.strides[0] = ", NULL);
    /* an extent that fits int64 but not a size_t of bytes */
    const int64_t big[] = {INT64_MAX / 4, 1};
    assert_int_equal(
        tu_host_gather(plan, 16, tu_tensor(src, sizeof src, 0, big), NULL,
                       tu_tensor(dst, sizeof dst, 0, NULL), NULL, &err),
        CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "src view",
                    "larger than any buffer", NULL);
    /* source and destination overlapping in one buffer */
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(src, sizeof src, 0, NULL), NULL,
                       tu_tensor(src, sizeof src, 40, NULL), NULL, &err),
        CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "src and dst overlap",
                    NULL);
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(src, sizeof src, 0, NULL), NULL,
                       tu_tensor(src, sizeof src, 48, NULL), NULL, &err),
        CLSLICE_OK);
    /* NULL buffers only where nothing is addressed */
    assert_int_equal(tu_host_gather(plan, 4, tu_tensor(NULL, 0, 0, NULL), NULL,
                                    tu_tensor(dst, sizeof dst, 0, NULL), NULL,
                                    &err),
                     CLSLICE_ERROR_BUFFER);
    assert_int_equal(tu_host_gather(plan, 4, tu_tensor(NULL, 100, 0, NULL),
                                    NULL, tu_tensor(dst, sizeof dst, 0, NULL),
                                    NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "src.data is NULL", NULL);
    clslice_plan_release(&plan);

    int64_t empty_shape[] = {3, 0};
    clslice_plan *empty = tu_expr_plan(empty_shape, 2, ":");
    assert_int_equal(tu_host_gather(empty, 4, tu_tensor(NULL, 0, 0, zero), NULL,
                                    tu_tensor(NULL, 0, 0, zero), NULL, &err),
                     CLSLICE_OK);
    clslice_plan_release(&empty);
}

static void test_scatter_errors(void **state)
{
    (void)state;
    int64_t shape[] = {3, 4};
    clslice_plan *plan = tu_expr_plan(shape, 2, ":, 1:");
    unsigned char value[256] = {0}, dst[256] = {0};
    clslice_error err;
    const int64_t vshape[] = {3, 3}, bshape[] = {1, 3};
    const int64_t zero[] = {0, 1}, vrev[] = {1, -1};
    /* a zero stride on the destination is refused even outside the slice's
     * reach, a broadcast value view is fine */
    assert_int_equal(
        tu_host_scatter(plan, 4, tu_tensor(value, sizeof value, 0, zero),
                        vshape, 2, NULL, CLSLICE_VALUE_EXACT,
                        tu_tensor(dst, sizeof dst, 0, zero), NULL, &err),
        CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dst.strides[0] = 0", NULL);
    assert_int_equal(
        tu_host_scatter(plan, 4, tu_tensor(value, sizeof value, 0, zero),
                        vshape, 2, NULL, CLSLICE_VALUE_EXACT,
                        tu_tensor(dst, sizeof dst, 0, NULL), NULL, &err),
        CLSLICE_OK);
    assert_int_equal(
        tu_host_scatter(plan, 4, tu_tensor(value, sizeof value, 4, vrev),
                        bshape, 2, NULL, CLSLICE_VALUE_BROADCAST,
                        tu_tensor(dst, sizeof dst, 0, NULL), NULL, &err),
        CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "value view", "before",
                    "value.offset = 4", NULL);
    /* shape rules still apply */
    assert_int_equal(
        tu_host_scatter(plan, 4, tu_tensor(value, sizeof value, 0, NULL),
                        bshape, 2, NULL, CLSLICE_VALUE_EXACT,
                        tu_tensor(dst, sizeof dst, 0, NULL), NULL, &err),
        CLSLICE_ERROR_SHAPE);
    /* the whole dst view must fit */
    assert_int_equal(tu_host_scatter(plan, 4,
                                     tu_tensor(value, sizeof value, 0, NULL),
                                     bshape, 2, NULL, CLSLICE_VALUE_BROADCAST,
                                     tu_tensor(dst, 47, 0, NULL), NULL, &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "dst.data is too small", "48",
                    NULL);
    clslice_plan_release(&plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gather_random),
        cmocka_unit_test(test_scatter_random),
        cmocka_unit_test(test_layout_transposed),
        cmocka_unit_test(test_empty_source_huge_strides),
        cmocka_unit_test(test_layout_simplifies),
        cmocka_unit_test(test_layout_scatter),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_scatter_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
