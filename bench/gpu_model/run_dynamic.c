/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Dynamic slices: the case's slice as tf.strided_slice values in a device
 * buffer, run by clslice_cl_tf_dynamic (the normalise command, then the
 * gather or scatter that reads its record), checked against the host
 * executor on the plan of the same expression.  The values come from
 * that plan (clslice_plan_dim), so the two describe one slice.
 */
#include "gpu_model.h"

#include <stdlib.h>
#include <string.h>

enum { VALUES = 3 }; /* begin, end, strides */

typedef struct tf_values {
    int n;
    int64_t v[VALUES][BENCH_GM_MAX_RANK];
    int32_t end_mask, shrink_mask;
} tf_values;

/* Begin, end and stride per input dim from the plan; an end before index
 * 0 (a reversed dim read to its start) is the end mask's. */
static void values_of(const clslice_plan *plan, tf_values *t)
{
    t->n = clslice_plan_input_rank(plan);
    t->end_mask = t->shrink_mask = 0;
    for (int d = 0; d < t->n; d++) {
        int64_t start, step, count;
        clslice_error err;
        bench_clslice_check(clslice_plan_dim(plan, d, &start, &step, &count,
                                             &err), &err, "clslice_plan_dim");
        t->v[0][d] = start;
        t->v[1][d] = start + count * step;
        t->v[2][d] = step;
        if (clslice_plan_dim_is_shrunk(plan, d)) {
            t->shrink_mask |= 1 << d;
            t->v[1][d] = start + 1;
        } else if (t->v[1][d] < 0) {
            t->end_mask |= 1 << d;
        }
    }
}

static cl_mem upload_values(const bench_gm_env *env, const tf_values *t,
                            clslice_tf_dynamic_spec *spec)
{
    int64_t flat[VALUES * BENCH_GM_MAX_RANK];
    for (int k = 0; k < VALUES; k++)
        memcpy(flat + k * t->n, t->v[k], (size_t)t->n * sizeof(int64_t));
    cl_mem values = bench_gm_upload(env, flat,
                                    VALUES * (size_t)t->n * sizeof(int64_t));
    size_t len = (size_t)t->n, row = len * sizeof(int64_t);
    *spec = (clslice_tf_dynamic_spec){
        .index_type = CLSLICE_INT64,
        .begin = {values, 0, len},
        .end = {values, row, len},
        .strides = {values, 2 * row, len},
        .end_mask = t->end_mask,
        .shrink_axis_mask = t->shrink_mask};
    return values;
}

typedef struct dyn {
    clslice_plan *plan;
    int64_t out_shape[CLSLICE_MAX_RANK];
    int out_rank;
    size_t in_bytes, out_bytes;
    unsigned char *input, *value, *want, *got;
} dyn;

static void enqueue(const bench_gm_env *env, const bench_gm_case *c,
                    const dyn *d, cl_mem src, cl_mem dst)
{
    tf_values t;
    clslice_tf_dynamic_spec spec;
    values_of(d->plan, &t);
    cl_mem values = upload_values(env, &t, &spec);
    cl_mem info = bench_gm_upload(env, NULL, CLSLICE_DYNAMIC_INFO_BYTES);
    bool gather = c->op == BENCH_GM_DYNAMIC;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = env->cl.queue;
    call.flags = c->flags;
    clslice_cl_dynamic_desc desc = CLSLICE_CL_DYNAMIC_DESC_INIT;
    desc.shape = bench_gm_shape(env, c);
    desc.rank = c->rank;
    desc.kind = gather ? CLSLICE_DYNAMIC_GATHER : CLSLICE_DYNAMIC_SCATTER;
    desc.elem_size = c->elem_size;
    desc.info = info;
    desc.src.buffer = src;
    desc.dst.buffer = dst;
    desc.value_shape = d->out_shape;
    desc.value_rank = d->out_rank;
    desc.rule = CLSLICE_VALUE_EXACT;
    clslice_error err;
    bench_clslice_check(clslice_cl_tf_dynamic(env->rt, &call, &desc, &spec,
                                              &err),
                        &err, "clslice_cl_tf_dynamic");
    bench_cl_check(clFinish(env->cl.queue), "clFinish");
    clReleaseMemObject(values);
    clReleaseMemObject(info);
}

static void run_gather(const bench_gm_env *env, const bench_gm_case *c,
                       dyn *d)
{
    cl_mem src = bench_gm_upload(env, d->input, d->in_bytes);
    cl_mem dst = bench_gm_upload(env, NULL, d->in_bytes); /* the bound */
    enqueue(env, c, d, src, dst);
    bench_gm_expect_gather(env, c, d->plan, dst, d->input, d->in_bytes,
                           d->got, d->want, d->out_bytes);
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
}

static void run_scatter(const bench_gm_env *env, const bench_gm_case *c,
                        dyn *d)
{
    clslice_error err;
    cl_mem value = bench_gm_upload(env, d->value, d->out_bytes);
    cl_mem dst = bench_gm_upload(env, d->input, d->in_bytes);
    enqueue(env, c, d, value, dst);
    bench_gm_read(env, dst, d->got, d->in_bytes);
    memcpy(d->want, d->input, d->in_bytes);
    bench_clslice_check(clslice_host_scatter(d->plan, c->elem_size, d->value,
                                             d->out_shape, d->out_rank,
                                             d->out_bytes,
                                             CLSLICE_VALUE_EXACT, d->want,
                                             d->in_bytes, &err),
                        &err, "clslice_host_scatter");
    bench_gm_expect(c, d->got, d->want, d->in_bytes);
    clReleaseMemObject(value);
    clReleaseMemObject(dst);
}

void bench_gm_run_dynamic(const bench_gm_env *env, const bench_gm_case *c,
                          bench_gm_run *run)
{
    dyn d;
    const int64_t *shape = bench_gm_shape(env, c);
    clslice_error err;
    bench_clslice_check(clslice_plan_expr(shape, c->rank, c->expr, &d.plan,
                                          &err), &err, "clslice_plan_expr");
    d.out_rank = clslice_plan_output_rank(d.plan);
    clslice_plan_output_shape(d.plan, d.out_shape);
    d.in_bytes = bench_gm_elements(shape, c->rank) * c->elem_size;
    d.out_bytes = (size_t)clslice_plan_output_elements(d.plan) * c->elem_size;
    d.input = bench_gm_alloc(d.in_bytes);
    d.value = bench_gm_alloc(d.out_bytes);
    d.want = bench_gm_alloc(d.in_bytes);
    d.got = bench_gm_alloc(d.in_bytes);
    bench_fill_pattern(d.input, d.in_bytes);
    bench_fill_pattern(d.value, d.out_bytes);
    if (c->op == BENCH_GM_DYNAMIC)
        run_gather(env, c, &d);
    else
        run_scatter(env, c, &d);
    *run = (bench_gm_run){.elements = d.out_bytes / c->elem_size,
                          .out_bytes = d.out_bytes,
                          .full_out_bytes = d.out_bytes};
    clslice_plan *full;
    if (clslice_plan_expr(c->full, c->rank, c->expr, &full, &err) ==
        CLSLICE_OK) {
        run->full_out_bytes =
            (size_t)clslice_plan_output_elements(full) * c->elem_size;
        clslice_plan_release(&full);
    }
    /* The dynamic grid caps its launch at what the device's compute
     * units keep resident (2,048 work-items each) and loops: on an H100
     * that is 270,336 work-items, whatever the slice. */
    uint64_t cap = (uint64_t)BENCH_GM_SMS * BENCH_GM_SM_THREADS;
    uint64_t wanted = run->full_out_bytes / c->elem_size;
    run->full_items = wanted < cap ? wanted : cap;
    run->full_group = 0;
    clslice_plan_release(&d.plan);
    free(d.input);
    free(d.value);
    free(d.want);
    free(d.got);
}
