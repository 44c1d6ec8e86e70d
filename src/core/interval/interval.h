/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Interval shape inference over the slot model (interval.c): the
 * front-ends hand over their slots with one begin and one end interval
 * per slot, as they hand concrete values to cs_build_plan.
 */
#ifndef CLSLICE_CORE_INTERVAL_H
#define CLSLICE_CORE_INTERVAL_H

#include "core/plan/plan.h"

/* The values a slot's begin and end may take (read where the slot gives
 * them: begin for ranges and shrinks, end for ranges). */
typedef struct cs_bounds {
    clslice_interval begin, end;
} cs_bounds;

/* Every value of an int64: what an unknown begin or end may be. */
static const clslice_interval cs_any_value = {INT64_MIN, INT64_MAX};

/* The largest size a dimension interval allows (INT64_MAX unbounded). */
static inline int64_t cs_dim_top(clslice_interval d)
{
    return d.hi == CLSLICE_UNBOUNDED ? INT64_MAX : d.hi;
}

/* Checks rank, pointers and that every entry is a dimension interval. */
clslice_status cs_check_interval_shape(const clslice_interval *shape,
                                       int rank, clslice_error *err);

/* Checks lo <= hi for entry i of the array called `name`. */
clslice_status cs_check_value_interval(clslice_interval v, const char *name,
                                       size_t i, clslice_error *err);

/* The output shape's intervals of `slots` under `rules`: structure and
 * steps are validated as cs_build_plan validates them; a shrink fails
 * only when no size and index of its intervals fit. */
clslice_status cs_infer_slots(const clslice_interval *shape, int rank,
                              const cs_slot *slots, const cs_bounds *bounds,
                              int count, const cs_rules *rules,
                              clslice_interval *out_shape, int *out_rank,
                              clslice_error *err);

#endif
