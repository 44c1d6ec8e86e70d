/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * How the CPU row family splits a move into work-items (cl/rows.cl):
 * rows for rank <= 3, runs of rows for the odometer.
 *
 * A CPU device runs as many work-groups at once as it has cores, so the
 * work must come in enough pieces to keep every core busy and each piece
 * big enough for its loop to run at memory speed.  A rank-1 or rank-2
 * move with long rows would leave cores idle (one row is one work-item),
 * so its rows are cut into chunks; short rows are grouped instead.
 */
#include "opencl/base/move.h"

enum {
    ODOMETER_ITEM_BYTES = 4096, /* output bytes per odometer work-item:
                                 * ~5 KB measured best on PoCL (case 7) */
    ITEMS_PER_UNIT = 4          /* ...but at least this many work-items per
                                 * compute unit, for balance */
};

void cs_rows_build(const cs_move *move, int64_t split, cs_rows *rows)
{
    rows->src_base = move->src_base;
    rows->dst_base = move->dst_base;
    rows->n0 = move->count[0];
    rows->st0 = move->stride[0];
    rows->dt0 = move->dst_stride[0];
    rows->n1 = move->rank > 1 ? move->count[1] : 1;
    rows->s1 = move->rank > 1 ? move->stride[1] : 0;
    rows->d1 = move->rank > 1 ? move->dst_stride[1] : 0;
    rows->n2 = move->rank > 2 ? move->count[2] : 1;
    rows->s2 = move->rank > 2 ? move->stride[2] : 0;
    rows->d2 = move->rank > 2 ? move->dst_stride[2] : 0;
    rows->last = rows->n0;
    rows->split = false;
    if (move->rank > 2 || split < 1 || rows->n0 <= split)
        return;
    /* Chunks of split / 2 carriers: rows (i1 = chunk, i2 = old row), the
     * last chunk of each old row holding what is left (>= 1). */
    int64_t chunk = split / 2 > 0 ? split / 2 : 1;
    int64_t chunks = (rows->n0 + chunk - 1) / chunk;
    rows->n2 = rows->n1;
    rows->s2 = rows->s1;
    rows->d2 = rows->d1;
    rows->n1 = chunks;
    rows->s1 = chunk * rows->st0;
    rows->d1 = chunk * rows->dt0;
    rows->last = rows->n0 - (chunks - 1) * chunk;
    rows->n0 = chunk;
    rows->split = true;
}

int64_t cs_odometer_rows(const cs_move *move, cl_uint compute_units)
{
    int64_t row_bytes = move->count[0] * (int64_t)move->carrier;
    int64_t rows = 1;
    for (int k = 1; k < move->rank; k++)
        rows *= move->count[k];
    int64_t per = ODOMETER_ITEM_BYTES / (row_bytes > 0 ? row_bytes : 1);
    int64_t units = compute_units > 0 ? compute_units : 1;
    int64_t most = rows / (ITEMS_PER_UNIT * units);
    if (per > most)
        per = most;
    return per > 0 ? per : 1;
}
