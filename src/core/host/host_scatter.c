/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Host writers: a value tensor scattered into a slice in place (TF
 * StridedSliceAssign, MXNet _slice_assign and _slice_assign_scalar), and
 * StridedSliceGrad.  Both run their scatter layout through the loop the
 * gather uses (host_copy.c); everything is checked before the first write.
 */
#include <string.h>

#include "core/host/host.h"
#include "core/plan/plan.h"
#include "core/layout/scatter.h"

/* One buffer of a call: its argument names, the bytes it holds and the
 * bytes the call needs in it. */
typedef struct need {
    const char *name;   /* "value", "dst", "dy", "out" */
    const char *tensor; /* what the message calls its tensor */
    const void *data;
    size_t bytes, need;
    int64_t elements;
} need;

static clslice_status check_need(const need *n, size_t elem_size,
                                 clslice_error *err)
{
    if (n->bytes < n->need)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s_bytes = %zu is too small: the %s needs %zu bytes "
                       "(%lld elements of %zu bytes)", n->name, n->bytes,
                       n->tensor, n->need, (long long)n->elements, elem_size);
    if (n->need && !n->data)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "%s is NULL", n->name);
    return CLSLICE_OK;
}

/* The scatter layout of `value` into the plan's slice, after checking
 * both buffers against the value's and the input's sizes. */
static clslice_status prepare(const clslice_plan *plan, size_t elem_size,
                              need *value, const int64_t *shape, int rank,
                              clslice_value_rule rule, need *dst,
                              clslice_layout *layout, clslice_error *err)
{
    clslice_status st = cs_check_plan_elem(plan, elem_size, err);
    if (st == CLSLICE_OK)
        st = cs_scatter_layout(plan, shape, rank, rule, value->name, layout,
                               err);
    if (st == CLSLICE_OK)
        st = cs_value_elements(shape, rank, value->name, &value->elements,
                               err);
    if (st == CLSLICE_OK)
        st = cs_host_bytes(value->elements, elem_size, value->tensor,
                           &value->need, err);
    if (st == CLSLICE_OK)
        st = cs_input_elements(plan, &dst->elements, err);
    if (st == CLSLICE_OK)
        st = cs_host_bytes(dst->elements, elem_size, dst->tensor, &dst->need,
                           err);
    if (st == CLSLICE_OK)
        st = check_need(value, elem_size, err);
    if (st == CLSLICE_OK)
        st = check_need(dst, elem_size, err);
    return st;
}

static void run(clslice_layout *layout, size_t elem_size, const void *src,
                void *dst)
{
    if (layout->elements == 0)
        return;
    clslice_layout_simplify(layout);
    cs_host_copy(layout, elem_size, src, dst);
}

clslice_status clslice_host_scatter(const clslice_plan *plan,
                                    size_t elem_size, const void *value,
                                    const int64_t *value_shape,
                                    int value_rank, size_t value_bytes,
                                    clslice_value_rule rule, void *dst,
                                    size_t dst_bytes, clslice_error *err)
{
    need v = {"value", "value", value, value_bytes, 0, 0};
    need d = {"dst", "destination tensor", dst, dst_bytes, 0, 0};
    clslice_layout layout;
    clslice_status st = prepare(plan, elem_size, &v, value_shape, value_rank,
                                rule, &d, &layout, err);
    if (st != CLSLICE_OK)
        return st;
    run(&layout, elem_size, value, dst);
    return cs_ok(err);
}

clslice_status clslice_host_grad(const clslice_plan *plan, size_t elem_size,
                                 const void *dy, const int64_t *dy_shape,
                                 int dy_rank, size_t dy_bytes, void *out,
                                 size_t out_bytes, clslice_error *err)
{
    need v = {"dy", "dy tensor", dy, dy_bytes, 0, 0};
    need o = {"out", "output tensor", out, out_bytes, 0, 0};
    clslice_layout layout;
    clslice_status st = prepare(plan, elem_size, &v, dy_shape, dy_rank,
                                CLSLICE_VALUE_EXACT, &o, &layout, err);
    if (st != CLSLICE_OK)
        return st;
    if (o.need)
        memset(out, 0, o.need);
    run(&layout, elem_size, dy, out);
    return cs_ok(err);
}
