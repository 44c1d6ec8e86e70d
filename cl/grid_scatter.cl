/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Strided scatter and fill kernels (OpenCL C 1.2): writing into a slice.
 *
 * The same "move" as cl/grid_gather.cl (a rank, and per dimension, innermost
 * first, a count and strides in carrier units), except that the
 * destination is strided too: a scatter writes a value tensor into the
 * slice of a larger tensor, so both sides have their own strides.  A
 * source stride of 0 repeats a source carrier (a broadcast value).
 * Distinct coordinates always address distinct destination carriers (a
 * slice never visits an element twice), so work-items never race.
 *
 * Two families share every loop:
 *   cs_scatter_*  read the source from a global buffer;
 *   cs_fill_*     read it from one element in a constant buffer the host
 *                 makes for the launch (CS_FILL_BYTES; the source index
 *                 is the carrier within the element), so a fill needs
 *                 no buffer of the caller's.
 *
 * Build options (as cl/grid_gather.cl):
 *   CS_INDEX64   1: 64-bit index math (ulong), 0: 32-bit (uint).  Unsigned
 *                arithmetic wraps, so negative strides travel as two's
 *                complement and every index comes out right as long as the
 *                final value fits the type (the host checks that).
 *   CS_MAX_DIMS  size of the generic kernels' tables.
 *   CS_FILL_BYTES  size of a fill's element buffer (the host's
 *                CLSLICE_FILL_INLINE_MAX).
 *   CS_MAGIC_DIMS  folded dims whose divisor has a magic number in the
 *                generic tables.
 *   CS_LITTLE_ENDIAN  1 on little-endian devices (wide stores).
 *
 * NDRange dim 0 walks the innermost dim (four carriers per work-item for
 * 1- and 2-byte carriers, CS_GRID_PER_<C>), dim 1 the next, dim 2 the
 * rest (folded, unfolded by magic-number division as in
 * cl/grid_gather.cl; above rank 4 with the chunks of dim 2 that each
 * work-item walks); work-items past the extents leave before any index
 * arithmetic, and each dim is a grid-stride loop, so the host may cap
 * the grid.
 */

/* cs_idx, CS_FOR, CS_DIVIDE, CS_GRID_*: cl/common.cl. */

/* The tables (src/opencl/base/kernel_tables.h, which the embedding step
 * puts in front of this file): every kernel takes a cs_grid_table4 t by
 * value, dims 0-3, read at constant indices only; the generic kernels
 * also read cs_grid_tablen with run-time dims, so they take that from a
 * constant buffer (tp), as every fill takes its element (read at a
 * run-time carrier index): a struct argument indexed at run time is
 * copied into every work-item's private memory.  The innermost dims stay
 * arguments, which a GPU reads as operands, rather than loads that would
 * each hold a register through the row loops. */

/* One innermost row: count[0] carriers from source index s to destination
 * index d.  LOAD(i) reads source carrier i. */
#define CS_ROW_ONE(t, LOAD, s, d)                                           \
    CS_FOR(i0, 0, t.count[0])                                               \
        dst[(d) + i0 * t.dst_stride[0]] = LOAD((s) + i0 * t.stride[0])

/* Four carriers per work-item.  Into a contiguous destination row, four
 * consecutive ones: a whole group of four at an aligned index is one
 * store of a word.  Into a strided one, where no store can be wide, a group's
 * work-items interleave (work-item l of L takes l, l + L, l + 2L, l + 3L
 * of the group's 4L), so that each store instruction's lanes still touch
 * neighbouring carriers.  STOP 1 leaves a work-item's four at the row's
 * end, 0 tests each: the generic kernels need the first (sm_90: 32
 * registers rather than 39), the fixed-rank ones the second (Intel pvc,
 * 64-bit: the first spilled in cs_scatter_r3_c1/c2). */
#define CS_ROW_WIDE(t, C, LOAD, s, d, STOP)                                 \
    if (t.dst_stride[0] == 1) {                                             \
        CS_FOR(j0, 0, t.count[0] / 4 + (t.count[0] % 4 != 0)) {             \
            cs_idx i0 = j0 * 4, st = t.stride[0];                           \
            cs_idx from = (s) + i0 * st, at = (d) + i0;                     \
            if (CS_LITTLE_ENDIAN && t.count[0] - i0 >= 4 && (at & 3) == 0) { \
                *(global CS_GRID_WORD_##C *)(dst + at) = CS_GRID_PACK_##C(  \
                    LOAD(from), LOAD(from + st), LOAD(from + 2 * st),       \
                    LOAD(from + 3 * st));                                   \
            } else {                                                        \
                for (cs_idx k = 0; k < 4 && i0 + k < t.count[0]; k++)       \
                    dst[at + k] = LOAD(from + k * st);                      \
            }                                                               \
        }                                                                   \
    } else {                                                                \
        cs_idx l = (cs_idx)get_local_id(0), size = get_local_size(0);       \
        cs_idx step = (cs_idx)get_global_size(0);                           \
        for (cs_idx g = ((cs_idx)get_global_id(0) - l) * 4;                 \
             g < t.count[0];                                                \
             g = (t.count[0] - g - 1) / 4 >= step ? g + 4 * step            \
                                                  : t.count[0])             \
            for (cs_idx k = 0, off = l;                                     \
                 k < 4 && (!(STOP) || off < t.count[0] - g);                \
                 k++, off += size)                                          \
                if ((STOP) || off < t.count[0] - g)                         \
                    dst[(d) + (g + off) * t.dst_stride[0]] =                \
                        LOAD((s) + (g + off) * t.stride[0]);                \
    }

#define CS_ROW_1(t, LOAD, s, d) CS_ROW_WIDE(t, 1, LOAD, s, d, 0)
#define CS_ROW_2(t, LOAD, s, d) CS_ROW_WIDE(t, 2, LOAD, s, d, 0)
#define CS_ROW_4(t, LOAD, s, d) CS_ROW_ONE(t, LOAD, s, d)
#define CS_ROW_8(t, LOAD, s, d) CS_ROW_ONE(t, LOAD, s, d)
#define CS_ROW_16(t, LOAD, s, d) CS_ROW_ONE(t, LOAD, s, d)
/* The generic kernels' rows. */
#define CS_ROW_RN_1(t, LOAD, s, d) CS_ROW_WIDE(t, 1, LOAD, s, d, 1)
#define CS_ROW_RN_2(t, LOAD, s, d) CS_ROW_WIDE(t, 2, LOAD, s, d, 1)
#define CS_ROW_RN_4 CS_ROW_4
#define CS_ROW_RN_8 CS_ROW_8
#define CS_ROW_RN_16 CS_ROW_16

/* Work-items past the row or the next dim do nothing: they leave before
 * any index arithmetic.  Along the row that is decided per work-item for
 * one carrier per work-item, per group for four (the interleaved rows
 * give the group's last work-items carriers too). */
#define CS_PAST_ROW_ITEM(n) ((cs_idx)get_global_id(0) >= (n))
#define CS_PAST_ROW_GROUP(n)                                                \
    (((cs_idx)get_global_id(0) - (cs_idx)get_local_id(0)) * 4 >= (n))
#define CS_PAST_ROW_1 CS_PAST_ROW_GROUP
#define CS_PAST_ROW_2 CS_PAST_ROW_GROUP
#define CS_PAST_ROW_4 CS_PAST_ROW_ITEM
#define CS_PAST_ROW_8 CS_PAST_ROW_ITEM
#define CS_PAST_ROW_16 CS_PAST_ROW_ITEM
#define CS_IDLE(t, C)                                                       \
    (CS_PAST_ROW_##C(t.count[0]) || (cs_idx)get_global_id(1) >= t.count[1])

/* The loop nests, one per rank variant, shared by both families. */
#define CS_BODY_r1(t, C, LOAD)                                              \
    if (CS_PAST_ROW_##C(t.count[0]))                                        \
        return;                                                             \
    CS_ROW_##C(t, LOAD, src_base, dst_base);

#define CS_BODY_r2(t, C, LOAD)                                              \
    if (CS_IDLE(t, C))                                                      \
        return;                                                             \
    CS_FOR(i1, 1, t.count[1]) {                                             \
        cs_idx s = src_base + i1 * t.stride[1];                             \
        cs_idx d = dst_base + i1 * t.dst_stride[1];                         \
        CS_ROW_##C(t, LOAD, s, d);                                          \
    }

#define CS_BODY_r3(t, C, LOAD)                                              \
    if (CS_IDLE(t, C) || (cs_idx)get_global_id(2) >= t.count[2])            \
        return;                                                             \
    CS_FOR(i2, 2, t.count[2])                                               \
    CS_FOR(i1, 1, t.count[1]) {                                             \
        cs_idx s = src_base + i2 * t.stride[2] + i1 * t.stride[1];          \
        cs_idx d = dst_base + i2 * t.dst_stride[2] + i1 * t.dst_stride[1];  \
        CS_ROW_##C(t, LOAD, s, d);                                          \
    }

/* Rank 4: dims 2 and 3 share NDRange dim 2, split by one magic-number
 * division per row. */
#define CS_BODY_r4(t, C, LOAD)                                              \
    cs_idx outer = t.count[2] * t.count[3];                                 \
    if (CS_IDLE(t, C) || (cs_idx)get_global_id(2) >= outer)                 \
        return;                                                             \
    CS_FOR(i2, 2, outer) {                                                  \
        cs_idx hi = CS_DIVIDE(i2, t.count[2], t.magic, t.shift);            \
        cs_idx lo = i2 - hi * t.count[2];                                   \
        cs_idx s2 = src_base + hi * t.stride[3] + lo * t.stride[2];         \
        cs_idx d2 = dst_base + hi * t.dst_stride[3] + lo * t.dst_stride[2]; \
        CS_FOR(i1, 1, t.count[1]) {                                         \
            cs_idx s = s2 + i1 * t.stride[1];                               \
            cs_idx d = d2 + i1 * t.dst_stride[1];                           \
            CS_ROW_##C(t, LOAD, s, d);                                      \
        }                                                                   \
    }

/* Any rank >= 5: dims 3..rank-1 folded into NDRange dim 2 with the
 * chunks of dim 2 (CS_WALK), each folded row's indices found by one
 * division per dim but the last, by magic number for the first
 * CS_MAGIC_DIMS of them; each work-item walks its chunk of at most
 * tp->walk rows of dim 2 from there, as cl/grid_gather.cl's generic
 * kernel does. */
#define CS_BODY_rn(t, C, LOAD)                                              \
    cs_idx items = tp->outer * tp->chunks;                                  \
    if (CS_IDLE(t, C) || (cs_idx)get_global_id(2) >= items)                 \
        return;                                                             \
    CS_FOR(i3, 2, items) {                                                  \
        CS_WALK(tp, i3, t.count[2], fold, first, stop);                     \
        cs_idx rest = fold, s3 = src_base, d3 = dst_base, k = 3;            \
        for (; k + 1 < tp->rank; k++) {                                     \
            cs_idx m = k - 3;                                               \
            cs_idx q = m < CS_MAGIC_DIMS                                    \
                           ? CS_DIVIDE(rest, tp->count[k], tp->magic[m],    \
                                       tp->shift[m])                        \
                           : rest / tp->count[k];                           \
            cs_idx at = rest - q * tp->count[k];                            \
            s3 += at * tp->stride[k];                                       \
            d3 += at * tp->dst_stride[k];                                   \
            rest = q;                                                       \
        }                                                                   \
        s3 += rest * tp->stride[k];                                         \
        d3 += rest * tp->dst_stride[k];                                     \
        for (cs_idx i2 = first; i2 < stop; i2++) {                          \
            cs_idx s2 = s3 + i2 * t.stride[2];                              \
            cs_idx d2 = d3 + i2 * t.dst_stride[2];                          \
            CS_FOR(i1, 1, t.count[1]) {                                     \
                cs_idx s = s2 + i1 * t.stride[1];                           \
                cs_idx d = d2 + i1 * t.dst_stride[1];                       \
                CS_ROW_RN_##C(t, LOAD, s, d);                               \
            }                                                               \
        }                                                                   \
    }

#define CS_LOAD_SRC(i) src[i]
#define CS_LOAD_ELEMENT(i) element[i]

/* TABLE: the table argument; t: how the loops name it. */
#define CS_SCATTER(T, C, R, TABLE, t)                                       \
kernel void cs_scatter_##R##_c##C(global const T *restrict src,             \
                                  global T *restrict dst, cs_idx src_base,  \
                                  cs_idx dst_base, TABLE)                   \
{                                                                           \
    CS_BODY_##R(t, C, CS_LOAD_SRC)                                          \
}

/* A fill's source index starts at carrier 0 of the element. */
#define CS_FILL(T, C, R, TABLE, t)                                          \
kernel void cs_fill_##R##_c##C(global T *restrict dst, cs_idx dst_base,     \
                               constant T *restrict element, TABLE)         \
{                                                                           \
    const cs_idx src_base = 0;                                              \
    CS_BODY_##R(t, C, CS_LOAD_ELEMENT)                                      \
}

#define CS_SMALL cs_grid_table4 t
#define CS_ANY cs_grid_table4 t, constant cs_grid_tablen *restrict tp

#define CS_KERNELS(T, C)                                                    \
    CS_SCATTER(T, C, r1, CS_SMALL, t)                                       \
    CS_SCATTER(T, C, r2, CS_SMALL, t)                                       \
    CS_SCATTER(T, C, r3, CS_SMALL, t)                                       \
    CS_SCATTER(T, C, r4, CS_SMALL, t)                                       \
    CS_SCATTER(T, C, rn, CS_ANY, t)                                         \
    CS_FILL(T, C, r1, CS_SMALL, t)                                          \
    CS_FILL(T, C, r2, CS_SMALL, t)                                          \
    CS_FILL(T, C, r3, CS_SMALL, t)                                          \
    CS_FILL(T, C, r4, CS_SMALL, t)                                          \
    CS_FILL(T, C, rn, CS_ANY, t)

CS_CARRIERS(CS_KERNELS, uint2)
