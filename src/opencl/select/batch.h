/*
 * Layer select: how a batch of gathers runs (cl/batch.cl).  Which family,
 * which common carrier, which index width, how the outputs are cut into
 * units and with which group size: one pure choice over the plans'
 * moves, made without a device (tests/device/test_device_select.c).
 */
#ifndef CLSLICE_OPENCL_SELECT_BATCH_H
#define CLSLICE_OPENCL_SELECT_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "opencl/base/move.h"
#include "opencl/select/facts.h"
#include "opencl/select/variants.h"

/* Destination buffer arguments of the wide batch kernels. */
enum { CS_BATCH_MAX_DSTS = 8 };

typedef struct cs_batch_choice {
    cs_program_kind program; /* CS_PROGRAM_BATCH */
    bool rows;               /* the row family (cs_rows_family) */
    size_t carrier;          /* every move's, after the choice */
    int index_bits;          /* 32 or 64 */
    int64_t chunk;           /* output carriers per unit */
    size_t local;            /* work-items per group asked for */
    size_t unit_items;       /* work-items per unit: 1 (rows), a group
                              * (grid) */
    bool grid_stride;        /* the grid kernels loop over their units */
} cs_batch_choice;

/* Chooses how a batch of `count` moves runs on a device with `device`
 * facts under `tuning`; a move of no elements is an empty plan.  Every
 * other move is re-expressed in the chosen carrier (cs_move_recarrier).
 * False, with nothing changed, when no move has an element (a marker is
 * all the call needs). */
bool cs_choose_batch(const cs_device_info *device, const cs_tuning *tuning,
                     unsigned flags, cs_move *moves, size_t count,
                     cs_batch_choice *choice);

/* The kernel of one launch: `wide` when it writes more than one distinct
 * destination buffer (CS_BATCH_MAX_DSTS arguments, else one). */
cs_variant cs_batch_variant(const cs_batch_choice *choice, bool wide);

#endif
