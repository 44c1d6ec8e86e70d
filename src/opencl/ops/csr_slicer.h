/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer ops: the device CSR slicer (csr*.c, cl/csr.cl).  It starts from
 * the call head (run/call.h), takes its choices from select/csr.h, and
 * its kernels from the runtime's pool as cs_job launches linked by a
 * cs_chain (run/job.h).  Here: the kernel parameters, the validated call,
 * the scan, and the diagnosis of a flagged input.
 */
#ifndef CLSLICE_OPENCL_OPS_CSR_H
#define CLSLICE_OPENCL_OPS_CSR_H

#include <stdbool.h>

#include "core/csr/csr_slice.h"
#include "opencl/run/call.h"
#include "opencl/run/job.h"
#include "opencl/select/csr.h"

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

/* ---- one validated call (csr_args.c) ------------------------------------ */

typedef struct cs_csr_call {
    cs_call call;
    const clslice_plan *plan;
    const clslice_cl_csr *in, *out;
    bool fill;    /* the fill pass: out->nnz and out's arrays are used */
    /* set by cs_csr_prepare */
    cs_csr_sel sel;
    size_t isize; /* bytes per index */
    cs_csr_choice choice;
    cs_program_info program;
    size_t max_groups; /* the runtime's tuning */
} cs_csr_call;

/* Checks the call: the head (cs_call_check), then what both passes share
 * (the plan, both headers; out->nnz and the output arrays only for the
 * fill), and the buffers' sizes, contexts and overlaps; chooses, and
 * builds or finds the program. */
clslice_status cs_csr_prepare(cs_csr_call *call, clslice_error *err);

/* The kernel parameters of the call; data bases use `carrier`-byte units
 * (0 when there is no data to move). */
void cs_csr_params_fill(const cs_csr_call *call, int64_t out_nnz,
                        size_t carrier, cs_csr_params *params);

/* ---- the scan (csr_scan.c) ---------------------------------------------- */

/* Enqueues an inclusive scan of n values of the index type at
 * counts[1 .. n] (in place), as links of `chain`. */
clslice_status cs_csr_scan(const cs_csr_call *call, cs_chain *chain,
                           cl_mem counts, int64_t n, clslice_error *err);

/* ---- diagnosis (csr_diagnose.c) ----------------------------------------- */

/* The device flagged the input: reads indptr and indices back (blocking)
 * and lets the host validator name the first bad position.  Always
 * returns an error. */
clslice_status cs_csr_diagnose(const cs_csr_call *call, clslice_error *err);

#endif
