#include <stdio.h>
#include "clslice_cl.h"

/* Slices x[1:-1, ..., None, ::-2, 1] of a 3x2x3 float tensor that lives in
 * an OpenCL buffer, on the platform's default device. */
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

    cl_platform_id platform;
    cl_device_id device;
    cl_int rc = clGetPlatformIDs(1, &platform, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &device, NULL);
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
