/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A slice fused into an engine's own kernel: relu(x[..., ::-1, 1:]) in
 * one launch (slice_relu.cl), the way an engine that generates its
 * kernels would do it:
 *   1. the engine's kernel source #includes "clslice_device.h" and is
 *      built with -I the folder clslice's headers are installed in
 *      (pkg-config --variable=includedir clslice, or the CMake package's
 *      include directory);
 *   2. per call, the host builds the plan (any front-end), fills the
 *      table with clslice_plan_device_table and hands it to the kernel
 *      in a small constant buffer.  No clslice launch, no temporary.
 *
 * As a test (ctest test_example_fused) it runs random shapes, padded and
 * offset sources included, through the 64-bit, 32-bit, row and 3-D kernels
 * and compares every element with clslice_host_gather2 followed by a
 * ReLU on the host; a table of another version must be refused.  Prints
 * the seed on failure.  Exits 0 with a message when there is no OpenCL
 * device, unless CLSLICE_REQUIRE_DEVICE=1.
 *
 *   fused_relu [--include DIR] [--kernel FILE] [--seed N] [--trials N]
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clslice_cl.h"
#include "clslice_device.h"

#ifndef FUSED_INCLUDE_DIR
#define FUSED_INCLUDE_DIR "/usr/include"
#endif
#ifndef FUSED_KERNEL_FILE
#define FUSED_KERNEL_FILE "slice_relu.cl"
#endif

#define MAX_ELEMENTS 4096

typedef struct engine {
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    /* slice_relu, slice_relu32, slice_relu_rows, slice_relu_3d */
    cl_kernel wide, narrow, rows, nd;
} engine;

static unsigned long long g_seed;

static unsigned long long next_random(unsigned long long *state)
{
    unsigned long long z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static long range(unsigned long long *state, long lo, long hi)
{
    return lo + (long)(next_random(state) % (unsigned long long)(hi - lo + 1));
}

static int fail(const char *what, cl_int rc)
{
    fprintf(stderr, "fused_relu: %s failed (%d); seed %llu\n", what, (int)rc,
            g_seed);
    return 1;
}

/* The first GPU of any platform, else the first device of any kind. */
static cl_int pick_device(cl_device_id *device)
{
    cl_platform_id platforms[16];
    cl_uint n = 0;
    cl_int rc = clGetPlatformIDs(16, platforms, &n);
    cl_device_type types[2] = {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ALL};
    for (int t = 0; t < 2 && rc == CL_SUCCESS; t++)
        for (cl_uint p = 0; p < n && p < 16; p++)
            if (clGetDeviceIDs(platforms[p], types[t], 1, device, NULL) ==
                CL_SUCCESS)
                return CL_SUCCESS;
    return rc == CL_SUCCESS ? CL_DEVICE_NOT_FOUND : rc;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = NULL;
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (size >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (text = calloc((size_t)size + 1, 1)) != NULL &&
        fread(text, 1, (size_t)size, f) != (size_t)size) {
        free(text);
        text = NULL;
    }
    fclose(f);
    return text;
}

/* Step 1: the engine's program, built with -I clslice's include folder. */
static int build_engine(engine *e, cl_device_id device, const char *kernel,
                        const char *include_dir)
{
    char *source = read_text(kernel);
    if (!source) {
        fprintf(stderr, "fused_relu: cannot read %s\n", kernel);
        return 1;
    }
    cl_int rc;
    e->context = clCreateContext(NULL, 1, &device, NULL, NULL, &rc);
    if (rc != CL_SUCCESS)
        return free(source), fail("clCreateContext", rc);
    e->queue = clCreateCommandQueue(e->context, device, 0, &rc);
    if (rc != CL_SUCCESS)
        return free(source), fail("clCreateCommandQueue", rc);
    const char *sources[1] = {source};
    e->program = clCreateProgramWithSource(e->context, 1, sources, NULL, &rc);
    free(source);
    if (rc != CL_SUCCESS)
        return fail("clCreateProgramWithSource", rc);
    char options[4200];
    snprintf(options, sizeof options, "-I %s", include_dir);
    rc = clBuildProgram(e->program, 1, &device, options, NULL, NULL);
    if (rc != CL_SUCCESS) {
        char log[4096] = "";
        clGetProgramBuildInfo(e->program, device, CL_PROGRAM_BUILD_LOG,
                              sizeof log - 1, log, NULL);
        fprintf(stderr, "fused_relu: building %s with %s:\n%s\n", kernel,
                options, log);
        return fail("clBuildProgram", rc);
    }
    e->wide = clCreateKernel(e->program, "slice_relu", &rc);
    if (rc == CL_SUCCESS)
        e->narrow = clCreateKernel(e->program, "slice_relu32", &rc);
    if (rc == CL_SUCCESS)
        e->rows = clCreateKernel(e->program, "slice_relu_rows", &rc);
    if (rc == CL_SUCCESS)
        e->nd = clCreateKernel(e->program, "slice_relu_3d", &rc);
    return rc == CL_SUCCESS ? 0 : fail("clCreateKernel", rc);
}

static void release_engine(engine *e)
{
    cl_kernel kernels[4] = {e->wide, e->narrow, e->rows, e->nd};
    for (int k = 0; k < 4; k++)
        if (kernels[k])
            clReleaseKernel(kernels[k]);
    if (e->program)
        clReleaseProgram(e->program);
    if (e->queue)
        clReleaseCommandQueue(e->queue);
    if (e->context)
        clReleaseContext(e->context);
}

/* One random source: a shape of rank 2-5 (3 when `rank3`), stored at
 * element strides padded now and then, from element `offset` of a
 * buffer of `elements` floats, all non-zero (so fmax's choice between
 * -0 and +0 never shows). */
typedef struct source {
    int rank;
    int64_t shape[5], strides[5];
    int64_t offset, elements;
    float *data;
} source;

static int make_source(unsigned long long *rng, bool rank3, source *s)
{
    s->rank = rank3 ? 3 : (int)range(rng, 2, 5);
    int64_t total = 1;
    for (int d = 0; d < s->rank; d++) {
        s->shape[d] = range(rng, 1, total > 256 ? 2 : 7);
        total *= s->shape[d];
    }
    bool padded = range(rng, 0, 1);
    int64_t next = 1;
    for (int d = s->rank - 1; d >= 0; d--) {
        s->strides[d] = next;
        next *= s->shape[d] + (padded ? range(rng, 0, 2) : 0);
    }
    s->offset = padded ? range(rng, 0, 5) : 0;
    s->elements = s->offset + next;
    s->data = malloc((size_t)s->elements * sizeof *s->data);
    if (!s->data)
        return 1;
    for (int64_t i = 0; i < s->elements; i++)
        s->data[i] = ((float)range(rng, 1, 2000) - 1000.5f) / 64.0f;
    return 0;
}

/* Step 2: the table of `plan` for `s`, in either width. */
static clslice_status fill_table(const clslice_plan *plan, const source *s,
                                 clslice_device_table *wide,
                                 clslice_device_table32 *narrow)
{
    clslice_device_table_desc desc = CLSLICE_DEVICE_TABLE_DESC_INIT;
    desc.plan = plan;
    desc.src_strides = s->strides;
    desc.src_offset = s->offset;
    desc.src_elements = s->elements; /* checked: reads stay inside x */
    desc.table = wide;
    desc.table32 = narrow;
    clslice_error err;
    clslice_status st = clslice_plan_device_table(&desc, &err);
    if (st != CLSLICE_OK)
        fprintf(stderr, "fused_relu: %s; seed %llu\n", err.message, g_seed);
    return st;
}

/* What the fused kernel must give: the host's gather, then ReLU. */
static int reference(const clslice_plan *plan, const source *s, float *want,
                     int64_t elements)
{
    clslice_host_gather_desc desc = CLSLICE_HOST_GATHER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = sizeof(float);
    desc.src = (clslice_host_tensor){s->data,
                                     (size_t)s->elements * sizeof(float),
                                     (size_t)s->offset * sizeof(float),
                                     s->strides};
    desc.dst = (clslice_host_tensor){want, (size_t)elements * sizeof(float),
                                     0, NULL};
    clslice_error err;
    if (clslice_host_gather2(&desc, &err) != CLSLICE_OK) {
        fprintf(stderr, "fused_relu: host gather: %s\n", err.message);
        return 1;
    }
    for (int64_t i = 0; i < elements; i++)
        want[i] = fmaxf(want[i], 0.0f);
    return 0;
}

/* Runs `kernel` on x with `table` (`table_bytes`) over `global` work-items
 * (`dims` of them) and compares y with want.  `expect_bad`: the table
 * carries another version, and the kernel must say so. */
static int run_kernel(engine *e, cl_kernel kernel, cl_mem x, const void *table,
                      size_t table_bytes, const size_t *global, cl_uint dims,
                      const float *want, int64_t elements, bool expect_bad,
                      const char *what)
{
    cl_int rc;
    size_t y_bytes = (size_t)(elements > 0 ? elements : 1) * sizeof(float);
    cl_mem t = clCreateBuffer(e->context,
                              CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              table_bytes, (void *)table, &rc);
    cl_mem y = clCreateBuffer(e->context, CL_MEM_WRITE_ONLY, y_bytes, NULL,
                              &rc);
    int bad = 0;
    cl_mem flag = clCreateBuffer(e->context,
                                 CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                 sizeof bad, &bad, &rc);
    float *got = malloc(y_bytes);
    if (!t || !y || !flag || !got)
        rc = CL_OUT_OF_HOST_MEMORY;
    cl_mem args[4] = {x, t, y, flag};
    for (cl_uint a = 0; a < 4 && rc == CL_SUCCESS; a++)
        rc = clSetKernelArg(kernel, a, sizeof(cl_mem), &args[a]);
    /* A 1-D range in groups of 64, rounded up (the kernels skip the
     * work-items past the end), as an engine would launch: one
     * work-group size also spares PoCL a compile per new range. */
    size_t wg = 0, padded = (global[0] + 63) / 64 * 64, local = 64;
    if (rc == CL_SUCCESS)
        rc = clGetKernelWorkGroupInfo(kernel, NULL, CL_KERNEL_WORK_GROUP_SIZE,
                                      sizeof wg, &wg, NULL);
    bool grouped = dims == 1 && wg >= local;
    if (rc == CL_SUCCESS)
        rc = clEnqueueNDRangeKernel(e->queue, kernel, dims, NULL,
                                    grouped ? &padded : global,
                                    grouped ? &local : NULL, 0, NULL, NULL);
    if (rc == CL_SUCCESS)
        rc = clEnqueueReadBuffer(e->queue, flag, CL_TRUE, 0, sizeof bad, &bad,
                                 0, NULL, NULL);
    if (rc == CL_SUCCESS)
        rc = clEnqueueReadBuffer(e->queue, y, CL_TRUE, 0, y_bytes, got, 0,
                                 NULL, NULL);
    int status = rc != CL_SUCCESS ? fail(what, rc) : 0;
    if (!status && bad != expect_bad) {
        fprintf(stderr, "fused_relu: %s: the kernel %s the table; seed %llu\n",
                what, bad ? "refused" : "accepted", g_seed);
        status = 1;
    }
    for (int64_t i = 0; !status && !expect_bad && i < elements; i++)
        if (got[i] != want[i]) {
            fprintf(stderr,
                    "fused_relu: %s: y[%lld] = %g, the host says %g; "
                    "seed %llu\n",
                    what, (long long)i, got[i], want[i], g_seed);
            status = 1;
        }
    free(got);
    cl_mem mems[3] = {t, y, flag};
    for (int m = 0; m < 3; m++)
        if (mems[m])
            clReleaseMemObject(mems[m]);
    return status;
}

/* One random source through the three kernels. */
static int trial(engine *e, unsigned long long *rng, int number)
{
    source s;
    if (make_source(rng, number % 3 == 0, &s))
        return fail("malloc", 0);
    clslice_plan *plan = NULL;
    clslice_error err;
    if (clslice_plan_expr(s.shape, s.rank, "[..., ::-1, 1:]", &plan, &err)) {
        fprintf(stderr, "fused_relu: %s\n", err.message);
        free(s.data);
        return 1;
    }
    int64_t elements = clslice_plan_output_elements(plan);
    float *want = malloc((size_t)(elements > 0 ? elements : 1) * sizeof *want);
    clslice_device_table wide;
    clslice_device_table32 narrow;
    int status = !want || reference(plan, &s, want, elements) ||
                 fill_table(plan, &s, &wide, NULL) ||
                 fill_table(plan, &s, NULL, &narrow);
    cl_int rc = CL_SUCCESS;
    cl_mem x = status ? NULL
                      : clCreateBuffer(e->context,
                                       CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                       (size_t)s.elements * sizeof(float),
                                       s.data, &rc);
    if (!status && rc != CL_SUCCESS)
        status = fail("clCreateBuffer", rc);
    /* an empty slice launches nothing: a range of 0 is not valid */
    size_t global = (size_t)elements;
    if (!status && elements > 0)
        status = run_kernel(e, e->wide, x, &wide, sizeof wide, &global, 1,
                            want, elements, false, "slice_relu") ||
                 run_kernel(e, e->narrow, x, &narrow, sizeof narrow, &global,
                            1, want, elements, false, "slice_relu32");
    /* one work-item per row of the innermost dim */
    size_t rows = elements > 0 ? (size_t)(elements / wide.count[wide.rank - 1])
                               : 0;
    if (!status && elements > 0)
        status = run_kernel(e, e->rows, x, &wide, sizeof wide, &rows, 1, want,
                            elements, false, "slice_relu_rows");
    if (!status && elements > 0 && s.rank == 3) {
        int64_t shape[3];
        clslice_plan_output_shape(plan, shape);
        size_t range3[3] = {(size_t)shape[2], (size_t)shape[1],
                            (size_t)shape[0]};
        status = run_kernel(e, e->nd, x, &wide, sizeof wide, range3, 3, want,
                            elements, false, "slice_relu_3d");
    }
    if (!status && elements > 0 && number == 1) {
        /* a table from another version of the format is refused */
        wide.version = CLSLICE_DEVICE_TABLE_VERSION + 1;
        status = run_kernel(e, e->wide, x, &wide, sizeof wide, &global, 1,
                            want, elements, true, "slice_relu, version 2");
    }
    if (x)
        clReleaseMemObject(x);
    free(want);
    free(s.data);
    clslice_plan_release(&plan);
    return status;
}

int main(int argc, char **argv)
{
    const char *include_dir = FUSED_INCLUDE_DIR, *kernel = FUSED_KERNEL_FILE;
    long trials = 40;
    g_seed = 0xF05EDull;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--include"))
            include_dir = argv[i + 1];
        else if (!strcmp(argv[i], "--kernel"))
            kernel = argv[i + 1];
        else if (!strcmp(argv[i], "--seed"))
            g_seed = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--trials"))
            trials = strtol(argv[i + 1], NULL, 0);
    }
    if (argc % 2 == 0) {
        fprintf(stderr, "usage: fused_relu [--include DIR] [--kernel FILE] "
                        "[--seed N] [--trials N]\n");
        return 2;
    }
    cl_device_id device;
    cl_int rc = pick_device(&device);
    if (rc != CL_SUCCESS) {
        const char *require = getenv("CLSLICE_REQUIRE_DEVICE");
        bool required = require && !strcmp(require, "1");
        printf("fused_relu: no OpenCL device (%d)%s\n", (int)rc,
               required ? ", and CLSLICE_REQUIRE_DEVICE=1" : ": nothing run");
        return required ? 1 : 0;
    }
    engine e = {0};
    int status = build_engine(&e, device, kernel, include_dir);
    unsigned long long rng = g_seed;
    for (long t = 0; !status && t < trials; t++)
        status = trial(&e, &rng, (int)t);
    release_engine(&e);
    if (!status)
        printf("fused_relu: %ld random slices agree with the host "
               "(seed %llu)\n",
               trials, g_seed);
    return status;
}
