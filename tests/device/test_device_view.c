/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_cl_plan_view: a contiguous slice as a sub-buffer of its source.
 *
 * Random plans (every front-end, ranks 0-4) at random source offsets: the
 * answer must agree with clslice_plan_view and the device's alignment, and
 * wherever it says a sub-buffer is allowed, one is made there and read
 * back: its bytes must be exactly what clslice_host_gather produces, which
 * is what makes it a view.  Then the error paths.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#include <stdlib.h>
#include <string.h>

#include "devutil.h"
#include "randplan.h"

#define MAX_IN_ELEMS 1024
#define MAX_ELEM 8
#define MAX_OFFSET 512
#define SRC_BYTES (MAX_OFFSET + MAX_IN_ELEMS * MAX_ELEM)

static uint64_t g_seed;
static char g_ctx[4200];
static tu_cl g_cl;
static bool g_have;
static cl_command_queue g_queue;
static cl_mem g_src;
static unsigned char g_src_host[SRC_BYTES];

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

static int setup(void **state)
{
    (void)state;
    g_seed = tu_seed(0x5B0FFE5ull);
    g_have = tu_cl_open(&g_cl);
    if (!g_have)
        return 0;
    g_queue = tu_cl_queue(&g_cl, 0);
    tu_rng rng = {g_seed};
    for (size_t i = 0; i < SRC_BYTES; i++)
        g_src_host[i] = (unsigned char)tu_next(&rng);
    cl_int rc;
    g_src = clCreateBuffer(g_cl.context,
                           CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                           SRC_BYTES, g_src_host, &rc);
    return rc == CL_SUCCESS ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    if (g_src)
        clReleaseMemObject(g_src);
    if (g_queue)
        clReleaseCommandQueue(g_queue);
    if (g_have)
        tu_cl_close(&g_cl);
    return 0;
}

/* Makes the sub-buffer the view allows and checks its bytes are the
 * slice's. */
static void check_sub_buffer(const clslice_plan *plan, size_t es,
                             size_t offset, const clslice_cl_view *view)
{
    static unsigned char want[MAX_IN_ELEMS * MAX_ELEM];
    static unsigned char got[MAX_IN_ELEMS * MAX_ELEM];
    size_t in_bytes = (size_t)rp_input_elements(plan) * es;
    EXPECT(clslice_host_gather(plan, es, g_src_host + offset, in_bytes, want,
                               sizeof want, NULL) == CLSLICE_OK);
    cl_buffer_region region = {view->origin, view->bytes};
    cl_int rc;
    cl_mem sub = clCreateSubBuffer(g_src, CL_MEM_READ_ONLY,
                                   CL_BUFFER_CREATE_TYPE_REGION, &region, &rc);
    EXPECT(rc == CL_SUCCESS);
    TU_CL_CHECK(clEnqueueReadBuffer(g_queue, sub, CL_TRUE, 0, view->bytes,
                                    got, 0, NULL, NULL));
    clReleaseMemObject(sub);
    EXPECT(memcmp(got, want, view->bytes) == 0);
}

static void test_random_views(void **state)
{
    (void)state;
    if (!g_have)
        skip();
    static const size_t sizes[] = {1, 2, 4, 8};
    tu_rng rng = {g_seed ^ 0x9E3779B97F4A7C15ull};
    int made = 0, misaligned = 0;
    for (int i = 0; i < 3000; i++) {
        static rp_case c;
        rp_random_case(&rng, (int)tu_range(&rng, 0, 4), MAX_IN_ELEMS, &c);
        clslice_plan *plan = NULL;
        snprintf(g_ctx, sizeof g_ctx, "plan #%d: %s", i, c.desc);
        EXPECT(rp_build(&c, &plan, NULL) == CLSLICE_OK);
        size_t es = sizes[i % 4];
        /* half the offsets on the device's alignment, half anywhere */
        size_t offset = (size_t)tu_range(&rng, 0, MAX_OFFSET / 128) * 128;
        if (i % 2)
            offset = (size_t)tu_range(&rng, 0, MAX_OFFSET);
        clslice_view run;
        clslice_cl_view view;
        EXPECT(clslice_plan_view(plan, es, &run, NULL) == CLSLICE_OK);
        EXPECT(clslice_cl_plan_view(g_cl.device, plan, es, offset, &view,
                                    NULL) == CLSLICE_OK);
        EXPECT(view.align >= 1 && view.contiguous == run.contiguous);
        if (run.contiguous) {
            EXPECT(view.origin == offset + run.offset);
            EXPECT(view.bytes == run.bytes);
            EXPECT(view.aligned ==
                   (run.bytes > 0 && view.origin % view.align == 0));
        } else {
            EXPECT(!view.aligned && view.origin == 0 && view.bytes == 0);
        }
        if (view.aligned) {
            check_sub_buffer(plan, es, offset, &view);
            made++;
        }
        misaligned += view.contiguous && view.bytes > 0 && !view.aligned;
        clslice_plan_release(&plan);
    }
    print_message("%d sub-buffers made and checked, %d runs misaligned\n",
                  made, misaligned);
    EXPECT(made > 100 && misaligned > 100);
}

static void test_errors(void **state)
{
    (void)state;
    if (!g_have)
        skip();
    const int64_t shape[] = {4, 5};
    clslice_plan *plan = NULL;
    clslice_cl_view view;
    clslice_error err;
    assert_int_equal(clslice_plan_expr(shape, 2, "[1:3]", &plan, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_cl_plan_view(g_cl.device, plan, 4, 0, NULL,
                                          &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "view", NULL);
    assert_int_equal(clslice_cl_plan_view(NULL, plan, 4, 0, &view, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "device", NULL);
    assert_int_equal(clslice_cl_plan_view(g_cl.device, plan, 0, 0, &view,
                                          &err),
                     CLSLICE_ERROR_ARGUMENT);
    /* the run's end past SIZE_MAX */
    assert_int_equal(clslice_cl_plan_view(g_cl.device, plan, 4,
                                          SIZE_MAX - 8, &view, &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "src_offset", NULL);
    assert_int_equal(view.contiguous, 0);
    clslice_plan_release(&plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_views),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
