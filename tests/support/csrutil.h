/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * CSR helpers shared by the CSR tests: random matrices and slices, the
 * host slice as two calls, and an independent dense check of a result.
 */
#ifndef CLSLICE_TEST_CSRUTIL_H
#define CLSLICE_TEST_CSRUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "testutil.h"

/* Fills output buffers before a call that must not write them. */
enum { TC_BYTE = 0x5A };

/* A CSR matrix that owns its arrays (each malloc'd, at least 1 byte). */
typedef struct tc_csr {
    int64_t rows, cols, nnz;
    clslice_index_type type;
    size_t elem_size;
    void *indptr, *indices;
    unsigned char *data;
} tc_csr;

/* Allocates the arrays of a matrix with these sizes (indptr zeroed). */
void tc_csr_alloc(tc_csr *m, int64_t rows, int64_t cols, int64_t nnz,
                  clslice_index_type type, size_t elem_size);
void tc_csr_free(tc_csr *m);
clslice_csr tc_csr_view(const tc_csr *m);

int64_t tc_get(const void *a, clslice_index_type type, int64_t k);
void tc_put(void *a, clslice_index_type type, int64_t k, int64_t v);

/* A random matrix: shapes up to max_rows x max_cols (0 x N and N x 0
 * included), empty rows, unsorted and repeated columns, either index type,
 * element sizes 1..16, random data bytes. */
void tc_csr_random(tu_rng *rng, int64_t max_rows, int64_t max_cols,
                   tc_csr *m);

/* A random MXNet slice of [rows, cols] (length 1 or 2, None entries,
 * negative and out-of-range bounds, steps +-1..+-3); its text goes to
 * desc. */
clslice_plan *tc_plan_random(tu_rng *rng, int64_t rows, int64_t cols,
                             char *desc, size_t desc_size);

/* The MXNet plan for begin/end/step (NULL step: none); fails the test
 * when the plan cannot be built. */
clslice_plan *tc_plan(int64_t rows, int64_t cols, int n,
                      const clslice_opt_int64 *begin,
                      const clslice_opt_int64 *end,
                      const clslice_opt_int64 *step);

/* The host slice through clslice_host_csr_count + clslice_host_csr_slice
 * into a fresh matrix (checking that both agree on nnz). */
clslice_status tc_host_slice(const clslice_plan *plan, const tc_csr *in,
                             tc_csr *out, clslice_error *err);

/* Checks `out` against `in` sliced by `plan` without the CSR slicer:
 * the structure (indptr from 0, non-decreasing, ending at nnz; columns in
 * range), then, through a dense matrix of cell numbers gathered with
 * clslice_host_gather, that every output cell holds the values of its
 * source cell in order, and that every output row is a subsequence of its
 * input row (entry order kept).  Fails the test naming `desc`. */
void tc_check_dense(const clslice_plan *plan, const tc_csr *in,
                    const tc_csr *out, const char *desc);

/* Byte equality of two matrices (shape, types, all three arrays); fails
 * the test naming `desc` and `what`. */
void tc_assert_same(const tc_csr *a, const tc_csr *b, const char *what,
                    const char *desc);

#endif
