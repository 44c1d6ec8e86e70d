/*
 * Internals of the device CSR slicer (cl_csr*.c, cl/csr.cl): the kernel
 * parameters, buffer checks for named arrays, a chain of dependent
 * enqueues, the scan, and the diagnosis of a flagged input.
 */
#ifndef CLSLICE_CL_CSR_INTERNAL_H
#define CLSLICE_CL_CSR_INTERNAL_H

#include <stdbool.h>

#include "cl_internal.h"
#include "core/csr.h"

/* Mirrors cs_csr_params in cl/csr.cl member for member (all cl_long, so
 * both sides agree without padding rules).  Bases are in elements of the
 * array (indices) or in carriers (data). */
typedef struct cs_csr_params {
    cl_long rows, cols, nnz;
    cl_long row_start, row_step, out_rows;
    cl_long col_start, col_step, out_cols;
    cl_long out_nnz;
    cl_long indptr_base, indices_base, data_base;
    cl_long out_indptr_base, out_indices_base, out_data_base;
    cl_long carriers;
} cs_csr_params;

/* Status flags of cl/csr.cl (status word 0). */
enum { CS_CSR_STATUS_WORDS = 4 };

/* ---- one validated call (cl_csr_args.c) --------------------------------- */

typedef struct cs_csr_call {
    clslice_runtime *runtime;
    cl_command_queue queue;
    cl_device_id device;
    cs_csr_sel sel;
    const clslice_cl_csr *in, *out;
    size_t isize; /* bytes per index */
    cs_program_info program;
} cs_csr_call;

/* Checks the arguments shared by both passes (the runtime, queue, plan,
 * both headers and the wait list; out->nnz and the output arrays only when
 * `fill`), and the buffers' sizes, contexts and overlaps; builds or finds
 * the program. */
clslice_status cs_csr_prepare(cs_csr_call *call, clslice_runtime *runtime,
                              cl_command_queue queue,
                              const clslice_plan *plan,
                              const clslice_cl_csr *in,
                              const clslice_cl_csr *out, bool fill,
                              cl_uint num_events, const cl_event *wait_list,
                              clslice_error *err);

/* The kernel parameters of the call; data bases use `carrier`-byte units
 * (0 when there is no data to move). */
void cs_csr_params_fill(const cs_csr_call *call, int64_t out_nnz,
                        size_t carrier, cs_csr_params *params);

/* ---- buffers by name (cl_csr_buffers.c) --------------------------------- */

/* One array argument: "in->indices" etc., where it starts, how many bytes
 * it needs. */
typedef struct cs_csr_array {
    const char *name;
    cl_mem buffer; /* may be NULL only when bytes is 0 */
    size_t offset;
    size_t bytes;
    bool output;
} cs_csr_array;

/* Checks every array: a buffer of `context` where bytes are needed, room
 * for them after the offset, and no output overlapping another array. */
clslice_status cs_csr_check_arrays(cl_context context,
                                   const cs_csr_array *arrays, int count,
                                   clslice_error *err);

/* ---- a chain of dependent enqueues (cl_csr_chain.c) -------------------- */

/* Each enqueue waits for the previous one, the first for the caller's
 * wait list, so the passes work on out-of-order queues too. */
typedef struct cs_csr_chain {
    cl_command_queue queue;
    cl_uint num_events;
    const cl_event *wait_list;
    cl_event last; /* NULL before the first enqueue */
} cs_csr_chain;

void cs_csr_chain_start(cs_csr_chain *chain, cl_command_queue queue,
                        cl_uint num_events, const cl_event *wait_list);

/* Enqueues `kernel` over global[0] items in groups of local[0] (1-D) as
 * the next link. */
clslice_status cs_csr_chain_kernel(cs_csr_chain *chain, cl_kernel kernel,
                                   size_t global, size_t local,
                                   clslice_error *err);

/* Hands the last link's event to *event (or releases it when event is
 * NULL); an empty chain gives a marker behind the wait list. */
clslice_status cs_csr_chain_finish(cs_csr_chain *chain, cl_event *event,
                                   clslice_error *err);

/* Releases the last link's event (failure paths). */
void cs_csr_chain_drop(cs_csr_chain *chain);

/* ---- kernels (cl_csr_kernel.c) ------------------------------------------ */

/* Creates kernel `name` from the call's program. */
clslice_status cs_csr_kernel(const cs_csr_call *call, const char *name,
                             cl_kernel *kernel, clslice_error *err);

/* Sets argument `index` to `size` bytes at `value`; names the kernel on
 * failure. */
clslice_status cs_csr_arg(cl_kernel kernel, cl_uint index, size_t size,
                          const void *value, clslice_error *err);

/* Work-items per group for a 1-D launch: a power of two, at most `want`
 * and what the kernel and device allow. */
clslice_status cs_csr_local_size(const cs_csr_call *call, cl_kernel kernel,
                                 size_t want, size_t *local,
                                 clslice_error *err);

/* Global size for a grid-stride kernel over n items: a multiple of local,
 * capped at the runtime's group limit (the kernel loops past it). */
size_t cs_csr_grid(const cs_csr_call *call, int64_t n, size_t local);

/* ---- the scan (cl_csr_scan.c) ------------------------------------------- */

/* Enqueues an inclusive scan of n values of the index type at
 * counts[1 .. n] (in place), as links of `chain`. */
clslice_status cs_csr_scan(const cs_csr_call *call, cs_csr_chain *chain,
                           cl_mem counts, int64_t n, clslice_error *err);

/* ---- diagnosis (cl_csr_diagnose.c) -------------------------------------- */

/* The device flagged the input: reads indptr and indices back (blocking)
 * and lets the host validator name the first bad position.  Always
 * returns an error. */
clslice_status cs_csr_diagnose(const cs_csr_call *call, clslice_error *err);

#endif
