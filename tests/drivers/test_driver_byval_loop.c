/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A struct passed by value as a kernel argument and read at a run-time
 * index in a loop:
 *
 *     typedef struct { uint n; uint v[33]; } tab;
 *     kernel void k(..., tab t) { for (k < t.n) s += t.v[k]; }
 *
 * OpenCL C 1.2 (6.9) allows structs as kernel arguments, and the loop
 * reads only members inside the argument, so every work-item must write
 * 1 + 2 + ... + 33 = 561.  Mesa's rusticl 22.3 on llvmpipe prints
 * "Treating load_kernel_arg in control flow as uniform" and the process
 * dies with a segmentation fault during the launch (a read at constant
 * indices runs).  clslice's kernels used to read their launch tables this
 * way; a portable library keeps its tables out of such arguments.
 */
#include <stdint.h>

#include "one_kernel.h"
#include "testutil.h"

static const char *const SOURCE =
    "typedef struct { uint n; uint v[33]; } tab;\n"
    "kernel void k(global const uint *in, global uint *out, tab t)\n"
    "{\n"
    "    uint s = in[0];\n"
    "    for (uint k = 0; k < t.n; k++)\n"
    "        s += t.v[k];\n"
    "    out[get_global_id(0)] = s;\n"
    "}\n";

enum { ITEMS = 8 };

typedef struct tab {
    uint32_t n;
    uint32_t v[33];
} tab;

static void test_struct_argument_read_in_a_loop(void **state)
{
    (void)state;
    tab t = {33, {0}};
    for (uint32_t i = 0; i < 33; i++)
        t.v[i] = i + 1;
    const uint32_t in[1] = {0};
    uint32_t out[ITEMS];
    const ok_arg arg = {sizeof t, &t};
    if (!ok_run(SOURCE, in, sizeof in, out, sizeof out, &arg, 1, ITEMS))
        skip();
    for (int i = 0; i < ITEMS; i++)
        assert_int_equal(out[i], 33 * 34 / 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_struct_argument_read_in_a_loop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
