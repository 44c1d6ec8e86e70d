/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Strided tensors (shape, element strides, byte offset of element 0; the
 * public header's "strided views") as the host and device executors of
 * the strided calls share them: each is resolved and checked once, here,
 * and turned into a clslice_layout whose offsets count from the tensors'
 * element (0, ..., 0).
 */
#ifndef CLSLICE_CORE_STRIDED_H
#define CLSLICE_CORE_STRIDED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clslice.h"

/* One strided tensor of a call.  `name` is its argument ("src", "value",
 * "dst"): messages call its strides NAME_strides and its offset
 * NAME_offset, or NAME.strides and NAME.offset when it is a descriptor
 * `member` (cs_strides_part).  ("View" in the library means an alias of
 * a contiguous run, clslice_plan_view; this is a tensor at any strides.) */
typedef struct cs_strided_view {
    const char *name;
    bool member;
    int rank;
    /* One more dim than a shape has: a blocked tensor (blocked_layout.h) is
     * checked as its storage, the blocked axis a dim of blocks and an
     * innermost dim of lanes. */
    int64_t shape[CLSLICE_MAX_RANK + 1];
    int64_t stride[CLSLICE_MAX_RANK + 1]; /* the caller's, or row-major */
    bool blocked;   /* the storage of a blocked tensor: dim `axis` counts
                     * blocks, dim rank - 1 is its `block` lanes */
    int axis;
    int64_t block;
    bool empty;     /* a dim of size 0: the tensor holds no element */
    int64_t low;    /* lowest element index it addresses (<= 0) */
    int64_t high;   /* highest (>= 0); both 0 when empty */
} cs_strided_view;

/* Bytes a strided tensor addresses around its offset: [offset - before,
 * offset + after).  Both 0 for an empty tensor. */
typedef struct cs_strided_bytes {
    size_t before, after;
} cs_strided_bytes;

/* The gather of `plan` from a strided input (src_strides: input rank
 * entries, NULL for row-major) into a strided output (dst_strides: output
 * rank entries, NULL for row-major): resolves and checks both (extents
 * that fit int64, a destination that addresses no element twice) and
 * builds the unsimplified layout.  `members`: the tensors are descriptor
 * members (cs_strided_view.member). */
clslice_status cs_strided_gather_layout(const clslice_plan *plan,
                                        const int64_t *src_strides,
                                        const int64_t *dst_strides,
                                        bool members, cs_strided_view *src,
                                        cs_strided_view *dst,
                                        clslice_layout *layout,
                                        clslice_error *err);

/* The scatter of a strided value (value_shape, value_strides: value_rank
 * entries, NULL for row-major) into a strided tensor of the plan's input
 * shape (dst_strides: input rank entries), under `rule`; `value_name`
 * names the value in messages ("value", "dy"). */
clslice_status cs_strided_scatter_layout(const clslice_plan *plan,
                                         const int64_t *value_shape,
                                         int value_rank,
                                         const int64_t *value_strides,
                                         clslice_value_rule rule,
                                         const char *value_name,
                                         const int64_t *dst_strides,
                                         bool members,
                                         cs_strided_view *value,
                                         cs_strided_view *dst,
                                         clslice_layout *layout,
                                         clslice_error *err);

/* Fills v's strides (given: v->rank entries, or row-major when strides
 * is NULL) and its extent; v's name, rank and shape are set.
 * CLSLICE_ERROR_BUFFER when the extent does not fit int64. */
clslice_status cs_strided_resolve(cs_strided_view *v, const int64_t *strides,
                                  clslice_error *err);

/* CLSLICE_ERROR_ARGUMENT when the resolved view may address an element
 * twice (the sufficient rule of strided.c): what a destination must
 * pass. */
clslice_status cs_strided_disjoint(const cs_strided_view *v,
                                   clslice_error *err);

/* The tensor's bytes for elements of elem_size; CLSLICE_ERROR_BUFFER when
 * they do not fit a size_t. */
clslice_status cs_strided_span(const cs_strided_view *view, size_t elem_size,
                               cs_strided_bytes *bytes, clslice_error *err);

#endif
