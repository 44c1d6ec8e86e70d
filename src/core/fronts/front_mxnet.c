/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * MXNet slice (and its alias crop), slice_axis and slice_like
 * (docs/SEMANTICS.md §5).  slice uses numpy clamping (MXNet >= 1.6);
 * slice_axis keeps MXNet's own strict checks; slice_like slices [0, like)
 * per axis.
 */
#include "core/fronts/fronts.h"

static const cs_rules mxnet_rules = {CS_CLAMP_NUMPY, false, "step", "slot"};

static clslice_status mxnet_need_rank(int rank, const char *op,
                                      clslice_error *err)
{
    if (rank == 0)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "mxnet %s: data has rank 0; it needs at least one "
                       "dimension", op);
    return CLSLICE_OK;
}

static clslice_status mxnet_check_slice(int rank, const clslice_opt_int64 *begin,
                                        size_t begin_len,
                                        const clslice_opt_int64 *end,
                                        size_t end_len,
                                        const clslice_opt_int64 *step,
                                        size_t step_len, clslice_error *err)
{
    if ((begin_len && !begin) || (end_len && !end) || (step_len && !step))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is NULL but has a nonzero length",
                       begin_len && !begin ? "begin"
                                           : (end_len && !end ? "end" : "step"));
    if (begin_len != end_len)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "begin and end must have the same length (got %zu and "
                       "%zu)", begin_len, end_len);
    if (step_len != 0 && step_len != begin_len)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "step must be empty or as long as begin (got %zu and "
                       "%zu)", step_len, begin_len);
    if (begin_len > (size_t)rank)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "begin has %zu entries but data has only %d "
                       "dimension%s", begin_len, rank, rank == 1 ? "" : "s");
    for (size_t i = 0; i < step_len; i++)
        if (!step[i].is_none && step[i].value == 0)
            return cs_fail(err, CLSLICE_ERROR_SPEC,
                           "slot %zu: step[%zu] = 0: a step must be non-zero",
                           i, i);
    return CLSLICE_OK;
}

clslice_status cs_front_mxnet(const int64_t *shape, int rank,
                              const clslice_opt_int64 *begin,
                              size_t begin_len, const clslice_opt_int64 *end,
                              size_t end_len, const clslice_opt_int64 *step,
                              size_t step_len, clslice_plan *into,
                              clslice_error *err)
{
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st == CLSLICE_OK)
        st = mxnet_need_rank(rank, "slice", err);
    if (st == CLSLICE_OK)
        st = mxnet_check_slice(rank, begin, begin_len, end, end_len, step,
                               step_len, err);
    if (st != CLSLICE_OK)
        return st;
    cs_slot slots[CLSLICE_MAX_RANK];
    for (size_t i = 0; i < begin_len; i++) {
        bool has_step = step_len && !step[i].is_none;
        slots[i] = (cs_slot){.kind = CS_SLOT_RANGE,
                             .begin = begin[i].value,
                             .end = end[i].value,
                             .step = has_step ? step[i].value : 1,
                             .has_begin = !begin[i].is_none,
                             .has_end = !end[i].is_none};
    }
    return cs_build_plan(shape, rank, slots, (int)begin_len, &mxnet_rules,
                         into, err);
}

/* One range slot per dimension: whole, except where `ranges` say. */
static void whole_dims(cs_slot *slots, int rank)
{
    for (int d = 0; d < rank; d++)
        slots[d] = (cs_slot){.kind = CS_SLOT_RANGE, .step = 1};
}

static clslice_status mxnet_axis(int64_t axis, int rank, const char *what,
                                 int *out, clslice_error *err)
{
    if (axis < -(int64_t)rank || axis >= rank)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "%s = %lld is out of range for data of rank %d", what,
                       (long long)axis, rank);
    *out = (int)(axis < 0 ? axis + rank : axis);
    return CLSLICE_OK;
}

/* MXNet's slice_axis does not clamp: begin must lie in the axis and end in
 * (begin, size] once negative values are wrapped. */
static clslice_status slice_axis_range(int64_t n, int dim, int64_t begin,
                                       clslice_opt_int64 end, cs_slot *slot,
                                       clslice_error *err)
{
    if (n == 0 || n == CLSLICE_UNKNOWN) {
        /* Empty axis: MXNet yields an empty slice.  Unknown: checked when
         * known; the plan reports the size as unknown. */
        slot->has_begin = slot->has_end = true;
        slot->begin = begin;
        slot->end = end.is_none ? INT64_MAX : end.value;
        slot->begin_unknown = n == CLSLICE_UNKNOWN;
        return CLSLICE_OK;
    }
    int64_t first = begin < 0 ? begin + n : begin;
    int64_t stop = end.is_none ? n : (end.value < 0 ? end.value + n : end.value);
    if (first < 0 || first >= n)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "begin = %lld is out of range for axis %d of size %lld",
                       (long long)begin, dim, (long long)n);
    if (stop > n || stop <= first)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "end = %lld is invalid for begin = %lld on axis %d of "
                       "size %lld (slice_axis needs begin < end <= size)",
                       (long long)(end.is_none ? n : end.value),
                       (long long)begin, dim, (long long)n);
    slot->has_begin = slot->has_end = true;
    slot->begin = first;
    slot->end = stop;
    return CLSLICE_OK;
}

clslice_status cs_front_mxnet_slice_axis(const int64_t *shape, int rank,
                                         int64_t axis, int64_t begin,
                                         clslice_opt_int64 end,
                                         clslice_plan *into,
                                         clslice_error *err)
{
    int dim = 0;
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st == CLSLICE_OK)
        st = mxnet_need_rank(rank, "slice_axis", err);
    if (st == CLSLICE_OK)
        st = mxnet_axis(axis, rank, "axis", &dim, err);
    cs_slot slots[CLSLICE_MAX_RANK];
    if (st == CLSLICE_OK) {
        whole_dims(slots, rank);
        st = slice_axis_range(shape[dim], dim, begin, end, &slots[dim], err);
    }
    if (st != CLSLICE_OK)
        return st;
    return cs_build_plan(shape, rank, slots, rank, &mxnet_rules, into, err);
}

static clslice_status slice_like_axis(const int64_t *shape, int rank,
                                      const int64_t *like_shape, int like_rank,
                                      int64_t axis, size_t index, cs_slot *slots,
                                      clslice_error *err)
{
    int dim = 0;
    clslice_status st = mxnet_axis(axis, rank, "axes entry", &dim, err);
    if (st != CLSLICE_OK)
        return st;
    if (dim >= like_rank)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "axes[%zu] = %lld is out of range for shape_like of "
                       "rank %d", index, (long long)axis, like_rank);
    int64_t limit = like_shape[dim];
    if (limit != CLSLICE_UNKNOWN && shape[dim] != CLSLICE_UNKNOWN &&
        limit > shape[dim])
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "axis %d: shape_like size %lld exceeds the data size "
                       "%lld", dim, (long long)limit, (long long)shape[dim]);
    slots[dim].has_end = true;
    slots[dim].end = limit;
    slots[dim].end_unknown = limit == CLSLICE_UNKNOWN;
    return CLSLICE_OK;
}

clslice_status cs_front_mxnet_slice_like(const int64_t *shape, int rank,
                                         const int64_t *like_shape,
                                         int like_rank, const int64_t *axes,
                                         size_t axes_len, clslice_plan *into,
                                         clslice_error *err)
{
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st == CLSLICE_OK)
        st = cs_check_shape(like_shape, like_rank, err);
    if (st != CLSLICE_OK)
        return st;
    if (axes_len && !axes)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "axes is NULL but has length %zu", axes_len);
    if (axes_len == 0 && like_rank != rank)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "shape_like has rank %d but data has rank %d; they "
                       "must match when no axes are given", like_rank, rank);
    cs_slot slots[CLSLICE_MAX_RANK];
    whole_dims(slots, rank);
    for (size_t i = 0; i < (axes_len ? axes_len : (size_t)rank) && st == CLSLICE_OK; i++)
        st = slice_like_axis(shape, rank, like_shape, like_rank,
                             axes_len ? axes[i] : (int64_t)i, i, slots, err);
    if (st != CLSLICE_OK)
        return st;
    return cs_build_plan(shape, rank, slots, rank, &mxnet_rules, into, err);
}
