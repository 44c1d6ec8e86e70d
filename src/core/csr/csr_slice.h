/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * CSR slicing internals shared by the host slicer (host_csr.c), the
 * device slicer (src/opencl/ops/csr*.c) and the validation both rely on
 * (csr_check.c):
 * one reading of the plan, one column rule, one set of messages.
 */
#ifndef CLSLICE_CSR_INTERNAL_H
#define CLSLICE_CSR_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "clslice.h"

/* A plan read as a CSR slice: rows and columns, each a (start, step,
 * count) progression as the plan gives them. */
typedef struct cs_csr_sel {
    int64_t rows, cols;           /* input shape */
    int64_t row_start, row_step, out_rows;
    int64_t col_start, col_step, out_cols;
} cs_csr_sel;

/* Checks that plan is a plain, known 2-D plan (no shrink, no new axis) on
 * [rows, cols], that every output column fits an index of `type`, and
 * reads its selection. */
clslice_status cs_csr_select(const clslice_plan *plan, int64_t rows,
                             int64_t cols, clslice_index_type type,
                             cs_csr_sel *sel, clslice_error *err);

/* Bytes of one index of `type`. */
static inline size_t cs_csr_index_size(clslice_index_type type)
{
    return type == CLSLICE_INT64 ? 8 : 4;
}

/* Entry k of an index array of `type`. */
static inline int64_t cs_csr_get(const void *array, clslice_index_type type,
                                 int64_t k)
{
    if (type == CLSLICE_INT64)
        return ((const int64_t *)array)[k];
    return ((const int32_t *)array)[k];
}

static inline void cs_csr_put(void *array, clslice_index_type type, int64_t k,
                              int64_t value)
{
    if (type == CLSLICE_INT64)
        ((int64_t *)array)[k] = value;
    else
        ((int32_t *)array)[k] = (int32_t)value;
}

/* Output column of an entry in column c (0 <= c < cols), or -1 when the
 * slice drops it.  c - start cannot overflow: both lie in [0, cols) when
 * out_cols > 0.  The quotient test works for every step, negative and
 * INT64_MIN included (d / step never divides INT64_MIN by -1). */
static inline int64_t cs_csr_column(const cs_csr_sel *sel, int64_t c)
{
    if (sel->out_cols == 0)
        return -1;
    int64_t d = c - sel->col_start;
    int64_t j = sel->col_step == 1    ? d
                : sel->col_step == -1 ? -d
                                      : d / sel->col_step;
    if (j < 0 || j >= sel->out_cols || j * sel->col_step != d)
        return -1;
    return j;
}

/* Checks the scalar fields of a matrix (shape, type, sizes) that every
 * entry point needs before looking at arrays.  `name` prefixes messages
 * ("in", "out"). */
clslice_status cs_csr_check_header(const char *name, int64_t rows,
                                   int64_t cols, clslice_index_type type,
                                   size_t elem_size, int64_t nnz,
                                   clslice_error *err);

/* Validates the whole indptr (rows + 1 entries): indptr[0] == 0,
 * non-decreasing, at most nnz, indptr[rows] == nnz.  The message names
 * the lowest bad index. */
clslice_status cs_csr_check_indptr(const void *indptr,
                                   clslice_index_type type, int64_t rows,
                                   int64_t nnz, clslice_error *err);

/* Validates the column of every entry of every selected row (indptr
 * already valid).  The message names the lowest bad entry position. */
clslice_status cs_csr_check_columns(const cs_csr_sel *sel,
                                    const void *indptr, const void *indices,
                                    clslice_index_type type,
                                    clslice_error *err);

#endif
