/*
 * The check of a call's head (call.h), the first thing every device
 * operation does: the handles first (nothing else can be asked without
 * them), then the flags and the wait list the caller passed beside them,
 * then the queue, whose device the operation's choice needs.
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

clslice_status cs_call_check(cs_call *call, clslice_error *err)
{
    clslice_status st = cs_check_handles(call->runtime, call->queue, err);
    if (st == CLSLICE_OK)
        st = cs_check_flags(call->flags, err);
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
