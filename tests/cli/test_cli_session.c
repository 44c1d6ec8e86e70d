/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The command-line tool's device session helpers (src/cli/
 * device_session.c): library failures reported with the OpenCL status
 * name of clslice_error.opencl_code, and no allocation for buffers of no
 * bytes (the library takes NULL there).
 */
#include <string.h>

#include "devutil.h"
#include "device_session.h"
#include "testutil.h"

static size_t count_of(const char *text, const char *part)
{
    size_t n = 0;
    for (const char *p = strstr(text, part); p; p = strstr(p + 1, part))
        n++;
    return n;
}

/* A message without the name gets it; one with it keeps it once. */
static void test_fail_names_the_code(void **state)
{
    (void)state;
    cli_err err;
    clslice_error lib = {CLSLICE_ERROR_OPENCL,
                         "the gather kernel needs 2000 bytes of arguments",
                         -5};
    assert_int_equal(cli_session_fail(lib.status, &lib, &err),
                     CLI_EXIT_OPENCL);
    assert_non_null(strstr(err.message, "2000 bytes"));
    assert_non_null(strstr(err.message, "CL_OUT_OF_RESOURCES, -5"));

    lib = (clslice_error){CLSLICE_ERROR_OPENCL,
                          "clEnqueueNDRangeKernel failed: "
                          "CL_OUT_OF_RESOURCES (-5)", -5};
    cli_session_fail(lib.status, &lib, &err);
    assert_int_equal(count_of(err.message, "CL_OUT_OF_RESOURCES"), 1);

    lib = (clslice_error){CLSLICE_ERROR_BUILD, "", -11};
    cli_session_fail(lib.status, &lib, &err);
    assert_non_null(strstr(err.message, "CL_BUILD_PROGRAM_FAILURE, -11"));

    /* no code: the text alone */
    lib = (clslice_error){CLSLICE_ERROR_OPENCL, "odd", 0};
    cli_session_fail(lib.status, &lib, &err);
    assert_string_equal(err.message, "odd");

    lib = (clslice_error){CLSLICE_ERROR_MEMORY, "out of memory", 0};
    assert_int_equal(cli_session_fail(lib.status, &lib, &err),
                     CLI_EXIT_FAILURE);
}

static void test_empty_buffer_is_null(void **state)
{
    (void)state;
    tu_cl cl;
    if (!tu_cl_open(&cl))
        skip();
    cl_platform_id platform;
    TU_CL_CHECK(clGetDeviceInfo(cl.device, CL_DEVICE_PLATFORM,
                                sizeof platform, &platform, NULL));
    cli_device device = {.platform = platform, .id = cl.device};
    cli_session s;
    cli_err err;
    assert_int_equal(cli_session_open(&device, &s, &err), CLI_EXIT_OK);
    cl_mem buffer = (cl_mem)&s; /* anything but NULL */
    assert_int_equal(cli_session_buffer(&s, CL_MEM_READ_ONLY, 0, "x",
                                        "input", &buffer, &err),
                     CLI_EXIT_OK);
    assert_null(buffer);
    const unsigned char bytes[3] = {1, 2, 3};
    unsigned char back[3] = {0};
    assert_int_equal(cli_session_buffer(&s, CL_MEM_READ_ONLY, 3, bytes,
                                        "input", &buffer, &err),
                     CLI_EXIT_OK);
    assert_non_null(buffer);
    assert_int_equal(cli_session_read(&s, buffer, 3, back, &err),
                     CLI_EXIT_OK);
    assert_memory_equal(back, bytes, 3);
    clReleaseMemObject(buffer);
    cli_session_close(&s);
    tu_cl_close(&cl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fail_names_the_code),
        cmocka_unit_test(test_empty_buffer_is_null),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
