/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer testing: hooks for tests, and for nothing else.  No production
 * file includes this header, and its functions (this folder) are built
 * into the clslice_internal archive that tests link, never into
 * libclslice (test_lib_symbols checks: cmake/check_symbols.cmake).  Tests
 * move the tuning to reach every path with small tensors, read which
 * paths calls took and how many programs were built, launch kernels on
 * programs of their own, and run the two halves of a dynamic call alone.
 */
#ifndef CLSLICE_OPENCL_TESTING_TESTING_H
#define CLSLICE_OPENCL_TESTING_TESTING_H

#include "opencl/ops/dyn_consume.h"
#include "opencl/ops/dyn_normalise.h"
#include "opencl/run/dispatch.h"

/* ---- the runtime (runtime_hooks.c) -------------------------------------- */

/* Replaces the tuning of every device of the runtime; NULL gives each
 * device the tuning table's again (cs_tuning_for).  A max_groups of 0 is
 * the default row's. */
void cs_runtime_set_tuning(clslice_runtime *runtime, const cs_tuning *tuning);
/* The tuning set by cs_runtime_set_tuning, else the tuning table's
 * default row (cs_tuning_default): what a test changes a member of and
 * sets again. */
void cs_runtime_tuning(clslice_runtime *runtime, cs_tuning *tuning);

/* Work-groups per NDRange dim before grid-stride kernels loop (lowered to
 * exercise the loops).  0 restores the default. */
void cs_runtime_set_max_groups(clslice_runtime *runtime, size_t groups);
size_t cs_runtime_max_groups(clslice_runtime *runtime);

/* Calls that took `path` since the runtime was created. */
long cs_runtime_path_count(clslice_runtime *runtime, cs_path path);

/* Programs built since the runtime was created (racing threads must leave
 * one per key). */
size_t cs_runtime_program_count(clslice_runtime *runtime);

/* Of those, the units (runtime/units.c), and whether no two programs share
 * a key (device and build options): racing builds publish one. */
size_t cs_runtime_unit_count(clslice_runtime *runtime);
bool cs_runtime_programs_unique(clslice_runtime *runtime);

/* Replaces the facts the runtime keeps for facts->device (adding them
 * when it has not met the device yet), its tuning the table's for the
 * new facts: how a test makes the one device it has look like another
 * (one without native kernels, say). */
void cs_runtime_set_facts(clslice_runtime *runtime,
                          const cs_device_info *facts);

/* Posts run(arg) to the runtime's background thread (starting it), ahead
 * of whatever calls post later: a job that waits holds every build behind
 * it, so that calls keep taking the native road (run/native.c).  False
 * when the thread cannot start or the job cannot be queued. */
bool cs_runtime_post_job(clslice_runtime *runtime, void (*run)(void *arg),
                         void *arg);

/* Programs loaded from the binary cache since the runtime was created
 * (counted in cs_runtime_program_count too). */
long cs_runtime_cache_loads(clslice_runtime *runtime);

/* ---- builds and launches (testing.c) ------------------------------------ */

/* cs_build_sources of one source (a broken one, or a program of other
 * kernels). */
clslice_status cs_build_program(cl_context context, cl_device_id device,
                                const char *source, const char *options,
                                cl_program *program, clslice_error *err);

/* The element grid's launch of `move` on a GPU: groups fitted within
 * the default row's local_grid (cs_grid_fit), then cs_launch_fit. */
void cs_launch_size(const cs_move *move, const cs_launch_limits *limits,
                    cs_launch *launch);

/* A kernel launch of a move already built, on any program (one a test
 * built, or one of the runtime's with facts changed). */
typedef struct cs_testing_call {
    cs_kernel_kind kind;
    const cs_move *move;
    int index_bits;
    cl_mem src, dst;
    const unsigned char *pattern; /* fills: CS_FILL_BYTES */
} cs_testing_call;

/* Enqueues the call's kernel of program->kind under the tuning of the
 * program's device (cs_tuning_for), max_groups bounding grid-stride
 * kernels. */
clslice_status cs_launch_kernel(cl_command_queue queue,
                                const cs_program_info *program,
                                const cs_testing_call *call,
                                size_t max_groups, cl_uint num_events,
                                const cl_event *wait_list, cl_event *event,
                                clslice_error *err);

/* cs_launch_kernel of a gather. */
clslice_status cs_launch_move(cl_command_queue queue,
                              const cs_program_info *program,
                              const cs_move *move, int index_bits,
                              size_t max_groups, cl_mem src, cl_mem dst,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event, clslice_error *err);

/* ---- the halves of a dynamic call (dyn_hooks.c) ------------------------- */

/* The normalise command alone: checks on the host everything that does
 * not depend on the values (handles, lengths, masks, ranks, buffer sizes
 * and offsets) with the host front-end's messages; then enqueues one
 * command that writes the record into info at byte info_offset
 * (CLSLICE_DYNAMIC_INFO_BYTES, writable) behind the wait list, with `ev`
 * if requested.  *static_plan receives the plan cs_dyn_describe gives.
 * Nothing is enqueued and *static_plan is NULL on failure. */
clslice_status cs_enqueue_normalise(clslice_runtime *rt, cl_command_queue q,
                                    const cs_dyn_spec *spec, cl_mem info,
                                    size_t info_offset,
                                    clslice_plan **static_plan, cl_uint n,
                                    const cl_event *wl, cl_event *ev,
                                    clslice_error *err);

/* cs_normalise over `count` descriptors in `descs`, reading values from
 * values[CS_NORM_*] (NULL where no descriptor uses one) and writing
 * records into `info`: many specs per launch (the differential test). */
clslice_status cs_enqueue_normalise_batch(clslice_runtime *rt,
                                          cl_command_queue q, cl_mem descs,
                                          size_t count,
                                          const cl_mem values[4],
                                          cl_mem info, cl_uint n,
                                          const cl_event *wl, cl_event *ev,
                                          clslice_error *err);

/* The consumer alone, from a record the test wrote: reads the slice the
 * record at info + info_offset describes from src (a tensor of
 * static_plan's input shape) into dst (which must hold the bound),
 * contiguously (cs_dyn_consumer says the rest). */
clslice_status cs_enqueue_dynamic_gather(
    clslice_runtime *rt, cl_command_queue q, const clslice_plan *static_plan,
    size_t elem_size, cl_mem info, size_t info_offset, cl_mem src,
    size_t src_offset, cl_mem dst, size_t dst_offset, unsigned flags,
    cl_uint n, const cl_event *wl, cl_event *ev, clslice_error *err);

/* The consumer alone, as a scatter of the value tensor (value_shape,
 * value_rank; rule as in clslice_enqueue_scatter) into the record's slice
 * of dst. */
clslice_status cs_enqueue_dynamic_scatter(
    clslice_runtime *rt, cl_command_queue q, const clslice_plan *static_plan,
    size_t elem_size, cl_mem info, size_t info_offset, cl_mem value,
    size_t value_offset, const int64_t *value_shape, int value_rank,
    clslice_value_rule rule, cl_mem dst, size_t dst_offset, unsigned flags,
    cl_uint n, const cl_event *wl, cl_event *ev, clslice_error *err);

#endif
