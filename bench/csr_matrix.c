/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The CSR matrix of the CSR rows, and scipy's side of them.
 *
 * The matrix is random but fixed (a seeded generator), with what scipy
 * calls canonical format: every row's columns distinct and sorted, as a
 * scipy.sparse user's matrices normally are.  scipy gets the very same
 * arrays through raw files in a temporary directory rather than a second
 * generator in Python, so the two sides cannot drift apart.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SEED = 20240505 };

/* splitmix64: fast, and good enough for shapes and columns. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* k distinct columns of [0, cols) in increasing order: Floyd's sampling
 * (k draws, no rejection loop), then an insertion sort of the k <= 64. */
static void sample_row(uint64_t *state, int64_t cols, int k, int32_t *out)
{
    int n = 0;
    for (int64_t j = cols - k; j < cols; j++) {
        int32_t t = (int32_t)(next_random(state) % (uint64_t)(j + 1));
        bool seen = false;
        for (int i = 0; i < n && !seen; i++)
            seen = out[i] == t;
        out[n++] = seen ? (int32_t)j : t;
    }
    for (int i = 1; i < n; i++) {
        int32_t v = out[i];
        int at = i;
        for (; at > 0 && out[at - 1] > v; at--)
            out[at] = out[at - 1];
        out[at] = v;
    }
}

void bench_csr_generate(const csr_spec *spec, bench_host_csr *m)
{
    if (spec->max_row_nnz > 64 || spec->max_row_nnz > spec->cols ||
        (double)spec->rows * spec->max_row_nnz > 2e9)
        bench_die("internal: CSR spec out of range (dense_cases.c)");
    uint64_t state = SEED;
    size_t rows = (size_t)spec->rows;
    int32_t *indptr = malloc((rows + 1) * sizeof *indptr);
    if (!indptr)
        bench_die("out of memory (CSR indptr)");
    indptr[0] = 0;
    for (size_t r = 0; r < rows; r++)
        indptr[r + 1] = indptr[r] + (int32_t)(next_random(&state) %
                                              (uint64_t)(spec->max_row_nnz + 1));
    size_t nnz = (size_t)indptr[rows];
    int32_t *indices = malloc(nnz * sizeof *indices + 1);
    float *data = malloc(nnz * sizeof *data + 1);
    if (!indices || !data)
        bench_die("out of memory (CSR matrix of %zu entries)", nnz);
    for (size_t r = 0; r < rows; r++)
        sample_row(&state, spec->cols, indptr[r + 1] - indptr[r],
                   indices + indptr[r]);
    for (size_t e = 0; e < nnz; e++) /* 24 random bits: exact in a float */
        data[e] = (float)(next_random(&state) >> 40) / 16777216.0f;
    *m = (bench_host_csr){spec->rows, spec->cols, (int64_t)nnz,
                          CLSLICE_INT32, sizeof(int32_t), indptr, indices,
                          data};
}

void bench_csr_widen(const bench_host_csr *m, bench_host_csr *wide)
{
    size_t n_ptr = (size_t)m->rows + 1, nnz = (size_t)m->nnz;
    int64_t *indptr = malloc(n_ptr * sizeof *indptr);
    int64_t *indices = malloc(nnz * sizeof *indices + 1);
    if (!indptr || !indices)
        bench_die("out of memory (int64 CSR indices)");
    const int32_t *p = m->indptr, *c = m->indices;
    for (size_t i = 0; i < n_ptr; i++)
        indptr[i] = p[i];
    for (size_t i = 0; i < nnz; i++)
        indices[i] = c[i];
    *wide = *m; /* shares data */
    wide->index = CLSLICE_INT64;
    wide->isize = sizeof(int64_t);
    wide->indptr = indptr;
    wide->indices = indices;
}

int64_t bench_csr_ix(const bench_host_csr *m, const void *array, int64_t k)
{
    return m->index == CLSLICE_INT64 ? ((const int64_t *)array)[k]
                                     : ((const int32_t *)array)[k];
}

/* ---- scipy ---------------------------------------------------------------- */

static const char *const FILES[3] = {"indptr.i32", "indices.i32",
                                     "data.f32"};

static bool write_file(const char *dir, const char *name, const void *p,
                       size_t bytes)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(p, 1, bytes, f) == bytes;
    return fclose(f) == 0 && ok;
}

static void remove_files(const char *dir)
{
    char path[1024];
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, FILES[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* {"dir": D, "rows": R, "cols": C, "nnz": N, "cases": [{"expr": E,
 * "index": "int32", "repeat": K}, ...]}: case i is bench_csr_cases[i %
 * count] with int32 indices for i < count, int64 after. */
static char *scipy_json(const char *dir, const bench_host_csr *m,
                        int repeat)
{
    size_t cap = 512 + strlen(dir);
    for (int i = 0; i < bench_csr_case_count; i++) /* both index types */
        cap += 2 * (128 + strlen(bench_csr_cases[i].expr));
    char *json = malloc(cap);
    if (!json)
        bench_die("out of memory");
    size_t len = (size_t)snprintf(json, cap,
                                  "{\"dir\": \"%s\", \"rows\": %lld, "
                                  "\"cols\": %lld, \"nnz\": %lld, "
                                  "\"cases\": [", dir, (long long)m->rows,
                                  (long long)m->cols, (long long)m->nnz);
    for (int i = 0; i < 2 * bench_csr_case_count; i++)
        len += (size_t)snprintf(json + len, cap - len,
                                "%s{\"expr\": \"%s\", \"index\": \"%s\", "
                                "\"repeat\": %d}", i ? ", " : "",
                                bench_csr_cases[i % bench_csr_case_count].expr,
                                i < bench_csr_case_count ? "int32" : "int64",
                                repeat);
    snprintf(json + len, cap - len, "]}");
    return json;
}

typedef struct scipy_answers {
    int n;
    bench_scipy_result *results;
} scipy_answers;

static void scipy_line(const char *text, void *ctx)
{
    scipy_answers *a = ctx;
    int i;
    double s;
    long long nnz;
    char index[16];
    if (sscanf(text, "SCIPY %d %lf %lld %15s", &i, &s, &nnz, index) == 4 &&
        i >= 0 && i < a->n) {
        a->results[i].measured = true;
        a->results[i].seconds = s;
        a->results[i].nnz = nnz;
        snprintf(a->results[i].index, sizeof a->results[i].index, "%s",
                 index);
    } else {
        fputs(text, stderr);
    }
}

int bench_csr_scipy(const char *script, const bench_host_csr *m, int repeat,
                    bench_scipy_result *results, char *why, size_t why_size)
{
    int n = 2 * bench_csr_case_count;
    memset(results, 0, (size_t)n * sizeof *results);
    const char *tmp = getenv("TMPDIR");
    char dir[512];
    /* The path travels inside a JSON string: keep it free of quotes. */
    if (!tmp || !*tmp || strpbrk(tmp, "\"\\"))
        tmp = "/tmp";
    snprintf(dir, sizeof dir, "%s/clslice-bench-XXXXXX", tmp);
    if (!mkdtemp(dir)) {
        snprintf(why, why_size, "mkdtemp %s: %s", dir, strerror(errno));
        return -1;
    }
    size_t nnz = (size_t)m->nnz;
    bool written =
        write_file(dir, FILES[0], m->indptr, ((size_t)m->rows + 1) * 4) &&
        write_file(dir, FILES[1], m->indices, nnz * 4) &&
        write_file(dir, FILES[2], m->data, nnz * 4);
    int rc = -1;
    if (!written) {
        snprintf(why, why_size, "cannot write the matrix to %s: %s", dir,
                 strerror(errno));
    } else {
        char *json = scipy_json(dir, m, repeat);
        scipy_answers answers = {n, results};
        rc = bench_python_run(script, json, scipy_line, &answers, why,
                              why_size);
        free(json);
    }
    remove_files(dir);
    for (int i = 0; rc == 0 && i < n; i++)
        if (!results[i].measured) {
            snprintf(why, why_size, "%s gave no result for CSR row %d",
                     script, i);
            rc = -1;
        }
    if (rc != 0)
        memset(results, 0, (size_t)n * sizeof *results);
    return rc;
}
