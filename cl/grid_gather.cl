/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Gather kernels for GPUs and every other non-CPU device (OpenCL C 1.2):
 * one work-item per output carrier, four per work-item for 1- and 2-byte
 * carriers (CS_GRID_PER_<C>, cl/common.cl).
 *
 * Why elements on a GPU: consecutive work-items of a group run in
 * lockstep (warps, wavefronts), so when work-item i writes output i and
 * reads input base + i * stride[0], a group's accesses coalesce into a
 * few wide memory transactions; that, not per-thread work, is what makes
 * a GPU copy fast.  The host sizes each group to the move's extents
 * (cs_grid_fit: a row of 62 carriers gets groups of 62 x 4, not 256 x 1
 * of which a quarter idles) and keeps the widest carrier (uint4: 16-byte
 * accesses).  The same kernels on a CPU driver leave each work-item too
 * little work to vectorize (0.1-0.4x a plain copy on PoCL), so CPUs get
 * cl/rows.cl instead.
 *
 * The host turns every slice into a "move" in carrier units: a rank, and
 * per dimension (innermost first) a count and a signed source stride; the
 * destination is always contiguous.  A slice never looks at values, so
 * each kernel moves same-size carriers (uchar .. uint4) and one family
 * serves every element size.
 *
 * Build options:
 *   CS_INDEX64   1: 64-bit index math (ulong), 0: 32-bit (uint).  Unsigned
 *                arithmetic wraps, so negative strides travel as two's
 *                complement and every index comes out right as long as the
 *                final value fits the type (the host checks that).
 *   CS_MAX_DIMS  size of the generic kernel's table.
 *   CS_MAGIC_DIMS  folded dims whose divisor has a magic number there.
 *   CS_LITTLE_ENDIAN  1 on little-endian devices (wide stores).
 *
 * NDRange dim 0 walks the innermost output dim, dim 1 the next, dim 2 the
 * rest, folded (above rank 4: the dims past dim 2, and the chunks of
 * at most a few rows of dim 2 that each work-item walks, CS_WALK),
 * and unfolded with a magic-number division per folded dim but the last
 * (CS_DIVIDE).  Every kernel first drops the work-items past
 * the extents (groups are rounded up), before any index arithmetic.  Each
 * dim is a grid-stride loop that normally runs once; it loops only where
 * the host capped the grid (some devices limit work-groups per dim),
 * which costs a GPU a compare per element.
 */

/* cs_idx, CS_FOR, CS_DIVIDE, CS_GRID_*: cl/common.cl. */

/* The tables (src/opencl/base/kernel_tables.h, which the embedding step
 * puts in front of this file): every kernel takes a cs_grid_table4 by
 * value, dims 0-3, read at constant indices only (its dst_stride is the
 * scatters'; a gather's destination is contiguous); the generic kernel
 * also reads cs_grid_tablen with run-time dims, so it takes that from a
 * constant buffer: a struct argument indexed at run time is copied into
 * every work-item's private memory.  The innermost dims stay arguments,
 * which a GPU reads as operands, rather than loads that would each hold
 * a register through the row loops. */

/* Work-items past the row or the next dim do nothing: leave before any
 * index arithmetic. */
#define CS_IDLE(C, t)                                                       \
    ((cs_idx)get_global_id(0) >= CS_GRID_ITEMS(C, (t).count[0]) ||          \
     (cs_idx)get_global_id(1) >= (t).count[1])

/* One innermost row: count[0] carriers from s (stride stride[0]) to d. */
#define CS_ROW_ONE(T, t, s, d)                                              \
    CS_FOR(i0, 0, (t).count[0])                                             \
        dst[(d) + i0] = src[(s) + i0 * (t).stride[0]]

/* The same four carriers per work-item: a whole group of four at an
 * aligned destination is one store of a word (buffers start aligned far
 * beyond 8 bytes), the row's ends one carrier at a time. */
#define CS_ROW_WIDE(C, t, s, d)                                             \
    CS_FOR(j0, 0, (t).count[0] / 4 + ((t).count[0] % 4 != 0)) {             \
        cs_idx i0 = j0 * 4, at = (d) + i0, st = (t).stride[0];              \
        cs_idx from = (s) + i0 * st;                                        \
        if (CS_LITTLE_ENDIAN && (t).count[0] - i0 >= 4 && (at & 3) == 0) {  \
            *(global CS_GRID_WORD_##C *)(dst + at) =                        \
                CS_GRID_PACK_##C(src[from], src[from + st],                 \
                                 src[from + 2 * st], src[from + 3 * st]);   \
        } else {                                                            \
            for (cs_idx k = 0; k < 4 && i0 + k < (t).count[0]; k++)         \
                dst[at + k] = src[from + k * st];                           \
        }                                                                   \
    }

#define CS_ROW_1(T, t, s, d) CS_ROW_WIDE(1, t, s, d)
#define CS_ROW_2(T, t, s, d) CS_ROW_WIDE(2, t, s, d)
#define CS_ROW_4(T, t, s, d) CS_ROW_ONE(T, t, s, d)
#define CS_ROW_8(T, t, s, d) CS_ROW_ONE(T, t, s, d)
#define CS_ROW_16(T, t, s, d) CS_ROW_ONE(T, t, s, d)

/* ...: the table arguments. */
#define CS_ARGS(T, ...)                                                     \
    global const T *restrict src, global T *restrict dst,                   \
    cs_idx src_base, cs_idx dst_base, __VA_ARGS__

#define CS_KERNEL_R1(T, C)                                                  \
kernel void cs_gather_r1_c##C(CS_ARGS(T, cs_grid_table4 t))                 \
{                                                                           \
    if ((cs_idx)get_global_id(0) >= CS_GRID_ITEMS(C, t.count[0]))           \
        return;                                                             \
    CS_ROW_##C(T, t, src_base, dst_base);                                   \
}

#define CS_KERNEL_R2(T, C)                                                  \
kernel void cs_gather_r2_c##C(CS_ARGS(T, cs_grid_table4 t))                 \
{                                                                           \
    if (CS_IDLE(C, t))                                                      \
        return;                                                             \
    CS_FOR(i1, 1, t.count[1]) {                                             \
        cs_idx s = src_base + i1 * t.stride[1];                             \
        cs_idx d = dst_base + i1 * t.count[0];                              \
        CS_ROW_##C(T, t, s, d);                                             \
    }                                                                       \
}

#define CS_KERNEL_R3(T, C)                                                  \
kernel void cs_gather_r3_c##C(CS_ARGS(T, cs_grid_table4 t))                 \
{                                                                           \
    if (CS_IDLE(C, t) || (cs_idx)get_global_id(2) >= t.count[2])            \
        return;                                                             \
    CS_FOR(i2, 2, t.count[2])                                               \
    CS_FOR(i1, 1, t.count[1]) {                                             \
        cs_idx s = src_base + i2 * t.stride[2] + i1 * t.stride[1];          \
        cs_idx d = dst_base + (i2 * t.count[1] + i1) * t.count[0];          \
        CS_ROW_##C(T, t, s, d);                                             \
    }                                                                       \
}

/* Rank 4: dims 2 and 3 share NDRange dim 2, split by one magic-number
 * division per row. */
#define CS_KERNEL_R4(T, C)                                                  \
kernel void cs_gather_r4_c##C(CS_ARGS(T, cs_grid_table4 t))                 \
{                                                                           \
    cs_idx outer = t.count[2] * t.count[3];                                 \
    if (CS_IDLE(C, t) || (cs_idx)get_global_id(2) >= outer)                 \
        return;                                                             \
    CS_FOR(i2, 2, outer) {                                                  \
        cs_idx hi = CS_DIVIDE(i2, t.count[2], t.magic, t.shift);            \
        cs_idx lo = i2 - hi * t.count[2];                                   \
        cs_idx s2 = src_base + hi * t.stride[3] + lo * t.stride[2];         \
        CS_FOR(i1, 1, t.count[1]) {                                         \
            cs_idx s = s2 + i1 * t.stride[1];                               \
            cs_idx d = dst_base + (i2 * t.count[1] + i1) * t.count[0];      \
            CS_ROW_##C(T, t, s, d);                                         \
        }                                                                   \
    }                                                                       \
}

/* Where folded row `row` (dims 3 .. rank - 1) starts: base plus its
 * indices times `stride`, one division per dim but the last, by magic
 * number for the first CS_MAGIC_DIMS of them. */
#define CS_UNFOLD(t, row, base, stride)                                     \
    {                                                                       \
        cs_idx rest_ = (row), k_ = 3;                                       \
        for (; k_ + 1 < (t).rank; k_++) {                                   \
            cs_idx m_ = k_ - 3;                                             \
            cs_idx q_ = m_ < CS_MAGIC_DIMS                                  \
                            ? CS_DIVIDE(rest_, (t).count[k_],               \
                                        (t).magic[m_], (t).shift[m_])       \
                            : rest_ / (t).count[k_];                        \
            base += (rest_ - q_ * (t).count[k_]) * (t).stride[k_];          \
            rest_ = q_;                                                     \
        }                                                                   \
        base += rest_ * (t).stride[k_];                                     \
    }

/* Any rank >= 5: dims 3..rank-1 folded into NDRange dim 2, and each
 * work-item walks up to tp->walk rows of dim 2 itself, stepping its row
 * by stride[2] (CS_WALK; the chunks of dim 2 share NDRange dim 2 with
 * the folded dims): unfolding the folded dims cost one division per dim
 * for every row, and made the rank-8 case instruction-bound in the GPU
 * memory model (docs/performance.md); walking all of dim 2 left too few
 * work-items to hide the memory's latency, a short walk pays the
 * divisions once per few rows and keeps the grid wide. */
#define CS_KERNEL_RN(T, C)                                                  \
kernel void cs_gather_rn_c##C(                                              \
    CS_ARGS(T, cs_grid_table4 t, constant cs_grid_tablen *restrict tp))     \
{                                                                           \
    cs_idx items = tp->outer * tp->chunks;                                  \
    if (CS_IDLE(C, t) || (cs_idx)get_global_id(2) >= items)                 \
        return;                                                             \
    CS_FOR(i3, 2, items) {                                                  \
        CS_WALK(tp, i3, t.count[2], fold, first, stop);                     \
        cs_idx s3 = src_base;                                               \
        CS_UNFOLD(*tp, fold, s3, stride)                                    \
        for (cs_idx i2 = first; i2 < stop; i2++) {                          \
            cs_idx s2 = s3 + i2 * t.stride[2];                              \
            cs_idx row = (fold * t.count[2] + i2) * t.count[1];             \
            CS_FOR(i1, 1, t.count[1]) {                                     \
                cs_idx s = s2 + i1 * t.stride[1];                           \
                cs_idx d = dst_base + (row + i1) * t.count[0];              \
                CS_ROW_##C(T, t, s, d);                                     \
            }                                                               \
        }                                                                   \
    }                                                                       \
}

#define CS_KERNELS(T, C)                                                    \
    CS_KERNEL_R1(T, C)                                                      \
    CS_KERNEL_R2(T, C)                                                      \
    CS_KERNEL_R3(T, C)                                                      \
    CS_KERNEL_R4(T, C)                                                      \
    CS_KERNEL_RN(T, C)

CS_CARRIERS(CS_KERNELS, uint2)
