/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Counting the process's allocations, for the programs that check or
 * measure that a call allocates nothing (test_plan_storage,
 * clslice-plan-bench).  alloc_count.c defines malloc, calloc and realloc,
 * so it is compiled into those programs alone, never into the
 * cs_testsupport archive: there it would interpose on every test whose
 * malloc the linker resolved in the archive.
 *
 * Counting works where glibc exports its allocator under a second name
 * and no sanitizer owns malloc; TU_COUNTS_ALLOCATIONS says whether it
 * does, and tu_allocations() stays 0 where it does not.
 */
#ifndef CS_TESTS_ALLOC_COUNT_H
#define CS_TESTS_ALLOC_COUNT_H

#include <stdlib.h> /* defines __GLIBC__ (through <features.h>) */

#if defined(__SANITIZE_ADDRESS__)
#define TU_COUNTS_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define TU_COUNTS_ALLOCATIONS 0
#endif
#endif
#if !defined(TU_COUNTS_ALLOCATIONS) && defined(__GLIBC__)
#define TU_COUNTS_ALLOCATIONS 1
#endif
#ifndef TU_COUNTS_ALLOCATIONS
#define TU_COUNTS_ALLOCATIONS 0
#endif

/* Calls of malloc, calloc and realloc since the program started. */
long tu_allocations(void);

#endif
