/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-first-call: what the first calls of a fresh process cost, with
 * and without clslice_runtime_prepare and the binary cache.  One process
 * measures one start; scripts/bench_first_call.sh runs it in fresh
 * processes with an empty or a warm PoCL kernel cache (POCL_CACHE_DIR)
 * and an empty or warm clslice cache folder, because neither cache can be
 * emptied inside a process.
 *
 *   clslice-first-call [--prepare | --prepare64] [--cache DIR] [--device N]
 *
 * prints one JSON object: the milliseconds of clslice_runtime_create
 * (with the cache folder set), of prepare, and then of the first gather,
 * scatter, fill and CSR slice, each enqueue + clFinish, each checked
 * against the host; then of the runtime's release (where files of the
 * binary cache still due are written), and the CPU time of all that
 * (cpu_ms: this process and the children it waited for, such as the
 * linker PoCL runs), which a busy machine changes far less than the
 * wall-clock times.  The gather is case 9's shape and slice through its
 * kernel, the others small slices that need a kernel.
 *
 * On a CPU device with native kernels the first calls run on the host
 * while their kernels build on the runtime's background thread
 * (docs/design.md, "First calls"), so two more figures follow the four
 * calls: builds_ms, the wait until those builds are done
 * (clslice_runtime_wait_builds), and kernel_ms, the same gather again,
 * now through its kernel: its first launch, where PoCL compiles the
 * kernel's work-group function, as a build without the native road does
 * in its first gather.  Both count in total_ms and cpu_ms (kernel_ms
 * also holds the binary cache files written at that call, which would
 * otherwise be written at the release).
 */
#define _POSIX_C_SOURCE 200809L

#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

typedef struct first_opts {
    unsigned prepare; /* 0, or 1 + CLSLICE_PREPARE_* flags */
    const char *cache;
    long device;
} first_opts;

static void parse(int argc, char **argv, first_opts *o)
{
    *o = (first_opts){.device = -1};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--prepare")) {
            o->prepare = 1;
        } else if (!strcmp(argv[i], "--prepare64")) {
            o->prepare = 1 + CLSLICE_PREPARE_INDEX64;
        } else if (!strcmp(argv[i], "--cache") && i + 1 < argc) {
            o->cache = argv[++i];
        } else if (!strcmp(argv[i], "--device") && i + 1 < argc) {
            o->device = strtol(argv[++i], NULL, 10);
        } else {
            fprintf(stderr, "usage: clslice-first-call [--prepare | "
                            "--prepare64] [--cache DIR] [--device N]\n");
            exit(2);
        }
    }
}

static clslice_plan *plan_of(const int64_t *shape, int rank,
                             const char *expr)
{
    clslice_plan *plan = NULL;
    clslice_error err;
    bench_clslice_check(clslice_plan_expr(shape, rank, expr, &plan, &err),
                        &err, "clslice_plan_expr");
    return plan;
}

static void finish(const bench_cl *cl)
{
    bench_cl_check(clFinish(cl->queue), "clFinish");
}

static void read_back(const bench_cl *cl, cl_mem b, size_t n, void *out)
{
    bench_cl_check(clEnqueueReadBuffer(cl->queue, b, CL_TRUE, 0, n, out, 0,
                                       NULL, NULL),
                   "clEnqueueReadBuffer");
}

static cl_mem upload(const bench_cl *cl, const void *bytes, size_t n)
{
    cl_mem b = bench_buffer(cl, n);
    bench_cl_check(clEnqueueWriteBuffer(cl->queue, b, CL_TRUE, 0, n, bytes,
                                        0, NULL, NULL),
                   "clEnqueueWriteBuffer");
    return b;
}

/* A gather: case 9's tensor and slice, with the kernel forced
 * (on a CPU device case 9 is one clEnqueueCopyBufferRect, which builds
 * nothing). */
static double gather_case9(const bench_cl *cl, clslice_runtime *rt)
{
    const bench_case *c = bench_case_by_id(9);
    clslice_plan *plan = plan_of(c->shape, c->rank, c->expr);
    size_t in_bytes = bench_case_bytes(c, c->shape);
    size_t out_bytes =
        (size_t)clslice_plan_output_elements(plan) * c->elem_size;
    unsigned char *in = malloc(in_bytes), *got = malloc(out_bytes),
                  *want = malloc(out_bytes);
    if (!in || !got || !want)
        bench_die("out of memory");
    bench_fill_pattern(in, in_bytes);
    cl_mem src = upload(cl, in, in_bytes), dst = bench_buffer(cl, out_bytes);
    clslice_error err;
    double t0 = bench_now();
    bench_clslice_check(clslice_enqueue_gather(rt, cl->queue, plan,
                                               c->elem_size, src, 0, dst, 0,
                                               CLSLICE_NO_COPY_SHORTCUT, 0,
                                               NULL, NULL, &err),
                        &err, "clslice_enqueue_gather");
    finish(cl);
    double t = bench_now() - t0;
    read_back(cl, dst, out_bytes, got);
    bench_clslice_check(clslice_host_gather(plan, c->elem_size, in, in_bytes,
                                            want, out_bytes, &err),
                        &err, "clslice_host_gather");
    if (memcmp(got, want, out_bytes) != 0)
        bench_die("the first gather gave a wrong result");
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
    clslice_plan_release(&plan);
    free(in);
    free(got);
    free(want);
    return t;
}

enum { ROWS = 64, COLS = 64, ELEM = 4, BYTES = ROWS * COLS * ELEM };

/* The first scatter (scatter = 1) or fill of [1::3, ::-2] into a
 * 64 x 64 tensor. */
static double first_write(const bench_cl *cl, clslice_runtime *rt,
                          bool scatter)
{
    static const int64_t shape[] = {ROWS, COLS};
    clslice_plan *plan = plan_of(shape, 2, "[1::3, ::-2]");
    int64_t final[2];
    clslice_plan_output_shape(plan, final);
    size_t vbytes = (size_t)(final[0] * final[1]) * ELEM;
    unsigned char *base = malloc(BYTES), *value = malloc(vbytes),
                  *got = malloc(BYTES);
    if (!base || !value || !got)
        bench_die("out of memory");
    bench_fill_pattern(base, BYTES);
    for (size_t i = 0; i < vbytes; i++)
        value[i] = (unsigned char)(i * 13 + 5);
    cl_mem dst = upload(cl, base, BYTES), v = upload(cl, value, vbytes);
    clslice_error err;
    double t0 = bench_now();
    clslice_status st =
        scatter ? clslice_enqueue_scatter(rt, cl->queue, plan, ELEM, v, 0,
                                          final, 2, CLSLICE_VALUE_EXACT, dst,
                                          0, 0, 0, NULL, NULL, &err)
                : clslice_enqueue_fill(rt, cl->queue, plan, ELEM, value, dst,
                                       0, 0, 0, NULL, NULL, &err);
    bench_clslice_check(st, &err, scatter ? "clslice_enqueue_scatter"
                                          : "clslice_enqueue_fill");
    finish(cl);
    double t = bench_now() - t0;
    read_back(cl, dst, BYTES, got);
    bench_clslice_check(
        clslice_host_scatter(plan, ELEM, value, scatter ? final : NULL,
                             scatter ? 2 : 0, scatter ? vbytes : ELEM,
                             scatter ? CLSLICE_VALUE_EXACT
                                     : CLSLICE_VALUE_BROADCAST,
                             base, BYTES, &err),
        &err, "clslice_host_scatter");
    if (memcmp(got, base, BYTES) != 0)
        bench_die("the first %s gave a wrong result",
                  scatter ? "scatter" : "fill");
    clReleaseMemObject(dst);
    clReleaseMemObject(v);
    clslice_plan_release(&plan);
    free(base);
    free(value);
    free(got);
    return t;
}

/* The first CSR slice ([::2, 1:] of a small int32 matrix): both passes. */
static double first_csr(const bench_cl *cl, clslice_runtime *rt)
{
    static const int32_t indptr[] = {0, 2, 3, 5}, indices[] = {1, 3, 0, 2, 1};
    static const float data[] = {1, 2, 3, 4, 5};
    static const int64_t shape[] = {3, 4};
    clslice_plan *plan = plan_of(shape, 2, "[::2, 1:]");
    clslice_cl_csr in = {3, 4, CLSLICE_INT32, 4, 5,
                         upload(cl, indptr, sizeof indptr), 0,
                         upload(cl, indices, sizeof indices), 0,
                         upload(cl, data, sizeof data), 0};
    clslice_cl_csr out = {2, 3, CLSLICE_INT32, 4, 0,
                          bench_buffer(cl, 3 * sizeof(int32_t)), 0, NULL, 0,
                          NULL, 0};
    clslice_cl_call call = {.struct_size = sizeof call, .queue = cl->queue};
    clslice_cl_csr_desc desc = {.struct_size = sizeof desc, .plan = plan,
                                .in = &in, .out = &out};
    clslice_error err;
    int64_t nnz = 0;
    double t0 = bench_now();
    bench_clslice_check(clslice_cl_csr_count(rt, &call, &desc, &nnz, &err),
                        &err, "clslice_cl_csr_count");
    out.nnz = nnz;
    out.indices = bench_buffer(cl, 4 * sizeof(int32_t));
    out.data = bench_buffer(cl, 4 * sizeof(float));
    bench_clslice_check(clslice_cl_csr_fill(rt, &call, &desc, &err), &err,
                        "clslice_cl_csr_fill");
    finish(cl);
    double t = bench_now() - t0;
    float got[4] = {0};
    read_back(cl, out.data, (size_t)nnz * sizeof(float), got);
    /* Rows 0 and 2, columns 1..3: (0,1)=1 (0,3)=2 (2,2)=4 (2,1)=5. */
    static const float want[] = {1, 2, 4, 5};
    if (nnz != 4 || memcmp(got, want, sizeof want) != 0)
        bench_die("the first CSR slice gave a wrong result");
    cl_mem all[] = {in.indptr, in.indices, in.data, out.indptr, out.indices,
                    out.data};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        clReleaseMemObject(all[i]);
    clslice_plan_release(&plan);
    return t;
}

/* CPU seconds of this process and its waited-for children. */
static double cpu_now(void)
{
    double t = 0;
    int who[] = {RUSAGE_SELF, RUSAGE_CHILDREN};
    for (size_t i = 0; i < sizeof who / sizeof *who; i++) {
        struct rusage u;
        if (getrusage(who[i], &u) == 0)
            t += (double)u.ru_utime.tv_sec + (double)u.ru_stime.tv_sec +
                 1e-6 * (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
    }
    return t;
}

int main(int argc, char **argv)
{
    first_opts o;
    parse(argc, argv, &o);
    bench_cl cl;
    char why[512] = "";
    if (bench_cl_open(o.device, &cl, why, sizeof why) != 0) {
        printf("clslice-first-call: %s: nothing to measure\n", why);
        return 1;
    }
    clslice_runtime *rt = NULL;
    clslice_error err;
    double cpu0 = cpu_now();
    double t0 = bench_now();
    bench_clslice_check(clslice_runtime_create(cl.context, &rt, &err), &err,
                        "clslice_runtime_create");
    if (o.cache)
        bench_clslice_check(clslice_runtime_set_cache_dir(rt, o.cache, &err),
                            &err, "clslice_runtime_set_cache_dir");
    double create = bench_now() - t0, prepare = 0;
    if (o.prepare) {
        t0 = bench_now();
        bench_clslice_check(clslice_runtime_prepare(rt, cl.device,
                                                    o.prepare - 1, &err),
                            &err, "clslice_runtime_prepare");
        prepare = bench_now() - t0;
    }
    double gather = gather_case9(&cl, rt);
    double scatter = first_write(&cl, rt, true);
    double fill = first_write(&cl, rt, false);
    double csr = first_csr(&cl, rt);
    t0 = bench_now();
    bench_clslice_check(clslice_runtime_wait_builds(rt, &err), &err,
                        "clslice_runtime_wait_builds");
    double builds = bench_now() - t0;
    double kernel = gather_case9(&cl, rt);
    t0 = bench_now();
    clslice_runtime_release(&rt);
    double release = bench_now() - t0, cpu = cpu_now() - cpu0;
    printf("{\"prepare\": \"%s\", \"cache\": %s, \"create_ms\": %.1f, "
           "\"prepare_ms\": %.1f, \"gather_ms\": %.1f, \"scatter_ms\": %.1f, "
           "\"fill_ms\": %.1f, \"csr_ms\": %.1f, \"builds_ms\": %.1f, "
           "\"kernel_ms\": %.1f, \"release_ms\": %.1f, "
           "\"total_ms\": %.1f, \"cpu_ms\": %.1f}\n",
           o.prepare == 0 ? "no" : o.prepare == 1 ? "32" : "32+64",
           o.cache ? "true" : "false", 1e3 * create, 1e3 * prepare,
           1e3 * gather, 1e3 * scatter, 1e3 * fill, 1e3 * csr,
           1e3 * builds, 1e3 * kernel, 1e3 * release,
           1e3 * (create + prepare + gather + scatter + fill + csr + builds +
                  kernel + release),
           1e3 * cpu);
    bench_cl_close(&cl);
    return 0;
}
