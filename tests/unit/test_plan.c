/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The normaliser and the front-ends' own checks: every error path with its
 * message, unknown dimensions, int64 extremes and the plan accessors.
 * Conformance data lives in test_cases.c, the exhaustive sweep in
 * test_plan_sweep.c.
 */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))
#define NONE ((clslice_opt_int64){0, 1})
#define SOME(v) ((clslice_opt_int64){(v), 0})

static clslice_tf_spec tf64(const int64_t *begin, const int64_t *end,
                            const int64_t *strides, size_t len)
{
    clslice_tf_spec spec = {CLSLICE_INT64, begin, len, end, len, strides, len,
                            0, 0, 0, 0, 0};
    return spec;
}

/* Asserts that a built plan has the given output shape. */
static void assert_out_shape(const clslice_plan *plan, const int64_t *want,
                             int rank)
{
    int64_t got[CLSLICE_MAX_RANK];
    assert_non_null(plan);
    clslice_plan_output_shape(plan, got);
    if (clslice_plan_output_rank(plan) != rank ||
        (rank && memcmp(got, want, (size_t)rank * sizeof *got))) {
        char expected[512];
        snprintf(expected, sizeof expected, "%s", tu_shape_str(want, rank));
        print_error("expected %s, got %s\n", expected,
                    tu_shape_str(got, clslice_plan_output_rank(plan)));
        fail();
    }
}

static void assert_dim(const clslice_plan *plan, int dim, int64_t start,
                       int64_t step, int64_t count)
{
    int64_t got_start, got_step, got_count;
    assert_int_equal(clslice_plan_dim(plan, dim, &got_start, &got_step,
                                      &got_count, NULL), CLSLICE_OK);
    assert_int_equal(got_start, start);
    assert_int_equal(got_step, step);
    assert_int_equal(got_count, count);
}

/* ---- shape and argument checks shared by all front-ends ---------------- */

static void test_bad_shapes(void **state)
{
    (void)state;
    clslice_error err;
    clslice_plan *plan = NULL;
    int64_t shape[CLSLICE_MAX_RANK + 1] = {4, -5};
    assert_int_equal(clslice_plan_expr(shape, -1, "[]", &plan, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "rank -1", NULL);
    assert_null(plan);
    clslice_plan_expr(shape, CLSLICE_MAX_RANK + 1, "[]", &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_RANK, "rank 33", "maximum rank 32",
                    NULL);
    clslice_plan_expr(NULL, 2, "[]", &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "shape is NULL", NULL);
    clslice_plan_expr(shape, 2, "[]", &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "shape[1] = -5", NULL);
    assert_int_equal(clslice_plan_onnx(shape, 1, NULL, 0, NULL, 0, NULL, 0,
                                       NULL, 0, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "plan", NULL);
}

static void test_max_rank_identity(void **state)
{
    (void)state;
    int64_t shape[CLSLICE_MAX_RANK];
    for (int d = 0; d < CLSLICE_MAX_RANK; d++)
        shape[d] = d % 3 + 1;
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_expr(shape, CLSLICE_MAX_RANK, "[..., ::-1]",
                                       &plan, NULL), CLSLICE_OK);
    assert_out_shape(plan, shape, CLSLICE_MAX_RANK);
    assert_dim(plan, CLSLICE_MAX_RANK - 1, shape[CLSLICE_MAX_RANK - 1] - 1,
               -1, shape[CLSLICE_MAX_RANK - 1]);
    clslice_plan_release(&plan);
    assert_null(plan);
    clslice_plan_release(&plan); /* releasing twice through the pointer */
    clslice_plan_release(NULL);
}

/* ---- TensorFlow ----------------------------------------------------------- */

static void test_tf_errors(void **state)
{
    (void)state;
    clslice_error err;
    clslice_plan *plan = NULL;
    int64_t shape[3] = {3, 4, 5};
    int64_t zeros[40] = {0}, ones[40], begin[3] = {0, -7, 0};
    for (size_t i = 0; i < LEN(ones); i++)
        ones[i] = 1;

    assert_int_equal(clslice_plan_tf(shape, 3, NULL, &plan, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "spec is NULL", NULL);

    clslice_tf_spec spec = tf64(zeros, zeros, ones, 2);
    spec.index_type = (clslice_index_type)7;
    clslice_plan_tf(shape, 3, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "index_type 7", NULL);

    spec = tf64(zeros, zeros, ones, 2);
    spec.begin_len = 1;
    clslice_plan_tf(shape, 3, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "equal lengths",
                    "got 1, 2 and 2", NULL);

    spec = tf64(zeros, zeros, ones, 32);
    clslice_plan_tf(shape, 3, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_RANK, "strides has 32 entries", NULL);

    spec = tf64(zeros, zeros, NULL, 2);
    clslice_plan_tf(shape, 3, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "strides is NULL", NULL);

    /* Bits past the spec's length still count for the ellipsis check. */
    spec = tf64(zeros, zeros, ones, 1);
    spec.ellipsis_mask = 1 | (1 << 5);
    clslice_plan_tf(shape, 3, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "ellipsis_mask = 33",
                    "more than one bit", NULL);

    spec = tf64(zeros, ones, zeros, 2);
    clslice_plan_tf(shape, 3, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "slot 0: strides[0] = 0",
                    "dimension 0", NULL);

    int64_t strides[3] = {1, -1, 1};
    spec = tf64(zeros, ones, strides, 3);
    spec.shrink_axis_mask = 2;
    clslice_plan_tf(shape, 3, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "slot 1: strides[1] = -1",
                    "shrink", NULL);

    int64_t shape2[3] = {3, 4, 5};
    spec = tf64(begin, ones, ones, 3);
    spec.shrink_axis_mask = 2;
    spec.new_axis_mask = 1;
    assert_int_equal(clslice_plan_tf(shape2, 3, &spec, &plan, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX,
                    "slot 1: shrink index -7 is out of range for dimension 0 "
                    "of size 3", NULL);
    assert_null(plan);

    spec = tf64(zeros, ones, ones, 4);
    clslice_plan_tf(shape, 3, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "slot 3: index out of range",
                    "only 3 dimensions", NULL);

    spec = tf64(zeros, ones, ones, 1);
    clslice_plan_tf(shape, 0, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "slot 0", "rank-0", NULL);

    /* 31 new axes on a rank-2 input: output rank 33. */
    spec = tf64(zeros, ones, ones, 31);
    spec.new_axis_mask = 0x7fffffff;
    clslice_plan_tf(shape, 2, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_RANK, "output would have rank 33",
                    NULL);
    assert_null(plan);
}

/* Masked and ignored fields: stride 0 on new axes and the ellipsis, end and
 * masks on shrinks, int32 index arrays. */
static void test_tf_ignored_fields(void **state)
{
    (void)state;
    clslice_plan *plan = NULL;
    int64_t shape[4] = {2, 2, 3, 2};
    int32_t begin[3] = {0, 0, 1}, end[3] = {1, 0, 2}, strides[3] = {1, 0, 1};
    clslice_tf_spec spec = {CLSLICE_INT32, begin, 3, end, 3, strides, 3,
                            0, 0, 2, 0, 5};
    assert_int_equal(clslice_plan_tf(shape, 4, &spec, &plan, NULL),
                     CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){2, 3}, 2);
    assert_dim(plan, 0, 0, 1, 1);
    assert_dim(plan, 3, 1, 1, 1);
    assert_int_equal(clslice_plan_dim_is_shrunk(plan, 0), 1);
    assert_int_equal(clslice_plan_dim_is_shrunk(plan, 1), 0);
    assert_int_equal(clslice_plan_output_source(plan, 1), 2);
    assert_int_equal(clslice_plan_output_source(plan, 2), -2);
    clslice_plan_release(&plan);

    int32_t nb[1] = {0}, ne[1] = {0}, ns[1] = {0};
    clslice_tf_spec newaxis = {CLSLICE_INT32, nb, 1, ne, 1, ns, 1, 0, 0, 0, 1, 0};
    assert_int_equal(clslice_plan_tf(NULL, 0, &newaxis, &plan, NULL),
                     CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){1}, 1);
    assert_int_equal(clslice_plan_output_source(plan, 0), -1);
    assert_int_equal(clslice_plan_output_elements(plan), 1);
    clslice_plan_release(&plan);
}

static void test_tf_int64_extremes(void **state)
{
    (void)state;
    clslice_plan *plan = NULL;
    int64_t shape[1] = {5};
    int64_t lo[1] = {INT64_MIN}, hi[1] = {INT64_MAX}, one[1] = {1};
    int64_t min_step[1] = {INT64_MIN}, max_step[1] = {INT64_MAX};

    clslice_tf_spec spec = tf64(lo, hi, one, 1);
    assert_int_equal(clslice_plan_tf(shape, 1, &spec, &plan, NULL), CLSLICE_OK);
    assert_dim(plan, 0, 0, 1, 5);
    clslice_plan_release(&plan);

    spec = tf64(hi, lo, min_step, 1);
    assert_int_equal(clslice_plan_tf(shape, 1, &spec, &plan, NULL), CLSLICE_OK);
    assert_dim(plan, 0, 4, INT64_MIN, 1);
    clslice_plan_release(&plan);

    spec = tf64(lo, hi, max_step, 1);
    assert_int_equal(clslice_plan_tf(shape, 1, &spec, &plan, NULL), CLSLICE_OK);
    assert_dim(plan, 0, 0, INT64_MAX, 1);
    clslice_plan_release(&plan);

    clslice_error err;
    spec = tf64(lo, hi, one, 1);
    spec.shrink_axis_mask = 1;
    clslice_plan_tf(shape, 1, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX,
                    "shrink index -9223372036854775808", NULL);

    /* Sizes near INT64_MAX: clamping and counting must not overflow. */
    int64_t huge[1] = {INT64_MAX};
    int64_t neg[1] = {-1}, two[1] = {2};
    spec = tf64(lo, hi, two, 1);
    assert_int_equal(clslice_plan_tf(huge, 1, &spec, &plan, NULL), CLSLICE_OK);
    assert_dim(plan, 0, 0, 2, INT64_MAX / 2 + 1);
    clslice_plan_release(&plan);
    spec = tf64(neg, lo, neg, 1);
    assert_int_equal(clslice_plan_tf(huge, 1, &spec, &plan, NULL), CLSLICE_OK);
    assert_dim(plan, 0, INT64_MAX - 1, -1, INT64_MAX);
    clslice_plan_release(&plan);
}

/* ---- unknown dimensions and values --------------------------------------- */

static void test_unknown_dims(void **state)
{
    (void)state;
    clslice_plan *plan = NULL;
    int64_t shape[3] = {5, -1, 7};

    assert_int_equal(clslice_plan_expr(shape, 3, "[3:5, 3:4, 4]", &plan, NULL),
                     CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){2, -1}, 2);
    assert_int_equal(clslice_plan_is_known(plan), 0);
    assert_int_equal(clslice_plan_output_elements(plan), -1);
    clslice_layout layout;
    clslice_error err;
    assert_int_equal(clslice_plan_layout(plan, &layout, &err),
                     CLSLICE_ERROR_UNKNOWN);
    tu_assert_error(&err, CLSLICE_ERROR_UNKNOWN, "unknown", NULL);
    clslice_plan_release(&plan);

    /* A range that is empty for every size is known to be empty. */
    const char *always_empty[] = {"[:, 0:0]", "[:, 5:3]", "[:, -2:-4]",
                                  "[:, -100:0]", "[:, 3:5:-1]",
                                  "[:, :0]", "[:, -1:-1:-1]"};
    for (size_t i = 0; i < LEN(always_empty); i++) {
        assert_int_equal(clslice_plan_expr(shape, 3, always_empty[i], &plan,
                                           NULL), CLSLICE_OK);
        assert_out_shape(plan, (int64_t[]){5, 0, 7}, 3);
        assert_int_equal(clslice_plan_output_elements(plan), 0);
        clslice_plan_release(&plan);
    }
    const char *depends[] = {"[:, 3:4]", "[:, -3:]", "[:, ::-1]",
                             "[:, 0:-1]", "[:, 100:-100:-1]", "[:, -5:1]",
                             "[:, 0:-100]", "[:, -1:5:-1]"};
    for (size_t i = 0; i < LEN(depends); i++) {
        assert_int_equal(clslice_plan_expr(shape, 3, depends[i], &plan, NULL),
                         CLSLICE_OK);
        assert_out_shape(plan, (int64_t[]){5, -1, 7}, 3);
        clslice_plan_release(&plan);
    }

    /* Shrinks on an unknown dim: a non-negative index is the start. */
    assert_int_equal(clslice_plan_expr(shape, 3, "[:, 2]", &plan, NULL),
                     CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){5, 7}, 2);
    assert_dim(plan, 1, 2, 1, 1);
    assert_int_equal(clslice_plan_is_known(plan), 0); /* the shape is not */
    clslice_plan_release(&plan);
    assert_int_equal(clslice_plan_expr(shape, 3, "[:, -2]", &plan, NULL),
                     CLSLICE_OK);
    assert_dim(plan, 1, -1, 1, 1);
    clslice_plan_release(&plan);
}

/* begin/end NULL: values not known yet (TF graph-time inference). */
static void test_unknown_values(void **state)
{
    (void)state;
    clslice_plan *plan = NULL;
    int64_t shape[3] = {5, 3, 7}, strides[2] = {1, -2};
    clslice_tf_spec spec = {CLSLICE_INT64, NULL, 2, NULL, 2, strides, 2,
                            2, 2, 0, 0, 1};
    assert_int_equal(clslice_plan_tf(shape, 3, &spec, &plan, NULL), CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){2, 7}, 2);
    assert_dim(plan, 0, -1, 1, 1);
    clslice_plan_release(&plan);

    spec.begin_mask = spec.end_mask = 0;
    assert_int_equal(clslice_plan_tf(shape, 3, &spec, &plan, NULL), CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){-1, 7}, 2);
    clslice_plan_release(&plan);

    int64_t ov_strides[1] = {1}, with_zero[2] = {0, 4};
    clslice_openvino_spec ov = {NULL, 1, NULL, 1, ov_strides, 1};
    assert_int_equal(clslice_plan_openvino(with_zero, 2, &ov, &plan, NULL),
                     CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){0, 4}, 2);
    clslice_plan_release(&plan);
}

/* ---- OpenVINO ------------------------------------------------------------ */

static void test_openvino_errors(void **state)
{
    (void)state;
    clslice_error err;
    clslice_plan *plan = NULL;
    int64_t shape[4] = {2, 4, 6, 8};
    int64_t zeros[4] = {0}, ones[4] = {1, 1, 1, 1};
    int64_t bad_mask[4] = {1, 0, 1, 2}, two_ell[3] = {1, 0, 1};

    assert_int_equal(clslice_plan_openvino(shape, 4, NULL, &plan, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "spec is NULL", NULL);

    clslice_openvino_spec spec = {zeros, 4, ones, 4, NULL, 0,
                                  NULL, 0, bad_mask, 4};
    clslice_plan_openvino(shape, 4, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "end_mask[3] = 2",
                    "must be 0 or 1", NULL);

    spec = (clslice_openvino_spec){zeros, 4, ones, 4, NULL, 0, NULL, 3};
    clslice_plan_openvino(shape, 4, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "begin_mask is NULL", NULL);

    spec = (clslice_openvino_spec){zeros, 3, ones, 4};
    clslice_plan_openvino(shape, 4, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "got 3, 4", NULL);

    spec = (clslice_openvino_spec){zeros, 4, ones, 4, ones, 3};
    clslice_plan_openvino(shape, 4, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "got 4, 4 and 3", NULL);

    spec = (clslice_openvino_spec){zeros, 3, ones, 3};
    spec.ellipsis_mask = two_ell;
    spec.ellipsis_mask_len = 3;
    clslice_plan_openvino(shape, 4, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "ellipsis_mask",
                    "positions 0 and 2", "at most one ellipsis", NULL);

    /* OpenVINO counts every ellipsis bit, also those past the last slot. */
    spec = (clslice_openvino_spec){zeros, 2, ones, 2};
    spec.ellipsis_mask = (int64_t[]){0, 1, 0, 1};
    spec.ellipsis_mask_len = 4;
    clslice_plan_openvino(shape, 4, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "ellipsis_mask",
                    "positions 1 and 3", NULL);

    int64_t zero_stride[1] = {0};
    spec = (clslice_openvino_spec){zeros, 1, ones, 1, zero_stride, 1};
    clslice_plan_openvino(shape, 4, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "slot 0: strides[0] = 0", NULL);

    int64_t far[1] = {4};
    spec = (clslice_openvino_spec){far, 1, ones, 1};
    spec.shrink_axis_mask = ones;
    spec.shrink_axis_mask_len = 1;
    clslice_plan_openvino((int64_t[]){4}, 1, &spec, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "shrink index 4",
                    "dimension 0 of size 4", NULL);
    assert_null(plan);
}

/* An ellipsis bit sharing its slot with a new-axis or shrink bit: the
 * ellipsis wins, as in OpenVINO's CPU plugin and shape inference. */
static void test_openvino_ellipsis_wins(void **state)
{
    (void)state;
    clslice_plan *plan = NULL;
    int64_t shape[2] = {2, 3}, zero[1] = {0}, one[1] = {1};
    clslice_openvino_spec spec = {zero, 1, zero, 1, one, 1};
    spec.ellipsis_mask = one;
    spec.ellipsis_mask_len = 1;
    const int64_t **other[2] = {&spec.new_axis_mask, &spec.shrink_axis_mask};
    size_t *other_len[2] = {&spec.new_axis_mask_len,
                            &spec.shrink_axis_mask_len};
    for (int k = 0; k < 2; k++) {
        *other[k] = one;
        *other_len[k] = 1;
        assert_int_equal(clslice_plan_openvino(shape, 2, &spec, &plan, NULL),
                         CLSLICE_OK);
        assert_out_shape(plan, (int64_t[]){2, 3}, 2);
        assert_dim(plan, 0, 0, 1, 2);
        assert_dim(plan, 1, 0, 1, 3);
        clslice_plan_release(&plan);
    }
}

/* The StridedSlice-1 specification lets every mask have its own length
 * (missing entries are 0); the 2026 runtime's equal-length check is not
 * followed.  Here begin_mask has 1 entry, end_mask 3, shrink 2. */
static void test_openvino_unequal_masks(void **state)
{
    (void)state;
    clslice_plan *plan = NULL;
    int64_t shape[3] = {4, 5, 6}, begin[2] = {1, 2}, end[2] = {3, 4};
    clslice_openvino_spec spec = {begin, 2, end, 2};
    spec.begin_mask = (int64_t[]){1};
    spec.begin_mask_len = 1;
    spec.end_mask = (int64_t[]){0, 0, 1};
    spec.end_mask_len = 3;
    spec.shrink_axis_mask = (int64_t[]){0, 1};
    spec.shrink_axis_mask_len = 2;
    assert_int_equal(clslice_plan_openvino(shape, 3, &spec, &plan, NULL),
                     CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){3, 6}, 2);
    assert_dim(plan, 0, 0, 1, 3);
    assert_dim(plan, 1, 2, 1, 1);
    clslice_plan_release(&plan);
}

/* OpenVINO's negative-step clamping differs from TF's
 * (docs/SEMANTICS.md §4). */
static void test_openvino_vs_tf_clamp(void **state)
{
    (void)state;
    clslice_plan *plan = NULL;
    int64_t shape[1] = {5}, begin[1] = {-100}, end[1] = {0}, step[1] = {-1};
    int64_t mask[1] = {1};
    clslice_openvino_spec ov = {begin, 1, end, 1, step, 1, NULL, 0, mask, 1};
    assert_int_equal(clslice_plan_openvino(shape, 1, &ov, &plan, NULL),
                     CLSLICE_OK);
    assert_dim(plan, 0, 0, -1, 1);
    clslice_plan_release(&plan);

    clslice_tf_spec tf = tf64(begin, end, step, 1);
    tf.end_mask = 1;
    assert_int_equal(clslice_plan_tf(shape, 1, &tf, &plan, NULL), CLSLICE_OK);
    assert_dim(plan, 0, 0, -1, 0);
    clslice_plan_release(&plan);

    /* OpenVINO accepts any stride on a shrink, TF only positive ones. */
    int64_t idx[1] = {-1};
    ov = (clslice_openvino_spec){idx, 1, end, 1, step, 1};
    ov.shrink_axis_mask = mask;
    ov.shrink_axis_mask_len = 1;
    assert_int_equal(clslice_plan_openvino(shape, 1, &ov, &plan, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_plan_output_rank(plan), 0);
    assert_dim(plan, 0, 4, 1, 1);
    clslice_plan_release(&plan);
}

/* ---- MXNet --------------------------------------------------------------- */

static void test_mxnet_errors(void **state)
{
    (void)state;
    clslice_error err;
    clslice_plan *plan = NULL;
    int64_t shape[2] = {4, 5};
    clslice_opt_int64 b[3] = {SOME(0), SOME(0), SOME(0)};
    clslice_opt_int64 e[3] = {SOME(2), SOME(5), SOME(1)};
    clslice_opt_int64 s[2] = {NONE, SOME(0)};

    clslice_plan_mxnet(shape, 2, b, 1, e, 2, NULL, 0, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "same length", "1 and 2", NULL);
    clslice_plan_mxnet(shape, 2, b, 2, e, 2, s, 1, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "step", "1 and 2", NULL);
    clslice_plan_mxnet(shape, 2, b, 3, e, 3, NULL, 0, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "begin has 3 entries",
                    "only 2", NULL);
    clslice_plan_mxnet(shape, 2, b, 2, e, 2, s, 2, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "slot 1: step[1] = 0", NULL);
    clslice_plan_mxnet(NULL, 0, NULL, 0, NULL, 0, NULL, 0, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "rank 0", NULL);
    clslice_plan_mxnet(shape, 2, NULL, 1, e, 1, NULL, 0, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "begin is NULL", NULL);

    int64_t m34[2] = {3, 4};
    clslice_plan_mxnet_slice_axis(m34, 2, 2, 0, SOME(1), &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "axis = 2", "rank 2", NULL);
    clslice_plan_mxnet_slice_axis(m34, 2, 1, -5, SOME(2), &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "begin = -5", "axis 1", NULL);
    clslice_plan_mxnet_slice_axis(m34, 2, 1, 0, SOME(5), &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "end = 5", NULL);
    clslice_plan_mxnet_slice_axis(m34, 2, -1, 2, SOME(2), &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "end = 2", "begin = 2", NULL);
    assert_null(plan);

    int64_t like3[3] = {1, 2, 3}, like33[2] = {3, 3}, axes[1] = {2};
    int64_t m23[2] = {2, 3};
    clslice_plan_mxnet_slice_like(m23, 2, like3, 3, NULL, 0, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "rank 3", "rank 2", NULL);
    clslice_plan_mxnet_slice_like(m23, 2, like33, 2, NULL, 0, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "axis 0",
                    "shape_like size 3 exceeds the data size 2", NULL);
    clslice_plan_mxnet_slice_like(m23, 2, like33, 2, axes, 1, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "axes entry = 2", NULL);
    assert_null(plan);
}

static void test_mxnet_adapters(void **state)
{
    (void)state;
    clslice_plan *plan = NULL;
    int64_t shape[3] = {3, 4, 5};
    assert_int_equal(clslice_plan_mxnet_slice_axis(shape, 3, -2, 1, NONE,
                                                   &plan, NULL), CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){3, 3, 5}, 3);
    assert_dim(plan, 1, 1, 1, 3);
    clslice_plan_release(&plan);

    int64_t like[2] = {2, 9}, axes[2] = {0, -1};
    assert_int_equal(clslice_plan_mxnet_slice_like(shape, 3, like, 2, axes, 1,
                                                   &plan, NULL), CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){2, 4, 5}, 3);
    clslice_plan_release(&plan);
    int64_t like3[3] = {2, 3, 4};
    assert_int_equal(clslice_plan_mxnet_slice_like(shape, 3, like3, 3, axes, 2,
                                                   &plan, NULL), CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){2, 4, 4}, 3);
    clslice_plan_release(&plan);

    clslice_opt_int64 b[2] = {NONE, SOME(0)}, e[2] = {NONE, SOME(3)};
    clslice_opt_int64 s[2] = {SOME(-1), SOME(2)};
    int64_t x[2] = {3, 4};
    assert_int_equal(clslice_plan_mxnet(x, 2, b, 2, e, 2, s, 2, &plan, NULL),
                     CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){3, 2}, 2);
    assert_dim(plan, 0, 2, -1, 3);
    assert_dim(plan, 1, 0, 2, 2);
    clslice_plan_release(&plan);
}

/* ---- ONNX ---------------------------------------------------------------- */

static void test_onnx_errors(void **state)
{
    (void)state;
    clslice_error err;
    clslice_plan *plan = NULL;
    int64_t shape[3] = {3, 4, 5};
    int64_t starts[2] = {0, 1}, ends[2] = {3, 2};
    int64_t far[1] = {3}, repeat[2] = {0, -3}, zero[2] = {1, 0};

    clslice_plan_onnx(shape, 3, starts, 2, ends, 1, NULL, 0, NULL, 0, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "got 2 and 1", NULL);
    clslice_plan_onnx(shape, 3, starts, 2, ends, 2, far, 1, NULL, 0, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "axes must be as long", NULL);
    clslice_plan_onnx(shape, 3, starts, 2, ends, 2, NULL, 0, zero, 1, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "steps must be as long", NULL);
    clslice_plan_onnx(shape, 3, starts, 1, ends, 1, far, 1, NULL, 0, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "axes[0] = 3", "rank 3", NULL);
    clslice_plan_onnx(shape, 3, starts, 2, ends, 2, repeat, 2, NULL, 0, &plan,
                      &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "axes[1] = -3 repeats axis 0",
                    "axes[0]", NULL);
    clslice_plan_onnx(shape, 3, starts, 2, ends, 2, NULL, 0, zero, 2, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "steps[1] = 0", "axis 1", NULL);
    int64_t four[4] = {0, 0, 0, 0};
    clslice_plan_onnx(shape, 3, four, 4, four, 4, NULL, 0, NULL, 0, &plan, &err);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "axes[3] = 3", NULL);
    /* A scalar cannot be sliced, even by empty starts and ends. */
    assert_int_equal(clslice_plan_onnx(shape, 0, NULL, 0, NULL, 0, NULL, 0,
                                       NULL, 0, &plan, &err),
                     CLSLICE_ERROR_SPEC);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "rank 0", NULL);
    assert_null(plan);
}

static void test_onnx_extremes(void **state)
{
    (void)state;
    clslice_plan *plan = NULL;
    int64_t shape[2] = {20, 10};
    int64_t starts[1] = {INT64_MAX}, ends[1] = {INT64_MIN}, axes[1] = {-1};
    int64_t steps[1] = {-1};
    assert_int_equal(clslice_plan_onnx(shape, 2, starts, 1, ends, 1, axes, 1,
                                       steps, 1, &plan, NULL), CLSLICE_OK);
    assert_out_shape(plan, (int64_t[]){20, 10}, 2);
    assert_dim(plan, 1, 9, -1, 10);
    clslice_plan_release(&plan);

    /* A start below -n clamps to 0 for a negative step: one element. */
    int64_t low[1] = {-1000}, end[1] = {INT64_MIN};
    assert_int_equal(clslice_plan_onnx(shape, 2, low, 1, end, 1, NULL, 0,
                                       steps, 1, &plan, NULL), CLSLICE_OK);
    assert_dim(plan, 0, 0, -1, 1);
    clslice_plan_release(&plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_shapes),
        cmocka_unit_test(test_max_rank_identity),
        cmocka_unit_test(test_tf_errors),
        cmocka_unit_test(test_tf_ignored_fields),
        cmocka_unit_test(test_tf_int64_extremes),
        cmocka_unit_test(test_unknown_dims),
        cmocka_unit_test(test_unknown_values),
        cmocka_unit_test(test_openvino_errors),
        cmocka_unit_test(test_openvino_vs_tf_clamp),
        cmocka_unit_test(test_openvino_ellipsis_wins),
        cmocka_unit_test(test_openvino_unequal_masks),
        cmocka_unit_test(test_mxnet_errors),
        cmocka_unit_test(test_mxnet_adapters),
        cmocka_unit_test(test_onnx_errors),
        cmocka_unit_test(test_onnx_extremes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
