/*
 * clslice_cl_gather_batch: the plans' moves in one carrier, grouped by
 * destination buffer into launches of cl/batch.cl, each with
 * its table uploaded by the creation of a read-only buffer (no command of
 * its own) that is released right after the enqueue (OpenCL keeps it
 * alive for the command).
 *
 * Launches: a kernel takes 1 or 8 destination buffers, so the distinct
 * destination cl_mem handles, in order of first use, go 8 to a launch;
 * launches are chained by events (each waits for the one before, the
 * first for the wait list), which keeps out-of-order queues right.  A
 * batch whose outputs all live in one buffer (an engine's arena, at
 * different offsets) is one launch.  Every launch is prepared (table,
 * kernel, arguments) before the first is enqueued.  How the launches
 * run (family, carrier, width, units) is select/batch.c's choice.
 */
#include <stdlib.h>
#include <string.h>

#include "opencl/base/divide.h"
#include "opencl/ops/batch.h"
#include "opencl/run/job.h"
#include "opencl/select/batch.h"
#include "core/common.h"

enum {
    MAX_DSTS = CS_BATCH_MAX_DSTS,
    JOB_HEAD = 5, /* src_base, dst_base, buffer, rank, elements */
    JOB_WORDS = JOB_HEAD + 2 * CS_MAX_DIMS + 2 * CS_MAGIC_DIMS,
    SCALARS = 6   /* jobs, per_job, chunk, units, jobs' magic and shift */
};

/* ---- the plan of the launches ------------------------------------------- */

/* Everything the launches share. */
typedef struct batch {
    const cs_batch_call *call;
    cs_move *moves;       /* count entries; elements 0: an empty plan */
    size_t *slot;         /* per plan: its destination's distinct index */
    cl_mem *distinct;     /* distinct destination handles, first use order */
    size_t ndistinct;
    cs_batch_choice choice;
    cs_program_info program;
    cs_tuning tuning;
} batch;

static void build_moves(batch *b)
{
    const cs_batch_call *call = b->call;
    for (size_t i = 0; i < call->count; i++) {
        b->moves[i].elements = 0;
        if (call->layouts[i].elements > 0)
            cs_move_build(&call->layouts[i], call->elem_size,
                          call->src_offset, call->parts[i].offset,
                          &b->moves[i]);
    }
}

/* The distinct destinations of the plans that move something, in order
 * of first use, and each plan's index among them. */
static void find_destinations(batch *b)
{
    const cs_batch_call *call = b->call;
    b->ndistinct = 0;
    for (size_t i = 0; i < call->count; i++) {
        if (b->moves[i].elements == 0)
            continue;
        size_t k = 0;
        while (k < b->ndistinct && b->distinct[k] != call->parts[i].buffer)
            k++;
        if (k == b->ndistinct)
            b->distinct[b->ndistinct++] = call->parts[i].buffer;
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

/* Magic numbers of a job's divisors count[k], k < rank - 1 (the grid
 * kernel divides its output index by them; base/divide.h), where every
 * dividend fits 32 bits; else a shift of 0, which divides. */
static void put_magic(table *t, const cs_move *m)
{
    cs_magic magic[CS_MAGIC_DIMS] = {{0, 0}};
    for (int k = 0; k < CS_MAGIC_DIMS && k + 1 < m->rank; k++)
        if (m->elements <= (int64_t)UINT32_MAX + 1)
            magic[k] = cs_magic_of((uint64_t)m->count[k]);
    for (int k = 0; k < CS_MAGIC_DIMS; k++)
        put(t, magic[k].magic);
    for (int k = 0; k < CS_MAGIC_DIMS; k++)
        put(t, magic[k].shift);
}

static bool in_group(const batch *b, size_t i, size_t group)
{
    return b->moves[i].elements > 0 && b->slot[i] / MAX_DSTS == group;
}

static int64_t unit_count(const batch *b, size_t i)
{
    return (b->moves[i].elements + b->choice.chunk - 1) / b->choice.chunk;
}

/* Jobs of launch `group` and their units. */
static size_t group_jobs(const batch *b, size_t group, int64_t *units)
{
    size_t jobs = 0;
    *units = 0;
    for (size_t i = 0; i < b->call->count; i++)
        if (in_group(b, i, group)) {
            jobs++;
            *units += unit_count(b, i);
        }
    return jobs;
}

static void fill_table(const batch *b, size_t group, table *t)
{
    int64_t start = 0;
    for (size_t i = 0; i < b->call->count; i++)
        if (in_group(b, i, group)) {
            put(t, start);
            start += unit_count(b, i);
        }
    put(t, start);
    for (size_t i = 0; i < b->call->count; i++) {
        if (!in_group(b, i, group))
            continue;
        const cs_move *m = &b->moves[i];
        put(t, m->src_base);
        put(t, m->dst_base);
        put(t, (int64_t)(b->slot[i] % MAX_DSTS));
        put(t, m->rank);
        put(t, m->elements);
        for (int k = 0; k < CS_MAX_DIMS; k++)
            put(t, k < m->rank ? m->count[k] : 1);
        for (int k = 0; k < CS_MAX_DIMS; k++)
            put(t, k < m->rank ? m->stride[k] : 0);
        put_magic(t, m);
    }
}

/* What a launch's arguments point at while it is armed. */
typedef struct launch {
    cl_mem table;
    cl_mem dsts[MAX_DSTS];
    union {
        cl_uint u32[SCALARS];
        cl_ulong u64[SCALARS];
    } scalars;
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
                       "out of memory for a batch table of %zu jobs", jobs);
    fill_table(b, group, &t);
    cl_int rc;
    l->table = clCreateBuffer(cs_call_context(&b->call->call),
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
    for (size_t i = 0; per_job && i < b->call->count; i++)
        if (in_group(b, i, group) && unit_count(b, i) != per_job)
            per_job = 0;
    /* units / jobs by magic number where every unit index fits 32 bits */
    cs_magic m = units <= (int64_t)UINT32_MAX + 1 ? cs_magic_of(jobs)
                                                  : (cs_magic){0, 0};
    const int64_t v[SCALARS] = {(int64_t)jobs, per_job, b->choice.chunk,
                                units, m.magic, m.shift};
    for (int k = 0; k < SCALARS; k++) {
        if (b->choice.index_bits == 32)
            l->scalars.u32[k] = (cl_uint)v[k];
        else
            l->scalars.u64[k] = (cl_ulong)v[k];
    }
}

static void job_of(const batch *b, size_t group, size_t jobs, int64_t units,
                   launch *l, cs_job *job)
{
    const cs_batch_choice *c = &b->choice;
    size_t first = group * MAX_DSTS, n = b->ndistinct - first;
    bool wide = n > 1;
    for (size_t k = 0; k < MAX_DSTS; k++) /* unused slots repeat the first */
        l->dsts[k] = b->distinct[first + (k < n ? k : 0)];
    set_scalars(b, group, jobs, units, l);
    size_t index = (size_t)(c->index_bits / 8);
    cs_job_start(job, "gather batch", cs_batch_variant(c, wide), c->carrier);
    cs_job_mem(job, &b->call->src);
    for (size_t k = 0; k < (wide ? MAX_DSTS : 1); k++)
        cs_job_mem(job, &l->dsts[k]);
    cs_job_mem(job, &l->table);
    for (int k = 0; k < SCALARS; k++)
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
    l->armed.kernel = NULL;
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
    size_t n = (b->ndistinct + MAX_DSTS - 1) / MAX_DSTS;
    launch *l = calloc(n, sizeof *l);
    if (!l)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory for %zu batch launches", n);
    clslice_status st = CLSLICE_OK;
    for (size_t g = 0; g < n && st == CLSLICE_OK; g++)
        st = arm(b, g, &l[g], err);
    if (st == CLSLICE_OK)
        st = fire(&b->call->call, l, n, err);
    release(l, n);
    free(l);
    return st;
}

static clslice_status run_batch(batch *b, clslice_error *err)
{
    const cs_call *call = &b->call->call;
    cs_device_info facts;
    clslice_status st = cs_runtime_device(call->runtime, call->device,
                                          &facts, &b->tuning, err);
    if (st != CLSLICE_OK)
        return st;
    build_moves(b);
    if (!cs_choose_batch(&facts, &b->tuning, call->flags, b->moves,
                         b->call->count, &b->choice))
        return cs_enqueue_marker(call->queue, call->num_events,
                                 call->wait_list, call->event, err);
    find_destinations(b);
    st = cs_runtime_program(call->runtime, call->device, b->choice.program,
                            b->choice.index_bits, &b->program, err);
    return st == CLSLICE_OK ? run_launches(b, err) : st;
}

static clslice_status with_storage(cs_batch_call *call, clslice_error *err)
{
    size_t n = call->count;
    batch b = {.call = call};
    /* calloc: a count whose arrays would overflow a size_t fails here */
    call->layouts = calloc(n, sizeof *call->layouts);
    b.moves = calloc(n, sizeof *b.moves);
    b.slot = calloc(n, sizeof *b.slot);
    b.distinct = calloc(n, sizeof *b.distinct);
    clslice_status st =
        call->layouts && b.moves && b.slot && b.distinct
            ? cs_batch_check(call, err)
            : cs_fail(err, CLSLICE_ERROR_MEMORY,
                      "out of memory for a batch of %zu plans", n);
    if (st == CLSLICE_OK)
        st = run_batch(&b, err);
    free(call->layouts);
    free(b.moves);
    free(b.slot);
    free(b.distinct);
    return st;
}

clslice_status clslice_cl_gather_batch(clslice_runtime *runtime,
                                       const clslice_cl_call *call,
                                       const clslice_cl_batch_desc *desc,
                                       clslice_error *err)
{
    cs_call head;
    clslice_cl_batch_desc taken;
    clslice_status st = CS_TAKE(runtime, call, &head, desc,
                                clslice_cl_batch_desc, parts, &taken, err);
    if (st != CLSLICE_OK)
        return st;
    cs_batch_call checked = {.call = head, .parts = taken.parts,
                             .count = taken.count,
                             .elem_size = taken.elem_size, .src = taken.src,
                             .src_offset = taken.src_offset};
    st = checked.count == 0 || !checked.parts
             ? cs_batch_check(&checked, err) /* fails early */
             : with_storage(&checked, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
