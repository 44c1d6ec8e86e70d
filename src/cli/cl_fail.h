/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* OpenCL failures of the command-line tool's own OpenCL calls. */
#ifndef CLI_CL_FAIL_H
#define CLI_CL_FAIL_H

#include "clslice_cl.h"
#include "diag.h"

/* Records "<call> failed: <NAME> (<code>)" (the library's format) and
 * returns CLI_EXIT_OPENCL. */
int cli_cl_fail(cli_err *err, const char *call, cl_int code);

#endif
