/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Host executors of strided views.  A strided view being a blocked
 * tensor without a blocked axis, the _strided calls are the _blocked
 * ones of host_blocked.c, which check and run them as every call between
 * views (host_placed.c).
 */
#include "clslice.h"

/* Strided views are blocked tensors without a blocked axis. */
clslice_status clslice_host_gather_strided(
    const clslice_plan *plan, size_t elem_size, const void *src,
    size_t src_bytes, size_t src_offset, const int64_t *src_strides,
    void *dst, size_t dst_bytes, size_t dst_offset,
    const int64_t *dst_strides, clslice_error *err)
{
    return clslice_host_gather_blocked(plan, elem_size, src, src_bytes,
                                       src_offset, src_strides, NULL, dst,
                                       dst_bytes, dst_offset, dst_strides,
                                       NULL, err);
}

clslice_status clslice_host_scatter_strided(
    const clslice_plan *plan, size_t elem_size, const void *value,
    size_t value_bytes, size_t value_offset, const int64_t *value_shape,
    int value_rank, const int64_t *value_strides, clslice_value_rule rule,
    void *dst, size_t dst_bytes, size_t dst_offset,
    const int64_t *dst_strides, clslice_error *err)
{
    return clslice_host_scatter_blocked(
        plan, elem_size, value, value_bytes, value_offset, value_shape,
        value_rank, value_strides, NULL, rule, dst, dst_bytes, dst_offset,
        dst_strides, NULL, err);
}
