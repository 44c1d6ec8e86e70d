/* One slice on an OpenCL device: a session (context, queue, runtime),
 * buffers, write, clslice_enqueue_gather, blocking read, release.  The
 * queue is our own, so waiting on it with a blocking read is fine (the
 * library itself never blocks a caller's queue). */
#include "device_gather.h"

#include "cl_fail.h"
#include "device_session.h"

static int run_gather(const cli_session *s, cl_mem src, cl_mem dst,
                      const clslice_plan *plan, size_t elem_size, void *out,
                      size_t out_bytes, cli_err *err)
{
    clslice_error lib;
    clslice_status st = clslice_enqueue_gather(s->runtime, s->queue, plan,
                                               elem_size, src, 0, dst, 0, 0,
                                               0, NULL, NULL, &lib);
    if (st != CLSLICE_OK)
        return cli_session_fail(st, &lib, err);
    if (out_bytes)
        return cli_session_read(s, dst, out_bytes, out, err);
    cl_int rc = clFinish(s->queue); /* an empty slice still runs to the end */
    return rc == CL_SUCCESS ? CLI_EXIT_OK : cli_cl_fail(err, "clFinish", rc);
}

int cli_device_gather(const cli_device *device, const clslice_plan *plan,
                      size_t elem_size, const void *src, size_t src_bytes,
                      void *dst, size_t dst_bytes, cli_err *err)
{
    cli_session s;
    cl_mem in = NULL, out = NULL;
    int status = cli_session_open(device, &s, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = cli_session_buffer(&s, CL_MEM_READ_ONLY, src_bytes, src,
                                "input", &in, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_buffer(&s, CL_MEM_WRITE_ONLY, dst_bytes, NULL,
                                    "output", &out, err);
    if (status == CLI_EXIT_OK)
        status = run_gather(&s, in, out, plan, elem_size, dst, dst_bytes,
                            err);
    if (out)
        clReleaseMemObject(out);
    if (in)
        clReleaseMemObject(in);
    cli_session_close(&s);
    return status;
}
