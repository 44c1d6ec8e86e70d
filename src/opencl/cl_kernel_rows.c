/*
 * Jobs of the CPU row family (cl/gather_rows.cl), for gathers and
 * scatters: a rank <= 3 move with rows long enough runs one work-item per
 * row; a higher rank, or short rows, runs the odometer kernel, several
 * rows per work-item.  Which kernel is cs_choose's decision (cl_select.c);
 * this file packs its arguments.
 */
#include <assert.h>
#include <string.h>

#include "cl_dispatch.h"

enum {
    ROWS_LOCAL = 8,      /* rows per work-group; one local size, compiled
                          * once per kernel by PoCL */
    ODOMETER_LOCAL = 8
};

/* Host mirrors of cs_rows and cs_odometer (cl/gather_rows.cl). */
#define CS_ROWS_STRUCT(name, type)                                        \
    typedef struct name {                                                 \
        type src_base, dst_base, n0, st0, dt0, n1, s1, d1, s2, d2, last;  \
    } name;
CS_ROWS_STRUCT(cs_rows_32, cl_uint)
CS_ROWS_STRUCT(cs_rows_64, cl_ulong)

#define CS_ODOMETER_STRUCT(name, type)                                    \
    typedef struct name {                                                 \
        type src_base, dst_base, rows, per_item, items, rank;             \
        type count[CS_MAX_DIMS];                                          \
        type stride[CS_MAX_DIMS];                                         \
        type dst_stride[CS_MAX_DIMS];                                     \
    } name;
CS_ODOMETER_STRUCT(cs_odometer_32, cl_uint)
CS_ODOMETER_STRUCT(cs_odometer_64, cl_ulong)

static_assert(sizeof(cs_rows_64) == 11 * 8, "cs_rows layout");
static_assert(sizeof(cs_odometer_64) == (6 + 3 * CS_MAX_DIMS) * 8,
              "cs_odometer layout");
static_assert(sizeof(cs_odometer_64) <= CS_JOB_TABLE_WORDS * 8,
              "the job's table storage holds the odometer's");
static_assert(sizeof(cs_odometer_64) + 2 * 8 <= 1024,
              "odometer arguments must fit the 1024 bytes OpenCL promises");

/* Values wrap to the index width: negative strides become two's
 * complement, as the kernels expect. */
#define CS_PUT_ROWS(t, r, type)                                           \
    do {                                                                  \
        (t).src_base = (type)(uint64_t)(r)->src_base;                     \
        (t).dst_base = (type)(uint64_t)(r)->dst_base;                     \
        (t).n0 = (type)(r)->n0;                                           \
        (t).st0 = (type)(uint64_t)(r)->st0;                               \
        (t).dt0 = (type)(uint64_t)(r)->dt0;                               \
        (t).n1 = (type)(r)->n1;                                           \
        (t).s1 = (type)(uint64_t)(r)->s1;                                 \
        (t).d1 = (type)(uint64_t)(r)->d1;                                 \
        (t).s2 = (type)(uint64_t)(r)->s2;                                 \
        (t).d2 = (type)(uint64_t)(r)->d2;                                 \
        (t).last = (type)(r)->last;                                       \
    } while (0)

static size_t pack_rows(const cs_rows *rows, int index_bits, cs_job *job)
{
    if (index_bits == 32) {
        cs_rows_32 t;
        CS_PUT_ROWS(t, rows, cl_uint);
        memcpy(job->table, &t, sizeof t);
        return sizeof t;
    }
    cs_rows_64 t;
    CS_PUT_ROWS(t, rows, cl_ulong);
    memcpy(job->table, &t, sizeof t);
    return sizeof t;
}

/* Dims past the rank count 1 at stride 0, so the kernel may read
 * count[1] of a rank-1 move. */
#define CS_PUT_ODOMETER(t, move, rows, per, items, type)                  \
    do {                                                                  \
        memset(&(t), 0, sizeof(t));                                       \
        (t).src_base = (type)(uint64_t)(move)->src_base;                  \
        (t).dst_base = (type)(uint64_t)(move)->dst_base;                  \
        (t).rows = (type)(rows);                                          \
        (t).per_item = (type)(per);                                       \
        (t).items = (type)(items);                                        \
        (t).rank = (type)(move)->rank;                                    \
        for (int k = 0; k < CS_MAX_DIMS; k++) {                           \
            bool in_ = k < (move)->rank;                                  \
            (t).count[k] = in_ ? (type)(move)->count[k] : 1;              \
            (t).stride[k] = in_ ? (type)(uint64_t)(move)->stride[k] : 0;  \
            (t).dst_stride[k] =                                           \
                in_ ? (type)(uint64_t)(move)->dst_stride[k] : 0;          \
        }                                                                 \
    } while (0)

static size_t pack_odometer(const cs_move *move, int64_t per, int index_bits,
                            cs_job *job, size_t *items_out)
{
    int64_t rows = 1;
    for (int k = 1; k < move->rank; k++)
        rows *= move->count[k];
    int64_t items = (rows + per - 1) / per;
    *items_out = (size_t)items;
    if (index_bits == 32) {
        cs_odometer_32 t;
        CS_PUT_ODOMETER(t, move, rows, per, items, cl_uint);
        memcpy(job->table, &t, sizeof t);
        return sizeof t;
    }
    cs_odometer_64 t;
    CS_PUT_ODOMETER(t, move, rows, per, items, cl_ulong);
    memcpy(job->table, &t, sizeof t);
    return sizeof t;
}

/* NDRange: dim 0 the rows along dim 1 (rounded up to the group), dim 1
 * the rows along dim 2, exactly.  Not grid-stride: never capped. */
static void rows_shape(const cs_rows *rows, cs_shape *shape)
{
    shape->work_dim = 2;
    shape->extent[0] = (size_t)rows->n1;
    shape->extent[1] = (size_t)rows->n2;
    shape->extent[2] = 1;
    shape->local[0] = ROWS_LOCAL;
    shape->local[1] = shape->local[2] = 1;
    shape->grid_stride = false;
}

static void odometer_shape(size_t items, cs_shape *shape)
{
    shape->work_dim = 1;
    shape->extent[0] = items;
    shape->extent[1] = shape->extent[2] = 1;
    shape->local[0] = ODOMETER_LOCAL;
    shape->local[1] = shape->local[2] = 1;
    shape->grid_stride = false;
}

void cs_rows_job(const cs_program_info *program, const cs_kernel_call *call,
                 cs_job *job)
{
    const cs_choice *c = call->choice;
    const cs_move *move = &c->move;
    size_t table_size;
    cs_job_start(job, call->kind == CS_KERNEL_GATHER ? "gather" : "scatter",
                 c->variant, move->carrier);
    if (c->odometer) {
        size_t items;
        int64_t per = cs_odometer_rows(move, program->device.compute_units);
        table_size = pack_odometer(move, per, c->index_bits, job, &items);
        odometer_shape(items, &job->shape);
    } else {
        cs_rows rows;
        cs_rows_build(move, call->tuning->row_split, &rows);
        table_size = pack_rows(&rows, c->index_bits, job);
        rows_shape(&rows, &job->shape);
    }
    cs_job_mem(job, &call->src);
    cs_job_mem(job, &call->dst);
    cs_job_arg(job, table_size, job->table);
}
