/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Running one slice on an OpenCL device for the command-line tool. */
#ifndef CLI_DEVICE_GATHER_H
#define CLI_DEVICE_GATHER_H

#include <stddef.h>

#include "clslice.h"
#include "device.h"
#include "device_session.h"
#include "diag.h"

/* Gathers plan's slice of src (src_bytes, C order; read where it lies when
 * the device can, see cli_session_input) into a device buffer of
 * dst_bytes on `device`, maps it and hands it to sink(ctx, 0, ...): its
 * own context, in-order queue, runtime and buffers, all released before
 * returning.  `blocked`: how src and dst store the input and output
 * (clslice_blocking; NULL entries for plain tensors).  Returns the sink's
 * failure, CLI_EXIT_OPENCL with the failing call named, or
 * CLI_EXIT_FAILURE when host memory runs out. */
int cli_device_gather(const cli_device *device, const clslice_plan *plan,
                      size_t elem_size, const void *src, size_t src_bytes,
                      size_t dst_bytes, const clslice_blocking *blocked[2],
                      cli_device_sink *sink, void *ctx, cli_err *err);

#endif
