/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-svm-bench: bench case 13, a gather between tensors in SVM
 * (clslice_cl_svm) against the same gather between buffers, on the
 * default device.  Two slices: [1:-1, ::2, 3:250] of a 64x512x256
 * float32 tensor (32 MiB), where the copy is the time, and [1:-1, 1:-1]
 * of a 64x64 one, where the call is (an SVM side costs a wrapper buffer
 * made and released per call).  Ways: buffer -> buffer, coarse-grained
 * SVM -> coarse, fine-grained -> fine (where the device has each).  The
 * results are compared byte for byte first; each of --runs rounds runs
 * the ways in turn, and medians (enqueue to clFinish) are printed.
 *
 * Usage: clslice-svm-bench [--runs N] [--smoke]
 */
#define CL_TARGET_OPENCL_VERSION 200
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define BENCH_ID 13
#define WAYS 3

typedef struct side {
    cl_mem buffer;
    void *svm;
    size_t bytes;
} side;

typedef struct setup {
    bench_cl cl;
    clslice_runtime *rt;
    clslice_plan *plan;
    cl_device_svm_capabilities caps;
    side src[WAYS], dst[WAYS];
} setup;

static const char *const way_name[WAYS] = {"buffer -> buffer",
                                           "coarse SVM -> coarse SVM",
                                           "fine SVM -> fine SVM"};

static bool way_runs(const setup *s, int w)
{
    return w == 0 ||
           (s->caps & (w == 1 ? CL_DEVICE_SVM_COARSE_GRAIN_BUFFER
                              : CL_DEVICE_SVM_FINE_GRAIN_BUFFER));
}

static void make_side(setup *s, int w, size_t bytes, const void *data,
                      side *out)
{
    out->bytes = bytes;
    if (w == 0) {
        out->buffer = bench_buffer(&s->cl, bytes);
        if (data)
            bench_cl_check(clEnqueueWriteBuffer(s->cl.queue, out->buffer,
                                                CL_TRUE, 0, bytes, data, 0,
                                                NULL, NULL),
                           "clEnqueueWriteBuffer");
        return;
    }
    cl_svm_mem_flags flags = CL_MEM_READ_WRITE;
    if (w == 2)
        flags |= CL_MEM_SVM_FINE_GRAIN_BUFFER;
    out->svm = clSVMAlloc(s->cl.context, flags, bytes, 0);
    if (!out->svm)
        bench_die("clSVMAlloc of %zu bytes failed", bytes);
    if (data)
        bench_cl_check(clEnqueueSVMMemcpy(s->cl.queue, CL_TRUE, out->svm,
                                          data, bytes, 0, NULL, NULL),
                       "clEnqueueSVMMemcpy");
}

static void free_side(setup *s, side *x)
{
    if (x->buffer)
        clReleaseMemObject(x->buffer);
    if (x->svm)
        clSVMFree(s->cl.context, x->svm);
    memset(x, 0, sizeof *x);
}

static void run_way(setup *s, int w)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = s->cl.queue;
    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    desc.plan = s->plan;
    desc.elem_size = 4;
    desc.src.buffer = s->src[w].buffer;
    desc.dst.buffer = s->dst[w].buffer;
    if (s->src[w].svm)
        desc.src_svm = (clslice_cl_svm){s->src[w].svm, s->src[w].bytes};
    if (s->dst[w].svm)
        desc.dst_svm = (clslice_cl_svm){s->dst[w].svm, s->dst[w].bytes};
    clslice_error err;
    bench_clslice_check(clslice_cl_gather(s->rt, &call, &desc, &err), &err,
                        "clslice_cl_gather");
}

static void read_side(setup *s, const side *x, void *out)
{
    if (x->buffer)
        bench_cl_check(clEnqueueReadBuffer(s->cl.queue, x->buffer, CL_TRUE,
                                           0, x->bytes, out, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
    else
        bench_cl_check(clEnqueueSVMMemcpy(s->cl.queue, CL_TRUE, out, x->svm,
                                          x->bytes, 0, NULL, NULL),
                       "clEnqueueSVMMemcpy");
}

/* One slice: sides made, results compared, the ways timed in turn. */
static void bench_slice(setup *s, const int64_t *shape, int rank,
                        const char *expr, int runs)
{
    clslice_error err;
    bench_clslice_check(clslice_plan_expr(shape, rank, expr, &s->plan, &err),
                        &err, "clslice_plan_expr");
    size_t in_bytes = 4, out_bytes =
        (size_t)clslice_plan_output_elements(s->plan) * 4;
    for (int d = 0; d < rank; d++)
        in_bytes *= (size_t)shape[d];
    unsigned char *x = malloc(in_bytes), *want = malloc(out_bytes),
                  *got = malloc(out_bytes);
    if (!x || !want || !got)
        bench_die("out of memory");
    bench_fill_pattern(x, in_bytes);
    for (int w = 0; w < WAYS; w++)
        if (way_runs(s, w)) {
            make_side(s, w, in_bytes, x, &s->src[w]);
            make_side(s, w, out_bytes, NULL, &s->dst[w]);
            run_way(s, w);
            bench_cl_check(clFinish(s->cl.queue), "clFinish");
            read_side(s, &s->dst[w], w == 0 ? want : got);
            if (w > 0 && memcmp(want, got, out_bytes) != 0)
                bench_die("%s differs from buffer -> buffer", way_name[w]);
        }
    double *t = malloc(sizeof *t * (size_t)runs * WAYS);
    if (!t)
        bench_die("out of memory");
    for (int i = 0; i < runs; i++)
        for (int w = 0; w < WAYS; w++)
            if (way_runs(s, w)) {
                double start = bench_now();
                run_way(s, w);
                bench_cl_check(clFinish(s->cl.queue), "clFinish");
                t[w * runs + i] = bench_now() - start;
            }
    printf("x%s of %lld", expr, (long long)shape[0]);
    for (int d = 1; d < rank; d++)
        printf("x%lld", (long long)shape[d]);
    printf(" float32 (%.1f MB out)\n", (double)out_bytes / 1e6);
    double base = bench_median(t, runs);
    for (int w = 0; w < WAYS; w++) {
        if (!way_runs(s, w)) {
            printf("  %-26s  not offered by the device\n", way_name[w]);
            continue;
        }
        double m = w == 0 ? base : bench_median(t + w * runs, runs);
        printf("  %-26s %10.3f ms  %.2fx buffer -> buffer\n", way_name[w],
               m * 1e3, m / base);
    }
    for (int w = 0; w < WAYS; w++) {
        free_side(s, &s->src[w]);
        free_side(s, &s->dst[w]);
    }
    free(t), free(x), free(want), free(got);
    clslice_plan_release(&s->plan);
}

int main(int argc, char **argv)
{
    int runs = 21;
    bool smoke = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--smoke"))
            smoke = true, runs = 1;
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else
            bench_die("usage: clslice-svm-bench [--runs N] [--smoke]");
    }
    if (runs < 1)
        bench_die("--runs wants >= 1");
    setup s;
    memset(&s, 0, sizeof s);
    char why[256];
    if (bench_cl_open(-1, &s.cl, why, sizeof why)) {
        printf("clslice-svm-bench: skipped: %s\n", why);
        return 0;
    }
    if (clGetDeviceInfo(s.cl.device, CL_DEVICE_SVM_CAPABILITIES,
                        sizeof s.caps, &s.caps, NULL) != CL_SUCCESS)
        s.caps = 0;
    clslice_error err;
    bench_clslice_check(clslice_runtime_create(s.cl.context, &s.rt, &err),
                        &err, "clslice_runtime_create");
    printf("case %d: gathers between SVM tensors and between buffers; "
           "device: %s; median of %d rounds, the ways in turn\n",
           BENCH_ID, s.cl.device_name, runs);
    const int64_t large[] = {64, 512, 256}, large_smoke[] = {4, 6, 252};
    const int64_t small[] = {64, 64};
    bench_slice(&s, smoke ? large_smoke : large, 3, "[1:-1, ::2, 3:250]",
                runs);
    bench_slice(&s, small, 2, "[1:-1, 1:-1]", smoke ? 1 : runs * 10);
    clslice_runtime_release(&s.rt);
    bench_cl_close(&s.cl);
    return 0;
}
