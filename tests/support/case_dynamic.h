/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The conformance cases of the three front-ends whose values may live on
 * a device (TF, OpenVINO, ONNX) through the dynamic path: the spec's
 * values uploaded, clslice_enqueue_*_dynamic, the record read back.  Its
 * verdict must be the host front-end's (the same status, and for errors
 * found before enqueuing the same message), its output the host gather
 * of the host plan, and a rejected spec must write nothing. */
#ifndef CLSLICE_TEST_CASE_DYNAMIC_H
#define CLSLICE_TEST_CASE_DYNAMIC_H

#include <stddef.h>
#include <stdint.h>

#include "clslice.h"

typedef enum cd_front { CD_TF, CD_OPENVINO, CD_ONNX } cd_front;

/* A spec with every value known (int64); v[k] NULL: vector absent.
 * TF/OpenVINO: begin, end, strides; ONNX: starts, ends, steps, axes. */
typedef struct cd_spec {
    cd_front front;
    const int64_t *shape;
    int rank;
    const int64_t *v[4];
    size_t len[4];
    int32_t tf_masks[5];        /* begin, end, ellipsis, new_axis, shrink */
    const int64_t *ov_masks[5]; /* begin, end, new_axis, shrink, ellipsis */
    size_t ov_len[5];
} cd_spec;

/* Gathers with the spec from an iota input; host_status/host_message/
 * plan: what the host front-end gave for the same spec.  NULL when the
 * device agrees (or there is no device), else what differs. */
const char *cd_gather(const cd_spec *spec, clslice_status host_status,
                      const char *host_message, const clslice_plan *plan);

/* Writes rhs (broadcast rule) into `input` with the spec; result must
 * equal want (want_n elements). */
const char *cd_scatter(const cd_spec *spec, const int64_t *input, size_t n,
                       const int64_t *rhs, const int64_t *rhs_shape,
                       int rhs_rank, const int64_t *want, size_t want_n);

/* Cases run through the dynamic path so far. */
int cd_runs(void);
void cd_close(void);

#endif
