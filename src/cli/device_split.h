/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Splitting one array into many on an OpenCL device for the command-line
 * tool: one clslice_cl_gather_batch call. */
#ifndef CLI_DEVICE_SPLIT_H
#define CLI_DEVICE_SPLIT_H

#include <stddef.h>

#include "clslice.h"
#include "device.h"
#include "device_session.h"
#include "diag.h"

/* Gathers plans[i]'s slice of `in` (C order) for i < count on
 * `device` with one batched call into one output buffer at consecutive
 * offsets (NULL destinations for empty sections, no buffer at all when
 * every section is empty), then maps that buffer and hands section i,
 * out_bytes[i] bytes, to sink(ctx, i, ...) in order.  The input reaches
 * the device as cli_session_upload puts it there (a mapped file read
 * through the file: a file truncated meanwhile is CLI_EXIT_FILE and a
 * message).  Its own context, in-order queue, runtime and buffers, all
 * released before returning.  Returns the sink's failure, CLI_EXIT_FILE,
 * CLI_EXIT_OPENCL with the failing call named, or CLI_EXIT_FAILURE when
 * host memory runs out. */
int cli_device_split(const cli_device *device,
                     clslice_plan *const *plans, size_t count,
                     const cli_npy *in, const size_t *out_bytes,
                     cli_device_sink *sink, void *ctx, cli_err *err);

#endif
