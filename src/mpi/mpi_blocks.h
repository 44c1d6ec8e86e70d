/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Blocks of a sharded layout as buffers hold them, read from the public
 * layout (clslice.h, "Sharded tensors"): a block is a contiguous
 * row-major tensor of its own shape at byte 0 of its buffer, numbered
 * row-major over the block indices.  And the two sides of a piece as
 * strided views: the elements it reads from one block, the box it writes
 * in the other, and the contiguous run it takes in a staging buffer
 * (row-major over the piece's input counts, which sender and receiver
 * both compute from the same piece).
 */
#ifndef CLSLICE_MPI_BLOCKS_H
#define CLSLICE_MPI_BLOCKS_H

#include <stdbool.h>

#include "clslice_mpi.h"

/* Row-major number of the block with indices block[0 .. rank). */
int64_t cm_block_number(const clslice_shard_layout *l, const int64_t *block);

/* Elements of that block; its row-major strides into strides. */
int64_t cm_block_strides(const clslice_shard_layout *l, const int64_t *block,
                         int64_t *strides);

/* One side of a piece: a view of a block (its buffer still to be set)
 * and the strides it points at, one per dim of the plan's input. */
typedef struct cm_view {
    size_t offset;                      /* bytes to the first element */
    int64_t strides[CLSLICE_MAX_RANK];  /* elements */
} cm_view;

/* The elements piece p reads (`reads`) or writes in its input block, per
 * input dim: start + k * step. */
void cm_input_view(const clslice_shard_layout *input,
                   const clslice_shard_piece *p, size_t elem_size,
                   cm_view *view);

/* The box piece p fills (or reads, for a scatter) in its output block,
 * per input dim of `plan` (0 for a shrunk dim, which counts 1). */
void cm_output_view(const clslice_shard_layout *output,
                    const clslice_plan *plan, const clslice_shard_piece *p,
                    size_t elem_size, cm_view *view);

/* The piece as a contiguous run at byte `offset` of a staging buffer. */
void cm_staged_view(const clslice_plan *plan, const clslice_shard_piece *p,
                    size_t offset, cm_view *view);

#endif
