/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A canonical plan on the heap and read: its copy there (the last step of
 * every call that hands one out, fronts/plan_forms.c and the split and
 * concat plans alike), its release, and its ranks, shapes,
 * per-dimension entries and input element count.  Plans are immutable, so every query is
 * thread-safe.
 */
#include <stdlib.h>
#include <string.h>

#include "core/plan/plan.h"

clslice_status cs_plan_to_heap(clslice_status st, const clslice_plan *built,
                               clslice_plan **plan, clslice_error *err)
{
    if (!plan)
        return st != CLSLICE_OK ? st
                                : cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                                          "plan (output) is NULL");
    *plan = NULL;
    if (st != CLSLICE_OK)
        return st;
    clslice_plan *copy = malloc(sizeof *copy);
    if (!copy)
        return cs_fail(err, CLSLICE_ERROR_MEMORY, "cannot allocate a plan");
    *copy = *built;
    copy->in_storage = false;
    *plan = copy;
    return cs_ok(err);
}

/* Parenthesised: clslice.h wraps the name in a type-checking macro. */
void (clslice_plan_release)(clslice_plan **plan)
{
    if (plan) {
        /* A plan in the caller's storage is the caller's memory. */
        if (*plan && !(*plan)->in_storage)
            free(*plan);
        *plan = NULL;
    }
}

int clslice_plan_input_rank(const clslice_plan *plan)
{
    return plan ? plan->rank : 0;
}

void clslice_plan_input_shape(const clslice_plan *plan, int64_t *shape)
{
    if (plan && shape && plan->rank > 0)
        memcpy(shape, plan->shape, (size_t)plan->rank * sizeof *shape);
}

int clslice_plan_output_rank(const clslice_plan *plan)
{
    return plan ? plan->out_rank : 0;
}

static int64_t output_dim(const clslice_plan *plan, int out_dim)
{
    int source = plan->out_source[out_dim];
    return source < 0 ? 1 : plan->count[source];
}

void clslice_plan_output_shape(const clslice_plan *plan, int64_t *shape)
{
    if (!plan || !shape)
        return;
    for (int j = 0; j < plan->out_rank; j++)
        shape[j] = output_dim(plan, j);
}

int64_t clslice_plan_output_elements(const clslice_plan *plan)
{
    if (!plan)
        return CLSLICE_UNKNOWN;
    bool unknown = false;
    int64_t total = 1;
    for (int d = 0; d < plan->rank; d++) {
        int64_t count = plan->count[d];
        if (count == 0)
            return 0;
        if (count < 0 || unknown ||
            __builtin_mul_overflow(total, count, &total))
            unknown = true;
    }
    return unknown ? CLSLICE_UNKNOWN : total;
}

clslice_status clslice_plan_dim(const clslice_plan *plan, int dim,
                                int64_t *start, int64_t *step, int64_t *count,
                                clslice_error *err)
{
    if (!plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "plan is NULL (released?)");
    if (dim < 0 || dim >= plan->rank)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "dim %d is out of range for a plan of rank %d", dim,
                       plan->rank);
    if (start)
        *start = plan->start[dim];
    if (step)
        *step = plan->step[dim];
    if (count)
        *count = plan->count[dim];
    return cs_ok(err);
}

int clslice_plan_dim_is_shrunk(const clslice_plan *plan, int dim)
{
    return plan && dim >= 0 && dim < plan->rank && plan->shrunk[dim];
}

int clslice_plan_output_source(const clslice_plan *plan, int out_dim)
{
    if (!plan || out_dim < 0 || out_dim >= plan->out_rank)
        return -2;
    return plan->out_source[out_dim];
}

int clslice_plan_is_known(const clslice_plan *plan)
{
    return plan && plan->known;
}

clslice_status cs_check_plan_elem(const clslice_plan *plan, size_t elem_size,
                                  clslice_error *err)
{
    if (!plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "plan is NULL (released?)");
    if (elem_size == 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "elem_size is 0; elements must be at least one byte");
    return CLSLICE_OK;
}

clslice_status cs_input_elements(const clslice_plan *plan, int64_t *total,
                                 clslice_error *err)
{
    *total = 1;
    for (int d = 0; d < plan->rank; d++)
        if (plan->shape[d] == 0) {
            *total = 0;
            return CLSLICE_OK;
        }
    for (int d = 0; d < plan->rank; d++)
        if (__builtin_mul_overflow(*total, plan->shape[d], total))
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "the input has more than %lld elements "
                           "(overflow at dimension %d of size %lld)",
                           (long long)INT64_MAX, d,
                           (long long)plan->shape[d]);
    return CLSLICE_OK;
}
