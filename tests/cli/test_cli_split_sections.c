/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* `clslice split`'s options without --style (src/cli/split_sections.c,
 * which hands them to the library's clslice_plan_split) against a naive
 * model in 128-bit integers, for every option: --sections
 * (numpy.array_split), --indices (numpy.split with Python slice bounds)
 * and --sizes (one entry may be -1).  Seeded random cases mix small
 * values with int64 extremes and values near the axis length, so an
 * overflow or an off-by-one shows up here.  Each accepted case is checked
 * down to the plans the command slices with; each refused one must be a
 * usage error naming the option.  (The library's own rules, every style,
 * are test_plan_split's.)  CLSLICE_TEST_SEED replays a run. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "split_sections.h"
#include "testutil.h"

__extension__ typedef __int128 wide; /* the model never overflows */

enum { CASES = 10000, MAX_VALUES = 8 };

/* The three options of a split without --style. */
typedef enum split_mode { SECTIONS, INDICES, SIZES } split_mode;
static const char *const mode_names[] = {"sections", "indices", "sizes"};

/* What the model expects for one case. */
typedef struct expected {
    bool ok;
    size_t count;
    int64_t start[MAX_VALUES + 2], length[MAX_VALUES + 2];
} expected;

static const int64_t extremes[] = {
    INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1, 4096, 4097,
    (int64_t)1 << 62, -((int64_t)1 << 62), INT32_MAX, -1, 0, 1,
};

static int64_t pick_value(tu_rng *r, int64_t len)
{
    switch (tu_range(r, 0, 5)) {
    case 0: return tu_range(r, -3, 12);
    case 1: return extremes[tu_range(r, 0, sizeof extremes /
                                               sizeof extremes[0] - 1)];
    /* near len and -len, wrapping around (as two's complement) at the
     * ends of int64 rather than overflowing */
    case 2: return (int64_t)((uint64_t)len + (uint64_t)tu_range(r, -2, 2));
    case 3: return (int64_t)((uint64_t)-len + (uint64_t)tu_range(r, -2, 2));
    case 4: return (int64_t)tu_next(r);
    default: return -1;
    }
}

static int64_t pick_len(tu_rng *r)
{
    switch (tu_range(r, 0, 3)) {
    case 0: return tu_range(r, 0, 12);
    case 1: return INT64_MAX - tu_range(r, 0, 2);
    case 2: return (int64_t)(tu_next(r) >> 1);
    default: return tu_range(r, 0, 5000);
    }
}

/* A Python slice bound on an axis of length len, clipped. */
static wide clip(wide b, wide len)
{
    if (b < 0)
        b += len;
    return b < 0 ? 0 : b > len ? len : b;
}

static void model_sections(const int64_t *v, size_t n, int64_t len,
                           expected *e)
{
    e->ok = n == 1 && v[0] >= 1 && v[0] <= CLI_MAX_SECTIONS;
    if (!e->ok)
        return;
    wide each = len / v[0], extra = len % v[0], at = 0;
    e->count = (size_t)v[0];
    for (size_t i = 0; i < e->count && i < MAX_VALUES + 2; i++) {
        wide size = each + ((wide)i < extra ? 1 : 0);
        e->start[i] = size ? (int64_t)at : 0;
        e->length[i] = (int64_t)size;
        at += size;
    }
}

static void model_indices(const int64_t *v, size_t n, int64_t len,
                          expected *e)
{
    wide bound[MAX_VALUES + 2];
    bound[0] = 0;
    for (size_t i = 0; i < n; i++)
        bound[i + 1] = v[i];
    bound[n + 1] = len;
    e->ok = true;
    e->count = n + 1;
    for (size_t i = 0; i <= n; i++) {
        wide a = clip(bound[i], len), b = clip(bound[i + 1], len);
        e->length[i] = b > a ? (int64_t)(b - a) : 0;
        e->start[i] = b > a ? (int64_t)a : 0;
    }
}

static void model_sizes(const int64_t *v, size_t n, int64_t len,
                        expected *e)
{
    wide sum = 0;
    long infer = -1;
    e->ok = false;
    for (size_t i = 0; i < n; i++) {
        if (v[i] == -1 && infer < 0) {
            infer = (long)i;
            continue;
        }
        if (v[i] < 0 || sum + v[i] > len)
            return;
        sum += v[i];
    }
    if (infer < 0 && sum != len)
        return;
    e->ok = true;
    e->count = n;
    wide at = 0;
    for (size_t i = 0; i < n; i++) {
        wide size = (long)i == infer ? len - sum : v[i];
        e->start[i] = size ? (int64_t)at : 0;
        e->length[i] = (int64_t)size;
        at += size;
    }
}

static void describe(char *buf, size_t size, split_mode mode,
                     const int64_t *v, size_t n, int64_t len)
{
    int used = snprintf(buf, size, "len %lld --%s ", (long long)len,
                        mode_names[mode]);
    for (size_t i = 0; i < n && used > 0 && (size_t)used < size; i++)
        used += snprintf(buf + used, size - (size_t)used, "%s%lld",
                         i ? "," : "", (long long)v[i]);
}

/* Section i's plan must read exactly the model's range on the axis and
 * keep the other dim whole. */
static void check_plan(const cli_sections *s, size_t i, int axis,
                       const expected *e, const char *ctx, uint64_t seed)
{
    int64_t start, step, count;
    clslice_error lib;
    TU_EXPECT(clslice_plan_dim(s->plans[i], axis, &start, &step, &count,
                               &lib) == CLSLICE_OK, ctx, seed);
    TU_EXPECT(count == e->length[i] && step == 1, ctx, seed);
    TU_EXPECT(start == e->start[i], ctx, seed);
    TU_EXPECT(clslice_plan_dim(s->plans[i], 1 - axis, &start, &step, &count,
                               &lib) == CLSLICE_OK && count == 3, ctx, seed);
}

/* A refusal is a usage error that names the option.  (Which entry the
 * library's message blames is test_plan_split's to check.) */
static void check_refusal(split_mode mode, int status, const cli_err *err,
                          const char *ctx, uint64_t seed)
{
    char want[32];
    TU_EXPECT(status == CLI_EXIT_USAGE, ctx, seed);
    snprintf(want, sizeof want, "--%s", mode_names[mode]);
    TU_EXPECT(strstr(err->message, want) != NULL, ctx, seed);
}

/* The options of one case: --MODE with the values, --axis; its text
 * lives in `text`. */
static void make_opts(split_mode mode, const int64_t *v, size_t n, int axis,
                      char text[2][320], cli_opts *opts)
{
    size_t used = 0;
    text[0][0] = '\0';
    for (size_t i = 0; i < n; i++)
        used += (size_t)snprintf(text[0] + used, 320 - used, "%s%lld",
                                 i ? "," : "", (long long)v[i]);
    snprintf(text[1], 320, "%d", axis);
    *opts = (cli_opts){.count = 2,
                       .name = {mode_names[mode], "axis"},
                       .value = {text[0], text[1]}};
}

static void one_case(tu_rng *r, uint64_t seed)
{
    split_mode mode = (split_mode)tu_range(r, 0, 2);
    int64_t len = pick_len(r), v[MAX_VALUES];
    size_t n = mode == SECTIONS && tu_range(r, 0, 9)
                   ? 1 : (size_t)tu_range(r, 0, MAX_VALUES);
    for (size_t i = 0; i < n; i++)
        v[i] = mode == SECTIONS && tu_range(r, 0, 1)
                   ? tu_range(r, 1, 9) : pick_value(r, len);
    expected e = {.ok = false, .count = 0};
    if (mode == SECTIONS)
        model_sections(v, n, len, &e);
    else if (mode == INDICES)
        model_indices(v, n, len, &e);
    else
        model_sizes(v, n, len, &e);
    char ctx[320];
    describe(ctx, sizeof ctx, mode, v, n, len);
    int axis = (int)tu_range(r, 0, 1);
    int64_t shape[2] = {3, 3};
    shape[axis] = len;
    char text[2][320];
    cli_opts opts;
    make_opts(mode, v, n, axis, text, &opts);
    cli_sections s;
    cli_err err = {{0}};
    int status = cli_sections_make(&opts, shape, 2, &s, &err);
    if (!e.ok) {
        check_refusal(mode, status, &err, ctx, seed);
        TU_EXPECT(s.plans == NULL && s.count == 0, ctx, seed);
        return;
    }
    if (status != CLI_EXIT_OK)
        print_error("%s\n", err.message);
    TU_EXPECT(status == CLI_EXIT_OK && s.count == e.count, ctx, seed);
    for (size_t i = 0; i < s.count && i < MAX_VALUES + 2; i++)
        check_plan(&s, i, axis, &e, ctx, seed);
    cli_sections_free(&s);
}

static void test_random_against_model(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(0x5e1175ec7105ULL);
    tu_rng r = {seed};
    for (int i = 0; i < CASES; i++)
        one_case(&r, seed);
}

/* The case that once wrapped: 2 + INT64_MAX. */
static void test_sizes_overflow(void **state)
{
    (void)state;
    static const int64_t v[] = {2, INT64_MAX, -1};
    int64_t shape[2] = {4, 3};
    char text[2][320];
    cli_opts opts;
    make_opts(SIZES, v, 3, 0, text, &opts);
    cli_sections s;
    cli_err err = {{0}};
    assert_int_equal(cli_sections_make(&opts, shape, 2, &s, &err),
                     CLI_EXIT_USAGE);
    assert_non_null(strstr(err.message, "--sizes: "));
    assert_non_null(strstr(err.message, "split_lengths[1] = 9223372036854775807: "
                                        "the sizes' sum overflows"));
    assert_null(s.plans);
}

/* A style's options are its framework's: another style's, or one without
 * a style where the default has none, is refused by name. */
static void test_style_options(void **state)
{
    (void)state;
    int64_t shape[2] = {10, 3};
    cli_sections s;
    cli_err err = {{0}};
    cli_opts opts = {.count = 2, .name = {"style", "chunks"},
                     .value = {"torch_chunk", "4"}};
    assert_int_equal(cli_sections_make(&opts, shape, 2, &s, &err),
                     CLI_EXIT_OK);
    assert_int_equal(s.count, 4); /* pieces of 3, 3, 3, 1 */
    cli_sections_free(&s);
    opts = (cli_opts){.count = 2, .name = {"style", "chunks"},
                      .value = {"tf", "4"}};
    assert_int_equal(cli_sections_make(&opts, shape, 2, &s, &err),
                     CLI_EXIT_USAGE);
    assert_non_null(strstr(err.message, "--chunks does not belong to "
                                        "--style tf"));
    opts = (cli_opts){.count = 1, .name = {"num-split"}, .value = {"2"}};
    assert_int_equal(cli_sections_make(&opts, shape, 2, &s, &err),
                     CLI_EXIT_USAGE);
    assert_non_null(strstr(err.message, "--num-split needs a --style"));
    opts = (cli_opts){.count = 2, .name = {"style", "num-split"},
                      .value = {"tf", "3"}};
    assert_int_equal(cli_sections_make(&opts, shape, 2, &s, &err),
                     CLI_EXIT_USAGE);
    assert_non_null(strstr(err.message, "--num-split: num_or_size_splits "
                                        "= 3 does not divide"));
    opts = (cli_opts){.count = 2, .name = {"style", "sections"},
                      .value = {"array_split", "5000"}};
    assert_int_equal(cli_sections_make(&opts, shape, 2, &s, &err),
                     CLI_EXIT_USAGE);
    assert_non_null(strstr(err.message, "5000 pieces are more than the "
                                        "4096 allowed"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizes_overflow),
        cmocka_unit_test(test_style_options),
        cmocka_unit_test(test_random_against_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
