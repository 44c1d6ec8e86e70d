/* The host executor's shared machinery: byte counts and the strided-copy
 * loop that gathers, scatters and gradients all run. */
#ifndef CLSLICE_HOST_INTERNAL_H
#define CLSLICE_HOST_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "clslice.h"
#include "strided.h"

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

/* One buffer of a call between views (host_strided.c, host_blocked.c)
 * and the view placed in it: data of `bytes`, the view's element 0 at
 * byte `offset`. */
typedef struct cs_placed {
    const cs_strided_view *view;
    const void *data;
    size_t bytes, offset;
    cs_strided_bytes span; /* set by cs_host_check_views */
} cs_placed;

/* Every byte each view addresses lies in its buffer, and the two views
 * do not overlap: the buffer checks of every host call between views. */
clslice_status cs_host_check_views(cs_placed *in, cs_placed *out,
                                   size_t elem_size, clslice_error *err);

#endif
