/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Scatters and gradients on an OpenCL device: a session (context, queue,
 * runtime), two buffers, one clslice call, a blocking read of the whole
 * tensor, release.  The queue is our own, so blocking on it is fine. */
#include "device_scatter.h"

#include "device_session.h"

/* What one run writes, and from what. */
typedef struct write_job {
    const clslice_plan *plan;
    size_t elem_size;
    const void *value;
    const int64_t *shape;
    int rank;
    size_t value_bytes;
    clslice_value_rule rule;
    bool grad;
    void *tensor;
    size_t tensor_bytes;
} write_job;

/* The one library call; a rank-0 value under broadcasting is a fill,
 * which needs no value buffer on the device. */
static clslice_status enqueue(const cli_session *s, const write_job *job,
                              cl_mem value, cl_mem tensor,
                              clslice_error *lib)
{
    if (job->grad)
        return clslice_enqueue_grad(s->runtime, s->queue, job->plan,
                                    job->elem_size, value, 0, job->shape,
                                    job->rank, tensor, 0, 0, 0, NULL, NULL,
                                    lib);
    if (job->rank == 0 && job->rule == CLSLICE_VALUE_BROADCAST)
        return clslice_enqueue_fill(s->runtime, s->queue, job->plan,
                                    job->elem_size, job->value, tensor, 0, 0,
                                    0, NULL, NULL, lib);
    return clslice_enqueue_scatter(s->runtime, s->queue, job->plan,
                                   job->elem_size, value, 0, job->shape,
                                   job->rank, job->rule, tensor, 0, 0, 0,
                                   NULL, NULL, lib);
}

static int run(const write_job *job, const cli_device *device, cli_err *err)
{
    cli_session s;
    cl_mem value = NULL, tensor = NULL;
    int status = cli_session_open(device, &s, err);
    if (status != CLI_EXIT_OK)
        return status;
    /* a grad's output starts as anything: it is all overwritten */
    status = cli_session_buffer(&s, CL_MEM_READ_WRITE, job->tensor_bytes,
                                job->grad ? NULL : job->tensor, "tensor",
                                &tensor, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_buffer(&s, CL_MEM_READ_ONLY, job->value_bytes,
                                    job->value, job->grad ? "dy" : "value",
                                    &value, err);
    clslice_error lib;
    clslice_status st = CLSLICE_OK;
    if (status == CLI_EXIT_OK)
        st = enqueue(&s, job, value, tensor, &lib);
    if (st != CLSLICE_OK)
        status = cli_session_fail(st, &lib, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_read(&s, tensor, job->tensor_bytes, job->tensor,
                                  err);
    if (value)
        clReleaseMemObject(value);
    if (tensor)
        clReleaseMemObject(tensor);
    cli_session_close(&s);
    return status;
}

int cli_device_scatter(const cli_device *device, const clslice_plan *plan,
                       size_t elem_size, const void *value,
                       const int64_t *value_shape, int value_rank,
                       size_t value_bytes, clslice_value_rule rule,
                       void *dst, size_t dst_bytes, cli_err *err)
{
    write_job job = {plan, elem_size, value, value_shape, value_rank,
                     value_bytes, rule, false, dst, dst_bytes};
    return run(&job, device, err);
}

int cli_device_grad(const cli_device *device, const clslice_plan *plan,
                    size_t elem_size, const void *dy, const int64_t *dy_shape,
                    int dy_rank, size_t dy_bytes, void *out,
                    size_t out_bytes, cli_err *err)
{
    write_job job = {plan, elem_size, dy, dy_shape, dy_rank, dy_bytes,
                     CLSLICE_VALUE_EXACT, true, out, out_bytes};
    return run(&job, device, err);
}
