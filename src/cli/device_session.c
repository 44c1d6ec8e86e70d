/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The tool's OpenCL session: context, queue, runtime, buffers.  The queue
 * is our own, so blocking reads and writes on it are fine (the library
 * itself never blocks a caller's queue except where it says so). */
#include "device_session.h"

#include <stdio.h>
#include <string.h>

#include "cl_fail.h"
#include "progress.h"

/* The library's OpenCL messages name the code already ("... failed:
 * CL_OUT_OF_RESOURCES (-5)"); any other message that comes with a code
 * (clslice_error.opencl_code) gets its name appended, so a user always
 * sees which OpenCL status it was. */
int cli_session_fail(clslice_status status, const clslice_error *lib,
                     cli_err *err)
{
    int exit = status == CLSLICE_ERROR_MEMORY ? CLI_EXIT_FAILURE
                                              : CLI_EXIT_OPENCL;
    const char *text = lib->message[0] ? lib->message
                                       : clslice_status_string(status);
    const char *name = clslice_cl_error_name(lib->opencl_code);
    if (lib->opencl_code == 0 || strstr(text, name))
        return cli_fail(err, exit, "%s", text);
    return cli_fail(err, exit, "%s (OpenCL status %s, %d)", text, name,
                    (int)lib->opencl_code);
}

int cli_session_open(const cli_device *device, cli_session *session,
                     cli_err *err)
{
    cl_context_properties props[] = {
        CL_CONTEXT_PLATFORM, (cl_context_properties)device->platform, 0};
    cl_int rc;
    *session = (cli_session){NULL, NULL, NULL};
    cli_progress_phase("opening the OpenCL device", NULL, 0);
    session->context = clCreateContext(props, 1, &device->id, NULL, NULL,
                                       &rc);
    if (!session->context)
        return cli_cl_fail(err, "clCreateContext", rc);
    session->queue = clCreateCommandQueue(session->context, device->id, 0,
                                          &rc);
    if (!session->queue) {
        cli_session_close(session);
        return cli_cl_fail(err, "clCreateCommandQueue", rc);
    }
    clslice_error lib;
    clslice_status st = clslice_runtime_create(session->context,
                                               &session->runtime, &lib);
    if (st == CLSLICE_OK)
        return CLI_EXIT_OK;
    cli_session_close(session);
    return cli_session_fail(st, &lib, err);
}

void cli_session_close(cli_session *session)
{
    clslice_runtime_release(&session->runtime);
    if (session->queue)
        clReleaseCommandQueue(session->queue);
    if (session->context)
        clReleaseContext(session->context);
    *session = (cli_session){NULL, NULL, NULL};
}

/* "clCreateBuffer (input, N bytes)": the size is the likely cause. */
static int create_fail(const char *what, size_t bytes, cl_int rc,
                       cli_err *err)
{
    char call[96];
    snprintf(call, sizeof call, "clCreateBuffer (%s, %zu bytes)", what,
             bytes);
    return cli_cl_fail(err, call, rc);
}

/* The message gives the size, since a tensor larger than the device's
 * CL_DEVICE_MAX_MEM_ALLOC_SIZE is the likely cause of a failure. */
int cli_session_buffer(const cli_session *session, cl_mem_flags flags,
                       size_t bytes, const void *host, const char *what,
                       cl_mem *buffer, cli_err *err)
{
    cl_int rc;
    *buffer = NULL;
    if (bytes == 0) /* the library takes NULL for what holds no bytes */
        return CLI_EXIT_OK;
    *buffer = clCreateBuffer(session->context, flags, bytes, NULL, &rc);
    if (!*buffer)
        return create_fail(what, bytes, rc, err);
    if (!host)
        return CLI_EXIT_OK;
    rc = clEnqueueWriteBuffer(session->queue, *buffer, CL_TRUE, 0, bytes,
                              host, 0, NULL, NULL);
    return rc == CL_SUCCESS ? CLI_EXIT_OK
                            : cli_cl_fail(err, "clEnqueueWriteBuffer", rc);
}

int cli_session_read(const cli_session *session, cl_mem buffer, size_t bytes,
                     void *host, cli_err *err)
{
    if (!bytes)
        return CLI_EXIT_OK;
    cl_int rc = clEnqueueReadBuffer(session->queue, buffer, CL_TRUE, 0, bytes,
                                    host, 0, NULL, NULL);
    return rc == CL_SUCCESS ? CLI_EXIT_OK
                            : cli_cl_fail(err, "clEnqueueReadBuffer", rc);
}

/* Bytes of a buffer mapped and filled at a time: large enough that the
 * map calls cost nothing next to the reading, small enough that a GPU's
 * staging memory stays small. */
#define UPLOAD_SLAB ((size_t)64 << 20)

/* Fills bytes [lo, hi) of buffer from arr's file, a slab at a time. */
static int fill_from_file(const cli_session *session, cl_mem buffer,
                          const cli_npy *arr, size_t lo, size_t hi,
                          cli_err *err)
{
    cli_progress_phase("reading", arr->file_name, hi - lo);
    for (size_t at = lo; at < hi;) {
        size_t n = hi - at < UPLOAD_SLAB ? hi - at : UPLOAD_SLAB;
        cl_int rc;
        void *slab = clEnqueueMapBuffer(session->queue, buffer, CL_TRUE,
                                        CL_MAP_WRITE_INVALIDATE_REGION, at,
                                        n, 0, NULL, NULL, &rc);
        if (!slab)
            return cli_cl_fail(err, "clEnqueueMapBuffer", rc);
        int status = cli_npy_read(arr, at, n, slab, err);
        rc = clEnqueueUnmapMemObject(session->queue, buffer, slab, 0, NULL,
                                     NULL);
        if (status != CLI_EXIT_OK)
            return status;
        if (rc != CL_SUCCESS)
            return cli_cl_fail(err, "clEnqueueUnmapMemObject", rc);
        cli_progress_add(n);
        at += n;
    }
    return CLI_EXIT_OK;
}

int cli_session_upload(const cli_session *session, cl_mem_flags flags,
                       const cli_npy *arr, size_t lo, size_t hi,
                       const char *what, cl_mem *buffer, cli_err *err)
{
    cl_int rc;
    *buffer = NULL;
    if (arr->bytes == 0)
        return CLI_EXIT_OK;
    if (!arr->in_file && !(flags & CL_MEM_READ_ONLY))
        return cli_session_buffer(session, flags, arr->bytes, arr->data, what,
                                  buffer, err);
    /* OpenCL's host_ptr is not const, but a CL_MEM_READ_ONLY buffer is
     * never written by a kernel, and nothing maps it for writing. */
    *buffer = arr->in_file
                  ? clCreateBuffer(session->context, flags, arr->bytes, NULL,
                                   &rc)
                  : clCreateBuffer(session->context,
                                   flags | CL_MEM_USE_HOST_PTR, arr->bytes,
                                   arr->data, &rc);
    if (!*buffer)
        return create_fail(what, arr->bytes, rc, err);
    if (!arr->in_file)
        return CLI_EXIT_OK;
    int status = fill_from_file(session, *buffer, arr, lo, hi, err);
    if (status != CLI_EXIT_OK) {
        clFinish(session->queue); /* no unmap may outlive the buffer */
        clReleaseMemObject(*buffer);
        *buffer = NULL;
    }
    return status;
}

int cli_session_map(const cli_session *session, cl_mem buffer, size_t bytes,
                    void **host, cli_err *err)
{
    cl_int rc;
    *host = NULL;
    if (!bytes) {
        rc = clFinish(session->queue);
        return rc == CL_SUCCESS ? CLI_EXIT_OK
                                : cli_cl_fail(err, "clFinish", rc);
    }
    *host = clEnqueueMapBuffer(session->queue, buffer, CL_TRUE, CL_MAP_READ,
                               0, bytes, 0, NULL, NULL, &rc);
    return *host ? CLI_EXIT_OK
                 : cli_cl_fail(err, "clEnqueueMapBuffer", rc);
}

int cli_session_unmap(const cli_session *session, cl_mem buffer, void *host,
                      cli_err *err)
{
    if (!host)
        return CLI_EXIT_OK;
    cl_int rc = clEnqueueUnmapMemObject(session->queue, buffer, host, 0, NULL,
                                        NULL);
    if (rc != CL_SUCCESS) {
        clFinish(session->queue); /* nothing may outlive the call */
        return cli_cl_fail(err, "clEnqueueUnmapMemObject", rc);
    }
    rc = clFinish(session->queue);
    return rc == CL_SUCCESS ? CLI_EXIT_OK : cli_cl_fail(err, "clFinish", rc);
}
