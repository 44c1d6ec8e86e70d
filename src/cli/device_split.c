/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* A split on an OpenCL device: every section in one batched gather into
 * one buffer, which is then mapped and handed over section by section.
 * Mapping instead of reading into host arrays keeps the output in memory
 * once (on a CPU device the map is the buffer itself).  The queue is our
 * own, so blocking on it is fine. */
#include "device_split.h"

#include <stdlib.h>

#include "cl_fail.h"
#include "progress.h"

/* The batch, then the mapped arena, section by section. */
static int run_split(const cli_session *s, const clslice_cl_part *parts,
                     size_t count, size_t elem_size, cl_mem src, cl_mem arena,
                     size_t total, cli_device_sink *sink, void *ctx,
                     cli_err *err)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    clslice_cl_batch_desc desc = CLSLICE_CL_BATCH_DESC_INIT;
    call.queue = s->queue;
    desc.elem_size = elem_size;
    desc.src.buffer = src;
    desc.count = count;
    desc.parts = parts;
    clslice_error lib;
    cli_progress_phase("slicing on the device", NULL, 0);
    clslice_status st = clslice_cl_gather_batch(s->runtime, &call, &desc,
                                                &lib);
    if (st != CLSLICE_OK)
        return cli_session_fail(st, &lib, err);
    unsigned char *mapped = NULL;
    int status = cli_session_map(s, arena, total, (void **)&mapped, err);
    for (size_t i = 0; i < count && status == CLI_EXIT_OK; i++)
        status = sink(ctx, i, mapped ? mapped + parts[i].offset : NULL, err);
    int unmapped = cli_session_unmap(s, arena, mapped, err);
    return status == CLI_EXIT_OK ? unmapped : status;
}

int cli_device_split(const cli_device *device, clslice_plan *const *plans,
                     size_t count, const cli_npy *src,
                     const size_t *out_bytes, cli_device_sink *sink,
                     void *ctx, cli_err *err)
{
    clslice_cl_part *parts = malloc(count * sizeof *parts);
    if (!parts)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    size_t total = 0;
    for (size_t i = 0; i < count; i++) {
        /* the buffer is set once it exists */
        parts[i] = (clslice_cl_part){.plan = plans[i], .offset = total};
        total += out_bytes[i]; /* the sections fit in the input */
    }
    cli_session s;
    cl_mem in = NULL, arena = NULL;
    int status = cli_session_open(device, &s, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_upload(&s, CL_MEM_READ_ONLY, src, 0,
                                    src->bytes, "input", &in, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_buffer(&s, CL_MEM_WRITE_ONLY |
                                            CL_MEM_ALLOC_HOST_PTR,
                                    total, NULL, "output", &arena, err);
    for (size_t i = 0; i < count; i++)
        parts[i].buffer = out_bytes[i] ? arena : NULL;
    if (status == CLI_EXIT_OK)
        status = run_split(&s, parts, count, src->elem_size, in, arena,
                           total, sink, ctx, err);
    if (arena)
        clReleaseMemObject(arena);
    if (in)
        clReleaseMemObject(in);
    cli_session_close(&s);
    free(parts);
    return status;
}
