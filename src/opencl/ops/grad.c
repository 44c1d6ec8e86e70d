/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_enqueue_grad, TF StridedSliceGrad on the device: zeros over the
 * whole output tensor, then dy scattered into the slice.  The two commands
 * are links of one event chain rather than relying on queue order, so
 * out-of-order queues work, and the caller's event is the last command's.
 * Every check, the program build and everything of the scatter's launch
 * that can fail (its kernel from the pool, its arguments) come before the
 * zero fill, so a failing call writes nothing; only the scatter's own
 * enqueue call, the last one made, can fail after the fill is queued.
 */
#include <stdbool.h>

#include "opencl/run/dispatch.h"
#include "core/plan/common.h"

/* Zeros over the tensor's bytes, as the chain's next link. */
static clslice_status zero(const cs_op *op, cs_chain *chain,
                           clslice_error *err)
{
    static const unsigned char zeros[16] = {0};
    const cl_event *wait_list;
    cl_uint n = cs_chain_wait(chain, &wait_list);
    cl_event zeroed = NULL;
    /* OpenCL wants the offset and size multiples of the pattern: the
     * widest (up to a uint4) they allow */
    size_t pattern = cs_widest_carrier(sizeof zeros,
                                       (uint64_t)op->dst_offset |
                                           op->dst_bytes);
    cl_int rc = clEnqueueFillBuffer(op->call.queue, op->dst, zeros, pattern,
                                    op->dst_offset, op->dst_bytes, n,
                                    wait_list, &zeroed);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clEnqueueFillBuffer", rc);
    cs_chain_link(chain, zeroed);
    return CLSLICE_OK;
}

/* The scatter made ready, then the zero fill, then the scatter; an empty
 * slice needs only the fill.  No tensor bytes: nothing to zero or to
 * write. */
static clslice_status run(const cs_op *op, clslice_error *err)
{
    if (op->dst_bytes == 0)
        return cs_dispatch(op, err);
    bool scatter = op->layout.elements > 0;
    cs_ready ready;
    if (scatter) {
        clslice_status st = cs_dispatch_ready(op, &ready, err);
        if (st != CLSLICE_OK)
            return st;
    }
    cs_chain chain;
    cs_chain_start(&chain, op->call.queue, op->call.num_events,
                   op->call.wait_list);
    clslice_status st = zero(op, &chain, err);
    if (scatter && st == CLSLICE_OK)
        st = cs_chain_fire(&chain, op, &ready, err);
    else if (scatter)
        cs_dispatch_drop(&ready);
    if (st == CLSLICE_OK)
        st = cs_chain_finish(&chain, op->call.event, err);
    cs_chain_drop(&chain);
    return st;
}

clslice_status clslice_enqueue_grad(clslice_runtime *runtime,
                                    cl_command_queue queue,
                                    const clslice_plan *plan,
                                    size_t elem_size,
                                    cl_mem dy, size_t dy_offset,
                                    const int64_t *dy_shape, int dy_rank,
                                    cl_mem out, size_t out_offset,
                                    unsigned flags,
                                    cl_uint num_events_in_wait_list,
                                    const cl_event *event_wait_list,
                                    cl_event *event,
                                    clslice_error *err)
{
    cs_op op = {.call = cs_call_of(runtime, queue, flags,
                                   num_events_in_wait_list,
                                   event_wait_list, event),
                .kind = CS_KERNEL_SCATTER, .plan = plan,
                .elem_size = elem_size, .src = dy, .src_offset = dy_offset,
                .dst = out, .dst_offset = out_offset, .value_shape = dy_shape,
                .value_rank = dy_rank, .rule = CLSLICE_VALUE_EXACT,
                .value_name = "dy", .dst_name = "out", .writes_tensor = true};
    clslice_status st = cs_op_prepare(&op, err);
    if (st == CLSLICE_OK)
        st = cs_op_program(&op, err);
    if (st == CLSLICE_OK)
        st = run(&op, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
