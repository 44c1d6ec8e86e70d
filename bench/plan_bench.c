/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-plan-bench: what planning costs an engine that plans at every
 * call instead of caching plans.  A rank-4 ONNX Slice and a rank-4
 * tf.strided_slice (a channel slice with a spatial crop of a
 * [1, 64, 56, 56] activation) are each built and laid out
 * (clslice_plan_layout, what a gather does next) three ways:
 *   heap    clslice_plan_onnx / _tf, then clslice_plan_release;
 *   init    clslice_plan_init_onnx / _tf into a clslice_plan_storage;
 *   shape   clslice_shape_onnx / _tf alone (no layout): an engine's
 *           output-shape query.
 * Prints the median nanoseconds per plan over --batches batches of
 * --per-batch plans, and the allocations per plan, counted by
 * interposing malloc where glibc allows it.  Then the shard planner's
 * rows (shard_bench.c): planning time against owners and touched blocks.
 * No device is used.
 *
 * Usage: clslice-plan-bench [--batches N] [--per-batch N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_count.h"
#include "bench.h"
#include "shard_bench.h"

/* ---- the specs ------------------------------------------------------------ */

static const int64_t shape[4] = {1, 64, 56, 56};
static const int64_t starts[3] = {16, 4, 4}, ends[3] = {48, 52, 52},
                     axes[3] = {1, 2, 3}, steps[3] = {1, 1, 1};
static const int64_t tf_begin[4] = {0, 16, 4, 4}, tf_end[4] = {1, 48, 52, 52},
                     tf_strides[4] = {1, 1, 1, 1};
static const clslice_tf_spec tf_spec = {
    .index_type = CLSLICE_INT64, .begin = tf_begin, .begin_len = 4,
    .end = tf_end, .end_len = 4, .strides = tf_strides, .strides_len = 4};

typedef enum way { HEAP, INIT, SHAPE, WAYS } way;
static const char *const way_name[WAYS] = {"heap", "init", "shape"};

/* One plan of `front` ("onnx" or "tf") the given way; returns a value
 * that depends on the result, so nothing is optimised away. */
static int64_t one_plan(bool onnx, way w, clslice_plan_storage *storage)
{
    clslice_error err;
    clslice_status st;
    if (w == SHAPE) {
        int64_t out[CLSLICE_MAX_RANK];
        int rank = 0;
        st = onnx ? clslice_shape_onnx(shape, 4, starts, 3, ends, 3, axes, 3,
                                       steps, 3, out, &rank, &err)
                  : clslice_shape_tf(shape, 4, &tf_spec, out, &rank, &err);
        bench_clslice_check(st, &err, "shape query");
        return out[rank - 1];
    }
    clslice_plan *heap = NULL;
    const clslice_plan *plan = NULL;
    if (w == HEAP) {
        st = onnx ? clslice_plan_onnx(shape, 4, starts, 3, ends, 3, axes, 3,
                                      steps, 3, &heap, &err)
                  : clslice_plan_tf(shape, 4, &tf_spec, &heap, &err);
        plan = heap;
    } else {
        st = onnx ? clslice_plan_init_onnx(storage, shape, 4, starts, 3, ends,
                                           3, axes, 3, steps, 3, &plan, &err)
                  : clslice_plan_init_tf(storage, shape, 4, &tf_spec, &plan,
                                         &err);
    }
    clslice_layout layout;
    if (st == CLSLICE_OK)
        st = clslice_plan_layout(plan, &layout, &err);
    bench_clslice_check(st, &err, "plan and layout");
    clslice_plan_release(&heap);
    return layout.elements;
}

typedef struct result {
    double ns;           /* median per plan */
    double allocations;  /* per plan */
} result;

static result measure(bool onnx, way w, long batches, long per_batch)
{
    double *per_plan = malloc((size_t)batches * sizeof *per_plan);
    if (!per_plan)
        bench_die("out of memory");
    clslice_plan_storage storage;
    int64_t sink = 0;
    long before = tu_allocations();
    for (long b = 0; b < batches; b++) {
        double t0 = bench_now();
        for (long i = 0; i < per_batch; i++)
            sink += one_plan(onnx, w, &storage);
        per_plan[b] = (bench_now() - t0) / (double)per_batch;
    }
    result r = {.allocations = (double)(tu_allocations() - before) /
                               (double)(batches * per_batch)};
    r.ns = 1e9 * bench_median(per_plan, (int)batches);
    free(per_plan);
    if (sink == 42)
        puts("");
    return r;
}

int main(int argc, char **argv)
{
    long batches = 101, per_batch = 20000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--batches") && i + 1 < argc)
            batches = atol(argv[++i]);
        else if (!strcmp(argv[i], "--per-batch") && i + 1 < argc)
            per_batch = atol(argv[++i]);
        else {
            fprintf(stderr, "usage: clslice-plan-bench [--batches N] "
                            "[--per-batch N]\n");
            return 2;
        }
    }
    if (batches < 1 || per_batch < 1)
        bench_die("--batches and --per-batch must be at least 1");
    cpu_sample a, b;
    bool sampled = bench_cpu_sample(&a);
    printf("clslice %s, rank-4 plans built and laid out, median of %ld "
           "batches of %ld\n", clslice_version_string(), batches, per_batch);
    printf("%-6s %-6s %10s %14s\n", "front", "way", "ns/plan", "allocs/plan");
    for (int f = 0; f < 2; f++)
        for (int w = 0; w < WAYS; w++) {
            result r = measure(f == 0, (way)w, batches, per_batch);
            if (TU_COUNTS_ALLOCATIONS)
                printf("%-6s %-6s %10.1f %14.2f\n", f == 0 ? "onnx" : "tf",
                       way_name[w], r.ns, r.allocations);
            else
                printf("%-6s %-6s %10.1f %14s\n", f == 0 ? "onnx" : "tf",
                       way_name[w], r.ns, "n/a");
        }
    bench_shard_rows(batches, per_batch);
    if (sampled && bench_cpu_sample(&b))
        printf("other processes used %.0f%% of the machine meanwhile\n",
               100 * bench_other_load(&a, &b));
    return 0;
}
