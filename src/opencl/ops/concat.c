/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_concat: each part's layout (checked by concat_check.c) as a
 * move from its source into the one destination, run as the batch
 * family's launches the other way round (run/batch_launch.c: one per
 * group of up to 8 distinct source buffers, chained by events).
 */
#include <stdlib.h>

#include "opencl/ops/concat.h"
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

clslice_status clslice_cl_concat(clslice_runtime *runtime,
                                 const clslice_cl_call *call,
                                 const clslice_cl_concat_desc *desc,
                                 clslice_error *err)
{
    cs_concat_call c;
    clslice_cl_concat_desc taken;
    clslice_status st = CS_TAKE(runtime, call, &c.call, desc,
                                clslice_cl_concat_desc, parts, &taken, err);
    if (st != CLSLICE_OK)
        return st;
    c = (cs_concat_call){.call = c.call, .parts = taken.parts,
                         .count = taken.count, .elem_size = taken.elem_size,
                         .dst = taken.dst};
    st = c.count == 0 || !c.parts ? cs_concat_check(&c, err) /* fails */
                                  : with_storage(&c, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
