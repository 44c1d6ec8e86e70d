/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_gather_batch: the plans' layouts (checked by batch_check.c)
 * as moves from the one source into each output, run as the batch's
 * launches (run/batch_launch.c: one per group of up to 8 distinct
 * destination buffers, chained by events).  SVM sides are wrapped as
 * buffers first (svm_parts.h); image sides add image gathers
 * (image_parts.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "opencl/ops/gather_batch.h"
#include "opencl/ops/image_parts.h"
#include "opencl/ops/svm_parts.h"
#include "opencl/run/batch_launch.h"
#include "core/plan/common.h"

static void build_moves(const cs_batch_call *call, cs_move *moves,
                        cl_mem *dsts)
{
    for (size_t i = 0; i < call->count; i++) {
        moves[i].elements = 0;
        dsts[i] = call->parts[i].buffer;
        if (call->layouts[i].elements > 0)
            cs_move_build(&call->layouts[i], call->elem_size,
                          call->src_offset, call->parts[i].offset,
                          &moves[i]);
    }
}

static clslice_status with_storage(cs_batch_call *call, clslice_error *err)
{
    size_t n = call->count;
    /* calloc: a count whose arrays would overflow a size_t fails here */
    call->layouts = calloc(n, sizeof *call->layouts);
    cs_move *moves = calloc(n, sizeof *moves);
    cl_mem *dsts = calloc(n, sizeof *dsts);
    clslice_status st =
        call->layouts && moves && dsts
            ? cs_batch_check(call, err)
            : cs_fail(err, CLSLICE_ERROR_MEMORY,
                      "out of memory for a batch of %zu plans", n);
    if (st == CLSLICE_OK && (call->src_image || call->part_image)) {
        st = cs_image_batch(call, moves, dsts, err);
    } else if (st == CLSLICE_OK) {
        build_moves(call, moves, dsts);
        cs_batch_moves batch = {.call = &call->call, .kind = CS_BATCH_GATHER,
                                .name = "gather batch", .moves = moves,
                                .count = n, .one = call->src, .many = dsts};
        st = cs_batch_launch(&batch, err);
    }
    free(call->layouts);
    free(moves);
    free(dsts);
    return st;
}

/* The sides of a call with SVM members: src, then each output, in
 * `own`, a copy of the parts whose buffers the wrappers fill. */
static void name_sides(cs_batch_call *call, const clslice_cl_batch_desc *d,
                       clslice_cl_part *own, cs_svm_side *sides)
{
    sides[0] = (cs_svm_side){.svm = d->src_svm, .buffer = &call->src,
                             .offset = &call->src_offset,
                             .buffer_name = "src.buffer",
                             .svm_name = "src_svm"};
    for (size_t i = 0; i < call->count; i++) {
        own[i] = call->parts[i];
        cs_svm_side *s = &sides[1 + i];
        *s = (cs_svm_side){.buffer = &own[i].buffer,
                           .offset = &own[i].offset};
        if (d->part_svm)
            s->svm = d->part_svm[i];
        snprintf(s->buffer_name, sizeof s->buffer_name, "parts[%zu].buffer",
                 i);
        snprintf(s->svm_name, sizeof s->svm_name, "part_svm[%zu]", i);
    }
    call->parts = own;
}

/* SVM sides wrapped as buffers for the call, which then runs as one of
 * buffers (svm_parts.h). */
static clslice_status with_svm(cs_batch_call *call,
                               const clslice_cl_batch_desc *d,
                               clslice_error *err)
{
    size_t n = call->count;
    clslice_cl_part *own = calloc(n, sizeof *own);
    cs_svm_set set = {.sides = calloc(n + 1, sizeof *set.sides),
                      .count = n + 1};
    clslice_status st = CLSLICE_ERROR_MEMORY;
    if (own && set.sides && n < SIZE_MAX) {
        name_sides(call, d, own, set.sides);
        st = cs_svm_wrap_set(&call->call, &set, err);
        if (st == CLSLICE_OK)
            st = cs_svm_unwrap_set(&set, with_storage(call, err), err);
    } else {
        cs_fail(err, st, "out of memory for a batch of %zu plans", n);
    }
    free(own);
    free(set.sides);
    return st;
}

clslice_status clslice_cl_gather_batch(clslice_runtime *runtime,
                                       const clslice_cl_call *call,
                                       const clslice_cl_batch_desc *desc,
                                       clslice_error *err)
{
    cs_call head;
    clslice_cl_batch_desc taken;
    clslice_status st = CS_TAKE(runtime, call, &head, desc,
                                clslice_cl_batch_desc, part_image, &taken,
                                err);
    if (st != CLSLICE_OK)
        return st;
    cs_batch_call checked = {.call = head, .parts = taken.parts,
                             .count = taken.count,
                             .elem_size = taken.elem_size,
                             .src = taken.src.buffer,
                             .src_offset = taken.src.offset,
                             .src_strides = taken.src.strides,
                             .src_image = taken.src_image,
                             .part_image = taken.part_image};
    bool svm = taken.part_svm || taken.src_svm.pointer ||
               taken.src_svm.bytes;
    st = checked.count == 0 || !checked.parts
             ? cs_batch_check(&checked, err) /* fails early */
         : svm ? with_svm(&checked, &taken, err)
               : with_storage(&checked, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
