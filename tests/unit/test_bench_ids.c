/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The benchmark's dense cases (bench/dense_cases.c) are numbered 1, 2, ...
 * in order, one number per case: `--case N`, the JSON rows' "id" and the
 * GPU kit's results name one case each, and docs/performance.md counts
 * them that way.
 */
#include <stdio.h>

#include "bench.h"
#include "testutil.h"

static void test_ids_unique_and_in_order(void **state)
{
    (void)state;
    assert_true(bench_case_count > 0);
    for (int i = 0; i < bench_case_count; i++) {
        const bench_case *c = &bench_cases[i];
        if (c->id != i + 1)
            fail_msg("case '%s' (row %d) has id %d, want %d", c->name, i,
                     c->id, i + 1);
        for (int j = 0; j < i; j++)
            if (bench_cases[j].id == c->id)
                fail_msg("cases '%s' and '%s' share id %d",
                         bench_cases[j].name, c->name, c->id);
    }
}

static void test_lookup_by_id(void **state)
{
    (void)state;
    for (int i = 0; i < bench_case_count; i++)
        assert_ptr_equal(bench_case_by_id(bench_cases[i].id), &bench_cases[i]);
    assert_null(bench_case_by_id(0));
    assert_null(bench_case_by_id(bench_case_count + 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ids_unique_and_in_order),
        cmocka_unit_test(test_lookup_by_id),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
