/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Plans resolved into strided copies, and their simplification.
 *
 * The simplified layout is what executors run: size-1 dimensions dropped and
 * neighbours merged where they chain in both source and destination, so
 * most slices become 1-, 2- or 3-D problems (docs/design.md, technique 1).
 */
#include <string.h>

#include "core/layout/layout.h"

static bool has_zero_count(const clslice_plan *plan)
{
    for (int d = 0; d < plan->rank; d++)
        if (plan->count[d] == 0)
            return true;
    return false;
}

static void empty_layout(clslice_layout *layout, int rank)
{
    memset(layout, 0, sizeof *layout);
    layout->rank = rank;
    layout->src_max = -1;
}

/* Row-major element strides of the input (its element count is known to
 * fit in int64, so no product overflows). */
static void input_strides(const clslice_plan *plan, int64_t *stride)
{
    int64_t running = 1;
    for (int d = plan->rank - 1; d >= 0; d--) {
        stride[d] = running;
        running *= plan->shape[d];
    }
}

bool cs_layout_set_extent(clslice_layout *layout)
{
    int64_t low = layout->offset, high = layout->offset, reach;
    for (int k = 0; k < layout->rank; k++) {
        if (__builtin_mul_overflow(layout->count[k] - 1,
                                   layout->src_stride[k], &reach) ||
            __builtin_add_overflow(reach < 0 ? low : high, reach,
                                   reach < 0 ? &low : &high))
            return false;
    }
    layout->src_min = low;
    layout->src_max = high;
    return true;
}

clslice_status clslice_plan_layout(const clslice_plan *plan,
                                   clslice_layout *layout, clslice_error *err)
{
    if (!plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "plan is NULL (released?)");
    if (!layout)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "layout is NULL");
    if (!plan->known)
        return cs_fail(err, CLSLICE_ERROR_UNKNOWN,
                       "the plan has unknown sizes or indices; build it on a "
                       "fully known shape and spec to execute it");
    int64_t in_elements;
    clslice_status st = cs_input_elements(plan, &in_elements, err);
    if (st != CLSLICE_OK)
        return st;
    empty_layout(layout, plan->rank);
    for (int d = 0; d < plan->rank; d++)
        layout->count[d] = plan->count[d];
    if (has_zero_count(plan))
        return cs_ok(err);

    int64_t instride[CLSLICE_MAX_RANK];
    input_strides(plan, instride);
    /* Every product below is bounded by the input's element count: a dim
     * read more than once has |step| * (count - 1) < n, and one read once
     * needs no stride at all. */
    int64_t dst_running = 1;
    for (int d = plan->rank - 1; d >= 0; d--) {
        layout->offset += plan->start[d] * instride[d];
        layout->src_stride[d] =
            plan->count[d] > 1 ? plan->step[d] * instride[d] : 0;
        layout->dst_stride[d] = dst_running;
        dst_running *= plan->count[d];
    }
    layout->elements = dst_running;
    cs_layout_set_extent(layout);
    return cs_ok(err);
}

static void drop_unit_dims(clslice_layout *layout)
{
    int kept = 0;
    for (int k = 0; k < layout->rank; k++) {
        if (layout->count[k] == 1)
            continue;
        layout->count[kept] = layout->count[k];
        layout->src_stride[kept] = layout->src_stride[k];
        layout->dst_stride[kept] = layout->dst_stride[k];
        kept++;
    }
    layout->rank = kept;
}

/* Dims `outer` and `inner` (its neighbour once compacted) are one run when
 * stepping outer once equals stepping inner count[inner] times, in both the
 * source and the destination.  Overflowing products never chain. */
static bool chains_into(const clslice_layout *layout, int outer, int inner)
{
    int64_t src_span, dst_span;
    if (__builtin_mul_overflow(layout->src_stride[inner], layout->count[inner],
                               &src_span) ||
        __builtin_mul_overflow(layout->dst_stride[inner], layout->count[inner],
                               &dst_span))
        return false;
    return layout->src_stride[outer] == src_span &&
           layout->dst_stride[outer] == dst_span;
}

static void merge_chained_dims(clslice_layout *layout)
{
    int out = 0;
    for (int k = 0; k < layout->rank; k++) {
        if (out > 0 && chains_into(layout, out - 1, k)) {
            layout->count[out - 1] *= layout->count[k];
            layout->src_stride[out - 1] = layout->src_stride[k];
            layout->dst_stride[out - 1] = layout->dst_stride[k];
            continue;
        }
        layout->count[out] = layout->count[k];
        layout->src_stride[out] = layout->src_stride[k];
        layout->dst_stride[out] = layout->dst_stride[k];
        out++;
    }
    layout->rank = out;
}

void clslice_layout_simplify(clslice_layout *layout)
{
    if (!layout)
        return;
    if (layout->elements == 0) {
        empty_layout(layout, 1);
        return;
    }
    drop_unit_dims(layout);
    merge_chained_dims(layout);
}
