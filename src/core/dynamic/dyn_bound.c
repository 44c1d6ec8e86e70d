/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The static half of a slice whose bounds are on the device: the plans
 * built from lengths and masks alone (what src/opencl/ops/dyn_normalise.c
 * describes to the kernel), and the public bound callers size outputs
 * with.
 */
#include "core/dynamic/dyn_bound.h"
#include "core/fronts/fronts.h"

/* Stand-in strides: their values are on the device; only presence and
 * length are checked here.  Positive, so TF's shrink check passes (the
 * device checks the real stride, in the host's order). */
static const int64_t unit_strides[CLSLICE_MAX_SLOTS] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

clslice_status cs_check_shape_known(const int64_t *shape, int rank,
                                    clslice_error *err)
{
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    for (int d = 0; d < rank; d++)
        if (shape[d] == CLSLICE_UNKNOWN)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "shape[%d] is unknown (-1): a slice with "
                           "device-resident bounds needs every input size",
                           d);
    return CLSLICE_OK;
}

clslice_status cs_plan_tf_static(const int64_t *shape, int rank,
                                 const clslice_tf_spec *spec,
                                 bool has_strides, clslice_plan **plan,
                                 clslice_error *err)
{
    if (plan)
        *plan = NULL;
    if (!spec)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "spec is NULL");
    clslice_tf_spec tf = *spec;
    tf.index_type = CLSLICE_INT64;
    tf.begin = NULL;
    tf.end = NULL;
    tf.strides = has_strides ? unit_strides : NULL;
    return clslice_plan_tf(shape, rank, &tf, plan, err);
}

clslice_status cs_plan_openvino_static(const int64_t *shape, int rank,
                                       const clslice_openvino_spec *spec,
                                       bool has_strides, clslice_plan **plan,
                                       clslice_error *err)
{
    if (plan)
        *plan = NULL;
    if (!spec)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "spec is NULL");
    clslice_openvino_spec ov = *spec;
    ov.begin = NULL;
    ov.end = NULL;
    ov.strides = has_strides ? unit_strides : NULL;
    return clslice_plan_openvino(shape, rank, &ov, plan, err);
}

/* The bound of a static plan: its input's element count, its out_rank. */
static clslice_status plan_bound(clslice_status st, const clslice_plan *plan,
                                 int64_t *max_elements, int *out_rank,
                                 clslice_error *err)
{
    int64_t total = 0;
    if (st == CLSLICE_OK)
        st = cs_input_elements(plan, &total, err);
    if (st == CLSLICE_OK) {
        if (max_elements)
            *max_elements = total;
        if (out_rank)
            *out_rank = plan->out_rank;
        cs_ok(err);
    }
    return st;
}

/* plan_bound of a plan on the heap, which it releases. */
static clslice_status heap_plan_bound(clslice_status st, clslice_plan *plan,
                                      int64_t *max_elements, int *out_rank,
                                      clslice_error *err)
{
    st = plan_bound(st, plan, max_elements, out_rank, err);
    clslice_plan_release(&plan);
    return st;
}

clslice_status clslice_dynamic_bound(const int64_t *shape, int rank,
                                     int64_t *max_elements,
                                     clslice_error *err)
{
    clslice_status st = cs_check_shape_known(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    /* A plan that keeps everything: the input's count, checked once. */
    clslice_plan plan;
    st = cs_build_plan(shape, rank, NULL, 0,
                       &(cs_rules){CS_CLAMP_NUMPY, false, "step", "slot"},
                       &plan, err);
    return plan_bound(st, &plan, max_elements, NULL, err);
}

clslice_status clslice_dynamic_bound_tf(const int64_t *shape, int rank,
                                        const clslice_tf_spec *spec,
                                        int64_t *max_elements, int *out_rank,
                                        clslice_error *err)
{
    clslice_status st = cs_check_shape_known(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_plan *plan = NULL;
    st = cs_plan_tf_static(shape, rank, spec, true, &plan, err);
    return heap_plan_bound(st, plan, max_elements, out_rank, err);
}

clslice_status clslice_dynamic_bound_openvino(
    const int64_t *shape, int rank, const clslice_openvino_spec *spec,
    int64_t *max_elements, int *out_rank, clslice_error *err)
{
    clslice_status st = cs_check_shape_known(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_plan *plan = NULL;
    st = cs_plan_openvino_static(
        shape, rank, spec,
        spec && (spec->strides != NULL || spec->strides_len > 0), &plan, err);
    return heap_plan_bound(st, plan, max_elements, out_rank, err);
}

clslice_status clslice_dynamic_bound_intervals(
    const int64_t *shape, int rank, const clslice_interval *out_shape,
    int out_rank, int64_t *max_elements, clslice_error *err)
{
    int64_t total = 0;
    clslice_status st = clslice_dynamic_bound(shape, rank, &total, err);
    if (st != CLSLICE_OK)
        return st;
    if (out_rank < 0 || out_rank > CLSLICE_MAX_RANK)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "out_rank %d is outside [0, %d]", out_rank,
                       CLSLICE_MAX_RANK);
    if (out_rank > 0 && !out_shape)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "out_shape is NULL for out_rank %d", out_rank);
    /* The product of the largest sizes, stopping once it passes the
     * input's count (which also keeps it from overflowing). */
    int64_t product = 1;
    bool capped = false;
    for (int j = 0; j < out_rank; j++) {
        clslice_interval v = out_shape[j];
        if (v.lo < 0 || (v.hi != CLSLICE_UNBOUNDED && v.hi < v.lo))
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "out_shape[%d] = [%lld, %lld] is not a size "
                           "interval", j, (long long)v.lo, (long long)v.hi);
        if (v.hi == 0)
            product = 0;
        else if (v.hi == CLSLICE_UNBOUNDED || capped ||
                 product > total / v.hi)
            capped = true;
        else
            product *= v.hi;
    }
    if (max_elements)
        *max_elements = product == 0 ? 0 : (capped ? total : product);
    return cs_ok(err);
}
