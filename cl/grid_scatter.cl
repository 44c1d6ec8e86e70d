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
 *   cs_fill_*     read it from one element passed by value (CS_FILL_BYTES,
 *                 at most; the source index is the carrier within the
 *                 element), so a fill needs no device allocation.
 *
 * Build options (as cl/grid_gather.cl):
 *   CS_INDEX64   1: 64-bit index math (ulong), 0: 32-bit (uint).  Unsigned
 *                arithmetic wraps, so negative strides travel as two's
 *                complement and every index comes out right as long as the
 *                final value fits the type (the host checks that).
 *   CS_MAX_DIMS  size of the generic kernels' tables.
 *   CS_FILL_BYTES  size of a fill's by-value element (the host's
 *                CLSLICE_FILL_INLINE_MAX).
 *
 * NDRange dim 0 walks the innermost dim, dim 1 the next, dim 2 the rest
 * (folded); each is a grid-stride loop, so the host may cap the grid.
 */

/* cs_idx and CS_FOR: cl/common.cl. */

/* Tables passed by value; all members cs_idx so the host mirrors them
 * exactly (its static asserts check the same sizes as the arrays below). */
typedef struct cs_stable4 {
    cs_idx count[4];
    cs_idx stride[4];
    cs_idx dst_stride[4];
} cs_stable4;

typedef struct cs_stablen {
    cs_idx count[CS_MAX_DIMS];
    cs_idx stride[CS_MAX_DIMS];
    cs_idx dst_stride[CS_MAX_DIMS];
    cs_idx rank;
} cs_stablen;

typedef char cs_stable4_size_check[
    sizeof(cs_stable4) == 12 * sizeof(cs_idx) ? 1 : -1];
typedef char cs_stablen_size_check[
    sizeof(cs_stablen) == (3 * CS_MAX_DIMS + 1) * sizeof(cs_idx) ? 1 : -1];

/* The element of a fill, in carriers of each size. */
#define CS_ELEMENT(T, C)                                                    \
    typedef struct cs_element##C {                                          \
        T v[CS_FILL_BYTES / C];                                             \
    } cs_element##C;                                                        \
    typedef char cs_element##C##_size_check[                                \
        sizeof(cs_element##C) == CS_FILL_BYTES ? 1 : -1];

/* One innermost row: count[0] carriers from source index s to destination
 * index d.  LOAD(i) reads source carrier i. */
#define CS_ROW(LOAD, s, d)                                                  \
    CS_FOR(i0, 0, t.count[0])                                               \
        dst[(d) + i0 * t.dst_stride[0]] = LOAD((s) + i0 * t.stride[0])

/* The loop nests, one per rank variant, shared by both families. */
#define CS_BODY_r1(LOAD) CS_ROW(LOAD, src_base, dst_base);

#define CS_BODY_r2(LOAD)                                                    \
    CS_FOR(i1, 1, t.count[1]) {                                             \
        cs_idx s = src_base + i1 * t.stride[1];                             \
        cs_idx d = dst_base + i1 * t.dst_stride[1];                         \
        CS_ROW(LOAD, s, d);                                                 \
    }

#define CS_BODY_r3(LOAD)                                                    \
    CS_FOR(i2, 2, t.count[2])                                               \
    CS_FOR(i1, 1, t.count[1]) {                                             \
        cs_idx s = src_base + i2 * t.stride[2] + i1 * t.stride[1];          \
        cs_idx d = dst_base + i2 * t.dst_stride[2] + i1 * t.dst_stride[1];  \
        CS_ROW(LOAD, s, d);                                                 \
    }

/* Rank 4: dims 2 and 3 share NDRange dim 2 at one division per row. */
#define CS_BODY_r4(LOAD)                                                    \
    cs_idx outer = t.count[2] * t.count[3];                                 \
    CS_FOR(i2, 2, outer) {                                                  \
        cs_idx hi = i2 / t.count[2];                                        \
        cs_idx lo = i2 - hi * t.count[2];                                   \
        cs_idx s2 = src_base + hi * t.stride[3] + lo * t.stride[2];         \
        cs_idx d2 = dst_base + hi * t.dst_stride[3] + lo * t.dst_stride[2]; \
        CS_FOR(i1, 1, t.count[1]) {                                         \
            cs_idx s = s2 + i1 * t.stride[1];                               \
            cs_idx d = d2 + i1 * t.dst_stride[1];                           \
            CS_ROW(LOAD, s, d);                                             \
        }                                                                   \
    }

/* Any rank >= 3: dims 2..rank-1 folded into NDRange dim 2 and unfolded
 * with a runtime loop (one division per folded dim and row). */
#define CS_BODY_rn(LOAD)                                                    \
    cs_idx outer = 1;                                                       \
    for (cs_idx k = 2; k < t.rank; k++)                                     \
        outer *= t.count[k];                                                \
    CS_FOR(i2, 2, outer) {                                                  \
        cs_idx rest = i2, s2 = src_base, d2 = dst_base;                     \
        for (cs_idx k = 2; k < t.rank; k++) {                               \
            cs_idx q = rest / t.count[k];                                   \
            cs_idx at = rest - q * t.count[k];                              \
            s2 += at * t.stride[k];                                         \
            d2 += at * t.dst_stride[k];                                     \
            rest = q;                                                       \
        }                                                                   \
        CS_FOR(i1, 1, t.count[1]) {                                         \
            cs_idx s = s2 + i1 * t.stride[1];                               \
            cs_idx d = d2 + i1 * t.dst_stride[1];                           \
            CS_ROW(LOAD, s, d);                                             \
        }                                                                   \
    }

#define CS_LOAD_SRC(i) src[i]
#define CS_LOAD_ELEMENT(i) element.v[i]

#define CS_SCATTER(T, C, R, TABLE)                                          \
kernel void cs_scatter_##R##_c##C(global const T *restrict src,             \
                                  global T *restrict dst, cs_idx src_base,  \
                                  cs_idx dst_base, TABLE t)                 \
{                                                                           \
    CS_BODY_##R(CS_LOAD_SRC)                                                \
}

/* A fill's source index starts at carrier 0 of the element. */
#define CS_FILL(T, C, R, TABLE)                                             \
kernel void cs_fill_##R##_c##C(global T *restrict dst, cs_idx dst_base,     \
                               cs_element##C element, TABLE t)              \
{                                                                           \
    const cs_idx src_base = 0;                                              \
    CS_BODY_##R(CS_LOAD_ELEMENT)                                            \
}

#define CS_KERNELS(T, C)                                                    \
    CS_ELEMENT(T, C)                                                        \
    CS_SCATTER(T, C, r1, cs_stable4)                                        \
    CS_SCATTER(T, C, r2, cs_stable4)                                        \
    CS_SCATTER(T, C, r3, cs_stable4)                                        \
    CS_SCATTER(T, C, r4, cs_stable4)                                        \
    CS_SCATTER(T, C, rn, cs_stablen)                                        \
    CS_FILL(T, C, r1, cs_stable4)                                           \
    CS_FILL(T, C, r2, cs_stable4)                                           \
    CS_FILL(T, C, r3, cs_stable4)                                           \
    CS_FILL(T, C, r4, cs_stable4)                                           \
    CS_FILL(T, C, rn, cs_stablen)

CS_CARRIERS(CS_KERNELS, uint2)
