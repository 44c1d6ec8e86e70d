/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The runtime hooks of testing.h: tests move the tuning (to reach every
 * path with small tensors) and read the counters the runtime keeps, under
 * the runtime's own lock (runtime/state.h).
 */
#include "opencl/runtime/state.h"
#include "opencl/testing/testing.h"

void cs_runtime_set_tuning(clslice_runtime *runtime, const cs_tuning *tuning)
{
    pthread_mutex_lock(&runtime->lock);
    runtime->tuning = tuning ? *tuning : cs_default_tuning;
    if (runtime->tuning.max_groups == 0)
        runtime->tuning.max_groups = cs_default_tuning.max_groups;
    pthread_mutex_unlock(&runtime->lock);
}

void cs_runtime_tuning(clslice_runtime *runtime, cs_tuning *tuning)
{
    pthread_mutex_lock(&runtime->lock);
    *tuning = runtime->tuning;
    pthread_mutex_unlock(&runtime->lock);
}

void cs_runtime_set_max_groups(clslice_runtime *runtime, size_t groups)
{
    pthread_mutex_lock(&runtime->lock);
    runtime->tuning.max_groups = groups ? groups
                                        : cs_default_tuning.max_groups;
    pthread_mutex_unlock(&runtime->lock);
}

size_t cs_runtime_max_groups(clslice_runtime *runtime)
{
    pthread_mutex_lock(&runtime->lock);
    size_t groups = runtime->tuning.max_groups;
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

long cs_runtime_cache_loads(clslice_runtime *runtime)
{
    return atomic_load(&runtime->cache_loads);
}
