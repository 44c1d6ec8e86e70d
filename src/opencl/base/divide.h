/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer base: division by a run-time divisor as a multiply, for the
 * element grids (docs/design.md, technique 4).  A GPU spends about 20
 * instructions on a 32-bit integer division and about 70 on a 64-bit one;
 * with a magic number the host computes once per divisor, a kernel
 * divides with one mul_hi, two shifts and two adds.
 *
 * The method is Granlund and Montgomery's ("Division by invariant
 * integers using multiplication", PLDI 1994, section 4): for a divisor
 * d >= 2, with shift = ceil(log2 d) and magic = floor(2^32 (2^shift - d)
 * / d) + 1, every n < 2^32 gives
 *
 *     t = mul_hi(n, magic),   n / d = (t + ((n - t) >> 1)) >> (shift - 1)
 *
 * in 32-bit unsigned arithmetic.  cl/common.cl has the kernels' side
 * (cs_magic_divide); a shift of 0 tells a kernel to divide (a divisor of
 * 1, or a dividend that may not fit 32 bits).
 */
#ifndef CLSLICE_OPENCL_BASE_DIVIDE_H
#define CLSLICE_OPENCL_BASE_DIVIDE_H

#include <stdint.h>

/* Folded dims of the element grids' generic tables that carry a magic
 * number (every program is built with -DCS_MAGIC_DIMS set to it): enough
 * for moves of rank 11; deeper dims divide.  More would push the 64-bit
 * fill's arguments past the 1024 bytes OpenCL promises. */
#define CS_MAGIC_DIMS 8

typedef struct cs_magic {
    uint32_t magic;
    uint32_t shift; /* 0: no magic, divide */
} cs_magic;

/* The magic number of `divisor`; {0, 0} for a divisor outside
 * [2, 2^32). */
cs_magic cs_magic_of(uint64_t divisor);

/* n / divisor as the kernels compute it from m = cs_magic_of(divisor)
 * (m.shift > 0). */
uint32_t cs_magic_divide(uint32_t n, cs_magic m);

#endif
