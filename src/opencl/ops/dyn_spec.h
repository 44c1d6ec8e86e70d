/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer ops: the spec of a slice whose bounds are computed on the device.
 * The normalise command (dyn_normalise.c, cl/normalise.cl) turns
 * begin/end/strides (ONNX starts/ends/steps/axes, XLA start_indices) read
 * from device buffers into a dynamic plan record (core/dynamic/record.h),
 * by the same rules the host front-ends apply: both run the one C-subset
 * normaliser in core/plan/resolve.h.  The gather or scatter that reads the
 * record is dyn_consume.h; the public calls that chain the two are
 * dyn_api.c.
 */
#ifndef CLSLICE_OPENCL_OPS_DYN_SPEC_H
#define CLSLICE_OPENCL_OPS_DYN_SPEC_H

#include <stddef.h>
#include <stdint.h>

#include "clslice_cl.h"

typedef enum cs_dyn_front {
    CS_DYN_TF,
    CS_DYN_OPENVINO,
    CS_DYN_ONNX,
    CS_DYN_XLA /* dynamic_slice / dynamic_update_slice: begin holds the
                * start_indices, `window` the sizes */
} cs_dyn_front;

/* One value vector on the device: `len` entries of `type` from byte
 * `offset` (a multiple of the entry size) of `buffer`; buffer NULL: the
 * vector is absent (OpenVINO strides, ONNX steps and axes). */
typedef struct cs_dyn_value {
    cl_mem buffer;
    size_t offset;
    size_t len;
    clslice_index_type type;
} cs_dyn_value;

/* Index of the OpenVINO mask vectors in cs_dyn_spec.ov_masks. */
enum { CS_OV_BEGIN, CS_OV_END, CS_OV_NEW_AXIS, CS_OV_SHRINK, CS_OV_ELLIPSIS };

typedef struct cs_dyn_spec {
    cs_dyn_front front;
    const int64_t *shape; /* the input's, every size known */
    int rank;
    /* TF/OpenVINO: begin, end, strides; ONNX: starts, ends, steps, axes */
    cs_dyn_value begin, end, step, axes;
    /* TF's int32 bitmasks (bit i: slot i) */
    int32_t begin_mask, end_mask, ellipsis_mask, new_axis_mask,
        shrink_axis_mask;
    /* OpenVINO's 0/1 mask vectors, by CS_OV_*: begin, end, new_axis,
     * shrink, ellipsis */
    const int64_t *ov_masks[5];
    size_t ov_mask_len[5];
    /* Scatters: the value tensor's static shape, checked on the device
     * against the slice's shape under `rule`; value_rank -1: a gather. */
    const int64_t *value_shape;
    int value_rank;
    clslice_value_rule rule;
    /* XLA: the window's sizes (slice_sizes), window_len entries; NULL for
     * a scatter whose window is the value's shape */
    const int64_t *window;
    size_t window_len;
    /* Gathers: the most elements the output buffer holds (0: no bound
     * beyond the slice's own, below); a slice with more is refused on
     * the device. */
    int64_t max_elements;
} cs_dyn_spec;

#endif
