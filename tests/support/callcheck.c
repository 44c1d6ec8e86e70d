/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The checks of callcheck.h.
 */
#include "callcheck.h"

#include "testutil.h"

void tu_check_gated(const tu_dev *dev, clslice_cl_call call, tu_call_op *op,
                    const void *ctx)
{
    cl_int rc;
    cl_event gate = clCreateUserEvent(dev->cl.context, &rc), done = NULL;
    TU_CL_CHECK(rc);
    call.num_events_in_wait_list = 1;
    call.event_wait_list = &gate;
    call.event = &done;
    clslice_error err;
    assert_int_equal(op(dev->runtime, &call, ctx, &err), CLSLICE_OK);
    assert_non_null(done);
    cl_int status;
    TU_CL_CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS,
                               sizeof status, &status, NULL));
    assert_int_not_equal(status, CL_COMPLETE);
    TU_CL_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    TU_CL_CHECK(clWaitForEvents(1, &done));
    clReleaseEvent(done);
    clReleaseEvent(gate);
}

void tu_check_prepared(const tu_dev *dev, unsigned flag, clslice_cl_call call,
                       tu_call_op *op, const void *ctx,
                       size_t (*program_count)(clslice_runtime *rt))
{
    for (int with = 0; with < 2; with++) {
        clslice_runtime *rt = NULL;
        clslice_error err;
        assert_int_equal(clslice_runtime_create(dev->cl.context, &rt, &err),
                         CLSLICE_OK);
        assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device,
                                                 with ? flag : 0, &err),
                         CLSLICE_OK);
        size_t prepared = program_count(rt);
        assert_int_equal(op(rt, &call, ctx, &err), CLSLICE_OK);
        TU_CL_CHECK(clFinish(dev->queue));
        assert_int_equal(program_count(rt), prepared + (with ? 0 : 1));
        clslice_runtime_release(&rt);
    }
}
