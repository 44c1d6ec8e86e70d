/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * XLA / StableHLO slice, dynamic_slice and dynamic_update_slice
 * (docs/SEMANTICS.md §16; openxla/stablehlo: docs/spec.md,
 * openxla/xla: xla/service/shape_inference.cc).  slice takes exact,
 * non-negative bounds and positive strides; the dynamic forms never fail
 * on a start index: each is clamped so the whole window fits.
 */
#include "core/fronts/fronts.h"

static const cs_rules xla_rules = {CS_CLAMP_NUMPY, false, "strides",
                                   "dimension"};

clslice_status cs_xla_need_rank(int rank, size_t len, const char *what,
                                clslice_error *err)
{
    if (len != (size_t)rank)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "%s has %zu entries; it needs one per operand "
                       "dimension (rank %d)", what, len, rank);
    return CLSLICE_OK;
}

static clslice_status xla_slice_dim(int d, int64_t n, int64_t start,
                                    int64_t limit, int64_t stride,
                                    cs_slot *slot, clslice_error *err)
{
    if (stride < 1)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "strides[%d] = %lld: strides must be positive", d,
                       (long long)stride);
    if (start < 0)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "start_indices[%d] = %lld is negative", d,
                       (long long)start);
    if (limit < start)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "limit_indices[%d] = %lld is below start_indices[%d] "
                       "= %lld", d, (long long)limit, d, (long long)start);
    if (n != CLSLICE_UNKNOWN && limit > n)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "limit_indices[%d] = %lld exceeds dimension %d of "
                       "size %lld", d, (long long)limit, d, (long long)n);
    *slot = (cs_slot){.kind = CS_SLOT_RANGE, .begin = start, .end = limit,
                      .step = stride, .has_begin = true, .has_end = true};
    return CLSLICE_OK;
}

clslice_status cs_front_xla_slice(const int64_t *shape, int rank,
                                  const int64_t *start_indices,
                                  const int64_t *limit_indices,
                                  const int64_t *strides, size_t len,
                                  clslice_plan *into, clslice_error *err)
{
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st == CLSLICE_OK)
        st = cs_xla_need_rank(rank, len, "start_indices", err);
    if (st != CLSLICE_OK)
        return st;
    if (len && (!start_indices || !limit_indices))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "%s is NULL",
                       start_indices ? "limit_indices" : "start_indices");
    cs_slot slots[CLSLICE_MAX_RANK] = {0};
    for (int d = 0; d < rank && st == CLSLICE_OK; d++)
        st = xla_slice_dim(d, shape[d], start_indices[d], limit_indices[d],
                           strides ? strides[d] : 1, &slots[d], err);
    if (st != CLSLICE_OK)
        return st;
    st = cs_build_plan(shape, rank, slots, rank, &xla_rules, into, err);
    if (st != CLSLICE_OK)
        return st;
    /* On an unknown size the bounds are exact all the same (the operand
     * must hold them), so the count is known. */
    for (int d = 0; d < rank; d++)
        if (shape[d] == CLSLICE_UNKNOWN) {
            int64_t s = slots[d].step, span = slots[d].end - slots[d].begin;
            into->count[d] = span == 0 ? 0 : (span - 1) / s + 1;
            into->start[d] = span == 0 ? 0 : slots[d].begin;
        }
    return CLSLICE_OK;
}

/* ---- the dynamic forms -------------------------------------------------- */

/* A window of `size` on dimension d of size n (unknown: -1), at `start`
 * (NULL: unknown).  The window's size is checked; the start is clamped to
 * [0, n - size], as XLA does. */
static clslice_status window_dim(int d, int64_t n, int64_t size,
                                 const int64_t *start, const char *size_name,
                                 cs_slot *slot, clslice_error *err)
{
    if (size < 0)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "%s[%d] = %lld is negative", size_name, d,
                       (long long)size);
    if (n != CLSLICE_UNKNOWN && size > n)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "%s[%d] = %lld exceeds dimension %d of size %lld",
                       size_name, d, (long long)size, d, (long long)n);
    bool known = start && n != CLSLICE_UNKNOWN;
    int64_t first = known ? cs_r_window_start(*start, n, size) : 0;
    *slot = (cs_slot){.kind = CS_SLOT_RANGE, .begin = first,
                      .end = first + size, .step = 1, .has_begin = true,
                      .has_end = true, .begin_unknown = !known,
                      .end_unknown = !known};
    return CLSLICE_OK;
}

/* The window plan: where a start is unknown, the builder leaves the count
 * unknown too, but a window's count is its size whatever the start. */
static clslice_status window_plan(const int64_t *shape, int rank,
                                  const int64_t *sizes,
                                  const int64_t *start_indices,
                                  const char *size_name, clslice_plan *into,
                                  clslice_error *err)
{
    cs_slot slots[CLSLICE_MAX_RANK] = {0};
    clslice_status st = CLSLICE_OK;
    for (int d = 0; d < rank && st == CLSLICE_OK; d++)
        st = window_dim(d, shape[d], sizes[d],
                        start_indices ? &start_indices[d] : NULL, size_name,
                        &slots[d], err);
    if (st != CLSLICE_OK)
        return st;
    st = cs_build_plan(shape, rank, slots, rank, &xla_rules, into, err);
    if (st != CLSLICE_OK)
        return st;
    for (int d = 0; d < rank; d++) {
        into->count[d] = sizes[d];
        if (sizes[d] == 0)
            into->start[d] = 0;
    }
    cs_plan_update_known(into);
    return CLSLICE_OK;
}

clslice_status cs_front_dynamic_slice(const int64_t *shape, int rank,
                                      const int64_t *start_indices,
                                      const int64_t *slice_sizes, size_t len,
                                      clslice_plan *into, clslice_error *err)
{
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st == CLSLICE_OK)
        st = cs_xla_need_rank(rank, len, "slice_sizes", err);
    if (st != CLSLICE_OK)
        return st;
    if (len && !slice_sizes)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "slice_sizes is NULL");
    return window_plan(shape, rank, slice_sizes, start_indices,
                       "slice_sizes", into, err);
}

clslice_status cs_front_dynamic_update_slice(
    const int64_t *shape, int rank, const int64_t *update_shape,
    int update_rank, const int64_t *start_indices, size_t len,
    clslice_plan *into, clslice_error *err)
{
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    if (update_rank != rank)
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "the update has rank %d; it needs the operand's rank "
                       "%d", update_rank, rank);
    if (rank && !update_shape)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "update_shape is NULL");
    st = cs_xla_need_rank(rank, len, "start_indices", err);
    if (st != CLSLICE_OK)
        return st;
    return window_plan(shape, rank, update_shape, start_indices,
                       "update_shape", into, err);
}
