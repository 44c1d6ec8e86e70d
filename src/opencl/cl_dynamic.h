/*
 * Slices whose bounds are computed on the device: the normalise command
 * (cl_normalise.c, cl/normalise.cl) turns begin/end/strides (or ONNX
 * starts/ends/steps/axes) read from device buffers into a dynamic plan
 * record (clslice.h: CLSLICE_DYNAMIC_*; core/dyn_record.h: the library's
 * words), by the same rules the host front-ends apply: both run the one
 * C-subset normaliser in core/resolve.h.  The kernels that then read the
 * record (gather, scatter) are declared below it.
 */
#ifndef CLSLICE_CL_DYNAMIC_H
#define CLSLICE_CL_DYNAMIC_H

#include <stddef.h>
#include <stdint.h>

#include "clslice_cl.h"

typedef enum cs_dyn_front { CS_DYN_TF, CS_DYN_OPENVINO, CS_DYN_ONNX } cs_dyn_front;

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
} cs_dyn_spec;

/* Checks on the host everything that does not depend on the values
 * (handles, lengths, masks, ranks, buffer sizes and offsets) with the
 * host front-end's messages; then enqueues one normalise command that
 * writes the record into info at byte info_offset (CLSLICE_DYNAMIC_INFO_
 * BYTES, writable) behind the wait list, with `ev` if requested.
 * *static_plan receives the plan built with the values unknown: input
 * shape, shrunk dims, out_source and out_rank are known; starts and
 * counts are -1 (0 on a dim of size 0) and steps are stand-ins (1): the
 * record holds the real ones (release it with clslice_plan_release).
 * Nothing is enqueued and *static_plan is NULL on failure.  Errors that
 * depend on the values are not returned: they are in the record, as the
 * host front-end would report its first one (resolve.h). */
clslice_status cs_enqueue_normalise(clslice_runtime *rt, cl_command_queue q,
                                    const cs_dyn_spec *spec, cl_mem info,
                                    size_t info_offset,
                                    clslice_plan **static_plan, cl_uint n,
                                    const cl_event *wl, cl_event *ev,
                                    clslice_error *err);

#endif
