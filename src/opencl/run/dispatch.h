/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer run: the one pipeline of the dense operations (gather, scatter,
 * fill, grad and the strided calls).
 *
 *   cs_op          what a public call asked for: the call head (call.h)
 *                  and the operation (designated initializers);
 *   cs_op_prepare  the head's checks (cs_call_check), then the op's own,
 *                  before anything is enqueued; leaves the simplified
 *                  layout in the op;
 *   cs_op_program  builds the program the op will need (so a caller can
 *                  fail before enqueuing a first command);
 *   cs_dispatch    cs_choose, then the marker, copy, Rect copy or kernel.
 */
#ifndef CLSLICE_OPENCL_RUN_DISPATCH_H
#define CLSLICE_OPENCL_RUN_DISPATCH_H

#include "core/layout/blocked_layout.h"
#include "core/layout/strided.h"
#include "opencl/run/call.h"
#include "opencl/run/job.h"
#include "opencl/run/pack.h"
#include "opencl/select/select.h"

typedef struct cs_op {
    cs_call call;
    cs_kernel_kind kind;
    const clslice_plan *plan;
    size_t elem_size;
    cl_mem src;                 /* a gather's input; a scatter's value */
    size_t src_offset;
    cl_mem dst;
    size_t dst_offset;
    const int64_t *value_shape; /* scatters: the value tensor's shape */
    int value_rank;
    clslice_value_rule rule;
    const char *value_name;     /* scatters: "value", "dy" */
    const char *dst_name;       /* "dst", "out" */
    bool members;               /* src (or value) and dst are
                                 * clslice_cl_tensor members of a
                                 * descriptor: messages say src.offset */
    bool writes_tensor;         /* grad: writes the whole dst tensor, not
                                 * only the slice */
    const void *element;        /* fills: the element */
    bool strided;               /* src (or value) and dst are strided
                                 * tensors with these strides */
    const int64_t *src_strides; /* NULL: row-major */
    const int64_t *dst_strides; /* NULL: row-major */
    const clslice_blocking *src_blocking; /* strided calls: src (or value)
                                           * stored blocked; NULL: plain */
    const clslice_blocking *dst_blocking;
    /* set by cs_op_prepare */
    clslice_layout layout;   /* simplified */
    bool lanes_run;          /* blocked calls whose layout keeps a lane
                              * map: `lanes` runs (cl/blocked.cl), not
                              * `layout` */
    cs_lanes lanes;          /* blocked calls, simplified */
    size_t src_end, dst_end; /* strided calls: one past the last byte
                              * each tensor can address */
    size_t dst_bytes;        /* scatters and fills: the whole tensor's */
    bool sub_buffer;         /* src or dst is a sub-buffer */
    cs_strided_view src_view, dst_view; /* strided calls */
    const unsigned char *pattern; /* fills: the element, CS_FILL_BYTES */
    unsigned char inline_element[CS_FILL_BYTES];
} cs_op;

/* Checks the call (the head, then plan, element size, layout and every
 * buffer against it), builds its layout and simplifies it. */
clslice_status cs_op_prepare(cs_op *op, clslice_error *err);

/* Builds (or finds) the program the op will run; a no-op when no kernel
 * will run. */
clslice_status cs_op_program(const cs_op *op, clslice_error *err);

/* Runs the prepared op the way cs_choose picks, behind the op's wait list,
 * with its event; counts the paths taken. */
clslice_status cs_dispatch(const cs_op *op, clslice_error *err);

/* The native road of first calls (native.c): whether the prepared op,
 * whose kernel `name` of `program` is to run, runs on the host in a
 * native kernel instead because that kernel is still being built (then
 * its build is under way on the runtime's background thread); and that
 * command, enqueued behind the op's wait list, with its event. */
bool cs_native_fits(const cs_op *op, const cs_program_info *program,
                    const char *name);
clslice_status cs_native_enqueue(const cs_op *op, clslice_error *err);

/* A whole call of one command: cs_op_prepare, cs_dispatch, and the
 * error record cleared on success (cs_ok). */
clslice_status cs_op_run(cs_op *op, clslice_error *err);

/* cs_dispatch in two steps, for an operation that must enqueue another
 * command first (grad's zero fill) yet write nothing when it fails:
 * cs_dispatch_ready makes the choice and, for a kernel, finds the program,
 * takes the kernel and sets its arguments, so that once the other command
 * is enqueued only the final enqueue call of cs_dispatch_fire (or
 * cs_chain_fire) can still fail.  A ready dispatch is used in place,
 * fired once or dropped. */
typedef struct cs_ready {
    cs_choice choice;
    cs_program_info program;
    cs_armed_job armed; /* kernels */
} cs_ready;

clslice_status cs_dispatch_ready(const cs_op *op, cs_ready *ready,
                                 clslice_error *err);
/* Enqueues a ready dispatch behind the op's wait list, with its event;
 * counts the paths taken; releases what the ready dispatch held. */
clslice_status cs_dispatch_fire(const cs_op *op, cs_ready *ready,
                                clslice_error *err);
void cs_dispatch_drop(cs_ready *ready);

/* cs_dispatch_fire of a ready dispatch as the next link of `chain`. */
clslice_status cs_chain_fire(cs_chain *chain, const cs_op *op,
                             cs_ready *ready, clslice_error *err);

#endif
