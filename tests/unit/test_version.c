/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The run-time version query agrees with the header the test was built
 * with, and its string form with its number.
 */
#include <stdio.h>

#include "testutil.h"

static void test_version(void **state)
{
    (void)state;
    assert_int_equal(clslice_version_number(), CLSLICE_VERSION_NUMBER);
    unsigned major, minor, patch;
    char tail;
    const char *text = clslice_version_string();
    assert_non_null(text);
    /* exactly three numbers and nothing after them */
    assert_int_equal(sscanf(text, "%u.%u.%u%c", &major, &minor, &patch, &tail),
                     3);
    assert_int_equal(major, CLSLICE_VERSION_MAJOR);
    assert_int_equal(minor, CLSLICE_VERSION_MINOR);
    assert_int_equal(patch, CLSLICE_VERSION_PATCH);
    assert_int_equal(major * 10000 + minor * 100 + patch,
                     clslice_version_number());
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_version)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
