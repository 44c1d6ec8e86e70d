/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* What the files of layout/ share beyond the plan: the last step of
 * every layout they build (layout.c). */
#ifndef CLSLICE_CORE_LAYOUT_H
#define CLSLICE_CORE_LAYOUT_H

#include "core/plan/plan.h"

/* Sets a layout's src_min and src_max from its offset, counts and source
 * strides; the gather layout and the strided ones end with it. */
void cs_layout_set_extent(clslice_layout *layout);

#endif
