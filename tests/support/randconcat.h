/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Random concatenations for the host and device concat tests: a
 * destination shape, parts whose places never share an element, and a
 * random strided source per part (randstrided.h).
 *
 * Places come four ways: numpy.concatenate's and numpy.stack's
 * (clslice_plan_concat, clslice_plan_stack), and tilings written as
 * numpy expressions: one axis cut into ranges (some empty, some read
 * backwards) or single indices, a second axis now and then interleaved
 * by a step ([k::m], or the same indices backwards), the other axes
 * whole, forwards or backwards, now and then a new axis.  Some places of
 * a tiling are left out (holes the destination keeps), and the parts are
 * shuffled.  The reference is rs_scatter per part.
 */
#ifndef CLSLICE_TEST_RANDCONCAT_H
#define CLSLICE_TEST_RANDCONCAT_H

#include "randstrided.h"

enum { RC_MAX_PARTS = 72 };

typedef struct rc_part {
    clslice_plan *plan;
    char place[200]; /* how the place was made */
    rs_tensor src;   /* of the plan's final shape */
} rc_part;

typedef struct rc_case {
    int rank;
    int64_t shape[CLSLICE_MAX_RANK]; /* the destination's */
    rs_tensor dst;
    size_t count;
    rc_part parts[RC_MAX_PARTS];
    char desc[120];
} rc_case;

/* A random case over a destination of at most max_elems elements, with
 * random strided sources and destination for elements of elem_size. */
void rc_random_case(tu_rng *rng, size_t elem_size, int64_t max_elems,
                    rc_case *c);

/* Prints the case (seeded tests call it on a failure). */
void rc_print(const rc_case *c);

/* Releases the parts' plans. */
void rc_release(rc_case *c);

#endif
