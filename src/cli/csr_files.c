/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Loading and saving the four .npy files of a CSR matrix. */
#define _POSIX_C_SOURCE 200809L

#include "csr_files.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { INDPTR, INDICES, DATA, SHAPE, PARTS };
static const char *const PART[PARTS] = {"indptr", "indices", "data",
                                        "shape"};

/* The four paths of a prefix: PREFIX_part.npy. */
typedef struct csr_paths {
    char *path[PARTS];
} csr_paths;

static void free_paths(csr_paths *p)
{
    for (int i = 0; i < PARTS; i++)
        free(p->path[i]);
}

static int make_paths(const char *prefix, csr_paths *p, cli_err *err)
{
    for (int i = 0; i < PARTS; i++) {
        size_t size = strlen(prefix) + strlen(PART[i]) + 8;
        p->path[i] = malloc(size);
        if (!p->path[i]) {
            free_paths(p);
            return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
        }
        snprintf(p->path[i], size, "%s_%s.npy", prefix, PART[i]);
    }
    return CLI_EXIT_OK;
}

/* "1-D '<i8' array of 5 entries" style description of an array. */
static void describe(const cli_npy *a, char *buf, size_t size)
{
    if (a->rank == 1)
        snprintf(buf, size, "a 1-D '%.60s' array of %lld entries", a->descr,
                 (long long)a->shape[0]);
    else
        snprintf(buf, size, "a %d-D '%.60s' array", a->rank, a->descr);
}

static bool is_integer(const cli_npy *a)
{
    return a->descr[1] == 'i' || a->descr[1] == 'u';
}

/* Element k of a 1-D array of any integer dtype. */
static int64_t int_at(const cli_npy *a, int64_t k)
{
    const unsigned char *p = a->data + (size_t)k * a->elem_size;
    bool is_signed = a->descr[1] == 'i';
    switch (a->elem_size) {
    case 1:
        return is_signed ? (int64_t) * (const int8_t *)p : (int64_t)*p;
    case 2:
        return is_signed ? (int64_t) * (const int16_t *)p
                         : (int64_t) * (const uint16_t *)p;
    case 4:
        return is_signed ? (int64_t) * (const int32_t *)p
                         : (int64_t) * (const uint32_t *)p;
    default:
        return *(const int64_t *)p; /* a uint64 past INT64_MAX: negative */
    }
}

static int read_shape(const char *path, const cli_npy *a, cli_csr *m,
                      cli_err *err)
{
    char what[160];
    describe(a, what, sizeof what);
    if (a->rank != 1 || a->shape[0] != 2 || !is_integer(a))
        return cli_fail(err, CLI_EXIT_FILE, "%.200s: a CSR shape is a 1-D "
                        "integer array [rows, cols], not %s", path, what);
    m->rows = int_at(a, 0);
    m->cols = int_at(a, 1);
    if (m->rows < 0 || m->cols < 0)
        return cli_fail(err, CLI_EXIT_FILE, "%.200s: shape [%lld, %lld] "
                        "has a negative entry", path, (long long)m->rows,
                        (long long)m->cols);
    return CLI_EXIT_OK;
}

/* indptr and indices: 1-D int32 or int64, both of one type. */
static int check_indexes(const csr_paths *p, cli_csr *m, cli_err *err)
{
    const cli_npy *arrays[2] = {&m->indptr, &m->indices};
    for (int i = 0; i < 2; i++) {
        char what[160];
        describe(arrays[i], what, sizeof what);
        if (arrays[i]->rank != 1 ||
            (strcmp(arrays[i]->descr, "<i4") != 0 &&
             strcmp(arrays[i]->descr, "<i8") != 0))
            return cli_fail(err, CLI_EXIT_FILE, "%.200s: CSR %s must be a "
                            "1-D int32 or int64 array, not %s", p->path[i],
                            PART[i], what);
    }
    if (strcmp(m->indptr.descr, m->indices.descr) != 0)
        return cli_fail(err, CLI_EXIT_FILE, "%.200s is '%s' but %.200s is "
                        "'%s': indptr and indices must have one type",
                        p->path[INDPTR], m->indptr.descr, p->path[INDICES],
                        m->indices.descr);
    m->index_type = m->indptr.elem_size == 8 ? CLSLICE_INT64 : CLSLICE_INT32;
    return CLI_EXIT_OK;
}

/* The lengths agree with the shape and with each other. */
static int check_lengths(const csr_paths *p, const cli_csr *m, cli_err *err)
{
    /* rows may be INT64_MAX: compare without forming rows + 1 in int64. */
    if (m->indptr.shape[0] - 1 != m->rows)
        return cli_fail(err, CLI_EXIT_FILE, "%.200s has %lld entries, but "
                        "a matrix of %lld rows needs rows + 1 = %llu",
                        p->path[INDPTR], (long long)m->indptr.shape[0],
                        (long long)m->rows,
                        (unsigned long long)m->rows + 1);
    if (m->data.rank != 1)
        return cli_fail(err, CLI_EXIT_FILE, "%.200s: CSR data must be 1-D, "
                        "not %d-D", p->path[DATA], m->data.rank);
    if (m->data.shape[0] != m->indices.shape[0])
        return cli_fail(err, CLI_EXIT_FILE, "%.200s has %lld entries but "
                        "%.200s has %lld: they must have one length (nnz)",
                        p->path[DATA], (long long)m->data.shape[0],
                        p->path[INDICES], (long long)m->indices.shape[0]);
    return CLI_EXIT_OK;
}

int cli_csr_load(const char *prefix, cli_csr *m, cli_err *err)
{
    memset(m, 0, sizeof *m);
    csr_paths p;
    int status = make_paths(prefix, &p, err);
    if (status != CLI_EXIT_OK)
        return status;
    cli_npy shape = {0};
    cli_npy *dest[PARTS] = {&m->indptr, &m->indices, &m->data, &shape};
    for (int i = 0; i < PARTS && status == CLI_EXIT_OK; i++)
        status = cli_npy_load(p.path[i], dest[i], err);
    if (status == CLI_EXIT_OK)
        status = read_shape(p.path[SHAPE], &shape, m, err);
    if (status == CLI_EXIT_OK)
        status = check_indexes(&p, m, err);
    if (status == CLI_EXIT_OK)
        status = check_lengths(&p, m, err);
    cli_npy_free(&shape);
    free_paths(&p);
    if (status != CLI_EXIT_OK)
        cli_csr_free(m);
    return status;
}

/* The shape file: int64 [rows, cols], as np.save(np.array(m.shape)). */
static void make_shape(const cli_csr *m, int64_t values[2], cli_npy *shape)
{
    memset(shape, 0, sizeof *shape);
    snprintf(shape->descr, sizeof shape->descr, "<i8");
    shape->elem_size = 8;
    shape->rank = 1;
    shape->shape[0] = 2;
    values[0] = m->rows;
    values[1] = m->cols;
    shape->bytes = sizeof(int64_t[2]);
    shape->data = (unsigned char *)values;
}

int cli_csr_save(const char *prefix, const cli_csr *m, cli_err *err)
{
    csr_paths p;
    int status = make_paths(prefix, &p, err);
    if (status != CLI_EXIT_OK)
        return status;
    int64_t values[2];
    cli_npy shape;
    make_shape(m, values, &shape);
    const cli_npy *parts[PARTS] = {&m->indptr, &m->indices, &m->data,
                                   &shape};
    cli_npy_out out[PARTS];
    for (int i = 0; i < PARTS; i++)
        out[i] = (cli_npy_out){.path = p.path[i], .dest = NULL, .tmp = NULL};
    for (int i = 0; i < PARTS && status == CLI_EXIT_OK; i++)
        status = cli_npy_out_open(&out[i], p.path[i], err);
    for (int i = 0; i < PARTS && status == CLI_EXIT_OK; i++)
        status = cli_npy_out_write(&out[i], parts[i], err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_commit_all(out, PARTS, err);
    for (int i = 0; i < PARTS; i++)
        cli_npy_out_close(&out[i]);
    free_paths(&p);
    return status;
}

/* A 1-D array of n entries with like's dtype. */
static int alloc_array(const cli_npy *like, int64_t n, cli_npy *a)
{
    memset(a, 0, sizeof *a);
    memcpy(a->descr, like->descr, sizeof a->descr);
    a->elem_size = like->elem_size;
    a->rank = 1;
    a->shape[0] = n;
    a->bytes = (size_t)n * like->elem_size;
    a->data = calloc(a->bytes ? a->bytes : 1, 1);
    return a->data ? 0 : -1;
}

int cli_csr_alloc(const cli_csr *like, int64_t rows, int64_t cols,
                  int64_t nnz, cli_csr *m, cli_err *err)
{
    memset(m, 0, sizeof *m);
    m->rows = rows;
    m->cols = cols;
    m->index_type = like->index_type;
    if (alloc_array(&like->indptr, rows + 1, &m->indptr) != 0 ||
        alloc_array(&like->indices, nnz, &m->indices) != 0 ||
        alloc_array(&like->data, nnz, &m->data) != 0) {
        cli_csr_free(m);
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    }
    return CLI_EXIT_OK;
}

void cli_csr_free(cli_csr *m)
{
    cli_npy_free(&m->indptr);
    cli_npy_free(&m->indices);
    cli_npy_free(&m->data);
    memset(m, 0, sizeof *m);
}

clslice_csr cli_csr_view(const cli_csr *m)
{
    clslice_csr v = {m->rows, m->cols, m->index_type, m->data.elem_size,
                     m->indices.shape[0], m->indptr.data, m->indices.data,
                     m->data.data};
    return v;
}
