/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Enqueues one kernel job: a kernel object is taken from the runtime's
 * pool, given the job's arguments, enqueued over the job's NDRange fitted
 * to the device and kernel, and handed back.  Every kernel of the library
 * (gather, scatter, fill, batch, dynamic, normalise, the CSR passes) is
 * launched here.
 *
 * Why a pool: clCreateKernel per call costs ~0.3-0.5 us on PoCL (more in
 * some runs), a visible share of a small slice's ~10 us, while a pooled
 * kernel costs a lock.  A cl_kernel is never shared between threads at
 * once (clSetKernelArg is not thread-safe): a thread owns the kernel from
 * take to give, and OpenCL captures the argument values at enqueue, so
 * the next owner may set new ones while the first launch is queued.
 */
#include <string.h>

#include "opencl/run/job.h"
#include "core/plan/common.h"

void cs_job_start(cs_job *job, const char *family, cs_variant variant,
                  size_t carrier)
{
    memset(job, 0, offsetof(cs_job, src_base));
    job->family = family;
    job->name = cs_kernel_name(variant, carrier);
    job->expected_args = cs_variant_args(variant);
}

void cs_job_arg(cs_job *job, size_t size, const void *value)
{
    job->arg_size[job->arg_count] = size;
    job->arg_value[job->arg_count] = value;
    job->arg_count++;
}

void cs_job_mem(cs_job *job, const cl_mem *buffer)
{
    cs_job_arg(job, sizeof *buffer, buffer);
    job->pointer_args++;
}

void cs_job_table(cs_job *job, int index_bits)
{
    job->table_bits = index_bits;
    job->table_words = 0;
}

void cs_job_word(cs_job *job, int64_t value)
{
    if (job->table_bits == 32)
        job->table.u32[job->table_words++] = (cl_uint)(uint64_t)value;
    else
        job->table.u64[job->table_words++] = (cl_ulong)value;
}

void cs_job_dims(cs_job *job, const int64_t *values, int n, int dims,
                 int64_t pad)
{
    for (int k = 0; k < dims; k++)
        cs_job_word(job, k < n ? values[k] : pad);
}

void cs_job_table_arg(cs_job *job)
{
    cs_job_arg(job, job->table_words * (size_t)(job->table_bits / 8),
               &job->table);
}

void cs_job_local(cs_job *job, size_t bytes)
{
    cs_job_arg(job, bytes, NULL);
}

void cs_job_range(cs_job *job, size_t items, size_t local, bool grid_stride)
{
    job->shape = (cs_shape){.work_dim = 1,
                            .extent = {items, 1, 1},
                            .local = {local, 1, 1},
                            .grid_stride = grid_stride};
}

/* Buffers count as device pointers, not as host cl_mem handles; __local
 * arguments as a pointer each. */
static clslice_status check_param_size(const cs_program_info *program,
                                       const cs_job *job, clslice_error *err)
{
    size_t pointer = program->device.pointer_size, need = 0;
    for (cl_uint i = 0; i < job->arg_count; i++)
        need += job->arg_value[i] ? job->arg_size[i] : pointer;
    need -= job->pointer_args * (sizeof(cl_mem) - pointer);
    if (need > program->device.max_param_size)
        return cs_fail(err, CLSLICE_ERROR_OPENCL,
                       "the %s kernel needs %zu bytes of arguments but "
                       "the device's CL_DEVICE_MAX_PARAMETER_SIZE is %zu",
                       job->family, need, program->device.max_param_size);
    return CLSLICE_OK;
}

static clslice_status set_args(cl_kernel kernel, const cs_job *job,
                               clslice_error *err)
{
    for (cl_uint i = 0; i < job->arg_count; i++) {
        cl_int rc = clSetKernelArg(kernel, i, job->arg_size[i],
                                   job->arg_value[i]);
        if (rc != CL_SUCCESS)
            return cs_cl_fail(err, "clSetKernelArg", rc);
    }
    return CLSLICE_OK;
}

static void launch_of(const cs_program_info *program, const cs_shape *shape,
                      size_t max_group, size_t max_groups, cs_launch *launch)
{
    cs_launch_limits limits;
    limits.max_group = max_group;
    for (int d = 0; d < 3; d++)
        limits.max_item[d] = program->device.max_item[d];
    limits.max_groups = max_groups;
    cs_launch_fit(shape, &limits, launch);
}

static clslice_status enqueue(cl_command_queue queue, cl_kernel kernel,
                              const cs_launch *launch, cl_uint num_events,
                              const cl_event *wait_list, cl_event *event,
                              clslice_error *err)
{
    cl_int rc = clEnqueueNDRangeKernel(queue, kernel, launch->work_dim, NULL,
                                       launch->global, launch->local,
                                       num_events, wait_list, event);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueNDRangeKernel", rc);
}

static clslice_status take(const cs_program_info *program, const char *name,
                           cs_pooled_kernel **kernel, clslice_error *err)
{
    if (!name) /* a selector returned what variants.def lacks */
        return cs_fail(err, CLSLICE_ERROR_OPENCL,
                       "internal: no kernel for the chosen variant");
    return cs_kernel_take(program, name, kernel, err);
}

/* The packer set as many arguments as variants.def says the kernel takes:
 * the count a program from the binary cache is checked against
 * (runtime/program_check.c).  A pooled kernel keeps the arguments of its
 * last launch, so a packer one short would not even fail the enqueue. */
static clslice_status check_arg_count(const cs_job *job, clslice_error *err)
{
    if (job->arg_count == job->expected_args)
        return CLSLICE_OK;
    return cs_fail(err, CLSLICE_ERROR_OPENCL,
                   "internal: the %s kernel %s was given %u arguments, but "
                   "variants.def says it takes %u",
                   job->family, job->name ? job->name : "(none)",
                   (unsigned)job->arg_count, (unsigned)job->expected_args);
}

clslice_status cs_job_arm(const cs_program_info *program, const cs_job *job,
                          size_t max_groups, cs_armed_job *armed,
                          clslice_error *err)
{
    armed->program = program;
    armed->kernel = NULL;
    clslice_status st = check_arg_count(job, err);
    if (st == CLSLICE_OK)
        st = check_param_size(program, job, err);
    if (st == CLSLICE_OK)
        st = take(program, job->name, &armed->kernel, err);
    if (st == CLSLICE_OK)
        st = set_args(armed->kernel->kernel, job, err);
    if (st != CLSLICE_OK) {
        cs_armed_drop(armed);
        return st;
    }
    launch_of(program, &job->shape, armed->kernel->max_group, max_groups,
              &armed->launch);
    return CLSLICE_OK;
}

clslice_status cs_armed_enqueue(cs_armed_job *armed, cl_command_queue queue,
                                cl_uint num_events, const cl_event *wait_list,
                                cl_event *event, clslice_error *err)
{
    clslice_status st = enqueue(queue, armed->kernel->kernel, &armed->launch,
                                num_events, wait_list, event, err);
    cs_armed_drop(armed);
    return st;
}

void cs_armed_drop(cs_armed_job *armed)
{
    if (armed->kernel)
        cs_kernel_give(armed->program, armed->kernel);
    armed->kernel = NULL;
}

clslice_status cs_job_enqueue(cl_command_queue queue,
                              const cs_program_info *program,
                              const cs_job *job, size_t max_groups,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event, clslice_error *err)
{
    cs_armed_job armed;
    clslice_status st = cs_job_arm(program, job, max_groups, &armed, err);
    if (st == CLSLICE_OK)
        st = cs_armed_enqueue(&armed, queue, num_events, wait_list, event,
                              err);
    return st;
}

clslice_status cs_job_local_size(const cs_program_info *program,
                                 cs_variant variant, size_t want,
                                 size_t *local, clslice_error *err)
{
    cs_pooled_kernel *kernel = NULL;
    clslice_status st = take(program, cs_kernel_name(variant, 0), &kernel,
                             err);
    if (st != CLSLICE_OK)
        return st;
    cs_shape shape = {.work_dim = 1, .extent = {1, 1, 1},
                      .local = {want, 1, 1}};
    cs_launch launch;
    launch_of(program, &shape, kernel->max_group, 1, &launch);
    cs_kernel_give(program, kernel);
    *local = launch.local[0];
    return CLSLICE_OK;
}
