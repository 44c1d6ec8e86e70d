/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * What the library needs to know about a device, asked once per device
 * (runtime.c caches it): its type decides the gather's kernel family,
 * its byte order whether the stride-2 kernels may read double-width
 * pairs, and its limits bound launches and kernel arguments.  Who made
 * it (vendor, name, driver, architecture, sub-group size) keys the
 * tuning table (select/tuning.h).
 *
 * Every query the device must answer fails the call when it fails.  The
 * vendors' own queries are asked only where the device lists their
 * extension, and a CL_INVALID_VALUE from one of them means a driver that
 * lists the extension without that query (older ones lack some): the
 * fact keeps its default then.
 */
#include <stdlib.h>
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

/* The vendors' device queries (cl_ext.h; the Khronos registry assigns
 * the numbers, so they are stated here for headers that predate them). */
enum {
    COMPUTE_CAPABILITY_MAJOR_NV = 0x4000,
    COMPUTE_CAPABILITY_MINOR_NV = 0x4001,
    WARP_SIZE_NV = 0x4003,
    WAVEFRONT_WIDTH_AMD = 0x4043,
    GFXIP_MAJOR_AMD = 0x404A,
    GFXIP_MINOR_AMD = 0x404B,
    SUB_GROUP_SIZES_INTEL = 0x4108,
    IP_VERSION_INTEL = 0x4250
};

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
    info->type = type;
    info->cpu = (type & CL_DEVICE_TYPE_CPU) != 0 &&
                (type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR)) == 0;
    info->little_endian = little == CL_TRUE;
    /* Whether host functions run as commands: the native road of first
     * calls (run/native.c).  OpenCL 1.0 asks every device to answer. */
    cl_device_exec_capabilities exec = 0;
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device, CL_DEVICE_EXECUTION_CAPABILITIES,
                             sizeof exec, &exec, NULL);
    info->native_kernels = (exec & CL_EXEC_NATIVE_KERNEL) != 0;
    return rc;
}

/* A text the device reports, whole, in a buffer of its own (the caller
 * frees it); always terminated, even where a driver does not. */
static clslice_status fetch_text(cl_device_id device, cl_device_info param,
                                 char **text, clslice_error *err)
{
    size_t size = 0;
    *text = NULL;
    cl_int rc = clGetDeviceInfo(device, param, 0, NULL, &size);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetDeviceInfo", rc);
    *text = calloc(size + 1, 1);
    if (!*text)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory reading a device's facts");
    rc = size ? clGetDeviceInfo(device, param, size, *text, NULL)
              : CL_SUCCESS;
    if (rc != CL_SUCCESS) {
        free(*text);
        *text = NULL;
        return cs_cl_fail(err, "clGetDeviceInfo", rc);
    }
    return CLSLICE_OK;
}

/* A text fact, cut to CS_DEVICE_TEXT bytes. */
static clslice_status keep_text(cl_device_id device, cl_device_info param,
                                char kept[CS_DEVICE_TEXT], clslice_error *err)
{
    char *text;
    clslice_status st = fetch_text(device, param, &text, err);
    if (st == CLSLICE_OK) {
        size_t n = strlen(text);
        n = n < CS_DEVICE_TEXT - 1 ? n : CS_DEVICE_TEXT - 1;
        memcpy(kept, text, n);
        kept[n] = '\0';
        free(text);
    }
    return st;
}

/* PoCL 3.1 (pthread device) segfaults inside clEnqueueCopyBufferRect
 * whenever its source or destination is a sub-buffer, before the call
 * returns; clEnqueueCopyBuffer, clEnqueueFillBuffer and kernels on
 * sub-buffers are fine.  No PoCL release is known to have fixed it, so
 * every PoCL device is marked.  PoCL names itself in CL_DEVICE_VERSION
 * ("OpenCL 3.0 PoCL HSTR: ..."), which also tells the vendor (it reports
 * the host CPU's vendor id); CL_DRIVER_VERSION is only "3.1+debian". */
static clslice_status query_maker(cl_device_id device, cs_device_info *info,
                                  clslice_error *err)
{
    char *version;
    cl_int rc = clGetDeviceInfo(device, CL_DEVICE_VENDOR_ID,
                                sizeof info->vendor_id, &info->vendor_id,
                                NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetDeviceInfo", rc);
    clslice_status st = keep_text(device, CL_DEVICE_NAME, info->name, err);
    if (st == CLSLICE_OK)
        st = keep_text(device, CL_DEVICE_VENDOR, info->vendor_name, err);
    if (st == CLSLICE_OK)
        st = keep_text(device, CL_DRIVER_VERSION, info->driver, err);
    if (st == CLSLICE_OK)
        st = fetch_text(device, CL_DEVICE_VERSION, &version, err);
    if (st != CLSLICE_OK)
        return st;
    info->vendor = cs_vendor_of(info->vendor_id, version);
    info->rect_sub_buffer_crash = info->vendor == CS_VENDOR_POCL;
    free(version);
    return CLSLICE_OK;
}

/* A cl_uint of a vendor's query; CL_INVALID_VALUE (a driver without that
 * query) leaves *value as it was. */
static cl_int vendor_uint(cl_device_id device, cl_device_info param,
                          cl_uint *value)
{
    cl_uint got = 0;
    cl_int rc = clGetDeviceInfo(device, param, sizeof got, &got, NULL);
    if (rc == CL_SUCCESS)
        *value = got;
    return rc == CL_INVALID_VALUE ? CL_SUCCESS : rc;
}

/* NVIDIA: compute capability and warp (cl_nv_device_attribute_query). */
static cl_int query_nvidia(cl_device_id device, cs_device_info *info)
{
    cl_uint warp = 0;
    cl_int rc = vendor_uint(device, COMPUTE_CAPABILITY_MAJOR_NV,
                            &info->arch_major);
    if (rc == CL_SUCCESS)
        rc = vendor_uint(device, COMPUTE_CAPABILITY_MINOR_NV,
                         &info->arch_minor);
    if (rc == CL_SUCCESS)
        rc = vendor_uint(device, WARP_SIZE_NV, &warp);
    if (warp)
        info->sub_group = warp;
    return rc;
}

/* AMD: graphics IP and wavefront (cl_amd_device_attribute_query). */
static cl_int query_amd(cl_device_id device, cs_device_info *info)
{
    cl_uint wave = 0;
    cl_int rc = vendor_uint(device, GFXIP_MAJOR_AMD, &info->arch_major);
    if (rc == CL_SUCCESS)
        rc = vendor_uint(device, GFXIP_MINOR_AMD, &info->arch_minor);
    if (rc == CL_SUCCESS)
        rc = vendor_uint(device, WAVEFRONT_WIDTH_AMD, &wave);
    if (wave)
        info->sub_group = wave;
    return rc;
}

/* Intel: the sub-group sizes its compiler may choose
 * (cl_intel_required_subgroup_size); the largest, of which the others
 * (powers of two) are divisors. */
static cl_int query_intel_sub_groups(cl_device_id device,
                                     cs_device_info *info)
{
    size_t sizes[16] = {0}, bytes = 0;
    cl_int rc = clGetDeviceInfo(device, SUB_GROUP_SIZES_INTEL, 0, NULL,
                                &bytes);
    if (rc == CL_SUCCESS && bytes > sizeof sizes)
        bytes = 0; /* more sizes than any device has: keep the default */
    if (rc == CL_SUCCESS && bytes)
        rc = clGetDeviceInfo(device, SUB_GROUP_SIZES_INTEL, bytes, sizes,
                             NULL);
    for (size_t i = 0; rc == CL_SUCCESS && i < bytes / sizeof sizes[0]; i++)
        if (sizes[i] > info->sub_group)
            info->sub_group = sizes[i];
    return rc == CL_INVALID_VALUE ? CL_SUCCESS : rc;
}

/* Intel: the IP version (cl_intel_device_attribute_query), a cl_version:
 * major in bits 22-31, minor in bits 12-21. */
static cl_int query_intel_ip(cl_device_id device, cs_device_info *info)
{
    cl_uint version = 0;
    cl_int rc = vendor_uint(device, IP_VERSION_INTEL, &version);
    info->arch_major = version >> 22;
    info->arch_minor = (version >> 12) & 0x3FF;
    return rc;
}

/* Architecture and sub-group size, from the vendors' queries the device
 * lists. */
static clslice_status query_extensions(cl_device_id device,
                                       cs_device_info *info,
                                       clslice_error *err)
{
    char *list;
    clslice_status st = fetch_text(device, CL_DEVICE_EXTENSIONS, &list, err);
    if (st != CLSLICE_OK)
        return st;
    cl_int rc = CL_SUCCESS;
    info->sub_group = CS_SUB_GROUP_DEFAULT;
    info->khr_subgroups = cs_extension_listed(list, "cl_khr_subgroups");
    if (cs_extension_listed(list, "cl_nv_device_attribute_query"))
        rc = query_nvidia(device, info);
    if (rc == CL_SUCCESS &&
        cs_extension_listed(list, "cl_amd_device_attribute_query"))
        rc = query_amd(device, info);
    if (rc == CL_SUCCESS &&
        cs_extension_listed(list, "cl_intel_required_subgroup_size"))
        rc = query_intel_sub_groups(device, info);
    if (rc == CL_SUCCESS &&
        cs_extension_listed(list, "cl_intel_device_attribute_query"))
        rc = query_intel_ip(device, info);
    free(list);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clGetDeviceInfo", rc);
}

clslice_status cs_device_query(cl_device_id device, cs_device_info *info,
                               clslice_error *err)
{
    *info = (cs_device_info){.device = device};
    cl_int rc = query_limits(device, info);
    if (rc == CL_SUCCESS)
        rc = query_kind(device, info);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetDeviceInfo", rc);
    clslice_status st = query_maker(device, info, err);
    if (st == CLSLICE_OK)
        st = query_extensions(device, info, err);
    return st;
}
