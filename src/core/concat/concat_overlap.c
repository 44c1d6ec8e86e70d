/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Whether two parts of a concatenation write one element: the exact test
 * both executors make before anything is written.
 *
 * Along each dim a plan reads an arithmetic progression of indices
 * (start, step, count), and the elements it addresses are the product of
 * these progressions.  So two plans share an element exactly when their
 * progressions share an index along every dim.  Two progressions
 * lo_a + s*i and lo_b + t*j share one when x = lo_a (mod s) and
 * x = lo_b (mod t) has a solution inside both ranges: by the Chinese
 * remainder theorem there is one exactly when gcd(s, t) divides
 * lo_b - lo_a, and the solutions then repeat every lcm(s, t).  Parts
 * that interleave with a step (even and odd columns) thus pass, where a
 * comparison of bounding boxes would refuse them.
 *
 * Testing every pair costs count^2 / 2 pair tests, two thousand for 64
 * parts and far more for an engine that joins thousands of tensors.  So
 * the parts are swept along one dim: sorted by their lowest index there,
 * each is tested against the later parts whose range along that dim
 * begins before its own ends, which are exactly the pairs whose ranges
 * there overlap.  The dim swept is the one along which fewest pairs of
 * ranges overlap (counted exactly, in O(count log count) per dim): for a
 * concatenation its axis, where no ranges overlap and no pair is tested.
 * The pair reported is the first in (i, j) order, as a loop over all
 * pairs would report it (tests/unit/test_plan_concat.c checks both
 * against such a loop).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/concat/concat_part.h"
#include "core/plan/plan.h"

/* The indices a plan reads along one dim: lo, lo + step, ..., hi. */
typedef struct progression {
    int64_t lo, hi, step; /* step >= 1 */
} progression;

static progression progression_of(const clslice_plan *plan, int d)
{
    int64_t start = plan->start[d], step = plan->step[d];
    int64_t n = plan->count[d];
    if (n == 1)
        return (progression){start, start, 1};
    /* the last index read lies in the dim, so the product fits */
    int64_t last = start + step * (n - 1);
    return step > 0 ? (progression){start, last, step}
                    : (progression){last, start, -step};
}

static int64_t gcd(int64_t a, int64_t b)
{
    while (b) {
        int64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* x * y mod m for x, y in [0, m) and m < 2^63: a sum of two residues
 * fits a uint64, so doubling never overflows. */
static uint64_t mul_mod(uint64_t x, uint64_t y, uint64_t m)
{
    uint64_t r = 0;
    while (y) {
        if (y & 1)
            r = (r + x) % m;
        x = (x + x) % m;
        y >>= 1;
    }
    return r;
}

/* The inverse of a modulo m, a in [0, m) coprime to m.  The loop stops at
 * remainder 1, before the last coefficient (up to m itself) would be
 * formed, so every coefficient stays within m / 2. */
static int64_t inverse(int64_t a, int64_t m)
{
    if (m == 1)
        return 0;
    int64_t r0 = m, r1 = a, t0 = 0, t1 = 1;
    while (r1 > 1) {
        int64_t q = r0 / r1, r = r0 - q * r1, t = t0 - q * t1;
        r0 = r1;
        r1 = r;
        t0 = t1;
        t1 = t;
    }
    return t1 < 0 ? t1 + m : t1;
}

/* The least index >= a->lo both progressions hold, if it is at most
 * `high`: x = a->lo + s * k with k in [0, t / g). */
static bool first_common(const progression *a, const progression *b,
                         int64_t high, int64_t *x)
{
    int64_t g = gcd(a->step, b->step), diff = b->lo - a->lo;
    if (diff % g != 0)
        return false;
    int64_t period = b->step / g; /* of k */
    int64_t r = (diff / g) % period;
    if (r < 0)
        r += period;
    int64_t inv = inverse((a->step / g) % period, period);
    int64_t k = (int64_t)mul_mod((uint64_t)r, (uint64_t)inv,
                                 (uint64_t)period);
    return !__builtin_mul_overflow(a->step, k, x) &&
           !__builtin_add_overflow(*x, a->lo, x) && *x <= high;
}

/* An index both progressions hold, in *at; false when there is none. */
static bool common_index(const progression *a, const progression *b,
                         int64_t *at)
{
    int64_t low = a->lo > b->lo ? a->lo : b->lo;
    int64_t high = a->hi < b->hi ? a->hi : b->hi;
    int64_t x, lcm, q;
    if (low > high || !first_common(a, b, high, &x))
        return false;
    if (x < low) { /* the next common indices are x + q * lcm */
        if (__builtin_mul_overflow(a->step / gcd(a->step, b->step),
                                   b->step, &lcm))
            return false; /* the next one lies past every index */
        q = (low - x) / lcm + ((low - x) % lcm != 0);
        if (__builtin_mul_overflow(q, lcm, &q) ||
            __builtin_add_overflow(x, q, &x) || x > high)
            return false;
    }
    *at = x;
    return true;
}

/* ---- the sweep ---------------------------------------------------------- */

/* The parts with elements, their progressions (rank per part), and the
 * first overlapping pair found. */
typedef struct parts {
    int rank;
    size_t n;
    size_t *index;     /* into plans[] */
    progression *dims; /* n * rank */
    size_t first_i, first_j; /* first_i == SIZE_MAX: none yet */
    int64_t at[CLSLICE_MAX_RANK];
} parts;

/* One part's range along the swept dim. */
typedef struct key {
    int64_t lo, hi;
    size_t part; /* into parts */
} key;

static int by_lo(const void *a, const void *b)
{
    const key *x = a, *y = b;
    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    return x->part < y->part ? -1 : x->part > y->part;
}

static int by_value(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* Pairs of parts whose ranges along dim d overlap: all pairs but those
 * where one range ends before the other begins.  lows and highs are
 * work arrays of n entries. */
static uint64_t overlapping_pairs(const parts *p, int d, int64_t *lows,
                                  int64_t *highs)
{
    for (size_t k = 0; k < p->n; k++) {
        lows[k] = p->dims[k * (size_t)p->rank + (size_t)d].lo;
        highs[k] = p->dims[k * (size_t)p->rank + (size_t)d].hi;
    }
    qsort(lows, p->n, sizeof *lows, by_value);
    qsort(highs, p->n, sizeof *highs, by_value);
    uint64_t apart = 0, ended = 0;
    for (size_t k = 0; k < p->n; k++) {
        while (ended < p->n && highs[ended] < lows[k])
            ended++;
        apart += ended;
    }
    return (uint64_t)p->n * (p->n - 1) / 2 - apart;
}

/* The dim along which fewest pairs overlap; -1 for rank 0, where every
 * part writes the one element. */
static int sweep_dim(const parts *p, int64_t *lows, int64_t *highs)
{
    int best = -1;
    uint64_t fewest = UINT64_MAX;
    for (int d = 0; d < p->rank && fewest > 0; d++) {
        uint64_t pairs = overlapping_pairs(p, d, lows, highs);
        if (pairs < fewest) {
            fewest = pairs;
            best = d;
        }
    }
    return best;
}

/* Parts a and b write a common element: kept when it is the first pair
 * so far in (i, j) order. */
static void test_pair(parts *p, size_t a, size_t b)
{
    size_t i = p->index[a] < p->index[b] ? p->index[a] : p->index[b];
    size_t j = p->index[a] < p->index[b] ? p->index[b] : p->index[a];
    if (p->first_i != SIZE_MAX &&
        (i > p->first_i || (i == p->first_i && j > p->first_j)))
        return;
    int64_t at[CLSLICE_MAX_RANK];
    for (int d = 0; d < p->rank; d++)
        if (!common_index(&p->dims[a * (size_t)p->rank + (size_t)d],
                          &p->dims[b * (size_t)p->rank + (size_t)d], &at[d]))
            return;
    p->first_i = i;
    p->first_j = j;
    for (int d = 0; d < p->rank; d++)
        p->at[d] = at[d];
}

static void sweep(parts *p, int d, key *keys)
{
    for (size_t k = 0; k < p->n; k++) {
        const progression *r =
            d < 0 ? NULL : &p->dims[k * (size_t)p->rank + (size_t)d];
        keys[k] = (key){.lo = r ? r->lo : 0, .hi = r ? r->hi : 0,
                        .part = k};
    }
    qsort(keys, p->n, sizeof *keys, by_lo);
    for (size_t k = 0; k < p->n; k++)
        for (size_t m = k + 1; m < p->n && keys[m].lo <= keys[k].hi; m++)
            test_pair(p, keys[k].part, keys[m].part);
}

static clslice_status report(const parts *p, clslice_error *err)
{
    char where[256] = "";
    size_t used = 0;
    for (int d = 0; d < p->rank && used < sizeof where; d++) {
        int n = snprintf(where + used, sizeof where - used, "%s%" PRId64,
                         d ? ", " : "", p->at[d]);
        used += n > 0 ? (size_t)n : 0;
    }
    return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                   "parts[%zu].plan and parts[%zu].plan both write element "
                   "[%s] of the destination: the parts of a concatenation "
                   "must not overlap", p->first_i, p->first_j, where);
}

static void collect(const clslice_plan *const *plans, size_t count,
                    parts *p)
{
    p->n = 0;
    for (size_t i = 0; i < count; i++) {
        if (clslice_plan_output_elements(plans[i]) == 0)
            continue;
        for (int d = 0; d < p->rank; d++)
            p->dims[p->n * (size_t)p->rank + (size_t)d] =
                progression_of(plans[i], d);
        p->index[p->n++] = i;
    }
}

clslice_status cs_concat_disjoint(const clslice_plan *const *plans,
                                  size_t count, clslice_error *err)
{
    int rank = count ? plans[0]->rank : 0;
    parts p = {.rank = rank, .first_i = SIZE_MAX};
    /* calloc refuses counts whose arrays would overflow a size_t */
    p.index = calloc(count, sizeof *p.index);
    p.dims = calloc(count, (size_t)(rank ? rank : 1) * sizeof *p.dims);
    key *keys = calloc(count, sizeof *keys);
    int64_t *lows = calloc(count, sizeof *lows);
    int64_t *highs = calloc(count, sizeof *highs);
    clslice_status st = CLSLICE_OK;
    if (count && (!p.index || !p.dims || !keys || !lows || !highs)) {
        st = cs_fail(err, CLSLICE_ERROR_MEMORY,
                     "out of memory checking %zu parts for overlaps", count);
    } else {
        collect(plans, count, &p);
        sweep(&p, sweep_dim(&p, lows, highs), keys);
        if (p.first_i != SIZE_MAX)
            st = report(&p, err);
    }
    free(p.index);
    free(p.dims);
    free(keys);
    free(lows);
    free(highs);
    return st;
}
