/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The static half of a slice whose bounds are on the device (dyn_bound.c):
 * the plans built from lengths and masks alone, which the OpenCL half
 * describes to the normalise kernel.
 */
#ifndef CLSLICE_CORE_DYN_BOUND_H
#define CLSLICE_CORE_DYN_BOUND_H

#include <stdbool.h>

#include "core/plan/plan.h"

/* The static halves of TF's and OpenVINO's strided slices (as
 * cs_plan_onnx_static is ONNX's, fronts.h): the spec's lengths and masks
 * are used, its begin/end/strides pointers are not; has_strides says
 * whether strides are given (on the device). */
clslice_status cs_plan_tf_static(const int64_t *shape, int rank,
                                 const clslice_tf_spec *spec,
                                 bool has_strides, clslice_plan **plan,
                                 clslice_error *err);
clslice_status cs_plan_openvino_static(const int64_t *shape, int rank,
                                       const clslice_openvino_spec *spec,
                                       bool has_strides, clslice_plan **plan,
                                       clslice_error *err);

/* cs_check_shape, and every size known (a device-resident spec is
 * resolved against it). */
clslice_status cs_check_shape_known(const int64_t *shape, int rank,
                                    clslice_error *err);

#endif
