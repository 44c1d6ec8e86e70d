/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A simplified layout, re-expressed in bytes and then in the widest
 * carrier the alignment allows (docs/design.md, technique 3): a slice of
 * float32 rows with a contiguous inner run of 8 floats moves as uint4, a
 * strided gather of 3-byte elements as uchar.  One kernel family thus
 * serves every element size.
 *
 * Source and destination strides are handled alike, so the same move
 * describes a gather (contiguous destination) and a scatter (strided
 * destination, and a source stride of 0 where a value broadcasts).
 */
#include <stdbool.h>

#include "opencl/base/move.h"

/* The widest carrier a kernel moves: a uint4 per access. */
enum { WIDEST = 16 };

/* A layout in bytes, outermost dim first. */
typedef struct bytes_layout {
    int n;
    int64_t count[CS_MAX_DIMS];
    int64_t src[CS_MAX_DIMS];
    int64_t dst[CS_MAX_DIMS];
} bytes_layout;

/* Each element gains an innermost dim of elem_size bytes at stride 1 on
 * both sides, which merges into the layout's innermost dim when that one
 * is contiguous on both sides already (the layout being simplified, no
 * other merge can appear). */
static void to_bytes(const clslice_layout *layout, int64_t size,
                     bytes_layout *b)
{
    int n = layout->rank;
    for (int k = 0; k < n; k++) {
        b->count[k] = layout->count[k];
        b->src[k] = layout->src_stride[k] * size;
        b->dst[k] = layout->dst_stride[k] * size;
    }
    if (n > 0 && layout->src_stride[n - 1] == 1 &&
        layout->dst_stride[n - 1] == 1) {
        b->count[n - 1] *= size;
        b->src[n - 1] = b->dst[n - 1] = 1;
    } else if (size > 1) {
        b->count[n] = size;
        b->src[n] = b->dst[n] = 1;
        n++;
    }
    b->n = n;
}

static bool is_contiguous_inner(const bytes_layout *b)
{
    return b->n > 0 && b->src[b->n - 1] == 1 && b->dst[b->n - 1] == 1;
}

/* Widest carrier dividing both bases, every stride but those of a
 * contiguous innermost run, and the run's length.  Negative strides are
 * or-ed in two's complement, whose low bits are those of the magnitude. */
static size_t widest_carrier(const bytes_layout *b, int64_t src, int64_t dst)
{
    bool contiguous = is_contiguous_inner(b);
    int64_t run = contiguous ? b->count[b->n - 1] : 1;
    int strided = b->n - (contiguous ? 1 : 0);
    uint64_t values = (uint64_t)src | (uint64_t)dst | (uint64_t)run;
    for (int k = 0; k < strided; k++)
        values |= (uint64_t)b->src[k] | (uint64_t)b->dst[k];
    return cs_widest_carrier(WIDEST, values);
}

size_t cs_widest_carrier(size_t most, uint64_t values)
{
    size_t carrier = most;
    while (carrier > 1 && (values & (carrier - 1)))
        carrier /= 2;
    return carrier;
}

void cs_move_build(const clslice_layout *layout, size_t elem_size,
                   size_t src_offset, size_t dst_offset, cs_move *move)
{
    bytes_layout b;
    int64_t size = (int64_t)elem_size;
    to_bytes(layout, size, &b);
    int64_t src = (int64_t)src_offset + layout->offset * size;
    int64_t dst = (int64_t)dst_offset + layout->dst_offset * size;
    int64_t w = (int64_t)widest_carrier(&b, src, dst);

    bool contiguous = is_contiguous_inner(&b);
    int n = b.n;
    for (int k = 0; k < n; k++) {
        if (k == n - 1 && contiguous) {
            b.count[k] /= w;
        } else {
            b.src[k] /= w;
            b.dst[k] /= w;
        }
    }
    if (contiguous && b.count[n - 1] == 1)
        n--; /* the run is one carrier */

    move->carrier = (size_t)w;
    move->src_base = src / w;
    move->dst_base = dst / w;
    move->elements = layout->elements * size / w;
    move->rank = n > 0 ? n : 1;
    move->count[0] = 1; /* a lone carrier: rank 1, count 1 */
    move->stride[0] = move->dst_stride[0] = 0;
    for (int k = 0; k < n; k++) {
        move->count[k] = b.count[n - 1 - k];
        move->stride[k] = b.src[n - 1 - k];
        move->dst_stride[k] = b.dst[n - 1 - k];
    }
}

/* Largest index base + sum (count - 1) * stride over positive strides. */
static int64_t reach(int64_t base, const cs_move *move, const int64_t *stride)
{
    int64_t high = base;
    for (int k = 0; k < move->rank; k++)
        if (stride[k] > 0)
            high += (move->count[k] - 1) * stride[k];
    return high;
}

int64_t cs_move_src_max(const cs_move *move)
{
    return reach(move->src_base, move, move->stride);
}

int64_t cs_move_dst_max(const cs_move *move)
{
    return reach(move->dst_base, move, move->dst_stride);
}

void cs_move_narrow(cs_move *move, size_t max_carrier)
{
    if (move->carrier <= max_carrier || move->stride[0] != 1 ||
        move->dst_stride[0] != 1 || max_carrier == 0)
        return;
    int64_t f = (int64_t)(move->carrier / max_carrier);
    move->carrier = max_carrier;
    move->src_base *= f;
    move->dst_base *= f;
    move->elements *= f;
    move->count[0] *= f;
    for (int k = 1; k < move->rank; k++) {
        move->stride[k] *= f;
        move->dst_stride[k] *= f;
    }
}

void cs_move_recarrier(cs_move *move, size_t to)
{
    if (to == 0 || move->carrier <= to)
        return;
    if (move->stride[0] == 1 && move->dst_stride[0] == 1) {
        cs_move_narrow(move, to);
        return;
    }
    /* A strided innermost dim of a carrier wider than 1 means the element
     * was one carrier, its bytes dim dropped (cs_move_build): the rank is
     * at most CLSLICE_MAX_RANK, so one more dim fits CS_MAX_DIMS. */
    int64_t f = (int64_t)(move->carrier / to);
    for (int k = move->rank; k > 0; k--) {
        move->count[k] = move->count[k - 1];
        move->stride[k] = move->stride[k - 1] * f;
        move->dst_stride[k] = move->dst_stride[k - 1] * f;
    }
    move->count[0] = f;
    move->stride[0] = move->dst_stride[0] = 1;
    move->rank++;
    move->carrier = to;
    move->src_base *= f;
    move->dst_base *= f;
    move->elements *= f;
}
