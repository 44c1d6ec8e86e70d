/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_mpi_shard_run (clslice_mpi.h): the order of one rank's steps.
 *
 *   1. checks of its own arguments and the survey of every piece
 *      (mpi_survey.c): errors are kept, not returned, until step 3
 *   2. the pieces it sends gathered and read to the host (mpi_stage.c):
 *      reads of its blocks only
 *   3. one MPI_Allreduce: did any rank refuse, do the hashes differ?
 *      Any doubt and every rank returns before writing anything
 *   4. one MPI_Alltoallv of the bytes
 *   5. the received pieces, and the ones that stay, written into its
 *      blocks (mpi_stage.c)
 *
 * Packing before the agreement spares a second collective: a rank that
 * fails to pack refuses in step 3 like one that failed a check.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "mpi/mpi_agree.h"
#include "mpi/mpi_error.h"
#include "mpi/mpi_run.h"

/* The head's first published size: through `event` (0.2.0). */
#define CALL_FIRST_SIZE                                                     \
    (offsetof(clslice_cl_call, event) + sizeof(((clslice_cl_call *)0)->event))

/* The head: given, of a size from its first published one to this
 * library's (members past a smaller one read as zero, as every general
 * call takes it), with a queue; copied into *copy. */
static clslice_status check_head(const clslice_runtime *runtime,
                                 const clslice_cl_call *call,
                                 clslice_cl_call *copy, clslice_error *err)
{
    if (!call)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT, "call is NULL");
    if (call->struct_size < CALL_FIRST_SIZE ||
        call->struct_size > sizeof *call)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "call->struct_size = %zu; this library takes %zu "
                       "to %zu",
                       call->struct_size, (size_t)CALL_FIRST_SIZE,
                       sizeof *call);
    memset(copy, 0, sizeof *copy);
    memcpy(copy, call, call->struct_size);
    call = copy;
    if (!runtime)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT, "runtime is NULL");
    if (!call->queue)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT, "call->queue is NULL");
    if (call->num_events_in_wait_list > 0 && !call->event_wait_list)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "call->event_wait_list is NULL but "
                       "call->num_events_in_wait_list = %u",
                       (unsigned)call->num_events_in_wait_list);
    return CLSLICE_OK;
}

/* desc's members that need no communicator. */
static clslice_status check_desc(cm_run *r, clslice_error *err)
{
    const clslice_shard_desc *shard = r->desc.shard;
    if (!shard)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT, "desc->shard is NULL");
    clslice_status st = clslice_shard_count(shard, NULL, NULL, NULL, err);
    if (st != CLSLICE_OK)
        return st;
    if (shard->owner != CLSLICE_SHARD_EVERY_OWNER || shard->role != 0)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->shard->owner = %lld, role = %u: every rank "
                       "plans every owner's pieces (CLSLICE_SHARD_EVERY_OWNER, "
                       "role 0)",
                       (long long)shard->owner, shard->role);
    if (r->desc.elem_size < 1)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->elem_size = 0: elements have at least one "
                       "byte");
    r->plan = shard->plan;
    r->input = shard->input;
    r->output = shard->output;
    int64_t owners = r->input->owners > r->output->owners
                         ? r->input->owners
                         : r->output->owners;
    if (owners != r->size)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->comm has %d ranks but the layouts have %lld "
                       "owners (input.owners = %lld, output.owners = %lld): "
                       "owner o is rank o, and every rank is one",
                       r->size, (long long)owners,
                       (long long)r->input->owners,
                       (long long)r->output->owners);
    cl_int rc = clGetCommandQueueInfo(r->call.queue, CL_QUEUE_CONTEXT,
                                      sizeof r->context, &r->context, NULL);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cm_cl_fail(err, "clGetCommandQueueInfo", rc);
}

/* The per-peer arrays and host staging, freed by release(). */
static clslice_status allocate(cm_run *r, clslice_error *err)
{
    size_t n = (size_t)r->size;
    r->send_counts = calloc(n, sizeof(int));
    r->send_displs = calloc(n, sizeof(int));
    r->recv_counts = calloc(n, sizeof(int));
    r->recv_displs = calloc(n, sizeof(int));
    if (!r->send_counts || !r->send_displs || !r->recv_counts ||
        !r->recv_displs)
        return cm_fail(err, CLSLICE_ERROR_MEMORY,
                       "no memory for %d ranks' counts", r->size);
    return CLSLICE_OK;
}

static clslice_status allocate_host(cm_run *r, clslice_error *err)
{
    /* one byte at least: MPI wants a pointer even for no bytes */
    r->send_host = malloc(r->send_bytes ? r->send_bytes : 1);
    r->recv_host = malloc(r->recv_bytes ? r->recv_bytes : 1);
    if (!r->send_host || !r->recv_host)
        return cm_fail(err, CLSLICE_ERROR_MEMORY,
                       "no memory to stage %zu bytes sent and %zu received",
                       r->send_bytes, r->recv_bytes);
    return CLSLICE_OK;
}

static void release(cm_run *r)
{
    free(r->send_counts);
    free(r->send_displs);
    free(r->recv_counts);
    free(r->recv_displs);
    free(r->send_host);
    free(r->recv_host);
}

/* Steps 1 and 2: this rank's verdict, its error in *err. */
static clslice_status prepare(cm_run *r, clslice_error *err)
{
    clslice_status st = check_desc(r, err);
    if (st == CLSLICE_OK)
        st = allocate(r, err);
    if (st == CLSLICE_OK)
        st = cm_survey(r, err);
    if (st == CLSLICE_OK)
        st = allocate_host(r, err);
    if (st == CLSLICE_OK && r->call.num_events_in_wait_list > 0) {
        cl_int rc = clWaitForEvents(r->call.num_events_in_wait_list,
                                    r->call.event_wait_list);
        if (rc != CL_SUCCESS)
            st = cm_cl_fail(err, "clWaitForEvents", rc);
    }
    if (st == CLSLICE_OK)
        st = cm_pack(r, err);
    return st;
}

/* Step 3: what the other ranks said. */
static clslice_status agree(cm_run *r, clslice_status mine,
                            clslice_error *err)
{
    cm_agreement a;
    clslice_status st =
        cm_agree(r->desc.comm, r->rank, mine != CLSLICE_OK, r->hash, &a,
                 mine == CLSLICE_OK ? err : NULL);
    if (mine != CLSLICE_OK)
        return mine; /* its own error stands */
    if (st != CLSLICE_OK)
        return st;
    if (a.refused_by >= 0)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "rank %d refused the redistribution (its own error "
                       "says why); nothing moved on any rank",
                       a.refused_by);
    if (a.hashes_differ)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "ranks disagree on the redistribution: the plan, a "
                       "layout, elem_size or the direction differs between "
                       "ranks (rank %d's hash %016llx); nothing moved on "
                       "any rank",
                       r->rank, (unsigned long long)r->hash);
    return CLSLICE_OK;
}

/* Step 4. */
static clslice_status exchange(cm_run *r, clslice_error *err)
{
    int rc = MPI_Alltoallv(r->send_host, r->send_counts, r->send_displs,
                           MPI_BYTE, r->recv_host, r->recv_counts,
                           r->recv_displs, MPI_BYTE, r->desc.comm);
    return rc == MPI_SUCCESS ? CLSLICE_OK
                             : cm_mpi_fail(err, "MPI_Alltoallv", rc);
}

/* desc given at this library's size, with a communicator: what a rank
 * needs to take part in the collective at all. */
static clslice_status take_desc(cm_run *r, const clslice_mpi_shard_desc *desc,
                                clslice_error *err)
{
    if (!desc)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT, "desc is NULL");
    if (desc->struct_size != sizeof *desc)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->struct_size = %zu; this library takes %zu",
                       desc->struct_size, sizeof *desc);
    if (desc->comm == MPI_COMM_NULL)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->comm is MPI_COMM_NULL");
    r->desc = *desc;
    int rc = MPI_Comm_rank(desc->comm, &r->rank);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_size(desc->comm, &r->size);
    return rc == MPI_SUCCESS ? CLSLICE_OK
                             : cm_mpi_fail(err, "MPI_Comm_rank", rc);
}

clslice_status clslice_mpi_shard_run(clslice_runtime *runtime,
                                     const clslice_cl_call *call,
                                     const clslice_mpi_shard_desc *desc,
                                     clslice_error *err)
{
    cm_run r = {0};
    clslice_status st = take_desc(&r, desc, err);
    if (st != CLSLICE_OK)
        return st; /* no communicator to tell the others through */
    clslice_status mine = check_head(runtime, call, &r.call, err);
    if (mine == CLSLICE_OK) {
        r.runtime = runtime;
        mine = prepare(&r, err);
    }
    st = agree(&r, mine, err);
    if (st == CLSLICE_OK)
        st = exchange(&r, err);
    if (st == CLSLICE_OK)
        st = cm_unpack(&r, err);
    release(&r);
    return st == CLSLICE_OK ? cm_ok(err) : st;
}
