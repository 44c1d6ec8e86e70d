/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Jobs of the element-grid kernels: the gather's GPU family
 * (cl/grid_gather.cl) and the scatter and fill kernels
 * (cl/grid_scatter.cl).
 *
 * The per-dimension tables travel by value as a struct argument (on PoCL
 * that was ~4x faster than a __constant buffer; docs/design.md).  Every
 * member of the kernels' tables is one cs_idx, so the host writes them as
 * words of the index width (cs_job_word) and both sides agree on the
 * layout without padding rules.  Ranks 1-4 have fixed-rank kernels with
 * 4-entry tables; higher ranks use the generic kernel's
 * CS_MAX_DIMS-entry table and its rank.  The folded dims' divisors come
 * with magic numbers (base/divide.h), so the kernels divide by a mul_hi.
 */
#include <assert.h>

#include "opencl/run/pack.h"

enum {
    SMALL_DIMS = 4 /* the fixed-rank kernels' table entries */
};

/* The largest tables: the generic scatter table (3 strides of
 * CS_MAX_DIMS, the magic numbers, rank and outer). */
#define GENERIC_SCATTER_WORDS (3 * CS_MAX_DIMS + 2 * CS_MAGIC_DIMS + 2)
static_assert(GENERIC_SCATTER_WORDS <= CS_JOB_TABLE_WORDS,
              "the job's table storage holds every grid table");
/* OpenCL promises 1024 bytes of kernel arguments: the largest calls are a
 * scatter (two pointers, two bases, the table) and a fill (one pointer,
 * one base, the element, the table). */
static_assert(GENERIC_SCATTER_WORDS * 8 + 2 * 8 + 2 * 8 <= 1024,
              "scatter arguments must fit the 1024 bytes OpenCL promises");
static_assert(GENERIC_SCATTER_WORDS * 8 + 8 + 8 + CS_FILL_BYTES <= 1024,
              "fill arguments must fit the 1024 bytes OpenCL promises");

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
static void pack_magic(cs_job *job, const cs_move *move, int n)
{
    bool fits = outer_of(move) <= (int64_t)UINT32_MAX + 1;
    int first = cs_grid_folded_from(move->rank);
    cs_magic m[CS_MAGIC_DIMS] = {{0, 0}};
    for (int k = 0; k < n && first + k < move->rank; k++)
        if (fits)
            m[k] = cs_magic_of((uint64_t)move->count[first + k]);
    for (int k = 0; k < n; k++)
        cs_job_word(job, m[k].magic);
    for (int k = 0; k < n; k++)
        cs_job_word(job, m[k].shift);
}

/* cs_table4 / cs_tablen (gathers) or cs_stable4 / cs_stablen (scatters,
 * fills): count and source stride per dim, a destination stride for
 * scatters, zeros past the rank, the magic numbers of the folded dims'
 * divisors (rank 4: count[2] alone), and in the generic tables the rank
 * and the folded dims' product. */
static void pack_table(const cs_kernel_call *call, cs_job *job)
{
    const cs_move *move = &call->choice->move;
    bool generic = move->rank > SMALL_DIMS;
    int dims = generic ? CS_MAX_DIMS : SMALL_DIMS;
    cs_job_table(job, call->choice->index_bits);
    cs_job_dims(job, move->count, move->rank, dims, 0);
    cs_job_dims(job, move->stride, move->rank, dims, 0);
    if (call->kind != CS_KERNEL_GATHER)
        cs_job_dims(job, move->dst_stride, move->rank, dims, 0);
    pack_magic(job, move, generic ? CS_MAGIC_DIMS : 1);
    if (generic) {
        cs_job_word(job, move->rank);
        cs_job_word(job, outer_of(move));
    }
}

static const char *family_name(cs_kernel_kind kind)
{
    return kind == CS_KERNEL_GATHER    ? "gather"
           : kind == CS_KERNEL_SCATTER ? "scatter"
                                       : "fill";
}

/* Gathers and scatters take (src, dst, src_base, dst_base, table); fills
 * take (dst, dst_base, element, table). */
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
    pack_table(call, job);
    if (call->kind != CS_KERNEL_FILL)
        cs_job_mem(job, &call->src);
    cs_job_mem(job, &call->dst);
    if (call->kind != CS_KERNEL_FILL)
        cs_job_arg(job, index_size, &job->src_base);
    cs_job_arg(job, index_size, &job->dst_base);
    if (call->kind == CS_KERNEL_FILL)
        cs_job_arg(job, CS_FILL_BYTES, call->pattern);
    cs_job_table_arg(job);
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
