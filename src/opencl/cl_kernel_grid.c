/*
 * Jobs of the element-grid kernels: the gather's GPU family
 * (cl/gather_grid.cl) and the scatter and fill kernels (cl/scatter.cl).
 *
 * The per-dimension tables travel by value as a struct argument (on PoCL
 * that was ~4x faster than a __constant buffer; docs/design.md).  The host
 * structs below mirror the kernels' member for member, all of one width,
 * so both sides agree on the layout without padding rules.  Ranks 1-4
 * have fixed-rank kernels with 4-entry tables; higher ranks use the
 * generic kernel's CS_MAX_DIMS-entry table and its rank.
 */
#include <assert.h>
#include <string.h>

#include "cl_dispatch.h"

/* Gather tables: count and source stride per dim. */
typedef struct cs_table4_32 {
    cl_uint count[4];
    cl_uint stride[4];
} cs_table4_32;

typedef struct cs_table4_64 {
    cl_ulong count[4];
    cl_ulong stride[4];
} cs_table4_64;

typedef struct cs_tablen_32 {
    cl_uint count[CS_MAX_DIMS];
    cl_uint stride[CS_MAX_DIMS];
    cl_uint rank;
} cs_tablen_32;

typedef struct cs_tablen_64 {
    cl_ulong count[CS_MAX_DIMS];
    cl_ulong stride[CS_MAX_DIMS];
    cl_ulong rank;
} cs_tablen_64;

/* Scatter and fill tables (cl/scatter.cl): a destination stride too. */
typedef struct cs_stable4_32 {
    cl_uint count[4];
    cl_uint stride[4];
    cl_uint dst_stride[4];
} cs_stable4_32;

typedef struct cs_stable4_64 {
    cl_ulong count[4];
    cl_ulong stride[4];
    cl_ulong dst_stride[4];
} cs_stable4_64;

typedef struct cs_stablen_32 {
    cl_uint count[CS_MAX_DIMS];
    cl_uint stride[CS_MAX_DIMS];
    cl_uint dst_stride[CS_MAX_DIMS];
    cl_uint rank;
} cs_stablen_32;

typedef struct cs_stablen_64 {
    cl_ulong count[CS_MAX_DIMS];
    cl_ulong stride[CS_MAX_DIMS];
    cl_ulong dst_stride[CS_MAX_DIMS];
    cl_ulong rank;
} cs_stablen_64;

static_assert(sizeof(cs_table4_32) == 8 * 4, "cs_table4 (32-bit) layout");
static_assert(sizeof(cs_table4_64) == 8 * 8, "cs_table4 (64-bit) layout");
static_assert(sizeof(cs_tablen_32) == (2 * CS_MAX_DIMS + 1) * 4,
              "cs_tablen (32-bit) layout");
static_assert(sizeof(cs_tablen_64) == (2 * CS_MAX_DIMS + 1) * 8,
              "cs_tablen (64-bit) layout");
static_assert(sizeof(cs_stable4_32) == 12 * 4, "cs_stable4 (32-bit) layout");
static_assert(sizeof(cs_stable4_64) == 12 * 8, "cs_stable4 (64-bit) layout");
static_assert(sizeof(cs_stablen_32) == (3 * CS_MAX_DIMS + 1) * 4,
              "cs_stablen (32-bit) layout");
static_assert(sizeof(cs_stablen_64) == (3 * CS_MAX_DIMS + 1) * 8,
              "cs_stablen (64-bit) layout");
static_assert(sizeof(cs_stablen_64) <= CS_JOB_TABLE_WORDS * 8,
              "the job's table storage holds every table");
/* OpenCL promises 1024 bytes of kernel arguments: the largest call is a
 * fill (one pointer, one base, the element, the table). */
static_assert(sizeof(cs_stablen_64) + 2 * 8 + 2 * 8 <= 1024,
              "scatter arguments must fit the 1024 bytes OpenCL promises");
static_assert(sizeof(cs_stablen_64) + 8 + 8 + CS_FILL_BYTES <= 1024,
              "fill arguments must fit the 1024 bytes OpenCL promises");

#define CS_PUT_GATHER(table, move, type)                                  \
    do {                                                                  \
        for (int k = 0; k < (move)->rank; k++) {                          \
            (table)->count[k] = (type)(move)->count[k];                   \
            (table)->stride[k] = (type)(uint64_t)(move)->stride[k];       \
        }                                                                 \
    } while (0)

#define CS_PUT_SCATTER(table, move, type)                                 \
    do {                                                                  \
        CS_PUT_GATHER(table, move, type);                                 \
        for (int k = 0; k < (move)->rank; k++)                            \
            (table)->dst_stride[k] =                                      \
                (type)(uint64_t)(move)->dst_stride[k];                    \
    } while (0)

/* The fixed-rank table up to rank 4, else the generic one with its rank,
 * copied into the job; sets table_size.  Negative strides wrap to two's
 * complement, as the kernels expect. */
#define CS_PACK(job, move, type, t4, tn, put)                             \
    do {                                                                  \
        if ((move)->rank > 4) {                                           \
            tn t_;                                                        \
            memset(&t_, 0, sizeof t_);                                    \
            put(&t_, move, type);                                         \
            t_.rank = (type)(move)->rank;                                 \
            memcpy((job)->table, &t_, sizeof t_);                         \
            table_size = sizeof t_;                                       \
        } else {                                                          \
            t4 t_;                                                        \
            memset(&t_, 0, sizeof t_);                                    \
            put(&t_, move, type);                                         \
            memcpy((job)->table, &t_, sizeof t_);                         \
            table_size = sizeof t_;                                       \
        }                                                                 \
    } while (0)

static size_t pack_table(const cs_kernel_call *call, cs_job *job)
{
    const cs_move *move = &call->choice->move;
    bool gather = call->kind == CS_KERNEL_GATHER;
    size_t table_size;
    if (call->choice->index_bits == 32) {
        if (gather)
            CS_PACK(job, move, cl_uint, cs_table4_32, cs_tablen_32,
                    CS_PUT_GATHER);
        else
            CS_PACK(job, move, cl_uint, cs_stable4_32, cs_stablen_32,
                    CS_PUT_SCATTER);
    } else {
        if (gather)
            CS_PACK(job, move, cl_ulong, cs_table4_64, cs_tablen_64,
                    CS_PUT_GATHER);
        else
            CS_PACK(job, move, cl_ulong, cs_stable4_64, cs_stablen_64,
                    CS_PUT_SCATTER);
    }
    return table_size;
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
    size_t table_size = pack_table(call, job);
    if (call->kind != CS_KERNEL_FILL)
        cs_job_mem(job, &call->src);
    cs_job_mem(job, &call->dst);
    if (call->kind != CS_KERNEL_FILL)
        cs_job_arg(job, index_size, &job->src_base);
    cs_job_arg(job, index_size, &job->dst_base);
    if (call->kind == CS_KERNEL_FILL)
        cs_job_arg(job, CS_FILL_BYTES, call->pattern);
    cs_job_arg(job, table_size, job->table);
    /* The gather's GPU family wants 256-item groups; scatters and fills
     * keep the 64-item groups they were written with. */
    cs_grid_shape(move, call->kind == CS_KERNEL_GATHER, &job->shape);
}
