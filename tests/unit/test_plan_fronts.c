/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The newer front-ends' own rules and messages: TFLite STRIDED_SLICE
 * (offset, rank limits), tf.slice, stablehlo slice / dynamic_slice /
 * dynamic_update_slice (clamped starts), OpenVINO Slice-8 and
 * SliceScatter-15, torch.narrow and PyTorch indexing.  Framework
 * examples live in tests/cases/, the random comparison with the real
 * frameworks in bench/framework_diff.py.  Cost: milliseconds.
 */
#include <string.h>

#include "testutil.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

static void assert_shape(const clslice_plan *plan, const int64_t *want,
                         int rank)
{
    int64_t got[CLSLICE_MAX_RANK];
    assert_non_null(plan);
    assert_int_equal(clslice_plan_output_rank(plan), rank);
    clslice_plan_output_shape(plan, got);
    for (int j = 0; j < rank; j++)
        assert_int_equal(got[j], want[j]);
}

/* The plan's slice of 0, 1, 2, ... as int64. */
static void assert_values(const clslice_plan *plan, const int64_t *want,
                          size_t n)
{
    int64_t in[256], out[256];
    int64_t shape[CLSLICE_MAX_RANK], total = 1;
    clslice_plan_input_shape(plan, shape);
    for (int d = 0; d < clslice_plan_input_rank(plan); d++)
        total *= shape[d];
    assert_true(total <= 256);
    for (int64_t i = 0; i < total; i++)
        in[i] = i;
    assert_int_equal(clslice_plan_output_elements(plan), (int64_t)n);
    assert_int_equal(clslice_host_gather(plan, 8, in, (size_t)total * 8, out,
                                         n * 8, NULL), CLSLICE_OK);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(out[i], want[i]);
}

/* ---- TFLite -------------------------------------------------------------- */

static void test_tflite_offset(void **state)
{
    (void)state;
    /* TFLite's own test In1D_Offset style: begin 1, end (a length) 2. */
    int64_t shape[1] = {4};
    int32_t begin[1] = {1}, end[1] = {2}, strides[1] = {1};
    clslice_tflite_spec spec = {begin, 1, end, 1, strides, 1, 0, 0, 0, 0, 0,
                                1};
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_tflite(shape, 1, &spec, &plan, NULL),
                     CLSLICE_OK);
    assert_values(plan, (int64_t[]){1, 2}, 2);
    clslice_plan_release(&plan);
    /* A negative begin resolves first: -3 + 4 = 1, end 1 + 2 = 3. */
    begin[0] = -3;
    assert_int_equal(clslice_plan_tflite(shape, 1, &spec, &plan, NULL),
                     CLSLICE_OK);
    assert_values(plan, (int64_t[]){1, 2}, 2);
    clslice_plan_release(&plan);
    /* Without offset, end 2 is absolute: [1:2]. */
    spec.offset = 0;
    assert_int_equal(clslice_plan_tflite(shape, 1, &spec, &plan, NULL),
                     CLSLICE_OK);
    assert_values(plan, (int64_t[]){1}, 1);
    clslice_plan_release(&plan);
    /* Offset on a reversed range: begin 3, length -2 -> end 1: [3, 2]. */
    begin[0] = 3;
    end[0] = -2;
    strides[0] = -1;
    spec.offset = 1;
    assert_int_equal(clslice_plan_tflite(shape, 1, &spec, &plan, NULL),
                     CLSLICE_OK);
    assert_values(plan, (int64_t[]){3, 2}, 2);
    clslice_plan_release(&plan);
}

static void test_tflite_limits(void **state)
{
    (void)state;
    int64_t shape[6] = {1, 1, 1, 1, 1, 1};
    int32_t zero[2] = {0, 0}, one[2] = {1, 1};
    clslice_tflite_spec spec = {zero, 1, one, 1, one, 1, 0, 0, 0, 0, 0, 0};
    clslice_plan *plan = NULL;
    clslice_error err;
    assert_int_equal(clslice_plan_tflite(shape, 6, &spec, &plan, &err),
                     CLSLICE_ERROR_RANK);
    tu_assert_error(&err, CLSLICE_ERROR_RANK, "rank 6", "up to 5", NULL);
    spec = (clslice_tflite_spec){zero, 2, one, 2, one, 2, 0, 0, 0, 3, 0, 0};
    assert_int_equal(clslice_plan_tflite(shape, 4, &spec, &plan, &err),
                     CLSLICE_ERROR_RANK);
    tu_assert_error(&err, CLSLICE_ERROR_RANK, "new_axis_mask = 3", "adds 2",
                    NULL);
    /* TensorFlow's checks come along: a shrink index out of range. */
    int32_t far[1] = {7};
    spec = (clslice_tflite_spec){far, 1, one, 1, one, 1, 0, 0, 0, 0, 1, 0};
    assert_int_equal(clslice_plan_tflite(shape, 1, &spec, &plan, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "slot 0", "7", NULL);
    /* TFLite reads a masked shrink's index as 0 where TensorFlow would
     * take begin[0] = -1 (the kernel resolves a shrink's begin as any
     * begin). */
    int64_t four[1] = {4};
    int32_t last[1] = {-1};
    spec = (clslice_tflite_spec){last, 1, one, 1, one, 1, 1, 0, 0, 0, 1, 0};
    assert_int_equal(clslice_plan_tflite(four, 1, &spec, &plan, &err),
                     CLSLICE_OK);
    assert_values(plan, (int64_t[]){0}, 1);
    clslice_plan_release(&plan);
    clslice_tf_spec tf = {CLSLICE_INT32, last, 1, one, 1, one, 1, 1, 0, 0, 0,
                          1};
    assert_int_equal(clslice_plan_tf(four, 1, &tf, &plan, &err), CLSLICE_OK);
    assert_values(plan, (int64_t[]){3}, 1);
    clslice_plan_release(&plan);
    spec = (clslice_tflite_spec){zero, 2, one, 1, one, 1, 0, 0, 0, 0, 0, 0};
    assert_int_equal(clslice_plan_tflite(shape, 1, &spec, &plan, &err),
                     CLSLICE_ERROR_SPEC);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "equal lengths", NULL);
    assert_null(plan);
}

/* ---- tf.slice -------------------------------------------------------- */

static void test_tf_slice(void **state)
{
    (void)state;
    /* The tf.slice documentation's example on a 3x2x3 tensor:
     * tf.slice(t, [1, 0, 0], [1, 2, 3]) -> [[[3,3,3],[4,4,4]]], i.e.
     * elements 6..11. */
    int64_t shape[3] = {3, 2, 3}, begin[3] = {1, 0, 0}, size[3] = {1, 2, 3};
    clslice_plan *plan = NULL;
    clslice_error err;
    assert_int_equal(clslice_plan_tf_slice(shape, 3, begin, 3, size, 3, &plan,
                                           &err), CLSLICE_OK);
    assert_values(plan, (int64_t[]){6, 7, 8, 9, 10, 11}, 6);
    clslice_plan_release(&plan);
    size[1] = -1;
    size[2] = -1;
    begin[2] = 1;
    assert_int_equal(clslice_plan_tf_slice(shape, 3, begin, 3, size, 3, &plan,
                                           &err), CLSLICE_OK);
    assert_shape(plan, (int64_t[]){1, 2, 2}, 3);
    clslice_plan_release(&plan);
    begin[0] = 4;
    assert_int_equal(clslice_plan_tf_slice(shape, 3, begin, 3, size, 3, &plan,
                                           &err), CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "begin[0] = 4", "[0, 3]",
                    NULL);
    begin[0] = 2;
    size[0] = 2;
    assert_int_equal(clslice_plan_tf_slice(shape, 3, begin, 3, size, 3, &plan,
                                           &err), CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "size[0] = 2", "[0, 1]",
                    NULL);
    assert_int_equal(clslice_plan_tf_slice(shape, 3, begin, 2, size, 3, &plan,
                                           &err), CLSLICE_ERROR_SPEC);
    /* An unknown size keeps a given size, loses a -1. */
    int64_t unknown[2] = {-1, -1}, b2[2] = {2, 1}, s2[2] = {3, -1};
    assert_int_equal(clslice_plan_tf_slice(unknown, 2, b2, 2, s2, 2, &plan,
                                           &err), CLSLICE_OK);
    assert_shape(plan, (int64_t[]){3, -1}, 2);
    clslice_plan_release(&plan);
}

/* ---- XLA ---------------------------------------------------------------- */

static void test_xla_slice(void **state)
{
    (void)state;
    /* stablehlo.slice's example: operand [[0,0,0,0],[0,0,1,1],[0,0,1,1]],
     * start [1, 2], limit [3, 4], strides [1, 1] -> the 2x2 ones; here
     * elements 6, 7, 10, 11 of an arange. */
    int64_t shape[2] = {3, 4}, start[2] = {1, 2}, limit[2] = {3, 4},
            strides[2] = {1, 1};
    clslice_plan *plan = NULL;
    clslice_error err;
    assert_int_equal(clslice_plan_xla_slice(shape, 2, start, limit, strides,
                                            2, &plan, &err), CLSLICE_OK);
    assert_values(plan, (int64_t[]){6, 7, 10, 11}, 4);
    clslice_plan_release(&plan);
    strides[1] = 3;
    limit[1] = 4;
    start[1] = 0;
    assert_int_equal(clslice_plan_xla_slice(shape, 2, start, limit, strides,
                                            2, &plan, &err), CLSLICE_OK);
    assert_values(plan, (int64_t[]){4, 7, 8, 11}, 4);
    clslice_plan_release(&plan);
    strides[1] = -1;
    assert_int_equal(clslice_plan_xla_slice(shape, 2, start, limit, strides,
                                            2, &plan, &err),
                     CLSLICE_ERROR_SPEC);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "strides[1] = -1", NULL);
    strides[1] = 1;
    start[0] = -1;
    assert_int_equal(clslice_plan_xla_slice(shape, 2, start, limit, strides,
                                            2, &plan, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "start_indices[0] = -1",
                    NULL);
    start[0] = 2;
    limit[0] = 1;
    assert_int_equal(clslice_plan_xla_slice(shape, 2, start, limit, strides,
                                            2, &plan, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "limit_indices[0] = 1",
                    NULL);
    limit[0] = 4;
    assert_int_equal(clslice_plan_xla_slice(shape, 2, start, limit, strides,
                                            2, &plan, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "limit_indices[0] = 4",
                    "size 3", NULL);
}

static void test_dynamic_slice_clamps(void **state)
{
    (void)state;
    /* The StableHLO spec's example: operand [[0,0,1,1],[0,0,1,1],
     * [0,0,0,0],[0,0,0,0]], start (-1, 3), sizes [2, 2]: the start clamps
     * to (0, 2) and the window is the ones. */
    int64_t shape[2] = {4, 4}, starts[2] = {-1, 3}, sizes[2] = {2, 2};
    clslice_plan *plan = NULL;
    clslice_error err;
    assert_int_equal(clslice_plan_dynamic_slice(shape, 2, starts, sizes, 2,
                                                &plan, &err), CLSLICE_OK);
    assert_values(plan, (int64_t[]){2, 3, 6, 7}, 4);
    clslice_plan_release(&plan);
    /* Starts not known yet: the shape is known all the same. */
    assert_int_equal(clslice_plan_dynamic_slice(shape, 2, NULL, sizes, 2,
                                                &plan, &err), CLSLICE_OK);
    assert_shape(plan, sizes, 2);
    assert_false(clslice_plan_is_known(plan));
    clslice_plan_release(&plan);
    sizes[1] = 5;
    assert_int_equal(clslice_plan_dynamic_slice(shape, 2, starts, sizes, 2,
                                                &plan, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "slice_sizes[1] = 5", "size 4",
                    NULL);
    assert_int_equal(clslice_plan_dynamic_slice(shape, 2, starts, sizes, 1,
                                                &plan, &err),
                     CLSLICE_ERROR_SPEC);
}

static void test_dynamic_update_slice(void **state)
{
    (void)state;
    /* A KV-cache write: one row of 3 at position 9 of a 4-row cache;
     * the start clamps to 3, the last row. */
    int64_t shape[2] = {4, 3}, update_shape[2] = {1, 3}, at[2] = {9, 0};
    clslice_plan *plan = NULL;
    clslice_error err;
    assert_int_equal(clslice_plan_dynamic_update_slice(
                         shape, 2, update_shape, 2, at, 2, &plan, &err),
                     CLSLICE_OK);
    int64_t cache[12] = {0}, row[3] = {7, 8, 9};
    assert_int_equal(clslice_host_scatter(plan, 8, row, update_shape, 2,
                                          sizeof row, CLSLICE_VALUE_EXACT,
                                          cache, sizeof cache, &err),
                     CLSLICE_OK);
    for (int i = 0; i < 12; i++)
        assert_int_equal(cache[i], i >= 9 ? row[i - 9] : 0);
    clslice_plan_release(&plan);
    assert_int_equal(clslice_plan_dynamic_update_slice(
                         shape, 2, update_shape, 1, at, 2, &plan, &err),
                     CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE, "rank 1", NULL);
    update_shape[0] = 5;
    assert_int_equal(clslice_plan_dynamic_update_slice(
                         shape, 2, update_shape, 2, at, 2, &plan, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "update_shape[0] = 5", NULL);
}

/* ---- OpenVINO Slice-8 / SliceScatter-15 -------------------------------- */

static void test_openvino_slice(void **state)
{
    (void)state;
    /* The Slice-8 specification's example 1: data [0..9], start 1, stop
     * 8, step 1, axes 0 -> [1..7]. */
    int64_t shape[1] = {10}, start[1] = {1}, stop[1] = {8}, step[1] = {1},
            axes[1] = {0};
    clslice_plan *plan = NULL;
    clslice_error err;
    assert_int_equal(clslice_plan_openvino_slice(shape, 1, start, 1, stop, 1,
                                                 step, 1, axes, 1, &plan,
                                                 &err), CLSLICE_OK);
    assert_values(plan, (int64_t[]){1, 2, 3, 4, 5, 6, 7}, 7);
    clslice_plan_release(&plan);
    /* Example with a negative step: start 9, stop 0, step -2 -> 9 7 5 3 1 */
    start[0] = 9;
    stop[0] = 0;
    step[0] = -2;
    assert_int_equal(clslice_plan_openvino_slice(shape, 1, start, 1, stop, 1,
                                                 step, 1, NULL, 0, &plan,
                                                 &err), CLSLICE_OK);
    assert_values(plan, (int64_t[]){9, 7, 5, 3, 1}, 5);
    /* SliceScatter-15: the same plan, written under the exact rule. */
    int64_t data[10] = {0}, updates[5] = {1, 2, 3, 4, 5}, ushape[1] = {5};
    assert_int_equal(clslice_host_scatter(plan, 8, updates, ushape, 1,
                                          sizeof updates, CLSLICE_VALUE_EXACT,
                                          data, sizeof data, &err),
                     CLSLICE_OK);
    assert_int_equal(data[9], 1);
    assert_int_equal(data[1], 5);
    assert_int_equal(data[8], 0);
    clslice_plan_release(&plan);
    assert_int_equal(clslice_plan_openvino_slice(shape, 1, start, 1, stop, 1,
                                                 NULL, 0, NULL, 0, &plan,
                                                 &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "step is NULL", NULL);
    step[0] = 0;
    assert_int_equal(clslice_plan_openvino_slice(shape, 1, start, 1, stop, 1,
                                                 step, 1, NULL, 0, &plan,
                                                 &err), CLSLICE_ERROR_SPEC);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "step[0] = 0", NULL);
    step[0] = 1;
    axes[0] = 1;
    assert_int_equal(clslice_plan_openvino_slice(shape, 1, start, 1, stop, 1,
                                                 step, 1, axes, 1, &plan,
                                                 &err), CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "axes[0] = 1", NULL);
    int64_t scalar = 0;
    assert_int_equal(clslice_plan_openvino_slice(&scalar, 0, NULL, 0, NULL, 0,
                                                 NULL, 0, NULL, 0, &plan,
                                                 &err), CLSLICE_ERROR_SPEC);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "OpenVINO Slice-8", NULL);
}

/* ---- PyTorch -------------------------------------------------------------- */

static void test_torch_narrow(void **state)
{
    (void)state;
    /* torch.narrow's documentation: x = [[1,2,3],[4,5,6],[7,8,9]],
     * narrow(x, 0, 0, 2) is the first two rows; narrow(x, 1, 1, 2) the
     * last two columns; here as offsets into an arange. */
    int64_t shape[2] = {3, 3};
    clslice_plan *plan = NULL;
    clslice_error err;
    assert_int_equal(clslice_plan_torch_narrow(shape, 2, 0, 0, 2, &plan,
                                               &err), CLSLICE_OK);
    assert_values(plan, (int64_t[]){0, 1, 2, 3, 4, 5}, 6);
    clslice_plan_release(&plan);
    assert_int_equal(clslice_plan_torch_narrow(shape, 2, -1, -2, 2, &plan,
                                               &err), CLSLICE_OK);
    assert_values(plan, (int64_t[]){1, 2, 4, 5, 7, 8}, 6);
    clslice_plan_release(&plan);
    assert_int_equal(clslice_plan_torch_narrow(shape, 2, 1, 2, 2, &plan,
                                               &err), CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "start (2) + length (2)",
                    "size 3", NULL);
    assert_int_equal(clslice_plan_torch_narrow(shape, 2, 1, -4, 0, &plan,
                                               &err), CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "start = -4", "[-3, 3]", NULL);
    assert_int_equal(clslice_plan_torch_narrow(shape, 2, 2, 0, 1, &plan,
                                               &err), CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "dim = 2", NULL);
    assert_int_equal(clslice_plan_torch_narrow(shape, 2, 0, 0, -1, &plan,
                                               &err), CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "length = -1", NULL);
    /* start == n with length 0 is allowed. */
    assert_int_equal(clslice_plan_torch_narrow(shape, 2, 0, 3, 0, &plan,
                                               &err), CLSLICE_OK);
    assert_shape(plan, (int64_t[]){0, 3}, 2);
    clslice_plan_release(&plan);
    /* A negative start on an unknown size: the window's length is known,
     * its start is not (and computing its end must not overflow, which
     * the sanitizer build checks). */
    int64_t unknown[1] = {CLSLICE_UNKNOWN};
    assert_int_equal(clslice_plan_torch_narrow(unknown, 1, 0, -3, 2, &plan,
                                               &err), CLSLICE_OK);
    int64_t start = 0, count = 0;
    assert_int_equal(clslice_plan_dim(plan, 0, &start, NULL, &count, NULL),
                     CLSLICE_OK);
    assert_int_equal(start, CLSLICE_UNKNOWN);
    assert_int_equal(count, 2);
    clslice_plan_release(&plan);
}

static void test_torch_index(void **state)
{
    (void)state;
    int64_t shape[2] = {4, 5};
    clslice_plan *plan = NULL;
    clslice_error err;
    assert_int_equal(clslice_plan_torch_index(shape, 2, "[1:3, None, ::2]",
                                              &plan, &err), CLSLICE_OK);
    assert_shape(plan, (int64_t[]){2, 1, 3}, 3);
    clslice_plan_release(&plan);
    assert_int_equal(clslice_plan_torch_index(shape, 2, "[:, ::-1]", &plan,
                                              &err), CLSLICE_ERROR_SPEC);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "item 1", "step = -1",
                    "greater than zero", NULL);
    /* numpy's own front-end takes the same expression. */
    assert_int_equal(clslice_plan_expr(shape, 2, "[:, ::-1]", &plan, &err),
                     CLSLICE_OK);
    clslice_plan_release(&plan);
    /* Several ellipses, as PyTorch takes them: x[..., 0, ...] on a 4x5
     * tensor is x[:, 0]; numpy refuses the second ellipsis. */
    assert_int_equal(clslice_plan_torch_index(shape, 2, "[..., 0, ...]",
                                              &plan, &err), CLSLICE_OK);
    assert_shape(plan, (int64_t[]){4}, 1);
    assert_values(plan, (int64_t[]){0, 5, 10, 15}, 4);
    clslice_plan_release(&plan);
    assert_int_equal(clslice_plan_expr(shape, 2, "[..., 0, ...]", &plan,
                                       &err), CLSLICE_ERROR_SPEC);
    assert_int_equal(clslice_plan_torch_index(shape, 2, "[4]", &plan, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "4", NULL);
    assert_null(plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tflite_offset),
        cmocka_unit_test(test_tflite_limits),
        cmocka_unit_test(test_tf_slice),
        cmocka_unit_test(test_xla_slice),
        cmocka_unit_test(test_dynamic_slice_clamps),
        cmocka_unit_test(test_dynamic_update_slice),
        cmocka_unit_test(test_openvino_slice),
        cmocka_unit_test(test_torch_narrow),
        cmocka_unit_test(test_torch_index),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
