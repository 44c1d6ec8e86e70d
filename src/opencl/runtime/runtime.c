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
 *
 * First calls that run on the host meanwhile (run/native.c) have their
 * unit built behind them on the runtime's own thread (worker.c, started
 * at the first, stopped at the release): cs_runtime_build_behind lists
 * and posts the build, the thread publishes the unit as any build does.
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

static void write_stores(clslice_runtime *rt, bool last);

static void free_runtime(clslice_runtime *rt)
{
    cs_worker_stop(rt->worker); /* before anything its build may touch */
    for (cs_behind *b = rt->behind, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    write_stores(rt, true);
    cs_kernel_pool_release(rt->pool); /* kernels before their programs */
    for (cs_entry *e = rt->entries, *next; e; e = next) {
        next = e->next;
        cs_cache_store_free(e->store);
        if (e->launched)
            clReleaseEvent(e->launched);
        clReleaseProgram(e->info.program);
        free(e);
    }
    for (cs_device_entry *d = rt->devices, *next; d; d = next) {
        next = d->next;
        free(d);
    }
    pthread_cond_destroy(&rt->quiet);
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
    if (pthread_cond_init(&rt->quiet, NULL) != 0) {
        pthread_mutex_destroy(&rt->lock);
        free(rt);
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "pthread_cond_init failed for the runtime");
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
    atomic_init(&rt->stores, 0);
    cs_ok(&rt->cache_refusal);
    /* CLSLICE_UNITS=0: whole programs at every first call, as before units
     * (a test suite that takes most kernels of each family on a cold
     * driver cache spends less on a few whole builds). */
    const char *units = getenv("CLSLICE_UNITS");
    rt->whole = units && strcmp(units, "0") == 0;
    /* CLSLICE_NATIVE=0: every call takes its kernel, built in the call, as
     * before the native road (the device tests that test kernels). */
    const char *native = getenv("CLSLICE_NATIVE");
    rt->native = !native || strcmp(native, "0") != 0;
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

/* Publishes a freshly built program, or adopts the one a racing thread
 * published first and releases ours. */
static clslice_status publish(clslice_runtime *rt, const char *options,
                              bool unit, cs_program_info *info,
                              cs_cache_store *store, clslice_error *err)
{
    pthread_mutex_lock(&rt->lock);
    const cs_entry *found = find(rt, info->device.device, options);
    cs_entry *e = found ? NULL : calloc(1, sizeof *e);
    if (e) {
        snprintf(e->options, sizeof e->options, "%s", options);
        e->info = *info;
        e->store = store;
        e->unit = unit;
        e->next = rt->entries;
        rt->entries = e;
        rt->programs++;
        if (store)
            atomic_fetch_add(&rt->stores, 1);
    }
    cs_program_info winner = found ? found->info : *info;
    pthread_mutex_unlock(&rt->lock);

    if (!e) {
        clReleaseProgram(info->program);
        cs_cache_store_free(store);
    }
    if (!found && !e)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory caching a program");
    *info = winner;
    return CLSLICE_OK;
}

/* Counts a build a caller waits for (`by` 1, then -1 when it is done):
 * the background thread starts none of its own while one runs, so that
 * a call that must build (a CSR slice, say) waits for at most the one
 * background build under way, not for all that are queued.  PoCL
 * compiles one program at a time. */
static void foreground(clslice_runtime *rt, int by)
{
    pthread_mutex_lock(&rt->lock);
    rt->foreground += by;
    if (rt->foreground == 0)
        pthread_cond_broadcast(&rt->quiet);
    pthread_mutex_unlock(&rt->lock);
}

/* The program of `options` for the device, from the runtime's list, or
 * built (through the binary cache) from `build` and published.  `later`:
 * a file for the cache is written after the program's first launch ran
 * (units), not at once (families).  `behind`: built on the background
 * thread, not for a caller waiting. */
static clslice_status obtain(clslice_runtime *runtime, cs_build *build,
                             bool later, bool behind, cs_program_info *info,
                             clslice_error *err)
{
    pthread_mutex_lock(&runtime->lock);
    const cs_entry *cached = find(runtime, build->device, build->options);
    if (cached)
        *info = cached->info;
    pthread_mutex_unlock(&runtime->lock);
    if (cached)
        return CLSLICE_OK;

    char *dir = NULL;
    pthread_mutex_lock(&runtime->lock);
    if (runtime->cache_dir)
        dir = strdup(runtime->cache_dir); /* no cache if out of memory */
    pthread_mutex_unlock(&runtime->lock);
    bool loaded;
    clslice_error refusal;
    cs_cache_store *store = NULL;
    if (!behind)
        foreground(runtime, 1);
    clslice_status st =
        cs_build_cached(build, dir, &info->program, info->kernel_suffix,
                        &loaded, later ? &store : NULL, &refusal, err);
    if (!behind)
        foreground(runtime, -1);
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
    return publish(runtime, build->options, build->want.unit, info, store,
                   err);
}

enum { FAMILY_OPTIONS = 160 };

/* The family's info without its program (facts, pool, width) and its
 * build options, which are its key among the runtime's programs. */
static clslice_status family_info(clslice_runtime *runtime,
                                  cl_device_id device, cs_program_kind kind,
                                  int index_bits, cs_program_info *info,
                                  char options[FAMILY_OPTIONS],
                                  clslice_error *err)
{
    if ((unsigned)kind >= CS_PROGRAM_KINDS)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "unknown program kind %d",
                       (int)kind);
    cs_device_info facts;
    clslice_status st = cs_runtime_device(runtime, device, &facts, NULL, err);
    if (st != CLSLICE_OK)
        return st;
    *info = (cs_program_info){.kind = kind,
                              .device = facts,
                              .pool = runtime->pool,
                              .runtime = runtime,
                              .index_bits = index_bits};
    cs_build_options(kind, index_bits, &info->device, options,
                     FAMILY_OPTIONS);
    return CLSLICE_OK;
}

/* cs_runtime_program, on the background thread or not. */
static clslice_status family_program(clslice_runtime *runtime,
                                     cl_device_id device, cs_program_kind kind,
                                     int index_bits, bool behind,
                                     cs_program_info *info, clslice_error *err)
{
    char options[FAMILY_OPTIONS];
    clslice_status st =
        family_info(runtime, device, kind, index_bits, info, options, err);
    if (st != CLSLICE_OK)
        return st;
    const char *sources[CS_MAX_SOURCES];
    cs_build build = {.context = runtime->context,
                      .device = device,
                      .want = {kind, info->device.little_endian, false, NULL},
                      .count = cs_program_sources(kind, sources),
                      .sources = sources,
                      .options = options};
    return obtain(runtime, &build, false, behind, info, err);
}

clslice_status cs_runtime_program(clslice_runtime *runtime,
                                  cl_device_id device, cs_program_kind kind,
                                  int index_bits, cs_program_info *info,
                                  clslice_error *err)
{
    return family_program(runtime, device, kind, index_bits, false, info,
                          err);
}

clslice_status cs_runtime_family(clslice_runtime *runtime,
                                 cl_device_id device, cs_program_kind kind,
                                 int index_bits, cs_program_info *info,
                                 clslice_error *err)
{
    write_stores(runtime, false);
    char options[FAMILY_OPTIONS];
    clslice_status st =
        family_info(runtime, device, kind, index_bits, info, options, err);
    if (st != CLSLICE_OK)
        return st;
    pthread_mutex_lock(&runtime->lock);
    const cs_entry *built = find(runtime, device, options);
    if (built)
        *info = built->info;
    pthread_mutex_unlock(&runtime->lock);
    return CLSLICE_OK;
}

/* The family's program if built (*unit false), else whether the family
 * is to be built whole rather than one more unit (*whole). */
static const cs_entry *family_or_units(clslice_runtime *rt,
                                       const cs_program_info *family,
                                       bool *whole)
{
    char options[FAMILY_OPTIONS];
    cs_build_options(family->kind, family->index_bits, &family->device,
                     options, sizeof options);
    pthread_mutex_lock(&rt->lock);
    const cs_entry *built = find(rt, family->device.device, options);
    int units = 0;
    for (const cs_entry *e = rt->entries; e && !built; e = e->next)
        units += e->unit && e->info.kind == family->kind &&
                 e->info.index_bits == family->index_bits &&
                 e->info.device.device == family->device.device;
    *whole = rt->whole ||
             (!rt->cache_dir && units >= CS_UNITS_BEFORE_FAMILY);
    pthread_mutex_unlock(&rt->lock);
    return built;
}

/* cs_runtime_unit, on the background thread or not. */
static clslice_status unit_program(const cs_program_info *family,
                                   const char *name, bool behind,
                                   cs_program_info *program, bool *is_unit,
                                   clslice_error *err)
{
    clslice_runtime *runtime = family->runtime;
    const char *unit;
    char options[FAMILY_OPTIONS];
    *is_unit = false;
    if (!runtime)
        return cs_fail(err, CLSLICE_ERROR_OPENCL,
                       "internal: family %d has neither a program nor a "
                       "runtime to build kernel %s",
                       (int)family->kind, name);
    bool whole;
    const cs_entry *built = family_or_units(runtime, family, &whole);
    if (built || whole) {
        cs_program_info info;
        clslice_status st =
            built ? CLSLICE_OK
                  : family_program(runtime, family->device.device,
                                   family->kind, family->index_bits, behind,
                                   &info, err);
        if (st == CLSLICE_OK)
            *program = built ? built->info : info;
        return st;
    }
    if (!cs_unit_of(family->kind, name, &unit)) /* as the driver says it */
        return cs_cl_fail(err, "clCreateKernel", CL_INVALID_KERNEL_NAME);
    if (!cs_unit_options(family->kind, family->index_bits, &family->device,
                         unit, options, sizeof options))
        return cs_fail(err, CLSLICE_ERROR_OPENCL,
                       "internal: the options of unit %s do not fit", name);
    char *head = cs_unit_source(family->kind, unit);
    if (!head)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory writing the source of unit %s", name);
    const char *sources[CS_MAX_SOURCES + 1];
    sources[0] = head;
    cs_build build = {.context = runtime->context,
                      .device = family->device.device,
                      .want = {family->kind, family->device.little_endian,
                               true, unit},
                      .count = 1 + cs_program_sources(family->kind,
                                                      sources + 1),
                      .sources = sources,
                      .options = options};
    cs_program_info info = *family;
    clslice_status st = obtain(runtime, &build, true, behind, &info, err);
    free(head);
    if (st == CLSLICE_OK) {
        *program = info;
        *is_unit = true;
    }
    return st;
}

clslice_status cs_runtime_unit(const cs_program_info *family,
                               const char *name, cs_program_info *program,
                               bool *is_unit, clslice_error *err)
{
    return unit_program(family, name, false, program, is_unit, err);
}

/* ---- builds behind first calls that ran on the host -------------------- */

bool cs_runtime_native(const clslice_runtime *runtime)
{
    return runtime->native;
}

/* Builds one program posted by cs_runtime_build_behind, on the worker;
 * publishes it like any build (obtain), then drops its listing, or marks
 * it failed. */
static void build_behind(void *arg)
{
    cs_behind *b = arg;
    clslice_runtime *rt = b->family.runtime;
    cs_program_info program;
    bool unit;
    clslice_error err;
    pthread_mutex_lock(&rt->lock);
    while (rt->foreground > 0)
        pthread_cond_wait(&rt->quiet, &rt->lock);
    pthread_mutex_unlock(&rt->lock);
    clslice_status st = unit_program(&b->family, b->name, true, &program,
                                     &unit, &err);
    pthread_mutex_lock(&rt->lock);
    if (st == CLSLICE_OK) {
        cs_behind **at = &rt->behind;
        while (*at != b)
            at = &(*at)->next;
        *at = b->next;
        free(b);
    } else {
        b->failed = true;
    }
    pthread_mutex_unlock(&rt->lock);
}

/* The build listed for kernel `name` of the family, or NULL.  Call with
 * the lock held. */
static cs_behind *find_behind(const clslice_runtime *rt,
                              const cs_program_info *family, const char *name)
{
    for (cs_behind *b = rt->behind; b; b = b->next)
        if (b->family.device.device == family->device.device &&
            b->family.kind == family->kind &&
            b->family.index_bits == family->index_bits &&
            strcmp(b->name, name) == 0)
            return b;
    return NULL;
}

/* Lists and posts a build of kernel `name`; false when it cannot (the
 * caller builds then).  Call with the lock held. */
static bool post_behind(clslice_runtime *rt, const cs_program_info *family,
                        const char *name)
{
    if (!rt->worker)
        rt->worker = cs_worker_start();
    cs_behind *b = rt->worker ? calloc(1, sizeof *b) : NULL;
    if (!b)
        return false;
    b->family = *family;
    b->name = name;
    if (!cs_worker_post(rt->worker, build_behind, b)) {
        free(b);
        return false;
    }
    b->next = rt->behind;
    rt->behind = b;
    return true;
}

bool cs_runtime_build_behind(const cs_program_info *family, const char *name)
{
    clslice_runtime *rt = family->runtime;
    const char *unit;
    char whole[160], one[160];
    if (!rt || family->program || !cs_unit_of(family->kind, name, &unit) ||
        !cs_unit_options(family->kind, family->index_bits, &family->device,
                         unit, one, sizeof one))
        return false;
    cs_build_options(family->kind, family->index_bits, &family->device,
                     whole, sizeof whole);
    bool behind = false;
    pthread_mutex_lock(&rt->lock);
    cl_device_id device = family->device.device;
    if (!find(rt, device, whole) && !find(rt, device, one)) {
        const cs_behind *b = find_behind(rt, family, name);
        behind = b ? !b->failed : post_behind(rt, family, name);
    }
    pthread_mutex_unlock(&rt->lock);
    return behind;
}

clslice_status clslice_runtime_wait_builds(clslice_runtime *runtime,
                                           clslice_error *err)
{
    if (!runtime)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "runtime is NULL");
    pthread_mutex_lock(&runtime->lock);
    cs_worker *worker = runtime->worker; /* set once, kept until freed */
    pthread_mutex_unlock(&runtime->lock);
    cs_worker_wait(worker);
    return cs_ok(err);
}

/* ---- files written after a unit's first launch ------------------------- */

/* Whether the entry's launch has run: complete, or failed (then no file).
 * Call with the lock held; clGetEventInfo does not block. */
static bool ran(const cs_entry *e, cl_int *status)
{
    if (!e->launched ||
        clGetEventInfo(e->launched, CL_EVENT_COMMAND_EXECUTION_STATUS,
                       sizeof *status, status, NULL) != CL_SUCCESS)
        return false;
    return *status == CL_COMPLETE || *status < 0;
}

/* A file taken out of its entry to write outside the lock. */
typedef struct due {
    struct due *next;
    cs_cache_store *store;
    cl_program program;
    cl_event launched;
    bool write;
} due;

/* Takes out of the list every file whose launch ran (`last`: every file;
 * those whose launch did not run are dropped unwritten: the runtime
 * goes, and waiting could block on a caller's event; those whose launch
 * never came are written as built, so that the first calls of a process
 * that all ran natively still leave their units in the cache). */
static due *take_due(clslice_runtime *rt, bool last)
{
    due *out = NULL;
    pthread_mutex_lock(&rt->lock);
    for (cs_entry *e = rt->entries; e; e = e->next) {
        cl_int status = CL_QUEUED;
        if (!e->store || (!ran(e, &status) && !last))
            continue;
        due *d = calloc(1, sizeof *d);
        if (!d)
            break; /* tried again at the next call */
        /* a unit never launched (its first calls ran natively) is
         * written as built */
        *d = (due){out, e->store, e->info.program, e->launched,
                   e->launched ? status == CL_COMPLETE : true};
        out = d;
        e->store = NULL;
        e->launched = NULL;
        atomic_fetch_sub(&rt->stores, 1);
    }
    pthread_mutex_unlock(&rt->lock);
    return out;
}

/* Writes the files of units whose first launch ran.  Called at each call
 * (cs_runtime_family) and when the runtime goes; costs an atomic load
 * when nothing is due.  Asking PoCL for a program's binary compiles the
 * kernel's work-group function once more (~80 ms of CPU), so the first
 * call after a unit's first launch pays that, once per file. */
static void write_stores(clslice_runtime *rt, bool last)
{
    if (atomic_load_explicit(&rt->stores, memory_order_relaxed) == 0)
        return;
    for (due *d = take_due(rt, last), *next; d; d = next) {
        next = d->next;
        if (d->write)
            cs_cache_store_finish(d->store, d->program);
        else
            cs_cache_store_free(d->store);
        if (d->launched)
            clReleaseEvent(d->launched);
        free(d);
    }
}

bool cs_runtime_store_pending(clslice_runtime *runtime, cl_program program)
{
    bool pending = false;
    pthread_mutex_lock(&runtime->lock);
    for (const cs_entry *e = runtime->entries; e; e = e->next)
        if (e->info.program == program)
            pending = e->store && !e->launched;
    pthread_mutex_unlock(&runtime->lock);
    return pending;
}

void cs_runtime_launched(clslice_runtime *runtime, cl_program program,
                         cl_event launch)
{
    pthread_mutex_lock(&runtime->lock);
    for (cs_entry *e = runtime->entries; e; e = e->next)
        if (e->info.program == program && e->store && !e->launched &&
            clRetainEvent(launch) == CL_SUCCESS)
            e->launched = launch;
    pthread_mutex_unlock(&runtime->lock);
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
