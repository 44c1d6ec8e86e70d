/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Random sharded layouts and their naive owner oracle (randshard.h). */
#include "randshard.h"

/* Cuts [0, n) into `blocks` explicit blocks at random, empty ones too. */
static void random_bounds(tu_rng *rng, int64_t n, int64_t blocks,
                          int64_t *bounds)
{
    bounds[0] = 0;
    bounds[blocks] = n;
    for (int64_t b = 1; b < blocks; b++)
        bounds[b] = tu_range(rng, 0, n);
    /* insertion sort: blocks stay small */
    for (int64_t b = 2; b < blocks; b++)
        for (int64_t k = b; k > 1 && bounds[k - 1] > bounds[k]; k--) {
            int64_t t = bounds[k];
            bounds[k] = bounds[k - 1];
            bounds[k - 1] = t;
        }
}

static int64_t fn_owner(void *context, const int64_t *coord, int rank)
{
    const rsh_layout *l = context;
    uint64_t h = (uint64_t)l->fn_salt;
    for (int d = 0; d < rank; d++)
        h = (h ^ (uint64_t)coord[d]) * 0x100000001b3u;
    return (int64_t)(h % (uint64_t)l->layout.owners);
}

int64_t rsh_blocks(const rsh_layout *l, int d)
{
    const clslice_shard_axis *a = &l->axes[d];
    if (a->bounds)
        return a->blocks;
    int64_t b = 0;
    for (int64_t lo = 0; lo < l->shape[d]; lo += a->block)
        b++;
    return b ? b : 1;
}

static int64_t grid(const rsh_layout *l, int d)
{
    return l->axes[d].procs ? l->axes[d].procs : rsh_blocks(l, d);
}

void rsh_block_range(const rsh_layout *l, int d, int64_t b, int64_t *lo,
                    int64_t *hi)
{
    const clslice_shard_axis *a = &l->axes[d];
    if (a->bounds) {
        *lo = a->bounds[b];
        *hi = a->bounds[b + 1];
        return;
    }
    *lo = b * a->block;
    *hi = *lo + a->block < l->shape[d] ? *lo + a->block : l->shape[d];
}

/* Per axis: at most `cells` grid coordinates; returns those used. */
static int64_t random_axis(tu_rng *rng, rsh_layout *l, int d, int64_t cells)
{
    int64_t n = l->shape[d];
    clslice_shard_axis *a = &l->axes[d];
    memset(a, 0, sizeof *a);
    int64_t want = tu_range(rng, 1, cells < n + 1 ? cells : n + 1);
    if (want > RSH_MAX_BOUNDS)
        want = RSH_MAX_BOUNDS;
    if (tu_chance(rng, 40) && n > 0) {
        a->bounds = l->bounds[d];
        a->blocks = want;
        random_bounds(rng, n, want, l->bounds[d]);
    } else {
        a->block = n > 0 ? (n + want - 1) / want : tu_range(rng, 1, 4);
        if (tu_chance(rng, 20))
            a->block = tu_range(rng, 1, n > 1 ? n : 1);
    }
    int64_t blocks = rsh_blocks(l, d);
    if (blocks > 1 && tu_chance(rng, 30)) {
        a->procs = tu_range(rng, 1, blocks);
        a->first_proc = tu_range(rng, 0, a->procs - 1);
    }
    return grid(l, d);
}

void rsh_random_layout(tu_rng *rng, const int64_t *shape, int rank,
                      int64_t max_cells, int64_t max_owners, rsh_layout *l)
{
    memset(&l->layout, 0, sizeof l->layout);
    l->owner_map = NULL;
    memcpy(l->shape, shape, (size_t)rank * sizeof *shape);
    int64_t cells = 1;
    for (int d = 0; d < rank; d++) {
        /* spread the cells over the axes left */
        int64_t share = max_cells / cells;
        if (share < 1)
            share = 1;
        cells *= random_axis(rng, l, d, share);
    }
    l->layout = (clslice_shard_layout){
        .struct_size = sizeof(clslice_shard_layout), .rank = rank,
        .shape = l->shape, .axes = l->axes};
    int kind = (int)tu_range(rng, 0, 2);
    if (kind == 0 && cells <= max_owners) {
        l->layout.owners = tu_chance(rng, 70) ? cells
                                              : tu_range(rng, cells,
                                                         max_owners);
        snprintf(l->desc, sizeof l->desc, "default owners %" PRId64,
                 l->layout.owners);
    } else if (kind == 1) {
        l->layout.owners = tu_range(rng, 1, max_owners);
        l->owner_map = malloc((size_t)cells * sizeof *l->owner_map);
        assert_non_null(l->owner_map);
        for (int64_t k = 0; k < cells; k++)
            l->owner_map[k] = tu_range(rng, 0, l->layout.owners - 1);
        l->layout.owner_map = l->owner_map;
        snprintf(l->desc, sizeof l->desc, "owner_map, owners %" PRId64,
                 l->layout.owners);
    } else {
        l->layout.owners = tu_range(rng, 1, max_owners);
        l->fn_salt = (int64_t)(tu_next(rng) >> 2);
        l->layout.owner_fn = fn_owner;
        l->layout.owner_context = l;
        snprintf(l->desc, sizeof l->desc, "owner_fn, owners %" PRId64,
                 l->layout.owners);
    }
    for (int d = 0; d < rank; d++) {
        const clslice_shard_axis *a = &l->axes[d];
        rp_append(l->desc, sizeof l->desc, "; axis %d: %s %" PRId64, d,
                  a->bounds ? "bounds" : "block",
                  a->bounds ? a->blocks : a->block);
        if (a->procs)
            rp_append(l->desc, sizeof l->desc, " cyclic %" PRId64 "+%" PRId64,
                      a->procs, a->first_proc);
    }
}

void rsh_free_layout(rsh_layout *l)
{
    free(l->owner_map);
    l->owner_map = NULL;
}

int64_t rsh_owner_of(const rsh_layout *l, const int64_t *index,
                    int64_t *blocks)
{
    int64_t coord[CLSLICE_MAX_RANK], number = 0;
    for (int d = 0; d < l->layout.rank; d++) {
        int64_t b = 0, lo, hi;
        for (;; b++) {
            rsh_block_range(l, d, b, &lo, &hi);
            if (index[d] >= lo && index[d] < hi)
                break;
        }
        if (blocks)
            blocks[d] = b;
        const clslice_shard_axis *a = &l->axes[d];
        coord[d] = a->procs ? (b + a->first_proc) % a->procs : b;
        number = number * grid(l, d) + coord[d];
    }
    if (l->layout.owner_fn)
        return fn_owner((void *)l, coord, l->layout.rank);
    return l->owner_map ? l->owner_map[number] : number;
}

/* A range that reads something, mostly much: lo..hi (inclusive)
 * forwards or backwards at a step of 1-3, now and then up to half the
 * dim. */
static void friendly_range(tu_rng *rng, int64_t n, rp_slot *s)
{
    int64_t lo = tu_range(rng, 0, n / 3), hi = tu_range(rng, lo, n - 1);
    if (tu_chance(rng, 70))
        hi = tu_range(rng, hi, n - 1); /* mostly long runs */
    int64_t step = tu_chance(rng, 80) ? tu_range(rng, 1, 3)
                                      : tu_range(rng, 1, n / 2 > 1 ? n / 2 : 1);
    *s = (rp_slot){.kind = RP_RANGE, .has_b = true, .has_e = true,
                   .has_s = true};
    if (tu_chance(rng, 60)) {
        s->b = lo;
        s->e = hi + 1;
        s->s = step;
    } else {
        s->b = hi;
        s->e = lo - 1;
        s->has_e = lo > 0; /* an end of -1 would count from the back */
        s->s = -step;
    }
}

clslice_plan *rsh_random_plan(tu_rng *rng, const int64_t *shape, int rank,
                             rp_case *c)
{
    memset(c, 0, sizeof *c);
    c->rank = rank;
    memcpy(c->shape, shape, (size_t)rank * sizeof *shape);
    static const rp_front fronts[] = {RP_EXPR, RP_TF64, RP_OPENVINO};
    c->front = fronts[tu_range(rng, 0, 2)];
    for (int d = 0; d < rank; d++) {
        rp_slot *s = &c->slots[c->nslots++];
        if (shape[d] > 0 && tu_chance(rng, 15)) {
            *s = (rp_slot){.kind = RP_SHRINK, .has_b = true,
                           .b = tu_range(rng, -shape[d], shape[d] - 1),
                           .s = 1};
            continue;
        }
        if (shape[d] == 0 || tu_chance(rng, 30))
            rp_random_range(rng, shape[d], s); /* the wild ones */
        else
            friendly_range(rng, shape[d], s);
        if (tu_chance(rng, 10)) {
            s->has_s = true;
            s->s = tu_range(rng, 1, shape[d] + 1) * (tu_chance(rng, 50) ? 1 : -1);
        }
    }
    for (int64_t a = tu_range(rng, 0, 2); a > 0; a--) {
        int at = (int)tu_range(rng, 0, c->nslots);
        memmove(&c->slots[at + 1], &c->slots[at],
                (size_t)(c->nslots - at) * sizeof c->slots[0]);
        memset(&c->slots[at], 0, sizeof c->slots[0]);
        c->slots[at].kind = RP_NEW_AXIS;
        c->nslots++;
    }
    clslice_plan *plan = NULL;
    clslice_error err;
    clslice_status st = rp_build(c, &plan, &err);
    if (st != CLSLICE_OK) {
        print_error("rsh_random_plan: %s: %s\n", c->desc, err.message);
        fail();
    }
    return plan;
}
