/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The runtime hooks of testing.h: tests move the tuning (to reach every
 * path with small tensors) and read the counters the runtime keeps, under
 * the runtime's own lock (runtime/state.h).
 */
#include <stdlib.h>
#include <string.h>

#include "opencl/runtime/state.h"
#include "opencl/select/tuning.h"
#include "opencl/testing/testing.h"

void cs_runtime_set_tuning(clslice_runtime *runtime, const cs_tuning *tuning)
{
    cs_tuning base = cs_tuning_default();
    pthread_mutex_lock(&runtime->lock);
    runtime->tuning_set = tuning != NULL;
    runtime->tuning = tuning ? *tuning : base;
    if (runtime->tuning.max_groups == 0)
        runtime->tuning.max_groups = base.max_groups;
    pthread_mutex_unlock(&runtime->lock);
}

/* The runtime's override, or the default row while none is set. */
static cs_tuning current(const clslice_runtime *runtime)
{
    return runtime->tuning_set ? runtime->tuning : cs_tuning_default();
}

void cs_runtime_tuning(clslice_runtime *runtime, cs_tuning *tuning)
{
    pthread_mutex_lock(&runtime->lock);
    *tuning = current(runtime);
    pthread_mutex_unlock(&runtime->lock);
}

/* Sets an override: the current tuning (the override, or the default
 * row) with this many groups. */
void cs_runtime_set_max_groups(clslice_runtime *runtime, size_t groups)
{
    pthread_mutex_lock(&runtime->lock);
    runtime->tuning = current(runtime);
    runtime->tuning_set = true;
    runtime->tuning.max_groups = groups ? groups
                                        : cs_tuning_default().max_groups;
    pthread_mutex_unlock(&runtime->lock);
}

size_t cs_runtime_max_groups(clslice_runtime *runtime)
{
    pthread_mutex_lock(&runtime->lock);
    size_t groups = current(runtime).max_groups;
    pthread_mutex_unlock(&runtime->lock);
    return groups;
}

long cs_runtime_path_count(clslice_runtime *runtime, cs_path path)
{
    return atomic_load(&runtime->paths[path]);
}

size_t cs_runtime_program_count(clslice_runtime *runtime)
{
    pthread_mutex_lock(&runtime->lock);
    size_t n = runtime->programs;
    pthread_mutex_unlock(&runtime->lock);
    return n;
}

size_t cs_runtime_unit_count(clslice_runtime *runtime)
{
    size_t n = 0;
    pthread_mutex_lock(&runtime->lock);
    for (const cs_entry *e = runtime->entries; e; e = e->next)
        n += e->unit;
    pthread_mutex_unlock(&runtime->lock);
    return n;
}

bool cs_runtime_programs_unique(clslice_runtime *runtime)
{
    bool unique = true;
    pthread_mutex_lock(&runtime->lock);
    for (const cs_entry *e = runtime->entries; e; e = e->next)
        for (const cs_entry *o = e->next; o; o = o->next)
            if (o->info.device.device == e->info.device.device &&
                strcmp(o->options, e->options) == 0)
                unique = false;
    pthread_mutex_unlock(&runtime->lock);
    return unique;
}

long cs_runtime_cache_loads(clslice_runtime *runtime)
{
    return atomic_load(&runtime->cache_loads);
}

void cs_runtime_set_facts(clslice_runtime *runtime,
                          const cs_device_info *facts)
{
    pthread_mutex_lock(&runtime->lock);
    cs_device_entry *e = runtime->devices;
    while (e && e->info.device != facts->device)
        e = e->next;
    if (!e && (e = calloc(1, sizeof *e))) {
        e->next = runtime->devices;
        runtime->devices = e;
    }
    if (e) {
        e->info = *facts;
        e->tuning = cs_tuning_for(facts);
    }
    pthread_mutex_unlock(&runtime->lock);
}

bool cs_runtime_post_job(clslice_runtime *runtime, void (*run)(void *arg),
                         void *arg)
{
    pthread_mutex_lock(&runtime->lock);
    if (!runtime->worker)
        runtime->worker = cs_worker_start();
    bool posted = runtime->worker && cs_worker_post(runtime->worker, run, arg);
    pthread_mutex_unlock(&runtime->lock);
    return posted;
}
