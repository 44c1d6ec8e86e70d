/*
 * Gather kernels for GPUs and every other non-CPU device (OpenCL C 1.2):
 * one work-item per output element.
 *
 * Why elements on a GPU: consecutive work-items of a group run in
 * lockstep (warps, wavefronts), so when work-item i writes output i and
 * reads input base + i * stride[0], a group's accesses coalesce into a
 * few wide memory transactions; that, not per-thread work, is what makes
 * a GPU copy fast.  The host launches 256-item groups along the innermost
 * output dim (8 x 32 when rows are short) and keeps the widest carrier
 * (uint4: 16-byte accesses).  The same kernels on a CPU driver leave each
 * work-item too little work to vectorize (0.1-0.4x a plain copy on PoCL),
 * so CPUs get cl/rows.cl instead.
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
 *   CS_MAX_DIMS  size of the generic kernel's tables.
 *
 * NDRange dim 0 walks the innermost output dim, dim 1 the next, dim 2 the
 * rest (folded, one division per folded dim).  Each dim is a grid-stride
 * loop that normally runs once (one element per work-item); it loops only
 * where the host capped the grid (some devices limit work-groups per
 * dim), which costs a GPU a compare per element.
 */

/* cs_idx and CS_FOR: cl/common.cl. */

/* Tables passed by value.  Members are all cs_idx so the host mirrors the
 * layout exactly; the negative-size arrays below fail the build if the
 * sizes drift from the host's static asserts. */
typedef struct cs_table4 {
    cs_idx count[4];
    cs_idx stride[4];
} cs_table4;

typedef struct cs_tablen {
    cs_idx count[CS_MAX_DIMS];
    cs_idx stride[CS_MAX_DIMS];
    cs_idx rank;
} cs_tablen;

typedef char cs_table4_size_check[sizeof(cs_table4) == 8 * sizeof(cs_idx) ? 1 : -1];
typedef char cs_tablen_size_check[
    sizeof(cs_tablen) == (2 * CS_MAX_DIMS + 1) * sizeof(cs_idx) ? 1 : -1];

/* One innermost row: count[0] carriers from s (stride stride[0]) to d. */
#define CS_ROW(T, t, s, d)                                                  \
    CS_FOR(i0, 0, (t).count[0])                                             \
        dst[(d) + i0] = src[(s) + i0 * (t).stride[0]]

#define CS_ARGS(T, TABLE)                                                   \
    global const T *restrict src, global T *restrict dst,                   \
    cs_idx src_base, cs_idx dst_base, TABLE t

#define CS_KERNEL_R1(T, C)                                                  \
kernel void cs_gather_r1_c##C(CS_ARGS(T, cs_table4))                        \
{                                                                           \
    CS_ROW(T, t, src_base, dst_base);                                       \
}

#define CS_KERNEL_R2(T, C)                                                  \
kernel void cs_gather_r2_c##C(CS_ARGS(T, cs_table4))                        \
{                                                                           \
    CS_FOR(i1, 1, t.count[1]) {                                             \
        cs_idx s = src_base + i1 * t.stride[1];                             \
        cs_idx d = dst_base + i1 * t.count[0];                              \
        CS_ROW(T, t, s, d);                                                 \
    }                                                                       \
}

#define CS_KERNEL_R3(T, C)                                                  \
kernel void cs_gather_r3_c##C(CS_ARGS(T, cs_table4))                        \
{                                                                           \
    CS_FOR(i2, 2, t.count[2])                                               \
    CS_FOR(i1, 1, t.count[1]) {                                             \
        cs_idx s = src_base + i2 * t.stride[2] + i1 * t.stride[1];          \
        cs_idx d = dst_base + (i2 * t.count[1] + i1) * t.count[0];          \
        CS_ROW(T, t, s, d);                                                 \
    }                                                                       \
}

/* Rank 4: dims 2 and 3 share NDRange dim 2 at one division per row. */
#define CS_KERNEL_R4(T, C)                                                  \
kernel void cs_gather_r4_c##C(CS_ARGS(T, cs_table4))                        \
{                                                                           \
    cs_idx outer = t.count[2] * t.count[3];                                 \
    CS_FOR(i2, 2, outer) {                                                  \
        cs_idx hi = i2 / t.count[2];                                        \
        cs_idx lo = i2 - hi * t.count[2];                                   \
        cs_idx s2 = src_base + hi * t.stride[3] + lo * t.stride[2];         \
        CS_FOR(i1, 1, t.count[1]) {                                         \
            cs_idx s = s2 + i1 * t.stride[1];                               \
            cs_idx d = dst_base + (i2 * t.count[1] + i1) * t.count[0];      \
            CS_ROW(T, t, s, d);                                             \
        }                                                                   \
    }                                                                       \
}

/* Any rank >= 3: dims 2..rank-1 folded into NDRange dim 2 and unfolded
 * with a runtime loop (one division per folded dim and row). */
#define CS_KERNEL_RN(T, C)                                                  \
kernel void cs_gather_rn_c##C(CS_ARGS(T, cs_tablen))                        \
{                                                                           \
    cs_idx outer = 1;                                                       \
    for (cs_idx k = 2; k < t.rank; k++)                                     \
        outer *= t.count[k];                                                \
    CS_FOR(i2, 2, outer) {                                                  \
        cs_idx rest = i2, s2 = src_base;                                    \
        for (cs_idx k = 2; k < t.rank; k++) {                               \
            cs_idx q = rest / t.count[k];                                   \
            s2 += (rest - q * t.count[k]) * t.stride[k];                    \
            rest = q;                                                       \
        }                                                                   \
        CS_FOR(i1, 1, t.count[1]) {                                         \
            cs_idx s = s2 + i1 * t.stride[1];                               \
            cs_idx d = dst_base + (i2 * t.count[1] + i1) * t.count[0];      \
            CS_ROW(T, t, s, d);                                             \
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
