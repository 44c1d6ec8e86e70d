/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Scatters and gradients on an OpenCL device: a session (context, queue,
 * runtime), the inputs uploaded (device_session.h), one clslice call,
 * the result mapped and handed over, release.  The result is written
 * from the device buffer rather than read back into a host array, so a
 * tensor is in memory once (on a CPU device the map is the buffer
 * itself).  The queue is our own, so blocking on it is fine. */
#include "device_scatter.h"

#include <stdlib.h>

/* What one run writes, and from what. */
typedef struct write_job {
    const clslice_plan *plan;
    const cli_npy *value; /* dy for a grad */
    clslice_value_rule rule;
    bool grad;
    const cli_npy *tensor; /* NULL for a grad */
    const clslice_blocking *dst_blocking;
    size_t out_bytes;
} write_job;

/* A fill reads its element on the host: from memory of our own, not from
 * a mapping a driver's thread could fault on. */
static int fill(const cli_session *s, const write_job *job, cl_mem tensor,
                clslice_status *st, clslice_error *lib, cli_err *err)
{
    size_t size = job->value->elem_size;
    void *element = malloc(size);
    if (!element)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    int status = cli_npy_read(job->value, 0, size, element, err);
    if (status == CLI_EXIT_OK)
        *st = clslice_enqueue_fill(s->runtime, s->queue, job->plan, size,
                                   element, tensor, 0, 0, 0, NULL, NULL, lib);
    free(element);
    return status;
}

/* The one library call, or a failure of our own (CLI_EXIT_*). */
static int enqueue(const cli_session *s, const write_job *job, cl_mem value,
                   cl_mem tensor, clslice_status *st, clslice_error *lib,
                   cli_err *err)
{
    const cli_npy *v = job->value;
    if (job->grad) {
        *st = clslice_enqueue_grad(s->runtime, s->queue, job->plan,
                                   v->elem_size, value, 0, v->shape, v->rank,
                                   tensor, 0, 0, 0, NULL, NULL, lib);
        return CLI_EXIT_OK;
    }
    if (v->rank == 0 && job->rule == CLSLICE_VALUE_BROADCAST &&
        !job->dst_blocking)
        return fill(s, job, tensor, st, lib, err);
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    clslice_cl_scatter_desc desc = CLSLICE_CL_SCATTER_DESC_INIT;
    call.queue = s->queue;
    desc.plan = job->plan;
    desc.elem_size = v->elem_size;
    desc.value.buffer = value;
    desc.value_shape = v->shape;
    desc.value_rank = v->rank;
    desc.rule = job->rule;
    desc.dst.buffer = tensor;
    desc.dst_blocking = job->dst_blocking;
    *st = clslice_cl_scatter(s->runtime, &call, &desc, lib);
    return CLI_EXIT_OK;
}

/* The tensor (a grad's output starts as anything: it is all written),
 * then the value. */
static int make_buffers(const cli_session *s, const write_job *job,
                        cl_mem *value, cl_mem *tensor, cli_err *err)
{
    int status =
        job->grad ? cli_session_buffer(s, CL_MEM_READ_WRITE |
                                              CL_MEM_ALLOC_HOST_PTR,
                                       job->out_bytes, NULL, "output", tensor,
                                       err)
                  : cli_session_upload(s, CL_MEM_READ_WRITE, job->tensor, 0,
                                       job->out_bytes, "tensor", tensor, err);
    bool fills = !job->grad && job->value->rank == 0 &&
                 job->rule == CLSLICE_VALUE_BROADCAST && !job->dst_blocking;
    if (status == CLI_EXIT_OK && !fills)
        status = cli_session_upload(s, CL_MEM_READ_ONLY, job->value, 0,
                                    job->value->bytes,
                                    job->grad ? "dy" : "value", value, err);
    return status;
}

static int run(const write_job *job, const cli_device *device,
               cli_device_sink *sink, void *ctx, cli_err *err)
{
    cli_session s;
    cl_mem value = NULL, tensor = NULL;
    int status = cli_session_open(device, &s, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = make_buffers(&s, job, &value, &tensor, err);
    clslice_error lib;
    clslice_status st = CLSLICE_OK;
    if (status == CLI_EXIT_OK)
        status = enqueue(&s, job, value, tensor, &st, &lib, err);
    if (status == CLI_EXIT_OK && st != CLSLICE_OK)
        status = cli_session_fail(st, &lib, err);
    void *mapped = NULL;
    if (status == CLI_EXIT_OK)
        status = cli_session_map(&s, tensor, job->out_bytes, &mapped, err);
    if (status == CLI_EXIT_OK)
        status = sink(ctx, 0, mapped, err);
    int unmapped = cli_session_unmap(&s, tensor, mapped, err);
    if (status == CLI_EXIT_OK)
        status = unmapped;
    if (value)
        clReleaseMemObject(value);
    if (tensor)
        clReleaseMemObject(tensor);
    cli_session_close(&s);
    return status;
}

int cli_device_scatter(const cli_device *device, const clslice_plan *plan,
                       const cli_npy *value, clslice_value_rule rule,
                       const cli_npy *tensor,
                       const clslice_blocking *dst_blocking,
                       cli_device_sink *sink, void *ctx, cli_err *err)
{
    write_job job = {plan, value, rule, false, tensor, dst_blocking,
                     tensor->bytes};
    return run(&job, device, sink, ctx, err);
}

int cli_device_grad(const cli_device *device, const clslice_plan *plan,
                    const cli_npy *dy, size_t out_bytes,
                    cli_device_sink *sink, void *ctx, cli_err *err)
{
    write_job job = {plan, dy, CLSLICE_VALUE_EXACT, true, NULL, NULL,
                     out_bytes};
    return run(&job, device, sink, ctx, err);
}
