/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Operations that read or write nothing accept NULL buffers there: OpenCL
 * has no empty buffers, so an engine holding a tensor of no elements has
 * no cl_mem to pass.  What counts as nothing:
 *  - gather: dst when the output has no elements, src when the input
 *    tensor has none;
 *  - scatter and fill: dst when the slice (the written region) is empty;
 *    scatter: value when the value tensor has no elements;
 *  - grad: out when the whole tensor has no bytes (otherwise grad zeroes
 *    it), dy when it has no elements.
 * Such a call still honours the wait list: a requested event is a marker
 * that completes once the wait list has.  Where bytes are needed, NULL is
 * refused, naming the argument and the byte count, and nothing is
 * written.
 */
#include <string.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "testutil.h"

enum { ELEM = 4, BYTES = 4 * 6 * ELEM, SENTINEL = 0x6B };

static tu_dev g_dev;
static bool g_have;
static cl_mem g_buf; /* a [4, 6] tensor's bytes */

static clslice_plan *plan_of(int64_t rows, const char *expr)
{
    const int64_t shape[] = {rows, 6};
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_expr(shape, 2, expr, &plan, NULL),
                     CLSLICE_OK);
    return plan;
}

/* A user event of the device's context, not yet complete. */
static cl_event gate_event(void)
{
    cl_int rc;
    cl_event gate = clCreateUserEvent(g_dev.cl.context, &rc);
    TU_CL_CHECK(rc);
    return gate;
}

static cl_int event_status(cl_event event)
{
    cl_int status;
    TU_CL_CHECK(clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS,
                               sizeof status, &status, NULL));
    return status;
}

/* `done` waits for `gate`: incomplete until the gate opens, complete
 * after.  Releases both. */
static void expect_marker(cl_event gate, cl_event done)
{
    assert_non_null(done);
    TU_CL_CHECK(clFlush(g_dev.queue));
    assert_true(event_status(done) != CL_COMPLETE);
    TU_CL_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    TU_CL_CHECK(clWaitForEvents(1, &done));
    assert_int_equal(event_status(done), CL_COMPLETE);
    clReleaseEvent(done);
    clReleaseEvent(gate);
}

static void test_gather(void **state)
{
    (void)state;
    if (!g_have)
        skip();
    clslice_error err;
    /* empty output: no dst */
    clslice_plan *empty = plan_of(4, "[2:2]");
    cl_event gate = gate_event(), done = NULL;
    assert_int_equal(clslice_enqueue_gather(g_dev.runtime, g_dev.queue,
                                            empty, ELEM, g_buf, 0, NULL, 0,
                                            0, 1, &gate, &done, &err),
                     CLSLICE_OK);
    expect_marker(gate, done);
    assert_int_equal(clslice_enqueue_gather(g_dev.runtime, g_dev.queue,
                                            empty, ELEM, g_buf, 0, NULL, 0,
                                            0, 0, NULL, NULL, &err),
                     CLSLICE_OK);
    /* the input is not empty, so src is still needed */
    assert_int_equal(clslice_enqueue_gather(g_dev.runtime, g_dev.queue,
                                            empty, ELEM, NULL, 0, NULL, 0, 0,
                                            0, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "src is NULL but needs 96 "
                    "bytes", NULL);
    clslice_plan_release(&empty);

    /* an input of no elements: neither buffer */
    clslice_plan *none = plan_of(0, "[:, 1:]");
    gate = gate_event();
    done = NULL;
    assert_int_equal(clslice_enqueue_gather(g_dev.runtime, g_dev.queue, none,
                                            ELEM, NULL, 0, NULL, 0, 0, 1,
                                            &gate, &done, &err),
                     CLSLICE_OK);
    expect_marker(gate, done);
    clslice_plan_release(&none);

    /* an output with elements needs dst */
    clslice_plan *rows = plan_of(4, "[1:3]");
    done = NULL;
    assert_int_equal(clslice_enqueue_gather(g_dev.runtime, g_dev.queue, rows,
                                            ELEM, g_buf, 0, NULL, 0, 0, 0,
                                            NULL, &done, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "dst is NULL but needs 48 bytes", NULL);
    assert_null(done);
    clslice_plan_release(&rows);
}

static void test_scatter(void **state)
{
    (void)state;
    if (!g_have)
        skip();
    clslice_error err;
    clslice_plan *empty = plan_of(4, "[2:2]");
    const int64_t value_shape[] = {0, 6};
    cl_event gate = gate_event(), done = NULL;
    /* an empty slice and an empty value: neither buffer */
    assert_int_equal(clslice_enqueue_scatter(
                         g_dev.runtime, g_dev.queue, empty, ELEM, NULL, 0,
                         value_shape, 2, CLSLICE_VALUE_EXACT, NULL, 0, 0, 1,
                         &gate, &done, &err),
                     CLSLICE_OK);
    expect_marker(gate, done);
    /* an empty slice from a value that broadcasts: no dst */
    const int64_t scalar_shape[] = {1};
    assert_int_equal(clslice_enqueue_scatter(
                         g_dev.runtime, g_dev.queue, empty, ELEM, g_buf, 0,
                         scalar_shape, 1, CLSLICE_VALUE_BROADCAST, NULL, 0,
                         0, 0, NULL, NULL, &err),
                     CLSLICE_OK);
    clslice_plan_release(&empty);

    /* a slice with elements needs dst; nothing is written */
    clslice_plan *rows = plan_of(4, "[1:2]");
    tu_cl_fill(g_dev.queue, g_buf, SENTINEL, BYTES);
    assert_int_equal(clslice_enqueue_scatter(
                         g_dev.runtime, g_dev.queue, rows, ELEM, g_buf, 0,
                         scalar_shape, 1, CLSLICE_VALUE_BROADCAST, NULL, 0,
                         0, 0, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "dst is NULL but needs 96 bytes", NULL);
    /* a value with elements needs its buffer */
    assert_int_equal(clslice_enqueue_scatter(
                         g_dev.runtime, g_dev.queue, rows, ELEM, NULL, 0,
                         scalar_shape, 1, CLSLICE_VALUE_BROADCAST, g_buf, 0,
                         0, 0, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "value is NULL but needs 4 bytes", NULL);
    tu_cl_assert_filled(g_dev.queue, g_buf, BYTES, SENTINEL);
    clslice_plan_release(&rows);
}

static void test_fill(void **state)
{
    (void)state;
    if (!g_have)
        skip();
    clslice_error err;
    const float element = 1.5f;
    clslice_plan *empty = plan_of(4, "[:, 3:3]");
    cl_event gate = gate_event(), done = NULL;
    assert_int_equal(clslice_enqueue_fill(g_dev.runtime, g_dev.queue, empty,
                                          ELEM, &element, NULL, 0, 0, 1,
                                          &gate, &done, &err),
                     CLSLICE_OK);
    expect_marker(gate, done);
    clslice_plan_release(&empty);

    clslice_plan *rows = plan_of(4, "[1:2]");
    assert_int_equal(clslice_enqueue_fill(g_dev.runtime, g_dev.queue, rows,
                                          ELEM, &element, NULL, 0, 0, 0,
                                          NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "dst is NULL but needs 96 bytes", NULL);
    clslice_plan_release(&rows);
}

static void test_grad(void **state)
{
    (void)state;
    if (!g_have)
        skip();
    clslice_error err;
    /* a tensor of no bytes: neither dy nor out */
    clslice_plan *none = plan_of(0, "[:, 1:]");
    const int64_t none_shape[] = {0, 5};
    cl_event gate = gate_event(), done = NULL;
    assert_int_equal(clslice_enqueue_grad(g_dev.runtime, g_dev.queue, none,
                                          ELEM, NULL, 0, none_shape, 2, NULL,
                                          0, 0, 1, &gate, &done, &err),
                     CLSLICE_OK);
    expect_marker(gate, done);
    clslice_plan_release(&none);

    /* an empty slice of a tensor with bytes: no dy, but out is zeroed, so
     * it is needed */
    clslice_plan *empty = plan_of(4, "[2:2]");
    const int64_t empty_shape[] = {0, 6};
    tu_cl_fill(g_dev.queue, g_buf, SENTINEL, BYTES);
    assert_int_equal(clslice_enqueue_grad(g_dev.runtime, g_dev.queue, empty,
                                          ELEM, NULL, 0, empty_shape, 2, NULL,
                                          0, 0, 0, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "out is NULL but needs 96 bytes", NULL);
    done = NULL;
    assert_int_equal(clslice_enqueue_grad(g_dev.runtime, g_dev.queue, empty,
                                          ELEM, NULL, 0, empty_shape, 2,
                                          g_buf, 0, 0, 0, NULL, &done, &err),
                     CLSLICE_OK);
    TU_CL_CHECK(clWaitForEvents(1, &done));
    clReleaseEvent(done);
    tu_cl_assert_filled(g_dev.queue, g_buf, BYTES, 0);
    clslice_plan_release(&empty);
}

static int setup(void **state)
{
    (void)state;
    g_have = tu_dev_open(&g_dev);
    if (g_have)
        g_buf = tu_cl_buffer(&g_dev.cl, BYTES);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (!g_have)
        return 0;
    clReleaseMemObject(g_buf);
    tu_dev_close(&g_dev);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gather),
        cmocka_unit_test(test_scatter),
        cmocka_unit_test(test_fill),
        cmocka_unit_test(test_grad),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
