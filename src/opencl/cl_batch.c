/*
 * clslice_cl_gather_batch: the plans' moves in one carrier, grouped
 * by destination buffer into launches of cl/gather_batch.cl, each with
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
 * kernel, arguments) before the first is enqueued.
 */
#include <stdlib.h>
#include <string.h>

#include "cl_batch.h"
#include "cl_general.h"
#include "core/common.h"

enum {
    MAX_DSTS = 8,          /* destination arguments of the wide kernels */
    ROWS_LOCAL = 8,        /* units per work-group, rows family */
    GRID_LOCAL = 256,      /* work-items per group, grid family */
    GRID_PER_ITEM = 4,     /* carriers per work-item of a grid unit */
    ROWS_UNIT_BYTES = 16384,
    ROWS_MIN_CHUNK = 64,
    ROWS_STRIDED_CHUNK = 128, /* strided rows: carriers per unit, so that
                               * the units of neighbouring jobs read the
                               * same source lines while they are cached
                               * (on PoCL, 2 cores, a 64-way split along
                               * the last axis of 64x64x64 f32 ran in
                               * ~180 us at 128-192 and ~350 us at 256 or
                               * more: a 256-byte stride uses a quarter
                               * of L1's sets) */
    ROWS_UNITS_PER_CU = 8,
    JOB_HEAD = 5           /* src_base, dst_base, buffer, rank, elements */
};

/* Most output carriers a batch moves with 32-bit indices: the kernels
 * form indices up to a unit or a group past a job's end (before the bound
 * check), which must not wrap. */
#define INDEX32_TOTAL ((int64_t)UINT32_MAX - (1 << 20))

/* ---- the jobs ----------------------------------------------------------- */

void cs_batch_recarrier(cs_move *move, size_t to)
{
    if (to == 0 || move->carrier <= to)
        return;
    if (move->stride[0] == 1 && move->dst_stride[0] == 1) {
        cs_move_narrow(move, to);
        return;
    }
    /* A strided innermost dim of a carrier wider than 1 means the element
     * was one carrier, its bytes dim dropped (cl_move.c): the rank is at
     * most CLSLICE_MAX_RANK, so one more dim fits CS_MAX_DIMS. */
    int64_t f = (int64_t)(move->carrier / to);
    for (int k = move->rank; k > 0; k--) {
        move->count[k] = move->count[k - 1];
        move->stride[k] = move->stride[k - 1] * f;
        move->dst_stride[k] = move->dst_stride[k - 1] * f;
    }
    move->count[0] = f;
    move->stride[0] = move->dst_stride[0] = 1;
    move->rank++;
    move->carrier = to;
    move->src_base *= f;
    move->dst_base *= f;
    move->elements *= f;
}

int64_t cs_batch_chunk(int64_t total, size_t carrier, bool rows,
                       bool contiguous, cl_uint compute_units)
{
    if (!rows)
        return GRID_LOCAL * GRID_PER_ITEM;
    int64_t most = contiguous ? ROWS_UNIT_BYTES / (int64_t)carrier
                              : ROWS_STRIDED_CHUNK;
    int64_t spread = (int64_t)(compute_units ? compute_units : 1) *
                     ROWS_UNITS_PER_CU;
    int64_t want = (total + spread - 1) / spread;
    return want < ROWS_MIN_CHUNK ? ROWS_MIN_CHUNK
           : want > most         ? most
                                 : want;
}

/* ---- the plan of the launches ------------------------------------------- */

/* Everything the launches share. */
typedef struct batch {
    const cs_batch_call *call;
    cs_move *moves;       /* count entries; elements 0: an empty plan */
    size_t *slot;         /* per plan: its destination's distinct index */
    cl_mem *distinct;     /* distinct destination handles, first use order */
    size_t ndistinct;
    size_t carrier;
    int index_bits;
    bool rows;
    int64_t chunk;
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

/* The carrier, index width and the distinct destinations of the plans
 * that move something; false when none does.  The carrier is the
 * narrowest of the moves' own (every narrower power of two divides what
 * theirs divide); on the row family at most 4 bytes when every move's
 * innermost run is contiguous, which keeps the copy loops scalar
 * (cl/gather_rows.cl says why). */
static bool shape_batch(batch *b)
{
    const cs_batch_call *call = b->call;
    size_t carrier = 16;
    bool contiguous = true, any = false;
    for (size_t i = 0; i < call->count; i++)
        if (b->moves[i].elements > 0) {
            if (b->moves[i].carrier < carrier)
                carrier = b->moves[i].carrier;
            contiguous = contiguous && b->moves[i].stride[0] == 1;
            any = true;
        }
    if (!any)
        return false;
    b->carrier = b->rows && contiguous && carrier > 4 ? 4 : carrier;
    b->index_bits = (call->flags & CLSLICE_FORCE_INDEX64) ? 64 : 32;
    int64_t total = 0;
    b->ndistinct = 0;
    for (size_t i = 0; i < call->count; i++) {
        cs_move *m = &b->moves[i];
        if (m->elements == 0)
            continue;
        cs_batch_recarrier(m, b->carrier);
        total += m->elements;
        if (cs_move_index_bits(m, call->flags) == 64 ||
            total > INDEX32_TOTAL)
            b->index_bits = 64;
        size_t k = 0;
        while (k < b->ndistinct && b->distinct[k] != call->parts[i].buffer)
            k++;
        if (k == b->ndistinct)
            b->distinct[b->ndistinct++] = call->parts[i].buffer;
        b->slot[i] = k;
    }
    b->chunk = cs_batch_chunk(total, b->carrier, b->rows, contiguous,
                              b->program.device.compute_units);
    return true;
}

/* ---- one launch --------------------------------------------------------- */

/* The table of cl/gather_batch.cl in words of the index width. */
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

static bool in_group(const batch *b, size_t i, size_t group)
{
    return b->moves[i].elements > 0 && b->slot[i] / MAX_DSTS == group;
}

static int64_t unit_count(const batch *b, size_t i)
{
    return (b->moves[i].elements + b->chunk - 1) / b->chunk;
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
    }
}

/* What a launch's arguments point at while it is armed. */
typedef struct launch {
    cl_mem table;
    cl_mem dsts[MAX_DSTS];
    union { cl_uint u32[4]; cl_ulong u64[4]; } scalars; /* jobs, per_job,
                                                         * chunk, units */
    cs_armed_job armed;
} launch;

static clslice_status upload(const batch *b, size_t group, size_t jobs,
                             launch *l, clslice_error *err)
{
    size_t words = jobs + 1 + jobs * (JOB_HEAD + 2 * CS_MAX_DIMS);
    table t = {.bits = b->index_bits, .words = 0,
               .data = malloc(words * (size_t)(b->index_bits / 8))};
    if (!t.data)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory for a batch table of %zu jobs", jobs);
    fill_table(b, group, &t);
    cl_int rc;
    l->table = clCreateBuffer(cs_runtime_context(b->call->runtime),
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
    const int64_t v[4] = {(int64_t)jobs, per_job, b->chunk, units};
    for (int k = 0; k < 4; k++) {
        if (b->index_bits == 32)
            l->scalars.u32[k] = (cl_uint)v[k];
        else
            l->scalars.u64[k] = (cl_ulong)v[k];
    }
}

static void job_of(const batch *b, size_t group, size_t jobs, int64_t units,
                   launch *l, cs_job *job)
{
    size_t first = group * MAX_DSTS, n = b->ndistinct - first;
    bool wide = n > 1;
    cs_variant v = b->rows ? (wide ? CS_VARIANT_BATCH_ROWS8
                                   : CS_VARIANT_BATCH_ROWS1)
                           : (wide ? CS_VARIANT_BATCH_GRID8
                                   : CS_VARIANT_BATCH_GRID1);
    for (size_t k = 0; k < MAX_DSTS; k++) /* unused slots repeat the first */
        l->dsts[k] = b->distinct[first + (k < n ? k : 0)];
    set_scalars(b, group, jobs, units, l);
    size_t index = (size_t)(b->index_bits / 8);
    cs_job_start(job, "gather batch", v, b->carrier);
    cs_job_mem(job, &b->call->src);
    for (size_t k = 0; k < (wide ? MAX_DSTS : 1); k++)
        cs_job_mem(job, &l->dsts[k]);
    cs_job_mem(job, &l->table);
    for (int k = 0; k < 4; k++)
        cs_job_arg(job, index, b->index_bits == 32
                                   ? (const void *)&l->scalars.u32[k]
                                   : (const void *)&l->scalars.u64[k]);
    if (b->rows)
        cs_job_range(job, (size_t)units, ROWS_LOCAL, false);
    else
        cs_job_range(job, (size_t)units * GRID_LOCAL, GRID_LOCAL, true);
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

static clslice_status fire(const cs_batch_call *call, launch *l, size_t n,
                           clslice_error *err)
{
    if (n == 1)
        return cs_armed_enqueue(&l[0].armed, call->queue, call->num_events,
                                call->wait_list, call->event, err);
    cs_chain chain;
    cs_chain_start(&chain, call->queue, call->num_events, call->wait_list);
    clslice_status st = CLSLICE_OK;
    for (size_t g = 0; g < n && st == CLSLICE_OK; g++) {
        const cl_event *wait;
        cl_uint waits = cs_chain_wait(&chain, &wait);
        cl_event next = NULL;
        st = cs_armed_enqueue(&l[g].armed, call->queue, waits, wait, &next,
                              err);
        if (st == CLSLICE_OK)
            cs_chain_link(&chain, next);
    }
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
        st = fire(b->call, l, n, err);
    release(l, n);
    free(l);
    return st;
}

static clslice_status marker(const cs_batch_call *call, clslice_error *err)
{
    if (!call->event)
        return CLSLICE_OK;
    cl_int rc = clEnqueueMarkerWithWaitList(call->queue, call->num_events,
                                            call->wait_list, call->event);
    return rc == CL_SUCCESS
               ? CLSLICE_OK
               : cs_cl_fail(err, "clEnqueueMarkerWithWaitList", rc);
}

static clslice_status run_batch(batch *b, clslice_error *err)
{
    const cs_batch_call *call = b->call;
    cs_device_info facts;
    clslice_status st = cs_runtime_device(call->runtime, call->device,
                                          &facts, &b->tuning, err);
    if (st != CLSLICE_OK)
        return st;
    b->rows = b->tuning.style == CS_STYLE_ROWS ||
              (b->tuning.style == CS_STYLE_AUTO && facts.cpu);
    b->program.device = facts;
    build_moves(b);
    if (!shape_batch(b))
        return marker(call, err);
    st = cs_runtime_program(call->runtime, call->device,
                            CS_PROGRAM_GATHER_BATCH, b->index_bits,
                            &b->program, err);
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
    clslice_cl_call head;
    clslice_cl_batch_desc taken;
    clslice_status st = CS_TAKE(call, &head, desc, clslice_cl_batch_desc,
                                parts, &taken, err);
    if (st != CLSLICE_OK)
        return st;
    cs_batch_call checked = {
        .runtime = runtime, .queue = head.queue, .parts = taken.parts,
        .count = taken.count, .elem_size = taken.elem_size,
        .src = taken.src, .src_offset = taken.src_offset,
        .flags = head.flags, .num_events = head.num_events_in_wait_list,
        .wait_list = head.event_wait_list, .event = head.event};
    st = checked.count == 0 || !checked.parts
             ? cs_batch_check(&checked, err) /* fails early */
             : with_storage(&checked, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
