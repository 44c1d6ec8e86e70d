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

/* Gathers plans[i]'s slice of src (src_bytes, C order) for i < count on
 * `device` with one batched call into one output buffer at consecutive
 * offsets (NULL destinations for empty sections, no buffer at all when
 * every section is empty), then maps that buffer and hands section i,
 * out_bytes[i] bytes, to sink(ctx, i, ...) in order.  The device reads
 * src where it lies when it can (CL_MEM_USE_HOST_PTR), so a mapped input
 * file is not copied on a CPU device.  Its own context, in-order queue,
 * runtime and buffers, all released before returning.  Returns the
 * sink's failure, CLI_EXIT_OPENCL with the failing call named, or
 * CLI_EXIT_FAILURE when host memory runs out. */
int cli_device_split(const cli_device *device,
                     clslice_plan *const *plans, size_t count,
                     size_t elem_size, const void *src, size_t src_bytes,
                     const size_t *out_bytes, cli_device_sink *sink,
                     void *ctx, cli_err *err);

#endif
