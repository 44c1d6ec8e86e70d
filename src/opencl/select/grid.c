/*
 * The element grids (cl/grid_gather.cl, cl/grid_scatter.cl): a work-item
 * per carrier, for gathers on every device but CPUs and for fills on
 * every device.  Ranks 1-4 have kernels with fixed-size tables; higher
 * ranks take the generic one.  Gathers get 256-item groups, scatters and
 * fills the 64 they were tuned with.
 */
#include "opencl/select/select.h"

static int rank_slot(const cs_move *move)
{
    return move->rank > 4 ? 4 : move->rank - 1;
}

void cs_choose_grid(cs_kernel_kind kind, const cs_move *move, cs_choice *c)
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
        c->local = CS_LOCAL_GRID_GATHER;
    } else {
        c->variant = kind == CS_KERNEL_FILL ? fill[r] : scatter[r];
        c->paths = 1u << CS_PATH_SCATTER;
        c->local = CS_LOCAL_GRID_WRITE;
    }
}
