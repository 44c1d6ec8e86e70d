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
#include <assert.h>
#include <string.h>

#include "opencl/run/job.h"
#include "core/plan/common.h"

/* Every table of base/kernel_tables.h is its word count of index words in
 * both host forms: no member is anything but one index word, so the
 * 32-bit form is the 64-bit one narrowed word by word, and the kernels'
 * own checks (the same counts times sizeof(cs_idx)) hold too.  The job
 * stores the largest. */
#define CS_TABLE_WORDS_CHECK(name, words)                                   \
    static_assert(sizeof(name##_64) == (words) * sizeof(uint64_t),          \
                  #name ": every member one 64-bit word");                  \
    static_assert(sizeof(name##_32) == (words) * sizeof(uint32_t),          \
                  #name ": every member one 32-bit word");                  \
    static_assert((words) <= CS_JOB_TABLE_WORDS,                            \
                  #name ": the job's table storage holds it");
CS_KERNEL_TABLE_LIST(CS_TABLE_WORDS_CHECK)

void cs_job_start(cs_job *job, const char *family, cs_variant variant,
                  size_t carrier)
{
    memset(job, 0, offsetof(cs_job, src_base));
    job->table_words = 0;
    job->upload_count = 0;
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

void cs_table_store(int index_bits, const void *table64, size_t bytes,
                    void *out)
{
    const unsigned char *from = table64;
    unsigned char *to = out;
    for (size_t i = 0; i < bytes / sizeof(uint64_t); i++) {
        uint64_t word;
        memcpy(&word, from + i * sizeof word, sizeof word);
        if (index_bits == 32) {
            uint32_t narrow = (uint32_t)word;
            memcpy(to + i * sizeof narrow, &narrow, sizeof narrow);
        } else {
            memcpy(to + i * sizeof word, &word, sizeof word);
        }
    }
}

void cs_job_table(cs_job *job, int index_bits, const void *table64,
                  size_t bytes)
{
    size_t width = (size_t)index_bits / 8;
    job->table_bits = index_bits;
    job->last_at = job->table_words * width;
    job->last_words = bytes / sizeof(uint64_t);
    cs_table_store(index_bits, table64, bytes,
                   (unsigned char *)&job->table + job->last_at);
    job->table_words += job->last_words;
}

static size_t last_bytes(const cs_job *job)
{
    return job->last_words * (size_t)(job->table_bits / 8);
}

static const void *last_table(const cs_job *job)
{
    return (const unsigned char *)&job->table + job->last_at;
}

void cs_job_table_arg(cs_job *job)
{
    cs_job_arg(job, last_bytes(job), last_table(job));
}

void cs_job_upload(cs_job *job, size_t bytes, const void *data)
{
    job->upload_arg[job->upload_count] = job->arg_count;
    job->upload_size[job->upload_count] = bytes;
    job->upload_data[job->upload_count] = data;
    job->upload_count++;
    /* set at arm time to the buffer's handle; counted as one device
     * pointer meanwhile (check_param_size) */
    cs_job_arg(job, sizeof(cl_mem), NULL);
}

void cs_job_table_upload(cs_job *job)
{
    cs_job_upload(job, last_bytes(job), last_table(job));
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

/* The buffer argument `arg` of the job's uploads, if it is one. */
static const cl_mem *upload_of(const cs_job *job, const cs_armed_job *armed,
                               cl_uint arg)
{
    for (cl_uint u = 0; u < job->upload_count; u++)
        if (job->upload_arg[u] == arg)
            return &armed->uploads[u];
    return NULL;
}

static clslice_status set_args(cl_kernel kernel, const cs_job *job,
                               const cs_armed_job *armed, clslice_error *err)
{
    for (cl_uint i = 0; i < job->arg_count; i++) {
        const cl_mem *upload = upload_of(job, armed, i);
        cl_int rc = clSetKernelArg(kernel, i, job->arg_size[i],
                                   upload ? (const void *)upload
                                          : job->arg_value[i]);
        if (rc != CL_SUCCESS)
            return cs_cl_fail(err, "clSetKernelArg", rc);
    }
    return CLSLICE_OK;
}

/* The job's constant buffers, each a copy of its host data made now: the
 * per-launch tables of base/kernel_tables.h and a fill's element. */
static clslice_status create_uploads(const cs_job *job, cs_armed_job *armed,
                                     clslice_error *err)
{
    if (job->upload_count == 0)
        return CLSLICE_OK;
    cl_context context; /* the taken kernel's program: the family's or
                         * its unit's (runtime/units.c) */
    cl_int rc = clGetProgramInfo(armed->kernel->program, CL_PROGRAM_CONTEXT,
                                 sizeof context, &context, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetProgramInfo", rc);
    for (cl_uint u = 0; u < job->upload_count; u++) {
        armed->uploads[u] = clCreateBuffer(
            context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
            job->upload_size[u], (void *)job->upload_data[u], &rc);
        if (rc != CL_SUCCESS) {
            armed->uploads[u] = NULL;
            return cs_cl_fail(err, "clCreateBuffer", rc);
        }
    }
    return CLSLICE_OK;
}

static void release_uploads(cs_armed_job *armed)
{
    for (int u = 0; u < CS_JOB_MAX_UPLOADS; u++) {
        if (armed->uploads[u])
            clReleaseMemObject(armed->uploads[u]);
        armed->uploads[u] = NULL;
    }
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
    cs_armed_clear(armed);
    armed->program = program;
    clslice_status st = check_arg_count(job, err);
    if (st == CLSLICE_OK)
        st = check_param_size(program, job, err);
    if (st == CLSLICE_OK)
        st = take(program, job->name, &armed->kernel, err);
    if (st == CLSLICE_OK)
        st = create_uploads(job, armed, err);
    if (st == CLSLICE_OK)
        st = set_args(armed->kernel->kernel, job, armed, err);
    if (st != CLSLICE_OK) {
        cs_armed_drop(armed);
        return st;
    }
    launch_of(program, &job->shape, armed->kernel->max_group, max_groups,
              &armed->launch);
    return CLSLICE_OK;
}

/* The first launch of a unit whose binary cache file waits for it hands
 * its event to the runtime, which writes the file once it ran
 * (runtime/runtime.c): an event of our own when the caller wants none. */
clslice_status cs_armed_enqueue(cs_armed_job *armed, cl_command_queue queue,
                                cl_uint num_events, const cl_event *wait_list,
                                cl_event *event, clslice_error *err)
{
    cs_pooled_kernel *k = armed->kernel;
    cl_event own = NULL;
    cl_event *watch = k->store_pending && !event ? &own : event;
    clslice_status st = enqueue(queue, k->kernel, &armed->launch, num_events,
                                wait_list, watch, err);
    if (st == CLSLICE_OK && k->store_pending && armed->program->runtime) {
        cs_runtime_launched(armed->program->runtime, k->program, *watch);
        k->store_pending = false;
    }
    if (own)
        clReleaseEvent(own);
    cs_armed_drop(armed);
    return st;
}

void cs_armed_clear(cs_armed_job *armed)
{
    armed->kernel = NULL;
    for (int u = 0; u < CS_JOB_MAX_UPLOADS; u++)
        armed->uploads[u] = NULL;
}

/* The uploads are released with the kernel: a released buffer that an
 * enqueued launch uses lives until the launch finishes. */
void cs_armed_drop(cs_armed_job *armed)
{
    if (armed->kernel)
        cs_kernel_give(armed->program, armed->kernel);
    armed->kernel = NULL;
    release_uploads(armed);
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
