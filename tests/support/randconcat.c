/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The random concatenations of randconcat.h.
 */
#include "randconcat.h"

/* ---- numpy's joins ------------------------------------------------------ */

static int64_t small_size(tu_rng *rng, int64_t most)
{
    int64_t n = tu_range(rng, 0, 9) == 0 ? 0 : tu_range(rng, 1, 5);
    if (tu_range(rng, 0, 4) == 0)
        n = tu_range(rng, 1, most);
    return n;
}

static void join_case(tu_rng *rng, int64_t max_elems, bool stack,
                      rc_case *c)
{
    int rank = (int)tu_range(rng, stack ? 0 : 1, 4);
    size_t count = (size_t)tu_range(rng, 1, tu_range(rng, 0, 2) ? 8 : 70);
    int64_t axis = tu_range(rng, stack ? -rank - 1 : -rank,
                            stack ? rank : rank - 1);
    int64_t common[CLSLICE_MAX_RANK], shapes[RC_MAX_PARTS * 4];
    int64_t per_input = max_elems / (int64_t)count, elems = 1;
    for (int d = 0; d < rank; d++) {
        common[d] = small_size(rng, 16);
        if (elems * (common[d] + 1) > per_input)
            common[d] = 1;
        elems *= common[d] ? common[d] : 1;
    }
    int join = (int)(axis < 0 ? axis + rank : axis);
    for (size_t i = 0; i < count; i++)
        for (int d = 0; d < rank; d++)
            shapes[i * (size_t)rank + (size_t)d] =
                !stack && d == join && common[d]
                    ? tu_range(rng, 0, common[d] + 1)
                    : common[d];
    clslice_plan *plans[RC_MAX_PARTS];
    clslice_error err;
    clslice_status st =
        stack ? clslice_plan_stack(shapes, rank, count, axis, c->shape, plans,
                                   &err)
              : clslice_plan_concat(shapes, rank, count, axis, c->shape,
                                    plans, &err);
    if (st != CLSLICE_OK)
        fail_msg("%s: %s", stack ? "stack" : "concat", err.message);
    c->rank = rank + (stack ? 1 : 0);
    c->count = count;
    for (size_t i = 0; i < count; i++) {
        c->parts[i].plan = plans[i];
        snprintf(c->parts[i].place, sizeof c->parts[i].place,
                 "%s input %zu", stack ? "stack" : "concatenate", i);
    }
    snprintf(c->desc, sizeof c->desc, "numpy.%s of %zu inputs, axis %lld",
             stack ? "stack" : "concatenate", count, (long long)axis);
}

/* ---- tilings ------------------------------------------------------------ */

typedef struct tiling {
    int a, b;        /* the cut axis, the interleaved one (-1: none) */
    int64_t m;       /* the interleave's step */
    int pieces;
    int64_t cut[14]; /* pieces + 1 cut points along a */
} tiling;

static void random_shape(tu_rng *rng, int64_t max_elems, rc_case *c)
{
    c->rank = (int)tu_range(rng, 1, 5);
    int64_t elems = 1;
    for (int d = 0; d < c->rank; d++) {
        int64_t n = tu_range(rng, 0, 15) == 0 ? 0 : tu_range(rng, 1, 7);
        if (c->rank <= 2 && tu_range(rng, 0, 2) == 0)
            n = tu_range(rng, 1, 80);
        if (elems * n > max_elems)
            n = 1;
        c->shape[d] = n;
        elems *= n ? n : 1;
    }
}

static void random_tiling(tu_rng *rng, const rc_case *c, tiling *t)
{
    t->a = (int)tu_range(rng, 0, c->rank - 1);
    t->b = c->rank > 1 && tu_range(rng, 0, 1)
               ? (t->a + (int)tu_range(rng, 1, c->rank - 1)) % c->rank
               : -1;
    t->m = t->b < 0 ? 1 : tu_range(rng, 1, 4);
    int64_t n = c->shape[t->a];
    t->pieces = (int)tu_range(rng, 1, 12);
    if (t->pieces * t->m > RC_MAX_PARTS)
        t->pieces = (int)(RC_MAX_PARTS / t->m);
    t->cut[0] = 0;
    for (int i = 1; i < t->pieces; i++)
        t->cut[i] = tu_range(rng, 0, n);
    t->cut[t->pieces] = n;
    for (int i = 1; i < t->pieces; i++) /* sorted: pieces of 0 or more */
        for (int k = i; k > 1 && t->cut[k - 1] > t->cut[k]; k--) {
            int64_t s = t->cut[k];
            t->cut[k] = t->cut[k - 1];
            t->cut[k - 1] = s;
        }
}

/* Indices [lo, hi) of an axis, forwards or backwards, or the one index
 * lo as a shrink. */
static void range_item(tu_rng *rng, int64_t lo, int64_t hi, char *buf,
                       size_t size)
{
    int pick = (int)tu_range(rng, 0, 3);
    if (hi - lo == 1 && pick == 0)
        rp_append(buf, size, "%lld", (long long)lo);
    else if (hi > lo && pick == 1 && lo > 0)
        rp_append(buf, size, "%lld:%lld:-1", (long long)(hi - 1),
                  (long long)(lo - 1));
    else if (hi > lo && pick == 1)
        rp_append(buf, size, "%lld::-1", (long long)(hi - 1));
    else
        rp_append(buf, size, "%lld:%lld", (long long)lo, (long long)hi);
}

/* Indices k, k + m, ... of an axis of n, forwards or backwards. */
static void interleave_item(tu_rng *rng, int64_t n, int64_t k, int64_t m,
                            char *buf, size_t size)
{
    int64_t last = n > k ? k + (n - 1 - k) / m * m : -1;
    if (last >= 0 && tu_range(rng, 0, 1))
        rp_append(buf, size, "%lld::-%lld", (long long)last, (long long)m);
    else
        rp_append(buf, size, "%lld::%lld", (long long)k, (long long)m);
}

static void tile_part(tu_rng *rng, rc_case *c, const tiling *t, int piece,
                      int64_t k)
{
    rc_part *p = &c->parts[c->count++];
    int new_axis = tu_range(rng, 0, 5) == 0
                       ? (int)tu_range(rng, 0, c->rank)
                       : -1;
    snprintf(p->place, sizeof p->place, "[");
    for (int d = 0; d <= c->rank; d++) {
        if (d == new_axis)
            rp_append(p->place, sizeof p->place, "%sNone",
                      d ? ", " : "");
        if (d == c->rank)
            break;
        rp_append(p->place, sizeof p->place, "%s",
                  d || new_axis == 0 ? ", " : "");
        if (d == t->a)
            range_item(rng, t->cut[piece], t->cut[piece + 1], p->place,
                       sizeof p->place);
        else if (d == t->b)
            interleave_item(rng, c->shape[d], k, t->m, p->place,
                            sizeof p->place);
        else
            rp_append(p->place, sizeof p->place,
                      tu_range(rng, 0, 3) ? ":" : "::-1");
    }
    rp_append(p->place, sizeof p->place, "]");
    p->plan = tu_expr_plan(c->shape, c->rank, p->place);
}

static void tiling_case(tu_rng *rng, int64_t max_elems, rc_case *c)
{
    tiling t;
    random_shape(rng, max_elems, c);
    random_tiling(rng, c, &t);
    c->count = 0;
    for (int i = 0; i < t.pieces; i++)
        for (int64_t k = 0; k < t.m; k++)
            if (c->count == 0 || tu_range(rng, 0, 7) != 0)
                tile_part(rng, c, &t, i, k);
    snprintf(c->desc, sizeof c->desc,
             "tiling of %s: axis %d in %d pieces, axis %d by %lld, %zu parts",
             tu_shape_str(c->shape, c->rank), t.a, t.pieces, t.b,
             (long long)t.m, c->count);
}

static void shuffle(tu_rng *rng, rc_case *c)
{
    for (size_t i = c->count; i > 1; i--) {
        size_t j = (size_t)tu_range(rng, 0, (int64_t)i - 1);
        rc_part swap = c->parts[i - 1];
        c->parts[i - 1] = c->parts[j];
        c->parts[j] = swap;
    }
}

void rc_random_case(tu_rng *rng, size_t elem_size, int64_t max_elems,
                    rc_case *c)
{
    memset(c, 0, sizeof *c);
    int kind = (int)tu_range(rng, 0, 3);
    if (kind < 2) {
        tiling_case(rng, max_elems, c);
        shuffle(rng, c);
    } else {
        join_case(rng, max_elems, kind == 3, c);
    }
    for (size_t i = 0; i < c->count; i++) {
        int64_t shape[CLSLICE_MAX_RANK];
        const clslice_plan *plan = c->parts[i].plan;
        clslice_plan_output_shape(plan, shape);
        rs_random_tensor(rng, shape, clslice_plan_output_rank(plan), true,
                         elem_size, &c->parts[i].src);
    }
    rs_random_tensor(rng, c->shape, c->rank, false, elem_size, &c->dst);
}

void rc_print(const rc_case *c)
{
    char view[600];
    rs_describe(&c->dst, view, sizeof view);
    print_error("  %s; destination %s\n", c->desc, view);
    for (size_t i = 0; i < c->count; i++) {
        rs_describe(&c->parts[i].src, view, sizeof view);
        print_error("  parts[%zu]: %s, source %s\n", i, c->parts[i].place,
                    view);
    }
}

void rc_release(rc_case *c)
{
    for (size_t i = 0; i < c->count; i++)
        clslice_plan_release(&c->parts[i].plan);
}
