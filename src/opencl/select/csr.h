/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer select: how a CSR slice runs (cl/csr.cl).  The same passes on
 * every device: validate, count, scan, total (clslice_cl_csr_count), then
 * fill (clslice_cl_csr_fill).  Chosen here: the index width (the index
 * type's), the fill's data carrier and the group sizes.
 */
#ifndef CLSLICE_OPENCL_SELECT_CSR_H
#define CLSLICE_OPENCL_SELECT_CSR_H

#include <stddef.h>

#include "opencl/select/facts.h"
#include "opencl/select/variants.h"

typedef struct cs_csr_choice {
    cs_program_kind program; /* CS_PROGRAM_CSR */
    int index_bits;          /* the index type's: the program's cs_ux */
    size_t carrier;          /* bytes the fill moves per data access */
    size_t local;            /* the grid-stride passes */
    size_t scan_local;       /* the scan kernels, before the kernel's
                              * own limit */
    /* the kernels of each pass */
    cs_variant check, count, scan_block, scan_add, finish, fill;
} cs_csr_choice;

/* Chooses for indices of index_size bytes and elements of elem_size
 * bytes read from byte in_data_offset and written from out_data_offset,
 * with the group sizes of `tuning`. */
void cs_choose_csr(const cs_tuning *tuning, size_t index_size,
                   size_t elem_size,
                   size_t in_data_offset, size_t out_data_offset,
                   cs_csr_choice *choice);

#endif
