/*
 * Kernels of the CSR program: creation, arguments and 1-D launch sizes.
 * As for the gather, a cl_kernel is created per enqueue and released right
 * after (OpenCL keeps it alive while queued): clSetKernelArg is not
 * thread-safe, and fresh kernels need no lock.
 */
#include <stdio.h>

#include "cl_csr_internal.h"
#include "core/common.h"

clslice_status cs_csr_kernel(const cs_csr_call *call, const char *name,
                             cl_kernel *kernel, clslice_error *err)
{
    cl_int rc;
    *kernel = clCreateKernel(call->program.program, name, &rc);
    if (rc == CL_SUCCESS)
        return CLSLICE_OK;
    char what[96];
    snprintf(what, sizeof what, "clCreateKernel (%s)", name);
    return cs_cl_fail(err, what, rc);
}

clslice_status cs_csr_arg(cl_kernel kernel, cl_uint index, size_t size,
                          const void *value, clslice_error *err)
{
    cl_int rc = clSetKernelArg(kernel, index, size, value);
    if (rc == CL_SUCCESS)
        return CLSLICE_OK;
    char what[64];
    snprintf(what, sizeof what, "clSetKernelArg (argument %u)",
             (unsigned)index);
    return cs_cl_fail(err, what, rc);
}

/* A fixed, small set of local sizes: PoCL compiles a kernel again for
 * every new one (cl_launch.c). */
clslice_status cs_csr_local_size(const cs_csr_call *call, cl_kernel kernel,
                                 size_t want, size_t *local,
                                 clslice_error *err)
{
    size_t most = 0;
    cl_int rc = clGetKernelWorkGroupInfo(kernel, call->device,
                                         CL_KERNEL_WORK_GROUP_SIZE,
                                         sizeof most, &most, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetKernelWorkGroupInfo", rc);
    if (call->program.max_item[0] < most)
        most = call->program.max_item[0];
    size_t size = 1;
    while (size * 2 <= want && size * 2 <= most)
        size *= 2;
    *local = size;
    return CLSLICE_OK;
}

size_t cs_csr_grid(const cs_csr_call *call, int64_t n, size_t local)
{
    size_t groups = n > 0 ? ((size_t)n + local - 1) / local : 1;
    size_t cap = cs_runtime_max_groups(call->runtime);
    if (groups > cap)
        groups = cap;
    return groups * local;
}
