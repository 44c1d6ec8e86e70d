/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Planning a sharded slice (clslice_shard_begin and _next through every
 * piece) against the size of the grid and the blocks the slice touches.
 * A [16 g, 16 g] tensor in 16 x 16 blocks has g * g blocks, one per owner
 * (default numbering); the slice "[8 : 8 + 16 (s - 1) + 1]" on both axes
 * touches s * s of them and is gathered onto one owner.  Two ways: every
 * owner's pieces, and one owner's (the block at the slice's corner, as
 * the sender), which skips the other blocks axis by axis.  If planning
 * followed the grid, the rows of one `touched` would grow with `owners`.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "shard_bench.h"

typedef struct shard_row {
    int64_t grid_side;   /* blocks per axis: owners = side * side */
    int64_t touch_side;  /* blocks touched per axis */
} shard_row;

static const shard_row rows[] = {
    {8, 1},    {8, 2},    {8, 8},
    {64, 1},   {64, 2},   {64, 8},   {64, 32},
    {1024, 1}, {1024, 2}, {1024, 8}, {1024, 32},
};

typedef struct shard_case {
    int64_t shape[2], out_shape[2];
    clslice_shard_axis axes[2], out_axes[2];
    clslice_shard_layout input, output;
    clslice_plan *plan;
    clslice_shard_desc desc;
} shard_case;

static void make_case(const shard_row *r, shard_case *c)
{
    int64_t n = 16 * r->grid_side, len = 16 * (r->touch_side - 1) + 1;
    c->shape[0] = c->shape[1] = n;
    c->out_shape[0] = c->out_shape[1] = len;
    c->axes[0] = c->axes[1] = (clslice_shard_axis){.block = 16};
    c->out_axes[0] = c->out_axes[1] = (clslice_shard_axis){.block = len};
    c->input = (clslice_shard_layout){
        .struct_size = sizeof c->input, .rank = 2, .shape = c->shape,
        .axes = c->axes, .owners = r->grid_side * r->grid_side};
    c->output = (clslice_shard_layout){
        .struct_size = sizeof c->output, .rank = 2, .shape = c->out_shape,
        .axes = c->out_axes, .owners = 1};
    char expr[96];
    snprintf(expr, sizeof expr, "[8:%lld, 8:%lld]", (long long)(8 + len),
             (long long)(8 + len));
    clslice_error err;
    bench_clslice_check(clslice_plan_expr(c->shape, 2, expr, &c->plan, &err),
                        &err, "shard bench plan");
    c->desc = (clslice_shard_desc){
        .struct_size = sizeof c->desc, .plan = c->plan,
        .input = &c->input, .output = &c->output,
        .direction = CLSLICE_SHARD_GATHER,
        .owner = CLSLICE_SHARD_EVERY_OWNER, .role = 0};
}

/* Plans once; returns the pieces. */
static int64_t plan_once(const clslice_shard_desc *desc)
{
    clslice_shard_iter iter;
    clslice_shard_piece piece = CLSLICE_SHARD_PIECE_INIT;
    clslice_error err;
    int64_t pieces = 0;
    int more = 1;
    clslice_status st = clslice_shard_begin(&iter, desc, &err);
    while (st == CLSLICE_OK &&
           (st = clslice_shard_next(&iter, &piece, &more, &err)) ==
               CLSLICE_OK &&
           more)
        pieces++;
    bench_clslice_check(st, &err, "shard plan");
    return pieces;
}

/* Median microseconds per plan. */
static double measure(const clslice_shard_desc *desc, long batches,
                      long per_batch, int64_t *pieces)
{
    double *per_plan = malloc((size_t)batches * sizeof *per_plan);
    if (!per_plan)
        bench_die("out of memory");
    for (long b = 0; b < batches; b++) {
        double t0 = bench_now();
        for (long i = 0; i < per_batch; i++)
            *pieces = plan_once(desc);
        per_plan[b] = (bench_now() - t0) / (double)per_batch;
    }
    double us = 1e6 * bench_median(per_plan, (int)batches);
    free(per_plan);
    return us;
}

void bench_shard_rows(long batches, long per_batch)
{
    printf("\nsharded slices planned, median of %ld batches: [16g, 16g] in "
           "16 x 16 blocks, one owner each, onto one owner\n", batches);
    printf("%10s %8s %8s %14s %14s %8s\n", "owners", "touched", "pieces",
           "us/plan(all)", "us/plan(one)", "pieces");
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        shard_case c;
        make_case(&rows[k], &c);
        int64_t touched = rows[k].touch_side * rows[k].touch_side;
        /* short batches: on a shared machine a long one is more often
         * preempted, and the median of many short ones holds steadier */
        long n = per_batch / (10 * (long)touched) > 0
                     ? per_batch / (10 * (long)touched)
                     : 1;
        int64_t all_pieces = 0, own_pieces = 0;
        double all = measure(&c.desc, batches, n, &all_pieces);
        /* the corner block's owner, as the sender of one piece */
        c.desc.owner = 0;
        c.desc.role = CLSLICE_SHARD_SENDS;
        double one = measure(&c.desc, batches, n, &own_pieces);
        printf("%10lld %8lld %8lld %14.3f %14.3f %8lld\n",
               (long long)c.input.owners, (long long)touched,
               (long long)all_pieces, all, one, (long long)own_pieces);
        clslice_plan_release(&c.plan);
    }
}
