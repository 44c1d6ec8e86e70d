/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer run: the argument packers of the dense families.  A gather,
 * scatter or fill kernel that cs_choose picked becomes a cs_job: its
 * buffers, bases and table in the layout its .cl source reads, and the
 * NDRange of the chosen group size.  Which kernel, carrier, width and
 * group size is the choice's (select/select.h); this only packs it.
 */
#ifndef CLSLICE_OPENCL_RUN_PACK_H
#define CLSLICE_OPENCL_RUN_PACK_H

#include "opencl/run/job.h"
#include "opencl/select/select.h"

/* A kernel launch of a dense choice.  src is unused by a fill, whose
 * element is the CS_FILL_BYTES at pattern. */
typedef struct cs_kernel_call {
    cs_kernel_kind kind;
    const cs_choice *choice;
    const cs_tuning *tuning;
    cl_mem src, dst;
    const unsigned char *pattern;
} cs_kernel_call;

/* The element grid's job (pack_grid.c: cl/grid_gather.cl,
 * cl/grid_scatter.cl). */
void cs_grid_job(const cs_kernel_call *call, cs_job *job);

/* The row family's job (pack_rows.c: cl/rows.cl); the odometer's split
 * depends on the program's device. */
void cs_rows_job(const cs_program_info *program, const cs_kernel_call *call,
                 cs_job *job);

/* The blocked program's job (pack_lanes.c: cl/blocked.cl), rows or
 * element grid as the choice's variant says. */
void cs_lanes_job(const cs_program_info *program, const cs_kernel_call *call,
                  cs_job *job);

/* The packers of the vendor-tuned families (select/variants.def). */
#define CS_FAMILY_PACKER(program, packer)                                      \
    void packer(const cs_program_info *program_info,                           \
                const cs_kernel_call *call, cs_job *job);
#include "opencl/select/variants.def"
#undef CS_FAMILY_PACKER

/* The job of a vendor-tuned family's program (pack_family.c); false when
 * the program is none of theirs. */
bool cs_family_job(const cs_program_info *program, const cs_kernel_call *call,
                   cs_job *job);

/* The job of whichever family the choice's program is. */
void cs_kernel_job(const cs_program_info *program, const cs_kernel_call *call,
                   cs_job *job);

#endif
