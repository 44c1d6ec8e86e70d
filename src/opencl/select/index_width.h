/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer select: the one rule of index width.  Every program is built
 * twice, with cs_idx a uint (32-bit) or a ulong (64-bit); 32-bit index
 * arithmetic is cheaper on GPUs (a 64-bit multiply is several
 * instructions) and no slower on CPUs.  A kernel gets the 32-bit build
 * when every carrier index it forms fits in a uint32, unless the caller
 * forces 64 (CLSLICE_FORCE_INDEX64).  Each family says which index is the
 * largest its kernels form (index_width.c for the dense moves; batch.c,
 * dynamic.c, blocked.c for theirs); the rule is here alone.  CSR's width
 * is its index type's, and the normaliser's is always 32 (dynamic.c).
 */
#ifndef CLSLICE_OPENCL_SELECT_INDEX_WIDTH_H
#define CLSLICE_OPENCL_SELECT_INDEX_WIDTH_H

#include <stdint.h>

#include "opencl/base/move.h"

/* 32 when `largest`, the largest carrier index a kernel forms, fits a
 * uint32 and `flags` do not hold CLSLICE_FORCE_INDEX64; else 64. */
int cs_index_bits(uint64_t largest, unsigned flags);

/* The width of a dense move: its largest index read or written. */
int cs_move_index_bits(const cs_move *move, unsigned flags);

#endif
