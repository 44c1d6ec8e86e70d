/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_host_gather, the CPU reference executor.
 *
 * Random plans (through every front-end) are gathered for element sizes
 * 1, 2, 3, 4, 5, 8, 12, 16 and 24 bytes; every output byte is compared with
 * a naive reference computed from the plan's start/step/count with a plain
 * N-D index loop, and the byte after the output must survive.  Then the
 * documentation examples of tf.strided_slice and MXNet's slice with values,
 * and the error paths.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#include "randplan.h"

#define MAX_IN_ELEMS 2048

static uint64_t g_seed;
static long long g_gathers;
static long long g_plans;
static long long g_bytes;
static char g_ctx[4200];
static int64_t g_idx[MAX_IN_ELEMS];

static const size_t ELEM_SIZES[] = {1, 2, 3, 4, 5, 8, 12, 16, 24};

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

/* Fills n elements of es bytes: for es >= 4 the first four bytes hold the
 * element number (xor a per-call constant), so elements are distinct; the
 * rest is pseudo-random. */
static void fill_pattern(uint8_t *buf, int64_t n, size_t es, tu_rng *rng)
{
    uint32_t key = (uint32_t)tu_next(rng);
    uint64_t bits = 0;
    int have = 0;
    for (int64_t e = 0; e < n; e++) {
        uint8_t *p = buf + (size_t)e * es;
        size_t b = 0;
        if (es >= 4) {
            uint32_t tag = (uint32_t)e ^ key;
            for (; b < 4; b++)
                p[b] = (uint8_t)(tag >> (8 * b));
        }
        for (; b < es; b++) {
            if (have == 0) {
                bits = tu_next(rng);
                have = 8;
            }
            p[b] = (uint8_t)bits;
            bits >>= 8;
            have--;
        }
    }
}

/* Gathers `plan` with element size es and checks every byte. */
static void check_gather(const clslice_plan *plan, size_t es, tu_rng *rng)
{
    int64_t in_elems = rp_input_elements(plan);
    int64_t out_elems = clslice_plan_output_elements(plan);
    EXPECT(in_elems >= 0 && in_elems <= MAX_IN_ELEMS);
    int64_t n = rp_enumerate(plan, g_idx, MAX_IN_ELEMS);
    EXPECT(n >= 0);
    EXPECT(n == out_elems);

    size_t src_bytes = (size_t)in_elems * es;
    size_t out_bytes = (size_t)out_elems * es;
    /* exactly as large as needed: ASan sees any read past the input */
    uint8_t *src = malloc(src_bytes ? src_bytes : 1);
    uint8_t *dst = malloc(out_bytes + 1);
    uint8_t *ref = malloc(out_bytes ? out_bytes : 1);
    EXPECT(src && dst && ref);
    fill_pattern(src, in_elems, es, rng);

    /* the reference: element i of the output is input element g_idx[i] */
    for (int64_t i = 0; i < n; i++)
        memcpy(ref + (size_t)i * es, src + (size_t)g_idx[i] * es, es);

    const uint8_t sentinels[2] = {0xA5, 0x5A};
    for (int round = 0; round < 2; round++) {
        uint8_t sentinel = sentinels[round];
        memset(dst, sentinel, out_bytes + 1);
        clslice_error err;
        memset(&err, 0x33, sizeof err);
        /* the second round passes exactly the sizes needed */
        size_t dst_bytes = round == 0 ? out_bytes + 1 : out_bytes;
        clslice_status st = clslice_host_gather(plan, es, src, src_bytes, dst,
                                                dst_bytes, &err);
        if (st != CLSLICE_OK)
            print_error("gather failed (elem_size %zu): %s\n", es, err.message);
        EXPECT(st == CLSLICE_OK);
        EXPECT(err.status == CLSLICE_OK && err.message[0] == '\0');
        if (out_bytes && memcmp(dst, ref, out_bytes) != 0) {
            for (size_t b = 0; b < out_bytes; b++)
                if (dst[b] != ref[b]) {
                    print_error("elem_size %zu: first wrong byte %zu (element "
                                "%zu, byte %zu): %u, expected %u\n",
                                es, b, b / es, b % es, dst[b], ref[b]);
                    break;
                }
            EXPECT(!"output bytes differ from the reference");
        }
        EXPECT(dst[out_bytes] == sentinel); /* nothing past the output */
        g_gathers++;
        g_bytes += (long long)out_bytes;
    }
    free(src);
    free(dst);
    free(ref);
}

static void random_plans(int rank, int how_many)
{
    tu_rng rng = {g_seed ^ ((uint64_t)(rank + 1) * 0xD1B54A32D192ED03ull)};
    for (int i = 0; i < how_many; i++) {
        static rp_case c;
        rp_random_case(&rng, rank, MAX_IN_ELEMS, &c);
        clslice_plan *plan = NULL;
        clslice_error err;
        clslice_status st = rp_build(&c, &plan, &err);
        snprintf(g_ctx, sizeof g_ctx, "rank %d plan #%d: %s", rank, i, c.desc);
        if (st != CLSLICE_OK)
            print_error("building the plan failed: %s\n", err.message);
        EXPECT(st == CLSLICE_OK);
        for (size_t k = 0; k < sizeof ELEM_SIZES / sizeof ELEM_SIZES[0]; k++)
            check_gather(plan, ELEM_SIZES[k], &rng);
        /* now and then an odd size outside the list */
        if (i % 16 == 0)
            check_gather(plan, (size_t)tu_range(&rng, 6, 40), &rng);
        clslice_plan_release(&plan);
        g_plans++;
    }
}

static void test_random_gathers(void **state)
{
    (void)state;
    for (int rank = 0; rank <= 8; rank++)
        random_plans(rank, rank == 0 ? 40 : 500);
    random_plans(16, 150);
    random_plans(32, 150);
}

/* Larger element sizes and a bigger source on a few fixed slices. */
static void test_fixed_slices(void **state)
{
    (void)state;
    tu_rng rng = {g_seed ^ 77};
    const struct {
        int rank;
        int64_t shape[4];
        const char *expr;
    } cases[] = {
        {1, {1000}, "[::-1]"},
        {1, {1000}, "[3:997:7]"},
        {2, {30, 40}, "[::-1, 5:-5:3]"},
        {3, {6, 7, 8}, "[1:-1, None, ::-2, 3]"},
        {4, {3, 4, 5, 6}, "[..., ::5, None]"},
        {4, {3, 4, 5, 6}, "[2, 3, 4, 5]"},
        {2, {5, 0}, "[::-1]"},
        {0, {0}, "[]"},
        {0, {0}, "[None, None]"},
    };
    const size_t sizes[] = {1, 2, 3, 4, 7, 8, 12, 16, 32, 64, 100};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(g_ctx, sizeof g_ctx, "%s on %s", cases[i].expr,
                 tu_shape_str(cases[i].shape, cases[i].rank));
        clslice_plan *plan = NULL;
        clslice_error err;
        clslice_status st = clslice_plan_expr(cases[i].shape, cases[i].rank,
                                              cases[i].expr, &plan, &err);
        if (st != CLSLICE_OK)
            print_error("plan failed: %s\n", err.message);
        EXPECT(st == CLSLICE_OK);
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
            check_gather(plan, sizes[k], &rng);
        clslice_plan_release(&plan);
        g_plans++;
    }
}

/* ------------------------------------------------------------------------ */
/* Documentation examples                                                    */
/* ------------------------------------------------------------------------ */

/* Gathers int32 values and compares shape and values. */
static void expect_int32(const clslice_plan *plan, const int32_t *input,
                         size_t input_len, const int64_t *want_shape,
                         int want_rank, const int32_t *want, size_t want_len)
{
    EXPECT(clslice_plan_output_rank(plan) == want_rank);
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, shape);
    for (int k = 0; k < want_rank; k++)
        EXPECT(shape[k] == want_shape[k]);
    EXPECT(clslice_plan_output_elements(plan) == (int64_t)want_len);
    int32_t out[64];
    EXPECT(want_len < 64);
    for (size_t i = 0; i < 64; i++)
        out[i] = -12345;
    clslice_error err;
    clslice_status st = clslice_host_gather(plan, sizeof(int32_t), input,
                                            input_len * sizeof(int32_t), out,
                                            sizeof out, &err);
    if (st != CLSLICE_OK)
        print_error("gather failed: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    for (size_t i = 0; i < want_len; i++) {
        if (out[i] != want[i])
            print_error("value %zu is %d, expected %d\n", i, (int)out[i],
                        (int)want[i]);
        EXPECT(out[i] == want[i]);
    }
    EXPECT(out[want_len] == -12345);
    g_gathers++;
}

static const int32_t TF_T[18] = {1, 1, 1, 2, 2, 2, 3, 3, 3,
                                 4, 4, 4, 5, 5, 5, 6, 6, 6};
static const int64_t TF_SHAPE[3] = {3, 2, 3};

static void tf_example(const int32_t *begin, const int32_t *end,
                       const int32_t *strides, const int64_t *want_shape,
                       const int32_t *want, size_t want_len)
{
    /* as int32 (TF's usual index type) and as int64 */
    for (int type = 0; type < 2; type++) {
        int64_t b64[3], e64[3], s64[3];
        for (int k = 0; k < 3; k++) {
            b64[k] = begin[k];
            e64[k] = end[k];
            s64[k] = strides[k];
        }
        clslice_tf_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.index_type = type ? CLSLICE_INT64 : CLSLICE_INT32;
        spec.begin = type ? (const void *)b64 : (const void *)begin;
        spec.end = type ? (const void *)e64 : (const void *)end;
        spec.strides = type ? (const void *)s64 : (const void *)strides;
        spec.begin_len = spec.end_len = spec.strides_len = 3;
        snprintf(g_ctx, sizeof g_ctx,
                 "tf.strided_slice(t, [%d,%d,%d], [%d,%d,%d], [%d,%d,%d]) %s",
                 (int)begin[0], (int)begin[1], (int)begin[2], (int)end[0],
                 (int)end[1], (int)end[2], (int)strides[0], (int)strides[1],
                 (int)strides[2], type ? "int64" : "int32");
        clslice_plan *plan = NULL;
        clslice_error err;
        clslice_status st = clslice_plan_tf(TF_SHAPE, 3, &spec, &plan, &err);
        if (st != CLSLICE_OK)
            print_error("plan failed: %s\n", err.message);
        EXPECT(st == CLSLICE_OK);
        expect_int32(plan, TF_T, 18, want_shape, 3, want, want_len);
        clslice_plan_release(&plan);
        g_plans++;
    }
}

/* tf.strided_slice(t, [1, 0, 0], [2, 1, 3], [1, 1, 1])  # [[[3, 3, 3]]] */
static void test_tf_doc_example_1(void **state)
{
    (void)state;
    const int32_t b[3] = {1, 0, 0}, e[3] = {2, 1, 3}, s[3] = {1, 1, 1};
    const int64_t shape[3] = {1, 1, 3};
    const int32_t want[3] = {3, 3, 3};
    tf_example(b, e, s, shape, want, 3);
}

/* tf.strided_slice(t, [1, 0, 0], [2, 2, 3], [1, 1, 1])
 *   # [[[3, 3, 3], [4, 4, 4]]] */
static void test_tf_doc_example_2(void **state)
{
    (void)state;
    const int32_t b[3] = {1, 0, 0}, e[3] = {2, 2, 3}, s[3] = {1, 1, 1};
    const int64_t shape[3] = {1, 2, 3};
    const int32_t want[6] = {3, 3, 3, 4, 4, 4};
    tf_example(b, e, s, shape, want, 6);
}

/* tf.strided_slice(t, [1, -1, 0], [2, -3, 3], [1, -1, 1])
 *   # [[[4, 4, 4], [3, 3, 3]]] */
static void test_tf_doc_example_3(void **state)
{
    (void)state;
    const int32_t b[3] = {1, -1, 0}, e[3] = {2, -3, 3}, s[3] = {1, -1, 1};
    const int64_t shape[3] = {1, 2, 3};
    const int32_t want[6] = {4, 4, 4, 3, 3, 3};
    tf_example(b, e, s, shape, want, 6);
}

static const int32_t MX_X[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
static const int64_t MX_SHAPE[2] = {3, 4};

/* slice(x, begin=(0,1), end=(2,4)) = [[2,3,4], [6,7,8]] */
static void test_mxnet_doc_example_1(void **state)
{
    (void)state;
    snprintf(g_ctx, sizeof g_ctx, "mx slice(x, begin=(0,1), end=(2,4))");
    const clslice_opt_int64 b[2] = {{0, 0}, {1, 0}}, e[2] = {{2, 0}, {4, 0}};
    clslice_plan *plan = NULL;
    clslice_error err;
    clslice_status st =
        clslice_plan_mxnet(MX_SHAPE, 2, b, 2, e, 2, NULL, 0, &plan, &err);
    if (st != CLSLICE_OK)
        print_error("plan failed: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    const int64_t shape[2] = {2, 3};
    const int32_t want[6] = {2, 3, 4, 6, 7, 8};
    expect_int32(plan, MX_X, 12, shape, 2, want, 6);
    clslice_plan_release(&plan);
    g_plans++;
}

/* slice(x, begin=(None, 0), end=(None, 3), step=(-1, 2))
 *   = [[9,11], [5,7], [1,3]] */
static void test_mxnet_doc_example_2(void **state)
{
    (void)state;
    snprintf(g_ctx, sizeof g_ctx,
             "mx slice(x, begin=(None,0), end=(None,3), step=(-1,2))");
    const clslice_opt_int64 b[2] = {{0, 1}, {0, 0}}, e[2] = {{0, 1}, {3, 0}};
    const clslice_opt_int64 s[2] = {{-1, 0}, {2, 0}};
    clslice_plan *plan = NULL;
    clslice_error err;
    clslice_status st =
        clslice_plan_mxnet(MX_SHAPE, 2, b, 2, e, 2, s, 2, &plan, &err);
    if (st != CLSLICE_OK)
        print_error("plan failed: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    const int64_t shape[2] = {3, 2};
    const int32_t want[6] = {9, 11, 5, 7, 1, 3};
    expect_int32(plan, MX_X, 12, shape, 2, want, 6);
    clslice_plan_release(&plan);
    g_plans++;
}

/* ------------------------------------------------------------------------ */
/* Errors                                                                    */
/* ------------------------------------------------------------------------ */

static bool all_bytes(const uint8_t *p, size_t n, uint8_t v)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != v)
            return false;
    return true;
}

static void test_errors(void **state)
{
    (void)state;
    const int64_t shape[2] = {4, 5};
    clslice_plan *plan = NULL;
    clslice_error err;
    snprintf(g_ctx, sizeof g_ctx, "[1:3, ::2] on [4,5], elem_size 4");
    EXPECT(clslice_plan_expr(shape, 2, "[1:3, ::2]", &plan, &err) ==
           CLSLICE_OK);
    /* 20 input elements (80 bytes), 6 output elements (24 bytes) */
    uint8_t src[80], dst[64];
    for (size_t i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)i;
    const uint8_t S = 0xC3;

    /* the happy path first, with the exact sizes */
    memset(dst, S, sizeof dst);
    EXPECT(clslice_host_gather(plan, 4, src, 80, dst, 24, &err) == CLSLICE_OK);
    EXPECT(dst[0] == 20 && dst[4] == 28 && dst[8] == 36 && dst[12] == 40);
    EXPECT(all_bytes(dst + 24, sizeof dst - 24, S));
    /* a larger source is fine */
    memset(dst, S, sizeof dst);
    EXPECT(clslice_host_gather(plan, 2, src, 80, dst, 12, &err) == CLSLICE_OK);
    EXPECT(dst[0] == 10 && dst[2] == 14 && dst[11] == 29);
    EXPECT(all_bytes(dst + 12, sizeof dst - 12, S));

    /* source too small */
    memset(dst, S, sizeof dst);
    memset(&err, 0, sizeof err);
    EXPECT(clslice_host_gather(plan, 4, src, 79, dst, 24, &err) ==
           CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "src_bytes", (const char *)NULL);
    EXPECT(all_bytes(dst, sizeof dst, S));
    EXPECT(clslice_host_gather(plan, 4, src, 0, dst, 24, NULL) ==
           CLSLICE_ERROR_BUFFER);
    EXPECT(all_bytes(dst, sizeof dst, S));

    /* destination too small: nothing written */
    memset(&err, 0, sizeof err);
    EXPECT(clslice_host_gather(plan, 4, src, 80, dst, 23, &err) ==
           CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "dst_bytes", (const char *)NULL);
    EXPECT(all_bytes(dst, sizeof dst, S));
    EXPECT(clslice_host_gather(plan, 4, src, 80, dst, 0, &err) ==
           CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "dst_bytes", (const char *)NULL);
    EXPECT(all_bytes(dst, sizeof dst, S));

    /* element size 0 */
    memset(&err, 0, sizeof err);
    EXPECT(clslice_host_gather(plan, 0, src, 80, dst, 24, &err) ==
           CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "elem_size",
                    (const char *)NULL);
    EXPECT(all_bytes(dst, sizeof dst, S));

    /* element size so large that the byte counts overflow size_t */
    memset(&err, 0, sizeof err);
    clslice_status st = clslice_host_gather(plan, SIZE_MAX / 4, src, 80, dst,
                                            sizeof dst, &err);
    EXPECT(st != CLSLICE_OK);
    EXPECT(err.status == st && err.message[0] != '\0');
    EXPECT(all_bytes(dst, sizeof dst, S));

    /* NULL buffers */
    memset(&err, 0, sizeof err);
    EXPECT(clslice_host_gather(plan, 4, NULL, 80, dst, 24, &err) ==
           CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "src", (const char *)NULL);
    EXPECT(all_bytes(dst, sizeof dst, S));
    memset(&err, 0, sizeof err);
    EXPECT(clslice_host_gather(plan, 4, src, 80, NULL, 24, &err) ==
           CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dst", (const char *)NULL);

    /* a released plan is NULL */
    clslice_plan_release(&plan);
    EXPECT(plan == NULL);
    clslice_plan_release(&plan); /* twice is harmless */
    clslice_plan_release(NULL);
    memset(&err, 0, sizeof err);
    EXPECT(clslice_host_gather(plan, 4, src, 80, dst, 24, &err) ==
           CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "plan", (const char *)NULL);
    EXPECT(all_bytes(dst, sizeof dst, S));
    EXPECT(clslice_host_gather(NULL, 4, src, 80, dst, 24, NULL) ==
           CLSLICE_ERROR_ARGUMENT);

    /* a plan with unknown dimensions cannot be executed */
    const int64_t unknown[2] = {4, CLSLICE_UNKNOWN};
    snprintf(g_ctx, sizeof g_ctx, "[1:3] on [4,-1]");
    EXPECT(clslice_plan_expr(unknown, 2, "[1:3]", &plan, &err) == CLSLICE_OK);
    memset(&err, 0, sizeof err);
    EXPECT(clslice_host_gather(plan, 4, src, 80, dst, sizeof dst, &err) ==
           CLSLICE_ERROR_UNKNOWN);
    tu_assert_error(&err, CLSLICE_ERROR_UNKNOWN, "plan", (const char *)NULL);
    EXPECT(all_bytes(dst, sizeof dst, S));
    clslice_plan_release(&plan);

    /* unknown begin values (TF begin NULL) on a known shape */
    const int32_t end32[1] = {3}, str32[1] = {1};
    clslice_tf_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.index_type = CLSLICE_INT32;
    spec.end = end32;
    spec.strides = str32;
    spec.begin_len = spec.end_len = spec.strides_len = 1;
    snprintf(g_ctx, sizeof g_ctx, "tf begin=NULL on [4,5]");
    EXPECT(clslice_plan_tf(shape, 2, &spec, &plan, &err) == CLSLICE_OK);
    memset(&err, 0, sizeof err);
    EXPECT(clslice_host_gather(plan, 4, src, 80, dst, sizeof dst, &err) ==
           CLSLICE_ERROR_UNKNOWN);
    tu_assert_error(&err, CLSLICE_ERROR_UNKNOWN, (const char *)NULL);
    EXPECT(all_bytes(dst, sizeof dst, S));
    clslice_plan_release(&plan);

    /* an input with more elements than int64 counts: no buffer matches */
    const int64_t huge[2] = {(int64_t)1 << 40, (int64_t)1 << 40};
    snprintf(g_ctx, sizeof g_ctx, "[0, 0] on [2^40, 2^40]");
    EXPECT(clslice_plan_expr(huge, 2, "[0, 0]", &plan, &err) == CLSLICE_OK);
    memset(&err, 0, sizeof err);
    st = clslice_host_gather(plan, 1, src, 80, dst, sizeof dst, &err);
    EXPECT(st != CLSLICE_OK);
    EXPECT(err.status == st && err.message[0] != '\0');
    EXPECT(all_bytes(dst, sizeof dst, S));
    clslice_plan_release(&plan);
}

int main(void)
{
    g_seed = tu_seed(0x4057u);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tf_doc_example_1),
        cmocka_unit_test(test_tf_doc_example_2),
        cmocka_unit_test(test_tf_doc_example_3),
        cmocka_unit_test(test_mxnet_doc_example_1),
        cmocka_unit_test(test_mxnet_doc_example_2),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_fixed_slices),
        cmocka_unit_test(test_random_gathers),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    printf("test_host: seed 0x%016" PRIx64 ", %lld plans, %lld gathers, "
           "%lld output bytes checked\n",
           g_seed, g_plans, g_gathers, g_bytes);
    return failed;
}
