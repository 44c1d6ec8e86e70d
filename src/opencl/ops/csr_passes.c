/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_csr_count and clslice_cl_csr_fill: the two passes of a CSR
 * slice on the device.  The count pass works in scratch buffers of its
 * own and copies the row pointers out only once the input has proved
 * valid, so a corrupt input leaves every output buffer untouched.  Arrays
 * in SVM are wrapped in buffers first (csr_svm.h).
 */
#include "opencl/ops/csr_slicer.h"
#include "opencl/ops/csr_svm.h"
#include "core/plan/common.h"

/* Scratch of the count pass: status words and the counts being scanned. */
typedef struct count_scratch {
    cl_mem status;
    cl_mem counts;
} count_scratch;

static clslice_status make_scratch(const cs_csr_call *call,
                                   count_scratch *s, clslice_error *err)
{
    cl_context context = cs_call_context(&call->call);
    cl_uint zero[CS_CSR_STATUS_WORDS] = {0};
    cl_int rc;
    s->status = clCreateBuffer(context, CL_MEM_READ_WRITE |
                               CL_MEM_COPY_HOST_PTR, sizeof zero, zero, &rc);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateBuffer (status)", rc);
    size_t bytes = ((size_t)call->sel.out_rows + 1) * call->isize;
    s->counts = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, NULL, &rc);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateBuffer (row counts)", rc);
    return CLSLICE_OK;
}

/* Queued work keeps released buffers alive until it is done. */
static void drop_scratch(count_scratch *s)
{
    if (s->counts)
        clReleaseMemObject(s->counts);
    if (s->status)
        clReleaseMemObject(s->status);
}

/* Enqueues `variant` (of `carrier` bytes) with buffer arguments `mems`
 * then the parameters, over `items` work-items (grid-stride, in groups of
 * the choice's size), as the next link of the chain. */
static clslice_status run_kernel(const cs_csr_call *call, cs_chain *chain,
                                 cs_variant variant, size_t carrier,
                                 const cl_mem *mems, cl_uint count,
                                 const cs_csr_params *params, int64_t items,
                                 clslice_error *err)
{
    cs_job job;
    cs_job_start(&job, "CSR", variant, carrier);
    for (cl_uint i = 0; i < count; i++)
        cs_job_mem(&job, &mems[i]);
    cs_job_arg(&job, sizeof *params, params);
    cs_job_range(&job, items > 0 ? (size_t)items : 1, call->choice.local,
                 true);
    return cs_chain_job(chain, &call->program, &job, call->max_groups, err);
}

/* The total of the scan into the status words: one work-item. */
static clslice_status run_finish(const cs_csr_call *call, cs_chain *chain,
                                 const count_scratch *s, clslice_error *err)
{
    cl_ulong last = (cl_ulong)call->sel.out_rows;
    cs_job job;
    cs_job_start(&job, "CSR", call->choice.finish, 0);
    cs_job_mem(&job, &s->counts);
    cs_job_arg(&job, sizeof last, &last);
    cs_job_mem(&job, &s->status);
    cs_job_range(&job, 1, 1, false);
    return cs_chain_job(chain, &call->program, &job, call->max_groups, err);
}

/* Validate, count, scan, total: every kernel of the count pass. */
static clslice_status enqueue_count(const cs_csr_call *call,
                                    cs_chain *chain,
                                    const count_scratch *s,
                                    clslice_error *err)
{
    const clslice_cl_csr *in = call->in;
    cs_csr_params p;
    cs_csr_params_fill(call, 0, 1, &p);
    /* With nnz = 0 no index is read; any buffer stands in for a NULL. */
    cl_mem indices = in->indices ? in->indices : s->status;
    cl_mem check[] = {in->indptr, s->status};
    cl_mem count[] = {in->indptr, indices, s->counts, s->status};
    clslice_status st = run_kernel(call, chain, call->choice.check, 0, check,
                                   2, &p, in->rows + 1, err);
    if (st == CLSLICE_OK)
        st = run_kernel(call, chain, call->choice.count, 0, count, 4, &p,
                        call->sel.out_rows, err);
    if (st == CLSLICE_OK)
        st = cs_csr_scan(call, chain, s->counts, call->sel.out_rows, err);
    if (st == CLSLICE_OK)
        st = run_finish(call, chain, s, err);
    return st;
}

/* Blocks until the chain is done and reads the status words. */
static clslice_status read_status(const cs_csr_call *call,
                                  cs_chain *chain, cl_mem status,
                                  cl_uint *words, clslice_error *err)
{
    cl_int rc = clEnqueueReadBuffer(call->call.queue, status, CL_TRUE, 0,
                                    CS_CSR_STATUS_WORDS * sizeof *words,
                                    words, 1, &chain->last, NULL);
    cs_chain_drop(chain);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueReadBuffer (status)",
                                         rc);
}

/* The valid result's row pointers into out->indptr.  Everything it
 * depends on has finished (the status read blocked), so no wait list. */
static clslice_status copy_out(const cs_csr_call *call, cl_mem counts,
                               cl_event *event, clslice_error *err)
{
    size_t bytes = ((size_t)call->sel.out_rows + 1) * call->isize;
    cl_int rc = clEnqueueCopyBuffer(call->call.queue, counts,
                                    call->out->indptr,
                                    0, call->out->indptr_offset, bytes, 0,
                                    NULL, event);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueCopyBuffer", rc);
}

/* The head and descriptor taken into the call (the CSR pass: `fill`),
 * its SVM arrays wrapped (svm, to unwrap once the pass is enqueued). */
static clslice_status take(clslice_runtime *runtime,
                           const clslice_cl_call *call,
                           const clslice_cl_csr_desc *desc, bool fill,
                           cs_csr_call *csr, cs_csr_svm *svm,
                           clslice_error *err)
{
    clslice_cl_csr_desc taken;
    *csr = (cs_csr_call){.fill = fill};
    clslice_status st = CS_TAKE(runtime, call, &csr->call, desc,
                                clslice_cl_csr_desc, out_svm, &taken, err);
    if (st != CLSLICE_OK)
        return st;
    csr->plan = taken.plan;
    csr->in = taken.in;
    csr->out = taken.out;
    return cs_csr_svm_wrap(csr, taken.in_svm, taken.out_svm, svm, err);
}

/* The count pass of a taken call. */
static clslice_status count(cs_csr_call *csr, int64_t *out_nnz,
                            clslice_error *err)
{
    clslice_status st = out_nnz ? cs_csr_prepare(csr, err)
                                : cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                                          "out_nnz is NULL");
    if (st != CLSLICE_OK)
        return st;
    count_scratch s = {NULL, NULL};
    cs_chain chain;
    cs_chain_start(&chain, csr->call.queue, csr->call.num_events,
                   csr->call.wait_list);
    cl_uint words[CS_CSR_STATUS_WORDS] = {0};
    st = make_scratch(csr, &s, err);
    if (st == CLSLICE_OK)
        st = enqueue_count(csr, &chain, &s, err);
    if (st == CLSLICE_OK)
        st = read_status(csr, &chain, s.status, words, err);
    if (st == CLSLICE_OK && words[0] != 0)
        st = cs_csr_diagnose(csr, err);
    if (st == CLSLICE_OK)
        st = copy_out(csr, s.counts, csr->call.event, err);
    cs_chain_drop(&chain);
    drop_scratch(&s);
    if (st == CLSLICE_OK)
        *out_nnz = (int64_t)((uint64_t)words[3] << 32 | words[2]);
    return st;
}

clslice_status clslice_cl_csr_count(clslice_runtime *runtime,
                                    const clslice_cl_call *call,
                                    const clslice_cl_csr_desc *desc,
                                    int64_t *out_nnz, clslice_error *err)
{
    cs_csr_call csr;
    cs_csr_svm svm;
    clslice_status st = take(runtime, call, desc, false, &csr, &svm, err);
    if (st == CLSLICE_OK)
        st = cs_csr_svm_unwrap(&svm, count(&csr, out_nnz, err), err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

/* The fill pass of a taken call. */
static clslice_status fill(cs_csr_call *csr, clslice_error *err)
{
    clslice_status st = cs_csr_prepare(csr, err);
    if (st != CLSLICE_OK)
        return st;
    const clslice_cl_csr *in = csr->in, *out = csr->out;
    cs_chain chain;
    cs_chain_start(&chain, csr->call.queue, csr->call.num_events,
                   csr->call.wait_list);
    if (out->nnz > 0) {
        size_t carrier = csr->choice.carrier;
        cs_csr_params p;
        cs_csr_params_fill(csr, out->nnz, carrier, &p);
        cl_mem mems[] = {in->indptr,   in->indices, in->data,
                         out->indptr, out->indices, out->data};
        st = run_kernel(csr, &chain, csr->choice.fill, carrier, mems, 6, &p,
                        out->rows, err);
    }
    if (st == CLSLICE_OK)
        st = cs_chain_finish(&chain, csr->call.event, err);
    cs_chain_drop(&chain);
    return st;
}

clslice_status clslice_cl_csr_fill(clslice_runtime *runtime,
                                   const clslice_cl_call *call,
                                   const clslice_cl_csr_desc *desc,
                                   clslice_error *err)
{
    cs_csr_call csr;
    cs_csr_svm svm;
    clslice_status st = take(runtime, call, desc, true, &csr, &svm, err);
    if (st == CLSLICE_OK)
        st = cs_csr_svm_unwrap(&svm, fill(&csr, err), err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
