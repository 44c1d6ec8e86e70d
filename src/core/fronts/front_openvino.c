/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * OpenVINO StridedSlice-1: begin/end/optional strides and five 0/1 mask
 * vectors of any length, following make_slice_plan and its tests rather
 * than the specification's prose examples (docs/SEMANTICS.md §4).
 */
#include "core/fronts/fronts.h"

typedef struct ov_mask {
    const char *name;
    const int64_t *values;
    size_t len;
} ov_mask;

enum { OV_BEGIN, OV_END, OV_NEW_AXIS, OV_SHRINK, OV_ELLIPSIS, OV_MASKS };

static void ov_masks(const clslice_openvino_spec *spec, ov_mask masks[OV_MASKS])
{
    masks[OV_BEGIN] = (ov_mask){"begin_mask", spec->begin_mask,
                                spec->begin_mask_len};
    masks[OV_END] = (ov_mask){"end_mask", spec->end_mask, spec->end_mask_len};
    masks[OV_NEW_AXIS] = (ov_mask){"new_axis_mask", spec->new_axis_mask,
                                   spec->new_axis_mask_len};
    masks[OV_SHRINK] = (ov_mask){"shrink_axis_mask", spec->shrink_axis_mask,
                                 spec->shrink_axis_mask_len};
    masks[OV_ELLIPSIS] = (ov_mask){"ellipsis_mask", spec->ellipsis_mask,
                                   spec->ellipsis_mask_len};
}

/* A missing entry (past the vector's end) is 0. */
static bool ov_bit(const ov_mask *mask, size_t slot)
{
    return slot < mask->len && mask->values[slot] != 0;
}

static clslice_status ov_check_mask(const ov_mask *mask, clslice_error *err)
{
    if (mask->len > 0 && !mask->values)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is NULL but has length %zu", mask->name, mask->len);
    for (size_t i = 0; i < mask->len; i++)
        if (mask->values[i] != 0 && mask->values[i] != 1)
            return cs_fail(err, CLSLICE_ERROR_SPEC,
                           "%s[%zu] = %lld: mask entries must be 0 or 1",
                           mask->name, i, (long long)mask->values[i]);
    return CLSLICE_OK;
}

/* OpenVINO counts ellipsis bits over the whole mask, also past the last
 * slot, and allows at most one.  An ellipsis bit may share its slot with
 * a new-axis or shrink bit: the ellipsis wins (ov_slot), as in the CPU
 * plugin and TensorFlow. */
static clslice_status ov_check_ellipsis(const ov_mask *mask, clslice_error *err)
{
    size_t first = 0;
    bool seen = false;
    for (size_t i = 0; i < mask->len; i++) {
        if (!mask->values[i])
            continue;
        if (seen)
            return cs_fail(err, CLSLICE_ERROR_SPEC,
                           "ellipsis_mask has bits at positions %zu and %zu: "
                           "at most one ellipsis is allowed", first, i);
        first = i;
        seen = true;
    }
    return CLSLICE_OK;
}

static clslice_status ov_check_spec(const clslice_openvino_spec *spec,
                                    const ov_mask masks[OV_MASKS],
                                    clslice_error *err)
{
    if (spec->begin_len != spec->end_len ||
        (spec->strides && spec->strides_len != spec->begin_len))
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "begin, end and strides must have equal lengths "
                       "(got %zu, %zu and %zu)", spec->begin_len,
                       spec->end_len, spec->strides_len);
    if (!spec->strides && spec->strides_len != 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "strides is NULL but has length %zu",
                       spec->strides_len);
    if (spec->begin_len > CLSLICE_MAX_SLOTS)
        return cs_fail(err, CLSLICE_ERROR_RANK,
                       "begin has %zu entries; at most %d are supported",
                       spec->begin_len, CLSLICE_MAX_SLOTS);
    for (int m = 0; m < OV_MASKS; m++) {
        clslice_status st = ov_check_mask(&masks[m], err);
        if (st != CLSLICE_OK)
            return st;
    }
    return ov_check_ellipsis(&masks[OV_ELLIPSIS], err);
}

static cs_slot ov_slot(const clslice_openvino_spec *spec,
                       const ov_mask masks[OV_MASKS], size_t i)
{
    cs_slot slot = {0};
    slot.step = spec->strides ? spec->strides[i] : 1;
    if (ov_bit(&masks[OV_ELLIPSIS], i)) {
        slot.kind = CS_SLOT_ELLIPSIS;
    } else if (ov_bit(&masks[OV_NEW_AXIS], i)) {
        slot.kind = CS_SLOT_NEW_AXIS;
    } else if (ov_bit(&masks[OV_SHRINK], i)) {
        /* end, stride and masks are ignored on a shrink, any stride too. */
        slot.kind = CS_SLOT_SHRINK;
        slot.step = 1;
        slot.has_begin = true;
        slot.begin_unknown = spec->begin == NULL;
        slot.begin = spec->begin ? spec->begin[i] : 0;
    } else {
        slot.kind = CS_SLOT_RANGE;
        slot.has_begin = !ov_bit(&masks[OV_BEGIN], i);
        slot.has_end = !ov_bit(&masks[OV_END], i);
        slot.begin_unknown = spec->begin == NULL;
        slot.end_unknown = spec->end == NULL;
        slot.begin = spec->begin ? spec->begin[i] : 0;
        slot.end = spec->end ? spec->end[i] : 0;
    }
    return slot;
}

const cs_rules cs_openvino_rules = {CS_CLAMP_BEGIN_TO_ZERO, false, "strides",
                                    "slot"};

clslice_status cs_openvino_slots(const clslice_openvino_spec *spec,
                                 cs_slot *slots, clslice_error *err)
{
    if (!spec)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "spec is NULL");
    ov_mask masks[OV_MASKS];
    ov_masks(spec, masks);
    clslice_status st = ov_check_spec(spec, masks, err);
    if (st != CLSLICE_OK)
        return st;
    for (size_t i = 0; i < spec->begin_len; i++)
        slots[i] = ov_slot(spec, masks, i);
    return CLSLICE_OK;
}

clslice_status cs_front_openvino(const int64_t *shape, int rank,
                                 const clslice_openvino_spec *spec,
                                 clslice_plan *into, clslice_error *err)
{
    return cs_front_openvino_fault(shape, rank, spec, into, err, NULL);
}

clslice_status cs_front_openvino_fault(const int64_t *shape, int rank,
                                       const clslice_openvino_spec *spec,
                                       clslice_plan *into, clslice_error *err,
                                       cs_r_fault *fault)
{
    if (fault)
        fault->code = CS_R_OK;
    cs_slot slots[CLSLICE_MAX_SLOTS];
    clslice_status st = cs_openvino_slots(spec, slots, err);
    if (st != CLSLICE_OK)
        return st;
    return cs_build_plan_fault(shape, rank, slots, (int)spec->begin_len,
                               &cs_openvino_rules, into, err, fault);
}
