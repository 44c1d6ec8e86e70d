/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer ops: image-backed tensors (clslice_cl_image).  image_check.c
 * holds what a packing makes of a tensor's shape (its texel geometry and
 * the image's size) and the checks of an image against the tensor it
 * claims to hold: a query of OpenCL into cs_image_facts, then a pure
 * check of those facts, which tests drive with facts no device here has
 * (a device without image support).  image.c runs the gathers,
 * image_scatter.c the scatters.
 */
#ifndef CLSLICE_OPENCL_OPS_IMAGE_H
#define CLSLICE_OPENCL_OPS_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "opencl/run/call.h"
#include "opencl/run/dispatch.h"
#include "opencl/run/job.h"
#include "opencl/ops/image_table.h"

/* What a packing makes of a tensor: the table's geometry words
 * (image_table.h) and the image's size in texels. */
typedef struct cs_image_geometry {
    int64_t words[CS_IMG_G_WORDS];
    int64_t width, height;
} cs_image_geometry;

/* The geometry of a tensor of `shape` (rank entries) in `packing`;
 * CLSLICE_ERROR_ARGUMENT naming `name` ("src_image", "dst_image") for an
 * unknown packing, a rank the packing does not take, or an image side
 * that does not fit an int (OpenCL's image coordinates); `sep` joins
 * the name to its members ("->", the default when NULL, or "." for an
 * array entry such as "part_image[2]"). */
clslice_status cs_image_geometry_of(clslice_image_packing packing,
                                    const int64_t *shape, int rank,
                                    const char *name, const char *sep,
                                    cs_image_geometry *g, clslice_error *err);

/* What OpenCL says of an image and of the device that will use it. */
typedef struct cs_image_facts {
    cl_bool device_images;    /* CL_DEVICE_IMAGE_SUPPORT */
    cl_mem_object_type type;  /* CL_MEM_TYPE */
    cl_context context;       /* CL_MEM_CONTEXT */
    cl_mem_flags flags;       /* CL_MEM_FLAGS */
    cl_image_format format;   /* CL_IMAGE_FORMAT (images only) */
    size_t width, height;     /* CL_IMAGE_WIDTH, CL_IMAGE_HEIGHT */
    cl_mem buffer;            /* CL_IMAGE_BUFFER of a 1-D buffer image */
} cs_image_facts;

/* Asks OpenCL for the facts of `image` (not NULL) on `device`; only the
 * device's and CL_MEM_TYPE when it is neither a 2-D image nor a 1-D
 * buffer image, so the check names that. */
clslice_status cs_image_query(cl_device_id device, cl_mem image,
                              const char *name, cs_image_facts *facts,
                              clslice_error *err);

/* One image side of a call, as its checks name and size it. */
typedef struct cs_image_side {
    const char *name;        /* "src_image", "dst_image",
                              * "part_image[2]" */
    const char *sep;         /* joins name to its members: "->" (NULL)
                              * or "." (an array entry) */
    const clslice_cl_image *image;
    bool output;             /* written by the call */
    size_t elem_size;
    cs_image_geometry geometry;
    bool held_by_buffer;     /* set by cs_image_side_check: the image is a
                              * 1-D buffer image (image_buffer.c), the 2-D
                              * image's texels row by row */
} cs_image_side;

/* The pure check of `facts` against `side`, in this order: the device
 * supports images, the image is a 2-D image or a 1-D buffer image of
 * `context`, the call may read or write it, its
 * format is CL_RGBA of CL_FLOAT, CL_HALF_FLOAT or CL_UNSIGNED_INT8, its
 * channel size is elem_size, its width and height are the geometry's (a
 * 1-D buffer image: its width is their product).
 * CLSLICE_ERROR_ARGUMENT naming side->name. */
clslice_status cs_image_check_facts(const cs_image_facts *facts,
                                    cl_context context,
                                    const cs_image_side *side,
                                    clslice_error *err);

/* Work-items per group of the image kernels. */
enum { CS_IMAGE_LOCAL = 64 };

/* The tuning of the call's device and the image program, built on first
 * use: what both image launches (gather, scatter) start from. */
clslice_status cs_image_program(const cs_call *call, cs_tuning *tuning,
                                cs_program_info *program, clslice_error *err);

/* How an image gather's messages name its sides: the image members
 * ("src_image", "part_image[2]") and the buffer members ("src",
 * "parts[2]", whose .offset and .buffer the messages name). */
typedef struct cs_image_names {
    const char *src_image, *dst_image;
    const char *src_sep, *dst_sep; /* cs_image_side's sep of each */
    const char *src, *dst;
} cs_image_names;

/* clslice_cl_gather's own names. */
extern const cs_image_names cs_image_gather_names;

/* One image gather, checked (cs_image_gather_check) and then armed
 * (cs_image_gather_arm): the two steps apart, so that a call of many
 * parts (image_parts.h) checks every part before it enqueues any.  A
 * side held by a 1-D buffer image makes it the blocked gather of that
 * image's buffer (image_buffer.c) where its other side is a buffer or
 * another 1-D buffer image, else a staged image gather (a 2-D stand-in
 * for the 1-D image, filled from or copied into its buffer). */
typedef struct cs_image_gather_op {
    const cs_call *call;
    const clslice_cl_gather_desc *desc; /* must outlive the arming */
    cs_image_names names;
    int irank, orank;
    int64_t ishape[CLSLICE_MAX_RANK], oshape[CLSLICE_MAX_RANK];
    int64_t out_elements;
    cs_image_side src, dst;   /* used where the side is an image */
    cl_channel_type channel;  /* of the image (src's when both) */
    cs_program_info program;  /* the image program, which an armed
                               * kernel points at */
    /* a 1-D buffer image opposite a 2-D image: the image kernel runs
     * with a temporary 2-D image in its place, filled from its buffer
     * first (src) or copied into it after (dst) */
    bool staged;
    /* a 1-D buffer image side (image_buffer.c) opposite a buffer or
     * another one: the blocked gather that runs in place of the image
     * kernel, which an armed one points at */
    bool blocked_run;
    int64_t blocked_strides[2][4]; /* src's, dst's */
    clslice_blocking blockings[2];
    clslice_cl_gather_desc blocked_desc;
    cs_op blocked;
    cs_ready ready;
} cs_image_gather_op;

/* An armed image gather: the image kernel's job, or the ready blocked
 * gather of a 1-D buffer image side (pointing into its op, which must
 * outlive it); neither where the output is empty.  May be moved. */
typedef struct cs_image_armed {
    cs_armed_job job;
    cs_image_gather_op *blocked; /* NULL: none held */
    /* a staged op's stand-in 2-D image (NULL: none), the 1-D buffer
     * image's buffer, and whether that is copied in before the kernel
     * (a src) or out after it (a dst) */
    cl_mem stand_in, buffer;
    bool copy_in;
    size_t region[3];
} cs_image_armed;

void cs_image_armed_clear(cs_image_armed *armed);
/* Whether arming left a command to enqueue. */
bool cs_image_armed_runs(const cs_image_armed *armed);
/* Enqueues it as the next link of `chain` (nothing where it does not
 * run); what it held is given back whatever happens. */
clslice_status cs_image_armed_chain(cs_chain *chain, cs_image_armed *armed,
                                    clslice_error *err);
/* Enqueues it behind call's wait list, into *event (a marker where it
 * does not run and an event is wanted). */
clslice_status cs_image_armed_enqueue(cs_image_armed *armed,
                                      const cs_call *call, cl_event *event,
                                      clslice_error *err);
void cs_image_armed_drop(cs_image_armed *armed);

/* Everything of an image gather but the head (which the caller checked
 * with cs_call_check): the plan and elem_size, the members an image side
 * leaves unused, the buffer side, each image against its tensor, and
 * that src and dst are not one image; messages name the sides by
 * `names` (whose strings must outlive the op: its sides point at
 * them).  Enqueues nothing. */
clslice_status cs_image_gather_check(cs_image_gather_op *op,
                                     const cs_call *call,
                                     const clslice_cl_gather_desc *desc,
                                     const cs_image_names *names,
                                     clslice_error *err);

/* The checked gather's kernel (or blocked gather), armed (it points
 * into *op, which must outlive it); *armed cleared (nothing to run) when
 * the output is empty. */
clslice_status cs_image_gather_arm(cs_image_gather_op *op,
                                   cs_image_armed *armed, clslice_error *err);

/* clslice_cl_gather with desc->src_image or desc->dst_image: the head
 * checked here (cs_call_check), then cs_image_gather_check, then one
 * kernel (or a marker for an empty output). */
clslice_status cs_image_gather(cs_call *call,
                               const clslice_cl_gather_desc *desc,
                               clslice_error *err);

/* clslice_cl_scatter with desc->dst_image (image_scatter.c), checked
 * and run as clslice_cl_scatter says; `value` (NULL, or a prepared
 * value image) is enqueued after every check, before the copy. */
struct cs_image_value;
clslice_status cs_image_scatter(cs_call *call,
                                const clslice_cl_scatter_desc *desc,
                                struct cs_image_value *value,
                                clslice_error *err);

/* What every image call checks first: its head (cs_call_check), then the
 * plan and element size. */
clslice_status cs_image_call_check(cs_call *call, const clslice_plan *plan,
                                   size_t elem_size, clslice_error *err);

/* A buffer side of an image call given at the caller's strides (not
 * NULL): the view of `shape` named `name` ("src", "value") resolved, a
 * destination (`output`) addressing no element twice, and its bytes
 * around t's offset inside t's buffer, `what` naming them in overlap
 * messages ("source view").  The kernels' tables then read the strides
 * from the descriptor as given. */
clslice_status cs_image_view_check(const cs_call *call, const char *name,
                                   const char *what, const int64_t *shape,
                                   int rank, const clslice_cl_tensor *t,
                                   size_t elem_size, bool output,
                                   clslice_error *err);

/* The checks of an image side shared by both files: the geometry of a
 * tensor of `shape` in image->packing, the image's facts asked of OpenCL
 * and checked (cs_image_check_facts); the channel type in *channel. */
clslice_status cs_image_side_check(const cs_call *call,
                                   const clslice_cl_image *image,
                                   const int64_t *shape, int rank,
                                   cs_image_side *side,
                                   cl_channel_type *channel,
                                   clslice_error *err);

/* ---- value images (image_value.c) --------------------------------------- */

/* A scatter's value_image, read into a temporary buffer (row-major, of
 * value_shape) by an image gather that is checked and armed first and
 * enqueued just before the scatter's own commands. */
typedef struct cs_image_value {
    clslice_plan_storage storage; /* the identity plan of value_shape */
    clslice_cl_gather_desc desc;
    cs_image_gather_op op;
    cs_image_armed armed;
    cl_mem temporary; /* NULL: no value image */
} cs_image_value;

/* Where desc->value_image is set: the head checked (cs_call_check),
 * then the plan and elem_size, the members it leaves unused (value's
 * buffer, offset, strides and value_blocking), the value's shape, the
 * image against a tensor of value_shape (named value_image); then a
 * temporary buffer made and the gather armed, and *desc takes the
 * temporary as its value.  Nothing is done where value_image is NULL. */
clslice_status cs_image_value_prepare(cs_call *call,
                                      clslice_cl_scatter_desc *desc,
                                      cs_image_value *v, clslice_error *err);

/* Enqueues the armed gather behind call's wait list, into *read. */
clslice_status cs_image_value_enqueue(cs_image_value *v, const cs_call *call,
                                      cl_event *read, clslice_error *err);

/* Drops the gather if it was not enqueued, and releases the temporary
 * (OpenCL keeps it until the commands that use it end). */
void cs_image_value_release(cs_image_value *v);

/* ---- 1-D buffer images (image_buffer.c) ---------------------------------- */

/* An image side held by a CL_MEM_OBJECT_IMAGE1D_BUFFER (TFLite's
 * IMAGE_BUFFER storage): the texels of the packing's 2-D image row by
 * row, in the image's buffer, which is the blocked tensor (clslice.h,
 * "Blocked layouts") with `strides` and `blocking` (the channel dim in
 * blocks of 4).  The gather and scatter run it as that tensor. */
typedef struct cs_image_as_buffer {
    int64_t strides[4];
    clslice_blocking blocking;
} cs_image_as_buffer;

/* Where desc->src_image or dst_image is a 1-D buffer image: the head
 * checked (cs_call_check), then the plan and elem_size, the side's
 * members, the image against its tensor (cs_image_side_check); then
 * *desc takes the image's buffer and blocking (kept in sides[0] for src,
 * sides[1] for dst) in place of the image.  *desc is untouched, and
 * nothing checked, where no image side is a 1-D buffer image or one is
 * opposite a 2-D image (the image path stages that one). */
clslice_status cs_image_gather_unbuffer(cs_call *call,
                                        clslice_cl_gather_desc *desc,
                                        cs_image_as_buffer sides[2],
                                        clslice_error *err);

/* Where a side of the checked `op` (its sides checked by
 * cs_image_side_check) is held by a 1-D buffer image: opposite a 2-D
 * image, op->staged set (image.c runs it); else op->blocked prepared
 * (cs_op_prepare) as the gather of the image's buffer with its
 * blocking.  Nothing where no side is one. */
clslice_status cs_image_gather_block(cs_image_gather_op *op,
                                     clslice_error *err);

/* The buffer a 1-D buffer image's texels are (CL_IMAGE_BUFFER); NULL
 * for any other memory object, or NULL. */
cl_mem cs_image_buffer_of(cl_mem image);

/* The same for clslice_cl_scatter's desc->dst_image. */
clslice_status cs_image_scatter_unbuffer(cs_call *call,
                                         clslice_cl_scatter_desc *desc,
                                         cs_image_as_buffer *dst,
                                         clslice_error *err);

#endif
