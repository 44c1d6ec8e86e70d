/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The device CSR slicer (clslice_cl_csr_count + clslice_cl_csr_fill)
 * against the host slicer, byte for byte, and against the dense reference:
 * random matrices and slices with arrays at random offsets in
 * sentinel-filled buffers; long matrices that need every level of the
 * scan and the kernels' grid-stride loops; corrupt inputs (same message as
 * the host, out->indptr untouched); argument and buffer errors; an
 * out-of-order queue driven by events.  Skips without an OpenCL device.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/testing/testing.h"
#include "csrdev.h"

enum { RANDOM_CASES = 1500 };

static tu_dev g_dev;
static bool g_have;

static int setup(void **state)
{
    (void)state;
    g_have = tu_dev_open(&g_dev);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (g_have)
        tu_dev_close(&g_dev);
    return 0;
}

#define NEED_DEVICE()                                                     \
    do {                                                                  \
        if (!g_have)                                                      \
            skip();                                                       \
    } while (0)

/* Device and host agree byte for byte, and the result passes the dense
 * check. */
static void compare(const clslice_plan *plan, const tc_csr *in, tu_rng *rng,
                    const char *desc)
{
    tc_csr host, dev;
    clslice_error herr, derr;
    clslice_status hs = tc_host_slice(plan, in, &host, &herr);
    clslice_status ds = tc_dev_slice(&g_dev, plan, in, &dev, rng, &derr);
    if (hs != CLSLICE_OK)
        fail_msg("%s: host failed: %s", desc, herr.message);
    if (ds != CLSLICE_OK)
        fail_msg("%s: device failed: %s", desc, derr.message);
    tc_assert_same(&dev, &host, "device vs host", desc);
    tc_check_dense(plan, in, &dev, desc);
    tc_csr_free(&host);
    tc_csr_free(&dev);
}

static void test_random(void **state)
{
    (void)state;
    NEED_DEVICE();
    uint64_t seed = tu_seed(0xD5C5A11Cull);
    tu_rng rng = {seed};
    for (int k = 0; k < RANDOM_CASES; k++) {
        tc_csr in;
        char desc[512], full[640];
        tc_csr_random(&rng, k % 4 ? 12 : 60, k % 4 ? 12 : 60, &in);
        clslice_plan *plan = tc_plan_random(&rng, in.rows, in.cols, desc,
                                            sizeof desc);
        snprintf(full, sizeof full, "seed 0x%llx case %d: %s, nnz %lld, "
                 "%s, elem %zu", (unsigned long long)seed, k, desc,
                 (long long)in.nnz,
                 in.type == CLSLICE_INT64 ? "int64" : "int32",
                 in.elem_size);
        compare(plan, &in, &rng, full);
        tc_csr_free(&in);
        clslice_plan_release(&plan);
    }
}

/* A long matrix: rows with 0..3 entries, so the count has millions of
 * rows to scan (three levels of 1024-value blocks). */
static void long_matrix(tu_rng *rng, int64_t rows, int64_t cols,
                        clslice_index_type type, tc_csr *m)
{
    int64_t nnz = 0;
    int64_t *length = malloc((size_t)rows * sizeof *length);
    for (int64_t r = 0; r < rows; r++)
        nnz += length[r] = tu_range(rng, 0, 15) == 0 ? 3 : r % 2;
    tc_csr_alloc(m, rows, cols, nnz, type, 4);
    int64_t at = 0;
    for (int64_t r = 0; r < rows; r++) {
        for (int64_t e = at; e < at + length[r]; e++) {
            tc_put(m->indices, type, e, tu_range(rng, 0, cols - 1));
            ((int32_t *)m->data)[e] = (int32_t)e;
        }
        at += length[r];
        tc_put(m->indptr, type, r + 1, at);
    }
    free(length);
}

static void test_long(void **state)
{
    (void)state;
    NEED_DEVICE();
    tu_rng rng = {tu_seed(77)};
    const char *exprs[] = {"[:]", "[::-1, 1:5]", "[7::3, ::-2]",
                           "[-1000:]"};
    for (int t = 0; t < 2; t++) {
        tc_csr m;
        int64_t rows = t ? 1100000 : 2300000;
        long_matrix(&rng, rows, 9, t ? CLSLICE_INT64 : CLSLICE_INT32, &m);
        int64_t shape[2] = {rows, 9};
        for (size_t k = 0; k < sizeof exprs / sizeof exprs[0]; k++) {
            clslice_plan *plan = NULL;
            assert_int_equal(clslice_plan_expr(shape, 2, exprs[k], &plan,
                                               NULL), CLSLICE_OK);
            tc_csr host, dev;
            clslice_error err;
            assert_int_equal(tc_host_slice(plan, &m, &host, &err),
                             CLSLICE_OK);
            if (tc_dev_slice(&g_dev, plan, &m, &dev, NULL, &err) !=
                CLSLICE_OK)
                fail_msg("%s: %s", exprs[k], err.message);
            tc_assert_same(&dev, &host, "long matrix", exprs[k]);
            tc_csr_free(&host);
            tc_csr_free(&dev);
            clslice_plan_release(&plan);
        }
        tc_csr_free(&m);
    }
}

/* With the grid capped at one group, every kernel loops over its rows. */
static void test_grid_loops(void **state)
{
    (void)state;
    NEED_DEVICE();
    tu_rng rng = {tu_seed(5150)};
    cs_runtime_set_max_groups(g_dev.runtime, 1);
    for (int k = 0; k < 60; k++) {
        tc_csr in;
        char desc[512];
        tc_csr_random(&rng, 300, 20, &in);
        clslice_plan *plan = tc_plan_random(&rng, in.rows, in.cols, desc,
                                            sizeof desc);
        compare(plan, &in, &rng, desc);
        tc_csr_free(&in);
        clslice_plan_release(&plan);
    }
    cs_runtime_set_max_groups(g_dev.runtime, 0);
}

/* The 3 x 4 example of test_host_csr (row 2 unsorted, a repeat). */
static void example(tc_csr *m)
{
    static const int64_t indptr[] = {0, 2, 2, 6};
    static const int64_t indices[] = {2, 0, 3, 0, 1, 3};
    tc_csr_alloc(m, 3, 4, 6, CLSLICE_INT64, 2);
    memcpy(m->indptr, indptr, sizeof indptr);
    memcpy(m->indices, indices, sizeof indices);
    for (int e = 0; e < 12; e++)
        m->data[e] = (unsigned char)(e + 1);
}

/* Host and device reject the matrix with the same message, which holds
 * `part`; tc_dev_slice checks that out->indptr stayed untouched. */
static void both_reject(const clslice_plan *plan, const tc_csr *m,
                        const char *part)
{
    tc_csr out;
    clslice_error herr, derr;
    assert_int_equal(tc_host_slice(plan, m, &out, &herr),
                     CLSLICE_ERROR_SPEC);
    assert_int_equal(tc_dev_slice(&g_dev, plan, m, &out, NULL, &derr),
                     CLSLICE_ERROR_SPEC);
    tu_assert_error(&derr, CLSLICE_ERROR_SPEC, part, NULL);
    assert_string_equal(derr.message, herr.message);
}

static void test_corrupt(void **state)
{
    (void)state;
    NEED_DEVICE();
    tc_csr m;
    example(&m);
    int64_t *ip = m.indptr, *ix = m.indices, shape[2] = {3, 4};
    clslice_plan *all = NULL, *row0 = NULL, *rev = NULL;
    assert_int_equal(clslice_plan_expr(shape, 2, "[:]", &all, NULL), 0);
    assert_int_equal(clslice_plan_expr(shape, 2, "[0:1]", &row0, NULL), 0);
    assert_int_equal(clslice_plan_expr(shape, 2, "[::-1, 1:]", &rev, NULL),
                     0);
    ip[0] = 2;
    both_reject(all, &m, "indptr[0] = 2");
    ip[0] = 0;
    ip[2] = 1;
    both_reject(row0, &m, "indptr decreases at indptr[2] = 1");
    ip[2] = 9;
    ip[3] = 9;
    both_reject(all, &m, "indptr[2] = 9 is past nnz = 6");
    ip[2] = 2;
    ip[3] = 4;
    both_reject(all, &m, "indptr[3] (the last) = 4, but nnz = 6");
    ip[3] = 6;
    ix[5] = 4;
    ix[3] = -3;
    both_reject(rev, &m, "indices[3] = -3 (row 2)");
    ix[3] = 0;
    both_reject(all, &m, "indices[5] = 4");
    ix[5] = 3;
    {   /* the same with int32 indices and a huge bad column */
        tc_csr m32;
        tc_csr_alloc(&m32, 3, 4, 6, CLSLICE_INT32, 1);
        for (int k = 0; k < 4; k++)
            tc_put(m32.indptr, CLSLICE_INT32, k, ip[k]);
        for (int k = 0; k < 6; k++)
            tc_put(m32.indices, CLSLICE_INT32, k, ix[k]);
        tc_put(m32.indices, CLSLICE_INT32, 1, INT32_MAX);
        both_reject(all, &m32, "indices[1] = 2147483647 (row 0)");
        tc_csr_free(&m32);
    }
    compare(rev, &m, NULL, "repaired example");
    clslice_plan_release(&all);
    clslice_plan_release(&row0);
    clslice_plan_release(&rev);
    tc_csr_free(&m);
}

/* Buffers for the argument tests: the example on the device. */
typedef struct arg_fixture {
    tc_csr m;
    clslice_plan *plan; /* [::2, 1:] -> 2 x 3, keeps 4 entries */
    cl_mem big;         /* 4096 bytes holding the input arrays */
    cl_mem out;         /* 4096 bytes for the output arrays */
    clslice_cl_csr in, o;
} arg_fixture;

static void arg_open(arg_fixture *f)
{
    example(&f->m);
    int64_t shape[2] = {3, 4};
    assert_int_equal(clslice_plan_expr(shape, 2, "[::2, 1:]", &f->plan,
                                       NULL), 0);
    f->big = tu_cl_buffer(&g_dev.cl, 4096);
    f->out = tu_cl_buffer(&g_dev.cl, 4096);
    TU_CL_CHECK(clEnqueueWriteBuffer(g_dev.queue, f->big, CL_TRUE, 0, 32,
                                     f->m.indptr, 0, NULL, NULL));
    TU_CL_CHECK(clEnqueueWriteBuffer(g_dev.queue, f->big, CL_TRUE, 64, 48,
                                     f->m.indices, 0, NULL, NULL));
    TU_CL_CHECK(clEnqueueWriteBuffer(g_dev.queue, f->big, CL_TRUE, 128, 12,
                                     f->m.data, 0, NULL, NULL));
    f->in = (clslice_cl_csr){3, 4, CLSLICE_INT64, 2, 6, f->big, 0,
                             f->big, 64, f->big, 128};
    f->o = (clslice_cl_csr){2, 3, CLSLICE_INT64, 2, 4, f->out, 0,
                            f->out, 64, f->out, 128};
}

static void arg_close(arg_fixture *f)
{
    clReleaseMemObject(f->big);
    clReleaseMemObject(f->out);
    clslice_plan_release(&f->plan);
    tc_csr_free(&f->m);
}

static clslice_status count(arg_fixture *f, const clslice_cl_csr *in,
                            const clslice_cl_csr *out, clslice_error *err)
{
    int64_t nnz = -1;
    return tu_csr_count(g_dev.runtime, g_dev.queue, f->plan, in, out, 0, NULL,
                        NULL, &nnz, err);
}

static clslice_status fill(arg_fixture *f, const clslice_cl_csr *in,
                           const clslice_cl_csr *out, clslice_error *err)
{
    return tu_csr_fill(g_dev.runtime, g_dev.queue, f->plan, in, out, 0, NULL,
                       NULL, err);
}

/* count and fill both fail with `status` and every part. */
#define BOTH_FAIL(f, in, out, status, ...)                                \
    do {                                                                  \
        clslice_error e_;                                                 \
        assert_int_equal(count(f, in, out, &e_), status);                 \
        tu_assert_error(&e_, status, __VA_ARGS__, NULL);                  \
        assert_int_equal(fill(f, in, out, &e_), status);                  \
        tu_assert_error(&e_, status, __VA_ARGS__, NULL);                  \
    } while (0)

static void test_arguments(void **state)
{
    (void)state;
    NEED_DEVICE();
    arg_fixture f;
    arg_open(&f);
    clslice_cl_csr in = f.in, o = f.o;
    clslice_error err;
    int64_t nnz = -1;

    assert_int_equal(count(&f, &in, &o, &err), CLSLICE_OK);
    assert_int_equal(tu_csr_count(g_dev.runtime, g_dev.queue, f.plan, &in, &o,
                                  0, NULL, NULL, &nnz, NULL), CLSLICE_OK);
    assert_int_equal(nnz, 4);
    assert_int_equal(fill(&f, &in, &o, &err), CLSLICE_OK);

    BOTH_FAIL(&f, NULL, &o, CLSLICE_ERROR_ARGUMENT, "in is NULL");
    BOTH_FAIL(&f, &in, NULL, CLSLICE_ERROR_ARGUMENT, "out is NULL");
    in.indptr_offset = 4;
    BOTH_FAIL(&f, &in, &o, CLSLICE_ERROR_ARGUMENT, "in->indptr_offset = 4",
              "multiple of the index size (8 bytes)");
    in = f.in;
    in.indices_offset = 4056;
    BOTH_FAIL(&f, &in, &o, CLSLICE_ERROR_BUFFER, "in->indices is too small",
              "48 bytes needed from in->indices_offset = 4056, 40 available");
    in = f.in;
    in.data_offset = 5000;
    BOTH_FAIL(&f, &in, &o, CLSLICE_ERROR_BUFFER,
              "in->data_offset = 5000 lies past the end of in->data");
    in = f.in;
    o.rows = 3;
    BOTH_FAIL(&f, &in, &o, CLSLICE_ERROR_SHAPE, "out has shape [3,3]",
              "the slice is [2,3]");
    o = f.o;
    o.index_type = CLSLICE_INT32;
    BOTH_FAIL(&f, &in, &o, CLSLICE_ERROR_ARGUMENT, "out->index_type");
    o = f.o;
    o.elem_size = 4;
    BOTH_FAIL(&f, &in, &o, CLSLICE_ERROR_ARGUMENT, "out->elem_size = 4");
    o = f.o;
    o.indptr = f.big; /* over the input's indptr */
    BOTH_FAIL(&f, &in, &o, CLSLICE_ERROR_ARGUMENT,
              "in->indptr and out->indptr overlap");
    o = f.o;
    in.indptr = NULL;
    BOTH_FAIL(&f, &in, &o, CLSLICE_ERROR_ARGUMENT, "in->indptr is NULL");
    in = f.in;

    /* Fill only: out->nnz and the output arrays. */
    o.nnz = 7;
    assert_int_equal(fill(&f, &in, &o, &err), CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "out->nnz = 7", NULL);
    o = f.o;
    o.data = f.big;
    o.data_offset = 130; /* over in->data [128, 140) */
    assert_int_equal(fill(&f, &in, &o, &err), CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "in->data and out->data overlap", NULL);
    o = f.o;
    o.indices = NULL;
    assert_int_equal(fill(&f, &in, &o, &err), CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "out->indices is NULL",
                    "needs 32 bytes", NULL);
    o = f.o;
    o.indices_offset = 4090;
    assert_int_equal(fill(&f, &in, &o, &err), CLSLICE_ERROR_ARGUMENT);
    o.indices_offset = 4088;
    assert_int_equal(fill(&f, &in, &o, &err), CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "out->indices is too small",
                    NULL);
    o = f.o;

    /* Handles and wait lists. */
    assert_int_equal(tu_csr_count(g_dev.runtime, g_dev.queue, f.plan, &in, &o,
                                  0, NULL, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "out_nnz is NULL", NULL);
    assert_int_equal(tu_csr_count(NULL, g_dev.queue, f.plan, &in, &o, 0, NULL,
                                  NULL, &nnz, &err),
                     CLSLICE_ERROR_ARGUMENT);
    assert_int_equal(tu_csr_fill(g_dev.runtime, NULL, f.plan, &in, &o, 0, NULL,
                                 NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "queue is NULL", NULL);
    assert_int_equal(tu_csr_fill(g_dev.runtime, g_dev.queue, f.plan, &in, &o,
                                 2, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "event_wait_list is NULL",
                    NULL);
    assert_int_equal(tu_csr_fill(g_dev.runtime, g_dev.queue, NULL, &in, &o, 0,
                                 NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "plan is NULL", NULL);
    TU_CL_CHECK(clFinish(g_dev.queue));
    arg_close(&f);
}

/* nnz = 0 with NULL indices and data, and an empty result with events:
 * count and fill each hand back an event that completes. */
static void test_empty(void **state)
{
    (void)state;
    NEED_DEVICE();
    int64_t shape[2] = {3, 4}, zeros[4] = {0, 0, 0, 0}, got[4];
    cl_mem ip = tu_cl_buffer(&g_dev.cl, 32), op = tu_cl_buffer(&g_dev.cl, 32);
    TU_CL_CHECK(clEnqueueWriteBuffer(g_dev.queue, ip, CL_TRUE, 0, 32, zeros,
                                     0, NULL, NULL));
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_expr(shape, 2, "[::-1, 2:]", &plan, NULL),
                     0);
    clslice_cl_csr in = {3, 4, CLSLICE_INT64, 3, 0, ip, 0, NULL, 0, NULL, 0};
    clslice_cl_csr out = {3, 2, CLSLICE_INT64, 3, 0, op, 0, NULL, 0, NULL, 0};
    cl_event counted = NULL, filled = NULL;
    int64_t nnz = -1;
    clslice_error err;
    if (tu_csr_count(g_dev.runtime, g_dev.queue, plan, &in, &out, 0, NULL,
                     &counted, &nnz, &err) != CLSLICE_OK)
        fail_msg("count: %s", err.message);
    assert_int_equal(nnz, 0);
    assert_int_equal(tu_csr_fill(g_dev.runtime, g_dev.queue, plan, &in, &out,
                                 1, &counted, &filled, &err), CLSLICE_OK);
    TU_CL_CHECK(clWaitForEvents(1, &filled));
    TU_CL_CHECK(clEnqueueReadBuffer(g_dev.queue, op, CL_TRUE, 0, 32, got, 0,
                                    NULL, NULL));
    assert_memory_equal(got, zeros, sizeof got);
    clReleaseEvent(counted);
    clReleaseEvent(filled);
    clReleaseMemObject(ip);
    clReleaseMemObject(op);
    clslice_plan_release(&plan);
}

/* An out-of-order queue: nothing orders the passes but the events the
 * calls hand back, and the result is still the host's. */
static void test_out_of_order(void **state)
{
    (void)state;
    NEED_DEVICE();
    cl_command_queue_properties props = 0;
    TU_CL_CHECK(clGetDeviceInfo(g_dev.cl.device, CL_DEVICE_QUEUE_PROPERTIES,
                                sizeof props, &props, NULL));
    if (!(props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)) {
        print_message("the device has no out-of-order queues: skipped\n");
        skip();
    }
    cl_command_queue q =
        tu_cl_queue(&g_dev.cl, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    tu_rng rng = {tu_seed(99)};
    for (int k = 0; k < 40; k++) {
        tc_csr in, host;
        char desc[512];
        tc_csr_random(&rng, 40, 12, &in);
        clslice_plan *plan = tc_plan_random(&rng, in.rows, in.cols, desc,
                                            sizeof desc);
        clslice_error err;
        assert_int_equal(tc_host_slice(plan, &in, &host, &err), CLSLICE_OK);
        size_t is = in.type == CLSLICE_INT64 ? 8 : 4, es = in.elem_size;
        cl_mem b[6];
        size_t bytes[6] = {((size_t)in.rows + 1) * is, (size_t)in.nnz * is,
                           (size_t)in.nnz * es, ((size_t)host.rows + 1) * is,
                           (size_t)host.nnz * is, (size_t)host.nnz * es};
        const void *src[3] = {in.indptr, in.indices, in.data};
        cl_event written[3], counted = NULL, filled = NULL;
        for (int i = 0; i < 6; i++)
            b[i] = tu_cl_buffer(&g_dev.cl, bytes[i] + 1);
        for (int i = 0; i < 3; i++)
            TU_CL_CHECK(clEnqueueWriteBuffer(q, b[i], CL_FALSE, 0,
                                             bytes[i], src[i], 0, NULL,
                                             &written[i]));
        clslice_cl_csr din = {in.rows, in.cols, in.type, es, in.nnz,
                              b[0], 0, b[1], 0, b[2], 0};
        clslice_cl_csr dout = {host.rows, host.cols, in.type, es, 0,
                               b[3], 0, b[4], 0, b[5], 0};
        int64_t nnz = -1;
        if (tu_csr_count(g_dev.runtime, q, plan, &din, &dout, 3, written,
                         &counted, &nnz, &err) != CLSLICE_OK)
            fail_msg("%s: count: %s", desc, err.message);
        assert_int_equal(nnz, host.nnz);
        dout.nnz = nnz;
        assert_int_equal(tu_csr_fill(g_dev.runtime, q, plan, &din, &dout, 1,
                                     &counted, &filled, &err),
                         CLSLICE_OK);
        tc_csr dev;
        tc_csr_alloc(&dev, host.rows, host.cols, nnz, in.type, es);
        void *dst[3] = {dev.indptr, dev.indices, dev.data};
        for (int i = 3; i < 6; i++)
            if (bytes[i])
                TU_CL_CHECK(clEnqueueReadBuffer(q, b[i], CL_TRUE, 0,
                                                bytes[i], dst[i - 3], 1,
                                                &filled, NULL));
        TU_CL_CHECK(clFinish(q));
        tc_assert_same(&dev, &host, "out-of-order queue", desc);
        for (int i = 0; i < 3; i++)
            clReleaseEvent(written[i]);
        clReleaseEvent(counted);
        clReleaseEvent(filled);
        for (int i = 0; i < 6; i++)
            clReleaseMemObject(b[i]);
        tc_csr_free(&dev);
        tc_csr_free(&host);
        tc_csr_free(&in);
        clslice_plan_release(&plan);
    }
    clReleaseCommandQueue(q);
}

/* The device refuses, as the host does, a slice whose output columns do
 * not fit int32 indices (column 0 of 2^32 reversed is 2^32 - 1), and
 * writes nothing (tc_dev_slice checks the sentinels). */
static void test_int32_room(void **state)
{
    (void)state;
    NEED_DEVICE();
    const int64_t cols = (int64_t)1 << 32;
    tc_csr m, out;
    tc_csr_alloc(&m, 1, cols, 1, CLSLICE_INT32, 1);
    tc_put(m.indptr, CLSLICE_INT32, 1, 1);
    m.data[0] = 7;
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_expr((int64_t[]){1, cols}, 2, "[:, ::-1]",
                                       &plan, NULL), CLSLICE_OK);
    clslice_error err;
    assert_int_equal(tc_dev_slice(&g_dev, plan, &m, &out, NULL, &err),
                     CLSLICE_ERROR_SPEC);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "4294967296 output columns",
                    "int64 indices", NULL);
    clslice_plan_release(&plan);
    tc_csr_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_long),
        cmocka_unit_test(test_grid_loops),
        cmocka_unit_test(test_corrupt),
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_out_of_order),
        cmocka_unit_test(test_int32_room),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
