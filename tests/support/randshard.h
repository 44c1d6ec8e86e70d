/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Random sharded layouts for the shard planner's tests, and a naive
 * owner oracle.  A layout draws, per axis, uniform blocks or explicit
 * bounds (empty blocks included), sometimes block-cyclic, and its owners
 * from the default numbering, a table or a function.  The oracle finds
 * an element's block by walking the blocks one by one and its owner from
 * the layout's members as clslice.h states them, sharing no code with
 * the library.  Random slices of any rank, with shrinks, new axes and
 * negative and long steps, on a shape the caller chooses, come from
 * rsh_random_plan.
 */
#ifndef CLSLICE_TEST_RANDSHARD_H
#define CLSLICE_TEST_RANDSHARD_H

#include "randplan.h"

#define RSH_MAX_BOUNDS 4100

/* A layout and the arrays it points at. */
typedef struct rsh_layout {
    clslice_shard_layout layout;
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_shard_axis axes[CLSLICE_MAX_RANK];
    int64_t bounds[CLSLICE_MAX_RANK][RSH_MAX_BOUNDS + 1];
    int64_t *owner_map;   /* heap; NULL unless the layout uses a table */
    int64_t fn_salt;      /* the owner function's */
    char desc[1024];
} rsh_layout;

/* A random layout of `shape` (rank dims) whose grid has at most
 * max_cells coordinates, with owners numbered up to max_owners. */
void rsh_random_layout(tu_rng *rng, const int64_t *shape, int rank,
                      int64_t max_cells, int64_t max_owners, rsh_layout *l);

/* Frees the owner table. */
void rsh_free_layout(rsh_layout *l);

/* The owner of element `index` (rank entries) and, when blocks is not
 * NULL, its block indices, found naively. */
int64_t rsh_owner_of(const rsh_layout *l, const int64_t *index,
                    int64_t *blocks);

/* Number of blocks on axis d, naively. */
int64_t rsh_blocks(const rsh_layout *l, int d);

/* Block b of axis d as [lo, hi). */
void rsh_block_range(const rsh_layout *l, int d, int64_t b, int64_t *lo,
                    int64_t *hi);

/* A random plan on `shape`: per dim a range (steps of either sign, now
 * and then longer than the dim), or a shrink; up to two new axes; through
 * the expression, TF or OpenVINO front-end.  Fills c (c->desc). */
clslice_plan *rsh_random_plan(tu_rng *rng, const int64_t *shape, int rank,
                             rp_case *c);

#endif
