/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A lanes layout in carriers (lanes.h).  Its dims are reversed into the
 * move's innermost-first order and every stride scaled by the carriers
 * per element; an element of several carriers adds an innermost dim of
 * them at stride 1, which is why a lanes move may have one dim more than
 * a layout (CS_MAX_DIMS).
 */
#include "opencl/base/lanes.h"

static cs_lane_side side_of(const cs_lane_map *map, int dim,
                            int64_t unit)
{
    if (map->dim < 0)
        return (cs_lane_side){.dim = -1, .block = 1};
    return (cs_lane_side){.dim = dim, .start = map->start,
                          .step = map->step, .block = map->block,
                          .block_stride = map->block_stride * unit,
                          .lane_stride = unit};
}

void cs_lanes_move_build(const cs_lanes *lanes, size_t elem_size,
                         size_t src_offset, size_t dst_offset,
                         cs_move *mv, cs_lane_sides *sides)
{
    const clslice_layout *l = &lanes->base;
    int64_t size = (int64_t)elem_size;
    int64_t src = (int64_t)src_offset + l->offset * size;
    int64_t dst = (int64_t)dst_offset + l->dst_offset * size;
    size_t w = cs_widest_carrier(16, (uint64_t)size | (uint64_t)src |
                                         (uint64_t)dst);
    int64_t unit = size / (int64_t)w;
    int inner = unit > 1; /* the element's carriers */
    mv->carrier = w;
    mv->src_base = src / (int64_t)w;
    mv->dst_base = dst / (int64_t)w;
    mv->elements = l->elements * unit;
    mv->rank = l->rank + inner;
    mv->count[0] = unit;
    mv->stride[0] = mv->dst_stride[0] = 1;
    for (int k = 0; k < l->rank; k++) {
        int d = inner + l->rank - 1 - k;
        mv->count[d] = l->count[k];
        mv->stride[d] = l->src_stride[k] * unit;
        mv->dst_stride[d] = l->dst_stride[k] * unit;
    }
    if (mv->rank == 0) { /* one element of one carrier */
        mv->rank = 1;
        mv->stride[0] = mv->dst_stride[0] = 0;
    }
    sides->src = side_of(&lanes->src, inner + l->rank - 1 - lanes->src.dim, unit);
    sides->dst = side_of(&lanes->dst, inner + l->rank - 1 - lanes->dst.dim, unit);
    sides->lo = lanes->dst.dim >= 0 ? lanes->dst.lo : 0;
    sides->hi = lanes->dst.dim >= 0 ? lanes->dst.hi : 0;
}
