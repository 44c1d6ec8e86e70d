/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The dense cases (gather and scatter): one plan and one pair of buffers per
 * case, on which the gather and then the scatter are checked and timed.
 *
 * `tensor` holds the case's whole input (T is 256 MiB) and `slice` the
 * slice's bytes.  The gather reads tensor and writes slice; the scatter
 * writes slice, as a contiguous value of the slice's final shape, back
 * into tensor (CLSLICE_VALUE_EXACT, MXNet _slice_assign).  Reusing the two
 * buffers keeps the scatter rows from adding any device memory.  The
 * competitors that only move bytes (the copy kernel, clEnqueueCopyBuffer)
 * copy out_bytes in the same direction as the operation they stand in for.
 *
 * Every competitor's output is checked against the host oracle before
 * anything is timed: a fast wrong kernel must not produce a number.  The
 * host peers (numpy, onnxruntime, OpenVINO; peers.c) slice the same data
 * in their own process; the CRC-32 of each one's result must match the
 * oracle's, and each of their runs takes its turn in the round-robin.
 */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
    GUARD = 4096,   /* bytes past the gather's output that must stay intact */
    SENTINEL = 0xA5
};

static const char *const GATHER_NAMES[COMP_COUNT] = {
    "clslice", "copy kernel", "clEnqueueCopyBuffer", "naive gather",
    "numpy", "numpy copyto", "onnxruntime", "openvino"};
static const char *const SCATTER_NAMES[COMP_COUNT] = {
    "clslice scatter", "copy kernel", "clEnqueueCopyBuffer",
    "naive scatter", "numpy scatter"};

typedef struct case_run {
    const bench_cl *cl;
    clslice_runtime *rt;
    bench_kernels *k;
    const bench_case *c;
    clslice_plan *plan;
    size_t in_bytes, out_bytes;
    cl_mem tensor, slice;
    bool scatter;                           /* which way the bytes go */
    int64_t value_shape[CLSLICE_MAX_RANK];  /* the slice's final shape */
    int value_rank;
    naive_launch naive;
    copy_variant copy;
    bench_peers *peers;                     /* NULL: no host peers */
    bool timed[COMP_COUNT];                 /* in the round-robin */
} case_run;

int bench_case_repeat(const bench_opts *o, size_t out_bytes)
{
    bool small = !o->smoke && out_bytes < BENCH_SMALL_CASE;
    return o->repeat * (small ? BENCH_SMALL_REPEAT_FACTOR : 1);
}

static const char *comp_name(const case_run *r, int comp)
{
    return (r->scatter ? SCATTER_NAMES : GATHER_NAMES)[comp];
}

static void enqueue_clslice(case_run *r)
{
    clslice_error err;
    cl_command_queue q = r->cl->queue;
    size_t es = r->c->elem_size;
    if (r->scatter)
        bench_clslice_check(
            clslice_enqueue_scatter(r->rt, q, r->plan, es, r->slice, 0,
                                    r->value_shape, r->value_rank,
                                    CLSLICE_VALUE_EXACT, r->tensor, 0, 0, 0,
                                    NULL, NULL, &err),
            &err, "clslice_enqueue_scatter");
    else
        bench_clslice_check(
            clslice_enqueue_gather(r->rt, q, r->plan, es, r->tensor, 0,
                                   r->slice, 0, 0, 0, NULL, NULL, &err),
            &err, "clslice_enqueue_gather");
}

/* The peer that stands for a host competitor; -1 for the device's. */
static int peer_of(const case_run *r, int comp)
{
    if (comp < COMP_DEVICE_COUNT)
        return -1;
    if (r->scatter)
        return comp == COMP_NUMPY ? PEER_NUMPY_SCATTER : -1;
    static const int peers[] = {PEER_NUMPY, PEER_NUMPY_COPYTO,
                                PEER_ONNXRUNTIME, PEER_OPENVINO};
    return peers[comp - COMP_DEVICE_COUNT];
}

static void enqueue(case_run *r, int comp)
{
    cl_command_queue q = r->cl->queue;
    cl_mem from = r->scatter ? r->slice : r->tensor;
    cl_mem to = r->scatter ? r->tensor : r->slice;
    switch (comp) {
    case COMP_CLSLICE:
        enqueue_clslice(r);
        break;
    case COMP_COPY_KERNEL:
        bench_copy_enqueue(r->k, q, from, to, r->out_bytes, r->copy);
        break;
    case COMP_COPY_BUFFER:
        bench_cl_check(clEnqueueCopyBuffer(q, from, to, 0, 0, r->out_bytes,
                                           0, NULL, NULL),
                       "clEnqueueCopyBuffer");
        break;
    default:
        bench_naive_enqueue(&r->naive, q, from, to);
    }
}

/* What a caller waits for: enqueue until the work is done.  A host peer
 * times itself. */
static double time_once(case_run *r, int comp)
{
    if (comp >= COMP_DEVICE_COUNT)
        return bench_peers_time(r->peers, peer_of(r, comp));
    double t0 = bench_now();
    enqueue(r, comp);
    bench_cl_check(clFinish(r->cl->queue), "clFinish");
    return bench_now() - t0;
}

static void fill_sentinel(case_run *r, cl_mem m, size_t bytes)
{
    const unsigned char sentinel = SENTINEL;
    bench_cl_check(clEnqueueFillBuffer(r->cl->queue, m, &sentinel, 1, 0,
                                       bytes, 0, NULL, NULL),
                   "clEnqueueFillBuffer");
}

/* Gather check: runs one competitor into a sentinel-filled output (PoCL
 * does not zero buffers, and a missed element must not pass by luck) and
 * compares the output, and the guard bytes after it, with `want`. */
static void check_gather(case_run *r, int comp, const unsigned char *want,
                         unsigned char *got)
{
    size_t total = r->out_bytes + GUARD;
    fill_sentinel(r, r->slice, total);
    enqueue(r, comp);
    bench_cl_check(clEnqueueReadBuffer(r->cl->queue, r->slice, CL_TRUE, 0,
                                       total, got, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    bool same = memcmp(got, want, r->out_bytes) == 0;
    for (size_t i = same ? r->out_bytes : 0; i < total; i++) {
        if (i < r->out_bytes && got[i] != want[i])
            bench_die("case %d %s: the %s output differs from the reference "
                      "at element %zu of %zu", r->c->id, r->c->name,
                      comp_name(r, comp), i / r->c->elem_size,
                      r->out_bytes / r->c->elem_size);
        if (i >= r->out_bytes && got[i] != SENTINEL)
            bench_die("case %d %s: the %s wrote past the output's end (byte "
                      "%zu)", r->c->id, r->c->name, comp_name(r, comp),
                      i - r->out_bytes);
    }
}

/* Scatter check: runs one competitor on a sentinel-filled tensor and
 * compares the whole tensor with `want` (in_bytes), so a byte written
 * outside the slice fails as surely as a missed one.  The tensor comes
 * back through `chunk` a piece at a time, to need no second host copy. */
static void check_scatter(case_run *r, int comp, const unsigned char *want,
                          unsigned char *chunk, size_t chunk_bytes)
{
    fill_sentinel(r, r->tensor, r->in_bytes);
    enqueue(r, comp);
    for (size_t at = 0; at < r->in_bytes; at += chunk_bytes) {
        size_t n = r->in_bytes - at < chunk_bytes ? r->in_bytes - at
                                                  : chunk_bytes;
        bench_cl_check(clEnqueueReadBuffer(r->cl->queue, r->tensor, CL_TRUE,
                                           at, n, chunk, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
        if (memcmp(chunk, want + at, n) == 0)
            continue;
        size_t i = 0;
        while (chunk[i] == want[at + i])
            i++;
        bench_die("case %d %s: the %s left element %zu of %zu of the tensor "
                  "different from the host scatter's%s", r->c->id,
                  r->c->name, comp_name(r, comp),
                  (at + i) / r->c->elem_size,
                  r->in_bytes / r->c->elem_size,
                  want[at + i] == SENTINEL ? " (outside the slice?)" : "");
    }
}

/* Medians of `repeat` runs per competitor, taken round-robin so that
 * drift (frequency, other load) hits every competitor alike. */
static void time_all(case_run *r, int warm, int repeat, double *medians,
                     bool verbose)
{
    double *t = malloc((size_t)repeat * COMP_COUNT * sizeof *t);
    if (!t)
        bench_die("out of memory");
    for (int c = 0; c < COMP_COUNT; c++)
        for (int w = 0; r->timed[c] && w < warm; w++)
            time_once(r, c);
    for (int i = 0; i < repeat; i++)
        for (int c = 0; c < COMP_COUNT; c++)
            t[c * repeat + i] = r->timed[c] ? time_once(r, c) : NAN;
    for (int c = 0; c < COMP_COUNT; c++) {
        medians[c] = NAN;
        if (!r->timed[c])
            continue;
        double *tc = t + c * repeat;
        bool lost = false; /* a peer whose process died */
        for (int i = 0; i < repeat; i++)
            lost |= isnan(tc[i]);
        medians[c] = lost ? NAN : bench_median(tc, repeat); /* sorts tc */
        if (lost)
            continue;
        if (verbose) /* the spread says how far to trust the median */
            fprintf(stderr, "  %-20s median %9.1f us  %6.2f GB/s  (min %.1f, "
                            "max %.1f us)\n", comp_name(r, c),
                    1e6 * medians[c], bench_gbps(r->out_bytes, medians[c]),
                    1e6 * tc[0], 1e6 * tc[repeat - 1]);
    }
    free(t);
}

/* Which host peers take part in this row, each with its note: a peer
 * runs when it ran the case and, for a gather, its result's CRC-32 is
 * the oracle's (`want`, NULL for a scatter). */
static void pick_peers(case_run *r, const peer_case *pc,
                       const unsigned char *want, case_result *res)
{
    uint32_t crc = want ? bench_crc32(want, r->out_bytes) : 0;
    for (int c = 0; c < COMP_COUNT; c++) {
        int peer = peer_of(r, c);
        r->timed[c] = c < COMP_DEVICE_COUNT;
        res->note[c][0] = 0;
        if (peer < 0 || !r->peers)
            continue;
        bench_note_copy(res->note[c], pc->note[peer]);
        if (!pc->ok[peer])
            continue;
        r->timed[c] = !want || pc->crc[peer] == crc;
        if (!r->timed[c]) {
            snprintf(res->note[c], sizeof res->note[c],
                     "its result differs from the host oracle's (CRC-32 "
                     "%08x, want %08x): not timed", (unsigned)pc->crc[peer],
                     (unsigned)crc);
            fprintf(stderr, "clslice-bench: case %d %s: %s %s\n", r->c->id,
                    r->c->name, comp_name(r, c), res->note[c]);
        }
    }
}

/* Times the competitors into res; the checks have been made. */
static void time_case(case_run *r, const bench_opts *o, case_result *res)
{
    res->c = r->c;
    res->scatter = r->scatter;
    res->out_bytes = r->out_bytes;
    res->repeat = bench_case_repeat(o, r->out_bytes);
    res->copy = r->copy;
    cpu_sample before, after;
    bool sampled = bench_cpu_sample(&before);
    time_all(r, o->smoke ? 1 : 3, res->repeat, res->seconds, o->verbose);
    res->other_load = sampled && bench_cpu_sample(&after)
                          ? bench_other_load(&before, &after) : NAN;
}

static copy_variant pick_copy(case_run *r, const bench_opts *o)
{
    cl_mem from = r->scatter ? r->slice : r->tensor;
    cl_mem to = r->scatter ? r->tensor : r->slice;
    int runs = o->smoke ? 1 : 3;
    return bench_copy_pick(r->k, r->cl, from, to, r->out_bytes, runs, runs,
                           o->verbose);
}

/* tensor holds `in`; want and got have out_bytes and out_bytes + GUARD. */
static void run_gather(case_run *r, const bench_opts *o,
                       const peer_case *pc, const unsigned char *in,
                       unsigned char *want, unsigned char *got,
                       case_result *res)
{
    clslice_error err;
    r->scatter = false;
    bench_clslice_check(clslice_host_gather(r->plan, r->c->elem_size, in,
                                            r->in_bytes, want, r->out_bytes,
                                            &err),
                        &err, "clslice_host_gather");
    bench_naive_prepare(r->k, r->cl, r->plan, r->c->elem_size, &r->naive);
    check_gather(r, COMP_CLSLICE, want, got);
    check_gather(r, COMP_NAIVE, want, got);
    r->copy = pick_copy(r, o);
    check_gather(r, COMP_COPY_KERNEL, in, got); /* the copies move the */
    check_gather(r, COMP_COPY_BUFFER, in, got); /* first out_bytes */
    pick_peers(r, pc, want, res);
    time_case(r, o, res);
    bench_naive_release(&r->naive);
}

/* `want` (in_bytes) and `value` (out_bytes) are scratch; `chunk` has
 * chunk_bytes. */
static void run_scatter(case_run *r, const bench_opts *o,
                        const peer_case *pc, unsigned char *want,
                        unsigned char *value, unsigned char *chunk,
                        size_t chunk_bytes, case_result *res)
{
    clslice_error err;
    r->scatter = true;
    r->value_rank = clslice_plan_output_rank(r->plan);
    clslice_plan_output_shape(r->plan, r->value_shape);
    bench_fill_pattern(value, r->out_bytes);
    bench_cl_check(clEnqueueWriteBuffer(r->cl->queue, r->slice, CL_TRUE, 0,
                                        r->out_bytes, value, 0, NULL, NULL),
                   "clEnqueueWriteBuffer");
    /* The checks start from a sentinel-filled tensor, so the host's does
     * too. */
    memset(want, SENTINEL, r->in_bytes);
    bench_clslice_check(clslice_host_scatter(r->plan, r->c->elem_size, value,
                                             r->value_shape, r->value_rank,
                                             r->out_bytes,
                                             CLSLICE_VALUE_EXACT, want,
                                             r->in_bytes, &err),
                        &err, "clslice_host_scatter");
    bench_naive_scatter_prepare(r->k, r->cl, r->plan, r->value_shape,
                                r->value_rank, r->c->elem_size, &r->naive);
    check_scatter(r, COMP_CLSLICE, want, chunk, chunk_bytes);
    check_scatter(r, COMP_NAIVE, want, chunk, chunk_bytes);
    r->copy = pick_copy(r, o);
    memset(want, SENTINEL, r->in_bytes); /* the copies write the value */
    memcpy(want, value, r->out_bytes);   /* to the tensor's first bytes */
    check_scatter(r, COMP_COPY_KERNEL, want, chunk, chunk_bytes);
    check_scatter(r, COMP_COPY_BUFFER, want, chunk, chunk_bytes);
    pick_peers(r, pc, NULL, res); /* numpy checks its own a[key] = v */
    time_case(r, o, res);
    bench_naive_release(&r->naive);
}

void bench_dense_case(const bench_cl *cl, clslice_runtime *rt,
                      bench_kernels *k, bench_peers *peers,
                      const bench_case *c, const bench_opts *o,
                      case_result *gather, case_result *scatter)
{
    const int64_t *shape = o->smoke ? c->smoke_shape : c->shape;
    case_run r = {.cl = cl, .rt = rt, .k = k, .c = c, .peers = peers};
    clslice_error err;
    bench_clslice_check(clslice_plan_expr(shape, c->rank, c->expr, &r.plan,
                                          &err),
                        &err, c->name);
    r.in_bytes = bench_case_bytes(c, shape);
    r.out_bytes = (size_t)clslice_plan_output_elements(r.plan) * c->elem_size;
    /* Else dense_cases.c is wrong. */
    if (r.out_bytes == 0 || r.out_bytes > r.in_bytes)
        bench_die("case %d %s: output of %zu bytes from %zu", c->id, c->name,
                  r.out_bytes, r.in_bytes);

    /* Host memory: the tensor (the input, then the scatter's expected
     * tensor), the slice (the gather's expected output, then the value)
     * and one slice + guard to read results back into. */
    size_t got_bytes = r.out_bytes + GUARD;
    unsigned char *in = malloc(r.in_bytes), *want = malloc(r.out_bytes),
                  *got = malloc(got_bytes);
    if (!in || !want || !got)
        bench_die("out of memory (case %d)", c->id);
    bench_fill_pattern(in, r.in_bytes);
    r.tensor = bench_buffer(cl, r.in_bytes);
    r.slice = bench_buffer(cl, got_bytes);
    bench_cl_check(clEnqueueWriteBuffer(cl->queue, r.tensor, CL_TRUE, 0,
                                        r.in_bytes, in, 0, NULL, NULL),
                   "clEnqueueWriteBuffer");

    peer_case pc = {0};
    if (peers)
        bench_peers_case(peers, c, shape, gather, scatter, &pc);
    if (gather)
        run_gather(&r, o, &pc, in, want, got, gather);
    if (scatter)
        run_scatter(&r, o, &pc, in, want, got, got_bytes, scatter);
    if (gather)
        gather->shape = shape;
    if (scatter)
        scatter->shape = shape;
    if (peers)
        bench_peers_end(peers);

    free(in);
    free(want);
    free(got);
    clReleaseMemObject(r.tensor);
    clReleaseMemObject(r.slice);
    clslice_plan_release(&r.plan);
}
