/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_plan_device_table: the table clslice_device.h's functions read.
 *
 * Oracle: rp_enumerate lists the input element every output element
 * reads (from clslice_plan_dim alone); that element's index, unravelled
 * over the input shape and dotted with the source strides, plus the
 * source offset, is where the table must send it.  The table is read
 * as its header documents it (base + index . stride over the output
 * shape, row-major), in both widths, on random plans through every
 * front-end with random source strides (any sign, padded, 0) and
 * offsets; then the bounds, the 32-bit limits and the errors.  The
 * device functions themselves run in test_example_fused on a device.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#include "clslice_device.h"
#include "randplan.h"

#define MAX_IN_ELEMS 2048

static uint64_t g_seed;
static char g_ctx[4400];
static int64_t g_idx[MAX_IN_ELEMS];

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

/* Source element of input element number `flat` (row-major over the
 * plan's input shape) at `strides` from `offset`. */
static int64_t source_of(const clslice_plan *plan, int64_t flat,
                         const int64_t *strides, int64_t offset)
{
    int rank = clslice_plan_input_rank(plan);
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(plan, shape);
    for (int d = rank - 1; d >= 0; d--) {
        offset += flat % shape[d] * strides[d];
        flat /= shape[d];
    }
    return offset;
}

/* Table entry for output element number e, as the header defines it. */
#define TABLE_OFFSET(t, e, out)                                             \
    do {                                                                    \
        int64_t rest_ = (e);                                                \
        (out) = (t)->base;                                                  \
        for (int j_ = (int)(t)->rank - 1; j_ >= 0; j_--) {                  \
            (out) += rest_ % (t)->count[j_] * (t)->stride[j_];              \
            rest_ /= (t)->count[j_];                                        \
        }                                                                   \
    } while (0)

/* Random source strides for `plan`: row-major over a padded shape,
 * sometimes reversed along a dim (the offset moves to keep every read
 * at or after 0), sometimes 0 along a dim of size 1. */
static void random_strides(tu_rng *rng, const clslice_plan *plan,
                           int64_t *strides, int64_t *offset)
{
    int rank = clslice_plan_input_rank(plan);
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(plan, shape);
    int64_t next = 1;
    *offset = tu_range(rng, 0, 5);
    for (int d = rank - 1; d >= 0; d--) {
        strides[d] = tu_chance(rng, 25) ? -next : next;
        if (strides[d] < 0 && shape[d] > 0)
            *offset += next * (shape[d] - 1);
        if (shape[d] == 1 && tu_chance(rng, 30))
            strides[d] = 0;
        next *= shape[d] + tu_range(rng, 0, 2);
    }
}

static void check_plan(tu_rng *rng, const clslice_plan *plan)
{
    int64_t strides[CLSLICE_MAX_RANK], offset;
    random_strides(rng, plan, strides, &offset);
    int64_t n = rp_enumerate(plan, g_idx, MAX_IN_ELEMS);
    EXPECT(n >= 0 && n == clslice_plan_output_elements(plan));
    int64_t need = 0; /* elements the reads reach */
    for (int64_t e = 0; e < n; e++) {
        int64_t at = source_of(plan, g_idx[e], strides, offset);
        need = at + 1 > need ? at + 1 : need;
    }
    clslice_device_table t;
    clslice_device_table32 t32;
    clslice_error err;
    clslice_device_table_desc desc = CLSLICE_DEVICE_TABLE_DESC_INIT;
    desc.plan = plan;
    desc.src_strides = strides;
    desc.src_offset = offset;
    desc.src_elements = need; /* exactly enough */
    desc.table = &t;
    EXPECT(clslice_plan_device_table(&desc, &err) == CLSLICE_OK);
    desc.table = NULL;
    desc.table32 = &t32;
    EXPECT(clslice_plan_device_table(&desc, &err) == CLSLICE_OK);
    EXPECT(t.version == CLSLICE_DEVICE_TABLE_VERSION && t32.version == t.version);
    EXPECT(t.rank == clslice_plan_output_rank(plan) && t32.rank == t.rank);
    EXPECT(t.elements == n && t32.elements == n);
    int64_t out_shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, out_shape);
    for (int j = 0; j < t.rank; j++)
        EXPECT(t.count[j] == out_shape[j] && t32.count[j] == t.count[j]);
    for (int64_t e = 0; e < n; e++) {
        int64_t want = source_of(plan, g_idx[e], strides, offset), got, got32;
        TABLE_OFFSET(&t, e, got);
        TABLE_OFFSET(&t32, e, got32);
        EXPECT(got == want && got32 == want);
    }
    if (n == 0)
        return;
    /* one element short of the last read */
    desc.src_elements = need - 1;
    if (need - 1 > 0) {
        EXPECT(clslice_plan_device_table(&desc, &err) == CLSLICE_ERROR_BUFFER);
        EXPECT(strstr(err.message, "desc->src_elements") != NULL);
    }
}

static void test_random_plans(void **state)
{
    (void)state;
    tu_rng rng = {g_seed};
    for (int i = 0; i < 3000; i++) {
        static rp_case c;
        rp_random_case(&rng, (int)tu_range(&rng, 0, i % 4 == 0 ? 10 : 4),
                       MAX_IN_ELEMS, &c);
        clslice_plan *plan = NULL;
        clslice_status st = rp_build(&c, &plan, NULL);
        snprintf(g_ctx, sizeof g_ctx, "plan #%d: %s", i, c.desc);
        EXPECT(st == CLSLICE_OK);
        check_plan(&rng, plan);
        clslice_plan_release(&plan);
    }
}

/* x[..., ::-1, 1:] of a contiguous [2, 3, 4]: the example's slice, by
 * hand.  Output [2, 3, 3]; element (i, j, k) reads x[i, 2 - j, k + 1]. */
static void test_example_by_hand(void **state)
{
    (void)state;
    const int64_t shape[] = {2, 3, 4};
    clslice_plan *plan = tu_expr_plan(shape, 3, "[..., ::-1, 1:]");
    clslice_device_table t;
    memset(&t, 0x5C, sizeof t);
    clslice_device_table_desc desc = CLSLICE_DEVICE_TABLE_DESC_INIT;
    desc.plan = plan;
    desc.src_offset = 7; /* the tensor starts at element 7 */
    desc.table = &t;
    assert_int_equal(clslice_plan_device_table(&desc, NULL), CLSLICE_OK);
    assert_int_equal(t.version, CLSLICE_DEVICE_TABLE_VERSION);
    assert_int_equal(t.rank, 3);
    assert_int_equal(t.elements, 18);
    assert_int_equal(t.base, 7 + 2 * 4 + 1);
    assert_int_equal(t.count[0], 2);
    assert_int_equal(t.count[1], 3);
    assert_int_equal(t.count[2], 3);
    assert_int_equal(t.stride[0], 12);
    assert_int_equal(t.stride[1], -4);
    assert_int_equal(t.stride[2], 1);
    for (int j = 3; j < CLSLICE_DEVICE_MAX_RANK; j++)
        assert_true(t.count[j] == 0 && t.stride[j] == 0);
    clslice_plan_release(&plan);
}

static void expect_fail(const clslice_device_table_desc *desc,
                        clslice_status status, const char *words)
{
    clslice_device_table t;
    clslice_device_table *target = desc && desc->table ? desc->table : &t;
    memset(target, 0x5C, sizeof *target);
    clslice_error err;
    assert_int_equal(clslice_plan_device_table(desc, &err), status);
    tu_assert_error(&err, status, words, NULL);
    /* nothing written on failure */
    unsigned char *bytes = (unsigned char *)target;
    for (size_t i = 0; i < sizeof *target; i++)
        assert_int_equal(bytes[i], 0x5C);
}

static void test_errors(void **state)
{
    (void)state;
    const int64_t shape[] = {4, 5};
    const int64_t unknown[] = {4, -1};
    clslice_plan *plan = tu_expr_plan(shape, 2, "[1:3, ::-2]");
    clslice_device_table t;
    clslice_device_table32 t32;
    clslice_device_table_desc desc = CLSLICE_DEVICE_TABLE_DESC_INIT;
    desc.plan = plan;
    desc.table = &t;
    expect_fail(NULL, CLSLICE_ERROR_ARGUMENT, "desc");
    desc.struct_size = 8;
    expect_fail(&desc, CLSLICE_ERROR_ARGUMENT, "struct_size");
    desc.struct_size = sizeof desc;
    desc.table32 = &t32;
    expect_fail(&desc, CLSLICE_ERROR_ARGUMENT, "both set");
    desc.table = NULL;
    desc.table32 = NULL;
    expect_fail(&desc, CLSLICE_ERROR_ARGUMENT, "both NULL");
    desc.table = &t;
    desc.plan = NULL;
    expect_fail(&desc, CLSLICE_ERROR_ARGUMENT, "desc->plan");
    desc.plan = plan;
    desc.src_offset = -1;
    expect_fail(&desc, CLSLICE_ERROR_BUFFER, "desc->src_offset = -1");
    desc.src_offset = 0;
    desc.src_elements = -3;
    expect_fail(&desc, CLSLICE_ERROR_ARGUMENT, "desc->src_elements = -3");
    /* reads rows 1-2, columns 4, 2, 0: elements 5 .. 14 */
    desc.src_elements = 14;
    expect_fail(&desc, CLSLICE_ERROR_BUFFER, "source element 14");
    desc.src_elements = 15;
    assert_int_equal(clslice_plan_device_table(&desc, NULL), CLSLICE_OK);
    /* a negative stride whose reads start before the pointer */
    const int64_t reversed[] = {-5, 1};
    desc.src_strides = reversed;
    desc.src_offset = 9;
    expect_fail(&desc, CLSLICE_ERROR_BUFFER, "source element -1,");
    desc.src_offset = 15;
    desc.src_elements = 0;
    assert_int_equal(clslice_plan_device_table(&desc, NULL), CLSLICE_OK);
    assert_int_equal(t.base, 15 - 5 + 4);
    /* int64 overflow of the offsets */
    const int64_t huge[] = {INT64_MAX / 2, 1};
    desc.src_strides = huge;
    expect_fail(&desc, CLSLICE_ERROR_SHAPE, "overflow");
    /* the 32-bit table: strides past int32 are refused, the 64-bit
     * table takes them */
    const int64_t wide[] = {INT64_C(1) << 31, 1};
    desc.src_strides = wide;
    desc.src_offset = 0;
    assert_int_equal(clslice_plan_device_table(&desc, NULL), CLSLICE_OK);
    assert_int_equal(t.base, (INT64_C(1) << 31) + 4);
    desc.table = NULL;
    desc.table32 = &t32;
    memset(&t32, 0x5C, sizeof t32);
    clslice_error err;
    assert_int_equal(clslice_plan_device_table(&desc, &err),
                     CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE, "desc->table32", NULL);
    assert_int_equal(t32.version, 0x5C5C5C5C);
    clslice_plan_release(&plan);
    /* unknown sizes */
    plan = tu_expr_plan(unknown, 2, "[1:3]");
    desc.plan = plan;
    desc.src_strides = NULL;
    expect_fail(&desc, CLSLICE_ERROR_UNKNOWN, "unknown");
    clslice_plan_release(&plan);
}

/* An output of 0 elements gives a table a kernel launches nothing on,
 * whatever the offsets would have been. */
static void test_empty(void **state)
{
    (void)state;
    const int64_t shape[] = {4, 0, 3};
    clslice_plan *plan = tu_expr_plan(shape, 3, "[::-1, :, 1]");
    clslice_device_table32 t;
    clslice_device_table_desc desc = CLSLICE_DEVICE_TABLE_DESC_INIT;
    desc.plan = plan;
    desc.table32 = &t;
    assert_int_equal(clslice_plan_device_table(&desc, NULL), CLSLICE_OK);
    assert_int_equal(t.elements, 0);
    assert_int_equal(t.base, 0);
    assert_int_equal(t.rank, 2);
    clslice_plan_release(&plan);
}

int main(void)
{
    g_seed = tu_seed(0xDE71CE7AB1Eull);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_plans),
        cmocka_unit_test(test_example_by_hand),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_empty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
