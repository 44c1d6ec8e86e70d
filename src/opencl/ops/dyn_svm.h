/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * SVM sides of the dynamic calls (clslice_cl_tf_dynamic and its
 * siblings): the descriptor's src_svm, dst_svm and info_svm, and the
 * spec's value vectors in values_svm (one entry per clslice_device_values,
 * in the order the spec's struct declares them).  They are wrapped in
 * buffers for the call by the wrapper of the calls with many sides
 * (svm_parts.h), so the record's, the values' and the tensors' checks,
 * overlap checks among them included, run unchanged.
 */
#ifndef CLSLICE_OPENCL_OPS_DYN_SVM_H
#define CLSLICE_OPENCL_OPS_DYN_SVM_H

#include "opencl/ops/dyn_spec.h"
#include "opencl/ops/svm_parts.h"

enum { CS_DYN_SVM_SIDES = 3 + CLSLICE_DYNAMIC_VALUE_VECTORS };

/* The SVM sides of one dynamic call, and their wrappers. */
typedef struct cs_dyn_svm {
    cs_svm_side sides[CS_DYN_SVM_SIDES];
    cs_svm_set set;
} cs_dyn_svm;

/* Whether `desc` names any SVM member (then cs_dyn_svm_wrap is needed). */
bool cs_dyn_svm_used(const clslice_cl_dynamic_desc *desc);

/* Checks the SVM members of `desc` (the call's copy) against `spec`
 * (read from the caller's spec: an entry of values_svm past the spec's
 * vectors is refused) and points each SVM side's buffer member, in desc
 * and spec, at its wrapper.  Nothing is left made on failure; on
 * success, cs_svm_unwrap_set(&svm->set, ...) releases the wrappers after
 * the call. */
clslice_status cs_dyn_svm_wrap(const cs_call *call,
                               clslice_cl_dynamic_desc *desc,
                               cs_dyn_spec *spec, cs_dyn_svm *svm,
                               clslice_error *err);

#endif
