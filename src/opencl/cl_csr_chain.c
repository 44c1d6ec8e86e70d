/*
 * A chain of dependent enqueues.  The count pass is several kernels in a
 * row; on an out-of-order queue nothing orders them but events, so each
 * link waits for the one before it, and only the first for the caller's
 * wait list.
 */
#include "cl_csr_internal.h"
#include "core/common.h"

void cs_csr_chain_start(cs_csr_chain *chain, cl_command_queue queue,
                        cl_uint num_events, const cl_event *wait_list)
{
    chain->queue = queue;
    chain->num_events = num_events;
    chain->wait_list = wait_list;
    chain->last = NULL;
}

clslice_status cs_csr_chain_kernel(cs_csr_chain *chain, cl_kernel kernel,
                                   size_t global, size_t local,
                                   clslice_error *err)
{
    cl_event next = NULL;
    cl_int rc = clEnqueueNDRangeKernel(
        chain->queue, kernel, 1, NULL, &global, &local,
        chain->last ? 1 : chain->num_events,
        chain->last ? &chain->last : chain->wait_list, &next);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clEnqueueNDRangeKernel", rc);
    cs_csr_chain_drop(chain);
    chain->last = next;
    return CLSLICE_OK;
}

clslice_status cs_csr_chain_finish(cs_csr_chain *chain, cl_event *event,
                                   clslice_error *err)
{
    if (!chain->last && event) {
        cl_int rc = clEnqueueMarkerWithWaitList(
            chain->queue, chain->num_events, chain->wait_list, event);
        return rc == CL_SUCCESS
                   ? CLSLICE_OK
                   : cs_cl_fail(err, "clEnqueueMarkerWithWaitList", rc);
    }
    if (event)
        *event = chain->last;
    else if (chain->last)
        clReleaseEvent(chain->last);
    chain->last = NULL;
    return CLSLICE_OK;
}

void cs_csr_chain_drop(cs_csr_chain *chain)
{
    if (chain->last)
        clReleaseEvent(chain->last);
    chain->last = NULL;
}
