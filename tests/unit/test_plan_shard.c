/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The shard planner (clslice.h, "Sharded tensors"): a hand-worked
 * example, every named error, the cost of a slice of a 1,000,000-block
 * grid counted in owner lookups, one owner's pieces against the pieces of
 * every owner filtered, and the pieces run for real: each moved with
 * clslice_host_gather2 between blocks held in separate buffers, for
 * gathers and scatters over random layouts, against the whole-tensor
 * host gather and scatter.  The larger random run is test_plan_shard_sim.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#include <stddef.h>

#include "randshard.h"

static uint64_t g_seed;
static char g_ctx[8192];

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

/* ---- collecting pieces ------------------------------------------------ */

typedef struct pieces {
    clslice_shard_piece *at;
    int64_t count, cap;
} pieces;

static clslice_status collect(const clslice_shard_desc *desc, pieces *out,
                              clslice_error *err)
{
    clslice_shard_iter iter;
    out->count = 0;
    clslice_status st = clslice_shard_begin(&iter, desc, err);
    for (int more = 1; st == CLSLICE_OK && more;) {
        if (out->count == out->cap) {
            out->cap = out->cap ? 2 * out->cap : 64;
            out->at = realloc(out->at, (size_t)out->cap * sizeof *out->at);
            assert_non_null(out->at);
        }
        clslice_shard_piece *p = &out->at[out->count];
        memset(p, 0, sizeof *p);
        p->struct_size = sizeof *p;
        st = clslice_shard_next(&iter, p, &more, err);
        out->count += st == CLSLICE_OK && more;
    }
    return st;
}

static clslice_shard_desc gather_desc(const clslice_plan *plan,
                                      const clslice_shard_layout *in,
                                      const clslice_shard_layout *out)
{
    clslice_shard_desc d = CLSLICE_SHARD_DESC_INIT;
    d.plan = plan;
    d.input = in;
    d.output = out;
    d.owner = CLSLICE_SHARD_EVERY_OWNER;
    return d;
}

/* ---- the example of clslice.h ----------------------------------------- */

static void expect_piece(const clslice_shard_piece *p, int64_t in_owner,
                         int64_t out_owner, const int64_t in_block[2],
                         const int64_t in_start[2], const int64_t count[2],
                         const int64_t out_start[2])
{
    EXPECT(p->input_owner == in_owner && p->output_owner == out_owner);
    EXPECT(p->from_owner == in_owner && p->to_owner == out_owner);
    for (int d = 0; d < 2; d++) {
        EXPECT(p->input_block[d] == in_block[d]);
        EXPECT(p->input_origin[d] == 4 * in_block[d]);
        EXPECT(p->input_start[d] == in_start[d]);
        EXPECT(p->input_count[d] == count[d]);
        EXPECT(p->output_start[d] == out_start[d]);
        EXPECT(p->output_count[d] == count[d]);
    }
    EXPECT(p->input_step[0] == 1 && p->input_step[1] == -3);
    EXPECT(p->elements == count[0] * count[1]);
}

/* [8, 8] in 4 x 4 blocks of owners 0 1 / 2 3, "[1:7, ::-3]" into
 * [6, 3] in blocks of 3 rows, owners 0 and 1: rows 1-3 and 4-6 meet both
 * block rows, columns 7, 4 (block 1) and 1 (block 0). */
static void test_example(void **state)
{
    (void)state;
    snprintf(g_ctx, sizeof g_ctx, "the example");
    const int64_t in_shape[] = {8, 8}, out_shape[] = {6, 3};
    const clslice_shard_axis in_axes[] = {{.block = 4}, {.block = 4}};
    const clslice_shard_axis out_axes[] = {{.block = 3}, {.block = 3}};
    clslice_shard_layout in = CLSLICE_SHARD_LAYOUT_INIT,
                         out = CLSLICE_SHARD_LAYOUT_INIT;
    in.rank = out.rank = 2;
    in.shape = in_shape;
    in.axes = in_axes;
    in.owners = 4;
    out.shape = out_shape;
    out.axes = out_axes;
    out.owners = 2;
    clslice_plan *plan = tu_expr_plan(in_shape, 2, "[1:7, ::-3]");
    clslice_shard_desc desc = gather_desc(plan, &in, &out);
    pieces got = {0};
    clslice_error err;
    EXPECT(collect(&desc, &got, &err) == CLSLICE_OK);
    EXPECT(got.count == 4);
    const int64_t b01[] = {0, 1}, b00[] = {0, 0}, b11[] = {1, 1},
                  b10[] = {1, 0};
    const int64_t s13[] = {1, 3}, s11[] = {1, 1}, s03[] = {0, 3},
                  s01[] = {0, 1}, c32[] = {3, 2}, c31[] = {3, 1},
                  o00[] = {0, 0}, o02[] = {0, 2};
    expect_piece(&got.at[0], 1, 0, b01, s13, c32, o00);
    expect_piece(&got.at[1], 0, 0, b00, s11, c31, o02);
    expect_piece(&got.at[2], 3, 1, b11, s03, c32, o00);
    expect_piece(&got.at[3], 2, 1, b10, s01, c31, o02);
    int64_t n, elements, moved;
    EXPECT(clslice_shard_count(&desc, &n, &elements, &moved, &err) ==
           CLSLICE_OK);
    EXPECT(n == 4 && elements == 18 && moved == 6 + 6 + 3);
    /* owner 1 sends the first piece and receives the last two */
    desc.owner = 1;
    desc.role = CLSLICE_SHARD_SENDS;
    EXPECT(clslice_shard_count(&desc, &n, &elements, &moved, &err) ==
           CLSLICE_OK);
    EXPECT(n == 1 && elements == 6 && moved == 6);
    desc.role = CLSLICE_SHARD_RECEIVES;
    EXPECT(clslice_shard_count(&desc, &n, &elements, &moved, &err) ==
           CLSLICE_OK);
    EXPECT(n == 2 && elements == 9 && moved == 9);
    /* the scatter of a [6, 3] value into the slice: the same pieces, sent
     * the other way */
    desc.direction = CLSLICE_SHARD_SCATTER;
    desc.owner = CLSLICE_SHARD_EVERY_OWNER;
    pieces back = {0};
    EXPECT(collect(&desc, &back, &err) == CLSLICE_OK);
    EXPECT(back.count == 4);
    for (int k = 0; k < 4; k++) {
        EXPECT(back.at[k].from_owner == got.at[k].output_owner);
        EXPECT(back.at[k].to_owner == got.at[k].input_owner);
    }
    free(got.at);
    free(back.at);
    clslice_plan_release(&plan);
}

/* ---- errors ----------------------------------------------------------- */

typedef struct bad_case {
    const char *what;
    clslice_status status;
    const char *parts[3];
} bad_case;

/* A valid [6, 4] layout of 2 x 2 blocks and owners 4, and the plan and
 * output layout of "[::2, 1:3]" ([3, 2], one block, one owner). */
typedef struct fixture {
    int64_t shape[2], out_shape[3], bounds[3], map[4];
    clslice_shard_axis axes[2], out_axes[3];
    clslice_shard_layout in, out;
    clslice_plan *plan;
    clslice_shard_desc desc;
} fixture;

static void make_fixture(fixture *f)
{
    memset(f, 0, sizeof *f);
    f->shape[0] = 6;
    f->shape[1] = 4;
    f->out_shape[0] = 3;
    f->out_shape[1] = 2;
    f->axes[0] = (clslice_shard_axis){.block = 3};
    f->bounds[0] = 0;
    f->bounds[1] = 1;
    f->bounds[2] = 4;
    f->axes[1] = (clslice_shard_axis){.bounds = f->bounds, .blocks = 2};
    f->out_axes[0] = f->out_axes[1] = f->out_axes[2] =
        (clslice_shard_axis){.block = 8};
    f->in = (clslice_shard_layout){.struct_size = sizeof f->in, .rank = 2,
                                   .shape = f->shape, .axes = f->axes,
                                   .owners = 4};
    f->out = (clslice_shard_layout){.struct_size = sizeof f->out, .rank = 2,
                                    .shape = f->out_shape,
                                    .axes = f->out_axes, .owners = 1};
    f->plan = tu_expr_plan(f->shape, 2, "[::2, 1:3]");
    f->desc = gather_desc(f->plan, &f->in, &f->out);
}

static int64_t owner_zero(void *context, const int64_t *coord, int rank)
{
    (void)context;
    (void)coord;
    (void)rank;
    return 0;
}

/* Spoils fixture f the way case k says. */
static void spoil(fixture *f, int k)
{
    switch (k) {
    case 0: f->desc.struct_size = 8; break;
    case 1: f->desc.plan = NULL; break;
    case 2: f->desc.input = NULL; break;
    case 3: f->in.struct_size = 3; break;
    case 4: f->in.rank = 40; break;
    case 5: f->axes[0].block = 0; break;
    case 6: f->bounds[0] = 1; break;            /* a gap before block 0 */
    case 7: f->bounds[1] = 5; break;            /* blocks overlap */
    case 8: f->bounds[2] = 3; break;            /* do not reach the end */
    case 9: f->axes[1].blocks = 0; break;
    case 10: f->in.owners = 3; break;           /* 4 cells, 3 owners */
    case 11: f->in.owners = 0; break;
    case 12: f->axes[0].procs = 2; f->axes[0].first_proc = 2; break;
    case 13: f->axes[0].procs = -1; break;
    case 14: f->in.owner_map = f->map; f->in.owner_fn = owner_zero; break;
    case 15: f->shape[1] = 5; f->bounds[2] = 5; break; /* another shape */
    case 16: f->in.rank = 1; break;
    case 17: f->out_shape[0] = 4; break;
    case 18: f->out.rank = 3; break;
    case 19: f->desc.direction = (clslice_shard_direction)7; break;
    case 20: f->desc.role = 4; break;
    case 21: f->desc.owner = 4; break;
    case 22: f->desc.owner = -2; break;
    case 23: f->out.owner_map = f->map; f->out.owner_fn = owner_zero; break;
    }
}

static const bad_case bad_cases[] = {
    {"desc size", CLSLICE_ERROR_ARGUMENT, {"desc->struct_size = 8", 0}},
    {"no plan", CLSLICE_ERROR_ARGUMENT, {"desc->plan is NULL", 0}},
    {"no input", CLSLICE_ERROR_ARGUMENT, {"desc->input is NULL", 0}},
    {"layout size", CLSLICE_ERROR_ARGUMENT,
     {"desc->input->struct_size = 3", 0}},
    {"rank", CLSLICE_ERROR_RANK, {"input.rank = 40", 0}},
    {"block 0", CLSLICE_ERROR_ARGUMENT, {"input.axes[0].block = 0", 0}},
    {"gap", CLSLICE_ERROR_SHAPE, {"input.axes[1].bounds[0] = 1", 0}},
    {"overlap", CLSLICE_ERROR_SHAPE,
     {"input.axes[1].bounds[2] = 4 is below bounds[1] = 5", "overlap", 0}},
    {"short", CLSLICE_ERROR_SHAPE,
     {"input.axes[1].bounds[2] = 3 but input.shape[1] = 4", 0}},
    {"no blocks", CLSLICE_ERROR_ARGUMENT, {"input.axes[1].blocks = 0", 0}},
    {"grid over owners", CLSLICE_ERROR_INDEX,
     {"input: the default owner numbering needs 4 owners", "owners = 3",
      0}},
    {"owners 0", CLSLICE_ERROR_ARGUMENT, {"input.owners = 0", 0}},
    {"first_proc", CLSLICE_ERROR_ARGUMENT,
     {"input.axes[0]: procs = 2, first_proc = 2", 0}},
    {"procs", CLSLICE_ERROR_ARGUMENT, {"input.axes[0]: procs = -1", 0}},
    {"map and fn", CLSLICE_ERROR_ARGUMENT,
     {"input: owner_map and owner_fn are both set", 0}},
    {"another shape", CLSLICE_ERROR_SHAPE,
     {"input.shape[1] = 5 but the plan's input shape[1] = 4", 0}},
    {"another rank", CLSLICE_ERROR_SHAPE,
     {"input.rank = 1 but the plan's input has rank 2", 0}},
    {"output shape", CLSLICE_ERROR_SHAPE,
     {"output.shape[0] = 4 but the plan's output shape[0] = 3", 0}},
    {"output rank", CLSLICE_ERROR_SHAPE,
     {"output.rank = 3 but the plan's output has rank 2", 0}},
    {"direction", CLSLICE_ERROR_ARGUMENT, {"desc->direction = 7", 0}},
    {"role", CLSLICE_ERROR_ARGUMENT, {"desc->role = 4", 0}},
    {"owner", CLSLICE_ERROR_ARGUMENT,
     {"desc->owner = 4", "input.owners = 4, output.owners = 1", 0}},
    {"owner -2", CLSLICE_ERROR_ARGUMENT, {"desc->owner = -2", 0}},
    {"output map and fn", CLSLICE_ERROR_ARGUMENT,
     {"output: owner_map and owner_fn are both set", 0}},
};

static void test_errors(void **state)
{
    (void)state;
    int n = (int)(sizeof bad_cases / sizeof bad_cases[0]);
    for (int k = 0; k < n; k++) {
        fixture f;
        make_fixture(&f);
        spoil(&f, k);
        snprintf(g_ctx, sizeof g_ctx, "bad case %d: %s", k, bad_cases[k].what);
        /* a running iterator in the storage first: a refused begin must
         * end it */
        fixture good;
        make_fixture(&good);
        clslice_shard_iter iter;
        clslice_error err;
        EXPECT(clslice_shard_begin(&iter, &good.desc, &err) == CLSLICE_OK);
        EXPECT(clslice_shard_begin(&iter, &f.desc, &err) ==
               bad_cases[k].status);
        tu_assert_error(&err, bad_cases[k].status, bad_cases[k].parts[0],
                        bad_cases[k].parts[1], bad_cases[k].parts[2]);
        /* a refused begin leaves nothing an iterator could run */
        clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
        int more = 7;
        EXPECT(clslice_shard_next(&iter, &p, &more, &err) ==
               CLSLICE_ERROR_ARGUMENT);
        EXPECT(more == 7);
        int64_t count = -5;
        EXPECT(clslice_shard_count(&f.desc, &count, NULL, NULL, &err) ==
               bad_cases[k].status);
        EXPECT(count == -5);
        clslice_plan_release(&f.plan);
        clslice_plan_release(&good.plan);
    }
}

static void test_unknown_plan_and_piece_size(void **state)
{
    (void)state;
    snprintf(g_ctx, sizeof g_ctx, "unknown plan, piece size");
    fixture f;
    make_fixture(&f);
    clslice_error err;
    const int64_t unknown[] = {6, -1};
    clslice_plan *plan = tu_expr_plan(unknown, 2, "[::2, 1:3]");
    f.desc.plan = plan;
    clslice_shard_iter iter;
    EXPECT(clslice_shard_begin(&iter, &f.desc, &err) ==
           CLSLICE_ERROR_UNKNOWN);
    tu_assert_error(&err, CLSLICE_ERROR_UNKNOWN, "desc->plan", NULL);
    clslice_plan_release(&plan);
    f.desc.plan = f.plan;
    EXPECT(clslice_shard_begin(&iter, &f.desc, &err) == CLSLICE_OK);
    clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
    int more = 0;
    p.struct_size = 16;
    EXPECT(clslice_shard_next(&iter, &p, &more, &err) ==
           CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "piece->struct_size = 16",
                    NULL);
    EXPECT(clslice_shard_next(&iter, NULL, &more, &err) ==
           CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "piece is NULL", NULL);
    p.struct_size = sizeof p;
    EXPECT(clslice_shard_next(&iter, &p, NULL, &err) ==
           CLSLICE_ERROR_ARGUMENT);
    EXPECT(clslice_shard_begin(NULL, &f.desc, &err) == CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "iter is NULL", NULL);
    /* rows 0, 2 (block 0) and 4 (block 1), columns 1-2 (block 1): two
     * pieces, and then none, again and again */
    int64_t seen = 0;
    for (int k = 0; k < 6; k++) {
        EXPECT(clslice_shard_next(&iter, &p, &more, &err) == CLSLICE_OK);
        seen += more;
    }
    EXPECT(seen == 2 && more == 0);
    clslice_plan_release(&f.plan);
}

/* Owners out of range are named where the planner meets them, and by
 * clslice_shard_layout_check for the whole grid. */
static int64_t g_bad_owner;
static int64_t bad_fn(void *context, const int64_t *coord, int rank)
{
    (void)context;
    (void)rank;
    return coord[0] == 1 && coord[1] == 1 ? g_bad_owner : 0;
}

static void test_owner_errors(void **state)
{
    (void)state;
    snprintf(g_ctx, sizeof g_ctx, "owner errors");
    fixture f;
    make_fixture(&f);
    clslice_error err;
    f.map[0] = 0;
    f.map[1] = 1;
    f.map[2] = 2;
    f.map[3] = 9;
    f.in.owner_map = f.map;
    int64_t n = -1;
    /* "[::2, 1:3]" reads rows 0, 2, 4 and so block (1, 1): owner 9 */
    EXPECT(clslice_shard_count(&f.desc, &n, NULL, NULL, &err) ==
           CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX,
                    "input.owner_map[3] = 9 (grid coordinate (1, 1))",
                    "[0, 4)", NULL);
    EXPECT(n == -1);
    EXPECT(clslice_shard_layout_check(&f.in, &err) == CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "layout.owner_map[3] = 9",
                    NULL);
    /* a slice that misses block (1, 1) never asks for its owner */
    clslice_plan *top = tu_expr_plan(f.shape, 2, "[0:3, 1:3]");
    f.desc.plan = top;
    EXPECT(clslice_shard_count(&f.desc, &n, NULL, NULL, &err) == CLSLICE_OK);
    EXPECT(n == 1);
    /* an owner function's answer */
    f.in.owner_map = NULL;
    f.in.owner_fn = bad_fn;
    g_bad_owner = -3;
    f.desc.plan = f.plan;
    clslice_shard_iter iter;
    clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
    int more;
    EXPECT(clslice_shard_begin(&iter, &f.desc, &err) == CLSLICE_OK);
    clslice_status st = CLSLICE_OK;
    for (int k = 0; k < 5 && st == CLSLICE_OK; k++)
        st = clslice_shard_next(&iter, &p, &more, &err);
    EXPECT(st == CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX,
                    "input.owner_fn at grid coordinate (1, 1) gives owner -3",
                    NULL);
    /* and it stays there */
    EXPECT(clslice_shard_next(&iter, &p, &more, &err) == CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "earlier error", NULL);
    EXPECT(clslice_shard_layout_check(&f.in, &err) == CLSLICE_ERROR_INDEX);
    g_bad_owner = 3;
    EXPECT(clslice_shard_layout_check(&f.in, &err) == CLSLICE_OK);
    EXPECT(clslice_shard_layout_check(NULL, &err) == CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "layout is NULL", NULL);
    clslice_plan_release(&top);
    clslice_plan_release(&f.plan);
}

/* ---- cost: touched blocks, not the grid ------------------------------- */

static int64_t g_lookups;
static int64_t counting_fn(void *context, const int64_t *coord, int rank)
{
    (void)context;
    (void)rank;
    g_lookups++;
    return coord[0] * 1000 + coord[1];
}

/* A [10000, 10000] tensor in 10 x 10 blocks: a grid of 1,000,000 blocks
 * and owners.  "[5:15, 995:1005]" touches 4 blocks, and the planner asks
 * for 4 owners and walks 4 pieces, with the default numbering, an owner
 * function, and as one owner's pieces. */
static void test_touched_blocks(void **state)
{
    (void)state;
    snprintf(g_ctx, sizeof g_ctx, "touched blocks");
    const int64_t shape[] = {10000, 10000}, out_shape[] = {10, 10};
    const clslice_shard_axis axes[] = {{.block = 10}, {.block = 10}};
    const clslice_shard_axis out_axes[] = {{.block = 10}, {.block = 10}};
    clslice_shard_layout in = CLSLICE_SHARD_LAYOUT_INIT,
                         out = CLSLICE_SHARD_LAYOUT_INIT;
    in.rank = out.rank = 2;
    in.shape = shape;
    in.axes = axes;
    in.owners = 1000000;
    out.shape = out_shape;
    out.axes = out_axes;
    out.owners = 1;
    clslice_plan *plan = tu_expr_plan(shape, 2, "[5:15, 995:1005]");
    clslice_shard_desc desc = gather_desc(plan, &in, &out);
    pieces got = {0};
    clslice_error err;
    EXPECT(collect(&desc, &got, &err) == CLSLICE_OK);
    EXPECT(got.count == 4);
    EXPECT(got.at[0].input_owner == 99 && got.at[1].input_owner == 100);
    EXPECT(got.at[2].input_owner == 1099 && got.at[3].input_owner == 1100);
    in.owner_fn = counting_fn;
    g_lookups = 0;
    int64_t n;
    EXPECT(clslice_shard_count(&desc, &n, NULL, NULL, &err) == CLSLICE_OK);
    EXPECT(n == 4 && g_lookups == 4);
    desc.owner = 1100;
    desc.role = CLSLICE_SHARD_SENDS;
    EXPECT(clslice_shard_count(&desc, &n, NULL, NULL, &err) == CLSLICE_OK);
    EXPECT(n == 1);
    free(got.at);
    clslice_plan_release(&plan);
}

/* ---- int64 extremes --------------------------------------------------- */

/* An axis of INT64_MAX elements in blocks of INT64_MAX / 3 (the fourth
 * holds one element), block-cyclic over INT64_MAX - 1 coordinates from
 * INT64_MAX - 2, read backwards: no sum on the way may overflow (the
 * sanitizer build checks), and the owners are the coordinates. */
static void test_extremes(void **state)
{
    (void)state;
    snprintf(g_ctx, sizeof g_ctx, "int64 extremes");
    const int64_t big = INT64_MAX, third = INT64_MAX / 3;
    const int64_t shape[] = {big};
    const clslice_shard_axis axes[] = {
        {.block = third, .procs = big - 1, .first_proc = big - 2}};
    const clslice_shard_axis out_axes[] = {{.block = big}};
    clslice_shard_layout in = CLSLICE_SHARD_LAYOUT_INIT,
                         out = CLSLICE_SHARD_LAYOUT_INIT;
    in.rank = out.rank = 1;
    in.shape = out.shape = shape;
    in.axes = axes;
    in.owners = big;
    out.axes = out_axes;
    out.owners = 1;
    clslice_plan *plan = tu_expr_plan(shape, 1, "[::-1]");
    clslice_shard_desc desc = gather_desc(plan, &in, &out);
    pieces got = {0};
    clslice_error err;
    EXPECT(collect(&desc, &got, &err) == CLSLICE_OK);
    EXPECT(got.count == 4);
    const int64_t owner[4] = {2, 1, 0, big - 2};
    const int64_t count[4] = {1, third, third, third};
    for (int k = 0; k < 4 && k < got.count; k++) {
        EXPECT(got.at[k].input_block[0] == 3 - k);
        EXPECT(got.at[k].input_owner == owner[k]);
        EXPECT(got.at[k].input_count[0] == count[k]);
        EXPECT(got.at[k].input_start[0] == count[k] - 1);
        EXPECT(got.at[k].input_step[0] == -1);
    }
    int64_t n, elements, moved;
    EXPECT(clslice_shard_count(&desc, &n, &elements, &moved, &err) ==
           CLSLICE_OK);
    EXPECT(n == 4 && elements == big && moved == 1 + 2 * third);
    /* the owner at the last coordinate sends its one piece */
    desc.owner = big - 2;
    desc.role = CLSLICE_SHARD_SENDS;
    EXPECT(clslice_shard_count(&desc, &n, &elements, NULL, &err) ==
           CLSLICE_OK);
    EXPECT(n == 1 && elements == third);
    free(got.at);
    clslice_plan_release(&plan);
}

/* ---- one owner's pieces ----------------------------------------------- */

static bool takes_part(const clslice_shard_piece *p, int64_t owner,
                       unsigned role)
{
    return ((role & CLSLICE_SHARD_SENDS) && p->from_owner == owner) ||
           ((role & CLSLICE_SHARD_RECEIVES) && p->to_owner == owner);
}

/* Every owner's pieces in each role are, in order, the pieces of every
 * owner that it takes part in. */
static void check_owners(clslice_shard_desc desc, const pieces *all)
{
    static const unsigned roles[] = {CLSLICE_SHARD_SENDS,
                                     CLSLICE_SHARD_RECEIVES, 0};
    int64_t owners = desc.input->owners > desc.output->owners
                         ? desc.input->owners
                         : desc.output->owners;
    pieces mine = {0};
    clslice_error err;
    for (int64_t owner = 0; owner < owners; owner++)
        for (int r = 0; r < 3; r++) {
            desc.owner = owner;
            desc.role = roles[r];
            unsigned role = roles[r] ? roles[r]
                                     : CLSLICE_SHARD_SENDS |
                                           CLSLICE_SHARD_RECEIVES;
            EXPECT(collect(&desc, &mine, &err) == CLSLICE_OK);
            int64_t k = 0;
            for (int64_t a = 0; a < all->count; a++) {
                if (!takes_part(&all->at[a], owner, role))
                    continue;
                EXPECT(k < mine.count);
                EXPECT(!memcmp(&all->at[a], &mine.at[k], sizeof mine.at[k]));
                k++;
            }
            EXPECT(k == mine.count);
        }
    free(mine.at);
}

/* ---- moving the data -------------------------------------------------- */

/* A sharded tensor's data: each block a row-major tensor of its own. */
typedef struct held {
    const rsh_layout *l;
    int64_t nblocks[CLSLICE_MAX_RANK];
    int32_t **block;  /* row-major over block indices */
    int64_t count;
} held;

static int64_t block_number(const held *h, const int64_t *b)
{
    int64_t k = 0;
    for (int d = 0; d < h->l->layout.rank; d++)
        k = k * h->nblocks[d] + b[d];
    return k;
}

static void block_shape(const held *h, const int64_t *b, int64_t *shape)
{
    for (int d = 0; d < h->l->layout.rank; d++) {
        int64_t lo, hi;
        rsh_block_range(h->l, d, b[d], &lo, &hi);
        shape[d] = hi - lo;
    }
}

/* Row-major strides of `shape`, and its elements. */
static int64_t strides_of(const int64_t *shape, int rank, int64_t *strides)
{
    int64_t n = 1;
    for (int d = rank - 1; d >= 0; d--) {
        strides[d] = n;
        n *= shape[d];
    }
    return n;
}

static void hold(held *h, const rsh_layout *l)
{
    h->l = l;
    h->count = 1;
    for (int d = 0; d < l->layout.rank; d++) {
        h->nblocks[d] = rsh_blocks(l, d);
        h->count *= h->nblocks[d];
    }
    h->block = calloc((size_t)h->count, sizeof *h->block);
    assert_non_null(h->block);
    int64_t b[CLSLICE_MAX_RANK] = {0}, shape[CLSLICE_MAX_RANK],
            strides[CLSLICE_MAX_RANK];
    for (int64_t k = 0; k < h->count; k++) {
        block_shape(h, b, shape);
        int64_t n = strides_of(shape, l->layout.rank, strides);
        h->block[k] = malloc((size_t)(n ? n : 1) * sizeof(int32_t));
        assert_non_null(h->block[k]);
        for (int d = l->layout.rank - 1; d >= 0 && ++b[d] == h->nblocks[d];
             d--)
            b[d] = 0;
    }
}

static void unhold(held *h)
{
    for (int64_t k = 0; k < h->count; k++)
        free(h->block[k]);
    free(h->block);
}

/* Copies between a whole row-major tensor and the blocks: element
 * `index` lives at (its block, index - the block's origin). */
static void whole_and_blocks(held *h, int32_t *whole, bool to_blocks)
{
    int rank = h->l->layout.rank;
    int64_t strides[CLSLICE_MAX_RANK];
    int64_t n = strides_of(h->l->shape, rank, strides);
    for (int64_t e = 0; e < n; e++) {
        int64_t index[CLSLICE_MAX_RANK], b[CLSLICE_MAX_RANK],
                shape[CLSLICE_MAX_RANK], bs[CLSLICE_MAX_RANK], at = 0;
        for (int d = 0; d < rank; d++)
            index[d] = e / strides[d] % h->l->shape[d];
        rsh_owner_of(h->l, index, b);
        block_shape(h, b, shape);
        strides_of(shape, rank, bs);
        for (int d = 0; d < rank; d++) {
            int64_t lo, hi;
            rsh_block_range(h->l, d, b[d], &lo, &hi);
            at += (index[d] - lo) * bs[d];
        }
        int32_t *cell = &h->block[block_number(h, b)][at];
        if (to_blocks)
            *cell = whole[e];
        else
            whole[e] = *cell;
    }
}

/* A block as a host tensor seen at `start` (block-local, rank entries)
 * with element strides scaled by `step` (NULL: 1). */
static clslice_host_tensor block_view(const held *h, const int64_t *b,
                                      const int64_t *start,
                                      const int64_t *step, int64_t *strides)
{
    int rank = h->l->layout.rank;
    int64_t shape[CLSLICE_MAX_RANK];
    block_shape(h, b, shape);
    int64_t n = strides_of(shape, rank, strides), at = 0;
    for (int d = 0; d < rank; d++) {
        at += start[d] * strides[d];
        if (step)
            strides[d] *= step[d];
    }
    return (clslice_host_tensor){
        .data = h->block[block_number(h, b)],
        .bytes = (size_t)n * sizeof(int32_t),
        .offset = (size_t)at * sizeof(int32_t)};
}

/* Moves one piece with clslice_host_gather2: the identity plan over
 * input_count, from the input block at steps to the output box (a
 * gather), or from the output box to the input block (a scatter). */
static void move_piece(const clslice_plan *plan, const clslice_shard_piece *p,
                       held *in, held *out, bool scatter)
{
    int rank = clslice_plan_input_rank(plan);
    int out_rank = clslice_plan_output_rank(plan);
    int64_t in_strides[CLSLICE_MAX_RANK], out_strides[CLSLICE_MAX_RANK],
            box_strides[CLSLICE_MAX_RANK];
    clslice_host_tensor in_view = block_view(in, p->input_block,
                                             p->input_start, p->input_step,
                                             in_strides);
    clslice_host_tensor out_view = block_view(out, p->output_block,
                                              p->output_start, NULL,
                                              out_strides);
    /* the output box's strides per input dim; a shrunk dim reads one
     * index and moves nowhere */
    for (int d = 0; d < rank; d++)
        box_strides[d] = 0;
    for (int j = 0; j < out_rank; j++) {
        int d = clslice_plan_output_source(plan, j);
        if (d >= 0)
            box_strides[d] = out_strides[j];
    }
    in_view.strides = in_strides;
    out_view.strides = box_strides;
    clslice_plan *identity = tu_expr_plan(p->input_count, rank, "[...]");
    clslice_host_gather_desc g = CLSLICE_HOST_GATHER_DESC_INIT;
    g.plan = identity;
    g.elem_size = sizeof(int32_t);
    g.src = scatter ? out_view : in_view;
    g.dst = scatter ? in_view : out_view;
    clslice_error err;
    clslice_status st = clslice_host_gather2(&g, &err);
    if (st != CLSLICE_OK)
        print_error("piece: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    clslice_plan_release(&identity);
}

static int64_t elements_of(const int64_t *shape, int rank)
{
    int64_t n = 1;
    for (int d = 0; d < rank; d++)
        n *= shape[d];
    return n;
}

static rsh_layout g_in, g_out;
static int64_t g_pieces, g_moved;

/* One random case: gather and scatter run piece by piece. */
static void run_case(tu_rng *rng, int i)
{
    int rank = i % 50 == 0 ? 0 : (int)tu_range(rng, 1, 4);
    int64_t shape[CLSLICE_MAX_RANK], out_shape[CLSLICE_MAX_RANK];
    for (int d = 0; d < rank; d++)
        shape[d] = tu_range(rng, i % 40 == 0 ? 0 : 1, rank > 2 ? 8 : 24);
    static rp_case c;
    clslice_plan *plan = rsh_random_plan(rng, shape, rank, &c);
    int out_rank = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, out_shape);
    rsh_random_layout(rng, shape, rank, 48, 12, &g_in);
    rsh_random_layout(rng, out_shape, out_rank, 48, 12, &g_out);
    snprintf(g_ctx, sizeof g_ctx, "case %d: %s on %s; input %s; output %s",
             i, c.desc, tu_shape_str(shape, rank), g_in.desc, g_out.desc);
    int64_t n_in = elements_of(shape, rank);
    int64_t n_out = elements_of(out_shape, out_rank);
    int32_t *src = malloc((size_t)(n_in + 1) * sizeof *src);
    int32_t *want = malloc((size_t)(n_in + n_out + 1) * sizeof *want);
    int32_t *got = malloc((size_t)(n_in + n_out + 1) * sizeof *got);
    int32_t *value = malloc((size_t)(n_out + 1) * sizeof *value);
    assert_true(src && want && got && value);
    for (int64_t e = 0; e < n_in; e++)
        src[e] = (int32_t)(e + 1);
    for (int64_t e = 0; e < n_out; e++)
        value[e] = -(int32_t)(e + 1);
    held in, out;
    hold(&in, &g_in);
    hold(&out, &g_out);
    clslice_shard_desc desc = gather_desc(plan, &g_in.layout, &g_out.layout);
    pieces all = {0};
    clslice_error err;
    EXPECT(collect(&desc, &all, &err) == CLSLICE_OK);
    /* gather: blocks of the output filled piece by piece */
    whole_and_blocks(&in, src, true);
    whole_and_blocks(&out, value, true); /* every cell a sentinel */
    for (int64_t k = 0; k < all.count; k++) {
        move_piece(plan, &all.at[k], &in, &out, false);
        g_pieces++;
        g_moved += all.at[k].input_owner != all.at[k].output_owner;
    }
    EXPECT(clslice_host_gather(plan, sizeof(int32_t), src,
                               (size_t)n_in * sizeof *src, want,
                               (size_t)n_out * sizeof *want, &err) ==
           CLSLICE_OK);
    whole_and_blocks(&out, got, false);
    EXPECT(!memcmp(got, want, (size_t)n_out * sizeof *got));
    check_owners(desc, &all);
    /* scatter: the value's blocks into the input's, the same pieces */
    desc.direction = CLSLICE_SHARD_SCATTER;
    EXPECT(collect(&desc, &all, &err) == CLSLICE_OK);
    for (int64_t e = 0; e < n_out; e++)
        value[e] = -(int32_t)(e + 1);
    whole_and_blocks(&out, value, true);
    whole_and_blocks(&in, src, true);
    for (int64_t k = 0; k < all.count; k++)
        move_piece(plan, &all.at[k], &in, &out, true);
    memcpy(want, src, (size_t)n_in * sizeof *src);
    EXPECT(clslice_host_scatter(plan, sizeof(int32_t), value, out_shape,
                                out_rank, (size_t)n_out * sizeof *value,
                                CLSLICE_VALUE_EXACT, want,
                                (size_t)n_in * sizeof *want, &err) ==
           CLSLICE_OK);
    whole_and_blocks(&in, got, false);
    EXPECT(!memcmp(got, want, (size_t)n_in * sizeof *got));
    check_owners(desc, &all);
    free(all.at);
    unhold(&in);
    unhold(&out);
    rsh_free_layout(&g_in);
    rsh_free_layout(&g_out);
    free(src);
    free(want);
    free(got);
    free(value);
    clslice_plan_release(&plan);
}

static void test_host_moves(void **state)
{
    (void)state;
    tu_rng rng = {g_seed};
    for (int i = 0; i < 600; i++)
        run_case(&rng, i);
    /* enough pieces, and enough that cross owners, to mean something */
    print_message("%lld pieces, %lld between owners\n", (long long)g_pieces,
                  (long long)g_moved);
    EXPECT(g_pieces > 1500 && g_moved > 1000);
}

/* ---- the structs' layouts --------------------------------------------- */

#define PIN(type, member, at) assert_int_equal(offsetof(type, member), (at))

/* The first published layouts on LP64: a member inserted, moved or
 * resized breaks programs built against them (CONTRIBUTING.md, "ABI and
 * versions"); appending to a descriptor moves nothing here. */
static void test_layouts(void **state)
{
    (void)state;
    if (sizeof(void *) != 8 || sizeof(size_t) != 8 || sizeof(int) != 4)
        skip();
    assert_int_equal(sizeof(clslice_shard_axis), 40); /* frozen */
    PIN(clslice_shard_axis, bounds, 8);
    PIN(clslice_shard_axis, procs, 24);
    PIN(clslice_shard_axis, first_proc, 32);
    PIN(clslice_shard_layout, rank, 8);
    PIN(clslice_shard_layout, axes, 24);
    PIN(clslice_shard_layout, owners, 32);
    PIN(clslice_shard_layout, owner_fn, 48);
    PIN(clslice_shard_layout, owner_context, 56);
    PIN(clslice_shard_desc, plan, 8);
    PIN(clslice_shard_desc, direction, 32);
    PIN(clslice_shard_desc, owner, 40);
    PIN(clslice_shard_desc, role, 48);
    PIN(clslice_shard_piece, elements, 40);
    PIN(clslice_shard_piece, input_block, 48);
    PIN(clslice_shard_piece, output_block, 1328);
    PIN(clslice_shard_piece, output_count, 2096);
    assert_int_equal(sizeof(clslice_shard_iter), CLSLICE_SHARD_ITER_BYTES);
}

int main(void)
{
    g_seed = tu_seed(0x5a4d5348u);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_example),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_unknown_plan_and_piece_size),
        cmocka_unit_test(test_owner_errors),
        cmocka_unit_test(test_touched_blocks),
        cmocka_unit_test(test_extremes),
        cmocka_unit_test(test_host_moves),
        cmocka_unit_test(test_layouts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
