/*
 * Layer run: the head every device operation's call starts from, and the
 * one order in which it is checked.  An operation embeds a cs_call as its
 * first member (`call`), has cs_call_check run on it, then checks only
 * what is its own: its plan or plans, the element size, its layouts and
 * its buffers.  No operation writes the head's checks again.
 */
#ifndef CLSLICE_OPENCL_RUN_CALL_H
#define CLSLICE_OPENCL_RUN_CALL_H

#include "opencl/base/check.h"
#include "opencl/runtime/runtime.h"

typedef struct cs_call {
    clslice_runtime *runtime;
    cl_command_queue queue;
    unsigned flags;            /* CLSLICE_FORCE_INDEX64, ... (0 for calls
                                * that take none) */
    cl_uint num_events;
    const cl_event *wait_list;
    cl_event *event;           /* NULL: the caller wants none */
    /* set by cs_call_check */
    cl_device_id device;       /* the queue's */
} cs_call;

/* The head of a call as the public entry points receive it (in
 * clEnqueue* order); the device is set by cs_call_check. */
cs_call cs_call_of(clslice_runtime *runtime, cl_command_queue queue,
                   unsigned flags, cl_uint num_events,
                   const cl_event *wait_list, cl_event *event);

/* Checks, in this order: runtime and queue given, flags known, the wait
 * list (its count, and each event one of the runtime's context), and the
 * queue (of the runtime's context); then sets call->device. */
clslice_status cs_call_check(cs_call *call, clslice_error *err);

/* The runtime's context, which every buffer of the call must belong to. */
cl_context cs_call_context(const cs_call *call);

#endif
