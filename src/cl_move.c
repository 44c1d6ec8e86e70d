/*
 * A simplified layout, re-expressed in bytes and then in the widest
 * carrier the alignment allows (KERNEL_NOTES technique 3): a slice of
 * float32 rows with a contiguous inner run of 8 floats moves as uint4, a
 * strided gather of 3-byte elements as uchar.  One kernel family thus
 * serves every element size.
 */
#include <stdbool.h>

#include "cl_internal.h"

static const size_t CARRIERS[] = {16, 8, 4, 2, 1};

/* The layout in bytes, outermost dim first.  Each element gains an
 * innermost dim of elem_size bytes at stride 1, which merges into the
 * layout's innermost dim when that one is contiguous already (the layout
 * being simplified, no other merge can appear). */
static int to_bytes(const clslice_layout *layout, int64_t size,
                    int64_t *count, int64_t *stride)
{
    int n = layout->rank;
    for (int k = 0; k < n; k++) {
        count[k] = layout->count[k];
        stride[k] = layout->src_stride[k] * size;
    }
    if (n > 0 && layout->src_stride[n - 1] == 1) {
        count[n - 1] *= size;
        stride[n - 1] = 1;
    } else if (size > 1) {
        count[n] = size;
        stride[n] = 1;
        n++;
    }
    return n;
}

/* Widest carrier dividing both bases, every stride but that of a
 * contiguous innermost run, and the run's length. */
static size_t widest_carrier(int n, const int64_t *count,
                             const int64_t *stride, int64_t src, int64_t dst)
{
    bool contiguous = n > 0 && stride[n - 1] == 1;
    int64_t run = contiguous ? count[n - 1] : 1;
    for (size_t c = 0; c < sizeof CARRIERS / sizeof CARRIERS[0]; c++) {
        int64_t w = (int64_t)CARRIERS[c];
        bool fits = src % w == 0 && dst % w == 0 && run % w == 0;
        for (int k = 0; k < n - (contiguous ? 1 : 0) && fits; k++)
            fits = stride[k] % w == 0;
        if (fits)
            return CARRIERS[c];
    }
    return 1;
}

void cs_move_build(const clslice_layout *layout, size_t elem_size,
                   size_t src_offset, size_t dst_offset, cs_move *move)
{
    int64_t count[CS_MAX_DIMS], stride[CS_MAX_DIMS];
    int64_t size = (int64_t)elem_size;
    int n = to_bytes(layout, size, count, stride);
    int64_t src = (int64_t)src_offset + layout->offset * size;
    int64_t dst = (int64_t)dst_offset;
    int64_t w = (int64_t)widest_carrier(n, count, stride, src, dst);

    bool contiguous = n > 0 && stride[n - 1] == 1;
    for (int k = 0; k < n; k++) {
        if (k == n - 1 && contiguous)
            count[k] /= w;
        else
            stride[k] /= w;
    }
    if (contiguous && count[n - 1] == 1)
        n--; /* the run is one carrier */

    move->carrier = (size_t)w;
    move->src_base = src / w;
    move->dst_base = dst / w;
    move->elements = layout->elements * size / w;
    move->rank = n > 0 ? n : 1;
    move->count[0] = 1; /* a lone carrier: rank 1, count 1 */
    move->stride[0] = 0;
    for (int k = 0; k < n; k++) {
        move->count[k] = count[n - 1 - k];
        move->stride[k] = stride[n - 1 - k];
    }
}

int64_t cs_move_src_max(const cs_move *move)
{
    int64_t high = move->src_base;
    for (int k = 0; k < move->rank; k++)
        if (move->stride[k] > 0)
            high += (move->count[k] - 1) * move->stride[k];
    return high;
}

int cs_move_index_bits(const cs_move *move, unsigned flags)
{
    if (flags & CLSLICE_GATHER_FORCE_INDEX64)
        return 64;
    int64_t dst_max = move->dst_base + move->elements - 1;
    return cs_move_src_max(move) <= (int64_t)UINT32_MAX &&
                   dst_max <= (int64_t)UINT32_MAX
               ? 32
               : 64;
}
