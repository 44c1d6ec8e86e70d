/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Sharded layouts: their checks and the per-block questions of
 * shard_layout.h.  A layout's blocks must tile each axis exactly (no gap,
 * no overlap, nothing past the end), so that the planner can trust that
 * every index lies in one block and its pieces cover each element once.
 */
#include "core/shard/shard_layout.h"

#include <stdio.h>
#include <string.h>

#include "core/plan/common.h"
#include "core/plan/sized.h"

int64_t cs_shard_blocks(const clslice_shard_layout *layout, int d)
{
    const clslice_shard_axis *axis = &layout->axes[d];
    if (axis->bounds)
        return axis->blocks;
    int64_t size = layout->shape[d];
    if (size == 0)
        return 1; /* one empty block: an empty axis still has a grid */
    return size / axis->block + (size % axis->block != 0);
}

int64_t cs_shard_grid(const clslice_shard_layout *layout, int d)
{
    int64_t procs = layout->axes[d].procs;
    return procs > 0 ? procs : cs_shard_blocks(layout, d);
}

int64_t cs_shard_coord(const clslice_shard_layout *layout, int d,
                       int64_t index)
{
    const clslice_shard_axis *axis = &layout->axes[d];
    if (axis->procs == 0)
        return index;
    /* (index + first_proc) mod procs without forming a sum that could
     * pass INT64_MAX for a procs near it. */
    int64_t c = index % axis->procs, room = axis->procs - axis->first_proc;
    return c >= room ? c - room : c + axis->first_proc;
}

cs_shard_block cs_shard_block_at(const clslice_shard_layout *layout, int d,
                                 int64_t index)
{
    const clslice_shard_axis *axis = &layout->axes[d];
    if (axis->bounds)
        return (cs_shard_block){index, axis->bounds[index],
                                axis->bounds[index + 1]};
    int64_t lo = index * axis->block, left = layout->shape[d] - lo;
    return (cs_shard_block){index, lo,
                            lo + (left < axis->block ? left : axis->block)};
}

cs_shard_block cs_shard_block_of(const clslice_shard_layout *layout, int d,
                                 int64_t idx)
{
    const clslice_shard_axis *axis = &layout->axes[d];
    if (!axis->bounds) {
        int64_t index = idx / axis->block, lo = index * axis->block;
        int64_t left = layout->shape[d] - lo;
        return (cs_shard_block){index, lo,
                                lo + (left < axis->block ? left
                                                         : axis->block)};
    }
    /* The last block whose start is <= idx: bounds never decrease, so
     * the empty blocks before a non-empty one are passed over. */
    int64_t low = 0, high = axis->blocks - 1;
    while (low < high) {
        int64_t mid = low + (high - low + 1) / 2;
        if (axis->bounds[mid] <= idx)
            low = mid;
        else
            high = mid - 1;
    }
    return (cs_shard_block){low, axis->bounds[low], axis->bounds[low + 1]};
}

/* The grid coordinates of `blocks`, and their row-major number on the
 * grid where a table or the default numbering needs one (the grid's size
 * then fits int64: cs_shard_layout_take checked it); -1 for owner_fn,
 * whose grid may be larger than int64 can number. */
static int64_t grid_number(const clslice_shard_layout *layout,
                           const int64_t *blocks, int64_t *coord)
{
    int64_t number = 0;
    for (int d = 0; d < layout->rank; d++) {
        coord[d] = cs_shard_coord(layout, d, blocks[d]);
        if (!layout->owner_fn)
            number = number * cs_shard_grid(layout, d) + coord[d];
    }
    return layout->owner_fn ? -1 : number;
}

/* "(1, 2, 0)" for a message. */
static void coord_text(const int64_t *coord, int rank, char *text,
                       size_t size)
{
    size_t used = (size_t)snprintf(text, size, "(");
    for (int d = 0; d < rank && used < size; d++)
        used += (size_t)snprintf(text + used, size - used, "%s%lld",
                                 d ? ", " : "", (long long)coord[d]);
    if (used < size)
        snprintf(text + used, size - used, ")");
}

clslice_status cs_shard_owner(const clslice_shard_layout *layout,
                              const char *prefix, const int64_t *blocks,
                              int64_t *owner, clslice_error *err)
{
    int64_t coord[CLSLICE_MAX_RANK];
    int64_t number = grid_number(layout, blocks, coord);
    if (layout->owner_fn)
        *owner = layout->owner_fn(layout->owner_context, coord, layout->rank);
    else if (layout->owner_map)
        *owner = layout->owner_map[number];
    else
        *owner = number;
    if (*owner >= 0 && *owner < layout->owners)
        return CLSLICE_OK;
    char text[CLSLICE_MAX_RANK * 22 + 4];
    coord_text(coord, layout->rank, text, sizeof text);
    if (layout->owner_fn)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "%s.owner_fn at grid coordinate %s gives owner %lld, "
                       "outside [0, %lld) (%s.owners)",
                       prefix, text, (long long)*owner,
                       (long long)layout->owners, prefix);
    return cs_fail(err, CLSLICE_ERROR_INDEX,
                   "%s.owner_map[%lld] = %lld (grid coordinate %s) is "
                   "outside [0, %lld) (%s.owners)",
                   prefix, (long long)number, (long long)*owner, text,
                   (long long)layout->owners, prefix);
}

/* ---- checks ---------------------------------------------------------- */

static clslice_status check_bounds(const clslice_shard_layout *layout,
                                   const char *prefix, int d,
                                   clslice_error *err)
{
    const clslice_shard_axis *axis = &layout->axes[d];
    if (axis->blocks < 1)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s.axes[%d].blocks = %lld: explicit bounds need at "
                       "least one block",
                       prefix, d, (long long)axis->blocks);
    const int64_t *bounds = axis->bounds;
    if (bounds[0] != 0)
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "%s.axes[%d].bounds[0] = %lld: the first block must "
                       "start at 0, or indices before it lie in no block",
                       prefix, d, (long long)bounds[0]);
    for (int64_t b = 0; b < axis->blocks; b++)
        if (bounds[b + 1] < bounds[b])
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "%s.axes[%d].bounds[%lld] = %lld is below "
                           "bounds[%lld] = %lld: block %lld ends before it "
                           "starts, so the blocks around it overlap",
                           prefix, d, (long long)(b + 1),
                           (long long)bounds[b + 1], (long long)b,
                           (long long)bounds[b], (long long)b);
    if (bounds[axis->blocks] != layout->shape[d])
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "%s.axes[%d].bounds[%lld] = %lld but %s.shape[%d] = "
                       "%lld: the blocks must end at the dim's size",
                       prefix, d, (long long)axis->blocks,
                       (long long)bounds[axis->blocks], prefix, d,
                       (long long)layout->shape[d]);
    return CLSLICE_OK;
}

static clslice_status check_axis(const clslice_shard_layout *layout,
                                 const char *prefix, int d,
                                 clslice_error *err)
{
    const clslice_shard_axis *axis = &layout->axes[d];
    if (layout->shape[d] < 0)
        return cs_fail(err, CLSLICE_ERROR_SHAPE, "%s.shape[%d] = %lld is "
                       "negative", prefix, d, (long long)layout->shape[d]);
    clslice_status st = CLSLICE_OK;
    if (axis->bounds)
        st = check_bounds(layout, prefix, d, err);
    else if (axis->block < 1)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s.axes[%d].block = %lld: uniform blocks hold at "
                       "least one element (or give bounds)",
                       prefix, d, (long long)axis->block);
    if (st != CLSLICE_OK)
        return st;
    if (axis->procs < 0 || (axis->procs == 0 && axis->first_proc != 0) ||
        (axis->procs > 0 &&
         (axis->first_proc < 0 || axis->first_proc >= axis->procs)))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s.axes[%d]: procs = %lld, first_proc = %lld: procs "
                       "must be >= 0 and 0 <= first_proc < procs (0 "
                       "without procs)",
                       prefix, d, (long long)axis->procs,
                       (long long)axis->first_proc);
    return CLSLICE_OK;
}

/* The grid's coordinates, which owner_map's length and the default
 * numbering need; an owner function never numbers the grid. */
static clslice_status check_grid(const clslice_shard_layout *layout,
                                 const char *prefix, clslice_error *err)
{
    if (layout->owner_fn)
        return CLSLICE_OK;
    int64_t cells = 1;
    for (int d = 0; d < layout->rank; d++)
        if (__builtin_mul_overflow(cells, cs_shard_grid(layout, d), &cells))
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s: the grid of block coordinates has more than "
                           "INT64_MAX cells; give owner_fn",
                           prefix);
    if (layout->owner_map == NULL && cells > layout->owners)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "%s: the default owner numbering needs %lld owners "
                       "for its grid of block coordinates, but owners = "
                       "%lld (give owner_map or owner_fn)",
                       prefix, (long long)cells, (long long)layout->owners);
    return CLSLICE_OK;
}

clslice_status cs_shard_layout_take(const clslice_shard_layout *given,
                                    const char *name, const char *prefix,
                                    clslice_shard_layout *copy,
                                    clslice_error *err)
{
    clslice_status st = cs_take_struct(
        given, name, "clslice_shard_layout",
        CS_SIZE_THROUGH(clslice_shard_layout, owner_context), sizeof *copy,
        copy, err);
    if (st != CLSLICE_OK)
        return st;
    if (copy->rank < 0 || copy->rank > CLSLICE_MAX_RANK)
        return cs_fail(err, CLSLICE_ERROR_RANK,
                       "%s.rank = %d is outside [0, %d]", prefix, copy->rank,
                       CLSLICE_MAX_RANK);
    if (copy->rank > 0 && (!copy->shape || !copy->axes))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s.%s is NULL with rank %d", prefix,
                       copy->shape ? "axes" : "shape", copy->rank);
    if (copy->owners < 1)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s.owners = %lld: a layout has at least one owner",
                       prefix, (long long)copy->owners);
    if (copy->owner_map && copy->owner_fn)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s: owner_map and owner_fn are both set; give one",
                       prefix);
    for (int d = 0; d < copy->rank && st == CLSLICE_OK; d++)
        st = check_axis(copy, prefix, d, err);
    return st == CLSLICE_OK ? check_grid(copy, prefix, err) : st;
}

/* Every grid cell's owner, through an odometer over block indices (a
 * cyclic axis's procs first blocks reach all its coordinates). */
static clslice_status check_every_owner(const clslice_shard_layout *layout,
                                        clslice_error *err)
{
    int64_t blocks[CLSLICE_MAX_RANK] = {0}, reach[CLSLICE_MAX_RANK];
    for (int d = 0; d < layout->rank; d++) {
        reach[d] = cs_shard_blocks(layout, d);
        if (layout->axes[d].procs > 0 && layout->axes[d].procs < reach[d])
            reach[d] = layout->axes[d].procs;
    }
    for (;;) {
        int64_t owner;
        clslice_status st =
            cs_shard_owner(layout, "layout", blocks, &owner, err);
        if (st != CLSLICE_OK)
            return st;
        int d = layout->rank - 1;
        while (d >= 0 && ++blocks[d] == reach[d])
            blocks[d--] = 0;
        if (d < 0)
            return CLSLICE_OK;
    }
}

clslice_status clslice_shard_layout_check(const clslice_shard_layout *layout,
                                          clslice_error *err)
{
    clslice_shard_layout copy;
    clslice_status st =
        cs_shard_layout_take(layout, "layout", "layout", &copy, err);
    if (st == CLSLICE_OK)
        st = check_every_owner(&copy, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
