/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The output bound of a device-resident slice from interval shape
 * inference: a caller that knows intervals for the spec's values sizes
 * dst by clslice_infer_* and clslice_dynamic_bound_intervals, and gives
 * that bound as desc->max_elements.  Values inside the intervals slice
 * into the small dst; values outside them that would need more are
 * refused on the device (CLSLICE_ERROR_BUFFER in the record) with dst
 * and the guard after it untouched.  Seeded random crops check the
 * inference's bound against every slice inside its intervals.
 * CLSLICE_TEST_SEED replays a run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devutil.h"
#include "testutil.h"

enum { ROWS = 64, COLS = 32, GUARD = 64, FILL = 0x3C };

static tu_dev dev;
static cl_mem src, info, values;

static int setup(void **state)
{
    (void)state;
    if (!tu_dev_open(&dev))
        return 0;
    src = tu_cl_buffer(&dev.cl, ROWS * COLS * sizeof(float));
    info = tu_cl_buffer(&dev.cl, CLSLICE_DYNAMIC_INFO_BYTES);
    values = tu_cl_buffer(&dev.cl, 64);
    float input[ROWS * COLS];
    for (int i = 0; i < ROWS * COLS; i++)
        input[i] = (float)i;
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, src, CL_TRUE, 0, sizeof input,
                                     input, 0, NULL, NULL));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (src) {
        clReleaseMemObject(values);
        clReleaseMemObject(info);
        clReleaseMemObject(src);
    }
    tu_dev_close(&dev);
    return 0;
}

static const int64_t shape[2] = {ROWS, COLS};

/* The bound of x[begin:end] (dim 0; dim 1 whole) for begin and end in the
 * given intervals, through the public inference. */
static int64_t crop_bound(clslice_interval begin, clslice_interval end)
{
    const clslice_interval in[2] = {{ROWS, ROWS}, {COLS, COLS}};
    const clslice_interval b[2] = {begin, {0, 0}}, e[2] = {end, {0, 0}};
    static const int64_t ones[2] = {1, 1};
    clslice_tf_spec spec = {.index_type = CLSLICE_INT64, .begin_len = 2,
                            .end_len = 2, .strides = ones, .strides_len = 2,
                            .begin_mask = 2, .end_mask = 2};
    clslice_interval out[CLSLICE_MAX_RANK];
    int out_rank;
    clslice_error err;
    assert_int_equal(clslice_infer_tf(in, 2, &spec, b, e, out, &out_rank,
                                      &err),
                     CLSLICE_OK);
    int64_t bound;
    assert_int_equal(clslice_dynamic_bound_intervals(shape, 2, out, out_rank,
                                                     &bound, &err),
                     CLSLICE_OK);
    return bound;
}

/* x[begin:end] on the device into a dst of `bound` elements (and a
 * guard), with max_elements = bound; the record into rec, dst into out. */
static void crop(int64_t begin, int64_t end, int64_t bound, int64_t *rec,
                 float *out)
{
    int64_t v[3][2] = {{begin, 0}, {end, 0}, {1, 1}};
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, values, CL_TRUE, 0, sizeof v,
                                     v, 0, NULL, NULL));
    size_t bytes = (size_t)bound * sizeof(float) + GUARD;
    cl_mem dst = tu_cl_buffer(&dev.cl, bytes);
    tu_cl_fill(dev.queue, dst, FILL, bytes);
    clslice_tf_dynamic_spec spec = {.index_type = CLSLICE_INT64,
                                    .begin = {values, 0, 2},
                                    .end = {values, 16, 2},
                                    .strides = {values, 32, 2},
                                    .begin_mask = 2, .end_mask = 2};
    clslice_cl_call call = {.struct_size = sizeof call, .queue = dev.queue};
    clslice_cl_dynamic_desc op = {
        .struct_size = sizeof op, .shape = shape, .rank = 2,
        .kind = CLSLICE_DYNAMIC_GATHER, .elem_size = sizeof(float),
        .info = info, .src.buffer = src, .dst.buffer = dst,
        .max_elements = bound};
    clslice_error err;
    clslice_status st = clslice_cl_tf_dynamic(dev.runtime, &call, &op, &spec,
                                              &err);
    if (st != CLSLICE_OK)
        fail_msg("clslice_cl_tf_dynamic: %s", err.message);
    tu_cl_read(dev.queue, info, CLSLICE_DYNAMIC_INFO_BYTES, rec);
    tu_cl_read(dev.queue, dst, bytes, out);
    clReleaseMemObject(dst);
}

static bool filled(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != FILL)
            return false;
    return true;
}

/* A crop of one to four rows at row 4: 128 elements of dst, not the
 * tensor's 2048; a crop past the intervals is refused, dst untouched. */
static void test_crop_inside_and_outside(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    int64_t bound = crop_bound((clslice_interval){4, 4},
                               (clslice_interval){5, 8});
    assert_int_equal(bound, 4 * COLS);
    int64_t rec[CLSLICE_DYNAMIC_INFO_WORDS];
    float *out = malloc((size_t)bound * sizeof(float) + GUARD);
    crop(4, 6, bound, rec, out);
    assert_int_equal(rec[CLSLICE_DYNAMIC_STATUS], CLSLICE_OK);
    assert_int_equal(rec[CLSLICE_DYNAMIC_ELEMENTS], 2 * COLS);
    for (int i = 0; i < 2 * COLS; i++)
        assert_true(out[i] == (float)(4 * COLS + i));
    assert_true(filled(out + 2 * COLS,
                       (size_t)(bound - 2 * COLS) * sizeof(float) + GUARD));
    crop(4, 40, bound, rec, out);
    assert_int_equal(rec[CLSLICE_DYNAMIC_STATUS], CLSLICE_ERROR_BUFFER);
    assert_int_equal(rec[CLSLICE_DYNAMIC_VALUE], 36 * COLS);
    assert_int_equal(rec[CLSLICE_DYNAMIC_ELEMENTS], 0);
    assert_true(filled(out, (size_t)bound * sizeof(float) + GUARD));
    free(out);
}

/* Random intervals for begin and end; every crop inside them fits the
 * bound and gives the host's rows. */
static void test_random_crops(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    uint64_t seed = tu_seed(0xb0bdb0bd5eedULL);
    tu_rng rng = {seed};
    char ctx[160];
    for (int i = 0; i < tu_scaled(40); i++) {
        int64_t blo = tu_range(&rng, -ROWS - 4, ROWS + 4);
        int64_t bhi = blo + tu_range(&rng, 0, 6);
        int64_t elo = tu_range(&rng, -ROWS - 4, ROWS + 4);
        int64_t ehi = elo + tu_range(&rng, 0, 6);
        int64_t bound = crop_bound((clslice_interval){blo, bhi},
                                   (clslice_interval){elo, ehi});
        int64_t b = tu_range(&rng, blo, bhi), e = tu_range(&rng, elo, ehi);
        snprintf(ctx, sizeof ctx, "begin %lld in [%lld, %lld], end %lld in "
                 "[%lld, %lld], bound %lld", (long long)b, (long long)blo,
                 (long long)bhi, (long long)e, (long long)elo,
                 (long long)ehi, (long long)bound);
        int64_t first = b < 0 ? b + ROWS : b, last = e < 0 ? e + ROWS : e;
        first = first < 0 ? 0 : first > ROWS ? ROWS : first;
        last = last < 0 ? 0 : last > ROWS ? ROWS : last;
        int64_t rows = last > first ? last - first : 0;
        TU_EXPECT(rows * COLS <= bound, ctx, seed);
        if (bound == 0)
            continue; /* nothing to slice: the caller skips the call */
        int64_t rec[CLSLICE_DYNAMIC_INFO_WORDS];
        float *out = malloc((size_t)bound * sizeof(float) + GUARD);
        crop(b, e, bound, rec, out);
        TU_EXPECT(rec[CLSLICE_DYNAMIC_STATUS] == CLSLICE_OK, ctx, seed);
        TU_EXPECT(rec[CLSLICE_DYNAMIC_ELEMENTS] == rows * COLS, ctx, seed);
        for (int64_t k = 0; k < rows * COLS; k++)
            TU_EXPECT(out[k] == (float)(first * COLS + k), ctx, seed);
        TU_EXPECT(filled(out + rows * COLS,
                         (size_t)(bound - rows * COLS) * sizeof(float) +
                             GUARD),
                  ctx, seed);
        free(out);
    }
}

/* max_elements belongs to gathers, and is not negative. */
static void test_bound_arguments(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    clslice_tf_dynamic_spec spec = {.index_type = CLSLICE_INT64,
                                    .begin = {values, 0, 2},
                                    .end = {values, 16, 2},
                                    .strides = {values, 32, 2}};
    clslice_cl_call call = {.struct_size = sizeof call, .queue = dev.queue};
    int64_t vshape[2] = {1, 1};
    clslice_cl_dynamic_desc op = {
        .struct_size = sizeof op, .shape = shape, .rank = 2,
        .kind = CLSLICE_DYNAMIC_SCATTER, .elem_size = sizeof(float),
        .info = info, .src.buffer = src, .dst.buffer = src,
        .value_shape = vshape,
        .value_rank = 2, .max_elements = 4};
    clslice_error err;
    assert_int_equal(clslice_cl_tf_dynamic(dev.runtime, &call, &op, &spec,
                                           &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "desc->max_elements = 4",
                    "scatter", NULL);
    op.kind = CLSLICE_DYNAMIC_GATHER;
    op.max_elements = -1;
    assert_int_equal(clslice_cl_tf_dynamic(dev.runtime, &call, &op, &spec,
                                           &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "desc->max_elements = -1",
                    NULL);
    /* tensors are contiguous: strides are refused, on either side */
    const int64_t strides[2] = {2, 1};
    op.max_elements = 0;
    op.src.strides = strides;
    assert_int_equal(clslice_cl_tf_dynamic(dev.runtime, &call, &op, &spec,
                                           &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "desc->src.strides",
                    "contiguous", NULL);
    op.src.strides = NULL;
    op.dst.strides = strides;
    assert_int_equal(clslice_cl_tf_dynamic(dev.runtime, &call, &op, &spec,
                                           &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "desc->dst.strides", NULL);
    op.dst.strides = NULL;
    /* a dst below the caller's bound is refused before anything runs */
    cl_mem small = tu_cl_buffer(&dev.cl, 8 * sizeof(float));
    op.dst.buffer = small;
    op.max_elements = 9;
    assert_int_equal(clslice_cl_tf_dynamic(dev.runtime, &call, &op, &spec,
                                           &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "dst.", NULL);
    clReleaseMemObject(small);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_crop_inside_and_outside),
        cmocka_unit_test(test_random_crops),
        cmocka_unit_test(test_bound_arguments),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
