/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * CSR arrays in shared virtual memory (clslice_cl_csr_desc.in_svm and
 * out_svm), coarse- and fine-grained.  Random matrices and MXNet slices
 * (csrutil.h) run through both passes with each of the six arrays either
 * in a buffer of its own or at an index-aligned place of one SVM
 * allocation (so allocations meet and share a wrapper); the result is
 * compared byte for byte with the host's slice.  Then the checks, each
 * named before anything is enqueued, the output left as it was.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#define CL_TARGET_OPENCL_VERSION 200
#include "svmfix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csrutil.h"

enum { CASES = 40, ARRAYS = 6 }; /* in's indptr, indices, data; out's */

typedef tu_svm_fixture fixture;

/* One run's six arrays: in the pool at place[i] (svm[i]) or in own[i]. */
typedef struct arrays {
    fixture *f;
    bool fine;
    unsigned char *pool;
    size_t pool_bytes, place[ARRAYS], bytes[ARRAYS];
    bool svm[ARRAYS];
    cl_mem own[ARRAYS];
} arrays;

static void pool_begin(const arrays *a, cl_map_flags flags)
{
    tu_svm_host_begin(&a->f->dev, a->fine, a->pool, a->pool_bytes, flags);
}

static void pool_end(const arrays *a)
{
    tu_svm_host_end(&a->f->dev, a->fine, a->pool);
}

/* Places array i of `bytes` (at least 1): in the pool when svm, at the
 * next place aligned to 8 (indices are 4 or 8 bytes), else in a buffer. */
static void place(arrays *a, int i, size_t bytes, bool svm)
{
    a->bytes[i] = bytes ? bytes : 1;
    a->svm[i] = svm;
    a->place[i] = (a->pool_bytes + 7) / 8 * 8;
    if (svm)
        a->pool_bytes = a->place[i] + a->bytes[i];
    else
        a->own[i] = tu_cl_buffer(&a->f->dev.cl, a->bytes[i]);
}

static void pool_open(arrays *a)
{
    cl_svm_mem_flags flags = CL_MEM_READ_WRITE;
    if (a->fine)
        flags |= CL_MEM_SVM_FINE_GRAIN_BUFFER;
    a->pool_bytes += 8;
    a->pool = clSVMAlloc(a->f->dev.cl.context, flags, a->pool_bytes, 0);
    assert_non_null(a->pool);
    pool_begin(a, CL_MAP_WRITE);
    memset(a->pool, TC_BYTE, a->pool_bytes);
    pool_end(a);
}

static void arrays_close(arrays *a)
{
    for (int i = 0; i < ARRAYS; i++)
        if (!a->svm[i] && a->own[i])
            clReleaseMemObject(a->own[i]);
    if (a->pool)
        clSVMFree(a->f->dev.cl.context, a->pool);
}

/* n bytes between host and array i, wherever it lives: to the array
 * when `up`, from it otherwise. */
static void transfer(arrays *a, int i, void *host, size_t n, bool up)
{
    if (n == 0)
        return;
    if (!a->svm[i]) {
        cl_int rc = up ? clEnqueueWriteBuffer(a->f->dev.queue, a->own[i],
                                              CL_TRUE, 0, n, host, 0, NULL,
                                              NULL)
                       : clEnqueueReadBuffer(a->f->dev.queue, a->own[i],
                                             CL_TRUE, 0, n, host, 0, NULL,
                                             NULL);
        TU_CL_CHECK(rc);
        return;
    }
    pool_begin(a, up ? CL_MAP_WRITE : CL_MAP_READ);
    if (up)
        memcpy(a->pool + a->place[i], host, n);
    else
        memcpy(host, a->pool + a->place[i], n);
    pool_end(a);
}

/* Array i as the matrix's buffer member and offset, and its SVM entry. */
static void member(const arrays *a, int i, cl_mem *buffer, size_t *offset,
                   clslice_cl_svm *svm)
{
    *buffer = a->svm[i] ? NULL : a->own[i];
    *offset = a->svm[i] ? a->place[i] : 0;
    *svm = a->svm[i] ? (clslice_cl_svm){a->pool, a->pool_bytes}
                     : (clslice_cl_svm){NULL, 0};
}

/* The matrix m's header with arrays first..first+2 of a. */
static void matrix(const arrays *a, int first, const tc_csr *m,
                   clslice_cl_csr *out, clslice_cl_csr_svm *svm)
{
    *out = (clslice_cl_csr){.rows = m->rows, .cols = m->cols,
                            .index_type = m->type,
                            .elem_size = m->elem_size, .nnz = m->nnz};
    member(a, first, &out->indptr, &out->indptr_offset, &svm->indptr);
    member(a, first + 1, &out->indices, &out->indices_offset,
           &svm->indices);
    member(a, first + 2, &out->data, &out->data_offset, &svm->data);
}

/* The descriptor of plan from in to out, with their SVM entries. */
static clslice_cl_csr_desc csr_desc(const clslice_plan *plan,
                                    const clslice_cl_csr *in,
                                    const clslice_cl_csr *out,
                                    const clslice_cl_csr_svm *in_svm,
                                    const clslice_cl_csr_svm *out_svm)
{
    clslice_cl_csr_desc desc = CLSLICE_CL_CSR_DESC_INIT;
    desc.plan = plan;
    desc.in = in;
    desc.out = out;
    desc.in_svm = in_svm;
    desc.out_svm = out_svm;
    return desc;
}

static size_t isize(clslice_index_type type)
{
    return type == CLSLICE_INT64 ? 8 : 4;
}

/* Both passes with arrays placed at random, into *got. */
static void run_case(fixture *f, bool fine, tu_rng *rng,
                     const clslice_plan *plan, const tc_csr *in,
                     const tc_csr *want, tc_csr *got, const char *ctx)
{
    size_t is = isize(in->type);
    int64_t oshape[2];
    clslice_plan_output_shape(plan, oshape);
    int64_t rows = oshape[0];
    arrays a = {.f = f, .fine = fine};
    size_t sizes[ARRAYS] = {
        (size_t)(in->rows + 1) * is, (size_t)in->nnz * is,
        (size_t)in->nnz * in->elem_size, (size_t)(rows + 1) * is,
        (size_t)want->nnz * is, (size_t)want->nnz * in->elem_size};
    for (int i = 0; i < ARRAYS; i++)
        place(&a, i, sizes[i], tu_chance(rng, 60));
    pool_open(&a);
    transfer(&a, 0, in->indptr, sizes[0], true);
    transfer(&a, 1, in->indices, sizes[1], true);
    transfer(&a, 2, in->data, sizes[2], true);

    clslice_cl_csr cin, cout;
    clslice_cl_csr_svm sin, sout;
    matrix(&a, 0, in, &cin, &sin);
    tc_csr shape = *want;
    shape.nnz = 0;
    matrix(&a, 3, &shape, &cout, &sout);
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_cl_csr_desc desc = csr_desc(plan, &cin, &cout, &sin, &sout);
    int64_t nnz = -1;
    clslice_error err;
    clslice_status st = clslice_cl_csr_count(f->dev.runtime, &call, &desc,
                                             &nnz, &err);
    if (st != CLSLICE_OK)
        fail_msg("%s: count: %s", ctx, err.message);
    if (nnz != want->nnz)
        fail_msg("%s: nnz %lld, the host's %lld", ctx, (long long)nnz,
                 (long long)want->nnz);
    cout.nnz = nnz;
    st = clslice_cl_csr_fill(f->dev.runtime, &call, &desc, &err);
    if (st != CLSLICE_OK)
        fail_msg("%s: fill: %s", ctx, err.message);
    TU_CL_CHECK(clFinish(f->dev.queue)); /* fine-grained: read directly */
    tc_csr_alloc(got, want->rows, want->cols, nnz, in->type, in->elem_size);
    transfer(&a, 3, got->indptr, sizes[3], false);
    transfer(&a, 4, got->indices, sizes[4], false);
    transfer(&a, 5, got->data, sizes[5], false);
    arrays_close(&a);
}

static void random_cases(void **state, bool fine)
{
    fixture *f = *state;
    tu_svm_skip_without(f, fine);
    uint64_t seed = tu_seed(0x5C5A11C0ull + fine);
    tu_rng rng = {seed};
    for (int k = 0; k < CASES; k++) {
        tc_csr in, want, got;
        char desc[512], ctx[700];
        tc_csr_random(&rng, 14, 14, &in);
        clslice_plan *plan = tc_plan_random(&rng, in.rows, in.cols, desc,
                                            sizeof desc);
        snprintf(ctx, sizeof ctx, "seed 0x%llx case %d (%s SVM): %s, nnz "
                 "%lld, %s, elem %zu", (unsigned long long)seed, k,
                 fine ? "fine" : "coarse", desc, (long long)in.nnz,
                 in.type == CLSLICE_INT64 ? "int64" : "int32", in.elem_size);
        clslice_error err;
        if (tc_host_slice(plan, &in, &want, &err) != CLSLICE_OK)
            fail_msg("%s: host: %s", ctx, err.message);
        run_case(f, fine, &rng, plan, &in, &want, &got, ctx);
        tc_assert_same(&got, &want, "SVM device vs host", ctx);
        tc_csr_free(&got);
        tc_csr_free(&want);
        tc_csr_free(&in);
        clslice_plan_release(&plan);
    }
}

static void test_random_coarse(void **state)
{
    random_cases(state, false);
}

static void test_random_fine(void **state)
{
    random_cases(state, true);
}

#define EXPECT_FAIL(call_, status, ...)                                    \
    do {                                                                   \
        clslice_error err_;                                                \
        int64_t nnz_ = -1;                                                 \
        assert_int_equal(clslice_cl_csr_count(f->dev.runtime, &call_,      \
                                              &desc, &nnz_, &err_),        \
                         (status));                                        \
        tu_assert_error(&err_, (status), __VA_ARGS__, NULL);               \
    } while (0)

/* Each a named error before anything is enqueued: the output row
 * pointers keep their bytes. */
static void test_checks(void **state)
{
    fixture *f = *state;
    tu_svm_skip_without(f, false);
    const int64_t ptr[] = {0, 2, 3}, idx[] = {0, 1, 1};
    const float val[] = {1, 2, 3};
    size_t bytes = 256;
    unsigned char *pool = clSVMAlloc(f->dev.cl.context, CL_MEM_READ_WRITE,
                                     bytes, 0);
    assert_non_null(pool);
    TU_CL_CHECK(clEnqueueSVMMap(f->dev.queue, CL_TRUE, CL_MAP_WRITE, pool,
                                bytes, 0, NULL, NULL));
    memcpy(pool, ptr, sizeof ptr);
    memcpy(pool + 64, idx, sizeof idx);
    memcpy(pool + 128, val, sizeof val);
    TU_CL_CHECK(clEnqueueSVMUnmap(f->dev.queue, pool, 0, NULL, NULL));
    cl_mem out_ptr = tu_cl_buffer(&f->dev.cl, 64);
    tu_cl_fill(f->dev.queue, out_ptr, TC_BYTE, 64);
    /* rows [0:1], every column: one row of two entries */
    const clslice_opt_int64 begin[] = {{0, 0}, {0, 1}},
                            end[] = {{1, 0}, {0, 1}};
    clslice_plan *plan = tc_plan(2, 2, 2, begin, end, NULL);
    clslice_cl_csr in = {2, 2, CLSLICE_INT64, 4, 3, NULL, 0, NULL, 64,
                         NULL, 128};
    clslice_cl_csr out = {1, 2, CLSLICE_INT64, 4, 0, out_ptr, 0, NULL, 0,
                          NULL, 0};
    clslice_cl_csr_svm in_svm = {{pool, bytes}, {pool, bytes},
                                 {pool, bytes}};
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_cl_csr_desc desc = csr_desc(plan, &in, &out, &in_svm, NULL);

    in.indices = out_ptr; /* a buffer and an allocation */
    EXPECT_FAIL(call, CLSLICE_ERROR_ARGUMENT,
                "in->indices and in_svm->indices.pointer are both set");
    in.indices = NULL;
    in_svm.data.bytes = 0;
    EXPECT_FAIL(call, CLSLICE_ERROR_ARGUMENT, "in_svm->data.bytes is 0");
    in_svm.data = (clslice_cl_svm){NULL, 16};
    EXPECT_FAIL(call, CLSLICE_ERROR_ARGUMENT,
                "in_svm->data.bytes = 16 but in_svm->data.pointer is NULL");
    /* 2 of 3 floats, apart from the other allocations (allocations that
     * meet share a wrapper, which would hold the third) */
    in_svm.indptr.bytes = in_svm.indices.bytes = 100;
    in_svm.data = (clslice_cl_svm){pool + 128, 8};
    in.data_offset = 0;
    EXPECT_FAIL(call, CLSLICE_ERROR_BUFFER, "in->data",
                "[in->data is in_svm->data: 8 bytes]");
    tu_cl_assert_filled(f->dev.queue, out_ptr, 64, TC_BYTE);

    /* the right allocation: the slice runs */
    in_svm.data = (clslice_cl_svm){pool + 128, 12};
    int64_t nnz = -1;
    clslice_error err;
    assert_int_equal(clslice_cl_csr_count(f->dev.runtime, &call, &desc,
                                          &nnz, &err),
                     CLSLICE_OK);
    assert_int_equal(nnz, 2);
    TU_CL_CHECK(clFinish(f->dev.queue));
    clslice_plan_release(&plan);
    clReleaseMemObject(out_ptr);
    clSVMFree(f->dev.cl.context, pool);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_coarse),
        cmocka_unit_test(test_random_fine),
        cmocka_unit_test(test_checks),
    };
    return cmocka_run_group_tests(tests, tu_svm_setup, tu_svm_teardown);
}
