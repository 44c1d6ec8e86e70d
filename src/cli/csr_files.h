/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* CSR matrices as files: PREFIX_indptr.npy, PREFIX_indices.npy,
 * PREFIX_data.npy and PREFIX_shape.npy, the arrays a scipy.sparse user
 * gets with np.save of m.indptr, m.indices, m.data and np.array(m.shape).
 * indptr and indices are 1-D int32 or int64 arrays of one type, data is a
 * 1-D array of any dtype the tool reads, shape holds [rows, cols]. */
#ifndef CLI_CSR_FILES_H
#define CLI_CSR_FILES_H

#include <stdint.h>

#include "clslice.h"
#include "diag.h"
#include "npy/npy.h"

typedef struct cli_csr {
    int64_t rows, cols;
    clslice_index_type index_type;
    cli_npy indptr, indices, data;
} cli_csr;

/* Loads and cross-checks the four files (lengths, one index type); the
 * values themselves are validated by the library.  Failures are
 * CLI_EXIT_FILE naming the file.  On failure *m needs no cli_csr_free. */
int cli_csr_load(const char *prefix, cli_csr *m, cli_err *err);

/* Writes the four files all or none: each goes to a temporary file first,
 * and only when all four are complete are they renamed into place (after
 * checking that no target is a directory, the one failure of rename() a
 * check can foresee). */
int cli_csr_save(const char *prefix, const cli_csr *m, cli_err *err);

/* A matrix of rows x cols with room for nnz entries, of like's index and
 * data types (indptr zeroed).  Fails only when memory runs out. */
int cli_csr_alloc(const cli_csr *like, int64_t rows, int64_t cols,
                  int64_t nnz, cli_csr *m, cli_err *err);

void cli_csr_free(cli_csr *m);

/* The library's view of m. */
clslice_csr cli_csr_view(const cli_csr *m);

#endif
