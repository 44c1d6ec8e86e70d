/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_gather_batch: the plans' layouts (checked by batch_check.c)
 * as moves from the one source into each output, run as the batch's
 * launches (run/batch_launch.c: one per group of up to 8 distinct
 * destination buffers, chained by events).
 */
#include <stdlib.h>

#include "opencl/ops/gather_batch.h"
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
    if (st == CLSLICE_OK) {
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

clslice_status clslice_cl_gather_batch(clslice_runtime *runtime,
                                       const clslice_cl_call *call,
                                       const clslice_cl_batch_desc *desc,
                                       clslice_error *err)
{
    cs_call head;
    clslice_cl_batch_desc taken;
    clslice_status st = CS_TAKE(runtime, call, &head, desc,
                                clslice_cl_batch_desc, parts, &taken, err);
    if (st != CLSLICE_OK)
        return st;
    cs_batch_call checked = {.call = head, .parts = taken.parts,
                             .count = taken.count,
                             .elem_size = taken.elem_size,
                             .src = taken.src.buffer,
                             .src_offset = taken.src.offset,
                             .src_strides = taken.src.strides};
    st = checked.count == 0 || !checked.parts
             ? cs_batch_check(&checked, err) /* fails early */
             : with_storage(&checked, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
