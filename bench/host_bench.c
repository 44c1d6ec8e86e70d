/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Measurements around the hot path: building a plan on the host, and the
 * first (cold) versus later (warm) clslice call on a fresh runtime. */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

void bench_plan_build(const bench_case *c, long batches, long per_batch,
                      plan_result *out)
{
    double *per_iter = malloc((size_t)batches * sizeof *per_iter);
    if (!per_iter)
        bench_die("out of memory");
    int64_t sink = 0; /* uses every result, so nothing is optimised away */
    for (long b = 0; b < batches; b++) {
        double t0 = bench_now();
        for (long i = 0; i < per_batch; i++) {
            clslice_plan *plan = NULL;
            clslice_layout layout;
            clslice_error err;
            clslice_status st = clslice_plan_expr(c->shape, c->rank, c->expr,
                                                  &plan, &err);
            if (st == CLSLICE_OK)
                st = clslice_plan_layout(plan, &layout, &err);
            bench_clslice_check(st, &err, "building the rank-8 plan");
            clslice_layout_simplify(&layout);
            sink += layout.rank;
            clslice_plan_release(&plan);
        }
        per_iter[b] = (bench_now() - t0) / (double)per_batch;
    }
    if (sink < 0)
        puts("");
    out->ns_per_iter = 1e9 * bench_median(per_iter, (int)batches);
    out->iterations = batches * per_batch;
    free(per_iter);
}

static double timed_call(clslice_runtime *rt, const bench_cl *cl,
                         const clslice_plan *plan, size_t elem_size,
                         cl_mem src, cl_mem dst)
{
    clslice_error err;
    double t0 = bench_now();
    bench_clslice_check(clslice_enqueue_gather(rt, cl->queue, plan, elem_size,
                                               src, 0, dst, 0, 0, 0, NULL,
                                               NULL, &err),
                        &err, "clslice_enqueue_gather");
    bench_cl_check(clFinish(cl->queue), "clFinish");
    return bench_now() - t0;
}

/* Cold = clslice_runtime_create + the first call + clFinish: the program
 * build (and PoCL's lazy per-launch-shape compile) happen inside.  The
 * driver runs this before anything else touches clslice, and
 * scripts/bench.sh gives PoCL an empty kernel cache, so it is really cold. */
void bench_latency(const bench_cl *cl, const bench_case *c, bool smoke,
                   int warm_repeat, latency_result *out)
{
    const int64_t *shape = smoke ? c->smoke_shape : c->shape;
    clslice_plan *plan = NULL;
    clslice_error err;
    bench_clslice_check(clslice_plan_expr(shape, c->rank, c->expr, &plan,
                                          &err),
                        &err, "clslice_plan_expr");
    size_t in_bytes = bench_case_bytes(c, shape);
    size_t out_bytes =
        (size_t)clslice_plan_output_elements(plan) * c->elem_size;
    unsigned char *in = malloc(in_bytes), *want = malloc(out_bytes),
                  *got = malloc(out_bytes);
    if (!in || !want || !got)
        bench_die("out of memory");
    bench_fill_pattern(in, in_bytes);
    cl_mem src = bench_buffer(cl, in_bytes), dst = bench_buffer(cl, out_bytes);
    bench_cl_check(clEnqueueWriteBuffer(cl->queue, src, CL_TRUE, 0, in_bytes,
                                        in, 0, NULL, NULL),
                   "clEnqueueWriteBuffer");

    clslice_runtime *rt = NULL;
    double t0 = bench_now();
    bench_clslice_check(clslice_runtime_create(cl->context, &rt, &err), &err,
                        "clslice_runtime_create");
    out->cold_seconds = (bench_now() - t0) +
                        timed_call(rt, cl, plan, c->elem_size, src, dst);

    /* The cold call's result must be right too. */
    bench_cl_check(clEnqueueReadBuffer(cl->queue, dst, CL_TRUE, 0, out_bytes,
                                       got, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    bench_clslice_check(clslice_host_gather(plan, c->elem_size, in, in_bytes,
                                            want, out_bytes, &err),
                        &err, "clslice_host_gather");
    if (memcmp(got, want, out_bytes) != 0)
        bench_die("%s: the cold clslice call gave a wrong result", c->name);

    double *t = malloc((size_t)warm_repeat * sizeof *t);
    if (!t)
        bench_die("out of memory");
    for (int i = 0; i < warm_repeat; i++)
        t[i] = timed_call(rt, cl, plan, c->elem_size, src, dst);
    out->warm_seconds = bench_median(t, warm_repeat);
    out->warm_repeat = warm_repeat;
    out->c = c;

    free(t);
    clslice_runtime_release(&rt);
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
    free(in);
    free(want);
    free(got);
    clslice_plan_release(&plan);
}
