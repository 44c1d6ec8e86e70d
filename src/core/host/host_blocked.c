/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Host executors between tensors that may be blocked (clslice.h,
 * "Blocked layouts"): the lanes layout of layout/blocked_layout.c,
 * checked like every call between views (each storage inside its
 * buffer, no overlap; host_placed.c), then run as an ordinary layout
 * where the slice allows (cs_lanes_affine), or element by element
 * through its lane maps.  They are what the device's blocked calls are
 * tested against; test_host_blocked checks them against a reference
 * that unblocks, slices and blocks again.
 */
#include <string.h>

#include "core/layout/blocked_layout.h"
#include "core/host/host.h"
#include "core/plan/plan.h"

/* The element loop of a lanes layout that stays one: an odometer over
 * its dims, a lane map's element added per element, zeros written to a
 * blocked destination's padding lanes. */
static void run_lanes(const cs_lanes *l, size_t elem_size,
                      const unsigned char *src, unsigned char *dst)
{
    const clslice_layout *b = &l->base;
    int64_t idx[CLSLICE_MAX_RANK] = {0};
    ptrdiff_t size = (ptrdiff_t)elem_size;
    for (int64_t e = 0; e < b->elements; e++) {
        int64_t s = b->offset, d = b->dst_offset;
        for (int k = 0; k < b->rank; k++) {
            s += idx[k] * b->src_stride[k];
            d += idx[k] * b->dst_stride[k];
        }
        int64_t j = l->dst.dim >= 0 ? idx[l->dst.dim] : 0;
        bool pad = l->dst.dim >= 0 && (j < l->dst.lo || j >= l->dst.hi);
        if (l->dst.dim >= 0)
            d += cs_lane_element(&l->dst, j);
        if (l->src.dim >= 0 && !pad)
            s += cs_lane_element(&l->src, idx[l->src.dim]);
        if (pad)
            memset(dst + d * size, 0, elem_size);
        else
            memcpy(dst + d * size, src + s * size, elem_size);
        for (int k = b->rank - 1; k >= 0 && ++idx[k] == b->count[k]; k--)
            idx[k] = 0;
    }
}

static void run(cs_lanes *lanes, size_t elem_size, const cs_placed *in,
                const cs_placed *out)
{
    clslice_layout layout;
    if (lanes->base.elements == 0)
        return;
    cs_lanes_simplify(lanes);
    if (cs_lanes_affine(lanes, &layout))
        cs_host_run_placed(&layout, elem_size, in, out);
    else
        run_lanes(lanes, elem_size,
                  (const unsigned char *)in->data + in->offset,
                  (unsigned char *)out->data + out->offset);
}

/* The tail both calls share: with the lanes layout built (st), both
 * sides checked against their buffers, then the copy. */
static clslice_status check_and_run(clslice_status st, cs_lanes *lanes,
                                    size_t elem_size, cs_placed *in,
                                    cs_placed *out, clslice_error *err)
{
    if (st == CLSLICE_OK)
        st = cs_host_check_pair(in, out, elem_size, err);
    if (st != CLSLICE_OK)
        return st;
    run(lanes, elem_size, in, out);
    return cs_ok(err);
}

clslice_status clslice_host_gather_blocked(
    const clslice_plan *plan, size_t elem_size, const void *src,
    size_t src_bytes, size_t src_offset, const int64_t *src_strides,
    const clslice_blocking *src_blocking, void *dst, size_t dst_bytes,
    size_t dst_offset, const int64_t *dst_strides,
    const clslice_blocking *dst_blocking, clslice_error *err)
{
    cs_strided_view sv, dv;
    cs_lanes lanes;
    cs_tensor_form from = {src_strides, src_blocking};
    cs_tensor_form to = {dst_strides, dst_blocking};
    clslice_status st = cs_check_plan_elem(plan, elem_size, err);
    if (st == CLSLICE_OK)
        st = cs_blocked_gather_lanes(plan, from, to, false, &sv, &dv, &lanes,
                                     err);
    cs_placed in = {&sv, src, src_bytes, src_offset, {0, 0}};
    cs_placed out = {&dv, dst, dst_bytes, dst_offset, {0, 0}};
    return check_and_run(st, &lanes, elem_size, &in, &out, err);
}

clslice_status clslice_host_scatter_blocked(
    const clslice_plan *plan, size_t elem_size, const void *value,
    size_t value_bytes, size_t value_offset, const int64_t *value_shape,
    int value_rank, const int64_t *value_strides,
    const clslice_blocking *value_blocking, clslice_value_rule rule,
    void *dst, size_t dst_bytes, size_t dst_offset,
    const int64_t *dst_strides, const clslice_blocking *dst_blocking,
    clslice_error *err)
{
    cs_strided_view vv, dv;
    cs_lanes lanes;
    cs_tensor_form from = {value_strides, value_blocking};
    cs_tensor_form to = {dst_strides, dst_blocking};
    clslice_status st = cs_check_plan_elem(plan, elem_size, err);
    if (st == CLSLICE_OK)
        st = cs_blocked_scatter_lanes(plan, value_shape, value_rank, from,
                                      rule, "value", to, false, &vv, &dv,
                                      &lanes, err);
    cs_placed in = {&vv, value, value_bytes, value_offset, {0, 0}};
    cs_placed out = {&dv, dst, dst_bytes, dst_offset, {0, 0}};
    return check_and_run(st, &lanes, elem_size, &in, &out, err);
}
