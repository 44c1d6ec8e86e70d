/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The runtime: a retained context, a cache of built programs keyed by
 * (device, build options), the facts of each device it met (asked once),
 * the pool of kernel objects, the tuning of path choices, and counts of
 * the paths calls took, and the folder of the binary cache (cache.c)
 * when the caller or CLSLICE_CACHE_DIR named one, with what the cache
 * refused (state.h).  Refusals never fail a call, so they are kept for
 * clslice_runtime_cache_refusals: the count, and the first message.  The test
 * hooks that read or move them are testing/runtime_hooks.c, outside the
 * library.
 *
 * Builds take ~1 s cold on PoCL, so they run outside the lock: threads
 * asking for the same program at once may each build it; the first to
 * come back publishes its program and the others release theirs.  A
 * failed build is not cached, so a later call reports it again.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opencl/base/divide.h"
#include "opencl/base/move.h"
#include "opencl/runtime/state.h"
#include "opencl/select/tuning.h"
#include "core/plan/common.h"

static void free_runtime(clslice_runtime *rt)
{
    cs_kernel_pool_release(rt->pool); /* kernels before their programs */
    for (cs_entry *e = rt->entries, *next; e; e = next) {
        next = e->next;
        clReleaseProgram(e->info.program);
        free(e);
    }
    for (cs_device_entry *d = rt->devices, *next; d; d = next) {
        next = d->next;
        free(d);
    }
    pthread_mutex_destroy(&rt->lock);
    free(rt->cache_dir);
    free(rt);
}

/* Counts a refusal of the cache, keeping the first message.  Call with
 * the lock held. */
static void note_refusal(clslice_runtime *rt, const clslice_error *refusal)
{
    if (rt->cache_refusals++ == 0)
        rt->cache_refusal = *refusal;
}

/* CLSLICE_CACHE_DIR, when set and not empty, is the new runtime's folder
 * if the trust rule accepts it; a refused one is a refusal, not a failure
 * of clslice_runtime_create (the caller did not name it). */
static clslice_status use_environment_cache(clslice_runtime *rt,
                                            clslice_error *err)
{
    const char *dir = getenv("CLSLICE_CACHE_DIR");
    clslice_error refusal;
    int fd;
    if (!dir || !dir[0])
        return CLSLICE_OK;
    if (cs_cache_folder_open("CLSLICE_CACHE_DIR", dir, &fd, &refusal) !=
        CLSLICE_OK) {
        cs_cache_refusal_append(&refusal, "; the cache is off");
        note_refusal(rt, &refusal);
        return CLSLICE_OK;
    }
    close(fd);
    if (!(rt->cache_dir = strdup(dir)))
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory copying CLSLICE_CACHE_DIR");
    return CLSLICE_OK;
}

clslice_status clslice_runtime_create(cl_context context,
                                      clslice_runtime **runtime,
                                      clslice_error *err)
{
    if (!runtime)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "runtime is NULL");
    *runtime = NULL;
    if (!context)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "context is NULL");
    clslice_runtime *rt = calloc(1, sizeof *rt);
    if (!rt)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory allocating the runtime");
    if (pthread_mutex_init(&rt->lock, NULL) != 0) {
        free(rt);
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "pthread_mutex_init failed for the runtime's lock");
    }
    rt->pool = cs_kernel_pool_create();
    if (!rt->pool) {
        free_runtime(rt);
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory allocating the kernel pool");
    }
    cl_int rc = clRetainContext(context);
    if (rc != CL_SUCCESS) {
        free_runtime(rt);
        return cs_cl_fail(err, "clRetainContext", rc);
    }
    rt->context = context;
    atomic_init(&rt->refs, 1);
    for (int p = 0; p < CS_PATH_COUNT; p++)
        atomic_init(&rt->paths[p], 0);
    atomic_init(&rt->cache_loads, 0);
    cs_ok(&rt->cache_refusal);
    clslice_status st = use_environment_cache(rt, err);
    if (st != CLSLICE_OK) {
        clslice_runtime_release(&rt);
        return st;
    }
    *runtime = rt;
    return cs_ok(err);
}

/* One runtime per context for every caller that attaches (shared.c):
 * found and counted, or made and listed, under the list's lock, so two
 * first attaches make one runtime; making one builds nothing and is
 * quick. */
clslice_status clslice_runtime_attach(cl_context context,
                                      clslice_runtime **runtime,
                                      clslice_error *err)
{
    if (!runtime || !context) /* create's checks and messages */
        return clslice_runtime_create(context, runtime, err);
    *runtime = NULL;
    cs_shared_lock();
    clslice_runtime *rt = cs_shared_take(context);
    clslice_status st = CLSLICE_OK;
    if (!rt) {
        st = clslice_runtime_create(context, &rt, err);
        if (st == CLSLICE_OK)
            cs_shared_add(rt);
    }
    cs_shared_unlock();
    if (st != CLSLICE_OK)
        return st;
    *runtime = rt;
    return cs_ok(err);
}

void cs_runtime_destroy(clslice_runtime *runtime)
{
    cl_context context = runtime->context;
    free_runtime(runtime);
    clReleaseContext(context);
}

clslice_status clslice_runtime_retain(clslice_runtime *runtime,
                                      clslice_error *err)
{
    if (!runtime)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "runtime is NULL (released?)");
    /* The caller holds a reference, so the count is not 0 and cannot
     * reach 0 meanwhile. */
    atomic_fetch_add_explicit(&runtime->refs, 1, memory_order_relaxed);
    return cs_ok(err);
}

/* Parenthesised: clslice_cl.h wraps the name in a type-checking macro. */
void (clslice_runtime_release)(clslice_runtime **runtime)
{
    if (!runtime || !*runtime)
        return;
    clslice_runtime *rt = *runtime;
    *runtime = NULL;
    bool last = rt->shared
                    ? cs_shared_drop(rt)
                    : atomic_fetch_sub_explicit(&rt->refs, 1,
                                                memory_order_acq_rel) == 1;
    if (last)
        cs_runtime_destroy(rt);
}

cl_context cs_runtime_context(const clslice_runtime *runtime)
{
    return runtime->context;
}

void cs_runtime_count_paths(clslice_runtime *runtime, unsigned paths)
{
    for (int p = 0; p < CS_PATH_COUNT; p++)
        if (paths & (1u << p))
            atomic_fetch_add_explicit(&runtime->paths[p], 1,
                                      memory_order_relaxed);
}

/* Call with the lock held. */
static const cs_device_entry *find_device(const clslice_runtime *rt,
                                          cl_device_id device)
{
    for (const cs_device_entry *d = rt->devices; d; d = d->next)
        if (d->info.device == device)
            return d;
    return NULL;
}

/* The device's tuning: the table's, unless a test hook replaced it.
 * Call with the lock held. */
static void tuning_of(const clslice_runtime *rt, const cs_device_entry *e,
                      cs_tuning *tuning)
{
    if (tuning)
        *tuning = rt->tuning_set ? rt->tuning : e->tuning;
}

/* Queried outside the lock; threads racing on a new device may each
 * query it, and the first to come back adds it. */
clslice_status cs_runtime_device(clslice_runtime *runtime,
                                 cl_device_id device, cs_device_info *info,
                                 cs_tuning *tuning, clslice_error *err)
{
    pthread_mutex_lock(&runtime->lock);
    const cs_device_entry *known = find_device(runtime, device);
    if (known) {
        *info = known->info;
        tuning_of(runtime, known, tuning);
    }
    pthread_mutex_unlock(&runtime->lock);
    if (known)
        return CLSLICE_OK;

    clslice_status st = cs_device_query(device, info, err);
    if (st != CLSLICE_OK)
        return st;
    cs_device_entry *e = calloc(1, sizeof *e);
    if (!e)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory caching a device");
    e->info = *info;
    e->tuning = cs_tuning_for(info);
    pthread_mutex_lock(&runtime->lock);
    tuning_of(runtime, e, tuning);
    if (find_device(runtime, device)) {
        free(e);
    } else {
        e->next = runtime->devices;
        runtime->devices = e;
    }
    pthread_mutex_unlock(&runtime->lock);
    return CLSLICE_OK;
}

/* Call with the lock held. */
static const cs_entry *find(const clslice_runtime *rt, cl_device_id device,
                            const char *options)
{
    for (const cs_entry *e = rt->entries; e; e = e->next)
        if (e->info.device.device == device &&
            strcmp(e->options, options) == 0)
            return e;
    return NULL;
}

/* The options double as the cache key, so they name the family too. */
void cs_build_options(cs_program_kind kind, int index_bits,
                      const cs_device_info *device, char *options,
                      size_t size)
{
    snprintf(options, size,
             "-DCS_PROGRAM=%d -DCS_INDEX64=%d -DCS_MAX_DIMS=%d "
             "-DCS_MAGIC_DIMS=%d -DCS_FILL_BYTES=%d -DCS_LITTLE_ENDIAN=%d",
             (int)kind, index_bits == 64, CS_MAX_DIMS, CS_MAGIC_DIMS,
             CS_FILL_BYTES, device->little_endian ? 1 : 0);
}

/* Publishes a freshly built program, or adopts the one a racing thread
 * published first and releases ours. */
static clslice_status publish(clslice_runtime *rt, const char *options,
                              cs_program_info *info, clslice_error *err)
{
    pthread_mutex_lock(&rt->lock);
    const cs_entry *found = find(rt, info->device.device, options);
    cs_entry *e = found ? NULL : calloc(1, sizeof *e);
    if (e) {
        snprintf(e->options, sizeof e->options, "%s", options);
        e->info = *info;
        e->next = rt->entries;
        rt->entries = e;
        rt->programs++;
    }
    cs_program_info winner = found ? found->info : *info;
    pthread_mutex_unlock(&rt->lock);

    if (!e)
        clReleaseProgram(info->program);
    if (!found && !e)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory caching a program");
    *info = winner;
    return CLSLICE_OK;
}

clslice_status cs_runtime_program(clslice_runtime *runtime,
                                  cl_device_id device, cs_program_kind kind,
                                  int index_bits, cs_program_info *info,
                                  clslice_error *err)
{
    if ((unsigned)kind >= CS_PROGRAM_KINDS)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "unknown program kind %d",
                       (int)kind);
    cs_device_info facts;
    clslice_status st = cs_runtime_device(runtime, device, &facts, NULL, err);
    if (st != CLSLICE_OK)
        return st;
    char options[160];
    cs_build_options(kind, index_bits, &facts, options, sizeof options);

    pthread_mutex_lock(&runtime->lock);
    const cs_entry *cached = find(runtime, device, options);
    if (cached)
        *info = cached->info;
    pthread_mutex_unlock(&runtime->lock);
    if (cached)
        return CLSLICE_OK;

    *info = (cs_program_info){.kind = kind, .device = facts,
                              .pool = runtime->pool};
    const char *sources[CS_MAX_SOURCES];
    cs_build build = {.context = runtime->context,
                      .device = device,
                      .want = {kind, facts.little_endian},
                      .count = cs_program_sources(kind, sources),
                      .sources = sources,
                      .options = options};
    char *dir = NULL;
    pthread_mutex_lock(&runtime->lock);
    if (runtime->cache_dir)
        dir = strdup(runtime->cache_dir); /* no cache if out of memory */
    pthread_mutex_unlock(&runtime->lock);
    bool loaded;
    clslice_error refusal;
    st = cs_build_cached(&build, dir, &info->program, &loaded, &refusal, err);
    if (refusal.status != CLSLICE_OK) {
        pthread_mutex_lock(&runtime->lock);
        if (runtime->cache_dir && dir && !strcmp(runtime->cache_dir, dir))
            note_refusal(runtime, &refusal); /* not a folder set since */
        pthread_mutex_unlock(&runtime->lock);
    }
    free(dir);
    if (st != CLSLICE_OK)
        return st;
    if (loaded)
        atomic_fetch_add_explicit(&runtime->cache_loads, 1,
                                  memory_order_relaxed);
    return publish(runtime, options, info, err);
}

clslice_status clslice_runtime_set_cache_dir(clslice_runtime *runtime,
                                             const char *dir,
                                             clslice_error *err)
{
    if (!runtime)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "runtime is NULL");
    char *copy = NULL;
    if (dir) {
        int fd;
        if (!dir[0])
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "dir is empty (NULL turns the cache off)");
        clslice_status st = cs_cache_folder_open("dir", dir, &fd, err);
        if (st != CLSLICE_OK)
            return st;
        close(fd);
        copy = strdup(dir);
        if (!copy)
            return cs_fail(err, CLSLICE_ERROR_MEMORY,
                           "out of memory copying dir");
    }
    pthread_mutex_lock(&runtime->lock);
    char *old = runtime->cache_dir;
    runtime->cache_dir = copy;
    runtime->cache_refusals = 0;
    cs_ok(&runtime->cache_refusal);
    pthread_mutex_unlock(&runtime->lock);
    free(old);
    return cs_ok(err);
}

long clslice_runtime_cache_refusals(clslice_runtime *runtime,
                                    clslice_error *first)
{
    long count = 0;
    cs_ok(first);
    if (!runtime)
        return 0;
    pthread_mutex_lock(&runtime->lock);
    count = runtime->cache_refusals;
    if (first && count > 0)
        *first = runtime->cache_refusal;
    pthread_mutex_unlock(&runtime->lock);
    return count;
}
