/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * TensorFlow tf.strided_slice: begin/end/strides (int32 or int64) and five
 * int32 bitmasks whose bit i refers to spec slot i
 * (docs/SEMANTICS.md §3).
 */
#include "core/fronts/fronts.h"


static int64_t tf_read_index(const void *values, clslice_index_type type,
                             size_t i)
{
    if (type == CLSLICE_INT32)
        return ((const int32_t *)values)[i];
    return ((const int64_t *)values)[i];
}

static bool mask_bit(int32_t mask, size_t slot)
{
    return ((uint32_t)mask >> slot) & 1u;
}

static clslice_status tf_check_spec(const clslice_tf_spec *spec,
                                    clslice_error *err)
{
    if (!spec)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "spec is NULL");
    if (spec->index_type != CLSLICE_INT32 && spec->index_type != CLSLICE_INT64)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "index_type %d is neither CLSLICE_INT32 nor "
                       "CLSLICE_INT64", (int)spec->index_type);
    if (spec->begin_len != spec->end_len ||
        spec->begin_len != spec->strides_len)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "begin, end and strides must have equal lengths "
                       "(got %zu, %zu and %zu)", spec->begin_len,
                       spec->end_len, spec->strides_len);
    if (spec->strides_len > CS_TF_MAX_SLOTS)
        return cs_fail(err, CLSLICE_ERROR_RANK,
                       "strides has %zu entries; tf.strided_slice takes at "
                       "most %d (its masks are 32-bit)",
                       spec->strides_len, CS_TF_MAX_SLOTS);
    if (spec->strides_len > 0 && !spec->strides)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "strides is NULL (it is required; begin and end may "
                       "be NULL when unknown)");
    /* The multiple-ellipsis check looks at the whole mask, bits past the
     * spec's length included, as TF does. */
    uint32_t ellipsis = (uint32_t)spec->ellipsis_mask;
    if (ellipsis & (ellipsis - 1u))
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "ellipsis_mask = %d has more than one bit set; at "
                       "most one ellipsis is allowed", spec->ellipsis_mask);
    return CLSLICE_OK;
}

/* Slot kinds by TF's precedence: ellipsis > new axis > shrink > range. */
static cs_slot tf_slot(const clslice_tf_spec *spec, size_t i)
{
    cs_slot slot = {0};
    slot.step = tf_read_index(spec->strides, spec->index_type, i);
    if (mask_bit(spec->ellipsis_mask, i)) {
        slot.kind = CS_SLOT_ELLIPSIS;
    } else if (mask_bit(spec->new_axis_mask, i)) {
        slot.kind = CS_SLOT_NEW_AXIS;
    } else if (mask_bit(spec->shrink_axis_mask, i)) {
        /* A shrink uses begin only; end and both masks are ignored. */
        slot.kind = CS_SLOT_SHRINK;
        slot.has_begin = true;
        slot.begin_unknown = spec->begin == NULL;
        if (spec->begin)
            slot.begin = tf_read_index(spec->begin, spec->index_type, i);
    } else {
        slot.kind = CS_SLOT_RANGE;
        slot.has_begin = !mask_bit(spec->begin_mask, i);
        slot.has_end = !mask_bit(spec->end_mask, i);
        slot.begin_unknown = spec->begin == NULL;
        slot.end_unknown = spec->end == NULL;
        if (spec->begin)
            slot.begin = tf_read_index(spec->begin, spec->index_type, i);
        if (spec->end)
            slot.end = tf_read_index(spec->end, spec->index_type, i);
    }
    return slot;
}

const cs_rules cs_tf_rules = {CS_CLAMP_NUMPY, true, "strides", "slot"};

clslice_status cs_tf_slots(const clslice_tf_spec *spec, cs_slot *slots,
                           clslice_error *err)
{
    clslice_status st = tf_check_spec(spec, err);
    if (st != CLSLICE_OK)
        return st;
    for (size_t i = 0; i < spec->strides_len; i++)
        slots[i] = tf_slot(spec, i);
    return CLSLICE_OK;
}

clslice_status cs_front_tf(const int64_t *shape, int rank,
                           const clslice_tf_spec *spec, clslice_plan *into,
                           clslice_error *err)
{
    return cs_front_tf_fault(shape, rank, spec, into, err, NULL);
}

clslice_status cs_front_tf_fault(const int64_t *shape, int rank,
                                 const clslice_tf_spec *spec,
                                 clslice_plan *into, clslice_error *err,
                                 cs_r_fault *fault)
{
    if (fault)
        fault->code = CS_R_OK;
    cs_slot slots[CS_TF_MAX_SLOTS];
    clslice_status st = cs_tf_slots(spec, slots, err);
    if (st != CLSLICE_OK)
        return st;
    return cs_build_plan_fault(shape, rank, slots, (int)spec->strides_len,
                               &cs_tf_rules, into, err, fault);
}
