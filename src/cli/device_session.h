/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* An OpenCL session of the command-line tool on one device: its own
 * context, in-order queue and clslice runtime, plus buffer creation and
 * the mapping of library failures to exit statuses, shared by every
 * subcommand that runs on a device. */
#ifndef CLI_DEVICE_SESSION_H
#define CLI_DEVICE_SESSION_H

#include <stddef.h>

#include "clslice_cl.h"
#include "device.h"
#include "diag.h"
#include "npy/npy.h"

typedef struct cli_session {
    cl_context context;
    cl_command_queue queue;
    clslice_runtime *runtime;
} cli_session;

/* Opens a session on `device`; on failure everything created so far is
 * released and the status names the failing call. */
int cli_session_open(const cli_device *device, cli_session *session,
                     cli_err *err);

/* Releases the runtime, queue and context.  Accepts a cleared session. */
void cli_session_close(cli_session *session);

/* A buffer of `bytes`, filled from `host` with a blocking write when host
 * is not NULL.  `what` names it in messages ("input", "indices", ...).
 * For 0 bytes *buffer is NULL and nothing is allocated: OpenCL has no
 * empty buffers, and every library call takes NULL for an array that
 * holds no bytes. */
int cli_session_buffer(const cli_session *session, cl_mem_flags flags,
                       size_t bytes, const void *host, const char *what,
                       cl_mem *buffer, cli_err *err);

/* A buffer of arr->bytes holding arr's data, or bytes [lo, hi) of it
 * (lo = 0, hi = arr->bytes for all; the rest is left as the driver
 * allocated it, for a gather that reads nothing else).  `flags` is
 * CL_MEM_READ_ONLY or CL_MEM_READ_WRITE.  How it is filled:
 *  - data that can be read through its file (arr->in_file, a mapped
 *    input): the driver allocates the buffer, and each slab of it is
 *    mapped for writing and filled with cli_npy_read.  No driver thread
 *    ever reads the file's mapping, so a file truncated meanwhile is a
 *    short read (CLI_EXIT_FILE, "PATH: the file shrank ..."), never a
 *    SIGBUS in a thread whose signal handlers the driver replaced.  On
 *    a CPU device a mapped slab is the buffer's own memory: the file is
 *    read once, straight into it;
 *  - data in memory that the device only reads: the buffer uses it where
 *    it lies (CL_MEM_USE_HOST_PTR), without a copy on a CPU device; it
 *    must stay valid and unchanged until the buffer is released;
 *  - data in memory that the device writes: a copy, arr stays as it is.
 * NULL for 0 bytes, as cli_session_buffer.  `what` names the buffer in
 * messages ("input", "value", ...). */
int cli_session_upload(const cli_session *session, cl_mem_flags flags,
                       const cli_npy *arr, size_t lo, size_t hi,
                       const char *what, cl_mem *buffer, cli_err *err);

/* Blocking map of the first `bytes` of buffer for reading; *host is NULL
 * when bytes is 0 (and the queue is finished then, so the work before it
 * is done either way).  Pair with cli_session_unmap. */
int cli_session_map(const cli_session *session, cl_mem buffer, size_t bytes,
                    void **host, cli_err *err);

/* Unmaps what cli_session_map mapped and waits for the queue.  Accepts a
 * NULL host (nothing mapped). */
int cli_session_unmap(const cli_session *session, cl_mem buffer, void *host,
                      cli_err *err);

/* What a device command hands out, one output at a time: output `index`
 * at `data` (mapped device memory, valid during the call only). */
typedef int cli_device_sink(void *ctx, size_t index, const void *data,
                            cli_err *err);

/* Blocking read of `bytes` from buffer into host (nothing when 0). */
int cli_session_read(const cli_session *session, cl_mem buffer, size_t bytes,
                     void *host, cli_err *err);

/* A library failure on the device path: an OpenCL failure, except running
 * out of host memory.  The message names clslice_error.opencl_code with
 * clslice_cl_error_name when the library's text does not already. */
int cli_session_fail(clslice_status status, const clslice_error *lib,
                     cli_err *err);

#endif
