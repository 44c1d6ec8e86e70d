/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * TFLite STRIDED_SLICE: TensorFlow's spec and rules (front_tf.c) with
 * TFLite's int32 indices, its rank limit of 5, the `offset` option,
 * under which end[i] is a length counted from the slot's resolved begin,
 * and a begin_mask bit that counts on a shrink slot (docs/SEMANTICS.md
 * §14; tensorflow: tensorflow/lite/kernels/strided_slice.cc and
 * tensorflow/lite/kernels/internal/strided_slice_logic.h).
 */
#include "core/fronts/fronts.h"

/* TFLite's kernels handle at most 5 dimensions, before and after new
 * axes are added. */
#define TFLITE_MAX_RANK 5

static bool tflite_bit(int32_t mask, size_t slot)
{
    return ((uint32_t)mask >> slot) & 1u;
}

clslice_status cs_tflite_check_rank(const clslice_tflite_spec *spec,
                                        int rank, clslice_error *err)
{
    if (rank > TFLITE_MAX_RANK)
        return cs_fail(err, CLSLICE_ERROR_RANK,
                       "the input has rank %d; TFLite STRIDED_SLICE takes "
                       "ranks up to %d", rank, TFLITE_MAX_RANK);
    int added = 0;
    for (size_t i = 0; i < spec->begin_len && i < CS_TF_MAX_SLOTS; i++)
        if (tflite_bit(spec->new_axis_mask, i) &&
            !tflite_bit(spec->ellipsis_mask, i))
            added++;
    if (rank + added > TFLITE_MAX_RANK)
        return cs_fail(err, CLSLICE_ERROR_RANK,
                       "new_axis_mask = %d adds %d axes to an input of rank "
                       "%d; TFLite STRIDED_SLICE handles at most %d "
                       "dimensions", spec->new_axis_mask, added, rank,
                       TFLITE_MAX_RANK);
    return CLSLICE_OK;
}

clslice_tf_spec cs_tflite_as_tf(const clslice_tflite_spec *spec)
{
    return (clslice_tf_spec){
        .index_type = CLSLICE_INT32, .begin = spec->begin,
        .begin_len = spec->begin_len, .end = spec->end,
        .end_len = spec->end_len, .strides = spec->strides,
        .strides_len = spec->strides_len, .begin_mask = spec->begin_mask,
        .end_mask = spec->end_mask, .ellipsis_mask = spec->ellipsis_mask,
        .new_axis_mask = spec->new_axis_mask,
        .shrink_axis_mask = spec->shrink_axis_mask};
}

/* The input dimension each slot indexes (-1: none), as cs_build_plan
 * walks them; only called once the slots fit the rank. */
static void slot_dims(const cs_slot *slots, int count, int rank,
                      int dim_of[CS_TF_MAX_SLOTS])
{
    int consuming = 0, dim = 0;
    for (int i = 0; i < count; i++)
        consuming += slots[i].kind == CS_SLOT_RANGE ||
                     slots[i].kind == CS_SLOT_SHRINK;
    for (int i = 0; i < count; i++) {
        dim_of[i] = -1;
        if (slots[i].kind == CS_SLOT_ELLIPSIS)
            dim += rank - consuming;
        else if (slots[i].kind != CS_SLOT_NEW_AXIS)
            dim_of[i] = dim++;
    }
}

/* TFLite's resolved begin of a range on a known size n: a masked begin is
 * the first index in the step's direction; a given one wraps once and
 * clamps to [0, n] (step > 0) or [-1, n - 1] (step < 0). */
static int64_t tflite_start(const cs_slot *slot, int64_t n)
{
    if (!slot->has_begin)
        return slot->step > 0 ? 0 : n - 1;
    int64_t b = slot->begin < 0 ? slot->begin + n : slot->begin;
    if (slot->step > 0)
        return b < 0 ? 0 : (b > n ? n : b);
    return b < -1 ? -1 : (b > n - 1 ? n - 1 : b);
}

/* Under `offset`, a range's end is its resolved begin plus end[i]; that
 * sum then wraps and clamps as any end does, which is what the slot's
 * end goes through in cs_build_plan.  It is known only where the begin
 * resolves without the values or the size being unknown. */
static void apply_offset(cs_slot *slot, int64_t n)
{
    if (slot->kind != CS_SLOT_RANGE || !slot->has_end || slot->end_unknown)
        return;
    bool start_known = !slot->begin_unknown &&
                       (n != CLSLICE_UNKNOWN ||
                        (!slot->has_begin && slot->step > 0));
    if (!start_known || slot->step == 0) {
        slot->end_unknown = true;
        return;
    }
    int64_t start = tflite_start(slot, n == CLSLICE_UNKNOWN ? 0 : n);
    /* Saturate: past INT64_MAX the end clamps to n all the same. */
    slot->end = slot->end > 0 && start > INT64_MAX - slot->end
                    ? INT64_MAX
                    : start + slot->end;
}

clslice_status cs_front_tflite(const int64_t *shape, int rank,
                               const clslice_tflite_spec *spec,
                               clslice_plan *into, clslice_error *err)
{
    if (!spec)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "spec is NULL");
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st == CLSLICE_OK)
        st = cs_tflite_check_rank(spec, rank, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_tf_spec tf = cs_tflite_as_tf(spec);
    cs_slot slots[CS_TF_MAX_SLOTS];
    st = cs_tf_slots(&tf, slots, err);
    if (st != CLSLICE_OK)
        return st;
    int count = (int)spec->strides_len, consuming = 0;
    /* TFLite resolves a shrink's begin as any begin, so a begin_mask bit
     * on a shrink slot means index 0 (TensorFlow ignores it there). */
    for (int i = 0; i < count; i++)
        if (slots[i].kind == CS_SLOT_SHRINK &&
            tflite_bit(spec->begin_mask, (size_t)i)) {
            slots[i].begin = 0;
            slots[i].begin_unknown = false;
        }
    for (int i = 0; i < count; i++)
        consuming += slots[i].kind == CS_SLOT_RANGE ||
                     slots[i].kind == CS_SLOT_SHRINK;
    if (spec->offset && consuming <= rank) {
        int dim_of[CS_TF_MAX_SLOTS];
        slot_dims(slots, count, rank, dim_of);
        for (int i = 0; i < count; i++)
            if (dim_of[i] >= 0)
                apply_offset(&slots[i], shape[dim_of[i]]);
    }
    return cs_build_plan(shape, rank, slots, count, &cs_tf_rules, into, err);
}
