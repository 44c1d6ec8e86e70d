/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer base: a lanes layout (core/layout/blocked_layout.h) in carrier
 * units, the move the blocked kernels (cl/blocked.cl) run.  Pure
 * arithmetic, as move.h.
 */
#ifndef CLSLICE_OPENCL_BASE_LANES_H
#define CLSLICE_OPENCL_BASE_LANES_H

#include <stdint.h>

#include "core/layout/blocked_layout.h"
#include "opencl/base/move.h"

/* A lane map in carriers: index j of move dim `dim` (innermost first) is
 * lane x = start + j * step, at carrier
 *     (x / block) * block_stride + (x % block) * lane_stride
 * of its side (lane_stride: the carriers of an element). */
typedef struct cs_lane_side {
    int dim; /* -1: none */
    int64_t start, step, block;
    int64_t block_stride, lane_stride;
} cs_lane_side;

/* What a lanes layout adds to its move: the sides' lane maps, and the
 * dst indices [lo, hi) of dst.dim that are not padding lanes (indices
 * outside are written as zeros). */
typedef struct cs_lane_sides {
    cs_lane_side src, dst;
    int64_t lo, hi;
} cs_lane_sides;

/* The move of a simplified, non-empty lanes layout of elem_size-byte
 * elements, whose tensors' element 0 lie at bytes src_offset and
 * dst_offset: counts, affine strides and bases in the widest carrier
 * that divides the element and both bases, innermost first (an element
 * of several carriers an innermost dim of its own), and its lane maps.
 * No run wider than an element is formed: the lanes of a blocked side
 * are single elements. */
void cs_lanes_move_build(const cs_lanes *lanes, size_t elem_size,
                         size_t src_offset, size_t dst_offset,
                         cs_move *move, cs_lane_sides *sides);

#endif
