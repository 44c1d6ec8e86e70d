/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Random value shapes for the scatter tests: shapes that broadcast to a
 * plan's final shape under numpy rules (clslice_value_rule BROADCAST), now
 * and then the final shape itself (EXACT), and now and then one that must
 * be refused.  The verdict comes from a plain reading of numpy's rule,
 * independent of the library.
 */
#ifndef CLSLICE_TEST_RANDVALUE_H
#define CLSLICE_TEST_RANDVALUE_H

#include <stdbool.h>

#include "testutil.h"

typedef struct rv_value {
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_value_rule rule;
    bool fits; /* the rule accepts the shape for this plan */
} rv_value;

/* A value shape for `plan`: usually valid for the chosen rule; with
 * probability about 1/bad_one_in (0: never) one dim is spoiled. */
void rv_random_value(tu_rng *rng, const clslice_plan *plan, int bad_one_in,
                     rv_value *v);

/* Elements of a value shape (small in these tests). */
int64_t rv_elements(const rv_value *v);

#endif
