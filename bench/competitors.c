/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The OpenCL competitors clslice is measured against:
 *
 *  - the plain copy: dst[i] = src[i], one carrier per work-item, global
 *    size rounded up to the local size with a bounds check.  It moves the
 *    same number of bytes as the slice writes, so it is the roofline: no
 *    gather can beat a straight copy of its output bytes.  Several carriers
 *    and local sizes are built; the driver times the fastest one.
 *  - the naive gather anyone writes in an afternoon: a 1-D NDRange over the
 *    output elements, a runtime loop over the (unsimplified) rank with a
 *    64-bit `/` and `%` per dimension, and the per-dimension tables in a
 *    global buffer.  It gets the same honest launch (local size 128,
 *    rounded-up global) so that only its index math and tables differ.
 *  - the naive scatter, its twin: the same loop over the value's elements,
 *    reading the value contiguously and writing the tensor through the
 *    table (the destination strides of the plan's scatter layout).
 */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { N_CARRIERS = 5, N_NAIVE = 4, NAIVE_LOCAL = 128, MAX_VARIANTS = 8,
       MAX_PILOT = 16 };

static const struct {
    size_t bytes;
    const char *type;
} CARRIERS[N_CARRIERS] = {
    {1, "uchar"}, {2, "ushort"}, {4, "float"}, {8, "ulong"}, {16, "uint4"},
};

/* One template per kernel; %s is the carrier name (several times). */
static const char COPY_TEMPLATE[] =
    "kernel void copy_%s(global const %s *restrict src,\n"
    "                    global %s *restrict dst, ulong n)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    if (i < n)\n"
    "        dst[i] = src[i];\n"
    "}\n";

/* table holds count[0..rank-1] then src_stride[0..rank-1], in elements. */
static const char NAIVE_TEMPLATE[] =
    "kernel void naive_%s(global const %s *src, global %s *dst,\n"
    "                     global const long *table, int rank, long offset,\n"
    "                     long n)\n"
    "{\n"
    "    long i = (long)get_global_id(0);\n"
    "    if (i >= n)\n"
    "        return;\n"
    "    long s = offset, rest = i;\n"
    "    for (int d = rank - 1; d >= 0; d--) {\n"
    "        long c = table[d];\n"
    "        s += (rest %% c) * table[rank + d];\n"
    "        rest /= c;\n"
    "    }\n"
    "    dst[i] = src[s];\n"
    "}\n";

/* table holds count[0..rank-1] then dst_stride[0..rank-1], in elements. */
static const char NSCATTER_TEMPLATE[] =
    "kernel void nscatter_%s(global const %s *src, global %s *dst,\n"
    "                        global const long *table, int rank,\n"
    "                        long offset, long n)\n"
    "{\n"
    "    long i = (long)get_global_id(0);\n"
    "    if (i >= n)\n"
    "        return;\n"
    "    long d_at = offset, rest = i;\n"
    "    for (int d = rank - 1; d >= 0; d--) {\n"
    "        long c = table[d];\n"
    "        d_at += (rest %% c) * table[rank + d];\n"
    "        rest /= c;\n"
    "    }\n"
    "    dst[d_at] = src[i];\n"
    "}\n";

/* Naive gathers use integer carriers of the element's size. */
static const char *const NAIVE_TYPES[N_NAIVE] = {"uchar", "ushort", "uint",
                                                 "ulong"};

struct bench_kernels {
    cl_program program;
    cl_kernel copy[N_CARRIERS];
    size_t copy_max_group[N_CARRIERS];
    cl_kernel naive[N_NAIVE];
    cl_kernel nscatter[N_NAIVE];
};

static char *kernel_source(void)
{
    size_t cap = 24576, len = 0;
    char *src = malloc(cap);
    if (!src)
        bench_die("out of memory");
    for (int i = 0; i < N_CARRIERS; i++) {
        const char *t = CARRIERS[i].type;
        len += (size_t)snprintf(src + len, cap - len, COPY_TEMPLATE, t, t, t);
    }
    for (int i = 0; i < N_NAIVE; i++) {
        const char *t = NAIVE_TYPES[i];
        len += (size_t)snprintf(src + len, cap - len, NAIVE_TEMPLATE, t, t, t);
        len += (size_t)snprintf(src + len, cap - len, NSCATTER_TEMPLATE, t, t,
                                t);
    }
    if (len >= cap)
        bench_die("internal: kernel source buffer too small");
    return src;
}

static cl_program build(const bench_cl *cl, const char *source)
{
    cl_int rc;
    cl_program p = clCreateProgramWithSource(cl->context, 1, &source, NULL,
                                             &rc);
    bench_cl_check(rc, "clCreateProgramWithSource");
    rc = clBuildProgram(p, 1, &cl->device, "", NULL, NULL);
    if (rc != CL_SUCCESS) {
        char log[4096] = "";
        clGetProgramBuildInfo(p, cl->device, CL_PROGRAM_BUILD_LOG,
                              sizeof log - 1, log, NULL);
        bench_die("building the competitor kernels failed (%d):\n%s",
                  (int)rc, log);
    }
    return p;
}

static cl_kernel kernel(cl_program p, const char *prefix, const char *type)
{
    char name[64];
    snprintf(name, sizeof name, "%s_%s", prefix, type);
    cl_int rc;
    cl_kernel k = clCreateKernel(p, name, &rc);
    bench_cl_check(rc, "clCreateKernel");
    return k;
}

bench_kernels *bench_kernels_create(const bench_cl *cl)
{
    bench_kernels *k = calloc(1, sizeof *k);
    char *source = kernel_source();
    if (!k)
        bench_die("out of memory");
    k->program = build(cl, source);
    free(source);
    for (int i = 0; i < N_CARRIERS; i++) {
        k->copy[i] = kernel(k->program, "copy", CARRIERS[i].type);
        bench_cl_check(clGetKernelWorkGroupInfo(
                           k->copy[i], cl->device, CL_KERNEL_WORK_GROUP_SIZE,
                           sizeof(size_t), &k->copy_max_group[i], NULL),
                       "clGetKernelWorkGroupInfo");
    }
    for (int i = 0; i < N_NAIVE; i++) {
        k->naive[i] = kernel(k->program, "naive", NAIVE_TYPES[i]);
        k->nscatter[i] = kernel(k->program, "nscatter", NAIVE_TYPES[i]);
    }
    return k;
}

void bench_kernels_release(bench_kernels **pk)
{
    bench_kernels *k = *pk;
    if (!k)
        return;
    for (int i = 0; i < N_CARRIERS; i++)
        clReleaseKernel(k->copy[i]);
    for (int i = 0; i < N_NAIVE; i++) {
        clReleaseKernel(k->naive[i]);
        clReleaseKernel(k->nscatter[i]);
    }
    clReleaseProgram(k->program);
    free(k);
    *pk = NULL;
}

static int carrier_index(size_t bytes)
{
    for (int i = 0; i < N_CARRIERS; i++)
        if (CARRIERS[i].bytes == bytes)
            return i;
    return -1;
}

/* float is the copy the kernel notes measured; uint4 is the widest.  Both
 * are tried when they divide the size, so the roofline is the better of
 * the two; other sizes fall back to the widest carrier that divides. */
int bench_copy_variants(const bench_kernels *k, size_t bytes,
                        copy_variant *out, int max)
{
    static const size_t locals[] = {64, 128, 256};
    size_t carriers[2];
    int nc = 0, n = 0;
    if (bytes % 4 == 0)
        carriers[nc++] = 4;
    if (bytes % 16 == 0)
        carriers[nc++] = 16;
    if (nc == 0)
        carriers[nc++] = bytes % 2 == 0 ? 2 : 1;
    for (int c = 0; c < nc; c++) {
        size_t max_group = k->copy_max_group[carrier_index(carriers[c])];
        for (size_t l = 0; l < sizeof locals / sizeof *locals; l++)
            if (locals[l] <= max_group && n < max)
                out[n++] = (copy_variant){carriers[c], locals[l]};
    }
    if (n == 0 && max > 0) /* a device with tiny work-groups */
        out[n++] = (copy_variant){carriers[0], 1};
    return n;
}

static size_t round_up(size_t n, size_t m)
{
    return (n + m - 1) / m * m;
}

void bench_copy_enqueue(bench_kernels *k, cl_command_queue q, cl_mem src,
                        cl_mem dst, size_t bytes, copy_variant v)
{
    cl_kernel kern = k->copy[carrier_index(v.carrier)];
    cl_ulong n = bytes / v.carrier;
    size_t global = round_up((size_t)n, v.local);
    bench_cl_check(clSetKernelArg(kern, 0, sizeof src, &src), "clSetKernelArg");
    bench_cl_check(clSetKernelArg(kern, 1, sizeof dst, &dst), "clSetKernelArg");
    bench_cl_check(clSetKernelArg(kern, 2, sizeof n, &n), "clSetKernelArg");
    bench_cl_check(clEnqueueNDRangeKernel(q, kern, 1, NULL, &global, &v.local,
                                          0, NULL, NULL),
                   "clEnqueueNDRangeKernel(copy)");
}

static double time_copy(bench_kernels *k, const bench_cl *cl, cl_mem src,
                        cl_mem dst, size_t bytes, copy_variant v)
{
    double t0 = bench_now();
    bench_copy_enqueue(k, cl->queue, src, dst, bytes, v);
    bench_cl_check(clFinish(cl->queue), "clFinish");
    return bench_now() - t0;
}

copy_variant bench_copy_pick(bench_kernels *k, const bench_cl *cl,
                             cl_mem src, cl_mem dst, size_t bytes, int warm,
                             int pilot, bool verbose)
{
    copy_variant v[MAX_VARIANTS];
    int n = bench_copy_variants(k, bytes, v, MAX_VARIANTS);
    double best = INFINITY, t[MAX_PILOT];
    copy_variant chosen = v[0];
    if (pilot > MAX_PILOT)
        pilot = MAX_PILOT;
    for (int i = 0; i < n; i++) {
        for (int w = 0; w < warm; w++)
            time_copy(k, cl, src, dst, bytes, v[i]);
        for (int p = 0; p < pilot; p++)
            t[p] = time_copy(k, cl, src, dst, bytes, v[i]);
        double m = bench_median(t, pilot);
        if (verbose)
            fprintf(stderr, "  copy kernel, %2zu-byte carrier, local %3zu: "
                            "%.2f GB/s\n", v[i].carrier, v[i].local,
                    bench_gbps(bytes, m));
        if (m < best)
            best = m, chosen = v[i];
    }
    return chosen;
}

static int naive_which(size_t elem_size)
{
    int which = elem_size == 1 ? 0 : elem_size == 2 ? 1
              : elem_size == 4 ? 2 : elem_size == 8 ? 3 : -1;
    if (which < 0)
        bench_die("the naive kernels have no carrier for %zu-byte elements",
                  elem_size);
    return which;
}

/* Uploads count[] and the tensor-side strides as the table, and fills in
 * the launch.  `side` must be row-major over count[]: the contiguous side
 * (the gather's output, the scatter's value) is addressed by i itself. */
static void naive_setup(const bench_cl *cl, cl_kernel kernel,
                        const clslice_layout *layout, const int64_t *tensor,
                        const int64_t *side, int64_t offset, naive_launch *n)
{
    cl_long table[2 * CLSLICE_MAX_RANK];
    int64_t row = 1;
    for (int d = layout->rank - 1; d >= 0; d--) {
        if (layout->count[d] > 1 && side[d] != row)
            bench_die("internal: the layout's contiguous side is not "
                      "row-major");
        row *= layout->count[d];
    }
    for (int d = 0; d < layout->rank; d++) {
        table[d] = layout->count[d];
        table[layout->rank + d] = tensor[d];
    }
    cl_int rc;
    size_t table_bytes = 2 * (size_t)layout->rank * sizeof(cl_long);
    n->table = clCreateBuffer(cl->context,
                              CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              table_bytes ? table_bytes : sizeof(cl_long),
                              table, &rc);
    bench_cl_check(rc, "clCreateBuffer(naive table)");
    n->kernel = kernel;
    n->rank = layout->rank;
    n->offset = offset;
    n->elements = layout->elements;
    size_t max_group = 0;
    bench_cl_check(clGetKernelWorkGroupInfo(kernel, cl->device,
                                            CL_KERNEL_WORK_GROUP_SIZE,
                                            sizeof max_group, &max_group,
                                            NULL),
                   "clGetKernelWorkGroupInfo");
    n->local = max_group < NAIVE_LOCAL ? max_group : NAIVE_LOCAL;
}

/* Both naive kernels take the plan's own per-input-dimension layout, not
 * simplified: that is what a first implementation reads straight off the
 * slice spec. */
void bench_naive_prepare(bench_kernels *k, const bench_cl *cl,
                         const clslice_plan *plan, size_t elem_size,
                         naive_launch *n)
{
    clslice_layout layout;
    clslice_error err;
    bench_clslice_check(clslice_plan_layout(plan, &layout, &err), &err,
                        "clslice_plan_layout");
    naive_setup(cl, k->naive[naive_which(elem_size)], &layout,
                layout.src_stride, layout.dst_stride, layout.offset, n);
}

void bench_naive_scatter_prepare(bench_kernels *k, const bench_cl *cl,
                                 const clslice_plan *plan,
                                 const int64_t *value_shape, int value_rank,
                                 size_t elem_size, naive_launch *n)
{
    clslice_layout layout;
    clslice_error err;
    bench_clslice_check(clslice_plan_scatter_layout(plan, value_shape,
                                                    value_rank,
                                                    CLSLICE_VALUE_EXACT,
                                                    &layout, &err),
                        &err, "clslice_plan_scatter_layout");
    naive_setup(cl, k->nscatter[naive_which(elem_size)], &layout,
                layout.dst_stride, layout.src_stride, layout.dst_offset, n);
}

void bench_naive_enqueue(const naive_launch *n, cl_command_queue q,
                         cl_mem src, cl_mem dst)
{
    cl_kernel k = n->kernel;
    size_t global = round_up((size_t)n->elements, n->local);
    bench_cl_check(clSetKernelArg(k, 0, sizeof src, &src), "clSetKernelArg");
    bench_cl_check(clSetKernelArg(k, 1, sizeof dst, &dst), "clSetKernelArg");
    bench_cl_check(clSetKernelArg(k, 2, sizeof n->table, &n->table),
                   "clSetKernelArg");
    bench_cl_check(clSetKernelArg(k, 3, sizeof n->rank, &n->rank),
                   "clSetKernelArg");
    bench_cl_check(clSetKernelArg(k, 4, sizeof n->offset, &n->offset),
                   "clSetKernelArg");
    bench_cl_check(clSetKernelArg(k, 5, sizeof n->elements, &n->elements),
                   "clSetKernelArg");
    bench_cl_check(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &n->local,
                                          0, NULL, NULL),
                   "clEnqueueNDRangeKernel(naive)");
}

void bench_naive_release(naive_launch *n)
{
    if (n->table)
        clReleaseMemObject(n->table);
    n->table = NULL;
}
