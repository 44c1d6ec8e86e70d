/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_shard_run: a sharded gather or scatter on several devices
 * of one context.  The shard planner (src/core/shard) gives the pieces;
 * each runs as one strided clslice_cl_gather from the read block to the
 * box of the written block, on the queue of the owner that receives it,
 * so every device writes only its own blocks and the blocks it reads
 * from other devices move as OpenCL moves buffers within a context.
 * Every piece is checked in a first pass (queues, buffers, sizes) before
 * the second enqueues anything; then one marker per receiving owner, and
 * one on the head's queue behind them all.
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/plan/common.h"
#include "core/shard/shard_layout.h"
#include "opencl/run/call.h"

typedef struct shard_run {
    cs_call call;
    clslice_cl_shard_desc desc;
    clslice_shard_layout input, output; /* the caller's, checked */
    int64_t owners;                     /* the larger count */
} shard_run;

/* ---- blocks ----------------------------------------------------------- */

/* Row-major number of a block; its shape, elements and strides. */
static int64_t block_number(const clslice_shard_layout *l,
                            const int64_t *block)
{
    int64_t k = 0;
    for (int d = 0; d < l->rank; d++)
        k = k * cs_shard_blocks(l, d) + block[d];
    return k;
}

static int64_t block_strides(const clslice_shard_layout *l,
                             const int64_t *block, int64_t *strides)
{
    int64_t n = 1;
    for (int d = l->rank - 1; d >= 0; d--) {
        cs_shard_block b = cs_shard_block_at(l, d, block[d]);
        strides[d] = n;
        n *= b.hi - b.lo;
    }
    return n;
}

/* ---- checks ----------------------------------------------------------- */

static clslice_status check_queue(const shard_run *r, int64_t owner,
                                  clslice_error *err)
{
    cl_command_queue queue = r->desc.queues[owner];
    if (!queue)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->queues[%lld] is NULL but owner %lld receives "
                       "a piece",
                       (long long)owner, (long long)owner);
    cl_context context = NULL;
    cl_int rc = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT,
                                      sizeof context, &context, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetCommandQueueInfo", rc);
    if (context != cs_call_context(&r->call))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->queues[%lld] belongs to another context than "
                       "the runtime's; pieces between contexts are not run",
                       (long long)owner);
    return CLSLICE_OK;
}

/* One block's buffer: given, of the context, holding the block. */
static clslice_status check_block(const shard_run *r, bool input,
                                  const int64_t *block, cs_place *place,
                                  clslice_error *err)
{
    const clslice_shard_layout *l = input ? &r->input : &r->output;
    const char *member = input ? "input_blocks" : "output_blocks";
    int64_t k = block_number(l, block), strides[CLSLICE_MAX_RANK];
    cl_mem buffer = (input ? r->desc.input_blocks : r->desc.output_blocks)[k];
    char name[64];
    snprintf(name, sizeof name, "desc->%s[%lld]", member, (long long)k);
    if (!buffer)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is NULL but a piece %s that block", name,
                       input == (r->desc.shard->direction ==
                                 CLSLICE_SHARD_GATHER)
                           ? "reads"
                           : "writes");
    clslice_status st =
        cs_buffer_place(cs_call_context(&r->call), buffer, name, place, err);
    if (st != CLSLICE_OK)
        return st;
    size_t bytes;
    if (!cs_size_mul(block_strides(l, block, strides), r->desc.elem_size,
                     &bytes) ||
        place->size < bytes)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s holds %zu bytes; its block needs %lld elements "
                       "of %zu bytes",
                       name, place->size,
                       (long long)block_strides(l, block, strides),
                       r->desc.elem_size);
    return CLSLICE_OK;
}

static clslice_status check_piece(const shard_run *r,
                                  const clslice_shard_piece *p,
                                  clslice_error *err)
{
    cs_place in, out;
    clslice_status st = check_queue(r, p->to_owner, err);
    if (st == CLSLICE_OK)
        st = check_block(r, true, p->input_block, &in, err);
    if (st == CLSLICE_OK)
        st = check_block(r, false, p->output_block, &out, err);
    if (st == CLSLICE_OK && in.root == out.root)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->input_blocks[%lld] and desc->output_blocks"
                       "[%lld] lie in the same buffer",
                       (long long)block_number(&r->input, p->input_block),
                       (long long)block_number(&r->output, p->output_block));
    return st;
}

/* desc's own members, the planner's checks, then every piece. */
static clslice_status check_run(shard_run *r, int64_t *pieces,
                                clslice_error *err)
{
    const clslice_shard_desc *shard = r->desc.shard;
    if (!shard)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "desc->shard is NULL");
    clslice_status st = clslice_shard_count(shard, pieces, NULL, NULL, err);
    if (st != CLSLICE_OK)
        return st;
    if (shard->owner != CLSLICE_SHARD_EVERY_OWNER || shard->role != 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->shard->owner = %lld, role = %u: the call runs "
                       "every owner's pieces (CLSLICE_SHARD_EVERY_OWNER, "
                       "role 0)",
                       (long long)shard->owner, shard->role);
    if (r->desc.elem_size < 1)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->elem_size = 0: elements have at least one "
                       "byte");
    st = cs_shard_layout_take(shard->input, "desc->shard->input", "input",
                              &r->input, err);
    if (st == CLSLICE_OK)
        st = cs_shard_layout_take(shard->output, "desc->shard->output",
                                  "output", &r->output, err);
    if (st != CLSLICE_OK)
        return st;
    r->owners = r->input.owners > r->output.owners ? r->input.owners
                                                   : r->output.owners;
    if (*pieces == 0)
        return CLSLICE_OK;
    if (!r->desc.input_blocks || !r->desc.output_blocks || !r->desc.queues)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->%s is NULL",
                       !r->desc.input_blocks    ? "input_blocks"
                       : !r->desc.output_blocks ? "output_blocks"
                                                : "queues");
    clslice_shard_iter iter;
    clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
    int more = 1;
    st = clslice_shard_begin(&iter, shard, err);
    while (st == CLSLICE_OK &&
           (st = clslice_shard_next(&iter, &p, &more, err)) == CLSLICE_OK &&
           more)
        st = check_piece(r, &p, err);
    return st;
}

/* ---- enqueueing ------------------------------------------------------- */

/* A block as a tensor seen at `start`, strides scaled by `step` (NULL:
 * 1). */
static clslice_cl_tensor block_view(const shard_run *r, bool input,
                                    const int64_t *block, const int64_t *start,
                                    const int64_t *step, int64_t *strides)
{
    const clslice_shard_layout *l = input ? &r->input : &r->output;
    int64_t at = 0;
    block_strides(l, block, strides);
    for (int d = 0; d < l->rank; d++) {
        at += start[d] * strides[d];
        if (step)
            strides[d] *= step[d];
    }
    cl_mem buffer = (input ? r->desc.input_blocks
                           : r->desc.output_blocks)[block_number(l, block)];
    return (clslice_cl_tensor){buffer, (size_t)at * r->desc.elem_size,
                               strides};
}

/* One piece: the identity plan over its counts, from the read view to
 * the written one, on the receiving owner's queue. */
static clslice_status enqueue_piece(const shard_run *r,
                                    const clslice_shard_piece *p,
                                    clslice_error *err)
{
    const clslice_plan *plan = r->desc.shard->plan;
    int rank = clslice_plan_input_rank(plan);
    int64_t in_strides[CLSLICE_MAX_RANK], out_strides[CLSLICE_MAX_RANK],
            box[CLSLICE_MAX_RANK] = {0};
    clslice_cl_tensor in = block_view(r, true, p->input_block, p->input_start,
                                      p->input_step, in_strides);
    clslice_cl_tensor out = block_view(r, false, p->output_block,
                                       p->output_start, NULL, out_strides);
    /* the box's strides per input dim; a shrunk dim reads one index */
    for (int j = 0; j < clslice_plan_output_rank(plan); j++) {
        int d = clslice_plan_output_source(plan, j);
        if (d >= 0)
            box[d] = out_strides[j];
    }
    out.strides = box;
    clslice_plan_storage storage;
    const clslice_plan *identity = NULL;
    clslice_status st = clslice_plan_init_expr(&storage, p->input_count, rank,
                                               "[...]", &identity, err);
    if (st != CLSLICE_OK)
        return st;
    bool scatter = r->desc.shard->direction == CLSLICE_SHARD_SCATTER;
    clslice_cl_call call = {
        .struct_size = sizeof call, .queue = r->desc.queues[p->to_owner],
        .flags = r->call.flags,
        .num_events_in_wait_list = r->call.num_events,
        .event_wait_list = r->call.wait_list, .event = NULL};
    clslice_cl_gather_desc g = {.struct_size = sizeof g, .plan = identity,
                                .elem_size = r->desc.elem_size,
                                .src = scatter ? out : in,
                                .dst = scatter ? in : out};
    return clslice_cl_gather(r->call.runtime, &call, &g, err);
}

/* A marker on every receiving owner's queue (into owner_events, when
 * given), and on the head's queue behind them all (call.event). */
static clslice_status mark(const shard_run *r, const bool *receives,
                           cl_event *marks, clslice_error *err)
{
    cl_uint count = 0;
    cl_int rc = CL_SUCCESS;
    const char *failed = "clEnqueueMarkerWithWaitList";
    for (int64_t o = 0; o < r->owners && rc == CL_SUCCESS; o++) {
        if (!receives[o])
            continue;
        rc = clEnqueueMarkerWithWaitList(r->desc.queues[o], 0, NULL,
                                         &marks[count++]);
        if (rc != CL_SUCCESS) {
            count--; /* the failed marker made no event */
            break;
        }
        /* OpenCL lets another queue wait on these events only after
         * their queue is flushed; rusticl waits for ever otherwise */
        rc = clFlush(r->desc.queues[o]);
        if (rc != CL_SUCCESS)
            failed = "clFlush";
    }
    if (rc == CL_SUCCESS && r->call.event) {
        /* with no piece the head's wait list is what the event waits for */
        rc = count ? clEnqueueMarkerWithWaitList(r->call.queue, count, marks,
                                                 r->call.event)
                   : clEnqueueMarkerWithWaitList(r->call.queue,
                                                 r->call.num_events,
                                                 r->call.wait_list,
                                                 r->call.event);
    }
    cl_uint handed = 0;
    for (int64_t o = 0; r->desc.owner_events && o < r->owners; o++)
        r->desc.owner_events[o] =
            receives[o] && rc == CL_SUCCESS ? marks[handed++] : NULL;
    for (cl_uint e = handed; e < count; e++)
        clReleaseEvent(marks[e]);
    return rc == CL_SUCCESS ? CLSLICE_OK : cs_cl_fail(err, failed, rc);
}

static clslice_status enqueue_run(const shard_run *r, clslice_error *err)
{
    bool *receives = calloc((size_t)r->owners, sizeof *receives);
    cl_event *marks = calloc((size_t)r->owners, sizeof *marks);
    clslice_status st = CLSLICE_OK;
    if (!receives || !marks)
        st = cs_fail(err, CLSLICE_ERROR_MEMORY,
                     "no memory for %lld owners' events",
                     (long long)r->owners);
    clslice_shard_iter iter;
    clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
    int more = 1;
    if (st == CLSLICE_OK)
        st = clslice_shard_begin(&iter, r->desc.shard, err);
    while (st == CLSLICE_OK &&
           (st = clslice_shard_next(&iter, &p, &more, err)) == CLSLICE_OK &&
           more) {
        st = enqueue_piece(r, &p, err);
        receives[p.to_owner] = true;
    }
    if (st == CLSLICE_OK)
        st = mark(r, receives, marks, err);
    free(receives);
    free(marks);
    return st;
}

clslice_status clslice_cl_shard_run(clslice_runtime *runtime,
                                    const clslice_cl_call *call,
                                    const clslice_cl_shard_desc *desc,
                                    clslice_error *err)
{
    shard_run r;
    int64_t pieces = 0;
    clslice_status st = CS_TAKE(runtime, call, &r.call, desc,
                                clslice_cl_shard_desc, owner_events, &r.desc,
                                err);
    if (st == CLSLICE_OK)
        st = cs_call_check(&r.call, err);
    if (st == CLSLICE_OK)
        st = check_run(&r, &pieces, err);
    if (st == CLSLICE_OK)
        st = enqueue_run(&r, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
