/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Agreement between ranks before anything moves: a hash of what a rank
 * was asked to redistribute, and one MPI_Allreduce that tells every rank
 * whether some rank refused the call and whether the hashes differ.
 */
#ifndef CLSLICE_MPI_AGREE_H
#define CLSLICE_MPI_AGREE_H

#include <stdint.h>

#include "clslice_mpi.h"

/* FNV-1a, 64 bits: the hash's running state. */
typedef struct cm_hash {
    uint64_t state;
} cm_hash;

void cm_hash_start(cm_hash *h);
void cm_hash_words(cm_hash *h, const int64_t *words, int count);

/* What a rank saw, and what every rank learns: the lowest rank that
 * refused (-1: none) and whether the hashes of the ranks that did not
 * refuse differ. */
typedef struct cm_agreement {
    int refused_by;
    int hashes_differ;
} cm_agreement;

/* The collective: every rank of comm calls it once, with its own
 * verdict (refused) and hash. */
clslice_status cm_agree(MPI_Comm comm, int rank, int refused, uint64_t hash,
                        cm_agreement *agreement, clslice_error *err);

#endif
