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
 * happens under the one lock: attach finds and adds a reference, and the
 * last release unlinks, atomically, so attach never finds a runtime that
 * is being freed.  clslice_runtime_retain needs no lock: its caller holds
 * a reference, so the count cannot be dropping to zero at the time.
 */
#include <pthread.h>

#include "opencl/runtime/state.h"
#include "core/plan/common.h"

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static clslice_runtime *shared_list; /* guarded by shared_lock */

/* Call with the lock held. */
static clslice_runtime *find_shared(cl_context context)
{
    for (clslice_runtime *rt = shared_list; rt; rt = rt->next)
        if (rt->context == context)
            return rt;
    return NULL;
}

clslice_status clslice_runtime_attach(cl_context context,
                                      clslice_runtime **runtime,
                                      clslice_error *err)
{
    if (!runtime || !context) /* create's checks and messages */
        return clslice_runtime_create(context, runtime, err);
    *runtime = NULL;
    pthread_mutex_lock(&shared_lock);
    clslice_runtime *rt = find_shared(context);
    clslice_status st = CLSLICE_OK;
    if (rt) {
        atomic_fetch_add_explicit(&rt->refs, 1, memory_order_relaxed);
    } else {
        /* Made under the lock, so two first attaches make one runtime;
         * making one builds nothing and is quick. */
        st = clslice_runtime_create(context, &rt, err);
        if (st == CLSLICE_OK) {
            rt->shared = true;
            rt->next = shared_list;
            shared_list = rt;
        }
    }
    pthread_mutex_unlock(&shared_lock);
    if (st != CLSLICE_OK)
        return st;
    *runtime = rt;
    return cs_ok(err);
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
