/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-fused-bench: bench case 12, what fusing a slice into the
 * engine's own kernel saves.  relu(x[..., ::-1, 1:]) of a float32
 * tensor, on the default device, three ways:
 *   two launches  clslice_cl_gather of the slice into a temporary, then
 *                 the engine's ReLU over it: what an engine without the
 *                 device header does;
 *   fused         examples/fused/slice_relu.cl's slice_relu, one launch
 *                 reading x through clslice_device.h's 64-bit table;
 *   fused 32-bit  its slice_relu32 (the 32-bit table);
 *   fused rows    its slice_relu_rows: a work-item per output row, the
 *                 row's first source element found once and the row
 *                 walked, as a CPU engine would;
 *   fused 3-D     its slice_relu_3d: a 3-D range whose ids are the
 *                 output index, handed to clslice_source_offset_nd (no
 *                 division), as an engine with N-D kernels would.
 * The results are compared byte for byte before anything is timed.
 * Prints, per way, the median wall time (enqueue to clFinish) over
 * --runs rounds after a warm-up (each round runs the ways in turn), the bytes each moves (every element
 * read and written once per launch: 2 x 4 bytes per output element per
 * launch) and the rate those bytes make.
 *
 * Usage: clslice-fused-bench [--runs N] [--shape A,B,C]  (default 21 runs
 * of 64,512,512: 64 MiB; --smoke: one run of 3,5,7).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "clslice_device.h"

#define BENCH_ID 12
#define SLICE "[..., ::-1, 1:]"

/* The engine's elementwise kernel of the two-launch way. */
static const char relu_source[] =
    "kernel void relu(global const float *a, global float *b)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    b[i] = fmax(a[i], 0.0f);\n"
    "}\n";

typedef struct setup {
    bench_cl cl;
    clslice_runtime *rt;
    clslice_plan *plan;
    size_t out_elems;
    cl_mem x, tmp, table, table32, flag;
    cl_mem y[5];
    cl_kernel relu, fused, fused32, fused3d, fused_rows;
    size_t range3[3]; /* the output shape, innermost first */
} setup;

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        bench_die("cannot read %s", path);
    char *text = NULL;
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (size < 0 || fseek(f, 0, SEEK_SET) != 0 ||
        !(text = calloc((size_t)size + 1, 1)) ||
        fread(text, 1, (size_t)size, f) != (size_t)size)
        bench_die("cannot read %s", path);
    fclose(f);
    return text;
}

static cl_program build(setup *s, const char *source, const char *options)
{
    cl_int rc;
    cl_program p =
        clCreateProgramWithSource(s->cl.context, 1, &source, NULL, &rc);
    bench_cl_check(rc, "clCreateProgramWithSource");
    rc = clBuildProgram(p, 1, &s->cl.device, options, NULL, NULL);
    if (rc != CL_SUCCESS) {
        char log[2048] = "";
        clGetProgramBuildInfo(p, s->cl.device, CL_PROGRAM_BUILD_LOG,
                              sizeof log - 1, log, NULL);
        bench_die("clBuildProgram: %s", log);
    }
    return p;
}

static cl_kernel kernel_of(cl_program p, const char *name, cl_mem a,
                           cl_mem table, cl_mem b, cl_mem flag)
{
    cl_int rc;
    cl_kernel k = clCreateKernel(p, name, &rc);
    bench_cl_check(rc, "clCreateKernel");
    /* the fused kernels take (x, table, y, flag), relu (a, b) */
    cl_mem fused_args[4] = {a, table, b, flag}, relu_args[2] = {a, b};
    cl_mem *args = table ? fused_args : relu_args;
    for (cl_uint i = 0; i < (table ? 4u : 2u); i++)
        bench_cl_check(clSetKernelArg(k, i, sizeof args[i], &args[i]),
                       "clSetKernelArg");
    return k;
}

static cl_mem table_buffer(setup *s, const void *table, size_t bytes)
{
    cl_int rc;
    cl_mem m = clCreateBuffer(s->cl.context,
                              CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                              (void *)table, &rc);
    bench_cl_check(rc, "clCreateBuffer");
    return m;
}

/* The two tables of the plan over a contiguous x. */
static void make_tables(setup *s)
{
    clslice_device_table wide;
    clslice_device_table32 narrow;
    clslice_device_table_desc desc = CLSLICE_DEVICE_TABLE_DESC_INIT;
    clslice_error err;
    desc.plan = s->plan;
    desc.table = &wide;
    bench_clslice_check(clslice_plan_device_table(&desc, &err), &err,
                        "clslice_plan_device_table");
    desc.table = NULL;
    desc.table32 = &narrow;
    bench_clslice_check(clslice_plan_device_table(&desc, &err), &err,
                        "clslice_plan_device_table (32-bit)");
    s->table = table_buffer(s, &wide, sizeof wide);
    s->table32 = table_buffer(s, &narrow, sizeof narrow);
}

static void enqueue(setup *s, cl_kernel k)
{
    size_t global = s->out_elems;
    bench_cl_check(clEnqueueNDRangeKernel(s->cl.queue, k, 1, NULL, &global,
                                          NULL, 0, NULL, NULL),
                   "clEnqueueNDRangeKernel");
}

static void run_two(setup *s)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = s->cl.queue;
    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    desc.plan = s->plan;
    desc.elem_size = 4;
    desc.src.buffer = s->x;
    desc.dst.buffer = s->tmp;
    clslice_error err;
    bench_clslice_check(clslice_cl_gather(s->rt, &call, &desc, &err), &err,
                        "clslice_cl_gather");
    enqueue(s, s->relu); /* in order: after the gather */
}

static void run_fused(setup *s) { enqueue(s, s->fused); }
static void run_fused32(setup *s) { enqueue(s, s->fused32); }
static void run_fused_rows(setup *s)
{
    size_t rows = s->range3[1] * s->range3[2];
    bench_cl_check(clEnqueueNDRangeKernel(s->cl.queue, s->fused_rows, 1,
                                          NULL, &rows, NULL, 0, NULL, NULL),
                   "clEnqueueNDRangeKernel");
}
static void run_fused3d(setup *s)
{
    bench_cl_check(clEnqueueNDRangeKernel(s->cl.queue, s->fused3d, 3, NULL,
                                          s->range3, NULL, 0, NULL, NULL),
                   "clEnqueueNDRangeKernel");
}

#define WAYS 5

/* The median time of each way (enqueue to clFinish) over `runs` rounds
 * after a warm-up; each round runs every way once, in turn, so that a
 * shared machine's load falls on all of them alike. */
static void timed(setup *s, void (*const run[WAYS])(setup *), int runs,
                  double *median)
{
    double *t = malloc(sizeof *t * (size_t)runs * WAYS);
    if (!t)
        bench_die("out of memory");
    for (int w = 0; w < WAYS; w++)
        run[w](s); /* warm-up: builds, first touches */
    bench_cl_check(clFinish(s->cl.queue), "clFinish");
    for (int i = 0; i < runs; i++)
        for (int w = 0; w < WAYS; w++) {
            double start = bench_now();
            run[w](s);
            bench_cl_check(clFinish(s->cl.queue), "clFinish");
            t[w * runs + i] = bench_now() - start;
        }
    for (int w = 0; w < WAYS; w++)
        median[w] = bench_median(t + w * runs, runs);
    free(t);
}

/* Every way's y against the two launches', and no table refused. */
static void compare(setup *s)
{
    size_t bytes = s->out_elems * 4;
    unsigned char *a = malloc(bytes), *b = malloc(bytes);
    if (!a || !b)
        bench_die("out of memory");
    bench_cl_check(clEnqueueReadBuffer(s->cl.queue, s->y[0], CL_TRUE, 0,
                                       bytes, a, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    static const char *const names[] = {"", "64-bit", "32-bit", "3-D",
                                        "rows"};
    for (int w = 1; w < 5; w++) {
        bench_cl_check(clEnqueueReadBuffer(s->cl.queue, s->y[w], CL_TRUE, 0,
                                           bytes, b, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
        if (memcmp(a, b, bytes) != 0)
            bench_die("the fused result (%s) differs from slice-then-ReLU",
                      names[w]);
    }
    int bad = 0;
    bench_cl_check(clEnqueueReadBuffer(s->cl.queue, s->flag, CL_TRUE, 0,
                                       sizeof bad, &bad, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    if (bad)
        bench_die("the fused kernel refused the table's version");
    free(a);
    free(b);
}

static void parse(int argc, char **argv, int *runs, int64_t *shape)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--smoke")) {
            *runs = 1;
            shape[0] = 3, shape[1] = 5, shape[2] = 7;
        } else if (!strcmp(argv[i], "--runs") && i + 1 < argc) {
            *runs = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--shape") && i + 1 < argc) {
            long long a, b, c;
            if (sscanf(argv[++i], "%lld,%lld,%lld", &a, &b, &c) != 3)
                bench_die("--shape wants A,B,C");
            shape[0] = a, shape[1] = b, shape[2] = c;
        } else {
            bench_die("usage: clslice-fused-bench [--runs N] [--shape A,B,C] "
                      "[--smoke]");
        }
    }
    if (*runs < 1 || shape[0] < 1 || shape[1] < 1 || shape[2] < 2)
        bench_die("--runs wants >= 1, --shape dims >= 1 (the last >= 2)");
}

/* Fills x with values of both signs. */
static void fill_x(setup *s, size_t elems)
{
    float *x = malloc(elems * sizeof *x);
    if (!x)
        bench_die("out of memory");
    for (size_t i = 0; i < elems; i++)
        x[i] = (float)((i * 2654435761u) % 2001u) - 1000.5f;
    bench_cl_check(clEnqueueWriteBuffer(s->cl.queue, s->x, CL_TRUE, 0,
                                        elems * sizeof *x, x, 0, NULL, NULL),
                   "clEnqueueWriteBuffer");
    free(x);
}

int main(int argc, char **argv)
{
    int runs = 21;
    int64_t shape[3] = {64, 512, 512};
    parse(argc, argv, &runs, shape);
    setup s = {0};
    char why[256];
    if (bench_cl_open(-1, &s.cl, why, sizeof why)) {
        printf("clslice-fused-bench: skipped: %s\n", why);
        return 0;
    }
    clslice_error err;
    bench_clslice_check(clslice_runtime_create(s.cl.context, &s.rt, &err),
                        &err, "clslice_runtime_create");
    bench_clslice_check(clslice_plan_expr(shape, 3, SLICE, &s.plan, &err),
                        &err, "clslice_plan_expr");
    s.out_elems = (size_t)clslice_plan_output_elements(s.plan);
    size_t in_elems = (size_t)(shape[0] * shape[1] * shape[2]);
    s.x = bench_buffer(&s.cl, in_elems * 4);
    s.tmp = bench_buffer(&s.cl, s.out_elems * 4);
    for (int w = 0; w < 5; w++)
        s.y[w] = bench_buffer(&s.cl, s.out_elems * 4);
    int64_t out_shape[3];
    clslice_plan_output_shape(s.plan, out_shape);
    for (int d = 0; d < 3; d++)
        s.range3[d] = (size_t)out_shape[2 - d];
    int zero = 0;
    s.flag = table_buffer(&s, &zero, sizeof zero);
    fill_x(&s, in_elems);
    make_tables(&s);

    cl_program relu = build(&s, relu_source, "");
    char *fused_source = read_text(CLSLICE_BENCH_FUSED_KERNEL);
    cl_program fused = build(&s, fused_source,
                             "-I " CLSLICE_BENCH_DEVICE_INCLUDE);
    free(fused_source);
    s.relu = kernel_of(relu, "relu", s.tmp, NULL, s.y[0], NULL);
    s.fused = kernel_of(fused, "slice_relu", s.x, s.table, s.y[1], s.flag);
    s.fused32 =
        kernel_of(fused, "slice_relu32", s.x, s.table32, s.y[2], s.flag);
    s.fused3d =
        kernel_of(fused, "slice_relu_3d", s.x, s.table, s.y[3], s.flag);
    s.fused_rows =
        kernel_of(fused, "slice_relu_rows", s.x, s.table, s.y[4], s.flag);
    run_two(&s);
    run_fused(&s);
    run_fused32(&s);
    run_fused3d(&s);
    run_fused_rows(&s);
    compare(&s);

    double bytes_one = (double)s.out_elems * 8; /* read 4, write 4 */
    static const char *const names[WAYS] = {
        "two launches (clslice_cl_gather, ReLU)",
        "fused (clslice_device.h, 64-bit table)", "fused (32-bit table)",
        "fused (3-D range, N-D index)", "fused (a work-item per row)"};
    static const int launches[WAYS] = {2, 1, 1, 1, 1};
    void (*const run[WAYS])(setup *) = {run_two, run_fused, run_fused32,
                                        run_fused3d, run_fused_rows};
    printf("case %d: relu(x%s), x float32 %lldx%lldx%lld; device: %s; "
           "median of %d rounds, the ways in turn\n",
           BENCH_ID, SLICE, (long long)shape[0], (long long)shape[1],
           (long long)shape[2], s.cl.device_name, runs);
    printf("%-40s %8s %10s %10s %8s\n", "way", "launches", "MB moved", "ms",
           "GB/s");
    double t[WAYS];
    timed(&s, run, runs, t);
    for (int w = 0; w < WAYS; w++) {
        double moved = bytes_one * launches[w];
        printf("%-40s %8d %10.1f %10.3f %8.2f", names[w], launches[w],
               moved / 1e6, t[w] * 1e3, moved / t[w] / 1e9);
        if (w > 0)
            printf("  %.2fx the two launches' time", t[w] / t[0]);
        printf("\n");
    }
    clReleaseKernel(s.relu);
    clReleaseKernel(s.fused);
    clReleaseKernel(s.fused32);
    clReleaseKernel(s.fused3d);
    clReleaseKernel(s.fused_rows);
    clReleaseProgram(relu);
    clReleaseProgram(fused);
    cl_mem mems[] = {s.x, s.tmp, s.table, s.table32, s.flag,
                     s.y[0], s.y[1], s.y[2], s.y[3], s.y[4]};
    for (size_t m = 0; m < sizeof mems / sizeof mems[0]; m++)
        clReleaseMemObject(mems[m]);
    clslice_plan_release(&s.plan);
    clslice_runtime_release(&s.rt);
    bench_cl_close(&s.cl);
    return 0;
}
