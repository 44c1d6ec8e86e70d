/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * One part of a concatenation resolved for both executors: its plan
 * checked against the destination's shape (parts[0].plan's input), then
 * its source and the destination as strided views, and the layout that
 * writes the one into the other.  A part is a scatter whose value has
 * the slice's final shape exactly, so the scatter's layout builder
 * (strided.c) does the work, under the part's own names.
 */
#include <inttypes.h>
#include <stdio.h>

#include "core/concat/concat_part.h"
#include "core/plan/plan.h"

static clslice_status same_shape(const clslice_plan *plan,
                                 const clslice_plan *first, size_t i,
                                 clslice_error *err)
{
    if (plan->rank != first->rank)
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "parts[%zu].plan has an input of rank %d but "
                       "parts[0].plan one of rank %d: the parts slice one "
                       "destination", i, plan->rank, first->rank);
    for (int d = 0; d < plan->rank; d++)
        if (plan->shape[d] != first->shape[d])
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "parts[%zu].plan has input dim %d = %" PRId64
                           " but parts[0].plan has %" PRId64 ": the parts "
                           "slice one destination", i, d, plan->shape[d],
                           first->shape[d]);
    return CLSLICE_OK;
}

clslice_status cs_concat_part_layout(const clslice_plan *plan,
                                     const clslice_plan *first, size_t i,
                                     const int64_t *src_strides,
                                     const int64_t *dst_strides,
                                     bool members, cs_concat_part *part,
                                     clslice_error *err)
{
    snprintf(part->name, sizeof part->name, "parts[%zu].src", i);
    clslice_status st = same_shape(plan, first, i, err);
    if (st == CLSLICE_OK) /* the plan's own checks, under its name */
        st = cs_prefix_entry(err, clslice_plan_layout(plan, &part->layout,
                                                      err),
                             "parts", i, "plan");
    if (st != CLSLICE_OK)
        return st;
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, shape);
    return cs_strided_scatter_layout(plan, shape, plan->out_rank,
                                     src_strides, CLSLICE_VALUE_EXACT,
                                     part->name, dst_strides, members,
                                     &part->src, &part->dst, &part->layout,
                                     err);
}

/* A part struct's first member is its plan: a pointer to the struct is
 * one to that member (C11 6.7.2.1). */
static const clslice_plan *plan_of(const void *parts, size_t part_size,
                                   size_t i)
{
    const clslice_plan *const *plan =
        (const void *)((const char *)parts + i * part_size);
    return *plan;
}

clslice_status cs_concat_check_parts(const void *parts, size_t part_size,
                                     size_t count, size_t elem_size,
                                     clslice_error *err)
{
    if (!parts)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "parts is NULL");
    if (count == 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "count is 0: a concatenation needs at least one "
                       "part");
    for (size_t i = 0; i < count; i++)
        if (!plan_of(parts, part_size, i))
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "parts[%zu].plan is NULL", i);
    return cs_check_plan_elem(plan_of(parts, part_size, 0), elem_size, err);
}
