/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Validating a CSR matrix before trusting it.  The same functions serve
 * the host slicer and the device slicer's diagnosis (which reads the
 * arrays back once the device has flagged a problem), so both name the
 * same first bad position with the same words.
 */
#include "core/csr/csr_slice.h"
#include "core/plan/plan.h"

clslice_status cs_csr_check_header(const char *name, int64_t rows,
                                   int64_t cols, clslice_index_type type,
                                   size_t elem_size, int64_t nnz,
                                   clslice_error *err)
{
    if (rows < 0 || cols < 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s: shape [%lld,%lld] has a negative dimension", name,
                       (long long)rows, (long long)cols);
    if (type != CLSLICE_INT32 && type != CLSLICE_INT64)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s: index_type = %d is neither CLSLICE_INT32 nor "
                       "CLSLICE_INT64", name, (int)type);
    if (elem_size == 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s: elem_size is 0; elements must be at least one "
                       "byte", name);
    int64_t most = type == CLSLICE_INT32 ? INT32_MAX : INT64_MAX;
    if (nnz < 0 || nnz > most)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s: nnz = %lld is out of range for %s indices", name,
                       (long long)nnz,
                       type == CLSLICE_INT32 ? "int32" : "int64");
    /* indptr has rows + 1 entries, which must be countable. */
    if (rows == INT64_MAX)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s: rows = %lld leaves no room for indptr", name,
                       (long long)rows);
    return CLSLICE_OK;
}

/* The problem with indptr[k], given indptr[k-1] (prev; unused at k = 0),
 * or CLSLICE_OK. */
static clslice_status check_pointer(int64_t k, int64_t value, int64_t prev,
                                    int64_t rows, int64_t nnz,
                                    clslice_error *err)
{
    if (k == 0 && value != 0)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "corrupt CSR: indptr[0] = %lld, but indptr must "
                       "start at 0", (long long)value);
    if (k > 0 && value < prev)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "corrupt CSR: indptr decreases at indptr[%lld] = "
                       "%lld < indptr[%lld] = %lld", (long long)k,
                       (long long)value, (long long)(k - 1),
                       (long long)prev);
    if (value > nnz)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "corrupt CSR: indptr[%lld] = %lld is past nnz = "
                       "%lld", (long long)k, (long long)value,
                       (long long)nnz);
    if (k == rows && value != nnz)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "corrupt CSR: indptr[%lld] (the last) = %lld, but "
                       "nnz = %lld", (long long)k, (long long)value,
                       (long long)nnz);
    return CLSLICE_OK;
}

clslice_status cs_csr_check_indptr(const void *indptr,
                                   clslice_index_type type, int64_t rows,
                                   int64_t nnz, clslice_error *err)
{
    int64_t prev = 0;
    for (int64_t k = 0; k <= rows; k++) {
        int64_t value = cs_csr_get(indptr, type, k);
        clslice_status st = check_pointer(k, value, prev, rows, nnz, err);
        if (st != CLSLICE_OK)
            return st;
        prev = value;
    }
    return CLSLICE_OK;
}

/* Lowest position in [lo, hi) whose column is outside [0, cols), or hi. */
static int64_t first_bad_column(const void *indices, clslice_index_type type,
                                int64_t lo, int64_t hi, int64_t cols)
{
    for (int64_t e = lo; e < hi; e++) {
        int64_t c = cs_csr_get(indices, type, e);
        if (c < 0 || c >= cols)
            return e;
    }
    return hi;
}

clslice_status cs_csr_check_columns(const cs_csr_sel *sel,
                                    const void *indptr, const void *indices,
                                    clslice_index_type type,
                                    clslice_error *err)
{
    /* Rows come in output order, which a negative step reverses: keep the
     * lowest position over all of them, not the first one met. */
    int64_t bad = INT64_MAX, bad_row = 0;
    for (int64_t i = 0; i < sel->out_rows; i++) {
        int64_t r = sel->row_start + i * sel->row_step;
        int64_t lo = cs_csr_get(indptr, type, r);
        int64_t hi = cs_csr_get(indptr, type, r + 1);
        int64_t e = first_bad_column(indices, type, lo, hi < bad ? hi : bad,
                                     sel->cols);
        if (e < hi && e < bad) {
            bad = e;
            bad_row = r;
        }
    }
    if (bad == INT64_MAX)
        return CLSLICE_OK;
    return cs_fail(err, CLSLICE_ERROR_SPEC,
                   "corrupt CSR: indices[%lld] = %lld (row %lld) is not a "
                   "column of a matrix with %lld columns", (long long)bad,
                   (long long)cs_csr_get(indices, type, bad),
                   (long long)bad_row, (long long)sel->cols);
}
