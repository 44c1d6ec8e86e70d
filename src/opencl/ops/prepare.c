/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_runtime_prepare: the programs a device's calls can use, built
 * before the first call instead of during it (a cold build is about a
 * second per program on PoCL).  Which programs is the selector's answer
 * (cs_programs_used), so this cannot drift from what calls build.
 */
#include <stdlib.h>

#include "opencl/runtime/runtime.h"
#include "opencl/select/select.h"
#include "core/plan/common.h"

/* A device outside the context would build programs no call can use. */
static clslice_status check_device(cl_context context, cl_device_id device,
                                   clslice_error *err)
{
    size_t size = 0;
    cl_int rc = clGetContextInfo(context, CL_CONTEXT_DEVICES, 0, NULL, &size);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetContextInfo", rc);
    cl_device_id *devices = malloc(size ? size : 1);
    if (!devices)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory listing the context's devices");
    rc = clGetContextInfo(context, CL_CONTEXT_DEVICES, size, devices, NULL);
    bool found = false;
    for (size_t i = 0; rc == CL_SUCCESS && i < size / sizeof *devices; i++)
        found = found || devices[i] == device;
    free(devices);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetContextInfo", rc);
    if (!found)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "device %p is not a device of the runtime's context",
                       (void *)device);
    return CLSLICE_OK;
}

/* CLSLICE_PREPARE_IMAGE asks for the image program: a device without
 * images could never run it (the image calls refuse such a device), so
 * the flag is refused there rather than skipped, as the calls would
 * refuse the first image. */
static clslice_status check_images(cl_device_id device, clslice_error *err)
{
    cl_bool images = CL_FALSE;
    cl_int rc = clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT,
                                sizeof images, &images, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetDeviceInfo", rc);
    if (!images)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "flags has CLSLICE_PREPARE_IMAGE, but the device has "
                       "no image support (CL_DEVICE_IMAGE_SUPPORT is "
                       "CL_FALSE)");
    return CLSLICE_OK;
}

/* Programs of one form whatever the index flag: the normaliser
 * (cs_choose_normalise) and the image kernels (32-bit lanes). */
static bool one_width(int kind)
{
    return kind == CS_PROGRAM_NORMALISE || kind == CS_PROGRAM_IMAGE;
}

clslice_status clslice_runtime_prepare(clslice_runtime *runtime,
                                       cl_device_id device, unsigned flags,
                                       clslice_error *err)
{
    if (!runtime)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "runtime is NULL");
    if (!device)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "device is NULL");
    const unsigned known = CLSLICE_PREPARE_INDEX64 | CLSLICE_PREPARE_BATCH |
                           CLSLICE_PREPARE_DYNAMIC | CLSLICE_PREPARE_BLOCKED |
                           CLSLICE_PREPARE_IMAGE;
    if (flags & ~known)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "flags 0x%x has unknown bits 0x%x", flags,
                       flags & ~known);
    clslice_status st =
        check_device(cs_runtime_context(runtime), device, err);
    if (st == CLSLICE_OK && (flags & CLSLICE_PREPARE_IMAGE))
        st = check_images(device, err);
    cs_device_info facts;
    cs_tuning tuning;
    if (st == CLSLICE_OK)
        st = cs_runtime_device(runtime, device, &facts, &tuning, err);
    if (st != CLSLICE_OK)
        return st;
    unsigned used = cs_programs_used(&facts, &tuning);
    if (flags & CLSLICE_PREPARE_BATCH) /* the batch's one program */
        used |= 1u << CS_PROGRAM_BATCH;
    if (flags & CLSLICE_PREPARE_DYNAMIC) /* normalise, then the consumers */
        used |= 1u << CS_PROGRAM_NORMALISE | 1u << CS_PROGRAM_DYNAMIC;
    if (flags & CLSLICE_PREPARE_BLOCKED) /* both forms in one program */
        used |= 1u << CS_PROGRAM_BLOCKED;
    if (flags & CLSLICE_PREPARE_IMAGE) /* gathers and scatters */
        used |= 1u << CS_PROGRAM_IMAGE;
    int widths = (flags & CLSLICE_PREPARE_INDEX64) ? 2 : 1;
    for (int w = 0; w < widths; w++)
        for (int kind = 0; kind < CS_PROGRAM_KINDS; kind++) {
            if (!(used & (1u << kind)))
                continue;
            if (w && one_width(kind))
                continue;
            cs_program_info info; /* owned by the runtime */
            st = cs_runtime_program(runtime, device, (cs_program_kind)kind,
                                    w ? 64 : 32, &info, err);
            if (st != CLSLICE_OK)
                return st;
        }
    return cs_ok(err);
}
