/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Agreement between ranks (mpi_agree.h).  One MPI_Allreduce (MPI_MAX) of
 * three words: INT_MAX minus the rank for a rank that refused (so the
 * maximum names the lowest such rank), the hash, and its complement.
 * Every rank whose hash is below the maximum sees the difference in the
 * second word; a rank that holds the maximum holds the minimal
 * complement, so it sees it in the third unless every hash is the same.
 * A rank that refused sends zeros for both, and the others ignore the
 * hashes then.
 */
#include <limits.h>

#include "mpi/mpi_agree.h"
#include "mpi/mpi_error.h"

void cm_hash_start(cm_hash *h)
{
    h->state = 0xcbf29ce484222325u;
}

void cm_hash_words(cm_hash *h, const int64_t *words, int count)
{
    for (int i = 0; i < count; i++) {
        uint64_t w = (uint64_t)words[i];
        for (int byte = 0; byte < 8; byte++) {
            h->state ^= (w >> (8 * byte)) & 0xffu;
            h->state *= 0x100000001b3u;
        }
    }
}

clslice_status cm_agree(MPI_Comm comm, int rank, int refused, uint64_t hash,
                        cm_agreement *agreement, clslice_error *err)
{
    unsigned long long mine[3] = {
        refused ? (unsigned long long)(INT_MAX - rank) : 0,
        refused ? 0 : hash, refused ? 0 : ~hash};
    unsigned long long most[3];
    int rc = MPI_Allreduce(mine, most, 3, MPI_UNSIGNED_LONG_LONG, MPI_MAX,
                           comm);
    if (rc != MPI_SUCCESS)
        return cm_mpi_fail(err, "MPI_Allreduce", rc);
    agreement->refused_by = most[0] ? INT_MAX - (int)most[0] : -1;
    agreement->hashes_differ = most[1] != (unsigned long long)hash ||
                               most[2] != (unsigned long long)~hash;
    return CLSLICE_OK;
}
