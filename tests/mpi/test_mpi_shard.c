/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_mpi_shard_run under mpirun (-np 1 to 4, one device per rank):
 * seeded random sharded gathers and scatters (random layouts, explicit
 * and block-cyclic blocks, owner tables and functions from randshard.h,
 * random slices of every front-end) against the host executor on the
 * whole tensor, which every rank computes; each rank writes the elements
 * of the blocks it holds into a whole tensor of zeros and a sum over
 * ranks (MPI_Allreduce) gathers them, every element held by one rank.
 * Then the collective refusals, each on every rank with the blocks of
 * every rank left as they were: a communicator of the wrong size, a rank
 * that refuses (a missing buffer), ranks with different plans.
 *
 * Rank 0 draws the seed (CLSLICE_TEST_SEED replays a run) and sends it
 * to the others; a failure prints it.  A plain program rather than a
 * cmocka one: a rank that failed an assertion inside a cmocka test would
 * leave the others waiting in a collective.  Checks count failures and
 * go on; the ranks agree on the count at the end of every case.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clslice_mpi.h"
#include "devutil.h"
#include "randshard.h"

#define SENTINEL 0x5a5a5a5a

static int g_rank, g_size, g_failures;
static int64_t g_pieces, g_moved; /* over the random cases */
static uint64_t g_seed;
static char g_case[8192];

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr,                                                \
                    "rank %d: %s:%d: check failed: %s\n  case: %s\n"       \
                    "  seed: 0x%016" PRIx64 " (CLSLICE_TEST_SEED replays)\n", \
                    g_rank, __FILE__, __LINE__, #cond, g_case, g_seed);    \
            g_failures++;                                                  \
        }                                                                  \
    } while (0)

/* ---- one rank's blocks ------------------------------------------------ */

/* The blocks of a sharded tensor this rank holds, each its own buffer
 * (NULL for the others'), as clslice_mpi_shard_desc takes them. */
typedef struct held {
    const rsh_layout *l;
    int64_t nblocks[CLSLICE_MAX_RANK], count;
    cl_mem *block;
    int64_t *elements; /* per block */
} held;

static int64_t elements_of(const int64_t *shape, int rank)
{
    int64_t n = 1;
    for (int d = 0; d < rank; d++)
        n *= shape[d];
    return n;
}

/* Element e of the whole row-major tensor: its block number, its owner,
 * and its row-major place in the block. */
static int64_t place_of(const held *h, int64_t e, int64_t *number,
                        int64_t *owner)
{
    int rank = h->l->layout.rank;
    int64_t index[CLSLICE_MAX_RANK] = {0}, b[CLSLICE_MAX_RANK] = {0}, rest = e;
    for (int d = rank - 1; d >= 0; d--) {
        index[d] = rest % h->l->shape[d];
        rest /= h->l->shape[d];
    }
    *owner = rsh_owner_of(h->l, index, b);
    int64_t at = 0;
    *number = 0;
    for (int d = 0; d < rank; d++) {
        int64_t lo, hi;
        rsh_block_range(h->l, d, b[d], &lo, &hi);
        at = at * (hi - lo) + (index[d] - lo);
        *number = *number * h->nblocks[d] + b[d];
    }
    return at;
}

/* This rank's blocks of `whole` (NULL: every element `fill`). */
static void hold(held *h, const rsh_layout *l, const int32_t *whole,
                 int32_t fill, const tu_dev *dev)
{
    int rank = l->layout.rank;
    memset(h, 0, sizeof *h);
    h->l = l;
    h->count = 1;
    for (int d = 0; d < rank; d++) {
        h->nblocks[d] = rsh_blocks(l, d);
        h->count *= h->nblocks[d];
    }
    h->block = calloc((size_t)h->count, sizeof *h->block);
    h->elements = calloc((size_t)h->count, sizeof *h->elements);
    int32_t **host = calloc((size_t)h->count, sizeof *host);
    int64_t *owner = calloc((size_t)h->count, sizeof *owner);
    if (!h->block || !h->elements || !host || !owner)
        abort();
    int64_t n = elements_of(l->shape, rank), number, who;
    for (int64_t e = 0; e < n; e++) {
        place_of(h, e, &number, &who);
        h->elements[number]++;
        owner[number] = who;
    }
    for (int64_t e = 0; e < n; e++) {
        int64_t at = place_of(h, e, &number, &who);
        if (who != g_rank)
            continue;
        if (!host[number]) {
            host[number] = malloc((size_t)h->elements[number] * 4);
            if (!host[number])
                abort();
        }
        host[number][at] = whole ? whole[e] : fill;
    }
    for (int64_t k = 0; k < h->count; k++) {
        if (!host[k])
            continue;
        cl_int rc;
        h->block[k] = clCreateBuffer(dev->cl.context,
                                     CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                     (size_t)h->elements[k] * 4, host[k], &rc);
        if (rc != CL_SUCCESS)
            abort();
        free(host[k]);
    }
    free(host);
    free(owner);
}

/* This rank's elements of the blocks into `whole` (zeros elsewhere). */
static void read_held(const held *h, const tu_dev *dev, int64_t *whole)
{
    int rank = h->l->layout.rank;
    int64_t n = elements_of(h->l->shape, rank), number, who;
    int32_t **host = calloc((size_t)h->count, sizeof *host);
    if (!host)
        abort();
    for (int64_t k = 0; k < h->count; k++) {
        if (!h->block[k])
            continue;
        host[k] = malloc((size_t)h->elements[k] * 4);
        if (!host[k])
            abort();
        tu_cl_read(dev->queue, h->block[k], (size_t)h->elements[k] * 4,
                   host[k]);
    }
    for (int64_t e = 0; e < n; e++) {
        int64_t at = place_of(h, e, &number, &who);
        whole[e] = who == g_rank ? host[number][at] : 0;
    }
    for (int64_t k = 0; k < h->count; k++)
        free(host[k]);
    free(host);
}

static void release_held(held *h)
{
    for (int64_t k = 0; k < h->count; k++)
        if (h->block[k])
            clReleaseMemObject(h->block[k]);
    free(h->block);
    free(h->elements);
}

/* The whole tensor as the ranks' blocks hold it now. */
static int64_t *gather_whole(const held *h, const tu_dev *dev)
{
    int64_t n = elements_of(h->l->shape, h->l->layout.rank);
    int64_t *mine = calloc((size_t)n + 1, sizeof *mine);
    int64_t *all = calloc((size_t)n + 1, sizeof *all);
    if (!mine || !all)
        abort();
    read_held(h, dev, mine);
    MPI_Allreduce(mine, all, (int)n, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    free(mine);
    return all;
}

/* ---- random cases ----------------------------------------------------- */

typedef struct shard_case {
    rsh_layout in, out;
    rp_case c;
    clslice_plan *plan;
    clslice_shard_direction direction;
    int64_t in_n, out_n;
    int32_t *input, *value;
} shard_case;

static void draw_case(tu_rng *rng, shard_case *k)
{
    int rank = (int)tu_range(rng, 1, 3);
    int64_t shape[CLSLICE_MAX_RANK], out_shape[CLSLICE_MAX_RANK];
    for (int d = 0; d < rank; d++)
        shape[d] = tu_range(rng, 2, 10);
    rsh_random_layout(rng, shape, rank, 2 * g_size + 2, g_size, &k->in);
    k->plan = rsh_random_plan(rng, shape, rank, &k->c);
    int out_rank = clslice_plan_output_rank(k->plan);
    clslice_plan_output_shape(k->plan, out_shape);
    rsh_random_layout(rng, out_shape, out_rank, 2 * g_size + 2, g_size,
                      &k->out);
    /* every rank an owner: owner o is rank o */
    k->in.layout.owners = k->out.layout.owners = g_size;
    k->direction = tu_chance(rng, 50) ? CLSLICE_SHARD_GATHER
                                      : CLSLICE_SHARD_SCATTER;
    k->in_n = elements_of(shape, rank);
    k->out_n = elements_of(out_shape, out_rank);
    k->input = malloc((size_t)(k->in_n + 1) * 4);
    k->value = malloc((size_t)(k->out_n + 1) * 4);
    if (!k->input || !k->value)
        abort();
    for (int64_t e = 0; e < k->in_n; e++)
        k->input[e] = (int32_t)tu_range(rng, 1, 1 << 30);
    for (int64_t e = 0; e < k->out_n; e++)
        k->value[e] = (int32_t)tu_range(rng, 1, 1 << 30);
    snprintf(g_case, sizeof g_case, "%s %s; input %s %s; output %s %s",
             k->direction == CLSLICE_SHARD_GATHER ? "gather" : "scatter",
             k->c.desc, tu_shape_str(shape, rank), k->in.desc,
             tu_shape_str(out_shape, out_rank), k->out.desc);
}

static void free_case(shard_case *k)
{
    clslice_plan_release(&k->plan);
    rsh_free_layout(&k->in);
    rsh_free_layout(&k->out);
    free(k->input);
    free(k->value);
}

/* The host executor's answer on the whole tensor: the gathered output,
 * or the input with the value scattered into its slice. */
static int32_t *expected_whole(const shard_case *k)
{
    clslice_error err;
    clslice_status st;
    int32_t *want;
    if (k->direction == CLSLICE_SHARD_GATHER) {
        want = malloc((size_t)(k->out_n + 1) * 4);
        st = clslice_host_gather(k->plan, 4, k->input, (size_t)k->in_n * 4,
                                 want, (size_t)k->out_n * 4, &err);
    } else {
        int64_t shape[CLSLICE_MAX_RANK];
        clslice_plan_output_shape(k->plan, shape);
        want = malloc((size_t)(k->in_n + 1) * 4);
        memcpy(want, k->input, (size_t)k->in_n * 4);
        st = clslice_host_scatter(k->plan, 4, k->value, shape,
                                  clslice_plan_output_rank(k->plan),
                                  (size_t)k->out_n * 4, CLSLICE_VALUE_EXACT,
                                  want, (size_t)k->in_n * 4, &err);
    }
    CHECK(st == CLSLICE_OK);
    return want;
}

static clslice_status run(const tu_dev *dev, const clslice_shard_desc *shard,
                          const held *in, const held *out, MPI_Comm comm,
                          clslice_error *err)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = dev->queue;
    clslice_mpi_shard_desc desc = CLSLICE_MPI_SHARD_DESC_INIT;
    desc.shard = shard;
    desc.elem_size = 4;
    desc.comm = comm;
    desc.input_blocks = in ? in->block : NULL;
    desc.output_blocks = out->block;
    return clslice_mpi_shard_run(dev->runtime, &call, &desc, err);
}

static void random_case(const tu_dev *dev, tu_rng *rng)
{
    shard_case k;
    draw_case(rng, &k);
    bool gather = k.direction == CLSLICE_SHARD_GATHER;
    held in, out;
    hold(&in, &k.in, k.input, 0, dev);
    hold(&out, &k.out, gather ? NULL : k.value, SENTINEL, dev);
    clslice_shard_desc shard = CLSLICE_SHARD_DESC_INIT;
    shard.plan = k.plan;
    shard.input = &k.in.layout;
    shard.output = &k.out.layout;
    shard.direction = k.direction;
    shard.owner = CLSLICE_SHARD_EVERY_OWNER;
    clslice_error err;
    int64_t pieces = 0, moved = 0;
    CHECK(clslice_shard_count(&shard, &pieces, NULL, &moved, &err) ==
          CLSLICE_OK);
    g_pieces += pieces;
    g_moved += moved;
    clslice_status st = run(dev, &shard, &in, &out, MPI_COMM_WORLD, &err);
    if (st != CLSLICE_OK)
        fprintf(stderr, "rank %d: %s\n", g_rank, err.message);
    CHECK(st == CLSLICE_OK);
    int32_t *want = expected_whole(&k);
    int64_t *got = gather_whole(gather ? &out : &in, dev);
    int64_t n = gather ? k.out_n : k.in_n, wrong = 0;
    for (int64_t e = 0; e < n; e++)
        wrong += got[e] != want[e];
    CHECK(wrong == 0);
    free(want);
    free(got);
    release_held(&in);
    release_held(&out);
    free_case(&k);
}

/* ---- refusals --------------------------------------------------------- */

/* Input [8, 6] in 4 x 3 blocks, output [6, 3] of "1:7, ::-2" in 3 x 3
 * blocks; block k held by rank k mod size (input) and (k + 1) mod size
 * (output), every rank an owner of some block where size <= 4. */
typedef struct fixed {
    int64_t shape[2], out_shape[2];
    clslice_shard_axis in_axes[2], out_axes[2];
    int64_t in_map[4], out_map[2];
    rsh_layout in, out; /* for hold(): shape, axes, owner_map */
} fixed;

static void fixed_layouts(fixed *f, int64_t owners)
{
    static const int64_t shape[2] = {8, 6}, out_shape[2] = {6, 3};
    memset(f, 0, sizeof *f);
    memcpy(f->in.shape, shape, sizeof shape);
    memcpy(f->out.shape, out_shape, sizeof out_shape);
    f->in.axes[0].block = 4;
    f->in.axes[1].block = 3;
    f->out.axes[0].block = 3;
    f->out.axes[1].block = 3;
    for (int k = 0; k < 4; k++)
        f->in_map[k] = k % g_size;
    for (int k = 0; k < 2; k++)
        f->out_map[k] = (k + 1) % g_size;
    /* the oracle's tables: f's own arrays (rsh_free_layout is not
     * called on these) */
    f->in.owner_map = f->in_map;
    f->out.owner_map = f->out_map;
    f->in.layout = (clslice_shard_layout){
        sizeof(clslice_shard_layout), 2, f->in.shape, f->in.axes, owners,
        f->in_map, NULL, NULL};
    f->out.layout = (clslice_shard_layout){
        sizeof(clslice_shard_layout), 2, f->out.shape, f->out.axes, owners,
        f->out_map, NULL, NULL};
}

/* Runs `expr` on the fixed layouts with `owners`; rank `no_input` (or
 * -1) passes no input blocks.  Expects `status` with `words` on every
 * rank and every output block still SENTINEL. */
static void refusal(const tu_dev *dev, const char *expr, int64_t owners,
                    int no_input, bool alias, const char *words,
                    const char *what)
{
    fixed f;
    fixed_layouts(&f, owners);
    snprintf(g_case, sizeof g_case, "refusal: %s (rank %d: \"%s\")", what,
             g_rank, expr);
    clslice_plan *plan = tu_expr_plan(f.in.shape, 2, expr);
    int32_t input[48];
    for (int e = 0; e < 48; e++)
        input[e] = e + 1;
    held in, out;
    hold(&in, &f.in, input, 0, dev);
    hold(&out, &f.out, NULL, SENTINEL, dev);
    clslice_shard_desc shard = CLSLICE_SHARD_DESC_INIT;
    shard.plan = plan;
    shard.input = &f.in.layout;
    shard.output = &f.out.layout;
    shard.owner = CLSLICE_SHARD_EVERY_OWNER;
    /* alias: every output block of this rank is its first input block */
    cl_mem *written = out.block, *same = NULL;
    if (alias) {
        same = calloc((size_t)out.count, sizeof *same);
        if (!same)
            abort();
        for (int64_t k = 0; k < out.count; k++)
            same[k] = out.block[k] ? in.block[0] : NULL;
        out.block = same;
    }
    clslice_error err;
    clslice_status st = run(dev, &shard, g_rank == no_input ? NULL : &in,
                            &out, MPI_COMM_WORLD, &err);
    out.block = written;
    free(same);
    bool named = st == CLSLICE_ERROR_ARGUMENT && strstr(err.message, words);
    if (!named)
        fprintf(stderr, "rank %d: status %d, \"%s\"; wanted \"%s\"\n",
                g_rank, (int)st, err.message, words);
    CHECK(named);
    int64_t *got = gather_whole(&out, dev);
    int64_t untouched = 0;
    for (int e = 0; e < 18; e++)
        untouched += got[e] == SENTINEL;
    CHECK(untouched == 18);
    free(got);
    release_held(&in);
    release_held(&out);
    clslice_plan_release(&plan);
}

static void refusals(const tu_dev *dev)
{
    char refused[64];
    snprintf(refused, sizeof refused, "rank %d refused", g_size - 1);
    refusal(dev, "1:7, ::-2", g_size + 1, -1, false, "desc->comm has",
            "communicator smaller than the owners");
    refusal(dev, "1:7, ::-2", g_size, g_size - 1, false,
            g_rank == g_size - 1 ? "desc->input_blocks is NULL" : refused,
            "the last rank passes no input blocks");
    if (g_size > 1)
        refusal(dev, g_rank == 1 ? "0:6, ::-2" : "1:7, ::-2", g_size, -1,
                false, "ranks disagree", "rank 1 plans another slice");
    else /* one rank: every piece stays, block to block */
        refusal(dev, "1:7, ::-2", g_size, -1, true, "lie in the same buffer",
                "a piece's two blocks in one buffer");
}

/* ---- main ------------------------------------------------------------- */

/* The run's seed, drawn by rank 0 and sent to every rank. */
static uint64_t shared_seed(void)
{
    uint64_t seed = tu_seed((uint64_t)time(NULL) * 2654435761u);
    MPI_Bcast(&seed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    return seed;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    g_seed = shared_seed();
    tu_dev dev;
    int have = tu_dev_open(&dev), every = 0;
    MPI_Allreduce(&have, &every, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!every) {
        if (have)
            tu_dev_close(&dev);
        if (g_rank == 0)
            printf("test_mpi_shard: SKIPPED, no OpenCL device on some "
                   "rank\n");
        MPI_Finalize();
        return 77;
    }
    long cases = tu_scaled(12);
    tu_rng rng = {g_seed};
    for (long c = 0; c < cases; c++)
        random_case(&dev, &rng);
    refusals(&dev);
    int failures = 0;
    MPI_Allreduce(&g_failures, &failures, 1, MPI_INT, MPI_SUM,
                  MPI_COMM_WORLD);
    if (g_rank == 0)
        printf("test_mpi_shard: %d ranks, %ld random cases (%" PRId64
               " pieces, %" PRId64 " elements between ranks) and the "
               "refusals, seed 0x%016" PRIx64 ": %s (%d failed checks)\n",
               g_size, cases, g_pieces, g_moved, g_seed,
               failures ? "FAILED" : "passed", failures);
    tu_dev_close(&dev);
    MPI_Finalize();
    return failures ? 1 : 0;
}
