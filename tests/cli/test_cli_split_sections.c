/* The section arithmetic of `clslice split` (src/cli/split_sections.c)
 * against a naive model in 128-bit integers, for every mode: --sections
 * (numpy.array_split), --indices (numpy.split with Python slice bounds)
 * and --sizes (tf.split, one entry may be -1).  Seeded random cases mix
 * small values with int64 extremes and values near the axis length, so an
 * overflow or an off-by-one in any mode shows up here.  Each accepted
 * case is checked down to the plans the command slices with; each refused
 * one must be a usage error naming the entry the model blames.
 * CLSLICE_TEST_SEED replays a run. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "split_sections.h"
#include "testutil.h"

__extension__ typedef __int128 wide; /* the model never overflows */

enum { CASES = 20000, MAX_VALUES = 8 };

/* What the model expects for one case. */
typedef struct expected {
    bool ok;
    size_t count;
    int64_t start[MAX_VALUES + 2], length[MAX_VALUES + 2];
    long bad_entry; /* --sizes: the entry blamed, -1 for the total */
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
        if (v[i] < 0 || sum + v[i] > len) {
            e->bad_entry = (long)i;
            return;
        }
        sum += v[i];
    }
    e->bad_entry = -1;
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

static void describe(char *buf, size_t size, cli_split_mode mode,
                     const int64_t *v, size_t n, int64_t len)
{
    static const char *const names[] = {"sections", "indices", "sizes"};
    int used = snprintf(buf, size, "len %lld --%s ", (long long)len,
                        names[mode]);
    for (size_t i = 0; i < n && used > 0 && (size_t)used < size; i++)
        used += snprintf(buf + used, size - (size_t)used, "%s%lld",
                         i ? "," : "", (long long)v[i]);
}

/* Section i's plan, on a rank-2 shape with the axis second half the time,
 * must read exactly the model's range. */
static void check_plan(const cli_sections *s, size_t i, int64_t len,
                       int axis, const expected *e, const char *ctx,
                       uint64_t seed)
{
    int64_t shape[2] = {3, 3};
    shape[axis] = len;
    clslice_plan *plan = NULL;
    cli_err err = {{0}};
    int status = cli_section_plan(shape, 2, axis, s, i, &plan, &err);
    TU_EXPECT(status == CLI_EXIT_OK, ctx, seed);
    int64_t start, step, count;
    clslice_error lib;
    TU_EXPECT(clslice_plan_dim(plan, axis, &start, &step, &count, &lib) ==
                  CLSLICE_OK, ctx, seed);
    TU_EXPECT(count == e->length[i] && step == 1, ctx, seed);
    TU_EXPECT(start == e->start[i], ctx, seed);
    TU_EXPECT(clslice_plan_dim(plan, 1 - axis, &start, &step, &count,
                               &lib) == CLSLICE_OK && count == 3, ctx, seed);
    clslice_plan_release(&plan);
}

static void check_refusal(cli_split_mode mode, int status, const cli_err *err,
                          const int64_t *v, const expected *e,
                          const char *ctx, uint64_t seed)
{
    TU_EXPECT(status == CLI_EXIT_USAGE, ctx, seed);
    if (mode != CLI_SPLIT_SIZES)
        return;
    char want[96];
    if (e->bad_entry >= 0)
        snprintf(want, sizeof want, "--sizes entry %ld is %lld", e->bad_entry,
                 (long long)v[e->bad_entry]);
    else
        snprintf(want, sizeof want, "--sizes add up to");
    TU_EXPECT(strstr(err->message, want) != NULL, ctx, seed);
}

static void one_case(tu_rng *r, uint64_t seed)
{
    cli_split_mode mode = (cli_split_mode)tu_range(r, 0, 2);
    int64_t len = pick_len(r), v[MAX_VALUES];
    size_t n = mode == CLI_SPLIT_SECTIONS && tu_range(r, 0, 9)
                   ? 1 : (size_t)tu_range(r, 0, MAX_VALUES);
    for (size_t i = 0; i < n; i++)
        v[i] = mode == CLI_SPLIT_SECTIONS && tu_range(r, 0, 1)
                   ? tu_range(r, 1, 9) : pick_value(r, len);
    expected e = {.ok = false, .count = 0, .bad_entry = -1};
    if (mode == CLI_SPLIT_SECTIONS)
        model_sections(v, n, len, &e);
    else if (mode == CLI_SPLIT_INDICES)
        model_indices(v, n, len, &e);
    else
        model_sizes(v, n, len, &e);
    char ctx[320];
    describe(ctx, sizeof ctx, mode, v, n, len);
    cli_sections s;
    cli_err err = {{0}};
    int status = cli_sections_make(mode, v, n, len, &s, &err);
    if (!e.ok) {
        check_refusal(mode, status, &err, v, &e, ctx, seed);
        return;
    }
    TU_EXPECT(status == CLI_EXIT_OK && s.count == e.count, ctx, seed);
    int axis = (int)tu_range(r, 0, 1);
    for (size_t i = 0; i < s.count && i < MAX_VALUES + 2; i++)
        check_plan(&s, i, len, axis, &e, ctx, seed);
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
    cli_sections s;
    cli_err err = {{0}};
    assert_int_equal(cli_sections_make(CLI_SPLIT_SIZES, v, 3, 4, &s, &err),
                     CLI_EXIT_USAGE);
    assert_non_null(strstr(err.message, "--sizes entry 1 is "
                                        "9223372036854775807"));
    assert_null(s.bound);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizes_overflow),
        cmocka_unit_test(test_random_against_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
