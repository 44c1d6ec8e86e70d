/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The halves of a dynamic call, each alone (testing.h): the normalise
 * command into a record the test reads back, and the consumer from a
 * record the test wrote.  Each runs the production code of its half
 * (dyn_normalise.c, dyn_consume.c) behind the same head check as the
 * public calls.
 */
#include "opencl/testing/testing.h"
#include "core/plan/common.h"

clslice_status cs_enqueue_normalise(clslice_runtime *rt, cl_command_queue q,
                                    const cs_dyn_spec *spec, cl_mem info,
                                    size_t info_offset,
                                    clslice_plan **static_plan, cl_uint n,
                                    const cl_event *wl, cl_event *ev,
                                    clslice_error *err)
{
    if (static_plan)
        *static_plan = NULL;
    cs_call call = cs_call_of(rt, q, 0, n, wl, ev);
    cs_norm_desc desc;
    clslice_plan *plan = NULL;
    clslice_status st = cs_call_check(&call, err);
    if (st == CLSLICE_OK)
        st = cs_dyn_describe(spec, &desc, &plan, err);
    if (st == CLSLICE_OK)
        st = cs_dyn_check_info_offset(info_offset, err);
    if (st == CLSLICE_OK)
        st = cs_enqueue_described(&call, spec, &desc, info, info_offset,
                                  err);
    if (st != CLSLICE_OK) {
        clslice_plan_release(&plan);
        return st;
    }
    *static_plan = plan;
    return cs_ok(err);
}

clslice_status cs_enqueue_normalise_batch(clslice_runtime *rt,
                                          cl_command_queue q, cl_mem descs,
                                          size_t count,
                                          const cl_mem values[4],
                                          cl_mem info, cl_uint n,
                                          const cl_event *wl, cl_event *ev,
                                          clslice_error *err)
{
    cs_call call = cs_call_of(rt, q, 0, n, wl, ev);
    clslice_status st = cs_call_check(&call, err);
    return st == CLSLICE_OK
               ? cs_normalise_launch(&call, descs, count, values, info, err)
               : st;
}

static clslice_status consume(const cs_dyn_consumer *consumer,
                              clslice_error *err)
{
    cs_dyn_consumer c = *consumer;
    cs_dyn_ready ready;
    clslice_status st = cs_call_check(&c.call, err);
    if (st == CLSLICE_OK)
        st = cs_dynamic_ready(&c, &ready, err);
    if (st == CLSLICE_OK)
        st = cs_dynamic_fire(&ready, c.call.num_events, c.call.wait_list,
                             c.call.event, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

clslice_status cs_enqueue_dynamic_gather(
    clslice_runtime *rt, cl_command_queue q, const clslice_plan *static_plan,
    size_t elem_size, cl_mem info, size_t info_offset, cl_mem src,
    size_t src_offset, cl_mem dst, size_t dst_offset, unsigned flags,
    cl_uint n, const cl_event *wl, cl_event *ev, clslice_error *err)
{
    cs_dyn_consumer c = {
        .call = cs_call_of(rt, q, flags, n, wl, ev),
        .kind = CS_KERNEL_GATHER, .plan = static_plan,
        .elem_size = elem_size, .info = info, .src = src, .dst = dst,
        .info_offset = info_offset, .src_offset = src_offset,
        .dst_offset = dst_offset};
    return consume(&c, err);
}

clslice_status cs_enqueue_dynamic_scatter(
    clslice_runtime *rt, cl_command_queue q, const clslice_plan *static_plan,
    size_t elem_size, cl_mem info, size_t info_offset, cl_mem value,
    size_t value_offset, const int64_t *value_shape, int value_rank,
    clslice_value_rule rule, cl_mem dst, size_t dst_offset, unsigned flags,
    cl_uint n, const cl_event *wl, cl_event *ev, clslice_error *err)
{
    cs_dyn_consumer c = {
        .call = cs_call_of(rt, q, flags, n, wl, ev),
        .kind = CS_KERNEL_SCATTER, .plan = static_plan,
        .elem_size = elem_size, .info = info, .src = value, .dst = dst,
        .info_offset = info_offset, .src_offset = value_offset,
        .dst_offset = dst_offset, .value_shape = value_shape,
        .value_rank = value_rank, .rule = rule};
    return consume(&c, err);
}
