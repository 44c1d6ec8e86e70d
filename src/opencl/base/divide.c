/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Magic numbers for division (divide.h says which method and why).
 */
#include "opencl/base/divide.h"

cs_magic cs_magic_of(uint64_t divisor)
{
    if (divisor < 2 || divisor > UINT32_MAX)
        return (cs_magic){0, 0};
    uint32_t shift = 0;
    while (((uint64_t)1 << shift) < divisor)
        shift++;
    /* 2^shift - divisor < divisor <= 2^32, so the product fits 64 bits */
    uint64_t excess = ((uint64_t)1 << shift) - divisor;
    uint64_t magic = (excess << 32) / divisor + 1;
    return (cs_magic){(uint32_t)magic, shift};
}

uint32_t cs_magic_divide(uint32_t n, cs_magic m)
{
    uint32_t t = (uint32_t)(((uint64_t)n * m.magic) >> 32);
    return (t + ((n - t) >> 1)) >> (m.shift - 1);
}
