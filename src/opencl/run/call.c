/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The check of a call's head (call.h), the first thing every device
 * operation does after taking a general call's structs: the flags (a
 * plain value, the last member of the head a general call takes), then
 * the handles (nothing can be asked of OpenCL without them), the wait
 * list the caller passed beside them, and the queue, whose device the
 * operation's choice needs.
 */
#include "opencl/run/call.h"

cs_call cs_call_of(clslice_runtime *runtime, cl_command_queue queue,
                   unsigned flags, cl_uint num_events,
                   const cl_event *wait_list, cl_event *event)
{
    return (cs_call){.runtime = runtime, .queue = queue, .flags = flags,
                     .num_events = num_events, .wait_list = wait_list,
                     .event = event};
}

clslice_status cs_call_take(clslice_runtime *runtime,
                            const clslice_cl_call *given, cs_call *call,
                            clslice_error *err)
{
    clslice_cl_call head;
    clslice_status st = cs_take_struct(given, "call", "clslice_cl_call",
                                       CS_SIZE_THROUGH(clslice_cl_call, event),
                                       sizeof head, &head, err);
    if (st == CLSLICE_OK)
        *call = cs_call_of(runtime, head.queue, head.flags,
                           head.num_events_in_wait_list,
                           head.event_wait_list, head.event);
    return st;
}

clslice_status cs_take(clslice_runtime *runtime, const clslice_cl_call *given,
                       cs_call *call, const void *desc, const char *type,
                       size_t first_size, size_t size, void *copy,
                       clslice_error *err)
{
    clslice_status st = cs_call_take(runtime, given, call, err);
    return st == CLSLICE_OK ? cs_take_struct(desc, "desc", type, first_size,
                                             size, copy, err)
                            : st;
}

clslice_status cs_call_check(cs_call *call, clslice_error *err)
{
    clslice_status st = cs_check_flags(call->flags, err);
    if (st == CLSLICE_OK)
        st = cs_check_handles(call->runtime, call->queue, err);
    if (st == CLSLICE_OK)
        st = cs_check_wait_list(cs_call_context(call), call->num_events,
                                call->wait_list, err);
    if (st == CLSLICE_OK)
        st = cs_queue_device(cs_call_context(call), call->queue,
                             &call->device, err);
    return st;
}

cl_context cs_call_context(const cs_call *call)
{
    return cs_runtime_context(call->runtime);
}
