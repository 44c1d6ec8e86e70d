/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The concat row: 64 float32 inputs of [64, 64, 1] joined along the last
 * axis into one [64, 64, 64] tensor, as a model's Concat of 64 channels
 * would run (the places from clslice_plan_concat).  Every input writes
 * 4-byte elements 256 bytes apart, so no way has a plain copy to fall
 * back on.  Competitors, each timed from the first enqueue to clFinish,
 * median over the repeats:
 *
 *   64 scatters   clslice_enqueue_scatter once per input into its place
 *                 (a kernel each);
 *   concat        clslice_cl_concat of the 64 inputs held in one arena
 *                 buffer: one kernel launch;
 *   concat/64buf  the same with each input in a buffer of its own: one
 *                 launch per 8 source buffers, 8 chained launches;
 *   waited        64 scatters each followed by clFinish: what each
 *                 command costs when nothing else hides its latency
 *                 (a tenth of the repeats).
 *
 * The output of every way is checked against clslice_host_concat before
 * anything is timed.
 */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { INPUTS = 64, DIM = 64, SMOKE_DIM = 4 };

typedef struct concat_setup {
    const bench_cl *cl;
    clslice_runtime *rt;
    int64_t in_shape[3];
    clslice_plan *plans[INPUTS];
    size_t in_bytes, out_bytes; /* in: one input */
    cl_mem arena, srcs[INPUTS], dst;
    clslice_cl_concat_part in_arena[INPUTS], distinct[INPUTS];
    unsigned char *host_in, *expect, *got;
} concat_setup;

static void plan_places(concat_setup *s, int64_t other)
{
    int64_t shapes[INPUTS * 3], out_shape[3];
    for (int i = 0; i < INPUTS; i++) {
        shapes[3 * i] = DIM;
        shapes[3 * i + 1] = other;
        shapes[3 * i + 2] = 1;
    }
    memcpy(s->in_shape, shapes, sizeof s->in_shape);
    clslice_error err;
    bench_clslice_check(clslice_plan_concat(shapes, 3, INPUTS, -1, out_shape,
                                            s->plans, &err),
                        &err, "clslice_plan_concat");
}

/* The reference: the host executor over the same inputs. */
static void host_expect(concat_setup *s)
{
    clslice_host_part parts[INPUTS];
    for (int i = 0; i < INPUTS; i++)
        parts[i] = (clslice_host_part){
            .plan = s->plans[i],
            .src = {s->host_in + (size_t)i * s->in_bytes, s->in_bytes, 0,
                    NULL},
        };
    clslice_host_concat_desc desc = CLSLICE_HOST_CONCAT_DESC_INIT;
    desc.elem_size = 4;
    desc.dst = (clslice_host_tensor){s->expect, s->out_bytes, 0, NULL};
    desc.count = INPUTS;
    desc.parts = parts;
    clslice_error err;
    bench_clslice_check(clslice_host_concat(&desc, &err), &err,
                        "clslice_host_concat");
}

static void build(concat_setup *s, bool smoke)
{
    /* Smoke: the joined axis keeps its 64, the others shrink. */
    plan_places(s, smoke ? SMOKE_DIM : DIM);
    s->in_bytes = (size_t)(s->in_shape[0] * s->in_shape[1]) * 4;
    s->out_bytes = s->in_bytes * INPUTS;
    s->host_in = malloc(s->out_bytes);
    s->expect = malloc(s->out_bytes);
    s->got = malloc(s->out_bytes);
    if (!s->host_in || !s->expect || !s->got)
        bench_die("out of memory");
    bench_fill_pattern(s->host_in, s->out_bytes);
    host_expect(s);
    s->arena = bench_buffer(s->cl, s->out_bytes);
    s->dst = bench_buffer(s->cl, s->out_bytes);
    cl_command_queue q = s->cl->queue;
    bench_cl_check(clEnqueueWriteBuffer(q, s->arena, CL_TRUE, 0,
                                        s->out_bytes, s->host_in, 0, NULL,
                                        NULL),
                   "clEnqueueWriteBuffer");
    for (int i = 0; i < INPUTS; i++) {
        size_t at = (size_t)i * s->in_bytes;
        s->srcs[i] = bench_buffer(s->cl, s->in_bytes);
        bench_cl_check(clEnqueueWriteBuffer(q, s->srcs[i], CL_TRUE, 0,
                                            s->in_bytes, s->host_in + at, 0,
                                            NULL, NULL),
                       "clEnqueueWriteBuffer");
        s->in_arena[i] = (clslice_cl_concat_part){
            s->plans[i], {.buffer = s->arena, .offset = at}};
        s->distinct[i] = (clslice_cl_concat_part){
            s->plans[i], {.buffer = s->srcs[i]}};
    }
}

static void release(concat_setup *s)
{
    for (int i = 0; i < INPUTS; i++) {
        clslice_plan_release(&s->plans[i]);
        clReleaseMemObject(s->srcs[i]);
    }
    clReleaseMemObject(s->arena);
    clReleaseMemObject(s->dst);
    free(s->host_in);
    free(s->expect);
    free(s->got);
}

typedef enum way { WAY_SCATTERS, WAY_CONCAT, WAY_CONCAT_DISTINCT,
                   WAY_WAITED, WAYS } way;

static void enqueue(concat_setup *s, way w)
{
    clslice_error err;
    cl_command_queue q = s->cl->queue;
    if (w == WAY_SCATTERS || w == WAY_WAITED) {
        for (int i = 0; i < INPUTS; i++) {
            bench_clslice_check(
                clslice_enqueue_scatter(s->rt, q, s->plans[i], 4, s->srcs[i],
                                        0, s->in_shape, 3,
                                        CLSLICE_VALUE_EXACT, s->dst, 0, 0,
                                        0, NULL, NULL, &err),
                &err, "clslice_enqueue_scatter");
            if (w == WAY_WAITED)
                bench_cl_check(clFinish(q), "clFinish");
        }
        return;
    }
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    clslice_cl_concat_desc desc = CLSLICE_CL_CONCAT_DESC_INIT;
    call.queue = q;
    desc.elem_size = 4;
    desc.dst.buffer = s->dst;
    desc.count = INPUTS;
    desc.parts = w == WAY_CONCAT ? s->in_arena : s->distinct;
    bench_clslice_check(clslice_cl_concat(s->rt, &call, &desc, &err), &err,
                        "clslice_cl_concat");
}

/* Runs way w once into a poisoned output and compares it with the host's. */
static void check(concat_setup *s, way w)
{
    cl_command_queue q = s->cl->queue;
    bench_cl_check(clEnqueueFillBuffer(q, s->dst, (cl_uchar[]){0xEE}, 1, 0,
                                       s->out_bytes, 0, NULL, NULL),
                   "clEnqueueFillBuffer");
    enqueue(s, w);
    bench_cl_check(clEnqueueReadBuffer(q, s->dst, CL_TRUE, 0, s->out_bytes,
                                       s->got, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    if (memcmp(s->got, s->expect, s->out_bytes) != 0)
        bench_die("concat bench: wrong output (way %d)", (int)w);
}

/* One run of way w, first enqueue to clFinish, in seconds. */
static double time_once(concat_setup *s, way w)
{
    double start = bench_now();
    enqueue(s, w);
    bench_cl_check(clFinish(s->cl->queue), "clFinish");
    return bench_now() - start;
}

/* The ways take turns within each repeat, so that load from other users
 * of a shared machine falls on all of them alike; the slow waited way
 * takes every tenth turn. */
static void time_ways(concat_setup *s, int repeat, double *medians)
{
    double *t = malloc((size_t)repeat * WAYS * sizeof *t);
    if (!t)
        bench_die("out of memory");
    int n[WAYS] = {0};
    for (int r = 0; r < repeat; r++)
        for (int w = 0; w < WAYS; w++)
            if (w != WAY_WAITED || r % 10 == 0)
                t[w * repeat + n[w]++] = time_once(s, (way)w);
    for (int w = 0; w < WAYS; w++)
        medians[w] = bench_median(t + w * repeat, n[w]);
    free(t);
}

void bench_concat_run(const bench_cl *cl, clslice_runtime *rt,
                      const bench_opts *o, concat_result *r)
{
    concat_setup s = {.cl = cl, .rt = rt};
    build(&s, o->smoke);
    *r = (concat_result){
        .name = "64 x f32 [64,64,1] -> [64,64,64], axis -1",
        .inputs = INPUTS,
        .input_bytes = s.in_bytes,
        .repeat = o->smoke ? 1 : o->repeat * BENCH_SMALL_REPEAT_FACTOR,
    };
    cpu_sample before, after;
    bool sampled = bench_cpu_sample(&before);
    /* Each way checked (and warmed: programs built) before any is timed. */
    for (int w = 0; w < WAYS; w++)
        check(&s, (way)w);
    time_ways(&s, r->repeat, r->seconds);
    r->other_load = sampled && bench_cpu_sample(&after)
                        ? bench_other_load(&before, &after) : NAN;
    release(&s);
}

void report_concat(FILE *f, const concat_result *r)
{
    fprintf(f, "\nCONCAT: 64 inputs into one tensor, first enqueue to "
               "clFinish, median us over %d; x = 64 scatters / concat;\n"
               "concat/64buf: each input in its own buffer (8 launches); "
               "waited: 64 x (scatter + clFinish)\n",
            r->repeat);
    fprintf(f, "%11s %10s %8s %13s %8s %10s %8s  %s\n", "64 scatters",
            "concat", "x", "concat/64buf", "x", "waited", "x", "case");
    fprintf(f, "%11.1f %10.1f %8.1f %13.1f %8.1f %10.1f %8.1f  %s\n",
            1e6 * r->seconds[0], 1e6 * r->seconds[1],
            r->seconds[0] / r->seconds[1], 1e6 * r->seconds[2],
            r->seconds[0] / r->seconds[2], 1e6 * r->seconds[3],
            r->seconds[3] / r->seconds[1], r->name);
}

void report_concat_json(FILE *f, const concat_result *r, const char *device)
{
    fprintf(f,
            "{\"case\": \"concat %s\", \"inputs\": %d, \"input_bytes\": "
            "%zu, \"repeat\": %d, \"scatters_us\": %.3f, \"concat_us\": "
            "%.3f, \"concat_64_buffers_us\": %.3f, \"waited_us\": %.3f, "
            "\"speedup\": %.2f, \"speedup_64_buffers\": %.2f, "
            "\"speedup_waited\": %.2f, \"other_cpu_load\": %.3f, "
            "\"device\": \"%s\"}\n",
            r->name, r->inputs, r->input_bytes, r->repeat,
            1e6 * r->seconds[0], 1e6 * r->seconds[1], 1e6 * r->seconds[2],
            1e6 * r->seconds[3], r->seconds[0] / r->seconds[1],
            r->seconds[0] / r->seconds[2], r->seconds[3] / r->seconds[1],
            isnan(r->other_load) ? -1.0 : r->other_load, device);
}
