/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The one strided-copy loop of the host executor.  Gathers, scatters and
 * gradients differ only in their layouts, so they all run here: the outer
 * dims are walked like an odometer in source and destination at once, and
 * the innermost dim is copied as a row, with one memcpy when it is
 * contiguous on both sides.
 */
#include <string.h>

#include "core/host/host.h"
#include "core/plan/plan.h"

clslice_status cs_host_bytes(int64_t elements, size_t elem_size,
                             const char *what, size_t *bytes,
                             clslice_error *err)
{
    if (!cs_size_mul(elements, elem_size, bytes))
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "the %s (%lld elements of %zu bytes) does not fit in "
                       "memory", what, (long long)elements, elem_size);
    return CLSLICE_OK;
}

/* One row of `count` elements; a source stride of 0 repeats one element
 * (a broadcast value). */
static void copy_row(unsigned char *dst, const unsigned char *src,
                     int64_t count, int64_t src_stride, int64_t dst_stride,
                     size_t elem_size)
{
    if (src_stride == 1 && dst_stride == 1) {
        memcpy(dst, src, (size_t)count * elem_size);
        return;
    }
    ptrdiff_t from = (ptrdiff_t)src_stride * (ptrdiff_t)elem_size;
    ptrdiff_t to = (ptrdiff_t)dst_stride * (ptrdiff_t)elem_size;
    for (int64_t i = 0; i < count; i++, dst += to, src += from)
        memcpy(dst, src, elem_size);
}

void cs_host_copy(const clslice_layout *layout, size_t elem_size,
                  const unsigned char *src, unsigned char *dst)
{
    ptrdiff_t size = (ptrdiff_t)elem_size;
    if (layout->rank == 0) {
        memcpy(dst + layout->dst_offset * size, src + layout->offset * size,
               elem_size);
        return;
    }
    int inner = layout->rank - 1;
    int64_t row = layout->count[inner];
    int64_t index[CLSLICE_MAX_RANK] = {0};
    int64_t src_pos = layout->offset, dst_pos = layout->dst_offset;
    for (int64_t done = 0; done < layout->elements; done += row) {
        copy_row(dst + dst_pos * size, src + src_pos * size, row,
                 layout->src_stride[inner], layout->dst_stride[inner],
                 elem_size);
        for (int k = inner - 1; k >= 0; k--) {
            src_pos += layout->src_stride[k];
            dst_pos += layout->dst_stride[k];
            if (++index[k] < layout->count[k])
                break;
            src_pos -= layout->src_stride[k] * layout->count[k];
            dst_pos -= layout->dst_stride[k] * layout->count[k];
            index[k] = 0;
        }
    }
}
