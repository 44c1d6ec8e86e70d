/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Writing into a slice on an OpenCL device for the command-line tool:
 * `clslice assign` and `clslice grad`. */
#ifndef CLI_DEVICE_SCATTER_H
#define CLI_DEVICE_SCATTER_H

#include <stddef.h>

#include "clslice.h"
#include "device.h"
#include "diag.h"

/* Writes value (value_bytes, C order, of value_shape) into plan's slice of
 * dst (dst_bytes, the plan's input tensor) in place, on `device`: the
 * tensor goes to the device, clslice_enqueue_scatter (or, for a rank-0
 * value under broadcasting, clslice_enqueue_fill) runs, the tensor comes
 * back.  Returns CLI_EXIT_OPENCL with the failing call named, or
 * CLI_EXIT_FAILURE when host memory runs out. */
int cli_device_scatter(const cli_device *device, const clslice_plan *plan,
                       size_t elem_size, const void *value,
                       const int64_t *value_shape, int value_rank,
                       size_t value_bytes, clslice_value_rule rule,
                       void *dst, size_t dst_bytes, cli_err *err);

/* StridedSliceGrad on `device`: out (out_bytes, the plan's input tensor)
 * receives zeros with dy scattered into the slice. */
int cli_device_grad(const cli_device *device, const clslice_plan *plan,
                    size_t elem_size, const void *dy, const int64_t *dy_shape,
                    int dy_rank, size_t dy_bytes, void *out,
                    size_t out_bytes, cli_err *err);

#endif
