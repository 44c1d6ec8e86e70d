/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * How a batch of moves runs (cl/batch.cl), gathers and concatenations
 * alike: the family by the device (cs_rows_family), one carrier for
 * every move, the index width the whole launch needs, and the unit: the
 * share of a job that one work-item (rows) or one group (grid) moves.
 *
 * The carrier is the narrowest of the moves' own (every narrower power
 * of two divides what theirs divide); on the row family at most 4 bytes
 * when every move's innermost run is contiguous on both sides, which
 * keeps the copy loops scalar (cl/rows.cl says why).  A concatenation
 * along the last axis has strided runs (each part's column is written at
 * the destination's row stride), so it gets the strided unit, whose
 * neighbouring units then write the same destination lines while they
 * are cached, as a split's read the same source lines.
 */
#include "opencl/select/batch.h"

enum {
    GRID_PER_ITEM = 4,        /* carriers per work-item of a grid unit */
    ROWS_UNIT_BYTES = 16384,  /* contiguous rows: bytes per unit at most */
    ROWS_MIN_CHUNK = 64,
    ROWS_STRIDED_CHUNK = 128, /* strided rows: carriers per unit, so that
                               * the units of neighbouring jobs read the
                               * same source lines while they are cached
                               * (on PoCL, 2 cores, a 64-way split along
                               * the last axis of 64x64x64 f32 ran in
                               * ~180 us at 128-192 and ~350 us at 256 or
                               * more: a 256-byte stride uses a quarter
                               * of L1's sets) */
    ROWS_UNITS_PER_CU = 8
};

/* How far past the batch's last output carrier its kernels form indices:
 * up to a unit or a group past a job's end (before the bound check),
 * which must not wrap. */
#define INDEX_SLACK ((int64_t)1 << 20)

/* Output carriers per unit: for the rows family about 16 KB when every
 * job's rows are contiguous, 128 carriers when some are strided (units of
 * neighbouring jobs then share source lines in cache), fewer when the
 * batch is small so that every compute unit gets several units; for the
 * grid GRID_PER_ITEM carriers per work-item of a group of `group`. */
static int64_t chunk_of(int64_t total, size_t carrier, bool rows,
                        bool contiguous, cl_uint compute_units, size_t group)
{
    if (!rows)
        return (int64_t)group * GRID_PER_ITEM;
    int64_t most = contiguous ? ROWS_UNIT_BYTES / (int64_t)carrier
                              : ROWS_STRIDED_CHUNK;
    int64_t spread = (int64_t)(compute_units ? compute_units : 1) *
                     ROWS_UNITS_PER_CU;
    int64_t want = (total + spread - 1) / spread;
    return want < ROWS_MIN_CHUNK ? ROWS_MIN_CHUNK
           : want > most         ? most
                                 : want;
}

/* The narrowest carrier of the moves with elements, and whether all
 * their innermost runs are contiguous on both sides (a gather's
 * destination always is); false when none has elements. */
static bool survey(const cs_move *moves, size_t count, size_t *carrier,
                   bool *contiguous)
{
    bool any = false;
    *carrier = 16;
    *contiguous = true;
    for (size_t i = 0; i < count; i++)
        if (moves[i].elements > 0) {
            if (moves[i].carrier < *carrier)
                *carrier = moves[i].carrier;
            *contiguous = *contiguous && moves[i].stride[0] == 1 &&
                          moves[i].dst_stride[0] == 1;
            any = true;
        }
    return any;
}

bool cs_choose_batch(const cs_device_info *device, const cs_tuning *tuning,
                     unsigned flags, cs_batch_kind kind, cs_move *moves,
                     size_t count, cs_batch_choice *c)
{
    size_t carrier;
    bool contiguous;
    if (!survey(moves, count, &carrier, &contiguous))
        return false;
    bool rows = cs_rows_family(device, tuning);
    *c = (cs_batch_choice){
        .kind = kind, .program = CS_PROGRAM_BATCH, .rows = rows,
        .carrier = rows && contiguous && carrier > 4 ? 4 : carrier,
        .local = rows ? tuning->local_rows : tuning->local_grid,
        .unit_items = rows ? 1 : tuning->local_grid,
        .grid_stride = !rows};
    int64_t total = 0, largest = 0;
    for (size_t i = 0; i < count; i++) {
        cs_move *m = &moves[i];
        if (m->elements == 0)
            continue;
        cs_move_recarrier(m, c->carrier);
        total += m->elements;
        int64_t src = cs_move_src_max(m), dst = cs_move_dst_max(m);
        largest = src > largest ? src : largest;
        largest = dst > largest ? dst : largest;
    }
    int64_t past_end = total + INDEX_SLACK;
    c->index_bits = cs_index_bits(
        (uint64_t)(past_end > largest ? past_end : largest), flags);
    c->chunk = chunk_of(total, c->carrier, rows, contiguous,
                        device->compute_units, tuning->local_grid);
    return true;
}

cs_variant cs_batch_variant(const cs_batch_choice *c, bool wide)
{
    static const cs_variant variants[2][2][2] = {
        /* [kind][rows][wide] */
        {{CS_VARIANT_BATCH_GRID1, CS_VARIANT_BATCH_GRID8},
         {CS_VARIANT_BATCH_ROWS1, CS_VARIANT_BATCH_ROWS8}},
        {{CS_VARIANT_CONCAT_GRID1, CS_VARIANT_CONCAT_GRID8},
         {CS_VARIANT_CONCAT_ROWS1, CS_VARIANT_CONCAT_ROWS8}}};
    return variants[c->kind == CS_BATCH_CONCAT][c->rows][wide];
}
