/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-mpi-bench: clslice_mpi_shard_run against a plain MPI_Alltoallv
 * of the same bytes, under mpirun (scripts/bench.sh does not start MPI
 * jobs; docs/performance.md gives the command).
 *
 * Each row is a sharded tensor split along one axis into one block per
 * rank, a slice of it, and a result split along another axis: every rank
 * sends the elements of its block whose output block another rank holds.
 * "clslice" is the whole call (survey, gathers into the staging buffer,
 * its read, the agreement, the exchange, the write and the scatters into
 * the blocks); "alltoallv" is MPI_Alltoallv alone, between host buffers,
 * with the call's per-peer byte counts.  A run's time is the slowest
 * rank's, after a barrier; medians of --runs runs.  Each row's result is
 * checked against the host gather of the whole tensor first.
 *
 *     mpirun -np 4 --oversubscribe ./clslice-mpi-bench [--runs N] [--smoke]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "clslice_mpi.h"

typedef struct mpi_row {
    int id;
    const char *name;
    int rank;
    int64_t shape[3], smoke[3];
    int in_axis, out_axis; /* the split axes */
    const char *expr;
} mpi_row;

/* Ids follow the other benches' cases (dense 1 to 11, fused 12, SVM 13,
 * image 14), so each is unique. */
static const mpi_row rows[] = {
    {15, "f32 1024x1024 row blocks -> column blocks, [...]", 2,
     {1024, 1024}, {24, 20}, 0, 1, "[...]"},
    {16, "f32 1024x1024 row blocks -> column blocks, [::2, ::-3]", 2,
     {1024, 1024}, {24, 20}, 0, 1, "[::2, ::-3]"},
    {17, "f32 KV 2048x16x64 by tokens -> window by heads, [-512:]", 3,
     {2048, 16, 64}, {24, 4, 3}, 0, 1, "[-512:]"},
};

static int g_rank, g_size;

static int64_t product(const int64_t *shape, int rank)
{
    int64_t n = 1;
    for (int d = 0; d < rank; d++)
        n *= shape[d];
    return n;
}

/* One layout per side: one block per rank along `axis`, one elsewhere. */
typedef struct side {
    int64_t shape[3];
    clslice_shard_axis axes[3];
    clslice_shard_layout layout;
    cl_mem *blocks;             /* this rank's block at [g_rank] */
    int64_t lo, count, inner;   /* its rows along axis, elements after */
    int64_t outer;              /* elements before axis */
} side;

static void make_side(side *s, const int64_t *shape, int rank, int axis)
{
    memset(s, 0, sizeof *s);
    memcpy(s->shape, shape, (size_t)rank * sizeof *shape);
    for (int d = 0; d < rank; d++)
        s->axes[d].block = shape[d] ? shape[d] : 1;
    int64_t per = (shape[axis] + g_size - 1) / g_size;
    s->axes[axis].block = per ? per : 1;
    s->layout = (clslice_shard_layout)CLSLICE_SHARD_LAYOUT_INIT;
    s->layout.rank = rank;
    s->layout.shape = s->shape;
    s->layout.axes = s->axes;
    s->layout.owners = g_size;
    s->lo = g_rank * per;
    s->count = shape[axis] - s->lo;
    s->count = s->count < 0 ? 0 : s->count > per ? per : s->count;
    s->outer = product(shape, axis);
    s->inner = product(shape + axis + 1, rank - axis - 1);
    s->blocks = calloc((size_t)g_size, sizeof *s->blocks);
    if (!s->blocks)
        bench_die("out of memory");
}

/* This rank's block of `whole` (NULL: zeros) in a buffer. */
static void hold_block(side *s, const bench_cl *cl, const int32_t *whole,
                       int axis_size)
{
    int64_t n = s->outer * s->count * s->inner;
    if (n == 0)
        return;
    int32_t *host = calloc((size_t)n, sizeof *host);
    if (!host)
        bench_die("out of memory");
    for (int64_t o = 0; whole && o < s->outer; o++)
        memcpy(host + o * s->count * s->inner,
               whole + (o * axis_size + s->lo) * s->inner,
               (size_t)(s->count * s->inner) * sizeof *host);
    cl_int rc;
    s->blocks[g_rank] = clCreateBuffer(cl->context,
                                       CL_MEM_READ_WRITE |
                                           CL_MEM_COPY_HOST_PTR,
                                       (size_t)n * sizeof *host, host, &rc);
    bench_cl_check(rc, "clCreateBuffer");
    free(host);
}

static void release_side(side *s)
{
    if (s->blocks[g_rank])
        clReleaseMemObject(s->blocks[g_rank]);
    free(s->blocks);
}

/* Checks this rank's output block against the host gather. */
static void check_block(const side *out, const bench_cl *cl,
                        const int32_t *want, int axis_size, int id)
{
    int64_t n = out->outer * out->count * out->inner;
    if (n == 0)
        return;
    int32_t *got = malloc((size_t)n * sizeof *got);
    if (!got)
        bench_die("out of memory");
    bench_cl_check(clEnqueueReadBuffer(cl->queue, out->blocks[g_rank],
                                       CL_TRUE, 0, (size_t)n * sizeof *got,
                                       got, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    for (int64_t o = 0; o < out->outer; o++)
        if (memcmp(got + o * out->count * out->inner,
                   want + (o * axis_size + out->lo) * out->inner,
                   (size_t)(out->count * out->inner) * sizeof *got))
            bench_die("row %d: rank %d's output block differs from the "
                      "host gather",
                      id, g_rank);
    free(got);
}

/* The bytes this rank sends to each peer, as the call counts them. */
static void send_counts(const clslice_shard_desc *shard, int *counts)
{
    clslice_shard_iter iter;
    clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
    clslice_error err;
    int more = 1;
    memset(counts, 0, (size_t)g_size * sizeof *counts);
    bench_clslice_check(clslice_shard_begin(&iter, shard, &err), &err,
                        "clslice_shard_begin");
    for (;;) {
        bench_clslice_check(clslice_shard_next(&iter, &p, &more, &err), &err,
                            "clslice_shard_next");
        if (!more)
            break;
        if (p.from_owner == g_rank && p.to_owner != g_rank)
            counts[p.to_owner] += (int)(p.elements * 4);
    }
}

/* Seconds of the slowest rank. */
static double slowest(double seconds)
{
    double most = 0;
    MPI_Allreduce(&seconds, &most, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return most;
}

static double time_call(clslice_runtime *rt, const bench_cl *cl,
                        const clslice_mpi_shard_desc *desc)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = cl->queue;
    clslice_error err;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = bench_now();
    bench_clslice_check(clslice_mpi_shard_run(rt, &call, desc, &err), &err,
                        "clslice_mpi_shard_run");
    return slowest(bench_now() - t0);
}

/* MPI_Alltoallv alone with the call's counts. */
static double time_alltoallv(const int *counts, const int *recv_counts)
{
    int *sd = calloc((size_t)g_size, sizeof *sd);
    int *rd = calloc((size_t)g_size, sizeof *rd);
    int64_t sent = 0, got = 0;
    for (int r = 0; r < g_size; r++) {
        sd[r] = (int)sent;
        rd[r] = (int)got;
        sent += counts[r];
        got += recv_counts[r];
    }
    char *sbuf = calloc((size_t)sent + 1, 1), *rbuf = calloc((size_t)got + 1, 1);
    if (!sd || !rd || !sbuf || !rbuf)
        bench_die("out of memory");
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = bench_now();
    MPI_Alltoallv(sbuf, counts, sd, MPI_BYTE, rbuf, recv_counts, rd,
                  MPI_BYTE, MPI_COMM_WORLD);
    double seconds = slowest(bench_now() - t0);
    free(sd);
    free(rd);
    free(sbuf);
    free(rbuf);
    return seconds;
}

static void run_row(const mpi_row *row, bool smoke, int runs,
                    clslice_runtime *rt, const bench_cl *cl)
{
    const int64_t *shape = smoke ? row->smoke : row->shape;
    int rank = row->rank;
    clslice_error err;
    clslice_plan *plan = NULL;
    bench_clslice_check(clslice_plan_expr(shape, rank, row->expr, &plan,
                                          &err),
                        &err, "clslice_plan_expr");
    int64_t out_shape[3];
    clslice_plan_output_shape(plan, out_shape);
    int64_t n = product(shape, rank), out_n = product(out_shape, rank);
    int32_t *whole = malloc((size_t)n * 4), *want = malloc((size_t)out_n * 4);
    if (!whole || !want)
        bench_die("out of memory");
    for (int64_t e = 0; e < n; e++)
        whole[e] = (int32_t)e;
    bench_clslice_check(clslice_host_gather(plan, 4, whole, (size_t)n * 4,
                                            want, (size_t)out_n * 4, &err),
                        &err, "clslice_host_gather");
    side in, out;
    make_side(&in, shape, rank, row->in_axis);
    make_side(&out, out_shape, rank, row->out_axis);
    hold_block(&in, cl, whole, (int)shape[row->in_axis]);
    hold_block(&out, cl, NULL, (int)out_shape[row->out_axis]);
    clslice_shard_desc shard = CLSLICE_SHARD_DESC_INIT;
    shard.plan = plan;
    shard.input = &in.layout;
    shard.output = &out.layout;
    shard.owner = CLSLICE_SHARD_EVERY_OWNER;
    clslice_mpi_shard_desc desc = CLSLICE_MPI_SHARD_DESC_INIT;
    desc.shard = &shard;
    desc.elem_size = 4;
    desc.comm = MPI_COMM_WORLD;
    desc.input_blocks = in.blocks;
    desc.output_blocks = out.blocks;

    time_call(rt, cl, &desc); /* warm: kernels built, result checked */
    check_block(&out, cl, want, (int)out_shape[row->out_axis], row->id);
    int *counts = calloc((size_t)g_size, sizeof *counts);
    int *recv_counts = calloc((size_t)g_size, sizeof *recv_counts);
    send_counts(&shard, counts);
    MPI_Alltoall(counts, 1, MPI_INT, recv_counts, 1, MPI_INT, MPI_COMM_WORLD);
    long long mine = 0, moved = 0;
    for (int r = 0; r < g_size; r++)
        mine += counts[r];
    MPI_Allreduce(&mine, &moved, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    double *call_s = malloc((size_t)runs * sizeof *call_s);
    double *plain_s = malloc((size_t)runs * sizeof *plain_s);
    for (int k = 0; k < runs; k++) {
        call_s[k] = time_call(rt, cl, &desc);
        plain_s[k] = time_alltoallv(counts, recv_counts);
    }
    double a = bench_median(call_s, runs), b = bench_median(plain_s, runs);
    if (g_rank == 0)
        printf("%3d %10.2f %10.3f %10.3f %7.2f  %s\n", row->id,
               (double)moved / 1e6, a * 1e3, b * 1e3, a / b, row->name);
    free(call_s);
    free(plain_s);
    free(counts);
    free(recv_counts);
    release_side(&in);
    release_side(&out);
    free(whole);
    free(want);
    clslice_plan_release(&plan);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    int runs = 21;
    bool smoke = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--smoke"))
            smoke = true;
        else
            bench_die("usage: clslice-mpi-bench [--runs N] [--smoke]");
    }
    if (runs < 1)
        runs = 1;
    const char *env = getenv("CLSLICE_DEVICE");
    bench_cl cl;
    char why[256];
    if (bench_cl_open(env && *env ? atol(env) : -1, &cl, why, sizeof why))
        bench_die("no OpenCL device: %s", why);
    clslice_runtime *rt = NULL;
    clslice_error err;
    bench_clslice_check(clslice_runtime_create(cl.context, &rt, &err), &err,
                        "clslice_runtime_create");
    if (g_rank == 0)
        printf("clslice-mpi-bench: %d ranks, device on rank 0: %s; median "
               "of %d runs, each the slowest rank's time\n"
               "  # moved MB clslice ms alltoallv ms   ratio  case\n",
               g_size, cl.device_name, runs);
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++)
        run_row(&rows[k], smoke, runs, rt, &cl);
    clslice_runtime_release(&rt);
    bench_cl_close(&cl);
    MPI_Finalize();
    return 0;
}
