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
    /* From a unit (units.c), for (device, index width): a family without
     * a program of its own finds it by those, without a program. */
    bool unit;
    /* Its unit's cache file waits for a first launch
     * (cs_runtime_store_pending); cleared at that launch. */
    bool store_pending;
    cl_device_id device;
    int index_bits;
} cs_pooled_kernel;

cs_kernel_pool *cs_kernel_pool_create(void);

/* Unlinks a free kernel `name` of `program`'s program (of its unit when
 * the family has no program), or returns NULL. */
typedef struct cs_program_info cs_program_info;
cs_pooled_kernel *cs_kernel_pool_find(cs_kernel_pool *pool,
                                      const cs_program_info *program,
                                      const char *name);
/* A new kernel `name` of `program`, outside any pool until given back;
 * the program calls it `name` followed by `suffix` (its kernel_suffix). */
clslice_status cs_kernel_create(cl_program program, cl_device_id device,
                                const char *name, const char *suffix,
                                cs_pooled_kernel **out, clslice_error *err);
/* Releases every kernel; the pool's users must be done with it. */
void cs_kernel_pool_release(cs_kernel_pool *pool);

/* ---- programs (runtime.c, build.c) ------------------------------------- */

/* What a program built for the binary cache appends to the name of each
 * of its kernels: "_k" and its key in 16 hex digits, so that the binary
 * says which key it was built for (key_names.c).  Empty for a program
 * built otherwise. */
enum { CS_KERNEL_SUFFIX = 20 };

/* A family's program, the facts of its device and the runtime's pool.
 * program NULL: the family has no program of its own (it was not
 * prepared), and each kernel comes from its unit, a program of that
 * kernel alone built at its first take (units.c). */
struct cs_program_info {
    cl_program program;
    cs_program_kind kind;
    cs_device_info device;
    cs_kernel_pool *pool; /* NULL: a kernel per call */
    struct clslice_runtime *runtime; /* builds the units */
    int index_bits;                  /* 32 or 64 */
    char kernel_suffix[CS_KERNEL_SUFFIX]; /* of program's kernel names */
};

/* A kernel `name` (a string that outlives the pool) of `program` for the
 * caller alone: a free one from the program's pool, else a new one; for a
 * family without a program, from the kernel's unit, built here at the
 * first take (take.c). */
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
 * little-endian-only kernels exist on little-endian devices alone; or
 * one unit of it (units.c). */
typedef struct cs_program_want {
    cs_program_kind kind;
    bool little_endian;
    bool unit;        /* only the kernels of one unit: */
    const char *kernel; /* that kernel, or NULL: the family's kernels
                         * without carriers */
} cs_program_want;

/* ---- units (units.c) ---------------------------------------------------- */

/* A unit is a program of one kernel of a family, or of the family's
 * kernels without carriers (they run together: CSR's count passes, the
 * normaliser): what a call builds for itself, so that the first call pays
 * for the kernel it runs and a binary cache file holds that alone.  The
 * kernel's name (static, from variants.c) in *unit, NULL for the
 * carrier-free group; false when the family has no kernel `name`. */
bool cs_unit_of(cs_program_kind kind, const char *name, const char **unit);

/* Whether kernel `name` of a variant of the family belongs to `unit`
 * (cs_unit_of's answer). */
bool cs_unit_holds(const char *unit, cs_variant variant, const char *name);

/* The source put in front of the family's to build one unit: it turns
 * every other kernel of the family into a static function nothing calls,
 * which the compiler drops (malloc'd; NULL when out of memory). */
char *cs_unit_source(cs_program_kind kind, const char *unit);

/* The family's build options (cs_build_options) with the unit named, so
 * that the options still key the program and its cache file; false when
 * they do not fit `size`. */
bool cs_unit_options(cs_program_kind kind, int index_bits,
                     const cs_device_info *device, const char *unit,
                     char *options, size_t size);

/* One program to build for one device. */
typedef struct cs_build {
    cl_context context;
    cl_device_id device;
    cs_program_want want;
    cl_uint count;
    const char **sources;
    const char *options;
} cs_build;

/* A cache file to write later, from a program built now. */
typedef struct cs_cache_store cs_cache_store;

/* cs_build_cached through the binary cache in `dir` (NULL: none): loads
 * the cached binary when there is a good one (*loaded true), else builds
 * from source and stores the binary: at once when `later` is NULL, else
 * through *later (NULL when nothing is to be written), which the caller
 * finishes once the program's kernel ran, so that the binary holds the
 * work-group functions the driver compiled for that launch (PoCL puts
 * them in, and a process loading the file then compiles nothing).  A
 * folder or file the cache would not use is a refusal, in *refusal
 * (status CLSLICE_ERROR_ARGUMENT; else CLSLICE_OK), never a failure:
 * fails only as the source build.  A program loaded or built for the
 * cache names its kernels with the suffix of its key, which goes to
 * `suffix`; a program built otherwise, with their names alone ("").  */
clslice_status cs_build_cached(const cs_build *build, const char *dir,
                               cl_program *program,
                               char suffix[CS_KERNEL_SUFFIX], bool *loaded,
                               cs_cache_store **later, clslice_error *refusal,
                               clslice_error *err);

/* Writes the file of `later` from `program`'s binary, when the folder is
 * still one the trust rule accepts and the driver gives the binary (else
 * nothing), and frees `later`. */
void cs_cache_store_finish(cs_cache_store *later, cl_program program);
void cs_cache_store_free(cs_cache_store *later);

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
 * counts of variants.def, each named with `suffix` after its name
 * (program_check.c).  CLSLICE_ERROR_BUILD saying what differs; an
 * OpenCL error as usual. */
clslice_status cs_program_check(cl_program program, const cs_program_want *want,
                                const char *suffix, clslice_error *err);

/* Calls visit(name, args, ctx) for each kernel `want` holds, with
 * variants.def's argument count; stops at a true return, which it
 * returns (program_check.c). */
bool cs_program_each_kernel(const cs_program_want *want,
                            bool (*visit)(const char *, cl_uint, void *),
                            void *ctx);

/* ---- kernel names that carry the cache key (key_names.c) --------------- */

/* The suffix of the program built for the cache under `key`. */
void cs_key_suffix(uint64_t key, char suffix[CS_KERNEL_SUFFIX]);

/* The source put in front of a program's own to build it for the cache:
 * every kernel of `want` renamed to its name followed by `suffix`
 * (malloc'd; NULL when out of memory). */
char *cs_key_names_source(const cs_program_want *want, const char *suffix);

/* ---- the background thread (worker.c) ---------------------------------- */

/* One thread running posted jobs in order; what the runtime builds while
 * first calls run on the host (cs_runtime_build_behind). */
typedef struct cs_worker cs_worker;

/* Starts the thread; NULL when it cannot (no memory, no thread). */
cs_worker *cs_worker_start(void);
/* Queues run(arg); false when out of memory (then it never runs). */
bool cs_worker_post(cs_worker *worker, void (*run)(void *arg), void *arg);
/* Waits until no job is queued or running (NULL: none to wait for). */
void cs_worker_wait(cs_worker *worker);
/* Drops the jobs not started, waits for the running one, joins the
 * thread and frees the worker (NULL: nothing). */
void cs_worker_stop(cs_worker *worker);

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

/* The family's program when one was built (prepare), else the family
 * with program NULL, whose kernels come from units built at their first
 * take: what calls ask for, so that nothing is built before a kernel is
 * taken. */
clslice_status cs_runtime_family(clslice_runtime *runtime,
                                 cl_device_id device, cs_program_kind kind,
                                 int index_bits, cs_program_info *info,
                                 clslice_error *err);

/* The program to take kernel `name` of `family`'s kind and width from,
 * built on first use and kept by the runtime: the family's when it was
 * built; else the kernel's unit, built through the binary cache; but
 * without a cache folder, once CS_UNITS_BEFORE_FAMILY units of the
 * family were built, the whole family (one build then serves every
 * kernel a busy process goes on to use).  *unit says which; *built is
 * `family` with that program and its kernels' suffix. */
enum { CS_UNITS_BEFORE_FAMILY = 4 };
clslice_status cs_runtime_unit(const cs_program_info *family,
                               const char *name, cs_program_info *built,
                               bool *unit, clslice_error *err);

/* Whether `program` (a unit) still waits for its first launch to write
 * its binary cache file: then the launcher reports that launch's event
 * through cs_runtime_launched, and a later call writes the file once the
 * launch ran. */
bool cs_runtime_store_pending(clslice_runtime *runtime, cl_program program);
void cs_runtime_launched(clslice_runtime *runtime, cl_program program,
                         cl_event launch);

/* Whether the runtime's calls may run on the host, in a native kernel,
 * while their kernel's program builds: CLSLICE_NATIVE is not "0" in the
 * environment of clslice_runtime_create (run/native.c). */
bool cs_runtime_native(const clslice_runtime *runtime);

/* For kernel `name` of `family` (a family without a program of its own):
 * true while the program cs_runtime_unit would give for it is still to
 * be built, the build then queued on the runtime's background thread (by
 * this call, or an earlier one), so that the caller runs the call
 * another way; false once the program is built, when no thread can run
 * the build, or when the background build failed: then the caller takes
 * the kernel, which builds it again and reports what failed. */
bool cs_runtime_build_behind(const cs_program_info *family, const char *name);

/* Counts one call for each path in `paths` (bits 1 << cs_path,
 * select/facts.h): which ways calls ran, per runtime. */
void cs_runtime_count_paths(clslice_runtime *runtime, unsigned paths);

#endif
