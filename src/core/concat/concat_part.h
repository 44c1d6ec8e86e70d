/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Concatenation: many source tensors written into their places of one
 * destination, each place a plan over the destination's shape.  What the
 * host executor (host_concat.c) and the device's clslice_cl_concat share:
 * each part resolved and checked once, in the words of the descriptor
 * members, and the exact test that no two parts write one element.
 */
#ifndef CLSLICE_CORE_CONCAT_H
#define CLSLICE_CORE_CONCAT_H

#include <stdbool.h>
#include <stddef.h>

#include "clslice.h"
#include "core/layout/strided.h"

/* One part resolved: its source view, the destination view, and the
 * scatter layout (unsimplified) that writes the one into its place of
 * the other, offsets counted from both views' element 0. */
typedef struct cs_concat_part {
    char name[40]; /* "parts[i].src": what messages call the source */
    cs_strided_view src, dst;
    clslice_layout layout;
} cs_concat_part;

/* The first checks of both executors, in order: parts given, count >= 1,
 * every part's plan given, then parts[0].plan and elem_size
 * (cs_check_plan_elem).  The parts lie part_size bytes apart and each
 * begins with its plan, as clslice_host_part and clslice_cl_concat_part
 * both do. */
clslice_status cs_concat_check_parts(const void *parts, size_t part_size,
                                     size_t count, size_t elem_size,
                                     clslice_error *err);

/* Part i: parts[i].plan (`plan`, not NULL) over the input shape of
 * parts[0].plan (`first`), its source at src_strides, the destination at
 * dst_strides.  Checks the shape against first's (CLSLICE_ERROR_SHAPE
 * naming parts[i].plan and the dim), then the views (cs_strided_view's
 * rules; `members` as there), and fills *part.  Messages of the plan's
 * own checks start with "parts[i].plan: ". */
clslice_status cs_concat_part_layout(const clslice_plan *plan,
                                     const clslice_plan *first, size_t i,
                                     const int64_t *src_strides,
                                     const int64_t *dst_strides,
                                     bool members, cs_concat_part *part,
                                     clslice_error *err);

/* CLSLICE_OK when no two of the `count` plans (all of one known input
 * shape) address one element of that shape; else CLSLICE_ERROR_ARGUMENT
 * naming the first pair in (i, j) order, parts[i].plan and
 * parts[j].plan, and an element both write.  Plans without elements take
 * no part.  Exact (concat_overlap.c says how), and CLSLICE_ERROR_MEMORY
 * when its work arrays cannot be had. */
clslice_status cs_concat_disjoint(const clslice_plan *const *plans,
                                  size_t count, clslice_error *err);

#endif
