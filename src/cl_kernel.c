/*
 * Enqueues one gather kernel for a move.
 *
 * The per-dimension tables travel by value as a struct argument (on PoCL
 * that was ~4x faster than a __constant buffer; KERNEL_NOTES).  The host
 * structs below mirror cl/gather.cl member for member, all of one width,
 * so both sides agree on the layout without padding rules.
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

static_assert(sizeof(cs_table4_32) == 8 * 4, "cs_table4 (32-bit) layout");
static_assert(sizeof(cs_table4_64) == 8 * 8, "cs_table4 (64-bit) layout");
static_assert(sizeof(cs_tablen_32) == (2 * CS_MAX_DIMS + 1) * 4,
              "cs_tablen (32-bit) layout");
static_assert(sizeof(cs_tablen_64) == (2 * CS_MAX_DIMS + 1) * 8,
              "cs_tablen (64-bit) layout");
static_assert(sizeof(cs_tablen_64) + 2 * 8 + 2 * 8 <= 1024,
              "arguments must fit the 1024 bytes OpenCL promises");

/* Kernel arguments 2..4: both bases and the table, in the chosen width.
 * Negative strides wrap to two's complement, as the kernel expects. */
typedef struct cs_args {
    size_t index_size, table_size;
    union { cl_uint u32; cl_ulong u64; } src_base, dst_base;
    union {
        cs_table4_32 t4_32;
        cs_table4_64 t4_64;
        cs_tablen_32 tn_32;
        cs_tablen_64 tn_64;
    } table;
} cs_args;

#define CS_FILL(table, move, type)                                        \
    do {                                                                  \
        for (int k = 0; k < (move)->rank; k++) {                          \
            (table).count[k] = (type)(move)->count[k];                    \
            (table).stride[k] = (type)(uint64_t)(move)->stride[k];        \
        }                                                                 \
    } while (0)

static void pack_args(const cs_move *move, int index_bits, cs_args *args)
{
    bool generic = move->rank > 4;
    memset(args, 0, sizeof *args);
    if (index_bits == 32) {
        args->index_size = sizeof(cl_uint);
        args->src_base.u32 = (cl_uint)move->src_base;
        args->dst_base.u32 = (cl_uint)move->dst_base;
        if (generic) {
            CS_FILL(args->table.tn_32, move, cl_uint);
            args->table.tn_32.rank = (cl_uint)move->rank;
            args->table_size = sizeof(cs_tablen_32);
        } else {
            CS_FILL(args->table.t4_32, move, cl_uint);
            args->table_size = sizeof(cs_table4_32);
        }
    } else {
        args->index_size = sizeof(cl_ulong);
        args->src_base.u64 = (cl_ulong)move->src_base;
        args->dst_base.u64 = (cl_ulong)move->dst_base;
        if (generic) {
            CS_FILL(args->table.tn_64, move, cl_ulong);
            args->table.tn_64.rank = (cl_ulong)move->rank;
            args->table_size = sizeof(cs_tablen_64);
        } else {
            CS_FILL(args->table.t4_64, move, cl_ulong);
            args->table_size = sizeof(cs_table4_64);
        }
    }
}

static void kernel_name(const cs_move *move, char *name, size_t size)
{
    if (move->rank > 4)
        snprintf(name, size, "cs_gather_rn_c%zu", move->carrier);
    else
        snprintf(name, size, "cs_gather_r%d_c%zu", move->rank,
                 move->carrier);
}

static clslice_status set_args(cl_kernel kernel, cl_mem *src, cl_mem *dst,
                               const cs_args *args, clslice_error *err)
{
    cl_int rc = clSetKernelArg(kernel, 0, sizeof(cl_mem), src);
    if (rc == CL_SUCCESS)
        rc = clSetKernelArg(kernel, 1, sizeof(cl_mem), dst);
    if (rc == CL_SUCCESS)
        rc = clSetKernelArg(kernel, 2, args->index_size, &args->src_base);
    if (rc == CL_SUCCESS)
        rc = clSetKernelArg(kernel, 3, args->index_size, &args->dst_base);
    if (rc == CL_SUCCESS)
        rc = clSetKernelArg(kernel, 4, args->table_size, &args->table);
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
                                       const cs_args *args,
                                       clslice_error *err)
{
    size_t need = 2 * program->pointer_size + 2 * args->index_size +
                  args->table_size;
    if (need > program->max_param_size)
        return cs_fail(err, CLSLICE_ERROR_OPENCL,
                       "the gather kernel needs %zu bytes of arguments but "
                       "the device's CL_DEVICE_MAX_PARAMETER_SIZE is %zu",
                       need, program->max_param_size);
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

clslice_status cs_launch_move(cl_command_queue queue,
                              const cs_program_info *program,
                              const cs_move *move, int index_bits,
                              size_t max_groups, cl_mem src, cl_mem dst,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event, clslice_error *err)
{
    cs_args args;
    pack_args(move, index_bits, &args);
    clslice_status st = check_param_size(program, &args, err);
    if (st != CLSLICE_OK)
        return st;

    char name[64];
    kernel_name(move, name, sizeof name);
    cl_int rc;
    cl_kernel kernel = clCreateKernel(program->program, name, &rc);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateKernel", rc);

    cs_launch_limits limits;
    cs_launch launch;
    st = set_args(kernel, &src, &dst, &args, err);
    if (st == CLSLICE_OK)
        st = launch_limits(kernel, program, max_groups, &limits, err);
    if (st == CLSLICE_OK) {
        cs_launch_size(move, &limits, &launch);
        st = enqueue(queue, kernel, &launch, num_events, wait_list, event,
                     err);
    }
    clReleaseKernel(kernel);
    return st;
}
