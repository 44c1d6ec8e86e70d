/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The contract of clslice_enqueue_scatter, _fill and _grad on the default
 * device: every error path (status, message, and that nothing was
 * written), shape errors, empty slices with and without an output event,
 * events on the copy and kernel paths, the gradient's fill-then-scatter
 * chain on an out-of-order queue, fills of elements too large to pass by
 * value, argument sizes a device cannot take, and the program cache.
 */
#include <stdio.h>
#include <string.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "testutil.h"

enum {
    SENTINEL = 0x5C,
    ELEM = 4,
    DST_BYTES = 4 * 6 * ELEM, /* the [4, 6] tensor */
    VALUE_BYTES = 2 * 3 * ELEM,
    BIG = 100 /* a fill element past CLSLICE_FILL_INLINE_MAX */
};

typedef struct fixture {
    tu_dev dev;
    clslice_plan *plan;  /* [1:3, ::-2] on [4, 6]: final [2, 3], a kernel */
    clslice_plan *rows;  /* [1:2] on [4, 6]: final [1, 6], one run */
    clslice_plan *empty; /* [2:2] on [4, 6]: final [0, 6] */
    cl_mem value, dst;   /* exactly VALUE_BYTES and DST_BYTES */
    unsigned char values[VALUE_BYTES];
} fixture;

static const int64_t FINAL[] = {2, 3};
static const int64_t ROW[] = {1, 6};

static clslice_plan *plan_of(const char *expr)
{
    const int64_t shape[] = {4, 6};
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_expr(shape, 2, expr, &plan, NULL),
                     CLSLICE_OK);
    return plan;
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    *state = f;
    if (!tu_dev_open(&f->dev))
        return 0;
    f->plan = plan_of("[1:3, ::-2]");
    f->rows = plan_of("[1:2]");
    f->empty = plan_of("[2:2]");
    for (int i = 0; i < VALUE_BYTES; i++)
        f->values[i] = (unsigned char)(i + 1);
    f->value = tu_cl_buffer(&f->dev.cl, VALUE_BYTES);
    f->dst = tu_cl_buffer(&f->dev.cl, DST_BYTES);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, f->value, CL_TRUE, 0,
                                     VALUE_BYTES, f->values, 0, NULL, NULL));
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f->dev.cl.context) {
        clReleaseMemObject(f->value);
        clReleaseMemObject(f->dst);
        tu_dev_close(&f->dev);
    }
    clslice_plan_release(&f->plan);
    clslice_plan_release(&f->rows);
    clslice_plan_release(&f->empty);
    free(f);
    return 0;
}

/* ---- one call, every argument explicit ---------------------------------- */

typedef enum op { OP_SCATTER, OP_FILL, OP_GRAD } op;

typedef struct call {
    op op;
    clslice_runtime *runtime;
    cl_command_queue queue;
    const clslice_plan *plan;
    size_t elem_size;
    cl_mem value; /* scatter: value, grad: dy */
    size_t value_offset;
    const int64_t *shape;
    int rank;
    clslice_value_rule rule;
    const void *element; /* fill */
    cl_mem dst;          /* grad: out */
    size_t dst_offset;
    unsigned flags;
    cl_uint num_events;
    const cl_event *wait_list;
} call;

/* A valid call of `o` on the fixture's kernel plan. */
static call base_call(const fixture *f, op o)
{
    call c = {o, f->dev.runtime, f->dev.queue, f->plan, ELEM, f->value, 0,
              FINAL, 2, CLSLICE_VALUE_EXACT, f->values, f->dst, 0, 0, 0,
              NULL};
    return c;
}

static clslice_status run_call(const call *c, cl_event *event,
                               clslice_error *err)
{
    switch (c->op) {
    case OP_SCATTER:
        return clslice_enqueue_scatter(c->runtime, c->queue, c->plan,
                                       c->elem_size, c->value,
                                       c->value_offset, c->shape, c->rank,
                                       c->rule, c->dst, c->dst_offset,
                                       c->flags, c->num_events, c->wait_list,
                                       event, err);
    case OP_FILL:
        return clslice_enqueue_fill(c->runtime, c->queue, c->plan,
                                    c->elem_size, c->element, c->dst,
                                    c->dst_offset, c->flags, c->num_events,
                                    c->wait_list, event, err);
    default:
        return clslice_enqueue_grad(c->runtime, c->queue, c->plan,
                                    c->elem_size, c->value, c->value_offset,
                                    c->shape, c->rank, c->dst, c->dst_offset,
                                    c->flags, c->num_events, c->wait_list,
                                    event, err);
    }
}

/* What the call should leave in a sentinel-filled [4, 6] tensor, from the
 * host executor. */
static void host_result(const fixture *f, const call *c, unsigned char *out)
{
    memset(out, SENTINEL, DST_BYTES);
    clslice_status st;
    if (c->op == OP_GRAD)
        st = clslice_host_grad(c->plan, ELEM, f->values, c->shape, c->rank,
                               VALUE_BYTES, out, DST_BYTES, NULL);
    else if (c->op == OP_FILL)
        st = clslice_host_scatter(c->plan, ELEM, c->element, NULL, 0, ELEM,
                                  CLSLICE_VALUE_BROADCAST, out, DST_BYTES,
                                  NULL);
    else
        st = clslice_host_scatter(c->plan, ELEM, f->values, c->shape, c->rank,
                                  VALUE_BYTES, c->rule, out, DST_BYTES, NULL);
    assert_int_equal(st, CLSLICE_OK);
}

/* Runs a call that must fail, and checks nothing reached dst. */
static void expect_failure(const fixture *f, const call *c,
                           clslice_status status, const char *part1,
                           const char *part2)
{
    clslice_error err;
    cl_event event = NULL;
    tu_cl_fill(f->dev.queue, f->dst, SENTINEL, DST_BYTES);
    assert_int_equal(run_call(c, &event, &err), status);
    tu_assert_error(&err, status, part1, part2, NULL);
    assert_null(event);
    tu_cl_assert_filled(f->dev.queue, f->dst, DST_BYTES, SENTINEL);
}

static const op OPS[] = {OP_SCATTER, OP_FILL, OP_GRAD};

/* ---- argument and shape errors ------------------------------------------ */

static void test_argument_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_plan *released = plan_of("[1:3]");
    clslice_plan_release(&released);
    for (size_t i = 0; i < 3; i++) {
        call c = base_call(f, OPS[i]);
        c.runtime = NULL;
        expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT, "runtime is NULL", NULL);
        c = base_call(f, OPS[i]);
        c.queue = NULL;
        expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT, "queue is NULL", NULL);
        c = base_call(f, OPS[i]);
        c.plan = released;
        expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT,
                       "plan is NULL (released?)", NULL);
        c = base_call(f, OPS[i]);
        c.elem_size = 0;
        expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT, "elem_size is 0",
                       NULL);
        c = base_call(f, OPS[i]);
        c.flags = 1u << 9;
        expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT, "flags = 0x200",
                       "unknown bits");
        c = base_call(f, OPS[i]);
        c.dst = NULL;
        expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT,
                       OPS[i] == OP_GRAD ? "out is NULL" : "dst is NULL",
                       NULL);
    }
    call c = base_call(f, OP_SCATTER);
    c.value = NULL;
    expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT, "value is NULL", NULL);
    c = base_call(f, OP_GRAD);
    c.value = NULL;
    expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT, "dy is NULL", NULL);
    c = base_call(f, OP_FILL);
    c.element = NULL;
    expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT, "element is NULL", NULL);
    c = base_call(f, OP_SCATTER);
    c.rule = (clslice_value_rule)5;
    expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT,
                   "rule = 5 is not a clslice_value_rule", NULL);

    const int64_t unknown_shape[] = {CLSLICE_UNKNOWN, 6};
    clslice_plan *unknown = NULL;
    assert_int_equal(clslice_plan_expr(unknown_shape, 2, "[1:3, ::-2]",
                                       &unknown, NULL), CLSLICE_OK);
    for (size_t i = 0; i < 3; i++) {
        c = base_call(f, OPS[i]);
        c.plan = unknown;
        expect_failure(f, &c, CLSLICE_ERROR_UNKNOWN, "unknown", NULL);
    }
    clslice_plan_release(&unknown);
}

static void test_shape_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const int64_t two[] = {2}, one_three[] = {1, 3}, flipped[] = {3, 2};
    call c = base_call(f, OP_SCATTER);
    c.rule = CLSLICE_VALUE_BROADCAST;
    c.shape = two;
    c.rank = 1;
    expect_failure(f, &c, CLSLICE_ERROR_SHAPE, "value dim 0 has size 2",
                   "slice dim 1 has size 3");
    c = base_call(f, OP_SCATTER);
    c.shape = one_three;
    expect_failure(f, &c, CLSLICE_ERROR_SHAPE, "value dim 0 has size 1",
                   "slice dim 0 has size 2");
    c = base_call(f, OP_GRAD); /* and the output is not zeroed */
    c.shape = flipped;
    expect_failure(f, &c, CLSLICE_ERROR_SHAPE, "dy dim 0 has size 3",
                   "slice dim 0 has size 2");
    /* a value that broadcasts needs only its own bytes */
    cl_mem small = tu_cl_buffer(&f->dev.cl, 3 * ELEM);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, small, CL_TRUE, 0, 3 * ELEM,
                                     f->values, 0, NULL, NULL));
    const int64_t three[] = {3};
    c = base_call(f, OP_SCATTER);
    c.value = small;
    c.shape = three;
    c.rank = 1;
    c.rule = CLSLICE_VALUE_BROADCAST;
    tu_cl_fill(f->dev.queue, f->dst, SENTINEL, DST_BYTES);
    assert_int_equal(run_call(&c, NULL, NULL), CLSLICE_OK);
    unsigned char got[DST_BYTES], want[DST_BYTES];
    tu_cl_read(f->dev.queue, f->dst, DST_BYTES, got);
    host_result(f, &c, want); /* reads the same 3 leading values */
    assert_memory_equal(got, want, DST_BYTES);
    clReleaseMemObject(small);
}

/* ---- buffer errors ------------------------------------------------------ */

static void test_buffer_errors(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_mem small_value = tu_cl_buffer(&f->dev.cl, VALUE_BYTES - 1);
    cl_mem small_dst = tu_cl_buffer(&f->dev.cl, DST_BYTES - 1);
    call c = base_call(f, OP_SCATTER);
    c.value = small_value;
    expect_failure(f, &c, CLSLICE_ERROR_BUFFER,
                   "value is too small: 24 bytes needed", "23 available");
    c = base_call(f, OP_GRAD);
    c.value = small_value;
    expect_failure(f, &c, CLSLICE_ERROR_BUFFER,
                   "dy is too small: 24 bytes needed", "23 available");
    c = base_call(f, OP_SCATTER);
    c.value_offset = 1;
    expect_failure(f, &c, CLSLICE_ERROR_BUFFER, "from value_offset = 1",
                   "23 available");
    c = base_call(f, OP_GRAD);
    c.value_offset = VALUE_BYTES + 1;
    expect_failure(f, &c, CLSLICE_ERROR_BUFFER,
                   "dy_offset = 25 lies past the end of dy (24 bytes)", NULL);
    for (size_t i = 0; i < 3; i++) {
        const char *name = OPS[i] == OP_GRAD ? "out" : "dst";
        char text[96];
        c = base_call(f, OPS[i]);
        c.dst = small_dst;
        snprintf(text, sizeof text, "%s is too small: 96 bytes needed", name);
        expect_failure(f, &c, CLSLICE_ERROR_BUFFER, text, "95 available");
        c = base_call(f, OPS[i]);
        c.dst_offset = 4;
        snprintf(text, sizeof text, "from %s_offset = 4", name);
        expect_failure(f, &c, CLSLICE_ERROR_BUFFER, text, "92 available");
        /* even when the slice is empty */
        c = base_call(f, OPS[i]);
        c.plan = f->empty;
        c.shape = (const int64_t[]){0, 6};
        c.dst_offset = SIZE_MAX;
        snprintf(text, sizeof text, "%s_offset = %zu lies past the end",
                 name, (size_t)SIZE_MAX);
        expect_failure(f, &c, CLSLICE_ERROR_BUFFER, text, NULL);
    }
    /* a wider element needs a larger tensor */
    c = base_call(f, OP_FILL);
    c.elem_size = 8;
    expect_failure(f, &c, CLSLICE_ERROR_BUFFER,
                   "dst is too small: 192 bytes needed", NULL);
    clReleaseMemObject(small_value);
    clReleaseMemObject(small_dst);
}

static void test_overlap(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_mem both = tu_cl_buffer(&f->dev.cl, 256);
    call c = base_call(f, OP_SCATTER);
    c.value = c.dst = both;
    c.dst_offset = 20;
    clslice_error err;
    assert_int_equal(run_call(&c, NULL, &err), CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "value and dst share a buffer and overlap: value bytes "
                    "[0, 24), destination bytes [20, 116)", NULL);
    c.op = OP_GRAD;
    assert_int_equal(run_call(&c, NULL, &err), CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "dy and out share a buffer and overlap: dy bytes", NULL);
    /* disjoint parts of one buffer are fine, and right */
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, both, CL_TRUE, 0,
                                     VALUE_BYTES, f->values, 0, NULL, NULL));
    unsigned char fill[DST_BYTES];
    memset(fill, SENTINEL, sizeof fill);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, both, CL_TRUE, 24,
                                     DST_BYTES, fill, 0, NULL, NULL));
    c.op = OP_SCATTER;
    c.dst_offset = 24;
    assert_int_equal(run_call(&c, NULL, &err), CLSLICE_OK);
    unsigned char got[DST_BYTES], want[DST_BYTES];
    TU_CL_CHECK(clEnqueueReadBuffer(f->dev.queue, both, CL_TRUE, 24, DST_BYTES,
                                    got, 0, NULL, NULL));
    host_result(f, &c, want);
    assert_memory_equal(got, want, DST_BYTES);
    clReleaseMemObject(both);
}

static void test_foreign_objects(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    tu_cl other;
    assert_true(tu_cl_open(&other));
    cl_command_queue queue = tu_cl_queue(&other, 0);
    cl_mem foreign = tu_cl_buffer(&other, 1024);
    for (size_t i = 0; i < 3; i++) {
        call c = base_call(f, OPS[i]);
        c.queue = queue;
        expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT, "another cl_context",
                       NULL);
        c = base_call(f, OPS[i]);
        c.dst = foreign;
        expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT,
                       "belongs to another cl_context", NULL);
    }
    call c = base_call(f, OP_SCATTER);
    c.value = foreign;
    expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT,
                   "value belongs to another cl_context", NULL);
    clReleaseMemObject(foreign);
    clReleaseCommandQueue(queue);
    tu_cl_close(&other);
}

/* A malformed wait list is refused before OpenCL sees it, on every path. */
static void test_wait_list_checked(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_int rc;
    cl_event gate = clCreateUserEvent(f->dev.cl.context, &rc);
    TU_CL_CHECK(rc);
    const clslice_plan *plans[] = {f->plan, f->rows, f->empty};
    const int64_t *shapes[] = {FINAL, ROW, (const int64_t[]){0, 6}};
    for (size_t i = 0; i < 3; i++)
        for (size_t p = 0; p < 3; p++) {
            call c = base_call(f, OPS[i]);
            c.plan = plans[p];
            c.shape = shapes[p];
            c.num_events = 1;
            expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT,
                           "event_wait_list is NULL but "
                           "num_events_in_wait_list = 1", NULL);
            c.num_events = 0;
            c.wait_list = &gate;
            expect_failure(f, &c, CLSLICE_ERROR_ARGUMENT,
                           "num_events_in_wait_list = 0", NULL);
        }
    clReleaseEvent(gate);
}

/* ---- events and paths --------------------------------------------------- */

static cl_int event_status(cl_event event)
{
    cl_int status;
    TU_CL_CHECK(clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS,
                               sizeof status, &status, NULL));
    return status;
}

/* Runs `c` behind a user event on `queue`: its event must not complete
 * before the gate opens; then, waiting on that event alone, dst must hold
 * the host's result. */
static void check_gated(const fixture *f, call c, cl_command_queue queue)
{
    cl_int rc;
    cl_event gate = clCreateUserEvent(f->dev.cl.context, &rc), done = NULL;
    TU_CL_CHECK(rc);
    tu_cl_fill(f->dev.queue, f->dst, SENTINEL, DST_BYTES);
    c.queue = queue;
    c.num_events = 1;
    c.wait_list = &gate;
    clslice_error err;
    assert_int_equal(run_call(&c, &done, &err), CLSLICE_OK);
    assert_non_null(done);
    TU_CL_CHECK(clFlush(queue));
    assert_true(event_status(done) != CL_COMPLETE);
    TU_CL_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    unsigned char got[DST_BYTES], want[DST_BYTES];
    TU_CL_CHECK(clEnqueueReadBuffer(queue, f->dst, CL_TRUE, 0, DST_BYTES, got,
                                    1, &done, NULL));
    assert_int_equal(event_status(done), CL_COMPLETE);
    host_result(f, &c, want);
    assert_memory_equal(got, want, DST_BYTES);
    clReleaseEvent(done);
    clReleaseEvent(gate);
}

/* Every op on the kernel, copy and empty paths, in-order and (where the
 * device has them) out-of-order queues: the grad's event covers its fill
 * and its scatter. */
static void test_events_on_every_path(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_command_queue_properties props = 0;
    TU_CL_CHECK(clGetDeviceInfo(f->dev.cl.device, CL_DEVICE_QUEUE_PROPERTIES,
                                sizeof props, &props, NULL));
    cl_command_queue ooo = NULL;
    if (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)
        ooo = tu_cl_queue(&f->dev.cl, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    else
        print_message("no out-of-order queues on this device\n");
    const clslice_plan *plans[] = {f->plan, f->rows, f->empty};
    const int64_t *shapes[] = {FINAL, ROW, (const int64_t[]){0, 6}};
    for (size_t i = 0; i < 3; i++)
        for (size_t p = 0; p < 3; p++)
            for (unsigned flags = 0; flags <= CLSLICE_NO_COPY_SHORTCUT;
                 flags += CLSLICE_NO_COPY_SHORTCUT) {
                call c = base_call(f, OPS[i]);
                c.plan = plans[p];
                c.shape = shapes[p];
                c.flags = flags;
                check_gated(f, c, f->dev.queue);
                if (ooo)
                    check_gated(f, c, ooo);
            }
    if (ooo)
        clReleaseCommandQueue(ooo);
}

/* Without an output event an empty scatter or fill enqueues nothing, and
 * an empty grad still zeroes the tensor. */
static void test_empty_slice_without_event(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const int64_t empty_shape[] = {0, 6};
    for (size_t i = 0; i < 3; i++) {
        call c = base_call(f, OPS[i]);
        c.plan = f->empty;
        c.shape = empty_shape;
        tu_cl_fill(f->dev.queue, f->dst, SENTINEL, DST_BYTES);
        assert_int_equal(run_call(&c, NULL, NULL), CLSLICE_OK);
        if (OPS[i] != OP_GRAD) {
            tu_cl_assert_filled(f->dev.queue, f->dst, DST_BYTES, SENTINEL);
            continue;
        }
        unsigned char got[DST_BYTES], zeros[DST_BYTES] = {0};
        tu_cl_read(f->dev.queue, f->dst, DST_BYTES, got);
        assert_memory_equal(got, zeros, DST_BYTES);
    }
    /* TF: an empty slice takes any value shape under broadcasting */
    call c = base_call(f, OP_SCATTER);
    c.plan = f->empty;
    c.shape = (const int64_t[]){5, 7};
    c.rule = CLSLICE_VALUE_BROADCAST;
    c.value = f->dst; /* 140 bytes are not there: the value is checked */
    clslice_error err;
    assert_int_equal(run_call(&c, NULL, &err), CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "value is too small", NULL);
    c.shape = (const int64_t[]){1, 0};
    c.value = f->value;
    assert_int_equal(run_call(&c, NULL, &err), CLSLICE_OK);
}

/* ---- fills ---------------------------------------------------------------- */

enum { FILL_TENSOR = 12 * BIG, FILL_OFFSET = 7 };

/* Fills [::2, 1:3] of a [3, 4] tensor at FILL_OFFSET of dst with elements
 * of each size in turn, each checked against the host scatter. */
static void fill_each_size(fixture *f, const clslice_plan *plan,
                           const size_t *sizes, size_t count, cl_mem dst)
{
    unsigned char element[BIG], got[FILL_TENSOR], want[FILL_TENSOR];
    for (size_t b = 0; b < BIG; b++)
        element[b] = (unsigned char)(3 * b + 1);
    for (size_t i = 0; i < count; i++) {
        size_t es = sizes[i], bytes = 12 * es;
        memset(want, SENTINEL, bytes);
        tu_cl_fill(f->dev.queue, dst, SENTINEL, FILL_TENSOR + FILL_OFFSET);
        cl_event done = NULL;
        clslice_error err;
        assert_int_equal(clslice_enqueue_fill(f->dev.runtime, f->dev.queue,
                                              plan, es, element, dst,
                                              FILL_OFFSET, 0, 0, NULL, &done,
                                              &err),
                         CLSLICE_OK);
        element[0] ^= 0xFF; /* the element was read before the return */
        TU_CL_CHECK(clWaitForEvents(1, &done));
        clReleaseEvent(done);
        element[0] ^= 0xFF;
        TU_CL_CHECK(clEnqueueReadBuffer(f->dev.queue, dst, CL_TRUE,
                                        FILL_OFFSET, bytes, got, 0, NULL,
                                        NULL));
        assert_int_equal(clslice_host_scatter(plan, es, element, NULL, 0, es,
                                              CLSLICE_VALUE_BROADCAST, want,
                                              bytes, NULL), CLSLICE_OK);
        assert_memory_equal(got, want, bytes);
    }
}

/* Elements up to CLSLICE_FILL_INLINE_MAX bytes travel by value; larger
 * ones through a temporary buffer that is released (the context's
 * reference count comes back).  The count is taken over a second round:
 * the first may build and cache programs, which hold the context (on
 * rusticl the first round adds four references that stay; PoCL none). */
static void test_fill_element_sizes(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const size_t sizes[] = {1, 3, 16, CLSLICE_FILL_INLINE_MAX - 1,
                            CLSLICE_FILL_INLINE_MAX,
                            CLSLICE_FILL_INLINE_MAX + 1, BIG};
    const size_t count = sizeof sizes / sizeof sizes[0];
    const int64_t shape[] = {3, 4};
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_expr(shape, 2, "[::2, 1:3]", &plan, NULL),
                     CLSLICE_OK);
    cl_mem dst = tu_cl_buffer(&f->dev.cl, FILL_TENSOR + FILL_OFFSET);
    fill_each_size(f, plan, sizes, count, dst);
    TU_CL_CHECK(clFinish(f->dev.queue));
    cl_uint before = tu_cl_context_refs_stable(f->dev.cl.context);
    fill_each_size(f, plan, sizes, count, dst);
    TU_CL_CHECK(clFinish(f->dev.queue));
    assert_int_equal(tu_cl_context_refs_settled(f->dev.cl.context, before),
                     before);
    clReleaseMemObject(dst);
    clslice_plan_release(&plan);
}

/* ---- kernels a device cannot take, and the program cache ---------------- */

static void test_argument_size_limit(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const int64_t shape[] = {3, 3, 3, 3, 3};
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_expr(shape, 5, "[::2, ::2, ::2, ::2, ::2]",
                                       &plan, NULL), CLSLICE_OK);
    clslice_layout layout;
    assert_int_equal(clslice_plan_scatter_layout(plan, NULL, 0,
                                                 CLSLICE_VALUE_BROADCAST,
                                                 &layout, NULL), CLSLICE_OK);
    clslice_layout_simplify(&layout);
    cs_move move;
    cs_move_build(&layout, 1, 0, 0, &move);
    assert_int_equal(move.rank, 5);
    cs_program_info real;
    clslice_error err;
    assert_int_equal(cs_runtime_program(f->dev.runtime, f->dev.cl.device,
                                        CS_PROGRAM_GRID_SCATTER, 64, &real, &err),
                     CLSLICE_OK);
    /* The generic kernels' table and a fill's element travel in constant
     * buffers: 152 and 144 bytes of arguments with the small table,
     * within the least OpenCL allows (256, embedded profile); a device
     * that allowed less is refused by the library before any OpenCL
     * call. */
    real.device.max_param_size = 128;
    const unsigned char element[CS_FILL_BYTES] = {0};
    cs_testing_call scatter = {CS_KERNEL_SCATTER, &move, 64, f->value, f->dst,
                              NULL};
    cs_testing_call fill = {CS_KERNEL_FILL, &move, 64, NULL, f->dst, element};
    tu_cl_fill(f->dev.queue, f->dst, SENTINEL, DST_BYTES);
    assert_int_equal(cs_launch_kernel(f->dev.queue, &real, &scatter, 65535, 0,
                                      NULL, NULL, &err),
                     CLSLICE_ERROR_OPENCL);
    tu_assert_error(&err, CLSLICE_ERROR_OPENCL,
                    "the scatter kernel needs 152 bytes",
                    "CL_DEVICE_MAX_PARAMETER_SIZE is 128", NULL);
    assert_int_equal(cs_launch_kernel(f->dev.queue, &real, &fill, 65535, 0,
                                      NULL, NULL, &err),
                     CLSLICE_ERROR_OPENCL);
    tu_assert_error(&err, CLSLICE_ERROR_OPENCL,
                    "the fill kernel needs 144 bytes", NULL);
    tu_cl_assert_filled(f->dev.queue, f->dst, DST_BYTES, SENTINEL);
    clslice_plan_release(&plan);
}

/* Scatters, fills and grads share one program per index width; on a CPU
 * device scatters and grads run the rows program (cl/rows.cl) and
 * fills the element grid's (cl/grid_scatter.cl), so two per index width. */
static void test_program_cache(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_runtime *runtime = NULL;
    assert_int_equal(clslice_runtime_create(f->dev.cl.context, &runtime, NULL),
                     CLSLICE_OK);
    for (int round = 0; round < 2; round++)
        for (size_t i = 0; i < 3; i++)
            for (unsigned flags = 0; flags <= CLSLICE_FORCE_INDEX64;
                 flags += CLSLICE_FORCE_INDEX64) {
                call c = base_call(f, OPS[i]);
                c.runtime = runtime;
                c.flags = flags;
                assert_int_equal(run_call(&c, NULL, NULL), CLSLICE_OK);
            }
    cl_device_type type = 0;
    TU_CL_CHECK(clGetDeviceInfo(f->dev.cl.device, CL_DEVICE_TYPE, sizeof type,
                                &type, NULL));
    assert_int_equal(cs_runtime_program_count(runtime),
                     (type & CL_DEVICE_TYPE_CPU) ? 4 : 2);
    clslice_runtime_release(&runtime);
    TU_CL_CHECK(clFinish(f->dev.queue));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_argument_errors),
        cmocka_unit_test(test_shape_errors),
        cmocka_unit_test(test_buffer_errors),
        cmocka_unit_test(test_overlap),
        cmocka_unit_test(test_foreign_objects),
        cmocka_unit_test(test_wait_list_checked),
        cmocka_unit_test(test_events_on_every_path),
        cmocka_unit_test(test_empty_slice_without_event),
        cmocka_unit_test(test_fill_element_sizes),
        cmocka_unit_test(test_argument_size_limit),
        cmocka_unit_test(test_program_cache),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
