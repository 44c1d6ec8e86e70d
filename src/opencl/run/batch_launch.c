/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The launches of a batch of moves: the moves in one carrier, grouped by
 * their buffer on the side of many into launches of cl/batch.cl, each
 * with its table uploaded by the creation of a read-only buffer (no
 * command of its own) that is released right after the enqueue (OpenCL
 * keeps it alive for the command).
 *
 * Launches: a kernel takes 1 or 8 buffers on the side of many, so the
 * distinct cl_mem handles there, in order of first use, go 8 to a launch;
 * launches are chained by events (each waits for the one before, the
 * first for the wait list), which keeps out-of-order queues right.  A
 * batch whose outputs all live in one buffer (an engine's arena, at
 * different offsets), or a concatenation whose sources do, is one launch.
 * How the launches run (family, carrier, width, units) is
 * select/batch.c's choice.
 */
#include <stdlib.h>

#include "opencl/run/batch_launch.h"
#include "opencl/run/job.h"
#include "core/plan/common.h"

enum {
    MAX_BUFFERS = CS_BATCH_MAX_BUFFERS,
    JOB_WORDS = CS_WORDS_BATCH_JOB /* a cs_batch_job (base/kernel_tables.h) */
};

/* ---- the plan of the launches ------------------------------------------- */

/* Everything the launches share. */
typedef struct batch {
    const cs_batch_moves *in;
    size_t *slot;     /* per move: its buffer's distinct index */
    cl_mem *distinct; /* distinct buffers of the side of many */
    size_t ndistinct;
    cs_batch_choice choice;
    cs_program_info program;
    cs_tuning tuning;
} batch;

/* The distinct buffers of the moves with elements, in order of first
 * use, and each move's index among them. */
static void find_buffers(batch *b)
{
    const cs_batch_moves *in = b->in;
    b->ndistinct = 0;
    for (size_t i = 0; i < in->count; i++) {
        if (in->moves[i].elements == 0)
            continue;
        size_t k = 0;
        while (k < b->ndistinct && b->distinct[k] != in->many[i])
            k++;
        if (k == b->ndistinct)
            b->distinct[b->ndistinct++] = in->many[i];
        b->slot[i] = k;
    }
}

/* ---- one launch --------------------------------------------------------- */

/* The table of cl/batch.cl in words of the index width. */
typedef struct table {
    int bits;
    size_t words;
    void *data;
} table;

static void put(table *t, int64_t value)
{
    if (t->bits == 32)
        ((cl_uint *)t->data)[t->words++] = (cl_uint)(uint64_t)value;
    else
        ((cl_ulong *)t->data)[t->words++] = (cl_ulong)value;
}

/* A job's cs_batch_job (base/kernel_tables.h), filled by member and
 * stored in the index width.  Dims past the rank count 1 at stride 0. */
static void put_job(table *t, const cs_move *m, int64_t buffer)
{
    cs_batch_job_64 job = {.src_base = (uint64_t)m->src_base,
                           .dst_base = (uint64_t)m->dst_base,
                           .buffer = (uint64_t)buffer,
                           .rank = (uint64_t)m->rank,
                           .elements = (uint64_t)m->elements};
    for (int k = 0; k < CS_MAX_DIMS; k++) {
        bool in = k < m->rank;
        job.count[k] = in ? (uint64_t)m->count[k] : 1;
        job.stride[k] = in ? (uint64_t)m->stride[k] : 0;
        job.dst_stride[k] = in ? (uint64_t)m->dst_stride[k] : 0;
    }
    size_t at = t->words * (size_t)(t->bits / 8);
    cs_table_store(t->bits, &job, sizeof job, (unsigned char *)t->data + at);
    t->words += CS_WORDS_BATCH_JOB;
}

static bool in_group(const batch *b, size_t i, size_t group)
{
    return b->in->moves[i].elements > 0 && b->slot[i] / MAX_BUFFERS == group;
}

static int64_t unit_count(const batch *b, size_t i)
{
    return (b->in->moves[i].elements + b->choice.chunk - 1) /
           b->choice.chunk;
}

/* Jobs of launch `group` and their units. */
static size_t group_jobs(const batch *b, size_t group, int64_t *units)
{
    size_t jobs = 0;
    *units = 0;
    for (size_t i = 0; i < b->in->count; i++)
        if (in_group(b, i, group)) {
            jobs++;
            *units += unit_count(b, i);
        }
    return jobs;
}

static void fill_table(const batch *b, size_t group, table *t)
{
    int64_t start = 0;
    for (size_t i = 0; i < b->in->count; i++)
        if (in_group(b, i, group)) {
            put(t, start);
            start += unit_count(b, i);
        }
    put(t, start);
    for (size_t i = 0; i < b->in->count; i++) {
        if (!in_group(b, i, group))
            continue;
        put_job(t, &b->in->moves[i], (int64_t)(b->slot[i] % MAX_BUFFERS));
    }
}

/* What a launch's arguments point at while it is armed. */
typedef struct launch {
    cl_mem table;
    cl_mem buffers[MAX_BUFFERS];
    union { cl_uint u32[4]; cl_ulong u64[4]; } scalars; /* jobs, per_job,
                                                         * chunk, units */
    cs_armed_job armed;
} launch;

static clslice_status upload(const batch *b, size_t group, size_t jobs,
                             launch *l, clslice_error *err)
{
    size_t words = jobs + 1 + jobs * JOB_WORDS;
    int bits = b->choice.index_bits;
    table t = {.bits = bits, .words = 0,
               .data = malloc(words * (size_t)(bits / 8))};
    if (!t.data)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory for a %s table of %zu jobs",
                       b->in->name, jobs);
    fill_table(b, group, &t);
    cl_int rc;
    l->table = clCreateBuffer(cs_call_context(b->in->call),
                              CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              t.words * (size_t)(t.bits / 8), t.data, &rc);
    free(t.data);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clCreateBuffer", rc);
}

static void set_scalars(const batch *b, size_t group, size_t jobs,
                        int64_t units, launch *l)
{
    /* every job as many units: the kernels interleave them */
    int64_t per_job = units % (int64_t)jobs == 0 ? units / (int64_t)jobs : 0;
    for (size_t i = 0; per_job && i < b->in->count; i++)
        if (in_group(b, i, group) && unit_count(b, i) != per_job)
            per_job = 0;
    const int64_t v[4] = {(int64_t)jobs, per_job, b->choice.chunk, units};
    for (int k = 0; k < 4; k++) {
        if (b->choice.index_bits == 32)
            l->scalars.u32[k] = (cl_uint)v[k];
        else
            l->scalars.u64[k] = (cl_ulong)v[k];
    }
}

/* The buffer arguments: a gather's source before its destinations, a
 * concatenation's sources before its destination. */
static void buffer_args(const batch *b, bool wide, launch *l, cs_job *job)
{
    bool gather = b->in->kind == CS_BATCH_GATHER;
    if (gather)
        cs_job_mem(job, &b->in->one);
    for (size_t k = 0; k < (wide ? MAX_BUFFERS : 1); k++)
        cs_job_mem(job, &l->buffers[k]);
    if (!gather)
        cs_job_mem(job, &b->in->one);
}

static void job_of(const batch *b, size_t group, size_t jobs, int64_t units,
                   launch *l, cs_job *job)
{
    const cs_batch_choice *c = &b->choice;
    size_t first = group * MAX_BUFFERS, n = b->ndistinct - first;
    bool wide = n > 1;
    for (size_t k = 0; k < MAX_BUFFERS; k++) /* unused ones repeat the first */
        l->buffers[k] = b->distinct[first + (k < n ? k : 0)];
    set_scalars(b, group, jobs, units, l);
    size_t index = (size_t)(c->index_bits / 8);
    cs_job_start(job, b->in->name, cs_batch_variant(c, wide), c->carrier);
    buffer_args(b, wide, l, job);
    cs_job_mem(job, &l->table);
    for (int k = 0; k < 4; k++)
        cs_job_arg(job, index, c->index_bits == 32
                                   ? (const void *)&l->scalars.u32[k]
                                   : (const void *)&l->scalars.u64[k]);
    cs_job_range(job, (size_t)units * c->unit_items, c->local,
                 c->grid_stride);
}

/* Table, kernel and arguments of launch `group`, ready to enqueue. */
static clslice_status arm(const batch *b, size_t group, launch *l,
                          clslice_error *err)
{
    int64_t units;
    size_t jobs = group_jobs(b, group, &units);
    l->table = NULL;
    cs_armed_clear(&l->armed);
    clslice_status st = upload(b, group, jobs, l, err);
    if (st != CLSLICE_OK)
        return st;
    cs_job job;
    job_of(b, group, jobs, units, l, &job);
    return cs_job_arm(&b->program, &job, b->tuning.max_groups, &l->armed,
                      err);
}

static void release(launch *l, size_t n)
{
    for (size_t g = 0; g < n; g++) {
        cs_armed_drop(&l[g].armed);
        if (l[g].table)
            clReleaseMemObject(l[g].table);
    }
}

/* ---- running it --------------------------------------------------------- */

static clslice_status fire(const cs_call *call, launch *l, size_t n,
                           clslice_error *err)
{
    if (n == 1)
        return cs_armed_enqueue(&l[0].armed, call->queue, call->num_events,
                                call->wait_list, call->event, err);
    cs_chain chain;
    cs_chain_start(&chain, call->queue, call->num_events, call->wait_list);
    clslice_status st = CLSLICE_OK;
    for (size_t g = 0; g < n && st == CLSLICE_OK; g++)
        st = cs_chain_armed(&chain, &l[g].armed, err);
    if (st == CLSLICE_OK)
        return cs_chain_finish(&chain, call->event, err);
    cs_chain_drop(&chain);
    return st;
}

static clslice_status run_launches(const batch *b, clslice_error *err)
{
    size_t n = (b->ndistinct + MAX_BUFFERS - 1) / MAX_BUFFERS;
    launch *l = calloc(n, sizeof *l);
    if (!l)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory for %zu %s launches", n, b->in->name);
    clslice_status st = CLSLICE_OK;
    for (size_t g = 0; g < n && st == CLSLICE_OK; g++)
        st = arm(b, g, &l[g], err);
    if (st == CLSLICE_OK)
        st = fire(b->in->call, l, n, err);
    release(l, n);
    free(l);
    return st;
}

static clslice_status run_batch(batch *b, clslice_error *err)
{
    const cs_call *call = b->in->call;
    cs_device_info facts;
    clslice_status st = cs_runtime_device(call->runtime, call->device,
                                          &facts, &b->tuning, err);
    if (st != CLSLICE_OK)
        return st;
    if (!cs_choose_batch(&facts, &b->tuning, call->flags, b->in->kind,
                         b->in->moves, b->in->count, &b->choice))
        return cs_enqueue_marker(call->queue, call->num_events,
                                 call->wait_list, call->event, err);
    find_buffers(b);
    st = cs_runtime_family(call->runtime, call->device, b->choice.program,
                            b->choice.index_bits, &b->program, err);
    return st == CLSLICE_OK ? run_launches(b, err) : st;
}

clslice_status cs_batch_launch(cs_batch_moves *moves, clslice_error *err)
{
    size_t n = moves->count;
    /* calloc: a count whose arrays would overflow a size_t fails here */
    batch b = {.in = moves, .slot = calloc(n, sizeof *b.slot),
               .distinct = calloc(n, sizeof *b.distinct)};
    clslice_status st =
        b.slot && b.distinct
            ? run_batch(&b, err)
            : cs_fail(err, CLSLICE_ERROR_MEMORY,
                      "out of memory for a %s of %zu moves", moves->name, n);
    free(b.slot);
    free(b.distinct);
    return st;
}
