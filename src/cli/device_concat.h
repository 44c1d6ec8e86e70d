/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Joining many arrays into one on an OpenCL device for the command-line
 * tool: one clslice_cl_concat call. */
#ifndef CLI_DEVICE_CONCAT_H
#define CLI_DEVICE_CONCAT_H

#include <stddef.h>

#include "clslice.h"
#include "device.h"
#include "device_session.h"
#include "diag.h"

/* One input: its array (C order) and its place in the output. */
typedef struct cli_concat_input {
    const clslice_plan *plan;
    const cli_npy *array;
} cli_concat_input;

/* Writes every input into its place of one output of out_bytes on
 * `device` with one clslice_cl_concat call (no device buffer for an input
 * or an output of no bytes), then maps the output and hands it to
 * sink(ctx, 0, ...).  The inputs reach the device as cli_session_upload
 * puts them there (mapped files read through the file: a file truncated
 * meanwhile is CLI_EXIT_FILE and a message).  Its own context, in-order
 * queue, runtime and buffers, all released before returning.  Returns
 * the sink's failure, CLI_EXIT_FILE, CLI_EXIT_OPENCL with the failing
 * call named, or CLI_EXIT_FAILURE when host memory runs out. */
int cli_device_concat(const cli_device *device,
                      const cli_concat_input *inputs, size_t count,
                      size_t elem_size, size_t out_bytes,
                      cli_device_sink *sink, void *ctx, cli_err *err);

#endif
