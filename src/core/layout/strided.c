/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Strided views as layouts.  A view is a shape, signed element strides
 * and the byte offset of its element (0, ..., 0); elements with negative
 * strides lie before that offset.  The plan already says which index of
 * every input dim is read (start, step, count), so a view changes only
 * the strides those indices are multiplied by: the source stride of input
 * dim d becomes step[d] * src_strides[d] instead of step[d] times the
 * row-major stride, and the destination stride of a dim is the view's
 * stride of the output dim it became.  Offsets then count from the views'
 * element 0 and may be negative; the executors add the byte offsets.
 *
 * Every check that does not depend on a buffer is made here, once, for
 * the host and the device alike:
 *  - a view's extent, the sum of (size - 1) * stride over its dims of
 *    either sign, must fit int64 (then no index of the layout overflows);
 *  - a destination must not address one element twice.  Deciding that
 *    exactly for arbitrary strides is a hard problem, so a sufficient rule
 *    is used: with the dims of size > 1 sorted by |stride|, each |stride|
 *    must exceed the reach (sum of (size - 1) * |stride|) of the dims
 *    before it.  Every row-major, transposed, padded or reversed layout
 *    passes; a zero stride on a dim of size > 1 does not.
 */
#include <inttypes.h>
#include <stdio.h>

#include "core/layout/layout.h"
#include "core/layout/scatter.h"
#include "core/layout/strided.h"

/* Row-major strides, a zero dim counted as 1.  The product fits int64
 * for a view that holds an element (its element count was checked); an
 * empty view's may not ({0, 2^62, 8}), and its strides address nothing,
 * so past an overflow they are 0. */
static void row_major(cs_strided_view *v)
{
    int64_t running = 1;
    for (int d = v->rank - 1; d >= 0; d--) {
        v->stride[d] = running;
        if (v->shape[d] > 0 &&
            __builtin_mul_overflow(running, v->shape[d], &running))
            running = 0;
    }
}

/* A dim of a view as messages name it: "src.strides[2] = 8 (dim 2 of
 * size 3)"; a blocked view's axis counts blocks, and its lanes are named
 * by the block ("the lanes of src (src_blocking->block = 4)"). */
static const char *dim_words(const cs_strided_view *v, int d, char *buf,
                             size_t size)
{
    if (v->blocked && d == v->rank - 1)
        snprintf(buf, size, "the lanes of %s (%s_blocking->block = %" PRId64
                 ")", v->name, v->name, v->block);
    else
        snprintf(buf, size, "%s%s[%d] = %" PRId64 " (dim %d of %s%" PRId64
                 "%s)", v->name, cs_strides_part(v->member), d, v->stride[d],
                 d, v->blocked && d == v->axis ? "" : "size ", v->shape[d],
                 v->blocked && d == v->axis ? " blocks" : "");
    return buf;
}

static clslice_status overflow(const cs_strided_view *v, int d,
                               clslice_error *err)
{
    char words[160];
    return cs_fail(err, CLSLICE_ERROR_BUFFER,
                   "%s: the %s view spans more elements than int64 can "
                   "index", dim_words(v, d, words, sizeof words), v->name);
}

/* low and high of a non-empty view, failing when its extent, or the
 * distance high - low, does not fit int64. */
static clslice_status extent(cs_strided_view *v, clslice_error *err)
{
    int64_t low = 0, high = 0, reach, span;
    for (int d = 0; d < v->rank; d++) {
        if (v->shape[d] <= 1)
            continue;
        if (__builtin_mul_overflow(v->shape[d] - 1, v->stride[d], &reach) ||
            (reach < 0 ? __builtin_add_overflow(low, reach, &low)
                       : __builtin_add_overflow(high, reach, &high)) ||
            low == INT64_MIN || high == INT64_MAX ||
            __builtin_sub_overflow(high, low, &span))
            return overflow(v, d, err);
    }
    v->low = low;
    v->high = high;
    return CLSLICE_OK;
}

clslice_status cs_strided_resolve(cs_strided_view *v, const int64_t *strides,
                                  clslice_error *err)
{
    v->empty = false;
    v->low = v->high = 0;
    for (int d = 0; d < v->rank; d++)
        v->empty = v->empty || v->shape[d] == 0;
    if (strides) {
        for (int d = 0; d < v->rank; d++)
            v->stride[d] = strides[d];
    } else {
        row_major(v);
    }
    return v->empty ? CLSLICE_OK : extent(v, err);
}

static int64_t magnitude(int64_t x)
{
    return x < 0 ? -x : x; /* extent() ruled out INT64_MIN */
}

/* The sufficient non-overlap rule of the file comment. */
clslice_status cs_strided_disjoint(const cs_strided_view *v,
                                   clslice_error *err)
{
    int order[CLSLICE_MAX_RANK], n = 0;
    if (v->empty)
        return CLSLICE_OK;
    for (int d = 0; d < v->rank; d++) {
        if (v->shape[d] <= 1)
            continue;
        int at = n++;
        while (at > 0 && magnitude(v->stride[order[at - 1]]) >
                             magnitude(v->stride[d])) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = d;
    }
    int64_t reach = 0; /* bounded by high - low, which fits */
    for (int i = 0; i < n; i++) {
        int d = order[i];
        int64_t step = magnitude(v->stride[d]);
        char words[160];
        if (step <= reach)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s may address an element of %s twice: the "
                           "dims of smaller |stride| reach %" PRId64
                           " elements, so its |stride| must exceed that (a "
                           "destination view must not overlap itself)",
                           dim_words(v, d, words, sizeof words), v->name,
                           reach);
        reach += (v->shape[d] - 1) * step;
    }
    return CLSLICE_OK;
}

/* Both views of a call resolved, and the destination checked never to
 * address an element twice. */
static clslice_status resolve_pair(cs_strided_view *in,
                                   const int64_t *in_strides,
                                   cs_strided_view *out,
                                   const int64_t *out_strides,
                                   clslice_error *err)
{
    clslice_status st = cs_strided_resolve(in, in_strides, err);
    if (st == CLSLICE_OK)
        st = cs_strided_resolve(out, out_strides, err);
    if (st == CLSLICE_OK)
        st = cs_strided_disjoint(out, err);
    return st;
}

/* The plan's reads of a view of its input: offset and stride per input
 * dim.  Indices lie inside the view, so nothing overflows its extent. */
static void input_dims(const clslice_plan *plan, const cs_strided_view *v,
                       int64_t *offset, int64_t *stride)
{
    *offset = 0;
    for (int d = 0; d < plan->rank; d++) {
        *offset += plan->start[d] * v->stride[d];
        stride[d] = plan->count[d] > 1 ? plan->step[d] * v->stride[d] : 0;
    }
}

clslice_status cs_strided_gather_layout(const clslice_plan *plan,
                                        const int64_t *src_strides,
                                        const int64_t *dst_strides,
                                        bool members, cs_strided_view *src,
                                        cs_strided_view *dst,
                                        clslice_layout *layout,
                                        clslice_error *err)
{
    clslice_status st = clslice_plan_layout(plan, layout, err);
    if (st != CLSLICE_OK)
        return st;
    *src = (cs_strided_view){.name = "src", .member = members,
                             .rank = plan->rank};
    *dst = (cs_strided_view){.name = "dst", .member = members,
                             .rank = plan->out_rank};
    clslice_plan_input_shape(plan, src->shape);
    clslice_plan_output_shape(plan, dst->shape);
    st = resolve_pair(src, src_strides, dst, dst_strides, err);
    if (st != CLSLICE_OK || layout->elements == 0)
        return st;
    input_dims(plan, src, &layout->offset, layout->src_stride);
    for (int k = 0; k < plan->rank; k++)
        layout->dst_stride[k] = 0; /* shrunk, or read once */
    for (int j = 0; j < plan->out_rank; j++) {
        int k = plan->out_source[j];
        if (k >= 0 && plan->count[k] > 1)
            layout->dst_stride[k] = dst->stride[j];
    }
    layout->dst_offset = 0; /* output element 0 is the view's element 0 */
    cs_layout_set_extent(layout);
    return CLSLICE_OK;
}

/* The value's stride for every input dim: its view stride along the final
 * dim that input dim became, 0 where it broadcasts, is shrunk or is read
 * once (the shape matched the rule already). */
static void value_dims(const clslice_plan *plan, const cs_strided_view *v,
                       int64_t *stride)
{
    for (int k = 0; k < plan->rank; k++)
        stride[k] = 0;
    int lead = v->rank - plan->out_rank;
    for (int i = 0; i < v->rank; i++) {
        int j = i - lead;
        int k = j >= 0 ? plan->out_source[j] : -1;
        if (k >= 0 && v->shape[i] == plan->count[k] && plan->count[k] > 1)
            stride[k] = v->stride[i];
    }
}

clslice_status cs_strided_scatter_layout(const clslice_plan *plan,
                                         const int64_t *value_shape,
                                         int value_rank,
                                         const int64_t *value_strides,
                                         clslice_value_rule rule,
                                         const char *value_name,
                                         const int64_t *dst_strides,
                                         bool members,
                                         cs_strided_view *value,
                                         cs_strided_view *dst,
                                         clslice_layout *layout,
                                         clslice_error *err)
{
    clslice_status st = cs_scatter_layout(plan, value_shape, value_rank,
                                          rule, value_name, layout, err);
    if (st != CLSLICE_OK)
        return st;
    *value = (cs_strided_view){.name = value_name, .member = members,
                               .rank = value_rank};
    *dst = (cs_strided_view){.name = "dst", .member = members,
                             .rank = plan->rank};
    for (int i = 0; i < value_rank; i++)
        value->shape[i] = value_shape[i];
    clslice_plan_input_shape(plan, dst->shape);
    st = resolve_pair(value, value_strides, dst, dst_strides, err);
    if (st != CLSLICE_OK || layout->elements == 0)
        return st;
    input_dims(plan, dst, &layout->dst_offset, layout->dst_stride);
    value_dims(plan, value, layout->src_stride);
    layout->offset = 0;
    cs_layout_set_extent(layout);
    return CLSLICE_OK;
}

clslice_status cs_strided_span(const cs_strided_view *view, size_t elem_size,
                               cs_strided_bytes *bytes, clslice_error *err)
{
    bytes->before = bytes->after = 0;
    if (view->empty)
        return CLSLICE_OK;
    if (!cs_size_mul(-view->low, elem_size, &bytes->before) ||
        !cs_size_mul(view->high + 1, elem_size, &bytes->after))
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "the %s view (elements %" PRId64 " to %" PRId64
                       " around %s%s, of %zu bytes) is larger than any "
                       "buffer", view->name, view->low, view->high,
                       view->name, cs_offset_part(view->member), elem_size);
    return CLSLICE_OK;
}

/* ---- the public layout builders ---------------------------------------- */

clslice_status clslice_plan_layout_strided(const clslice_plan *plan,
                                           const int64_t *src_strides,
                                           const int64_t *dst_strides,
                                           clslice_layout *layout,
                                           clslice_error *err)
{
    cs_strided_view src, dst;
    clslice_status st = cs_strided_gather_layout(plan, src_strides,
                                                 dst_strides, false, &src,
                                                 &dst, layout, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

clslice_status clslice_plan_scatter_layout_strided(
    const clslice_plan *plan, const int64_t *value_shape, int value_rank,
    const int64_t *value_strides, clslice_value_rule rule,
    const int64_t *dst_strides, clslice_layout *layout, clslice_error *err)
{
    cs_strided_view value, dst;
    clslice_status st = cs_strided_scatter_layout(
        plan, value_shape, value_rank, value_strides, rule, "value",
        dst_strides, false, &value, &dst, layout, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
