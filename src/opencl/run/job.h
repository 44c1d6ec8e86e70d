/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer run: kernel launches and the commands around them.
 *
 *   cs_job        one kernel launch being prepared: name, arguments (the
 *                 kernels' tables as words of the index width), NDRange;
 *   cs_armed_job  a job's kernel taken from the pool with its arguments
 *                 set: everything of a launch that can fail before the
 *                 enqueue call itself (job.c);
 *   cs_chain      dependent enqueues linked by events, and the marker of
 *                 a call with nothing to run (chain.c).
 *
 * Every kernel of the library is launched through here.
 */
#ifndef CLSLICE_OPENCL_RUN_JOB_H
#define CLSLICE_OPENCL_RUN_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "opencl/base/divide.h"
#include "opencl/base/kernel_tables.h"
#include "opencl/base/move.h"
#include "opencl/runtime/runtime.h"

/* ---- one launch (job.c) ------------------------------------------------- */

enum {
    CS_JOB_MAX_ARGS = 16, /* the batch kernels take 14: src, 8
                           * destinations, the table, four scalars */
    CS_JOB_TABLE_WORDS = CS_WORDS_GRID4 + CS_WORDS_GRIDN > CS_WORDS_LANES
                             ? CS_WORDS_GRID4 + CS_WORDS_GRIDN
                             : CS_WORDS_LANES, /* the most a job holds: a
                                                * generic grid's two
                                                * tables, or the blocked
                                                * kernels' one (job.c
                                                * checks every table) */
    CS_JOB_MAX_UPLOADS = 2 /* a generic fill: its element and table */
};

/* One kernel launch being prepared.  Argument values point into the job
 * itself or into the caller's storage, so a job is used where it was
 * built and never copied. */
typedef struct cs_job {
    const char *family; /* "gather", "scatter", "fill", "CSR" (messages) */
    const char *name;   /* cs_kernel_name */
    cl_uint expected_args; /* variants.def's count for the kernel */
    cl_uint arg_count;
    cl_uint pointer_args; /* cl_mem and local arguments: a pointer each */
    size_t arg_size[CS_JOB_MAX_ARGS];
    const void *arg_value[CS_JOB_MAX_ARGS];
    cs_shape shape;
    /* storage the arguments may point into */
    union { cl_uint u32; cl_ulong u64; } src_base, dst_base;
    int table_bits;      /* 32 or 64: the kernel's cs_idx */
    size_t table_words;  /* words used by the tables so far */
    size_t last_at, last_words; /* the last table stored */
    /* arguments that travel in a constant buffer made for the launch:
     * their argument index, bytes and host data */
    cl_uint upload_count;
    cl_uint upload_arg[CS_JOB_MAX_UPLOADS];
    size_t upload_size[CS_JOB_MAX_UPLOADS];
    const void *upload_data[CS_JOB_MAX_UPLOADS];
    union {
        cl_uint u32[CS_JOB_TABLE_WORDS];
        cl_ulong u64[CS_JOB_TABLE_WORDS];
    } table;
} cs_job;

/* Starts a job of kernel (variant, carrier). */
void cs_job_start(cs_job *job, const char *family, cs_variant variant,
                  size_t carrier);
/* Appends an argument (value must live as long as the job). */
void cs_job_arg(cs_job *job, size_t size, const void *value);
void cs_job_mem(cs_job *job, const cl_mem *buffer);
/* The kernels' tables (base/kernel_tables.h) are filled by member in
 * their 64-bit form; cs_job_table stores one after the job's previous
 * ones in the kernel's index width, word by word (every member is one
 * index word; a 32-bit kernel gets each word wrapped: negative strides
 * become two's complement, as the kernels expect).  Then
 * cs_job_table_arg appends the table just stored as the next argument by
 * value (the small tables, read at constant indices), or
 * cs_job_table_upload as a constant buffer made for the launch (every
 * table a kernel indexes with a run-time dim). */
#define CS_JOB_TABLE(job, index_bits, table64)                              \
    cs_job_table(job, index_bits, &(table64), sizeof(table64))
void cs_job_table(cs_job *job, int index_bits, const void *table64,
                  size_t bytes);
/* The word-by-word narrowing itself: `bytes` of a 64-bit table stored at
 * `out` in index_bits-wide words (the batch tables, which hold many). */
void cs_table_store(int index_bits, const void *table64, size_t bytes,
                    void *out);
void cs_job_table_arg(cs_job *job);
void cs_job_table_upload(cs_job *job);
/* Appends a constant-buffer argument holding `bytes` of `data` (which
 * must live until the job is armed): cs_job_arm creates the buffer,
 * cs_armed_enqueue and cs_armed_drop release it (OpenCL keeps it alive
 * until the launch finishes). */
void cs_job_upload(cs_job *job, size_t bytes, const void *data);
/* A __local argument of `bytes`. */
void cs_job_local(cs_job *job, size_t bytes);
/* A 1-D NDRange over `items` work-items in groups of up to `local`;
 * grid_stride: the kernel loops, so the grid may be capped. */
void cs_job_range(cs_job *job, size_t items, size_t local, bool grid_stride);

/* A job's kernel taken from the pool, its arguments set and its NDRange
 * fitted.  Used in place (it points at `program`), fired once with
 * cs_armed_enqueue or given back with cs_armed_drop. */
typedef struct cs_armed_job {
    const cs_program_info *program;
    cs_pooled_kernel *kernel; /* NULL once fired or dropped */
    cs_launch launch;
    cl_mem uploads[CS_JOB_MAX_UPLOADS]; /* the job's constant buffers;
                                         * NULL once released */
} cs_armed_job;

/* An armed job holding nothing, which cs_armed_drop leaves alone: what a
 * caller that may drop a job it never armed starts from. */
void cs_armed_clear(cs_armed_job *armed);

/* Takes the job's kernel from the program's pool, creates its uploads'
 * buffers and sets its arguments; the NDRange is fitted to the device and kernel (max_groups bounds
 * grid-stride ones). */
clslice_status cs_job_arm(const cs_program_info *program, const cs_job *job,
                          size_t max_groups, cs_armed_job *armed,
                          clslice_error *err);
/* Enqueues the armed launch and gives its kernel back, whatever happens. */
clslice_status cs_armed_enqueue(cs_armed_job *armed, cl_command_queue queue,
                                cl_uint num_events, const cl_event *wait_list,
                                cl_event *event, clslice_error *err);
void cs_armed_drop(cs_armed_job *armed);

/* cs_job_arm, then cs_armed_enqueue. */
clslice_status cs_job_enqueue(cl_command_queue queue,
                              const cs_program_info *program,
                              const cs_job *job, size_t max_groups,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event, clslice_error *err);

/* The work-group size a 1-D launch of `variant` gets when it asks for
 * `want` items per group (cs_launch_fit on the pooled kernel's limit). */
clslice_status cs_job_local_size(const cs_program_info *program,
                                 cs_variant variant, size_t want,
                                 size_t *local, clslice_error *err);

/* ---- chains and markers (chain.c) --------------------------------------- */

/* A marker behind the wait list, into *event; nothing when event is NULL
 * (no work, and nobody to tell). */
clslice_status cs_enqueue_marker(cl_command_queue queue, cl_uint num_events,
                                 const cl_event *wait_list, cl_event *event,
                                 clslice_error *err);

/* Each link waits for the previous one, the first for the caller's wait
 * list, so a sequence of commands works on out-of-order queues too. */
typedef struct cs_chain {
    cl_command_queue queue;
    cl_uint num_events;
    const cl_event *wait_list;
    cl_event last; /* NULL before the first link */
} cs_chain;

void cs_chain_start(cs_chain *chain, cl_command_queue queue,
                    cl_uint num_events, const cl_event *wait_list);

/* The wait list the next link must use. */
cl_uint cs_chain_wait(const cs_chain *chain, const cl_event **wait_list);

/* Makes `event`, just enqueued behind cs_chain_wait's list, the last
 * link (the chain owns it). */
void cs_chain_link(cs_chain *chain, cl_event event);

/* cs_job_enqueue as the next link of `chain`. */
clslice_status cs_chain_job(cs_chain *chain, const cs_program_info *program,
                            const cs_job *job, size_t max_groups,
                            clslice_error *err);

/* cs_armed_enqueue as the next link of `chain`. */
clslice_status cs_chain_armed(cs_chain *chain, cs_armed_job *armed,
                              clslice_error *err);

/* Hands the last link's event to *event (or releases it when event is
 * NULL); an empty chain gives a marker behind the wait list. */
clslice_status cs_chain_finish(cs_chain *chain, cl_event *event,
                               clslice_error *err);

/* Releases the last link's event (failure paths). */
void cs_chain_drop(cs_chain *chain);

#endif
