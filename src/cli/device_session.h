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

/* Blocking read of `bytes` from buffer into host (nothing when 0). */
int cli_session_read(const cli_session *session, cl_mem buffer, size_t bytes,
                     void *host, cli_err *err);

/* A library failure on the device path: an OpenCL failure, except running
 * out of host memory.  The message names clslice_error.opencl_code with
 * clslice_cl_error_name when the library's text does not already. */
int cli_session_fail(clslice_status status, const clslice_error *lib,
                     cli_err *err);

#endif
