/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * One runtime per context, shared by the components of a process that
 * each call clslice_runtime_attach: an inference engine, its custom
 * layers and a plug-in need not pass a runtime around or keep their own
 * map from context to runtime.
 *
 * The list holds no reference and owns no memory: its links live in the
 * runtimes themselves, a runtime joins it when attach makes it and leaves
 * it when its last reference is released.  So nothing global outlives the
 * caller's references; once every runtime is released the library holds
 * nothing, as before.  The context cannot be freed (nor its address
 * reused) while a runtime is listed, since the runtime retains it.
 *
 * Every change of a listed runtime's count to or from the list's view
 * happens under the one lock: attach (runtime.c) finds and adds a
 * reference or makes and lists a runtime, and the last release unlinks,
 * atomically, so attach never finds a runtime that is being freed.
 * clslice_runtime_retain needs no lock: its caller holds a reference, so
 * the count cannot be dropping to zero at the time.  This file is the
 * list alone, below the runtime's lifecycle: it makes and frees no
 * runtime, so runtime.c calls it and it calls nothing of runtime.c.
 */
#include <pthread.h>

#include "opencl/runtime/state.h"

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static clslice_runtime *shared_list; /* guarded by shared_lock */

void cs_shared_lock(void)
{
    pthread_mutex_lock(&shared_lock);
}

void cs_shared_unlock(void)
{
    pthread_mutex_unlock(&shared_lock);
}

clslice_runtime *cs_shared_take(cl_context context)
{
    for (clslice_runtime *rt = shared_list; rt; rt = rt->next)
        if (rt->context == context) {
            atomic_fetch_add_explicit(&rt->refs, 1, memory_order_relaxed);
            return rt;
        }
    return NULL;
}

void cs_shared_add(clslice_runtime *runtime)
{
    runtime->shared = true;
    runtime->next = shared_list;
    shared_list = runtime;
}

bool cs_shared_drop(clslice_runtime *runtime)
{
    pthread_mutex_lock(&shared_lock);
    bool last = atomic_fetch_sub_explicit(&runtime->refs, 1,
                                          memory_order_acq_rel) == 1;
    if (last) {
        clslice_runtime **link = &shared_list;
        while (*link != runtime)
            link = &(*link)->next;
        *link = runtime->next;
    }
    pthread_mutex_unlock(&shared_lock);
    return last;
}
