/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer ops: the arrays of a CSR call in SVM (clslice_cl_csr_desc.in_svm,
 * out_svm), wrapped in buffers for the call as the other calls' SVM sides
 * are (svm_parts.h), so both passes run unchanged on buffers.
 */
#ifndef CLSLICE_OPENCL_OPS_CSR_SVM_H
#define CLSLICE_OPENCL_OPS_CSR_SVM_H

#include "opencl/ops/csr_slicer.h"
#include "opencl/ops/svm_parts.h"

/* The matrices with their SVM arrays wrapped, and the wrappers. */
typedef struct cs_csr_svm {
    clslice_cl_csr in, out; /* copies the call points at */
    cs_svm_side sides[6];   /* in's indptr, indices, data, then out's */
    cs_svm_set set;
} cs_csr_svm;

/* Where in_svm or out_svm is given: checks every entry (a buffer and a
 * pointer not both, a size with a pointer, a device with SVM), copies
 * the matrices into svm and points call->in and call->out at them, each
 * SVM array's buffer member at its wrapper.  Nothing is held on
 * failure; svm->set.count is 0 where neither is given. */
clslice_status cs_csr_svm_wrap(cs_csr_call *call,
                               const clslice_cl_csr_svm *in_svm,
                               const clslice_cl_csr_svm *out_svm,
                               cs_csr_svm *svm, clslice_error *err);

/* Releases the wrappers once the pass's commands are enqueued (OpenCL
 * keeps a buffer until they finish); names an SVM array in a
 * CLSLICE_ERROR_BUFFER message that names its member.  Returns st. */
clslice_status cs_csr_svm_unwrap(cs_csr_svm *svm, clslice_status st,
                                 clslice_error *err);

#endif
