/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer run: the head every device operation's call starts from, and the
 * one order in which it is checked.  An operation embeds a cs_call as its
 * first member (`call`), made from the public head (clslice_cl_call, by
 * cs_call_take) or from a plain call's arguments (cs_call_of), has
 * cs_call_check run on it, then checks only what is its own: its plan or
 * plans, the element size, its layouts and its buffers.  No operation
 * writes the head's checks again.
 */
#ifndef CLSLICE_OPENCL_RUN_CALL_H
#define CLSLICE_OPENCL_RUN_CALL_H

#include "opencl/base/check.h"
#include "opencl/base/take.h"
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

/* The head of a general call: the caller's clslice_cl_call, its
 * struct_size checked (cs_take_struct), as a cs_call of `runtime`. */
clslice_status cs_call_take(clslice_runtime *runtime,
                            const clslice_cl_call *given, cs_call *call,
                            clslice_error *err);

/* cs_call_take, then the descriptor `desc` into `copy` (cs_take_struct,
 * named "desc"): what every general call starts with. */
clslice_status cs_take(clslice_runtime *runtime, const clslice_cl_call *given,
                       cs_call *call, const void *desc, const char *type,
                       size_t first_size, size_t size, void *copy,
                       clslice_error *err);

/* cs_take for a descriptor of `type` whose first published form ended
 * with member `last` (which stays `last` when members are appended). */
#define CS_TAKE(runtime, given, call, desc, type, last, copy, err)         \
    cs_take((runtime), (given), (call), (desc), #type,                      \
            CS_SIZE_THROUGH(type, last), sizeof(type), (copy), (err))

/* Checks, in this order: flags known, runtime and queue given, the wait
 * list (its count, and each event one of the runtime's context), and the
 * queue (of the runtime's context); then sets call->device. */
clslice_status cs_call_check(cs_call *call, clslice_error *err);

/* The runtime's context, which every buffer of the call must belong to. */
cl_context cs_call_context(const cs_call *call);

#endif
