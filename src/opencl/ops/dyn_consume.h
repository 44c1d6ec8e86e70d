/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer ops: the consumers of a dynamic plan record, a gather or scatter
 * whose slice the host does not know, read on the device from the record
 * the normalise command wrote (core/dynamic/record.h).  Every check the
 * host can make is made before anything is enqueued; then exactly one
 * command (a kernel of cl/dynamic.cl, or a marker when the input has no
 * elements) runs behind the wait list, and nothing in the path waits for
 * or reads back the record.
 */
#ifndef CLSLICE_OPENCL_OPS_DYN_CONSUME_H
#define CLSLICE_OPENCL_OPS_DYN_CONSUME_H

#include "opencl/run/call.h"
#include "opencl/run/job.h"
#include "opencl/select/facts.h"

/* A consumer call: a gather reads the slice the record at info +
 * info_offset describes from src (a tensor of the plan's input shape;
 * only the shape, the shrunk dims and out_source of the plan are used)
 * into dst, contiguously; dst must hold the bound: every element of the
 * input (a slice never has more), or `bound` when the caller knows the
 * record's slice has no more.  A scatter writes the value tensor
 * (value_shape, value_rank; rule as in clslice_enqueue_scatter) into the
 * record's slice of dst.  The record is trusted to say whether the value
 * fits the slice: the normaliser checks it against the slice's shape and
 * writes CLSLICE_ERROR_SHAPE in the status when not (a record made on
 * the host must come from a plan the value fits).  A record whose status
 * is not 0 makes the command write nothing. */
typedef struct cs_dyn_consumer {
    cs_call call;        /* checked by the caller (cs_call_check) */
    cs_kernel_kind kind; /* CS_KERNEL_GATHER or CS_KERNEL_SCATTER */
    const clslice_plan *plan;
    size_t elem_size;
    cl_mem info, src, dst; /* src: a gather's tensor, a scatter's value */
    size_t info_offset, src_offset, dst_offset;
    const int64_t *value_shape; /* scatters */
    int value_rank;
    clslice_value_rule rule;
    bool members;      /* src and dst are clslice_cl_tensor members of a
                        * descriptor: messages say src.buffer, dst.offset */
    bool info_written; /* a command before this one writes the record:
                        * it may not overlap src either */
    bool bounded;       /* gathers: dst holds `bound` elements, which the
                         * record's slice never exceeds (cs_dyn_bound);
                         * else dst holds the input's */
    int64_t bound;
} cs_dyn_consumer;

/* The record's offset in its buffer: a multiple of 8 (int64 words).  The
 * one check of it, made with the consumer's for the public calls. */
clslice_status cs_dyn_check_info_offset(size_t info_offset,
                                        clslice_error *err);

/* The consumer in two steps, so that the public calls, which enqueue the
 * normalise command first, fail before enqueuing anything:
 * cs_dynamic_ready makes every check of the consumer's own (plan,
 * element size, info_offset, the value, every buffer against the bound)
 * and arms the kernel (or a marker), so that cs_dynamic_fire can fail
 * only in the enqueue call itself.  A ready consumer is used in place and
 * fired once or dropped. */
typedef struct cs_dyn_ready {
    clslice_runtime *runtime;
    cl_command_queue queue;
    bool marker;     /* an input without elements: nothing to move */
    unsigned paths;  /* bits 1 << cs_path, counted when fired */
    cs_program_info program;
    cs_armed_job armed;
} cs_dyn_ready;

clslice_status cs_dynamic_ready(const cs_dyn_consumer *consumer,
                                cs_dyn_ready *ready, clslice_error *err);

/* Enqueues a ready consumer on its call's queue behind `wait_list` (the
 * call's own, or the command that writes the record), with `event`. */
clslice_status cs_dynamic_fire(cs_dyn_ready *ready, cl_uint num_events,
                               const cl_event *wait_list, cl_event *event,
                               clslice_error *err);
void cs_dynamic_drop(cs_dyn_ready *ready);

#endif
