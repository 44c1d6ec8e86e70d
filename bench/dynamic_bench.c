/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Dynamic against static gathers: the same slice, once as a host plan
 * (clslice_enqueue_gather) and once with its tf.strided_slice values in
 * a device buffer (clslice_cl_tf_dynamic: the normalise command and
 * the gather that reads its record).  Each timed run is one enqueue and
 * a clFinish, so the rows compare what a caller waits for: bandwidth for
 * the large tensors, latency for the small ones.  Both outputs are
 * checked against each other (and the host oracle) before timing.
 */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define T_SHAPE {512, 512, 256}

/* A row: the slice as an expression (the static plan) and as TF values
 * (begin, end, strides with masks). */
typedef struct dyn_case {
    const char *name;
    int rank;
    int64_t shape[3], smoke_shape[3];
    const char *expr;
    int n;
    int64_t begin[3], end[3], strides[3];
    int32_t begin_mask, end_mask;
    bool small; /* a latency row */
} dyn_case;

static const dyn_case cases[] = {
    {"T [1:-1, ::2, 3:250]", 3, T_SHAPE, {40, 4, 12}, "[1:-1, ::2, 3:250]",
     3, {1, 0, 3}, {-1, 0, 250}, {1, 2, 1}, 2, 2, false},
    {"T [100:400]", 3, T_SHAPE, {402, 4, 12}, "[100:400]", 1, {100}, {400},
     {1}, 0, 0, false},
    {"T [..., ::-1]", 3, T_SHAPE, {40, 4, 12}, "[:, :, ::-1]", 3, {0, 0, 0},
     {0, 0, 0}, {1, 1, -1}, 7, 7, false},
    {"f32 64x64 [1:-1, 1:-1]", 2, {64, 64}, {64, 64}, "[1:-1, 1:-1]", 2,
     {1, 1}, {-1, -1}, {1, 1}, 0, 0, true},
    {"f32 8x8 [::2]", 2, {8, 8}, {8, 8}, "[::2]", 1, {0}, {0}, {2}, 1, 1,
     true},
};
enum { CASES = sizeof cases / sizeof cases[0], ELEM = 4 };

typedef struct dyn_row {
    const dyn_case *c;
    size_t out_bytes;
    int repeat;
    double static_s, dynamic_s; /* medians of enqueue + clFinish */
} dyn_row;

static size_t elements(const int64_t *shape, int rank)
{
    size_t n = 1;
    for (int k = 0; k < rank; k++)
        n *= (size_t)shape[k];
    return n;
}

typedef struct dyn_bufs {
    cl_mem src, out_static, out_dynamic, info, values;
    clslice_plan *plan;
    clslice_tf_dynamic_spec spec;
    clslice_cl_call call;
    clslice_cl_dynamic_desc desc;
} dyn_bufs;

static void run_static(const bench_cl *cl, clslice_runtime *rt, dyn_bufs *b)
{
    clslice_error err;
    bench_clslice_check(clslice_enqueue_gather(rt, cl->queue, b->plan, ELEM,
                                               b->src, 0, b->out_static, 0,
                                               0, 0, NULL, NULL, &err),
                        &err, "clslice_enqueue_gather");
    bench_cl_check(clFinish(cl->queue), "clFinish");
}

static void run_dynamic(const bench_cl *cl, clslice_runtime *rt,
                        dyn_bufs *b)
{
    clslice_error err;
    bench_clslice_check(clslice_cl_tf_dynamic(rt, &b->call, &b->desc,
                                              &b->spec, &err),
                        &err, "clslice_cl_tf_dynamic");
    bench_cl_check(clFinish(cl->queue), "clFinish");
}

static double median_of(const bench_cl *cl, clslice_runtime *rt,
                        dyn_bufs *b, bool dynamic, int repeat)
{
    double *t = malloc((size_t)repeat * sizeof *t);
    for (int i = 0; i < repeat; i++) {
        double start = bench_now();
        if (dynamic)
            run_dynamic(cl, rt, b);
        else
            run_static(cl, rt, b);
        t[i] = bench_now() - start;
    }
    double m = bench_median(t, repeat);
    free(t);
    return m;
}

/* Both outputs equal the host oracle's. */
static void check(const bench_cl *cl, const dyn_bufs *b, const void *in,
                  size_t in_bytes, size_t out_bytes, const char *name)
{
    unsigned char *want = malloc(out_bytes + 1), *got = malloc(out_bytes + 1);
    clslice_error err;
    bench_clslice_check(clslice_host_gather(b->plan, ELEM, in, in_bytes,
                                            want, out_bytes, &err),
                        &err, "clslice_host_gather");
    cl_mem outs[2] = {b->out_static, b->out_dynamic};
    for (int k = 0; k < 2; k++) {
        bench_cl_check(clEnqueueReadBuffer(cl->queue, outs[k], CL_TRUE, 0,
                                           out_bytes, got, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
        if (memcmp(got, want, out_bytes) != 0)
            bench_die("%s: the %s gather's output is wrong", name,
                      k ? "dynamic" : "static");
    }
    free(want);
    free(got);
}

static void one_row(const bench_cl *cl, clslice_runtime *rt,
                    const bench_opts *o, const dyn_case *c, dyn_row *row)
{
    const int64_t *shape = o->smoke ? c->smoke_shape : c->shape;
    size_t in_bytes = elements(shape, c->rank) * ELEM;
    dyn_bufs b = {.plan = NULL};
    clslice_error err;
    bench_clslice_check(clslice_plan_expr(shape, c->rank, c->expr, &b.plan,
                                          &err),
                        &err, c->expr);
    row->c = c;
    row->out_bytes = (size_t)clslice_plan_output_elements(b.plan) * ELEM;
    void *in = malloc(in_bytes);
    bench_fill_pattern(in, in_bytes);
    b.src = bench_buffer(cl, in_bytes);
    bench_cl_check(clEnqueueWriteBuffer(cl->queue, b.src, CL_TRUE, 0,
                                        in_bytes, in, 0, NULL, NULL),
                   "clEnqueueWriteBuffer");
    b.out_static = bench_buffer(cl, row->out_bytes ? row->out_bytes : 1);
    b.out_dynamic = bench_buffer(cl, in_bytes); /* the bound */
    b.info = bench_buffer(cl, CLSLICE_DYNAMIC_INFO_BYTES);
    int64_t values[9];
    memcpy(values, c->begin, sizeof c->begin);
    memcpy(values + 3, c->end, sizeof c->end);
    memcpy(values + 6, c->strides, sizeof c->strides);
    b.values = bench_buffer(cl, sizeof values);
    bench_cl_check(clEnqueueWriteBuffer(cl->queue, b.values, CL_TRUE, 0,
                                        sizeof values, values, 0, NULL,
                                        NULL),
                   "clEnqueueWriteBuffer");
    size_t n = (size_t)c->n;
    b.spec = (clslice_tf_dynamic_spec){
        .index_type = CLSLICE_INT64, .begin = {b.values, 0, n},
        .end = {b.values, 24, n}, .strides = {b.values, 48, n},
        .begin_mask = c->begin_mask, .end_mask = c->end_mask};
    b.call = (clslice_cl_call){.struct_size = sizeof b.call,
                               .queue = cl->queue};
    b.desc = (clslice_cl_dynamic_desc){
        .struct_size = sizeof b.desc, .shape = shape, .rank = c->rank,
        .kind = CLSLICE_DYNAMIC_GATHER, .elem_size = ELEM, .info = b.info,
        .src.buffer = b.src, .dst.buffer = b.out_dynamic};
    run_static(cl, rt, &b); /* builds the programs, checks the outputs */
    run_dynamic(cl, rt, &b);
    check(cl, &b, in, in_bytes, row->out_bytes, c->name);
    row->repeat = o->smoke ? 1 : c->small ? o->repeat * 20 : o->repeat;
    /* interleaved halves, so a slow patch of the machine hits both */
    double s1 = median_of(cl, rt, &b, false, row->repeat);
    double d1 = median_of(cl, rt, &b, true, row->repeat);
    double s2 = median_of(cl, rt, &b, false, row->repeat);
    double d2 = median_of(cl, rt, &b, true, row->repeat);
    row->static_s = s1 < s2 ? s1 : s2;
    row->dynamic_s = d1 < d2 ? d1 : d2;
    cl_mem all[] = {b.src, b.out_static, b.out_dynamic, b.info, b.values};
    for (int i = 0; i < 5; i++)
        clReleaseMemObject(all[i]);
    clslice_plan_release(&b.plan);
    free(in);
}

static dyn_row rows[CASES];
static int measured;

void bench_dynamic_run(const bench_cl *cl, clslice_runtime *rt,
                       const bench_opts *o)
{
    for (int i = 0; i < CASES; i++)
        one_row(cl, rt, o, &cases[i], &rows[i]);
    measured = CASES;
}

void bench_dynamic_report(FILE *f)
{
    if (!measured)
        return;
    fprintf(f, "\nDynamic specs: tf.strided_slice values in a device buffer "
               "(normalise + gather)\nagainst the static gather of the same "
               "slice; median of enqueue + clFinish\n(the better of two "
               "interleaved halves):\n");
    fprintf(f, "  %-24s %9s %12s %12s %7s\n", "case", "out MB", "static",
            "dynamic", "ratio");
    for (int i = 0; i < measured; i++) {
        const dyn_row *r = &rows[i];
        bool us = r->c->small;
        double scale = us ? 1e6 : 1e3;
        fprintf(f, "  %-24s %9.2f %9.1f %s %9.1f %s %6.2fx\n", r->c->name,
                (double)r->out_bytes / 1e6, r->static_s * scale,
                us ? "us" : "ms", r->dynamic_s * scale, us ? "us" : "ms",
                r->dynamic_s / r->static_s);
    }
}

void bench_dynamic_json(FILE *f)
{
    for (int i = 0; i < measured; i++) {
        const dyn_row *r = &rows[i];
        fprintf(f,
                "{\"section\": \"dynamic\", \"case\": \"%s\", "
                "\"out_bytes\": %zu, \"repeat\": %d, "
                "\"static_seconds\": %.9g, \"dynamic_seconds\": %.9g, "
                "\"ratio\": %.4f}\n",
                r->c->name, r->out_bytes, r->repeat, r->static_s,
                r->dynamic_s, r->dynamic_s / r->static_s);
    }
}
