/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The random value shapes of randvalue.h.
 */
#include "randvalue.h"

/* numpy: dims aligned from the right, each equal or 1; extra leading dims
 * 1.  An empty slice accepts anything (TF checks nothing then). */
static bool rv_broadcasts(const int64_t *shape, int rank, const int64_t *final,
                          int final_rank, int64_t slice_elements)
{
    if (slice_elements == 0)
        return true;
    for (int v = 0; v < rank; v++) {
        int j = v - (rank - final_rank);
        int64_t want = j >= 0 ? final[j] : 1;
        if (shape[v] != want && shape[v] != 1)
            return false;
    }
    return true;
}

static bool rv_equal(const int64_t *shape, int rank, const int64_t *final,
                     int final_rank)
{
    if (rank != final_rank)
        return false;
    for (int v = 0; v < rank; v++)
        if (shape[v] != final[v])
            return false;
    return true;
}

/* A value shape for `plan`: usually valid for the chosen rule; with
 * probability about 1/bad_one_in (0: never) one dim is spoiled. */
void rv_random_value(tu_rng *rng, const clslice_plan *plan, int bad_one_in,
                     rv_value *v)
{
    int64_t final[CLSLICE_MAX_RANK];
    int fr = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, final);
    int64_t elements = clslice_plan_output_elements(plan);
    v->rule = tu_range(rng, 0, 3) == 0 ? CLSLICE_VALUE_EXACT
                                       : CLSLICE_VALUE_BROADCAST;
    if (v->rule == CLSLICE_VALUE_EXACT) {
        v->rank = fr;
        for (int j = 0; j < fr; j++)
            v->shape[j] = final[j];
    } else {
        /* drop up to 2 leading dims, or add up to 2 leading 1s */
        int lo = fr - 2 > 0 ? fr - 2 : 0;
        int hi = fr + 2 < CLSLICE_MAX_RANK ? fr + 2 : CLSLICE_MAX_RANK;
        v->rank = (int)tu_range(rng, lo, hi);
        if (tu_range(rng, 0, 9) == 0)
            v->rank = 0; /* a fill */
        for (int d = 0; d < v->rank; d++) {
            int j = d - (v->rank - fr);
            v->shape[d] = j < 0 || tu_range(rng, 0, 2) == 0 ? 1 : final[j];
        }
    }
    if (bad_one_in && v->rank > 0 && tu_range(rng, 1, bad_one_in) == 1) {
        int d = (int)tu_range(rng, 0, v->rank - 1);
        v->shape[d] += tu_range(rng, 1, 2);
    }
    v->fits = v->rule == CLSLICE_VALUE_EXACT
                  ? rv_equal(v->shape, v->rank, final, fr)
                  : rv_broadcasts(v->shape, v->rank, final, fr, elements);
}

/* Elements of a value shape (small in these tests). */
int64_t rv_elements(const rv_value *v)
{
    int64_t n = 1;
    for (int d = 0; d < v->rank; d++)
        n *= v->shape[d];
    return n;
}
