/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The public dynamic calls (clslice_cl_tf_dynamic and its siblings, XLA's
 * clslice_cl_xla_dynamic among them): a
 * normalise command that turns spec values in device buffers into a plan
 * record (dyn_normalise.c), then the gather or scatter that reads it
 * (dyn_consume.c), chained by an event.  Sides in SVM are wrapped as
 * buffers first (dyn_svm.h).
 *
 * Order, so that a failing call enqueues nothing: the call's head is
 * checked once, for both commands (cs_call_check); the host makes the
 * normaliser's static checks and gets the plan's static half (the
 * input shape, shrunk dims, new axes: what the masks and ranks decide;
 * cs_dyn_describe), and readies the consumer against it, which makes
 * every buffer check and arms the kernel; then cs_enqueue_described
 * checks the record's and values' buffers and enqueues (the spec is
 * described once); then only the consumer's enqueue call is left.
 */
#include <string.h>

#include "opencl/ops/dyn_consume.h"
#include "opencl/ops/dyn_normalise.h"
#include "opencl/ops/dyn_svm.h"
#include "core/plan/common.h"

static cs_dyn_value value_of(const clslice_device_values *v,
                             clslice_index_type type)
{
    return (cs_dyn_value){.buffer = v->buffer, .offset = v->offset,
                          .len = v->len, .type = type};
}

/* The consumer of `desc` on the checked `call`, its plan still to be
 * set. */
static clslice_status check_desc(const cs_call *call,
                                 const clslice_cl_dynamic_desc *desc,
                                 cs_dyn_consumer *in, clslice_error *err)
{
    if (desc->kind != CLSLICE_DYNAMIC_GATHER &&
        desc->kind != CLSLICE_DYNAMIC_SCATTER)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->kind = %d is not a clslice_dynamic_kind",
                       (int)desc->kind);
    if (desc->src.strides || desc->dst.strides)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->%s.strides is not NULL: a dynamic call's "
                       "tensors are contiguous and row-major",
                       desc->src.strides ? "src" : "dst");
    if (desc->max_elements < 0 ||
        (desc->max_elements && desc->kind != CLSLICE_DYNAMIC_GATHER))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->max_elements = %lld: %s",
                       (long long)desc->max_elements,
                       desc->max_elements < 0
                           ? "a bound is not negative"
                           : "a scatter writes its input in place and "
                             "takes no output bound (give 0)");
    *in = (cs_dyn_consumer){
        .call = *call,
        .kind = desc->kind == CLSLICE_DYNAMIC_GATHER ? CS_KERNEL_GATHER
                                                     : CS_KERNEL_SCATTER,
        .elem_size = desc->elem_size, .info = desc->info,
        .src = desc->src.buffer, .dst = desc->dst.buffer,
        .info_offset = desc->info_offset, .src_offset = desc->src.offset,
        .dst_offset = desc->dst.offset, .members = true,
        .value_shape = desc->value_shape, .value_rank = desc->value_rank,
        .rule = desc->rule, .info_written = true};
    return CLSLICE_OK;
}

/* The head, the normaliser's static checks and the plan's static half
 * (cs_dyn_describe), the consumer readied against it, then both
 * commands. */
static clslice_status run_chain(cs_call *call, cs_dyn_spec *spec,
                                const clslice_cl_dynamic_desc *desc,
                                clslice_error *err)
{
    cs_dyn_consumer in;
    clslice_status st = cs_call_check(call, err);
    if (st == CLSLICE_OK)
        st = check_desc(call, desc, &in, err);
    if (st != CLSLICE_OK)
        return st;
    bool scatter = desc->kind == CLSLICE_DYNAMIC_SCATTER;
    spec->shape = desc->shape;
    spec->rank = desc->rank;
    spec->value_shape = scatter ? desc->value_shape : NULL;
    spec->value_rank = scatter ? desc->value_rank : -1;
    spec->rule = desc->rule;
    spec->max_elements = desc->max_elements;
    cs_norm_desc norm;
    clslice_plan *pre = NULL;
    cs_dyn_ready ready;
    st = cs_dyn_describe(spec, &norm, &pre, err);
    if (st == CLSLICE_OK) {
        in.plan = pre;
        in.bounded = true;
        in.bound = norm.max_elements; /* what the normaliser enforces */
        st = cs_dynamic_ready(&in, &ready, err);
    }
    if (st != CLSLICE_OK) {
        clslice_plan_release(&pre);
        return st;
    }
    cl_event normalised = NULL;
    cs_call producer = *call;
    producer.event = &normalised;
    st = cs_enqueue_described(&producer, spec, &norm, desc->info,
                              desc->info_offset, err);
    if (st == CLSLICE_OK)
        st = cs_dynamic_fire(&ready, 1, &normalised, call->event, err);
    else
        cs_dynamic_drop(&ready);
    if (normalised)
        clReleaseEvent(normalised);
    clslice_plan_release(&pre);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

/* The head, the descriptor and the spec given: what every dynamic call
 * checks before it reads any of them; then the front-end's spec, read by
 * read_spec into the shared form, and the chain. */
static clslice_status run_front(clslice_runtime *runtime,
                                const clslice_cl_call *call,
                                const clslice_cl_dynamic_desc *desc,
                                const void *spec,
                                cs_dyn_spec (*read_spec)(const void *spec),
                                clslice_error *err)
{
    cs_call head;
    clslice_cl_dynamic_desc taken;
    clslice_status st = CS_TAKE(runtime, call, &head, desc,
                                clslice_cl_dynamic_desc, values_svm, &taken,
                                err);
    if (st != CLSLICE_OK)
        return st;
    if (!spec)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "spec is NULL");
    cs_dyn_spec dyn = read_spec(spec);
    if (!cs_dyn_svm_used(&taken))
        return run_chain(&head, &dyn, &taken, err);
    cs_dyn_svm svm;
    st = cs_dyn_svm_wrap(&head, &taken, &dyn, &svm, err);
    return st == CLSLICE_OK
               ? cs_svm_unwrap_set(&svm.set, run_chain(&head, &dyn, &taken,
                                                       err),
                                   err)
               : st;
}

static cs_dyn_spec tf_spec(const void *given)
{
    const clslice_tf_dynamic_spec *spec = given;
    return (cs_dyn_spec){
        .front = CS_DYN_TF,
        .begin = value_of(&spec->begin, spec->index_type),
        .end = value_of(&spec->end, spec->index_type),
        .step = value_of(&spec->strides, spec->index_type),
        .begin_mask = spec->begin_mask, .end_mask = spec->end_mask,
        .ellipsis_mask = spec->ellipsis_mask,
        .new_axis_mask = spec->new_axis_mask,
        .shrink_axis_mask = spec->shrink_axis_mask};
}

clslice_status clslice_cl_tf_dynamic(clslice_runtime *runtime,
                                     const clslice_cl_call *call,
                                     const clslice_cl_dynamic_desc *desc,
                                     const clslice_tf_dynamic_spec *spec,
                                     clslice_error *err)
{
    return run_front(runtime, call, desc, spec, tf_spec, err);
}

static cs_dyn_spec openvino_spec(const void *given)
{
    const clslice_openvino_dynamic_spec *spec = given;
    return (cs_dyn_spec){
        .front = CS_DYN_OPENVINO,
        .begin = value_of(&spec->begin, spec->index_type),
        .end = value_of(&spec->end, spec->index_type),
        .step = value_of(&spec->strides, spec->index_type),
        .ov_masks = {spec->begin_mask, spec->end_mask, spec->new_axis_mask,
                     spec->shrink_axis_mask, spec->ellipsis_mask},
        .ov_mask_len = {spec->begin_mask_len, spec->end_mask_len,
                        spec->new_axis_mask_len, spec->shrink_axis_mask_len,
                        spec->ellipsis_mask_len}};
}

clslice_status clslice_cl_openvino_dynamic(
    clslice_runtime *runtime, const clslice_cl_call *call,
    const clslice_cl_dynamic_desc *desc,
    const clslice_openvino_dynamic_spec *spec, clslice_error *err)
{
    return run_front(runtime, call, desc, spec, openvino_spec, err);
}

static cs_dyn_spec onnx_spec(const void *given)
{
    const clslice_onnx_dynamic_spec *spec = given;
    return (cs_dyn_spec){
        .front = CS_DYN_ONNX,
        .begin = value_of(&spec->starts, spec->index_type),
        .end = value_of(&spec->ends, spec->index_type),
        .step = value_of(&spec->steps, spec->index_type),
        .axes = value_of(&spec->axes, spec->index_type)};
}

clslice_status clslice_cl_onnx_dynamic(clslice_runtime *runtime,
                                       const clslice_cl_call *call,
                                       const clslice_cl_dynamic_desc *desc,
                                       const clslice_onnx_dynamic_spec *spec,
                                       clslice_error *err)
{
    return run_front(runtime, call, desc, spec, onnx_spec, err);
}

static cs_dyn_spec xla_spec(const void *given)
{
    const clslice_xla_dynamic_spec *spec = given;
    return (cs_dyn_spec){
        .front = CS_DYN_XLA,
        .begin = value_of(&spec->start_indices, spec->index_type),
        .window = spec->slice_sizes,
        .window_len = spec->slice_sizes_len};
}

clslice_status clslice_cl_xla_dynamic(clslice_runtime *runtime,
                                      const clslice_cl_call *call,
                                      const clslice_cl_dynamic_desc *desc,
                                      const clslice_xla_dynamic_spec *spec,
                                      clslice_error *err)
{
    return run_front(runtime, call, desc, spec, xla_spec, err);
}
