/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Event chains: the commands of one operation (grad's zero fill and
 * scatter, CSR's passes, a batch's launches, the normalise command and
 * its consumer) each wait for the one before, the first for the caller's
 * wait list, so they run in order on out-of-order queues too; and the
 * marker a call enqueues when it has nothing to run but an event to give.
 */
#include "opencl/run/job.h"

clslice_status cs_enqueue_marker(cl_command_queue queue, cl_uint num_events,
                                 const cl_event *wait_list, cl_event *event,
                                 clslice_error *err)
{
    if (!event)
        return CLSLICE_OK;
    cl_int rc = clEnqueueMarkerWithWaitList(queue, num_events, wait_list,
                                            event);
    return rc == CL_SUCCESS
               ? CLSLICE_OK
               : cs_cl_fail(err, "clEnqueueMarkerWithWaitList", rc);
}

void cs_chain_start(cs_chain *chain, cl_command_queue queue,
                    cl_uint num_events, const cl_event *wait_list)
{
    *chain = (cs_chain){.queue = queue, .num_events = num_events,
                        .wait_list = wait_list};
}

cl_uint cs_chain_wait(const cs_chain *chain, const cl_event **wait_list)
{
    *wait_list = chain->last ? &chain->last : chain->wait_list;
    return chain->last ? 1 : chain->num_events;
}

void cs_chain_link(cs_chain *chain, cl_event event)
{
    cs_chain_drop(chain);
    chain->last = event;
}

clslice_status cs_chain_armed(cs_chain *chain, cs_armed_job *armed,
                              clslice_error *err)
{
    const cl_event *wait_list;
    cl_uint n = cs_chain_wait(chain, &wait_list);
    cl_event next = NULL;
    clslice_status st = cs_armed_enqueue(armed, chain->queue, n, wait_list,
                                         &next, err);
    if (st == CLSLICE_OK)
        cs_chain_link(chain, next);
    return st;
}

clslice_status cs_chain_job(cs_chain *chain, const cs_program_info *program,
                            const cs_job *job, size_t max_groups,
                            clslice_error *err)
{
    cs_armed_job armed;
    clslice_status st = cs_job_arm(program, job, max_groups, &armed, err);
    return st == CLSLICE_OK ? cs_chain_armed(chain, &armed, err) : st;
}

clslice_status cs_chain_finish(cs_chain *chain, cl_event *event,
                               clslice_error *err)
{
    if (!chain->last)
        return cs_enqueue_marker(chain->queue, chain->num_events,
                                 chain->wait_list, event, err);
    if (event)
        *event = chain->last;
    else
        clReleaseEvent(chain->last);
    chain->last = NULL;
    return CLSLICE_OK;
}

void cs_chain_drop(cs_chain *chain)
{
    if (chain->last)
        clReleaseEvent(chain->last);
    chain->last = NULL;
}
