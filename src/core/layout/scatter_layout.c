/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Plans as scatters: the strided copy that writes a value tensor into a
 * slice (TF StridedSliceAssign, MXNet _slice_assign, StridedSliceGrad).
 *
 * The gather layout already walks the slice in the right order; a scatter
 * swaps its roles.  What the slice read becomes the destination, and the
 * source becomes the value, addressed through the final shape: each
 * non-shrunk input dim is one final dim, whose value stride is the value's
 * own row-major stride, or 0 where the value broadcasts.
 */
#include <inttypes.h>
#include <stdio.h>

#include "core/plan/plan.h"
#include "core/layout/scatter.h"

/* "[2,1,3]" into buf. */
static const char *shape_text(const int64_t *shape, int rank, char *buf,
                              size_t size)
{
    size_t used = 0;
    buf[used++] = '[';
    buf[used] = '\0';
    for (int i = 0; i < rank && used + 24 < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%" PRId64,
                                 i ? "," : "", shape[i]);
    snprintf(buf + used, size - used, "]");
    return buf;
}

static clslice_status check_value_shape(const int64_t *shape, int rank,
                                        const char *name, clslice_error *err)
{
    if (rank < 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "%s_rank = %d is negative",
                       name, rank);
    if (rank > CLSLICE_MAX_RANK)
        return cs_fail(err, CLSLICE_ERROR_RANK,
                       "%s_rank = %d exceeds CLSLICE_MAX_RANK (%d)", name,
                       rank, CLSLICE_MAX_RANK);
    if (rank > 0 && !shape)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s_shape is NULL but %s_rank = %d", name, name, rank);
    for (int v = 0; v < rank; v++)
        if (shape[v] < 0)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s_shape[%d] = %" PRId64 " is negative", name, v,
                           shape[v]);
    int64_t elements;
    return cs_value_elements(shape, rank, name, &elements, err);
}

clslice_status cs_value_elements(const int64_t *shape, int rank,
                                 const char *name, int64_t *elements,
                                 clslice_error *err)
{
    *elements = 1;
    for (int v = 0; v < rank; v++)
        if (shape[v] == 0) {
            *elements = 0;
            return CLSLICE_OK;
        }
    for (int v = 0; v < rank; v++)
        if (__builtin_mul_overflow(*elements, shape[v], elements))
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "the %s has more than %lld elements (overflow at "
                           "dim %d of size %" PRId64 ")", name,
                           (long long)INT64_MAX, v, shape[v]);
    return CLSLICE_OK;
}

/* CLSLICE_VALUE_EXACT: same rank, same sizes. */
static clslice_status match_exact(const int64_t *shape, int rank,
                                  const int64_t *final, int final_rank,
                                  const char *name, clslice_error *err,
                                  cs_r_fault *f)
{
    char a[600], b[600];
    if (rank != final_rank)
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "%s has rank %d but the slice's final shape %s has "
                       "rank %d (%s shape %s)", name, rank,
                       shape_text(final, final_rank, a, sizeof a), final_rank,
                       name, shape_text(shape, rank, b, sizeof b));
    for (int v = 0; v < rank; v++)
        if (cs_r_value_dim(0, v, v, shape[v], final[v], f) != CS_R_OK)
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "%s dim %d has size %" PRId64 " but slice dim %d "
                           "has size %" PRId64 " (final shape %s)", name, v,
                           shape[v], v, final[v],
                           shape_text(final, final_rank, a, sizeof a));
    return CLSLICE_OK;
}

/* CLSLICE_VALUE_BROADCAST: numpy broadcasting of the value to the final
 * shape, dims aligned from the right. */
static clslice_status match_broadcast(const int64_t *shape, int rank,
                                      const int64_t *final, int final_rank,
                                      const char *name, clslice_error *err,
                                      cs_r_fault *f)
{
    char a[600];
    int lead = rank - final_rank;
    for (int v = 0; v < rank; v++) {
        int j = v - lead;
        if (cs_r_value_dim(1, v, j, shape[v], j >= 0 ? final[j] : 1, f) ==
            CS_R_OK)
            continue;
        if (j < 0)
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "%s dim %d has size %" PRId64 " but the slice's "
                           "final shape %s has only %d dims: extra leading "
                           "%s dims must be 1", name, v, shape[v],
                           shape_text(final, final_rank, a, sizeof a),
                           final_rank, name);
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "%s dim %d has size %" PRId64 " but slice dim %d "
                       "has size %" PRId64 " (final shape %s); it must "
                       "be equal or 1 to broadcast", name, v, shape[v], j,
                       final[j], shape_text(final, final_rank, a, sizeof a));
    }
    return CLSLICE_OK;
}

/* The value's stride for every input dim: its row-major stride along the
 * final dim that input dim became, 0 where it broadcasts, is shrunk or
 * is read once.  The shape already matched, so value dims line up with
 * final dims from the right. */
static void value_strides(const clslice_plan *plan, const int64_t *shape,
                          int rank, int64_t *stride)
{
    for (int k = 0; k < plan->rank; k++)
        stride[k] = 0;
    int64_t running = 1;
    int lead = rank - plan->out_rank;
    for (int v = rank - 1; v >= 0; v--) {
        int j = v - lead;
        int k = j >= 0 ? plan->out_source[j] : -1;
        if (k >= 0 && shape[v] == plan->count[k] && plan->count[k] > 1)
            stride[k] = running;
        running *= shape[v]; /* bounded by the checked element count */
    }
}

/* Turns the plan's gather layout (which reads the slice) into the scatter
 * layout (which writes it). */
static void swap_roles(const clslice_plan *plan, const int64_t *shape,
                       int rank, clslice_layout *layout)
{
    int64_t stride[CLSLICE_MAX_RANK];
    value_strides(plan, shape, rank, stride);
    layout->dst_offset = layout->offset;
    layout->offset = 0;
    layout->src_min = 0;
    layout->src_max = 0;
    for (int k = 0; k < layout->rank; k++) {
        layout->dst_stride[k] = layout->src_stride[k];
        layout->src_stride[k] = stride[k];
        layout->src_max += (layout->count[k] - 1) * stride[k];
    }
}

clslice_status cs_scatter_layout(const clslice_plan *plan,
                                 const int64_t *shape, int rank,
                                 clslice_value_rule rule, const char *name,
                                 clslice_layout *layout, clslice_error *err)
{
    return cs_scatter_layout_fault(plan, shape, rank, rule, name, layout, err,
                                   NULL);
}

clslice_status cs_scatter_layout_fault(const clslice_plan *plan,
                                       const int64_t *shape, int rank,
                                       clslice_value_rule rule,
                                       const char *name,
                                       clslice_layout *layout,
                                       clslice_error *err, cs_r_fault *fault)
{
    cs_r_fault ignored;
    if (!fault)
        fault = &ignored;
    fault->code = CS_R_OK;
    if (!plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "plan is NULL (released?)");
    if (!layout)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "layout is NULL");
    if (rule != CLSLICE_VALUE_BROADCAST && rule != CLSLICE_VALUE_EXACT)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "rule = %d is not a clslice_value_rule", (int)rule);
    clslice_status st = check_value_shape(shape, rank, name, err);
    if (st == CLSLICE_OK)
        st = clslice_plan_layout(plan, layout, err);
    if (st != CLSLICE_OK)
        return st;
    int64_t final[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, final);
    if (rule == CLSLICE_VALUE_EXACT)
        st = match_exact(shape, rank, final, plan->out_rank, name, err,
                         fault);
    /* TF: an empty slice checks nothing (resolve.h, shared with the
     * device). */
    else if (cs_r_value_checked(1, layout->elements))
        st = match_broadcast(shape, rank, final, plan->out_rank, name, err,
                             fault);
    if (st != CLSLICE_OK)
        return st;
    if (layout->elements > 0)
        swap_roles(plan, shape, rank, layout);
    return cs_ok(err);
}

clslice_status cs_scatter_check_static(const clslice_plan *plan,
                                       const int64_t *shape, int rank,
                                       clslice_value_rule rule,
                                       const char *name, clslice_error *err)
{
    if (rule != CLSLICE_VALUE_BROADCAST && rule != CLSLICE_VALUE_EXACT)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "rule = %d is not a clslice_value_rule", (int)rule);
    clslice_status st = check_value_shape(shape, rank, name, err);
    if (st != CLSLICE_OK || rule != CLSLICE_VALUE_EXACT ||
        rank == plan->out_rank)
        return st;
    int64_t final[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, final);
    cs_r_fault f;
    return match_exact(shape, rank, final, plan->out_rank, name, err, &f);
}

clslice_status cs_scatter_check_shape(const clslice_plan *plan,
                                      const int64_t *shape, int rank,
                                      clslice_value_rule rule,
                                      const char *name, clslice_error *err)
{
    clslice_status st = cs_scatter_check_static(plan, shape, rank, rule,
                                                name, err);
    if (st != CLSLICE_OK)
        return st;
    int64_t final[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, final);
    cs_r_fault f;
    if (rule == CLSLICE_VALUE_EXACT)
        return match_exact(shape, rank, final, plan->out_rank, name, err,
                           &f);
    if (!cs_r_value_checked(1, clslice_plan_output_elements(plan)))
        return CLSLICE_OK;
    return match_broadcast(shape, rank, final, plan->out_rank, name, err,
                           &f);
}

clslice_status clslice_plan_scatter_layout(const clslice_plan *plan,
                                           const int64_t *value_shape,
                                           int value_rank,
                                           clslice_value_rule rule,
                                           clslice_layout *layout,
                                           clslice_error *err)
{
    return cs_scatter_layout(plan, value_shape, value_rank, rule, "value",
                             layout, err);
}
