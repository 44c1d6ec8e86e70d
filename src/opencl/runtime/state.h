/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer runtime: the runtime's own state, behind the opaque
 * clslice_runtime.  Only runtime.c, which keeps it, and the test hooks
 * (testing/runtime_hooks.c), which read and move it, include this.
 */
#ifndef CLSLICE_OPENCL_RUNTIME_STATE_H
#define CLSLICE_OPENCL_RUNTIME_STATE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "opencl/runtime/runtime.h"

/* A built program and the options it was built with (its key).  A unit
 * built for the binary cache keeps its file to write (store) until its
 * first launch (launched, retained) has run (runtime.c). */
typedef struct cs_entry {
    struct cs_entry *next;
    char options[160];
    cs_program_info info;
    bool unit; /* a unit (units.c), not a whole family */
    cs_cache_store *store;
    cl_event launched;
} cs_entry;

/* A program built on the background thread for kernel `name` of a
 * family (cs_runtime_build_behind): listed from its posting until it is
 * built; one that failed stays, failed, so that calls take the kernel
 * and report the failure. */
typedef struct cs_behind {
    struct cs_behind *next;
    cs_program_info family; /* .runtime: the runtime that builds it */
    const char *name; /* static: from variants.c */
    bool failed;
} cs_behind;

typedef struct cs_device_entry {
    struct cs_device_entry *next;
    cs_device_info info;
    cs_tuning tuning; /* the tuning table's for this device */
} cs_device_entry;

struct clslice_runtime {
    cl_context context;
    pthread_mutex_t lock; /* guards entries, programs, devices, tuning */
    cs_entry *entries;
    size_t programs;
    cs_device_entry *devices;
    bool tuning_set;  /* a test hook replaced every device's tuning */
    cs_tuning tuning; /* ...with this */
    cs_kernel_pool *pool;
    atomic_long paths[CS_PATH_COUNT];
    char *cache_dir;         /* binary cache folder (cache.c); NULL:
                              * none.  Guarded by lock */
    atomic_long cache_loads; /* programs loaded from it */
    atomic_int stores;       /* entries with a file still to write */
    bool whole;              /* CLSLICE_UNITS=0: calls build whole
                              * programs, no units (runtime.c) */
    bool native;             /* CLSLICE_NATIVE is not "0": first calls
                              * may run on the host (run/native.c) */
    cs_worker *worker;       /* builds behind them; NULL until the first.
                              * Guarded by lock, stopped at release */
    cs_behind *behind;       /* what it builds; guarded by lock */
    int foreground;          /* builds callers wait for, running now; the
                              * worker starts none while any runs.
                              * Guarded by lock */
    pthread_cond_t quiet;    /* foreground dropped to 0 */
    /* References: create and attach give one, retain adds one, release
     * drops one and the last frees.  A shared runtime's count drops only
     * under the list's lock (shared.c). */
    atomic_uint refs;
    bool shared;                  /* made by attach, listed in shared.c */
    struct clslice_runtime *next; /* in that list; guarded by its lock */
    long cache_refusals;     /* folders and files it would not use since
                              * the folder was set; guarded by lock */
    clslice_error cache_refusal; /* the first of them; guarded by lock */
};

/* Frees a runtime whose last reference is gone (runtime.c). */
void cs_runtime_destroy(clslice_runtime *runtime);

/* The list of runtimes shared through clslice_runtime_attach (shared.c).
 * Take and add only between lock and unlock: take gives the listed
 * runtime of a context with one more reference (NULL: none listed), add
 * lists a new runtime and marks it shared. */
void cs_shared_lock(void);
void cs_shared_unlock(void);
clslice_runtime *cs_shared_take(cl_context context);
void cs_shared_add(clslice_runtime *runtime);

/* Drops one reference to a shared runtime under the list's lock; true
 * when it was the last, the runtime now out of the list and to be
 * destroyed (shared.c). */
bool cs_shared_drop(clslice_runtime *runtime);

#endif
