/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-strided-bench: what a strided view saves.  A slice of a tensor
 * that is stored as a view (rows padded to a pitch, or transposed) is
 * taken two ways on the default device:
 *   direct    one clslice_cl_gather from the view;
 *   compact   the view copied into a contiguous temporary first (itself a
 *             strided gather of the whole view), then clslice_enqueue_gather
 *             of the slice: what a caller without views has to do.
 * Both results are compared byte for byte before anything is timed.
 * Prints the median wall time of each (enqueue to clFinish) over --runs
 * runs after a warm-up.
 *
 * Usage: clslice-strided-bench [--runs N] [--size N]  (an N x N float32
 * tensor, default 2048; the slice is [::2, N/16:-N/16]).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

typedef struct view_case {
    const char *name;
    int64_t strides[2];
    size_t buffer_elems; /* the view's buffer */
} view_case;

typedef struct setup {
    bench_cl cl;
    clslice_runtime *rt;
    clslice_plan *whole, *slice;
    cl_mem src, tmp, dst_a, dst_b;
    size_t out_bytes;
} setup;

/* The gather of `plan` from the view into dst (contiguous). */
static void gather_view(setup *s, const view_case *v,
                        const clslice_plan *plan, cl_mem dst)
{
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = s->cl.queue};
    clslice_cl_gather_desc desc = {
        .struct_size = sizeof desc, .plan = plan, .elem_size = 4,
        .src = {.buffer = s->src, .strides = v->strides},
        .dst = {.buffer = dst}};
    clslice_error err;
    bench_clslice_check(clslice_cl_gather(s->rt, &call, &desc, &err), &err,
                        "clslice_cl_gather");
}

static void run_direct(setup *s, const view_case *v)
{
    gather_view(s, v, s->slice, s->dst_a);
}

static void run_compact(setup *s, const view_case *v)
{
    clslice_error err;
    gather_view(s, v, s->whole, s->tmp);
    bench_clslice_check(clslice_enqueue_gather(s->rt, s->cl.queue, s->slice,
                                               4, s->tmp, 0, s->dst_b, 0, 0,
                                               0, NULL, NULL, &err),
                        &err, "clslice_enqueue_gather");
}

static double timed(setup *s, const view_case *v,
                    void (*run)(setup *, const view_case *), int runs)
{
    double *t = malloc(sizeof *t * (size_t)runs);
    if (!t)
        bench_die("out of memory");
    run(s, v); /* warm-up: builds, first touches */
    bench_cl_check(clFinish(s->cl.queue), "clFinish");
    for (int i = 0; i < runs; i++) {
        double start = bench_now();
        run(s, v);
        bench_cl_check(clFinish(s->cl.queue), "clFinish");
        t[i] = bench_now() - start;
    }
    double m = bench_median(t, runs);
    free(t);
    return m;
}

static void compare(setup *s)
{
    unsigned char *a = malloc(s->out_bytes), *b = malloc(s->out_bytes);
    if (!a || !b)
        bench_die("out of memory");
    bench_cl_check(clEnqueueReadBuffer(s->cl.queue, s->dst_a, CL_TRUE, 0,
                                       s->out_bytes, a, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    bench_cl_check(clEnqueueReadBuffer(s->cl.queue, s->dst_b, CL_TRUE, 0,
                                       s->out_bytes, b, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    if (memcmp(a, b, s->out_bytes) != 0)
        bench_die("direct and compacted results differ");
    free(a);
    free(b);
}

int main(int argc, char **argv)
{
    int runs = 21;
    int64_t n = 2048;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--runs"))
            runs = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--size"))
            n = atoll(argv[i + 1]);
    }
    if (runs < 1 || n < 32)
        bench_die("--runs wants >= 1, --size >= 32");
    setup s;
    char why[256];
    if (bench_cl_open(-1, &s.cl, why, sizeof why)) {
        printf("clslice-strided-bench: skipped: %s\n", why);
        return 0;
    }
    clslice_error err;
    bench_clslice_check(clslice_runtime_create(s.cl.context, &s.rt, &err),
                        &err, "clslice_runtime_create");
    int64_t shape[] = {n, n};
    char expr[64];
    snprintf(expr, sizeof expr, "::2, %lld:-%lld", (long long)(n / 16),
             (long long)(n / 16));
    bench_clslice_check(clslice_plan_expr(shape, 2, ":", &s.whole, &err),
                        &err, "clslice_plan_expr");
    bench_clslice_check(clslice_plan_expr(shape, 2, expr, &s.slice, &err),
                        &err, "clslice_plan_expr");
    s.out_bytes = (size_t)clslice_plan_output_elements(s.slice) * 4;
    int64_t pitch = n + 64;
    const view_case cases[] = {
        {"padded rows (pitch n + 64)", {pitch, 1}, (size_t)(n * pitch)},
        {"transposed", {1, n}, (size_t)(n * n)}};
    printf("device: %s; %lld x %lld float32, slice [%s], median of %d\n",
           s.cl.device_name, (long long)n, (long long)n, expr, runs);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const view_case *v = &cases[c];
        s.src = bench_buffer(&s.cl, v->buffer_elems * 4);
        s.tmp = bench_buffer(&s.cl, (size_t)(n * n) * 4);
        s.dst_a = bench_buffer(&s.cl, s.out_bytes);
        s.dst_b = bench_buffer(&s.cl, s.out_bytes);
        void *fill = malloc(v->buffer_elems * 4);
        if (!fill)
            bench_die("out of memory");
        bench_fill_pattern(fill, v->buffer_elems * 4);
        bench_cl_check(clEnqueueWriteBuffer(s.cl.queue, s.src, CL_TRUE, 0,
                                            v->buffer_elems * 4, fill, 0,
                                            NULL, NULL),
                       "clEnqueueWriteBuffer");
        free(fill);
        run_direct(&s, v);
        run_compact(&s, v);
        compare(&s);
        double direct = timed(&s, v, run_direct, runs);
        double compact = timed(&s, v, run_compact, runs);
        printf("%-28s direct %8.3f ms   compact+gather %8.3f ms   (%.2fx)\n",
               v->name, direct * 1e3, compact * 1e3, compact / direct);
        clReleaseMemObject(s.src);
        clReleaseMemObject(s.tmp);
        clReleaseMemObject(s.dst_a);
        clReleaseMemObject(s.dst_b);
    }
    clslice_plan_release(&s.whole);
    clslice_plan_release(&s.slice);
    clslice_runtime_release(&s.rt);
    bench_cl_close(&s.cl);
    return 0;
}
