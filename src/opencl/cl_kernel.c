/*
 * Enqueues one gather, scatter or fill kernel for a move: the family
 * builder (cl_kernel_grid.c, cl_kernel_rows.c) names the kernel and packs
 * its arguments, then a kernel object is taken from the runtime's pool,
 * given the arguments, enqueued and handed back.
 *
 * Why a pool: clCreateKernel per call costs ~0.3-0.5 us on PoCL (more in
 * some runs), a visible share of a small slice's ~10 us, while a pooled
 * kernel costs a lock.  A cl_kernel is never shared between threads at
 * once (clSetKernelArg is not thread-safe): a thread owns the kernel from
 * take to give, and OpenCL captures the argument values at enqueue, so
 * the next owner may set new ones while the first launch is queued.
 */
#include <string.h>

#include "cl_job.h"
#include "core/common.h"

void cs_job_arg(cs_job *job, size_t size, const void *value)
{
    job->arg_size[job->arg_count] = size;
    job->arg_value[job->arg_count] = value;
    job->arg_count++;
}

void cs_job_mem(cs_job *job, const cl_mem *buffer)
{
    cs_job_arg(job, sizeof *buffer, buffer);
    job->mem_args++;
}

/* Buffers count as device pointers, not as host cl_mem handles. */
static clslice_status check_param_size(const cs_program_info *program,
                                       const cs_job *job, clslice_error *err)
{
    size_t need = job->mem_args * program->pointer_size;
    for (cl_uint i = 0; i < job->arg_count; i++)
        need += job->arg_size[i];
    need -= job->mem_args * sizeof(cl_mem);
    if (need > program->max_param_size)
        return cs_fail(err, CLSLICE_ERROR_OPENCL,
                       "the %s kernel needs %zu bytes of arguments but "
                       "the device's CL_DEVICE_MAX_PARAMETER_SIZE is %zu",
                       job->family, need, program->max_param_size);
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

static void launch_of(const cs_program_info *program, const cs_job *job,
                      size_t max_group, size_t max_groups, cs_launch *launch)
{
    cs_launch_limits limits;
    limits.max_group = max_group;
    for (int d = 0; d < 3; d++)
        limits.max_item[d] = program->max_item[d];
    limits.max_groups = max_groups;
    cs_launch_fit(&job->shape, &limits, launch);
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

static void build_job(const cs_program_info *program,
                      const cs_kernel_call *call, cs_job *job)
{
    memset(job, 0, offsetof(cs_job, table));
    if (call->kind != CS_KERNEL_FILL &&
        program->kind == CS_PROGRAM_GATHER_ROWS)
        cs_rows_job(program, call, job);
    else
        cs_grid_job(call, job);
}

clslice_status cs_launch_kernel_paths(cl_command_queue queue,
                                      const cs_program_info *program,
                                      const cs_kernel_call *call,
                                      size_t max_groups, cl_uint num_events,
                                      const cl_event *wait_list,
                                      cl_event *event, unsigned *paths,
                                      clslice_error *err)
{
    cs_job job;
    build_job(program, call, &job);
    clslice_status st = check_param_size(program, &job, err);
    cs_pooled_kernel *kernel = NULL;
    if (st == CLSLICE_OK)
        st = cs_kernel_take(program->pool, program->program, program->device,
                            job.name, &kernel, err);
    if (st != CLSLICE_OK)
        return st;
    st = set_args(kernel->kernel, &job, err);
    if (st == CLSLICE_OK) {
        cs_launch launch;
        launch_of(program, &job, kernel->max_group, max_groups, &launch);
        st = enqueue(queue, kernel->kernel, &launch, num_events, wait_list,
                     event, err);
    }
    cs_kernel_give(program->pool, kernel);
    if (st == CLSLICE_OK && paths)
        *paths = job.paths;
    return st;
}

clslice_status cs_launch_kernel(cl_command_queue queue,
                                const cs_program_info *program,
                                const cs_kernel_call *call, size_t max_groups,
                                cl_uint num_events, const cl_event *wait_list,
                                cl_event *event, clslice_error *err)
{
    return cs_launch_kernel_paths(queue, program, call, max_groups,
                                  num_events, wait_list, event, NULL, err);
}

clslice_status cs_launch_move(cl_command_queue queue,
                              const cs_program_info *program,
                              const cs_move *move, int index_bits,
                              size_t max_groups, cl_mem src, cl_mem dst,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event, clslice_error *err)
{
    cs_kernel_call call = {CS_KERNEL_GATHER, move, index_bits, src, dst,
                           NULL, NULL};
    return cs_launch_kernel(queue, program, &call, max_groups, num_events,
                            wait_list, event, err);
}
