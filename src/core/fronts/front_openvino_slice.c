/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * OpenVINO Slice-8 (and SliceScatter-15, which writes through the same
 * spec): ONNX Slice's rules under OpenVINO's argument names, with `step`
 * required (docs/SEMANTICS.md §18; openvinotoolkit/openvino:
 * src/core/shape_inference/include/slice_shape_inference.hpp).
 */
#include "core/fronts/fronts.h"

static const cs_axes_names ov_slice_names = {"start", "stop", "axes", "step",
                                             "OpenVINO Slice-8"};

clslice_status cs_front_openvino_slice(const int64_t *shape, int rank,
                                       const int64_t *start, size_t start_len,
                                       const int64_t *stop, size_t stop_len,
                                       const int64_t *step, size_t step_len,
                                       const int64_t *axes, size_t axes_len,
                                       clslice_plan *into, clslice_error *err)
{
    /* Slice-8 has no default step: the input is required. */
    if (!step && start_len > 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "step is NULL: OpenVINO Slice-8 requires it (one "
                       "entry per start entry)");
    return cs_front_axes_slice(shape, rank, start, start_len, stop, stop_len,
                               axes, axes_len, step, step_len,
                               &ov_slice_names, into, err, NULL);
}
