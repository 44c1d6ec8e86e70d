/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
#include "one_kernel.h"

#include "devutil.h"
#include "testutil.h"

static cl_program build(const tu_cl *cl, const char *source)
{
    cl_int rc;
    cl_program program =
        clCreateProgramWithSource(cl->context, 1, &source, NULL, &rc);
    TU_CL_CHECK(rc);
    if (clBuildProgram(program, 1, &cl->device, "", NULL, NULL) !=
        CL_SUCCESS) {
        static char log[8192];
        clGetProgramBuildInfo(program, cl->device, CL_PROGRAM_BUILD_LOG,
                              sizeof log - 1, log, NULL);
        fail_msg("clBuildProgram failed:\n%s", log);
    }
    return program;
}

bool ok_run(const char *source, const void *in, size_t in_bytes, void *out,
            size_t out_bytes, const ok_arg *extra, int extra_count,
            size_t work_items)
{
    tu_cl cl;
    if (!tu_cl_open(&cl))
        return false;
    cl_command_queue queue = tu_cl_queue(&cl, 0);
    cl_program program = build(&cl, source);
    cl_int rc;
    cl_kernel kernel = clCreateKernel(program, "k", &rc);
    TU_CL_CHECK(rc);
    cl_mem in_buf = clCreateBuffer(cl.context,
                                   CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                   in_bytes, (void *)in, &rc);
    TU_CL_CHECK(rc);
    cl_mem out_buf = tu_cl_buffer(&cl, out_bytes);
    tu_cl_fill(queue, out_buf, 0, out_bytes);
    TU_CL_CHECK(clSetKernelArg(kernel, 0, sizeof in_buf, &in_buf));
    TU_CL_CHECK(clSetKernelArg(kernel, 1, sizeof out_buf, &out_buf));
    for (int a = 0; a < extra_count; a++)
        TU_CL_CHECK(clSetKernelArg(kernel, (cl_uint)(2 + a), extra[a].size,
                                   extra[a].value));
    TU_CL_CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &work_items,
                                       NULL, 0, NULL, NULL));
    tu_cl_read(queue, out_buf, out_bytes, out);
    clReleaseMemObject(out_buf);
    clReleaseMemObject(in_buf);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    tu_cl_close(&cl);
    return true;
}
