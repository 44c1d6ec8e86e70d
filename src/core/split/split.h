/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The split family's rules (split_rules.c), for the public range and plan
 * calls: a rule emits its pieces one by one, so that the plans can be
 * built without a temporary array of ranges.
 */
#ifndef CLSLICE_CORE_SPLIT_H
#define CLSLICE_CORE_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "clslice.h"
#include "core/plan/plan.h"

typedef struct cs_split_out {
    /* Called once per piece (i from 0), or never when NULL: then the
     * rule only validates and counts. */
    void (*emit)(void *ctx, size_t i, int64_t start, int64_t size);
    void *emit_ctx;
    size_t count; /* pieces emitted or counted */
} cs_split_out;

/* Validates the split (shape, axis, the style's argument) and runs its
 * rule into `out`. */
clslice_status cs_split_run(const int64_t *shape, int rank,
                            const clslice_split_spec *spec,
                            cs_split_out *out, clslice_error *err);

/* cs_split_run without emitting: *count pieces (0 on failure). */
clslice_status cs_split_count(const int64_t *shape, int rank,
                              const clslice_split_spec *spec, size_t *count,
                              clslice_error *err);

/* The plan that resolves `axis_slot` on dimension `axis` of `shape` under
 * `rules` and keeps every other dimension whole: a piece of a split, the
 * place of one input of a concatenation or a stack. */
clslice_status cs_plan_on_axis(const int64_t *shape, int rank, int axis,
                               const cs_slot *axis_slot,
                               const cs_rules *rules, clslice_plan *into,
                               clslice_error *err);

/* The axis the spec names, once cs_split_run has accepted it. */
static inline int cs_split_axis(const clslice_split_spec *spec, int rank)
{
    return (int)(spec->axis < 0 ? spec->axis + rank : spec->axis);
}

#endif
