/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Gathers and scatters whose slice lives in device memory (OpenCL C 1.2):
 * the kernels that read a dynamic plan record (include/clslice_cl.h,
 * CLSLICE_DYNAMIC_*) written by the normalise kernel, so the host never
 * learns the slice's starts, steps or counts.
 *
 * The host knows only static facts: the input's rank and row-major
 * strides, the element size, the buffers' offsets and, for scatters, the
 * value tensor's strides per input dim (0 where it broadcasts or the dim
 * is shrunk; a value dim of size > 1 must equal the slice's, which the
 * normaliser checks and reports in the status).  It sizes the NDRange
 * from a bound (a slice never has more elements than its input), so
 * every kernel first reads the status and the element count and lets
 * the work-items past the real slice return at once.  A record whose
 * status is not 0 makes every work-item return: nothing is written.
 *
 * Record words used (int64, device byte order, from `info_word` on):
 * CS_DYN_STATUS, CS_DYN_ELEMENTS, and per input dim d CS_DYN_START + d,
 * CS_DYN_STEP + d and CS_DYN_COUNT + d.
 *
 * Two forms, as for static slices (cl/rows.cl, cl/grid_gather.cl):
 *   cs_dyn_*_grid  one carrier per work-item, a grid-stride loop over the
 *                  slice: consecutive work-items touch consecutive output
 *                  carriers (coalesced on GPUs);
 *   cs_dyn_*_rows  `chunks` work-items, each copying one contiguous share
 *                  of the slice's elements row by row with counted inner
 *                  loops that a CPU compiler vectorizes (PoCL).
 *
 * A gather reads the tensor `src` at the slice and writes `dst`
 * contiguously; a scatter reads the value `src` through its strides and
 * writes the tensor `dst` at the slice.  Strides and bases are in
 * carriers; an element is `epc` carriers (the host picks the widest
 * carrier that divides the element size and both offsets).
 *
 * Build options: CS_INDEX64 (cl/common.cl), CS_MAX_DIMS.
 */

/* cs_idx and CS_FOR: cl/common.cl; the record's words CS_DYN_*:
 * core/dynamic/record.h, which the embedding step puts in front of this
 * file with the table's header. */

/* The static half of a call, cs_dyn_table (src/opencl/base/
 * kernel_tables.h, which the embedding step puts in front of this file
 * after record.h; the host fills it in src/opencl/ops/dyn_consume.c).
 * The kernels read it with run-time dims, so it comes in a constant
 * buffer: a struct argument indexed at run time is copied into every
 * work-item's private memory (and crashed Mesa's rusticl). */

/* Unsigned wrap-around carries negative steps (cl/common.cl). */
#define CS_REC(w) ((cs_idx)rec[(w)])

/* ---- element grid --------------------------------------------------------
 * Work-item i moves carrier i of the slice: element e = i / epc, carrier
 * k within it; e is split into input-dim indices innermost first, one
 * division per dim but the outermost (whose index is what is left).  The
 * divisions are 32-bit wherever the slice's carriers fit 32 bits, also in
 * the 64-bit form: a GPU spends about 20 instructions on a 32-bit
 * division and about 70 on a 64-bit one (the GPU memory model,
 * docs/performance.md, counts them; CS_DIV32).  The tensor side is at
 * sum (start + idx * step) * stride, the value side (scatters) at
 * sum idx * vstride. */

#define CS_DYN_GRID(KIND, T, C)                                             \
kernel void cs_dyn_##KIND##_grid_c##C(global const T *restrict src,         \
                                      global T *restrict dst,               \
                                      global const long *restrict info,     \
                                      constant cs_dyn_table *restrict t)    \
{                                                                           \
    global const long *rec = info + t->info_word;                           \
    if (rec[CS_DYN_STATUS] != 0)                                            \
        return;                                                             \
    cs_idx total = CS_REC(CS_DYN_ELEMENTS) * t->epc;                        \
    bool narrow = total <= (cs_idx)0xFFFFFFFFu;                             \
    CS_FOR(i, 0, total) {                                                   \
        cs_idx e = t->epc == 1 ? i : CS_DIV32(i, t->epc, narrow);           \
        cs_idx k = i - e * t->epc;                                          \
        cs_idx at = 0, vat = 0;                                             \
        for (cs_idx d = t->rank; d-- > 0;) {                                \
            cs_idx n = CS_REC(CS_DYN_COUNT + d);                            \
            cs_idx q = d == 0   ? 0 /* e < n */                             \
                       : n == 1 ? e                                         \
                                : CS_DIV32(e, n, narrow);                   \
            cs_idx x = e - q * n;                                           \
            at += (CS_REC(CS_DYN_START + d) + x * CS_REC(CS_DYN_STEP + d))  \
                  * t->stride[d];                                           \
            vat += x * t->vstride[d];                                       \
            e = q;                                                          \
        }                                                                   \
        CS_DYN_GRID_MOVE_##KIND                                             \
    }                                                                       \
}

#define CS_DYN_GRID_MOVE_gather                                             \
    dst[t->dst_base + i] = src[t->src_base + at + k];
#define CS_DYN_GRID_MOVE_scatter                                            \
    dst[t->dst_base + at + k] = src[t->src_base + vat + k];

/* ---- rows ----------------------------------------------------------------
 * Work-item w copies elements [w * per, min((w + 1) * per, total)) of the
 * slice, per = ceil(total / chunks): it finds its first element's
 * indices with one division chain, then walks row segments of the
 * innermost input dim, stepping the outer dims like an odometer.  Each
 * segment is one counted loop; the common strides get loops of their
 * own so they vectorize. */

/* n elements from tensor carrier a (element stride ts) and value / output
 * carrier b (element stride vs), epc carriers each.  Gathers: dst[b..] =
 * src[a..]; scatters: dst[a..] = src[b..]. */
#define CS_DYN_SEG_gather(T, a, b, n, ts, vs)                               \
    {                                                                       \
        global T *d_ = dst + (b);                                           \
        if ((ts) == t->epc) {                                               \
            global const T *s_ = src + (a);                                 \
            for (size_t j = 0; j < (size_t)((n) * t->epc); j++)             \
                d_[j] = s_[j];                                              \
        } else if (t->epc == 1 && (ts) == (cs_idx)0 - 1) {                  \
            global const T *s_ = src + (a);                                 \
            for (size_t j = 0; j < (size_t)(n); j++)                        \
                d_[j] = *(s_ - j);                                          \
        } else if (t->epc == 1) {                                           \
            for (cs_idx j = 0; j < (n); j++)                                \
                d_[j] = src[(cs_idx)((a) + j * (ts))];                      \
        } else {                                                            \
            for (cs_idx j = 0; j < (n); j++)                                \
                for (cs_idx k = 0; k < t->epc; k++)                         \
                    d_[j * t->epc + k] = src[(cs_idx)((a) + j * (ts)) + k]; \
        }                                                                   \
    }

#define CS_DYN_SEG_scatter(T, a, b, n, ts, vs)                              \
    {                                                                       \
        if ((ts) == t->epc && (vs) == t->epc) {                             \
            global T *d_ = dst + (a);                                       \
            global const T *s_ = src + (b);                                 \
            for (size_t j = 0; j < (size_t)((n) * t->epc); j++)             \
                d_[j] = s_[j];                                              \
        } else if (t->epc == 1 && (vs) == 0) {                              \
            T v_ = src[(b)];                                                \
            for (cs_idx j = 0; j < (n); j++)                                \
                dst[(cs_idx)((a) + j * (ts))] = v_;                         \
        } else {                                                            \
            for (cs_idx j = 0; j < (n); j++)                                \
                for (cs_idx k = 0; k < t->epc; k++)                         \
                    dst[(cs_idx)((a) + j * (ts)) + k] =                     \
                        src[(cs_idx)((b) + j * (vs)) + k];                  \
        }                                                                   \
    }

/* The index arithmetic of the rows form, for both kinds (`gather`
 * false: a scatter).  A work-item's place in the slice: a on the tensor
 * (a gather's src, a scatter's dst) and b on a scatter's value, both at
 * the current row's start (inner index 0), and c the inner index its
 * next segment starts at; the input-dim indices of the row are in an
 * idx[] of the kernel's.  A gather's output is contiguous, so its
 * position is formed from the element number instead (cs_dyn_value_at). */
typedef struct cs_dyn_place {
    cs_idx a, b, c;
} cs_dyn_place;

/* The elements of each work-item's share of the slice's `total`:
 * ceil(total / chunks). */
static inline cs_idx cs_dyn_per(cs_idx total, cs_idx chunks)
{
    return total / chunks + (total % chunks != 0);
}

/* Whether work-item w has a share, w * per < total, asked without
 * forming w * per (it could wrap a 32-bit index when total is near the
 * type's limit). */
static inline bool cs_dyn_has_share(cs_idx total, cs_idx per, cs_idx w)
{
    return per != 0 && w <= (total - 1) / per;
}

/* The end of the share that starts at element `first`. */
static inline cs_idx cs_dyn_share_end(cs_idx total, cs_idx per,
                                      cs_idx first)
{
    return total - first > per ? first + per : total;
}

/* The innermost input dim: its count (a rank-0 slice is one row of one
 * element), its element stride on the tensor, and on the other side
 * (a gather's output advances by whole elements, a scatter's value by
 * its own stride). */
static inline cs_idx cs_dyn_inner_count(global const long *rec,
                                        constant cs_dyn_table *t)
{
    return t->rank ? CS_REC(CS_DYN_COUNT + t->rank - 1) : 1;
}

static inline cs_idx cs_dyn_inner_stride(global const long *rec,
                                         constant cs_dyn_table *t)
{
    cs_idx inner = t->rank ? t->rank - 1 : 0;
    return t->rank ? CS_REC(CS_DYN_STEP + inner) * t->stride[inner]
                   : (cs_idx)0;
}

static inline cs_idx cs_dyn_inner_vstride(constant cs_dyn_table *t,
                                          bool gather)
{
    return gather ? t->epc : t->rank ? t->vstride[t->rank - 1] : (cs_idx)0;
}

/* The place of element e (one division chain), given the inner
 * strides ts0 and vs0 (cs_dyn_inner_*). */
static inline void cs_dyn_seek(global const long *rec,
                               constant cs_dyn_table *t, bool gather,
                               cs_idx e, cs_idx ts0, cs_idx vs0, cs_idx *idx,
                               cs_dyn_place *p)
{
    p->a = gather ? t->src_base : t->dst_base;
    p->b = t->src_base;
    for (cs_idx d = t->rank; d-- > 0;) {
        cs_idx n = CS_REC(CS_DYN_COUNT + d);
        cs_idx q = e / n;
        idx[d] = e - q * n;
        p->a += (CS_REC(CS_DYN_START + d) + idx[d] * CS_REC(CS_DYN_STEP + d))
                * t->stride[d];
        if (!gather)
            p->b += idx[d] * t->vstride[d];
        e = q;
    }
    p->c = t->rank ? idx[t->rank - 1] : 0;
    /* back to the row's start: each segment adds c itself */
    p->a -= p->c * ts0;
    if (!gather)
        p->b -= p->c * vs0;
}

/* Where the segment that starts at element `at` begins on the tensor
 * and on the other side. */
static inline cs_idx cs_dyn_tensor_at(cs_dyn_place p, cs_idx ts0)
{
    return p.a + p.c * ts0;
}

static inline cs_idx cs_dyn_value_at(constant cs_dyn_table *t, bool gather,
                                     cs_dyn_place p, cs_idx at, cs_idx vs0)
{
    return gather ? t->dst_base + at * t->epc : p.b + p.c * vs0;
}

/* The place after a segment that ended its row: the next row's start,
 * the outer dims stepped like an odometer, innermost first. */
static inline void cs_dyn_next_row(global const long *rec,
                                   constant cs_dyn_table *t, bool gather,
                                   cs_idx *idx, cs_dyn_place *p)
{
    p->c = 0;
    for (cs_idx d = t->rank ? t->rank - 1 : 0; d-- > 0;) {
        cs_idx n = CS_REC(CS_DYN_COUNT + d);
        cs_idx ds = CS_REC(CS_DYN_STEP + d) * t->stride[d];
        p->a += ds;
        if (!gather)
            p->b += t->vstride[d];
        cs_idx i = idx[d] + 1;
        idx[d] = i < n ? i : 0;
        if (i < n)
            return;
        p->a -= n * ds;
        if (!gather)
            p->b -= n * t->vstride[d];
    }
}

#define CS_DYN_IS_gather true
#define CS_DYN_IS_scatter false

#define CS_DYN_ROWS(KIND, T, C)                                             \
kernel void cs_dyn_##KIND##_rows_c##C(global const T *restrict src,         \
                                      global T *restrict dst,               \
                                      global const long *restrict info,     \
                                      constant cs_dyn_table *restrict t)    \
{                                                                           \
    cs_idx w = (cs_idx)get_global_id(0);                                    \
    if (w >= t->chunks)                                                     \
        return;                                                             \
    global const long *rec = info + t->info_word;                           \
    if (rec[CS_DYN_STATUS] != 0)                                            \
        return;                                                             \
    cs_idx total = CS_REC(CS_DYN_ELEMENTS);                                 \
    cs_idx per = cs_dyn_per(total, t->chunks);                              \
    if (!cs_dyn_has_share(total, per, w))                                   \
        return;                                                             \
    cs_idx first = w * per, end = cs_dyn_share_end(total, per, first);      \
    bool gather = CS_DYN_IS_##KIND;                                         \
    cs_idx n0 = cs_dyn_inner_count(rec, t);                                 \
    cs_idx ts0 = cs_dyn_inner_stride(rec, t);                               \
    cs_idx vs0 = cs_dyn_inner_vstride(t, gather);                           \
    cs_idx idx[CS_MAX_DIMS];                                                \
    cs_dyn_place p;                                                         \
    cs_dyn_seek(rec, t, gather, first, ts0, vs0, idx, &p);                  \
    for (cs_idx at = first; at < end;) {                                    \
        cs_idx seg = cs_idx_min(n0 - p.c, end - at);                        \
        cs_idx sa = cs_dyn_tensor_at(p, ts0);                               \
        cs_idx sb = cs_dyn_value_at(t, gather, p, at, vs0);                 \
        CS_DYN_SEG_##KIND(T, sa, sb, seg, ts0, vs0)                         \
        at += seg;                                                          \
        cs_dyn_next_row(rec, t, gather, idx, &p);                           \
    }                                                                       \
}

#define CS_DYN_KERNELS(T, C)                                                \
    CS_DYN_GRID(gather, T, C)                                               \
    CS_DYN_GRID(scatter, T, C)                                              \
    CS_DYN_ROWS(gather, T, C)                                               \
    CS_DYN_ROWS(scatter, T, C)

/* The record needs 64-bit integers anyway, so 8 is a plain ulong. */
CS_CARRIERS(CS_DYN_KERNELS, ulong)
