/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Helpers shared by the cmocka test programs. */
#ifndef CLSLICE_TESTUTIL_H
#define CLSLICE_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <inttypes.h>

#include "clslice.h"

/* Deterministic 64-bit generator (splitmix64): tests print the seed they
 * used on failure so a run can be replayed with CLSLICE_TEST_SEED. */
typedef struct tu_rng {
    uint64_t state;
} tu_rng;

uint64_t tu_next(tu_rng *rng);
/* Uniform integer in [lo, hi] (inclusive). */
int64_t tu_range(tu_rng *rng, int64_t lo, int64_t hi);
/* True with probability percent / 100. */
bool tu_chance(tu_rng *rng, int percent);
/* x as a spec value of `type`: an int32 spec saturates at its ends. */
int64_t tu_fit_index(int64_t x, clslice_index_type type);
/* The seed for this run: CLSLICE_TEST_SEED if set, else `fallback`. */
uint64_t tu_seed(uint64_t fallback);

/* n divided by CLSLICE_TEST_SCALE when set (at least 1): random tests
 * run fewer cases on a slow device such as a simulator. */
long tu_scaled(long n);

/* Path of a file under the tests/ source folder (CLSLICE_TEST_DATA, set by
 * ctest).  Returns a static buffer. */
const char *tu_data_path(const char *relative);

/* Formats shape as "[a,b,c]" into buf (static when buf is NULL). */
const char *tu_shape_str(const int64_t *shape, int rank);

/* Asserts that err holds `status` and that its message contains every one
 * of the NULL-terminated substrings; prints the message on failure. */
void tu_assert_error(const clslice_error *err, clslice_status status, ...);

/* The plan of a numpy-style expression on `shape`; fails the test, with
 * the library's message, when it cannot be built. */
clslice_plan *tu_expr_plan(const int64_t *shape, int rank, const char *expr);

/* Fails the running test unless `cond` holds, printing the condition, the
 * case being checked (a string) and the seed that replays the run with
 * CLSLICE_TEST_SEED.  Random tests define EXPECT(cond) over this with
 * their own case and seed variables. */
#define TU_EXPECT(cond, ctx, seed)                                         \
    do {                                                                   \
        if (!(cond)) {                                                     \
            print_error("%s:%d: check failed: %s\n  case: %s\n  seed: "   \
                        "0x%016" PRIx64 " (CLSLICE_TEST_SEED replays)\n",  \
                        __FILE__, __LINE__, #cond, (ctx), (uint64_t)(seed)); \
            fail();                                                        \
        }                                                                  \
    } while (0)

#endif
