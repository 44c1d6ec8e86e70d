/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
#include "csrutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        fail_msg("out of memory");
    return p;
}

void tc_csr_alloc(tc_csr *m, int64_t rows, int64_t cols, int64_t nnz,
                  clslice_index_type type, size_t elem_size)
{
    size_t is = type == CLSLICE_INT64 ? 8 : 4;
    m->rows = rows;
    m->cols = cols;
    m->nnz = nnz;
    m->type = type;
    m->elem_size = elem_size;
    m->indptr = xcalloc((size_t)rows + 1, is);
    m->indices = xcalloc((size_t)nnz, is);
    m->data = xcalloc((size_t)nnz, elem_size);
}

void tc_csr_free(tc_csr *m)
{
    free(m->indptr);
    free(m->indices);
    free(m->data);
    memset(m, 0, sizeof *m);
}

clslice_csr tc_csr_view(const tc_csr *m)
{
    clslice_csr v = {m->rows, m->cols, m->type, m->elem_size, m->nnz,
                     m->indptr, m->indices, m->data};
    return v;
}

int64_t tc_get(const void *a, clslice_index_type type, int64_t k)
{
    return type == CLSLICE_INT64 ? ((const int64_t *)a)[k]
                                 : ((const int32_t *)a)[k];
}

void tc_put(void *a, clslice_index_type type, int64_t k, int64_t v)
{
    if (type == CLSLICE_INT64)
        ((int64_t *)a)[k] = v;
    else
        ((int32_t *)a)[k] = (int32_t)v;
}

/* A size up to most, small ones and 0 often. */
static int64_t random_extent(tu_rng *rng, int64_t most)
{
    switch (tu_range(rng, 0, 9)) {
    case 0:
        return 0;
    case 1:
        return 1;
    case 2:
        return most;
    default:
        return tu_range(rng, 0, most < 8 ? most : 8);
    }
}

/* Entries of one row: empty now and then, sometimes denser than the row
 * is wide (repeated columns). */
static int64_t random_row_length(tu_rng *rng, int64_t cols)
{
    if (cols == 0 || tu_range(rng, 0, 3) == 0)
        return 0;
    return tu_range(rng, 0, cols + 2);
}

/* Columns of one row at indices[lo..hi): random with repeats, or sorted
 * and distinct (the canonical form) now and then. */
static void random_columns(tu_rng *rng, tc_csr *m, int64_t lo, int64_t hi)
{
    bool sorted = tu_range(rng, 0, 3) == 0 && hi - lo <= m->cols;
    int64_t c = 0;
    for (int64_t e = lo; e < hi; e++) {
        if (sorted) {
            int64_t left = m->cols - c - (hi - e); /* room to skip */
            c += tu_range(rng, 0, left > 2 ? 2 : left);
            tc_put(m->indices, m->type, e, c++);
        } else {
            tc_put(m->indices, m->type, e, tu_range(rng, 0, m->cols - 1));
        }
    }
}

void tc_csr_random(tu_rng *rng, int64_t max_rows, int64_t max_cols,
                   tc_csr *m)
{
    int64_t rows = random_extent(rng, max_rows);
    int64_t cols = random_extent(rng, max_cols);
    int64_t *length = xcalloc((size_t)rows + 1, sizeof *length);
    int64_t nnz = 0;
    for (int64_t r = 0; r < rows; r++)
        nnz += length[r] = random_row_length(rng, cols);
    clslice_index_type type = tu_range(rng, 0, 1) ? CLSLICE_INT64
                                                  : CLSLICE_INT32;
    tc_csr_alloc(m, rows, cols, nnz, type, (size_t)tu_range(rng, 1, 16));
    int64_t at = 0;
    for (int64_t r = 0; r < rows; r++) {
        random_columns(rng, m, at, at + length[r]);
        at += length[r];
        tc_put(m->indptr, type, r + 1, at);
    }
    for (size_t b = 0; b < (size_t)nnz * m->elem_size; b++)
        m->data[b] = (unsigned char)tu_next(rng);
    free(length);
}

/* One begin/end entry for a dimension of size n. */
static clslice_opt_int64 random_bound(tu_rng *rng, int64_t n)
{
    clslice_opt_int64 v = {0, 0};
    switch (tu_range(rng, 0, 11)) {
    case 0:
        v.is_none = 1;
        break;
    case 1:
        v.value = INT64_MIN;
        break;
    case 2:
        v.value = INT64_MAX;
        break;
    default:
        v.value = tu_range(rng, -n - 3, n + 3);
    }
    return v;
}

static clslice_opt_int64 random_step(tu_rng *rng)
{
    clslice_opt_int64 v = {0, 0};
    if (tu_range(rng, 0, 5) == 0) {
        v.is_none = 1;
        return v;
    }
    v.value = tu_range(rng, 1, 3) * (tu_range(rng, 0, 1) ? 1 : -1);
    return v;
}

static void describe_opt(char *buf, size_t size, const clslice_opt_int64 *v,
                         int n)
{
    size_t used = strlen(buf);
    for (int i = 0; i < n && used + 32 < size; i++) {
        if (v[i].is_none)
            used += (size_t)snprintf(buf + used, size - used, "%sNone",
                                     i ? "," : "");
        else
            used += (size_t)snprintf(buf + used, size - used, "%s%lld",
                                     i ? "," : "", (long long)v[i].value);
    }
}

clslice_plan *tc_plan_random(tu_rng *rng, int64_t rows, int64_t cols,
                             char *desc, size_t desc_size)
{
    int n = (int)tu_range(rng, 1, 2);
    bool with_step = tu_range(rng, 0, 4) != 0;
    int64_t dims[2] = {rows, cols};
    clslice_opt_int64 begin[2], end[2], step[2];
    for (int d = 0; d < n; d++) {
        begin[d] = random_bound(rng, dims[d]);
        end[d] = random_bound(rng, dims[d]);
        step[d] = random_step(rng);
    }
    snprintf(desc, desc_size, "shape [%lld,%lld] begin=", (long long)rows,
             (long long)cols);
    describe_opt(desc, desc_size, begin, n);
    strncat(desc, " end=", desc_size - strlen(desc) - 1);
    describe_opt(desc, desc_size, end, n);
    if (with_step) {
        strncat(desc, " step=", desc_size - strlen(desc) - 1);
        describe_opt(desc, desc_size, step, n);
    }
    return tc_plan(rows, cols, n, begin, end, with_step ? step : NULL);
}

clslice_plan *tc_plan(int64_t rows, int64_t cols, int n,
                      const clslice_opt_int64 *begin,
                      const clslice_opt_int64 *end,
                      const clslice_opt_int64 *step)
{
    int64_t shape[2] = {rows, cols};
    clslice_plan *plan = NULL;
    clslice_error err;
    if (clslice_plan_mxnet(shape, 2, begin, (size_t)n, end, (size_t)n, step,
                           step ? (size_t)n : 0, &plan, &err) != CLSLICE_OK)
        fail_msg("clslice_plan_mxnet failed: %s", err.message);
    return plan;
}

clslice_status tc_host_slice(const clslice_plan *plan, const tc_csr *in,
                             tc_csr *out, clslice_error *err)
{
    clslice_csr v = tc_csr_view(in);
    int64_t nnz = -1, filled = -1, shape[2];
    memset(out, 0, sizeof *out);
    clslice_status st = clslice_host_csr_count(plan, &v, &nnz, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_plan_output_shape(plan, shape);
    tc_csr_alloc(out, shape[0], shape[1], nnz, in->type, in->elem_size);
    st = clslice_host_csr_slice(plan, &v, out->indptr, out->indices,
                                out->data, nnz, &filled, err);
    if (st != CLSLICE_OK) {
        tc_csr_free(out);
        return st;
    }
    if (filled != nnz)
        fail_msg("host count says %lld entries, slice wrote %lld",
                 (long long)nnz, (long long)filled);
    return st;
}

static void check_structure(const tc_csr *m, const char *desc)
{
    if (tc_get(m->indptr, m->type, 0) != 0)
        fail_msg("%s: indptr[0] = %lld", desc,
                 (long long)tc_get(m->indptr, m->type, 0));
    for (int64_t i = 0; i < m->rows; i++)
        if (tc_get(m->indptr, m->type, i + 1) <
            tc_get(m->indptr, m->type, i))
            fail_msg("%s: indptr decreases at %lld", desc, (long long)i + 1);
    if (tc_get(m->indptr, m->type, m->rows) != m->nnz)
        fail_msg("%s: indptr ends at %lld, nnz = %lld", desc,
                 (long long)tc_get(m->indptr, m->type, m->rows),
                 (long long)m->nnz);
    for (int64_t e = 0; e < m->nnz; e++) {
        int64_t c = tc_get(m->indices, m->type, e);
        if (c < 0 || c >= m->cols)
            fail_msg("%s: out indices[%lld] = %lld, cols = %lld", desc,
                     (long long)e, (long long)c, (long long)m->cols);
    }
}

/* Source cell (row, column) of every output cell, by gathering a dense
 * matrix of cell numbers with the plan. */
static int64_t *source_cells(const clslice_plan *plan, const tc_csr *in,
                             int64_t out_cells)
{
    int64_t cells = in->rows * in->cols;
    int64_t *numbers = xcalloc((size_t)cells, sizeof *numbers);
    int64_t *gathered = xcalloc((size_t)out_cells, sizeof *gathered);
    for (int64_t k = 0; k < cells; k++)
        numbers[k] = k;
    clslice_error err;
    if (clslice_host_gather(plan, sizeof *numbers, numbers,
                            (size_t)cells * sizeof *numbers, gathered,
                            (size_t)out_cells * sizeof *gathered,
                            &err) != CLSLICE_OK)
        fail_msg("clslice_host_gather: %s", err.message);
    free(numbers);
    return gathered;
}

/* The next entry of row r at or after position *e whose column is c;
 * false when there is none. */
static bool next_in_cell(const tc_csr *m, int64_t r, int64_t c, int64_t *e)
{
    int64_t hi = tc_get(m->indptr, m->type, r + 1);
    for (; *e < hi; (*e)++)
        if (tc_get(m->indices, m->type, *e) == c)
            return true;
    return false;
}

/* Output cell (i, j) holds the values of input cell (r, c) in order. */
static void check_cell(const tc_csr *in, int64_t r, int64_t c,
                       const tc_csr *out, int64_t i, int64_t j,
                       const char *desc)
{
    int64_t e = tc_get(in->indptr, in->type, r);
    int64_t p = tc_get(out->indptr, out->type, i);
    size_t es = in->elem_size;
    for (;; e++, p++) {
        bool has_in = next_in_cell(in, r, c, &e);
        bool has_out = next_in_cell(out, i, j, &p);
        if (has_in != has_out)
            fail_msg("%s: output cell (%lld,%lld) %s than input cell "
                     "(%lld,%lld)", desc, (long long)i, (long long)j,
                     has_out ? "has more entries" : "has fewer entries",
                     (long long)r, (long long)c);
        if (!has_in)
            return;
        if (memcmp(in->data + (size_t)e * es, out->data + (size_t)p * es,
                   es) != 0)
            fail_msg("%s: output entry %lld (cell %lld,%lld) does not hold "
                     "input entry %lld's value", desc, (long long)p,
                     (long long)i, (long long)j, (long long)e);
    }
}

/* Output row i, mapped back to input columns, is a subsequence of input
 * row r: entries keep their order across cells too. */
static void check_order(const clslice_plan *plan, const tc_csr *in,
                        int64_t r, const tc_csr *out, int64_t i,
                        const char *desc)
{
    int64_t start, step, count;
    clslice_plan_dim(plan, 1, &start, &step, &count, NULL);
    int64_t e = tc_get(in->indptr, in->type, r);
    int64_t hi = tc_get(out->indptr, out->type, i + 1);
    size_t es = in->elem_size;
    for (int64_t p = tc_get(out->indptr, out->type, i); p < hi; p++, e++) {
        int64_t c = start + tc_get(out->indices, out->type, p) * step;
        while (next_in_cell(in, r, c, &e) &&
               memcmp(in->data + (size_t)e * es, out->data + (size_t)p * es,
                      es) != 0)
            e++;
        if (e >= tc_get(in->indptr, in->type, r + 1))
            fail_msg("%s: output row %lld is not input row %lld's kept "
                     "entries in order (entry %lld)", desc, (long long)i,
                     (long long)r, (long long)p);
    }
}

void tc_check_dense(const clslice_plan *plan, const tc_csr *in,
                    const tc_csr *out, const char *desc)
{
    int64_t shape[2];
    clslice_plan_output_shape(plan, shape);
    if (out->rows != shape[0] || out->cols != shape[1])
        fail_msg("%s: result is [%lld,%lld], plan says [%lld,%lld]", desc,
                 (long long)out->rows, (long long)out->cols,
                 (long long)shape[0], (long long)shape[1]);
    check_structure(out, desc);
    int64_t *source = source_cells(plan, in, shape[0] * shape[1]);
    for (int64_t i = 0; i < shape[0]; i++) {
        for (int64_t j = 0; j < shape[1]; j++) {
            int64_t s = source[i * shape[1] + j];
            check_cell(in, s / in->cols, s % in->cols, out, i, j, desc);
        }
        if (shape[1] > 0)
            check_order(plan, in, source[i * shape[1]] / in->cols, out, i,
                        desc);
    }
    free(source);
}

void tc_assert_same(const tc_csr *a, const tc_csr *b, const char *what,
                    const char *desc)
{
    size_t is = a->type == CLSLICE_INT64 ? 8 : 4;
    if (a->rows != b->rows || a->cols != b->cols || a->nnz != b->nnz ||
        a->type != b->type || a->elem_size != b->elem_size)
        fail_msg("%s: %s: shape/nnz/types differ: [%lld,%lld] nnz %lld vs "
                 "[%lld,%lld] nnz %lld", desc, what, (long long)a->rows,
                 (long long)a->cols, (long long)a->nnz, (long long)b->rows,
                 (long long)b->cols, (long long)b->nnz);
    if (memcmp(a->indptr, b->indptr, ((size_t)a->rows + 1) * is) != 0)
        fail_msg("%s: %s: indptr differs", desc, what);
    if (memcmp(a->indices, b->indices, (size_t)a->nnz * is) != 0)
        fail_msg("%s: %s: indices differ", desc, what);
    if (memcmp(a->data, b->data, (size_t)a->nnz * a->elem_size) != 0)
        fail_msg("%s: %s: data differs", desc, what);
}
