/* One slice on an OpenCL device: context, queue, runtime, buffers, write,
 * clslice_enqueue_gather, blocking read, release.  The queue is our own,
 * so waiting on it with a blocking read is fine (the library itself never
 * blocks a caller's queue). */
#include "device_gather.h"

#include <stdio.h>

#include "cl_fail.h"

/* Everything the run creates, released in reverse by release_all(). */
typedef struct device_run {
    cl_context context;
    cl_command_queue queue;
    clslice_runtime *runtime;
    cl_mem src;
    cl_mem dst;
} device_run;

static void release_all(device_run *run)
{
    clslice_runtime_release(&run->runtime);
    if (run->dst)
        clReleaseMemObject(run->dst);
    if (run->src)
        clReleaseMemObject(run->src);
    if (run->queue)
        clReleaseCommandQueue(run->queue);
    if (run->context)
        clReleaseContext(run->context);
}

/* Library failures on the device path are OpenCL failures, except running
 * out of host memory. */
static int library_fail(clslice_status status, const clslice_error *lib,
                        cli_err *err)
{
    return cli_fail(err, status == CLSLICE_ERROR_MEMORY ? CLI_EXIT_FAILURE
                                                        : CLI_EXIT_OPENCL,
                    "%s", lib->message[0] ? lib->message
                                          : clslice_status_string(status));
}

static int create_queue(device_run *run, const cli_device *device,
                        cli_err *err)
{
    cl_context_properties props[] = {
        CL_CONTEXT_PLATFORM, (cl_context_properties)device->platform, 0};
    cl_int rc;
    run->context = clCreateContext(props, 1, &device->id, NULL, NULL, &rc);
    if (!run->context)
        return cli_cl_fail(err, "clCreateContext", rc);
    run->queue = clCreateCommandQueue(run->context, device->id, 0, &rc);
    if (!run->queue)
        return cli_cl_fail(err, "clCreateCommandQueue", rc);
    clslice_error lib;
    clslice_status st = clslice_runtime_create(run->context, &run->runtime,
                                               &lib);
    return st == CLSLICE_OK ? CLI_EXIT_OK : library_fail(st, &lib, err);
}

/* OpenCL has no zero-byte buffers; an empty tensor gets one spare byte.
 * The message gives the size, since a tensor larger than the device's
 * CL_DEVICE_MAX_MEM_ALLOC_SIZE is the likely cause of a failure. */
static int create_buffer(cl_context context, cl_mem_flags flags,
                         size_t bytes, const char *what, cl_mem *buffer,
                         cli_err *err)
{
    cl_int rc;
    *buffer = clCreateBuffer(context, flags, bytes ? bytes : 1, NULL, &rc);
    if (*buffer)
        return CLI_EXIT_OK;
    char call[96];
    snprintf(call, sizeof call, "clCreateBuffer (%s, %zu bytes)", what,
             bytes);
    return cli_cl_fail(err, call, rc);
}

static int run_gather(device_run *run, const clslice_plan *plan,
                      size_t elem_size, const void *src, size_t src_bytes,
                      void *dst, size_t dst_bytes, cli_err *err)
{
    cl_int rc = CL_SUCCESS;
    if (src_bytes)
        rc = clEnqueueWriteBuffer(run->queue, run->src, CL_TRUE, 0, src_bytes,
                                  src, 0, NULL, NULL);
    if (rc != CL_SUCCESS)
        return cli_cl_fail(err, "clEnqueueWriteBuffer", rc);
    clslice_error lib;
    clslice_status st = clslice_enqueue_gather(
        run->runtime, run->queue, plan, elem_size, run->src, 0, run->dst, 0,
        0, 0, NULL, NULL, &lib);
    if (st != CLSLICE_OK)
        return library_fail(st, &lib, err);
    if (dst_bytes)
        rc = clEnqueueReadBuffer(run->queue, run->dst, CL_TRUE, 0, dst_bytes,
                                 dst, 0, NULL, NULL);
    else
        rc = clFinish(run->queue); /* an empty slice still runs to the end */
    return rc == CL_SUCCESS
               ? CLI_EXIT_OK
               : cli_cl_fail(err, dst_bytes ? "clEnqueueReadBuffer"
                                            : "clFinish", rc);
}

int cli_device_gather(const cli_device *device, const clslice_plan *plan,
                      size_t elem_size, const void *src, size_t src_bytes,
                      void *dst, size_t dst_bytes, cli_err *err)
{
    device_run run = {NULL, NULL, NULL, NULL, NULL};
    int status = create_queue(&run, device, err);
    if (status == CLI_EXIT_OK)
        status = create_buffer(run.context, CL_MEM_READ_ONLY, src_bytes,
                               "input", &run.src, err);
    if (status == CLI_EXIT_OK)
        status = create_buffer(run.context, CL_MEM_WRITE_ONLY, dst_bytes,
                               "output", &run.dst, err);
    if (status == CLI_EXIT_OK)
        status = run_gather(&run, plan, elem_size, src, src_bytes, dst,
                            dst_bytes, err);
    release_all(&run);
    return status;
}
