/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The host CSR slicer: the oracle for the device slicer and a CPU path.
 * Everything is validated before anything is written, so a failed call
 * leaves the caller's output untouched.
 */
#include <string.h>

#include "core/csr/csr_slice.h"
#include "core/plan/plan.h"

static clslice_status check_arrays(const clslice_csr *in, clslice_error *err)
{
    if (!in->indptr)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "in->indptr is NULL (it has rows + 1 entries)");
    if (in->nnz > 0 && !in->indices)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "in->indices is NULL but nnz = %lld",
                       (long long)in->nnz);
    if (in->nnz > 0 && !in->data)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "in->data is NULL but nnz = %lld", (long long)in->nnz);
    return CLSLICE_OK;
}

/* Everything the slice relies on, in the order the docs give it. */
static clslice_status prepare(const clslice_plan *plan, const clslice_csr *in,
                              cs_csr_sel *sel, clslice_error *err)
{
    if (!in)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "in is NULL");
    clslice_status st = cs_csr_check_header("in", in->rows, in->cols,
                                            in->index_type, in->elem_size,
                                            in->nnz, err);
    if (st == CLSLICE_OK)
        st = check_arrays(in, err);
    if (st == CLSLICE_OK)
        st = cs_csr_select(plan, in->rows, in->cols, in->index_type, sel,
                           err);
    if (st == CLSLICE_OK)
        st = cs_csr_check_indptr(in->indptr, in->index_type, in->rows,
                                 in->nnz, err);
    if (st == CLSLICE_OK)
        st = cs_csr_check_columns(sel, in->indptr, in->indices,
                                  in->index_type, err);
    return st;
}

/* Entries input row r keeps. */
static int64_t row_kept(const cs_csr_sel *sel, const clslice_csr *in,
                        int64_t r)
{
    int64_t kept = 0;
    int64_t hi = cs_csr_get(in->indptr, in->index_type, r + 1);
    for (int64_t e = cs_csr_get(in->indptr, in->index_type, r); e < hi; e++)
        kept += cs_csr_column(sel, cs_csr_get(in->indices, in->index_type,
                                              e)) >= 0;
    return kept;
}

static int64_t count_kept(const cs_csr_sel *sel, const clslice_csr *in)
{
    int64_t total = 0;
    for (int64_t i = 0; i < sel->out_rows; i++)
        total += row_kept(sel, in, sel->row_start + i * sel->row_step);
    return total;
}

clslice_status clslice_host_csr_count(const clslice_plan *plan,
                                      const clslice_csr *in,
                                      int64_t *out_nnz, clslice_error *err)
{
    if (!out_nnz)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "out_nnz is NULL");
    cs_csr_sel sel;
    clslice_status st = prepare(plan, in, &sel, err);
    if (st != CLSLICE_OK)
        return st;
    *out_nnz = count_kept(&sel, in);
    return cs_ok(err);
}

/* Writes the slice; the caller checked every size. */
static void fill(const cs_csr_sel *sel, const clslice_csr *in,
                 void *out_indptr, void *out_indices, void *out_data)
{
    clslice_index_type type = in->index_type;
    const unsigned char *data = in->data;
    unsigned char *dst = out_data;
    int64_t p = 0;
    cs_csr_put(out_indptr, type, 0, 0);
    for (int64_t i = 0; i < sel->out_rows; i++) {
        int64_t r = sel->row_start + i * sel->row_step;
        int64_t hi = cs_csr_get(in->indptr, type, r + 1);
        for (int64_t e = cs_csr_get(in->indptr, type, r); e < hi; e++) {
            int64_t j = cs_csr_column(sel, cs_csr_get(in->indices, type, e));
            if (j < 0)
                continue;
            cs_csr_put(out_indices, type, p, j);
            memcpy(dst + (size_t)p * in->elem_size,
                   data + (size_t)e * in->elem_size, in->elem_size);
            p++;
        }
        cs_csr_put(out_indptr, type, i + 1, p);
    }
}

static clslice_status check_output(int64_t nnz, void *out_indptr,
                                   void *out_indices, void *out_data,
                                   int64_t capacity, clslice_error *err)
{
    if (!out_indptr)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "out_indptr is NULL (it receives count_r + 1 "
                       "entries)");
    if (capacity < nnz)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "capacity = %lld is too small: the slice keeps %lld "
                       "entries", (long long)capacity, (long long)nnz);
    if (nnz > 0 && (!out_indices || !out_data))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "out_%s is NULL but the slice keeps %lld entries",
                       out_indices ? "data" : "indices", (long long)nnz);
    return CLSLICE_OK;
}

clslice_status clslice_host_csr_slice(const clslice_plan *plan,
                                      const clslice_csr *in, void *out_indptr,
                                      void *out_indices, void *out_data,
                                      int64_t capacity, int64_t *out_nnz,
                                      clslice_error *err)
{
    if (!out_nnz)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "out_nnz is NULL");
    cs_csr_sel sel;
    clslice_status st = prepare(plan, in, &sel, err);
    if (st != CLSLICE_OK)
        return st;
    int64_t nnz = count_kept(&sel, in);
    st = check_output(nnz, out_indptr, out_indices, out_data, capacity, err);
    if (st != CLSLICE_OK)
        return st;
    fill(&sel, in, out_indptr, out_indices, out_data);
    *out_nnz = nnz;
    return cs_ok(err);
}
