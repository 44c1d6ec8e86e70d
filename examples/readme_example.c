#include <stdio.h>
#include "clslice_cl.h"

/* The first GPU of any platform, else the first device of any platform
 * (some drivers answer CL_DEVICE_TYPE_DEFAULT with CL_DEVICE_NOT_FOUND). */
static cl_int pick_device(cl_device_id *device)
{
    cl_platform_id platforms[16];
    cl_uint n = 0;
    cl_int rc = clGetPlatformIDs(16, platforms, &n);
    cl_device_type types[2] = {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ALL};
    for (int t = 0; t < 2 && rc == CL_SUCCESS; t++)
        for (cl_uint p = 0; p < n && p < 16; p++)
            if (clGetDeviceIDs(platforms[p], types[t], 1, device, NULL) == CL_SUCCESS)
                return CL_SUCCESS;
    return rc == CL_SUCCESS ? CL_DEVICE_NOT_FOUND : rc;
}

/* Slices x[1:-1, ..., None, ::-2, 1] of a 3x2x3 float tensor that lives in
 * an OpenCL buffer, on the device the tests pick: the first GPU, else the
 * first device of any kind. */
int main(void)
{
    int64_t shape[3] = {3, 2, 3};
    float x[18], result[1];
    for (int i = 0; i < 18; i++)
        x[i] = (float)i;

    clslice_error err;
    clslice_plan *plan = NULL; /* plans are device-independent */
    if (clslice_plan_expr(shape, 3, "[1:-1, ..., None, ::-2, 1]", &plan, &err)) {
        fprintf(stderr, "%s: %s\n", clslice_status_string(err.status), err.message);
        return 1;
    }
    int64_t out_shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, out_shape);     /* {1, 1, 1} */

    cl_device_id device;
    cl_int rc = pick_device(&device);
    if (rc != CL_SUCCESS) {
        fprintf(stderr, "no OpenCL device (%d)\n", rc);
        return 1;
    }
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &rc);
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &rc);
    cl_mem src = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                sizeof x, x, &rc);
    cl_mem dst = clCreateBuffer(context, CL_MEM_WRITE_ONLY, sizeof result, NULL, &rc);

    clslice_runtime *runtime = NULL; /* per-context program cache */
    cl_event done = NULL;
    clslice_status status = clslice_runtime_create(context, &runtime, &err);
    if (status == CLSLICE_OK)      /* src and dst at byte offset 0, no flags */
        status = clslice_enqueue_gather(runtime, queue, plan, sizeof(float),
                                        src, 0, dst, 0, 0, 0, NULL, &done, &err);
    if (status == CLSLICE_OK)
        rc = clEnqueueReadBuffer(queue, dst, CL_TRUE, 0, sizeof result, result,
                                 1, &done, NULL);
    if (status != CLSLICE_OK || rc != CL_SUCCESS)
        fprintf(stderr, "%s\n", status ? err.message : "clEnqueueReadBuffer failed");
    else
        printf("%g\n", result[0]);                  /* x[1][1][1] = 10 */

    if (done)
        clReleaseEvent(done);
    clslice_runtime_release(&runtime);
    clslice_plan_release(&plan);
    clReleaseMemObject(dst);
    clReleaseMemObject(src);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    return status == CLSLICE_OK && rc == CL_SUCCESS ? 0 : 1;
}
