/*
 * The fifth layer: the one pipeline every device operation runs through.
 *
 *   cs_op          what a public call asked for (designated initializers);
 *   cs_op_prepare  every check, in one order, before anything is enqueued;
 *                  leaves the simplified layout in the op;
 *   cs_op_program  builds the program the op will need (so a caller can
 *                  fail before enqueuing a first command);
 *   cs_dispatch    cs_choose, then the marker, copy, Rect copy or kernel;
 *   cs_job         one kernel launch: name, arguments, NDRange, launched
 *                  with a pooled kernel (cs_job_enqueue);
 *   cs_chain       dependent enqueues chained by events.
 */
#ifndef CLSLICE_CL_DISPATCH_H
#define CLSLICE_CL_DISPATCH_H

#include "cl_select.h"
#include "core/strided.h"

/* ---- the operation (cl_dispatch.c) -------------------------------------- */

typedef struct cs_op {
    cs_kernel_kind kind;
    clslice_runtime *runtime;
    cl_command_queue queue;
    const clslice_plan *plan;
    size_t elem_size;
    cl_mem src;                 /* a gather's input; a scatter's value */
    size_t src_offset;
    cl_mem dst;
    size_t dst_offset;
    const int64_t *value_shape; /* scatters: the value tensor's shape */
    int value_rank;
    clslice_value_rule rule;
    const char *value_name;     /* scatters: "value", "dy" */
    const char *dst_name;       /* "dst", "out" */
    bool members;               /* src (or value) and dst are
                                 * clslice_cl_tensor members of a
                                 * descriptor: messages say src.offset */
    bool writes_tensor;         /* grad: writes the whole dst tensor, not
                                 * only the slice */
    const void *element;        /* fills: the element */
    bool strided;               /* the _strided calls: src (or value) and
                                 * dst are views with these strides */
    const int64_t *src_strides; /* NULL: row-major */
    const int64_t *dst_strides; /* NULL: row-major */
    unsigned flags;
    cl_uint num_events;
    const cl_event *wait_list;
    cl_event *event;
    /* set by cs_op_prepare */
    cl_device_id device;
    clslice_layout layout;   /* simplified */
    size_t dst_bytes;        /* scatters and fills: the whole tensor's */
    bool sub_buffer;         /* src or dst is a sub-buffer */
    cs_view src_view, dst_view; /* strided calls */
    const unsigned char *pattern; /* fills: the element, CS_FILL_BYTES */
    unsigned char inline_element[CS_FILL_BYTES];
} cs_op;

/* Checks the call (arguments, flags, wait list, the queue's context),
 * builds its layout, checks every buffer against it, and simplifies it. */
clslice_status cs_op_prepare(cs_op *op, clslice_error *err);

/* Builds (or finds) the program the op will run; a no-op when no kernel
 * will run. */
clslice_status cs_op_program(const cs_op *op, clslice_error *err);

/* Runs the prepared op the way cs_choose picks, behind the op's wait list,
 * with its event; counts the paths taken. */
clslice_status cs_dispatch(const cs_op *op, clslice_error *err);

/* A job's kernel taken from the pool, its arguments set and its NDRange
 * fitted: everything of a launch that can fail before the enqueue call
 * itself.  Used in place (it points at `program`), fired once with
 * cs_armed_enqueue or given back with cs_armed_drop. */
typedef struct cs_armed_job {
    const cs_program_info *program;
    cs_pooled_kernel *kernel; /* NULL once fired or dropped */
    cs_launch launch;
} cs_armed_job;

/* cs_dispatch in two steps, for an operation that must enqueue another
 * command first (grad's zero fill) yet write nothing when it fails:
 * cs_dispatch_ready makes the choice and, for a kernel, finds the program,
 * takes the kernel and sets its arguments, so that once the other command
 * is enqueued only the final enqueue call of cs_dispatch_fire (or
 * cs_chain_fire) can still fail.  A ready dispatch is used in place,
 * fired once or dropped. */
typedef struct cs_ready {
    cs_choice choice;
    cs_program_info program;
    cs_armed_job armed; /* kernels */
} cs_ready;

clslice_status cs_dispatch_ready(const cs_op *op, cs_ready *ready,
                                 clslice_error *err);
/* Enqueues a ready dispatch behind the op's wait list, with its event;
 * counts the paths taken; releases what the ready dispatch held. */
clslice_status cs_dispatch_fire(const cs_op *op, cs_ready *ready,
                                clslice_error *err);
void cs_dispatch_drop(cs_ready *ready);

/* ---- chains of dependent enqueues (cl_dispatch.c) ----------------------- */

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

/* cs_dispatch_fire of a ready dispatch as the next link. */
clslice_status cs_chain_fire(cs_chain *chain, const cs_op *op,
                             cs_ready *ready, clslice_error *err);

/* Hands the last link's event to *event (or releases it when event is
 * NULL); an empty chain gives a marker behind the wait list. */
clslice_status cs_chain_finish(cs_chain *chain, cl_event *event,
                               clslice_error *err);

/* Releases the last link's event (failure paths). */
void cs_chain_drop(cs_chain *chain);

/* ---- kernel launches (cl_kernel.c) -------------------------------------- */

enum {
    CS_JOB_MAX_ARGS = 16, /* the batch kernels take 14: src, 8
                           * destinations, the table, four scalars */
    CS_JOB_TABLE_WORDS = 6 + 3 * CS_MAX_DIMS /* the largest table: the
                                            * odometer, 64-bit */
};

/* One kernel launch being prepared.  Argument values point into the job
 * itself or into the caller's storage, so a job is used where it was
 * built and never copied. */
typedef struct cs_job {
    const char *family; /* "gather", "scatter", "fill", "CSR" (messages) */
    const char *name;   /* cs_kernel_name */
    cl_uint arg_count;
    cl_uint pointer_args; /* cl_mem and local arguments: a pointer each */
    size_t arg_size[CS_JOB_MAX_ARGS];
    const void *arg_value[CS_JOB_MAX_ARGS];
    cs_shape shape;
    /* storage the arguments may point into */
    union { cl_uint u32; cl_ulong u64; } src_base, dst_base;
    int table_bits;      /* 32 or 64: the kernel's cs_idx */
    size_t table_words;
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
/* The kernels' tables are structs whose members are all one cs_idx
 * (cl/ sources), so they are built as a list of words of the index width:
 * cs_job_table starts it, cs_job_word appends a value (wrapped to the
 * width: negative strides become two's complement, as the kernels
 * expect), cs_job_dims appends n values then pads to `dims` with `pad`,
 * and cs_job_table_arg appends the table as the next argument. */
void cs_job_table(cs_job *job, int index_bits);
void cs_job_word(cs_job *job, int64_t value);
void cs_job_dims(cs_job *job, const int64_t *values, int n, int dims,
                 int64_t pad);
void cs_job_table_arg(cs_job *job);
/* A __local argument of `bytes`. */
void cs_job_local(cs_job *job, size_t bytes);
/* A 1-D NDRange over `items` work-items in groups of up to `local`;
 * grid_stride: the kernel loops, so the grid may be capped. */
void cs_job_range(cs_job *job, size_t items, size_t local, bool grid_stride);

/* Enqueues the job with a kernel from the program's pool, its NDRange
 * fitted to the device and kernel (max_groups bounds grid-stride ones). */
clslice_status cs_job_enqueue(cl_command_queue queue,
                              const cs_program_info *program,
                              const cs_job *job, size_t max_groups,
                              cl_uint num_events, const cl_event *wait_list,
                              cl_event *event, clslice_error *err);

/* Arms, fires or drops a cs_armed_job (declared above). */
clslice_status cs_job_arm(const cs_program_info *program, const cs_job *job,
                          size_t max_groups, cs_armed_job *armed,
                          clslice_error *err);
/* Enqueues the armed launch and gives its kernel back, whatever happens. */
clslice_status cs_armed_enqueue(cs_armed_job *armed, cl_command_queue queue,
                                cl_uint num_events, const cl_event *wait_list,
                                cl_event *event, clslice_error *err);
void cs_armed_drop(cs_armed_job *armed);

/* cs_job_enqueue as the next link of `chain`. */
clslice_status cs_chain_job(cs_chain *chain, const cs_program_info *program,
                            const cs_job *job, size_t max_groups,
                            clslice_error *err);

/* The work-group size a 1-D launch of `variant` gets when it asks for
 * `want` items per group (cs_launch_fit on the pooled kernel's limit). */
clslice_status cs_job_local_size(const cs_program_info *program,
                                 cs_variant variant, size_t want,
                                 size_t *local, clslice_error *err);

/* The job of a gather, scatter or fill kernel the choice picked:
 * element grid (cl_kernel_grid.c) or rows (cl_kernel_rows.c).  src is
 * unused by a fill, whose element is the CS_FILL_BYTES at pattern. */
typedef struct cs_kernel_call {
    cs_kernel_kind kind;
    const cs_choice *choice;
    const cs_tuning *tuning;
    cl_mem src, dst;
    const unsigned char *pattern;
} cs_kernel_call;

void cs_grid_job(const cs_kernel_call *call, cs_job *job);
void cs_rows_job(const cs_program_info *program, const cs_kernel_call *call,
                 cs_job *job);
void cs_kernel_job(const cs_program_info *program, const cs_kernel_call *call,
                   cs_job *job);

/* ---- the CopyBufferRect shortcut (cl_rect.c) ---------------------------- */

clslice_status cs_rect_enqueue(const cs_op *op, const cs_box *box,
                               clslice_error *err);

#endif
