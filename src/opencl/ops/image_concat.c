/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_concat with image sides (image_parts.h).  The batch's
 * concat kernels write strided places of a buffer, which an image is
 * not, and the image kernels read or write an image whole; so images
 * are staged through temporary buffers, row-major:
 *
 *   each image part is read into its place in one temporary buffer
 *   (an image gather of the identity plan of its shape);
 *   an image destination is read into another (skipped when the parts
 *   cover every element), the concatenation writes the parts there, and
 *   it is written back whole (its padding lanes as zeros).
 *
 * After cs_concat_check (which checked the plans, views, disjointness
 * and buffer sides): each image entry's members, that no part's image is
 * the destination's, each staging gather (cs_image_gather_check, naming
 * part_image[i] and dst_image), every gather armed; only then the
 * commands, chained: the reads, the concatenation, the write back.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "opencl/ops/image_parts.h"
#include "opencl/ops/concat.h"
#include "core/plan/common.h"

/* One staging gather, its plan the identity of one tensor's shape. */
typedef struct stage {
    clslice_plan_storage storage;
    clslice_cl_gather_desc desc;
    cs_image_gather_op op;
    char image_name[48], name[48]; /* the op's names point here */
} stage;

/* What the call makes: stages[i] reads part i's image; stages[count]
 * reads dst, stages[count + 1] writes it back. */
typedef struct concat_images {
    cs_concat_call *c;
    stage *stages;
    cs_image_armed *armed; /* count + 2, as stages */
    cs_image_use *uses;  /* count + 1 */
    size_t *at;          /* per part, its place in `parts` (bytes) */
    cl_mem parts, dst;   /* the temporaries (NULL: none needed) */
    bool read_dst;       /* the parts do not cover dst */
} concat_images;

static const clslice_cl_image *part_image(const cs_concat_call *c, size_t i)
{
    return c->part_image && c->part_image[i].image ? &c->part_image[i]
                                                   : NULL;
}

static clslice_status check_entries(const concat_images *ci,
                                    clslice_error *err)
{
    const cs_concat_call *c = ci->c;
    clslice_status st = CLSLICE_OK;
    if (c->dst_image) {
        if (!c->dst_image->image)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "dst_image->image is NULL");
        st = cs_image_entry_check(c->dst_image, "dst_image", c->dst.buffer,
                                  c->dst.offset, c->dst.strides, "dst", err);
        ci->uses[c->count] = (cs_image_use){.image = c->dst_image->image,
                                            .output = true,
                                            .name = "dst_image"};
    }
    for (size_t i = 0; i < c->count && st == CLSLICE_OK; i++) {
        const clslice_cl_image *image = part_image(c, i);
        if (!image)
            continue;
        char name[48];
        cs_image_use *use = &ci->uses[i];
        snprintf(use->name, sizeof use->name, "part_image[%zu]", i);
        snprintf(name, sizeof name, "parts[%zu].src", i);
        use->image = image->image;
        st = cs_image_entry_check(image, use->name, c->parts[i].src.buffer,
                                  c->parts[i].src.offset,
                                  c->parts[i].src.strides, name, err);
    }
    return st == CLSLICE_OK ? cs_image_distinct(ci->uses, c->count + 1, err)
                            : st;
}

/* ---- the temporaries ---------------------------------------------------- */

static clslice_status make_buffer(const cs_concat_call *c, size_t bytes,
                                  cl_mem *buffer, clslice_error *err)
{
    cl_int rc;
    *buffer = clCreateBuffer(cs_call_context(&c->call), CL_MEM_READ_WRITE,
                             bytes, NULL, &rc);
    if (rc == CL_SUCCESS)
        return CLSLICE_OK;
    *buffer = NULL;
    return cs_cl_fail(err, "clCreateBuffer (an image's temporary)", rc);
}

/* Places the image parts in one temporary, dst in another; whether the
 * parts cover dst (disjoint, as checked: their counts add up). */
static clslice_status make_temporaries(concat_images *ci, clslice_error *err)
{
    const cs_concat_call *c = ci->c;
    size_t bytes = 0;
    int64_t written = 0;
    for (size_t i = 0; i < c->count; i++) {
        int64_t elements = c->layouts[i].layout.elements;
        written += elements;
        ci->at[i] = bytes;
        size_t part = (size_t)elements * c->elem_size; /* its view's
                                                        * bytes: checked */
        if (part_image(c, i) && part > SIZE_MAX - bytes)
            return cs_fail(err, CLSLICE_ERROR_MEMORY,
                           "the image parts need more than SIZE_MAX bytes "
                           "of temporary buffer");
        if (part_image(c, i))
            bytes += part;
    }
    clslice_status st = CLSLICE_OK;
    if (bytes)
        st = make_buffer(c, bytes, &ci->parts, err);
    size_t dst_bytes = 0;
    if (st == CLSLICE_OK && c->dst_image)
        st = cs_input_bytes(c->parts[0].plan, c->elem_size, &dst_bytes, err);
    if (st == CLSLICE_OK && dst_bytes)
        st = make_buffer(c, dst_bytes, &ci->dst, err);
    ci->read_dst = c->dst_image && c->writes &&
                   (size_t)written * c->elem_size != dst_bytes;
    return st;
}

/* ---- the stages --------------------------------------------------------- */

/* The identity plan of a tensor of `shape` in s->storage. */
static clslice_status identity(stage *s, const int64_t *shape, int rank,
                               const clslice_plan **plan, clslice_error *err)
{
    int64_t begin[CLSLICE_MAX_RANK] = {0};
    return clslice_plan_init_tf_slice(&s->storage, shape, rank, begin,
                                      (size_t)rank, shape, (size_t)rank,
                                      plan, err);
}

static clslice_status check_stage(const concat_images *ci, stage *s,
                                  const int64_t *shape, int rank,
                                  const cs_image_names *names,
                                  clslice_error *err)
{
    clslice_cl_gather_desc *d = &s->desc;
    clslice_status st = identity(s, shape, rank, &d->plan, err);
    d->struct_size = sizeof *d;
    d->elem_size = ci->c->elem_size;
    return st == CLSLICE_OK ? cs_image_gather_check(&s->op, &ci->c->call, d,
                                                    names, err)
                            : st;
}

/* Part i's image into its place in the parts' temporary. */
static clslice_status check_part(concat_images *ci, size_t i,
                                 clslice_error *err)
{
    const cs_concat_call *c = ci->c;
    stage *s = &ci->stages[i];
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(c->parts[i].plan, shape);
    s->desc = (clslice_cl_gather_desc){
        .src_image = part_image(c, i),
        .dst = {c->layouts[i].layout.elements ? ci->parts : NULL, ci->at[i],
                NULL}};
    snprintf(s->image_name, sizeof s->image_name, "part_image[%zu]", i);
    snprintf(s->name, sizeof s->name, "parts[%zu].src", i);
    cs_image_names names = {.src_image = s->image_name, .src_sep = ".",
                            .src = s->name,
                            .dst_image = "dst_image",
                            .dst = "a temporary buffer"};
    return check_stage(ci, s, shape, clslice_plan_output_rank(c->parts[i].plan),
                       &names, err);
}

/* dst's image into its temporary (read), or back (write). */
static clslice_status check_dst(concat_images *ci, bool write,
                                clslice_error *err)
{
    const cs_concat_call *c = ci->c;
    stage *s = &ci->stages[c->count + write];
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(c->parts[0].plan, shape);
    clslice_cl_tensor temp = {ci->dst, 0, NULL};
    s->desc = write ? (clslice_cl_gather_desc){.src = temp,
                                               .dst_image = c->dst_image}
                    : (clslice_cl_gather_desc){.src_image = c->dst_image,
                                               .dst = temp};
    cs_image_names names = {.src_image = "dst_image", .dst_image = "dst_image",
                            .src = "a temporary buffer",
                            .dst = "a temporary buffer"};
    return check_stage(ci, s, shape,
                       clslice_plan_input_rank(c->parts[0].plan), &names,
                       err);
}

static clslice_status check_stages(concat_images *ci, clslice_error *err)
{
    const cs_concat_call *c = ci->c;
    clslice_status st = CLSLICE_OK;
    for (size_t i = 0; i < c->count && st == CLSLICE_OK; i++)
        if (part_image(c, i))
            st = check_part(ci, i, err);
    if (st == CLSLICE_OK && ci->read_dst)
        st = check_dst(ci, false, err);
    if (st == CLSLICE_OK && c->dst_image)
        st = check_dst(ci, true, err);
    return st;
}

/* Every stage that runs, armed (all or none); a call that writes nothing
 * arms none. */
static clslice_status arm_stages(concat_images *ci, clslice_error *err)
{
    const cs_concat_call *c = ci->c;
    size_t n = c->count + 2;
    for (size_t k = 0; k < n; k++)
        cs_image_armed_clear(&ci->armed[k]);
    for (size_t k = 0; k < n && c->writes; k++) {
        bool runs = k < c->count ? part_image(c, k) != NULL
                    : k == c->count ? ci->read_dst
                                    : c->dst_image != NULL;
        clslice_status st =
            runs ? cs_image_gather_arm(&ci->stages[k].op, &ci->armed[k], err)
                 : CLSLICE_OK;
        if (st != CLSLICE_OK) {
            for (size_t j = 0; j < k; j++)
                cs_image_armed_drop(&ci->armed[j]);
            return st;
        }
    }
    return CLSLICE_OK;
}

/* ---- the run ------------------------------------------------------------ */

static void build_moves(const concat_images *ci, cs_move *moves,
                        cl_mem *srcs)
{
    const cs_concat_call *c = ci->c;
    size_t dst_offset = c->dst_image ? 0 : c->dst.offset;
    for (size_t i = 0; i < c->count; i++) {
        const clslice_layout *layout = &c->layouts[i].layout;
        bool image = part_image(c, i) != NULL;
        moves[i].elements = 0;
        srcs[i] = image ? ci->parts : c->parts[i].src.buffer;
        if (layout->elements > 0)
            cs_move_build(layout, c->elem_size,
                          image ? ci->at[i] : c->parts[i].src.offset,
                          dst_offset, &moves[i]);
    }
}

static clslice_status run(concat_images *ci, cs_move *moves, cl_mem *srcs,
                          clslice_error *err)
{
    cs_concat_call *c = ci->c;
    clslice_status st = check_entries(ci, err);
    if (st == CLSLICE_OK)
        st = make_temporaries(ci, err);
    if (st == CLSLICE_OK)
        st = check_stages(ci, err);
    if (st == CLSLICE_OK)
        st = arm_stages(ci, err);
    if (st != CLSLICE_OK)
        return st;
    build_moves(ci, moves, srcs);
    cs_batch_moves batch = {.call = &c->call, .kind = CS_BATCH_CONCAT,
                            .name = "concat", .moves = moves,
                            .count = c->count,
                            .one = c->dst_image ? ci->dst : c->dst.buffer,
                            .many = srcs};
    /* the reads: dst's first (stages[count]), then the parts' */
    cs_image_armed *armed = ci->armed;
    cs_image_armed dst_read = armed[c->count];
    for (size_t k = c->count; k > 0; k--)
        armed[k] = armed[k - 1];
    armed[0] = dst_read;
    cs_image_run chain = {.call = &c->call, .before = armed,
                          .before_count = c->count + 1, .batch = &batch,
                          .after = &armed[c->count + 1], .after_count = 1};
    return cs_image_run_chain(&chain, err);
}

clslice_status cs_image_concat(cs_concat_call *c, cs_move *moves,
                               cl_mem *srcs, clslice_error *err)
{
    size_t n = c->count;
    concat_images ci = {.c = c};
    clslice_status st = CLSLICE_ERROR_MEMORY;
    if (n < SIZE_MAX - 2) {
        ci.stages = calloc(n + 2, sizeof *ci.stages);
        ci.armed = calloc(n + 2, sizeof *ci.armed);
        ci.uses = calloc(n + 1, sizeof *ci.uses);
        ci.at = calloc(n, sizeof *ci.at);
    }
    if (ci.stages && ci.armed && ci.uses && ci.at)
        st = run(&ci, moves, srcs, err);
    else
        cs_fail(err, st, "out of memory for a concatenation of %zu parts",
                n);
    if (ci.parts) /* OpenCL keeps them until the commands end */
        clReleaseMemObject(ci.parts);
    if (ci.dst)
        clReleaseMemObject(ci.dst);
    free(ci.stages);
    free(ci.armed);
    free(ci.uses);
    free(ci.at);
    return st;
}
