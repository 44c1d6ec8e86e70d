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

/* Gathers plan's slice of `in` (C order) into a device buffer of
 * dst_bytes on `device`, maps it and hands it to sink(ctx, 0, ...): its
 * own context, in-order queue, runtime and buffers, all released before
 * returning.  The input reaches the device as cli_session_upload puts it
 * there: only the bytes the slice reads (all of them for a blocked
 * input), and a mapped file read through the file, so that a file
 * truncated meanwhile ends in CLI_EXIT_FILE and a message, whatever the
 * driver did to signal handlers.  `blocked`: how in and dst store the
 * input and output (clslice_blocking; NULL entries for plain tensors).
 * Returns the sink's failure, CLI_EXIT_FILE for an input that cannot be
 * read, CLI_EXIT_OPENCL with the failing call named, or CLI_EXIT_FAILURE
 * when host memory runs out. */
int cli_device_gather(const cli_device *device, const clslice_plan *plan,
                      const cli_npy *in, size_t dst_bytes,
                      const clslice_blocking *blocked[2],
                      cli_device_sink *sink, void *ctx, cli_err *err);

#endif
