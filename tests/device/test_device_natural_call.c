/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The general calls as a user writes them, compiled with the project's
 * warnings, -Wmissing-field-initializers, -Wcast-qual and -Werror
 * (tests/CMakeLists.txt), so that the natural call is a compile-time
 * test: a batch made from a plain `clslice_plan *p[3]` array, the _INIT
 * macros, and no cast anywhere.  (An array of plan pointers passed where
 * `const clslice_plan *const *` was taken needed a cast, and GCC 14
 * refuses it without one.)  At run time the batch and a gather run on the
 * default device and match the host's gathers; without a device they
 * skip.
 */
#include <string.h>

#include "clslice_cl.h"
#include "devutil.h"
#include "testutil.h"

enum { ROWS = 6, COLS = 5, IN_BYTES = ROWS * COLS * 4 };

static void test_batch_of_plain_array(void **state)
{
    (void)state;
    tu_dev dev;
    if (!tu_dev_open(&dev))
        skip();
    const int64_t shape[] = {ROWS, COLS};
    static const char *const exprs[] = {"[0:2]", "[2:4, ::-1]", "[4:, 1]"};
    clslice_plan *p[3];
    for (int i = 0; i < 3; i++)
        p[i] = tu_expr_plan(shape, 2, exprs[i]);
    float in[ROWS * COLS];
    unsigned char want[IN_BYTES], got[IN_BYTES];
    for (int i = 0; i < ROWS * COLS; i++)
        in[i] = (float)i;
    cl_mem src = tu_cl_buffer(&dev.cl, IN_BYTES);
    cl_mem out = tu_cl_buffer(&dev.cl, IN_BYTES);
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, src, CL_TRUE, 0, IN_BYTES,
                                     in, 0, NULL, NULL));

    clslice_cl_part parts[3];
    size_t at = 0;
    for (int i = 0; i < 3; i++) {
        size_t bytes = (size_t)clslice_plan_output_elements(p[i]) * 4;
        parts[i] = (clslice_cl_part){.plan = p[i], .buffer = out,
                                     .offset = at};
        clslice_error err;
        assert_int_equal(clslice_host_gather(p[i], 4, in, IN_BYTES,
                                             want + at, bytes, &err),
                         CLSLICE_OK);
        at += bytes;
    }
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = dev.queue;
    clslice_cl_batch_desc desc = CLSLICE_CL_BATCH_DESC_INIT;
    desc.elem_size = 4;
    desc.src.buffer = src;
    desc.count = 3;
    desc.parts = parts;
    clslice_error err;
    if (clslice_cl_gather_batch(dev.runtime, &call, &desc, &err) !=
        CLSLICE_OK)
        fail_msg("batch: %s", err.message);
    tu_cl_read(dev.queue, out, at, got);
    assert_memory_equal(got, want, at);

    /* a gather of p[1] through its descriptor, from a transposed view of
     * the same tensor: out = in.T[...] read as [ROWS, COLS] */
    clslice_cl_gather_desc one = CLSLICE_CL_GATHER_DESC_INIT;
    const int64_t transposed[] = {1, ROWS};
    one.plan = p[1];
    one.elem_size = 4;
    one.src.buffer = src;
    one.src.strides = transposed;
    one.dst.buffer = out;
    if (clslice_cl_gather(dev.runtime, &call, &one, &err) != CLSLICE_OK)
        fail_msg("gather: %s", err.message);
    size_t bytes = (size_t)clslice_plan_output_elements(p[1]) * 4;
    /* the host's general call, written the same way */
    clslice_host_gather_desc host = CLSLICE_HOST_GATHER_DESC_INIT;
    host.plan = p[1];
    host.elem_size = 4;
    host.src = (clslice_host_tensor){in, IN_BYTES, 0, transposed};
    host.dst = (clslice_host_tensor){want, bytes, 0, NULL};
    assert_int_equal(clslice_host_gather2(&host, &err), CLSLICE_OK);
    tu_cl_read(dev.queue, out, bytes, got);
    assert_memory_equal(got, want, bytes);

    clReleaseMemObject(out);
    clReleaseMemObject(src);
    for (int i = 0; i < 3; i++)
        clslice_plan_release(&p[i]);
    tu_dev_close(&dev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_batch_of_plain_array),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
