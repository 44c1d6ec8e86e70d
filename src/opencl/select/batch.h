/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer select: how a batch of moves runs (cl/batch.cl), a batch of
 * gathers or a concatenation.  Which family, which common carrier, which
 * index width, how the moves are cut into units and with which group
 * size: one pure choice over the moves, made without a device
 * (tests/device/test_device_select.c).
 */
#ifndef CLSLICE_OPENCL_SELECT_BATCH_H
#define CLSLICE_OPENCL_SELECT_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "opencl/base/move.h"
#include "opencl/select/facts.h"
#include "opencl/select/index_width.h"
#include "opencl/select/variants.h"

/* Buffer arguments on the side of many of the wide kernels. */
enum { CS_BATCH_MAX_BUFFERS = 8 };

/* Which way a batch moves. */
typedef enum cs_batch_kind {
    CS_BATCH_GATHER, /* one source, many contiguous outputs */
    CS_BATCH_CONCAT  /* many sources, one strided destination */
} cs_batch_kind;

typedef struct cs_batch_choice {
    cs_batch_kind kind;
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

/* Chooses how a batch of `count` moves of `kind` runs on a device with
 * `device` facts under `tuning`; a move of no elements is an empty part.
 * Every other move is re-expressed in the chosen carrier
 * (cs_move_recarrier).  False, with nothing changed, when no move has an
 * element (a marker is all the call needs). */
bool cs_choose_batch(const cs_device_info *device, const cs_tuning *tuning,
                     unsigned flags, cs_batch_kind kind, cs_move *moves,
                     size_t count, cs_batch_choice *choice);

/* The kernel of one launch: `wide` when it uses more than one distinct
 * buffer on the side of many (CS_BATCH_MAX_BUFFERS arguments, else
 * one). */
cs_variant cs_batch_variant(const cs_batch_choice *choice, bool wide);

#endif
