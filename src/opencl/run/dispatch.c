/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The pipeline the dense operations (gather, scatter, fill, grad, the
 * strided calls) run through: the head's checks and then the op's own
 * (cs_op_prepare), one choice of how to run (cs_choose, select/), one way
 * to run it (cs_dispatch).
 */
#include <string.h>

#include "opencl/run/dispatch.h"
#include "core/plan/common.h"
#include "core/layout/scatter.h"

/* ---- checks ------------------------------------------------------------- */

static bool is_blocked(const cs_op *op)
{
    return op->src_blocking || op->dst_blocking;
}

/* A blocked call's lanes layout (core/layout/blocked_layout.c), with both
 * tensors' storage as the views whose bytes check_buffers checks. */
static clslice_status build_lanes(cs_op *op, clslice_error *err)
{
    cs_tensor_form src = {op->src_strides, op->src_blocking};
    cs_tensor_form dst = {op->dst_strides, op->dst_blocking};
    if (op->kind == CS_KERNEL_GATHER)
        return cs_blocked_gather_lanes(op->plan, src, dst, op->members,
                                       &op->src_view, &op->dst_view,
                                       &op->lanes, err);
    return cs_blocked_scatter_lanes(op->plan, op->value_shape,
                                    op->value_rank, src, op->rule,
                                    op->value_name, dst, op->members,
                                    &op->src_view, &op->dst_view,
                                    &op->lanes, err);
}

static clslice_status build_layout(cs_op *op, clslice_error *err)
{
    if (is_blocked(op))
        return build_lanes(op, err);
    if (op->strided && op->kind == CS_KERNEL_GATHER)
        return cs_strided_gather_layout(op->plan, op->src_strides,
                                        op->dst_strides, op->members,
                                        &op->src_view, &op->dst_view,
                                        &op->layout, err);
    if (op->strided)
        return cs_strided_scatter_layout(
            op->plan, op->value_shape, op->value_rank, op->src_strides,
            op->rule, op->value_name, op->dst_strides, op->members,
            &op->src_view, &op->dst_view, &op->layout, err);
    if (op->kind == CS_KERNEL_GATHER)
        return clslice_plan_layout(op->plan, &op->layout, err);
    return cs_scatter_layout(op->plan, op->value_shape, op->value_rank,
                             op->rule, op->value_name, &op->layout, err);
}

/* A gather reads the whole input tensor and writes the output.  Either
 * may be NULL when it has no bytes: OpenCL has no empty buffers, and an
 * empty output enqueues no copy. */
static clslice_status gather_arrays(const cs_op *op, cs_array *a,
                                    clslice_error *err)
{
    a[0] = (cs_array){.name = "src", .member = op->members, .what = "input",
                      .buffer = op->src, .offset = op->src_offset,
                      .optional = true};
    a[1] = (cs_array){.name = "dst", .member = op->members,
                      .what = "output", .buffer = op->dst,
                      .offset = op->dst_offset, .output = true,
                      .optional = true};
    clslice_status st = cs_input_bytes(op->plan, op->elem_size,
                                       &a[0].bytes, err);
    if (st == CLSLICE_OK)
        st = cs_tensor_bytes(op->layout.elements, op->elem_size, "output",
                             &a[1].bytes, err);
    return st;
}

/* A NULL destination is accepted when the call writes nothing: a scatter
 * or fill into an empty slice, a grad of a tensor of no bytes.  A given
 * destination must still hold the whole tensor. */
static size_t dst_needs(const cs_op *op)
{
    bool nothing = op->writes_tensor ? op->dst_bytes == 0
                                     : op->layout.elements == 0;
    return !op->dst && nothing ? 0 : op->dst_bytes;
}

/* A scatter reads its value tensor (NULL when it has no bytes); scatters
 * and fills write into the whole destination tensor. */
static clslice_status scatter_arrays(cs_op *op, cs_array *a, int *n,
                                     clslice_error *err)
{
    clslice_status st = CLSLICE_OK;
    *n = 0;
    if (op->kind == CS_KERNEL_SCATTER) {
        int64_t elements;
        a[0] = (cs_array){.name = op->value_name, .member = op->members,
                          .what = op->value_name, .buffer = op->src,
                          .offset = op->src_offset, .optional = true};
        st = cs_value_elements(op->value_shape, op->value_rank,
                               op->value_name, &elements, err);
        if (st == CLSLICE_OK)
            st = cs_tensor_bytes(elements, op->elem_size, op->value_name,
                                 &a[0].bytes, err);
        *n = 1;
    } else if (!op->element) {
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "element is NULL");
    }
    if (st == CLSLICE_OK)
        st = cs_input_bytes(op->plan, op->elem_size, &op->dst_bytes, err);
    a[*n] = (cs_array){.name = op->dst_name, .member = op->members,
                       .what = "destination", .buffer = op->dst,
                       .offset = op->dst_offset,
                       .bytes = dst_needs(op), .output = true,
                       .optional = true};
    ++*n;
    return st;
}

/* Strided tensors: the bytes each can address around its offset, over its
 * whole shape.  A scatter's NULL destination is accepted for an empty
 * slice, as scatter_arrays does; a given one must still hold the whole
 * tensor. */
static clslice_status strided_arrays(const cs_op *op, cs_array *a,
                                     clslice_error *err)
{
    static const char *const what[] = {"source view", "destination view"};
    const cs_strided_view *view[] = {&op->src_view, &op->dst_view};
    cl_mem buffer[] = {op->src, op->dst};
    size_t offset[] = {op->src_offset, op->dst_offset};
    clslice_status st = CLSLICE_OK;
    for (int i = 0; i < 2 && st == CLSLICE_OK; i++) {
        cs_strided_bytes span;
        st = cs_strided_span(view[i], op->elem_size, &span, err);
        a[i] = (cs_array){.name = view[i]->name, .member = op->members,
                          .what = what[i],
                          .buffer = buffer[i], .offset = offset[i],
                          .bytes = span.after, .before = span.before,
                          .output = i == 1, .optional = true};
    }
    int64_t elements = is_blocked(op) ? op->lanes.base.elements
                                      : op->layout.elements;
    if (op->kind != CS_KERNEL_GATHER && !op->dst && elements == 0)
        a[1].bytes = a[1].before = 0;
    return st;
}

static clslice_status check_buffers(cs_op *op, clslice_error *err)
{
    cs_array a[2];
    int n = 2;
    clslice_status st = op->strided ? strided_arrays(op, a, err)
                        : op->kind == CS_KERNEL_GATHER
                            ? gather_arrays(op, a, err)
                            : scatter_arrays(op, a, &n, err);
    if (st != CLSLICE_OK)
        return st;
    op->src_end = a[0].offset + a[0].bytes;
    op->dst_end = a[n - 1].offset + a[n - 1].bytes;
    cs_place places[2];
    st = cs_check_arrays(cs_call_context(&op->call), a, n, places, err);
    op->sub_buffer = false;
    for (int i = 0; i < n && st == CLSLICE_OK; i++)
        op->sub_buffer = op->sub_buffer || places[i].sub_buffer;
    return st;
}

/* A fill's element travels by value when it fits a kernel argument. */
static void set_pattern(cs_op *op)
{
    op->pattern = op->inline_element;
    memset(op->inline_element, 0, sizeof op->inline_element);
    if (op->kind == CS_KERNEL_FILL && op->layout.elements > 0 &&
        op->elem_size <= CS_FILL_BYTES)
        memcpy(op->inline_element, op->element, op->elem_size);
}

/* Whether a simplified layout writes its elements contiguously, in
 * order, from dst_offset: what the gather kernels assume (they never read
 * destination strides).  A gather into any other destination view runs
 * the scatter kernels, which take both sides' strides. */
static bool dense_destination(const clslice_layout *layout)
{
    int64_t running = 1;
    for (int k = layout->rank - 1; k >= 0; k--) {
        if (layout->count[k] > 1 && layout->dst_stride[k] != running)
            return false;
        running *= layout->count[k];
    }
    return true;
}

/* A blocked call's lanes layout, simplified, as the op's layout where
 * it is affine (a slice of whole blocks, say): the dense families then
 * run it, shortcuts included.  False when a lane map stays. */
static bool lanes_affine(cs_op *op)
{
    cs_lanes_simplify(&op->lanes);
    if (op->lanes.base.elements == 0) {
        op->layout = op->lanes.base;
        return true;
    }
    return cs_lanes_affine(&op->lanes, &op->layout);
}

clslice_status cs_op_prepare(cs_op *op, clslice_error *err)
{
    clslice_status st = cs_call_check(&op->call, err);
    if (st == CLSLICE_OK)
        st = cs_check_plan_elem(op->plan, op->elem_size, err);
    if (st == CLSLICE_OK)
        st = build_layout(op, err);
    if (st == CLSLICE_OK)
        st = check_buffers(op, err);
    if (st != CLSLICE_OK)
        return st;
    op->lanes_run = is_blocked(op) && !lanes_affine(op);
    if (op->lanes_run)
        return CLSLICE_OK;
    clslice_layout_simplify(&op->layout);
    /* Only a destination view can be other than dense. */
    if (op->strided && op->kind == CS_KERNEL_GATHER &&
        !dense_destination(&op->layout))
        op->kind = CS_KERNEL_SCATTER;
    set_pattern(op);
    return CLSLICE_OK;
}

/* ---- the choice --------------------------------------------------------- */

static clslice_status choose(const cs_op *op, cs_choice *choice,
                             cs_tuning *tuning, clslice_error *err)
{
    choice->run = CS_RUN_MARKER;
    choice->paths = 1u << CS_PATH_MARKER;
    if (!op->lanes_run && op->layout.elements == 0)
        return CLSLICE_OK;
    cs_device_info device;
    clslice_status st = cs_runtime_device(op->call.runtime, op->call.device,
                                          &device, tuning, err);
    if (st != CLSLICE_OK)
        return st;
    if (op->lanes_run) {
        cs_lanes_call lanes = {.elem_size = op->elem_size,
                               .src_offset = op->src_offset,
                               .dst_offset = op->dst_offset,
                               .src_end = op->src_end,
                               .dst_end = op->dst_end,
                               .flags = op->call.flags};
        cs_choose_lanes(&device, tuning, &lanes, &op->lanes, choice);
        return CLSLICE_OK;
    }
    cs_select_call call = {.kind = op->kind,
                           .elem_size = op->elem_size,
                           .src_offset = op->src_offset,
                           .dst_offset = op->dst_offset,
                           .same_buffer = op->src == op->dst,
                           .sub_buffer = op->sub_buffer,
                           .flags = op->call.flags};
    cs_choose(&device, tuning, &call, &op->layout, choice);
    return CLSLICE_OK;
}

static clslice_status find_program(const cs_op *op, const cs_choice *c,
                                   cs_program_info *program,
                                   clslice_error *err)
{
    return cs_runtime_family(op->call.runtime, op->call.device, c->program,
                              c->index_bits, program, err);
}

clslice_status cs_op_program(const cs_op *op, clslice_error *err)
{
    cs_choice choice;
    cs_tuning tuning;
    cs_program_info program;
    clslice_status st = choose(op, &choice, &tuning, err);
    if (st != CLSLICE_OK || choice.run != CS_RUN_KERNEL)
        return st;
    return find_program(op, &choice, &program, err);
}

/* ---- running it --------------------------------------------------------- */

static clslice_status enqueue_copy(const cs_op *op, clslice_error *err)
{
    const cs_call *c = &op->call;
    size_t size = op->elem_size;
    size_t from = op->src_offset + (size_t)op->layout.offset * size;
    size_t to = op->dst_offset + (size_t)op->layout.dst_offset * size;
    size_t bytes = (size_t)op->layout.elements * size;
    cl_int rc = clEnqueueCopyBuffer(c->queue, op->src, op->dst, from, to,
                                    bytes, c->num_events, c->wait_list,
                                    c->event);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueCopyBuffer", rc);
}

/* The box select/box.c found (cs_box_of). */
static clslice_status enqueue_rect(const cs_op *op, const cs_box *b,
                                   clslice_error *err)
{
    const cs_call *c = &op->call;
    cl_int rc = clEnqueueCopyBufferRect(
        c->queue, op->src, op->dst, b->src.origin, b->dst.origin, b->region,
        b->src.row_pitch, b->src.slice_pitch, b->dst.row_pitch,
        b->dst.slice_pitch, c->num_events, c->wait_list, c->event);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueCopyBufferRect", rc);
}

/* The kernel's program, its arguments packed and set on a pooled kernel. */
static clslice_status arm_kernel(const cs_op *op, const cs_tuning *tuning,
                                 cs_ready *ready, clslice_error *err)
{
    clslice_status st = find_program(op, &ready->choice, &ready->program,
                                     err);
    if (st != CLSLICE_OK)
        return st;
    cs_kernel_call call = {.kind = op->kind, .choice = &ready->choice,
                           .tuning = tuning, .src = op->src, .dst = op->dst,
                           .pattern = op->pattern};
    cs_job job;
    cs_kernel_job(&ready->program, &call, &job);
    if (cs_native_fits(op, &ready->program, job.name)) {
        ready->choice.run = CS_RUN_NATIVE;
        ready->choice.paths = 1u << CS_PATH_NATIVE;
        return CLSLICE_OK;
    }
    return cs_job_arm(&ready->program, &job, tuning->max_groups,
                      &ready->armed, err);
}

clslice_status cs_dispatch_ready(const cs_op *op, cs_ready *ready,
                                 clslice_error *err)
{
    cs_tuning tuning;
    cs_armed_clear(&ready->armed);
    clslice_status st = choose(op, &ready->choice, &tuning, err);
    if (st == CLSLICE_OK && ready->choice.run == CS_RUN_KERNEL)
        st = arm_kernel(op, &tuning, ready, err);
    return st;
}

clslice_status cs_dispatch_fire(const cs_op *op, cs_ready *ready,
                                clslice_error *err)
{
    const cs_call *c = &op->call;
    clslice_status st;
    switch (ready->choice.run) {
    case CS_RUN_MARKER:
        st = cs_enqueue_marker(c->queue, c->num_events, c->wait_list,
                               c->event, err);
        break;
    case CS_RUN_COPY:
        st = enqueue_copy(op, err);
        break;
    case CS_RUN_RECT:
        st = enqueue_rect(op, &ready->choice.box, err);
        break;
    case CS_RUN_NATIVE:
        st = cs_native_enqueue(op, err);
        break;
    default:
        st = cs_armed_enqueue(&ready->armed, c->queue, c->num_events,
                              c->wait_list, c->event, err);
    }
    if (st == CLSLICE_OK)
        cs_runtime_count_paths(c->runtime, ready->choice.paths);
    return st;
}

void cs_dispatch_drop(cs_ready *ready)
{
    cs_armed_drop(&ready->armed);
}

clslice_status cs_dispatch(const cs_op *op, clslice_error *err)
{
    cs_ready ready;
    clslice_status st = cs_dispatch_ready(op, &ready, err);
    return st == CLSLICE_OK ? cs_dispatch_fire(op, &ready, err) : st;
}

clslice_status cs_op_run(cs_op *op, clslice_error *err)
{
    clslice_status st = cs_op_prepare(op, err);
    if (st == CLSLICE_OK)
        st = cs_dispatch(op, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

/* ---- as a link of a chain ---------------------------------------------- */

clslice_status cs_chain_fire(cs_chain *chain, const cs_op *op,
                             cs_ready *ready, clslice_error *err)
{
    cs_op link = *op;
    cl_event next = NULL;
    link.call.num_events = cs_chain_wait(chain, &link.call.wait_list);
    link.call.event = &next;
    link.pattern = link.inline_element;
    clslice_status st = cs_dispatch_fire(&link, ready, err);
    if (st == CLSLICE_OK && next)
        cs_chain_link(chain, next);
    return st;
}
