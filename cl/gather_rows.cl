/*
 * Gather kernels for CPU devices (OpenCL C 1.2): one work-item per output
 * row, the row a plain counted loop.
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
 * 0.4x (issue 4's measurements).  They would be wrong for a GPU:
 * neighbouring work-items would read addresses a whole row apart
 * (uncoalesced) - GPUs get cl/gather_grid.cl.
 *
 * The move (cl_move.c): per dim, innermost first, a count and a source
 * stride in carriers; the destination is contiguous.
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
 *   CS_MAX_DIMS  size of the odometer's tables.
 *   CS_LITTLE_ENDIAN  1 on little-endian devices: enables the stride-2
 *                kernels' double-width reads.
 */

#if CS_INDEX64
typedef ulong cs_idx;
#else
typedef uint cs_idx;
#endif

/* Rows (rank <= 3 moves; cl_rows.c): NDRange dim 0 is i1 (rounded up to
 * the group size, so checked), dim 1 is i2 (exact).  Row (i1, i2) has n0
 * carriers, except row i1 = n1 - 1, which has `last` (the tail of a long
 * row the host split into rows). */
typedef struct cs_rows {
    cs_idx src_base, dst_base;
    cs_idx n0, st0;
    cs_idx n1, s1;
    cs_idx s2, d2;
    cs_idx last;
} cs_rows;

/* Odometer (rank >= 4, or short rows): each work-item copies `per_item`
 * consecutive rows (dims 1.. folded), finding its first row with one
 * division chain and stepping through the rest like an odometer. */
typedef struct cs_odometer {
    cs_idx src_base, dst_base;
    cs_idx rows, per_item, items;
    cs_idx rank;
    cs_idx count[CS_MAX_DIMS];
    cs_idx stride[CS_MAX_DIMS];
} cs_odometer;

/* The host mirrors these structs member for member (cl_kernel_rows.c). */
typedef char cs_rows_size_check[sizeof(cs_rows) == 9 * sizeof(cs_idx) ? 1 : -1];
typedef char cs_odometer_size_check[
    sizeof(cs_odometer) == (6 + 2 * CS_MAX_DIMS) * sizeof(cs_idx) ? 1 : -1];

/* ---- row copies: n carriers from source index a (stride st) to d ------- */

#define CS_COPY_C(T, T2, a, d, n, st)                                       \
    {                                                                       \
        global const T *s_ = src + (a);                                     \
        for (size_t i = 0; i < (size_t)(n); i++)                            \
            (d)[i] = s_[i];                                                 \
    }

/* s_ - i, not s_[-i]: i is unsigned. */
#define CS_COPY_R(T, T2, a, d, n, st)                                       \
    {                                                                       \
        global const T *s_ = src + (a);                                     \
        for (size_t i = 0; i < (size_t)(n); i++)                            \
            (d)[i] = *(s_ - i);                                             \
    }

/* Any stride; LLVM vectorizes it as a gather. */
#define CS_COPY_G(T, T2, a, d, n, st)                                       \
    for (cs_idx i = 0; i < (n); i++)                                        \
        (d)[i] = src[(cs_idx)((a) + i * (st))];

/* Stride 2 through a type twice as wide (little-endian only): element i
 * is the low half of pair i when the row starts at an even carrier, the
 * high half of pair i (which starts one carrier earlier) when it starts at
 * an odd one.  LLVM turns the loop into wide loads, shifts and packs,
 * where a stride-2 gather would load lane by lane.  The one element whose
 * pair would reach outside the row (the last one when even, the first
 * when odd) is copied alone, so nothing outside the slice is read. */
#define CS_COPY_S2(T, T2, a, d, n, st)                                      \
    {                                                                       \
        cs_idx odd_ = (a) & 1;                                              \
        global const T2 *p_ = (global const T2 *)(src + ((a) - odd_));      \
        uint shift_ = (uint)odd_ * (8 * (uint)sizeof(T));                   \
        cs_idx end_ = (n) - 1 + odd_;                                       \
        for (cs_idx i = odd_; i < end_; i++)                                \
            (d)[i] = (T)(p_[i] >> shift_);                                  \
        cs_idx alone_ = odd_ ? 0 : (n) - 1;                                 \
        (d)[alone_] = src[(cs_idx)((a) + 2 * alone_)];                      \
    }

#define CS_ARGS(T) global const T *restrict src, global T *restrict dst

/* ---- one work-item per row ------------------------------------------- */

#define CS_ROWS(NAME, COPY, T, T2, C)                                       \
kernel void cs_rows_##NAME##_c##C(CS_ARGS(T), cs_rows g)                    \
{                                                                           \
    cs_idx i1 = (cs_idx)get_global_id(0), i2 = (cs_idx)get_global_id(1);    \
    if (i1 >= g.n1)                                                         \
        return;                                                             \
    cs_idx a = g.src_base + i1 * g.s1 + i2 * g.s2;                          \
    global T *d = dst + (cs_idx)(g.dst_base + i1 * g.n0 + i2 * g.d2);       \
    cs_idx n = i1 == g.n1 - 1 ? g.last : g.n0;                              \
    COPY(T, T2, a, d, n, g.st0)                                             \
}

/* ---- odometer ------------------------------------------------------------
 * Rows r in [first, end) of the folded dims 1..rank-1; the loop runs
 * along dim 1 (i1) and steps dims 2.. between runs, so a short row costs
 * an add, not a division. */
#define CS_ODOMETER(NAME, COPY, T, T2, C)                                   \
kernel void cs_odo_##NAME##_c##C(CS_ARGS(T), cs_odometer t)                 \
{                                                                           \
    cs_idx item = (cs_idx)get_global_id(0);                                 \
    if (item >= t.items)                                                    \
        return;                                                             \
    cs_idx r = item * t.per_item;                                           \
    cs_idx end = t.rows - r > t.per_item ? r + t.per_item : t.rows;         \
    cs_idx n0 = t.count[0], n1 = t.count[1], s1 = t.stride[1];              \
    cs_idx i1 = r % n1, rest = r / n1, s = t.src_base;                      \
    cs_idx idx[CS_MAX_DIMS];                                                \
    for (cs_idx k = 2; k < t.rank; k++) {                                   \
        cs_idx q = rest / t.count[k];                                       \
        idx[k] = rest - q * t.count[k];                                     \
        s += idx[k] * t.stride[k];                                          \
        rest = q;                                                           \
    }                                                                       \
    global T *d = dst + (cs_idx)(t.dst_base + r * n0);                      \
    while (r < end) {                                                       \
        cs_idx run = end - r < n1 - i1 ? end - r : n1 - i1;                 \
        cs_idx a = s + i1 * s1;                                             \
        for (cs_idx j = 0; j < run; j++) {                                  \
            COPY(T, T2, a, d, n0, t.stride[0])                              \
            d += n0;                                                        \
            a += s1;                                                        \
        }                                                                   \
        r += run;                                                           \
        i1 = 0;                                                             \
        for (cs_idx k = 2; k < t.rank; k++) {                               \
            s += t.stride[k];                                               \
            if (++idx[k] < t.count[k])                                      \
                break;                                                      \
            idx[k] = 0;                                                     \
            s -= t.count[k] * t.stride[k];                                  \
        }                                                                   \
    }                                                                       \
}

/* Scalar carriers by size in bytes (uint4 has no scalar of its size; it
 * only moves strided 16-byte elements).  T2 is the double-width type of
 * the stride-2 kernels. */
#define CS_CONTIGUOUS(T, T2, C)                                             \
    CS_ROWS(c, CS_COPY_C, T, T2, C)                                         \
    CS_ODOMETER(c, CS_COPY_C, T, T2, C)

#define CS_STRIDED(T, T2, C)                                                \
    CS_ROWS(r, CS_COPY_R, T, T2, C)                                         \
    CS_ROWS(g, CS_COPY_G, T, T2, C)                                         \
    CS_ODOMETER(g, CS_COPY_G, T, T2, C)

CS_CONTIGUOUS(uchar, ushort, 1)
CS_CONTIGUOUS(ushort, uint, 2)
CS_CONTIGUOUS(uint, ulong, 4)
CS_STRIDED(uchar, ushort, 1)
CS_STRIDED(ushort, uint, 2)
CS_STRIDED(uint, ulong, 4)
CS_STRIDED(ulong, ulong, 8)
CS_STRIDED(uint4, uint4, 16)

#if CS_LITTLE_ENDIAN
CS_ROWS(s2, CS_COPY_S2, uchar, ushort, 1)
CS_ROWS(s2, CS_COPY_S2, ushort, uint, 2)
CS_ROWS(s2, CS_COPY_S2, uint, ulong, 4)
#endif
