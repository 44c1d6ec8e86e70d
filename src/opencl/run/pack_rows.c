/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Jobs of the CPU row family (cl/rows.cl), for gathers and scatters: a
 * rank <= 3 move with rows long enough runs one work-item per row; a
 * higher rank, or short rows, runs the odometer kernel, several rows per
 * work-item.  Which kernel, and its group size, is cs_choose's decision
 * (select/rows.c); this file packs its arguments.
 */
#include "opencl/run/pack.h"

/* cs_rows_table (base/kernel_tables.h), by value: the kernel reads it at
 * fixed places only (n2 is the NDRange's dim 1). */
static void pack_rows(const cs_rows *r, int index_bits, cs_job *job)
{
    cs_rows_table_64 t = {
        .src_base = (uint64_t)r->src_base, .dst_base = (uint64_t)r->dst_base,
        .n0 = (uint64_t)r->n0, .st0 = (uint64_t)r->st0,
        .dt0 = (uint64_t)r->dt0, .n1 = (uint64_t)r->n1,
        .s1 = (uint64_t)r->s1, .d1 = (uint64_t)r->d1,
        .s2 = (uint64_t)r->s2, .d2 = (uint64_t)r->d2,
        .last = (uint64_t)r->last};
    CS_JOB_TABLE(job, index_bits, t);
    cs_job_table_arg(job);
}

/* cs_odometer_table, in a constant buffer: the kernel reads it with
 * run-time dims.  Dims past the rank count 1 at stride 0, so the kernel
 * may read count[1] of a rank-1 move. */
static size_t pack_odometer(const cs_move *move, int64_t per, int index_bits,
                            cs_job *job)
{
    int64_t rows = 1;
    for (int k = 1; k < move->rank; k++)
        rows *= move->count[k];
    int64_t items = (rows + per - 1) / per;
    cs_odometer_table_64 t = {
        .src_base = (uint64_t)move->src_base,
        .dst_base = (uint64_t)move->dst_base, .rows = (uint64_t)rows,
        .per_item = (uint64_t)per, .items = (uint64_t)items,
        .rank = (uint64_t)move->rank};
    for (int k = 0; k < CS_MAX_DIMS; k++) {
        bool in = k < move->rank;
        t.count[k] = in ? (uint64_t)move->count[k] : 1;
        t.stride[k] = in ? (uint64_t)move->stride[k] : 0;
        t.dst_stride[k] = in ? (uint64_t)move->dst_stride[k] : 0;
    }
    CS_JOB_TABLE(job, index_bits, t);
    cs_job_table_upload(job);
    return (size_t)items;
}

/* NDRange: dim 0 the rows along dim 1 (rounded up to the group), dim 1
 * the rows along dim 2, exactly.  Not grid-stride: never capped. */
static void rows_shape(const cs_rows *rows, size_t local, cs_shape *shape)
{
    shape->work_dim = 2;
    shape->extent[0] = (size_t)rows->n1;
    shape->extent[1] = (size_t)rows->n2;
    shape->extent[2] = 1;
    shape->local[0] = local;
    shape->local[1] = shape->local[2] = 1;
    shape->grid_stride = false;
}

static void odometer_shape(size_t items, size_t local, cs_shape *shape)
{
    shape->work_dim = 1;
    shape->extent[0] = items;
    shape->extent[1] = shape->extent[2] = 1;
    shape->local[0] = local;
    shape->local[1] = shape->local[2] = 1;
    shape->grid_stride = false;
}

void cs_rows_job(const cs_program_info *program, const cs_kernel_call *call,
                 cs_job *job)
{
    const cs_choice *c = call->choice;
    const cs_move *move = &c->move;
    cs_job_start(job, call->kind == CS_KERNEL_GATHER ? "gather" : "scatter",
                 c->variant, move->carrier);
    cs_job_mem(job, &call->src);
    cs_job_mem(job, &call->dst);
    if (c->odometer) {
        int64_t per = cs_odometer_rows(move, program->device.compute_units);
        odometer_shape(pack_odometer(move, per, c->index_bits, job),
                       c->local, &job->shape);
    } else {
        cs_rows rows;
        cs_rows_build(move, call->tuning->row_split, &rows);
        pack_rows(&rows, c->index_bits, job);
        rows_shape(&rows, c->local, &job->shape);
    }
}
