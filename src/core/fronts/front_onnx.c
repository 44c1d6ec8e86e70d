/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * ONNX Slice (opset 10/11/13): starts/ends with optional axes and steps
 * (docs/SEMANTICS.md §6).  Listed axes are sliced, the others kept whole;
 * for a negative step a start below -n clamps to index 0, as in OpenVINO.
 */
#include "core/fronts/fronts.h"

/* The argument names in messages: ONNX Slice's, or OpenVINO Slice-8's
 * for the same rules (front_openvino_slice.c). */
const cs_axes_names cs_onnx_names = {"starts", "ends", "axes", "steps",
                                     "ONNX Slice"};

/* Which of the four vectors are given (non-NULL) and their lengths: all
 * the length checks need, for host arrays and device buffers alike. */
typedef struct onnx_lengths {
    bool starts, ends, axes, steps;
    size_t starts_len, ends_len, axes_len, steps_len;
} onnx_lengths;

static clslice_status onnx_check_lengths(const onnx_lengths *l,
                                         const cs_axes_names *n,
                                         clslice_error *err)
{
    if ((l->starts_len && !l->starts) || (l->ends_len && !l->ends))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is NULL but has a nonzero length",
                       l->starts_len && !l->starts ? n->starts : n->ends);
    if (l->starts_len != l->ends_len)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "%s and %s must have the same length (got %zu and "
                       "%zu)", n->starts, n->ends, l->starts_len,
                       l->ends_len);
    if (l->axes && l->axes_len != l->starts_len)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "%s must be as long as %s (got %zu and %zu)", n->axes,
                       n->starts, l->axes_len, l->starts_len);
    if (l->steps && l->steps_len != l->starts_len)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "%s must be as long as %s (got %zu and %zu)", n->steps,
                       n->starts, l->steps_len, l->starts_len);
    if ((!l->axes && l->axes_len) || (!l->steps && l->steps_len))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is NULL but has a nonzero length",
                       !l->axes && l->axes_len ? n->axes : n->steps);
    return CLSLICE_OK;
}

/* Everything that does not depend on the values: the shape, the lengths,
 * and ONNX's refusal of a scalar input. */
/* The lengths, and ONNX's refusal of a scalar input. */
static clslice_status onnx_check_form(int rank, const onnx_lengths *l,
                                      const cs_axes_names *n,
                                      clslice_error *err)
{
    clslice_status st = onnx_check_lengths(l, n, err);
    if (st != CLSLICE_OK)
        return st;
    /* onnxruntime ("Cannot slice scalars") and OpenVINO Slice-8 reject a
     * scalar input, even with empty starts/ends. */
    if (rank == 0)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "the input has rank 0: %s needs an input of rank 1 "
                       "or more", n->op);
    return CLSLICE_OK;
}

/* Everything that does not depend on the values: the shape, the lengths,
 * and ONNX's refusal of a scalar input. */
static clslice_status onnx_check_static(const int64_t *shape, int rank,
                                        const onnx_lengths *l,
                                        const cs_axes_names *n,
                                        clslice_error *err)
{
    clslice_status st = cs_check_shape(shape, rank, err);
    return st == CLSLICE_OK ? onnx_check_form(rank, l, n, err) : st;
}

const cs_rules cs_onnx_rules = {CS_CLAMP_BEGIN_TO_ZERO, false, "steps",
                                    "axis"};

/* Words the error of entry i (resolve.h's fault) as the host always has;
 * owner[] is as cs_r_onnx_entry left it. */
static clslice_status onnx_entry_fail(const cs_r_fault *f, int rank,
                                      const int owner[CLSLICE_MAX_RANK],
                                      const cs_axes_names *n,
                                      clslice_error *err)
{
    size_t i = (size_t)f->slot;
    switch (f->code) {
    case CS_R_AXIS_RANGE:
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "%s[%zu] = %lld is out of range for an input of rank "
                       "%d", n->axes, i, (long long)f->value, rank);
    case CS_R_AXIS_REPEAT:
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "%s[%zu] = %lld repeats axis %d, already given by "
                       "%s[%d]", n->axes, i, (long long)f->value, (int)f->dim,
                       n->axes, owner[f->dim]);
    default:
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "%s[%zu] = 0 (axis %d): a step must be non-zero",
                       n->steps, i, (int)f->dim);
    }
}

/* One range slot per dimension: whole, or (entry_of[d] >= 0) sliced by
 * that entry with its step and both bounds given but not filled in. */
static clslice_status onnx_entries(int rank, const int64_t *axes,
                                   const int64_t *steps, size_t count,
                                   const cs_axes_names *names,
                                   cs_slot *slots, int *entry_of,
                                   clslice_error *err, cs_r_fault *fault)
{
    int owner[CLSLICE_MAX_RANK];
    for (int d = 0; d < rank; d++) {
        slots[d] = (cs_slot){.kind = CS_SLOT_RANGE, .step = 1};
        owner[d] = -1;
        entry_of[d] = -1;
    }
    /* resolve.h checks each entry; at most rank entries pass, so the loop
     * ends by entry `rank` whatever count is. */
    for (size_t i = 0; i < count; i++) {
        int64_t axis = axes ? axes[i] : (int64_t)i;
        int64_t step = steps ? steps[i] : 1;
        int dim = 0;
        if (cs_r_onnx_entry(axis, step, (int64_t)i, rank, owner, &dim,
                            fault) != CS_R_OK)
            return onnx_entry_fail(fault, rank, owner, names, err);
        slots[dim] = (cs_slot){.kind = CS_SLOT_RANGE, .step = step,
                               .has_begin = true, .has_end = true,
                               .begin_unknown = true, .end_unknown = true};
        entry_of[dim] = (int)i;
    }
    return CLSLICE_OK;
}

clslice_status cs_front_onnx(const int64_t *shape, int rank,
                             const int64_t *starts, size_t starts_len,
                             const int64_t *ends, size_t ends_len,
                             const int64_t *axes, size_t axes_len,
                             const int64_t *steps, size_t steps_len,
                             clslice_plan *into, clslice_error *err)
{
    return cs_front_onnx_fault(shape, rank, starts, starts_len, ends,
                               ends_len, axes, axes_len, steps, steps_len,
                               into, err, NULL);
}

clslice_status cs_front_onnx_fault(const int64_t *shape, int rank,
                                   const int64_t *starts, size_t starts_len,
                                   const int64_t *ends, size_t ends_len,
                                   const int64_t *axes, size_t axes_len,
                                   const int64_t *steps, size_t steps_len,
                                   clslice_plan *into, clslice_error *err,
                                   cs_r_fault *fault)
{
    return cs_front_axes_slice(shape, rank, starts, starts_len, ends,
                               ends_len, axes, axes_len, steps, steps_len,
                               &cs_onnx_names, into, err, fault);
}

clslice_status cs_front_axes_slice(const int64_t *shape, int rank,
                                   const int64_t *starts, size_t starts_len,
                                   const int64_t *ends, size_t ends_len,
                                   const int64_t *axes, size_t axes_len,
                                   const int64_t *steps, size_t steps_len,
                                   const cs_axes_names *names,
                                   clslice_plan *into, clslice_error *err,
                                   cs_r_fault *fault)
{
    cs_r_fault ignored;
    if (!fault)
        fault = &ignored;
    fault->code = CS_R_OK;
    onnx_lengths lengths = {starts != NULL, ends != NULL, axes != NULL,
                            steps != NULL, starts_len, ends_len, axes_len,
                            steps_len};
    clslice_status st = onnx_check_static(shape, rank, &lengths, names, err);
    if (st != CLSLICE_OK)
        return st;
    cs_slot slots[CLSLICE_MAX_RANK];
    int entry_of[CLSLICE_MAX_RANK];
    st = onnx_entries(rank, axes, steps, starts_len, names, slots, entry_of,
                      err, fault);
    if (st != CLSLICE_OK)
        return st;
    for (int d = 0; d < rank; d++)
        if (entry_of[d] >= 0) {
            slots[d].begin = starts[entry_of[d]];
            slots[d].end = ends[entry_of[d]];
            slots[d].begin_unknown = slots[d].end_unknown = false;
        }
    return cs_build_plan_fault(shape, rank, slots, rank, &cs_onnx_rules, into,
                               err, fault);
}

clslice_status cs_axes_entry_slots(int rank, size_t starts_len,
                                   size_t ends_len, const int64_t *axes,
                                   size_t axes_len, const int64_t *steps,
                                   size_t steps_len,
                                   const cs_axes_names *names, cs_slot *slots,
                                   int *entry_of, clslice_error *err)
{
    onnx_lengths lengths = {true, true, axes != NULL, steps != NULL,
                            starts_len, ends_len, axes_len, steps_len};
    clslice_status st = onnx_check_form(rank, &lengths, names, err);
    if (st != CLSLICE_OK)
        return st;
    cs_r_fault fault;
    return onnx_entries(rank, axes, steps, starts_len, names, slots, entry_of,
                        err, &fault);
}

clslice_status cs_plan_onnx_static(const int64_t *shape, int rank,
                                   size_t starts_len, size_t ends_len,
                                   bool has_axes, size_t axes_len,
                                   bool has_steps, size_t steps_len,
                                   clslice_plan **plan, clslice_error *err)
{
    if (plan)
        *plan = NULL;
    /* starts and ends are given: they are device buffers here. */
    onnx_lengths lengths = {true, true, has_axes, has_steps, starts_len,
                            ends_len, axes_len, steps_len};
    clslice_status st = onnx_check_static(shape, rank, &lengths,
                                          &cs_onnx_names, err);
    if (st != CLSLICE_OK)
        return st;
    /* Every dim is a range with values not known yet: identity output,
     * nothing shrunk (any dim may be sliced by some entry). */
    cs_slot slots[CLSLICE_MAX_RANK];
    for (int d = 0; d < rank; d++)
        slots[d] = (cs_slot){.kind = CS_SLOT_RANGE, .step = 1,
                             .has_begin = true, .has_end = true,
                             .begin_unknown = true, .end_unknown = true};
    clslice_plan built;
    st = cs_build_plan(shape, rank, slots, rank, &cs_onnx_rules, &built, err);
    return cs_plan_to_heap(st, &built, plan, err);
}
