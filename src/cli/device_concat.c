/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* A concatenation on an OpenCL device: each input in a buffer of its own,
 * every part written by one call into one output buffer, which is then
 * mapped and handed over.  The queue is our own, so blocking on it is
 * fine. */
#include "device_concat.h"

#include <stdlib.h>

#include "progress.h"

/* One input buffer per input, as the parts' sources. */
static int make_inputs(const cli_session *s, const cli_concat_input *inputs,
                       size_t count, clslice_cl_concat_part *parts,
                       cli_err *err)
{
    int status = CLI_EXIT_OK;
    for (size_t i = 0; i < count && status == CLI_EXIT_OK; i++) {
        parts[i].plan = inputs[i].plan;
        status = cli_session_upload(s, CL_MEM_READ_ONLY, inputs[i].array,
                                    0, inputs[i].array->bytes, "input",
                                    &parts[i].src.buffer, err);
    }
    return status;
}

static int run_concat(const cli_session *s,
                      const clslice_cl_concat_part *parts, size_t count,
                      size_t elem_size, cl_mem out, size_t out_bytes,
                      cli_device_sink *sink, void *ctx, cli_err *err)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    clslice_cl_concat_desc desc = CLSLICE_CL_CONCAT_DESC_INIT;
    call.queue = s->queue;
    desc.elem_size = elem_size;
    desc.dst.buffer = out;
    desc.count = count;
    desc.parts = parts;
    clslice_error lib;
    cli_progress_phase("joining on the device", NULL, 0);
    clslice_status st = clslice_cl_concat(s->runtime, &call, &desc, &lib);
    if (st != CLSLICE_OK)
        return cli_session_fail(st, &lib, err);
    void *mapped = NULL;
    int status = cli_session_map(s, out, out_bytes, &mapped, err);
    if (status == CLI_EXIT_OK)
        status = sink(ctx, 0, mapped, err);
    int unmapped = cli_session_unmap(s, out, mapped, err);
    return status == CLI_EXIT_OK ? unmapped : status;
}

int cli_device_concat(const cli_device *device,
                      const cli_concat_input *inputs, size_t count,
                      size_t elem_size, size_t out_bytes,
                      cli_device_sink *sink, void *ctx, cli_err *err)
{
    clslice_cl_concat_part *parts = calloc(count, sizeof *parts);
    if (!parts)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    cli_session s;
    cl_mem out = NULL;
    int status = cli_session_open(device, &s, err);
    if (status == CLI_EXIT_OK)
        status = make_inputs(&s, inputs, count, parts, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_buffer(&s, CL_MEM_WRITE_ONLY |
                                            CL_MEM_ALLOC_HOST_PTR,
                                    out_bytes, NULL, "output", &out, err);
    if (status == CLI_EXIT_OK)
        status = run_concat(&s, parts, count, elem_size, out, out_bytes,
                            sink, ctx, err);
    if (out)
        clReleaseMemObject(out);
    for (size_t i = 0; i < count; i++)
        if (parts[i].src.buffer)
            clReleaseMemObject(parts[i].src.buffer);
    cli_session_close(&s);
    free(parts);
    return status;
}
