/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer runtime: what a runtime keeps per context.  The facts of each
 * device (asked once), the tuning of path choices, the cache of built
 * programs, the pool of kernel objects and the counts of paths taken.
 */
#ifndef CLSLICE_OPENCL_RUNTIME_RUNTIME_H
#define CLSLICE_OPENCL_RUNTIME_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "opencl/base/check.h"
#include "opencl/select/facts.h"
#include "opencl/select/variants.h"

/* Bytes of the by-value element of the fill kernels; every program is
 * built with -DCS_FILL_BYTES set to it (runtime.c). */
#define CS_FILL_BYTES CLSLICE_FILL_INLINE_MAX

/* ---- devices (device_facts.c) ------------------------------------------ */

/* Asks OpenCL for the facts the selector reads (select/facts.h). */
clslice_status cs_device_query(cl_device_id device, cs_device_info *info,
                               clslice_error *err);

/* ---- kernel pool (kernel_pool.c) ---------------------------------------- */

/* cl_kernel objects per (program, name), each used by one thread at a
 * time. */
typedef struct cs_kernel_pool cs_kernel_pool;

/* A kernel taken from a pool, with its CL_KERNEL_WORK_GROUP_SIZE. */
typedef struct cs_pooled_kernel {
    struct cs_pooled_kernel *next;
    cl_program program;
    const char *name; /* static: from variants.c, or the caller's */
    cl_kernel kernel;
    size_t max_group;
} cs_pooled_kernel;

cs_kernel_pool *cs_kernel_pool_create(void);
/* Releases every kernel; the pool's users must be done with it. */
void cs_kernel_pool_release(cs_kernel_pool *pool);

/* ---- programs (runtime.c, build.c) ------------------------------------- */

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

/* The clBuildProgram options of program `kind` in `index_bits` (32 or
 * 64) for `device` (only its byte order matters); they are also the
 * program's cache key.  Room for 160 bytes is enough.  The offline
 * compiler gate (tests/gpu_gate) builds with exactly these. */
void cs_build_options(cs_program_kind kind, int index_bits,
                      const cs_device_info *device, char *options,
                      size_t size);

/* Builds `count` sources, concatenated, for one device; a failure returns
 * CLSLICE_ERROR_BUILD with the start of the build log. */
clslice_status cs_build_sources(cl_context context, cl_device_id device,
                                cl_uint count, const char **sources,
                                const char *options, cl_program *program,
                                clslice_error *err);

/* ---- the binary cache (cache.c, cache_trust.c, program_check.c) ------- */

/* 64-bit FNV-1a of `size` bytes, continuing from `hash`. */
uint64_t cs_fnv1a64(uint64_t hash, const void *data, size_t size);

/* The cache key of a program: a hash of the device's and its platform's
 * names and versions, the library version, the options and the sources.
 * false when the device cannot be asked (then nothing is cached). */
bool cs_cache_key(cl_device_id device, cl_uint count, const char **sources,
                  const char *options, uint64_t *key);

/* What a program must be: a family of select/variants.def, whose
 * little-endian-only kernels exist on little-endian devices alone. */
typedef struct cs_program_want {
    cs_program_kind kind;
    bool little_endian;
} cs_program_want;

/* One program to build for one device. */
typedef struct cs_build {
    cl_context context;
    cl_device_id device;
    cs_program_want want;
    cl_uint count;
    const char **sources;
    const char *options;
} cs_build;

/* cs_build_sources through the binary cache in `dir` (NULL: none): loads
 * the cached binary when there is a good one (*loaded true), else builds
 * from source and stores the binary.  A folder or file the cache would
 * not use is a refusal, in *refusal (status CLSLICE_ERROR_ARGUMENT; else
 * CLSLICE_OK), never a failure: fails only as the source build. */
clslice_status cs_build_cached(const cs_build *build, const char *dir,
                               cl_program *program, bool *loaded,
                               clslice_error *refusal, clslice_error *err);

/* Opens the cache folder `dir` (read-only, following the path the caller
 * gave) and checks the trust rule (cache_trust.c): owned by this user or
 * root, writable by nobody else.  A refusal is CLSLICE_ERROR_ARGUMENT
 * naming `what` ("dir", "CLSLICE_CACHE_DIR") and `dir`; *fd is -1 then. */
clslice_status cs_cache_folder_open(const char *what, const char *dir, int *fd,
                                    clslice_error *err);

/* Appends `tail` to the message of a refusal (nothing when refusal holds
 * none), as far as it fits: what was done instead. */
void cs_cache_refusal_append(clslice_error *refusal, const char *tail);

/* Opens cache file `name` of the open folder `dirfd` for reading when it
 * is a regular file the trust rule accepts, never following a link nor
 * opening anything else, never blocking; its size in *size.  No such
 * entry: CLSLICE_OK with *fd = -1.  A refusal is CLSLICE_ERROR_ARGUMENT
 * naming `path`. */
clslice_status cs_cache_file_open(int dirfd, const char *name, const char *path,
                                  int *fd, size_t *size, clslice_error *err);

/* Whether `program` holds exactly the kernels of `want` with the argument
 * counts of variants.def, and the kernel `key_kernel` (no arguments)
 * when that is not NULL (program_check.c).  CLSLICE_ERROR_BUILD saying
 * what differs; an OpenCL error as usual. */
clslice_status cs_program_check(cl_program program, const cs_program_want *want,
                                const char *key_kernel, clslice_error *err);

/* ---- the runtime (runtime.c) ------------------------------------------- */

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

/* Counts one call for each path in `paths` (bits 1 << cs_path,
 * select/facts.h): which ways calls ran, per runtime. */
void cs_runtime_count_paths(clslice_runtime *runtime, unsigned paths);

#endif
