/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Shared runtimes: clslice_runtime_attach gives every caller of one
 * context the same runtime, each with a reference of its own;
 * clslice_runtime_retain adds references; the last release frees the
 * runtime, releases its context (watched through the context's OpenCL
 * reference count) and takes it out of the list, so that the next attach
 * starts a fresh one.  Threads attach, slice and release at once, with
 * the list emptying and refilling under them (the last release racing a
 * first attach), and again while one reference keeps a runtime alive.
 * Cost: a few seconds on PoCL (the slices are contiguous copies, so no
 * program is built).
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "devutil.h"
#include "testutil.h"

enum { THREADS = 4, ROUNDS = 150, ROWS = 6, COLS = 8 };

static tu_cl g_cl;
static bool g_have_device;

static int setup(void **state)
{
    (void)state;
    g_have_device = tu_cl_open(&g_cl);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (g_have_device)
        tu_cl_close(&g_cl);
    return 0;
}

#define SKIP_WITHOUT_DEVICE()                                             \
    do {                                                                  \
        if (!g_have_device)                                               \
            skip();                                                       \
    } while (0)

/* Rows 1..3 of a ROWS x COLS float tensor through `rt` on a new queue,
 * checked against the values; an empty string when right. */
static void slice_through(clslice_runtime *rt, char *failure, size_t size)
{
    failure[0] = '\0';
    int64_t shape[2] = {ROWS, COLS};
    clslice_plan_storage storage;
    const clslice_plan *plan = NULL;
    clslice_error err;
    if (clslice_plan_init_expr(&storage, shape, 2, "[1:4]", &plan, &err)) {
        snprintf(failure, size, "plan: %s", err.message);
        return;
    }
    float in[ROWS * COLS], out[3 * COLS];
    for (int i = 0; i < ROWS * COLS; i++)
        in[i] = (float)i;
    cl_int rc = CL_SUCCESS;
    cl_command_queue q =
        clCreateCommandQueue(g_cl.context, g_cl.device, 0, &rc);
    cl_mem src = clCreateBuffer(g_cl.context, CL_MEM_READ_WRITE |
                                CL_MEM_COPY_HOST_PTR, sizeof in, in, &rc);
    cl_mem dst = clCreateBuffer(g_cl.context, CL_MEM_READ_WRITE, sizeof out,
                                NULL, &rc);
    if (!q || !src || !dst) {
        snprintf(failure, size, "OpenCL set-up failed (%d)", (int)rc);
    } else if (clslice_enqueue_gather(rt, q, plan, sizeof(float), src, 0, dst,
                                      0, 0, 0, NULL, NULL, &err)) {
        snprintf(failure, size, "gather: %s", err.message);
    } else if (clEnqueueReadBuffer(q, dst, CL_TRUE, 0, sizeof out, out, 0,
                                   NULL, NULL) != CL_SUCCESS) {
        snprintf(failure, size, "clEnqueueReadBuffer failed");
    } else {
        for (int i = 0; i < 3 * COLS && !failure[0]; i++)
            if (out[i] != (float)(COLS + i))
                snprintf(failure, size, "out[%d] = %g, want %d", i,
                         (double)out[i], COLS + i);
    }
    if (dst)
        clReleaseMemObject(dst);
    if (src)
        clReleaseMemObject(src);
    if (q)
        clReleaseCommandQueue(q);
}

static void assert_slices(clslice_runtime *rt)
{
    char failure[640];
    slice_through(rt, failure, sizeof failure);
    if (failure[0])
        fail_msg("%s", failure);
}

/* The context's OpenCL reference count settles at `want`. */
static void assert_context_refs(cl_uint want)
{
    assert_int_equal(tu_cl_context_refs_settled(g_cl.context, want), want);
}

static clslice_runtime *attach(void)
{
    clslice_runtime *rt = NULL;
    clslice_error err;
    if (clslice_runtime_attach(g_cl.context, &rt, &err) != CLSLICE_OK)
        fail_msg("clslice_runtime_attach: %s", err.message);
    return rt;
}

static void test_attach_shares_one_runtime(void **state)
{
    (void)state;
    SKIP_WITHOUT_DEVICE();
    cl_uint before = tu_cl_context_refs_stable(g_cl.context);
    clslice_runtime *a = NULL, *b = NULL;
    a = attach();
    b = attach();
    assert_ptr_equal(a, b);
    /* One runtime, one reference to the context. */
    assert_context_refs(before + 1);
    clslice_runtime_release(&a);
    assert_null(a);
    /* b's reference keeps it alive and working. */
    assert_slices(b);
    assert_context_refs(before + 1);
    clslice_runtime_release(&b);
    assert_context_refs(before);
    /* The list forgot it: the next attach makes a fresh runtime. */
    a = attach();
    assert_context_refs(before + 1);
    assert_slices(a);
    clslice_runtime_release(&a);
    assert_context_refs(before);
}

static void test_attach_ignores_private_runtimes(void **state)
{
    (void)state;
    SKIP_WITHOUT_DEVICE();
    cl_uint before = tu_cl_context_refs_stable(g_cl.context);
    clslice_runtime *own = NULL, *shared = NULL;
    assert_int_equal(clslice_runtime_create(g_cl.context, &own, NULL),
                     CLSLICE_OK);
    shared = attach();
    assert_ptr_not_equal(own, shared);
    assert_context_refs(before + 2);
    clslice_runtime_release(&own);
    clslice_runtime_release(&shared);
    assert_context_refs(before);
}

static void test_attach_per_context(void **state)
{
    (void)state;
    SKIP_WITHOUT_DEVICE();
    cl_int rc = CL_SUCCESS;
    cl_context other =
        clCreateContext(NULL, 1, &g_cl.device, NULL, NULL, &rc);
    assert_int_equal(rc, CL_SUCCESS);
    clslice_runtime *a = NULL, *b = NULL, *a2 = NULL;
    a = attach();
    assert_int_equal(clslice_runtime_attach(other, &b, NULL), CLSLICE_OK);
    a2 = attach();
    assert_ptr_not_equal(a, b);
    assert_ptr_equal(a, a2);
    clslice_runtime_release(&b);
    clReleaseContext(other); /* b retained it; now it goes */
    clslice_runtime_release(&a2);
    assert_slices(a);
    clslice_runtime_release(&a);
}

static void test_retain(void **state)
{
    (void)state;
    SKIP_WITHOUT_DEVICE();
    cl_uint before = tu_cl_context_refs_stable(g_cl.context);
    clslice_runtime *rt = NULL;
    assert_int_equal(clslice_runtime_create(g_cl.context, &rt, NULL),
                     CLSLICE_OK);
    clslice_runtime *held = rt;
    assert_int_equal(clslice_runtime_retain(rt, NULL), CLSLICE_OK);
    assert_int_equal(clslice_runtime_retain(rt, NULL), CLSLICE_OK);
    clslice_runtime_release(&rt);
    clslice_runtime *second = held;
    clslice_runtime_release(&second);
    assert_slices(held); /* one reference left */
    assert_context_refs(before + 1);
    clslice_runtime_release(&held);
    assert_context_refs(before);
}

static void test_arguments(void **state)
{
    (void)state;
    clslice_runtime *rt = (clslice_runtime *)&rt;
    clslice_error err;
    assert_int_equal(clslice_runtime_attach(NULL, &rt, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "context is NULL", NULL);
    assert_null(rt);
    assert_int_equal(clslice_runtime_attach((cl_context)&rt, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "runtime is NULL", NULL);
    assert_int_equal(clslice_runtime_retain(NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "runtime is NULL", NULL);
    clslice_runtime_release(NULL);
    clslice_runtime_release(&rt);
}

/* ---- threads ---------------------------------------------------------------- */

typedef struct worker {
    pthread_barrier_t *start;
    clslice_runtime *seen[ROUNDS]; /* the runtime each round attached */
    char failure[640];
} worker;

static void *attach_loop(void *arg)
{
    worker *w = arg;
    pthread_barrier_wait(w->start);
    for (int r = 0; r < ROUNDS && !w->failure[0]; r++) {
        clslice_runtime *rt = NULL, *extra = NULL;
        clslice_error err;
        if (clslice_runtime_attach(g_cl.context, &rt, &err) != CLSLICE_OK) {
            snprintf(w->failure, sizeof w->failure, "round %d: attach: %s",
                     r, err.message);
            break;
        }
        w->seen[r] = rt;
        if (r % 10 == 0)
            slice_through(rt, w->failure, sizeof w->failure);
        /* A component handed the runtime keeps it with its own
         * reference. */
        extra = rt;
        if (clslice_runtime_retain(extra, &err) != CLSLICE_OK)
            snprintf(w->failure, sizeof w->failure, "retain: %s",
                     err.message);
        clslice_runtime_release(&rt);
        clslice_runtime_release(&extra);
    }
    return NULL;
}

/* Runs THREADS attach loops at once; with `keep` set, the main thread
 * holds a reference throughout, which every thread must then share. */
static void run_threads(clslice_runtime *keep)
{
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, THREADS);
    static worker workers[THREADS];
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) {
        memset(&workers[t], 0, sizeof workers[t]);
        workers[t].start = &start;
        assert_int_equal(pthread_create(&threads[t], NULL, attach_loop,
                                        &workers[t]),
                         0);
    }
    for (int t = 0; t < THREADS; t++)
        pthread_join(threads[t], NULL);
    pthread_barrier_destroy(&start);
    for (int t = 0; t < THREADS; t++) {
        if (workers[t].failure[0])
            fail_msg("thread %d: %s", t, workers[t].failure);
        for (int r = 0; keep && r < ROUNDS; r++)
            assert_ptr_equal(workers[t].seen[r], keep);
    }
}

static void test_threads_attach_and_release(void **state)
{
    (void)state;
    SKIP_WITHOUT_DEVICE();
    cl_uint before = tu_cl_context_refs_stable(g_cl.context);
    /* Nobody else holds it: the list empties and refills under the
     * threads, last releases racing first attaches. */
    run_threads(NULL);
    assert_context_refs(before);
    /* One reference held: every attach must find that runtime. */
    clslice_runtime *keep = NULL;
    keep = attach();
    run_threads(keep);
    assert_slices(keep);
    clslice_runtime_release(&keep);
    assert_context_refs(before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_attach_shares_one_runtime),
        cmocka_unit_test(test_attach_ignores_private_runtimes),
        cmocka_unit_test(test_attach_per_context),
        cmocka_unit_test(test_retain),
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_threads_attach_and_release),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
