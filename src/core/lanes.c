/*
 * Lanes layouts simplified, and made affine where the slice allows
 * (blocked.h).  A lane map x = start + j * step over a dim of count n is
 * affine in j when
 *   - every x lies in one block: element (x / block) * block_stride +
 *     x % block grows by step per index;
 *   - step is a multiple of the block: the lane is fixed and the block
 *     grows by step / block per index;
 *   - (cs_lanes_affine) 0 < step divides the block, the first lane lies
 *     below step and n is a multiple of L = block / step: every block
 *     then holds the same L lanes, so j = q * L + l splits the dim into
 *     blocks q (block_stride apart) and lanes l (step apart).  A slice of
 *     whole blocks (step 1, first lane 0) is this case with L = block.
 * A gather into a blocked destination whose axis has padding lanes keeps
 * its lane maps: only the lanes kernels write the zeros.
 */
#include "blocked.h"
#include "plan.h"

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

/* One side's strides along the two dims a split dim becomes: blocks and
 * lanes of a map, or the stride scaled by the lanes. */
static void split_side(const cs_lane_map *m, int64_t stride, int64_t lanes,
                       int64_t *outer, int64_t *inner, int64_t *offset)
{
    if (!m) {
        *outer = stride * lanes;
        *inner = stride;
        return;
    }
    *outer = m->block_stride;
    *inner = m->step;
    *offset += cs_lane_element(m, 0);
}

/* The lanes both maps of dim k agree on, 0 when they cannot split. */
static int64_t dim_lanes(const cs_lanes *l, int k)
{
    int64_t n = l->base.count[k], lanes = 0;
    if (padded(l, k))
        return 0;
    const cs_lane_map *maps[] = {&l->src, &l->dst};
    for (int s = 0; s < 2; s++) {
        if (maps[s]->dim != k)
            continue;
        int64_t own = split_lanes(maps[s], n);
        if (own == 0 || (lanes && own != lanes))
            return 0;
        lanes = own;
    }
    return lanes;
}

static void append_dim(clslice_layout *out, int64_t count, int64_t src,
                       int64_t dst)
{
    out->count[out->rank] = count;
    out->src_stride[out->rank] = src;
    out->dst_stride[out->rank] = dst;
    out->rank++;
}

/* Appends dim k split into blocks and lanes (lanes > 0). */
static void append_split(const cs_lanes *l, int k, int64_t lanes,
                         clslice_layout *out)
{
    const clslice_layout *in = &l->base;
    int64_t so, si, dout, di;
    split_side(l->src.dim == k ? &l->src : NULL, in->src_stride[k], lanes,
               &so, &si, &out->offset);
    split_side(l->dst.dim == k ? &l->dst : NULL, in->dst_stride[k], lanes,
               &dout, &di, &out->dst_offset);
    append_dim(out, in->count[k] / lanes, so, dout);
    append_dim(out, lanes, si, di);
}

bool cs_lanes_affine(const cs_lanes *l, clslice_layout *out)
{
    const clslice_layout *in = &l->base;
    int splits = (l->src.dim >= 0) + (l->dst.dim >= 0 &&
                                      l->dst.dim != l->src.dim);
    if (in->rank + splits > CLSLICE_MAX_RANK)
        return false;
    *out = *in;
    out->rank = 0;
    for (int k = 0; k < in->rank; k++) {
        if (!is_mapped(l, k)) {
            append_dim(out, in->count[k], in->src_stride[k],
                       in->dst_stride[k]);
            continue;
        }
        int64_t lanes = dim_lanes(l, k);
        if (lanes == 0)
            return false;
        append_split(l, k, lanes, out);
    }
    cs_layout_set_extent(out);
    return true;
}
