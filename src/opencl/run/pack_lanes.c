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
#include "opencl/run/pack.h"

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

/* cs_lane_map of base/kernel_tables.h; dim -1 and shift -1 wrap to the
 * kernel's CS_NO_DIM. */
static cs_lane_map_64 map_of(const cs_lane_side *side)
{
    return (cs_lane_map_64){.dim = (uint64_t)(int64_t)side->dim,
                            .start = (uint64_t)side->start,
                            .step = (uint64_t)side->step,
                            .block = (uint64_t)side->block,
                            .shift = (uint64_t)shift_of(side->block),
                            .block_stride = (uint64_t)side->block_stride,
                            .lane_stride = (uint64_t)side->lane_stride};
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
    cs_job_start(job, call->kind == CS_KERNEL_GATHER ? "gather" : "scatter",
                 c->variant, move->carrier);
    /* cs_lanes_table, in a constant buffer: both kernels read it with
     * run-time dims.  Dims past the rank count 1 at stride 0. */
    cs_lanes_table_64 t = {
        .src_base = (uint64_t)move->src_base,
        .dst_base = (uint64_t)move->dst_base, .rank = (uint64_t)move->rank,
        .rows = (uint64_t)rows, .per_item = (uint64_t)per,
        .items = (uint64_t)items, .lo = (uint64_t)c->lanes.lo,
        .hi = (uint64_t)c->lanes.hi, .src = map_of(&c->lanes.src),
        .dst = map_of(&c->lanes.dst)};
    for (int k = 0; k < CS_MAX_DIMS; k++) {
        bool in = k < move->rank;
        t.count[k] = in ? (uint64_t)move->count[k] : 1;
        t.stride[k] = in ? (uint64_t)move->stride[k] : 0;
        t.dst_stride[k] = in ? (uint64_t)move->dst_stride[k] : 0;
    }
    CS_JOB_TABLE(job, c->index_bits, t);
    cs_job_mem(job, &call->src);
    cs_job_mem(job, &call->dst);
    cs_job_table_upload(job);
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
