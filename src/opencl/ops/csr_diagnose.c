/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Naming what is wrong with an input the device flagged.  Kernels only
 * raise a flag (finding the *first* bad position in parallel would need
 * 64-bit atomics that OpenCL 1.2 does not promise); this rare path reads
 * the index arrays back and runs the host validator on them, so the
 * message is exactly the one clslice_host_csr_count gives.
 */
#include <stdlib.h>

#include "opencl/ops/csr_slicer.h"
#include "core/plan/common.h"

/* Blocking read of `count` indices from buffer at byte offset into a new
 * host array. */
static clslice_status read_back(const cs_csr_call *call, cl_mem buffer,
                                size_t offset, int64_t count, void **host,
                                clslice_error *err)
{
    size_t bytes = (size_t)count * call->isize;
    *host = malloc(bytes ? bytes : 1);
    if (!*host)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "corrupt CSR (found on the device; out of host "
                       "memory reading it back to name the position)");
    if (bytes == 0)
        return CLSLICE_OK;
    cl_int rc = clEnqueueReadBuffer(call->call.queue, buffer, CL_TRUE, offset,
                                    bytes, *host, 0, NULL, NULL);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueReadBuffer", rc);
}

clslice_status cs_csr_diagnose(const cs_csr_call *call, clslice_error *err)
{
    const clslice_cl_csr *in = call->in;
    void *indptr = NULL, *indices = NULL;
    clslice_status st = read_back(call, in->indptr, in->indptr_offset,
                                  in->rows + 1, &indptr, err);
    if (st == CLSLICE_OK)
        st = cs_csr_check_indptr(indptr, in->index_type, in->rows, in->nnz,
                                 err);
    if (st == CLSLICE_OK)
        st = read_back(call, in->indices, in->indices_offset, in->nnz,
                       &indices, err);
    if (st == CLSLICE_OK)
        st = cs_csr_check_columns(&call->sel, indptr, indices,
                                  in->index_type, err);
    free(indices);
    free(indptr);
    if (st == CLSLICE_OK) /* the arrays changed under us? */
        st = cs_fail(err, CLSLICE_ERROR_SPEC,
                     "corrupt CSR: the device flagged the input, but read "
                     "back it is valid (was it modified meanwhile?)");
    return st;
}
