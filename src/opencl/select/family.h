/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer select: a vendor-tuned kernel family, the way a kernel written
 * for one vendor's devices joins the dense calls (gathers, scatters,
 * fills) without an edit to the other families: a tuning row of that
 * vendor (tuning_table.c) points cs_tuning.family at it, and cs_choose
 * asks its chooser first, after the copy shortcuts, with the move the
 * device's own family would get.  A chooser that declines leaves the call
 * to that family.  Its program and kernels are rows of variants.def, its
 * packer a CS_FAMILY_PACKER row there (run/pack_family.c); CONTRIBUTING.md,
 * "Adding a vendor-tuned kernel family", is the recipe.
 */
#ifndef CLSLICE_OPENCL_SELECT_FAMILY_H
#define CLSLICE_OPENCL_SELECT_FAMILY_H

#include <stdbool.h>

#include "opencl/select/select.h"

typedef struct cs_family {
    const char *name;        /* for messages and tests */
    cs_program_kind program; /* the program its kernels are in, which
                              * clslice_runtime_prepare builds for the
                              * devices whose tuning names the family */
    /* Takes a kernel call of `kind` moving `move` when the family has a
     * kernel for it: sets the choice's program (= program), variant,
     * local and group sizes and paths (CS_PATH_TUNED) and returns true;
     * false leaves the choice as it was.  The choice's carrier and index
     * width are set already (cs_choose_kernel). */
    bool (*choose)(const cs_device_info *device, const cs_tuning *tuning,
                   cs_kernel_kind kind, const cs_move *move,
                   cs_choice *choice);
} cs_family;

#endif
