/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The jobs of the vendor-tuned families (select/family.h): each family's
 * program has its own packer, named by its CS_FAMILY_PACKER row of
 * select/variants.def, so a new family adds a row and a packer and edits
 * no other family's.
 */
#include "opencl/run/pack.h"

bool cs_family_job(const cs_program_info *program, const cs_kernel_call *call,
                   cs_job *job)
{
#define CS_FAMILY_PACKER(prog, packer)                                         \
    if (program->kind == CS_PROGRAM_##prog) {                                  \
        packer(program, call, job);                                            \
        return true;                                                           \
    }
#include "opencl/select/variants.def"
#undef CS_FAMILY_PACKER
    (void)program;
    (void)call;
    (void)job;
    return false;
}
