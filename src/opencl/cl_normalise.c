/*
 * The normalise command: slices whose begin/end/strides (ONNX: starts/
 * ends/steps/axes) are in device buffers.
 *
 * The host does everything the values cannot change, with the host
 * front-ends' own checks and messages: it builds the plan with the values
 * unknown (the "static plan": shrunk dims, out_source and out_rank follow
 * from masks and ranks alone) and from it a descriptor telling the kernel
 * which slot resolves which input dim, with which bounds given.  The
 * kernel (cl/normalise.cl) then reads the values and resolves them with
 * src/core/resolve.h, the code the host front-ends run, into a record.
 */
#include <string.h>

#include "cl_dispatch.h"
#include "cl_normalise.h"
#include "core/plan.h"
#include "core/scatter.h"

enum { V_BEGIN, V_END, V_STEP, V_AXES, V_COUNT };

/* The four vectors of a spec as its front-end names them. */
static const char *const value_names[3][V_COUNT] = {
    [CS_DYN_TF] = {"begin", "end", "strides", "axes"},
    [CS_DYN_OPENVINO] = {"begin", "end", "strides", "axes"},
    [CS_DYN_ONNX] = {"starts", "ends", "steps", "axes"},
};

static const cs_dyn_value *spec_value(const cs_dyn_spec *spec, int which)
{
    switch (which) {
    case V_BEGIN: return &spec->begin;
    case V_END: return &spec->end;
    case V_STEP: return &spec->step;
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
    for (int v = 0; v < V_COUNT; v++) {
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
        if (!value->buffer && value->len && v <= V_END)
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

static clslice_status static_plan_of(const cs_dyn_spec *spec,
                                     clslice_plan **plan, clslice_error *err)
{
    switch (spec->front) {
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
                      cs_norm_desc *desc)
{
    memset(desc, 0, sizeof *desc);
    desc->rank = plan->rank;
    desc->out_rank = plan->out_rank;
    for (int d = 0; d < plan->rank; d++) {
        desc->shape[d] = plan->shape[d];
        int slot = plan->slot_of[d];
        cl_int word = slot < 0 ? CS_NORM_NO_SLOT : slot;
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
    for (int v = 0; v < V_COUNT; v++) {
        const cs_dyn_value *value = spec_value(spec, v);
        if (!value->buffer)
            continue;
        size_t bytes = entry_bytes(value->type);
        desc->value_bytes[v] = (cl_int)bytes;
        desc->value_base[v] = (cl_long)(value->offset / bytes);
        desc->value_len[v] = (cl_long)value->len;
    }
    if (spec->front == CS_DYN_ONNX)
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
    if (spec->front != CS_DYN_TF && spec->front != CS_DYN_OPENVINO &&
        spec->front != CS_DYN_ONNX)
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
    if (st == CLSLICE_OK && spec->value_rank >= 0)
        st = cs_scatter_check_static(plan, spec->value_shape,
                                     spec->value_rank, spec->rule, "value",
                                     err);
    if (st != CLSLICE_OK) {
        clslice_plan_release(&plan);
        return st;
    }
    fill_desc(spec, plan, desc);
    *static_plan = plan;
    return CLSLICE_OK;
}

/* ---- launching ---------------------------------------------------------- */

static clslice_status normalise_program(clslice_runtime *rt,
                                        cl_command_queue q,
                                        cs_program_info *program,
                                        clslice_error *err)
{
    cl_device_id device;
    clslice_status st = cs_queue_device(cs_runtime_context(rt), q, &device,
                                        err);
    /* The kernel's own arithmetic is int64 whatever cs_idx is: the 32-bit
     * build is the one clslice_runtime_prepare makes by default. */
    if (st == CLSLICE_OK)
        st = cs_runtime_program(rt, device, CS_PROGRAM_NORMALISE, 32, program,
                                err);
    return st;
}

static clslice_status launch(cl_command_queue q,
                             const cs_program_info *program, cl_mem descs,
                             size_t count, const cl_mem values[4],
                             cl_mem info, cl_uint n, const cl_event *wl,
                             cl_event *ev, clslice_error *err)
{
    /* A vector no descriptor reads still needs a valid argument. */
    cl_mem args[V_COUNT];
    for (int v = 0; v < V_COUNT; v++)
        args[v] = values[v] ? values[v] : info;
    cl_ulong items = count;
    cs_job job;
    cs_job_start(&job, "normalise", CS_VARIANT_NORMALISE, 0);
    cs_job_mem(&job, &descs);
    cs_job_arg(&job, sizeof items, &items);
    for (int v = 0; v < V_COUNT; v++)
        cs_job_mem(&job, &args[v]);
    cs_job_mem(&job, &info);
    /* One work-item for one spec, not a group of 64 mostly idle; two
     * local sizes only, as PoCL compiles a kernel again per size. */
    cs_job_range(&job, count, count == 1 ? 1 : 64, false);
    return cs_job_enqueue(q, program, &job, 0, n, wl, ev, err);
}

clslice_status cs_enqueue_normalise_batch(clslice_runtime *rt,
                                          cl_command_queue q, cl_mem descs,
                                          size_t count,
                                          const cl_mem values[4],
                                          cl_mem info, cl_uint n,
                                          const cl_event *wl, cl_event *ev,
                                          clslice_error *err)
{
    cs_program_info program;
    clslice_status st = normalise_program(rt, q, &program, err);
    if (st != CLSLICE_OK)
        return st;
    return launch(q, &program, descs, count, values, info, n, wl, ev, err);
}

/* The caller's buffers: the record (written) and each value vector. */
static clslice_status check_buffers(clslice_runtime *rt,
                                    const cs_dyn_spec *spec, cl_mem info,
                                    size_t info_offset, clslice_error *err)
{
    if (info_offset % sizeof(cl_long))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "info_offset = %zu is not a multiple of 8 (the record "
                       "holds int64 words)", info_offset);
    cs_array arrays[1 + V_COUNT] = {
        {.name = "info", .buffer = info, .offset = info_offset,
         .bytes = CLSLICE_DYNAMIC_INFO_BYTES, .output = true}};
    for (int v = 0; v < V_COUNT; v++) {
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
    return cs_check_arrays(cs_runtime_context(rt), arrays, 1 + V_COUNT, NULL,
                           err);
}

clslice_status cs_enqueue_described(clslice_runtime *rt, cl_command_queue q,
                                    const cs_dyn_spec *spec,
                                    cs_norm_desc *desc, cl_mem info,
                                    size_t info_offset, cl_uint n,
                                    const cl_event *wl, cl_event *ev,
                                    clslice_error *err)
{
    clslice_status st = check_buffers(rt, spec, info, info_offset, err);
    cs_program_info program;
    if (st == CLSLICE_OK)
        st = normalise_program(rt, q, &program, err);
    if (st != CLSLICE_OK)
        return st;
    desc->info_base = (cl_long)(info_offset / sizeof(cl_long));
    cl_int rc;
    cl_mem descs = clCreateBuffer(cs_runtime_context(rt),
                                  CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                  sizeof *desc, desc, &rc);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateBuffer (normalise descriptor)", rc);
    const cl_mem values[V_COUNT] = {spec->begin.buffer, spec->end.buffer,
                                    spec->step.buffer, spec->axes.buffer};
    st = launch(q, &program, descs, 1, values, info, n, wl, ev, err);
    /* The queued kernel keeps the descriptor alive until it has run. */
    clReleaseMemObject(descs);
    return st;
}

clslice_status cs_enqueue_normalise(clslice_runtime *rt, cl_command_queue q,
                                    const cs_dyn_spec *spec, cl_mem info,
                                    size_t info_offset,
                                    clslice_plan **static_plan, cl_uint n,
                                    const cl_event *wl, cl_event *ev,
                                    clslice_error *err)
{
    if (static_plan)
        *static_plan = NULL;
    clslice_status st = cs_check_handles(rt, q, err);
    if (st == CLSLICE_OK)
        st = cs_check_wait_list(cs_runtime_context(rt), n, wl, err);
    cs_norm_desc desc;
    clslice_plan *plan = NULL;
    if (st == CLSLICE_OK)
        st = cs_dyn_describe(spec, &desc, &plan, err);
    if (st == CLSLICE_OK)
        st = cs_enqueue_described(rt, q, spec, &desc, info, info_offset, n,
                                  wl, ev, err);
    if (st != CLSLICE_OK) {
        clslice_plan_release(&plan);
        return st;
    }
    *static_plan = plan;
    return cs_ok(err);
}
