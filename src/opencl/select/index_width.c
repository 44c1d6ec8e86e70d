/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The index-width rule (index_width.h), and its use for dense moves.
 */
#include "opencl/select/index_width.h"

#include "clslice_cl.h"

int cs_index_bits(uint64_t largest, unsigned flags)
{
    return (flags & CLSLICE_FORCE_INDEX64) || largest > UINT32_MAX ? 64 : 32;
}

/* A move's bases and strides keep every index it forms non-negative, so
 * its largest reads and writes are the largest indices. */
int cs_move_index_bits(const cs_move *move, unsigned flags)
{
    int64_t src = cs_move_src_max(move), dst = cs_move_dst_max(move);
    int64_t largest = src > dst ? src : dst;
    return cs_index_bits(largest > 0 ? (uint64_t)largest : 0, flags);
}
