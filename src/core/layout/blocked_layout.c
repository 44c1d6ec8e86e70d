/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Blocked tensors resolved and turned into lanes layouts (blocked_layout.h).
 *
 * A blocked tensor is checked as the strided view of its storage: its
 * logical dims with the axis counting blocks (at strides[axis]), and one
 * more dim, innermost, of `block` lanes at stride 1.  Every rule of the
 * strided views then covers it, padding lanes included: the extent fits
 * int64, every byte lies in the buffer, a destination addresses no
 * element twice.
 *
 * The layouts count from each tensor's element 0 (the storage's first
 * element for a blocked tensor), as the strided layouts do: an index that
 * is fixed (a shrunk dim, a broadcast value dim) adds its element to the
 * offset, blocked or not.
 */
#include <inttypes.h>
#include <string.h>

#include "core/layout/blocked_layout.h"
#include "core/layout/layout.h"
#include "core/layout/scatter.h"

/* ---- blocked tensors as views of their storage ------------------------- */

static clslice_status check_blocking(const char *name, int rank,
                                     const clslice_blocking *b,
                                     clslice_error *err)
{
    if (b->axis < 0 || b->axis >= rank)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s_blocking->axis = %d is not a dim of %s (rank %d)",
                       name, b->axis, name, rank);
    if (b->block < 1)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s_blocking->block = %d must be at least 1", name,
                       b->block);
    if (b->first_lane < 0 || b->first_lane >= b->block)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s_blocking->first_lane = %d must lie in [0, %d) "
                       "(%s_blocking->block = %d)", name, b->first_lane,
                       b->block, name, b->block);
    if (b->flags)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s_blocking->flags = 0x%x: no flag is defined; "
                       "it must be 0", name, b->flags);
    return CLSLICE_OK;
}

/* Blocks the axis of size `size` occupies: ceil((first_lane + size) /
 * block), which always fits int64 (block >= 2 when first_lane > 0), but
 * first_lane + size may not (an axis near INT64_MAX), so the quotient is
 * taken of size first; the remainder's sum stays below 3 * INT_MAX. */
static int64_t blocks_of(int64_t size, const clslice_blocking *b)
{
    if (size <= 0)
        return 0;
    int64_t whole = size / b->block, rest = size % b->block;
    return whole + (b->first_lane + rest + b->block - 1) / b->block;
}

/* The storage's shape; CLSLICE_ERROR_BUFFER when it holds more than
 * INT64_MAX elements, so that its row-major strides cannot overflow. */
static clslice_status storage_shape(cs_strided_view *v, const int64_t *shape,
                                    const clslice_blocking *b,
                                    clslice_error *err)
{
    int rank = v->rank - 1;
    int64_t total = 1;
    bool empty = false;
    for (int d = 0; d < rank; d++)
        v->shape[d] = d == b->axis ? blocks_of(shape[d], b) : shape[d];
    v->shape[rank] = b->block;
    for (int d = 0; d <= rank; d++)
        empty = empty || v->shape[d] == 0;
    for (int d = 0; d <= rank && !empty; d++)
        if (__builtin_mul_overflow(total, v->shape[d], &total))
            return cs_fail(err, CLSLICE_ERROR_BUFFER,
                           "the blocked %s tensor (axis %d of size %" PRId64
                           " in blocks of %d) holds more than INT64_MAX "
                           "elements", v->name, b->axis, shape[b->axis],
                           b->block);
    return CLSLICE_OK;
}

/* The view of one tensor of logical `shape`: its storage when blocked. */
static clslice_status tensor_view(cs_strided_view *v, const char *name,
                                  bool members, const int64_t *shape,
                                  int rank, cs_tensor_form form,
                                  clslice_error *err)
{
    const clslice_blocking *b = form.blocking;
    *v = (cs_strided_view){.name = name, .member = members, .rank = rank};
    if (!b) {
        for (int d = 0; d < rank; d++)
            v->shape[d] = shape[d];
        return cs_strided_resolve(v, form.strides, err);
    }
    clslice_status st = check_blocking(name, rank, b, err);
    if (st != CLSLICE_OK)
        return st;
    v->rank = rank + 1;
    v->blocked = true;
    v->axis = b->axis;
    v->block = b->block;
    st = storage_shape(v, shape, b, err);
    if (st != CLSLICE_OK || !form.strides)
        return st == CLSLICE_OK ? cs_strided_resolve(v, NULL, err) : st;
    int64_t strides[CLSLICE_MAX_RANK + 1];
    memcpy(strides, form.strides, (size_t)rank * sizeof *strides);
    strides[rank] = 1; /* the lanes */
    return cs_strided_resolve(v, strides, err);
}

/* ---- one side of a lanes layout ----------------------------------------- */

/* A side's lane map through blocking b, along the view's axis. */
static cs_lane_map lane_map(int dim, int64_t start, int64_t step,
                            const clslice_blocking *b,
                            const cs_strided_view *v, int64_t count)
{
    return (cs_lane_map){.dim = dim, .start = b->first_lane + start,
                         .step = step, .block = b->block,
                         .block_stride = v->stride[b->axis], .lo = 0,
                         .hi = count};
}

/* The element of a side at a fixed index of logical dim d. */
static int64_t fixed_element(const cs_strided_view *v,
                             const clslice_blocking *b, int d, int64_t index)
{
    if (!b || d != b->axis)
        return index * v->stride[d];
    cs_lane_map m = lane_map(0, index, 0, b, v, 1);
    return cs_lane_element(&m, 0);
}

static void no_maps(cs_lanes *lanes)
{
    lanes->src = lanes->dst = (cs_lane_map){.dim = -1};
}

/* ---- gathers ------------------------------------------------------------ */

/* The source side of output dim j: a lane map, a stride, or nothing (a
 * new axis). */
static void gather_source(const clslice_plan *plan, const cs_strided_view *sv,
                          const clslice_blocking *b, int j, cs_lanes *l)
{
    int k = plan->out_source[j];
    if (k < 0)
        return;
    if (b && k == b->axis)
        l->src = lane_map(j, plan->start[k], plan->step[k], b, sv,
                          l->base.count[j]);
    else if (plan->count[k] > 1)
        l->base.src_stride[j] = plan->step[k] * sv->stride[k];
}

/* The source offset: every input dim's first index, but the one a lane
 * map starts. */
static int64_t gather_offset(const clslice_plan *plan,
                             const cs_strided_view *sv,
                             const clslice_blocking *b, const cs_lanes *l)
{
    int64_t offset = 0;
    for (int k = 0; k < plan->rank; k++)
        if (!(b && k == b->axis && l->src.dim >= 0))
            offset += fixed_element(sv, b, k, plan->start[k]);
    return offset;
}

/* The refusal of a gather whose padded walk (pad_axis) leaves int64. */
static clslice_status padding_overflow(const clslice_blocking *b,
                                       int64_t lanes, clslice_error *err)
{
    return cs_fail(err, CLSLICE_ERROR_BUFFER,
                   "dst_blocking->block = %d (first_lane %d): the %" PRId64
                   " lanes of dst's axis %d, padding included, walk the "
                   "source past what int64 can index at its strides",
                   b->block, b->first_lane, lanes, b->axis);
}

/* A blocked destination's axis: all its blocks' lanes, those outside
 * [first_lane, first_lane + size) padding; the source is shifted so that
 * lane first_lane reads its index 0.  The lanes are the storage's, which
 * fits; the shift, first_lane source steps back, may not (block INT_MAX
 * and a source stride of 2^40), so it is checked. */
static clslice_status pad_axis(const cs_strided_view *dv,
                               const clslice_blocking *b, cs_lanes *l,
                               clslice_error *err)
{
    int a = b->axis;
    int64_t size = l->base.count[a], shift;
    l->base.count[a] = blocks_of(size, b) * b->block;
    l->dst = lane_map(a, 0, 1, b, dv, l->base.count[a]);
    l->dst.start = 0;
    l->dst.lo = b->first_lane;
    l->dst.hi = b->first_lane + size;
    if (__builtin_mul_overflow(l->dst.lo, l->base.src_stride[a], &shift) ||
        __builtin_sub_overflow(l->base.offset, shift, &l->base.offset))
        return padding_overflow(b, l->base.count[a], err);
    if (l->src.dim == a) {
        if (__builtin_mul_overflow(l->dst.lo, l->src.step, &shift) ||
            __builtin_sub_overflow(l->src.start, shift, &l->src.start))
            return padding_overflow(b, l->base.count[a], err);
        l->src.hi = l->base.count[a];
    }
    return CLSLICE_OK;
}

static clslice_status gather_lanes(const clslice_plan *plan,
                                   const cs_strided_view *sv,
                                   const clslice_blocking *sb,
                                   const cs_strided_view *dv,
                                   const clslice_blocking *db, cs_lanes *l,
                                   clslice_error *err)
{
    clslice_layout *base = &l->base;
    no_maps(l);
    base->rank = plan->out_rank;
    clslice_plan_output_shape(plan, base->count);
    base->elements = clslice_plan_output_elements(plan);
    base->dst_offset = 0;
    base->offset = 0;
    for (int j = 0; j < base->rank; j++)
        base->src_stride[j] = base->dst_stride[j] = 0;
    /* An empty output comes from an empty source, whose strides were
     * never checked: no arithmetic may touch them, and nothing is read. */
    if (base->elements == 0) {
        base->src_min = 0;
        base->src_max = -1;
        return CLSLICE_OK;
    }
    for (int j = 0; j < base->rank; j++) {
        base->dst_stride[j] = base->count[j] > 1 ? dv->stride[j] : 0;
        gather_source(plan, sv, sb, j, l);
    }
    base->offset = gather_offset(plan, sv, sb, l);
    if (!db) {
        cs_layout_set_extent(base); /* the source view's: it fits */
        return CLSLICE_OK;
    }
    base->dst_stride[db->axis] = 0;
    clslice_status st = pad_axis(dv, db, l, err);
    if (st != CLSLICE_OK)
        return st;
    base->elements = 1;
    for (int j = 0; j < base->rank; j++)
        base->elements *= base->count[j]; /* the storage's, it fits */
    return cs_layout_set_extent(base)
               ? CLSLICE_OK
               : padding_overflow(db, base->count[db->axis], err);
}

clslice_status cs_blocked_gather_lanes(const clslice_plan *plan,
                                       cs_tensor_form src, cs_tensor_form dst,
                                       bool members, cs_strided_view *sv,
                                       cs_strided_view *dv, cs_lanes *lanes,
                                       clslice_error *err)
{
    int64_t in_shape[CLSLICE_MAX_RANK], out_shape[CLSLICE_MAX_RANK];
    clslice_status st = clslice_plan_layout(plan, &lanes->base, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_plan_input_shape(plan, in_shape);
    clslice_plan_output_shape(plan, out_shape);
    st = tensor_view(sv, "src", members, in_shape, plan->rank, src, err);
    if (st == CLSLICE_OK)
        st = tensor_view(dv, "dst", members, out_shape, plan->out_rank, dst,
                         err);
    if (st == CLSLICE_OK)
        st = cs_strided_disjoint(dv, err);
    if (st == CLSLICE_OK)
        st = gather_lanes(plan, sv, src.blocking, dv, dst.blocking, lanes,
                          err);
    return st;
}

/* ---- scatters ----------------------------------------------------------- */

/* The value side: value dim i reads input dim k's index when its size is
 * the slice's (> 1); else it is read at index 0 (a broadcast, a leading
 * or new-axis dim of size 1), which the offset holds. */
static void value_side(const clslice_plan *plan, const cs_strided_view *vv,
                       const clslice_blocking *b, int value_rank,
                       const int64_t *value_shape, cs_lanes *l)
{
    int lead = value_rank - plan->out_rank;
    l->base.offset = 0;
    for (int k = 0; k < plan->rank; k++)
        l->base.src_stride[k] = 0;
    for (int i = 0; i < value_rank; i++) {
        int j = i - lead;
        int k = j >= 0 ? plan->out_source[j] : -1;
        bool walks = k >= 0 && value_shape[i] == plan->count[k] &&
                     plan->count[k] > 1;
        if (!walks)
            l->base.offset += fixed_element(vv, b, i, 0);
        else if (b && i == b->axis)
            l->src = lane_map(k, 0, 1, b, vv, plan->count[k]);
        else
            l->base.src_stride[k] = vv->stride[i];
    }
}

/* The destination side: input dim k at the plan's start and step. */
static void dst_side(const clslice_plan *plan, const cs_strided_view *dv,
                     const clslice_blocking *b, cs_lanes *l)
{
    l->base.dst_offset = 0;
    for (int k = 0; k < plan->rank; k++) {
        l->base.dst_stride[k] = 0;
        if (b && k == b->axis && plan->count[k] > 1) {
            l->dst = lane_map(k, plan->start[k], plan->step[k], b, dv,
                              plan->count[k]);
            continue;
        }
        l->base.dst_offset += fixed_element(dv, b, k, plan->start[k]);
        if (plan->count[k] > 1)
            l->base.dst_stride[k] = plan->step[k] * dv->stride[k];
    }
}

clslice_status cs_blocked_scatter_lanes(const clslice_plan *plan,
                                        const int64_t *value_shape,
                                        int value_rank, cs_tensor_form value,
                                        clslice_value_rule rule,
                                        const char *value_name,
                                        cs_tensor_form dst, bool members,
                                        cs_strided_view *vv,
                                        cs_strided_view *dv, cs_lanes *lanes,
                                        clslice_error *err)
{
    int64_t in_shape[CLSLICE_MAX_RANK];
    clslice_status st = cs_scatter_layout(plan, value_shape, value_rank,
                                          rule, value_name, &lanes->base,
                                          err);
    if (st != CLSLICE_OK)
        return st;
    clslice_plan_input_shape(plan, in_shape);
    st = tensor_view(vv, value_name, members, value_shape, value_rank, value,
                     err);
    if (st == CLSLICE_OK)
        st = tensor_view(dv, "dst", members, in_shape, plan->rank, dst, err);
    if (st == CLSLICE_OK)
        st = cs_strided_disjoint(dv, err);
    no_maps(lanes);
    if (st != CLSLICE_OK || lanes->base.elements == 0)
        return st;
    value_side(plan, vv, value.blocking, value_rank, value_shape, lanes);
    dst_side(plan, dv, dst.blocking, lanes);
    cs_layout_set_extent(&lanes->base);
    return CLSLICE_OK;
}
