/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Jobs of the blocked kernels (cl/blocked.cl): a move whose sides may
 * address a dim through a lane map.  The rows form hands each work-item
 * a run of rows sized as the odometer's (cs_odometer_rows: about 4 KB of
 * output each, yet enough items for every core); the element grid walks
 * the innermost dim along NDRange dim 0 and the folded rows along dim 1,
 * shaped as the dense element grid of a 2-D move (cs_grid_shape).
 */
#include <assert.h>

#include "opencl/run/pack.h"

enum { SIDE_WORDS = 7, HEAD_WORDS = 8 };

static_assert(HEAD_WORDS + 3 * CS_MAX_DIMS + 2 * SIDE_WORDS <=
                  CS_JOB_TABLE_WORDS,
              "the job's table storage holds the blocked kernels'");
static_assert((HEAD_WORDS + 3 * CS_MAX_DIMS + 2 * SIDE_WORDS) * 8 + 2 * 8 <=
                  1024,
              "blocked arguments must fit the 1024 bytes OpenCL promises");

/* log2(block) for a power of two, else -1 (the kernel divides). */
static int64_t shift_of(int64_t block)
{
    if (block <= 0 || (block & (block - 1)))
        return -1;
    int64_t shift = 0;
    while ((INT64_C(1) << shift) < block)
        shift++;
    return shift;
}

/* cs_lane_side of cl/blocked.cl; dim -1 and shift -1 wrap to the
 * kernel's CS_NO_DIM. */
static void pack_side(const cs_lane_side *side, cs_job *job)
{
    const int64_t words[SIDE_WORDS] = {
        side->dim,          side->start,       side->step,
        side->block,        shift_of(side->block), side->block_stride,
        side->lane_stride};
    cs_job_dims(job, words, SIDE_WORDS, SIDE_WORDS, 0);
}

static int64_t rows_of(const cs_move *move)
{
    int64_t rows = 1;
    for (int k = 1; k < move->rank; k++)
        rows *= move->count[k];
    return rows;
}

void cs_lanes_job(const cs_program_info *program, const cs_kernel_call *call,
                  cs_job *job)
{
    const cs_choice *c = call->choice;
    const cs_move *move = &c->move;
    bool grid = c->variant == CS_VARIANT_BLOCKED_GRID;
    int64_t rows = rows_of(move);
    int64_t per = grid ? rows
                       : cs_odometer_rows(move, program->device.compute_units);
    int64_t items = (rows + per - 1) / per;
    const int64_t head[HEAD_WORDS] = {move->src_base, move->dst_base,
                                      move->rank,     rows,
                                      per,            items,
                                      c->lanes.lo,    c->lanes.hi};
    cs_job_start(job, call->kind == CS_KERNEL_GATHER ? "gather" : "scatter",
                 c->variant, move->carrier);
    cs_job_table(job, c->index_bits);
    cs_job_dims(job, head, HEAD_WORDS, HEAD_WORDS, 0);
    cs_job_dims(job, move->count, move->rank, CS_MAX_DIMS, 1);
    cs_job_dims(job, move->stride, move->rank, CS_MAX_DIMS, 0);
    cs_job_dims(job, move->dst_stride, move->rank, CS_MAX_DIMS, 0);
    pack_side(&c->lanes.src, job);
    pack_side(&c->lanes.dst, job);
    cs_job_mem(job, &call->src);
    cs_job_mem(job, &call->dst);
    cs_job_table_arg(job);
    if (grid) {
        /* one carrier per work-item over the plane of rows, in the fixed
         * group shapes (cs_grid_fixed) */
        cs_shape *shape = &job->shape;
        size_t extent[3] = {(size_t)move->count[0], (size_t)rows, 1};
        cs_grid_fixed(extent, c->local, shape->local);
        shape->work_dim = 2;
        shape->grid_stride = true;
        for (int d = 0; d < 3; d++)
            shape->extent[d] = extent[d];
    } else {
        cs_job_range(job, (size_t)items, c->local, false);
    }
}
