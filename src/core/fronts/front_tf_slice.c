/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * TensorFlow tf.slice(input, begin, size): one (begin, size) pair per
 * dimension, size -1 meaning "through the end", and no clamping
 * (docs/SEMANTICS.md §15; tensorflow: tensorflow/core/kernels/slice_op.cc).
 */
#include "core/fronts/fronts.h"

static const cs_rules tf_slice_rules = {CS_CLAMP_NUMPY, false, "size",
                                        "entry"};

static clslice_status tf_slice_lengths(int rank, const int64_t *begin,
                                       size_t begin_len, const int64_t *size,
                                       size_t size_len, clslice_error *err)
{
    if ((begin_len && !begin) || (size_len && !size))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is NULL but has a nonzero length",
                       begin_len && !begin ? "begin" : "size");
    if (begin_len != (size_t)rank || size_len != (size_t)rank)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "begin and size must have one entry per input "
                       "dimension (rank %d), got %zu and %zu", rank,
                       begin_len, size_len);
    return CLSLICE_OK;
}

/* TF's checks on one dimension of known size n; on success the slot. */
static clslice_status tf_slice_dim(int i, int64_t n, int64_t b, int64_t s,
                                   cs_slot *slot, clslice_error *err)
{
    if (n == 0 && (b != 0 || (s != 0 && s != -1)))
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "begin[%d] = %lld and size[%d] = %lld: dimension %d "
                       "has size 0, so both must be 0", i, (long long)b, i,
                       (long long)s, i);
    if (b < 0 || b > n)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "begin[%d] = %lld is outside [0, %lld] (dimension %d)",
                       i, (long long)b, (long long)n, i);
    if (s == -1)
        s = n - b;
    if (s < 0 || s > n - b)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "size[%d] = %lld is outside [0, %lld] for begin[%d] = "
                       "%lld on dimension %d of size %lld", i, (long long)s,
                       (long long)(n - b), i, (long long)b, i, (long long)n);
    *slot = (cs_slot){.kind = CS_SLOT_RANGE, .begin = b, .end = b + s,
                      .step = 1, .has_begin = true, .has_end = true};
    return CLSLICE_OK;
}

/* On an unknown size only what cannot depend on n is checked; a size of
 * -1 leaves the output size unknown. */
static clslice_status tf_slice_unknown_dim(int i, int64_t b, int64_t s,
                                           cs_slot *slot, clslice_error *err)
{
    if (b < 0)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "begin[%d] = %lld is negative (dimension %d)", i,
                       (long long)b, i);
    if (s < -1)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "size[%d] = %lld: a size must be >= 0, or -1 for "
                       "the rest of the dimension", i, (long long)s);
    if (s > INT64_MAX - b)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "begin[%d] + size[%d] = %lld + %lld overflows", i, i,
                       (long long)b, (long long)s);
    *slot = (cs_slot){.kind = CS_SLOT_RANGE, .begin = b,
                      .end = s == -1 ? 0 : b + s, .step = 1,
                      .has_begin = true, .has_end = s != -1};
    return CLSLICE_OK;
}

clslice_status cs_front_tf_slice(const int64_t *shape, int rank,
                                 const int64_t *begin, size_t begin_len,
                                 const int64_t *size, size_t size_len,
                                 clslice_plan *into, clslice_error *err)
{
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st == CLSLICE_OK)
        st = tf_slice_lengths(rank, begin, begin_len, size, size_len, err);
    cs_slot slots[CLSLICE_MAX_RANK] = {0};
    for (int d = 0; d < rank && st == CLSLICE_OK; d++)
        st = shape[d] == CLSLICE_UNKNOWN
                 ? tf_slice_unknown_dim(d, begin[d], size[d], &slots[d], err)
                 : tf_slice_dim(d, shape[d], begin[d], size[d], &slots[d],
                                err);
    if (st != CLSLICE_OK)
        return st;
    st = cs_build_plan(shape, rank, slots, rank, &tf_slice_rules, into, err);
    if (st != CLSLICE_OK)
        return st;
    /* The builder cannot know that begin + size fits an unknown size (the
     * caller promises it): those counts are the sizes given. */
    for (int d = 0; d < rank; d++)
        if (shape[d] == CLSLICE_UNKNOWN && size[d] != -1) {
            into->count[d] = size[d];
            into->start[d] = size[d] == 0 ? 0 : begin[d];
        }
    return cs_ok(err);
}
