/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Copies through a blocked axis (OpenCL C 1.2): gathers and scatters
 * between tensors of which one or both store an axis in blocks of lanes
 * (NC4HW4, PHWC4, fsv16, ...), where the host could not make the layout
 * affine (src/core/layout/lanes_simplify.c says when it can).
 *
 * The move is the dense kernels' (per dim, innermost first, a count and
 * source and destination strides in carriers), but each side may address
 * one dim through a lane map instead of a stride: index j of that dim is
 * lane x = start + j * step, at carrier
 *     (x / block) * block_stride + (x % block) * lane_stride.
 * The block is a power of two in every engine (4, 8, 16, 32), so the host
 * passes its shift and the division is a shift; any other block divides.
 * Destination indices outside [lo, hi) of the dst map's dim are a gather's
 * padding lanes: they get zeros and read nothing.  Distinct coordinates
 * address distinct destination carriers, so work-items never race.
 *
 * Two forms, as the dense families:
 *   cs_blocked_rows_c*  CPU devices: a work-item per run of `per_item`
 *                       rows (dims 1.. folded), a division chain per row,
 *                       counted loops over the innermost dim (a plain
 *                       copy where no lane map touches it);
 *   cs_blocked_grid_c*  every other device: NDRange dim 0 walks the
 *                       innermost dim, dim 1 the folded rows, both
 *                       grid-stride, so consecutive work-items take
 *                       consecutive carriers.
 *
 * Build options: CS_INDEX64 (cl/common.cl), CS_MAX_DIMS (table size).
 * Every index is formed from the buffer's start in unsigned arithmetic
 * that wraps, so negative strides and starts travel as two's complement.
 */

/* cs_idx, CS_FOR and CS_CARRIERS: cl/common.cl. */

#define CS_NO_DIM ((cs_idx)~(cs_idx)0)

/* The table, cs_lanes_table with a cs_lane_map per side
 * (src/opencl/base/kernel_tables.h, which the embedding step puts in
 * front of this file): a side without a map has dim CS_NO_DIM, a block
 * that is not a power of two shift CS_NO_DIM.  The kernels read it with
 * run-time dims, so it comes in a constant buffer: a struct argument
 * indexed at run time is copied into every work-item's private memory
 * (and crashed Mesa's rusticl). */

/* The carrier of lane map m at index j, relative to its side's base. */
static cs_idx cs_lane_at(constant cs_lane_map *m, cs_idx j)
{
    cs_idx x = m->start + j * m->step;
    cs_idx q = m->shift != CS_NO_DIM ? x >> m->shift : x / m->block;
    return q * m->block_stride + (x - q * m->block) * m->lane_stride;
}

/* Where row r (dims 1.. folded, dim 1 fastest) starts on each side, and
 * whether the whole row is padding (the dst map's dim is one of them). */
typedef struct cs_row_start {
    cs_idx src, dst;
    bool pad;
} cs_row_start;

static cs_row_start cs_row_of(constant cs_lanes_table *t, cs_idx r)
{
    cs_row_start at = {t->src_base, t->dst_base, false};
    cs_idx rest = r;
    for (cs_idx k = 1; k < t->rank; k++) {
        cs_idx q = rest / t->count[k];
        cs_idx j = rest - q * t->count[k];
        rest = q;
        at.src += j * t->stride[k];
        at.dst += j * t->dst_stride[k];
        if (k == t->src.dim)
            at.src += cs_lane_at(&t->src, j);
        if (k == t->dst.dim) {
            at.dst += cs_lane_at(&t->dst, j);
            at.pad = j < t->lo || j >= t->hi;
        }
    }
    return at;
}

/* Element i0 of a row whose innermost dim a lane map touches. */
#define CS_LANES_ONE(T, t, at, i0)                                          \
    {                                                                       \
        bool dmap_ = t->dst.dim == 0, smap_ = t->src.dim == 0;              \
        cs_idx d_ = at.dst + (dmap_ ? cs_lane_at(&t->dst, i0)               \
                                    : i0 * t->dst_stride[0]);               \
        bool pad_ = at.pad || (dmap_ && (i0 < t->lo || i0 >= t->hi));       \
        if (pad_)                                                           \
            dst[d_] = (T)0;                                                 \
        else                                                                \
            dst[d_] = src[at.src + (smap_ ? cs_lane_at(&t->src, i0)         \
                                          : i0 * t->stride[0])];            \
    }

/* ---- CPU rows --------------------------------------------------------- */

/* A whole row: counted loops, the common ones (contiguous, or any
 * strides) free of lane arithmetic so that they vectorize. */
#define CS_LANES_ROW(T, t, at)                                              \
    {                                                                       \
        cs_idx n_ = t->count[0], st_ = t->stride[0], dt_ = t->dst_stride[0]; \
        if (t->src.dim == 0 || t->dst.dim == 0) {                           \
            for (cs_idx i = 0; i < n_; i++)                                 \
                CS_LANES_ONE(T, t, at, i)                                   \
        } else if (at.pad) {                                                \
            for (cs_idx i = 0; i < n_; i++)                                 \
                dst[(cs_idx)(at.dst + i * dt_)] = (T)0;                     \
        } else if (st_ == 1 && dt_ == 1) {                                  \
            global const T *s_ = src + at.src;                              \
            global T *d_ = dst + at.dst;                                    \
            for (size_t i = 0; i < (size_t)n_; i++)                         \
                d_[i] = s_[i];                                              \
        } else {                                                            \
            for (cs_idx i = 0; i < n_; i++)                                 \
                dst[(cs_idx)(at.dst + i * dt_)] =                           \
                    src[(cs_idx)(at.src + i * st_)];                        \
        }                                                                   \
    }

#define CS_BLOCKED_ROWS(T, C)                                               \
kernel void cs_blocked_rows_c##C(global const T *restrict src,              \
                                 global T *restrict dst,                    \
                                 constant cs_lanes_table *restrict t)       \
{                                                                           \
    cs_idx item = (cs_idx)get_global_id(0);                                 \
    if (item >= t->items)                                                   \
        return;                                                             \
    cs_idx r = item * t->per_item;                                          \
    cs_idx end = t->rows - r > t->per_item ? r + t->per_item : t->rows;     \
    for (; r < end; r++) {                                                  \
        cs_row_start at = cs_row_of(t, r);                                  \
        CS_LANES_ROW(T, t, at)                                              \
    }                                                                       \
}

/* ---- element grid ----------------------------------------------------- */

#define CS_BLOCKED_GRID(T, C)                                               \
kernel void cs_blocked_grid_c##C(global const T *restrict src,              \
                                 global T *restrict dst,                    \
                                 constant cs_lanes_table *restrict t)       \
{                                                                           \
    CS_FOR(r, 1, t->rows) {                                                 \
        cs_row_start at = cs_row_of(t, r);                                  \
        CS_FOR(i0, 0, t->count[0])                                          \
            CS_LANES_ONE(T, t, at, i0)                                      \
    }                                                                       \
}

#define CS_BLOCKED(T, C)                                                    \
    CS_BLOCKED_ROWS(T, C)                                                   \
    CS_BLOCKED_GRID(T, C)

CS_CARRIERS(CS_BLOCKED, ulong)
