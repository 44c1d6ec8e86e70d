/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The build and launch helpers of testing.h: the kernel choice and launch
 * of the production path (cs_choose_kernel, cs_kernel_job,
 * cs_job_enqueue) on a move and program the test provides.
 */
#include "opencl/testing/testing.h"

#include "opencl/select/tuning.h"

clslice_status cs_build_program(cl_context context, cl_device_id device,
                                const char *source, const char *options,
                                cl_program *program, clslice_error *err)
{
    return cs_build_sources(context, device, 1, &source, options, program,
                            err);
}

void cs_launch_size(const cs_move *move, const cs_launch_limits *limits,
                    cs_launch *launch)
{
    size_t extent[3], local[3];
    cs_shape shape;
    cs_grid_extents(move, extent);
    cs_grid_fit(extent, cs_tuning_default().local_grid, local);
    cs_grid_shape(move, local, &shape);
    cs_launch_fit(&shape, limits, launch);
}

clslice_status cs_launch_kernel(cl_command_queue queue,
                                const cs_program_info *program,
                                const cs_testing_call *call,
                                size_t max_groups, cl_uint num_events,
                                const cl_event *wait_list, cl_event *event,
                                clslice_error *err)
{
    cs_choice choice = {.move = *call->move};
    cs_tuning tuning = cs_tuning_for(&program->device);
    cs_choose_kernel(&program->device, &tuning, call->kind, program->kind,
                     &choice.move, call->index_bits, &choice);
    cs_kernel_call kernel = {.kind = call->kind, .choice = &choice,
                             .tuning = &tuning,
                             .src = call->src, .dst = call->dst,
                             .pattern = call->pattern};
    cs_job job;
    cs_kernel_job(program, &kernel, &job);
    return cs_job_enqueue(queue, program, &job, max_groups, num_events,
                          wait_list, event, err);
}

clslice_status cs_launch_move(cl_command_queue queue,
                              const cs_program_info *program,
                              const cs_move *move, int index_bits,
                              size_t max_groups, cl_mem src, cl_mem dst,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event, clslice_error *err)
{
    cs_testing_call call = {CS_KERNEL_GATHER, move, index_bits, src, dst,
                            NULL};
    return cs_launch_kernel(queue, program, &call, max_groups, num_events,
                            wait_list, event, err);
}
