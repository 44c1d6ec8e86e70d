/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * One rank's share of clslice_mpi_shard_run: its arguments as the checks
 * leave them, the bytes it trades with each peer, and the device steps
 * (pack, unpack) that mpi_shard_run.c orders around the exchange.
 */
#ifndef CLSLICE_MPI_RUN_H
#define CLSLICE_MPI_RUN_H

#include <stdbool.h>

#include "clslice_mpi.h"

typedef struct cm_run {
    clslice_runtime *runtime;
    clslice_cl_call call; /* the caller's head */
    clslice_mpi_shard_desc desc;
    const clslice_plan *plan;
    const clslice_shard_layout *input, *output;
    cl_context context; /* the queue's */
    int rank, size;
    uint64_t hash;
    /* bytes to and from each rank, and where they lie in the staging
     * buffers (MPI_Alltoallv's arguments) */
    int *send_counts, *send_displs, *recv_counts, *recv_displs;
    size_t send_bytes, recv_bytes;
    unsigned char *send_host, *recv_host;
} cm_run;

/* Walks every owner's pieces: hashes them, checks the buffers of the
 * blocks this rank reads or writes, and counts the bytes it trades. */
clslice_status cm_survey(cm_run *r, clslice_error *err);

/* Gathers the pieces this rank sends into one device staging buffer, in
 * the order of the planner, grouped by receiver, and reads it into
 * r->send_host.  Writes nothing of the caller's. */
clslice_status cm_pack(cm_run *r, clslice_error *err);

/* Writes r->recv_host to a device staging buffer and scatters each
 * received piece into its block; runs the pieces that stay on this rank;
 * waits for all of it, the marker handed to call.event when wanted. */
clslice_status cm_unpack(cm_run *r, clslice_error *err);

#endif
