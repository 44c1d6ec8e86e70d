/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * SVM sides of the gather and the scatter (svm.h): checked, then wrapped
 * in buffers for the call.  OpenCL 2.0's clCreateBuffer takes an SVM
 * pointer with CL_MEM_USE_HOST_PTR and shares its storage, so no 2.0
 * entry point is called here and the library still links against an
 * OpenCL 1.2 loader; only the device query names a 2.0 constant.
 */
#include <stdio.h>
#include <string.h>

#include "opencl/ops/svm.h"
#include "core/plan/common.h"

/* CL_DEVICE_SVM_CAPABILITIES of OpenCL 2.0 (the library compiles
 * against 1.2's header). */
#define CS_DEVICE_SVM_CAPABILITIES 0x1053

static clslice_status check_side(const char *name, const clslice_cl_svm *svm,
                                 const clslice_cl_tensor *tensor,
                                 clslice_error *err)
{
    if (!svm->pointer && svm->bytes)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s_svm.bytes = %zu but %s_svm.pointer is NULL", name,
                       svm->bytes, name);
    if (svm->pointer && tensor->buffer)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s.buffer and %s_svm.pointer are both set; a side "
                       "is a buffer or an SVM allocation",
                       name, name);
    if (svm->pointer && svm->bytes == 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s_svm.bytes is 0: state the size of the SVM "
                       "allocation at %s_svm.pointer",
                       name, name);
    return CLSLICE_OK;
}

/* The queue's device must offer SVM of some kind; `svm_name` names the
 * first SVM side ("src_svm", "part_svm[2]").  Shared with svm_parts.c. */
clslice_status cs_svm_check_device(const cs_call *call, const char *svm_name,
                                   clslice_error *err)
{
    cl_device_id device;
    cl_int rc = clGetCommandQueueInfo(call->queue, CL_QUEUE_DEVICE,
                                      sizeof device, &device, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetCommandQueueInfo", rc);
    cl_bitfield caps = 0;
    rc = clGetDeviceInfo(device, CS_DEVICE_SVM_CAPABILITIES, sizeof caps,
                         &caps, NULL);
    if (rc != CL_SUCCESS || caps == 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s: the queue's device has no shared virtual "
                       "memory (CL_DEVICE_SVM_CAPABILITIES %s)",
                       svm_name, rc != CL_SUCCESS ? "not answered: OpenCL 1.x"
                                                  : "is 0");
    return CLSLICE_OK;
}

/* cs_svm_check_device for side `name` ("src": "src_svm"). */
static clslice_status check_device(const cs_call *call, const char *name,
                                   clslice_error *err)
{
    char svm_name[64];
    snprintf(svm_name, sizeof svm_name, "%s_svm", name);
    return cs_svm_check_device(call, svm_name, err);
}

static clslice_status make(const cs_call *call, unsigned char *base,
                           size_t bytes, const char *name, cl_mem *made,
                           clslice_error *err)
{
    cl_int rc;
    *made = clCreateBuffer(cs_call_context(call),
                           CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes,
                           base, &rc);
    if (rc == CL_SUCCESS)
        return CLSLICE_OK;
    *made = NULL;
    char what[96];
    snprintf(what, sizeof what, "clCreateBuffer (wrapping %s_svm)", name);
    return cs_cl_fail(err, what, rc);
}

/* Sides 0 and 1 both in SVM, their allocations meeting: one wrapper over
 * both, each side's offset moved by its pointer's place in it. */
static bool meet(const clslice_cl_svm svm[2])
{
    const unsigned char *a = svm[0].pointer, *b = svm[1].pointer;
    return a && b && a < b + svm[1].bytes && b < a + svm[0].bytes;
}

clslice_status cs_svm_wrap_sides(const cs_call *call,
                                 const char *const names[2],
                                 const clslice_cl_svm svm[2],
                                 clslice_cl_tensor *tensor[2],
                                 cs_svm_wrap *wrap, clslice_error *err)
{
    memset(wrap, 0, sizeof *wrap);
    clslice_status st = CLSLICE_OK;
    for (int i = 0; i < 2 && st == CLSLICE_OK; i++) {
        st = check_side(names[i], &svm[i], tensor[i], err);
        if (st == CLSLICE_OK && svm[i].pointer && !wrap->used && call->queue)
            st = check_device(call, names[i], err);
        wrap->side[i] = svm[i].pointer != NULL;
        wrap->used |= wrap->side[i];
        wrap->name[i] = names[i];
        wrap->bytes[i] = svm[i].bytes;
    }
    if (st != CLSLICE_OK || !wrap->used || !call->queue || !call->runtime)
        return st; /* a NULL queue or runtime: the call's own check names
                    * it (the wrapper needs the runtime's context) */
    if (meet(svm)) {
        unsigned char *a = svm[0].pointer, *b = svm[1].pointer;
        unsigned char *base = a < b ? a : b;
        unsigned char *end_a = a + svm[0].bytes, *end_b = b + svm[1].bytes;
        unsigned char *end = end_a > end_b ? end_a : end_b;
        st = make(call, base, (size_t)(end - base), names[0], &wrap->made[0],
                  err);
        for (int i = 0; i < 2 && st == CLSLICE_OK; i++) {
            tensor[i]->buffer = wrap->made[0];
            tensor[i]->offset += (size_t)((unsigned char *)svm[i].pointer -
                                          base);
        }
        return st;
    }
    for (int i = 0; i < 2 && st == CLSLICE_OK; i++)
        if (svm[i].pointer) {
            st = make(call, svm[i].pointer, svm[i].bytes, names[i],
                      &wrap->made[i], err);
            tensor[i]->buffer = wrap->made[i];
        }
    if (st != CLSLICE_OK)
        cs_svm_unwrap(wrap, st, NULL);
    return st;
}

clslice_status cs_svm_unwrap(cs_svm_wrap *wrap, clslice_status st,
                             clslice_error *err)
{
    for (int i = 0; i < 2; i++)
        if (wrap->made[i]) {
            clReleaseMemObject(wrap->made[i]);
            wrap->made[i] = NULL;
        }
    if (st != CLSLICE_ERROR_BUFFER || !wrap->used || !err)
        return st;
    /* the checks named the wrapper as the side's buffer */
    char message[sizeof err->message];
    size_t at = (size_t)snprintf(message, sizeof message, "%s", err->message);
    for (int i = 0; i < 2 && at < sizeof message; i++)
        if (wrap->side[i])
            at += (size_t)snprintf(message + at, sizeof message - at,
                                   " [%s.buffer is %s_svm: %zu bytes]",
                                   wrap->name[i], wrap->name[i],
                                   wrap->bytes[i]);
    memcpy(err->message, message, sizeof message);
    return st;
}
