/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-blocked-bench: channel slices of a 1x64x56x56 float32 tensor
 * stored blocked, as GPU engines keep activations (MNN's NC4HW4,
 * OpenVINO's b_fs_yx_fsv16), next to the same slice of the plain NCHW
 * tensor.  Each row is one clslice_cl_gather: from a blocked source into
 * a plain or a blocked destination, or from a plain source into a
 * blocked one; two slices each: channels 16:48 (whole blocks of both
 * layouts, which the library turns into an ordinary strided copy) and
 * 3:35 (starting inside a block: the blocked kernels).
 *
 * The plain twin of both slices is one clEnqueueCopyBuffer (a batch of 1
 * and whole channel planes), so a ratio is the cost of the blocking
 * against a memcpy of the same bytes.
 *
 * Every row's result is first checked against clslice_host_gather2.
 * Then the row and its plain twin run alternately, --runs times each
 * after a warm-up, and the medians (enqueue to clFinish) are printed with
 * their ratio, and the share of the machine other processes took during
 * the run (the cores are shared).
 *
 * Usage: clslice-blocked-bench [--runs N] [--device I]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

enum { C = 64, HW = 56 * 56, MOST_BYTES = (C + 16) * HW * 4 };

typedef struct row {
    const char *name;
    int from, to; /* lanes per block of src and dst; 0: plain */
} row;

static const row ROWS[] = {
    {"NC4HW4 -> NCHW", 4, 0},   {"NC4HW4 -> NC4HW4", 4, 4},
    {"fsv16 -> NCHW", 16, 0},   {"fsv16 -> fsv16", 16, 16},
    {"fsv16 -> NC4HW4", 16, 4}, {"NCHW -> NC4HW4", 0, 4},
    {"NCHW -> fsv16", 0, 16}};

static const char *const SLICES[] = {":, 16:48", ":, 3:35"};

typedef struct bench {
    bench_cl cl;
    clslice_runtime *rt;
    cl_mem src, dst, plain_dst;
    unsigned char *host_src, *want, *got;
} bench;

static clslice_blocking blocking(int block)
{
    return (clslice_blocking){.axis = 1, .block = block};
}

static void gather(bench *b, const clslice_plan *plan, int from, int to,
                   cl_mem dst)
{
    clslice_blocking in = blocking(from), out = blocking(to);
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = b->cl.queue};
    clslice_cl_gather_desc desc = {
        .struct_size = sizeof desc, .plan = plan, .elem_size = 4,
        .src = {.buffer = b->src}, .dst = {.buffer = dst},
        .src_blocking = from ? &in : NULL, .dst_blocking = to ? &out : NULL};
    clslice_error err;
    bench_clslice_check(clslice_cl_gather(b->rt, &call, &desc, &err), &err,
                        "clslice_cl_gather");
}

/* The device's result of one row against the host executor's. */
static void check(bench *b, const clslice_plan *plan, int from, int to)
{
    clslice_blocking in = blocking(from), out = blocking(to);
    clslice_error err;
    memset(b->want, 0x5A, MOST_BYTES);
    bench_cl_check(clEnqueueWriteBuffer(b->cl.queue, b->dst, CL_TRUE, 0,
                                        MOST_BYTES, b->want, 0, NULL, NULL),
                   "clEnqueueWriteBuffer");
    clslice_host_gather_desc host = CLSLICE_HOST_GATHER_DESC_INIT;
    host.plan = plan;
    host.elem_size = 4;
    host.src = (clslice_host_tensor){b->host_src, MOST_BYTES, 0, NULL};
    host.dst = (clslice_host_tensor){b->want, MOST_BYTES, 0, NULL};
    host.src_blocking = from ? &in : NULL;
    host.dst_blocking = to ? &out : NULL;
    bench_clslice_check(clslice_host_gather2(&host, &err), &err,
                        "clslice_host_gather2");
    gather(b, plan, from, to, b->dst);
    bench_cl_check(clEnqueueReadBuffer(b->cl.queue, b->dst, CL_TRUE, 0,
                                       MOST_BYTES, b->got, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    if (memcmp(b->want, b->got, MOST_BYTES) != 0)
        bench_die("the device's result differs from the host's");
}

static double finish_since(bench *b, double start)
{
    bench_cl_check(clFinish(b->cl.queue), "clFinish");
    return bench_now() - start;
}

/* Medians of the row (blocked) and its plain twin, run alternately. */
static void timed(bench *b, const clslice_plan *plan, const row *r,
                  int runs, double *blocked, double *plain)
{
    double *tb = malloc(sizeof *tb * (size_t)runs);
    double *tp = malloc(sizeof *tp * (size_t)runs);
    if (!tb || !tp)
        bench_die("out of memory");
    for (int i = -3; i < runs; i++) { /* three warm-ups */
        double start = bench_now();
        gather(b, plan, r->from, r->to, b->dst);
        double t = finish_since(b, start);
        start = bench_now();
        gather(b, plan, 0, 0, b->plain_dst);
        double u = finish_since(b, start);
        if (i >= 0) {
            tb[i] = t;
            tp[i] = u;
        }
    }
    *blocked = bench_median(tb, runs);
    *plain = bench_median(tp, runs);
    free(tb);
    free(tp);
}

static void open_bench(bench *b, long device)
{
    char why[256];
    if (bench_cl_open(device, &b->cl, why, sizeof why)) {
        printf("clslice-blocked-bench: skipped: %s\n", why);
        exit(0);
    }
    clslice_error err;
    bench_clslice_check(clslice_runtime_create(b->cl.context, &b->rt, &err),
                        &err, "clslice_runtime_create");
    b->src = bench_buffer(&b->cl, MOST_BYTES);
    b->dst = bench_buffer(&b->cl, MOST_BYTES);
    b->plain_dst = bench_buffer(&b->cl, MOST_BYTES);
    b->host_src = malloc(MOST_BYTES);
    b->want = malloc(MOST_BYTES);
    b->got = malloc(MOST_BYTES);
    if (!b->host_src || !b->want || !b->got)
        bench_die("out of memory");
    bench_fill_pattern(b->host_src, MOST_BYTES);
    bench_cl_check(clEnqueueWriteBuffer(b->cl.queue, b->src, CL_TRUE, 0,
                                        MOST_BYTES, b->host_src, 0, NULL,
                                        NULL),
                   "clEnqueueWriteBuffer");
}

static void close_bench(bench *b)
{
    clReleaseMemObject(b->src);
    clReleaseMemObject(b->dst);
    clReleaseMemObject(b->plain_dst);
    free(b->host_src);
    free(b->want);
    free(b->got);
    clslice_runtime_release(&b->rt);
    bench_cl_close(&b->cl);
}

int main(int argc, char **argv)
{
    int runs = 51;
    long device = -1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--runs"))
            runs = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--device"))
            device = atol(argv[i + 1]);
    }
    if (runs < 1)
        bench_die("--runs wants >= 1");
    bench b;
    open_bench(&b, device);
    const int64_t shape[] = {1, C, 56, 56};
    printf("device: %s; 1x%dx56x56 float32, median of %d runs each, "
           "alternating with the plain slice\n", b.cl.device_name, C, runs);
    printf("%-18s %-9s %10s %10s %7s %7s\n", "layouts", "slice",
           "blocked ms", "plain ms", "ratio", "others");
    for (size_t s = 0; s < sizeof SLICES / sizeof *SLICES; s++) {
        clslice_plan *plan;
        clslice_error err;
        bench_clslice_check(clslice_plan_expr(shape, 4, SLICES[s], &plan,
                                              &err),
                            &err, "clslice_plan_expr");
        for (size_t r = 0; r < sizeof ROWS / sizeof *ROWS; r++) {
            check(&b, plan, ROWS[r].from, ROWS[r].to);
            cpu_sample before, after;
            bool sampled = bench_cpu_sample(&before);
            double blocked, plain;
            timed(&b, plan, &ROWS[r], runs, &blocked, &plain);
            double others = sampled && bench_cpu_sample(&after)
                                ? bench_other_load(&before, &after)
                                : NAN;
            char load[16] = "     -"; /* too short a run to tell */
            if (!isnan(others))
                snprintf(load, sizeof load, "%6.0f%%", others * 100);
            printf("%-18s %-9s %10.4f %10.4f %6.2fx %7s\n", ROWS[r].name,
                   SLICES[s] + 3, blocked * 1e3, plain * 1e3,
                   blocked / plain, load);
        }
        clslice_plan_release(&plan);
    }
    close_bench(&b);
    return 0;
}
