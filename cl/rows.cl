/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Row kernels for CPU devices (OpenCL C 1.2), serving gathers and
 * scatters: one work-item per row, the row a plain counted loop.
 *
 * Why rows on a CPU: a CPU driver (PoCL) runs a work-group as a loop over
 * its work-items and hands groups to threads, so what counts is that each
 * work-item does enough contiguous work for LLVM's loop vectorizer to
 * turn its loop into wide loads and stores.  A counted `for (i < n)` loop
 * over scalar carriers vectorizes; a grid-stride loop (unknown trip
 * count) or a vector carrier (uint4) does not, so these kernels have
 * neither: the host narrows contiguous moves to carriers of at most 4
 * bytes (cs_move_narrow) and sizes the NDRange to cover every row
 * exactly, with no cap.  On PoCL 3.1, 2 cores, row kernels reach 0.8-1.0x
 * a plain copy kernel where the element-per-work-item kernels reached 0.1-
 * 0.4x (dense bench cases; docs/design.md).  They would be wrong for a GPU:
 * neighbouring work-items would read addresses a whole row apart
 * (uncoalesced) - GPUs get cl/grid_gather.cl.
 *
 * The move (src/opencl/base/move.c): per dim, innermost first, a count and source and
 * destination strides in carriers.  A gather's destination is contiguous;
 * a scatter's is strided and its source may broadcast (stride 0).
 *
 * Build options:
 *   CS_INDEX64   1: 64-bit index math (ulong), 0: 32-bit (uint).  Unsigned
 *                arithmetic wraps, so negative strides travel as two's
 *                complement and every index comes out right as long as the
 *                final value fits the type (the host checks that).  Every
 *                source index is therefore formed absolutely, from the
 *                buffer's start, never as a relative offset: a 32-bit
 *                relative offset with a negative stride would be zero-
 *                extended into a huge positive one.
 *   CS_MAX_DIMS  size of the odometer's table.
 *   CS_LITTLE_ENDIAN  1 on little-endian devices: enables the stride-2
 *                kernels' double-width reads.
 */

/* cs_idx and CS_FOR: cl/common.cl. */

/* Rows (rank <= 3 moves; src/opencl/base/row_split.c): NDRange dim 0 is i1 (rounded up to
 * the group size, so checked), dim 1 is i2 (exact).  Row (i1, i2) has n0
 * carriers, except row i1 = n1 - 1, which has `last` (the tail of a long
 * row the host split into rows).  It reads from src_base + i1 * s1 +
 * i2 * s2 at stride st0 and writes to dst_base + i1 * d1 + i2 * d2 at
 * stride dt0: a gather's destination is contiguous (d1 = n0, dt0 = 1), a
 * scatter's is strided. */
/* cs_rows_table (src/opencl/base/kernel_tables.h, which the embedding
 * step puts in front of this file) travels by value: every member is
 * read at a fixed place. */

/* Odometer (rank >= 4, or short rows): each work-item copies `per_item`
 * consecutive rows (dims 1.. folded), finding its first row with one
 * division chain and stepping through the rest like an odometer.  Its
 * cs_odometer_table is read with run-time dims, so it comes in a constant
 * buffer: a struct argument indexed at run time is copied into every
 * work-item's private memory (and crashed Mesa's rusticl). */

/* ---- row copies: n carriers from source index a (stride st) to
 * destination index b (stride dt) ---------------------------------------
 * One counted loop, DST(i) = SRC(i), built from an accessor per side:
 *   C  stride +1: p[i];
 *   R  stride -1: *(p - i) (not p[-i]: i is unsigned);
 *   B  stride 0 (source only, a broadcast value): *p;
 *   G  any stride, the index formed absolutely; LLVM vectorizes it as a
 *      gather or scatter.
 * I is the loop index type (size_t where no index is formed, else
 * cs_idx, whose wrapping the absolute indices rely on). */
#define CS_AT_C(p, base, i, st) (p)[i]
#define CS_AT_R(p, base, i, st) (*((p) - (i)))
#define CS_AT_B(p, base, i, st) (*(p))
#define CS_AT_G(p, base, i, st) (p##_all)[(cs_idx)((base) + (i) * (st))]

#define CS_COPY(I, DST, SRC, T, a, b, n, st, dt)                            \
    {                                                                       \
        global const T *s_ = src + (a), *s__all = src;                      \
        global T *d_ = dst + (b), *d__all = dst;                            \
        for (I i = 0; i < (I)(n); i++)                                      \
            CS_AT_##DST(d_, b, i, dt) = CS_AT_##SRC(s_, a, i, st);          \
    }

/* Gathers: the destination contiguous. */
#define CS_COPY_C(T, T2, a, b, n, st, dt) CS_COPY(size_t, C, C, T, a, b, n, st, dt)
#define CS_COPY_R(T, T2, a, b, n, st, dt) CS_COPY(size_t, C, R, T, a, b, n, st, dt)
#define CS_COPY_G(T, T2, a, b, n, st, dt) CS_COPY(cs_idx, C, G, T, a, b, n, st, dt)
/* Scatters: source +1, 0 or any; destination +1, -1 or any. */
#define CS_COPY_CB(T, T2, a, b, n, st, dt) CS_COPY(size_t, C, B, T, a, b, n, st, dt)
#define CS_COPY_RC(T, T2, a, b, n, st, dt) CS_COPY(size_t, R, C, T, a, b, n, st, dt)
#define CS_COPY_RB(T, T2, a, b, n, st, dt) CS_COPY(size_t, R, B, T, a, b, n, st, dt)
#define CS_COPY_RG(T, T2, a, b, n, st, dt) CS_COPY(cs_idx, R, G, T, a, b, n, st, dt)
#define CS_COPY_GC(T, T2, a, b, n, st, dt) CS_COPY(cs_idx, G, C, T, a, b, n, st, dt)
#define CS_COPY_GB(T, T2, a, b, n, st, dt) CS_COPY(cs_idx, G, B, T, a, b, n, st, dt)
#define CS_COPY_GG(T, T2, a, b, n, st, dt) CS_COPY(cs_idx, G, G, T, a, b, n, st, dt)

/* Stride 2 through a type twice as wide (little-endian only): element i
 * is the low half of pair i when the row starts at an even carrier, the
 * high half of pair i (which starts one carrier earlier) when it starts at
 * an odd one.  LLVM turns each loop into wide loads and packs, where a
 * stride-2 gather would load lane by lane.  The two cases get loops of
 * their own so that the shift is a constant: a shift by a run-time amount
 * made PoCL 3.1 widen every lane to 32 bits first, and the u8 case ran
 * about 20% slower (docs/performance.md).  The one element whose pair
 * would reach outside the row (the last one when even, the first when
 * odd) is copied alone, so nothing outside the slice is read.  The
 * destination is contiguous (gathers only). */
#define CS_COPY_S2(T, T2, a, b, n, st, dt)                                  \
    {                                                                       \
        global T *d_ = dst + (b);                                           \
        cs_idx odd_ = (a) & 1;                                              \
        global const T2 *p_ = (global const T2 *)(src + ((a) - odd_));      \
        if (odd_) {                                                         \
            for (cs_idx i = 1; i < (n); i++)                                \
                d_[i] = (T)(p_[i] >> (8 * sizeof(T)));                      \
        } else {                                                            \
            for (cs_idx i = 0; i + 1 < (n); i++)                            \
                d_[i] = (T)p_[i];                                           \
        }                                                                   \
        cs_idx alone_ = odd_ ? 0 : (n) - 1;                                 \
        d_[alone_] = src[(cs_idx)((a) + 2 * alone_)];                       \
    }

#define CS_ARGS(T) global const T *restrict src, global T *restrict dst

/* ---- one work-item per row ------------------------------------------- */

#define CS_ROWS(NAME, COPY, T, T2, C)                                       \
kernel void cs_rows_##NAME##_c##C(CS_ARGS(T), cs_rows_table g)              \
{                                                                           \
    cs_idx i1 = (cs_idx)get_global_id(0), i2 = (cs_idx)get_global_id(1);    \
    if (i1 >= g.n1)                                                         \
        return;                                                             \
    cs_idx a = g.src_base + i1 * g.s1 + i2 * g.s2;                          \
    cs_idx b = g.dst_base + i1 * g.d1 + i2 * g.d2;                          \
    cs_idx n = i1 == g.n1 - 1 ? g.last : g.n0;                              \
    COPY(T, T2, a, b, n, g.st0, g.dt0)                                      \
}

/* ---- odometer ------------------------------------------------------------
 * Rows r in [first, end) of the folded dims 1..rank-1; the loop runs
 * along dim 1 (i1) and steps dims 2.. between runs, so a short row costs
 * an add, not a division.  The index arithmetic is in the functions
 * below; the kernel keeps only its carrier's copy loop. */

/* The end of the rows that start at row r: per_item of them, or the
 * rest. */
static inline cs_idx cs_odo_end(constant cs_odometer_table *t, cs_idx r)
{
    return t->rows - r > t->per_item ? r + t->per_item : t->rows;
}

/* Row r: its index along dim 1 (returned), the indices of dims 2.. in
 * idx, and in *s and *e the source and destination indices where its
 * run of dim 1 starts (dims 0 and 1 at 0): one division chain.  The
 * remainder is formed from the quotient, not with %: written as r % n1
 * in here, clang 15 kept a second 64-bit division on AMD GPUs (about
 * 120 more instructions, tests/gpu_gate). */
static inline cs_idx cs_odo_seek(constant cs_odometer_table *t, cs_idx r,
                                 cs_idx *idx, cs_idx *s, cs_idx *e)
{
    cs_idx n1 = t->count[1], rest = r / n1, i1 = r - rest * n1;
    *s = t->src_base;
    *e = t->dst_base;
    for (cs_idx k = 2; k < t->rank; k++) {
        cs_idx q = rest / t->count[k];
        idx[k] = rest - q * t->count[k];
        *s += idx[k] * t->stride[k];
        *e += idx[k] * t->dst_stride[k];
        rest = q;
    }
    return i1;
}

/* From one run of dim 1 to the next: dims 2.. stepped like an odometer,
 * innermost first. */
static inline void cs_odo_next(constant cs_odometer_table *t, cs_idx *idx,
                               cs_idx *s, cs_idx *e)
{
    for (cs_idx k = 2; k < t->rank; k++) {
        *s += t->stride[k];
        *e += t->dst_stride[k];
        if (++idx[k] < t->count[k])
            return;
        idx[k] = 0;
        *s -= t->count[k] * t->stride[k];
        *e -= t->count[k] * t->dst_stride[k];
    }
}

#define CS_ODOMETER(NAME, COPY, T, T2, C)                                   \
kernel void cs_odo_##NAME##_c##C(CS_ARGS(T),                                \
                                 constant cs_odometer_table *restrict t)    \
{                                                                           \
    cs_idx item = (cs_idx)get_global_id(0);                                 \
    if (item >= t->items)                                                   \
        return;                                                             \
    cs_idx r = item * t->per_item, end = cs_odo_end(t, r);                  \
    cs_idx idx[CS_MAX_DIMS], s, e;                                          \
    cs_idx i1 = cs_odo_seek(t, r, idx, &s, &e);                             \
    cs_idx n0 = t->count[0], n1 = t->count[1];                              \
    cs_idx s1 = t->stride[1], d1 = t->dst_stride[1];                        \
    while (r < end) {                                                       \
        cs_idx run = cs_idx_min(end - r, n1 - i1);                          \
        cs_idx a = s + i1 * s1, b = e + i1 * d1;                            \
        for (cs_idx j = 0; j < run; j++) {                                  \
            COPY(T, T2, a, b, n0, t->stride[0], t->dst_stride[0])           \
            a += s1;                                                        \
            b += d1;                                                        \
        }                                                                   \
        r += run;                                                           \
        i1 = 0;                                                             \
        cs_odo_next(t, idx, &s, &e);                                        \
    }                                                                       \
}

/* Gathers by the innermost source stride: r (-1) and g (any) for every
 * carrier; c (+1) and s2 (2, little-endian only) for the scalar carriers
 * alone, since the host narrows contiguous rows to them (uint4 has no
 * scalar of its size; it only moves strided 16-byte elements).  T2 is the
 * double-width type the stride-2 kernels read. */
#define CS_STRIDED(T, C)                                                    \
    CS_ROWS(r, CS_COPY_R, T, T, C)                                          \
    CS_ROWS(g, CS_COPY_G, T, T, C)                                          \
    CS_ODOMETER(g, CS_COPY_G, T, T, C)

#if CS_LITTLE_ENDIAN
#define CS_STRIDE2(T, T2, C) CS_ROWS(s2, CS_COPY_S2, T, T2, C)
#else
#define CS_STRIDE2(T, T2, C)
#endif

#define CS_SCALAR(T, T2, C)                                                 \
    CS_ROWS(c, CS_COPY_C, T, T, C)                                          \
    CS_ODOMETER(c, CS_COPY_C, T, T, C)                                      \
    CS_STRIDE2(T, T2, C)

/* Scatters by the destination's, then the source's innermost stride, for
 * every carrier (a broadcast element may be 8 or 16 bytes). */
#define CS_SCATTER_ROWS(NAME, COPY, T, C)                                   \
    CS_ROWS(NAME, COPY, T, T, C)                                            \
    CS_ODOMETER(NAME, COPY, T, T, C)

#define CS_SCATTERS(T, C)                                                   \
    CS_SCATTER_ROWS(cb, CS_COPY_CB, T, C)                                   \
    CS_SCATTER_ROWS(rc, CS_COPY_RC, T, C)                                   \
    CS_SCATTER_ROWS(rb, CS_COPY_RB, T, C)                                   \
    CS_SCATTER_ROWS(rg, CS_COPY_RG, T, C)                                   \
    CS_SCATTER_ROWS(gc, CS_COPY_GC, T, C)                                   \
    CS_SCATTER_ROWS(gb, CS_COPY_GB, T, C)                                   \
    CS_SCATTER_ROWS(gg, CS_COPY_GG, T, C)

#define CS_ANY_CARRIER(T, C)                                                \
    CS_STRIDED(T, C)                                                        \
    CS_SCATTERS(T, C)

CS_CARRIERS(CS_ANY_CARRIER, ulong)

/* The scalar carriers and their double-width types. */
CS_SCALAR(uchar, ushort, 1)
CS_SCALAR(ushort, uint, 2)
CS_SCALAR(uint, ulong, 4)
