/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Blocked tensors (clslice.h, "Blocked layouts") as the host and device
 * executors share them.  A blocked axis maps its index c to
 * ((first_lane + c) / block, (first_lane + c) % block), which no stride
 * can express, so a copy between tensors of which one or both are blocked
 * is a *lanes layout*: the strided copy of clslice_layout whose dims may
 * each address one side through a lane map instead of a stride.
 *
 * Most channel slices of blocked tensors are affine after all: a slice
 * that stays inside one block, a step that is a multiple of the block, or
 * whole blocks (the slice splits into a dim of blocks and a dim of lanes).
 * cs_lanes_affine finds those and gives an ordinary layout, which every
 * executor already runs at full speed; the rest runs the lanes layout
 * itself (the host loop in host_blocked.c, cl/blocked.cl on a device).
 */
#ifndef CLSLICE_CORE_BLOCKED_H
#define CLSLICE_CORE_BLOCKED_H

#include <stdbool.h>
#include <stdint.h>

#include "clslice.h"
#include "core/layout/strided.h"

/* How one side of a lanes layout addresses dim `dim` through a blocked
 * axis: index j of that dim is lane x = start + j * step of the axis
 * (first_lane included), the side's element
 *     (x / block) * block_stride + x % block
 * (lanes are consecutive elements), and the side's layout stride along
 * `dim` is 0.  Indices j outside [lo, hi) are padding lanes of a gather's
 * blocked destination: written as zeros, and no source element is read
 * for them (the source side's start and offset are shifted so that its
 * index is j - lo).  [lo, hi) is [0, count) everywhere else. */
typedef struct cs_lane_map {
    int dim; /* -1: no dim of the layout is addressed so */
    int64_t start, step;
    int64_t block;
    int64_t block_stride;
    int64_t lo, hi;
} cs_lane_map;

/* A strided copy (`base`: counts, strides, offsets from each tensor's
 * element 0, elements; outermost dim first) whose src and dst may each
 * address one dim through a lane map. */
typedef struct cs_lanes {
    clslice_layout base;
    cs_lane_map src, dst;
} cs_lanes;

/* One tensor of a call as its caller describes it. */
typedef struct cs_tensor_form {
    const int64_t *strides;           /* NULL: dense */
    const clslice_blocking *blocking; /* NULL: plain */
} cs_tensor_form;

/* The gather of `plan` from `src` (of the plan's input shape) into `dst`
 * (of its final shape), either or both blocked: checks each blocking,
 * resolves both tensors as strided views of their storage (*sv, *dv:
 * extents, and a destination that addresses no element twice) and
 * builds the lanes layout, one dim per output dim, the destination's
 * padding lanes included.  `members` as cs_strided_gather_layout. */
clslice_status cs_blocked_gather_lanes(const clslice_plan *plan,
                                       cs_tensor_form src, cs_tensor_form dst,
                                       bool members, cs_strided_view *sv,
                                       cs_strided_view *dv, cs_lanes *lanes,
                                       clslice_error *err);

/* The scatter of a value (value_shape, value_rank, stored as `value`)
 * into the slice of `dst` (of the plan's input shape) under `rule`: as
 * cs_strided_scatter_layout, one dim per input dim; no padding lane is
 * written. */
clslice_status cs_blocked_scatter_lanes(const clslice_plan *plan,
                                        const int64_t *value_shape,
                                        int value_rank, cs_tensor_form value,
                                        clslice_value_rule rule,
                                        const char *value_name,
                                        cs_tensor_form dst, bool members,
                                        cs_strided_view *vv,
                                        cs_strided_view *dv, cs_lanes *lanes,
                                        clslice_error *err);

/* Simplifies a lanes layout in place (lanes_simplify.c), keeping its (source,
 * destination) pairs and their order: lane maps that are affine over
 * their dim (one block, or a step that is a multiple of the block) become
 * strides, then dims without a lane map are dropped when of size 1 and
 * merged where they chain, as clslice_layout_simplify does.  An empty
 * layout becomes rank 1 with count 0 and no lane map. */
void cs_lanes_simplify(cs_lanes *lanes);

/* True when a simplified lanes layout is affine once each mapped dim is
 * split into a dim of blocks and a dim of lanes (every block of the slice
 * holding the same lanes, as a slice of whole blocks does), and fits
 * CLSLICE_MAX_RANK dims: *layout receives it, unsimplified.  False when
 * a lane map must stay (the lanes kernels and loops run it then). */
bool cs_lanes_affine(const cs_lanes *lanes, clslice_layout *layout);

/* The element a lane map addresses at index j of its dim. */
static inline int64_t cs_lane_element(const cs_lane_map *m, int64_t j)
{
    int64_t x = m->start + j * m->step;
    return x / m->block * m->block_stride + x % m->block;
}

#endif
