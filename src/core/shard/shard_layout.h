/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Sharded layouts (clslice_shard_layout) as the planner reads them: the
 * checks every layout passes before a plan looks at it, and the three
 * questions the planner asks about one axis or one block (which block
 * holds an index, its grid coordinate, the owner of a block).  Each
 * answer costs O(1), or a binary search over explicit bounds, so that
 * planning costs the blocks a slice touches and never the grid.
 */
#ifndef CLSLICE_CORE_SHARD_LAYOUT_H
#define CLSLICE_CORE_SHARD_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "clslice.h"

/* One block of an axis: its index and its global range [lo, hi). */
typedef struct cs_shard_block {
    int64_t index, lo, hi;
} cs_shard_block;

/* Copies the caller's layout (`given`, named `name` in messages:
 * "desc->input", "layout") at this library's size into *copy and checks
 * everything but the owners of single coordinates: struct_size, rank,
 * shape, axes, owners, and that the default mapping's grid fits owners.
 * `prefix` starts the messages about members ("input.axes[1].block"). */
clslice_status cs_shard_layout_take(const clslice_shard_layout *given,
                                    const char *name, const char *prefix,
                                    clslice_shard_layout *copy,
                                    clslice_error *err);

/* Number of blocks of axis d (>= 1). */
int64_t cs_shard_blocks(const clslice_shard_layout *layout, int d);

/* The block of axis d that holds index idx (0 <= idx < shape[d]); for
 * explicit bounds the one non-empty block that does. */
cs_shard_block cs_shard_block_of(const clslice_shard_layout *layout, int d,
                                 int64_t idx);

/* Block `index` of axis d (0 <= index < cs_shard_blocks). */
cs_shard_block cs_shard_block_at(const clslice_shard_layout *layout, int d,
                                 int64_t index);

/* Grid coordinate of block `index` of axis d. */
int64_t cs_shard_coord(const clslice_shard_layout *layout, int d,
                       int64_t index);

/* Coordinates on the grid of axis d: procs, or the number of blocks. */
int64_t cs_shard_grid(const clslice_shard_layout *layout, int d);

/* The owner of the block with indices blocks[0 .. rank) into *owner;
 * CLSLICE_ERROR_INDEX naming `prefix`, the coordinate and the value
 * when the map or function gives one outside [0, owners). */
clslice_status cs_shard_owner(const clslice_shard_layout *layout,
                              const char *prefix, const int64_t *blocks,
                              int64_t *owner, clslice_error *err);

/* The layout assigns owners by the default row-major numbering. */
static inline bool cs_shard_default_owners(const clslice_shard_layout *l)
{
    return l->owner_map == NULL && l->owner_fn == NULL;
}

#endif
