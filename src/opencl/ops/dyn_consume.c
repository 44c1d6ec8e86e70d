/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Gathers and scatters that read their slice from a dynamic plan record
 * on the device (cl/dynamic.cl).  The host knows the input's shape, the
 * element size, the offsets and, for scatters, the value's shape: enough
 * to check every buffer against the bound (a slice never has more
 * elements than its input) and for the selector (select/dynamic.c) to
 * pick a carrier, an index width, a family and the NDRange.  The slice
 * itself stays on the device: nothing here waits for a command or reads a
 * buffer.
 */
#include <assert.h>
#include <inttypes.h>
#include <string.h>

#include "opencl/ops/dyn_consume.h"
#include "opencl/select/dynamic.h"
#include "core/plan/common.h"
#include "core/plan/plan.h"
#include "core/layout/scatter.h"

enum { TABLE_WORDS = 6 + 2 * CS_MAX_DIMS };

static_assert((int)TABLE_WORDS <= (int)CS_JOB_TABLE_WORDS,
              "the job's table storage holds the dynamic table");
static_assert(TABLE_WORDS * 8 + 3 * 8 <= 1024,
              "dynamic kernel arguments must fit the 1024 bytes OpenCL "
              "promises");

/* What the checks learn of a consumer. */
typedef struct facts {
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
    int64_t elements;  /* of the input */
    int64_t bound;     /* gathers: of the output buffer */
    int64_t vstride[CLSLICE_MAX_RANK]; /* scatters, in elements */
    int64_t value_elements;
} facts;

/* ---- checks ------------------------------------------------------------- */

clslice_status cs_dyn_check_info_offset(size_t info_offset,
                                        clslice_error *err)
{
    if (info_offset % sizeof(cl_long))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "info_offset = %zu is not a multiple of 8 (the "
                       "record holds int64 words)", info_offset);
    return CLSLICE_OK;
}

static clslice_status check_plan(const cs_dyn_consumer *c, facts *f,
                                 clslice_error *err)
{
    clslice_status st = cs_check_plan_elem(c->plan, c->elem_size, err);
    if (st != CLSLICE_OK)
        return st;
    f->rank = clslice_plan_input_rank(c->plan);
    clslice_plan_input_shape(c->plan, f->shape);
    for (int d = 0; d < f->rank; d++)
        if (f->shape[d] < 0)
            return cs_fail(err, CLSLICE_ERROR_UNKNOWN,
                           "static_plan: input dim %d has an unknown size; "
                           "a dynamic slice needs the input shape", d);
    st = cs_input_elements(c->plan, &f->elements, err);
    f->bound = c->bounded && c->bound < f->elements ? c->bound : f->elements;
    return st == CLSLICE_OK ? cs_dyn_check_info_offset(c->info_offset, err)
                            : st;
}

/* The value's stride along each input dim, in elements: its row-major
 * stride along the output dim that input dim became, 0 where the value
 * has size 1 there (it broadcasts, or the slice has size 1), 0 for
 * shrunk dims and for value dims that meet no input dim.  Whether the
 * value fits the slice (sizes, ranks, new axes) is the normaliser's to
 * say, in the record's status: it alone knows the slice's shape. */
static clslice_status value_strides(const cs_dyn_consumer *c, facts *f,
                                    clslice_error *err)
{
    if (c->rule != CLSLICE_VALUE_BROADCAST && c->rule != CLSLICE_VALUE_EXACT)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "rule = %d is not a clslice_value_rule",
                       (int)c->rule);
    int lead = c->value_rank - clslice_plan_output_rank(c->plan);
    for (int k = 0; k < f->rank; k++)
        f->vstride[k] = 0;
    int64_t running = 1;
    for (int v = c->value_rank - 1; v >= 0; v--) {
        int j = v - lead;
        int k = j >= 0 ? clslice_plan_output_source(c->plan, j) : -1;
        if (k >= 0 && c->value_shape[v] != 1)
            f->vstride[k] = running;
        running *= c->value_shape[v]; /* bounded by the checked count */
    }
    return CLSLICE_OK;
}

static clslice_status check_value(const cs_dyn_consumer *c, facts *f,
                                  clslice_error *err)
{
    const int64_t *shape = c->value_shape;
    int rank = c->value_rank;
    if (rank < 0 || rank > CLSLICE_MAX_RANK)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "value_rank = %d is outside 0 .. %d", rank,
                       CLSLICE_MAX_RANK);
    if (rank > 0 && !shape)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "value_shape is NULL but value_rank = %d", rank);
    for (int v = 0; v < rank; v++)
        if (shape[v] < 0)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "value_shape[%d] = %" PRId64 " is negative", v,
                           shape[v]);
    clslice_status st = cs_value_elements(shape, rank, "value",
                                          &f->value_elements, err);
    return st == CLSLICE_OK ? value_strides(c, f, err) : st;
}

/* The record, the read side and the written side, against the bound. */
static clslice_status check_buffers(const cs_dyn_consumer *c,
                                    const facts *f, clslice_error *err)
{
    size_t tensor, value = 0, out = 0;
    bool gather = c->kind == CS_KERNEL_GATHER;
    clslice_status st = cs_tensor_bytes(f->elements, c->elem_size,
                                        "input tensor", &tensor, err);
    if (st == CLSLICE_OK && !gather)
        st = cs_tensor_bytes(f->value_elements, c->elem_size, "value",
                             &value, err);
    if (st == CLSLICE_OK && gather)
        st = cs_tensor_bytes(f->bound, c->elem_size, "output bound", &out,
                             err);
    if (st != CLSLICE_OK)
        return st;
    cs_array a[3] = {
        {.name = "info", .what = "record", .buffer = c->info,
         .offset = c->info_offset, .bytes = CLSLICE_DYNAMIC_INFO_BYTES,
         .output = c->info_written},
        {.name = gather || c->members ? "src" : "value",
         .member = c->members, .what = gather ? "input" : "value",
         .buffer = c->src, .offset = c->src_offset,
         .bytes = gather ? tensor : value, .optional = true},
        {.name = "dst", .member = c->members,
         .what = gather ? "output bound" : "destination",
         .buffer = c->dst, .offset = c->dst_offset,
         .bytes = gather ? out : tensor, .output = true, .optional = true}};
    return cs_check_arrays(cs_call_context(&c->call), a, 3, NULL, err);
}

/* ---- the launch --------------------------------------------------------- */

/* cs_dyn_table (base/kernel_tables.h): the tensor's row-major strides
 * and the value's, in carriers, zeros past the rank. */
static void pack_table(const cs_dyn_consumer *c, const facts *f,
                       const cs_dyn_choice *choice, cs_job *job)
{
    size_t carrier = choice->carrier;
    int64_t epc = (int64_t)(c->elem_size / carrier);
    cs_dyn_table_64 t = {
        .info_word = (uint64_t)(c->info_offset / sizeof(cl_long)),
        .src_base = (uint64_t)(c->src_offset / carrier),
        .dst_base = (uint64_t)(c->dst_offset / carrier),
        .rank = (uint64_t)f->rank, .epc = (uint64_t)epc,
        .chunks = (uint64_t)choice->chunks};
    int64_t running = epc;
    for (int d = f->rank - 1; d >= 0; d--) {
        t.stride[d] = (uint64_t)running;
        running *= f->shape[d] ? f->shape[d] : 1;
        t.vstride[d] = c->kind == CS_KERNEL_SCATTER
                           ? (uint64_t)(f->vstride[d] * epc)
                           : 0;
    }
    CS_JOB_TABLE(job, choice->index_bits, t);
}

/* Arms the kernel the selector picks for the device and tuning. */
static clslice_status arm_kernel(const cs_dyn_consumer *c, const facts *f,
                                 cs_dyn_ready *ready, clslice_error *err)
{
    const cs_call *call = &c->call;
    cs_device_info device;
    cs_tuning tuning;
    clslice_status st = cs_runtime_device(call->runtime, call->device,
                                          &device, &tuning, err);
    if (st != CLSLICE_OK)
        return st;
    cs_dyn_select_call sel = {
        .kind = c->kind, .elem_size = c->elem_size,
        .src_offset = c->src_offset, .dst_offset = c->dst_offset,
        .info_offset = c->info_offset, .elements = f->elements,
        .value_elements = f->value_elements, .flags = call->flags};
    cs_dyn_choice choice;
    cs_choose_dynamic(&device, &tuning, &sel, &choice);
    st = cs_runtime_family(call->runtime, call->device, choice.program,
                            choice.index_bits, &ready->program, err);
    if (st != CLSLICE_OK)
        return st;
    cs_job job;
    cs_job_start(&job, c->kind == CS_KERNEL_GATHER ? "dynamic gather"
                                                  : "dynamic scatter",
                 choice.variant, choice.carrier);
    pack_table(c, f, &choice, &job);
    cs_job_mem(&job, &c->src);
    cs_job_mem(&job, &c->dst);
    cs_job_mem(&job, &c->info);
    cs_job_table_upload(&job);
    cs_job_range(&job, choice.items, choice.local, choice.grid_stride);
    ready->paths = choice.paths;
    return cs_job_arm(&ready->program, &job, tuning.max_groups,
                      &ready->armed, err);
}

clslice_status cs_dynamic_ready(const cs_dyn_consumer *c,
                                cs_dyn_ready *ready, clslice_error *err)
{
    facts f = {.value_elements = 0};
    *ready = (cs_dyn_ready){.runtime = c->call.runtime,
                            .queue = c->call.queue};
    clslice_status st = check_plan(c, &f, err);
    if (st == CLSLICE_OK && c->kind == CS_KERNEL_SCATTER)
        st = check_value(c, &f, err);
    if (st == CLSLICE_OK)
        st = check_buffers(c, &f, err);
    if (st != CLSLICE_OK)
        return st;
    /* Nothing to move: no input, or a gather whose bound is empty (the
     * record then says the slice is empty, or refuses it). */
    ready->marker = f.elements == 0 ||
                    (c->kind == CS_KERNEL_GATHER && f.bound == 0);
    ready->paths = 1u << CS_PATH_MARKER;
    return ready->marker ? CLSLICE_OK : arm_kernel(c, &f, ready, err);
}

/* An input without elements has no slice to move: a marker keeps the
 * caller's event chain. */
clslice_status cs_dynamic_fire(cs_dyn_ready *ready, cl_uint num_events,
                               const cl_event *wait_list, cl_event *event,
                               clslice_error *err)
{
    clslice_status st =
        ready->marker
            ? cs_enqueue_marker(ready->queue, num_events, wait_list, event,
                                err)
            : cs_armed_enqueue(&ready->armed, ready->queue, num_events,
                               wait_list, event, err);
    if (st == CLSLICE_OK)
        cs_runtime_count_paths(ready->runtime, ready->paths);
    return st;
}

void cs_dynamic_drop(cs_dyn_ready *ready)
{
    if (!ready->marker)
        cs_armed_drop(&ready->armed);
}
