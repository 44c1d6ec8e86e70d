/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_plan_view: whether a plan's output is one contiguous run of its
 * input.
 *
 * Oracle: rp_enumerate lists the input element that every output element
 * reads, from clslice_plan_dim alone.  The output is a run exactly when
 * those indices are consecutive, and the run starts at the first one.
 * Random plans through every front-end and ranks 0-8, every element size in
 * a list, plus hand-picked views and non-views and the error paths.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#include "randplan.h"

#define MAX_IN_ELEMS 4096

static uint64_t g_seed;
static char g_ctx[4200];
static int64_t g_idx[MAX_IN_ELEMS];
static long long g_runs, g_not_runs;

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

/* The oracle's answer for `plan`: 1 and the first element read when the
 * reads are consecutive, else 0. */
static int oracle(const clslice_plan *plan, int64_t *first, int64_t *count)
{
    int64_t n = rp_enumerate(plan, g_idx, MAX_IN_ELEMS);
    EXPECT(n >= 0);
    *count = n;
    *first = n > 0 ? g_idx[0] : 0;
    for (int64_t i = 1; i < n; i++)
        if (g_idx[i] != g_idx[0] + i)
            return 0;
    return 1;
}

static void check_plan(const clslice_plan *plan, size_t es)
{
    int64_t first, count;
    int run = oracle(plan, &first, &count);
    clslice_view view;
    clslice_error err;
    memset(&view, 0x5C, sizeof view);
    EXPECT(clslice_plan_view(plan, es, &view, &err) == CLSLICE_OK);
    EXPECT(err.status == CLSLICE_OK);
    EXPECT(view.contiguous == run);
    if (run && count > 0) {
        EXPECT(view.offset == (size_t)first * es);
        EXPECT(view.bytes == (size_t)count * es);
        g_runs++;
    } else {
        EXPECT(view.offset == 0 && view.bytes == 0);
        g_not_runs += !run;
    }
}

static void test_random_plans(void **state)
{
    (void)state;
    static const size_t sizes[] = {1, 2, 3, 4, 8, 12, 16};
    tu_rng rng = {g_seed};
    for (int i = 0; i < 6000; i++) {
        static rp_case c;
        /* low ranks and small dims make runs common enough to matter */
        int rank = (int)tu_range(&rng, 0, i % 3 == 0 ? 8 : 3);
        rp_random_case(&rng, rank, MAX_IN_ELEMS, &c);
        clslice_plan *plan = NULL;
        clslice_status st = rp_build(&c, &plan, NULL);
        snprintf(g_ctx, sizeof g_ctx, "plan #%d: %s", i, c.desc);
        EXPECT(st == CLSLICE_OK);
        check_plan(plan, sizes[i % (sizeof sizes / sizeof sizes[0])]);
        clslice_plan_release(&plan);
    }
    /* both answers must have been exercised for the test to mean much */
    print_message("%lld runs, %lld non-runs\n", g_runs, g_not_runs);
    EXPECT(g_runs > 500 && g_not_runs > 500);
}

/* Views of hand-picked expressions on [4, 5, 6] float32: (contiguous,
 * byte offset, bytes). */
static void test_examples(void **state)
{
    (void)state;
    static const struct {
        const char *expr;
        int contiguous;
        size_t offset, bytes;
    } cases[] = {
        {"[1:3]", 1, 120, 240},       /* leading rows */
        {"[2]", 1, 240, 120},         /* one row, shrunk */
        {"[1, 2:4]", 1, 168, 48},     /* rows of one matrix */
        {"[3, 4, 1:5]", 1, 460, 16},  /* part of one row */
        {"[0, 0, 0]", 1, 0, 4},       /* one element */
        {"[None, 1:2, ..., None]", 1, 120, 120},
        {"[:, 1]", 0, 0, 0},          /* one row of every matrix */
        {"[::-1]", 0, 0, 0},          /* reversed */
        {"[1:3, :, ::2]", 0, 0, 0},
        {"[2:2]", 1, 0, 0},           /* empty */
    };
    const int64_t shape[] = {4, 5, 6};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        clslice_plan *plan = NULL;
        snprintf(g_ctx, sizeof g_ctx, "%s", cases[i].expr);
        EXPECT(clslice_plan_expr(shape, 3, cases[i].expr, &plan, NULL) ==
               CLSLICE_OK);
        clslice_view view;
        EXPECT(clslice_plan_view(plan, 4, &view, NULL) == CLSLICE_OK);
        EXPECT(view.contiguous == cases[i].contiguous);
        EXPECT(view.offset == cases[i].offset);
        EXPECT(view.bytes == cases[i].bytes);
        check_plan(plan, 4);
        clslice_plan_release(&plan);
    }
}

static void test_errors(void **state)
{
    (void)state;
    const int64_t shape[] = {4, 5};
    const int64_t unknown[] = {4, -1};
    clslice_plan *plan = NULL;
    clslice_view view;
    clslice_error err;
    assert_int_equal(clslice_plan_expr(shape, 2, "[1:3]", &plan, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_plan_view(plan, 4, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "view", NULL);
    assert_int_equal(clslice_plan_view(plan, 0, &view, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "elem_size", NULL);
    assert_int_equal(clslice_plan_view(NULL, 4, &view, &err),
                     CLSLICE_ERROR_ARGUMENT);
    clslice_plan_release(&plan);
    assert_int_equal(clslice_plan_expr(unknown, 2, "[1:3]", &plan, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_plan_view(plan, 4, &view, &err),
                     CLSLICE_ERROR_UNKNOWN);
    clslice_plan_release(&plan);
    /* a run whose bytes exceed a size_t: 2^62 elements of 8 bytes */
    const int64_t huge[] = {INT64_C(1) << 62};
    assert_int_equal(clslice_plan_expr(huge, 1, "[1:]", &plan, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_plan_view(plan, 8, &view, &err),
                     CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE, "elem_size 8", NULL);
    assert_int_equal(view.contiguous, 0);
    clslice_plan_release(&plan);
}

int main(void)
{
    g_seed = tu_seed(0x5EED0F11E5ull);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_plans),
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
