/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Batches: BENCH_GM_SLICES slices of one tensor (the case's expression
 * with the slice's bounds for its two %d) in one clslice_cl_gather_batch
 * call, each into its own place of one arena, as bench/batch_bench.c
 * times them; every output checked against clslice_host_gather.
 */
#include "gpu_model.h"

#include <stdlib.h>

typedef struct batch {
    clslice_plan *plans[BENCH_GM_SLICES];
    clslice_cl_part parts[BENCH_GM_SLICES];
    size_t in_bytes, out_bytes;
} batch;

static void plan_all(const bench_gm_case *c, const int64_t *shape, batch *b)
{
    b->out_bytes = 0;
    for (int i = 0; i < BENCH_GM_SLICES; i++) {
        char expr[64];
        clslice_error err;
        snprintf(expr, sizeof expr, c->expr, i, i + 1);
        bench_clslice_check(clslice_plan_expr(shape, c->rank, expr,
                                              &b->plans[i], &err),
                            &err, expr);
        b->parts[i] = (clslice_cl_part){.plan = b->plans[i],
                                        .offset = b->out_bytes};
        b->out_bytes += (size_t)clslice_plan_output_elements(b->plans[i]) *
                        c->elem_size;
    }
}

static void release_all(batch *b)
{
    for (int i = 0; i < BENCH_GM_SLICES; i++)
        clslice_plan_release(&b->plans[i]);
}

void bench_gm_run_batch(const bench_gm_env *env, const bench_gm_case *c,
                        bench_gm_run *run)
{
    batch b;
    const int64_t *shape = bench_gm_shape(env, c);
    plan_all(c, shape, &b);
    b.in_bytes = bench_gm_elements(shape, c->rank) * c->elem_size;
    unsigned char *input = bench_gm_alloc(b.in_bytes);
    unsigned char *want = bench_gm_alloc(b.out_bytes);
    unsigned char *got = bench_gm_alloc(b.out_bytes);
    bench_fill_pattern(input, b.in_bytes);
    cl_mem src = bench_gm_upload(env, input, b.in_bytes);
    cl_mem arena = bench_gm_upload(env, NULL, b.out_bytes);
    for (int i = 0; i < BENCH_GM_SLICES; i++)
        b.parts[i].buffer = arena;

    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = env->cl.queue;
    call.flags = c->flags;
    clslice_cl_batch_desc desc = CLSLICE_CL_BATCH_DESC_INIT;
    desc.elem_size = c->elem_size;
    desc.src.buffer = src;
    desc.count = BENCH_GM_SLICES;
    desc.parts = b.parts;
    clslice_error err;
    bench_clslice_check(clslice_cl_gather_batch(env->rt, &call, &desc, &err),
                        &err, "clslice_cl_gather_batch");
    bench_gm_read(env, arena, got, b.out_bytes);
    for (int i = 0; i < BENCH_GM_SLICES; i++) {
        size_t bytes = (size_t)clslice_plan_output_elements(b.plans[i]) *
                       c->elem_size;
        bench_clslice_check(clslice_host_gather(b.plans[i], c->elem_size,
                                                input, b.in_bytes,
                                                want + b.parts[i].offset,
                                                bytes, &err),
                            &err, "clslice_host_gather");
    }
    bench_gm_expect(c, got, want, b.out_bytes);

    *run = (bench_gm_run){.elements = b.out_bytes / c->elem_size,
                          .out_bytes = b.out_bytes,
                          .full_out_bytes = bench_gm_elements(c->full,
                                                              c->rank) *
                                            c->elem_size};
    release_all(&b);
    clReleaseMemObject(src);
    clReleaseMemObject(arena);
    free(input);
    free(want);
    free(got);
}
