/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * CSR arrays in SVM (csr_svm.h).  A clslice_cl_csr is frozen, so its
 * arrays' allocations come beside it in the descriptor; the call copies
 * both matrices, and the SVM sets' wrapper (svm_parts.c) points each SVM
 * array's buffer member at a buffer over its allocation.  Messages then
 * name the members as every CSR message does (in->indices,
 * out->data_offset), and a buffer error about one says which allocation
 * it is.
 */
#include <stdio.h>

#include "opencl/ops/csr_svm.h"

static void add_side(cs_svm_set *set, const char *matrix,
                     const char *array, clslice_cl_svm svm, cl_mem *buffer,
                     size_t *offset)
{
    char buffer_name[40], svm_name[32];
    snprintf(buffer_name, sizeof buffer_name, "%s->%s", matrix, array);
    snprintf(svm_name, sizeof svm_name, "%s_svm->%s", matrix, array);
    cs_svm_side_set(&set->sides[set->count++], svm, buffer, offset,
                    buffer_name, svm_name);
}

/* The three arrays of one matrix (`given` NULL: all in buffers). */
static void add_matrix(cs_svm_set *set, const char *matrix,
                       const clslice_cl_csr_svm *given, clslice_cl_csr *m)
{
    const clslice_cl_csr_svm none = {{NULL, 0}, {NULL, 0}, {NULL, 0}};
    const clslice_cl_csr_svm *svm = given ? given : &none;
    add_side(set, matrix, "indptr", svm->indptr, &m->indptr,
             &m->indptr_offset);
    add_side(set, matrix, "indices", svm->indices, &m->indices,
             &m->indices_offset);
    add_side(set, matrix, "data", svm->data, &m->data, &m->data_offset);
}

clslice_status cs_csr_svm_wrap(cs_csr_call *call,
                               const clslice_cl_csr_svm *in_svm,
                               const clslice_cl_csr_svm *out_svm,
                               cs_csr_svm *svm, clslice_error *err)
{
    svm->set = (cs_svm_set){.sides = svm->sides};
    if (!in_svm && !out_svm)
        return CLSLICE_OK;
    /* a NULL matrix is named by the pass's own checks */
    if (!call->in || !call->out)
        return CLSLICE_OK;
    svm->in = *call->in;
    svm->out = *call->out;
    add_matrix(&svm->set, "in", in_svm, &svm->in);
    add_matrix(&svm->set, "out", out_svm, &svm->out);
    clslice_status st = cs_svm_wrap_set(&call->call, &svm->set, err);
    if (st != CLSLICE_OK)
        return st;
    call->in = &svm->in;
    call->out = &svm->out;
    return CLSLICE_OK;
}

clslice_status cs_csr_svm_unwrap(cs_csr_svm *svm, clslice_status st,
                                 clslice_error *err)
{
    return svm->set.count ? cs_svm_unwrap_set(&svm->set, st, err) : st;
}
