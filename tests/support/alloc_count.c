/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The allocation counter of alloc_count.h. */
#include "alloc_count.h"

static long allocations;

long tu_allocations(void)
{
    return allocations;
}

#if TU_COUNTS_ALLOCATIONS
/* glibc exports its allocator under these names too, so the program's
 * own malloc, calloc and realloc (which the library's calls reach, the
 * program being linked first) can count and pass on. */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *p, size_t size);

void *malloc(size_t size)
{
    allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size)
{
    allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *p, size_t size)
{
    allocations++;
    return __libc_realloc(p, size);
}
#endif
