/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Slicing a CSR matrix on an OpenCL device for the command-line tool. */
#ifndef CLI_DEVICE_CSR_H
#define CLI_DEVICE_CSR_H

#include "clslice.h"
#include "csr_files.h"
#include "device.h"
#include "diag.h"

/* Slices `in` by plan on `device` into *out (allocated here; the caller
 * frees it on success): upload, clslice_cl_csr_count, allocation,
 * clslice_cl_csr_fill, read back.  A corrupt matrix is CLI_EXIT_FILE
 * with the library's message naming the position; OpenCL failures are
 * CLI_EXIT_OPENCL. */
int cli_device_csr_slice(const cli_device *device, const clslice_plan *plan,
                         const cli_csr *in, cli_csr *out, cli_err *err);

#endif
