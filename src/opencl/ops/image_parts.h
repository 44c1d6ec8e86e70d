/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer ops: image sides of the calls with many tensors
 * (clslice_cl_gather_batch's source and outputs, clslice_cl_concat's
 * parts and destination).  An image side cannot be wrapped as a buffer,
 * as an SVM side is (svm_parts.h), so each call splits in two: the
 * buffer sides run as the batch's launches (run/batch_launch.h), the
 * image sides as image gathers (image.h), each checked with
 * cs_image_gather_check before any is armed, and all armed before the
 * first command is enqueued.
 *
 *   image_parts.c   what both calls share: the image entries' members,
 *                   and the commands chained behind the call's wait list;
 *   image_batch.c   a batch: one image gather per output that an image
 *                   side touches (image src, or image output);
 *   image_concat.c  a concatenation: image parts read into a temporary
 *                   buffer, an image destination staged in one (read
 *                   first unless the parts cover it, written whole
 *                   after), the buffer concatenation between.
 */
#ifndef CLSLICE_OPENCL_OPS_IMAGE_PARTS_H
#define CLSLICE_OPENCL_OPS_IMAGE_PARTS_H

#include "opencl/ops/image.h"
#include "opencl/run/batch_launch.h"

/* The calls' own (gather_batch.h, concat.h), whose files include this
 * one. */
struct cs_batch_call;
struct cs_concat_call;

/* The members an image entry `image` (named image_name,
 * "part_image[2]") leaves unused: its image given, flags 0, and the
 * tensor member it replaces (named name, "parts[2].src") without buffer,
 * offset or strides (an SVM allocation there shows as a buffer: the
 * call wrapped it). */
clslice_status cs_image_entry_check(const clslice_cl_image *image,
                                    const char *image_name, cl_mem buffer,
                                    size_t offset, const int64_t *strides,
                                    const char *name, clslice_error *err);

/* One image of a call, for cs_image_distinct. */
typedef struct cs_image_use {
    cl_mem image;  /* NULL: not an image side */
    bool output;   /* written by the call */
    char name[48]; /* "part_image[2]" */
} cs_image_use;

/* No two of `uses` (count) hold one cl_mem where one of them is written:
 * CLSLICE_ERROR_ARGUMENT naming both.  Sorts `uses`. */
clslice_status cs_image_distinct(cs_image_use *uses, size_t count,
                                 clslice_error *err);

/* The commands of a call with image sides, chained in this order behind
 * the call's wait list, the last into its event: the armed jobs
 * before[], the batch's launches (batch NULL or moving nothing: none),
 * the armed jobs after[] (one that does not run is skipped).  On a
 * failure the jobs not enqueued are dropped. */
typedef struct cs_image_run {
    const cs_call *call;
    cs_image_armed *before;
    size_t before_count;
    cs_batch_moves *batch;
    cs_image_armed *after;
    size_t after_count;
} cs_image_run;

clslice_status cs_image_run_chain(const cs_image_run *run,
                                  clslice_error *err);

/* clslice_cl_gather_batch with desc->src_image or desc->part_image,
 * after cs_batch_check (its buffer sides checked, call->layouts
 * filled).  `moves` and `dsts` are count entries of storage. */
clslice_status cs_image_batch(struct cs_batch_call *call, cs_move *moves,
                              cl_mem *dsts, clslice_error *err);

/* clslice_cl_concat with desc->part_image or desc->dst_image, after
 * cs_concat_check (its buffer sides checked, call->layouts filled).
 * `moves` and `srcs` are count entries of storage. */
clslice_status cs_image_concat(struct cs_concat_call *call, cs_move *moves,
                               cl_mem *srcs, clslice_error *err);

#endif
