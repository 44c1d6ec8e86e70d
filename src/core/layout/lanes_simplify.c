/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Lanes layouts simplified, and made affine where the slice allows
 * (blocked_layout.h).  A lane map x = start + j * step over a dim of
 * count n is affine in j when
 *   - every x lies in one block: element (x / block) * block_stride +
 *     x % block grows by step per index;
 *   - step is a multiple of the block: the lane is fixed and the block
 *     grows by step / block per index;
 *   - (cs_lanes_affine) 0 < step divides the block, the first lane lies
 *     below step and n is a multiple of L = block / step: every block
 *     then holds the same L lanes, so j = q * L + l splits the dim into
 *     blocks q (block_stride apart) and lanes l (step apart).  A slice of
 *     whole blocks (step 1, first lane 0) is this case with L = block.
 *     When both sides map the dim, one's L must divide the other's, and
 *     the dim splits into three.
 * A gather into a blocked destination whose axis has padding lanes keeps
 * its lane maps: only the lanes kernels write the zeros.
 */
#include "core/layout/blocked_layout.h"
#include "core/layout/layout.h"

/* The dst map's dim has padding lanes (a gather's blocked destination
 * whose size is not a whole number of blocks, or starts at a lane > 0). */
static bool padded(const cs_lanes *l, int dim)
{
    return l->dst.dim == dim &&
           (l->dst.lo != 0 || l->dst.hi != l->base.count[dim]);
}

/* Turns map m into a stride of the side (`stride`, `offset`) when it is
 * affine over its whole dim without a split. */
static void fold(cs_lanes *l, cs_lane_map *m, int64_t *stride,
                 int64_t *offset)
{
    if (m->dim < 0 || padded(l, m->dim))
        return;
    int64_t n = l->base.count[m->dim];
    int64_t first = m->start, last = m->start + (n - 1) * m->step;
    bool one_block = first / m->block == last / m->block;
    if (!one_block && m->step % m->block != 0)
        return;
    *offset += cs_lane_element(m, 0);
    if (n <= 1)
        stride[m->dim] = 0;
    else if (one_block)
        stride[m->dim] = m->step;
    else
        stride[m->dim] = m->step / m->block * m->block_stride;
    m->dim = -1;
}

/* Dims [from, to), none of them mapped, appended to *out simplified. */
static void append_segment(const clslice_layout *in, int from, int to,
                           clslice_layout *out)
{
    clslice_layout seg = {.rank = to - from, .elements = 1};
    for (int k = from; k < to; k++) {
        seg.count[k - from] = in->count[k];
        seg.src_stride[k - from] = in->src_stride[k];
        seg.dst_stride[k - from] = in->dst_stride[k];
    }
    clslice_layout_simplify(&seg); /* not empty: every count >= 1 */
    for (int k = 0; k < seg.rank; k++) {
        out->count[out->rank] = seg.count[k];
        out->src_stride[out->rank] = seg.src_stride[k];
        out->dst_stride[out->rank] = seg.dst_stride[k];
        out->rank++;
    }
}

/* Appends dim k of `in`, a mapped one, and points its maps at it. */
static void append_mapped(const clslice_layout *in, int k, cs_lanes *l,
                          clslice_layout *out)
{
    if (l->src.dim == k)
        l->src.dim = out->rank;
    if (l->dst.dim == k)
        l->dst.dim = out->rank;
    out->count[out->rank] = in->count[k];
    out->src_stride[out->rank] = in->src_stride[k];
    out->dst_stride[out->rank] = in->dst_stride[k];
    out->rank++;
}

static bool is_mapped(const cs_lanes *l, int k)
{
    return l->src.dim == k || l->dst.dim == k;
}

void cs_lanes_simplify(cs_lanes *l)
{
    clslice_layout in = l->base;
    if (in.elements == 0) {
        clslice_layout_simplify(&l->base);
        l->src.dim = l->dst.dim = -1;
        return;
    }
    fold(l, &l->src, l->base.src_stride, &l->base.offset);
    fold(l, &l->dst, l->base.dst_stride, &l->base.dst_offset);
    in = l->base;
    l->base.rank = 0;
    int from = 0;
    for (int k = 0; k <= in.rank; k++) {
        if (k < in.rank && !is_mapped(l, k))
            continue;
        append_segment(&in, from, k, &l->base);
        if (k < in.rank)
            append_mapped(&in, k, l, &l->base);
        from = k + 1;
    }
}

/* ---- splitting mapped dims ---------------------------------------------- */

/* Lanes per block when map m over n indices splits (the file comment's
 * third case), else 0. */
static int64_t split_lanes(const cs_lane_map *m, int64_t n)
{
    if (m->step <= 0 || m->block % m->step != 0 ||
        m->start % m->block >= m->step)
        return 0;
    int64_t lanes = m->block / m->step;
    return n % lanes == 0 ? lanes : 0;
}

/* How dim k splits: into n / big blocks of the coarser side, big / small
 * blocks of the finer side within each, and small lanes (big == small
 * when one side is mapped, or both split alike; one must divide the
 * other when both are mapped: fsv16 into NC4HW4 splits 16 as 4 x 4). */
typedef struct split {
    int64_t big, small;
} split;

static bool split_of(const cs_lanes *l, int k, split *sp)
{
    const cs_lane_map *maps[] = {&l->src, &l->dst};
    int64_t n = l->base.count[k];
    sp->big = sp->small = 0;
    if (padded(l, k))
        return false;
    for (int s = 0; s < 2; s++) {
        if (maps[s]->dim != k)
            continue;
        int64_t own = split_lanes(maps[s], n);
        if (own == 0)
            return false;
        if (sp->big == 0) {
            sp->big = sp->small = own;
        } else {
            sp->small = own < sp->big ? own : sp->big;
            sp->big = own < sp->big ? sp->big : own;
        }
    }
    return sp->big % sp->small == 0;
}

/* One side's strides along the three dims a split dim becomes, and its
 * map's first element added to its offset.  A side without a map steps
 * its stride per index. */
static void split_side(const cs_lane_map *m, int64_t stride, split sp,
                       int64_t out[3], int64_t *offset)
{
    if (!m) {
        out[0] = stride * sp.big;
        out[1] = stride * sp.small;
        out[2] = stride;
        return;
    }
    *offset += cs_lane_element(m, 0);
    bool coarse = m->block / m->step == sp.big;
    out[0] = coarse ? m->block_stride : sp.big / sp.small * m->block_stride;
    out[1] = coarse ? sp.small * m->step : m->block_stride;
    out[2] = m->step;
}

static void append_dim(clslice_layout *out, int64_t count, int64_t src,
                       int64_t dst)
{
    out->count[out->rank] = count;
    out->src_stride[out->rank] = src;
    out->dst_stride[out->rank] = dst;
    out->rank++;
}

static void append_split(const cs_lanes *l, int k, split sp,
                         clslice_layout *out)
{
    const clslice_layout *in = &l->base;
    int64_t src[3], dst[3];
    split_side(l->src.dim == k ? &l->src : NULL, in->src_stride[k], sp, src,
               &out->offset);
    split_side(l->dst.dim == k ? &l->dst : NULL, in->dst_stride[k], sp, dst,
               &out->dst_offset);
    append_dim(out, in->count[k] / sp.big, src[0], dst[0]);
    append_dim(out, sp.big / sp.small, src[1], dst[1]);
    append_dim(out, sp.small, src[2], dst[2]);
}

static int64_t magnitude(int64_t x)
{
    return x < 0 ? -x : x;
}

/* Dims by decreasing |destination stride| (stable): a split puts a
 * block's lanes where its axis was, while the storage keeps them
 * innermost, so this order lets two tensors blocked alike merge into one
 * run.  Every destination element is written once, so any order gives
 * the same result. */
static void order_by_destination(clslice_layout *layout)
{
    for (int i = 1; i < layout->rank; i++) {
        int64_t c = layout->count[i], s = layout->src_stride[i],
                d = layout->dst_stride[i];
        int at = i;
        while (at > 0 &&
               magnitude(layout->dst_stride[at - 1]) < magnitude(d)) {
            layout->count[at] = layout->count[at - 1];
            layout->src_stride[at] = layout->src_stride[at - 1];
            layout->dst_stride[at] = layout->dst_stride[at - 1];
            at--;
        }
        layout->count[at] = c;
        layout->src_stride[at] = s;
        layout->dst_stride[at] = d;
    }
}

bool cs_lanes_affine(const cs_lanes *l, clslice_layout *out)
{
    const clslice_layout *in = &l->base;
    int maps = (l->src.dim >= 0) + (l->dst.dim >= 0 &&
                                    l->dst.dim != l->src.dim);
    if (in->rank + 2 * maps > CLSLICE_MAX_RANK)
        return false;
    *out = *in;
    out->rank = 0;
    for (int k = 0; k < in->rank; k++) {
        split sp;
        if (!is_mapped(l, k))
            append_dim(out, in->count[k], in->src_stride[k],
                       in->dst_stride[k]);
        else if (split_of(l, k, &sp))
            append_split(l, k, sp, out);
        else
            return false;
    }
    if (maps > 0)
        order_by_destination(out);
    cs_layout_set_extent(out);
    return true;
}
