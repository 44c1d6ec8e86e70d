/*
 * clslice_cl_gather_batch: many plans over one source, each into its
 * own contiguous output, as one command per group of up to 8 distinct
 * destination buffers (cl/gather_batch.cl).
 *
 *   cs_batch_check   every check, before anything is enqueued
 *                    (cl_batch_check.c);
 *   cs_batch_*       the jobs in a common carrier, the launches and
 *                    their tables (cl_batch.c), pure arithmetic where it
 *                    can be, so tests check it without a device.
 */
#ifndef CLSLICE_CL_BATCH_H
#define CLSLICE_CL_BATCH_H

#include "cl_dispatch.h"

/* The call as the public function received it, and what the checks
 * leave: each plan's simplified layout and output bytes. */
typedef struct cs_batch_call {
    clslice_runtime *runtime;
    cl_command_queue queue;
    const clslice_cl_part *parts;
    size_t count;
    size_t elem_size;
    cl_mem src;
    size_t src_offset;
    unsigned flags;
    cl_uint num_events;
    const cl_event *wait_list;
    cl_event *event;
    /* set by cs_batch_check */
    cl_device_id device;
    clslice_layout *layouts; /* count entries, allocated by the caller */
} cs_batch_call;

/* Checks the call: handles, plans (each given, one input shape), element
 * size, flags, the wait list, the queue's context, src against the input
 * tensor, each destination against its plan's output, and that no output
 * overlaps src or another output.  Fills call->layouts (simplified) and
 * call->device. */
clslice_status cs_batch_check(cs_batch_call *call, clslice_error *err);

/* ---- the jobs (cl_batch.c) ---------------------------------------------- */

/* Re-expresses a move in a narrower carrier that divides its own: a
 * contiguous innermost run gets longer, a strided one gains an innermost
 * dim of carrier / to carriers at stride 1. */
void cs_batch_recarrier(cs_move *move, size_t to);

/* Output carriers per unit (cl/gather_batch.cl): for the rows family
 * about 16 KB when every job's rows are contiguous, 128 carriers when
 * some are strided (units of neighbouring jobs then share source lines
 * in cache), fewer when the batch is small so that every compute unit
 * gets several units; for the grid 4 carriers per work-item of a
 * 256-item group. */
int64_t cs_batch_chunk(int64_t total, size_t carrier, bool rows,
                       bool contiguous, cl_uint compute_units);

#endif
