/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The general host calls, clslice_host_gather2, clslice_host_scatter2 and
 * clslice_host_concat: what they check first (a NULL descriptor, a
 * struct_size below the first published size or above this library's
 * sizeof, whatever its tail holds), that a bad member is named as the
 * caller wrote it and nothing is written, and, table by table, that with
 * contiguous tensors they do what the plain calls clslice_host_gather and
 * clslice_host_scatter do: the same status and the same bytes, sentinel
 * bytes past the result included. test_host_strided, test_host_blocked and
 * test_host_concat drive them over strided and blocked tensors and random
 * concatenations.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

enum { SENTINEL = 0xA5, BYTES = 1024 };

/* Room for any host descriptor and a tail past it. */
typedef union any_desc {
    size_t struct_size;
    clslice_host_gather_desc gather;
    clslice_host_scatter_desc scatter;
    clslice_host_concat_desc concat;
    unsigned char bytes[256];
} any_desc;

typedef struct general {
    const char *name;
    clslice_status (*run)(const any_desc *d, clslice_error *err);
    size_t first_size;  /* the descriptor's 0.2 sizeof */
    size_t size;        /* this library's sizeof */
    const char *zeroed; /* the error of an all-zero descriptor */
} general;

/* d may be NULL (the NULL-descriptor rows): no member access then. */
static clslice_status gather2(const any_desc *d, clslice_error *err)
{
    return clslice_host_gather2(d ? &d->gather : NULL, err);
}

static clslice_status scatter2(const any_desc *d, clslice_error *err)
{
    return clslice_host_scatter2(d ? &d->scatter : NULL, err);
}

static clslice_status concat(const any_desc *d, clslice_error *err)
{
    return clslice_host_concat(d ? &d->concat : NULL, err);
}

/* On LP64: pinned below, and the members of clslice_cl_gather_desc,
 * clslice_cl_scatter_desc and clslice_cl_concat_desc with a host tensor
 * (32 bytes) in place of a device tensor (24). */
static const general GENERAL[] = {
    {"clslice_host_gather2", gather2, 104, sizeof(clslice_host_gather_desc),
     "plan is NULL"},
    {"clslice_host_scatter2", scatter2, 120,
     sizeof(clslice_host_scatter_desc), "plan is NULL"},
    {"clslice_host_concat", concat, 64, sizeof(clslice_host_concat_desc),
     "parts is NULL"},
};

enum { GENERAL_COUNT = sizeof GENERAL / sizeof *GENERAL };

static void expect(const general *g, const any_desc *d,
                   clslice_status status, const char *part1,
                   const char *part2)
{
    clslice_error err;
    clslice_status st = g->run(d, &err);
    if (st != status)
        print_error("%s: %s\n", g->name, err.message);
    assert_int_equal(st, status);
    tu_assert_error(&err, status, part1, part2, NULL);
}

static any_desc zeroed(size_t struct_size)
{
    any_desc d;
    memset(&d, 0, sizeof d);
    d.struct_size = struct_size;
    return d;
}

static void test_layouts(void **state)
{
    (void)state;
    if (sizeof(void *) != 8 || sizeof(size_t) != 8 || sizeof(int) != 4)
        skip();
    assert_int_equal(sizeof(clslice_host_tensor), 32);
    assert_int_equal(offsetof(clslice_host_tensor, bytes), 8);
    assert_int_equal(offsetof(clslice_host_tensor, offset), 16);
    assert_int_equal(offsetof(clslice_host_tensor, strides), 24);
    assert_int_equal(offsetof(clslice_host_gather_desc, src), 24);
    assert_int_equal(offsetof(clslice_host_gather_desc, dst), 56);
    assert_int_equal(offsetof(clslice_host_gather_desc, dst_blocking), 96);
    assert_int_equal(offsetof(clslice_host_scatter_desc, value), 24);
    assert_int_equal(offsetof(clslice_host_scatter_desc, value_rank), 64);
    assert_int_equal(offsetof(clslice_host_scatter_desc, rule), 68);
    assert_int_equal(offsetof(clslice_host_scatter_desc, dst), 72);
    assert_int_equal(offsetof(clslice_host_scatter_desc, dst_blocking),
                     112);
    assert_int_equal(offsetof(clslice_host_concat_desc, dst), 16);
    assert_int_equal(offsetof(clslice_host_concat_desc, count), 48);
    assert_int_equal(offsetof(clslice_host_concat_desc, parts), 56);
    assert_int_equal(sizeof(clslice_host_part), 40); /* frozen */
    assert_int_equal(offsetof(clslice_host_part, src), 8);
    /* 0.2.0 is their first release: the first size is the whole struct */
    for (size_t i = 0; i < GENERAL_COUNT; i++)
        assert_int_equal(GENERAL[i].first_size, GENERAL[i].size);
}

static void test_struct_checks(void **state)
{
    (void)state;
    for (size_t i = 0; i < GENERAL_COUNT; i++) {
        const general *g = &GENERAL[i];
        char below[64], above[64];
        snprintf(below, sizeof below, "desc->struct_size = %zu is below %zu",
                 g->first_size - 1, g->first_size);
        snprintf(above, sizeof above, "desc->struct_size = %zu is above %zu",
                 g->size + 1, g->size);
        clslice_error err;
        assert_int_equal(g->run(NULL, &err), CLSLICE_ERROR_ARGUMENT);
        tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "desc is NULL", NULL);
        any_desc d = zeroed(0);
        expect(g, &d, CLSLICE_ERROR_ARGUMENT, "desc->struct_size = 0",
               "_desc)");
        d = zeroed(g->first_size - 1);
        expect(g, &d, CLSLICE_ERROR_ARGUMENT, below, "the _INIT macro");
        d = zeroed(g->size + 1);
        expect(g, &d, CLSLICE_ERROR_ARGUMENT, above, "newer clslice");
        d.bytes[g->size] = 0x5A; /* a newer caller's member, set */
        expect(g, &d, CLSLICE_ERROR_ARGUMENT, above, "");
        /* accepted sizes go on to the members */
        d = zeroed(g->first_size);
        expect(g, &d, CLSLICE_ERROR_ARGUMENT, g->zeroed, "");
        d = zeroed(g->size);
        expect(g, &d, CLSLICE_ERROR_ARGUMENT, g->zeroed, "");
    }
    /* the _INIT macros set struct_size and nothing else */
    clslice_host_gather_desc gd = CLSLICE_HOST_GATHER_DESC_INIT;
    clslice_host_scatter_desc sd = CLSLICE_HOST_SCATTER_DESC_INIT;
    clslice_host_concat_desc cd = CLSLICE_HOST_CONCAT_DESC_INIT;
    assert_int_equal(gd.struct_size, sizeof gd);
    assert_int_equal(sd.struct_size, sizeof sd);
    assert_int_equal(cd.struct_size, sizeof cd);
    assert_null(cd.parts);
    assert_null(gd.plan);
    assert_null(sd.value_blocking);
}

/* ---- members named as written ------------------------------------------- */

static unsigned char g_src[BYTES], g_dst[BYTES];

/* A gather of [4, 6] int32 by "1:3, ::2" from g_src into g_dst, which
 * each row of the table below spoils in one member. */
static clslice_host_gather_desc good_gather(const clslice_plan *plan)
{
    clslice_host_gather_desc d = CLSLICE_HOST_GATHER_DESC_INIT;
    d.plan = plan;
    d.elem_size = 4;
    d.src = (clslice_host_tensor){g_src, 96, 0, NULL};
    d.dst = (clslice_host_tensor){g_dst, 24, 0, NULL};
    return d;
}

typedef struct bad_member {
    const char *what;
    void (*spoil)(clslice_host_gather_desc *d);
    clslice_status status;
    const char *part1, *part2;
} bad_member;

static const int64_t ZERO_STRIDES[] = {0, 1}, BIG_STRIDES[] = {100, 1};
static const clslice_blocking AXIS_5 = {.axis = 5, .block = 4};
static const clslice_blocking BLOCK_0 = {.axis = 1, .block = 0};

static void no_plan(clslice_host_gather_desc *d) { d->plan = NULL; }
static void no_elem(clslice_host_gather_desc *d) { d->elem_size = 0; }
static void src_past(clslice_host_gather_desc *d) { d->src.offset = 97; }
static void src_short(clslice_host_gather_desc *d) { d->src.bytes = 95; }
static void src_null(clslice_host_gather_desc *d) { d->src.data = NULL; }
static void dst_null(clslice_host_gather_desc *d) { d->dst.data = NULL; }
static void dst_short(clslice_host_gather_desc *d) { d->dst.bytes = 23; }
static void dst_twice(clslice_host_gather_desc *d)
{
    d->dst.strides = ZERO_STRIDES;
}
static void src_wide(clslice_host_gather_desc *d)
{
    d->src.strides = BIG_STRIDES;
}
static void src_axis(clslice_host_gather_desc *d)
{
    d->src_blocking = &AXIS_5;
}
static void dst_block(clslice_host_gather_desc *d)
{
    d->dst_blocking = &BLOCK_0;
}
static void overlap(clslice_host_gather_desc *d)
{
    d->dst = (clslice_host_tensor){g_src, BYTES, 8, NULL};
}

static const bad_member BAD_GATHERS[] = {
    {"no plan", no_plan, CLSLICE_ERROR_ARGUMENT, "plan is NULL", ""},
    {"elem_size 0", no_elem, CLSLICE_ERROR_ARGUMENT, "elem_size is 0", ""},
    {"src.offset past", src_past, CLSLICE_ERROR_BUFFER, "src.offset = 97",
     "src.bytes = 96"},
    {"src short", src_short, CLSLICE_ERROR_BUFFER, "src.data is too small",
     "src.bytes = 95"},
    {"src.data NULL", src_null, CLSLICE_ERROR_ARGUMENT, "src.data is NULL",
     ""},
    {"dst.data NULL", dst_null, CLSLICE_ERROR_ARGUMENT, "dst.data is NULL",
     ""},
    {"dst short", dst_short, CLSLICE_ERROR_BUFFER, "dst.data is too small",
     "dst.bytes = 23"},
    {"dst twice", dst_twice, CLSLICE_ERROR_ARGUMENT, "dst.strides[0] = 0",
     "twice"},
    {"src strides past src", src_wide, CLSLICE_ERROR_BUFFER,
     "src.data is too small", "src.offset = 0"},
    {"src blocking axis", src_axis, CLSLICE_ERROR_ARGUMENT,
     "src_blocking->axis = 5", "rank 2"},
    {"dst blocking block", dst_block, CLSLICE_ERROR_ARGUMENT,
     "dst_blocking->block = 0", ""},
    {"overlap", overlap, CLSLICE_ERROR_ARGUMENT, "src and dst overlap", ""},
};

static void test_gather_members(void **state)
{
    (void)state;
    const int64_t shape[] = {4, 6};
    clslice_plan *plan = tu_expr_plan(shape, 2, "1:3, ::2");
    for (size_t i = 0; i < sizeof BAD_GATHERS / sizeof *BAD_GATHERS; i++) {
        const bad_member *b = &BAD_GATHERS[i];
        clslice_host_gather_desc d = good_gather(plan);
        b->spoil(&d);
        memset(g_src, 1, sizeof g_src);
        memset(g_dst, SENTINEL, sizeof g_dst);
        clslice_error err;
        clslice_status st = clslice_host_gather2(&d, &err);
        if (st != b->status)
            print_error("%s: %s\n", b->what, err.message);
        assert_int_equal(st, b->status);
        tu_assert_error(&err, b->status, b->part1, b->part2, NULL);
        for (size_t k = 0; k < BYTES; k++) { /* nothing written */
            assert_int_equal(g_dst[k], SENTINEL);
            assert_int_equal(g_src[k], 1);
        }
    }
    /* the unspoilt call runs */
    clslice_host_gather_desc d = good_gather(plan);
    assert_int_equal(clslice_host_gather2(&d, NULL), CLSLICE_OK);
    clslice_plan_release(&plan);
}

static void test_scatter_members(void **state)
{
    (void)state;
    const int64_t shape[] = {4, 6}, vshape[] = {2, 3}, wrong[] = {3, 3};
    clslice_plan *plan = tu_expr_plan(shape, 2, "1:3, ::2");
    clslice_host_scatter_desc d = CLSLICE_HOST_SCATTER_DESC_INIT;
    d.plan = plan;
    d.elem_size = 4;
    d.value = (clslice_host_tensor){g_src, 24, 0, NULL};
    d.value_shape = vshape;
    d.value_rank = 2;
    d.rule = CLSLICE_VALUE_EXACT;
    d.dst = (clslice_host_tensor){g_dst, 96, 0, NULL};
    clslice_error err;
    memset(g_dst, SENTINEL, sizeof g_dst);
    clslice_host_scatter_desc bad = d;
    bad.value_shape = wrong;
    assert_int_equal(clslice_host_scatter2(&bad, &err), CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE, "value", NULL);
    bad = d;
    bad.value.offset = 4;
    assert_int_equal(clslice_host_scatter2(&bad, &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "value.offset = 4",
                    "value.bytes = 24", NULL);
    bad = d;
    bad.dst.bytes = 95;
    assert_int_equal(clslice_host_scatter2(&bad, &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "dst.bytes = 95", NULL);
    bad = d;
    bad.dst.strides = ZERO_STRIDES;
    assert_int_equal(clslice_host_scatter2(&bad, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dst.strides[0] = 0",
                    NULL);
    bad = d;
    bad.value_blocking = &AXIS_5;
    assert_int_equal(clslice_host_scatter2(&bad, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "value_blocking->axis = 5",
                    NULL);
    bad = d;
    bad.rule = (clslice_value_rule)7;
    assert_int_equal(clslice_host_scatter2(&bad, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "rule", NULL);
    for (size_t k = 0; k < BYTES; k++)
        assert_int_equal(g_dst[k], SENTINEL);
    assert_int_equal(clslice_host_scatter2(&d, &err), CLSLICE_OK);
    clslice_plan_release(&plan);
}

/* ---- the same as the plain calls -------------------------------------- */

/* A descriptor call against its plain twin (row r at elem_size es): the
 * same status, the one the row wants, the same bytes written. */
static void check_same(size_t r, size_t es, clslice_status old_st,
                       const clslice_error *old_err, clslice_status new_st,
                       const clslice_error *new_err, clslice_status want,
                       const unsigned char *old_dst,
                       const unsigned char *new_dst)
{
    if (old_st != new_st)
        print_error("row %zu, elem_size %zu: %s / %s\n", r, es,
                    old_err->message, new_err->message);
    assert_int_equal(old_st, new_st);
    assert_int_equal(new_st, want);
    assert_memory_equal(old_dst, new_dst, BYTES);
}

/* A contiguous gather: its plan, and the bytes each side's buffer holds
 * as a difference from what the tensor needs (-1: one byte short). */
typedef struct gather_row {
    int64_t shape[3];
    int rank;
    const char *expr;
    int src_slack, dst_slack;
    bool src_null, dst_null;
    clslice_status want; /* both calls' status */
} gather_row;

static const gather_row GATHER_ROWS[] = {
    {{4, 6}, 2, "1:3, ::2", 0, 0, false, false, CLSLICE_OK},
    {{4, 6}, 2, "::-1, 5:0:-2", 8, 3, false, false, CLSLICE_OK},
    {{2, 3, 5}, 3, "..., 1:4", 0, 0, false, false, CLSLICE_OK},
    {{2, 3, 5}, 3, "1, :, None, 2", 0, 0, false, false, CLSLICE_OK},
    {{7}, 1, "3", 0, 0, false, false, CLSLICE_OK},
    /* an empty output needs no dst, an empty input no src */
    {{7}, 1, "5:2", 0, 0, false, true, CLSLICE_OK},
    {{0, 4}, 2, ":, 1:", 0, 0, true, true, CLSLICE_OK},
    {{4, 6}, 2, "1:3, ::2", -1, 0, false, false, CLSLICE_ERROR_BUFFER},
    {{4, 6}, 2, "1:3, ::2", 0, -1, false, false, CLSLICE_ERROR_BUFFER},
    {{4, 6}, 2, "1:3, ::2", 0, 0, true, false, CLSLICE_ERROR_ARGUMENT},
    {{4, 6}, 2, "1:3, ::2", 0, 0, false, true, CLSLICE_ERROR_ARGUMENT},
};

static size_t with_slack(size_t need, int slack)
{
    return (size_t)((int64_t)need + slack);
}

static void test_gather_as_plain(void **state)
{
    (void)state;
    static unsigned char src[BYTES], old_dst[BYTES], new_dst[BYTES];
    static const size_t SIZES[] = {1, 3, 4, 8};
    for (size_t r = 0; r < sizeof GATHER_ROWS / sizeof *GATHER_ROWS; r++)
        for (size_t k = 0; k < 4; k++) {
            const gather_row *row = &GATHER_ROWS[r];
            size_t es = SIZES[k];
            clslice_plan *plan = tu_expr_plan(row->shape, row->rank,
                                              row->expr);
            int64_t in = 1;
            for (int d = 0; d < row->rank; d++)
                in *= row->shape[d];
            size_t src_bytes = with_slack((size_t)in * es, row->src_slack);
            size_t dst_bytes = with_slack(
                (size_t)clslice_plan_output_elements(plan) * es,
                row->dst_slack);
            for (size_t i = 0; i < BYTES; i++)
                src[i] = (unsigned char)(i * 7 + 1);
            memset(old_dst, SENTINEL, BYTES);
            memset(new_dst, SENTINEL, BYTES);
            void *s = row->src_null ? NULL : src;
            clslice_error old_err, new_err;
            clslice_status old_st = clslice_host_gather(
                plan, es, s, src_bytes, row->dst_null ? NULL : old_dst,
                dst_bytes, &old_err);
            clslice_host_gather_desc d = CLSLICE_HOST_GATHER_DESC_INIT;
            d.plan = plan;
            d.elem_size = es;
            d.src = (clslice_host_tensor){s, src_bytes, 0, NULL};
            d.dst = (clslice_host_tensor){row->dst_null ? NULL : new_dst,
                                          dst_bytes, 0, NULL};
            clslice_status new_st = clslice_host_gather2(&d, &new_err);
            check_same(r, es, old_st, &old_err, new_st, &new_err, row->want,
                       old_dst, new_dst);
            clslice_plan_release(&plan);
        }
}

/* A contiguous scatter: the slice, the value's shape and rule, and one
 * buffer's slack as for the gathers. */
typedef struct scatter_row {
    int64_t shape[3];
    int rank;
    const char *expr;
    int64_t value_shape[4];
    int value_rank;
    clslice_value_rule rule;
    int value_slack, dst_slack;
    clslice_status want;
} scatter_row;

static const scatter_row SCATTER_ROWS[] = {
    {{4, 6}, 2, "1:3, ::2", {2, 3}, 2, CLSLICE_VALUE_EXACT, 0, 0,
     CLSLICE_OK},
    {{4, 6}, 2, "1:3, ::2", {1, 3}, 2, CLSLICE_VALUE_BROADCAST, 0, 0,
     CLSLICE_OK},
    {{4, 6}, 2, "1:3, ::2", {0}, 0, CLSLICE_VALUE_BROADCAST, 0, 0,
     CLSLICE_OK},
    {{4, 6}, 2, "::-1, 1", {4}, 1, CLSLICE_VALUE_EXACT, 4, 8, CLSLICE_OK},
    {{2, 3, 5}, 3, "..., None, 1:4", {2, 3, 1, 3}, 4, CLSLICE_VALUE_EXACT, 0,
     0, CLSLICE_OK},
    {{4, 6}, 2, "3:1", {0, 6}, 2, CLSLICE_VALUE_EXACT, 0, 0, CLSLICE_OK},
    {{4, 6}, 2, "1:3, ::2", {1, 3}, 2, CLSLICE_VALUE_EXACT, 0, 0,
     CLSLICE_ERROR_SHAPE},
    {{4, 6}, 2, "1:3, ::2", {2, 3}, 2, CLSLICE_VALUE_EXACT, -1, 0,
     CLSLICE_ERROR_BUFFER},
    {{4, 6}, 2, "1:3, ::2", {2, 3}, 2, CLSLICE_VALUE_EXACT, 0, -1,
     CLSLICE_ERROR_BUFFER},
};

static void test_scatter_as_plain(void **state)
{
    (void)state;
    static unsigned char value[BYTES], old_dst[BYTES], new_dst[BYTES];
    static const size_t SIZES[] = {1, 2, 8};
    for (size_t r = 0; r < sizeof SCATTER_ROWS / sizeof *SCATTER_ROWS; r++)
        for (size_t k = 0; k < 3; k++) {
            const scatter_row *row = &SCATTER_ROWS[r];
            size_t es = SIZES[k];
            clslice_plan *plan = tu_expr_plan(row->shape, row->rank,
                                              row->expr);
            int64_t in = 1, vn = 1;
            for (int d = 0; d < row->rank; d++)
                in *= row->shape[d];
            for (int d = 0; d < row->value_rank; d++)
                vn *= row->value_shape[d];
            size_t value_bytes = with_slack((size_t)vn * es,
                                            row->value_slack);
            size_t dst_bytes = with_slack((size_t)in * es, row->dst_slack);
            for (size_t i = 0; i < BYTES; i++) {
                value[i] = (unsigned char)(i * 5 + 3);
                old_dst[i] = new_dst[i] = (unsigned char)(i ^ 0x3C);
            }
            clslice_error old_err, new_err;
            clslice_status old_st = clslice_host_scatter(
                plan, es, value, row->value_shape, row->value_rank,
                value_bytes, row->rule, old_dst, dst_bytes, &old_err);
            clslice_host_scatter_desc d = CLSLICE_HOST_SCATTER_DESC_INIT;
            d.plan = plan;
            d.elem_size = es;
            d.value = (clslice_host_tensor){value, value_bytes, 0, NULL};
            d.value_shape = row->value_shape;
            d.value_rank = row->value_rank;
            d.rule = row->rule;
            d.dst = (clslice_host_tensor){new_dst, dst_bytes, 0, NULL};
            clslice_status new_st = clslice_host_scatter2(&d, &new_err);
            check_same(r, es, old_st, &old_err, new_st, &new_err, row->want,
                       old_dst, new_dst);
            clslice_plan_release(&plan);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layouts),
        cmocka_unit_test(test_struct_checks),
        cmocka_unit_test(test_gather_members),
        cmocka_unit_test(test_scatter_members),
        cmocka_unit_test(test_gather_as_plain),
        cmocka_unit_test(test_scatter_as_plain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
