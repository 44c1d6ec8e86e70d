/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The places of numpy.concatenate's and numpy.stack's inputs in their
 * output: the output shape, and for each input a plan over that shape
 * whose final shape is the input's.  A concatenation's places are the
 * pieces of a split of the output along the axis by the inputs' sizes,
 * and a stack's are the indices of the new axis, shrunk; both are made
 * by the split family's builder of one-axis plans (cs_plan_on_axis).
 *
 * The checks and their order are numpy's (numpy/_core/src/multiarray/
 * multiarraymodule.c, PyArray_ConcatenateArrays; numpy/_core/shape_base.py,
 * stack): at least one input, a rank the operation accepts, the axis,
 * then the sizes input by input against input 0.
 */
#include <inttypes.h>
#include <stdio.h>

#include "core/plan/plan.h"
#include "core/split/split.h"

static const cs_rules join_rules = {CS_CLAMP_NUMPY, false, "step", "input"};

/* What the two joins share: the inputs and where their output goes. */
typedef struct join {
    const int64_t *shapes;
    int rank;      /* of each input */
    size_t count;
    int axis;      /* of the output, wrapped */
    bool stack;
    int64_t *out_shape;
} join;

static clslice_status check_arguments(const join *j, int64_t axis,
                                      clslice_error *err)
{
    int out_rank = j->rank + (j->stack ? 1 : 0);
    if (j->count == 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "count is 0: need at least one array to %s",
                       j->stack ? "stack" : "concatenate");
    if (!j->out_shape)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "out_shape is NULL");
    if (j->rank < 0 || (!j->stack && j->rank == 0) ||
        out_rank > CLSLICE_MAX_RANK)
        return cs_fail(err, j->rank < 0 ? CLSLICE_ERROR_ARGUMENT
                                        : CLSLICE_ERROR_RANK,
                       "rank %d: %s", j->rank,
                       j->rank < 0    ? "a rank is never negative"
                       : j->rank == 0 ? "zero-dimensional arrays cannot be "
                                        "concatenated"
                                      : "the output would have more "
                                        "dimensions than CLSLICE_MAX_RANK");
    if (!j->shapes && j->rank > 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "shapes is NULL");
    if (axis < -out_rank || axis >= out_rank)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "axis %" PRId64 " is out of bounds for an output of "
                       "%d dimensions", axis, out_rank);
    return CLSLICE_OK;
}

/* Entry k of shapes: a size, or CLSLICE_UNKNOWN. */
static clslice_status check_sizes(const join *j, clslice_error *err)
{
    size_t n = j->count * (size_t)j->rank;
    for (size_t k = 0; k < n; k++)
        if (j->shapes[k] < CLSLICE_UNKNOWN)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "shapes[%zu] = %" PRId64 " (input %zu, dim %zu) "
                           "is negative", k, j->shapes[k],
                           k / (size_t)j->rank, k % (size_t)j->rank);
    return CLSLICE_OK;
}

/* Inputs a and b (a < b) differ in dim d. */
static clslice_status mismatch(const join *j, int d, size_t a, int64_t size_a,
                               size_t b, int64_t size_b, clslice_error *err)
{
    if (j->stack)
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "all input arrays must have the same shape: along "
                       "dimension %d, input %zu has size %" PRId64
                       " and input %zu has size %" PRId64, d, a, size_a, b,
                       size_b);
    return cs_fail(err, CLSLICE_ERROR_SHAPE,
                   "all the input array dimensions except for the "
                   "concatenation axis must match exactly, but along "
                   "dimension %d, the array at index %zu has size %" PRId64
                   " and the array at index %zu has size %" PRId64, d, a,
                   size_a, b, size_b);
}

/* Output dim of input dim d. */
static int out_dim(const join *j, int d)
{
    return j->stack && d >= j->axis ? d + 1 : d;
}

/* The output's sizes of the input dims (but a concatenation's axis):
 * the inputs' common sizes, each known when any input knows it.  numpy's
 * order: input by input, each dim compared with the first input that
 * knows it, so the mismatch reported is the one numpy reports. */
static clslice_status common_sizes(const join *j, clslice_error *err)
{
    size_t first[CLSLICE_MAX_RANK] = {0};
    for (int d = 0; d < j->rank; d++)
        j->out_shape[out_dim(j, d)] = CLSLICE_UNKNOWN;
    for (size_t i = 0; i < j->count; i++)
        for (int d = 0; d < j->rank; d++) {
            int64_t s = j->shapes[i * (size_t)j->rank + (size_t)d];
            int64_t *size = &j->out_shape[out_dim(j, d)];
            if ((!j->stack && d == j->axis) || s == CLSLICE_UNKNOWN)
                continue;
            if (*size == CLSLICE_UNKNOWN) {
                *size = s;
                first[d] = i;
            } else if (s != *size) {
                return mismatch(j, d, first[d], *size, i, s, err);
            }
        }
    return CLSLICE_OK;
}

/* A concatenation's axis: the sum of the inputs' sizes. */
static clslice_status axis_sum(const join *j, clslice_error *err)
{
    int64_t sum = 0;
    for (size_t i = 0; i < j->count; i++) {
        int64_t s = j->shapes[i * (size_t)j->rank + (size_t)j->axis];
        if (s == CLSLICE_UNKNOWN || sum == CLSLICE_UNKNOWN) {
            sum = CLSLICE_UNKNOWN;
        } else if (__builtin_add_overflow(sum, s, &sum)) {
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "the sizes along axis %d add up to more than "
                           "int64 holds (at input %zu)", j->axis, i);
        }
    }
    j->out_shape[j->axis] = sum;
    return CLSLICE_OK;
}

static clslice_status output_shape(const join *j, clslice_error *err)
{
    clslice_status st = check_sizes(j, err);
    if (st == CLSLICE_OK)
        st = common_sizes(j, err);
    if (st != CLSLICE_OK)
        return st;
    if (j->stack) {
        if (j->count > (size_t)INT64_MAX)
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "count %zu does not fit an int64 dimension",
                           j->count);
        j->out_shape[j->axis] = (int64_t)j->count;
        return CLSLICE_OK;
    }
    return axis_sum(j, err);
}

/* Plans need every size: the first unknown entry of shapes. */
static clslice_status check_known(const join *j, clslice_error *err)
{
    size_t n = j->count * (size_t)j->rank;
    for (size_t k = 0; k < n; k++)
        if (j->shapes[k] == CLSLICE_UNKNOWN)
            return cs_fail(err, CLSLICE_ERROR_UNKNOWN,
                           "shapes[%zu] (input %zu, dim %zu) is unknown: "
                           "plans need every size (with plans NULL the "
                           "output shape is inferred)", k,
                           k / (size_t)j->rank, k % (size_t)j->rank);
    return CLSLICE_OK;
}

/* Input i's place: index i of a stack's new axis, or a concatenation's
 * range from `start`. */
static clslice_status place(const join *j, size_t i, int64_t start,
                            clslice_plan **plan, clslice_error *err)
{
    cs_slot slot = {.kind = CS_SLOT_SHRINK, .begin = (int64_t)i,
                    .has_begin = true, .step = 1};
    if (!j->stack) {
        int64_t size = j->shapes[i * (size_t)j->rank + (size_t)j->axis];
        slot = (cs_slot){.kind = CS_SLOT_RANGE, .begin = start,
                         .end = start + size, .step = 1, .has_begin = true,
                         .has_end = true};
    }
    clslice_plan built;
    clslice_status st = cs_plan_on_axis(j->out_shape,
                                        j->rank + (j->stack ? 1 : 0), j->axis,
                                        &slot, &join_rules, &built, err);
    return cs_plan_to_heap(st, &built, plan, err);
}

static clslice_status make_plans(const join *j, clslice_plan **plans,
                                 clslice_error *err)
{
    clslice_status st = check_known(j, err);
    int64_t start = 0;
    for (size_t i = 0; i < j->count && st == CLSLICE_OK; i++) {
        st = place(j, i, start, &plans[i], err);
        if (!j->stack)
            start += j->shapes[i * (size_t)j->rank + (size_t)j->axis];
    }
    if (st != CLSLICE_OK)
        for (size_t i = 0; i < j->count; i++)
            clslice_plan_release(&plans[i]);
    return st;
}

static clslice_status run_join(join *j, int64_t axis, clslice_plan **plans,
                               clslice_error *err)
{
    for (size_t i = 0; plans && i < j->count; i++)
        plans[i] = NULL;
    clslice_status st = check_arguments(j, axis, err);
    if (st != CLSLICE_OK)
        return st;
    int out_rank = j->rank + (j->stack ? 1 : 0);
    j->axis = (int)(axis < 0 ? axis + out_rank : axis);
    st = output_shape(j, err);
    if (st == CLSLICE_OK && plans)
        st = make_plans(j, plans, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

clslice_status clslice_plan_concat(const int64_t *shapes, int rank,
                                   size_t count, int64_t axis,
                                   int64_t *out_shape, clslice_plan **plans,
                                   clslice_error *err)
{
    join j = {.shapes = shapes, .rank = rank, .count = count,
              .stack = false, .out_shape = out_shape};
    return run_join(&j, axis, plans, err);
}

clslice_status clslice_plan_stack(const int64_t *shapes, int rank,
                                  size_t count, int64_t axis,
                                  int64_t *out_shape, clslice_plan **plans,
                                  clslice_error *err)
{
    join j = {.shapes = shapes, .rank = rank, .count = count,
              .stack = true, .out_shape = out_shape};
    return run_join(&j, axis, plans, err);
}
