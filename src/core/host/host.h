/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The host executor's shared machinery: byte counts and the strided-copy
 * loop that gathers, scatters and gradients all run. */
#ifndef CLSLICE_HOST_INTERNAL_H
#define CLSLICE_HOST_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "clslice.h"
#include "core/layout/strided.h"

/* elements * elem_size in *bytes; CLSLICE_ERROR_SHAPE when it does not fit
 * a size_t (`what` names the tensor in the message). */
clslice_status cs_host_bytes(int64_t elements, size_t elem_size,
                             const char *what, size_t *bytes,
                             clslice_error *err);

/* Runs a simplified, non-empty layout on host memory: every element of
 * elem_size bytes is copied from src to dst as the layout says (offset and
 * dst_offset included).  Buffers are assumed to have been checked. */
void cs_host_copy(const clslice_layout *layout, size_t elem_size,
                  const unsigned char *src, unsigned char *dst);

/* A strided view placed in a host buffer of `bytes`, its element 0 at
 * byte `offset`; span is filled by the checks. */
typedef struct cs_placed {
    const cs_strided_view *view;
    const void *data;
    size_t bytes, offset;
    cs_strided_bytes span;
} cs_placed;

/* Checks that `in` and `out` each lie inside their buffer (a NULL buffer
 * only where the view addresses nothing) and, when both address bytes,
 * do not overlap; messages name each view's NAME, NAME_offset and
 * NAME_strides (host_placed.c). */
clslice_status cs_host_check_pair(cs_placed *in, cs_placed *out,
                                  size_t elem_size, clslice_error *err);

/* Runs a checked layout (simplified here) from in's element 0 to out's;
 * nothing for an empty layout. */
void cs_host_run_placed(clslice_layout *layout, size_t elem_size,
                        const cs_placed *in, const cs_placed *out);

/* clslice_host_gather2 and clslice_host_scatter2 (a checked copy of the
 * descriptor) by the general road, through the lanes layout, whatever
 * the tensors: the road a descriptor with a blocking takes, and the one
 * test_host_views compares the road without lanes with (host_blocked.c). */
clslice_status cs_host_gather_lanes(const clslice_host_gather_desc *d,
                                    clslice_error *err);
clslice_status cs_host_scatter_lanes(const clslice_host_scatter_desc *d,
                                     clslice_error *err);

#endif
