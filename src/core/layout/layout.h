/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* What the files of layout/ share beyond the plan: the last step of
 * every layout they build (layout.c). */
#ifndef CLSLICE_CORE_LAYOUT_H
#define CLSLICE_CORE_LAYOUT_H

#include "core/plan/plan.h"

/* Sets a layout's src_min and src_max from its offset, counts and source
 * strides; the gather layout and the strided ones end with it.  False,
 * with both left alone, when either does not fit int64: only a gather
 * into a blocked destination, whose padding lanes widen the source's
 * walk past the elements read, can get there; the views' extents bound
 * every other layout.  Every partial sum of the walk then lies between
 * the two, so an executor's index arithmetic cannot overflow. */
bool cs_layout_set_extent(clslice_layout *layout);

#endif
