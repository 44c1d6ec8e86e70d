/*
 * The runtime: a retained context and a cache of built programs keyed by
 * (device, build options).
 *
 * Builds take ~1 s cold on PoCL, so they run outside the lock: threads
 * asking for the same program at once may each build it; the first to
 * come back publishes its program and the others release theirs.  A
 * failed build is not cached, so a later call reports it again.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_internal.h"
#include "plan_internal.h"

/* Work-groups per NDRange dim before the kernels loop: CUDA-style grids
 * cap dims 1 and 2 at 65535 groups, and every device handles this many. */
enum { DEFAULT_MAX_GROUPS = 65535 };

typedef struct cs_entry {
    struct cs_entry *next;
    char options[128];
    cs_program_info info;
} cs_entry;

struct clslice_runtime {
    cl_context context;
    pthread_mutex_t lock; /* guards entries and programs */
    cs_entry *entries;
    size_t programs;
    size_t max_groups;
};

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
    cl_int rc = clRetainContext(context);
    if (rc != CL_SUCCESS) {
        pthread_mutex_destroy(&rt->lock);
        free(rt);
        return cs_cl_fail(err, "clRetainContext", rc);
    }
    rt->context = context;
    rt->max_groups = DEFAULT_MAX_GROUPS;
    *runtime = rt;
    return cs_ok(err);
}

void clslice_runtime_release(clslice_runtime **runtime)
{
    if (!runtime || !*runtime)
        return;
    clslice_runtime *rt = *runtime;
    for (cs_entry *e = rt->entries, *next; e; e = next) {
        next = e->next;
        clReleaseProgram(e->info.program);
        free(e);
    }
    pthread_mutex_destroy(&rt->lock);
    clReleaseContext(rt->context);
    free(rt);
    *runtime = NULL;
}

cl_context cs_runtime_context(const clslice_runtime *runtime)
{
    return runtime->context;
}

void cs_runtime_set_max_groups(clslice_runtime *runtime, size_t groups)
{
    runtime->max_groups = groups ? groups : DEFAULT_MAX_GROUPS;
}

size_t cs_runtime_max_groups(const clslice_runtime *runtime)
{
    return runtime->max_groups;
}

size_t cs_runtime_program_count(clslice_runtime *runtime)
{
    pthread_mutex_lock(&runtime->lock);
    size_t n = runtime->programs;
    pthread_mutex_unlock(&runtime->lock);
    return n;
}

/* Call with the lock held. */
static const cs_entry *find(const clslice_runtime *rt, cl_device_id device,
                            const char *options)
{
    for (const cs_entry *e = rt->entries; e; e = e->next)
        if (e->info.device == device && strcmp(e->options, options) == 0)
            return e;
    return NULL;
}

/* One source per program family, in cs_program_kind order. */
static const char *const program_sources[CS_PROGRAM_KINDS] = {
    [CS_PROGRAM_GATHER] = cs_cl_gather,
    [CS_PROGRAM_SCATTER] = cs_cl_scatter,
    [CS_PROGRAM_CSR] = cs_cl_csr,
};

/* The options double as the cache key, so they name the family too. */
static void build_options(cs_program_kind kind, int index_bits,
                          char *options, size_t size)
{
    snprintf(options, size,
             "-DCS_PROGRAM=%d -DCS_INDEX64=%d -DCS_MAX_DIMS=%d "
             "-DCS_FILL_BYTES=%d",
             (int)kind, index_bits == 64, CS_MAX_DIMS, CS_FILL_BYTES);
}

static clslice_status device_limits(cl_device_id device,
                                    cs_program_info *info,
                                    clslice_error *err)
{
    cl_uint dims = 0, bits = 0;
    size_t items[16] = {0};
    cl_int rc = clGetDeviceInfo(device, CL_DEVICE_MAX_PARAMETER_SIZE,
                                sizeof info->max_param_size,
                                &info->max_param_size, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device, CL_DEVICE_ADDRESS_BITS, sizeof bits,
                             &bits, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS,
                             sizeof dims, &dims, NULL);
    if (rc == CL_SUCCESS && (dims < 3 || dims > 16))
        rc = CL_INVALID_DEVICE; /* OpenCL promises 3 */
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES,
                             dims * sizeof items[0], items, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetDeviceInfo", rc);
    info->device = device;
    info->pointer_size = bits / 8;
    for (int d = 0; d < 3; d++)
        info->max_item[d] = items[d];
    return CLSLICE_OK;
}

/* Publishes a freshly built program, or adopts the one a racing thread
 * published first and releases ours. */
static clslice_status publish(clslice_runtime *rt, const char *options,
                              cs_program_info *info, clslice_error *err)
{
    pthread_mutex_lock(&rt->lock);
    const cs_entry *found = find(rt, info->device, options);
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
    char options[128];
    build_options(kind, index_bits, options, sizeof options);

    pthread_mutex_lock(&runtime->lock);
    const cs_entry *cached = find(runtime, device, options);
    if (cached)
        *info = cached->info;
    pthread_mutex_unlock(&runtime->lock);
    if (cached)
        return CLSLICE_OK;

    clslice_status st = device_limits(device, info, err);
    if (st == CLSLICE_OK)
        st = cs_build_program(runtime->context, device,
                              program_sources[kind], options, &info->program,
                              err);
    if (st != CLSLICE_OK)
        return st;
    return publish(runtime, options, info, err);
}
