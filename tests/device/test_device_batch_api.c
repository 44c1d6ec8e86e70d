/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The contract of clslice_cl_gather_batch beyond its results
 * (test_device_batch checks those): every error names the member and
 * leaves every destination untouched, empty members take NULL buffers
 * (and, given one, hide no overlap of the others), an all-empty batch is
 * a marker, the wait list holds the launches back (one launch, and
 * chained launches over more than 8 buffers), and outputs may share one
 * arena buffer.
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

/* The head of a batch call on the fixture's queue: no flags, no wait
 * list, no event. */
static clslice_cl_call head_of(const fixture *f)
{
    return (clslice_cl_call){.struct_size = sizeof(clslice_cl_call),
                             .queue = f->dev.queue};
}

/* clslice_cl_gather_batch of the descriptor at ctx (callcheck.h). */
static clslice_status gather_batch(clslice_runtime *rt,
                                   const clslice_cl_call *call,
                                   const void *ctx, clslice_error *err)
{
    return clslice_cl_gather_batch(rt, call, ctx, err);
}

/* A batch of `count` parts from the fixture's source. */
static clslice_cl_batch_desc desc_of(const fixture *f,
                                     const clslice_cl_part *parts,
                                     size_t count)
{
    return (clslice_cl_batch_desc){
        .struct_size = sizeof(clslice_cl_batch_desc), .elem_size = ELEM,
        .src.buffer = f->src, .count = count, .parts = parts};
}

/* One batch call on the fixture's queue, no wait list, no event. */
static clslice_status batch(fixture *f, const clslice_cl_part *parts,
                            size_t count, unsigned flags, clslice_error *err)
{
    clslice_cl_call call = head_of(f);
    clslice_cl_batch_desc desc = desc_of(f, parts, count);
    call.flags = flags;
    return clslice_cl_gather_batch(f->dev.runtime, &call, &desc, err);
}

/* Expects the call to fail with `status` and both parts in its message,
 * having written nothing. */
static void expect_error(fixture *f, const clslice_cl_part *parts,
                         size_t count, clslice_status status,
                         const char *part1, const char *part2)
{
    clslice_error err;
    fill_all(f);
    assert_int_equal(batch(f, parts, count, 0, &err), status);
    tu_assert_error(&err, status, part1, part2, NULL);
    assert_untouched(f);
}

static void test_argument_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const clslice_cl_part parts[] = {{f->row[0], f->dst[0], 0},
                                     {f->row[1], f->dst[1], 0},
                                     {NULL, f->dst[2], 0}};
    clslice_error err;
    expect_error(f, parts, 0, CLSLICE_ERROR_ARGUMENT, "count", "is 0");
    expect_error(f, NULL, 2, CLSLICE_ERROR_ARGUMENT, "parts", "is NULL");
    expect_error(f, parts, 3, CLSLICE_ERROR_ARGUMENT, "parts[2].plan",
                 "is NULL");
    clslice_cl_call call = head_of(f);
    clslice_cl_batch_desc desc = desc_of(f, parts, 2);
    desc.elem_size = 0;
    assert_int_equal(clslice_cl_gather_batch(f->dev.runtime, &call, &desc,
                                             &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "elem_size", NULL);
    const int64_t strides[] = {1, 1};
    desc = desc_of(f, parts, 2);
    desc.src.strides = strides;
    assert_int_equal(clslice_cl_gather_batch(f->dev.runtime, &call, &desc,
                                             &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "src.strides",
                    "is not NULL", NULL);
    assert_int_equal(batch(f, parts, 2, 1u << 9, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "flags", NULL);
    desc = desc_of(f, parts, 2);
    assert_int_equal(clslice_cl_gather_batch(NULL, &call, &desc, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "runtime", NULL);
    cl_event none = NULL;
    call.num_events_in_wait_list = 1;
    call.event_wait_list = &none;
    assert_int_equal(clslice_cl_gather_batch(f->dev.runtime, &call, &desc,
                                             &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "event_wait_list[0]",
                    NULL);
}

/* Parts of the given plans, each into its own fixture buffer at 0. */
static void parts_of(const fixture *f, const clslice_plan *const *plans,
                     size_t count, clslice_cl_part *parts)
{
    for (size_t i = 0; i < count; i++)
        parts[i] = (clslice_cl_part){plans[i], f->dst[i], 0};
}

static void test_shape_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_cl_part parts[3];
    parts_of(f, (const clslice_plan *[]){f->row[0], f->row[1], f->other}, 3,
             parts);
    expect_error(f, parts, 3, CLSLICE_ERROR_SHAPE,
                 "parts[2].plan has input dim 1 = 7",
                 "parts[0].plan has 6");
    clslice_plan *flat = tu_expr_plan((const int64_t[]){ROWS * COLS}, 1,
                                      "[:6]");
    parts_of(f, (const clslice_plan *[]){f->row[0], flat}, 2, parts);
    expect_error(f, parts, 2, CLSLICE_ERROR_SHAPE,
                 "parts[1].plan has an input of rank 1", "rank 2");
    clslice_plan_release(&flat);
    /* one input shape, but not known yet: the layout says which plan */
    clslice_plan *unknown = NULL;
    assert_int_equal(clslice_plan_expr((const int64_t[]){-1, COLS}, 2,
                                       "[1:2]", &unknown, NULL),
                     CLSLICE_OK);
    parts_of(f, (const clslice_plan *[]){unknown, unknown}, 2, parts);
    expect_error(f, parts, 2, CLSLICE_ERROR_UNKNOWN, "parts[0].plan: ", "");
    clslice_plan_release(&unknown);
}

static void test_buffer_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const clslice_plan *plans[] = {f->row[0], f->row[1], f->row[2]};
    clslice_cl_part parts[3];
    const size_t row = COLS * ELEM;
    /* parts[1]'s output does not fit after its offset */
    parts_of(f, plans, 3, parts);
    parts[1].offset = OUT_BYTES - row + 1;
    expect_error(f, parts, 3, CLSLICE_ERROR_BUFFER,
                 "parts[1].buffer is too small for parts[1].plan's output",
                 "parts[1].offset = 233");
    parts_of(f, plans, 3, parts);
    parts[2].offset = OUT_BYTES + 1;
    expect_error(f, parts, 3, CLSLICE_ERROR_BUFFER,
                 "parts[2].offset = 257", "past the end of parts[2].buffer");
    parts_of(f, plans, 3, parts);
    parts[1].buffer = NULL;
    expect_error(f, parts, 3, CLSLICE_ERROR_ARGUMENT,
                 "parts[1].buffer is NULL", "24 bytes");
    /* outputs 0 and 2 overlap in one buffer */
    parts_of(f, plans, 3, parts);
    parts[0].buffer = parts[2].buffer = f->dst[3];
    parts[2].offset = row - ELEM;
    expect_error(f, parts, 3, CLSLICE_ERROR_ARGUMENT,
                 "parts[0].buffer and parts[2].buffer overlap", "[20, 44)");
    /* an output over the source */
    parts_of(f, plans, 3, parts);
    parts[1].buffer = f->src;
    expect_error(f, parts, 3, CLSLICE_ERROR_ARGUMENT,
                 "src.buffer and parts[1].buffer", "overlap");
}

/* An empty output, given a buffer, writes nothing and decides nothing:
 * between two outputs that overlap (bytes [0, 64) and [32, 96) of one
 * arena), or between the source and an output over it, it must not hide
 * the overlap.  A 1-D tensor of 128 bytes; nothing is written. */
static void test_empty_hides_no_overlap(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const int64_t shape[] = {128};
    clslice_plan *low = tu_expr_plan(shape, 1, "[0:64]");
    clslice_plan *none = tu_expr_plan(shape, 1, "[5:5]");
    clslice_plan *high = tu_expr_plan(shape, 1, "[64:128]");
    cl_mem arena = tu_cl_buffer(&f->dev.cl, 256);
    cl_mem src = tu_cl_buffer(&f->dev.cl, 128);
    clslice_cl_call call = head_of(f);
    clslice_cl_batch_desc desc = {.struct_size = sizeof desc,
                                  .elem_size = 1, .src.buffer = src,
                                  .count = 3};
    clslice_error err;

    const clslice_cl_part outputs[] = {
        {low, arena, 0}, {none, arena, 16}, {high, arena, 32}};
    desc.parts = outputs;
    tu_cl_fill(f->dev.queue, arena, SENTINEL, 256);
    assert_int_equal(clslice_cl_gather_batch(f->dev.runtime, &call, &desc,
                                             &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "parts[0].buffer and parts[2].buffer overlap",
                    "[0, 64) and [32, 96)", NULL);
    tu_cl_assert_filled(f->dev.queue, arena, 256, SENTINEL);

    /* the input at bytes [0, 128) of the arena, an output at [100, 164) */
    const clslice_cl_part over_src[] = {{none, arena, 8},
                                        {high, arena, 100}};
    desc.parts = over_src;
    desc.count = 2;
    desc.src.buffer = arena;
    tu_cl_fill(f->dev.queue, arena, SENTINEL, 256);
    assert_int_equal(clslice_cl_gather_batch(f->dev.runtime, &call, &desc,
                                             &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "src.buffer and parts[1].buffer share a buffer and overlap",
                    "input bytes [0, 128), output bytes [100, 164)", NULL);
    tu_cl_assert_filled(f->dev.queue, arena, 256, SENTINEL);

    clReleaseMemObject(arena);
    clReleaseMemObject(src);
    clslice_plan_release(&low);
    clslice_plan_release(&none);
    clslice_plan_release(&high);
}

/* Empty members take NULL; an all-empty batch is a marker that completes
 * once its wait list has. */
static void test_empty_members(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const clslice_cl_part parts[] = {{f->empty, NULL, 0},
                                     {f->row[3], f->dst[0], 0},
                                     {f->empty, NULL, 0}};
    clslice_error err;
    fill_all(f);
    assert_int_equal(batch(f, parts, 3, 0, &err), CLSLICE_OK);
    unsigned char got[COLS * ELEM];
    tu_cl_read(f->dev.queue, f->dst[0], sizeof got, got);
    assert_memory_equal(got, f->input + 3 * COLS * ELEM, sizeof got);

    const clslice_cl_part none[] = {{f->empty, NULL, 0},
                                    {f->empty, NULL, 0}};
    clslice_cl_batch_desc desc = desc_of(f, none, 2);
    tu_check_gated(&f->dev, head_of(f), gather_batch, &desc);
}

/* The rows of the input into `n` destinations (row i % ROWS into
 * f->dst[i] at offset 8 * i), behind a user event: nothing runs before it
 * fires, everything after. */
static void run_gated(fixture *f, int n)
{
    clslice_cl_part parts[MANY];
    for (int i = 0; i < n; i++)
        parts[i] = (clslice_cl_part){f->row[i % ROWS], f->dst[i],
                                     8 * (size_t)i};
    fill_all(f);
    clslice_cl_batch_desc desc = desc_of(f, parts, (size_t)n);
    tu_check_gated(&f->dev, head_of(f), gather_batch, &desc);
    for (int i = 0; i < n; i++) {
        unsigned char got[OUT_BYTES];
        tu_cl_read(f->dev.queue, f->dst[i], OUT_BYTES, got);
        size_t at = parts[i].offset, bytes = COLS * ELEM;
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
    clslice_cl_part parts[ROWS];
    for (int i = 0; i < ROWS; i++)
        parts[i] = (clslice_cl_part){f->row[ROWS - 1 - i], f->dst[5],
                                     (size_t)i * COLS * ELEM};
    cl_event done = NULL;
    clslice_error err;
    clslice_cl_call call = head_of(f);
    clslice_cl_batch_desc desc = desc_of(f, parts, ROWS);
    call.event = &done;
    assert_int_equal(clslice_cl_gather_batch(f->dev.runtime, &call, &desc,
                                             &err),
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
    const clslice_cl_part parts[] = {{f->row[2], both, IN_BYTES},
                                     {f->row[0], both,
                                      IN_BYTES + COLS * ELEM}};
    clslice_error err;
    clslice_cl_call call = head_of(f);
    clslice_cl_batch_desc desc = desc_of(f, parts, 2);
    desc.src.buffer = both;
    assert_int_equal(clslice_cl_gather_batch(f->dev.runtime, &call, &desc,
                                             &err),
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
    const clslice_cl_part parts[] = {{f->row[0], f->dst[0], 0},
                                     {f->row[1], f->dst[1], 0}};
    clslice_cl_batch_desc desc = desc_of(f, parts, 2);
    tu_check_prepared(&f->dev, CLSLICE_PREPARE_BATCH, head_of(f),
                      gather_batch, &desc, cs_runtime_program_count);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_argument_errors),
        cmocka_unit_test(test_shape_errors),
        cmocka_unit_test(test_buffer_errors),
        cmocka_unit_test(test_empty_members),
        cmocka_unit_test(test_empty_hides_no_overlap),
        cmocka_unit_test(test_wait_list),
        cmocka_unit_test(test_arena),
        cmocka_unit_test(test_into_source_buffer),
        cmocka_unit_test(test_prepare_batch),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
