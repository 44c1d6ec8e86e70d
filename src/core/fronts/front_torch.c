/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * PyTorch: torch.narrow and basic indexing (docs/SEMANTICS.md §17;
 * pytorch/pytorch: aten/src/ATen/native/TensorShape.cpp for narrow,
 * torch/csrc/autograd/python_variable_indexing.cpp for indexing).
 * Indexing is numpy's, but a slice's step must be positive.
 */
#include "core/fronts/fronts.h"

static const cs_rules torch_rules = {CS_CLAMP_NUMPY, false, "step", "item"};

clslice_status cs_torch_dim(int64_t dim, int rank, int *out,
                            clslice_error *err)
{
    if (rank == 0)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "narrow() cannot be applied to a 0-dim tensor");
    if (dim < -(int64_t)rank || dim >= rank)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "dim = %lld is out of range [%d, %d] for a tensor of "
                       "rank %d", (long long)dim, -rank, rank - 1, rank);
    *out = (int)(dim < 0 ? dim + rank : dim);
    return CLSLICE_OK;
}

/* narrow's checks on a known size n: start in [-n, n], length >= 0 and
 * the window inside the dimension; *first is the wrapped start. */
static clslice_status narrow_window(int d, int64_t n, int64_t start,
                                    int64_t length, int64_t *first,
                                    clslice_error *err)
{
    if (length < 0)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "length = %lld: narrow() needs a non-negative length",
                       (long long)length);
    if (n == CLSLICE_UNKNOWN) {
        *first = start;
        return CLSLICE_OK;
    }
    if (start < -n || start > n)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "start = %lld is out of range [%lld, %lld] for "
                       "dimension %d", (long long)start, (long long)-n,
                       (long long)n, d);
    *first = start < 0 ? start + n : start;
    if (length > n - *first)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "start (%lld) + length (%lld) exceeds dimension %d of "
                       "size %lld", (long long)*first, (long long)length, d,
                       (long long)n);
    return CLSLICE_OK;
}

clslice_status cs_front_torch_narrow(const int64_t *shape, int rank,
                                     int64_t dim, int64_t start,
                                     int64_t length, clslice_plan *into,
                                     clslice_error *err)
{
    int d = 0;
    int64_t first = 0;
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st == CLSLICE_OK)
        st = cs_torch_dim(dim, rank, &d, err);
    if (st == CLSLICE_OK)
        st = narrow_window(d, shape[d], start, length, &first, err);
    if (st != CLSLICE_OK)
        return st;
    cs_slot slots[CLSLICE_MAX_RANK];
    for (int k = 0; k < rank; k++)
        slots[k] = (cs_slot){.kind = CS_SLOT_RANGE, .step = 1};
    bool known = shape[d] != CLSLICE_UNKNOWN || start >= 0;
    /* first is negative only on an unknown size (not yet wrapped); then
     * first + length cannot overflow, and INT64_MAX - first would. */
    bool past_max = first > 0 && length > INT64_MAX - first;
    slots[d] = (cs_slot){.kind = CS_SLOT_RANGE, .begin = first,
                         .end = past_max ? INT64_MAX : first + length,
                         .step = 1,
                         .has_begin = true, .has_end = true,
                         .begin_unknown = !known, .end_unknown = !known};
    st = cs_build_plan(shape, rank, slots, rank, &torch_rules, into, err);
    if (st != CLSLICE_OK)
        return st;
    /* The window has `length` elements whatever the size (the caller
     * promises it fits an unknown one). */
    into->count[d] = length;
    into->start[d] = length == 0 ? 0 : (known ? first : CLSLICE_UNKNOWN);
    cs_plan_update_known(into);
    return CLSLICE_OK;
}

/* PyTorch accepts several ellipses: each stands for as many whole
 * dimensions as the rank exceeds the indexing items (ranges and
 * integers), counted once for the whole index.  One ellipsis means what
 * it means to the normaliser; several are written out here. */
static clslice_status expand_ellipses(cs_slot *slots, int *count, int rank,
                                      clslice_error *err)
{
    int ellipses = 0, specified = 0;
    for (int i = 0; i < *count; i++) {
        ellipses += slots[i].kind == CS_SLOT_ELLIPSIS;
        specified += slots[i].kind == CS_SLOT_RANGE ||
                     slots[i].kind == CS_SLOT_SHRINK;
    }
    if (ellipses < 2)
        return CLSLICE_OK;
    int each = rank > specified ? rank - specified : 0;
    if (*count - ellipses + ellipses * each > CLSLICE_MAX_SLOTS)
        return cs_fail(err, CLSLICE_ERROR_RANK,
                       "%d ellipses of %d dimensions each make more than %d "
                       "items", ellipses, each, CLSLICE_MAX_SLOTS);
    cs_slot written[CLSLICE_MAX_SLOTS];
    int used = 0, dim = 0;
    for (int i = 0; i < *count; i++) {
        if (slots[i].kind != CS_SLOT_ELLIPSIS) {
            dim += slots[i].kind != CS_SLOT_NEW_AXIS;
            written[used++] = slots[i];
            continue;
        }
        /* Dimensions an ellipsis would skip past the last one are none;
         * an item after it then has no dimension left, as in PyTorch. */
        for (int k = 0; k < each && dim < rank; k++, dim++)
            written[used++] = (cs_slot){.kind = CS_SLOT_RANGE, .step = 1};
    }
    for (int i = 0; i < used; i++)
        slots[i] = written[i];
    *count = used;
    return CLSLICE_OK;
}

clslice_status cs_front_torch_index(const int64_t *shape, int rank,
                                    const char *expr, clslice_plan *into,
                                    clslice_error *err)
{
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    cs_slot slots[CLSLICE_MAX_SLOTS];
    int count = 0;
    st = cs_parse_expr_many(expr, slots, &count, err);
    if (st != CLSLICE_OK)
        return st;
    for (int i = 0; i < count; i++)
        if (slots[i].kind == CS_SLOT_RANGE && slots[i].step <= 0)
            return cs_fail(err, CLSLICE_ERROR_SPEC,
                           "item %d: step = %lld: PyTorch slices need a "
                           "step greater than zero", i,
                           (long long)slots[i].step);
    st = expand_ellipses(slots, &count, rank, err);
    if (st != CLSLICE_OK)
        return st;
    return cs_build_plan(shape, rank, slots, count, &torch_rules, into, err);
}
