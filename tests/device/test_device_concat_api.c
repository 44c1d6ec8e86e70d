/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The contract of clslice_cl_concat beyond its results (test_device_concat
 * checks those): every error names the member and leaves the destination
 * untouched, empty parts take NULL sources, an all-empty concatenation is
 * a marker and may have a NULL destination, the wait list holds the
 * launches back (one launch, and chained launches over more than 8
 * source buffers), sources in one buffer are one launch, and
 * CLSLICE_PREPARE_BATCH builds the program it runs.
 *
 * The destination is a [4, 10] float32 tensor; part j writes column j
 * ([:, j], shrunk) from a source of 4 floats, each in its own buffer.
 */
#include <stdio.h>
#include <string.h>

#include "opencl/testing/testing.h"
#include "callcheck.h"
#include "devutil.h"
#include "testutil.h"

enum {
    SENTINEL = 0x5C,
    ELEM = 4,
    ROWS = 4,
    COLS = 10,
    DST_BYTES = ROWS * COLS * ELEM,
    OUT_BYTES = DST_BYTES + 64, /* the destination's buffer */
    SRC_BYTES = ROWS * ELEM
};

typedef struct fixture {
    tu_dev dev;
    clslice_plan *column[COLS]; /* [:, j] on [4, 10] */
    clslice_plan *empty;        /* [:, 3:3] on [4, 10] */
    cl_mem out;
    cl_mem src[COLS];           /* source j: 4 floats, values 100 j + i */
    float values[COLS][ROWS];
} fixture;

static const int64_t SHAPE[] = {ROWS, COLS};

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    *state = f;
    if (!tu_dev_open(&f->dev))
        return 0;
    for (int j = 0; j < COLS; j++) {
        char expr[16];
        snprintf(expr, sizeof expr, "[:, %d]", j);
        f->column[j] = tu_expr_plan(SHAPE, 2, expr);
        for (int i = 0; i < ROWS; i++)
            f->values[j][i] = (float)(100 * j + i);
        f->src[j] = tu_cl_buffer(&f->dev.cl, SRC_BYTES);
        TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, f->src[j], CL_TRUE,
                                         0, SRC_BYTES, f->values[j], 0, NULL,
                                         NULL));
    }
    f->empty = tu_expr_plan(SHAPE, 2, "[:, 3:3]");
    f->out = tu_cl_buffer(&f->dev.cl, OUT_BYTES);
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f->dev.cl.context) {
        clReleaseMemObject(f->out);
        for (int j = 0; j < COLS; j++)
            clReleaseMemObject(f->src[j]);
        tu_dev_close(&f->dev);
    }
    for (int j = 0; j < COLS; j++)
        clslice_plan_release(&f->column[j]);
    clslice_plan_release(&f->empty);
    free(f);
    return 0;
}

/* Part k writes column cols[k] from source cols[k]. */
static void parts_of(const fixture *f, const int *cols, size_t count,
                     clslice_cl_concat_part *parts)
{
    for (size_t k = 0; k < count; k++)
        parts[k] = (clslice_cl_concat_part){
            .plan = f->column[cols[k]], .src = {.buffer = f->src[cols[k]]}};
}

static clslice_cl_concat_desc desc_of(const fixture *f,
                                      const clslice_cl_concat_part *parts,
                                      size_t count)
{
    clslice_cl_concat_desc desc = CLSLICE_CL_CONCAT_DESC_INIT;
    desc.elem_size = ELEM;
    desc.dst.buffer = f->out;
    desc.count = count;
    desc.parts = parts;
    return desc;
}

static clslice_cl_call head_of(const fixture *f)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    return call;
}

/* clslice_cl_concat of the descriptor at ctx (callcheck.h). */
static clslice_status concat(clslice_runtime *rt, const clslice_cl_call *call,
                             const void *ctx, clslice_error *err)
{
    return clslice_cl_concat(rt, call, ctx, err);
}

/* The call fails with `status` and both words, writing nothing. */
static void expect_error(fixture *f, const clslice_cl_concat_desc *desc,
                         clslice_status status, const char *a, const char *b)
{
    clslice_error err;
    clslice_cl_call call = head_of(f);
    tu_cl_fill(f->dev.queue, f->out, SENTINEL, OUT_BYTES);
    assert_int_equal(clslice_cl_concat(f->dev.runtime, &call, desc, &err),
                     status);
    tu_assert_error(&err, status, a, b, NULL);
    tu_cl_assert_filled(f->dev.queue, f->out, OUT_BYTES, SENTINEL);
}

static const int FIRST3[] = {0, 1, 2};

static void test_argument_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_cl_concat_part parts[3];
    parts_of(f, FIRST3, 3, parts);
    clslice_cl_concat_desc desc = desc_of(f, parts, 0);
    expect_error(f, &desc, CLSLICE_ERROR_ARGUMENT, "count is 0", "");
    desc = desc_of(f, NULL, 3);
    expect_error(f, &desc, CLSLICE_ERROR_ARGUMENT, "parts is NULL", "");
    parts[2].plan = NULL;
    desc = desc_of(f, parts, 3);
    expect_error(f, &desc, CLSLICE_ERROR_ARGUMENT, "parts[2].plan is NULL",
                 "");
    parts_of(f, FIRST3, 3, parts);
    desc.elem_size = 0;
    expect_error(f, &desc, CLSLICE_ERROR_ARGUMENT, "elem_size", "");
    desc.elem_size = ELEM;
    clslice_error err;
    clslice_cl_call call = head_of(f);
    call.flags = 1u << 9;
    assert_int_equal(clslice_cl_concat(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "flags", NULL);
    call = head_of(f);
    assert_int_equal(clslice_cl_concat(NULL, &call, &desc, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "runtime", NULL);
    cl_event none = NULL;
    call.num_events_in_wait_list = 1;
    call.event_wait_list = &none;
    assert_int_equal(clslice_cl_concat(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "event_wait_list[0]",
                    NULL);
}

static void test_plan_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_cl_concat_part parts[3];
    parts_of(f, FIRST3, 3, parts);
    clslice_cl_concat_desc desc = desc_of(f, parts, 3);
    clslice_plan *other =
        tu_expr_plan((const int64_t[]){ROWS, COLS + 1}, 2, "[:, 2]");
    parts[2].plan = other;
    expect_error(f, &desc, CLSLICE_ERROR_SHAPE,
                 "parts[2].plan has input dim 1 = 11", "parts[0].plan has 10");
    clslice_plan_release(&other);
    clslice_plan *unknown = NULL;
    assert_int_equal(clslice_plan_expr((const int64_t[]){-1, COLS}, 2,
                                       "[:, 1]", &unknown, NULL),
                     CLSLICE_OK);
    parts[0].plan = parts[1].plan = parts[2].plan = unknown;
    expect_error(f, &desc, CLSLICE_ERROR_UNKNOWN, "parts[0].plan: ", "");
    clslice_plan_release(&unknown);
    /* two parts in one column; columns interleaved by a step are not */
    parts_of(f, FIRST3, 3, parts);
    parts[2].plan = f->column[0];
    expect_error(f, &desc, CLSLICE_ERROR_ARGUMENT,
                 "parts[0].plan and parts[2].plan both write element",
                 "[0, 0]");
}

static void test_view_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_cl_concat_part parts[3];
    parts_of(f, FIRST3, 3, parts);
    clslice_cl_concat_desc desc = desc_of(f, parts, 3);
    const int64_t huge[] = {INT64_MAX};
    parts[1].src.strides = huge;
    expect_error(f, &desc, CLSLICE_ERROR_BUFFER, "parts[1].src.strides[0]",
                 "int64");
    parts[1].src.strides = NULL;
    const int64_t twice[] = {1, 1};
    desc.dst.strides = twice;
    expect_error(f, &desc, CLSLICE_ERROR_ARGUMENT, "dst.strides[", "twice");
}

static void test_buffer_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_cl_concat_part parts[3];
    parts_of(f, FIRST3, 3, parts);
    clslice_cl_concat_desc desc = desc_of(f, parts, 3);
    parts[1].src.offset = 1;
    expect_error(f, &desc, CLSLICE_ERROR_BUFFER,
                 "parts[1].src.buffer is too small",
                 "parts[1].src.offset = 1");
    parts[1].src.offset = SRC_BYTES + 4;
    expect_error(f, &desc, CLSLICE_ERROR_BUFFER, "parts[1].src.offset = 20",
                 "past the end of parts[1].src.buffer");
    parts[1].src.offset = 0;
    const int64_t back[] = {-1};
    parts[0].src.strides = back;
    expect_error(f, &desc, CLSLICE_ERROR_BUFFER, "parts[0].src view reaches",
                 "parts[0].src.offset = 0");
    parts[0].src.strides = NULL;
    parts[2].src.buffer = NULL;
    expect_error(f, &desc, CLSLICE_ERROR_ARGUMENT,
                 "parts[2].src.buffer is NULL", "16 bytes");
    parts[2].src.buffer = f->src[2];
    desc.dst.offset = OUT_BYTES - DST_BYTES + 4;
    expect_error(f, &desc, CLSLICE_ERROR_BUFFER, "dst.buffer is too small",
                 "dst.offset = 68");
    desc.dst.offset = 0;
    desc.dst.buffer = NULL;
    expect_error(f, &desc, CLSLICE_ERROR_ARGUMENT, "dst.buffer is NULL",
                 "160 bytes");
    /* a source inside the destination view, and one past it */
    desc.dst.buffer = f->out;
    parts[1].src.buffer = f->out;
    parts[1].src.offset = DST_BYTES - 8;
    expect_error(f, &desc, CLSLICE_ERROR_ARGUMENT,
                 "parts[1].src.buffer and dst.buffer", "overlap");
    parts[1].src.offset = DST_BYTES;
    clslice_error err;
    clslice_cl_call call = head_of(f);
    assert_int_equal(clslice_cl_concat(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_OK);
}

/* The destination after writing columns cols[0..count): each written
 * column holds its source, every other byte the sentinel. */
static void check_columns(fixture *f, const int *cols, size_t count)
{
    unsigned char got[OUT_BYTES], expect[OUT_BYTES];
    memset(expect, SENTINEL, sizeof expect);
    for (size_t k = 0; k < count; k++)
        for (int i = 0; i < ROWS; i++)
            memcpy(expect + (i * COLS + cols[k]) * ELEM,
                   &f->values[cols[k]][i], ELEM);
    tu_cl_read(f->dev.queue, f->out, OUT_BYTES, got);
    assert_memory_equal(got, expect, OUT_BYTES);
}

/* Runs desc behind a user event: its event must not complete before the
 * gate fires, and must once it has. */
static void run_behind_gate(fixture *f, const clslice_cl_concat_desc *desc)
{
    tu_check_gated(&f->dev, head_of(f), concat, desc);
}

/* Empty parts take NULL sources; an all-empty concatenation is a marker
 * behind its wait list, and its destination may be NULL. */
static void test_empty_parts(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_cl_concat_part parts[3];
    const int cols[] = {4, 5, 6};
    parts_of(f, cols, 3, parts);
    parts[0] = (clslice_cl_concat_part){.plan = f->empty};
    clslice_cl_concat_desc desc = desc_of(f, parts, 3);
    clslice_cl_call call = head_of(f);
    clslice_error err;
    tu_cl_fill(f->dev.queue, f->out, SENTINEL, OUT_BYTES);
    assert_int_equal(clslice_cl_concat(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_OK);
    check_columns(f, cols + 1, 2);

    parts[1] = parts[2] = parts[0];
    desc.dst.buffer = NULL;
    run_behind_gate(f, &desc);
}

/* Columns 0..n-1 (in reverse order) behind a user event: nothing runs
 * before it fires, everything after; one launch up to 8 sources, two
 * chained ones for 10. */
static void run_gated(fixture *f, size_t n)
{
    int cols[COLS];
    for (size_t k = 0; k < n; k++)
        cols[k] = (int)(n - 1 - k);
    clslice_cl_concat_part parts[COLS];
    parts_of(f, cols, n, parts);
    tu_cl_fill(f->dev.queue, f->out, SENTINEL, OUT_BYTES);
    clslice_cl_concat_desc desc = desc_of(f, parts, n);
    run_behind_gate(f, &desc);
    check_columns(f, cols, n);
}

static void test_wait_list(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    run_gated(f, 1);
    run_gated(f, 3);
    run_gated(f, COLS);
}

/* Sources in one buffer at consecutive offsets: one launch, whose event
 * is the kernel's own. */
static void test_one_buffer(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_mem all = tu_cl_buffer(&f->dev.cl, DST_BYTES);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, all, CL_TRUE, 0,
                                     DST_BYTES, f->values, 0, NULL, NULL));
    clslice_cl_concat_part parts[COLS];
    int cols[COLS];
    for (int j = 0; j < COLS; j++) {
        cols[j] = j;
        parts[j] = (clslice_cl_concat_part){
            .plan = f->column[j],
            .src = {.buffer = all, .offset = (size_t)j * SRC_BYTES}};
    }
    clslice_cl_concat_desc desc = desc_of(f, parts, COLS);
    clslice_cl_call call = head_of(f);
    cl_event done = NULL;
    call.event = &done;
    clslice_error err;
    tu_cl_fill(f->dev.queue, f->out, SENTINEL, OUT_BYTES);
    assert_int_equal(clslice_cl_concat(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_OK);
    cl_command_type type;
    TU_CL_CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_TYPE, sizeof type,
                               &type, NULL));
    assert_int_equal(type, CL_COMMAND_NDRANGE_KERNEL);
    TU_CL_CHECK(clWaitForEvents(1, &done));
    clReleaseEvent(done);
    check_columns(f, cols, COLS);
    clReleaseMemObject(all);
}

/* CLSLICE_PREPARE_BATCH builds the program a concatenation runs. */
static void test_prepare_batch(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_cl_concat_part parts[3];
    parts_of(f, FIRST3, 3, parts);
    clslice_cl_concat_desc desc = desc_of(f, parts, 3);
    tu_check_prepared(&f->dev, CLSLICE_PREPARE_BATCH, head_of(f), concat,
                      &desc, cs_runtime_program_count);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_argument_errors),
        cmocka_unit_test(test_plan_errors),
        cmocka_unit_test(test_view_errors),
        cmocka_unit_test(test_buffer_errors),
        cmocka_unit_test(test_empty_parts),
        cmocka_unit_test(test_wait_list),
        cmocka_unit_test(test_one_buffer),
        cmocka_unit_test(test_prepare_batch),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
