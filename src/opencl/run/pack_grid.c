/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Jobs of the element-grid kernels: the gather's GPU family
 * (cl/grid_gather.cl) and the scatter and fill kernels
 * (cl/grid_scatter.cl).
 *
 * The tables are base/kernel_tables.h's: every kernel takes a
 * cs_grid_table4 by value (dims 0-3), read at constant indices only;
 * ranks above 4 run the generic kernels, which also take cs_grid_tablen
 * (CS_MAX_DIMS entries, read with a run-time dim) in a constant buffer
 * made for the launch (cs_job_table_upload), as a fill's element travels
 * (read with a run-time carrier index).  A struct argument indexed at
 * run time would be copied into every work-item's private memory
 * (docs/design.md, "Kernel techniques"); the innermost dims stay by value
 * because a GPU reads kernel arguments as operands (NVIDIA's constant
 * bank), where values loaded from a buffer would each hold a register
 * through the row loops.  The folded dims' divisors come with magic
 * numbers (base/divide.h), so the kernels divide by a mul_hi.
 */
#include <assert.h>

#include "opencl/run/pack.h"

enum {
    SMALL_DIMS = 4 /* the fixed-rank kernels' table entries */
};

/* The largest argument list: a generic scatter's (two pointers, two
 * bases, the small table by value, the generic table's buffer);
 * embedded-profile devices promise 256 bytes. */
static_assert(CS_WORDS_GRID4 * 8 + 5 * 8 <= 256,
              "scatter arguments must fit the 256 bytes OpenCL promises");

/* The folded dims' work-items, the dividends of their divisions. */
static int64_t outer_of(const cs_move *move)
{
    int64_t outer = 1;
    for (int k = cs_grid_folded_from(move->rank); k < move->rank; k++)
        outer *= move->count[k];
    return outer;
}

/* Magic numbers for the divisors count[first + m] (m < n) of the folded
 * row index, or none (a shift of 0: divide) when the index may not fit
 * the 32 bits the magic division works in. */
static void magic_of(const cs_move *move, int n, uint64_t *magic,
                     uint64_t *shift)
{
    bool fits = outer_of(move) <= (int64_t)UINT32_MAX + 1;
    int first = cs_grid_folded_from(move->rank);
    for (int k = 0; k < n; k++) {
        cs_magic m = {0, 0};
        if (fits && first + k < move->rank)
            m = cs_magic_of((uint64_t)move->count[first + k]);
        magic[k] = m.magic;
        shift[k] = m.shift;
    }
}

/* count, source and destination stride of dim k, zeros past the rank
 * (negative strides as two's complement words). */
#define SET_DIM(t, move, k)                                                 \
    do {                                                                    \
        bool in_ = (k) < (move)->rank;                                      \
        (t).count[k] = in_ ? (uint64_t)(move)->count[k] : 0;                \
        (t).stride[k] = in_ ? (uint64_t)(move)->stride[k] : 0;              \
        (t).dst_stride[k] = in_ ? (uint64_t)(move)->dst_stride[k] : 0;      \
    } while (0)

/* The small table: magic and shift divide by count[2] (rank 4; unused
 * above). */
static void pack_small(const cs_move *move, int index_bits, cs_job *job)
{
    cs_grid_table4_64 t;
    for (int k = 0; k < SMALL_DIMS; k++)
        SET_DIM(t, move, k);
    magic_of(move, 1, &t.magic, &t.shift);
    CS_JOB_TABLE(job, index_bits, t);
}

/* The chunks of dim 2's walk (launch.c, cs_grid_walk) and their magic
 * number: more than one chunk only where NDRange dim 2's index fits the
 * 32 bits it needs; one chunk has none (shift 0), and no division. */
static void walk_of(const cs_move *move, cs_grid_tablen_64 *t)
{
    size_t chunks, rows;
    cs_grid_walk(move, &chunks, &rows);
    cs_magic m = cs_magic_of(chunks);
    t->chunks = chunks;
    t->walk = rows;
    t->chunk_magic = m.magic;
    t->chunk_shift = m.shift;
}

/* The generic table: every dim, the folded dims' magic numbers, the rank,
 * the folded dims' product and dim 2's chunks. */
static void pack_generic(const cs_move *move, int index_bits, cs_job *job)
{
    cs_grid_tablen_64 t;
    for (int k = 0; k < CS_MAX_DIMS; k++)
        SET_DIM(t, move, k);
    magic_of(move, CS_MAGIC_DIMS, t.magic, t.shift);
    t.rank = (uint64_t)move->rank;
    t.outer = (uint64_t)outer_of(move);
    walk_of(move, &t);
    CS_JOB_TABLE(job, index_bits, t);
}

static const char *family_name(cs_kernel_kind kind)
{
    return kind == CS_KERNEL_GATHER    ? "gather"
           : kind == CS_KERNEL_SCATTER ? "scatter"
                                       : "fill";
}

/* Gathers and scatters take (src, dst, src_base, dst_base, table); fills
 * take (dst, dst_base, element, table), the element a constant buffer;
 * the generic kernels take the small table too, then the generic one's
 * buffer. */
void cs_grid_job(const cs_kernel_call *call, cs_job *job)
{
    const cs_choice *c = call->choice;
    const cs_move *move = &c->move;
    size_t index_size = c->index_bits == 32 ? sizeof(cl_uint)
                                            : sizeof(cl_ulong);
    cs_job_start(job, family_name(call->kind), c->variant, move->carrier);
    if (c->index_bits == 32) {
        job->src_base.u32 = (cl_uint)move->src_base;
        job->dst_base.u32 = (cl_uint)move->dst_base;
    } else {
        job->src_base.u64 = (cl_ulong)move->src_base;
        job->dst_base.u64 = (cl_ulong)move->dst_base;
    }
    if (call->kind != CS_KERNEL_FILL)
        cs_job_mem(job, &call->src);
    cs_job_mem(job, &call->dst);
    if (call->kind != CS_KERNEL_FILL)
        cs_job_arg(job, index_size, &job->src_base);
    cs_job_arg(job, index_size, &job->dst_base);
    if (call->kind == CS_KERNEL_FILL)
        cs_job_upload(job, CS_FILL_BYTES, call->pattern);
    pack_small(move, c->index_bits, job);
    cs_job_table_arg(job);
    if (move->rank > SMALL_DIMS) {
        pack_generic(move, c->index_bits, job);
        cs_job_table_upload(job);
    }
    cs_grid_shape(move, c->group, &job->shape);
}

void cs_kernel_job(const cs_program_info *program, const cs_kernel_call *call,
                   cs_job *job)
{
    if (cs_family_job(program, call, job))
        return;
    if (program->kind == CS_PROGRAM_BLOCKED)
        cs_lanes_job(program, call, job);
    else if (call->kind != CS_KERNEL_FILL && program->kind == CS_PROGRAM_ROWS)
        cs_rows_job(program, call, job);
    else
        cs_grid_job(call, job);
}
