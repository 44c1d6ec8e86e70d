/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The host reference executor: runs a plan on host memory for any element
 * size.  It is the oracle for device tests and a CPU fallback, so it favours
 * obviously-right code over speed, while still copying contiguous runs with
 * one memcpy (host_copy.c, shared with the scatter).
 */
#include "core/host/host.h"
#include "core/plan/plan.h"

/* Validates buffers against the plan before anything is written. */
static clslice_status check_buffers(const clslice_plan *plan, size_t elem_size,
                                    const void *src, size_t src_bytes,
                                    const void *dst, size_t dst_bytes,
                                    int64_t out_elements, clslice_error *err)
{
    int64_t in_elements = 0;
    size_t src_need = 0, dst_need = 0;
    clslice_status st = cs_input_elements(plan, &in_elements, err);
    if (st == CLSLICE_OK)
        st = cs_host_bytes(in_elements, elem_size, "input", &src_need, err);
    if (st == CLSLICE_OK)
        st = cs_host_bytes(out_elements, elem_size, "output", &dst_need, err);
    if (st != CLSLICE_OK)
        return st;
    if (src_bytes < src_need)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "src_bytes = %zu is too small: the input needs %zu "
                       "bytes (%lld elements of %zu bytes)", src_bytes,
                       src_need, (long long)in_elements, elem_size);
    if (dst_bytes < dst_need)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "dst_bytes = %zu is too small: the output needs %zu "
                       "bytes (%lld elements of %zu bytes)", dst_bytes,
                       dst_need, (long long)out_elements, elem_size);
    if (src_need && !src)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "src is NULL");
    if (dst_need && !dst)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "dst is NULL");
    return CLSLICE_OK;
}

clslice_status clslice_host_gather(const clslice_plan *plan, size_t elem_size,
                                   const void *src, size_t src_bytes,
                                   void *dst, size_t dst_bytes,
                                   clslice_error *err)
{
    clslice_status st = cs_check_plan_elem(plan, elem_size, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_layout layout;
    st = clslice_plan_layout(plan, &layout, err);
    if (st == CLSLICE_OK)
        st = check_buffers(plan, elem_size, src, src_bytes, dst, dst_bytes,
                           layout.elements, err);
    if (st != CLSLICE_OK)
        return st;
    if (layout.elements > 0) {
        clslice_layout_simplify(&layout);
        cs_host_copy(&layout, elem_size, src, dst);
    }
    return cs_ok(err);
}
