/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The element grids (cl/grid_gather.cl, cl/grid_scatter.cl): a work-item
 * per carrier (four per work-item for 1- and 2-byte carriers), for
 * gathers and scatters on every device but CPUs and for fills on every
 * device.  Ranks 1-4 have kernels with fixed-size tables; higher ranks
 * take the generic one.
 *
 * Groups: on GPUs fitted to the move's extents within tuning.local_grid
 * (cs_grid_fit), since fixed shapes idled most of the work-items of
 * short rows (the GPU memory model counted 10.7 work-items per carrier
 * for the bench's rank-8 case under 8 x 32 groups, 4 for rows of 62
 * under 256 x 1; docs/performance.md).  CPU drivers compile a kernel
 * again for every local size (PoCL: ~40 ms each), so on CPU devices,
 * where the grid runs fills (and anything a test forces onto it), groups
 * keep the fixed shapes of tuning.local_grid_fixed items.  That is a
 * property of the driver, not of the family: it holds whatever the
 * tuning's style.
 */
#include "opencl/select/select.h"

static int rank_slot(const cs_move *move)
{
    return move->rank > 4 ? 4 : move->rank - 1;
}

static void choose_group(const cs_device_info *device,
                         const cs_tuning *tuning, const cs_move *move,
                         cs_choice *c)
{
    size_t extent[3];
    cs_grid_extents(move, extent);
    if (device->cpu) {
        c->local = tuning->local_grid_fixed;
        cs_grid_fixed(extent, c->local, c->group);
    } else {
        c->local = tuning->local_grid;
        cs_grid_fit(extent, c->local, c->group);
    }
}

void cs_choose_grid(const cs_device_info *device, const cs_tuning *tuning,
                    cs_kernel_kind kind, const cs_move *move, cs_choice *c)
{
    static const cs_variant gather[] = {
        CS_VARIANT_GRID_R1, CS_VARIANT_GRID_R2, CS_VARIANT_GRID_R3,
        CS_VARIANT_GRID_R4, CS_VARIANT_GRID_RN};
    static const cs_variant scatter[] = {
        CS_VARIANT_SCATTER_R1, CS_VARIANT_SCATTER_R2, CS_VARIANT_SCATTER_R3,
        CS_VARIANT_SCATTER_R4, CS_VARIANT_SCATTER_RN};
    static const cs_variant fill[] = {
        CS_VARIANT_FILL_R1, CS_VARIANT_FILL_R2, CS_VARIANT_FILL_R3,
        CS_VARIANT_FILL_R4, CS_VARIANT_FILL_RN};
    int r = rank_slot(move);
    if (kind == CS_KERNEL_GATHER) {
        c->variant = gather[r];
        c->paths = 1u << (CS_PATH_GRID_R1 + r);
    } else {
        c->variant = kind == CS_KERNEL_FILL ? fill[r] : scatter[r];
        c->paths = 1u << CS_PATH_SCATTER;
    }
    choose_group(device, tuning, move, c);
}
