/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * What the library needs to know about a device, asked once per device
 * (runtime.c caches it): its type decides the gather's kernel family,
 * its byte order whether the stride-2 kernels may read double-width
 * pairs, and its limits bound launches and kernel arguments.
 */
#include <string.h>

#include "opencl/runtime/runtime.h"
#include "core/plan/common.h"

static cl_int query_limits(cl_device_id device, cs_device_info *info)
{
    cl_uint dims = 0, bits = 0;
    size_t items[16] = {0};
    cl_int rc = clGetDeviceInfo(device, CL_DEVICE_MAX_PARAMETER_SIZE,
                                sizeof info->max_param_size,
                                &info->max_param_size, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device, CL_DEVICE_ADDRESS_BITS, sizeof bits,
                             &bits, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS,
                             sizeof dims, &dims, NULL);
    if (rc == CL_SUCCESS && (dims < 3 || dims > 16))
        rc = CL_INVALID_DEVICE; /* OpenCL promises 3 */
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES,
                             dims * sizeof items[0], items, NULL);
    info->pointer_size = bits / 8;
    for (int d = 0; d < 3; d++)
        info->max_item[d] = items[d];
    return rc;
}

static cl_int query_kind(cl_device_id device, cs_device_info *info)
{
    cl_device_type type = 0;
    cl_bool little = CL_FALSE;
    cl_int rc = clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof type, &type,
                                NULL);
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device, CL_DEVICE_ENDIAN_LITTLE, sizeof little,
                             &little, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS,
                             sizeof info->compute_units,
                             &info->compute_units, NULL);
    /* The row family only for a device that is a CPU and nothing else: a
     * device that also claims GPU or accelerator (Oclgrind claims all
     * three) gets the element grid, the family meant for any device. */
    info->cpu = (type & CL_DEVICE_TYPE_CPU) != 0 &&
                (type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR)) == 0;
    info->little_endian = little == CL_TRUE;
    return rc;
}

/* PoCL 3.1 (pthread device) segfaults inside clEnqueueCopyBufferRect
 * whenever its source or destination is a sub-buffer, before the call
 * returns; clEnqueueCopyBuffer, clEnqueueFillBuffer and kernels on
 * sub-buffers are fine.  No PoCL release is known to have fixed it, so
 * every PoCL device is marked.  PoCL names itself in CL_DEVICE_VERSION
 * ("OpenCL 3.0 PoCL HSTR: ..."); CL_DRIVER_VERSION is only "3.1+debian". */
static cl_int query_defects(cl_device_id device, cs_device_info *info)
{
    char version[256] = {0};
    cl_int rc = clGetDeviceInfo(device, CL_DEVICE_VERSION,
                                sizeof version - 1, version, NULL);
    if (rc == CL_INVALID_VALUE) /* 256 bytes or more: not PoCL's (~60) */
        rc = CL_SUCCESS;
    info->rect_sub_buffer_crash = strstr(version, "PoCL") != NULL ||
                                  strstr(version, "pocl") != NULL;
    return rc;
}

clslice_status cs_device_query(cl_device_id device, cs_device_info *info,
                               clslice_error *err)
{
    info->device = device;
    cl_int rc = query_limits(device, info);
    if (rc == CL_SUCCESS)
        rc = query_kind(device, info);
    if (rc == CL_SUCCESS)
        rc = query_defects(device, info);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clGetDeviceInfo", rc);
}
