/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The normalise command: slices whose begin/end/strides (ONNX: starts/
 * ends/steps/axes; XLA: start_indices) are in device buffers.
 *
 * The host does everything the values cannot change, with the host
 * front-ends' own checks and messages: it builds the plan with the values
 * unknown (the "static plan": shrunk dims, out_source and out_rank follow
 * from masks and ranks alone) and from it a descriptor telling the kernel
 * which slot resolves which input dim, with which bounds given.  The
 * kernel (cl/normalise.cl) then reads the values and resolves them with
 * src/core/plan/resolve.h, the code the host front-ends run, into a record.
 */
#include <string.h>

#include "opencl/ops/dyn_normalise.h"
#include "opencl/run/job.h"
#include "opencl/select/dynamic.h"
#include "core/dynamic/dyn_bound.h"
#include "core/fronts/fronts.h"
#include "core/layout/scatter.h"

/* The four vectors of a spec as its front-end names them. */
static const char *const value_names[4][CS_NORM_VALUES] = {
    [CS_DYN_TF] = {"begin", "end", "strides", "axes"},
    [CS_DYN_OPENVINO] = {"begin", "end", "strides", "axes"},
    [CS_DYN_ONNX] = {"starts", "ends", "steps", "axes"},
    [CS_DYN_XLA] = {"start_indices", "end", "strides", "axes"},
};

const char *cs_dyn_value_name(cs_dyn_front front, int which)
{
    return value_names[front][which];
}

static const cs_dyn_value *spec_value(const cs_dyn_spec *spec, int which)
{
    switch (which) {
    case CS_NORM_BEGIN: return &spec->begin;
    case CS_NORM_END: return &spec->end;
    case CS_NORM_STEP: return &spec->step;
    default: return &spec->axes;
    }
}

static size_t entry_bytes(clslice_index_type type)
{
    return type == CLSLICE_INT32 ? 4 : 8;
}

/* Each vector given: a known type, an offset on an entry boundary; begin
 * and end given whenever they have entries; axes only for ONNX. */
static clslice_status check_values(const cs_dyn_spec *spec,
                                   clslice_error *err)
{
    for (int v = 0; v < CS_NORM_VALUES; v++) {
        const cs_dyn_value *value = spec_value(spec, v);
        const char *name = value_names[spec->front][v];
        if (value->buffer && value->type != CLSLICE_INT32 &&
            value->type != CLSLICE_INT64)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s: index type %d is neither CLSLICE_INT32 nor "
                           "CLSLICE_INT64", name, (int)value->type);
        if (value->buffer && value->offset % entry_bytes(value->type))
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s_offset = %zu is not a multiple of its entry "
                           "size (%zu bytes)", name, value->offset,
                           entry_bytes(value->type));
        if (!value->buffer && value->len && v <= CS_NORM_END)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s is NULL but has a nonzero length", name);
    }
    if (spec->front != CS_DYN_ONNX && (spec->axes.buffer || spec->axes.len))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "axes are an ONNX argument; this front-end has none");
    return CLSLICE_OK;
}

/* The spec's lengths and masks in the front-end's own struct (the value
 * pointers stay NULL: the values are on the device). */
static clslice_status static_tf(const cs_dyn_spec *spec, clslice_plan **plan,
                                clslice_error *err)
{
    clslice_tf_spec tf = {
        .index_type = CLSLICE_INT64,
        .begin_len = spec->begin.len,
        .end_len = spec->end.len,
        .strides_len = spec->step.len,
        .begin_mask = spec->begin_mask,
        .end_mask = spec->end_mask,
        .ellipsis_mask = spec->ellipsis_mask,
        .new_axis_mask = spec->new_axis_mask,
        .shrink_axis_mask = spec->shrink_axis_mask};
    return cs_plan_tf_static(spec->shape, spec->rank, &tf,
                             spec->step.buffer != NULL, plan, err);
}

static clslice_status static_openvino(const cs_dyn_spec *spec,
                                      clslice_plan **plan, clslice_error *err)
{
    clslice_openvino_spec ov = {
        .begin_len = spec->begin.len,
        .end_len = spec->end.len,
        .strides_len = spec->step.len,
        .begin_mask = spec->ov_masks[CS_OV_BEGIN],
        .begin_mask_len = spec->ov_mask_len[CS_OV_BEGIN],
        .end_mask = spec->ov_masks[CS_OV_END],
        .end_mask_len = spec->ov_mask_len[CS_OV_END],
        .new_axis_mask = spec->ov_masks[CS_OV_NEW_AXIS],
        .new_axis_mask_len = spec->ov_mask_len[CS_OV_NEW_AXIS],
        .shrink_axis_mask = spec->ov_masks[CS_OV_SHRINK],
        .shrink_axis_mask_len = spec->ov_mask_len[CS_OV_SHRINK],
        .ellipsis_mask = spec->ov_masks[CS_OV_ELLIPSIS],
        .ellipsis_mask_len = spec->ov_mask_len[CS_OV_ELLIPSIS]};
    return cs_plan_openvino_static(spec->shape, spec->rank, &ov,
                                   spec->step.buffer != NULL, plan, err);
}

/* XLA: the window is slice_sizes, or for a scatter without them the
 * update's own shape (dynamic_update_slice); the host front-end's checks
 * and messages either way, then one start index per dimension. */
static clslice_status static_xla(const cs_dyn_spec *spec, clslice_plan **plan,
                                 clslice_error *err)
{
    if (!spec->window && spec->value_rank >= 0)
        return clslice_plan_dynamic_update_slice(
            spec->shape, spec->rank, spec->value_shape, spec->value_rank,
            NULL, spec->begin.len, plan, err);
    clslice_status st = clslice_plan_dynamic_slice(
        spec->shape, spec->rank, NULL, spec->window, spec->window_len, plan,
        err);
    if (st == CLSLICE_OK)
        st = cs_xla_need_rank(spec->rank, spec->begin.len, "start_indices",
                              err);
    if (st != CLSLICE_OK)
        clslice_plan_release(plan);
    return st;
}

static clslice_status static_plan_of(const cs_dyn_spec *spec,
                                     clslice_plan **plan, clslice_error *err)
{
    switch (spec->front) {
    case CS_DYN_XLA:
        return static_xla(spec, plan, err);
    case CS_DYN_TF:
        return static_tf(spec, plan, err);
    case CS_DYN_OPENVINO:
        return static_openvino(spec, plan, err);
    default:
        return cs_plan_onnx_static(spec->shape, spec->rank, spec->begin.len,
                                   spec->end.len, spec->axes.buffer != NULL,
                                   spec->axes.len, spec->step.buffer != NULL,
                                   spec->step.len, plan, err);
    }
}

static void fill_desc(const cs_dyn_spec *spec, const clslice_plan *plan,
                      int64_t bound, cs_norm_desc *desc)
{
    memset(desc, 0, sizeof *desc);
    desc->max_elements = bound;
    desc->rank = plan->rank;
    desc->out_rank = plan->out_rank;
    for (int d = 0; d < plan->rank; d++) {
        desc->shape[d] = plan->shape[d];
        int slot = plan->slot_of[d];
        cs_rec_i32 word = slot < 0 ? CS_NORM_NO_SLOT : slot;
        if (plan->shrunk[d])
            word |= CS_NORM_SHRINK;
        if (plan->gives[d] & CS_GIVES_BEGIN)
            word |= CS_NORM_HAS_BEGIN;
        if (plan->gives[d] & CS_GIVES_END)
            word |= CS_NORM_HAS_END;
        desc->dim_word[d] = word;
    }
    for (int j = 0; j < plan->out_rank; j++)
        desc->out_source[j] = plan->out_source[j];
    for (int v = 0; v < CS_NORM_VALUES; v++) {
        const cs_dyn_value *value = spec_value(spec, v);
        if (!value->buffer)
            continue;
        size_t bytes = entry_bytes(value->type);
        desc->value_bytes[v] = (cs_rec_i32)bytes;
        desc->value_base[v] = (cs_rec_i64)(value->offset / bytes);
        desc->value_len[v] = (cs_rec_i64)value->len;
    }
    if (spec->front == CS_DYN_XLA) {
        desc->flags = CS_NORM_XLA;
        for (int d = 0; d < plan->rank; d++)
            desc->window[d] = plan->count[d]; /* the window, exactly */
    } else if (spec->front == CS_DYN_ONNX)
        desc->flags = CS_NORM_ONNX | CS_NORM_BEGIN_TO_ZERO;
    else if (spec->front == CS_DYN_OPENVINO)
        desc->flags = CS_NORM_BEGIN_TO_ZERO;
    else
        desc->flags = CS_NORM_SHRINK_POSITIVE;
    desc->value_rank = spec->value_rank < 0 ? -1 : spec->value_rank;
    for (int v = 0; v < spec->value_rank; v++)
        desc->value_shape[v] = spec->value_shape[v];
    if (spec->value_rank >= 0 && spec->rule == CLSLICE_VALUE_BROADCAST)
        desc->flags |= CS_NORM_BROADCAST;
}

int64_t cs_dyn_bound(const cs_dyn_spec *spec, const clslice_plan *plan,
                     int64_t input_elements)
{
    int64_t bound = input_elements;
    int64_t known = clslice_plan_output_elements(plan);
    if (known >= 0 && known < bound)
        bound = known;
    if (spec->value_rank < 0 && spec->max_elements > 0 &&
        spec->max_elements < bound)
        bound = spec->max_elements;
    return bound;
}

clslice_status cs_dyn_describe(const cs_dyn_spec *spec, cs_norm_desc *desc,
                               clslice_plan **static_plan,
                               clslice_error *err)
{
    if (!static_plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "static_plan (output) is NULL");
    *static_plan = NULL;
    if (!spec)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "spec is NULL");
    if ((unsigned)spec->front > CS_DYN_XLA)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "front-end %d is not a cs_dyn_front", (int)spec->front);
    clslice_status st = cs_check_shape_known(spec->shape, spec->rank, err);
    if (st == CLSLICE_OK)
        st = check_values(spec, err);
    clslice_plan *plan = NULL;
    if (st == CLSLICE_OK)
        st = static_plan_of(spec, &plan, err);
    int64_t elements;
    /* The record's element count is then an int64 on the device too. */
    if (st == CLSLICE_OK)
        st = cs_input_elements(plan, &elements, err);
    /* An XLA window's shape is static, so the whole value check is
     * made here, as the host front-end makes it; the other front-ends'
     * slice shapes are the device's to match. */
    if (st == CLSLICE_OK && spec->value_rank >= 0)
        st = spec->front == CS_DYN_XLA
                 ? cs_scatter_check_shape(plan, spec->value_shape,
                                          spec->value_rank, spec->rule,
                                          "value", err)
                 : cs_scatter_check_static(plan, spec->value_shape,
                                           spec->value_rank, spec->rule,
                                           "value", err);
    if (st != CLSLICE_OK) {
        clslice_plan_release(&plan);
        return st;
    }
    fill_desc(spec, plan, cs_dyn_bound(spec, plan, elements), desc);
    *static_plan = plan;
    return CLSLICE_OK;
}

/* ---- launching ---------------------------------------------------------- */

/* The normaliser's program for `count` specs, and how to launch it. */
static clslice_status normalise_program(const cs_call *call, size_t count,
                                        cs_normalise_choice *choice,
                                        cs_program_info *program,
                                        clslice_error *err)
{
    cs_device_info device;
    cs_tuning tuning;
    clslice_status st = cs_runtime_device(call->runtime, call->device,
                                          &device, &tuning, err);
    if (st != CLSLICE_OK)
        return st;
    cs_choose_normalise(&tuning, count, choice);
    return cs_runtime_family(call->runtime, call->device, choice->program,
                              choice->index_bits, program, err);
}

static clslice_status launch(const cs_call *call,
                             const cs_normalise_choice *choice,
                             const cs_program_info *program, cl_mem descs,
                             size_t count, const cl_mem *values, cl_mem info,
                             clslice_error *err)
{
    /* A vector no descriptor reads still needs a valid argument. */
    cl_mem args[CS_NORM_VALUES];
    for (int v = 0; v < CS_NORM_VALUES; v++)
        args[v] = values[v] ? values[v] : info;
    cl_ulong items = count;
    cs_job job;
    cs_job_start(&job, "normalise", choice->variant, 0);
    cs_job_mem(&job, &descs);
    cs_job_arg(&job, sizeof items, &items);
    for (int v = 0; v < CS_NORM_VALUES; v++)
        cs_job_mem(&job, &args[v]);
    cs_job_mem(&job, &info);
    cs_job_range(&job, count, choice->local, false);
    return cs_job_enqueue(call->queue, program, &job, 0, call->num_events,
                          call->wait_list, call->event, err);
}

clslice_status cs_normalise_launch(const cs_call *call, cl_mem descs,
                                   size_t count,
                                   const cl_mem values[CS_NORM_VALUES],
                                   cl_mem info, clslice_error *err)
{
    cs_normalise_choice choice;
    cs_program_info program;
    clslice_status st = normalise_program(call, count, &choice, &program,
                                          err);
    return st == CLSLICE_OK ? launch(call, &choice, &program, descs, count,
                                     values, info, err)
                            : st;
}

/* The caller's buffers: the record (written) and each value vector. */
static clslice_status check_buffers(const cs_call *call,
                                    const cs_dyn_spec *spec, cl_mem info,
                                    size_t info_offset, clslice_error *err)
{
    cs_array arrays[1 + CS_NORM_VALUES] = {
        {.name = "info", .buffer = info, .offset = info_offset,
         .bytes = CLSLICE_DYNAMIC_INFO_BYTES, .output = true}};
    for (int v = 0; v < CS_NORM_VALUES; v++) {
        const cs_dyn_value *value = spec_value(spec, v);
        size_t bytes = 0;
        if (value->buffer &&
            __builtin_mul_overflow(value->len, entry_bytes(value->type),
                                   &bytes))
            return cs_fail(err, CLSLICE_ERROR_BUFFER,
                           "%s has %zu entries: larger than any buffer",
                           value_names[spec->front][v], value->len);
        arrays[1 + v] = (cs_array){.name = value_names[spec->front][v],
                                   .buffer = value->buffer,
                                   .offset = value->offset,
                                   .bytes = bytes,
                                   .optional = true};
    }
    return cs_check_arrays(cs_call_context(call), arrays,
                           1 + CS_NORM_VALUES, NULL, err);
}

clslice_status cs_enqueue_described(const cs_call *call,
                                    const cs_dyn_spec *spec,
                                    cs_norm_desc *desc, cl_mem info,
                                    size_t info_offset, clslice_error *err)
{
    cs_normalise_choice choice;
    cs_program_info program;
    clslice_status st = check_buffers(call, spec, info, info_offset, err);
    if (st == CLSLICE_OK)
        st = normalise_program(call, 1, &choice, &program, err);
    if (st != CLSLICE_OK)
        return st;
    desc->info_base = (cs_rec_i64)(info_offset / sizeof(cl_long));
    cl_int rc;
    cl_mem descs = clCreateBuffer(cs_call_context(call),
                                  CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                  sizeof *desc, desc, &rc);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateBuffer (normalise descriptor)", rc);
    const cl_mem values[CS_NORM_VALUES] = {
        spec->begin.buffer, spec->end.buffer, spec->step.buffer,
        spec->axes.buffer};
    st = launch(call, &choice, &program, descs, 1, values, info, err);
    /* The queued kernel keeps the descriptor alive until it has run. */
    clReleaseMemObject(descs);
    return st;
}
