/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Host and device buffers of the runs, and the one comparison every run
 * ends with: the device's bytes against the host executor's.
 */
#include "gpu_model.h"

#include <stdlib.h>
#include <string.h>

enum { SENTINEL = 0xA5 };

const int64_t *bench_gm_shape(const bench_gm_env *env, const bench_gm_case *c)
{
    return env->small ? c->small : c->sim;
}

size_t bench_gm_elements(const int64_t *shape, int rank)
{
    size_t n = 1;
    for (int k = 0; k < rank; k++)
        n *= (size_t)shape[k];
    return n;
}

void *bench_gm_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        bench_die("out of memory (%zu bytes)", bytes);
    return p;
}

cl_mem bench_gm_upload(const bench_gm_env *env, const void *host,
                       size_t bytes)
{
    cl_mem buffer = bench_buffer(&env->cl, bytes ? bytes : 1);
    unsigned char *fill = NULL;
    if (!host) {
        fill = bench_gm_alloc(bytes);
        memset(fill, SENTINEL, bytes);
        host = fill;
    }
    if (bytes)
        bench_cl_check(clEnqueueWriteBuffer(env->cl.queue, buffer, CL_TRUE,
                                            0, bytes, host, 0, NULL, NULL),
                       "clEnqueueWriteBuffer");
    free(fill);
    return buffer;
}

void bench_gm_read(const bench_gm_env *env, cl_mem buffer, void *host,
                   size_t bytes)
{
    bench_cl_check(clFinish(env->cl.queue), "clFinish");
    if (bytes)
        bench_cl_check(clEnqueueReadBuffer(env->cl.queue, buffer, CL_TRUE, 0,
                                           bytes, host, 0, NULL, NULL),
                       "clEnqueueReadBuffer");
}

void bench_gm_expect(const bench_gm_case *c, const void *got,
                     const void *want, size_t bytes)
{
    const unsigned char *g = got, *w = want;
    for (size_t i = 0; i < bytes; i++)
        if (g[i] != w[i])
            bench_die("case %s (%s): the device wrote byte %zu as 0x%02x, "
                      "the host executor 0x%02x",
                      c->id, c->expr, i, g[i], w[i]);
}

void bench_gm_expect_gather(const bench_gm_env *env, const bench_gm_case *c,
                            const clslice_plan *plan, cl_mem dst,
                            const void *input, size_t in_bytes, void *got,
                            void *want, size_t out_bytes)
{
    clslice_error err;
    bench_gm_read(env, dst, got, out_bytes);
    bench_clslice_check(clslice_host_gather(plan, c->elem_size, input,
                                            in_bytes, want, out_bytes, &err),
                        &err, "clslice_host_gather");
    bench_gm_expect(c, got, want, out_bytes);
}
