/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* OpenCL failures of the tool's own calls (platform and device queries,
 * context, queue, buffers, reads and writes), named by the library's
 * clslice_cl_error_name so that they read like the library's messages. */
#include "cl_fail.h"

int cli_cl_fail(cli_err *err, const char *call, cl_int code)
{
    return cli_fail(err, CLI_EXIT_OPENCL, "%s failed: %s (%d)", call,
                    clslice_cl_error_name(code), (int)code);
}
