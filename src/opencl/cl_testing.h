/*
 * Hooks for tests, and for nothing else: production files do not include
 * this header (cl_runtime.c and cl_testing.c implement it).  Tests move
 * the tuning to reach every path with small tensors, read which paths
 * calls took and how many programs were built, and launch kernels on
 * programs of their own.
 */
#ifndef CLSLICE_CL_TESTING_H
#define CLSLICE_CL_TESTING_H

#include "cl_dispatch.h"

/* Replaces the runtime's tuning; NULL restores cs_default_tuning (a
 * max_groups of 0 too). */
void cs_runtime_set_tuning(clslice_runtime *runtime, const cs_tuning *tuning);
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

/* Programs loaded from the binary cache since the runtime was created
 * (counted in cs_runtime_program_count too). */
long cs_runtime_cache_loads(clslice_runtime *runtime);

/* cs_build_sources of one source (a broken one, or a program of other
 * kernels). */
clslice_status cs_build_program(cl_context context, cl_device_id device,
                                const char *source, const char *options,
                                cl_program *program, clslice_error *err);

/* cs_grid_shape (wide, as a GPU gather) then cs_launch_fit. */
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

/* Enqueues the call's kernel of program->kind under the default tuning,
 * max_groups bounding grid-stride kernels. */
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

#endif
