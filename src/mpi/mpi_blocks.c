/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Block geometry and piece views (mpi_blocks.h).  The layouts were
 * checked by the planner before any of this is asked.
 */
#include "mpi/mpi_blocks.h"

/* Number of blocks of axis d: explicit ones, or the uniform count (one
 * empty block for an empty axis, as the planner numbers it). */
static int64_t blocks_of(const clslice_shard_layout *l, int d)
{
    const clslice_shard_axis *axis = &l->axes[d];
    if (axis->bounds)
        return axis->blocks;
    int64_t size = l->shape[d];
    return size == 0 ? 1 : size / axis->block + (size % axis->block != 0);
}

/* Elements of block b on axis d. */
static int64_t block_length(const clslice_shard_layout *l, int d, int64_t b)
{
    const clslice_shard_axis *axis = &l->axes[d];
    if (axis->bounds)
        return axis->bounds[b + 1] - axis->bounds[b];
    int64_t lo = b * axis->block, left = l->shape[d] - lo;
    return left < axis->block ? left : axis->block;
}

int64_t cm_block_number(const clslice_shard_layout *l, const int64_t *block)
{
    int64_t k = 0;
    for (int d = 0; d < l->rank; d++)
        k = k * blocks_of(l, d) + block[d];
    return k;
}

int64_t cm_block_strides(const clslice_shard_layout *l, const int64_t *block,
                         int64_t *strides)
{
    int64_t n = 1;
    for (int d = l->rank - 1; d >= 0; d--) {
        strides[d] = n;
        n *= block_length(l, d, block[d]);
    }
    return n;
}

void cm_input_view(const clslice_shard_layout *input,
                   const clslice_shard_piece *p, size_t elem_size,
                   cm_view *view)
{
    int64_t at = 0;
    cm_block_strides(input, p->input_block, view->strides);
    for (int d = 0; d < input->rank; d++) {
        at += p->input_start[d] * view->strides[d];
        view->strides[d] *= p->input_step[d];
    }
    view->offset = (size_t)at * elem_size;
}

void cm_output_view(const clslice_shard_layout *output,
                    const clslice_plan *plan, const clslice_shard_piece *p,
                    size_t elem_size, cm_view *view)
{
    int64_t strides[CLSLICE_MAX_RANK], at = 0;
    cm_block_strides(output, p->output_block, strides);
    for (int j = 0; j < output->rank; j++)
        at += p->output_start[j] * strides[j];
    /* the box's strides per input dim; a shrunk dim reads one index */
    for (int d = 0; d < clslice_plan_input_rank(plan); d++)
        view->strides[d] = 0;
    for (int j = 0; j < clslice_plan_output_rank(plan); j++) {
        int d = clslice_plan_output_source(plan, j);
        if (d >= 0)
            view->strides[d] = strides[j];
    }
    view->offset = (size_t)at * elem_size;
}

void cm_staged_view(const clslice_plan *plan, const clslice_shard_piece *p,
                    size_t offset, cm_view *view)
{
    int64_t n = 1;
    for (int d = clslice_plan_input_rank(plan) - 1; d >= 0; d--) {
        view->strides[d] = n;
        n *= p->input_count[d];
    }
    view->offset = offset;
}
