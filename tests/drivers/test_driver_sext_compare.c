/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A 32-bit int widened to long and compared with a long constant:
 *
 *     int x = in[i];  long v = x;  v < 0, v < 5, v >= 0
 *
 * Widening an int to long keeps its value (OpenCL C converts as C99 does,
 * 6.3.1.3), so for x = -1 the answers are 1, 1, 0.  Mesa's rusticl 22.3
 * on llvmpipe answers 0, 0, 1 for x = -1, -7 and INT_MIN, and 0 for
 * 0 < 5: every compare comes out as if v were at least 5, although
 * storing v itself gives the right value.  Comparing the int itself
 * (x < 0) is right there, and so is comparing two widened values.
 *
 * cl/normalise.cl kept the entry that claimed an ONNX axis in a long read
 * from an int array and tested it with `< 0`; on rusticl every dim that no
 * entry claimed took the claimed-dim path with entry -1 (two wrong ONNX
 * records in test_device_dynamic_normalise).  The claims are longs in the
 * record now, and nothing is widened before that test.
 */
#include <limits.h>
#include <stdint.h>

#include "one_kernel.h"
#include "testutil.h"

static const char *const SOURCE =
    "kernel void k(global const int *in, global long *out)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    int x = in[i];\n"
    "    long v = x;\n"
    "    out[4 * i] = v;\n"
    "    out[4 * i + 1] = v < 0;\n"
    "    out[4 * i + 2] = v < 5;\n"
    "    out[4 * i + 3] = v >= 0;\n"
    "}\n";

enum { N = 6 };

static void test_widened_int_against_constants(void **state)
{
    (void)state;
    const int32_t in[N] = {-1, -7, 0, 5, INT_MIN, INT_MAX};
    int64_t out[4 * N];
    if (!ok_run(SOURCE, in, sizeof in, out, sizeof out, NULL, 0, N))
        skip();
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        int64_t v = in[i];
        const int64_t want[4] = {v, v < 0, v < 5, v >= 0};
        for (int c = 0; c < 4; c++)
            if (out[4 * i + c] != want[c]) {
                print_error("x = %d: word %d is %lld, expected %lld\n",
                            (int)in[i], c, (long long)out[4 * i + c],
                            (long long)want[c]);
                wrong++;
            }
    }
    assert_int_equal(wrong, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_widened_int_against_constants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
