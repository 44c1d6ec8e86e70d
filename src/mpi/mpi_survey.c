/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The survey of one rank before anything moves (cm_survey): every
 * owner's pieces walked once, in the planner's order, each hashed (so
 * that ranks agree on all of them), and for the pieces this rank takes
 * part in the buffers of its blocks checked and the bytes it trades with
 * each peer counted.  Walking every owner's pieces on every rank also
 * puts the pieces between two ranks in one order on both sides, which is
 * how the receiver finds each piece in the bytes it receives.
 */
#include <limits.h>
#include <stdio.h>

#include "mpi/mpi_agree.h"
#include "mpi/mpi_blocks.h"
#include "mpi/mpi_error.h"
#include "mpi/mpi_run.h"

/* The buffer of a block this rank reads or writes: given, of the queue's
 * context, holding the block. */
static clslice_status check_block(const cm_run *r, bool input,
                                  const int64_t *block, bool reads,
                                  clslice_error *err)
{
    const clslice_shard_layout *l = input ? r->input : r->output;
    const char *member = input ? "input_blocks" : "output_blocks";
    const cl_mem *blocks = input ? r->desc.input_blocks
                                 : r->desc.output_blocks;
    int64_t k = cm_block_number(l, block), strides[CLSLICE_MAX_RANK];
    int64_t elements = cm_block_strides(l, block, strides);
    if (!blocks)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->%s is NULL but rank %d %s block %lld", member,
                       r->rank, reads ? "reads" : "writes", (long long)k);
    if (!blocks[k])
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->%s[%lld] is NULL but rank %d %s that block",
                       member, (long long)k, r->rank,
                       reads ? "reads" : "writes");
    cl_context context = NULL;
    size_t size = 0, needed = 0;
    cl_int rc = clGetMemObjectInfo(blocks[k], CL_MEM_CONTEXT, sizeof context,
                                   &context, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetMemObjectInfo(blocks[k], CL_MEM_SIZE, sizeof size, &size,
                                NULL);
    if (rc != CL_SUCCESS)
        return cm_cl_fail(err, "clGetMemObjectInfo", rc);
    if (context != r->context)
        return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->%s[%lld] belongs to another context than "
                       "call->queue's",
                       member, (long long)k);
    if (__builtin_mul_overflow((size_t)elements, r->desc.elem_size,
                               &needed) ||
        size < needed)
        return cm_fail(err, CLSLICE_ERROR_BUFFER,
                       "desc->%s[%lld] holds %zu bytes; its block needs "
                       "%lld elements of %zu bytes",
                       member, (long long)k, size, (long long)elements,
                       r->desc.elem_size);
    return CLSLICE_OK;
}

/* The buffer a sub-buffer lies in, or the buffer itself. */
static cl_mem root_of(cl_mem buffer)
{
    cl_mem parent = NULL;
    if (clGetMemObjectInfo(buffer, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent,
                           &parent, NULL) != CL_SUCCESS ||
        !parent)
        return buffer;
    return parent;
}

/* A piece that stays on this rank runs block to block: the two blocks
 * must not share a buffer (the gather would refuse, after other pieces
 * were written). */
static clslice_status check_apart(const cm_run *r,
                                  const clslice_shard_piece *p,
                                  clslice_error *err)
{
    int64_t in = cm_block_number(r->input, p->input_block),
            out = cm_block_number(r->output, p->output_block);
    if (root_of(r->desc.input_blocks[in]) !=
        root_of(r->desc.output_blocks[out]))
        return CLSLICE_OK;
    return cm_fail(err, CLSLICE_ERROR_ARGUMENT,
                   "desc->input_blocks[%lld] and desc->output_blocks[%lld] "
                   "lie in the same buffer",
                   (long long)in, (long long)out);
}

/* Adds a piece's bytes to a peer's count; false past INT_MAX. */
static bool count_bytes(int *counts, int peer, int64_t elements,
                        size_t elem_size)
{
    size_t bytes;
    if (__builtin_mul_overflow((size_t)elements, elem_size, &bytes) ||
        bytes > (size_t)(INT_MAX - counts[peer]))
        return false;
    counts[peer] += (int)bytes;
    return true;
}

static void hash_piece(cm_hash *h, const cm_run *r,
                       const clslice_shard_piece *p)
{
    int in = r->input->rank, out = r->output->rank;
    int64_t owners[3] = {p->input_owner, p->output_owner, p->elements};
    cm_hash_words(h, owners, 3);
    cm_hash_words(h, p->input_block, in);
    cm_hash_words(h, p->input_start, in);
    cm_hash_words(h, p->input_step, in);
    cm_hash_words(h, p->input_count, in);
    cm_hash_words(h, p->output_block, out);
    cm_hash_words(h, p->output_start, out);
    cm_hash_words(h, p->output_count, out);
}

/* What every rank must agree on besides the pieces. */
static void hash_head(cm_hash *h, const cm_run *r)
{
    int64_t head[6] = {(int64_t)r->desc.elem_size,
                       (int64_t)r->desc.shard->direction,
                       r->size,
                       r->input->rank,
                       r->output->rank,
                       r->input->owners * 65536 + r->output->owners};
    cm_hash_words(h, head, 6);
    cm_hash_words(h, r->input->shape, r->input->rank);
    cm_hash_words(h, r->output->shape, r->output->rank);
}

/* One piece: hashed; checked and counted where this rank takes part.
 * Gather: the input block is read; scatter: the output block is. */
static clslice_status survey_piece(cm_run *r, cm_hash *h,
                                   const clslice_shard_piece *p,
                                   clslice_error *err)
{
    bool gather = r->desc.shard->direction == CLSLICE_SHARD_GATHER;
    clslice_status st = CLSLICE_OK;
    hash_piece(h, r, p);
    if (p->from_owner == r->rank)
        st = check_block(r, gather, gather ? p->input_block : p->output_block,
                         true, err);
    if (st == CLSLICE_OK && p->to_owner == r->rank)
        st = check_block(r, !gather,
                         gather ? p->output_block : p->input_block, false,
                         err);
    if (st == CLSLICE_OK && p->from_owner == r->rank &&
        p->to_owner == r->rank)
        st = check_apart(r, p, err);
    if (st != CLSLICE_OK || p->from_owner == p->to_owner)
        return st;
    bool fits = true;
    if (p->from_owner == r->rank)
        fits = count_bytes(r->send_counts, (int)p->to_owner, p->elements,
                           r->desc.elem_size);
    else if (p->to_owner == r->rank)
        fits = count_bytes(r->recv_counts, (int)p->from_owner, p->elements,
                           r->desc.elem_size);
    if (!fits)
        return cm_fail(err, CLSLICE_ERROR_SHAPE,
                       "rank %d trades more than INT_MAX bytes with rank "
                       "%lld: MPI_Alltoallv counts bytes in an int",
                       r->rank,
                       (long long)(p->from_owner == r->rank ? p->to_owner
                                                            : p->from_owner));
    return CLSLICE_OK;
}

/* Displacements from counts; false when the total passes INT_MAX. */
static bool place_counts(const int *counts, int *displs, int size,
                         size_t *total)
{
    size_t at = 0;
    for (int peer = 0; peer < size; peer++) {
        displs[peer] = (int)at;
        at += (size_t)counts[peer];
        if (at > INT_MAX)
            return false;
    }
    *total = at;
    return true;
}

clslice_status cm_survey(cm_run *r, clslice_error *err)
{
    cm_hash h;
    cm_hash_start(&h);
    hash_head(&h, r);
    clslice_shard_iter iter;
    clslice_shard_piece p = CLSLICE_SHARD_PIECE_INIT;
    int more = 1;
    clslice_status st = clslice_shard_begin(&iter, r->desc.shard, err);
    while (st == CLSLICE_OK &&
           (st = clslice_shard_next(&iter, &p, &more, err)) == CLSLICE_OK &&
           more)
        st = survey_piece(r, &h, &p, err);
    if (st != CLSLICE_OK)
        return st;
    r->hash = h.state;
    if (!place_counts(r->send_counts, r->send_displs, r->size,
                      &r->send_bytes) ||
        !place_counts(r->recv_counts, r->recv_displs, r->size,
                      &r->recv_bytes))
        return cm_fail(err, CLSLICE_ERROR_SHAPE,
                       "rank %d sends or receives more than INT_MAX bytes "
                       "in all: MPI_Alltoallv's displacements are int",
                       r->rank);
    return CLSLICE_OK;
}
