/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The device steps around the exchange (cm_pack, cm_unpack).  Every
 * piece runs as one strided clslice_cl_gather of the identity plan over
 * the piece's input counts: from the elements it reads in its block to a
 * contiguous run of a staging buffer (sent), from a staging buffer to the
 * box it fills (received), or block to block (kept on this rank).  The
 * pieces are walked in the planner's order on both sides, so the run of
 * each piece lies where the sender put it.
 */
#include <stdlib.h>

#include "mpi/mpi_blocks.h"
#include "mpi/mpi_error.h"
#include "mpi/mpi_run.h"

/* The read (reads) or written side of a piece in its block. */
static clslice_cl_tensor block_side(const cm_run *r,
                                    const clslice_shard_piece *p, bool reads,
                                    cm_view *view)
{
    bool gather = r->desc.shard->direction == CLSLICE_SHARD_GATHER;
    bool input = reads == gather; /* a gather reads its input blocks */
    const clslice_shard_layout *l = input ? r->input : r->output;
    const int64_t *block = input ? p->input_block : p->output_block;
    if (input)
        cm_input_view(l, p, r->desc.elem_size, view);
    else
        cm_output_view(l, r->plan, p, r->desc.elem_size, view);
    const cl_mem *blocks = input ? r->desc.input_blocks
                                 : r->desc.output_blocks;
    return (clslice_cl_tensor){blocks[cm_block_number(l, block)],
                               view->offset, view->strides};
}

/* One piece from src to dst, behind `waits` (count 0 or 1). */
static clslice_status move_piece(const cm_run *r,
                                 const clslice_shard_piece *p,
                                 clslice_cl_tensor src, clslice_cl_tensor dst,
                                 const cl_event *wait, clslice_error *err)
{
    clslice_plan_storage storage;
    const clslice_plan *identity = NULL;
    clslice_status st =
        clslice_plan_init_expr(&storage, p->input_count,
                               clslice_plan_input_rank(r->plan), "[...]",
                               &identity, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = r->call.queue;
    call.flags = r->call.flags;
    call.num_events_in_wait_list = wait ? 1 : 0;
    call.event_wait_list = wait;
    clslice_cl_gather_desc g = CLSLICE_CL_GATHER_DESC_INIT;
    g.plan = identity;
    g.elem_size = r->desc.elem_size;
    g.src = src;
    g.dst = dst;
    return clslice_cl_gather(r->runtime, &call, &g, err);
}

static clslice_status staging_buffer(const cm_run *r, size_t bytes,
                                     cl_mem *buffer, clslice_error *err)
{
    cl_int rc;
    *buffer = clCreateBuffer(r->context, CL_MEM_READ_WRITE, bytes, NULL, &rc);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cm_cl_fail(err, "clCreateBuffer", rc);
}

/* A marker behind everything enqueued so far on the call's queue. */
static clslice_status marker(const cm_run *r, cl_event *event,
                             clslice_error *err)
{
    cl_int rc = clEnqueueMarkerWithWaitList(r->call.queue, 0, NULL, event);
    return rc == CL_SUCCESS
               ? CLSLICE_OK
               : cm_cl_fail(err, "clEnqueueMarkerWithWaitList", rc);
}

/* Per peer, the next free byte of its run in a staging buffer. */
static int *cursors(const int *displs, int size, clslice_error *err)
{
    int *at = malloc((size_t)size * sizeof *at);
    if (!at) {
        cm_fail(err, CLSLICE_ERROR_MEMORY, "no memory for %d ranks' cursors",
                size);
        return NULL;
    }
    for (int peer = 0; peer < size; peer++)
        at[peer] = displs[peer];
    return at;
}

/* Walks every piece; `each` runs the ones it wants. */
typedef clslice_status (*piece_fn)(const cm_run *r, void *context,
                                   const clslice_shard_piece *p,
                                   clslice_error *err);

static clslice_status each_piece(const cm_run *r, piece_fn each,
                                 void *context, clslice_error *err)
{
    clslice_shard_iter iter;
    clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
    int more = 1;
    clslice_status st = clslice_shard_begin(&iter, r->desc.shard, err);
    while (st == CLSLICE_OK &&
           (st = clslice_shard_next(&iter, &p, &more, err)) == CLSLICE_OK &&
           more)
        st = each(r, context, &p, err);
    return st;
}

/* ---- pack ------------------------------------------------------------- */

typedef struct staging {
    cl_mem buffer;
    int *at;              /* per peer */
    const cl_event *wait; /* the staging write, for received pieces */
} staging;

static clslice_status pack_piece(const cm_run *r, void *context,
                                 const clslice_shard_piece *p,
                                 clslice_error *err)
{
    staging *s = context;
    if (p->from_owner != r->rank || p->to_owner == r->rank)
        return CLSLICE_OK;
    cm_view read, run;
    int peer = (int)p->to_owner;
    clslice_cl_tensor src = block_side(r, p, true, &read);
    cm_staged_view(r->plan, p, (size_t)s->at[peer], &run);
    s->at[peer] += (int)((size_t)p->elements * r->desc.elem_size);
    clslice_cl_tensor dst = {s->buffer, run.offset, run.strides};
    return move_piece(r, p, src, dst, NULL, err);
}

clslice_status cm_pack(cm_run *r, clslice_error *err)
{
    if (r->send_bytes == 0)
        return CLSLICE_OK;
    staging s = {NULL, cursors(r->send_displs, r->size, err), NULL};
    if (!s.at)
        return CLSLICE_ERROR_MEMORY;
    cl_event packed = NULL;
    clslice_status st = staging_buffer(r, r->send_bytes, &s.buffer, err);
    if (st == CLSLICE_OK)
        st = each_piece(r, pack_piece, &s, err);
    if (st == CLSLICE_OK)
        st = marker(r, &packed, err);
    if (st == CLSLICE_OK) {
        cl_int rc = clEnqueueReadBuffer(r->call.queue, s.buffer, CL_TRUE, 0,
                                        r->send_bytes, r->send_host, 1,
                                        &packed, NULL);
        if (rc != CL_SUCCESS)
            st = cm_cl_fail(err, "clEnqueueReadBuffer", rc);
    }
    if (packed)
        clReleaseEvent(packed);
    if (s.buffer)
        clReleaseMemObject(s.buffer);
    free(s.at);
    return st;
}

/* ---- unpack ----------------------------------------------------------- */

static clslice_status unpack_piece(const cm_run *r, void *context,
                                   const clslice_shard_piece *p,
                                   clslice_error *err)
{
    staging *s = context;
    if (p->to_owner != r->rank)
        return CLSLICE_OK;
    cm_view write, read;
    clslice_cl_tensor dst = block_side(r, p, false, &write);
    if (p->from_owner == r->rank)
        return move_piece(r, p, block_side(r, p, true, &read), dst, NULL,
                          err);
    int peer = (int)p->from_owner;
    cm_staged_view(r->plan, p, (size_t)s->at[peer], &read);
    s->at[peer] += (int)((size_t)p->elements * r->desc.elem_size);
    clslice_cl_tensor src = {s->buffer, read.offset, read.strides};
    return move_piece(r, p, src, dst, s->wait, err);
}

/* The received bytes on the device, behind *written. */
static clslice_status stage_received(const cm_run *r, staging *s,
                                     cl_event *written, clslice_error *err)
{
    clslice_status st = staging_buffer(r, r->recv_bytes, &s->buffer, err);
    if (st != CLSLICE_OK)
        return st;
    cl_int rc = clEnqueueWriteBuffer(r->call.queue, s->buffer, CL_FALSE, 0,
                                     r->recv_bytes, r->recv_host, 0, NULL,
                                     written);
    if (rc != CL_SUCCESS)
        return cm_cl_fail(err, "clEnqueueWriteBuffer", rc);
    s->wait = written;
    return CLSLICE_OK;
}

/* Waits for this rank's last write; hands the marker on or releases it. */
static clslice_status finish(const cm_run *r, clslice_error *err)
{
    cl_event done = NULL;
    clslice_status st = marker(r, &done, err);
    if (st != CLSLICE_OK)
        return st;
    cl_int rc = clWaitForEvents(1, &done);
    if (rc != CL_SUCCESS) {
        clReleaseEvent(done);
        return cm_cl_fail(err, "clWaitForEvents", rc);
    }
    if (r->call.event)
        *r->call.event = done;
    else
        clReleaseEvent(done);
    return CLSLICE_OK;
}

clslice_status cm_unpack(cm_run *r, clslice_error *err)
{
    staging s = {NULL, cursors(r->recv_displs, r->size, err), NULL};
    if (!s.at)
        return CLSLICE_ERROR_MEMORY;
    cl_event written = NULL;
    clslice_status st = CLSLICE_OK;
    if (r->recv_bytes > 0)
        st = stage_received(r, &s, &written, err);
    if (st == CLSLICE_OK)
        st = each_piece(r, unpack_piece, &s, err);
    if (st == CLSLICE_OK)
        st = finish(r, err);
    else if (written)
        clWaitForEvents(1, &written); /* recv_host is freed after return */
    if (written)
        clReleaseEvent(written);
    if (s.buffer)
        clReleaseMemObject(s.buffer);
    free(s.at);
    return st;
}
