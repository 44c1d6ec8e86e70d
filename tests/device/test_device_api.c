/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The enqueue API's contract on the default device: every error path
 * (status, message, and that nothing was written), empty outputs with and
 * without an output event, events on the copy and kernel paths, failing
 * OpenCL calls named in the message, failed builds with their log, and
 * the program cache.
 */
#include <string.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "imagefix.h"
#include "testutil.h"

enum { SENTINEL = 0x5C, ELEM = 4, IN_BYTES = 4 * 6 * ELEM, OUT_BYTES = 48 };

typedef struct fixture {
    tu_dev dev;
    clslice_plan *plan;  /* [1:3, ::-1] on [4, 6]: a kernel */
    clslice_plan *rows;  /* [1:3] on [4, 6]: one contiguous run */
    clslice_plan *empty; /* [2:2] on [4, 6] */
    cl_mem src, dst;     /* exactly IN_BYTES and OUT_BYTES */
    unsigned char input[IN_BYTES];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    *state = f;
    if (!tu_dev_open(&f->dev))
        return 0;
    const int64_t shape[] = {4, 6};
    assert_int_equal(clslice_plan_expr(shape, 2, "[1:3, ::-1]", &f->plan,
                                       NULL), CLSLICE_OK);
    assert_int_equal(clslice_plan_expr(shape, 2, "[1:3]", &f->rows, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_plan_expr(shape, 2, "[2:2]", &f->empty, NULL),
                     CLSLICE_OK);
    for (int i = 0; i < IN_BYTES; i++)
        f->input[i] = (unsigned char)(i + 1);
    f->src = tu_cl_buffer(&f->dev.cl, IN_BYTES);
    f->dst = tu_cl_buffer(&f->dev.cl, OUT_BYTES);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, f->src, CL_TRUE, 0,
                                     IN_BYTES, f->input, 0, NULL, NULL));
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f->dev.cl.context) {
        clReleaseMemObject(f->src);
        clReleaseMemObject(f->dst);
        /* Released here, not by tu_dev_close, to check that the release
         * clears the caller's pointer. */
        clslice_runtime_release(&f->dev.runtime);
        assert_null(f->dev.runtime);
        tu_dev_close(&f->dev);
    }
    clslice_plan_release(&f->plan);
    clslice_plan_release(&f->rows);
    clslice_plan_release(&f->empty);
    free(f);
    return 0;
}

/* Host result of `plan` on the fixture's input. */
static void expected(const fixture *f, const clslice_plan *plan,
                     unsigned char *out, size_t size)
{
    assert_int_equal(clslice_host_gather(plan, ELEM, f->input, IN_BYTES, out,
                                         size, NULL), CLSLICE_OK);
}

/* Runs a gather that must fail, and checks nothing reached dst. */
static void expect_failure(const fixture *f, clslice_runtime *runtime,
                           cl_command_queue queue, const clslice_plan *plan,
                           size_t elem_size, cl_mem src, size_t src_offset,
                           cl_mem dst, size_t dst_offset, unsigned flags,
                           clslice_status status, const char *part1,
                           const char *part2)
{
    clslice_error err;
    cl_event event = NULL;
    tu_cl_fill(f->dev.queue, f->dst, SENTINEL, OUT_BYTES);
    assert_int_equal(clslice_enqueue_gather(runtime, queue, plan, elem_size,
                                            src, src_offset, dst, dst_offset,
                                            flags, 0, NULL, &event, &err),
                     status);
    tu_assert_error(&err, status, part1, part2, NULL);
    assert_null(event);
    tu_cl_assert_filled(f->dev.queue, f->dst, OUT_BYTES, SENTINEL);
}

/* ---- argument errors --------------------------------------------------- */

static void test_null_arguments(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_plan *released = NULL;
    const int64_t shape[] = {4, 6};
    assert_int_equal(clslice_plan_expr(shape, 2, "[1:3]", &released, NULL),
                     CLSLICE_OK);
    clslice_plan_release(&released);

    expect_failure(f, NULL, f->dev.queue, f->plan, ELEM, f->src, 0, f->dst, 0,
                   0, CLSLICE_ERROR_ARGUMENT, "runtime is NULL", NULL);
    expect_failure(f, f->dev.runtime, NULL, f->plan, ELEM, f->src, 0, f->dst,
                   0, 0, CLSLICE_ERROR_ARGUMENT, "queue is NULL", NULL);
    expect_failure(f, f->dev.runtime, f->dev.queue, released, ELEM, f->src, 0,
                   f->dst, 0, 0, CLSLICE_ERROR_ARGUMENT,
                   "plan is NULL (released?)", NULL);
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, 0, f->src, 0,
                   f->dst, 0, 0, CLSLICE_ERROR_ARGUMENT, "elem_size is 0",
                   NULL);
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, ELEM, NULL, 0,
                   f->dst, 0, 0, CLSLICE_ERROR_ARGUMENT, "src is NULL", NULL);
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, ELEM, f->src, 0,
                   NULL, 0, 0, CLSLICE_ERROR_ARGUMENT, "dst is NULL", NULL);
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, ELEM, f->src, 0,
                   f->dst, 0, 1u << 7, CLSLICE_ERROR_ARGUMENT, "flags = 0x80",
                   "unknown bits");
}

static void test_unknown_plan(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_plan *plan = NULL;
    const int64_t shape[] = {CLSLICE_UNKNOWN, 6};
    assert_int_equal(clslice_plan_expr(shape, 2, "[1:3, ::-1]", &plan, NULL),
                     CLSLICE_OK);
    expect_failure(f, f->dev.runtime, f->dev.queue, plan, ELEM, f->src, 0,
                   f->dst, 0, 0, CLSLICE_ERROR_UNKNOWN, "unknown", NULL);
    clslice_plan_release(&plan);
}

static void test_foreign_queue(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    tu_cl other;
    assert_true(tu_cl_open(&other));
    cl_command_queue queue = tu_cl_queue(&other, 0);
    expect_failure(f, f->dev.runtime, queue, f->plan, ELEM, f->src, 0, f->dst,
                   0, 0, CLSLICE_ERROR_ARGUMENT, "another cl_context", NULL);
    clReleaseCommandQueue(queue);
    tu_cl_close(&other);
}

/* ---- buffer errors -------------------------------------------------------- */

static void test_buffers_too_small(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_mem small_src = tu_cl_buffer(&f->dev.cl, IN_BYTES - 1);
    cl_mem small_dst = tu_cl_buffer(&f->dev.cl, OUT_BYTES - 1);
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, ELEM, small_src,
                   0, f->dst, 0, 0, CLSLICE_ERROR_BUFFER,
                   "src is too small: 96 bytes needed", "95 available");
    /* the output of `rows` is the same size: the copy path checks too */
    expect_failure(f, f->dev.runtime, f->dev.queue, f->rows, ELEM, f->src, 0,
                   small_dst, 0, 0, CLSLICE_ERROR_BUFFER,
                   "dst is too small: 48 bytes needed", "47 available");
    /* fitting exactly is fine; one byte of offset is not */
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, ELEM, f->src, 1,
                   f->dst, 0, 0, CLSLICE_ERROR_BUFFER, "from src_offset = 1",
                   "95 available");
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, ELEM, f->src, 0,
                   f->dst, 3, 0, CLSLICE_ERROR_BUFFER, "from dst_offset = 3",
                   "45 available");
    /* a wider element reads past the input */
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, 8, f->src, 0,
                   f->dst, 0, 0, CLSLICE_ERROR_BUFFER,
                   "src is too small: 192 bytes", NULL);
    clReleaseMemObject(small_src);
    clReleaseMemObject(small_dst);
}

static void test_offsets_past_the_end(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, ELEM, f->src,
                   IN_BYTES + 1, f->dst, 0, 0, CLSLICE_ERROR_BUFFER,
                   "src_offset = 97 lies past the end of src (96 bytes)",
                   NULL);
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, ELEM, f->src, 0,
                   f->dst, OUT_BYTES + 1, 0, CLSLICE_ERROR_BUFFER,
                   "dst_offset = 49 lies past the end of dst (48 bytes)",
                   NULL);
    /* even when nothing would be read or written */
    expect_failure(f, f->dev.runtime, f->dev.queue, f->empty, ELEM, f->src, 0,
                   f->dst, SIZE_MAX, 0, CLSLICE_ERROR_BUFFER, "dst_offset",
                   NULL);
}

static void test_overlap(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_mem both = tu_cl_buffer(&f->dev.cl, 256);
    tu_cl_fill(f->dev.queue, both, SENTINEL, 256);
    clslice_error err;
    assert_int_equal(clslice_enqueue_gather(f->dev.runtime, f->dev.queue,
                                            f->plan, ELEM, both, 0, both, 95,
                                            0, 0, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "share a buffer",
                    "input bytes [0, 96), output bytes [95, 143)", NULL);
    tu_cl_assert_filled(f->dev.queue, both, 256, SENTINEL);
    /* disjoint parts of one buffer are fine */
    assert_int_equal(clslice_enqueue_gather(f->dev.runtime, f->dev.queue,
                                            f->plan, ELEM, both, 0, both, 96,
                                            0, 0, NULL, NULL, &err),
                     CLSLICE_OK);
    TU_CL_CHECK(clFinish(f->dev.queue));
    clReleaseMemObject(both);
}

/* A sub-buffer is resolved to its parent before the overlap check. */
static void test_sub_buffer_overlap(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_uint align_bits = 0;
    TU_CL_CHECK(clGetDeviceInfo(f->dev.cl.device,
                                CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                                sizeof align_bits, &align_bits, NULL));
    size_t align = align_bits / 8 > 16 ? align_bits / 8 : 16;
    cl_mem parent = tu_cl_buffer(&f->dev.cl, 2 * align + 256);
    cl_buffer_region region = {align, 256};
    cl_int rc;
    cl_mem sub = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION,
                                   &region, &rc);
    TU_CL_CHECK(rc);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, parent, CL_TRUE, align - 16,
                                     IN_BYTES, f->input, 0, NULL, NULL));
    clslice_error err;
    /* the input [align - 16, align + 80) runs into the sub-buffer */
    assert_int_equal(clslice_enqueue_gather(f->dev.runtime, f->dev.queue,
                                            f->plan, ELEM, parent, align - 16,
                                            sub, 0, 0, 0, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "share a buffer", NULL);
    /* past the input's end it is fine, and right */
    assert_int_equal(clslice_enqueue_gather(f->dev.runtime, f->dev.queue,
                                            f->plan, ELEM, parent, align - 16,
                                            sub, 96, 0, 0, NULL, NULL, &err),
                     CLSLICE_OK);
    unsigned char got[OUT_BYTES], want[OUT_BYTES];
    TU_CL_CHECK(clEnqueueReadBuffer(f->dev.queue, sub, CL_TRUE, 96, OUT_BYTES,
                                    got, 0, NULL, NULL));
    expected(f, f->plan, want, OUT_BYTES);
    assert_memory_equal(got, want, OUT_BYTES);
    clReleaseMemObject(sub);
    clReleaseMemObject(parent);
}

/* Objects OpenCL would accept as kernel arguments on some platforms but
 * that must never reach the kernel. */
static void test_foreign_and_image_buffers(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    tu_cl other;
    assert_true(tu_cl_open(&other));
    cl_mem foreign = tu_cl_buffer(&other, 1024);
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, ELEM, foreign, 0,
                   f->dst, 0, 0, CLSLICE_ERROR_ARGUMENT,
                   "src belongs to another cl_context", NULL);
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, ELEM, f->src, 0,
                   foreign, 0, 0, CLSLICE_ERROR_ARGUMENT,
                   "dst belongs to another cl_context", NULL);
    clReleaseMemObject(foreign);
    tu_cl_close(&other);

    if (!tu_device_images(&f->dev))
        return;
    cl_image_format format = {CL_R, CL_UNSIGNED_INT8};
    cl_image_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.image_type = CL_MEM_OBJECT_IMAGE1D;
    desc.image_width = 1024;
    cl_int rc;
    cl_mem image = clCreateImage(f->dev.cl.context, CL_MEM_READ_WRITE, &format,
                                 &desc, NULL, &rc);
    TU_CL_CHECK(rc);
    expect_failure(f, f->dev.runtime, f->dev.queue, f->plan, ELEM, image, 0,
                   f->dst, 0, 0, CLSLICE_ERROR_ARGUMENT, "src is not a buffer",
                   NULL);
    clReleaseMemObject(image);
}

/* A malformed wait list is refused before OpenCL sees it, on every path
 * (some implementations crash on it). */
static void test_wait_list_checked(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_int rc;
    cl_event gate = clCreateUserEvent(f->dev.cl.context, &rc);
    TU_CL_CHECK(rc);
    const clslice_plan *plans[] = {f->plan, f->rows, f->empty};
    for (size_t i = 0; i < 3; i++) {
        clslice_error err;
        cl_event event = NULL;
        tu_cl_fill(f->dev.queue, f->dst, SENTINEL, OUT_BYTES);
        assert_int_equal(clslice_enqueue_gather(f->dev.runtime, f->dev.queue,
                                                plans[i], ELEM, f->src, 0,
                                                f->dst, 0, 0, 1, NULL, &event,
                                                &err),
                         CLSLICE_ERROR_ARGUMENT);
        tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                        "event_wait_list is NULL but "
                        "num_events_in_wait_list = 1", NULL);
        assert_int_equal(clslice_enqueue_gather(f->dev.runtime, f->dev.queue,
                                                plans[i], ELEM, f->src, 0,
                                                f->dst, 0, 0, 0, &gate,
                                                &event, &err),
                         CLSLICE_ERROR_ARGUMENT);
        tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                        "num_events_in_wait_list = 0", NULL);
        assert_null(event);
        tu_cl_assert_filled(f->dev.queue, f->dst, OUT_BYTES, SENTINEL);
    }
    clReleaseEvent(gate);
}

/* ---- failing OpenCL calls ------------------------------------------------- */

/* The launch path names the OpenCL call that failed: here clCreateKernel,
 * on a program without the gather kernels.  It also refuses a device
 * whose kernel arguments are too small for the tables. */
static void test_opencl_failure_is_named(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_plan *plan = NULL;
    const int64_t shape[] = {3, 3, 3, 3, 3};
    assert_int_equal(clslice_plan_expr(shape, 5, "[::2, ::2, ::2, ::2, ::2]",
                                       &plan, NULL), CLSLICE_OK);
    clslice_layout layout;
    assert_int_equal(clslice_plan_layout(plan, &layout, NULL), CLSLICE_OK);
    clslice_layout_simplify(&layout);
    cs_move move;
    cs_move_build(&layout, 1, 0, 0, &move);
    assert_int_equal(move.rank, 5);

    clslice_error err;
    cs_program_info other = {
        .kind = CS_PROGRAM_GRID_GATHER,
        .device = {.device = f->dev.cl.device, .max_param_size = 1024,
                   .max_item = {64, 64, 64}, .pointer_size = 8}};
    assert_int_equal(cs_build_program(f->dev.cl.context, f->dev.cl.device,
                                      "kernel void other(global int *p) "
                                      "{ p[0] = 1; }",
                                      "", &other.program, &err),
                     CLSLICE_OK);
    tu_cl_fill(f->dev.queue, f->dst, SENTINEL, OUT_BYTES);
    assert_int_equal(cs_launch_move(f->dev.queue, &other, &move, 32, 65535,
                                    f->src, f->dst, 0, NULL, NULL, &err),
                     CLSLICE_ERROR_OPENCL);
    tu_assert_error(&err, CLSLICE_ERROR_OPENCL,
                    "clCreateKernel failed: CL_INVALID_KERNEL_NAME (-46)",
                    NULL);
    assert_int_equal(err.opencl_code, CL_INVALID_KERNEL_NAME);
    clReleaseProgram(other.program);

    cs_program_info real;
    assert_int_equal(cs_runtime_program(f->dev.runtime, f->dev.cl.device,
                                        CS_PROGRAM_GRID_GATHER, 64, &real, &err),
                     CLSLICE_OK);
    /* The generic kernel's table travels in a constant buffer: two
     * buffers, two bases, the small table (14 words) and the generic
     * table's buffer, 152 bytes, within the least OpenCL allows (256,
     * embedded profile); a device that allowed less is refused by the
     * library before any OpenCL call. */
    real.device.max_param_size = 128;
    assert_int_equal(cs_launch_move(f->dev.queue, &real, &move, 64, 65535,
                                    f->src, f->dst, 0, NULL, NULL, &err),
                     CLSLICE_ERROR_OPENCL);
    tu_assert_error(&err, CLSLICE_ERROR_OPENCL, "needs 152 bytes",
                    "CL_DEVICE_MAX_PARAMETER_SIZE is 128", NULL);
    /* the library found this itself: no OpenCL call returned a code */
    assert_int_equal(err.opencl_code, 0);
    tu_cl_assert_filled(f->dev.queue, f->dst, OUT_BYTES, SENTINEL);
    clslice_plan_release(&plan);
}

static void test_build_failure_reports_log(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_error err;
    cl_program program = NULL;
    const char *broken = "kernel void broken(global int *p) { p[0] = ; }";
    assert_int_equal(cs_build_program(f->dev.cl.context, f->dev.cl.device,
                                      broken, "", &program, &err),
                     CLSLICE_ERROR_BUILD);
    assert_null(program);
    tu_assert_error(&err, CLSLICE_ERROR_BUILD, "clBuildProgram failed: ",
                    "CL_BUILD_PROGRAM_FAILURE (-11); build log: ", "error",
                    NULL);
    assert_int_equal(err.opencl_code, CL_BUILD_PROGRAM_FAILURE);
    print_message("build failure message: %s\n", err.message);
}

static void test_runtime_arguments(void **state)
{
    (void)state;
    clslice_error err;
    clslice_runtime *runtime = NULL;
    assert_int_equal(clslice_runtime_create(NULL, &runtime, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "context is NULL", NULL);
    assert_null(runtime);
    assert_int_equal(clslice_runtime_create(NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    clslice_runtime_release(NULL);
    clslice_runtime_release(&runtime);
}

/* ---- events and the three paths ------------------------------------------ */

/* An empty output enqueues a marker behind the wait list: its event
 * completes only once the wait list has, and dst is untouched. */
static void test_empty_output_event(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    tu_cl_fill(f->dev.queue, f->dst, SENTINEL, OUT_BYTES);
    cl_int rc;
    cl_event gate = clCreateUserEvent(f->dev.cl.context, &rc);
    TU_CL_CHECK(rc);
    cl_event done = NULL;
    clslice_error err;
    assert_int_equal(clslice_enqueue_gather(f->dev.runtime, f->dev.queue,
                                            f->empty, ELEM, f->src, 0, f->dst,
                                            0, 0, 1, &gate, &done, &err),
                     CLSLICE_OK);
    assert_non_null(done);
    cl_int status;
    TU_CL_CHECK(clFlush(f->dev.queue));
    TU_CL_CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS,
                               sizeof status, &status, NULL));
    assert_true(status != CL_COMPLETE);
    TU_CL_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    TU_CL_CHECK(clWaitForEvents(1, &done));
    TU_CL_CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS,
                               sizeof status, &status, NULL));
    assert_int_equal(status, CL_COMPLETE);
    clReleaseEvent(done);
    clReleaseEvent(gate);
    tu_cl_assert_filled(f->dev.queue, f->dst, OUT_BYTES, SENTINEL);

    /* without an event nothing at all is enqueued */
    assert_int_equal(clslice_enqueue_gather(f->dev.runtime, f->dev.queue,
                                            f->empty, ELEM, f->src, 0, f->dst,
                                            0, 0, 0, NULL, NULL, &err),
                     CLSLICE_OK);
    tu_cl_assert_filled(f->dev.queue, f->dst, OUT_BYTES, SENTINEL);
}

/* The copy and kernel paths both honour the wait list and return an
 * event that completes with the result in place. */
static void test_paths_with_events(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const clslice_plan *plans[] = {f->plan, f->rows};
    for (size_t i = 0; i < 2; i++) {
        tu_cl_fill(f->dev.queue, f->dst, SENTINEL, OUT_BYTES);
        cl_int rc;
        cl_event gate = clCreateUserEvent(f->dev.cl.context, &rc), done = NULL;
        TU_CL_CHECK(rc);
        clslice_error err;
        assert_int_equal(clslice_enqueue_gather(f->dev.runtime, f->dev.queue,
                                                plans[i], ELEM, f->src, 0,
                                                f->dst, 0, 0, 1, &gate, &done,
                                                &err),
                         CLSLICE_OK);
        TU_CL_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
        TU_CL_CHECK(clWaitForEvents(1, &done));
        unsigned char got[OUT_BYTES], want[OUT_BYTES];
        TU_CL_CHECK(clEnqueueReadBuffer(f->dev.queue, f->dst, CL_TRUE, 0,
                                        OUT_BYTES, got, 0, NULL, NULL));
        expected(f, plans[i], want, OUT_BYTES);
        assert_memory_equal(got, want, OUT_BYTES);
        clReleaseEvent(done);
        clReleaseEvent(gate);
    }
}

/* Programs are cached per (device, index width) and built once. */
static void test_program_cache(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_runtime *runtime = NULL;
    assert_int_equal(clslice_runtime_create(f->dev.cl.context, &runtime, NULL),
                     CLSLICE_OK);
    assert_int_equal(cs_runtime_program_count(runtime), 0);
    for (int round = 0; round < 3; round++) {
        for (unsigned flags = 0; flags <= CLSLICE_GATHER_FORCE_INDEX64;
             flags += CLSLICE_GATHER_FORCE_INDEX64)
            assert_int_equal(clslice_enqueue_gather(runtime, f->dev.queue,
                                                    f->plan, ELEM, f->src, 0,
                                                    f->dst, 0, flags, 0,
                                                    NULL, NULL, NULL),
                             CLSLICE_OK);
        assert_int_equal(cs_runtime_program_count(runtime), 2);
    }
    /* released with work in flight: OpenCL keeps what the work needs */
    clslice_runtime_release(&runtime);
    TU_CL_CHECK(clFinish(f->dev.queue));
    unsigned char got[OUT_BYTES], want[OUT_BYTES];
    TU_CL_CHECK(clEnqueueReadBuffer(f->dev.queue, f->dst, CL_TRUE, 0,
                                    OUT_BYTES, got, 0, NULL, NULL));
    expected(f, f->plan, want, OUT_BYTES);
    assert_memory_equal(got, want, OUT_BYTES);
}

static cl_uint context_references(cl_context context)
{
    cl_uint count = 0;
    TU_CL_CHECK(clGetContextInfo(context, CL_CONTEXT_REFERENCE_COUNT,
                                 sizeof count, &count, NULL));
    return count;
}

/* Programs retain their context and kernels their program, so a program
 * or kernel the runtime forgot to release keeps the context's reference
 * count up.  (LeakSanitizer cannot see these: OpenCL allocates them.) */
static void test_no_opencl_objects_leak(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    TU_CL_CHECK(clFinish(f->dev.queue));
    cl_uint before = tu_cl_context_refs_stable(f->dev.cl.context);
    clslice_runtime *runtime = NULL;
    assert_int_equal(clslice_runtime_create(f->dev.cl.context, &runtime, NULL),
                     CLSLICE_OK);
    const clslice_plan *plans[] = {f->plan, f->plan, f->rows, f->empty};
    const unsigned flags[] = {0, CLSLICE_GATHER_FORCE_INDEX64, 0, 0};
    for (int round = 0; round < 2; round++)
        for (size_t i = 0; i < 4; i++) {
            cl_event event = NULL;
            assert_int_equal(clslice_enqueue_gather(runtime, f->dev.queue,
                                                    plans[i], ELEM, f->src, 0,
                                                    f->dst, 0, flags[i], 0,
                                                    NULL, &event, NULL),
                             CLSLICE_OK);
            TU_CL_CHECK(clWaitForEvents(1, &event));
            clReleaseEvent(event);
        }
    assert_true(context_references(f->dev.cl.context) > before);
    clslice_runtime_release(&runtime);
    TU_CL_CHECK(clFinish(f->dev.queue));
    assert_int_equal(tu_cl_context_refs_settled(f->dev.cl.context, before),
                     before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_null_arguments),
        cmocka_unit_test(test_unknown_plan),
        cmocka_unit_test(test_foreign_queue),
        cmocka_unit_test(test_buffers_too_small),
        cmocka_unit_test(test_offsets_past_the_end),
        cmocka_unit_test(test_overlap),
        cmocka_unit_test(test_sub_buffer_overlap),
        cmocka_unit_test(test_foreign_and_image_buffers),
        cmocka_unit_test(test_wait_list_checked),
        cmocka_unit_test(test_opencl_failure_is_named),
        cmocka_unit_test(test_build_failure_reports_log),
        cmocka_unit_test(test_runtime_arguments),
        cmocka_unit_test(test_empty_output_event),
        cmocka_unit_test(test_paths_with_events),
        cmocka_unit_test(test_program_cache),
        cmocka_unit_test(test_no_opencl_objects_leak),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
