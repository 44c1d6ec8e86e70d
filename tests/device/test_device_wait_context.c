/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Wait lists holding an event of another cl_context.  The queue cannot
 * wait on such an event (OpenCL calls it CL_INVALID_CONTEXT), yet PoCL
 * enqueues a kernel behind it without complaint, so the library checks
 * every event itself.  For each way a call can run (marker, copy, rect,
 * rows kernel, grid kernel, scatter, fill, grad, CSR count, CSR fill):
 *  - with a wait list {own event, foreign event} the call fails with
 *    CLSLICE_ERROR_ARGUMENT naming event_wait_list[1] and the context,
 *    hands out no event, takes no path (nothing enqueued) and writes
 *    nothing;
 *  - with {own event} the same call succeeds, on the path the case names,
 *    so each case really reaches the path it is about.
 */
#include <string.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "testutil.h"

enum { BUF_BYTES = 16384, SENTINEL = 0x3C };

static tu_dev g_dev;
static bool g_have;
static cl_context g_other;     /* a second context on the same device */
static cl_event g_own;         /* complete, of g_dev's context */
static cl_event g_foreign;     /* of g_other */
static cl_mem g_src, g_dst, g_value;
/* CSR: a 4 x 5 int32 matrix, the count's output, the fill's inputs and
 * outputs (the row pointers a count wrote in g_csr_ptr). */
static cl_mem g_csr_indptr, g_csr_indices, g_csr_data, g_csr_outptr,
    g_csr_ptr, g_csr_outidx, g_csr_outdata;
static int64_t g_csr_nnz;
static const int32_t CSR_INDPTR[] = {0, 2, 3, 3, 6};
static const int32_t CSR_INDICES[] = {1, 4, 0, 2, 3, 4};
static const float CSR_DATA[] = {1, 2, 3, 4, 5, 6};

typedef struct wcase wcase;
struct wcase {
    const char *name;
    cs_style style;
    clslice_status (*run)(const wcase *c, clslice_runtime *rt, cl_uint n,
                          const cl_event *list, cl_event *event,
                          clslice_error *err);
    int64_t shape[2];
    const char *expr;
    /* the paths (inclusive range) a successful run takes; first < 0: no
     * path counters (CSR) */
    int first, last;
    cl_mem out[2];
};

static clslice_plan *plan_of(const wcase *c)
{
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_expr(c->shape, 2, c->expr, &plan, NULL),
                     CLSLICE_OK);
    return plan;
}

static clslice_status run_gather(const wcase *c, clslice_runtime *rt,
                                 cl_uint n, const cl_event *list,
                                 cl_event *event, clslice_error *err)
{
    clslice_plan *plan = plan_of(c);
    clslice_status st = clslice_enqueue_gather(rt, g_dev.queue, plan, 4,
                                               g_src, 0, g_dst, 0, 0, n,
                                               list, event, err);
    clslice_plan_release(&plan);
    return st;
}

static clslice_status run_scatter(const wcase *c, clslice_runtime *rt,
                                  cl_uint n, const cl_event *list,
                                  cl_event *event, clslice_error *err)
{
    clslice_plan *plan = plan_of(c);
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, shape);
    clslice_status st = clslice_enqueue_scatter(
        rt, g_dev.queue, plan, 4, g_value, 0, shape,
        clslice_plan_output_rank(plan), CLSLICE_VALUE_EXACT, g_dst, 0, 0, n,
        list, event, err);
    clslice_plan_release(&plan);
    return st;
}

static clslice_status run_fill(const wcase *c, clslice_runtime *rt,
                               cl_uint n, const cl_event *list,
                               cl_event *event, clslice_error *err)
{
    clslice_plan *plan = plan_of(c);
    const float element = 2.5f;
    clslice_status st = clslice_enqueue_fill(rt, g_dev.queue, plan, 4,
                                             &element, g_dst, 0, 0, n, list,
                                             event, err);
    clslice_plan_release(&plan);
    return st;
}

static clslice_status run_grad(const wcase *c, clslice_runtime *rt,
                               cl_uint n, const cl_event *list,
                               cl_event *event, clslice_error *err)
{
    clslice_plan *plan = plan_of(c);
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, shape);
    clslice_status st = clslice_enqueue_grad(
        rt, g_dev.queue, plan, 4, g_value, 0, shape,
        clslice_plan_output_rank(plan), g_dst, 0, 0, n, list, event, err);
    clslice_plan_release(&plan);
    return st;
}

/* Rows 1.. and columns 1.. of the 4 x 5 matrix. */
static clslice_plan *csr_plan(void)
{
    const clslice_opt_int64 begin[2] = {{1, 0}, {1, 0}};
    const clslice_opt_int64 end[2] = {{0, 1}, {5, 0}};
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_mxnet((int64_t[]){4, 5}, 2, begin, 2, end,
                                        2, NULL, 0, &plan, NULL),
                     CLSLICE_OK);
    return plan;
}

static clslice_cl_csr csr_in(void)
{
    return (clslice_cl_csr){4, 5, CLSLICE_INT32, 4, 6,
                            g_csr_indptr, 0, g_csr_indices, 0,
                            g_csr_data, 0};
}

static clslice_status run_csr_count(const wcase *c, clslice_runtime *rt,
                                    cl_uint n, const cl_event *list,
                                    cl_event *event, clslice_error *err)
{
    (void)c;
    clslice_plan *plan = csr_plan();
    clslice_cl_csr in = csr_in();
    clslice_cl_csr out = {3, 4, CLSLICE_INT32, 4, 0, g_csr_outptr, 0,
                          NULL, 0, NULL, 0};
    int64_t nnz = -1;
    clslice_status st = tu_csr_count(rt, g_dev.queue, plan, &in, &out, n, list,
                                     event, &nnz, err);
    clslice_plan_release(&plan);
    assert_true(st != CLSLICE_OK || nnz == g_csr_nnz);
    return st;
}

static clslice_status run_csr_fill(const wcase *c, clslice_runtime *rt,
                                   cl_uint n, const cl_event *list,
                                   cl_event *event, clslice_error *err)
{
    (void)c;
    clslice_plan *plan = csr_plan();
    clslice_cl_csr in = csr_in();
    clslice_cl_csr out = {3, 4, CLSLICE_INT32, 4, g_csr_nnz, g_csr_ptr, 0,
                          g_csr_outidx, 0, g_csr_outdata, 0};
    clslice_status st = tu_csr_fill(rt, g_dev.queue, plan, &in, &out, n, list,
                                    event, err);
    clslice_plan_release(&plan);
    return st;
}

/* ---- the check ------------------------------------------------------------ */

static long paths_taken(clslice_runtime *rt, int first, int last)
{
    long n = 0;
    for (int p = first; p <= last; p++)
        n += cs_runtime_path_count(rt, (cs_path)p);
    return n;
}

static void run_case(const wcase *c)
{
    if (!g_have)
        skip();
    clslice_runtime *rt = NULL;
    assert_int_equal(clslice_runtime_create(g_dev.cl.context, &rt, NULL),
                     CLSLICE_OK);
    cs_tuning tuning;
    cs_runtime_tuning(rt, &tuning);
    tuning.style = c->style;
    cs_runtime_set_tuning(rt, &tuning);
    for (int b = 0; b < 2 && c->out[b]; b++)
        tu_cl_fill(g_dev.queue, c->out[b], SENTINEL, BUF_BYTES);

    const cl_event both[2] = {g_own, g_foreign};
    cl_event event = NULL;
    clslice_error err;
    clslice_status st = c->run(c, rt, 2, both, &event, &err);
    if (st != CLSLICE_ERROR_ARGUMENT)
        fail_msg("%s: status %d with a foreign event ('%s')", c->name,
                 (int)st, st == CLSLICE_OK ? "" : err.message);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "event_wait_list[1]",
                    "another cl_context", NULL);
    assert_int_equal(err.opencl_code, 0);
    assert_null(event);
    assert_int_equal(paths_taken(rt, 0, CS_PATH_COUNT - 1), 0);
    for (int b = 0; b < 2 && c->out[b]; b++)
        tu_cl_assert_filled(g_dev.queue, c->out[b], BUF_BYTES, SENTINEL);

    st = c->run(c, rt, 1, both, &event, &err);
    if (st != CLSLICE_OK)
        fail_msg("%s: with its own event: %s", c->name, err.message);
    assert_non_null(event);
    TU_CL_CHECK(clWaitForEvents(1, &event));
    clReleaseEvent(event);
    if (c->first >= 0 && paths_taken(rt, c->first, c->last) == 0)
        fail_msg("%s: the call did not take the path it is about",
                 c->name);
    clslice_runtime_release(&rt);
}

#define GATHER(nm, st, s0, s1, ex, lo, hi)                                 \
    (wcase)                                                                \
    {                                                                      \
        nm, st, run_gather, {s0, s1}, ex, lo, hi, {g_dst, NULL}            \
    }

static void test_marker(void **state)
{
    (void)state;
    run_case(&GATHER("marker", CS_STYLE_AUTO, 6, 30, "[2:2]",
                     CS_PATH_MARKER, CS_PATH_MARKER));
}

static void test_copy(void **state)
{
    (void)state;
    run_case(&GATHER("copy", CS_STYLE_AUTO, 6, 30, "[1:3]", CS_PATH_COPY,
                     CS_PATH_COPY));
}

static void test_rect(void **state)
{
    (void)state;
    run_case(&GATHER("rect", CS_STYLE_ROWS, 6, 30, "[1:5, 2:28]",
                     CS_PATH_RECT, CS_PATH_RECT));
}

static void test_rows_kernel(void **state)
{
    (void)state;
    run_case(&GATHER("rows kernel", CS_STYLE_ROWS, 3, 40, "[:, ::-1]",
                     CS_PATH_ROW_C, CS_PATH_ODO_G));
}

static void test_grid_kernel(void **state)
{
    (void)state;
    run_case(&GATHER("grid kernel", CS_STYLE_GRID, 3, 40, "[:, ::-1]",
                     CS_PATH_GRID_R1, CS_PATH_GRID_RN));
}

static void test_scatter(void **state)
{
    (void)state;
    run_case(&(wcase){"scatter", CS_STYLE_AUTO, run_scatter, {3, 40},
                      "[:, ::-1]", CS_PATH_SCATTER, CS_PATH_SODO,
                      {g_dst, NULL}});
}

static void test_fill(void **state)
{
    (void)state;
    run_case(&(wcase){"fill", CS_STYLE_AUTO, run_fill, {3, 40}, "[:, ::-1]",
                      CS_PATH_SCATTER, CS_PATH_SODO, {g_dst, NULL}});
}

static void test_grad(void **state)
{
    (void)state;
    run_case(&(wcase){"grad", CS_STYLE_AUTO, run_grad, {3, 40}, "[:, ::-1]",
                      CS_PATH_SCATTER, CS_PATH_SODO, {g_dst, NULL}});
}

static void test_csr_count(void **state)
{
    (void)state;
    run_case(&(wcase){"CSR count", CS_STYLE_AUTO, run_csr_count, {0, 0},
                      NULL, -1, -1, {g_csr_outptr, NULL}});
}

static void test_csr_fill(void **state)
{
    (void)state;
    run_case(&(wcase){"CSR fill", CS_STYLE_AUTO, run_csr_fill, {0, 0}, NULL,
                      -1, -1, {g_csr_outidx, g_csr_outdata}});
}

/* A NULL entry is named too, before OpenCL sees it. */
static void test_null_event(void **state)
{
    (void)state;
    if (!g_have)
        skip();
    const cl_event list[2] = {g_own, NULL};
    cl_event event = NULL;
    clslice_error err;
    wcase c = GATHER("null event", CS_STYLE_AUTO, 3, 40, "[:, ::-1]", 0, 0);
    tu_cl_fill(g_dev.queue, g_dst, SENTINEL, BUF_BYTES);
    assert_int_equal(c.run(&c, g_dev.runtime, 2, list, &event, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "event_wait_list[1] is NULL", NULL);
    assert_null(event);
    tu_cl_assert_filled(g_dev.queue, g_dst, BUF_BYTES, SENTINEL);
}

/* ---- set-up ------------------------------------------------------------------- */

static cl_mem buffer_with(const void *bytes, size_t size)
{
    cl_mem m = tu_cl_buffer(&g_dev.cl, BUF_BYTES);
    static unsigned char all[BUF_BYTES];
    for (size_t i = 0; i < BUF_BYTES; i++)
        all[i] = (unsigned char)(i * 5 + 1);
    if (bytes)
        memcpy(all, bytes, size);
    TU_CL_CHECK(clEnqueueWriteBuffer(g_dev.queue, m, CL_TRUE, 0, BUF_BYTES,
                                     all, 0, NULL, NULL));
    return m;
}

static int setup(void **state)
{
    (void)state;
    g_have = tu_dev_open(&g_dev);
    if (!g_have)
        return 0;
    cl_int rc;
    g_other = clCreateContext(NULL, 1, &g_dev.cl.device, NULL, NULL, &rc);
    TU_CL_CHECK(rc);
    g_foreign = clCreateUserEvent(g_other, &rc);
    TU_CL_CHECK(rc);
    g_own = clCreateUserEvent(g_dev.cl.context, &rc);
    TU_CL_CHECK(rc);
    TU_CL_CHECK(clSetUserEventStatus(g_own, CL_COMPLETE));
    g_src = buffer_with(NULL, 0);
    g_value = buffer_with(NULL, 0);
    g_dst = buffer_with(NULL, 0);
    g_csr_indptr = buffer_with(CSR_INDPTR, sizeof CSR_INDPTR);
    g_csr_indices = buffer_with(CSR_INDICES, sizeof CSR_INDICES);
    g_csr_data = buffer_with(CSR_DATA, sizeof CSR_DATA);
    g_csr_outptr = buffer_with(NULL, 0);
    g_csr_ptr = buffer_with(NULL, 0);
    g_csr_outidx = buffer_with(NULL, 0);
    g_csr_outdata = buffer_with(NULL, 0);
    clslice_plan *plan = csr_plan();
    clslice_cl_csr in = csr_in();
    clslice_cl_csr out = {3, 4, CLSLICE_INT32, 4, 0, g_csr_ptr, 0,
                          NULL, 0, NULL, 0};
    clslice_error err;
    if (tu_csr_count(g_dev.runtime, g_dev.queue, plan, &in, &out, 0, NULL,
                     NULL, &g_csr_nnz, &err) != CLSLICE_OK)
        fail_msg("the CSR count: %s", err.message);
    TU_CL_CHECK(clFinish(g_dev.queue));
    clslice_plan_release(&plan);
    assert_int_equal(g_csr_nnz, 3);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (!g_have)
        return 0;
    cl_mem all[] = {g_src, g_value, g_dst, g_csr_indptr, g_csr_indices,
                    g_csr_data, g_csr_outptr, g_csr_ptr, g_csr_outidx,
                    g_csr_outdata};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        clReleaseMemObject(all[i]);
    /* the foreign event never completes: nothing waits on it */
    clSetUserEventStatus(g_foreign, CL_COMPLETE);
    clReleaseEvent(g_foreign);
    clReleaseEvent(g_own);
    clReleaseContext(g_other);
    tu_dev_close(&g_dev);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_marker),
        cmocka_unit_test(test_copy),
        cmocka_unit_test(test_rect),
        cmocka_unit_test(test_rows_kernel),
        cmocka_unit_test(test_grid_kernel),
        cmocka_unit_test(test_scatter),
        cmocka_unit_test(test_fill),
        cmocka_unit_test(test_grad),
        cmocka_unit_test(test_csr_count),
        cmocka_unit_test(test_csr_fill),
        cmocka_unit_test(test_null_event),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
