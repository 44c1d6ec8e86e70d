/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer run: the launches of a batch of moves (cl/batch.cl), which
 * clslice_cl_gather_batch (one source, many outputs) and
 * clslice_cl_concat (many sources, one destination) share.  The moves
 * are checked and built by the operation; this runs them: the choice
 * (select/batch.h), the distinct buffers on the side of many in order of
 * first use, one launch per group of up to CS_BATCH_MAX_BUFFERS of them,
 * each with its table, and the launches chained by events.
 */
#ifndef CLSLICE_OPENCL_RUN_BATCH_LAUNCH_H
#define CLSLICE_OPENCL_RUN_BATCH_LAUNCH_H

#include "opencl/run/call.h"
#include "opencl/select/batch.h"

typedef struct cs_batch_moves {
    const cs_call *call; /* checked */
    cs_batch_kind kind;
    const char *name;    /* the operation, in messages */
    cs_move *moves;      /* count entries; elements 0: nothing to move */
    size_t count;
    cl_mem one;          /* the side of one: a gather's source, a
                          * concatenation's destination */
    const cl_mem *many;  /* per move, its buffer on the side of many */
} cs_batch_moves;

/* Runs the batch behind the call's wait list, into its event: a marker
 * when no move has an element.  The moves are re-expressed in the chosen
 * carrier.  Every launch is prepared (table, kernel, arguments) before
 * the first is enqueued. */
clslice_status cs_batch_launch(cs_batch_moves *batch, clslice_error *err);

#endif
