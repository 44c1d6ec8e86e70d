/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The CSR rows: every case of bench_csr_cases sliced out of the
 * matrix of csr_matrix.c, with int32 and then int64 indices, by
 *
 *   clslice   clslice_cl_csr_count + clslice_cl_csr_fill + clFinish,
 *             what a caller waits for (the count pass blocks anyway);
 *   count     the count pass alone (validation, row counts, prefix sum,
 *             the blocking read of the total);
 *   copy-k    the plain copy kernel moving the result's three arrays'
 *             bytes from the input's: the device's roofline for writing
 *             the result once;
 *   host      clslice_host_csr_count + clslice_host_csr_slice;
 *   scipy     m[expr] on a scipy.sparse.csr_matrix (csr_matrix.c).
 *
 * The device result is compared with the host one, and scipy's nnz with
 * both, before anything is timed.
 */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A CSR run takes 5-400 ms (20 M entries), so a third of the dense
 * cases' repeats, at least 3, gives stable medians and keeps the section
 * under half a minute on two cores. */
static int csr_repeat(const bench_opts *o)
{
    int r = o->repeat / 3;
    return o->smoke ? o->repeat : r < 3 ? 3 : r;
}

typedef struct csr_run {
    const char *name;              /* the case's, for messages */
    const bench_cl *cl;
    clslice_runtime *rt;
    bench_kernels *k;
    const bench_host_csr *m;
    clslice_plan *plan;
    clslice_csr host_in;
    clslice_cl_csr in, out;
    clslice_cl_call call;      /* on cl's queue, no events */
    clslice_cl_csr_desc desc;  /* plan, &in, &out */
    /* The host result: the oracle, then the host competitor's output. */
    void *indptr, *indices, *data;
    /* The result's three arrays' bytes, and the copy kernel for each. */
    size_t copy_bytes[3];
    copy_variant copy[3];
} csr_run;

static void device_count(csr_run *r)
{
    clslice_error err;
    int64_t nnz = -1;
    bench_clslice_check(clslice_cl_csr_count(r->rt, &r->call, &r->desc,
                                             &nnz, &err),
                        &err, "clslice_cl_csr_count");
    if (nnz != r->out.nnz)
        bench_die("clslice_cl_csr_count counted %lld entries, the host %lld",
                  (long long)nnz, (long long)r->out.nnz);
}

static void host_slice(csr_run *r)
{
    clslice_error err;
    int64_t nnz = -1, written = -1;
    bench_clslice_check(clslice_host_csr_count(r->plan, &r->host_in, &nnz,
                                               &err),
                        &err, "clslice_host_csr_count");
    bench_clslice_check(clslice_host_csr_slice(r->plan, &r->host_in,
                                               r->indptr, r->indices, r->data,
                                               nnz, &written, &err),
                        &err, "clslice_host_csr_slice");
}

static void run_op(csr_run *r, int comp)
{
    clslice_error err;
    cl_command_queue q = r->cl->queue;
    cl_mem from[3] = {r->in.indptr, r->in.indices, r->in.data};
    cl_mem to[3] = {r->out.indptr, r->out.indices, r->out.data};
    switch (comp) {
    case CSR_CLSLICE:
        device_count(r);
        bench_clslice_check(clslice_cl_csr_fill(r->rt, &r->call, &r->desc,
                                                &err),
                            &err, "clslice_cl_csr_fill");
        break;
    case CSR_COUNT_PASS:
        device_count(r);
        break;
    case CSR_COPY_KERNEL:
        for (int a = 0; a < 3; a++)
            if (r->copy_bytes[a])
                bench_copy_enqueue(r->k, q, from[a], to[a], r->copy_bytes[a],
                                   r->copy[a]);
        break;
    default:
        host_slice(r);
    }
    bench_cl_check(clFinish(q), "clFinish");
}

static double time_op(csr_run *r, int comp)
{
    double t0 = bench_now();
    run_op(r, comp);
    return bench_now() - t0;
}

/* Round-robin medians, as for the dense cases. */
static void time_all(csr_run *r, int warm, int repeat, double *medians)
{
    double *t = malloc((size_t)repeat * CSR_COMP_COUNT * sizeof *t);
    if (!t)
        bench_die("out of memory");
    for (int c = 0; c < CSR_COMP_COUNT; c++)
        for (int w = 0; w < warm; w++)
            time_op(r, c);
    for (int i = 0; i < repeat; i++)
        for (int c = 0; c < CSR_COMP_COUNT; c++)
            t[c * repeat + i] = time_op(r, c);
    for (int c = 0; c < CSR_COMP_COUNT; c++)
        medians[c] = bench_median(t + c * repeat, repeat);
    free(t);
}

static void read_back(const csr_run *r, cl_mem m, size_t bytes, void *want,
                      const char *what)
{
    if (bytes == 0)
        return;
    void *got = malloc(bytes);
    if (!got)
        bench_die("out of memory");
    bench_cl_check(clEnqueueReadBuffer(r->cl->queue, m, CL_TRUE, 0, bytes,
                                       got, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    if (memcmp(got, want, bytes) != 0)
        bench_die("CSR %s: the device's %s differs from the host's",
                  r->name, what);
    free(got);
}

/* Entries of the rows the plan selects, and the least bytes a slicer
 * moves: it reads indptr for those rows, all their column indices and the
 * kept entries' data, and writes the result. */
static void count_bytes(const csr_run *r, csr_result *res)
{
    int64_t start, step, count;
    clslice_error err;
    bench_clslice_check(clslice_plan_dim(r->plan, 0, &start, &step, &count,
                                         &err),
                        &err, "clslice_plan_dim");
    int64_t sel = 0;
    for (int64_t i = 0; i < count; i++) {
        int64_t row = start + i * step;
        sel += bench_csr_ix(r->m, r->m->indptr, row + 1) -
               bench_csr_ix(r->m, r->m->indptr, row);
    }
    size_t is = r->m->isize, es = sizeof(float), kept = (size_t)r->out.nnz;
    size_t ptr_read = (size_t)(step == 1 || step == -1 ? count + 1
                                                       : 2 * count);
    res->sel_nnz = sel;
    res->out_bytes = ((size_t)count + 1) * is + kept * (is + es);
    res->moved_bytes = ptr_read * is + (size_t)sel * is + kept * es +
                       res->out_bytes;
}

static cl_mem upload(const bench_cl *cl, const void *p, size_t bytes)
{
    cl_mem m = bench_buffer(cl, bytes);
    if (bytes)
        bench_cl_check(clEnqueueWriteBuffer(cl->queue, m, CL_TRUE, 0, bytes,
                                            p, 0, NULL, NULL),
                       "clEnqueueWriteBuffer");
    return m;
}

/* Host result arrays and device output buffers of the case's size; the
 * device's are sentinel-filled, so that an entry the device misses cannot
 * match the host's by luck. */
static void make_outputs(csr_run *r, int64_t out_rows, int64_t out_cols,
                         int64_t nnz)
{
    size_t is = r->m->isize, es = sizeof(float);
    size_t bytes[3] = {((size_t)out_rows + 1) * is, (size_t)nnz * is,
                       (size_t)nnz * es};
    r->indptr = malloc(bytes[0]);
    r->indices = malloc(bytes[1] + 1);
    r->data = malloc(bytes[2] + 1);
    if (!r->indptr || !r->indices || !r->data)
        bench_die("out of memory (CSR result)");
    cl_mem m[3];
    const unsigned char sentinel = 0xA5;
    for (int a = 0; a < 3; a++) {
        m[a] = bench_buffer(r->cl, bytes[a]);
        if (bytes[a])
            bench_cl_check(clEnqueueFillBuffer(r->cl->queue, m[a], &sentinel,
                                               1, 0, bytes[a], 0, NULL, NULL),
                           "clEnqueueFillBuffer");
        r->copy_bytes[a] = bytes[a];
    }
    r->out = (clslice_cl_csr){out_rows, out_cols, r->m->index, es, nnz,
                              m[0], 0, m[1], 0, m[2], 0};
}

static void release_outputs(csr_run *r)
{
    clReleaseMemObject(r->out.indptr);
    clReleaseMemObject(r->out.indices);
    clReleaseMemObject(r->out.data);
    free(r->indptr);
    free(r->indices);
    free(r->data);
}

/* The device result must equal the host's, and scipy must have kept as
 * many entries, before anything is timed. */
static void verify(csr_run *r, const bench_scipy_result *scipy)
{
    run_op(r, CSR_CLSLICE);
    read_back(r, r->out.indptr, r->copy_bytes[0], r->indptr, "indptr");
    read_back(r, r->out.indices, r->copy_bytes[1], r->indices, "indices");
    read_back(r, r->out.data, r->copy_bytes[2], r->data, "data");
    if (scipy->measured && scipy->nnz != r->out.nnz)
        bench_die("CSR %s: scipy kept %lld entries, clslice %lld", r->name,
                  scipy->nnz, (long long)r->out.nnz);
}

static void run_case(csr_run *r, const csr_case *c, const bench_opts *o,
                     const bench_scipy_result *scipy, csr_result *res)
{
    const bench_host_csr *m = r->m;
    int64_t shape[2] = {m->rows, m->cols}, out_shape[2], nnz = -1;
    clslice_error err;
    r->name = c->name;
    bench_clslice_check(clslice_plan_expr(shape, 2, c->expr, &r->plan, &err),
                        &err, c->name);
    clslice_plan_output_shape(r->plan, out_shape);
    r->call = (clslice_cl_call){.struct_size = sizeof r->call,
                                .queue = r->cl->queue};
    r->desc = (clslice_cl_csr_desc){.struct_size = sizeof r->desc,
                                    .plan = r->plan, .in = &r->in,
                                    .out = &r->out};
    r->host_in = (clslice_csr){m->rows, m->cols, m->index, sizeof(float),
                               m->nnz, m->indptr, m->indices, m->data};
    bench_clslice_check(clslice_host_csr_count(r->plan, &r->host_in, &nnz,
                                               &err),
                        &err, "clslice_host_csr_count");
    make_outputs(r, out_shape[0], out_shape[1], nnz);
    host_slice(r);
    verify(r, scipy);

    int runs = o->smoke ? 1 : 3;
    for (int a = 0; a < 3; a++) {
        cl_mem from[3] = {r->in.indptr, r->in.indices, r->in.data};
        cl_mem to[3] = {r->out.indptr, r->out.indices, r->out.data};
        if (r->copy_bytes[a])
            r->copy[a] = bench_copy_pick(r->k, r->cl, from[a], to[a],
                                         r->copy_bytes[a], 1, runs,
                                         o->verbose);
    }
    *res = (csr_result){.c = c, .index = m->index, .rows = m->rows,
                        .cols = m->cols, .nnz = m->nnz,
                        .out_rows = out_shape[0], .out_cols = out_shape[1],
                        .out_nnz = nnz, .repeat = csr_repeat(o),
                        .scipy_measured = scipy->measured,
                        .scipy_seconds = scipy->seconds};
    snprintf(res->scipy_index, sizeof res->scipy_index, "%s", scipy->index);
    count_bytes(r, res);
    cpu_sample before, after;
    bool sampled = bench_cpu_sample(&before);
    time_all(r, 1, res->repeat, res->seconds);
    res->other_load = sampled && bench_cpu_sample(&after)
                          ? bench_other_load(&before, &after) : NAN;
    release_outputs(r);
    clslice_plan_release(&r->plan);
}

/* Runs every case on m (results[0 .. count-1]). */
static void run_matrix(const bench_cl *cl, clslice_runtime *rt,
                       bench_kernels *k, const bench_opts *o,
                       const bench_host_csr *m,
                       const bench_scipy_result *scipy, csr_result *results)
{
    size_t ptr = ((size_t)m->rows + 1) * m->isize, nnz = (size_t)m->nnz;
    csr_run r = {.cl = cl, .rt = rt, .k = k, .m = m};
    r.in = (clslice_cl_csr){m->rows, m->cols, m->index, sizeof(float), m->nnz,
                            upload(cl, m->indptr, ptr), 0,
                            upload(cl, m->indices, nnz * m->isize), 0,
                            upload(cl, m->data, nnz * sizeof(float)), 0};
    for (int i = 0; i < bench_csr_case_count; i++) {
        const csr_case *c = &bench_csr_cases[i];
        fprintf(stderr, "clslice-bench: %s (%s)\n", c->name,
                m->index == CLSLICE_INT64 ? "int64" : "int32");
        run_case(&r, c, o, &scipy[i], &results[i]);
    }
    clReleaseMemObject(r.in.indptr);
    clReleaseMemObject(r.in.indices);
    clReleaseMemObject(r.in.data);
}

void bench_csr_run(const bench_cl *cl, clslice_runtime *rt, bench_kernels *k,
                   const bench_opts *o, const char *scipy_script,
                   csr_result *results, char *why, size_t why_size)
{
    const csr_spec *spec = o->smoke ? &bench_csr_smoke : &bench_csr_full;
    int n = bench_csr_case_count;
    bench_host_csr narrow, wide;
    bench_csr_generate(spec, &narrow);
    fprintf(stderr, "clslice-bench: CSR %lld x %lld, %lld entries\n",
            (long long)narrow.rows, (long long)narrow.cols,
            (long long)narrow.nnz);
    bench_scipy_result *scipy = calloc(2 * (size_t)n, sizeof *scipy);
    if (!scipy)
        bench_die("out of memory");
    if (scipy_script) {
        fprintf(stderr, "clslice-bench: scipy (%s)...\n", scipy_script);
        int rc = bench_csr_scipy(scipy_script, &narrow, csr_repeat(o), scipy,
                                 why, why_size);
        if (rc < 0 && o->smoke) /* keeps the script from rotting */
            bench_die("scipy: %s", why);
        if (rc != 0)
            fprintf(stderr, "clslice-bench: scipy not measured: %s\n", why);
    } else {
        snprintf(why, why_size, "--no-scipy");
    }
    run_matrix(cl, rt, k, o, &narrow, scipy, results);
    bench_csr_widen(&narrow, &wide);
    run_matrix(cl, rt, k, o, &wide, scipy + n, results + n);
    free(wide.indptr);
    free(wide.indices);
    free(narrow.indptr);
    free(narrow.indices);
    free(narrow.data);
    free(scipy);
}
