/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The interposed OpenCL entry points of faultcl.h.  Each fallible one
 * counts itself while armed and fails the chosen call with an error code
 * an implementation could return there; otherwise it forwards to the
 * next definition of the same name (the ICD loader's).
 */
#define _GNU_SOURCE /* RTLD_NEXT */
#include "faultcl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_OBJECTS = 4096, MAX_CALLS = 1024 };

typedef struct fc_object {
    void *handle;
    const char *kind;
} fc_object;

static struct {
    bool armed;
    int fail_at, calls;
    const char *failed;
    cl_int code;
    const char *names[MAX_CALLS];
    fc_object live[MAX_OBJECTS];
    int n_live;
} fc;

void fc_arm(int fail_at)
{
    fc.armed = true;
    fc.fail_at = fail_at;
    fc.calls = 0;
    fc.failed = NULL;
}

void fc_disarm(void)
{
    fc.armed = false;
}

int fc_calls(void)
{
    return fc.calls;
}

const char *fc_call_name(int i)
{
    return i >= 0 && i < fc.calls && i < MAX_CALLS ? fc.names[i] : NULL;
}

const char *fc_failed_call(void)
{
    return fc.failed;
}

cl_int fc_failed_code(void)
{
    return fc.failed ? fc.code : CL_SUCCESS;
}

int fc_live_objects(const char **what)
{
    if (what)
        *what = fc.n_live ? fc.live[0].kind : NULL;
    return fc.n_live;
}

void fc_forget(void)
{
    fc.n_live = 0;
}

/* True when this call is the one to fail, which then returns `code`. */
static bool inject(const char *name, cl_int code)
{
    if (!fc.armed)
        return false;
    if (fc.calls < MAX_CALLS)
        fc.names[fc.calls] = name;
    ++fc.calls;
    if (fc.calls != fc.fail_at)
        return false;
    fc.failed = name;
    fc.code = code;
    return true;
}

static void created(void *handle, const char *kind)
{
    if (!fc.armed || !handle)
        return;
    if (fc.n_live == MAX_OBJECTS) {
        fprintf(stderr, "faultcl: too many live objects\n");
        abort();
    }
    fc.live[fc.n_live++] = (fc_object){handle, kind};
}

static void released(void *handle)
{
    for (int i = 0; i < fc.n_live; i++)
        if (fc.live[i].handle == handle) {
            fc.live[i] = fc.live[--fc.n_live];
            return;
        }
}

/* The next definition of `name`; object and function pointers differ in
 * ISO C, hence the copy. */
static void *next(const char *name)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (!p) {
        fprintf(stderr, "faultcl: no %s after the test's own\n", name);
        abort();
    }
    return p;
}

#define REAL(type, name)                                                  \
    static type real_;                                                    \
    if (!real_) {                                                         \
        void *p_ = next(#name);                                           \
        memcpy(&real_, &p_, sizeof p_);                                   \
    }

/* A failure through an errcode_ret argument. */
#define FAIL_RET(code)                                                    \
    do {                                                                  \
        if (errcode_ret)                                                  \
            *errcode_ret = (code);                                        \
        return NULL;                                                      \
    } while (0)

/* ---- creation ------------------------------------------------------------ */

typedef cl_mem (*create_buffer_fn)(cl_context, cl_mem_flags, size_t, void *,
                                   cl_int *);

CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context context,
                                               cl_mem_flags flags,
                                               size_t size, void *host_ptr,
                                               cl_int *errcode_ret)
{
    REAL(create_buffer_fn, clCreateBuffer);
    if (inject("clCreateBuffer", CL_MEM_OBJECT_ALLOCATION_FAILURE))
        FAIL_RET(CL_MEM_OBJECT_ALLOCATION_FAILURE);
    cl_mem m = real_(context, flags, size, host_ptr, errcode_ret);
    created(m, "buffer");
    return m;
}

typedef cl_program (*create_program_fn)(cl_context, cl_uint, const char **,
                                        const size_t *, cl_int *);

CL_API_ENTRY cl_program CL_API_CALL
clCreateProgramWithSource(cl_context context, cl_uint count,
                          const char **strings, const size_t *lengths,
                          cl_int *errcode_ret)
{
    REAL(create_program_fn, clCreateProgramWithSource);
    if (inject("clCreateProgramWithSource", CL_OUT_OF_HOST_MEMORY))
        FAIL_RET(CL_OUT_OF_HOST_MEMORY);
    cl_program p = real_(context, count, strings, lengths, errcode_ret);
    created(p, "program");
    return p;
}

typedef cl_kernel (*create_kernel_fn)(cl_program, const char *, cl_int *);

CL_API_ENTRY cl_kernel CL_API_CALL clCreateKernel(cl_program program,
                                                  const char *kernel_name,
                                                  cl_int *errcode_ret)
{
    REAL(create_kernel_fn, clCreateKernel);
    if (inject("clCreateKernel", CL_OUT_OF_RESOURCES))
        FAIL_RET(CL_OUT_OF_RESOURCES);
    cl_kernel k = real_(program, kernel_name, errcode_ret);
    created(k, "kernel");
    return k;
}

typedef cl_int (*build_fn)(cl_program, cl_uint, const cl_device_id *,
                           const char *,
                           void(CL_CALLBACK *)(cl_program, void *), void *);

CL_API_ENTRY cl_int CL_API_CALL
clBuildProgram(cl_program program, cl_uint num_devices,
               const cl_device_id *device_list, const char *options,
               void(CL_CALLBACK *pfn_notify)(cl_program, void *),
               void *user_data)
{
    REAL(build_fn, clBuildProgram);
    if (inject("clBuildProgram", CL_OUT_OF_HOST_MEMORY))
        return CL_OUT_OF_HOST_MEMORY;
    return real_(program, num_devices, device_list, options, pfn_notify,
                 user_data);
}

typedef cl_int (*retain_context_fn)(cl_context);

CL_API_ENTRY cl_int CL_API_CALL clRetainContext(cl_context context)
{
    REAL(retain_context_fn, clRetainContext);
    if (inject("clRetainContext", CL_OUT_OF_HOST_MEMORY))
        return CL_OUT_OF_HOST_MEMORY;
    return real_(context);
}

/* ---- releases: never failed, only recorded -------------------------------- */

#define RELEASE(type, name)                                                \
    typedef cl_int (*name##_fn)(type);                                     \
    CL_API_ENTRY cl_int CL_API_CALL name(type object)                      \
    {                                                                      \
        REAL(name##_fn, name);                                             \
        released(object);                                                  \
        return real_(object);                                              \
    }

RELEASE(cl_mem, clReleaseMemObject)
RELEASE(cl_kernel, clReleaseKernel)
RELEASE(cl_program, clReleaseProgram)
RELEASE(cl_event, clReleaseEvent)

/* ---- kernels ----------------------------------------------------------- */

typedef cl_int (*set_arg_fn)(cl_kernel, cl_uint, size_t, const void *);

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(cl_kernel kernel,
                                               cl_uint arg_index,
                                               size_t arg_size,
                                               const void *arg_value)
{
    REAL(set_arg_fn, clSetKernelArg);
    if (inject("clSetKernelArg", CL_OUT_OF_RESOURCES))
        return CL_OUT_OF_RESOURCES;
    return real_(kernel, arg_index, arg_size, arg_value);
}

/* ---- enqueues: the event out, when made, is recorded ----------------------- */

typedef cl_int (*ndrange_fn)(cl_command_queue, cl_kernel, cl_uint,
                             const size_t *, const size_t *, const size_t *,
                             cl_uint, const cl_event *, cl_event *);

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel,
                       cl_uint work_dim, const size_t *offset,
                       const size_t *global, const size_t *local,
                       cl_uint num_events, const cl_event *wait_list,
                       cl_event *event)
{
    REAL(ndrange_fn, clEnqueueNDRangeKernel);
    if (inject("clEnqueueNDRangeKernel", CL_OUT_OF_RESOURCES))
        return CL_OUT_OF_RESOURCES;
    cl_int rc = real_(queue, kernel, work_dim, offset, global, local,
                      num_events, wait_list, event);
    if (rc == CL_SUCCESS && event)
        created(*event, "event");
    return rc;
}

typedef cl_int (*copy_fn)(cl_command_queue, cl_mem, cl_mem, size_t, size_t,
                          size_t, cl_uint, const cl_event *, cl_event *);

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueCopyBuffer(cl_command_queue queue, cl_mem src, cl_mem dst,
                    size_t src_offset, size_t dst_offset, size_t size,
                    cl_uint num_events, const cl_event *wait_list,
                    cl_event *event)
{
    REAL(copy_fn, clEnqueueCopyBuffer);
    if (inject("clEnqueueCopyBuffer", CL_OUT_OF_RESOURCES))
        return CL_OUT_OF_RESOURCES;
    cl_int rc = real_(queue, src, dst, src_offset, dst_offset, size,
                      num_events, wait_list, event);
    if (rc == CL_SUCCESS && event)
        created(*event, "event");
    return rc;
}

typedef cl_int (*rect_fn)(cl_command_queue, cl_mem, cl_mem, const size_t *,
                          const size_t *, const size_t *, size_t, size_t,
                          size_t, size_t, cl_uint, const cl_event *,
                          cl_event *);

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferRect(
    cl_command_queue queue, cl_mem src, cl_mem dst, const size_t *src_origin,
    const size_t *dst_origin, const size_t *region, size_t src_row_pitch,
    size_t src_slice_pitch, size_t dst_row_pitch, size_t dst_slice_pitch,
    cl_uint num_events, const cl_event *wait_list, cl_event *event)
{
    REAL(rect_fn, clEnqueueCopyBufferRect);
    if (inject("clEnqueueCopyBufferRect", CL_OUT_OF_RESOURCES))
        return CL_OUT_OF_RESOURCES;
    cl_int rc = real_(queue, src, dst, src_origin, dst_origin, region,
                      src_row_pitch, src_slice_pitch, dst_row_pitch,
                      dst_slice_pitch, num_events, wait_list, event);
    if (rc == CL_SUCCESS && event)
        created(*event, "event");
    return rc;
}

typedef cl_int (*fill_fn)(cl_command_queue, cl_mem, const void *, size_t,
                          size_t, size_t, cl_uint, const cl_event *,
                          cl_event *);

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueFillBuffer(cl_command_queue queue, cl_mem buffer,
                    const void *pattern, size_t pattern_size, size_t offset,
                    size_t size, cl_uint num_events,
                    const cl_event *wait_list, cl_event *event)
{
    REAL(fill_fn, clEnqueueFillBuffer);
    if (inject("clEnqueueFillBuffer", CL_OUT_OF_RESOURCES))
        return CL_OUT_OF_RESOURCES;
    cl_int rc = real_(queue, buffer, pattern, pattern_size, offset, size,
                      num_events, wait_list, event);
    if (rc == CL_SUCCESS && event)
        created(*event, "event");
    return rc;
}

typedef cl_int (*marker_fn)(cl_command_queue, cl_uint, const cl_event *,
                            cl_event *);

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarkerWithWaitList(
    cl_command_queue queue, cl_uint num_events, const cl_event *wait_list,
    cl_event *event)
{
    REAL(marker_fn, clEnqueueMarkerWithWaitList);
    if (inject("clEnqueueMarkerWithWaitList", CL_OUT_OF_RESOURCES))
        return CL_OUT_OF_RESOURCES;
    cl_int rc = real_(queue, num_events, wait_list, event);
    if (rc == CL_SUCCESS && event)
        created(*event, "event");
    return rc;
}

typedef cl_int (*read_fn)(cl_command_queue, cl_mem, cl_bool, size_t, size_t,
                          void *, cl_uint, const cl_event *, cl_event *);

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueReadBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                    size_t offset, size_t size, void *ptr, cl_uint num_events,
                    const cl_event *wait_list, cl_event *event)
{
    REAL(read_fn, clEnqueueReadBuffer);
    if (inject("clEnqueueReadBuffer", CL_OUT_OF_RESOURCES))
        return CL_OUT_OF_RESOURCES;
    cl_int rc = real_(queue, buffer, blocking, offset, size, ptr, num_events,
                      wait_list, event);
    if (rc == CL_SUCCESS && event)
        created(*event, "event");
    return rc;
}

/* ---- queries ------------------------------------------------------------- */

#define QUERY(name, type, param_type, code)                                \
    typedef cl_int (*name##_fn)(type, param_type, size_t, void *,         \
                                size_t *);                                 \
    CL_API_ENTRY cl_int CL_API_CALL name(type object, param_type param,   \
                                         size_t size, void *value,        \
                                         size_t *size_ret)                 \
    {                                                                      \
        REAL(name##_fn, name);                                             \
        if (inject(#name, code))                                           \
            return code;                                                   \
        return real_(object, param, size, value, size_ret);               \
    }

QUERY(clGetDeviceInfo, cl_device_id, cl_device_info, CL_OUT_OF_RESOURCES)
QUERY(clGetMemObjectInfo, cl_mem, cl_mem_info, CL_OUT_OF_RESOURCES)
QUERY(clGetCommandQueueInfo, cl_command_queue, cl_command_queue_info,
      CL_OUT_OF_RESOURCES)
QUERY(clGetEventInfo, cl_event, cl_event_info, CL_INVALID_EVENT)

typedef cl_int (*build_info_fn)(cl_program, cl_device_id,
                                cl_program_build_info, size_t, void *,
                                size_t *);

CL_API_ENTRY cl_int CL_API_CALL
clGetProgramBuildInfo(cl_program program, cl_device_id device,
                      cl_program_build_info param, size_t size, void *value,
                      size_t *size_ret)
{
    REAL(build_info_fn, clGetProgramBuildInfo);
    if (inject("clGetProgramBuildInfo", CL_OUT_OF_RESOURCES))
        return CL_OUT_OF_RESOURCES;
    return real_(program, device, param, size, value, size_ret);
}

typedef cl_int (*wg_info_fn)(cl_kernel, cl_device_id,
                             cl_kernel_work_group_info, size_t, void *,
                             size_t *);

CL_API_ENTRY cl_int CL_API_CALL
clGetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device,
                         cl_kernel_work_group_info param, size_t size,
                         void *value, size_t *size_ret)
{
    REAL(wg_info_fn, clGetKernelWorkGroupInfo);
    if (inject("clGetKernelWorkGroupInfo", CL_OUT_OF_RESOURCES))
        return CL_OUT_OF_RESOURCES;
    return real_(kernel, device, param, size, value, size_ret);
}
