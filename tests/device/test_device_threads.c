/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Concurrency and events on the default device.
 *
 * Four threads share one context and one cold runtime, each with its own
 * queue, and start slicing at the same moment, so they also race to build
 * the programs; each checks its results against the host executor.  Then
 * an out-of-order queue runs chains of upload -> fill -> gather -> gather
 * -> read linked only by events.
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */

#include <pthread.h>
#include <string.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "randplan.h"
#include "testutil.h"

enum {
    THREADS = 4,
    PLANS_PER_THREAD = 150,
    MAX_ELEMS = 512,
    ELEM_MAX = 8,
    BUF_BYTES = MAX_ELEMS * ELEM_MAX + 64,
    SENTINEL = 0x3C,
    CHAINS = 24
};

/* One gather to check; built by the main thread (plans are immutable and
 * shared between threads; randplan's descriptions are not thread-safe). */
typedef struct job {
    clslice_plan *plan;
    size_t elem, src_offset, dst_offset;
    unsigned flags;
    char desc[256];
} job;

typedef struct shared {
    tu_cl cl;
    clslice_runtime *runtime;
    pthread_barrier_t start;
    uint64_t seed;
    job jobs[THREADS][PLANS_PER_THREAD];
} shared;

typedef struct worker {
    shared *s;
    int id;
    char failure[1024]; /* empty when every check passed */
} worker;

static void make_job(tu_rng *rng, job *j)
{
    static const size_t SIZES[] = {1, 2, 3, 4, 8};
    rp_case c;
    for (;;) {
        j->plan = NULL;
        rp_random_case(rng, (int)tu_range(rng, 0, 6), MAX_ELEMS, &c);
        if (rp_build(&c, &j->plan, NULL) == CLSLICE_OK &&
            clslice_plan_output_elements(j->plan) > 0)
            break;
        clslice_plan_release(&j->plan);
    }
    /* long descriptions are cut: enough to recognise the case */
    memcpy(j->desc, c.desc, sizeof j->desc - 1);
    j->desc[sizeof j->desc - 1] = '\0';
    j->elem = SIZES[tu_range(rng, 0, 4)];
    j->src_offset = (size_t)tu_range(rng, 0, 20);
    j->dst_offset = (size_t)tu_range(rng, 0, 20);
    j->flags = (unsigned)tu_range(rng, 0, 3);
}

/* One job, checked: fill dst with the sentinel, gather, read back all of
 * dst.  Returns false with w->failure set on a mismatch. */
static bool check_one(worker *w, const job *j, cl_command_queue queue,
                      cl_mem src, cl_mem dst, const unsigned char *input)
{
    size_t out = (size_t)clslice_plan_output_elements(j->plan) * j->elem;
    unsigned char want[BUF_BYTES], got[BUF_BYTES];
    memset(want, SENTINEL, sizeof want);
    clslice_error err;
    bool ok = clslice_host_gather(j->plan, j->elem, input + j->src_offset,
                                  BUF_BYTES - j->src_offset,
                                  want + j->dst_offset, out,
                                  &err) == CLSLICE_OK;
    const unsigned char sentinel = SENTINEL;
    ok = ok && clEnqueueFillBuffer(queue, dst, &sentinel, 1, 0, BUF_BYTES, 0,
                                   NULL, NULL) == CL_SUCCESS;
    ok = ok && clslice_enqueue_gather(w->s->runtime, queue, j->plan, j->elem,
                                      src, j->src_offset, dst, j->dst_offset,
                                      j->flags, 0, NULL, NULL,
                                      &err) == CLSLICE_OK;
    ok = ok && clEnqueueReadBuffer(queue, dst, CL_TRUE, 0, BUF_BYTES, got, 0,
                                   NULL, NULL) == CL_SUCCESS;
    ok = ok && memcmp(got, want, BUF_BYTES) == 0;
    if (!ok)
        snprintf(w->failure, sizeof w->failure,
                 "thread %d, seed 0x%llx: %s, elem_size %zu, offsets "
                 "%zu/%zu, flags %u (%s)", w->id,
                 (unsigned long long)w->s->seed, j->desc, j->elem,
                 j->src_offset, j->dst_offset, j->flags, err.message);
    return ok;
}

static void *work(void *arg)
{
    worker *w = arg;
    tu_rng rng = {w->s->seed ^ (uint64_t)(w->id + 1)};
    cl_int rc;
    cl_command_queue queue = clCreateCommandQueue(
        w->s->cl.context, w->s->cl.device, 0, &rc);
    cl_mem src = clCreateBuffer(w->s->cl.context, CL_MEM_READ_WRITE,
                                BUF_BYTES, NULL, &rc);
    cl_mem dst = clCreateBuffer(w->s->cl.context, CL_MEM_READ_WRITE,
                                BUF_BYTES, NULL, &rc);
    unsigned char input[BUF_BYTES];
    for (size_t i = 0; i < BUF_BYTES; i++)
        input[i] = (unsigned char)(tu_next(&rng) | 1); /* never SENTINEL */
    clEnqueueWriteBuffer(queue, src, CL_TRUE, 0, BUF_BYTES, input, 0, NULL,
                         NULL);

    pthread_barrier_wait(&w->s->start);
    for (int i = 0; i < PLANS_PER_THREAD; i++)
        if (!check_one(w, &w->s->jobs[w->id][i], queue, src, dst, input))
            break;
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
    clReleaseCommandQueue(queue);
    return NULL;
}

static void test_threads_share_a_runtime(void **state)
{
    (void)state;
    shared *s = calloc(1, sizeof *s);
    assert_non_null(s);
    if (!tu_cl_open(&s->cl)) {
        free(s);
        skip();
    }
    s->seed = tu_seed(0x7EAD5ull);
    unsetenv("CLSLICE_UNITS"); /* racing unit builds too (the suite's
                                * environment turns units off) */
    tu_rng rng = {s->seed};
    for (int t = 0; t < THREADS; t++)
        for (int i = 0; i < PLANS_PER_THREAD; i++)
            make_job(&rng, &s->jobs[t][i]);
    assert_int_equal(clslice_runtime_create(s->cl.context, &s->runtime,
                                            NULL), CLSLICE_OK);
    assert_int_equal(pthread_barrier_init(&s->start, NULL, THREADS), 0);
    worker workers[THREADS];
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) {
        workers[t] = (worker){s, t, ""};
        assert_int_equal(pthread_create(&threads[t], NULL, work, &workers[t]),
                         0);
    }
    for (int t = 0; t < THREADS; t++)
        pthread_join(threads[t], NULL);
    pthread_barrier_destroy(&s->start);
    /* however the builds raced, one program per key remains: units of
     * the kernels first taken, then each width's whole family (no binary
     * cache folder here) */
    size_t programs = cs_runtime_program_count(s->runtime);
    size_t units = cs_runtime_unit_count(s->runtime);
    bool unique = cs_runtime_programs_unique(s->runtime);
    clslice_runtime_release(&s->runtime);
    tu_cl_close(&s->cl);
    for (int t = 0; t < THREADS; t++)
        for (int i = 0; i < PLANS_PER_THREAD; i++)
            clslice_plan_release(&s->jobs[t][i].plan);
    char failure[1024] = "";
    for (int t = 0; t < THREADS && !failure[0]; t++)
        memcpy(failure, workers[t].failure, sizeof failure);
    free(s);
    if (failure[0])
        fail_msg("%s", failure);
    assert_true(unique);
    assert_int_equal(programs - units, 2);
}

/* ---- out-of-order queue ------------------------------------------------- */

typedef struct chain {
    cl_mem src, mid, dst;
    cl_event events[5];
    unsigned char input[256], got[64];
} chain;

/* upload -> (fill of dst) -> gather into mid -> gather mid into dst ->
 * read, each step waiting only on the events it needs. */
static void enqueue_chain(cl_command_queue queue, clslice_runtime *runtime,
                          const clslice_plan *first,
                          const clslice_plan *second, chain *c)
{
    const unsigned char sentinel = SENTINEL;
    TU_CL_CHECK(clEnqueueWriteBuffer(queue, c->src, CL_FALSE, 0,
                                     sizeof c->input, c->input, 0, NULL,
                                     &c->events[0]));
    TU_CL_CHECK(clEnqueueFillBuffer(queue, c->dst, &sentinel, 1, 0,
                                    sizeof c->got, 0, NULL, &c->events[1]));
    assert_int_equal(clslice_enqueue_gather(runtime, queue, first, 4, c->src,
                                            0, c->mid, 0, 0, 1, &c->events[0],
                                            &c->events[2], NULL),
                     CLSLICE_OK);
    cl_event both[2] = {c->events[1], c->events[2]};
    assert_int_equal(clslice_enqueue_gather(runtime, queue, second, 4,
                                            c->mid, 0, c->dst, 4, 0, 2, both,
                                            &c->events[3], NULL),
                     CLSLICE_OK);
    TU_CL_CHECK(clEnqueueReadBuffer(queue, c->dst, CL_FALSE, 0, sizeof c->got,
                                    c->got, 1, &c->events[3],
                                    &c->events[4]));
}

static void test_out_of_order_queue(void **state)
{
    (void)state;
    tu_cl cl;
    if (!tu_cl_open(&cl))
        skip();
    cl_command_queue_properties props = 0;
    TU_CL_CHECK(clGetDeviceInfo(cl.device, CL_DEVICE_QUEUE_PROPERTIES,
                                sizeof props, &props, NULL));
    if (!(props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)) {
        tu_cl_close(&cl);
        print_message("the device has no out-of-order queues: skipped\n");
        skip();
    }
    cl_command_queue queue =
        tu_cl_queue(&cl, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    clslice_runtime *runtime = NULL;
    assert_int_equal(clslice_runtime_create(cl.context, &runtime, NULL),
                     CLSLICE_OK);
    /* 64 floats as 8x8; first [1:7, ::-2] (6x4), then [::2, 1:] (3x3) */
    const int64_t shape[] = {8, 8}, mid_shape[] = {6, 4};
    clslice_plan *first = NULL, *second = NULL;
    assert_int_equal(clslice_plan_expr(shape, 2, "[1:7, ::-2]", &first, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_plan_expr(mid_shape, 2, "[::2, 1:]", &second,
                                       NULL), CLSLICE_OK);
    static chain chains[CHAINS];
    tu_rng rng = {tu_seed(0xC4A1ull)};
    for (int i = 0; i < CHAINS; i++) {
        chain *c = &chains[i];
        c->src = tu_cl_buffer(&cl, sizeof c->input);
        c->mid = tu_cl_buffer(&cl, 6 * 4 * 4);
        c->dst = tu_cl_buffer(&cl, sizeof c->got);
        for (size_t b = 0; b < sizeof c->input; b++)
            c->input[b] = (unsigned char)(tu_next(&rng) | 1);
        enqueue_chain(queue, runtime, first, second, c);
    }
    for (int i = 0; i < CHAINS; i++) {
        chain *c = &chains[i];
        TU_CL_CHECK(clWaitForEvents(1, &c->events[4]));
        unsigned char mid[96], want[64];
        memset(want, SENTINEL, sizeof want);
        assert_int_equal(clslice_host_gather(first, 4, c->input,
                                             sizeof c->input, mid,
                                             sizeof mid, NULL), CLSLICE_OK);
        assert_int_equal(clslice_host_gather(second, 4, mid, sizeof mid,
                                             want + 4, 36, NULL),
                         CLSLICE_OK);
        assert_memory_equal(c->got, want, sizeof want);
        for (int e = 0; e < 5; e++)
            clReleaseEvent(c->events[e]);
        clReleaseMemObject(c->src);
        clReleaseMemObject(c->mid);
        clReleaseMemObject(c->dst);
    }
    clslice_plan_release(&first);
    clslice_plan_release(&second);
    clslice_runtime_release(&runtime);
    clReleaseCommandQueue(queue);
    tu_cl_close(&cl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_share_a_runtime),
        cmocka_unit_test(test_out_of_order_queue),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
