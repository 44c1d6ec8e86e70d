/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A dynamic slice never waits and never reads back: the whole chain
 * (values written, normalise, gather or scatter, the caller's read of the
 * record) is enqueued behind a user event that is not yet signalled, and
 * every call returns.  Before the signal, no command of the chain has run:
 * its events are not complete and the record and output still hold their
 * old bytes (read through a second queue, which waits for none of them).
 * After the signal the results are right.  Out-of-order queues too, and
 * XLA's KV-cache write (dynamic_update_slice) with its read-back.
 */
#include <stdlib.h>
#include <string.h>

#include "devutil.h"
#include "testutil.h"

enum { ROWS = 6, COLS = 5, FILL = 0x3C };

static tu_dev dev;

static int setup(void **state)
{
    (void)state;
    tu_dev_open(&dev);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tu_dev_close(&dev);
    return 0;
}

typedef struct chain {
    cl_command_queue queue, side;
    cl_mem src, dst, info, values;
    cl_event gate;
} chain;

/* Out-of-order queues are optional (CL_DEVICE_QUEUE_PROPERTIES; Mesa
 * rusticl has none): there the chain runs on an in-order queue, which must
 * not wait for the gate either. */
static cl_command_queue_properties supported(cl_command_queue_properties props)
{
    cl_command_queue_properties have = 0;
    TU_CL_CHECK(clGetDeviceInfo(dev.cl.device, CL_DEVICE_QUEUE_PROPERTIES,
                                sizeof have, &have, NULL));
    if ((props & have) != props)
        print_message("no out-of-order queues on this device: the chain "
                      "runs on an in-order queue\n");
    return props & have;
}

static void chain_open(chain *c, cl_command_queue_properties props)
{
    c->queue = tu_cl_queue(&dev.cl, supported(props));
    c->side = tu_cl_queue(&dev.cl, 0);
    c->src = tu_cl_buffer(&dev.cl, ROWS * COLS * sizeof(float));
    c->dst = tu_cl_buffer(&dev.cl, ROWS * COLS * sizeof(float));
    c->info = tu_cl_buffer(&dev.cl, CLSLICE_DYNAMIC_INFO_BYTES);
    c->values = tu_cl_buffer(&dev.cl, 256);
    float input[ROWS * COLS];
    for (int i = 0; i < ROWS * COLS; i++)
        input[i] = (float)i;
    TU_CL_CHECK(clEnqueueWriteBuffer(c->side, c->src, CL_TRUE, 0,
                                     sizeof input, input, 0, NULL, NULL));
    tu_cl_fill(c->side, c->dst, FILL, sizeof input);
    tu_cl_fill(c->side, c->info, FILL, CLSLICE_DYNAMIC_INFO_BYTES);
    cl_int rc;
    c->gate = clCreateUserEvent(dev.cl.context, &rc);
    TU_CL_CHECK(rc);
}

static void chain_close(chain *c)
{
    clReleaseEvent(c->gate);
    clReleaseMemObject(c->values);
    clReleaseMemObject(c->info);
    clReleaseMemObject(c->dst);
    clReleaseMemObject(c->src);
    clReleaseCommandQueue(c->side);
    clReleaseCommandQueue(c->queue);
}

static cl_int status_of(cl_event ev)
{
    cl_int st;
    TU_CL_CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS,
                               sizeof st, &st, NULL));
    return st;
}

/* Nothing has run: the events are still queued or submitted, and the
 * buffers hold what they held. */
static void assert_untouched(const chain *c, const cl_event *events, int n)
{
    for (int i = 0; i < n; i++) {
        cl_int st = status_of(events[i]);
        if (st != CL_QUEUED && st != CL_SUBMITTED)
            fail_msg("event %d has status %d before the gate opened", i,
                     (int)st);
    }
    tu_cl_assert_filled(c->side, c->dst, ROWS * COLS * sizeof(float), FILL);
    tu_cl_assert_filled(c->side, c->info, CLSLICE_DYNAMIC_INFO_BYTES, FILL);
}

/* The head of a dynamic call on c's queue behind `written` (the values'
 * upload), its event into *done. */
static clslice_cl_call behind(const chain *c, const cl_event *written,
                              cl_event *done)
{
    return (clslice_cl_call){.struct_size = sizeof(clslice_cl_call),
                             .queue = c->queue,
                             .num_events_in_wait_list = 1,
                             .event_wait_list = written, .event = done};
}

/* TF: x[1:5:2, ::-2] with begin/end/strides written by a command that
 * itself waits on the gate. */
static void run_tf_gather(cl_command_queue_properties props)
{
    chain c;
    chain_open(&c, props);
    int64_t spec[3][2] = {{1, 0}, {5, 0}, {2, -2}};
    cl_event written, sliced, record_read;
    TU_CL_CHECK(clEnqueueWriteBuffer(c.queue, c.values, CL_FALSE, 0,
                                     sizeof spec, spec, 1, &c.gate,
                                     &written));
    int64_t shape[] = {ROWS, COLS};
    clslice_tf_dynamic_spec s = {
        .index_type = CLSLICE_INT64, .begin = {c.values, 0, 2},
        .end = {c.values, 16, 2}, .strides = {c.values, 32, 2},
        .begin_mask = 2, .end_mask = 2};
    clslice_cl_call call = behind(&c, &written, &sliced);
    clslice_cl_dynamic_desc op = {.struct_size = sizeof op, .shape = shape,
                                  .rank = 2, .kind = CLSLICE_DYNAMIC_GATHER,
                                  .elem_size = sizeof(float), .info = c.info,
                                  .src.buffer = c.src, .dst.buffer = c.dst};
    clslice_error err;
    assert_int_equal(clslice_cl_tf_dynamic(dev.runtime, &call, &op, &s, &err),
                     CLSLICE_OK);
    int64_t record[CLSLICE_DYNAMIC_INFO_WORDS];
    TU_CL_CHECK(clEnqueueReadBuffer(c.queue, c.info, CL_FALSE, 0,
                                    sizeof record, record, 1, &sliced,
                                    &record_read));
    cl_event events[] = {written, sliced, record_read};
    assert_untouched(&c, events, 3);

    TU_CL_CHECK(clSetUserEventStatus(c.gate, CL_COMPLETE));
    TU_CL_CHECK(clWaitForEvents(1, &record_read));
    assert_int_equal(record[CLSLICE_DYNAMIC_STATUS], CLSLICE_OK);
    assert_int_equal(record[CLSLICE_DYNAMIC_ELEMENTS], 6);
    assert_int_equal(record[CLSLICE_DYNAMIC_SHAPE], 2);
    assert_int_equal(record[CLSLICE_DYNAMIC_SHAPE + 1], 3);
    float out[6];
    TU_CL_CHECK(clEnqueueReadBuffer(c.queue, c.dst, CL_TRUE, 0, sizeof out,
                                    out, 0, NULL, NULL));
    const float want[6] = {9, 7, 5, 19, 17, 15}; /* rows 1, 3; cols 4,2,0 */
    for (int i = 0; i < 6; i++)
        assert_true(out[i] == want[i]);
    for (int i = 0; i < 3; i++)
        clReleaseEvent(events[i]);
    chain_close(&c);
}

static void test_tf_gather_in_order(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    run_tf_gather(0);
}

static void test_tf_gather_out_of_order(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    run_tf_gather(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
}

/* ONNX scatter with a step of 0 in the values: the chain still enqueues
 * without waiting; once the gate opens the record says
 * CLSLICE_ERROR_SPEC and the tensor is untouched. */
static void test_onnx_failed_scatter(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    chain c;
    chain_open(&c, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    int64_t spec[4] = {0, 3, 1, 0}; /* starts, ends, axes, steps */
    cl_event written, scattered;
    TU_CL_CHECK(clEnqueueWriteBuffer(c.queue, c.values, CL_FALSE, 0,
                                     sizeof spec, spec, 1, &c.gate,
                                     &written));
    int64_t shape[] = {ROWS, COLS};
    clslice_onnx_dynamic_spec s = {
        .index_type = CLSLICE_INT64, .starts = {c.values, 0, 1},
        .ends = {c.values, 8, 1}, .axes = {c.values, 16, 1},
        .steps = {c.values, 24, 1}};
    clslice_cl_call call = behind(&c, &written, &scattered);
    clslice_cl_dynamic_desc op = {.struct_size = sizeof op, .shape = shape,
                                  .rank = 2, .kind = CLSLICE_DYNAMIC_SCATTER,
                                  .elem_size = sizeof(float), .info = c.info,
                                  .src.buffer = c.src, .dst.buffer = c.dst,
                                  .rule = CLSLICE_VALUE_BROADCAST};
    clslice_error err;
    assert_int_equal(clslice_cl_onnx_dynamic(dev.runtime, &call, &op, &s,
                                             &err),
                     CLSLICE_OK);
    cl_event events[] = {written, scattered};
    assert_untouched(&c, events, 2);
    TU_CL_CHECK(clSetUserEventStatus(c.gate, CL_COMPLETE));
    TU_CL_CHECK(clWaitForEvents(1, &scattered));
    int64_t record[CLSLICE_DYNAMIC_INFO_WORDS];
    TU_CL_CHECK(clEnqueueReadBuffer(c.queue, c.info, CL_TRUE, 0,
                                    sizeof record, record, 0, NULL, NULL));
    assert_int_equal(record[CLSLICE_DYNAMIC_STATUS], CLSLICE_ERROR_SPEC);
    assert_int_equal(record[CLSLICE_DYNAMIC_ELEMENTS], 0);
    tu_cl_assert_filled(c.queue, c.dst, ROWS * COLS * sizeof(float), FILL);
    clReleaseEvent(written);
    clReleaseEvent(scattered);
    chain_close(&c);
}

/* OpenVINO scatter: x[::2, 1] = v (v of shape [3]) with begin, end and
 * strides written behind the gate; a successful write, in order. */
static void test_openvino_scatter(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    chain c;
    chain_open(&c, 0);
    int64_t spec[3][2] = {{0, 1}, {0, 2}, {2, 1}}; /* begin, end, strides */
    const float value[3] = {-1, -2, -3};
    cl_event written, scattered;
    TU_CL_CHECK(clEnqueueWriteBuffer(c.queue, c.values, CL_FALSE, 0,
                                     sizeof spec, spec, 1, &c.gate,
                                     &written));
    cl_mem v = tu_cl_buffer(&dev.cl, sizeof value);
    TU_CL_CHECK(clEnqueueWriteBuffer(c.side, v, CL_TRUE, 0, sizeof value,
                                     value, 0, NULL, NULL));
    int64_t shape[] = {ROWS, COLS}, vshape[] = {3};
    const int64_t begin_mask[] = {1, 0}, end_mask[] = {1, 0},
                  shrink[] = {0, 1};
    clslice_openvino_dynamic_spec s = {
        .index_type = CLSLICE_INT64, .begin = {c.values, 0, 2},
        .end = {c.values, 16, 2}, .strides = {c.values, 32, 2},
        .begin_mask = begin_mask, .begin_mask_len = 2,
        .end_mask = end_mask, .end_mask_len = 2,
        .shrink_axis_mask = shrink, .shrink_axis_mask_len = 2};
    clslice_cl_call call = behind(&c, &written, &scattered);
    clslice_cl_dynamic_desc op = {.struct_size = sizeof op, .shape = shape,
                                  .rank = 2, .kind = CLSLICE_DYNAMIC_SCATTER,
                                  .elem_size = sizeof(float), .info = c.info,
                                  .src.buffer = v, .dst.buffer = c.src,
                                  .value_shape = vshape, .value_rank = 1,
                                  .rule = CLSLICE_VALUE_EXACT};
    clslice_error err;
    assert_int_equal(clslice_cl_openvino_dynamic(dev.runtime, &call, &op, &s,
                                                 &err),
                     CLSLICE_OK);
    cl_event events[] = {written, scattered};
    assert_untouched(&c, events, 2);
    float before[ROWS * COLS];
    TU_CL_CHECK(clEnqueueReadBuffer(c.side, c.src, CL_TRUE, 0, sizeof before,
                                    before, 0, NULL, NULL));
    for (int i = 0; i < ROWS * COLS; i++)
        assert_true(before[i] == (float)i); /* the tensor, untouched */
    TU_CL_CHECK(clSetUserEventStatus(c.gate, CL_COMPLETE));
    TU_CL_CHECK(clWaitForEvents(1, &scattered));
    float after[ROWS * COLS];
    TU_CL_CHECK(clEnqueueReadBuffer(c.queue, c.src, CL_TRUE, 0, sizeof after,
                                    after, 0, NULL, NULL));
    for (int r = 0; r < ROWS; r++)
        for (int k = 0; k < COLS; k++) {
            float want = (float)(r * COLS + k);
            if (r % 2 == 0 && k == 1)
                want = value[r / 2];
            assert_true(after[r * COLS + k] == want);
        }
    clReleaseMemObject(v);
    clReleaseEvent(written);
    clReleaseEvent(scattered);
    chain_close(&c);
}

/* A decoder's KV-cache write and read-back: the position (int32, on the
 * device) is written behind the gate, then dynamic_update_slice writes
 * one row of the cache [ROWS, COLS] there and dynamic_slice reads the two
 * rows ending at it, chained by events on an out-of-order queue.  Nothing
 * runs before the gate; after it both are right. */
static void test_xla_cache_write_and_read(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    chain c;
    chain_open(&c, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    const int32_t starts[4] = {4, 0, 3, 0}; /* the write's, the read's */
    const float row[COLS] = {-1, -2, -3, -4, -5};
    cl_mem update = tu_cl_buffer(&dev.cl, sizeof row);
    TU_CL_CHECK(clEnqueueWriteBuffer(c.side, update, CL_TRUE, 0, sizeof row,
                                     row, 0, NULL, NULL));
    cl_event written, stored, loaded;
    TU_CL_CHECK(clEnqueueWriteBuffer(c.queue, c.values, CL_FALSE, 0,
                                     sizeof starts, starts, 1, &c.gate,
                                     &written));
    int64_t shape[] = {ROWS, COLS}, ushape[] = {1, COLS}, window[] = {2, COLS};
    clslice_xla_dynamic_spec write = {.index_type = CLSLICE_INT32,
                                      .start_indices = {c.values, 0, 2}};
    clslice_cl_call call = behind(&c, &written, &stored);
    clslice_cl_dynamic_desc op = {
        .struct_size = sizeof op, .shape = shape, .rank = 2,
        .kind = CLSLICE_DYNAMIC_SCATTER, .elem_size = sizeof(float),
        .info = c.info, .src.buffer = update, .dst.buffer = c.src,
        .value_shape = ushape,
        .value_rank = 2, .rule = CLSLICE_VALUE_EXACT};
    clslice_error err;
    assert_int_equal(clslice_cl_xla_dynamic(dev.runtime, &call, &op, &write,
                                            &err),
                     CLSLICE_OK);
    cl_mem info2 = tu_cl_buffer(&dev.cl, CLSLICE_DYNAMIC_INFO_BYTES);
    clslice_xla_dynamic_spec read = {.index_type = CLSLICE_INT32,
                                     .start_indices = {c.values, 8, 2},
                                     .slice_sizes = window,
                                     .slice_sizes_len = 2};
    call = behind(&c, &stored, &loaded);
    op = (clslice_cl_dynamic_desc){
        .struct_size = sizeof op, .shape = shape, .rank = 2,
        .kind = CLSLICE_DYNAMIC_GATHER, .elem_size = sizeof(float),
        .info = info2, .src.buffer = c.src, .dst.buffer = c.dst};
    assert_int_equal(clslice_cl_xla_dynamic(dev.runtime, &call, &op, &read,
                                            &err),
                     CLSLICE_OK);
    cl_event events[] = {written, stored, loaded};
    assert_untouched(&c, events, 3);
    float cache[ROWS * COLS];
    TU_CL_CHECK(clEnqueueReadBuffer(c.side, c.src, CL_TRUE, 0, sizeof cache,
                                    cache, 0, NULL, NULL));
    for (int i = 0; i < ROWS * COLS; i++)
        assert_true(cache[i] == (float)i); /* the cache, untouched */
    TU_CL_CHECK(clSetUserEventStatus(c.gate, CL_COMPLETE));
    TU_CL_CHECK(clWaitForEvents(1, &loaded));
    float out[2 * COLS];
    TU_CL_CHECK(clEnqueueReadBuffer(c.queue, c.dst, CL_TRUE, 0, sizeof out,
                                    out, 0, NULL, NULL));
    for (int k = 0; k < COLS; k++) {
        assert_true(out[k] == (float)(3 * COLS + k)); /* row 3 */
        assert_true(out[COLS + k] == row[k]);         /* row 4, written */
    }
    for (int i = 0; i < 3; i++)
        clReleaseEvent(events[i]);
    clReleaseMemObject(info2);
    clReleaseMemObject(update);
    chain_close(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tf_gather_in_order),
        cmocka_unit_test(test_tf_gather_out_of_order),
        cmocka_unit_test(test_onnx_failed_scatter),
        cmocka_unit_test(test_openvino_scatter),
        cmocka_unit_test(test_xla_cache_write_and_read),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
