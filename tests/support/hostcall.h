/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The general host calls (clslice_host_gather2, clslice_host_scatter2,
 * clslice_host_concat) written on one line: the random and differential
 * tests hold each tensor's buffer, size, offset and strides apart and
 * make many calls from them, so tu_tensor puts a tensor together and
 * tu_host_gather, tu_host_scatter and tu_host_concat fill the descriptor
 * (its _INIT macro first, as a user writes it) and call.
 */
#ifndef CLSLICE_TESTS_HOSTCALL_H
#define CLSLICE_TESTS_HOSTCALL_H

#include <stdint.h>

#include "clslice.h"

/* A tensor of `bytes` at data; data may be a source the caller holds as
 * const (the library never writes a source). */
static inline clslice_host_tensor tu_tensor(const void *data, size_t bytes,
                                            size_t offset,
                                            const int64_t *strides)
{
    return (clslice_host_tensor){(void *)(uintptr_t)data, bytes, offset,
                                 strides};
}

static inline clslice_status tu_host_gather(const clslice_plan *plan,
                                            size_t elem_size,
                                            clslice_host_tensor src,
                                            const clslice_blocking *src_b,
                                            clslice_host_tensor dst,
                                            const clslice_blocking *dst_b,
                                            clslice_error *err)
{
    clslice_host_gather_desc desc = CLSLICE_HOST_GATHER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = elem_size;
    desc.src = src;
    desc.dst = dst;
    desc.src_blocking = src_b;
    desc.dst_blocking = dst_b;
    return clslice_host_gather2(&desc, err);
}

static inline clslice_status
tu_host_scatter(const clslice_plan *plan, size_t elem_size,
                clslice_host_tensor value, const int64_t *value_shape,
                int value_rank, const clslice_blocking *value_b,
                clslice_value_rule rule, clslice_host_tensor dst,
                const clslice_blocking *dst_b, clslice_error *err)
{
    clslice_host_scatter_desc desc = CLSLICE_HOST_SCATTER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = elem_size;
    desc.value = value;
    desc.value_shape = value_shape;
    desc.value_rank = value_rank;
    desc.rule = rule;
    desc.dst = dst;
    desc.value_blocking = value_b;
    desc.dst_blocking = dst_b;
    return clslice_host_scatter2(&desc, err);
}

static inline clslice_status tu_host_concat(size_t elem_size,
                                            const clslice_host_part *parts,
                                            size_t count,
                                            clslice_host_tensor dst,
                                            clslice_error *err)
{
    clslice_host_concat_desc desc = CLSLICE_HOST_CONCAT_DESC_INIT;
    desc.elem_size = elem_size;
    desc.dst = dst;
    desc.count = count;
    desc.parts = parts;
    return clslice_host_concat(&desc, err);
}

#endif
