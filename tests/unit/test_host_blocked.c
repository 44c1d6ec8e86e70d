/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_host_gather2 and clslice_host_scatter2 with blocked tensors
 * against a reference that unblocks, slices with the plain host executors and
 * blocks again (randblocked.h), on random plans of every front-end and
 * random tensors, blocked or plain on either side, in buffers with guard
 * bytes: every byte, padding lanes and the bytes no tensor addresses
 * included, must match.  The cases must reach both ways a lanes layout
 * runs (made affine, or through its lane maps), which the test asks the
 * internal builder.  Then named cases of the engines' layouts, and every
 * check with its message.
 */
#include <stdlib.h>
#include <string.h>

#include "core/layout/blocked_layout.h"
#include "hostcall.h"
#include "randblocked.h"
#include "randvalue.h"
#include "testutil.h"

enum {
    CASES = 6000,
    MAX_ELEMS = 200,
    MAX_BYTES = 256 << 10, /* bytes a tensor's storage may span */
    GUARD = 24,
    SENTINEL = 0xA5
};

static const size_t ELEM_SIZES[] = {1, 2, 3, 4, 8, 16};
static uint64_t g_seed;
static char g_case[4096];
static long g_affine, g_lanes, g_padded;

#define EXPECT(cond) TU_EXPECT(cond, g_case, g_seed)

/* ---- random cases --------------------------------------------------------- */

static clslice_plan *random_plan(tu_rng *rng, rp_case *c)
{
    for (;;) {
        clslice_plan *plan = NULL;
        rp_random_case(rng, (int)tu_range(rng, 1, 4), MAX_ELEMS, c);
        if (rp_build(c, &plan, NULL) == CLSLICE_OK)
            return plan;
    }
}

/* A random tensor whose storage stays below MAX_BYTES (else a dense
 * plain one). */
static void bounded(tu_rng *rng, const int64_t *shape, int rank,
                    bool blocked, bool repeat, size_t es, rb_tensor *t)
{
    for (int tries = 0; tries < 20; tries++) {
        rb_random_tensor(rng, shape, rank, blocked, repeat, es, t);
        if (t->need <= MAX_BYTES)
            return;
    }
    rb_random_tensor(rng, shape, rank, false, false, es, t);
    rs_tensor dense;
    rs_dense_tensor(shape, rank, 0, es, &dense);
    memcpy(t->stride, dense.stride, sizeof t->stride);
    t->null_strides = true;
    t->offset = 0;
    t->need = dense.need;
}

/* Which sides are blocked: at least one, mostly. */
static void sides(tu_rng *rng, bool *in, bool *out)
{
    int pick = (int)tu_range(rng, 0, 9);
    *in = pick < 4 || pick >= 8;
    *out = pick >= 4;
}

/* How the library will run the case: count affine and lanes layouts. */
static void classify(cs_lanes *lanes)
{
    clslice_layout layout;
    if (lanes->base.elements == 0)
        return;
    cs_lanes_simplify(lanes);
    bool pad = lanes->dst.dim >= 0 &&
               (lanes->dst.lo > 0 ||
                lanes->dst.hi < lanes->base.count[lanes->dst.dim]);
    g_padded += pad;
    if (cs_lanes_affine(lanes, &layout))
        g_affine++;
    else
        g_lanes++;
}

/* Buffers of a case: the source with random bytes, the destination with
 * the sentinel, and the expected destination. */
typedef struct buffers {
    unsigned char *src, *got, *want;
    size_t src_bytes, dst_bytes;
} buffers;

static void make_buffers(tu_rng *rng, const rb_tensor *in,
                         const rb_tensor *out, buffers *b)
{
    b->src_bytes = in->need + GUARD;
    b->dst_bytes = out->need + GUARD;
    b->src = malloc(b->src_bytes);
    b->got = malloc(b->dst_bytes);
    b->want = malloc(b->dst_bytes);
    assert_true(b->src && b->got && b->want);
    for (size_t i = 0; i < b->src_bytes; i++)
        b->src[i] = (unsigned char)tu_next(rng);
    memset(b->got, SENTINEL, b->dst_bytes);
    memset(b->want, SENTINEL, b->dst_bytes);
}

static void free_buffers(buffers *b)
{
    free(b->src);
    free(b->got);
    free(b->want);
}

static void describe(const char *what, const rp_case *c, size_t es,
                     const rb_tensor *in, const rb_tensor *out)
{
    char a[600], b[600];
    rb_describe(in, a, sizeof a);
    rb_describe(out, b, sizeof b);
    g_case[0] = '\0';
    rp_append(g_case, sizeof g_case, "%s of %s, elem_size %zu, from %s into "
              "%s", what, c->desc, es, a, b);
}

static void gather_case(tu_rng *rng)
{
    rp_case c;
    clslice_plan *plan = random_plan(rng, &c);
    size_t es = ELEM_SIZES[tu_range(rng, 0, 5)];
    int64_t out_shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, out_shape);
    bool bin, bout;
    sides(rng, &bin, &bout);
    rb_tensor in, out;
    bounded(rng, c.shape, c.rank, bin, true, es, &in);
    bounded(rng, out_shape, clslice_plan_output_rank(plan), bout, false, es,
            &out);
    describe("gather", &c, es, &in, &out);
    buffers b;
    make_buffers(rng, &in, &out, &b);
    clslice_error err;
    clslice_status st = tu_host_gather(
        plan, es, tu_tensor(b.src, b.src_bytes, in.offset, rb_strides(&in)),
        rb_blocking(&in),
        tu_tensor(b.got, b.dst_bytes, out.offset, rb_strides(&out)),
        rb_blocking(&out), &err);
    if (st != CLSLICE_OK)
        fail_msg("%s\n  case: %s\n  seed 0x%016" PRIx64, err.message, g_case,
                 g_seed);
    rb_gather(plan, es, b.src, &in, b.want, &out);
    EXPECT(memcmp(b.got, b.want, b.dst_bytes) == 0);

    cs_strided_view sv, dv;
    cs_lanes lanes;
    cs_tensor_form from = {rb_strides(&in), rb_blocking(&in)};
    cs_tensor_form to = {rb_strides(&out), rb_blocking(&out)};
    EXPECT(cs_blocked_gather_lanes(plan, from, to, false, &sv, &dv, &lanes,
                                   NULL) == CLSLICE_OK);
    classify(&lanes);
    free_buffers(&b);
    clslice_plan_release(&plan);
}

static void scatter_case(tu_rng *rng)
{
    rp_case c;
    clslice_plan *plan = random_plan(rng, &c);
    size_t es = ELEM_SIZES[tu_range(rng, 0, 5)];
    rv_value v;
    rv_random_value(rng, plan, 0, &v);
    bool bin, bout;
    sides(rng, &bin, &bout);
    rb_tensor in, out;
    bounded(rng, v.shape, v.rank, bin, true, es, &in);
    bounded(rng, c.shape, c.rank, bout, false, es, &out);
    describe("scatter", &c, es, &in, &out);
    buffers b;
    make_buffers(rng, &in, &out, &b);
    for (size_t i = 0; i < b.dst_bytes; i++) /* untouched bytes must stay */
        b.got[i] = b.want[i] = (unsigned char)tu_next(rng);
    clslice_error err;
    clslice_status st = tu_host_scatter(
        plan, es, tu_tensor(b.src, b.src_bytes, in.offset, rb_strides(&in)),
        v.shape, v.rank, rb_blocking(&in), v.rule,
        tu_tensor(b.got, b.dst_bytes, out.offset, rb_strides(&out)),
        rb_blocking(&out), &err);
    if (st != CLSLICE_OK)
        fail_msg("%s\n  case: %s\n  seed 0x%016" PRIx64, err.message, g_case,
                 g_seed);
    rb_scatter(plan, es, b.src, &in, v.rule, b.want, &out);
    EXPECT(memcmp(b.got, b.want, b.dst_bytes) == 0);

    cs_strided_view vv, dv;
    cs_lanes lanes;
    cs_tensor_form from = {rb_strides(&in), rb_blocking(&in)};
    cs_tensor_form to = {rb_strides(&out), rb_blocking(&out)};
    EXPECT(cs_blocked_scatter_lanes(plan, v.shape, v.rank, from, v.rule,
                                    "value", to, false, &vv, &dv, &lanes,
                                    NULL) == CLSLICE_OK);
    classify(&lanes);
    free_buffers(&b);
    clslice_plan_release(&plan);
}

static void test_random(void **state)
{
    (void)state;
    g_seed = tu_seed(0xB10C4ED5);
    tu_rng rng = {g_seed};
    long cases = tu_scaled(CASES);
    for (long i = 0; i < cases; i++) {
        if (i % 2)
            scatter_case(&rng);
        else
            gather_case(&rng);
    }
    print_message("%ld cases (seed 0x%016" PRIx64 "): %ld affine, %ld "
                  "through lane maps, %ld with padding lanes\n", cases,
                  g_seed, g_affine, g_lanes, g_padded);
    assert_true(g_affine > cases / 10);
    assert_true(g_lanes > cases / 10);
    assert_true(g_padded > cases / 20);
}

/* ---- the engines' layouts, named ----------------------------------------- */

/* A float tensor of logical NCHW shape whose element (n, c, h, w) holds
 * 1000 * c + 10 * h + w + 1 (so that 0 is never a value). */
static float value_at(int64_t c, int64_t h, int64_t w)
{
    return (float)(1000 * c + 10 * h + w + 1);
}

/* Channels [c0, c0 + n) of a 1xCxHxW NC4HW4 tensor into plain NCHW:
 * both the aligned slice (whole blocks: one run) and an unaligned one
 * come out as the channels asked for. */
static void test_nc4hw4_to_plain(void **state)
{
    (void)state;
    enum { C = 10, H = 3, W = 5, B = 4, CB = (C + B - 1) / B };
    float src[CB * H * W * B], dst[8 * H * W];
    for (int64_t c = 0; c < CB * B; c++)
        for (int64_t h = 0; h < H; h++)
            for (int64_t w = 0; w < W; w++)
                src[((c / B * H + h) * W + w) * B + c % B] =
                    c < C ? value_at(c, h, w) : -1.0f;
    clslice_blocking nc4hw4 = {.axis = 1, .block = B};
    const int64_t shape[] = {1, C, H, W};
    const char *exprs[] = {":, 4:8", ":, 1:9", ":, 9:1:-3"};
    const int64_t first[] = {4, 1, 9}, steps[] = {1, 1, -3}, counts[] = {
        4, 8, 3};
    for (int e = 0; e < 3; e++) {
        clslice_plan *plan = tu_expr_plan(shape, 4, exprs[e]);
        memset(dst, 0, sizeof dst);
        assert_int_equal(
            tu_host_gather(plan, 4, tu_tensor(src, sizeof src, 0, NULL),
                           &nc4hw4, tu_tensor(dst, sizeof dst, 0, NULL), NULL,
                           NULL),
            CLSLICE_OK);
        for (int64_t k = 0; k < counts[e]; k++)
            for (int64_t h = 0; h < H; h++)
                for (int64_t w = 0; w < W; w++)
                    assert_true(dst[(k * H + h) * W + w] ==
                                value_at(first[e] + k * steps[e], h, w));
        clslice_plan_release(&plan);
    }
}

/* A plain HWC slice into TFLite's PHWC4 (blocks outermost, strides
 * given): the logical elements land in their lanes and the padding
 * lanes of the last block are zeros. */
static void test_plain_to_phwc4(void **state)
{
    (void)state;
    enum { H = 2, W = 3, C = 6, B = 4, S = 2 };
    float src[H * W * C], dst[S * H * W * B];
    for (int64_t i = 0; i < H * W * C; i++)
        src[i] = (float)(i + 1);
    for (int64_t i = 0; i < S * H * W * B; i++)
        dst[i] = -7.0f;
    const int64_t shape[] = {H, W, C};
    const int64_t phwc4[] = {W * B, B, H * W * B};
    clslice_blocking blocking = {.axis = 2, .block = B};
    clslice_plan *plan = tu_expr_plan(shape, 3, "...");
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(src, sizeof src, 0, NULL), NULL,
                       tu_tensor(dst, sizeof dst, 0, phwc4), &blocking, NULL),
        CLSLICE_OK);
    for (int64_t s = 0; s < S; s++)
        for (int64_t h = 0; h < H; h++)
            for (int64_t w = 0; w < W; w++)
                for (int64_t l = 0; l < B; l++) {
                    int64_t c = s * B + l;
                    float want = c < C ? src[(h * W + w) * C + c] : 0.0f;
                    assert_true(dst[((s * H + h) * W + w) * B + l] == want);
                }
    clslice_plan_release(&plan);
}

/* A scatter into fsv16 at channel offset 8 writes its lanes only: the
 * other lanes of both blocks, padding included, keep their bytes. */
static void test_scatter_keeps_padding(void **state)
{
    (void)state;
    enum { C = 20, HW = 3, B = 16, CB = 2 };
    float dst[CB * HW * B], value[12 * HW];
    for (int64_t i = 0; i < CB * HW * B; i++)
        dst[i] = -1.0f - (float)i;
    for (int64_t i = 0; i < 12 * HW; i++)
        value[i] = (float)(i + 1);
    const int64_t shape[] = {1, C, HW}, value_shape[] = {1, 12, HW};
    clslice_blocking fsv16 = {.axis = 1, .block = B};
    clslice_plan *plan = tu_expr_plan(shape, 3, ":, 8:");
    assert_int_equal(
        tu_host_scatter(plan, 4, tu_tensor(value, sizeof value, 0, NULL),
                        value_shape, 3, NULL, CLSLICE_VALUE_EXACT,
                        tu_tensor(dst, sizeof dst, 0, NULL), &fsv16, NULL),
        CLSLICE_OK);
    for (int64_t q = 0; q < CB; q++)
        for (int64_t x = 0; x < HW; x++)
            for (int64_t l = 0; l < B; l++) {
                int64_t c = q * B + l, at = (q * HW + x) * B + l;
                float want = c >= 8 && c < C ? value[(c - 8) * HW + x]
                                             : -1.0f - (float)at;
                assert_true(dst[at] == want);
            }
    clslice_plan_release(&plan);
}

/* ---- checks ---------------------------------------------------------------- */

#define EXPECT_FAIL(call, status, ...)                                      \
    do {                                                                    \
        clslice_error err_;                                                 \
        memset(dst, 0x5A, sizeof dst);                                      \
        assert_int_equal((call), (status));                                 \
        tu_assert_error(&err_, (status), __VA_ARGS__, NULL);                \
        for (size_t i_ = 0; i_ < sizeof dst; i_++)                          \
            assert_int_equal(dst[i_], 0x5A);                                \
    } while (0)

static clslice_status gather(const clslice_plan *plan, const void *src,
                             size_t src_bytes, const clslice_blocking *sb,
                             const int64_t *src_strides, void *dst,
                             size_t dst_bytes, size_t dst_offset,
                             const clslice_blocking *db,
                             const int64_t *dst_strides, clslice_error *err)
{
    return tu_host_gather(
        plan, 4, tu_tensor(src, src_bytes, 0, src_strides), sb,
        tu_tensor(dst, dst_bytes, dst_offset, dst_strides), db, err);
}

static void test_checks(void **state)
{
    (void)state;
    unsigned char src[4096], dst[512];
    memset(src, 1, sizeof src);
    const int64_t shape[] = {2, 6, 3};
    clslice_plan *plan = tu_expr_plan(shape, 3, ":, 1:5");
    clslice_blocking bad_axis = {.axis = 3, .block = 4};
    clslice_blocking bad_block = {.axis = 1, .block = 0};
    clslice_blocking bad_lane = {.axis = 1, .block = 4, .first_lane = 4};
    clslice_blocking bad_flags = {.axis = 1, .block = 4, .flags = 1};
    clslice_blocking b4 = {.axis = 1, .block = 4};
    clslice_blocking b8 = {.axis = 1, .block = 8, .first_lane = 5};

    EXPECT_FAIL(gather(plan, src, sizeof src, &bad_axis, NULL, dst,
                       sizeof dst, 0, NULL, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "src_blocking->axis = 3", "rank 3");
    EXPECT_FAIL(gather(plan, src, sizeof src, NULL, NULL, dst, sizeof dst, 0,
                       &bad_block, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst_blocking->block = 0");
    EXPECT_FAIL(gather(plan, src, sizeof src, &bad_lane, NULL, dst,
                       sizeof dst, 0, NULL, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "src_blocking->first_lane = 4",
                "[0, 4)");
    EXPECT_FAIL(gather(plan, src, sizeof src, &bad_flags, NULL, dst,
                       sizeof dst, 0, NULL, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "src_blocking->flags = 0x1");
    /* the storage, padding lanes included, must fit: 2 x 2 x 3 x 4
     * elements of the src, 2 x 2 x 3 x 8 of a dst at first lane 5 */
    EXPECT_FAIL(gather(plan, src, 2 * 2 * 3 * 4 * 4 - 1, &b4, NULL, dst,
                       sizeof dst, 0, NULL, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "src.data is too small", "192");
    EXPECT_FAIL(gather(plan, src, sizeof src, NULL, NULL, dst,
                       2 * 2 * 3 * 8 * 4 - 4, 0, &b8, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "dst.data is too small", "384");
    /* a dst whose blocks meet the dims inside them, and one whose lanes
     * meet another dim */
    clslice_blocking b2 = {.axis = 1, .block = 2};
    const int64_t close[] = {48, 4, 2}, narrow[] = {24, 3, 1};
    EXPECT_FAIL(gather(plan, src, sizeof src, NULL, NULL, dst, sizeof dst, 0,
                       &b2, close, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst.strides[1] = 4",
                "dim 1 of 2 blocks", "twice");
    EXPECT_FAIL(gather(plan, src, sizeof src, NULL, NULL, dst, sizeof dst, 0,
                       &b4, narrow, &err_),
                CLSLICE_ERROR_ARGUMENT,
                "the lanes of dst (dst_blocking->block = 4)", "twice");
    /* views in one buffer must not overlap */
    EXPECT_FAIL(tu_host_gather(plan, 4, tu_tensor(dst, sizeof dst, 0, NULL),
                               &b4, tu_tensor(dst, sizeof dst, 100, NULL), NULL,
                               &err_),
                CLSLICE_ERROR_ARGUMENT, "src and dst overlap");
    /* a scatter names the value's blocking */
    const int64_t value_shape[] = {2, 4, 3};
    EXPECT_FAIL(tu_host_scatter(plan, 4, tu_tensor(src, sizeof src, 0, NULL),
                                value_shape, 3, &bad_axis, CLSLICE_VALUE_EXACT,
                                tu_tensor(dst, sizeof dst, 0, NULL), NULL,
                                &err_),
                CLSLICE_ERROR_ARGUMENT, "value_blocking->axis = 3");
    clslice_plan_release(&plan);

    /* storage past INT64_MAX elements */
    const int64_t huge[] = {INT64_MAX / 4, 3};
    clslice_blocking wide = {.axis = 1, .block = 8};
    clslice_plan *all = tu_expr_plan(huge, 2, "0:0");
    EXPECT_FAIL(gather(all, src, sizeof src, &wide, NULL, dst, sizeof dst, 0,
                       NULL, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "blocked src tensor",
                "more than INT64_MAX");
    clslice_plan_release(&all);

    /* An axis near INT64_MAX: first_lane + size + block - 1 once wrapped
     * to a negative block count, which passed every check, and a 64-byte
     * buffer was read and written past its end (issue 30). */
    const int64_t near_max[] = {INT64_MAX - 1};
    clslice_blocking lanes4 = {.axis = 0, .block = 4, .first_lane = 3};
    clslice_plan *far = tu_expr_plan(near_max, 1, "4:20");
    const int64_t far_value[] = {16};
    EXPECT_FAIL(gather(far, src, 64, &lanes4, NULL, dst, sizeof dst, 0, NULL,
                       NULL, &err_),
                CLSLICE_ERROR_BUFFER, "blocked src tensor",
                "more than INT64_MAX");
    EXPECT_FAIL(tu_host_scatter(far, 4, tu_tensor(src, 64, 0, NULL),
                                far_value, 1, NULL, CLSLICE_VALUE_EXACT,
                                tu_tensor(dst, 64, 0, NULL), &lanes4, &err_),
                CLSLICE_ERROR_BUFFER, "blocked dst tensor",
                "more than INT64_MAX");
    clslice_plan_release(&far);

    /* A destination of INT_MAX lanes a block: its padding lanes walk the
     * source INT_MAX - 1 steps of 2^40 elements back, past int64 (once
     * computed, overflowing, before the buffers were checked). */
    const int64_t wide_shape[] = {3, 5}, steep[] = {1, INT64_C(1) << 40};
    clslice_blocking int_max = {.axis = 1, .block = INT32_MAX,
                                .first_lane = INT32_MAX - 1};
    clslice_plan *whole = tu_expr_plan(wide_shape, 2, "...");
    EXPECT_FAIL(gather(whole, src, sizeof src, NULL, steep, dst, sizeof dst,
                       0, &int_max, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "dst_blocking->block = 2147483647",
                "past what int64 can index");
    clslice_plan_release(&whole);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_nc4hw4_to_plain),
        cmocka_unit_test(test_plain_to_phwc4),
        cmocka_unit_test(test_scatter_keeps_padding),
        cmocka_unit_test(test_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
