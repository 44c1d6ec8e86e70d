/*
 * The check of a call's head (call.h), the first thing every device
 * operation does: the handles first (nothing else can be asked without
 * them), then the flags and the wait list the caller passed beside them,
 * then the queue, whose device the operation's choice needs.
 */
#include "opencl/run/call.h"

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
