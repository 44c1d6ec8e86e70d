/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The general host calls, clslice_host_gather2 and clslice_host_scatter2:
 * executors between tensors that may be strided or blocked (clslice.h,
 * "Strided views", "Blocked layouts"; a strided view is a blocked tensor
 * without a blocked axis): the lanes layout of layout/blocked_layout.c,
 * checked like every call between views (each storage inside its
 * buffer, no overlap; host_placed.c), then run as an ordinary layout
 * where the slice allows (cs_lanes_affine), or element by element
 * through its lane maps.  They are what the device's blocked calls are
 * tested against; test_host_blocked checks them against a reference
 * that unblocks, slices and blocks again.
 *
 * A descriptor without a blocking (plain or strided tensors, what the
 * Python package sends) takes a shorter road to the same result: the
 * strided layout of layout/strided.c, which resolves and checks the two
 * views with the same calls in the same order, then the same buffer
 * checks and copy, without building lane maps only to find them absent
 * (issue 26.1: the lanes cost a Python host slice a tenth of its time).
 * test_host_views checks that both roads give the same status, message
 * and bytes.
 */
#include <string.h>

#include "core/layout/blocked_layout.h"
#include "core/layout/strided.h"
#include "core/host/host.h"
#include "core/plan/plan.h"
#include "core/plan/sized.h"

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

/* One tensor of a descriptor, placed for the checks. */
static cs_placed placed(const cs_strided_view *view,
                        const clslice_host_tensor *t)
{
    return (cs_placed){view, t->data, t->bytes, t->offset, {0, 0}};
}

/* The tail of the roads without lanes: both views checked against their
 * buffers, then the copy of the strided layout. */
static clslice_status check_and_copy(clslice_status st,
                                     clslice_layout *layout,
                                     size_t elem_size, cs_placed *in,
                                     cs_placed *out, clslice_error *err)
{
    if (st == CLSLICE_OK)
        st = cs_host_check_pair(in, out, elem_size, err);
    if (st != CLSLICE_OK)
        return st;
    cs_host_run_placed(layout, elem_size, in, out);
    return cs_ok(err);
}

static clslice_status gather_views(const clslice_host_gather_desc *d,
                                   clslice_error *err)
{
    cs_strided_view sv, dv;
    clslice_layout layout;
    clslice_status st = cs_check_plan_elem(d->plan, d->elem_size, err);
    if (st == CLSLICE_OK)
        st = cs_strided_gather_layout(d->plan, d->src.strides,
                                      d->dst.strides, true, &sv, &dv,
                                      &layout, err);
    cs_placed in = placed(&sv, &d->src), out = placed(&dv, &d->dst);
    return check_and_copy(st, &layout, d->elem_size, &in, &out, err);
}

clslice_status cs_host_gather_lanes(const clslice_host_gather_desc *d,
                                    clslice_error *err)
{
    cs_strided_view sv, dv;
    cs_lanes lanes;
    cs_tensor_form from = {d->src.strides, d->src_blocking};
    cs_tensor_form to = {d->dst.strides, d->dst_blocking};
    clslice_status st = cs_check_plan_elem(d->plan, d->elem_size, err);
    if (st == CLSLICE_OK)
        st = cs_blocked_gather_lanes(d->plan, from, to, true, &sv, &dv,
                                     &lanes, err);
    cs_placed in = placed(&sv, &d->src), out = placed(&dv, &d->dst);
    return check_and_run(st, &lanes, d->elem_size, &in, &out, err);
}

clslice_status clslice_host_gather2(const clslice_host_gather_desc *desc,
                                    clslice_error *err)
{
    clslice_host_gather_desc d;
    clslice_status st = cs_take_struct(
        desc, "desc", "clslice_host_gather_desc",
        CS_SIZE_THROUGH(clslice_host_gather_desc, dst_blocking), sizeof d,
        &d, err);
    if (st != CLSLICE_OK)
        return st;
    return d.src_blocking || d.dst_blocking ? cs_host_gather_lanes(&d, err)
                                            : gather_views(&d, err);
}

static clslice_status scatter_views(const clslice_host_scatter_desc *d,
                                    clslice_error *err)
{
    cs_strided_view vv, dv;
    clslice_layout layout;
    clslice_status st = cs_check_plan_elem(d->plan, d->elem_size, err);
    if (st == CLSLICE_OK)
        st = cs_strided_scatter_layout(d->plan, d->value_shape,
                                       d->value_rank, d->value.strides,
                                       d->rule, "value", d->dst.strides,
                                       true, &vv, &dv, &layout, err);
    cs_placed in = placed(&vv, &d->value), out = placed(&dv, &d->dst);
    return check_and_copy(st, &layout, d->elem_size, &in, &out, err);
}

clslice_status cs_host_scatter_lanes(const clslice_host_scatter_desc *d,
                                     clslice_error *err)
{
    cs_strided_view vv, dv;
    cs_lanes lanes;
    cs_tensor_form from = {d->value.strides, d->value_blocking};
    cs_tensor_form to = {d->dst.strides, d->dst_blocking};
    clslice_status st = cs_check_plan_elem(d->plan, d->elem_size, err);
    if (st == CLSLICE_OK)
        st = cs_blocked_scatter_lanes(d->plan, d->value_shape, d->value_rank,
                                      from, d->rule, "value", to, true, &vv,
                                      &dv, &lanes, err);
    cs_placed in = placed(&vv, &d->value), out = placed(&dv, &d->dst);
    return check_and_run(st, &lanes, d->elem_size, &in, &out, err);
}

clslice_status clslice_host_scatter2(const clslice_host_scatter_desc *desc,
                                     clslice_error *err)
{
    clslice_host_scatter_desc d;
    clslice_status st = cs_take_struct(
        desc, "desc", "clslice_host_scatter_desc",
        CS_SIZE_THROUGH(clslice_host_scatter_desc, dst_blocking), sizeof d,
        &d, err);
    if (st != CLSLICE_OK)
        return st;
    return d.value_blocking || d.dst_blocking
               ? cs_host_scatter_lanes(&d, err)
               : scatter_views(&d, err);
}
