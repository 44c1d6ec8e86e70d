/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Scatter layouts shared by the host and device writers: the public
 * clslice_plan_scatter_layout with the value's name ("value", "dy") for
 * messages, and the value's element count. */
#ifndef CLSLICE_SCATTER_INTERNAL_H
#define CLSLICE_SCATTER_INTERNAL_H

#include <stdint.h>

#include "clslice.h"
#include "core/plan/resolve.h"

/* clslice_plan_scatter_layout, with messages that call the value `name`
 * (its arguments are then NAME_shape and NAME_rank). */
clslice_status cs_scatter_layout(const clslice_plan *plan,
                                 const int64_t *shape, int rank,
                                 clslice_value_rule rule, const char *name,
                                 clslice_layout *layout, clslice_error *err);

/* cs_scatter_layout that also gives the fault (resolve.h) of a value dim
 * that does not fit: CS_R_VALUE_SIZE with the value dim and its size;
 * fault->code is CS_R_OK for success and for every other error. */
clslice_status cs_scatter_layout_fault(const clslice_plan *plan,
                                       const int64_t *shape, int rank,
                                       clslice_value_rule rule,
                                       const char *name,
                                       clslice_layout *layout,
                                       clslice_error *err, cs_r_fault *fault);

/* The checks of cs_scatter_layout that a slice's values cannot change:
 * the rule, the value's shape and, for CLSLICE_VALUE_EXACT, its rank
 * against the plan's output rank.  For a plan whose values are not known
 * yet (the dims are matched on the device, resolve.h). */
clslice_status cs_scatter_check_static(const clslice_plan *plan,
                                       const int64_t *shape, int rank,
                                       clslice_value_rule rule,
                                       const char *name, clslice_error *err);

/* Every check of cs_scatter_layout, for a plan whose output shape is
 * known even where its starts are not (an XLA window at a start on the
 * device): the value against that shape, with cs_scatter_layout's
 * messages. */
clslice_status cs_scatter_check_shape(const clslice_plan *plan,
                                      const int64_t *shape, int rank,
                                      clslice_value_rule rule,
                                      const char *name, clslice_error *err);

/* Product of a shape of known, non-negative dims; CLSLICE_ERROR_SHAPE when
 * it exceeds INT64_MAX (a 0 dim gives 0, whatever the others). */
clslice_status cs_value_elements(const int64_t *shape, int rank,
                                 const char *name, int64_t *elements,
                                 clslice_error *err);

#endif
