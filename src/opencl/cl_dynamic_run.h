/*
 * The consumers of a dynamic plan record: a gather or scatter whose
 * slice the host does not know, read on the device from the record the
 * normalise command wrote (include/clslice_cl.h, CLSLICE_DYNAMIC_*).
 * Every check the host can make is made before anything is enqueued;
 * then exactly one command (a kernel of cl/dynamic.cl, or a marker when
 * the input has no elements) runs behind the wait list, and nothing in
 * the path waits for or reads back the record.
 */
#ifndef CLSLICE_CL_DYNAMIC_RUN_H
#define CLSLICE_CL_DYNAMIC_RUN_H

#include "cl_dispatch.h"

/* Reads the slice the record at info + info_offset describes from src (a
 * tensor of static_plan's input shape; only the shape, the shrunk dims
 * and out_source of static_plan are used) into dst, contiguously.  dst
 * must hold the bound: every element of the input (a slice never has
 * more), dst_offset on.  info_offset is a multiple of 8.  A record whose
 * status is not 0 makes the command write nothing. */
clslice_status cs_enqueue_dynamic_gather(
    clslice_runtime *rt, cl_command_queue q, const clslice_plan *static_plan,
    size_t elem_size, cl_mem info, size_t info_offset, cl_mem src,
    size_t src_offset, cl_mem dst, size_t dst_offset, unsigned flags,
    cl_uint n, const cl_event *wl, cl_event *ev, clslice_error *err);

/* Writes the value tensor (value_shape, value_rank; rule as in
 * clslice_enqueue_scatter) into the record's slice of dst, a tensor of
 * static_plan's input shape.  The record is trusted to say whether the
 * value fits the slice: the normaliser checks it against the slice's
 * shape and writes CLSLICE_ERROR_SHAPE in the status when not (a record
 * made on the host must come from a plan the value fits). */
clslice_status cs_enqueue_dynamic_scatter(
    clslice_runtime *rt, cl_command_queue q, const clslice_plan *static_plan,
    size_t elem_size, cl_mem info, size_t info_offset, cl_mem value,
    size_t value_offset, const int64_t *value_shape, int value_rank,
    clslice_value_rule rule, cl_mem dst, size_t dst_offset, unsigned flags,
    cl_uint n, const cl_event *wl, cl_event *ev, clslice_error *err);

/* The consumer in two steps, for the public calls that enqueue the
 * normalise command first yet must fail before enqueuing anything:
 * cs_dynamic_ready makes every check and arms the kernel (or a marker),
 * so that cs_dynamic_fire can fail only in the enqueue call itself.  A
 * ready consumer is used in place and fired once or dropped. */
typedef struct cs_dyn_consumer {
    cs_kernel_kind kind; /* CS_KERNEL_GATHER or CS_KERNEL_SCATTER */
    const clslice_plan *plan;
    size_t elem_size;
    cl_mem info, src, dst; /* src: a gather's tensor, a scatter's value */
    size_t info_offset, src_offset, dst_offset;
    const int64_t *value_shape; /* scatters */
    int value_rank;
    clslice_value_rule rule;
    unsigned flags;
    bool info_written; /* a command before this one writes the record:
                        * it may not overlap src either */
} cs_dyn_consumer;

typedef struct cs_dyn_ready {
    clslice_runtime *rt;
    bool marker;     /* an input without elements: nothing to move */
    unsigned paths;  /* bits 1 << cs_path, counted when fired */
    cs_program_info program;
    cs_armed_job armed;
} cs_dyn_ready;

/* Checks the call (wait list included: the consumer will wait on the
 * caller's events or on events made behind them) and arms it. */
clslice_status cs_dynamic_ready(clslice_runtime *rt, cl_command_queue q,
                                const cs_dyn_consumer *call, cl_uint n,
                                const cl_event *wl, cs_dyn_ready *ready,
                                clslice_error *err);
clslice_status cs_dynamic_fire(cs_dyn_ready *ready, cl_command_queue q,
                               cl_uint n, const cl_event *wl, cl_event *ev,
                               clslice_error *err);
void cs_dynamic_drop(cs_dyn_ready *ready);

#endif
