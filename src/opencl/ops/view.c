/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_plan_view: clslice_plan_view placed in an OpenCL buffer.  A
 * caller that wants a view instead of a copy makes a sub-buffer of the
 * source at the run's origin, and OpenCL accepts one only at an origin
 * that is a multiple of the device's CL_DEVICE_MEM_BASE_ADDR_ALIGN
 * (clCreateSubBuffer: CL_MISALIGNED_SUB_BUFFER_OFFSET otherwise), so the
 * answer says whether that holds.  Nothing is enqueued: a device is all it
 * needs.
 */
#include <string.h>

#include "opencl/base/check.h"
#include "core/plan/common.h"

/* The device's base-address alignment in bytes (OpenCL gives bits). */
static clslice_status base_align(cl_device_id device, size_t *align,
                                 clslice_error *err)
{
    cl_uint bits = 0;
    cl_int rc = clGetDeviceInfo(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                                sizeof bits, &bits, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetDeviceInfo", rc);
    /* OpenCL requires at least the size of the largest built-in type. */
    *align = bits >= 8 ? bits / 8 : 1;
    return CLSLICE_OK;
}

clslice_status clslice_cl_plan_view(cl_device_id device,
                                    const clslice_plan *plan,
                                    size_t elem_size, size_t src_offset,
                                    clslice_cl_view *view,
                                    clslice_error *err)
{
    if (view == NULL)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "view is NULL");
    memset(view, 0, sizeof *view);
    if (device == NULL)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "device is NULL");
    clslice_view run;
    clslice_status st = clslice_plan_view(plan, elem_size, &run, err);
    if (st == CLSLICE_OK)
        st = base_align(device, &view->align, err);
    if (st != CLSLICE_OK)
        return st;
    /* run.offset + run.bytes fits (clslice_plan_view checked it) */
    if (run.contiguous && run.offset + run.bytes > SIZE_MAX - src_offset)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "src_offset %zu + the run's %zu bytes at %zu do not "
                       "fit a size_t", src_offset, run.bytes, run.offset);
    view->contiguous = run.contiguous;
    if (run.contiguous) {
        view->origin = src_offset + run.offset;
        view->bytes = run.bytes;
        /* OpenCL has no empty sub-buffer: an empty output needs none */
        view->aligned = run.bytes > 0 && view->origin % view->align == 0;
    }
    return cs_ok(err);
}
