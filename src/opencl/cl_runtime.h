/*
 * The third layer: what a runtime keeps per context.  The facts of each
 * device (asked once), the tuning of path choices, the cache of built
 * programs and the pool of kernel objects.
 */
#ifndef CLSLICE_CL_RUNTIME_H
#define CLSLICE_CL_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cl_check.h"
#include "cl_move.h"
#include "cl_variants.h"

/* Bytes of the by-value element of the fill kernels; every program is
 * built with -DCS_FILL_BYTES set to it (cl_runtime.c). */
#define CS_FILL_BYTES CLSLICE_FILL_INLINE_MAX

/* ---- devices (cl_device.c) ---------------------------------------------- */

/* What the library asks of a device once and keeps. */
typedef struct cs_device_info {
    cl_device_id device;
    bool cpu;              /* CL_DEVICE_TYPE_CPU alone: row kernels */
    bool little_endian;    /* CL_DEVICE_ENDIAN_LITTLE */
    cl_uint compute_units; /* CL_DEVICE_MAX_COMPUTE_UNITS */
    size_t max_param_size; /* CL_DEVICE_MAX_PARAMETER_SIZE */
    size_t max_item[3];    /* CL_DEVICE_MAX_WORK_ITEM_SIZES */
    size_t pointer_size;   /* CL_DEVICE_ADDRESS_BITS / 8 */
    bool rect_sub_buffer_crash; /* clEnqueueCopyBufferRect crashes when
                                 * src or dst is a sub-buffer (PoCL,
                                 * cl_device.c) */
} cs_device_info;

clslice_status cs_device_query(cl_device_id device, cs_device_info *info,
                               clslice_error *err);

/* ---- tuning: the runtime's choices between paths ------------------------ */

/* Which kernel family gathers and scatters use. */
typedef enum cs_style {
    CS_STYLE_AUTO, /* by device type: rows on CPUs, the grid elsewhere */
    CS_STYLE_ROWS, /* the CPU family on any device */
    CS_STYLE_GRID  /* the GPU family on any device */
} cs_style;

typedef struct cs_tuning {
    size_t max_groups;       /* grid-stride kernels: work-groups per
                              * NDRange dim before they loop */
    cs_style style;
    int64_t row_split;       /* CPU rows: split rank <= 2 rows longer than
                              * this many carriers */
    int64_t short_row_bytes; /* CPU: rows shorter than this go to the
                              * odometer kernels */
    size_t rect_max_bytes;   /* CPU: clEnqueueCopyBufferRect for eligible
                              * outputs up to this size */
    size_t run_kernel_bytes; /* CPU: a single contiguous run of at least
                              * this many bytes runs the row kernel
                              * instead of clEnqueueCopyBuffer */
} cs_tuning;

/* What every runtime starts with (cl_runtime.c says why each value). */
extern const cs_tuning cs_default_tuning;

/* ---- kernel pool (cl_kernel_pool.c) ------------------------------------- */

/* cl_kernel objects per (program, name), each used by one thread at a
 * time. */
typedef struct cs_kernel_pool cs_kernel_pool;

/* A kernel taken from a pool, with its CL_KERNEL_WORK_GROUP_SIZE. */
typedef struct cs_pooled_kernel {
    struct cs_pooled_kernel *next;
    cl_program program;
    const char *name; /* static: from cl_variants.c, or the caller's */
    cl_kernel kernel;
    size_t max_group;
} cs_pooled_kernel;

cs_kernel_pool *cs_kernel_pool_create(void);
/* Releases every kernel; the pool's users must be done with it. */
void cs_kernel_pool_release(cs_kernel_pool *pool);

/* ---- programs (cl_runtime.c, cl_build.c) -------------------------------- */

/* A built program, the facts of its device and the runtime's pool. */
typedef struct cs_program_info {
    cl_program program;
    cs_program_kind kind;
    cs_device_info device;
    cs_kernel_pool *pool; /* NULL: a kernel per call */
} cs_program_info;

/* A kernel `name` (a string that outlives the pool) of `program` for the
 * caller alone: a free one from the program's pool, else a new one. */
clslice_status cs_kernel_take(const cs_program_info *program,
                              const char *name, cs_pooled_kernel **kernel,
                              clslice_error *err);
/* Hands a taken kernel back (without a pool: releases it).  Its
 * arguments were captured at enqueue, so another call may set new ones. */
void cs_kernel_give(const cs_program_info *program, cs_pooled_kernel *kernel);

/* Builds `count` sources, concatenated, for one device; a failure returns
 * CLSLICE_ERROR_BUILD with the start of the build log. */
clslice_status cs_build_sources(cl_context context, cl_device_id device,
                                cl_uint count, const char **sources,
                                const char *options, cl_program *program,
                                clslice_error *err);

/* ---- the binary cache (cl_cache.c) -------------------------------------- */

/* 64-bit FNV-1a of `size` bytes, continuing from `hash`. */
uint64_t cs_fnv1a64(uint64_t hash, const void *data, size_t size);

/* The cache key of a program: a hash of the device's and its platform's
 * names and versions, the library version, the options and the sources.
 * false when the device cannot be asked (then nothing is cached). */
bool cs_cache_key(cl_device_id device, cl_uint count, const char **sources,
                  const char *options, uint64_t *key);

/* cs_build_sources through the binary cache in `dir` (NULL: none): loads
 * the cached binary when there is a good one (*loaded true), else builds
 * from source and stores the binary.  Fails only as the source build. */
clslice_status cs_build_cached(cl_context context, cl_device_id device,
                               const char *dir, cl_uint count,
                               const char **sources, const char *options,
                               cl_program *program, bool *loaded,
                               clslice_error *err);

/* ---- the runtime (cl_runtime.c) ----------------------------------------- */

cl_context cs_runtime_context(const clslice_runtime *runtime);

/* The device's facts (queried once per device) and the tuning, in one
 * lock. */
clslice_status cs_runtime_device(clslice_runtime *runtime,
                                 cl_device_id device, cs_device_info *info,
                                 cs_tuning *tuning, clslice_error *err);

/* The program of `kind` for (device, index width), built on first use.
 * The program stays owned by the runtime (do not release it). */
clslice_status cs_runtime_program(clslice_runtime *runtime,
                                  cl_device_id device, cs_program_kind kind,
                                  int index_bits, cs_program_info *info,
                                  clslice_error *err);

/* Counts one call for each path in `paths` (bits 1 << cs_path, see
 * cl_select.h): which ways calls ran, per runtime. */
void cs_runtime_count_paths(clslice_runtime *runtime, unsigned paths);

#endif
