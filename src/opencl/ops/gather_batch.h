/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer ops: clslice_cl_gather_batch, many plans over one source, each
 * into its own contiguous output, as one command per group of up to 8
 * distinct destination buffers (cl/batch.cl).
 *
 *   cs_batch_check   the head's checks, then the batch's own, before
 *                    anything is enqueued (batch_check.c);
 *   gather_batch.c   the public call: the checks, then one move per plan
 *                    handed to cs_batch_launch (run/batch_launch.c), which
 *                    makes the choice (select/batch.h), the tables and
 *                    the launches.
 */
#ifndef CLSLICE_OPENCL_OPS_BATCH_H
#define CLSLICE_OPENCL_OPS_BATCH_H

#include "opencl/run/call.h"

/* The call as the public function received it, and what the checks
 * leave: each plan's simplified layout. */
typedef struct cs_batch_call {
    cs_call call;
    const clslice_cl_part *parts; /* count: plan, destination, offset */
    size_t count;
    size_t elem_size;
    cl_mem src;                 /* desc->src, taken apart */
    size_t src_offset;
    const int64_t *src_strides; /* must be NULL */
    /* image sides (desc->src_image, desc->part_image): the buffer
     * checks leave them to image_parts.h */
    const clslice_cl_image *src_image;
    const clslice_cl_image *part_image; /* NULL or count entries */
    /* set by cs_batch_check */
    clslice_layout *layouts; /* count entries, allocated by the caller */
} cs_batch_call;

/* Checks the call: the head (cs_call_check), then the plans (each given,
 * one input shape), the element size, src against the input tensor, each
 * destination against its plan's output, and that no output overlaps src
 * or another output; image sides take no part in the buffer checks.
 * Fills call->layouts (simplified). */
clslice_status cs_batch_check(cs_batch_call *call, clslice_error *err);

#endif
