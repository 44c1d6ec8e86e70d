/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer base: a layout expressed as a move in carrier units, the CPU
 * family's split of a move into rows, and launch geometry.  Pure
 * arithmetic, no OpenCL calls: tests check it without a device.
 */
#ifndef CLSLICE_OPENCL_BASE_MOVE_H
#define CLSLICE_OPENCL_BASE_MOVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clslice_cl.h"

/* ---- the move: a layout in carrier units (move.c) ----------------------- */

/* A simplified layout has at most CLSLICE_MAX_RANK dims; the bytes of an
 * element may add one more. */
#define CS_MAX_DIMS (CLSLICE_MAX_RANK + 1)

typedef struct cs_move {
    int rank;         /* >= 1 (a single carrier is rank 1, count 1) */
    size_t carrier;   /* bytes per carrier: 1, 2, 4, 8 or 16 */
    int64_t src_base; /* carrier index in src of the first carrier moved */
    int64_t dst_base; /* carrier index in dst of the first carrier written */
    int64_t elements; /* carriers written */
    /* Innermost dimension first: count, and source and destination
     * strides in carriers (negative for reversed dims, 0 in the source
     * where a value broadcasts).  A gather's destination strides are
     * those of a contiguous output; its kernels do not read them. */
    int64_t count[CS_MAX_DIMS];
    int64_t stride[CS_MAX_DIMS];
    int64_t dst_stride[CS_MAX_DIMS];
} cs_move;

/* Turns a simplified, non-empty layout of elem_size-byte elements, read
 * from byte src_offset of src and written from byte dst_offset of dst
 * (the layout's offset and dst_offset added), into the move with the
 * widest carrier that every base, stride and the innermost run contiguous
 * on both sides allow. */
void cs_move_build(const clslice_layout *layout, size_t elem_size,
                   size_t src_offset, size_t dst_offset, cs_move *move);

/* Largest carrier index the move reads from src. */
int64_t cs_move_src_max(const cs_move *move);

/* Largest carrier index the move writes in dst. */
int64_t cs_move_dst_max(const cs_move *move);

/* Narrows a move whose innermost dim is contiguous (stride 1) to a
 * carrier of at most max_carrier bytes: the row gets longer, every other
 * stride and both bases scale.  A move with a strided innermost dim keeps
 * its carrier (narrowing it would add a dim of tiny rows).  The CPU
 * family wants scalar carriers in its loops (cl/rows.cl). */
void cs_move_narrow(cs_move *move, size_t max_carrier);

/* Re-expresses a move in a narrower carrier that divides its own, whatever
 * its innermost stride: a contiguous innermost run gets longer
 * (cs_move_narrow), a strided one gains an innermost dim of carrier / to
 * carriers at stride 1.  Many moves in one launch share one carrier so. */
void cs_move_recarrier(cs_move *move, size_t to);

/* The widest carrier, at most `most` bytes (a power of two), that divides
 * every value whose bits are or-ed into `values`: an element size and the
 * offsets a kernel reads and writes at, say.  A power of two divides each
 * value exactly when it divides their bitwise or. */
size_t cs_widest_carrier(size_t most, uint64_t values);

/* ---- launch geometry (launch.c) ----------------------------------------- */

typedef struct cs_launch {
    cl_uint work_dim;
    size_t global[3];
    size_t local[3];
} cs_launch;

/* Device and kernel limits that bound a launch. */
typedef struct cs_launch_limits {
    size_t max_group;    /* work-items per group (kernel and device) */
    size_t max_item[3];  /* CL_DEVICE_MAX_WORK_ITEM_SIZES */
    size_t max_groups;   /* grid-stride kernels: work-groups per NDRange
                          * dim before they loop */
} cs_launch_limits;

/* The NDRange a kernel wants, before the limits of a device: work-items
 * needed per dim, and the preferred local size (powers of two). */
typedef struct cs_shape {
    cl_uint work_dim;
    size_t extent[3];
    size_t local[3];
    bool grid_stride; /* the kernel loops, so the grid may be capped */
} cs_shape;

/* Fits `shape` to the limits: local sizes shrink (halving) until the
 * device and kernel accept them, global sizes round up to a multiple of
 * them, and a grid-stride kernel's grid is capped at max_groups groups
 * per dim. */
void cs_launch_fit(const cs_shape *shape, const cs_launch_limits *limits,
                   cs_launch *launch);

/* The element grids (cl/grid_gather.cl, cl/grid_scatter.cl): NDRange
 * dim 0 covers count[0], cs_grid_per_item carriers per work-item (four
 * for 1- and 2-byte carriers, else one), dim 1 count[1], dim 2 the
 * product of the dims from cs_grid_folded_from(rank) up: above rank 4
 * each work-item walks at most `rows` rows of dim 2 itself, and dim 2
 * also counts the `chunks` that cs_grid_walk cuts dim 2 into. */
size_t cs_grid_per_item(size_t carrier);
int cs_grid_folded_from(int rank);
void cs_grid_walk(const cs_move *move, size_t *chunks, size_t *rows);
void cs_grid_extents(const cs_move *move, size_t extent[3]);

/* A group of at most `budget` work-items fitted to `extent`, dim by dim
 * from the innermost: the fewest groups the budget left allows along the
 * dim, and the smallest local size covering it in that many.  A row of
 * 247 work-items gets 247, a row of 300 two groups of 150, rows of 62
 * groups of 62 x 4; fewer than one idle work-item per group and dim. */
void cs_grid_fit(const size_t extent[3], size_t budget, size_t local[3]);

/* The fixed shapes of devices that compile a kernel again per local size
 * (PoCL): `group` items along dim 0, or 8 x group / 8 when rows shorter
 * than 32 items share a group. */
void cs_grid_fixed(const size_t extent[3], size_t group, size_t local[3]);

/* The element grid's NDRange for `move` in groups of `local`. */
void cs_grid_shape(const cs_move *move, const size_t local[3],
                   cs_shape *shape);

/* ---- the CPU family's work split (row_split.c) -------------------------- */

/* A rank <= 3 move as rows (one work-item each, cl/rows.cl): row
 * (i1, i2) reads n0 carriers from src_base + i1 * s1 + i2 * s2 at stride
 * st0 and writes them at dst_base + i1 * d1 + i2 * d2 at stride dt0 (a
 * gather: d1 = n0, dt0 = 1); the row i1 = n1 - 1 holds `last` carriers
 * (the tail of a split row), every other n0. */
typedef struct cs_rows {
    int64_t src_base, dst_base;
    int64_t n0, st0, dt0;
    int64_t n1, s1, d1;
    int64_t n2, s2, d2;
    int64_t last;
    bool split; /* a long innermost dim was cut into rows */
} cs_rows;

/* Rows of a rank <= 3 move; a rank <= 2 move whose rows are longer than
 * `split` carriers gets them cut into chunks of split / 2 (a split run
 * keeps every core of a CPU busy; a one-row move would use one). */
void cs_rows_build(const cs_move *move, int64_t split, cs_rows *rows);

/* Rows per work-item for the odometer kernels: about 4 KB of output each,
 * but never so many that fewer than 4 work-items per compute unit are
 * left. */
int64_t cs_odometer_rows(const cs_move *move, cl_uint compute_units);

#endif
