/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Whether the clEnqueueCopyBufferRect shortcut applies, and with which box:
 * a 2-D or 3-D box whose rows are contiguous on both sides and whose row
 * and slice pitches are positive.  run/dispatch.c enqueues it.
 *
 * Why: on a CPU device a small slice costs mostly launch overhead, and
 * PoCL runs a Rect copy as a plain command (no kernel, no work-groups):
 * ~1.0-1.1x the time of a clEnqueueCopyBuffer of the same bytes, where a
 * one-group kernel took ~1.3-2x (bench case 9; docs/design.md,
 * technique 2).  It copies on
 * one thread, so large boxes go to the row kernels instead
 * (cs_tuning.rect_max_bytes).
 *
 * OpenCL 1.2 rules this respects: region[0] (bytes) <= row pitch,
 * region[1] * row pitch <= slice pitch, slice pitch a multiple of row
 * pitch, and the source and destination never the same buffer object (the
 * pitches would then have to match).
 */
#include "opencl/select/select.h"

/* Pitches of one side from its element strides (outermost first), with
 * the checks above; false when the side does not fit the rules. */
static bool side_of(const clslice_layout *layout, const int64_t *stride,
                    size_t elem_size, size_t offset, const size_t *region,
                    cs_box_side *s)
{
    int n = layout->rank;
    if (stride[n - 1] != 1 || stride[n - 2] <= 0)
        return false;
    s->row_pitch = (size_t)stride[n - 2] * elem_size;
    s->slice_pitch = s->row_pitch * region[1];
    if (n == 3) {
        if (stride[0] <= 0)
            return false;
        s->slice_pitch = (size_t)stride[0] * elem_size;
    }
    if (s->row_pitch < region[0] || s->slice_pitch < region[1] * s->row_pitch ||
        s->slice_pitch % s->row_pitch != 0)
        return false;
    /* The origin as (x, y, z): the same byte offset, but a driver that
     * checks x + region[0] against the row pitch sees a proper box. */
    s->origin[2] = offset / s->slice_pitch;
    s->origin[1] = offset % s->slice_pitch / s->row_pitch;
    s->origin[0] = offset % s->row_pitch;
    return true;
}

bool cs_box_of(const cs_select_call *call, const clslice_layout *layout,
               cs_box *b)
{
    int n = layout->rank;
    size_t size = call->elem_size;
    if (n < 2 || n > 3 || call->same_buffer || call->kind == CS_KERNEL_FILL)
        return false;
    b->region[0] = (size_t)layout->count[n - 1] * size;
    b->region[1] = (size_t)layout->count[n - 2];
    b->region[2] = n == 3 ? (size_t)layout->count[0] : 1;
    size_t from = call->src_offset + (size_t)layout->offset * size;
    size_t to = call->dst_offset + (size_t)layout->dst_offset * size;
    return side_of(layout, layout->src_stride, size, from, b->region,
                   &b->src) &&
           side_of(layout, layout->dst_stride, size, to, b->region, &b->dst);
}
