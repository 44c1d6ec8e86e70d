/*
 * The device CSR slicer (cl_csr*.c, cl/csr.cl), an operation on the
 * shared pipeline: its checks use cl_check.h, its kernels come from the
 * runtime's pool as cs_job launches linked by a cs_chain (cl_dispatch.h).
 * Here: the kernel parameters, the validated call, the scan, and the
 * diagnosis of a flagged input.
 */
#ifndef CLSLICE_CL_CSR_INTERNAL_H
#define CLSLICE_CL_CSR_INTERNAL_H

#include <stdbool.h>

#include "cl_dispatch.h"
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
    size_t max_groups; /* the runtime's tuning */
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

/* ---- the scan (cl_csr_scan.c) ------------------------------------------- */

/* Enqueues an inclusive scan of n values of the index type at
 * counts[1 .. n] (in place), as links of `chain`. */
clslice_status cs_csr_scan(const cs_csr_call *call, cs_chain *chain,
                           cl_mem counts, int64_t n, clslice_error *err);

/* ---- diagnosis (cl_csr_diagnose.c) -------------------------------------- */

/* The device flagged the input: reads indptr and indices back (blocking)
 * and lets the host validator name the first bad position.  Always
 * returns an error. */
clslice_status cs_csr_diagnose(const cs_csr_call *call, clslice_error *err);

#endif
