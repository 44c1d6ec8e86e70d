/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The MXNet CSR cases of tests/cases/mxnet_slice.json through the real CSR
 * API: every mxnet.csr_matrix definition is validated and densified, and
 * every mxnet.csr_slice case runs through clslice_host_csr_* and, when
 * there is an OpenCL device, clslice_cl_csr_count / clslice_cl_csr_fill,
 * with int32 and int64 indices.  Each result must have the case's shape,
 * its row pointers, columns and values where the case gives them, and its
 * dense values (values_dense) always.
 *
 * Two cases slice a matrix "B" that the file never defines.  Both select
 * rows 1..3 at most, and the first of them (rows 1..3, all columns) gives
 * those rows' arrays in full, so B is rebuilt from it: rows 1..3 as that
 * case states, row 0 with entries no case may return (-1, -2).
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csrdev.h"

static tu_dev g_dev;
static bool g_have;

/* Matrix B: rows 1..3 from case "row slice with an empty row". */
static const int64_t B_INDPTR[] = {0, 2, 2, 4, 6};
static const int64_t B_INDICES[] = {4, 1, 0, 2, 3, 4};
static const int64_t B_DATA[] = {-1, -2, 9, 10, 11, 12};

static cJSON *load(const char *name)
{
    FILE *f = fopen(tu_data_path(name), "rb");
    if (!f)
        fail_msg("cannot open %s", tu_data_path(name));
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    size_t got = fread(text, 1, (size_t)size, f);
    fclose(f);
    text[got] = '\0';
    cJSON *root = cJSON_Parse(text);
    free(text);
    if (!root)
        fail_msg("%s does not parse", name);
    return root;
}

/* An int64 list of at most cap entries; its length. */
static int64_t ints(const cJSON *list, int64_t *out, int64_t cap)
{
    int64_t n = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, list)
    {
        if (n == cap || !cJSON_IsNumber(item))
            fail_msg("case data: bad integer list");
        out[n++] = (int64_t)item->valuedouble;
    }
    return n;
}

/* begin/end/step entries, null -> None. */
static int64_t opts(const cJSON *list, clslice_opt_int64 *out)
{
    int64_t n = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, list)
    {
        out[n].is_none = cJSON_IsNull(item);
        out[n].value = out[n].is_none ? 0 : (int64_t)item->valuedouble;
        n++;
    }
    return n;
}

/* A matrix from its arrays, data as int64 values. */
static void build(tc_csr *m, int64_t rows, int64_t cols,
                  const int64_t *indptr, const int64_t *indices,
                  const int64_t *data, clslice_index_type type)
{
    int64_t nnz = indptr[rows];
    tc_csr_alloc(m, rows, cols, nnz, type, sizeof(int64_t));
    for (int64_t k = 0; k <= rows; k++)
        tc_put(m->indptr, type, k, indptr[k]);
    for (int64_t e = 0; e < nnz; e++)
        tc_put(m->indices, type, e, indices[e]);
    memcpy(m->data, data, (size_t)nnz * sizeof(int64_t));
}

/* The named matrix of the case file (or the rebuilt B). */
static void matrix(const cJSON *all, const char *name,
                   clslice_index_type type, tc_csr *m)
{
    if (strcmp(name, "B") == 0) {
        build(m, 4, 5, B_INDPTR, B_INDICES, B_DATA, type);
        return;
    }
    const cJSON *c;
    cJSON_ArrayForEach(c, all)
    {
        const cJSON *op = cJSON_GetObjectItem(c, "op");
        const cJSON *nm = cJSON_GetObjectItem(c, "matrix");
        if (!cJSON_IsString(op) || strcmp(op->valuestring,
                                          "mxnet.csr_matrix") != 0 ||
            !cJSON_IsString(nm) || strcmp(nm->valuestring, name) != 0)
            continue;
        int64_t shape[2], indptr[64], indices[256], data[256];
        ints(cJSON_GetObjectItem(c, "shape"), shape, 2);
        ints(cJSON_GetObjectItem(c, "indptr"), indptr, 64);
        ints(cJSON_GetObjectItem(c, "indices"), indices, 256);
        ints(cJSON_GetObjectItem(c, "data"), data, 256);
        build(m, shape[0], shape[1], indptr, indices, data, type);
        return;
    }
    fail_msg("case data: no matrix %s", name);
}

/* Compares m with a dense [rows][cols] JSON list (no repeated columns in
 * these cases, so each cell holds at most one value). */
static void check_dense(const tc_csr *m, const cJSON *dense, const char *what)
{
    int64_t *cells = calloc((size_t)(m->rows * m->cols) + 1, sizeof *cells);
    for (int64_t r = 0; r < m->rows; r++)
        for (int64_t e = tc_get(m->indptr, m->type, r);
             e < tc_get(m->indptr, m->type, r + 1); e++)
            cells[r * m->cols + tc_get(m->indices, m->type, e)] +=
                ((const int64_t *)m->data)[e];
    int64_t r = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, dense)
    {
        int64_t values[64];
        int64_t n = ints(row, values, 64);
        if (r >= m->rows || n != m->cols)
            fail_msg("%s: dense shape differs", what);
        for (int64_t c = 0; c < n; c++)
            if (cells[r * m->cols + c] != values[c])
                fail_msg("%s: cell (%lld,%lld) = %lld, want %lld", what,
                         (long long)r, (long long)c,
                         (long long)cells[r * m->cols + c],
                         (long long)values[c]);
        r++;
    }
    if (r != m->rows)
        fail_msg("%s: %lld dense rows, result has %lld", what, (long long)r,
                 (long long)m->rows);
    free(cells);
}

/* The stated arrays, where the case gives them. */
static void check_arrays(const tc_csr *m, const cJSON *c, const char *what)
{
    const cJSON *ip = cJSON_GetObjectItem(c, "out_indptr");
    const cJSON *ix = cJSON_GetObjectItem(c, "out_indices");
    const cJSON *dt = cJSON_GetObjectItem(c, "out_data");
    int64_t v[256];
    if (ip) {
        int64_t n = ints(ip, v, 256);
        assert_int_equal(n, m->rows + 1);
        for (int64_t k = 0; k < n; k++)
            if (tc_get(m->indptr, m->type, k) != v[k])
                fail_msg("%s: indptr[%lld] differs", what, (long long)k);
    }
    if (ix) {
        int64_t n = ints(ix, v, 256);
        assert_int_equal(n, m->nnz);
        for (int64_t k = 0; k < n; k++)
            if (tc_get(m->indices, m->type, k) != v[k])
                fail_msg("%s: indices[%lld] differs", what, (long long)k);
    }
    if (dt) {
        int64_t n = ints(dt, v, 256);
        assert_int_equal(n, m->nnz);
        assert_memory_equal(m->data, v, (size_t)n * sizeof(int64_t));
    }
}

static void check_result(const tc_csr *m, const cJSON *c, const char *what)
{
    int64_t shape[2];
    if (ints(cJSON_GetObjectItem(c, "out_shape"), shape, 2) != 2 ||
        shape[0] != m->rows || shape[1] != m->cols)
        fail_msg("%s: shape [%lld,%lld] differs from out_shape", what,
                 (long long)m->rows, (long long)m->cols);
    check_arrays(m, c, what);
    check_dense(m, cJSON_GetObjectItem(c, "values_dense"), what);
}

/* One csr_slice case with one index type: host, then device. */
static void run_slice(const cJSON *all, const cJSON *c, int index,
                      clslice_index_type type, int *device_runs)
{
    char what[96];
    snprintf(what, sizeof what, "mxnet_slice.json case %d (%s)", index,
             type == CLSLICE_INT64 ? "int64" : "int32");
    if (!cJSON_IsNull(cJSON_GetObjectItem(c, "error")))
        fail_msg("%s: error cases are not expected here", what);
    tc_csr in, out;
    matrix(all, cJSON_GetObjectItem(c, "matrix")->valuestring, type, &in);
    clslice_opt_int64 begin[2], end[2], step[2];
    int64_t n = opts(cJSON_GetObjectItem(c, "begin"), begin);
    opts(cJSON_GetObjectItem(c, "end"), end);
    const cJSON *s = cJSON_GetObjectItem(c, "step");
    bool has_step = s && !cJSON_IsNull(s);
    if (has_step)
        opts(s, step);
    clslice_plan *plan = tc_plan(in.rows, in.cols, (int)n, begin, end,
                                 has_step ? step : NULL);
    clslice_error err;
    if (tc_host_slice(plan, &in, &out, &err) != CLSLICE_OK)
        fail_msg("%s: host: %s", what, err.message);
    check_result(&out, c, what);
    tc_check_dense(plan, &in, &out, what);
    tc_csr_free(&out);
    if (g_have) {
        if (tc_dev_slice(&g_dev, plan, &in, &out, NULL, &err) != CLSLICE_OK)
            fail_msg("%s: device: %s", what, err.message);
        check_result(&out, c, what);
        tc_csr_free(&out);
        (*device_runs)++;
    }
    clslice_plan_release(&plan);
    tc_csr_free(&in);
}

/* A definition must be a valid matrix whose dense form is `dense`. */
static void run_matrix(const cJSON *all, const cJSON *c, int index)
{
    char what[64];
    snprintf(what, sizeof what, "mxnet_slice.json case %d", index);
    tc_csr m;
    matrix(all, cJSON_GetObjectItem(c, "matrix")->valuestring, CLSLICE_INT64,
           &m);
    clslice_plan *plan = tc_plan(m.rows, m.cols, 0, NULL, NULL, NULL);
    clslice_csr v = tc_csr_view(&m);
    int64_t nnz = -1;
    clslice_error err;
    if (clslice_host_csr_count(plan, &v, &nnz, &err) != CLSLICE_OK)
        fail_msg("%s: %s", what, err.message);
    assert_int_equal(nnz, m.nnz);
    check_dense(&m, cJSON_GetObjectItem(c, "dense"), what);
    clslice_plan_release(&plan);
    tc_csr_free(&m);
}

static void test_cases(void **state)
{
    (void)state;
    g_have = tu_dev_open(&g_dev);
    cJSON *all = load("cases/mxnet_slice.json");
    int index = 0, slices = 0, matrices = 0, device_runs = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, all)
    {
        const cJSON *op = cJSON_GetObjectItem(c, "op");
        const char *name = cJSON_IsString(op) ? op->valuestring : "";
        if (strcmp(name, "mxnet.csr_matrix") == 0) {
            run_matrix(all, c, index);
            matrices++;
        } else if (strcmp(name, "mxnet.csr_slice") == 0) {
            run_slice(all, c, index, CLSLICE_INT32, &device_runs);
            run_slice(all, c, index, CLSLICE_INT64, &device_runs);
            slices++;
        }
        index++;
    }
    print_message("mxnet_slice.json: %d CSR matrices, %d csr_slice cases "
                  "(int32 and int64), %d device runs\n", matrices, slices,
                  device_runs);
    assert_true(slices >= 8);
    cJSON_Delete(all);
    if (g_have)
        tu_dev_close(&g_dev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
