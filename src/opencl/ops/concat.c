/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_concat: each part's layout (checked by concat_check.c) as a
 * move from its source into the one destination, run as the batch
 * family's launches the other way round (run/batch_launch.c: one per
 * group of up to 8 distinct source buffers, chained by events).  SVM
 * sides are wrapped as buffers first (svm_parts.h); image sides are
 * staged through temporary buffers (image_parts.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "opencl/ops/concat.h"
#include "opencl/ops/image_parts.h"
#include "opencl/ops/svm_parts.h"
#include "opencl/run/batch_launch.h"
#include "core/plan/common.h"

static void build_moves(const cs_concat_call *c, cs_move *moves,
                        cl_mem *srcs)
{
    for (size_t i = 0; i < c->count; i++) {
        const clslice_layout *layout = &c->layouts[i].layout;
        moves[i].elements = 0;
        srcs[i] = c->parts[i].src.buffer;
        if (layout->elements > 0)
            cs_move_build(layout, c->elem_size, c->parts[i].src.offset,
                          c->dst.offset, &moves[i]);
    }
}

static clslice_status run_concat(cs_concat_call *c, cs_move *moves,
                                 cl_mem *srcs, clslice_error *err)
{
    clslice_status st = cs_concat_check(c, err);
    if (st != CLSLICE_OK)
        return st;
    if (c->part_image || c->dst_image)
        return cs_image_concat(c, moves, srcs, err);
    build_moves(c, moves, srcs);
    cs_batch_moves batch = {.call = &c->call, .kind = CS_BATCH_CONCAT,
                            .name = "concat", .moves = moves,
                            .count = c->count, .one = c->dst.buffer,
                            .many = srcs};
    return cs_batch_launch(&batch, err);
}

static clslice_status with_storage(cs_concat_call *c, clslice_error *err)
{
    size_t n = c->count;
    /* calloc: a count whose arrays would overflow a size_t fails here */
    c->layouts = calloc(n, sizeof *c->layouts);
    c->plans = calloc(n, sizeof *c->plans);
    cs_move *moves = calloc(n, sizeof *moves);
    cl_mem *srcs = calloc(n, sizeof *srcs);
    clslice_status st =
        c->layouts && c->plans && moves && srcs
            ? run_concat(c, moves, srcs, err)
            : cs_fail(err, CLSLICE_ERROR_MEMORY,
                      "out of memory for a concatenation of %zu parts", n);
    free(c->layouts);
    free((void *)c->plans);
    free(moves);
    free(srcs);
    return st;
}

/* The sides of a call with SVM members: dst, then each part's source,
 * in `own`, a copy of the parts whose buffers the wrappers fill. */
static void name_sides(cs_concat_call *c, const clslice_cl_concat_desc *d,
                       clslice_cl_concat_part *own, cs_svm_side *sides)
{
    sides[0] = (cs_svm_side){.svm = d->dst_svm, .buffer = &c->dst.buffer,
                             .offset = &c->dst.offset,
                             .buffer_name = "dst.buffer",
                             .svm_name = "dst_svm"};
    for (size_t i = 0; i < c->count; i++) {
        own[i] = c->parts[i];
        cs_svm_side *s = &sides[1 + i];
        *s = (cs_svm_side){.buffer = &own[i].src.buffer,
                           .offset = &own[i].src.offset};
        if (d->part_svm)
            s->svm = d->part_svm[i];
        snprintf(s->buffer_name, sizeof s->buffer_name,
                 "parts[%zu].src.buffer", i);
        snprintf(s->svm_name, sizeof s->svm_name, "part_svm[%zu]", i);
    }
    c->parts = own;
}

/* SVM sides wrapped as buffers for the call, which then runs as one of
 * buffers (svm_parts.h). */
static clslice_status with_svm(cs_concat_call *c,
                               const clslice_cl_concat_desc *d,
                               clslice_error *err)
{
    size_t n = c->count;
    clslice_cl_concat_part *own = calloc(n, sizeof *own);
    cs_svm_set set = {.sides = calloc(n + 1, sizeof *set.sides),
                      .count = n + 1};
    clslice_status st = CLSLICE_ERROR_MEMORY;
    if (own && set.sides && n < SIZE_MAX) {
        name_sides(c, d, own, set.sides);
        st = cs_svm_wrap_set(&c->call, &set, err);
        if (st == CLSLICE_OK)
            st = cs_svm_unwrap_set(&set, with_storage(c, err), err);
    } else {
        cs_fail(err, st, "out of memory for a concatenation of %zu parts",
                n);
    }
    free(own);
    free(set.sides);
    return st;
}

clslice_status clslice_cl_concat(clslice_runtime *runtime,
                                 const clslice_cl_call *call,
                                 const clslice_cl_concat_desc *desc,
                                 clslice_error *err)
{
    cs_concat_call c;
    clslice_cl_concat_desc taken;
    clslice_status st = CS_TAKE(runtime, call, &c.call, desc,
                                clslice_cl_concat_desc, dst_image, &taken,
                                err);
    if (st != CLSLICE_OK)
        return st;
    c = (cs_concat_call){.call = c.call, .parts = taken.parts,
                         .count = taken.count, .elem_size = taken.elem_size,
                         .dst = taken.dst, .part_image = taken.part_image,
                         .dst_image = taken.dst_image};
    bool svm = taken.part_svm || taken.dst_svm.pointer ||
               taken.dst_svm.bytes;
    st = c.count == 0 || !c.parts ? cs_concat_check(&c, err) /* fails */
         : svm                    ? with_svm(&c, &taken, err)
                                  : with_storage(&c, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
