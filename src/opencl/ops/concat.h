/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer ops: clslice_cl_concat, many sources written into their places
 * of one destination, as one command per group of up to 8 distinct
 * source buffers (cl/batch.cl's concat kernels).
 *
 *   cs_concat_check  the head's checks, then the concatenation's own,
 *                    before anything is enqueued (concat_check.c);
 *   concat.c         the moves, and the launches (run/batch_launch.h).
 */
#ifndef CLSLICE_OPENCL_OPS_CONCAT_H
#define CLSLICE_OPENCL_OPS_CONCAT_H

#include "opencl/run/call.h"
#include "core/concat/concat_part.h"

/* What the checks keep of one part. */
typedef struct cs_concat_layout {
    clslice_layout layout;  /* simplified; offsets from the views'
                             * element 0 */
    cs_strided_bytes span;  /* the source view's bytes around its offset */
} cs_concat_layout;

/* The call as the public function received it, and what the checks
 * leave. */
typedef struct cs_concat_call {
    cs_call call;
    const clslice_cl_concat_part *parts; /* count */
    size_t count;
    size_t elem_size;
    clslice_cl_tensor dst;
    /* image sides (desc->part_image, desc->dst_image): the buffer checks
     * leave them to image_parts.h */
    const clslice_cl_image *part_image; /* NULL or count entries */
    const clslice_cl_image *dst_image;
    /* set by cs_concat_check, in arrays of count the caller allocates */
    cs_concat_layout *layouts;
    const clslice_plan **plans;
    cs_strided_bytes dst_span; /* the destination view's bytes */
    bool writes;               /* some part has an element */
} cs_concat_call;

/* Checks the call in clslice_host_concat's order: the head
 * (cs_call_check), the arguments, each part (cs_concat_part_layout),
 * that no two parts write one element (cs_concat_disjoint), then the
 * buffers (image sides take no part).  Fills call->layouts. */
clslice_status cs_concat_check(cs_concat_call *call, clslice_error *err);

#endif
