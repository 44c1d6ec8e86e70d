/*
 * Enqueues one gather, scatter or fill kernel for a move.
 *
 * The per-dimension tables travel by value as a struct argument (on PoCL
 * that was ~4x faster than a __constant buffer; KERNEL_NOTES).  The host
 * structs below mirror cl/gather.cl and cl/scatter.cl member for member,
 * all of one width, so both sides agree on the layout without padding
 * rules.
 *
 * A cl_kernel is created per call and released right after enqueuing
 * (OpenCL keeps it alive while queued): clSetKernelArg is not thread-safe,
 * and a fresh kernel per call needs no locking at all.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "cl_internal.h"
#include "plan_internal.h"

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
/* OpenCL promises 1024 bytes of kernel arguments: the largest call is a
 * fill (one pointer, one base, the element, the table). */
static_assert(sizeof(cs_stablen_64) + 2 * 8 + 2 * 8 <= 1024,
              "scatter arguments must fit the 1024 bytes OpenCL promises");
static_assert(sizeof(cs_stablen_64) + 8 + 8 + CS_FILL_BYTES <= 1024,
              "fill arguments must fit the 1024 bytes OpenCL promises");

/* The table and both bases in the chosen width.  Negative strides wrap to
 * two's complement, as the kernels expect. */
typedef struct cs_args {
    size_t index_size, table_size;
    union { cl_uint u32; cl_ulong u64; } src_base, dst_base;
    union {
        cs_table4_32 t4_32;
        cs_table4_64 t4_64;
        cs_tablen_32 tn_32;
        cs_tablen_64 tn_64;
        cs_stable4_32 s4_32;
        cs_stable4_64 s4_64;
        cs_stablen_32 sn_32;
        cs_stablen_64 sn_64;
    } table;
} cs_args;

#define CS_PUT_GATHER(table, move, type)                                  \
    do {                                                                  \
        for (int k = 0; k < (move)->rank; k++) {                          \
            (table).count[k] = (type)(move)->count[k];                    \
            (table).stride[k] = (type)(uint64_t)(move)->stride[k];        \
        }                                                                 \
    } while (0)

#define CS_PUT_SCATTER(table, move, type)                                 \
    do {                                                                  \
        CS_PUT_GATHER(table, move, type);                                 \
        for (int k = 0; k < (move)->rank; k++)                            \
            (table).dst_stride[k] = (type)(uint64_t)(move)->dst_stride[k];\
    } while (0)

/* The fixed-rank table up to rank 4, else the generic one with its rank. */
#define CS_PACK(args, move, type, t4, tn, put)                            \
    do {                                                                  \
        if ((move)->rank > 4) {                                           \
            put((args)->table.tn, move, type);                            \
            (args)->table.tn.rank = (type)(move)->rank;                   \
            (args)->table_size = sizeof (args)->table.tn;                 \
        } else {                                                          \
            put((args)->table.t4, move, type);                            \
            (args)->table_size = sizeof (args)->table.t4;                 \
        }                                                                 \
    } while (0)

static void pack_args(const cs_kernel_call *call, cs_args *args)
{
    const cs_move *move = call->move;
    bool gather = call->kind == CS_KERNEL_GATHER;
    memset(args, 0, sizeof *args);
    if (call->index_bits == 32) {
        args->index_size = sizeof(cl_uint);
        args->src_base.u32 = (cl_uint)move->src_base;
        args->dst_base.u32 = (cl_uint)move->dst_base;
        if (gather)
            CS_PACK(args, move, cl_uint, t4_32, tn_32, CS_PUT_GATHER);
        else
            CS_PACK(args, move, cl_uint, s4_32, sn_32, CS_PUT_SCATTER);
    } else {
        args->index_size = sizeof(cl_ulong);
        args->src_base.u64 = (cl_ulong)move->src_base;
        args->dst_base.u64 = (cl_ulong)move->dst_base;
        if (gather)
            CS_PACK(args, move, cl_ulong, t4_64, tn_64, CS_PUT_GATHER);
        else
            CS_PACK(args, move, cl_ulong, s4_64, sn_64, CS_PUT_SCATTER);
    }
}

static const char *family_name(cs_kernel_kind kind)
{
    return kind == CS_KERNEL_GATHER    ? "gather"
           : kind == CS_KERNEL_SCATTER ? "scatter"
                                       : "fill";
}

static void kernel_name(const cs_kernel_call *call, char *name, size_t size)
{
    const char *family = family_name(call->kind);
    if (call->move->rank > 4)
        snprintf(name, size, "cs_%s_rn_c%zu", family, call->move->carrier);
    else
        snprintf(name, size, "cs_%s_r%d_c%zu", family, call->move->rank,
                 call->move->carrier);
}

/* Gathers and scatters take (src, dst, src_base, dst_base, table); fills
 * take (dst, dst_base, element, table). */
static clslice_status set_args(cl_kernel kernel, const cs_kernel_call *call,
                               const cs_args *args, clslice_error *err)
{
    cl_uint at = 0;
    cl_int rc = CL_SUCCESS;
    if (call->kind != CS_KERNEL_FILL)
        rc = clSetKernelArg(kernel, at++, sizeof(cl_mem), &call->src);
    if (rc == CL_SUCCESS)
        rc = clSetKernelArg(kernel, at++, sizeof(cl_mem), &call->dst);
    if (rc == CL_SUCCESS && call->kind != CS_KERNEL_FILL)
        rc = clSetKernelArg(kernel, at++, args->index_size, &args->src_base);
    if (rc == CL_SUCCESS)
        rc = clSetKernelArg(kernel, at++, args->index_size, &args->dst_base);
    if (rc == CL_SUCCESS && call->kind == CS_KERNEL_FILL)
        rc = clSetKernelArg(kernel, at++, CS_FILL_BYTES, call->pattern);
    if (rc == CL_SUCCESS)
        rc = clSetKernelArg(kernel, at, args->table_size, &args->table);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clSetKernelArg", rc);
}

/* Work-group limits of this kernel on this device. */
static clslice_status launch_limits(cl_kernel kernel,
                                    const cs_program_info *program,
                                    size_t max_groups,
                                    cs_launch_limits *limits,
                                    clslice_error *err)
{
    cl_int rc = clGetKernelWorkGroupInfo(kernel, program->device,
                                         CL_KERNEL_WORK_GROUP_SIZE,
                                         sizeof limits->max_group,
                                         &limits->max_group, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetKernelWorkGroupInfo", rc);
    for (int d = 0; d < 3; d++)
        limits->max_item[d] = program->max_item[d];
    limits->max_groups = max_groups;
    return CLSLICE_OK;
}

static clslice_status check_param_size(const cs_program_info *program,
                                       const cs_kernel_call *call,
                                       const cs_args *args,
                                       clslice_error *err)
{
    size_t need = program->pointer_size + args->index_size + args->table_size;
    if (call->kind == CS_KERNEL_FILL)
        need += CS_FILL_BYTES;
    else
        need += program->pointer_size + args->index_size;
    if (need > program->max_param_size)
        return cs_fail(err, CLSLICE_ERROR_OPENCL,
                       "the %s kernel needs %zu bytes of arguments but "
                       "the device's CL_DEVICE_MAX_PARAMETER_SIZE is %zu",
                       family_name(call->kind), need,
                       program->max_param_size);
    return CLSLICE_OK;
}

static clslice_status enqueue(cl_command_queue queue, cl_kernel kernel,
                              const cs_launch *launch, cl_uint num_events,
                              const cl_event *wait_list, cl_event *event,
                              clslice_error *err)
{
    cl_int rc = clEnqueueNDRangeKernel(queue, kernel, launch->work_dim, NULL,
                                       launch->global, launch->local,
                                       num_events, wait_list, event);
    return rc == CL_SUCCESS ? CLSLICE_OK
                            : cs_cl_fail(err, "clEnqueueNDRangeKernel", rc);
}

clslice_status cs_launch_kernel(cl_command_queue queue,
                                const cs_program_info *program,
                                const cs_kernel_call *call, size_t max_groups,
                                cl_uint num_events, const cl_event *wait_list,
                                cl_event *event, clslice_error *err)
{
    cs_args args;
    pack_args(call, &args);
    clslice_status st = check_param_size(program, call, &args, err);
    if (st != CLSLICE_OK)
        return st;

    char name[64];
    kernel_name(call, name, sizeof name);
    cl_int rc;
    cl_kernel kernel = clCreateKernel(program->program, name, &rc);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateKernel", rc);

    cs_launch_limits limits;
    cs_launch launch;
    st = set_args(kernel, call, &args, err);
    if (st == CLSLICE_OK)
        st = launch_limits(kernel, program, max_groups, &limits, err);
    if (st == CLSLICE_OK) {
        cs_launch_size(call->move, &limits, &launch);
        st = enqueue(queue, kernel, &launch, num_events, wait_list, event,
                     err);
    }
    clReleaseKernel(kernel);
    return st;
}

clslice_status cs_launch_move(cl_command_queue queue,
                              const cs_program_info *program,
                              const cs_move *move, int index_bits,
                              size_t max_groups, cl_mem src, cl_mem dst,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event, clslice_error *err)
{
    cs_kernel_call call = {CS_KERNEL_GATHER, move, index_bits, src, dst,
                           NULL};
    return cs_launch_kernel(queue, program, &call, max_groups, num_events,
                            wait_list, event, err);
}
