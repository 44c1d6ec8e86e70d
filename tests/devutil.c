#include "devutil.h"

#include <stdio.h>

#include "testutil.h"

enum { MAX_PLATFORMS = 16, MAX_DEVICES = 64 };

/* First device of `type` over all platforms, or NULL. */
static cl_device_id first_device(cl_device_type type)
{
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint np = 0;
    if (clGetPlatformIDs(MAX_PLATFORMS, platforms, &np) != CL_SUCCESS)
        return NULL;
    for (cl_uint p = 0; p < np && p < MAX_PLATFORMS; p++) {
        cl_device_id device;
        cl_uint nd = 0;
        if (clGetDeviceIDs(platforms[p], type, 1, &device, &nd) ==
                CL_SUCCESS && nd > 0)
            return device;
    }
    return NULL;
}

bool tu_cl_open(tu_cl *cl)
{
    cl->context = NULL;
    cl->device = first_device(CL_DEVICE_TYPE_GPU);
    if (!cl->device)
        cl->device = first_device(CL_DEVICE_TYPE_ALL);
    if (!cl->device) {
        print_message("no OpenCL platform or device on this machine: "
                      "skipping the device tests\n");
        return false;
    }
    cl_int rc;
    cl->context = clCreateContext(NULL, 1, &cl->device, NULL, NULL, &rc);
    if (rc != CL_SUCCESS) {
        print_message("clCreateContext failed (%d): skipping the device "
                      "tests\n", (int)rc);
        return false;
    }
    return true;
}

void tu_cl_close(tu_cl *cl)
{
    if (cl->context)
        clReleaseContext(cl->context);
    cl->context = NULL;
}

cl_command_queue tu_cl_queue(const tu_cl *cl,
                             cl_command_queue_properties properties)
{
    cl_int rc;
    cl_command_queue queue =
        clCreateCommandQueue(cl->context, cl->device, properties, &rc);
    if (rc != CL_SUCCESS)
        fail_msg("clCreateCommandQueue failed with %d", (int)rc);
    return queue;
}

cl_mem tu_cl_buffer(const tu_cl *cl, size_t size)
{
    cl_int rc;
    cl_mem buffer =
        clCreateBuffer(cl->context, CL_MEM_READ_WRITE, size, NULL, &rc);
    if (rc != CL_SUCCESS)
        fail_msg("clCreateBuffer(%zu) failed with %d", size, (int)rc);
    return buffer;
}
