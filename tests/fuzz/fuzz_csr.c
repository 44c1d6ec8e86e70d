/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * libFuzzer target: host CSR validation and slicing
 * (clslice_host_csr_count / clslice_host_csr_slice).
 *
 * Input: a flags byte (bit 0: int32 indices, bit 1: plan from an
 * expression instead of clslice_plan_mxnet, bit 2: corrupt indptr / nnz,
 * bit 3: plan built on a different shape), rows, cols, an element size
 * byte, one entry count per row, the corruptions, the column indices, then
 * the plan's spec (MXNet begin/end/step, or the rest of the input as
 * expression text).  Every array has exactly its documented length.  A
 * naive model decides whether the matrix and plan are valid and what the
 * slice holds; the library must agree on both.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ROWS 256

typedef struct matrix {
    int64_t rows, cols, nnz;
    int int32;
    size_t es, isz;
    int64_t *ptr;  /* rows + 1 values as stored */
    int64_t *col;  /* nnz values as stored */
    void *indptr, *indices, *data;
} matrix;

static int64_t get(const void *a, int int32, int64_t i)
{
    if (int32)
        return ((const int32_t *)a)[i];
    return ((const int64_t *)a)[i];
}

static void put(void *a, int int32, int64_t i, int64_t v)
{
    if (int32)
        ((int32_t *)a)[i] = (int32_t)v;
    else
        ((int64_t *)a)[i] = v;
}

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        fz_die("malloc", (long long)bytes, 0);
    return p;
}

/* Decodes the matrix; false when it is too big to build here. */
static int decode_matrix(fz_reader *r, uint8_t flags, matrix *m)
{
    static const size_t sizes[8] = {1, 2, 4, 8, 3, 16, 0, 1};
    uint8_t t = fz_u8(r);
    m->rows = t < 0xe0 ? t % 17 : fz_i64(r);
    m->cols = fz_dim(r);
    m->es = sizes[fz_u8(r) % 8];
    m->int32 = flags & 1;
    m->isz = m->int32 ? 4 : 8;
    if (m->rows > MAX_ROWS)
        return 0;
    int64_t rows = m->rows < 0 ? 0 : m->rows;
    m->ptr = xmalloc((size_t)(rows + 1) * sizeof(int64_t));
    m->ptr[0] = 0;
    for (int64_t i = 0; i < rows; i++)
        m->ptr[i + 1] = m->ptr[i] + fz_u8(r) % 5;
    m->nnz = m->ptr[rows];
    if (flags & 4) {
        for (int k = fz_u8(r) % 4; k > 0; k--) {
            int64_t p = fz_u8(r) % (rows + 2);
            int64_t v = fz_i64(r);
            if (p <= rows)
                m->ptr[p] = v;
            else if (v <= FZ_MAX_ELEMENTS)
                m->nnz = v;
        }
    }
    int64_t nnz = m->nnz < 0 ? 0 : m->nnz;
    m->col = xmalloc((size_t)nnz * sizeof(int64_t));
    m->indptr = xmalloc((size_t)(rows + 1) * m->isz);
    m->indices = xmalloc((size_t)nnz * m->isz);
    m->data = xmalloc((size_t)nnz * m->es);
    for (int64_t i = 0; i <= rows; i++) {
        put(m->indptr, m->int32, i, m->ptr[i]);
        m->ptr[i] = get(m->indptr, m->int32, i); /* as stored */
    }
    for (int64_t e = 0; e < nnz; e++) {
        uint8_t c = fz_u8(r);
        put(m->indices, m->int32, e, c < 0xe0 ? c % 20 : fz_i64(r));
        m->col[e] = get(m->indices, m->int32, e);
    }
    for (size_t b = 0; b < (size_t)nnz * m->es; b++)
        ((unsigned char *)m->data)[b] = (unsigned char)(b * 37u + 11u);
    return 1;
}

static void free_matrix(matrix *m)
{
    free(m->ptr);
    free(m->col);
    free(m->indptr);
    free(m->indices);
    free(m->data);
}

static clslice_opt_int64 opt_i64(fz_reader *r)
{
    clslice_opt_int64 o = {0, fz_u8(r) & 1};
    if (!o.is_none)
        o.value = fz_i64(r);
    return o;
}

static clslice_status build_plan(fz_reader *r, uint8_t flags,
                                 const int64_t *shape, clslice_plan **plan,
                                 clslice_error *err)
{
    if (flags & 2) {
        size_t len = r->size - r->pos;
        char *text = xmalloc(len + 1);
        memcpy(text, r->data + r->pos, len);
        text[len] = '\0';
        clslice_status st = clslice_plan_expr(shape, 2, text, plan, err);
        free(text);
        return st;
    }
    clslice_opt_int64 b[2], e[2], s[2];
    size_t nb = fz_len(r, 2), ne = fz_len(r, 2), ns = fz_len(r, 2);
    for (size_t i = 0; i < 2; i++) {
        b[i] = opt_i64(r);
        e[i] = opt_i64(r);
        s[i] = opt_i64(r);
    }
    return clslice_plan_mxnet(shape, 2, b, nb, e, ne, s, ns, plan, err);
}

/* Output column of column c, or -1 when the slice drops it. */
static int64_t out_column(int64_t c, int64_t start, int64_t step,
                          int64_t count)
{
    int64_t d = c - start;
    if (d % step != 0)
        return -1;
    int64_t j = d / step;
    return j >= 0 && j < count ? j : -1;
}

/* The naive verdict: whether the matrix is valid for the plan. */
static int model_valid(const matrix *m, const clslice_plan *plan,
                       const int64_t *dims)
{
    if (m->rows < 0 || m->cols < 0 || m->es == 0 || m->nnz < 0 ||
        (m->int32 && m->nnz > INT32_MAX))
        return 0;
    int64_t shape[2];
    clslice_plan_input_shape(plan, shape);
    if (shape[0] != m->rows || shape[1] != m->cols ||
        clslice_plan_output_rank(plan) != 2 ||
        clslice_plan_output_source(plan, 0) != 0 ||
        clslice_plan_output_source(plan, 1) != 1)
        return 0;
    /* int32 indices cannot hold the column indices of a result wider
     * than 2^31 columns (docs/SEMANTICS.md, CSR). */
    if (m->int32 && dims[5] > (int64_t)INT32_MAX + 1)
        return 0;
    if (m->ptr[0] != 0 || m->ptr[m->rows] != m->nnz)
        return 0;
    for (int64_t k = 1; k <= m->rows; k++)
        if (m->ptr[k] < m->ptr[k - 1] || m->ptr[k] > m->nnz)
            return 0;
    for (int64_t i = 0; i < dims[2]; i++) {
        int64_t row = dims[0] + i * dims[1];
        for (int64_t e = m->ptr[row]; e < m->ptr[row + 1]; e++)
            if (m->col[e] < 0 || m->col[e] >= m->cols)
                return 0;
    }
    return 1;
}

/* Compares a successful slice with the naive one. */
static void check_slice(const matrix *m, const int64_t *dims,
                        const void *out_indptr, const void *out_indices,
                        const void *out_data, int64_t out_nnz)
{
    int64_t k = 0;
    if (get(out_indptr, m->int32, 0) != 0)
        fz_die("out_indptr[0]", get(out_indptr, m->int32, 0), 0);
    for (int64_t i = 0; i < dims[2]; i++) {
        int64_t row = dims[0] + i * dims[1];
        for (int64_t e = m->ptr[row]; e < m->ptr[row + 1]; e++) {
            int64_t j = out_column(m->col[e], dims[3], dims[4], dims[5]);
            if (j < 0)
                continue;
            if (k >= out_nnz || get(out_indices, m->int32, k) != j ||
                memcmp((const char *)out_data + k * m->es,
                       (const char *)m->data + e * m->es, m->es) != 0)
                fz_die("slice entry differs from the naive one", i, k);
            k++;
        }
        if (get(out_indptr, m->int32, i + 1) != k)
            fz_die("out_indptr differs", i + 1, k);
    }
    if (k != out_nnz)
        fz_die("out_nnz differs", out_nnz, k);
}

static void run_slice(const matrix *m, const clslice_plan *plan,
                      const clslice_csr *in, const int64_t *dims,
                      int64_t want_nnz)
{
    size_t ptr_bytes = (size_t)(dims[2] + 1) * m->isz;
    size_t idx_bytes = (size_t)want_nnz * m->isz;
    size_t dat_bytes = (size_t)want_nnz * m->es;
    unsigned char *oi = xmalloc(ptr_bytes), *ox = xmalloc(idx_bytes);
    unsigned char *od = xmalloc(dat_bytes);
    int64_t out_nnz = -7;
    clslice_error err;
    clslice_status st;
    memset(oi, 0xa5, ptr_bytes);
    if (want_nnz > 0) {
        st = clslice_host_csr_slice(plan, in, oi, ox, od, want_nnz - 1,
                                    &out_nnz, &err);
        fz_check_status(st, &err);
        if (st != CLSLICE_ERROR_BUFFER || out_nnz != -7)
            fz_die("short capacity not refused", st, want_nnz);
        for (size_t b = 0; b < ptr_bytes; b++)
            if (oi[b] != 0xa5)
                fz_die("refused slice wrote out_indptr", (long long)b, 0);
    }
    st = clslice_host_csr_slice(plan, in, oi, ox, od, want_nnz, &out_nnz,
                                &err);
    fz_check_status(st, &err);
    if (st != CLSLICE_OK)
        fz_die("slice failed after count succeeded", st, 0);
    if (out_nnz != want_nnz)
        fz_die("slice nnz differs from count", out_nnz, want_nnz);
    check_slice(m, dims, oi, ox, od, out_nnz);
    free(oi);
    free(ox);
    free(od);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = {data, size, 0};
    uint8_t flags = fz_u8(&r);
    matrix m;
    memset(&m, 0, sizeof m);
    if (!decode_matrix(&r, flags, &m)) {
        free_matrix(&m);
        return 0;
    }
    int64_t shape[2] = {m.rows, m.cols};
    if (flags & 8) {
        int which = fz_u8(&r) & 1;
        int64_t delta = fz_u8(&r) % 2 ? 1 : -1;
        if (shape[which] >= 0 && shape[which] < INT64_MAX)
            shape[which] += delta;
    }
    clslice_plan *plan = NULL;
    clslice_error err;
    clslice_status st = build_plan(&r, flags, shape, &plan, &err);
    fz_check_status(st, &err);
    if (plan) {
        clslice_csr in = {m.rows, m.cols,
                          m.int32 ? CLSLICE_INT32 : CLSLICE_INT64, m.es,
                          m.nnz, m.indptr, m.indices, m.data};
        int64_t dims[6] = {0, 1, 0, 0, 1, 0}; /* start, step, count x2 */
        if (clslice_plan_is_known(plan) &&
            clslice_plan_input_rank(plan) == 2) {
            clslice_plan_dim(plan, 0, &dims[0], &dims[1], &dims[2], NULL);
            clslice_plan_dim(plan, 1, &dims[3], &dims[4], &dims[5], NULL);
        }
        int valid = clslice_plan_is_known(plan) &&
                    model_valid(&m, plan, dims);
        int64_t out_nnz = -7;
        st = clslice_host_csr_count(plan, &in, &out_nnz, &err);
        fz_check_status(st, &err);
        if ((st == CLSLICE_OK) != valid)
            fz_die("count disagrees with the model on validity", st, valid);
        if (st == CLSLICE_OK)
            run_slice(&m, plan, &in, dims, out_nnz);
    }
    clslice_plan_release(&plan);
    free_matrix(&m);
    return 0;
}
