/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The command-line tool's device session helpers (src/cli/
 * device_session.c): library failures reported with the OpenCL status
 * name of clslice_error.opencl_code, no allocation for buffers of no
 * bytes (the library takes NULL there), and uploads of mapped files that
 * read the file, never the mapping.
 */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* A 1-D uint8 .npy of n data bytes (byte i is i * 7 mod 256) in a new
 * temporary file; its path is written to path. */
static void make_file(char path[64], size_t n)
{
    snprintf(path, 64, "/tmp/clslice_upload_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    char header[128];
    int len = snprintf(header, sizeof header, "{'descr': '|u1', "
                       "'fortran_order': False, 'shape': (%zu,), }\n", n);
    unsigned char prefix[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0,
                                (unsigned char)len, 0};
    unsigned char *data = malloc(n);
    assert_non_null(data);
    for (size_t i = 0; i < n; i++)
        data[i] = (unsigned char)(i * 7);
    assert_int_equal(write(fd, prefix, 10), 10);
    assert_int_equal(write(fd, header, (size_t)len), len);
    assert_int_equal(write(fd, data, n), (ssize_t)n);
    close(fd);
    free(data);
}

/* A mapped input goes to the device through the file: the bytes asked
 * for arrive; a file cut short meanwhile is exit 3 with a message and no
 * buffer, even with SIGBUS at its default action, as a driver may leave
 * it (a driver thread reading the mapping would kill the process). */
static void test_upload_reads_the_file(void **state)
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
    const size_t n = (size_t)3 << 20; /* more than one slab on a GPU */
    char path[64];
    make_file(path, n);
    cli_npy in;
    assert_int_equal(cli_npy_load(path, &in, &err), CLI_EXIT_OK);
    assert_true(in.in_file);

    cl_mem buffer = NULL;
    unsigned char *back = malloc(n);
    assert_non_null(back);
    assert_int_equal(cli_session_upload(&s, CL_MEM_READ_ONLY, &in, 1000,
                                        n - 5, "input", &buffer, &err),
                     CLI_EXIT_OK);
    assert_int_equal(cli_session_read(&s, buffer, n, back, &err),
                     CLI_EXIT_OK);
    assert_memory_equal(back + 1000, in.data + 1000, n - 1005);
    clReleaseMemObject(buffer);

    struct sigaction dfl, old;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGBUS, &dfl, &old);
    assert_int_equal(truncate(path, 4096), 0);
    buffer = (cl_mem)&s; /* anything but NULL */
    int status = cli_session_upload(&s, CL_MEM_READ_ONLY, &in, 0, n,
                                    "input", &buffer, &err);
    sigaction(SIGBUS, &old, NULL);
    assert_int_equal(status, CLI_EXIT_FILE);
    assert_null(buffer);
    assert_non_null(strstr(err.message, "the file shrank"));
    assert_non_null(strstr(err.message, path));
    cli_npy_free(&in);
    unlink(path);
    free(back);
    cli_session_close(&s);
    tu_cl_close(&cl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fail_names_the_code),
        cmocka_unit_test(test_empty_buffer_is_null),
        cmocka_unit_test(test_upload_reads_the_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
