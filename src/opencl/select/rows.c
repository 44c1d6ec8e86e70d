/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The row family (cl/rows.cl), the CPU devices' gathers and scatters: a
 * work-item per row when the move has rank <= 3 and rows long enough,
 * else the odometer, several rows per work-item.  Both take groups of
 * tuning.local_rows.
 *
 * The row kernels are specialised by the innermost stride, the one thing
 * that decides whether LLVM vectorizes the copy well (measured on PoCL
 * 3.1; docs/design.md):
 *   +1  plain copy (scalar carriers: the move was narrowed);
 *   -1  reversed copy, d[i] = *(s - i);
 *    2  double-width reads and shifts (carriers <= 4 bytes, little-endian
 *       devices): a stride-2 gather loads lane by lane, this reads whole
 *       vectors;
 *   any other stride: an indexed gather.
 */
#include "opencl/select/select.h"

/* Short rows (tuning.short_row_bytes) go to the odometer: a work-item
 * per row would be mostly overhead. */
static bool use_odometer(const cs_move *move, int64_t short_row_bytes)
{
    if (move->rank == 1)
        return false; /* one row, or a split run: always long rows */
    return move->rank > 3 ||
           move->count[0] * (int64_t)move->carrier < short_row_bytes;
}

/* A gather's variant by the innermost stride; odometers have c and g. */
static void row_variant(const cs_move *move, bool little_endian,
                        cs_choice *c)
{
    int64_t stride = move->stride[0];
    bool scalar = move->carrier <= 4; /* c and s2 exist up to uint */
    bool odo = c->odometer;
    cs_path path;
    if (stride == 1 && scalar) {
        c->variant = odo ? CS_VARIANT_ODO_C : CS_VARIANT_ROWS_C;
        path = odo ? CS_PATH_ODO_C : CS_PATH_ROW_C;
    } else if (odo) {
        c->variant = CS_VARIANT_ODO_G;
        path = CS_PATH_ODO_G;
    } else if (stride == -1) {
        c->variant = CS_VARIANT_ROWS_R;
        path = CS_PATH_ROW_R;
    } else if (stride == 2 && scalar && little_endian) {
        c->variant = CS_VARIANT_ROWS_S2;
        path = CS_PATH_ROW_S2;
    } else {
        c->variant = CS_VARIANT_ROWS_G;
        path = CS_PATH_ROW_G;
    }
    c->paths = 1u << path;
}

/* A scatter's variant: destination inner stride +1, -1 or any (c r g),
 * then source inner stride +1, 0 or any (c b g).  A contiguous
 * destination takes the gather's kernels where they exist (c, r, g). */
static void scatter_variant(const cs_move *move, cs_choice *c)
{
    static const cs_variant rows[3][3] = {
        {CS_VARIANT_ROWS_C, CS_VARIANT_ROWS_CB, CS_VARIANT_ROWS_G},
        {CS_VARIANT_ROWS_RC, CS_VARIANT_ROWS_RB, CS_VARIANT_ROWS_RG},
        {CS_VARIANT_ROWS_GC, CS_VARIANT_ROWS_GB, CS_VARIANT_ROWS_GG}};
    static const cs_variant odo[3][3] = {
        {CS_VARIANT_ODO_C, CS_VARIANT_ODO_CB, CS_VARIANT_ODO_G},
        {CS_VARIANT_ODO_RC, CS_VARIANT_ODO_RB, CS_VARIANT_ODO_RG},
        {CS_VARIANT_ODO_GC, CS_VARIANT_ODO_GB, CS_VARIANT_ODO_GG}};
    int64_t dt = move->dst_stride[0], st = move->stride[0];
    int dst = dt == 1 ? 0 : dt == -1 ? 1 : 2;
    int src = st == 1 ? 0 : st == 0 ? 1 : 2;
    if (dst == 0 && src == 0 && move->carrier > 4)
        src = 2; /* no wide c kernels (the host narrows contiguous rows) */
    c->paths = 1u << (c->odometer ? CS_PATH_SODO : CS_PATH_SROW);
    c->paths |= 1u << (dst == 0 ? CS_PATH_SDST_C
                       : dst == 1 ? CS_PATH_SDST_R : CS_PATH_SDST_G);
    if (src == 1)
        c->paths |= 1u << CS_PATH_SSRC_B;
    if (dst == 0 && src == 2 && st == -1 && !c->odometer)
        c->variant = CS_VARIANT_ROWS_R; /* the gather's reversed rows */
    else
        c->variant = c->odometer ? odo[dst][src] : rows[dst][src];
}

void cs_choose_rows(const cs_device_info *device, const cs_tuning *tuning,
                    cs_kernel_kind kind, const cs_move *move, cs_choice *c)
{
    c->odometer = use_odometer(move, tuning->short_row_bytes);
    c->local = tuning->local_rows;
    if (kind != CS_KERNEL_GATHER) {
        scatter_variant(move, c);
        return;
    }
    row_variant(move, device->little_endian, c);
    if (!c->odometer) {
        cs_rows rows;
        cs_rows_build(move, tuning->row_split, &rows);
        if (rows.split)
            c->paths |= 1u << CS_PATH_ROW_SPLIT;
    }
}
