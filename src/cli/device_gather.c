/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* One slice on an OpenCL device: a session (context, queue, runtime),
 * the input uploaded (device_session.h: the bytes the slice reads, a
 * mapped file read through the file), an output buffer,
 * clslice_cl_gather (blocked tensors on either side), then the
 * output mapped and handed to the caller, so that it is written from
 * device memory (on a CPU device, without a copy) rather than read into a
 * host array first.  The queue is our own, so blocking on it is fine (the
 * library itself never blocks a caller's queue). */
#include "device_gather.h"

#include "cl_fail.h"
#include "progress.h"

static int run_gather(const cli_session *s, cl_mem src, cl_mem dst,
                      const clslice_plan *plan, size_t elem_size,
                      size_t out_bytes, const clslice_blocking *blocked[2],
                      cli_device_sink *sink, void *ctx, cli_err *err)
{
    clslice_error lib;
    cli_progress_phase("slicing on the device", NULL, 0);
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    call.queue = s->queue;
    desc.plan = plan;
    desc.elem_size = elem_size;
    desc.src.buffer = src;
    desc.dst.buffer = dst;
    desc.src_blocking = blocked[0];
    desc.dst_blocking = blocked[1];
    clslice_status st = clslice_cl_gather(s->runtime, &call, &desc, &lib);
    if (st != CLSLICE_OK)
        return cli_session_fail(st, &lib, err);
    void *mapped = NULL; /* an empty slice still runs to the end */
    int status = cli_session_map(s, dst, out_bytes, &mapped, err);
    if (status == CLI_EXIT_OK)
        status = sink(ctx, 0, mapped, err);
    int unmapped = cli_session_unmap(s, dst, mapped, err);
    return status == CLI_EXIT_OK ? unmapped : status;
}

/* Bytes [*lo, *hi) of the input that the slice reads: from its first to
 * its last element, or all of a blocked input (its storage is not the
 * plan's input). */
static void read_range(const clslice_plan *plan, const cli_npy *in,
                       const clslice_blocking *src_blocking, size_t *lo,
                       size_t *hi)
{
    clslice_layout layout;
    clslice_error lib;
    *lo = 0;
    *hi = in->bytes;
    if (src_blocking || clslice_plan_layout(plan, &layout, &lib) !=
                            CLSLICE_OK)
        return;
    if (layout.elements == 0) {
        *hi = 0;
        return;
    }
    /* inside the input: the plan was built on its shape */
    *lo = (size_t)layout.src_min * in->elem_size;
    *hi = (size_t)(layout.src_max + 1) * in->elem_size;
}

int cli_device_gather(const cli_device *device, const clslice_plan *plan,
                      const cli_npy *in, size_t dst_bytes,
                      const clslice_blocking *blocked[2],
                      cli_device_sink *sink, void *ctx, cli_err *err)
{
    cli_session s;
    cl_mem src = NULL, out = NULL;
    size_t lo, hi;
    read_range(plan, in, blocked[0], &lo, &hi);
    int status = cli_session_open(device, &s, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = cli_session_upload(&s, CL_MEM_READ_ONLY, in, lo, hi, "input",
                                &src, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_buffer(&s, CL_MEM_WRITE_ONLY |
                                            CL_MEM_ALLOC_HOST_PTR,
                                    dst_bytes, NULL, "output", &out, err);
    if (status == CLI_EXIT_OK)
        status = run_gather(&s, src, out, plan, in->elem_size, dst_bytes,
                            blocked, sink, ctx, err);
    if (out)
        clReleaseMemObject(out);
    if (src)
        clReleaseMemObject(src);
    cli_session_close(&s);
    return status;
}
