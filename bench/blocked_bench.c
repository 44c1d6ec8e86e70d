/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-blocked-bench: channel slices of a 1x64x56x56 float32 tensor
 * stored blocked, as GPU engines keep activations (MNN's NC4HW4,
 * OpenVINO's b_fs_yx_fsv16), next to the same slice of the plain NCHW
 * tensor.  Each row is one clslice_cl_gather: from a blocked source into
 * a plain or a blocked destination, or from a plain source into a
 * blocked one; two slices each: channels 16:48 (whole blocks of both
 * layouts, which the library turns into an ordinary strided copy) and
 * 3:35 (starting inside a block: the blocked kernels).
 *
 * The plain twin of both slices is one clEnqueueCopyBuffer (a batch of 1
 * and whole channel planes), so a ratio is the cost of the blocking
 * against a memcpy of the same bytes.
 *
 * Every row's result is first checked against clslice_host_gather2.
 * Then the row and its plain twin run alternately, --runs times each
 * after a warm-up, and the medians (enqueue to clFinish) are printed with
 * their ratio, and the share of the machine other processes took during
 * the run (the cores are shared).
 *
 * Then bench case 14, on a device with images: the same tensor as an
 * NC4HW4 image
 * (clslice_cl_image, CL_RGBA CL_FLOAT, 896 x 56 texels) sliced into a
 * plain NCHW buffer, next to the same slice of the NC4HW4 buffer (the
 * buffer path above): what reading through the image costs against
 * reading the blocked buffer.  Checked against clslice_host_gather2 on the
 * image's storage first.
 *
 * Usage: clslice-blocked-bench [--runs N] [--device I]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

enum { C = 64, HW = 56 * 56, MOST_BYTES = (C + 16) * HW * 4 };

typedef struct row {
    const char *name;
    int from, to; /* lanes per block of src and dst; 0: plain */
} row;

static const row ROWS[] = {
    {"NC4HW4 -> NCHW", 4, 0},   {"NC4HW4 -> NC4HW4", 4, 4},
    {"fsv16 -> NCHW", 16, 0},   {"fsv16 -> fsv16", 16, 16},
    {"fsv16 -> NC4HW4", 16, 4}, {"NCHW -> NC4HW4", 0, 4},
    {"NCHW -> fsv16", 0, 16}};

static const char *const SLICES[] = {":, 16:48", ":, 3:35"};

typedef struct bench {
    bench_cl cl;
    clslice_runtime *rt;
    cl_mem src, dst, plain_dst;
    unsigned char *host_src, *want, *got;
} bench;

static clslice_blocking blocking(int block)
{
    return (clslice_blocking){.axis = 1, .block = block};
}

static void gather(bench *b, const clslice_plan *plan, int from, int to,
                   cl_mem dst)
{
    clslice_blocking in = blocking(from), out = blocking(to);
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = b->cl.queue};
    clslice_cl_gather_desc desc = {
        .struct_size = sizeof desc, .plan = plan, .elem_size = 4,
        .src = {.buffer = b->src}, .dst = {.buffer = dst},
        .src_blocking = from ? &in : NULL, .dst_blocking = to ? &out : NULL};
    clslice_error err;
    bench_clslice_check(clslice_cl_gather(b->rt, &call, &desc, &err), &err,
                        "clslice_cl_gather");
}

/* The device's result of one row against the host executor's. */
static void check(bench *b, const clslice_plan *plan, int from, int to)
{
    clslice_blocking in = blocking(from), out = blocking(to);
    clslice_error err;
    memset(b->want, 0x5A, MOST_BYTES);
    bench_cl_check(clEnqueueWriteBuffer(b->cl.queue, b->dst, CL_TRUE, 0,
                                        MOST_BYTES, b->want, 0, NULL, NULL),
                   "clEnqueueWriteBuffer");
    clslice_host_gather_desc host = CLSLICE_HOST_GATHER_DESC_INIT;
    host.plan = plan;
    host.elem_size = 4;
    host.src = (clslice_host_tensor){b->host_src, MOST_BYTES, 0, NULL};
    host.dst = (clslice_host_tensor){b->want, MOST_BYTES, 0, NULL};
    host.src_blocking = from ? &in : NULL;
    host.dst_blocking = to ? &out : NULL;
    bench_clslice_check(clslice_host_gather2(&host, &err), &err,
                        "clslice_host_gather2");
    gather(b, plan, from, to, b->dst);
    bench_cl_check(clEnqueueReadBuffer(b->cl.queue, b->dst, CL_TRUE, 0,
                                       MOST_BYTES, b->got, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    if (memcmp(b->want, b->got, MOST_BYTES) != 0)
        bench_die("the device's result differs from the host's");
}

static double finish_since(bench *b, double start)
{
    bench_cl_check(clFinish(b->cl.queue), "clFinish");
    return bench_now() - start;
}

/* Medians of the row (blocked) and its plain twin, run alternately. */
static void timed(bench *b, const clslice_plan *plan, const row *r,
                  int runs, double *blocked, double *plain)
{
    double *tb = malloc(sizeof *tb * (size_t)runs);
    double *tp = malloc(sizeof *tp * (size_t)runs);
    if (!tb || !tp)
        bench_die("out of memory");
    for (int i = -3; i < runs; i++) { /* three warm-ups */
        double start = bench_now();
        gather(b, plan, r->from, r->to, b->dst);
        double t = finish_since(b, start);
        start = bench_now();
        gather(b, plan, 0, 0, b->plain_dst);
        double u = finish_since(b, start);
        if (i >= 0) {
            tb[i] = t;
            tp[i] = u;
        }
    }
    *blocked = bench_median(tb, runs);
    *plain = bench_median(tp, runs);
    free(tb);
    free(tp);
}

static void open_bench(bench *b, long device)
{
    char why[256];
    if (bench_cl_open(device, &b->cl, why, sizeof why)) {
        printf("clslice-blocked-bench: skipped: %s\n", why);
        exit(0);
    }
    clslice_error err;
    bench_clslice_check(clslice_runtime_create(b->cl.context, &b->rt, &err),
                        &err, "clslice_runtime_create");
    b->src = bench_buffer(&b->cl, MOST_BYTES);
    b->dst = bench_buffer(&b->cl, MOST_BYTES);
    b->plain_dst = bench_buffer(&b->cl, MOST_BYTES);
    b->host_src = malloc(MOST_BYTES);
    b->want = malloc(MOST_BYTES);
    b->got = malloc(MOST_BYTES);
    if (!b->host_src || !b->want || !b->got)
        bench_die("out of memory");
    bench_fill_pattern(b->host_src, MOST_BYTES);
    bench_cl_check(clEnqueueWriteBuffer(b->cl.queue, b->src, CL_TRUE, 0,
                                        MOST_BYTES, b->host_src, 0, NULL,
                                        NULL),
                   "clEnqueueWriteBuffer");
}

static void close_bench(bench *b)
{
    clReleaseMemObject(b->src);
    clReleaseMemObject(b->dst);
    clReleaseMemObject(b->plain_dst);
    free(b->host_src);
    free(b->want);
    free(b->got);
    clslice_runtime_release(&b->rt);
    bench_cl_close(&b->cl);
}

/* ---- the image rows ----------------------------------------------------- */

enum { SLICES4 = C / 4, IMG_W = SLICES4 * 56, IMG_H = 56 };
#define IMAGE_BENCH_ID 14

/* The NC4HW4 image's storage as a blocked tensor: texel (slice * W + w,
 * h), lane c % 4 (clslice_cl.h, CLSLICE_PACKING_NC4HW4). */
static const int64_t IMG_STRIDES[4] = {(int64_t)IMG_H * IMG_W * 4, 56 * 4,
                                       (int64_t)IMG_W * 4, 4};

static void image_gather(bench *b, const clslice_plan *plan, cl_mem image,
                         cl_mem dst)
{
    clslice_cl_image src = {.image = image,
                            .packing = CLSLICE_PACKING_NC4HW4};
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = b->cl.queue};
    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = 4;
    desc.src_image = &src;
    desc.dst.buffer = dst;
    clslice_error err;
    bench_clslice_check(clslice_cl_gather(b->rt, &call, &desc, &err), &err,
                        "clslice_cl_gather");
}

static void image_check(bench *b, const clslice_plan *plan, cl_mem image)
{
    clslice_blocking in = blocking(4);
    clslice_error err;
    size_t bytes = (size_t)C * HW * 4;
    memset(b->want, 0x5A, bytes);
    clslice_host_gather_desc host = CLSLICE_HOST_GATHER_DESC_INIT;
    host.plan = plan;
    host.elem_size = 4;
    host.src = (clslice_host_tensor){b->host_src, bytes, 0, IMG_STRIDES};
    host.dst = (clslice_host_tensor){b->want, bytes, 0, NULL};
    host.src_blocking = &in;
    bench_clslice_check(clslice_host_gather2(&host, &err), &err,
                        "clslice_host_gather2");
    image_gather(b, plan, image, b->dst);
    bench_cl_check(clEnqueueReadBuffer(b->cl.queue, b->dst, CL_TRUE, 0,
                                       bytes, b->got, 0, NULL, NULL),
                   "clEnqueueReadBuffer");
    size_t out = (size_t)clslice_plan_output_elements(plan) * 4;
    if (memcmp(b->want, b->got, out) != 0)
        bench_die("the image gather differs from the host's");
}

static cl_mem open_image(bench *b)
{
    cl_bool images = CL_FALSE;
    clGetDeviceInfo(b->cl.device, CL_DEVICE_IMAGE_SUPPORT, sizeof images,
                    &images, NULL);
    if (!images)
        return NULL;
    cl_image_format format = {CL_RGBA, CL_FLOAT};
    cl_image_desc desc = {.image_type = CL_MEM_OBJECT_IMAGE2D,
                          .image_width = IMG_W, .image_height = IMG_H};
    cl_int rc;
    cl_mem image = clCreateImage(b->cl.context,
                                 CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                 &format, &desc, b->host_src, &rc);
    bench_cl_check(rc, "clCreateImage");
    return image;
}

/* Medians of the image row and the NC4HW4 buffer row, alternately. */
static void image_timed(bench *b, const clslice_plan *plan, cl_mem image,
                        int runs, double *through_image, double *buffer)
{
    double *ti = malloc(sizeof *ti * (size_t)runs);
    double *tb = malloc(sizeof *tb * (size_t)runs);
    if (!ti || !tb)
        bench_die("out of memory");
    for (int i = -3; i < runs; i++) {
        double start = bench_now();
        image_gather(b, plan, image, b->dst);
        double t = finish_since(b, start);
        start = bench_now();
        gather(b, plan, 4, 0, b->plain_dst);
        double u = finish_since(b, start);
        if (i >= 0) {
            ti[i] = t;
            tb[i] = u;
        }
    }
    *through_image = bench_median(ti, runs);
    *buffer = bench_median(tb, runs);
    free(ti);
    free(tb);
}

static void image_rows(bench *b, const int64_t *shape, int runs)
{
    cl_mem image = open_image(b);
    if (!image) {
        printf("image rows: skipped (the device has no image support)\n");
        return;
    }
    printf("bench case %d: an NC4HW4 image against the NC4HW4 buffer\n",
           IMAGE_BENCH_ID);
    printf("%-18s %-9s %10s %10s %7s\n", "image vs buffer", "slice",
           "image ms", "buffer ms", "ratio");
    for (size_t s = 0; s < sizeof SLICES / sizeof *SLICES; s++) {
        clslice_plan *plan;
        clslice_error err;
        bench_clslice_check(clslice_plan_expr(shape, 4, SLICES[s], &plan,
                                              &err),
                            &err, "clslice_plan_expr");
        image_check(b, plan, image);
        double through_image, buffer;
        image_timed(b, plan, image, runs, &through_image, &buffer);
        printf("%-18s %-9s %10.4f %10.4f %6.2fx\n", "NC4HW4 -> NCHW",
               SLICES[s] + 3, through_image * 1e3, buffer * 1e3,
               through_image / buffer);
        clslice_plan_release(&plan);
    }
    clReleaseMemObject(image);
}

int main(int argc, char **argv)
{
    int runs = 51;
    long device = -1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--runs"))
            runs = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--device"))
            device = atol(argv[i + 1]);
    }
    if (runs < 1)
        bench_die("--runs wants >= 1");
    bench b;
    open_bench(&b, device);
    const int64_t shape[] = {1, C, 56, 56};
    printf("device: %s; 1x%dx56x56 float32, median of %d runs each, "
           "alternating with the plain slice\n", b.cl.device_name, C, runs);
    printf("%-18s %-9s %10s %10s %7s %7s\n", "layouts", "slice",
           "blocked ms", "plain ms", "ratio", "others");
    for (size_t s = 0; s < sizeof SLICES / sizeof *SLICES; s++) {
        clslice_plan *plan;
        clslice_error err;
        bench_clslice_check(clslice_plan_expr(shape, 4, SLICES[s], &plan,
                                              &err),
                            &err, "clslice_plan_expr");
        for (size_t r = 0; r < sizeof ROWS / sizeof *ROWS; r++) {
            check(&b, plan, ROWS[r].from, ROWS[r].to);
            cpu_sample before, after;
            bool sampled = bench_cpu_sample(&before);
            double blocked, plain;
            timed(&b, plan, &ROWS[r], runs, &blocked, &plain);
            double others = sampled && bench_cpu_sample(&after)
                                ? bench_other_load(&before, &after)
                                : NAN;
            char load[16] = "     -"; /* too short a run to tell */
            if (!isnan(others))
                snprintf(load, sizeof load, "%6.0f%%", others * 100);
            printf("%-18s %-9s %10.4f %10.4f %6.2fx %7s\n", ROWS[r].name,
                   SLICES[s] + 3, blocked * 1e3, plain * 1e3,
                   blocked / plain, load);
        }
        clslice_plan_release(&plan);
    }
    image_rows(&b, shape, runs);
    close_bench(&b);
    return 0;
}
