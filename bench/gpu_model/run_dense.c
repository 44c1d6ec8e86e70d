/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Gathers, scatters, fills and grads: one call each through the public
 * API (clslice_enqueue_gather, _scatter, _fill, _grad) on the simulated
 * shape, checked against the host executors.  Beside the run, the
 * selector is asked (without a device) what it would launch at the
 * bench's size, so that the report can say whether the simulated launch
 * has the full size's group shape: only then does scaling its counts by
 * the output's bytes model the full size.
 */
#include "gpu_model.h"

#include <stdlib.h>
#include <string.h>

#include "opencl/select/select.h"
#include "opencl/select/tuning.h"

/* A GPU's limits (NVIDIA's, as CUDA states them): 1024 work-items per
 * group, 64 along dim 2. */
static const cs_launch_limits GPU_LIMITS = {
    .max_group = 1024, .max_item = {1024, 1024, 64}, .max_groups = 65535};

typedef struct dense {
    clslice_plan *plan;
    int out_rank;
    int64_t out_shape[CLSLICE_MAX_RANK];
    size_t in_bytes, out_bytes;
    unsigned char *input, *value, *want, *got;
} dense;

static cs_kernel_kind kind_of(bench_gm_op op)
{
    return op == BENCH_GM_GATHER ? CS_KERNEL_GATHER
           : op == BENCH_GM_FILL ? CS_KERNEL_FILL
                                 : CS_KERNEL_SCATTER;
}

/* The selector's choice for case c on `shape`, and the launch a GPU
 * would get for it. */
static bool choose(const bench_gm_env *env, const bench_gm_case *c,
                   const int64_t *shape, cs_choice *choice,
                   cs_launch *launch)
{
    clslice_plan *plan;
    clslice_error err;
    bench_clslice_check(clslice_plan_expr(shape, c->rank, c->expr, &plan,
                                          &err), &err, "clslice_plan_expr");
    int64_t out[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, out);
    clslice_layout layout;
    clslice_status st =
        c->op == BENCH_GM_GATHER
            ? clslice_plan_layout(plan, &layout, &err)
            : clslice_plan_scatter_layout(plan, out,
                                          clslice_plan_output_rank(plan),
                                          CLSLICE_VALUE_EXACT, &layout, &err);
    bench_clslice_check(st, &err, "the case's layout");
    clslice_layout_simplify(&layout);
    cs_select_call call = {.kind = kind_of(c->op), .elem_size = c->elem_size,
                           .flags = c->flags};
    cs_tuning tuning = cs_tuning_for(&env->device);
    cs_choose(&env->device, &tuning, &call, &layout, choice);
    clslice_plan_release(&plan);
    if (choice->run != CS_RUN_KERNEL)
        return false;
    cs_shape grid;
    cs_grid_shape(&choice->move, choice->group, &grid);
    cs_launch_fit(&grid, &GPU_LIMITS, launch);
    return true;
}

static void describe_full(const bench_gm_env *env, const bench_gm_case *c,
                          bench_gm_run *run)
{
    cs_choice sim, full;
    cs_launch sim_launch, full_launch;
    run->full_launch[0] = '\0';
    if (!choose(env, c, bench_gm_shape(env, c), &sim, &sim_launch))
        return;
    run->carrier = sim.carrier;
    if (!choose(env, c, c->full, &full, &full_launch))
        return;
    const size_t *g = full_launch.global, *l = full_launch.local;
    snprintf(run->full_launch, sizeof run->full_launch,
             "%zux%zux%zu / %zux%zux%zu", g[0], g[1], g[2], l[0], l[1], l[2]);
    run->full_items = (uint64_t)g[0] * g[1] * g[2];
    run->full_group = l[0] * l[1] * l[2];
    run->full_same_group = sim.variant == full.variant &&
                           sim.carrier == full.carrier &&
                           memcmp(sim_launch.local, full_launch.local,
                                  sizeof sim_launch.local) == 0;
}

static void setup(const bench_gm_env *env, const bench_gm_case *c, dense *d)
{
    const int64_t *shape = bench_gm_shape(env, c);
    clslice_error err;
    bench_clslice_check(clslice_plan_expr(shape, c->rank, c->expr, &d->plan,
                                          &err), &err, "clslice_plan_expr");
    d->out_rank = clslice_plan_output_rank(d->plan);
    clslice_plan_output_shape(d->plan, d->out_shape);
    d->in_bytes = bench_gm_elements(shape, c->rank) * c->elem_size;
    d->out_bytes =
        (size_t)clslice_plan_output_elements(d->plan) * c->elem_size;
    d->input = bench_gm_alloc(d->in_bytes);
    d->value = bench_gm_alloc(d->out_bytes);
    bench_fill_pattern(d->input, d->in_bytes);
    bench_fill_pattern(d->value, d->out_bytes);
    for (size_t i = 0; i < d->out_bytes; i++)
        d->value[i] = (unsigned char)~d->value[i];
    size_t most = d->in_bytes > d->out_bytes ? d->in_bytes : d->out_bytes;
    d->want = bench_gm_alloc(most);
    d->got = bench_gm_alloc(most);
}

static void gather(const bench_gm_env *env, const bench_gm_case *c,
                   dense *d)
{
    clslice_error err;
    cl_mem src = bench_gm_upload(env, d->input, d->in_bytes);
    cl_mem dst = bench_gm_upload(env, NULL, d->out_bytes);
    bench_clslice_check(clslice_enqueue_gather(env->rt, env->cl.queue,
                                               d->plan, c->elem_size, src, 0,
                                               dst, 0, c->flags, 0, NULL,
                                               NULL, &err),
                        &err, "clslice_enqueue_gather");
    bench_gm_expect_gather(env, c, d->plan, dst, d->input, d->in_bytes,
                           d->got, d->want, d->out_bytes);
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
}

/* Scatters, fills and grads write the tensor `dst`; the host does the
 * same on a copy of what dst held. */
static cl_mem enqueue_write(const bench_gm_env *env, const bench_gm_case *c,
                            dense *d, cl_mem value)
{
    clslice_error err;
    clslice_status st;
    cl_mem dst = c->op == BENCH_GM_GRAD
                     ? bench_gm_upload(env, NULL, d->in_bytes)
                     : bench_gm_upload(env, d->input, d->in_bytes);
    if (c->op == BENCH_GM_SCATTER)
        st = clslice_enqueue_scatter(env->rt, env->cl.queue, d->plan,
                                     c->elem_size, value, 0, d->out_shape,
                                     d->out_rank, CLSLICE_VALUE_EXACT, dst,
                                     0, c->flags, 0, NULL, NULL, &err);
    else if (c->op == BENCH_GM_FILL)
        st = clslice_enqueue_fill(env->rt, env->cl.queue, d->plan,
                                  c->elem_size, d->value, dst, 0, c->flags,
                                  0, NULL, NULL, &err);
    else
        st = clslice_enqueue_grad(env->rt, env->cl.queue, d->plan,
                                  c->elem_size, value, 0, d->out_shape,
                                  d->out_rank, dst, 0, c->flags, 0, NULL,
                                  NULL, &err);
    bench_clslice_check(st, &err, "the write");
    return dst;
}

static void host_write(const bench_gm_case *c, dense *d)
{
    clslice_error err;
    clslice_status st;
    memcpy(d->want, d->input, d->in_bytes);
    if (c->op == BENCH_GM_SCATTER)
        st = clslice_host_scatter(d->plan, c->elem_size, d->value,
                                  d->out_shape, d->out_rank, d->out_bytes,
                                  CLSLICE_VALUE_EXACT, d->want, d->in_bytes,
                                  &err);
    else if (c->op == BENCH_GM_FILL) /* a rank-0 value fills the slice */
        st = clslice_host_scatter(d->plan, c->elem_size, d->value, NULL, 0,
                                  c->elem_size, CLSLICE_VALUE_BROADCAST,
                                  d->want, d->in_bytes, &err);
    else
        st = clslice_host_grad(d->plan, c->elem_size, d->value, d->out_shape,
                               d->out_rank, d->out_bytes, d->want,
                               d->in_bytes, &err);
    bench_clslice_check(st, &err, "the host's write");
}

static void write_slice(const bench_gm_env *env, const bench_gm_case *c,
                        dense *d)
{
    cl_mem value = bench_gm_upload(env, d->value, d->out_bytes);
    cl_mem dst = enqueue_write(env, c, d, value);
    bench_gm_read(env, dst, d->got, d->in_bytes);
    host_write(c, d);
    bench_gm_expect(c, d->got, d->want, d->in_bytes);
    clReleaseMemObject(value);
    clReleaseMemObject(dst);
}

void bench_gm_run_dense(const bench_gm_env *env, const bench_gm_case *c,
                        bench_gm_run *run)
{
    dense d;
    setup(env, c, &d);
    if (c->op == BENCH_GM_GATHER)
        gather(env, c, &d);
    else
        write_slice(env, c, &d);
    run->elements = (uint64_t)clslice_plan_output_elements(d.plan);
    run->out_bytes = d.out_bytes;
    run->full_out_bytes = run->out_bytes;
    clslice_plan *full;
    clslice_error err;
    if (clslice_plan_expr(c->full, c->rank, c->expr, &full, &err) ==
        CLSLICE_OK) {
        run->full_out_bytes =
            (size_t)clslice_plan_output_elements(full) * c->elem_size;
        clslice_plan_release(&full);
    }
    describe_full(env, c, run);
    clslice_plan_release(&d.plan);
    free(d.input);
    free(d.value);
    free(d.want);
    free(d.got);
}
