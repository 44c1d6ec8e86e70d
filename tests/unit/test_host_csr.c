/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The host CSR slicer: worked examples, thousands of random matrices and
 * slices checked against an independent dense reference (csrutil.c),
 * corrupt inputs with their messages, and argument errors, each failure
 * leaving the outputs untouched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csrutil.h"

enum { RANDOM_CASES = 20000 };

#define NONE {0, 1}
#define V(x) {x, 0}

/* The 3 x 4 matrix
 *   [[10,  0, 11,  0],
 *    [ 0,  0,  0,  0],
 *    [12, 13,  0, 14]]
 * stored with row 2 unsorted and a repeated column:
 *   row 0: (2, 11) (0, 10);  row 2: (3, 14) (0, 12) (1, 13) (3, 15). */
static void example(tc_csr *m, clslice_index_type type)
{
    static const int64_t indptr[] = {0, 2, 2, 6};
    static const int64_t indices[] = {2, 0, 3, 0, 1, 3};
    static const int32_t data[] = {11, 10, 14, 12, 13, 15};
    tc_csr_alloc(m, 3, 4, 6, type, sizeof(int32_t));
    for (int k = 0; k < 4; k++)
        tc_put(m->indptr, type, k, indptr[k]);
    for (int k = 0; k < 6; k++)
        tc_put(m->indices, type, k, indices[k]);
    memcpy(m->data, data, sizeof data);
}

/* Slices the example and compares with the expected arrays. */
static void expect(int n, const clslice_opt_int64 *begin,
                   const clslice_opt_int64 *end,
                   const clslice_opt_int64 *step, int64_t rows, int64_t cols,
                   const int64_t *indptr, int64_t nnz,
                   const int64_t *indices, const int32_t *data)
{
    for (int t = 0; t < 2; t++) {
        tc_csr in, out;
        example(&in, t ? CLSLICE_INT64 : CLSLICE_INT32);
        clslice_plan *plan = tc_plan(3, 4, n, begin, end, step);
        clslice_error err;
        if (tc_host_slice(plan, &in, &out, &err) != CLSLICE_OK)
            fail_msg("slice failed: %s", err.message);
        assert_int_equal(out.rows, rows);
        assert_int_equal(out.cols, cols);
        assert_int_equal(out.nnz, nnz);
        for (int64_t i = 0; i <= rows; i++)
            assert_int_equal(tc_get(out.indptr, out.type, i), indptr[i]);
        for (int64_t e = 0; e < nnz; e++) {
            assert_int_equal(tc_get(out.indices, out.type, e), indices[e]);
            assert_int_equal(((int32_t *)out.data)[e], data[e]);
        }
        tc_check_dense(plan, &in, &out, "example");
        clslice_plan_release(&plan);
        tc_csr_free(&out);
        tc_csr_free(&in);
    }
}

static void test_examples(void **state)
{
    (void)state;
    {   /* rows 1..2: the empty row, then row 2 as stored */
        clslice_opt_int64 b[] = {V(1)}, e[] = {V(3)};
        int64_t ip[] = {0, 0, 4}, ix[] = {3, 0, 1, 3};
        int32_t d[] = {14, 12, 13, 15};
        expect(1, b, e, NULL, 2, 4, ip, 4, ix, d);
    }
    {   /* rows reversed, columns 1..3 rebased to 0..2 */
        clslice_opt_int64 b[] = {NONE, V(1)}, e[] = {NONE, NONE},
                          s[] = {V(-1), NONE};
        int64_t ip[] = {0, 3, 3, 4}, ix[] = {2, 0, 2, 1};
        int32_t d[] = {14, 13, 15, 11};
        expect(2, b, e, s, 3, 3, ip, 4, ix, d);
    }
    {   /* every other column from the right: columns 3 and 1 */
        clslice_opt_int64 b[] = {NONE, NONE}, e[] = {NONE, NONE},
                          s[] = {NONE, V(-2)};
        int64_t ip[] = {0, 0, 0, 3}, ix[] = {0, 1, 0};
        int32_t d[] = {14, 13, 15};
        expect(2, b, e, s, 3, 2, ip, 3, ix, d);
    }
    {   /* out-of-range and negative bounds: rows -100..100, cols -2.. */
        clslice_opt_int64 b[] = {V(-100), V(-2)}, e[] = {V(100), V(100)};
        int64_t ip[] = {0, 1, 1, 3}, ix[] = {0, 1, 1};
        int32_t d[] = {11, 14, 15};
        expect(2, b, e, NULL, 3, 2, ip, 3, ix, d);
    }
    {   /* nothing kept: indptr all zeros, no entries */
        clslice_opt_int64 b[] = {V(0), V(1)}, e[] = {V(2), V(2)};
        int64_t ip[] = {0, 0, 0};
        expect(2, b, e, NULL, 2, 1, ip, 0, NULL, NULL);
    }
    {   /* no row selected: indptr = [0] */
        clslice_opt_int64 b[] = {V(2)}, e[] = {V(1)};
        int64_t ip[] = {0};
        expect(1, b, e, NULL, 0, 4, ip, 0, NULL, NULL);
    }
}

static void test_random(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(0xC5A11CE5ull);
    tu_rng rng = {seed};
    for (int k = 0; k < RANDOM_CASES; k++) {
        tc_csr in, out;
        char desc[512], full[640];
        tc_csr_random(&rng, 12, 12, &in);
        clslice_plan *plan = tc_plan_random(&rng, in.rows, in.cols, desc,
                                            sizeof desc);
        snprintf(full, sizeof full, "seed 0x%llx case %d: %s, nnz %lld, "
                 "%s, elem %zu", (unsigned long long)seed, k, desc,
                 (long long)in.nnz,
                 in.type == CLSLICE_INT64 ? "int64" : "int32",
                 in.elem_size);
        clslice_error err;
        if (tc_host_slice(plan, &in, &out, &err) != CLSLICE_OK)
            fail_msg("%s: %s", full, err.message);
        tc_check_dense(plan, &in, &out, full);
        tc_csr_free(&out);
        tc_csr_free(&in);
        clslice_plan_release(&plan);
    }
}

/* Runs count and slice on a corrupt matrix: both fail with `status`
 * naming every part, and slice writes nothing. */
static void expect_failure(const clslice_plan *plan, const clslice_csr *in,
                           clslice_status status, const char *part1,
                           const char *part2)
{
    unsigned char indptr[64], indices[64], data[64];
    memset(indptr, TC_BYTE, sizeof indptr);
    memset(indices, TC_BYTE, sizeof indices);
    memset(data, TC_BYTE, sizeof data);
    int64_t nnz = -7;
    clslice_error err;
    assert_int_equal(clslice_host_csr_count(plan, in, &nnz, &err), status);
    tu_assert_error(&err, status, part1, part2, NULL);
    assert_int_equal(nnz, -7);
    assert_int_equal(clslice_host_csr_slice(plan, in, indptr, indices, data,
                                            4, &nnz, &err), status);
    tu_assert_error(&err, status, part1, part2, NULL);
    assert_int_equal(nnz, -7);
    for (size_t b = 0; b < sizeof indptr; b++)
        if (indptr[b] != TC_BYTE || indices[b] != TC_BYTE ||
            data[b] != TC_BYTE)
            fail_msg("an output byte changed after a failure");
}

static void test_corrupt(void **state)
{
    (void)state;
    tc_csr m;
    example(&m, CLSLICE_INT64);
    int64_t *ip = m.indptr, *ix = m.indices;
    clslice_csr v = tc_csr_view(&m);
    clslice_plan *all = tc_plan(3, 4, 0, NULL, NULL, NULL);
    clslice_opt_int64 b[] = {V(0)}, e[] = {V(1)};
    clslice_plan *row0 = tc_plan(3, 4, 1, b, e, NULL);

    ip[0] = 1;
    expect_failure(all, &v, CLSLICE_ERROR_SPEC, "indptr[0] = 1",
                   "must start at 0");
    ip[0] = 0;
    ip[2] = 1; /* 0 2 1 6: decreases at 2 */
    expect_failure(all, &v, CLSLICE_ERROR_SPEC,
                   "indptr decreases at indptr[2] = 1 < indptr[1] = 2", "");
    /* Row 0 alone is readable, but the whole indptr is validated. */
    expect_failure(row0, &v, CLSLICE_ERROR_SPEC, "indptr[2] = 1", "");
    ip[2] = 2;
    ip[3] = 7;
    expect_failure(all, &v, CLSLICE_ERROR_SPEC, "indptr[3] = 7",
                   "past nnz = 6");
    ip[3] = 5;
    expect_failure(all, &v, CLSLICE_ERROR_SPEC,
                   "indptr[3] (the last) = 5", "nnz = 6");
    ip[3] = 6;
    ip[1] = -1;
    expect_failure(all, &v, CLSLICE_ERROR_SPEC, "indptr[1] = -1", "");
    ip[1] = 2;

    ix[4] = -1;
    ix[5] = 4; /* two bad columns: the lower position is named */
    expect_failure(all, &v, CLSLICE_ERROR_SPEC, "indices[4] = -1 (row 2)",
                   "4 columns");
    ix[4] = 1;
    expect_failure(all, &v, CLSLICE_ERROR_SPEC, "indices[5] = 4", "");
    /* Row 0 does not read row 2's entries. */
    int64_t nnz = -1;
    assert_int_equal(clslice_host_csr_count(row0, &v, &nnz, NULL),
                     CLSLICE_OK);
    assert_int_equal(nnz, 2);
    {   /* rows in reverse: still the lowest position is named */
        clslice_opt_int64 rb[] = {NONE}, re[] = {NONE}, rs[] = {V(-1)};
        clslice_plan *rev = tc_plan(3, 4, 1, rb, re, rs);
        ix[0] = 9;
        expect_failure(rev, &v, CLSLICE_ERROR_SPEC, "indices[0] = 9", "");
        clslice_plan_release(&rev);
    }
    clslice_plan_release(&all);
    clslice_plan_release(&row0);
    tc_csr_free(&m);
}

static void test_arguments(void **state)
{
    (void)state;
    tc_csr m;
    example(&m, CLSLICE_INT32);
    clslice_csr v = tc_csr_view(&m);
    int64_t shape[3] = {3, 4, 2}, unknown[2] = {3, -1}, other[2] = {4, 3};
    clslice_plan *shrink = tu_expr_plan(shape, 2, "[1]");
    clslice_plan *newaxis = tu_expr_plan(shape, 2, "[None]");
    clslice_plan *rank3 = tu_expr_plan(shape, 3, "[:]");
    clslice_plan *unk = tu_expr_plan(unknown, 2, "[:]");
    clslice_plan *wrong = tu_expr_plan(other, 2, "[:]");
    clslice_plan *ok = tu_expr_plan(shape, 2, "[:]");

    expect_failure(NULL, &v, CLSLICE_ERROR_ARGUMENT, "plan is NULL", "");
    expect_failure(ok, NULL, CLSLICE_ERROR_ARGUMENT, "in is NULL", "");
    expect_failure(shrink, &v, CLSLICE_ERROR_SPEC, "drops dimension 0", "");
    expect_failure(newaxis, &v, CLSLICE_ERROR_SPEC, "new axes", "rank 3");
    expect_failure(rank3, &v, CLSLICE_ERROR_SPEC, "rank-3", "");
    expect_failure(unk, &v, CLSLICE_ERROR_UNKNOWN, "unknown", "");
    expect_failure(wrong, &v, CLSLICE_ERROR_SHAPE, "[4,3]", "[3,4]");

    clslice_csr bad = v;
    bad.index_type = (clslice_index_type)7;
    expect_failure(ok, &bad, CLSLICE_ERROR_ARGUMENT, "index_type = 7", "");
    bad = v;
    bad.elem_size = 0;
    expect_failure(ok, &bad, CLSLICE_ERROR_ARGUMENT, "elem_size is 0", "");
    bad = v;
    bad.nnz = -1;
    expect_failure(ok, &bad, CLSLICE_ERROR_ARGUMENT, "nnz = -1", "");
    bad = v;
    bad.nnz = (int64_t)INT32_MAX + 1;
    expect_failure(ok, &bad, CLSLICE_ERROR_ARGUMENT, "int32", "");
    bad = v;
    bad.indptr = NULL;
    expect_failure(ok, &bad, CLSLICE_ERROR_ARGUMENT, "in->indptr is NULL",
                   "");
    bad = v;
    bad.data = NULL;
    expect_failure(ok, &bad, CLSLICE_ERROR_ARGUMENT, "in->data is NULL", "");
    bad = v;
    bad.rows = -1;
    expect_failure(ok, &bad, CLSLICE_ERROR_ARGUMENT, "negative", "");

    /* Output checks come after validation, before any write. */
    unsigned char out[64];
    memset(out, TC_BYTE, sizeof out);
    int64_t nnz = -7;
    clslice_error err;
    assert_int_equal(clslice_host_csr_slice(ok, &v, out, out + 16, out + 40,
                                            5, &nnz, &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "capacity = 5",
                    "keeps 6 entries", NULL);
    assert_int_equal(clslice_host_csr_slice(ok, &v, out, NULL, out + 40, 6,
                                            &nnz, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "out_indices is NULL",
                    NULL);
    assert_int_equal(clslice_host_csr_slice(ok, &v, NULL, out, out, 6, &nnz,
                                            &err),
                     CLSLICE_ERROR_ARGUMENT);
    for (size_t b = 0; b < sizeof out; b++)
        assert_int_equal(out[b], TC_BYTE);
    assert_int_equal(nnz, -7);
    assert_int_equal(clslice_host_csr_count(ok, &v, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "out_nnz is NULL", NULL);

    /* nnz = 0: NULL indices and data are fine, and so are NULL outputs. */
    int32_t zeros[4] = {0, 0, 0, 0};
    clslice_csr empty = {3, 4, CLSLICE_INT32, 4, 0, zeros, NULL, NULL};
    int32_t indptr[4];
    assert_int_equal(clslice_host_csr_slice(ok, &empty, indptr, NULL, NULL,
                                            0, &nnz, &err),
                     CLSLICE_OK);
    assert_int_equal(nnz, 0);
    assert_memory_equal(indptr, zeros, sizeof indptr);

    clslice_plan *plans[] = {shrink, newaxis, rank3, unk, wrong, ok};
    for (size_t i = 0; i < sizeof plans / sizeof plans[0]; i++)
        clslice_plan_release(&plans[i]);
    tc_csr_free(&m);
}

/* Steps no range can express with small numbers: INT64_MIN and huge
 * positive steps pick one column; the quotient test must not overflow. */
static void test_extreme_steps(void **state)
{
    (void)state;
    tc_csr m;
    example(&m, CLSLICE_INT32);
    int64_t shape[2] = {3, 4};
    const char *exprs[] = {"[:, ::-9223372036854775808]",
                           "[:, ::9223372036854775807]",
                           "[::-9223372036854775808, 3::-9223372036854775807]",
                           "[-1:, 1:-4:-3]"};
    for (size_t k = 0; k < sizeof exprs / sizeof exprs[0]; k++) {
        clslice_plan *plan = tu_expr_plan(shape, 2, exprs[k]);
        tc_csr out;
        clslice_error err;
        if (tc_host_slice(plan, &m, &out, &err) != CLSLICE_OK)
            fail_msg("%s: %s", exprs[k], err.message);
        tc_check_dense(plan, &m, &out, exprs[k]);
        tc_csr_free(&out);
        clslice_plan_release(&plan);
    }
    tc_csr_free(&m);
}

/* A 1 x cols matrix with one entry, in column 0. */
static void one_entry(tc_csr *m, int64_t cols, clslice_index_type type)
{
    tc_csr_alloc(m, 1, cols, 1, type, 1);
    tc_put(m->indptr, type, 1, 1);
    tc_put(m->indices, type, 0, 0);
    m->data[0] = 7;
}

/* Reversing the columns sends column 0 to cols - 1, which int32 indices
 * cannot hold past 2^31 columns: the slice is refused, naming the output
 * column count, rather than written truncated. */
static void test_int32_room(void **state)
{
    (void)state;
    const int64_t two31 = (int64_t)1 << 31;
    const int64_t widths[] = {two31 + 1, (int64_t)1 << 32, INT64_MAX};
    const char *texts[] = {"2147483649 output columns",
                           "4294967296 output columns",
                           "9223372036854775807 output columns"};
    for (int k = 0; k < 3; k++) {
        tc_csr m, out;
        one_entry(&m, widths[k], CLSLICE_INT32);
        clslice_plan *plan = tu_expr_plan((int64_t[]){1, widths[k]}, 2,
                                       "[:, ::-1]");
        clslice_error err;
        int64_t nnz = -1;
        clslice_csr v = tc_csr_view(&m);
        assert_int_equal(clslice_host_csr_count(plan, &v, &nnz, &err),
                         CLSLICE_ERROR_SPEC);
        tu_assert_error(&err, CLSLICE_ERROR_SPEC, texts[k], "int64 indices",
                        NULL);
        assert_int_equal(nnz, -1);
        int32_t indptr[2] = {TC_BYTE, TC_BYTE}, indices[1] = {TC_BYTE};
        unsigned char data[1] = {TC_BYTE};
        assert_int_equal(clslice_host_csr_slice(plan, &v, indptr, indices,
                                                data, 1, &nnz, &err),
                         CLSLICE_ERROR_SPEC);
        assert_int_equal(indices[0], TC_BYTE);
        assert_int_equal(indptr[1], TC_BYTE);
        clslice_plan_release(&plan);

        /* int64 indices hold the last column. */
        tc_csr wide;
        one_entry(&wide, widths[k], CLSLICE_INT64);
        plan = tu_expr_plan((int64_t[]){1, widths[k]}, 2, "[:, ::-1]");
        if (tc_host_slice(plan, &wide, &out, &err) != CLSLICE_OK)
            fail_msg("int64, %lld columns: %s", (long long)widths[k],
                     err.message);
        assert_int_equal(tc_get(out.indices, CLSLICE_INT64, 0),
                         widths[k] - 1);
        tc_csr_free(&out);
        clslice_plan_release(&plan);
        tc_csr_free(&wide);
        tc_csr_free(&m);
    }

    /* Exactly 2^31 output columns still fit: the last index is INT32_MAX. */
    tc_csr m, out;
    one_entry(&m, two31, CLSLICE_INT32);
    clslice_plan *plan = tu_expr_plan((int64_t[]){1, two31}, 2, "[:, ::-1]");
    clslice_error err;
    if (tc_host_slice(plan, &m, &out, &err) != CLSLICE_OK)
        fail_msg("2^31 columns: %s", err.message);
    assert_int_equal(tc_get(out.indices, CLSLICE_INT32, 0), INT32_MAX);
    tc_csr_free(&out);
    clslice_plan_release(&plan);
    tc_csr_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_corrupt),
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_extreme_steps),
        cmocka_unit_test(test_int32_room),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
