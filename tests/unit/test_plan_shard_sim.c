/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The shard planner at scale, without moving data: random slices of
 * every front-end between random layouts of up to 4,096 owners (grids of
 * numpy.array_split blocks with exactly 4,096 owners among them), each
 * checked element by element:
 *   - every output element is produced by exactly one piece;
 *   - the piece reads the input element the plan says (rp_enumerate, from
 *     the plan's public per-dim entries), from the block and owner that a
 *     naive walk over the blocks finds, and writes the output element's
 *     block and owner;
 *   - no input element is sent twice;
 *   - the elements moved are the minimum: exactly those whose input owner
 *     differs from their output owner, and clslice_shard_count agrees;
 *   - a few owners' own pieces (each role) are the pieces of every owner
 *     they take part in.
 * CLSLICE_SHARD_SIM_CASES runs more cases than the suite's 120 (a longer
 * run by hand); CLSLICE_TEST_SEED replays a run; the seed is printed on
 * failure.
 */
#include <time.h>

#include "randshard.h"

#define MAX_ELEMS 65536

static uint64_t g_seed;
static char g_ctx[8192];
static rsh_layout g_in, g_out;
static int64_t g_src[MAX_ELEMS];
static unsigned char g_produced[MAX_ELEMS], g_sent[MAX_ELEMS];
/* per axis: the block of each index, walked naively (rsh_owner_of's walk
 * per element would cost the blocks of an axis each time) */
static int64_t g_in_block[CLSLICE_MAX_RANK][MAX_ELEMS];
static int64_t g_out_block[CLSLICE_MAX_RANK][MAX_ELEMS];

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

/* ---- layouts ---------------------------------------------------------- */

/* numpy.array_split of each axis into grid[d] blocks (the first n % g
 * one longer; empty ones when n < g), owners numbered by default. */
static void split_layout(const int64_t *shape, int rank, const int64_t *grid,
                         rsh_layout *l)
{
    memset(&l->layout, 0, sizeof l->layout);
    l->owner_map = NULL;
    memcpy(l->shape, shape, (size_t)rank * sizeof *shape);
    int64_t owners = 1;
    snprintf(l->desc, sizeof l->desc, "array_split");
    for (int d = 0; d < rank; d++) {
        int64_t n = shape[d], g = grid[d], at = 0;
        l->bounds[d][0] = 0;
        for (int64_t b = 0; b < g; b++) {
            at += n / g + (b < n % g);
            l->bounds[d][b + 1] = at;
        }
        l->axes[d] = (clslice_shard_axis){.bounds = l->bounds[d],
                                          .blocks = g};
        owners *= g;
        rp_append(l->desc, sizeof l->desc, " %" PRId64, g);
    }
    l->layout = (clslice_shard_layout){
        .struct_size = sizeof(clslice_shard_layout), .rank = rank,
        .shape = l->shape, .axes = l->axes, .owners = owners};
}

/* A grid of exactly 4,096 cells over `rank` axes. */
static void grid_4096(int rank, int64_t *grid)
{
    static const int64_t side[5] = {0, 4096, 64, 16, 8};
    for (int d = 0; d < rank; d++)
        grid[d] = side[rank];
}

static void block_tables(const rsh_layout *l,
                         int64_t (*table)[MAX_ELEMS])
{
    for (int d = 0; d < l->layout.rank; d++)
        for (int64_t b = 0, lo, hi; b < rsh_blocks(l, d); b++) {
            rsh_block_range(l, d, b, &lo, &hi);
            for (int64_t i = lo; i < hi; i++)
                table[d][i] = b;
        }
}

/* The owner of the element at `index`, from the tables and the members
 * as clslice.h states them. */
static int64_t owner_at(const rsh_layout *l, int64_t (*table)[MAX_ELEMS],
                        const int64_t *index, int64_t *blocks)
{
    int64_t coord[CLSLICE_MAX_RANK], number = 0;
    for (int d = 0; d < l->layout.rank; d++) {
        const clslice_shard_axis *a = &l->axes[d];
        blocks[d] = table[d][index[d]];
        coord[d] = a->procs ? (blocks[d] + a->first_proc) % a->procs
                            : blocks[d];
        number = number * (a->procs ? a->procs : rsh_blocks(l, d)) + coord[d];
    }
    if (l->layout.owner_fn)
        return l->layout.owner_fn(l->layout.owner_context, coord,
                                  l->layout.rank);
    return l->owner_map ? l->owner_map[number] : number;
}

/* ---- one case --------------------------------------------------------- */

typedef struct totals {
    long long cases, pieces, elements, moved, at_4096;
} totals;

static int64_t flat(const int64_t *index, const int64_t *shape, int rank)
{
    int64_t k = 0;
    for (int d = 0; d < rank; d++)
        k = k * shape[d] + index[d];
    return k;
}

/* Checks every element of piece p; returns the elements it moves. */
static int64_t check_piece(const clslice_plan *plan,
                           const clslice_shard_piece *p)
{
    int rank = clslice_plan_input_rank(plan);
    int out_rank = clslice_plan_output_rank(plan);
    int64_t in_shape[CLSLICE_MAX_RANK], out_shape[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(plan, in_shape);
    clslice_plan_output_shape(plan, out_shape);
    int64_t k[CLSLICE_MAX_RANK] = {0}, moved = 0, seen = 0;
    int64_t out_index[CLSLICE_MAX_RANK], in_index[CLSLICE_MAX_RANK],
            blocks[CLSLICE_MAX_RANK];
    for (;;) {
        for (int d = 0; d < rank; d++)
            in_index[d] = p->input_origin[d] + p->input_start[d];
        for (int j = 0; j < out_rank; j++) {
            out_index[j] = p->output_origin[j] + p->output_start[j] + k[j];
            int d = clslice_plan_output_source(plan, j);
            if (d >= 0)
                in_index[d] += k[j] * p->input_step[d];
        }
        int64_t o = flat(out_index, out_shape, out_rank);
        int64_t i = flat(in_index, in_shape, rank);
        EXPECT(g_produced[o] == 0);
        g_produced[o] = 1;
        EXPECT(g_src[o] == i);
        EXPECT(owner_at(&g_in, g_in_block, in_index, blocks) ==
               p->input_owner);
        EXPECT(!memcmp(blocks, p->input_block, (size_t)rank * sizeof *blocks));
        EXPECT(owner_at(&g_out, g_out_block, out_index, blocks) ==
               p->output_owner);
        EXPECT(!memcmp(blocks, p->output_block,
                       (size_t)out_rank * sizeof *blocks));
        if (p->input_owner != p->output_owner) {
            EXPECT(g_sent[i] == 0);
            g_sent[i] = 1;
            moved++;
        }
        seen++;
        int j = out_rank - 1;
        while (j >= 0 && ++k[j] == p->output_count[j])
            k[j--] = 0;
        if (j < 0)
            break;
    }
    EXPECT(seen == p->elements);
    return moved;
}

/* The elements whose input and output owners differ, from the oracle. */
static int64_t minimum_moved(const clslice_plan *plan, int64_t n_out)
{
    int rank = clslice_plan_input_rank(plan);
    int out_rank = clslice_plan_output_rank(plan);
    int64_t in_shape[CLSLICE_MAX_RANK], out_shape[CLSLICE_MAX_RANK],
            blocks[CLSLICE_MAX_RANK], index[CLSLICE_MAX_RANK], moved = 0;
    clslice_plan_input_shape(plan, in_shape);
    clslice_plan_output_shape(plan, out_shape);
    for (int64_t o = 0; o < n_out; o++) {
        int64_t left = o;
        for (int j = out_rank - 1; j >= 0; j--) {
            index[j] = left % out_shape[j];
            left /= out_shape[j];
        }
        int64_t to = owner_at(&g_out, g_out_block, index, blocks);
        left = g_src[o];
        for (int d = rank - 1; d >= 0; d--) {
            index[d] = left % in_shape[d];
            left /= in_shape[d];
        }
        moved += owner_at(&g_in, g_in_block, index, blocks) != to;
    }
    return moved;
}

/* A few owners' own pieces against every owner's, by count. */
static void check_some_owners(tu_rng *rng, clslice_shard_desc desc,
                              const clslice_plan *plan)
{
    int64_t most = g_in.layout.owners > g_out.layout.owners
                       ? g_in.layout.owners
                       : g_out.layout.owners;
    for (int t = 0; t < 3; t++) {
        int64_t owner = tu_range(rng, 0, most - 1);
        unsigned role = t == 0 ? CLSLICE_SHARD_SENDS
                               : t == 1 ? CLSLICE_SHARD_RECEIVES : 0;
        int64_t want_pieces = 0, want_elements = 0;
        clslice_shard_iter iter;
        clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
        int more = 1;
        desc.owner = CLSLICE_SHARD_EVERY_OWNER;
        EXPECT(clslice_shard_begin(&iter, &desc, NULL) == CLSLICE_OK);
        while (clslice_shard_next(&iter, &p, &more, NULL) == CLSLICE_OK &&
               more)
            if (((role != CLSLICE_SHARD_RECEIVES) && p.from_owner == owner) ||
                ((role != CLSLICE_SHARD_SENDS) && p.to_owner == owner)) {
                want_pieces++;
                want_elements += p.elements;
            }
        desc.owner = owner;
        desc.role = role;
        int64_t pieces = -1, elements = -1;
        EXPECT(clslice_shard_count(&desc, &pieces, &elements, NULL, NULL) ==
               CLSLICE_OK);
        EXPECT(pieces == want_pieces && elements == want_elements);
    }
    (void)plan;
}

/* A shape of `rank` dims with at most MAX_ELEMS elements, around a grid
 * of 4,096 cells when `grid` is given. */
static void random_shape(tu_rng *rng, int rank, const int64_t *grid,
                         int64_t *shape)
{
    int64_t left = MAX_ELEMS;
    for (int d = 0; d < rank; d++) {
        int64_t base = grid ? grid[d] : 1;
        /* what this dim may take and leave each later dim its base */
        int64_t later = 1;
        for (int e = d + 1; e < rank; e++)
            later *= grid ? grid[e] : 2;
        int64_t top = left / later;
        int64_t lo = grid ? base / 2 : 1;
        shape[d] = tu_range(rng, lo, top > lo ? top : lo);
        if (grid && tu_chance(rng, 60))
            shape[d] = base * tu_range(rng, 1, top / base > 1 ? top / base : 1);
        left /= shape[d] ? shape[d] : 1;
    }
}

static void run_case(tu_rng *rng, int i, totals *t)
{
    static const int64_t owner_caps[] = {16, 256, 4096, 4096};
    int rank = (int)tu_range(rng, 1, 4);
    int64_t cap = owner_caps[tu_range(rng, 0, 3)];
    bool exact = cap == 4096 && tu_chance(rng, 50);
    int64_t grid[CLSLICE_MAX_RANK], shape[CLSLICE_MAX_RANK],
            out_shape[CLSLICE_MAX_RANK];
    grid_4096(rank, grid);
    random_shape(rng, rank, exact ? grid : NULL, shape);
    static rp_case c;
    clslice_plan *plan = rsh_random_plan(rng, shape, rank, &c);
    int out_rank = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, out_shape);
    if (exact)
        split_layout(shape, rank, grid, &g_in);
    else
        rsh_random_layout(rng, shape, rank, cap, cap, &g_in);
    rsh_random_layout(rng, out_shape, out_rank, cap, cap, &g_out);
    snprintf(g_ctx, sizeof g_ctx, "case %d: %s on %s; input %s; output %s",
             i, c.desc, tu_shape_str(shape, rank), g_in.desc, g_out.desc);
    int64_t n_out = rp_enumerate(plan, g_src, MAX_ELEMS);
    EXPECT(n_out >= 0);
    block_tables(&g_in, g_in_block);
    block_tables(&g_out, g_out_block);
    memset(g_produced, 0, (size_t)n_out);
    memset(g_sent, 0, MAX_ELEMS);
    clslice_shard_desc desc = CLSLICE_SHARD_DESC_INIT;
    desc.plan = plan;
    desc.input = &g_in.layout;
    desc.output = &g_out.layout;
    desc.owner = CLSLICE_SHARD_EVERY_OWNER;
    clslice_shard_iter iter;
    clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
    clslice_error err;
    EXPECT(clslice_shard_begin(&iter, &desc, &err) == CLSLICE_OK);
    int64_t pieces = 0, moved = 0;
    for (int more = 1;;) {
        EXPECT(clslice_shard_next(&iter, &p, &more, &err) == CLSLICE_OK);
        if (!more)
            break;
        moved += check_piece(plan, &p);
        pieces++;
    }
    for (int64_t o = 0; o < n_out; o++)
        EXPECT(g_produced[o] == 1);
    EXPECT(moved == minimum_moved(plan, n_out));
    int64_t count_pieces, count_elements, count_moved;
    EXPECT(clslice_shard_count(&desc, &count_pieces, &count_elements,
                               &count_moved, &err) == CLSLICE_OK);
    EXPECT(count_pieces == pieces && count_elements == n_out &&
           count_moved == moved);
    check_some_owners(rng, desc, plan);
    t->cases++;
    t->pieces += pieces;
    t->elements += n_out;
    t->moved += moved;
    t->at_4096 += g_in.layout.owners == 4096 || g_out.layout.owners == 4096;
    rsh_free_layout(&g_in);
    rsh_free_layout(&g_out);
    clslice_plan_release(&plan);
}

static void test_simulation(void **state)
{
    (void)state;
    long cases = 120;
    const char *env = getenv("CLSLICE_SHARD_SIM_CASES");
    if (env && atol(env) > 0)
        cases = atol(env);
    tu_rng rng = {g_seed};
    totals t = {0};
    clock_t start = clock();
    for (int i = 0; i < cases; i++)
        run_case(&rng, i, &t);
    print_message("%lld cases (%lld at 4,096 owners): %lld pieces, %lld "
                  "output elements, %lld moved between owners; %.2f s CPU\n",
                  t.cases, t.at_4096, t.pieces, t.elements, t.moved,
                  (double)(clock() - start) / CLOCKS_PER_SEC);
    /* the run must have reached the scale it claims */
    snprintf(g_ctx, sizeof g_ctx, "the whole run");
    EXPECT(t.at_4096 >= cases / 10 && t.pieces > 20 * cases &&
           t.moved > 0);
}

int main(void)
{
    g_seed = tu_seed(0x53494d53u);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simulation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
