/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The writes of the conformance cases (TF assign and StridedSliceGrad,
 * MXNet _slice_assign and _slice_assign_scalar) through the real API: the
 * host executor, and the default OpenCL device when there is one, which
 * must agree with the host byte for byte.  Elements are int64, as the
 * case files' values. */
#ifndef CLSLICE_TEST_CASE_WRITE_H
#define CLSLICE_TEST_CASE_WRITE_H

#include <stddef.h>
#include <stdint.h>

#include "clslice.h"

/* result = input (n elements of the plan's input shape) with rhs written
 * into plan's slice under `rule`; a rank-0 rhs under broadcasting also
 * runs as clslice_enqueue_fill.  Returns NULL, or a message saying which
 * call failed or where the device and the host disagree. */
const char *cw_scatter(const clslice_plan *plan, const int64_t *input,
                       size_t n, const int64_t *rhs, const int64_t *rhs_shape,
                       int rhs_rank, clslice_value_rule rule,
                       int64_t *result);

/* result = StridedSliceGrad: n zeros with dy written into the slice. */
const char *cw_grad(const clslice_plan *plan, const int64_t *dy,
                    const int64_t *dy_shape, int dy_rank, size_t n,
                    int64_t *result);

/* Whether the writes also ran on a device (after the first call). */
int cw_has_device(void);

/* Releases the device objects, if any. */
void cw_close(void);

#endif
