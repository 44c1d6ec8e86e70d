/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Writing into a slice on an OpenCL device for the command-line tool:
 * `clslice assign` and `clslice grad`. */
#ifndef CLI_DEVICE_SCATTER_H
#define CLI_DEVICE_SCATTER_H

#include <stddef.h>

#include "clslice.h"
#include "device.h"
#include "device_session.h"
#include "diag.h"
#include "npy/npy.h"

/* Writes `value` into plan's slice of `tensor` (the plan's input, or its
 * blocked storage under dst_blocking, which may be NULL) on `device`
 * under `rule`, then maps the result and hands it to sink(ctx, 0, ...)
 * (tensor->bytes of it).  Both arrays reach the device as
 * cli_session_upload puts them there: a mapped file is read through the
 * file, so that a file truncated meanwhile ends in CLI_EXIT_FILE and a
 * message, and the tensor is held once, in the device buffer.  A rank-0
 * value under broadcasting into a plain tensor is a fill
 * (clslice_enqueue_fill), anything else one clslice_cl_scatter.  Returns
 * the sink's failure, CLI_EXIT_FILE, CLI_EXIT_OPENCL with the failing
 * call named, or CLI_EXIT_FAILURE when host memory runs out. */
int cli_device_scatter(const cli_device *device, const clslice_plan *plan,
                       const cli_npy *value, clslice_value_rule rule,
                       const cli_npy *tensor,
                       const clslice_blocking *dst_blocking,
                       cli_device_sink *sink, void *ctx, cli_err *err);

/* StridedSliceGrad on `device`: an output of out_bytes (the plan's input
 * tensor) that is zero but for dy scattered into the slice, mapped and
 * handed to sink(ctx, 0, ...).  dy reaches the device as in
 * cli_device_scatter. */
int cli_device_grad(const cli_device *device, const clslice_plan *plan,
                    const cli_npy *dy, size_t out_bytes,
                    cli_device_sink *sink, void *ctx, cli_err *err);

#endif
