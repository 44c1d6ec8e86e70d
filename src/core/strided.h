/*
 * Strided views (shape, element strides, byte offset of element 0) as the
 * host and device executors of the _strided calls share them: each view is
 * resolved and checked once, here, and turned into a clslice_layout whose
 * offsets count from the views' element (0, ..., 0).
 */
#ifndef CLSLICE_CORE_STRIDED_H
#define CLSLICE_CORE_STRIDED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clslice.h"

/* One view of a call.  `name` is its argument ("src", "value", "dst"):
 * messages call its strides NAME_strides and its offset NAME_offset, or
 * NAME.strides and NAME.offset when it is a descriptor `member`
 * (cs_strides_part). */
typedef struct cs_view {
    const char *name;
    bool member;
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
    int64_t stride[CLSLICE_MAX_RANK]; /* the caller's, or row-major */
    bool empty;     /* a dim of size 0: the view holds no element */
    int64_t low;    /* lowest element index it addresses (<= 0) */
    int64_t high;   /* highest (>= 0); both 0 when empty */
} cs_view;

/* Bytes the view addresses around its offset: [offset - before,
 * offset + after).  Both 0 for an empty view. */
typedef struct cs_view_bytes {
    size_t before, after;
} cs_view_bytes;

/* The gather of `plan` from a view of its input (src_strides: input rank
 * entries, NULL for row-major) into a view of its output (dst_strides:
 * output rank entries, NULL for row-major): resolves and checks both
 * views (extents that fit int64, a destination that addresses no element
 * twice) and builds the unsimplified layout.  `members`: the views are
 * descriptor members (cs_view.member). */
clslice_status cs_gather_views(const clslice_plan *plan,
                               const int64_t *src_strides,
                               const int64_t *dst_strides, bool members,
                               cs_view *src, cs_view *dst,
                               clslice_layout *layout, clslice_error *err);

/* The scatter of a value view (value_shape, value_strides: value_rank
 * entries, NULL for row-major) into a view of the plan's input
 * (dst_strides: input rank entries), under `rule`; `value_name` names the
 * value in messages ("value", "dy"). */
clslice_status cs_scatter_views(const clslice_plan *plan,
                                const int64_t *value_shape, int value_rank,
                                const int64_t *value_strides,
                                clslice_value_rule rule,
                                const char *value_name,
                                const int64_t *dst_strides, bool members,
                                cs_view *value,
                                cs_view *dst, clslice_layout *layout,
                                clslice_error *err);

/* The view's bytes for elements of elem_size; CLSLICE_ERROR_BUFFER when
 * they do not fit a size_t. */
clslice_status cs_view_span(const cs_view *view, size_t elem_size,
                            cs_view_bytes *bytes, clslice_error *err);

#endif
