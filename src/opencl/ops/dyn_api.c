/*
 * The public dynamic calls (clslice_cl.h): a normalise command that turns
 * spec values in device buffers into a plan record (dyn_normalise.c),
 * then the gather or scatter that reads it (dyn_consume.c), chained by an
 * event.
 *
 * Order, so that a failing call enqueues nothing: the call's head is
 * checked once, for both commands (cs_call_check); the host makes the
 * normaliser's static checks and gets the plan's static half (the input
 * shape, shrunk dims, new axes: what the masks and ranks decide;
 * cs_dyn_describe), and readies the consumer against it, which makes
 * every buffer check and arms the kernel; then cs_enqueue_described
 * checks the record's and values' buffers and enqueues (the spec is
 * described once); then only the consumer's enqueue call is left.
 */
#include <string.h>

#include "opencl/ops/dyn_consume.h"
#include "opencl/ops/dyn_normalise.h"
#include "core/common.h"

static cs_dyn_value value_of(const clslice_device_values *v,
                             clslice_index_type type)
{
    return (cs_dyn_value){.buffer = v->buffer, .offset = v->offset,
                          .len = v->len, .type = type};
}

/* The consumer of `op` (on the checked `call`), its plan still to be
 * set. */
static clslice_status check_op(const cs_call *call,
                               const clslice_dynamic_op *op,
                               cs_dyn_consumer *in, clslice_error *err)
{
    if (!op)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "op is NULL");
    if (op->kind != CLSLICE_DYNAMIC_GATHER &&
        op->kind != CLSLICE_DYNAMIC_SCATTER)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "op->kind = %d is not a clslice_dynamic_kind",
                       (int)op->kind);
    *in = (cs_dyn_consumer){
        .call = *call,
        .kind = op->kind == CLSLICE_DYNAMIC_GATHER ? CS_KERNEL_GATHER
                                                   : CS_KERNEL_SCATTER,
        .elem_size = op->elem_size, .info = op->info, .src = op->src,
        .dst = op->dst, .info_offset = op->info_offset,
        .src_offset = op->src_offset, .dst_offset = op->dst_offset,
        .value_shape = op->value_shape, .value_rank = op->value_rank,
        .rule = op->rule, .info_written = true};
    return CLSLICE_OK;
}

/* The head, the normaliser's static checks and the plan's static half
 * (cs_dyn_describe), the consumer readied against it, then both
 * commands. */
static clslice_status run_chain(clslice_runtime *rt, cl_command_queue q,
                                cs_dyn_spec *spec,
                                const clslice_dynamic_op *op, cl_uint n,
                                const cl_event *wl, cl_event *ev,
                                clslice_error *err)
{
    cs_call call = cs_call_of(rt, q, op ? op->flags : 0, n, wl, ev);
    cs_dyn_consumer in;
    clslice_status st = cs_call_check(&call, err);
    if (st == CLSLICE_OK)
        st = check_op(&call, op, &in, err);
    if (st != CLSLICE_OK)
        return st;
    bool scatter = op->kind == CLSLICE_DYNAMIC_SCATTER;
    spec->value_shape = scatter ? op->value_shape : NULL;
    spec->value_rank = scatter ? op->value_rank : -1;
    spec->rule = op->rule;
    cs_norm_desc desc;
    clslice_plan *pre = NULL;
    cs_dyn_ready ready;
    st = cs_dyn_describe(spec, &desc, &pre, err);
    if (st == CLSLICE_OK) {
        in.plan = pre;
        st = cs_dynamic_ready(&in, &ready, err);
    }
    if (st != CLSLICE_OK) {
        clslice_plan_release(&pre);
        return st;
    }
    cl_event normalised = NULL;
    cs_call producer = call;
    producer.event = &normalised;
    st = cs_enqueue_described(&producer, spec, &desc, op->info,
                              op->info_offset, err);
    if (st == CLSLICE_OK)
        st = cs_dynamic_fire(&ready, 1, &normalised, ev, err);
    else
        cs_dynamic_drop(&ready);
    if (normalised)
        clReleaseEvent(normalised);
    clslice_plan_release(&pre);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

static clslice_status need_spec(const void *spec, clslice_error *err)
{
    return spec ? CLSLICE_OK
                : cs_fail(err, CLSLICE_ERROR_ARGUMENT, "spec is NULL");
}

clslice_status clslice_enqueue_tf_dynamic(
    clslice_runtime *runtime, cl_command_queue queue, const int64_t *shape,
    int rank, const clslice_tf_dynamic_spec *spec,
    const clslice_dynamic_op *op, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event, clslice_error *err)
{
    clslice_status st = need_spec(spec, err);
    if (st != CLSLICE_OK)
        return st;
    cs_dyn_spec dyn = {
        .front = CS_DYN_TF, .shape = shape, .rank = rank,
        .begin = value_of(&spec->begin, spec->index_type),
        .end = value_of(&spec->end, spec->index_type),
        .step = value_of(&spec->strides, spec->index_type),
        .begin_mask = spec->begin_mask, .end_mask = spec->end_mask,
        .ellipsis_mask = spec->ellipsis_mask,
        .new_axis_mask = spec->new_axis_mask,
        .shrink_axis_mask = spec->shrink_axis_mask};
    return run_chain(runtime, queue, &dyn, op, num_events_in_wait_list,
                     event_wait_list, event, err);
}

clslice_status clslice_enqueue_openvino_dynamic(
    clslice_runtime *runtime, cl_command_queue queue, const int64_t *shape,
    int rank, const clslice_openvino_dynamic_spec *spec,
    const clslice_dynamic_op *op, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event, clslice_error *err)
{
    clslice_status st = need_spec(spec, err);
    if (st != CLSLICE_OK)
        return st;
    cs_dyn_spec dyn = {
        .front = CS_DYN_OPENVINO, .shape = shape, .rank = rank,
        .begin = value_of(&spec->begin, spec->index_type),
        .end = value_of(&spec->end, spec->index_type),
        .step = value_of(&spec->strides, spec->index_type),
        .ov_masks = {spec->begin_mask, spec->end_mask, spec->new_axis_mask,
                     spec->shrink_axis_mask, spec->ellipsis_mask},
        .ov_mask_len = {spec->begin_mask_len, spec->end_mask_len,
                        spec->new_axis_mask_len, spec->shrink_axis_mask_len,
                        spec->ellipsis_mask_len}};
    return run_chain(runtime, queue, &dyn, op, num_events_in_wait_list,
                     event_wait_list, event, err);
}

clslice_status clslice_enqueue_onnx_dynamic(
    clslice_runtime *runtime, cl_command_queue queue, const int64_t *shape,
    int rank, const clslice_onnx_dynamic_spec *spec,
    const clslice_dynamic_op *op, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event, clslice_error *err)
{
    clslice_status st = need_spec(spec, err);
    if (st != CLSLICE_OK)
        return st;
    cs_dyn_spec dyn = {
        .front = CS_DYN_ONNX, .shape = shape, .rank = rank,
        .begin = value_of(&spec->starts, spec->index_type),
        .end = value_of(&spec->ends, spec->index_type),
        .step = value_of(&spec->steps, spec->index_type),
        .axes = value_of(&spec->axes, spec->index_type)};
    return run_chain(runtime, queue, &dyn, op, num_events_in_wait_list,
                     event_wait_list, event, err);
}
