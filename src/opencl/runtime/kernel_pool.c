/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The runtime's kernel pool: free cl_kernel objects per (program, name).
 *
 * A caller takes a kernel for itself alone (clSetKernelArg is not
 * thread-safe), sets its arguments, enqueues it and gives it back;
 * OpenCL captured the arguments at enqueue, so the kernel is free for the
 * next call at once.  Threads racing for one name each get a kernel of
 * their own (a new one when the pool has none free), so the pool holds at
 * most as many kernels per name as calls ever ran at once.  Programs
 * outlive the pool (the runtime releases it first).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/runtime/runtime.h"
#include "core/plan/common.h"

struct cs_kernel_pool {
    pthread_mutex_t lock;
    cs_pooled_kernel *free; /* guarded by lock */
};

cs_kernel_pool *cs_kernel_pool_create(void)
{
    cs_kernel_pool *pool = calloc(1, sizeof *pool);
    if (pool && pthread_mutex_init(&pool->lock, NULL) != 0) {
        free(pool);
        pool = NULL;
    }
    return pool;
}

static void release_one(cs_pooled_kernel *k)
{
    clReleaseKernel(k->kernel);
    free(k);
}

void cs_kernel_pool_release(cs_kernel_pool *pool)
{
    if (!pool)
        return;
    for (cs_pooled_kernel *k = pool->free, *next; k; k = next) {
        next = k->next;
        release_one(k);
    }
    pthread_mutex_destroy(&pool->lock);
    free(pool);
}

/* Whether pooled kernel k is `name` of `program`'s program, or of its
 * unit when the family has no program. */
static bool matches(const cs_pooled_kernel *k, const cs_program_info *program,
                    const char *name)
{
    if (program->program ? k->program != program->program
                         : !k->unit || k->device != program->device.device ||
                               k->index_bits != program->index_bits)
        return false;
    return strcmp(k->name, name) == 0;
}

cs_pooled_kernel *cs_kernel_pool_find(cs_kernel_pool *pool,
                                      const cs_program_info *program,
                                      const char *name)
{
    pthread_mutex_lock(&pool->lock);
    cs_pooled_kernel **at = &pool->free;
    while (*at && !matches(*at, program, name))
        at = &(*at)->next;
    cs_pooled_kernel *k = *at;
    if (k)
        *at = k->next;
    pthread_mutex_unlock(&pool->lock);
    return k;
}

/* Its work-group limit is asked once per kernel object rather than once
 * per launch.  The pool knows it by `name` alone. */
clslice_status cs_kernel_create(cl_program program, cl_device_id device,
                                const char *name, const char *suffix,
                                cs_pooled_kernel **out, clslice_error *err)
{
    char called[160];
    int length = snprintf(called, sizeof called, "%s%s", name, suffix);
    if (length < 0 || (size_t)length >= sizeof called)
        return cs_fail(err, CLSLICE_ERROR_OPENCL,
                       "internal: kernel name %s%s is too long", name,
                       suffix);
    cs_pooled_kernel *k = calloc(1, sizeof *k);
    if (!k)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory allocating a kernel");
    cl_int rc;
    k->kernel = clCreateKernel(program, called, &rc);
    if (rc != CL_SUCCESS) {
        free(k);
        return cs_cl_fail(err, "clCreateKernel", rc);
    }
    rc = clGetKernelWorkGroupInfo(k->kernel, device,
                                  CL_KERNEL_WORK_GROUP_SIZE,
                                  sizeof k->max_group, &k->max_group, NULL);
    if (rc != CL_SUCCESS) {
        release_one(k);
        return cs_cl_fail(err, "clGetKernelWorkGroupInfo", rc);
    }
    k->program = program;
    k->name = name;
    *out = k;
    return CLSLICE_OK;
}

void cs_kernel_give(const cs_program_info *program, cs_pooled_kernel *kernel)
{
    cs_kernel_pool *pool = program->pool;
    if (!pool) {
        release_one(kernel);
        return;
    }
    pthread_mutex_lock(&pool->lock);
    kernel->next = pool->free;
    pool->free = kernel;
    pthread_mutex_unlock(&pool->lock);
}
