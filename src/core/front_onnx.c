/*
 * ONNX Slice (opset 10/11/13): starts/ends with optional axes and steps
 * (docs/SEMANTICS.md §6).  Listed axes are sliced, the others kept whole;
 * for a negative step a start below -n clamps to index 0, as in OpenVINO.
 */
#include "plan.h"

static clslice_status onnx_check_lengths(const int64_t *starts, size_t starts_len,
                                         const int64_t *ends, size_t ends_len,
                                         const int64_t *axes, size_t axes_len,
                                         const int64_t *steps, size_t steps_len,
                                         clslice_error *err)
{
    if ((starts_len && !starts) || (ends_len && !ends))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is NULL but has a nonzero length",
                       starts_len && !starts ? "starts" : "ends");
    if (starts_len != ends_len)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "starts and ends must have the same length (got %zu "
                       "and %zu)", starts_len, ends_len);
    if (axes && axes_len != starts_len)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "axes must be as long as starts (got %zu and %zu)",
                       axes_len, starts_len);
    if (steps && steps_len != starts_len)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "steps must be as long as starts (got %zu and %zu)",
                       steps_len, starts_len);
    if ((!axes && axes_len) || (!steps && steps_len))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is NULL but has a nonzero length",
                       !axes && axes_len ? "axes" : "steps");
    return CLSLICE_OK;
}

/* Resolves entry i's axis and checks it is in range and not repeated;
 * owner[d] remembers which entry claimed dimension d. */
static clslice_status onnx_axis(const int64_t *axes, size_t i, int rank,
                                int owner[CLSLICE_MAX_RANK], int *dim,
                                clslice_error *err)
{
    int64_t axis = axes ? axes[i] : (int64_t)i;
    if (axis < -(int64_t)rank || axis >= rank)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "axes[%zu] = %lld is out of range for an input of rank "
                       "%d", i, (long long)axis, rank);
    *dim = (int)(axis < 0 ? axis + rank : axis);
    if (owner[*dim] >= 0)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "axes[%zu] = %lld repeats axis %d, already given by "
                       "axes[%d]", i, (long long)axis, *dim, owner[*dim]);
    owner[*dim] = (int)i;
    return CLSLICE_OK;
}

clslice_status clslice_plan_onnx(const int64_t *shape, int rank,
                                 const int64_t *starts, size_t starts_len,
                                 const int64_t *ends, size_t ends_len,
                                 const int64_t *axes, size_t axes_len,
                                 const int64_t *steps, size_t steps_len,
                                 clslice_plan **plan, clslice_error *err)
{
    static const cs_rules onnx_rules = {CS_CLAMP_BEGIN_TO_ZERO, false,
                                        "steps", "axis"};
    if (plan)
        *plan = NULL;
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st == CLSLICE_OK)
        st = onnx_check_lengths(starts, starts_len, ends, ends_len, axes,
                                axes_len, steps, steps_len, err);
    if (st != CLSLICE_OK)
        return st;
    /* onnxruntime ("Cannot slice scalars") and OpenVINO Slice-8 reject a
     * scalar input, even with empty starts/ends. */
    if (rank == 0)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "the input has rank 0: ONNX Slice needs an input of "
                       "rank 1 or more");
    cs_slot slots[CLSLICE_MAX_RANK];
    int owner[CLSLICE_MAX_RANK];
    for (int d = 0; d < rank; d++) {
        slots[d] = (cs_slot){.kind = CS_SLOT_RANGE, .step = 1};
        owner[d] = -1;
    }
    for (size_t i = 0; i < starts_len; i++) {
        int dim = 0;
        st = onnx_axis(axes, i, rank, owner, &dim, err);
        if (st != CLSLICE_OK)
            return st;
        int64_t step = steps ? steps[i] : 1;
        if (step == 0)
            return cs_fail(err, CLSLICE_ERROR_SPEC,
                           "steps[%zu] = 0 (axis %d): a step must be non-zero",
                           i, dim);
        slots[dim] = (cs_slot){.kind = CS_SLOT_RANGE, .begin = starts[i],
                               .end = ends[i], .step = step,
                               .has_begin = true, .has_end = true};
    }
    return cs_build_plan(shape, rank, slots, rank, &onnx_rules, plan, err);
}
