/* A split on an OpenCL device: every section in one batched gather into
 * one buffer, then one read per section.  The queue is our own, so
 * blocking on it is fine. */
#include "device_split.h"

#include <stdlib.h>

#include "cl_fail.h"
#include "device_session.h"

/* The batch, then non-blocking reads of each section and one clFinish. */
static int run_split(const cli_session *s, const clslice_cl_part *parts,
                     size_t count, size_t elem_size, cl_mem src, cl_mem arena,
                     cli_npy *outs, cli_err *err)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    clslice_cl_batch_desc desc = CLSLICE_CL_BATCH_DESC_INIT;
    call.queue = s->queue;
    desc.elem_size = elem_size;
    desc.src = src;
    desc.count = count;
    desc.parts = parts;
    clslice_error lib;
    clslice_status st = clslice_cl_gather_batch(s->runtime, &call, &desc,
                                                &lib);
    if (st != CLSLICE_OK)
        return cli_session_fail(st, &lib, err);
    for (size_t i = 0; i < count; i++) {
        if (!outs[i].bytes)
            continue;
        cl_int rc = clEnqueueReadBuffer(s->queue, arena, CL_FALSE,
                                        parts[i].offset, outs[i].bytes,
                                        outs[i].data, 0, NULL, NULL);
        if (rc != CL_SUCCESS) {
            clFinish(s->queue); /* no read may outlive the call */
            return cli_cl_fail(err, "clEnqueueReadBuffer", rc);
        }
    }
    cl_int rc = clFinish(s->queue);
    return rc == CL_SUCCESS ? CLI_EXIT_OK : cli_cl_fail(err, "clFinish", rc);
}

int cli_device_split(const cli_device *device,
                     clslice_plan *const *plans, size_t count,
                     size_t elem_size, const void *src, size_t src_bytes,
                     cli_npy *outs, cli_err *err)
{
    clslice_cl_part *parts = malloc(count * sizeof *parts);
    if (!parts)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    size_t total = 0;
    for (size_t i = 0; i < count; i++) {
        /* the buffer is set once it exists */
        parts[i] = (clslice_cl_part){.plan = plans[i], .offset = total};
        total += outs[i].bytes; /* the outputs fit in memory: no overflow */
    }
    cli_session s;
    cl_mem in = NULL, arena = NULL;
    int status = cli_session_open(device, &s, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_buffer(&s, CL_MEM_READ_ONLY, src_bytes, src,
                                    "input", &in, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_buffer(&s, CL_MEM_WRITE_ONLY, total, NULL,
                                    "output", &arena, err);
    for (size_t i = 0; i < count; i++)
        parts[i].buffer = outs[i].bytes ? arena : NULL;
    if (status == CLI_EXIT_OK)
        status = run_split(&s, parts, count, elem_size, in, arena, outs,
                           err);
    if (arena)
        clReleaseMemObject(arena);
    if (in)
        clReleaseMemObject(in);
    cli_session_close(&s);
    free(parts);
    return status;
}
