/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A random case of randplan.h as a dynamic spec: its values written to a
 * device buffer, and the clslice_enqueue_*_dynamic call that slices with
 * them (TF int32/int64, OpenVINO, ONNX; the fronts whose values may live
 * on the device).  The host plan of the same case (rp_build) is the
 * reference.
 */
#ifndef CLSLICE_TEST_DYNSPEC_H
#define CLSLICE_TEST_DYNSPEC_H

#include "clslice_cl.h"
#include "randplan.h"

/* True for the fronts a dynamic spec exists for. */
static inline bool ds_front_ok(rp_front f)
{
    return f == RP_TF32 || f == RP_TF64 || f == RP_OPENVINO || f == RP_ONNX;
}

/* The case's vectors as the host front-end receives them. */
typedef struct ds_values {
    bool i32;
    size_t len;
    int64_t v[4][CLSLICE_MAX_SLOTS]; /* begin/starts, end/ends,
                                      * strides/steps, axes */
    bool present[4];
    int32_t tf_mask[5]; /* begin, end, ellipsis, new_axis, shrink */
    int64_t ov_mask[5][CLSLICE_MAX_SLOTS]; /* begin, end, new, shrink, ell */
} ds_values;

/* Mirrors rp_build's translation of slots into spec vectors. */
static inline void ds_values_of(const rp_case *c, ds_values *d)
{
    memset(d, 0, sizeof *d);
    int m = c->nslots;
    d->len = (size_t)m;
    d->i32 = c->front == RP_TF32;
    if (c->front == RP_ONNX) {
        bool any_step = false;
        for (int i = 0; i < m; i++) {
            const rp_slot *sl = &c->slots[i];
            bool neg = sl->s < 0;
            d->v[0][i] = sl->has_b ? sl->b : (neg ? INT64_MAX : INT64_MIN);
            d->v[1][i] = sl->has_e ? sl->e : (neg ? INT64_MIN : INT64_MAX);
            d->v[2][i] = sl->s;
            d->v[3][i] = c->axes[i];
            any_step = any_step || sl->has_s;
        }
        d->present[0] = d->present[1] = d->present[3] = true;
        d->present[2] = any_step;
        return;
    }
    bool tf = c->front != RP_OPENVINO;
    for (int i = 0; i < m; i++) {
        const rp_slot *s = &c->slots[i];
        d->v[0][i] = s->has_b ? s->b : 99;
        d->v[1][i] = s->has_e ? s->e : -99;
        d->v[2][i] = s->kind == RP_RANGE ? s->s : 1;
        if (tf && (s->kind == RP_NEW_AXIS || s->kind == RP_ELLIPSIS))
            d->v[2][i] = 0;
        if (d->i32)
            for (int k = 0; k < 2; k++)
                d->v[k][i] = d->v[k][i] < INT32_MIN   ? INT32_MIN
                             : d->v[k][i] > INT32_MAX ? INT32_MAX
                                                      : d->v[k][i];
        int64_t bits[5] = {s->kind == RP_RANGE && !s->has_b,
                           s->kind == RP_RANGE && !s->has_e,
                           s->kind == RP_ELLIPSIS, s->kind == RP_NEW_AXIS,
                           s->kind == RP_SHRINK};
        for (int k = 0; k < 5; k++)
            if (tf && bits[k] && i < 31)
                d->tf_mask[k] |= (int32_t)((uint32_t)1 << i);
        /* OpenVINO order: begin, end, new_axis, shrink, ellipsis */
        d->ov_mask[0][i] = bits[0];
        d->ov_mask[1][i] = bits[1];
        d->ov_mask[2][i] = bits[3];
        d->ov_mask[3][i] = bits[4];
        d->ov_mask[4][i] = bits[2];
    }
    d->present[0] = d->present[1] = d->present[2] = true;
}

/* Writes the present vectors into `buffer` (blocking) from byte `base`,
 * each at the next multiple of 16, and fills where[] (buffer NULL for
 * absent vectors). */
static inline void ds_upload(cl_command_queue q, cl_mem buffer, size_t base,
                             const ds_values *d,
                             clslice_device_values where[4])
{
    size_t entry = d->i32 ? 4 : 8, at = base;
    for (int k = 0; k < 4; k++) {
        where[k] = (clslice_device_values){NULL, 0, 0};
        if (!d->present[k])
            continue;
        unsigned char bytes[CLSLICE_MAX_SLOTS * 8];
        for (size_t i = 0; i < d->len; i++) {
            if (d->i32) {
                int32_t v = (int32_t)d->v[k][i];
                memcpy(bytes + i * 4, &v, 4);
            } else {
                memcpy(bytes + i * 8, &d->v[k][i], 8);
            }
        }
        if (d->len)
            clEnqueueWriteBuffer(q, buffer, CL_TRUE, at, d->len * entry,
                                 bytes, 0, NULL, NULL);
        where[k] = (clslice_device_values){buffer, at, d->len};
        at += (d->len * entry + 15) / 16 * 16 + 16;
    }
}

/* Enqueues the case's dynamic call with `call` and `op`, whose shape
 * and rank are the case's. */
static inline clslice_status ds_enqueue(clslice_runtime *rt,
                                        const clslice_cl_call *call,
                                        const rp_case *c, const ds_values *d,
                                        const clslice_device_values where[4],
                                        const clslice_cl_dynamic_desc *op,
                                        clslice_error *err)
{
    clslice_cl_dynamic_desc desc = *op;
    desc.shape = c->shape;
    desc.rank = c->rank;
    clslice_index_type type = d->i32 ? CLSLICE_INT32 : CLSLICE_INT64;
    if (c->front == RP_ONNX) {
        clslice_onnx_dynamic_spec s = {type, where[0], where[1], where[3],
                                       where[2]};
        return clslice_cl_onnx_dynamic(rt, call, &desc, &s, err);
    }
    if (c->front == RP_OPENVINO) {
        clslice_openvino_dynamic_spec s = {
            .index_type = type, .begin = where[0], .end = where[1],
            .strides = where[2],
            .begin_mask = d->ov_mask[0], .begin_mask_len = d->len,
            .end_mask = d->ov_mask[1], .end_mask_len = d->len,
            .new_axis_mask = d->ov_mask[2], .new_axis_mask_len = d->len,
            .shrink_axis_mask = d->ov_mask[3],
            .shrink_axis_mask_len = d->len,
            .ellipsis_mask = d->ov_mask[4], .ellipsis_mask_len = d->len};
        return clslice_cl_openvino_dynamic(rt, call, &desc, &s, err);
    }
    clslice_tf_dynamic_spec s = {
        .index_type = type, .begin = where[0], .end = where[1],
        .strides = where[2], .begin_mask = d->tf_mask[0],
        .end_mask = d->tf_mask[1], .ellipsis_mask = d->tf_mask[2],
        .new_axis_mask = d->tf_mask[3], .shrink_axis_mask = d->tf_mask[4]};
    return clslice_cl_tf_dynamic(rt, call, &desc, &s, err);
}

#endif
