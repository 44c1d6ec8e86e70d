/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_gather_batch with image sides (image_parts.h): every output
 * that an image side touches (all of them for an image source, else
 * those held by images) is one image gather of its plan, and the others
 * stay the batch's moves.  After cs_batch_check (which checked the
 * buffer sides and their overlaps): each image entry's members, that no
 * output image is the source or another output, each gather
 * (cs_image_gather_check, naming src_image, part_image[i], parts[i]);
 * then every gather is armed, and the commands are chained: the batch's
 * launches first, then the gathers.
 */
#include <stdio.h>
#include <stdlib.h>

#include "opencl/ops/image_parts.h"
#include "opencl/ops/gather_batch.h"
#include "core/plan/common.h"

/* What one output that an image touches needs until it is enqueued. */
typedef struct image_part {
    clslice_cl_gather_desc desc;
    cs_image_gather_op op;
    char image_name[48], name[48]; /* the op's names point here */
} image_part;

static const clslice_cl_image *part_image(const cs_batch_call *call,
                                          size_t i)
{
    return call->part_image && call->part_image[i].image
               ? &call->part_image[i]
               : NULL;
}

static clslice_status check_entries(const cs_batch_call *call,
                                    cs_image_use *uses, clslice_error *err)
{
    clslice_status st = CLSLICE_OK;
    if (call->src_image) {
        if (!call->src_image->image)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "src_image->image is NULL");
        st = cs_image_entry_check(call->src_image, "src_image", call->src,
                                  call->src_offset, NULL, "src", err);
        uses[call->count] = (cs_image_use){.image = call->src_image->image,
                                           .name = "src_image"};
    }
    for (size_t i = 0; i < call->count && st == CLSLICE_OK; i++) {
        const clslice_cl_image *image = part_image(call, i);
        if (!image)
            continue;
        char name[48];
        snprintf(uses[i].name, sizeof uses[i].name, "part_image[%zu]", i);
        snprintf(name, sizeof name, "parts[%zu]", i);
        uses[i].image = image->image;
        uses[i].output = true;
        st = cs_image_entry_check(image, uses[i].name,
                                  call->parts[i].buffer,
                                  call->parts[i].offset, NULL, name, err);
    }
    return st == CLSLICE_OK ? cs_image_distinct(uses, call->count + 1, err)
                            : st;
}

/* Bytes of a buffer a side may touch: [lo, hi) of `root`. */
typedef struct span {
    cl_mem root;
    size_t lo, hi;
} span;

/* The bytes of `buffer` (sub-buffers resolved to their parent): the
 * first ones its 1-D buffer image `image` covers, or all of them when
 * image is NULL.  False when OpenCL cannot place it (the checks that
 * name the side report that). */
static bool span_of(cl_context context, cl_mem buffer, cl_mem image,
                    span *out)
{
    cs_place place;
    clslice_error ignored;
    if (!buffer ||
        cs_buffer_place(context, buffer, "", &place, &ignored) != CLSLICE_OK)
        return false;
    size_t bytes = place.size, width = 0, texel = 0;
    if (image &&
        clGetImageInfo(image, CL_IMAGE_WIDTH, sizeof width, &width, NULL) ==
            CL_SUCCESS &&
        clGetImageInfo(image, CL_IMAGE_ELEMENT_SIZE, sizeof texel, &texel,
                       NULL) == CL_SUCCESS &&
        texel && width <= bytes / texel)
        bytes = width * texel;
    *out = (span){place.root, place.sub_offset, place.sub_offset + bytes};
    return true;
}

/* The span output i's image writes where it is a 1-D buffer image. */
static bool written_span(cl_context context, const cs_batch_call *call,
                         size_t i, span *out)
{
    const clslice_cl_image *image = part_image(call, i);
    return image && span_of(context, cs_image_buffer_of(image->image),
                            image->image, out);
}

/* The span output j (or the source, j == count) keeps its bytes in, for
 * the check below, named in `name`. */
static bool used_span(cl_context context, const cs_batch_call *call,
                      size_t j, char *name, size_t size, span *out)
{
    const clslice_cl_image *image =
        j == call->count ? call->src_image : part_image(call, j);
    if (image) {
        snprintf(name, size, j == call->count ? "src_image->image's buffer"
                             : "part_image[%zu].image's buffer", j);
        return span_of(context, cs_image_buffer_of(image->image),
                       image->image, out);
    }
    if (j == call->count) {
        snprintf(name, size, "src.buffer");
        return span_of(context, call->src, NULL, out);
    }
    snprintf(name, size, "parts[%zu].buffer", j);
    return span_of(context, call->parts[j].buffer, NULL, out);
}

/* A 1-D buffer image output writes the bytes of its buffer its texels
 * cover, which the buffer checks do not see: the source and the other
 * outputs must not meet them, in that buffer or in another sub-buffer of
 * its parent (the image gathers run after the batch's launches, one
 * after another).  A buffer side counts whole. */
static clslice_status check_buffers(const cs_batch_call *call,
                                    clslice_error *err)
{
    cl_context context = cs_runtime_context(call->call.runtime);
    for (size_t i = 0; i < call->count; i++) {
        span written, used;
        if (!written_span(context, call, i, &written))
            continue;
        for (size_t j = 0; j <= call->count; j++) {
            char name[64];
            if (j == i ||
                !used_span(context, call, j, name, sizeof name, &used) ||
                used.root != written.root || used.hi <= written.lo ||
                written.hi <= used.lo)
                continue;
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "part_image[%zu].image is a 1-D buffer image "
                           "over %s, which the batch %s", i, name,
                           j == call->count ? "reads: an output cannot be "
                                              "in its source"
                                            : "writes too: two outputs "
                                              "cannot share bytes");
        }
    }
    return CLSLICE_OK;
}

/* Output i as a gather of its own, checked. */
static clslice_status check_part(const cs_batch_call *call, size_t i,
                                 image_part *p, clslice_error *err)
{
    const clslice_cl_image *image = part_image(call, i);
    clslice_cl_gather_desc *d = &p->desc;
    *d = (clslice_cl_gather_desc){.struct_size = sizeof *d,
                                  .plan = call->parts[i].plan,
                                  .elem_size = call->elem_size,
                                  .src_image = call->src_image,
                                  .dst_image = image};
    if (!call->src_image)
        d->src = (clslice_cl_tensor){call->src, call->src_offset, NULL};
    if (!image)
        d->dst = (clslice_cl_tensor){call->parts[i].buffer,
                                     call->parts[i].offset, NULL};
    snprintf(p->image_name, sizeof p->image_name, "part_image[%zu]", i);
    snprintf(p->name, sizeof p->name, "parts[%zu]", i);
    cs_image_names names = {.src_image = "src_image", .src = "src",
                            .dst_image = p->image_name, .dst_sep = ".",
                            .dst = p->name};
    return cs_image_gather_check(&p->op, &call->call, d, &names, err);
}

static clslice_status check_and_arm(const cs_batch_call *call,
                                    image_part *parts, cs_image_armed *armed,
                                    size_t *count, clslice_error *err)
{
    clslice_status st = CLSLICE_OK;
    *count = 0;
    for (size_t i = 0; i < call->count && st == CLSLICE_OK; i++)
        if (call->src_image || part_image(call, i))
            st = check_part(call, i, &parts[(*count)++], err);
    for (size_t k = 0; k < *count && st == CLSLICE_OK; k++) {
        st = cs_image_gather_arm(&parts[k].op, &armed[k], err);
        if (st != CLSLICE_OK)
            for (size_t j = 0; j < k; j++)
                cs_image_armed_drop(&armed[j]);
    }
    return st;
}

/* The moves of the outputs no image touches. */
static void build_moves(const cs_batch_call *call, cs_move *moves,
                        cl_mem *dsts)
{
    for (size_t i = 0; i < call->count; i++) {
        moves[i].elements = 0;
        dsts[i] = call->parts[i].buffer;
        if (!call->src_image && !part_image(call, i) &&
            call->layouts[i].elements > 0)
            cs_move_build(&call->layouts[i], call->elem_size,
                          call->src_offset, call->parts[i].offset,
                          &moves[i]);
    }
}

static clslice_status run(cs_batch_call *call, image_part *parts,
                          cs_image_armed *armed, cs_image_use *uses,
                          cs_move *moves, cl_mem *dsts, clslice_error *err)
{
    size_t count;
    clslice_status st = check_entries(call, uses, err);
    if (st == CLSLICE_OK)
        st = check_buffers(call, err);
    if (st == CLSLICE_OK)
        st = check_and_arm(call, parts, armed, &count, err);
    if (st != CLSLICE_OK)
        return st;
    build_moves(call, moves, dsts);
    cs_batch_moves batch = {.call = &call->call, .kind = CS_BATCH_GATHER,
                            .name = "gather batch", .moves = moves,
                            .count = call->count, .one = call->src,
                            .many = dsts};
    cs_image_run chain = {.call = &call->call, .batch = &batch,
                          .after = armed, .after_count = count};
    return cs_image_run_chain(&chain, err);
}

clslice_status cs_image_batch(cs_batch_call *call, cs_move *moves,
                              cl_mem *dsts, clslice_error *err)
{
    size_t n = call->count;
    image_part *parts = calloc(n, sizeof *parts);
    cs_image_armed *armed = calloc(n, sizeof *armed);
    cs_image_use *uses = calloc(n + 1, sizeof *uses);
    clslice_status st =
        parts && armed && uses && n < SIZE_MAX
            ? run(call, parts, armed, uses, moves, dsts, err)
            : cs_fail(err, CLSLICE_ERROR_MEMORY,
                      "out of memory for a batch of %zu plans", n);
    free(parts);
    free(armed);
    free(uses);
    return st;
}
