/*
 * One kernel launch being prepared (cl_kernel.c): the kernel's name, its
 * arguments and the NDRange it wants.  The family builders fill it:
 * cl_kernel_grid.c (element grid: GPU gathers, scatters, fills) and
 * cl_kernel_rows.c (rows and odometer: CPU gathers).  Argument values
 * point into the job itself, so a job is used where it was built and
 * never copied.
 */
#ifndef CLSLICE_CL_JOB_H
#define CLSLICE_CL_JOB_H

#include "cl_internal.h"

enum {
    CS_JOB_MAX_ARGS = 5,
    CS_JOB_TABLE_WORDS = 6 + 3 * CS_MAX_DIMS /* the largest table: the
                                            * odometer, 64-bit */
};

typedef struct cs_job {
    const char *family; /* "gather", "scatter" or "fill", for messages */
    char name[48];
    unsigned paths; /* bit 1 << p for each cs_path p it takes */
    cl_uint arg_count;
    cl_uint mem_args; /* cl_mem arguments: a device pointer each */
    size_t arg_size[CS_JOB_MAX_ARGS];
    const void *arg_value[CS_JOB_MAX_ARGS];
    cs_shape shape;
    /* storage the arguments point into */
    union { cl_uint u32; cl_ulong u64; } src_base, dst_base;
    cl_ulong table[CS_JOB_TABLE_WORDS];
} cs_job;

/* Appends an argument (value must live as long as the job). */
void cs_job_arg(cs_job *job, size_t size, const void *value);
void cs_job_mem(cs_job *job, const cl_mem *buffer);

/* The element-grid job of a gather (GPU family), scatter or fill. */
void cs_grid_job(const cs_kernel_call *call, cs_job *job);

/* The rows or odometer job of a gather on the CPU family. */
void cs_rows_job(const cs_program_info *program, const cs_kernel_call *call,
                 cs_job *job);

#endif
