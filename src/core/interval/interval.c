/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Interval shape inference for slot-based front-ends (docs/SEMANTICS.md
 * §20): the tightest [lo, hi] of every output size over all input sizes
 * and begin/end values drawn from given intervals.
 *
 * Why a few candidate points suffice.  For a fixed size n, a range's
 * first index is a non-decreasing function of its begin b on each of the
 * pieces b < 0 and b >= 0 (a negative b adds n once), and so is its stop
 * in the end e; the count rises with stop - first (step > 0) or with
 * first - stop (step < 0).  So over a box of (b, e) the count is extreme
 * at the ends of those pieces.  For fixed (b, e), first and stop are
 * piecewise linear in n with breaks where a wrap or a clamp switches,
 * near n = 0, 1, |b| and |e|; between breaks the count is monotone.  So
 * the extremes over n lie at the interval's ends or at those breaks.
 * Past the last break the count either stays put or grows without bound,
 * which two far-apart sizes tell apart (grows_forever).
 * tests/unit/test_plan_interval.c checks the result against every point
 * of small boxes.
 */
#include <stdlib.h>

#include "core/interval/interval.h"

clslice_status cs_check_interval_shape(const clslice_interval *shape,
                                       int rank, clslice_error *err)
{
    clslice_status st = cs_check_rank(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    for (int d = 0; d < rank; d++) {
        clslice_interval v = shape[d];
        if (v.lo < 0 || (v.hi != CLSLICE_UNBOUNDED && v.hi < v.lo))
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "shape[%d] = [%lld, %lld]: a size interval needs "
                           "0 <= lo <= hi, or hi = -1 (unbounded)", d,
                           (long long)v.lo, (long long)v.hi);
    }
    return CLSLICE_OK;
}

clslice_status cs_check_value_interval(clslice_interval v, const char *name,
                                       size_t i, clslice_error *err)
{
    if (v.lo > v.hi)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s[%zu] = [%lld, %lld]: lo exceeds hi", name, i,
                       (long long)v.lo, (long long)v.hi);
    return CLSLICE_OK;
}

/* ---- one range ---------------------------------------------------------- */

typedef struct range_case {
    clslice_interval n;
    bool has_begin, has_end;
    int64_t step;
    int clamp;
} range_case;

static int64_t count_at(const range_case *rc, int64_t n, int64_t b,
                        int64_t e, int64_t step)
{
    int64_t start, count;
    cs_r_range(n, rc->has_begin, b, rc->has_end, e, step, rc->clamp, &start,
               &count);
    return count;
}

/* The ends of v's pieces below 0 and from 0 on. */
static int value_corners(clslice_interval v, int64_t out[4])
{
    int used = 0;
    out[used++] = v.lo;
    if (v.lo < 0 && v.hi >= 0) {
        out[used++] = -1;
        out[used++] = 0;
    }
    out[used++] = v.hi;
    return used;
}

static int64_t magnitude(int64_t x)
{
    return x == INT64_MIN ? INT64_MAX : (x < 0 ? -x : x);
}

/* x + delta, saturated to int64. */
static int64_t shifted(int64_t x, int delta)
{
    if (delta > 0 && x > INT64_MAX - delta)
        return INT64_MAX;
    if (delta < 0 && x < INT64_MIN - delta)
        return INT64_MIN;
    return x + delta;
}

/* The sizes worth trying for bounds (b, e): the interval's ends and the
 * breaks near 0, 1, |b| and |e| that fall inside it. */
static int size_candidates(clslice_interval d, int64_t b, int64_t e,
                           int64_t out[16])
{
    int64_t top = cs_dim_top(d);
    int64_t bases[4] = {0, 1, magnitude(b), magnitude(e)};
    int used = 0;
    out[used++] = d.lo;
    out[used++] = top;
    for (int k = 0; k < 4; k++)
        for (int delta = -1; delta <= 1; delta++) {
            int64_t n = shifted(bases[k], delta);
            if (n >= d.lo && n <= top)
                out[used++] = n;
        }
    return used;
}

/* Whether the count grows without bound with an unbounded size: whether
 * the unit-step count, stop - first, still grows between n = 2^62 and
 * n = INT64_MAX.  Breaks lie near 0, 1, |b| and |e|, so for ordinary
 * values the count is linear there; a begin or end beyond 2^62 (such as
 * INT64_MAX for "to the end") counts as unbounded, which is what an
 * engine means by it. */
static bool grows_forever(const range_case *rc, int64_t b, int64_t e)
{
    int64_t mid = (int64_t)1 << 62;
    if (mid < rc->n.lo)
        mid = rc->n.lo;
    int64_t unit = rc->step > 0 ? 1 : -1;
    return count_at(rc, INT64_MAX, b, e, unit) > count_at(rc, mid, b, e, unit);
}

static clslice_interval range_hull(const range_case *rc, clslice_interval bv,
                                   clslice_interval ev)
{
    int64_t bs[4], es[4], ns[16];
    int nb = rc->has_begin ? value_corners(bv, bs) : (bs[0] = 0, 1);
    int ne = rc->has_end ? value_corners(ev, es) : (es[0] = 0, 1);
    clslice_interval out = {INT64_MAX, 0};
    bool unbounded = false;
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < ne; j++) {
            int nn = size_candidates(rc->n, bs[i], es[j], ns);
            for (int k = 0; k < nn; k++) {
                int64_t c = count_at(rc, ns[k], bs[i], es[j], rc->step);
                out.lo = c < out.lo ? c : out.lo;
                out.hi = c > out.hi ? c : out.hi;
            }
            if (rc->n.hi == CLSLICE_UNBOUNDED &&
                grows_forever(rc, bs[i], es[j]))
                unbounded = true;
        }
    if (unbounded)
        out.hi = CLSLICE_UNBOUNDED;
    return out;
}

/* ---- slots --------------------------------------------------------------- */

/* Some size in d and index in b make a valid shrink: the largest size
 * accepts the most indices, [-top, top - 1]. */
static bool shrink_feasible(clslice_interval d, clslice_interval b)
{
    int64_t top = cs_dim_top(d);
    return top > 0 && b.lo <= top - 1 && b.hi >= -top;
}

static clslice_status check_bounds(const cs_slot *slots, const cs_bounds *bounds,
                                   int count, clslice_error *err)
{
    clslice_status st = CLSLICE_OK;
    for (int i = 0; i < count && st == CLSLICE_OK; i++) {
        bool range = slots[i].kind == CS_SLOT_RANGE;
        if ((range && slots[i].has_begin) || slots[i].kind == CS_SLOT_SHRINK)
            st = cs_check_value_interval(bounds[i].begin, "begin", (size_t)i,
                                         err);
        if (st == CLSLICE_OK && range && slots[i].has_end)
            st = cs_check_value_interval(bounds[i].end, "end", (size_t)i,
                                         err);
    }
    return st;
}

/* The plan of the slots on sizes and values all unknown: it validates
 * the structure and says which slot resolves which dimension. */
static clslice_status structure(int rank, const cs_slot *slots, int count,
                                const cs_rules *rules, clslice_plan *into,
                                clslice_error *err)
{
    if (count < 0 || count > CLSLICE_MAX_SLOTS || (count && !slots))
        return cs_build_plan(NULL, rank, slots, count, rules, into, err);
    int64_t unknown[CLSLICE_MAX_RANK];
    cs_slot blind[CLSLICE_MAX_SLOTS];
    for (int d = 0; d < rank; d++)
        unknown[d] = CLSLICE_UNKNOWN;
    for (int i = 0; i < count; i++) {
        blind[i] = slots[i];
        blind[i].begin_unknown = blind[i].end_unknown = true;
    }
    return cs_build_plan(unknown, rank, blind, count, rules, into, err);
}

static clslice_status shrink_fail(const clslice_plan *p, int d,
                                  const clslice_interval *shape,
                                  const cs_bounds *bounds,
                                  const cs_rules *rules, clslice_error *err)
{
    clslice_interval b = bounds[p->slot_of[d]].begin;
    return cs_fail(err, CLSLICE_ERROR_INDEX,
                   "%s %d: no shrink index in [%lld, %lld] lies inside "
                   "dimension %d for any size in [%lld, %lld]",
                   rules->slot_word ? rules->slot_word : "slot",
                   (int)p->slot_of[d], (long long)b.lo, (long long)b.hi, d,
                   (long long)shape[d].lo, (long long)shape[d].hi);
}

clslice_status cs_infer_slots(const clslice_interval *shape, int rank,
                              const cs_slot *slots, const cs_bounds *bounds,
                              int count, const cs_rules *rules,
                              clslice_interval *out_shape, int *out_rank,
                              clslice_error *err)
{
    if (!out_shape)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "out_shape is NULL");
    clslice_status st = cs_check_interval_shape(shape, rank, err);
    clslice_plan structure_plan;
    const clslice_plan *p = &structure_plan;
    if (st == CLSLICE_OK)
        st = structure(rank, slots, count, rules, &structure_plan, err);
    if (st == CLSLICE_OK)
        st = check_bounds(slots, bounds, count, err);
    for (int d = 0; d < rank && st == CLSLICE_OK; d++)
        if (p->shrunk[d] &&
            !shrink_feasible(shape[d], bounds[p->slot_of[d]].begin))
            st = shrink_fail(p, d, shape, bounds, rules, err);
    if (st != CLSLICE_OK)
        return st;
    for (int j = 0; j < p->out_rank; j++) {
        int d = p->out_source[j], slot = d < 0 ? -1 : p->slot_of[d];
        if (d < 0) {
            out_shape[j] = (clslice_interval){1, 1};
        } else if (slot < 0) {
            out_shape[j] = shape[d];
        } else {
            range_case rc = {shape[d], slots[slot].has_begin,
                             slots[slot].has_end, slots[slot].step,
                             (int)rules->clamp};
            out_shape[j] = range_hull(&rc, bounds[slot].begin,
                                      bounds[slot].end);
        }
    }
    if (out_rank)
        *out_rank = p->out_rank;
    return cs_ok(err);
}
