/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A program binary that is not one: 4,096 seeded random bytes given to
 * clCreateProgramWithBinary, then built.
 *
 * OpenCL 1.2 (5.6.1) answers an invalid binary with CL_INVALID_BINARY,
 * from clCreateProgramWithBinary (and binary_status) or from
 * clBuildProgram; a program-binary cache, such as clslice_runtime's, relies
 * on that to fall back to a source build when a file was damaged.  Mesa's
 * rusticl 22.3 panics instead ("unknown version", core/program.rs) and
 * aborts the process.  test_device_prepare's damaged-cache case (a
 * well-formed cache file around random bytes) stops there.
 */
#include <stdint.h>

#include "devutil.h"
#include "testutil.h"

enum { BYTES = 4096 };

static void test_random_bytes_are_refused(void **state)
{
    (void)state;
    tu_cl cl;
    if (!tu_cl_open(&cl))
        skip();
    unsigned char binary[BYTES];
    tu_rng rng = {0x6a7ba6e5};
    for (size_t i = 0; i < BYTES; i++)
        binary[i] = (unsigned char)tu_next(&rng);
    const unsigned char *binaries[1] = {binary};
    size_t lengths[1] = {BYTES};
    cl_int binary_status = CL_SUCCESS, rc = CL_SUCCESS;
    cl_program program =
        clCreateProgramWithBinary(cl.context, 1, &cl.device, lengths,
                                  binaries, &binary_status, &rc);
    if (rc == CL_SUCCESS) {
        /* accepted for now: the build must refuse it */
        rc = clBuildProgram(program, 1, &cl.device, "", NULL, NULL);
        clReleaseProgram(program);
    }
    print_message("refused with %d\n", (int)rc);
    assert_int_not_equal(rc, CL_SUCCESS);
    tu_cl_close(&cl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_bytes_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
