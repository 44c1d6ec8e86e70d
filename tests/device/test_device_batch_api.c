/*
 * The contract of clslice_enqueue_gather_batch beyond its results
 * (test_device_batch checks those): every error names the member and
 * leaves every destination untouched, empty members take NULL buffers,
 * an all-empty batch is a marker, the wait list holds the launches back
 * (one launch, and chained launches over more than 8 buffers), and
 * outputs may share one arena buffer.
 */
#include <stdio.h>
#include <string.h>

#include "opencl/cl_testing.h"
#include "devutil.h"
#include "testutil.h"

enum {
    SENTINEL = 0x5C,
    ELEM = 4,
    ROWS = 4,
    COLS = 6,
    IN_BYTES = ROWS * COLS * ELEM,
    OUT_BYTES = 256,
    MANY = 10 /* destination buffers: two launches */
};

typedef struct fixture {
    tu_dev dev;
    clslice_plan *row[ROWS]; /* [i] on [4, 6]: one row each */
    clslice_plan *empty;     /* [2:2] on [4, 6] */
    clslice_plan *other;     /* [0] on [4, 7] */
    cl_mem src;
    cl_mem dst[MANY];        /* OUT_BYTES each */
    unsigned char input[IN_BYTES];
} fixture;

static const int64_t SHAPE[] = {ROWS, COLS};

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    *state = f;
    if (!tu_dev_open(&f->dev))
        return 0;
    for (int i = 0; i < ROWS; i++) {
        char expr[16];
        snprintf(expr, sizeof expr, "[%d]", i);
        f->row[i] = tu_expr_plan(SHAPE, 2, expr);
    }
    f->empty = tu_expr_plan(SHAPE, 2, "[2:2]");
    f->other = tu_expr_plan((const int64_t[]){ROWS, COLS + 1}, 2, "[0]");
    for (int i = 0; i < IN_BYTES; i++)
        f->input[i] = (unsigned char)(i + 1);
    f->src = tu_cl_buffer(&f->dev.cl, IN_BYTES);
    for (int i = 0; i < MANY; i++)
        f->dst[i] = tu_cl_buffer(&f->dev.cl, OUT_BYTES);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, f->src, CL_TRUE, 0,
                                     IN_BYTES, f->input, 0, NULL, NULL));
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f->dev.cl.context) {
        clReleaseMemObject(f->src);
        for (int i = 0; i < MANY; i++)
            clReleaseMemObject(f->dst[i]);
        tu_dev_close(&f->dev);
    }
    for (int i = 0; i < ROWS; i++)
        clslice_plan_release(&f->row[i]);
    clslice_plan_release(&f->empty);
    clslice_plan_release(&f->other);
    free(f);
    return 0;
}

static void fill_all(fixture *f)
{
    for (int i = 0; i < MANY; i++)
        tu_cl_fill(f->dev.queue, f->dst[i], SENTINEL, OUT_BYTES);
}

static void assert_untouched(fixture *f)
{
    for (int i = 0; i < MANY; i++)
        tu_cl_assert_filled(f->dev.queue, f->dst[i], OUT_BYTES, SENTINEL);
}

/* One batch call on the fixture's queue, no wait list, no event. */
static clslice_status batch(fixture *f, const clslice_plan *const *plans,
                            size_t count, const cl_mem *dsts,
                            const size_t *offsets, unsigned flags,
                            clslice_error *err)
{
    return clslice_enqueue_gather_batch(f->dev.runtime, f->dev.queue, plans,
                                        count, ELEM, f->src, 0, dsts,
                                        offsets, flags, 0, NULL, NULL, err);
}

/* Expects the call to fail with `status` and both parts in its message,
 * having written nothing. */
static void expect_error(fixture *f, const clslice_plan *const *plans,
                         size_t count, const cl_mem *dsts,
                         const size_t *offsets, clslice_status status,
                         const char *part1, const char *part2)
{
    clslice_error err;
    fill_all(f);
    assert_int_equal(batch(f, plans, count, dsts, offsets, 0, &err), status);
    tu_assert_error(&err, status, part1, part2, NULL);
    assert_untouched(f);
}

static void test_argument_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const clslice_plan *plans[] = {f->row[0], f->row[1], NULL};
    cl_mem dsts[] = {f->dst[0], f->dst[1], f->dst[2]};
    clslice_error err;
    expect_error(f, plans, 0, dsts, NULL, CLSLICE_ERROR_ARGUMENT, "count",
                 "is 0");
    expect_error(f, NULL, 2, dsts, NULL, CLSLICE_ERROR_ARGUMENT, "plans",
                 "is NULL");
    expect_error(f, plans, 2, NULL, NULL, CLSLICE_ERROR_ARGUMENT, "dsts",
                 "is NULL");
    expect_error(f, plans, 3, dsts, NULL, CLSLICE_ERROR_ARGUMENT,
                 "plans[2]", "is NULL");
    assert_int_equal(clslice_enqueue_gather_batch(
                         f->dev.runtime, f->dev.queue, plans, 2, 0, f->src,
                         0, dsts, NULL, 0, 0, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "elem_size", NULL);
    assert_int_equal(batch(f, plans, 2, dsts, NULL, 1u << 9, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "flags", NULL);
    assert_int_equal(clslice_enqueue_gather_batch(
                         NULL, f->dev.queue, plans, 2, ELEM, f->src, 0,
                         dsts, NULL, 0, 0, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "runtime", NULL);
    cl_event none = NULL;
    assert_int_equal(clslice_enqueue_gather_batch(
                         f->dev.runtime, f->dev.queue, plans, 2, ELEM,
                         f->src, 0, dsts, NULL, 0, 1, &none, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "event_wait_list[0]",
                    NULL);
}

static void test_shape_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const clslice_plan *plans[] = {f->row[0], f->row[1], f->other};
    cl_mem dsts[] = {f->dst[0], f->dst[1], f->dst[2]};
    expect_error(f, plans, 3, dsts, NULL, CLSLICE_ERROR_SHAPE,
                 "plans[2] has input dim 1 = 7", "plans[0] has 6");
    clslice_plan *flat = tu_expr_plan((const int64_t[]){ROWS * COLS}, 1,
                                      "[:6]");
    const clslice_plan *ranks[] = {f->row[0], flat};
    expect_error(f, ranks, 2, dsts, NULL, CLSLICE_ERROR_SHAPE,
                 "plans[1] has an input of rank 1", "rank 2");
    clslice_plan_release(&flat);
    /* one input shape, but not known yet: the layout says which plan */
    clslice_plan *unknown = NULL;
    assert_int_equal(clslice_plan_expr((const int64_t[]){-1, COLS}, 2,
                                       "[1:2]", &unknown, NULL),
                     CLSLICE_OK);
    const clslice_plan *unknowns[] = {unknown, unknown};
    expect_error(f, unknowns, 2, dsts, NULL, CLSLICE_ERROR_UNKNOWN,
                 "plans[0]: ", "");
    clslice_plan_release(&unknown);
}

static void test_buffer_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const clslice_plan *plans[] = {f->row[0], f->row[1], f->row[2]};
    cl_mem dsts[] = {f->dst[0], f->dst[1], f->dst[2]};
    const size_t row = COLS * ELEM;
    /* plans[1]'s output does not fit after its offset */
    const size_t short_at[] = {0, OUT_BYTES - row + 1, 0};
    expect_error(f, plans, 3, dsts, short_at, CLSLICE_ERROR_BUFFER,
                 "dsts[1] is too small for plans[1]'s output",
                 "dst_offsets[1] = 233");
    const size_t past[] = {0, 0, OUT_BYTES + 1};
    expect_error(f, plans, 3, dsts, past, CLSLICE_ERROR_BUFFER,
                 "dst_offsets[2] = 257", "past the end of dsts[2]");
    cl_mem missing[] = {f->dst[0], NULL, f->dst[2]};
    expect_error(f, plans, 3, missing, NULL, CLSLICE_ERROR_ARGUMENT,
                 "dsts[1] is NULL", "24 bytes");
    /* outputs 0 and 2 overlap in one buffer */
    cl_mem one[] = {f->dst[3], f->dst[4], f->dst[3]};
    const size_t overlap[] = {0, 0, row - ELEM};
    expect_error(f, plans, 3, one, overlap, CLSLICE_ERROR_ARGUMENT,
                 "dsts[0] and dsts[2] overlap", "[20, 44)");
    /* an output over the source */
    cl_mem into_src[] = {f->dst[0], f->src, f->dst[2]};
    expect_error(f, plans, 3, into_src, NULL, CLSLICE_ERROR_ARGUMENT,
                 "src and dsts[1]", "overlap");
}

/* Empty members take NULL; an all-empty batch is a marker that completes
 * once its wait list has. */
static void test_empty_members(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const clslice_plan *plans[] = {f->empty, f->row[3], f->empty};
    cl_mem dsts[] = {NULL, f->dst[0], NULL};
    clslice_error err;
    fill_all(f);
    assert_int_equal(batch(f, plans, 3, dsts, NULL, 0, &err), CLSLICE_OK);
    unsigned char got[COLS * ELEM];
    tu_cl_read(f->dev.queue, f->dst[0], sizeof got, got);
    assert_memory_equal(got, f->input + 3 * COLS * ELEM, sizeof got);

    const clslice_plan *none[] = {f->empty, f->empty};
    cl_mem nulls[] = {NULL, NULL};
    cl_int rc;
    cl_event gate = clCreateUserEvent(f->dev.cl.context, &rc), done = NULL;
    TU_CL_CHECK(rc);
    assert_int_equal(clslice_enqueue_gather_batch(
                         f->dev.runtime, f->dev.queue, none, 2, ELEM,
                         f->src, 0, nulls, NULL, 0, 1, &gate, &done, &err),
                     CLSLICE_OK);
    assert_non_null(done);
    cl_int status;
    TU_CL_CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS,
                               sizeof status, &status, NULL));
    assert_int_not_equal(status, CL_COMPLETE);
    TU_CL_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    TU_CL_CHECK(clWaitForEvents(1, &done));
    clReleaseEvent(done);
    clReleaseEvent(gate);
}

/* The rows of the input into `n` destinations (row i % ROWS into dsts[i]
 * at offset 8 * i), behind a user event: nothing runs before it fires,
 * everything after. */
static void run_gated(fixture *f, int n)
{
    const clslice_plan *plans[MANY];
    cl_mem dsts[MANY];
    size_t offsets[MANY];
    for (int i = 0; i < n; i++) {
        plans[i] = f->row[i % ROWS];
        dsts[i] = f->dst[i];
        offsets[i] = 8 * (size_t)i;
    }
    fill_all(f);
    cl_int rc;
    cl_event gate = clCreateUserEvent(f->dev.cl.context, &rc), done = NULL;
    TU_CL_CHECK(rc);
    clslice_error err;
    assert_int_equal(clslice_enqueue_gather_batch(
                         f->dev.runtime, f->dev.queue, plans, (size_t)n,
                         ELEM, f->src, 0, dsts, offsets, 0, 1, &gate, &done,
                         &err),
                     CLSLICE_OK);
    cl_int status;
    TU_CL_CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS,
                               sizeof status, &status, NULL));
    assert_int_not_equal(status, CL_COMPLETE);
    TU_CL_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    TU_CL_CHECK(clWaitForEvents(1, &done));
    clReleaseEvent(done);
    clReleaseEvent(gate);
    for (int i = 0; i < n; i++) {
        unsigned char got[OUT_BYTES];
        tu_cl_read(f->dev.queue, f->dst[i], OUT_BYTES, got);
        size_t at = offsets[i], bytes = COLS * ELEM;
        assert_memory_equal(got + at, f->input + (i % ROWS) * bytes, bytes);
        for (size_t k = 0; k < OUT_BYTES; k++)
            if (k < at || k >= at + bytes)
                assert_int_equal(got[k], SENTINEL);
    }
}

static void test_wait_list(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    run_gated(f, 3);    /* one launch of the 8-buffer kernel */
    run_gated(f, MANY); /* two chained launches */
    run_gated(f, 1);
}

/* Outputs in one buffer at different offsets (an engine's arena), in
 * reverse order: right, and the output event is the kernel's own. */
static void test_arena(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const clslice_plan *plans[ROWS];
    cl_mem dsts[ROWS];
    size_t offsets[ROWS];
    for (int i = 0; i < ROWS; i++) {
        plans[i] = f->row[ROWS - 1 - i];
        dsts[i] = f->dst[5];
        offsets[i] = (size_t)i * COLS * ELEM;
    }
    cl_event done = NULL;
    clslice_error err;
    assert_int_equal(clslice_enqueue_gather_batch(
                         f->dev.runtime, f->dev.queue, plans, ROWS, ELEM,
                         f->src, 0, dsts, offsets, 0, 0, NULL, &done, &err),
                     CLSLICE_OK);
    cl_command_type type;
    TU_CL_CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_TYPE, sizeof type,
                               &type, NULL));
    assert_int_equal(type, CL_COMMAND_NDRANGE_KERNEL);
    TU_CL_CHECK(clWaitForEvents(1, &done));
    clReleaseEvent(done);
    unsigned char got[IN_BYTES];
    tu_cl_read(f->dev.queue, f->dst[5], IN_BYTES, got);
    for (int i = 0; i < ROWS; i++)
        assert_memory_equal(got + i * COLS * ELEM,
                            f->input + (ROWS - 1 - i) * COLS * ELEM,
                            COLS * ELEM);
}

/* Outputs may live in the source's own buffer, past the input. */
static void test_into_source_buffer(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_mem both = tu_cl_buffer(&f->dev.cl, 2 * IN_BYTES);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, both, CL_TRUE, 0,
                                     IN_BYTES, f->input, 0, NULL, NULL));
    const clslice_plan *plans[] = {f->row[2], f->row[0]};
    cl_mem dsts[] = {both, both};
    const size_t offsets[] = {IN_BYTES, IN_BYTES + COLS * ELEM};
    clslice_error err;
    assert_int_equal(clslice_enqueue_gather_batch(
                         f->dev.runtime, f->dev.queue, plans, 2, ELEM, both,
                         0, dsts, offsets, 0, 0, NULL, NULL, &err),
                     CLSLICE_OK);
    unsigned char got[2 * IN_BYTES];
    tu_cl_read(f->dev.queue, both, sizeof got, got);
    assert_memory_equal(got, f->input, IN_BYTES);
    assert_memory_equal(got + IN_BYTES, f->input + 2 * COLS * ELEM,
                        COLS * ELEM);
    assert_memory_equal(got + IN_BYTES + COLS * ELEM, f->input,
                        COLS * ELEM);
    clReleaseMemObject(both);
}

/* CLSLICE_PREPARE_BATCH builds the batch's program, which a batch call
 * then finds built; without the flag prepare leaves it to the call. */
static void test_prepare_batch(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const clslice_plan *plans[] = {f->row[0], f->row[1]};
    cl_mem dsts[] = {f->dst[0], f->dst[1]};
    for (int with = 0; with < 2; with++) {
        clslice_runtime *rt = NULL;
        clslice_error err;
        assert_int_equal(clslice_runtime_create(f->dev.cl.context, &rt,
                                                &err), CLSLICE_OK);
        assert_int_equal(clslice_runtime_prepare(
                             rt, f->dev.cl.device,
                             with ? CLSLICE_PREPARE_BATCH : 0, &err),
                         CLSLICE_OK);
        size_t prepared = cs_runtime_program_count(rt);
        assert_int_equal(clslice_enqueue_gather_batch(
                             rt, f->dev.queue, plans, 2, ELEM, f->src, 0,
                             dsts, NULL, 0, 0, NULL, NULL, &err),
                         CLSLICE_OK);
        TU_CL_CHECK(clFinish(f->dev.queue));
        assert_int_equal(cs_runtime_program_count(rt),
                         prepared + (with ? 0 : 1));
        clslice_runtime_release(&rt);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_argument_errors),
        cmocka_unit_test(test_shape_errors),
        cmocka_unit_test(test_buffer_errors),
        cmocka_unit_test(test_empty_members),
        cmocka_unit_test(test_wait_list),
        cmocka_unit_test(test_arena),
        cmocka_unit_test(test_into_source_buffer),
        cmocka_unit_test(test_prepare_batch),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
