/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Tensors in SVM (clslice_cl_svm): the two sides of a gather or scatter
 * whose descriptor names an SVM allocation instead of a buffer, wrapped
 * in buffers for the call (clCreateBuffer with CL_MEM_USE_HOST_PTR over
 * the allocation, as OpenCL 2.0 defines it), so that every check and path
 * of the buffer calls serves them.  A side's clslice_cl_tensor gets the
 * wrapper as its buffer and keeps its offset; sides whose allocations
 * meet share one wrapper over both, so the buffers' overlap checks see
 * them as one buffer.
 */
#ifndef CLSLICE_OPENCL_OPS_SVM_H
#define CLSLICE_OPENCL_OPS_SVM_H

#include "opencl/run/call.h"

typedef struct cs_svm_wrap {
    cl_mem made[2];      /* wrappers to release (NULL: none) */
    bool used;           /* some side is in SVM */
    bool side[2];        /* which */
    const char *name[2]; /* the sides' names */
    size_t bytes[2];     /* their allocations' stated sizes */
} cs_svm_wrap;

/* CLSLICE_ERROR_ARGUMENT naming `svm_name` when the queue's device has
 * no shared virtual memory (CL_DEVICE_SVM_CAPABILITIES 0 or unanswered). */
clslice_status cs_svm_check_device(const cs_call *call, const char *svm_name,
                                   clslice_error *err);

/* For sides 0 and 1 (names[i]: "src", "value", "dst"): where svm[i]
 * names an allocation, checks it (tensor->buffer NULL, bytes given, the
 * queue's device has SVM) and points tensor[i]->buffer at a wrapper.
 * Nothing is made on failure. */
clslice_status cs_svm_wrap_sides(const cs_call *call, const char *const names[2],
                                 const clslice_cl_svm svm[2],
                                 clslice_cl_tensor *tensor[2],
                                 cs_svm_wrap *wrap, clslice_error *err);

/* Releases the wrappers (their commands, if any, are enqueued: OpenCL
 * keeps a buffer until they finish); on a failed call with an SVM side,
 * a CLSLICE_ERROR_BUFFER message is prefixed to say the buffer named is
 * the SVM allocation's wrapper.  Returns st. */
clslice_status cs_svm_unwrap(cs_svm_wrap *wrap, clslice_status st,
                             clslice_error *err);

#endif
