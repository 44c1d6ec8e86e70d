/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * How a CSR slice runs: one program per index width, whatever the device
 * (the passes are grid-stride loops and a scan, good on either family),
 * and a fill that moves each element as the widest carrier dividing the
 * element size and both data offsets.
 */
#include "opencl/select/csr.h"

#include "opencl/base/move.h"

void cs_choose_csr(const cs_tuning *tuning, size_t index_size,
                   size_t elem_size,
                   size_t in_data_offset, size_t out_data_offset,
                   cs_csr_choice *c)
{
    *c = (cs_csr_choice){
        .program = CS_PROGRAM_CSR,
        .index_bits = (int)index_size * 8,
        .carrier = cs_widest_carrier(16, (uint64_t)elem_size |
                                             in_data_offset |
                                             out_data_offset),
        .local = tuning->local_csr,
        .scan_local = tuning->local_csr_scan,
        .check = CS_VARIANT_CSR_CHECK_INDPTR,
        .count = CS_VARIANT_CSR_COUNT,
        .scan_block = CS_VARIANT_CSR_SCAN_BLOCK,
        .scan_add = CS_VARIANT_CSR_SCAN_ADD,
        .finish = CS_VARIANT_CSR_FINISH,
        .fill = CS_VARIANT_CSR_FILL};
}
