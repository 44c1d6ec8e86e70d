/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The batch rows: 64 slices of one [64, 64, 64] float32 tensor, along
 * axis 0 ([i:i+1]) and along the last axis ([..., i:i+1]), as a model's
 * Split would run them, each slice into its own place of one output
 * buffer (an engine's arena).  Competitors, each timed from the first
 * enqueue to clFinish, median over the repeats:
 *
 *   64 gathers   clslice_enqueue_gather once per slice (a command each:
 *                a copy for axis 0, a kernel for the last axis);
 *   batch        clslice_cl_gather_batch of the 64 plans into the
 *                arena: one kernel launch;
 *   batch/64     the same into 64 distinct buffers: 8 chained launches;
 *   waited       64 gathers each followed by clFinish: what each command
 *                costs when nothing else hides its latency.
 *
 * Every competitor's outputs are checked against clslice_host_gather
 * before anything is timed.
 */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { SLICES = 64, DIM = 64, SMOKE_DIM = 4 };

typedef struct batch_setup {
    const bench_cl *cl;
    clslice_runtime *rt;
    clslice_plan *plans[SLICES];
    size_t in_bytes, out_bytes; /* out: one slice */
    cl_mem src, arena, dsts[SLICES];
    size_t offsets[SLICES];
    /* the batch's parts: into the arena, and into the 64 buffers */
    clslice_cl_part in_arena[SLICES], distinct[SLICES];
    unsigned char *host_in, *expect, *got;
} batch_setup;

typedef enum way { WAY_SINGLE, WAY_BATCH, WAY_BATCH_DISTINCT, WAY_WAITED,
                   WAYS } way;

static void build(batch_setup *s, bool last_axis, bool smoke)
{
    /* Smoke: the sliced axis keeps its 64, the others shrink. */
    int64_t other = smoke ? SMOKE_DIM : DIM;
    int64_t shape[3] = {DIM, other, last_axis ? DIM : other};
    for (int i = 0; i < SLICES; i++) {
        char expr[64];
        snprintf(expr, sizeof expr, last_axis ? "[..., %d:%d]" : "[%d:%d]",
                 i, i + 1);
        clslice_error err;
        bench_clslice_check(clslice_plan_expr(shape, 3, expr, &s->plans[i],
                                              &err), &err, expr);
    }
    s->in_bytes = (size_t)(shape[0] * shape[1] * shape[2]) * 4;
    s->out_bytes = s->in_bytes / SLICES;
    s->host_in = malloc(s->in_bytes);
    s->expect = malloc(s->in_bytes);
    s->got = malloc(s->in_bytes);
    if (!s->host_in || !s->expect || !s->got)
        bench_die("out of memory");
    bench_fill_pattern(s->host_in, s->in_bytes);
    s->src = bench_buffer(s->cl, s->in_bytes);
    s->arena = bench_buffer(s->cl, s->in_bytes);
    for (int i = 0; i < SLICES; i++) {
        s->dsts[i] = bench_buffer(s->cl, s->out_bytes);
        s->offsets[i] = (size_t)i * s->out_bytes;
        s->in_arena[i] = (clslice_cl_part){s->plans[i], s->arena,
                                           s->offsets[i]};
        s->distinct[i] = (clslice_cl_part){s->plans[i], s->dsts[i], 0};
        clslice_error err;
        bench_clslice_check(clslice_host_gather(s->plans[i], 4, s->host_in,
                                                s->in_bytes,
                                                s->expect + s->offsets[i],
                                                s->out_bytes, &err),
                            &err, "clslice_host_gather");
    }
    bench_cl_check(clEnqueueWriteBuffer(s->cl->queue, s->src, CL_TRUE, 0,
                                        s->in_bytes, s->host_in, 0, NULL,
                                        NULL),
                   "clEnqueueWriteBuffer");
}

static void release(batch_setup *s)
{
    for (int i = 0; i < SLICES; i++) {
        clslice_plan_release(&s->plans[i]);
        clReleaseMemObject(s->dsts[i]);
    }
    clReleaseMemObject(s->src);
    clReleaseMemObject(s->arena);
    free(s->host_in);
    free(s->expect);
    free(s->got);
}

static void enqueue(batch_setup *s, way w)
{
    clslice_error err;
    cl_command_queue q = s->cl->queue;
    if (w == WAY_SINGLE || w == WAY_WAITED) {
        for (int i = 0; i < SLICES; i++) {
            bench_clslice_check(
                clslice_enqueue_gather(s->rt, q, s->plans[i], 4, s->src, 0,
                                       s->arena, s->offsets[i], 0, 0, NULL,
                                       NULL, &err),
                &err, "clslice_enqueue_gather");
            if (w == WAY_WAITED)
                bench_cl_check(clFinish(q), "clFinish");
        }
        return;
    }
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    clslice_cl_batch_desc desc = CLSLICE_CL_BATCH_DESC_INIT;
    call.queue = q;
    desc.elem_size = 4;
    desc.src.buffer = s->src;
    desc.count = SLICES;
    desc.parts = w == WAY_BATCH_DISTINCT ? s->distinct : s->in_arena;
    bench_clslice_check(clslice_cl_gather_batch(s->rt, &call, &desc, &err),
                        &err, "clslice_cl_gather_batch");
}

/* Runs way w once and compares every output with the host's. */
static void check(batch_setup *s, way w)
{
    cl_command_queue q = s->cl->queue;
    bench_cl_check(clEnqueueFillBuffer(q, s->arena, (cl_uchar[]){0xEE}, 1, 0,
                                       s->in_bytes, 0, NULL, NULL),
                   "clEnqueueFillBuffer");
    enqueue(s, w);
    for (int i = 0; i < SLICES; i++) {
        cl_mem from = w == WAY_BATCH_DISTINCT ? s->dsts[i] : s->arena;
        size_t at = w == WAY_BATCH_DISTINCT ? 0 : s->offsets[i];
        bench_cl_check(clEnqueueReadBuffer(q, from, CL_TRUE, at,
                                           s->out_bytes,
                                           s->got + s->offsets[i], 0, NULL,
                                           NULL),
                       "clEnqueueReadBuffer");
    }
    if (memcmp(s->got, s->expect, s->in_bytes) != 0)
        bench_die("batch bench: wrong output (way %d)", (int)w);
}

static double time_way(batch_setup *s, way w, int repeat)
{
    double *t = malloc((size_t)repeat * sizeof *t);
    if (!t)
        bench_die("out of memory");
    for (int r = 0; r < repeat; r++) {
        double start = bench_now();
        enqueue(s, w);
        bench_cl_check(clFinish(s->cl->queue), "clFinish");
        t[r] = bench_now() - start;
    }
    double median = bench_median(t, repeat);
    free(t);
    return median;
}

void bench_batch_run(const bench_cl *cl, clslice_runtime *rt,
                     const bench_opts *o, batch_result *results)
{
    int repeat = o->smoke ? 1 : o->repeat * BENCH_SMALL_REPEAT_FACTOR;
    for (int axis = 0; axis < BENCH_BATCH_ROWS; axis++) {
        batch_setup s = {.cl = cl, .rt = rt};
        build(&s, axis == 1, o->smoke);
        batch_result *r = &results[axis];
        r->name = axis ? "64 x [..., i:i+1] of f32 64x64x64"
                       : "64 x [i:i+1] of f32 64x64x64";
        r->slices = SLICES;
        r->slice_bytes = s.out_bytes;
        r->repeat = repeat;
        cpu_sample before, after;
        bool sampled = bench_cpu_sample(&before);
        for (int w = 0; w < WAYS; w++) {
            check(&s, (way)w); /* also the warm-up: programs built */
            r->seconds[w] = time_way(&s, (way)w,
                                     w == WAY_WAITED ? (repeat + 9) / 10
                                                     : repeat);
        }
        r->other_load = sampled && bench_cpu_sample(&after)
                            ? bench_other_load(&before, &after) : NAN;
        release(&s);
    }
}

void report_batch(FILE *f, const batch_result *r, int n)
{
    fprintf(f, "\nBATCH: 64 slices of one tensor into one buffer, first "
               "enqueue to clFinish, median us; x = 64 gathers / batch;\n"
               "waited: 64 x (gather + clFinish); batch/64buf: into 64 "
               "buffers (8 launches)\n");
    fprintf(f, "%10s %10s %8s %12s %10s %8s  %s\n", "64 gathers", "batch",
            "x", "batch/64buf", "waited", "x", "case");
    for (int i = 0; i < n; i++) {
        const batch_result *x = &r[i];
        fprintf(f, "%10.1f %10.1f %8.1f %12.1f %10.1f %8.1f  %s\n",
                1e6 * x->seconds[0], 1e6 * x->seconds[1],
                x->seconds[0] / x->seconds[1], 1e6 * x->seconds[2],
                1e6 * x->seconds[3], x->seconds[3] / x->seconds[1],
                x->name);
    }
}

void report_batch_json(FILE *f, const batch_result *r, int n,
                       const char *device)
{
    for (int i = 0; i < n; i++) {
        const batch_result *x = &r[i];
        fprintf(f,
                "{\"case\": \"batch %s\", \"slices\": %d, \"slice_bytes\": "
                "%zu, \"repeat\": %d, \"gathers_us\": %.3f, \"batch_us\": "
                "%.3f, \"batch_64_buffers_us\": %.3f, \"waited_us\": %.3f, "
                "\"speedup\": %.2f, \"speedup_waited\": %.2f, "
                "\"other_cpu_load\": %.3f, \"device\": \"%s\"}\n",
                x->name, x->slices, x->slice_bytes, x->repeat,
                1e6 * x->seconds[0], 1e6 * x->seconds[1],
                1e6 * x->seconds[2], 1e6 * x->seconds[3],
                x->seconds[0] / x->seconds[1], x->seconds[3] / x->seconds[1],
                isnan(x->other_load) ? -1.0 : x->other_load, device);
    }
}
