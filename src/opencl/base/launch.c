/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Launch geometry: the NDRange a kernel family wants (cs_shape), fitted
 * to the limits of a device and kernel.
 *
 * The element grid's groups are fitted to the move's extents on GPUs
 * (cs_grid_fit): a group of 8 x 32 over rows of 8 carriers of which only
 * 3 exist idles 29 of every 32 rows, 256 x 1 over rows of 62 carriers
 * idles three quarters; measured with the GPU memory model
 * (docs/performance.md).  Devices that compile a kernel again for every
 * new local size (PoCL, ~40 ms each) keep a small fixed set instead
 * (cs_grid_fixed); the selector says which (select/grid.c).  Global sizes
 * are rounded up to a multiple of the local size (every kernel
 * bounds-checks), so a prime count never forces tiny groups.
 */
#include "opencl/base/move.h"

enum {
    SHORT_ROW = 32,      /* fixed shapes: rows shorter than this share a */
    SHORT_ROW_ITEMS = 8, /* group, 8 items along each of several rows */
    GRID_PER_SMALL = 4,  /* carriers per work-item of 1- and 2-byte
                          * carriers (cl/common.cl, CS_GRID_PER_<C>) */
    WALK_ROWS = 8        /* the most rows of dim 2 a work-item of the
                          * generic kernels walks (cs_grid_walk) */
};

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

static size_t round_up(size_t n, size_t to)
{
    return (n + to - 1) / to * to;
}

static size_t ceil_div(size_t n, size_t d)
{
    return n / d + (n % d != 0);
}

size_t cs_grid_per_item(size_t carrier)
{
    return carrier <= 2 ? GRID_PER_SMALL : 1;
}

/* The generic kernels (rank > 4) walk dim 2 in each work-item, so that
 * their per-row divisions are paid once per walk, not once per row. */
int cs_grid_folded_from(int rank)
{
    return rank > 4 ? 3 : 2;
}

/* Their walk is cut into chunks of at most WALK_ROWS rows, balanced (28
 * rows: 4 chunks of 7; 9 rows: 2 of 5), each chunk a work-item of its
 * own: walking all of dim 2 launched too few work-items to hide the
 * memory's latency, one round trip per walked row (the rank-8 case of
 * the GPU memory model, docs/performance.md: 2.18x a copy walking 28
 * rows, latency-bound; 1.10x walking 7 or 4, memory-bound; 1.31x walking
 * 14).  8 rather than 4: the same model time with half the work-items,
 * and the fill of that case stays memory-bound (walking 4 made it
 * issue-bound, 0.83x rather than 0.80x).  Ranks up to 4 walk nothing:
 * one chunk. */
void cs_grid_walk(const cs_move *move, size_t *chunks, size_t *rows)
{
    size_t n = move->rank > 4 && move->count[2] > 0 ? (size_t)move->count[2]
                                                    : 1;
    uint64_t outer = 1;
    for (int k = 3; k < move->rank; k++)
        outer *= (uint64_t)move->count[k];
    *chunks = ceil_div(n, WALK_ROWS);
    /* The kernels split NDRange dim 2 by the chunks' magic number, which
     * needs its index in 32 bits; a launch too large for that has work-items
     * enough without the chunks, and walks all of dim 2 (no division). */
    if (outer * *chunks > (uint64_t)UINT32_MAX + 1)
        *chunks = 1;
    *rows = ceil_div(n, *chunks);
}

/* Extent of NDRange dim d: count[0] in work-items, count[1], then the
 * rest folded (above rank 4, times the chunks of dim 2's walk). */
void cs_grid_extents(const cs_move *move, size_t extent[3])
{
    size_t rows;
    extent[0] = ceil_div((size_t)move->count[0],
                         cs_grid_per_item(move->carrier));
    extent[1] = move->rank > 1 ? (size_t)move->count[1] : 1;
    cs_grid_walk(move, &extent[2], &rows);
    for (int k = cs_grid_folded_from(move->rank); k < move->rank; k++)
        extent[2] *= (size_t)move->count[k];
}

/* The fewest groups along an extent that a local size of at most `most`
 * allows, and the smallest local size covering the extent in that many:
 * the idle work-items of the dim are fewer than its groups. */
static size_t balanced(size_t extent, size_t most)
{
    size_t n = extent ? extent : 1;
    most = most ? most : 1;
    return ceil_div(n, ceil_div(n, most));
}

void cs_grid_fit(const size_t extent[3], size_t budget, size_t local[3])
{
    size_t left = budget ? budget : 1;
    for (int d = 0; d < 3; d++) {
        local[d] = balanced(extent[d], left);
        left /= local[d];
    }
}

void cs_grid_fixed(const size_t extent[3], size_t group, size_t local[3])
{
    local[0] = group;
    local[1] = local[2] = 1;
    if (extent[0] < SHORT_ROW && extent[1] > 1) {
        local[0] = SHORT_ROW_ITEMS;
        local[1] = group / SHORT_ROW_ITEMS;
    }
}

void cs_grid_shape(const cs_move *move, const size_t local[3],
                   cs_shape *shape)
{
    shape->work_dim = (cl_uint)(move->rank < 3 ? move->rank : 3);
    cs_grid_extents(move, shape->extent);
    for (int d = 0; d < 3; d++)
        shape->local[d] = local[d];
    shape->grid_stride = true;
}

/* Halves the largest local size until the group fits max_group. */
static void shrink_group(size_t *local, size_t max_group)
{
    size_t most = max_group ? max_group : 1;
    while (local[0] * local[1] * local[2] > most) {
        int big = 0;
        for (int d = 1; d < 3; d++)
            if (local[d] > local[big])
                big = d;
        local[big] /= 2;
    }
}

void cs_launch_fit(const cs_shape *shape, const cs_launch_limits *limits,
                   cs_launch *launch)
{
    size_t local[3];
    for (int d = 0; d < 3; d++) {
        bool used = d < (int)shape->work_dim;
        size_t l = used ? min_size(shape->local[d], limits->max_item[d]) : 1;
        local[d] = l ? l : 1;
    }
    shrink_group(local, limits->max_group);
    launch->work_dim = shape->work_dim;
    for (int d = 0; d < 3; d++) {
        size_t extent = shape->extent[d] ? shape->extent[d] : 1;
        size_t global = round_up(extent, local[d]);
        if (shape->grid_stride) {
            size_t groups = limits->max_groups ? limits->max_groups : 1;
            global = min_size(global, groups * local[d]);
        }
        launch->local[d] = local[d];
        launch->global[d] = global;
    }
}

