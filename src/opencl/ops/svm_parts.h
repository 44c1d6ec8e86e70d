/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * SVM sides of the calls with many tensors (clslice_cl_concat's parts and
 * destination, clslice_cl_gather_batch's source and outputs, the dynamic
 * calls' tensors, record and spec vectors: dyn_svm.h), wrapped in
 * buffers for the call as svm.h does for the two sides of a gather: each
 * side's buffer member (in a copy the call owns) gets a wrapper and its
 * offset moves by the side's place in that wrapper.  Sides whose
 * allocations meet share one wrapper over all of them, so the calls'
 * overlap checks see them as one buffer; the others get one each.
 */
#ifndef CLSLICE_OPENCL_OPS_SVM_PARTS_H
#define CLSLICE_OPENCL_OPS_SVM_PARTS_H

#include "opencl/run/call.h"

/* One side that may lie in SVM. */
typedef struct cs_svm_side {
    clslice_cl_svm svm; /* pointer NULL and bytes 0: a buffer side */
    cl_mem *buffer;     /* the side's buffer member, in the call's copy */
    size_t *offset;     /* the side's offset member, in the call's copy */
    char buffer_name[40]; /* "parts[3].src.buffer", "dst.buffer" (a
                           * member: NAME.offset), or a plain argument
                           * "info", "begin" (its offset NAME_offset) */
    char svm_name[32];    /* "part_svm[3]", "dst_svm" */
} cs_svm_side;

/* Side s: allocation `svm` (zero: a buffer side) for the buffer member
 * at `buffer` and its offset at `offset`, named as cs_svm_side says. */
void cs_svm_side_set(cs_svm_side *s, clslice_cl_svm svm, cl_mem *buffer,
                     size_t *offset, const char *buffer_name,
                     const char *svm_name);

/* The sides of one call and the wrappers made for them. */
typedef struct cs_svm_set {
    cs_svm_side *sides; /* count, filled by the caller */
    size_t count;
    cl_mem *made;       /* wrappers to release, made_count of them */
    size_t made_count;
    bool used;          /* some side is in SVM */
} cs_svm_set;

/* Checks every side (a buffer and an allocation not both, bytes given
 * with a pointer and a pointer with bytes, the queue's device has SVM)
 * and points each SVM side's buffer member at its wrapper.  Nothing is
 * left made on failure.  A NULL queue or runtime wraps nothing: the
 * call's own checks name it. */
clslice_status cs_svm_wrap_set(const cs_call *call, cs_svm_set *set,
                               clslice_error *err);

/* Releases the wrappers (their commands, if any, are enqueued: OpenCL
 * keeps a buffer until they finish) and their array; on a failed
 * call, a CLSLICE_ERROR_BUFFER message that names an SVM side gets
 * "[parts[3].src.buffer is part_svm[3]: N bytes]".  Returns st. */
clslice_status cs_svm_unwrap_set(cs_svm_set *set, clslice_status st,
                                 clslice_error *err);

#endif
