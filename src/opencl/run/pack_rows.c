/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Jobs of the CPU row family (cl/rows.cl), for gathers and scatters: a
 * rank <= 3 move with rows long enough runs one work-item per row; a
 * higher rank, or short rows, runs the odometer kernel, several rows per
 * work-item.  Which kernel, and its group size, is cs_choose's decision
 * (select/rows.c); this file packs its arguments.
 */
#include <assert.h>

#include "opencl/run/pack.h"

/* The odometer's table is the largest a job holds; its arguments must
 * fit the 1024 bytes OpenCL promises. */
static_assert(6 + 3 * CS_MAX_DIMS <= CS_JOB_TABLE_WORDS,
              "the job's table storage holds the odometer's");
static_assert((6 + 3 * CS_MAX_DIMS) * 8 + 2 * 8 <= 1024,
              "odometer arguments must fit the 1024 bytes OpenCL promises");

/* cs_rows of cl/rows.cl: 11 words (n2 is the NDRange's dim 1). */
static void pack_rows(const cs_rows *r, int index_bits, cs_job *job)
{
    const int64_t words[] = {r->src_base, r->dst_base, r->n0, r->st0,
                             r->dt0,      r->n1,       r->s1, r->d1,
                             r->s2,       r->d2,       r->last};
    cs_job_table(job, index_bits);
    cs_job_dims(job, words, 11, 11, 0);
}

/* cs_odometer of cl/rows.cl.  Dims past the rank count 1 at
 * stride 0, so the kernel may read count[1] of a rank-1 move. */
static size_t pack_odometer(const cs_move *move, int64_t per, int index_bits,
                            cs_job *job)
{
    int64_t rows = 1;
    for (int k = 1; k < move->rank; k++)
        rows *= move->count[k];
    int64_t items = (rows + per - 1) / per;
    const int64_t head[] = {move->src_base, move->dst_base, rows, per,
                            items, move->rank};
    cs_job_table(job, index_bits);
    cs_job_dims(job, head, 6, 6, 0);
    cs_job_dims(job, move->count, move->rank, CS_MAX_DIMS, 1);
    cs_job_dims(job, move->stride, move->rank, CS_MAX_DIMS, 0);
    cs_job_dims(job, move->dst_stride, move->rank, CS_MAX_DIMS, 0);
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
    cs_job_mem(job, &call->src);
    cs_job_mem(job, &call->dst);
    cs_job_table_arg(job);
}
