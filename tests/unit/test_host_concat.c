/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_host_concat against a naive reference: random concatenations
 * (randconcat.h: numpy's joins and tilings with holes, interleaved and
 * reversed places, new axes, strided sources and destinations) of
 * element sizes 1 to 16, sources in buffers of their own or together in
 * one buffer beside the destination, every byte of the destination's
 * buffer (guard bytes around the view included) compared with rs_scatter
 * per part.  Then every check, each naming the member it is about, with
 * the destination left untouched.
 */
#include <stdlib.h>
#include <string.h>

#include "hostcall.h"
#include "randconcat.h"
#include "testutil.h"

enum { CASES = 3000, MAX_ELEMS = 2048, GUARD = 32, SENTINEL = 0x5A };

static const size_t ELEM_SIZES[] = {1, 2, 3, 4, 8, 12, 16};

typedef struct run {
    rc_case c;
    size_t elem;
    bool shared; /* sources in one buffer after the destination */
    unsigned char *srcs[RC_MAX_PARTS];
    unsigned char *shared_buffer;
    size_t src_at[RC_MAX_PARTS]; /* each source's start in its buffer */
    size_t total;                /* bytes of the shared buffer */
    unsigned char *dst, *expect;
    size_t dst_bytes;
} run;

static void fill_random(tu_rng *rng, unsigned char *p, size_t n)
{
    for (size_t k = 0; k < n; k++)
        p[k] = (unsigned char)tu_next(rng);
}

/* The destination view first, the sources after it when shared. */
static void make_buffers(tu_rng *rng, run *r)
{
    r->dst_bytes = r->c.dst.need + GUARD;
    r->total = r->dst_bytes;
    for (size_t i = 0; i < r->c.count; i++) {
        r->src_at[i] = r->shared ? r->total : 0;
        r->total += r->shared ? r->c.parts[i].src.need + 3 : 0;
    }
    r->shared_buffer = r->shared ? malloc(r->total) : NULL;
    r->dst = r->shared ? r->shared_buffer : malloc(r->dst_bytes);
    r->expect = malloc(r->dst_bytes);
    assert_true(r->dst && r->expect);
    for (size_t i = 0; i < r->c.count; i++) {
        size_t need = r->c.parts[i].src.need;
        r->srcs[i] = r->shared ? r->shared_buffer + r->src_at[i]
                               : malloc(need ? need : 1);
        assert_non_null(r->srcs[i]);
        fill_random(rng, r->srcs[i], need);
    }
    memset(r->dst, SENTINEL, r->dst_bytes);
    memcpy(r->expect, r->dst, r->dst_bytes);
}

static void free_buffers(run *r)
{
    for (size_t i = 0; i < r->c.count && !r->shared; i++)
        free(r->srcs[i]);
    if (!r->shared)
        free(r->dst);
    free(r->shared_buffer);
    free(r->expect);
}

static void one_case(tu_rng *rng, uint64_t seed, int n)
{
    run r;
    memset(&r, 0, sizeof r);
    r.elem = ELEM_SIZES[tu_range(rng, 0, 6)];
    rc_random_case(rng, r.elem, MAX_ELEMS, &r.c);
    r.shared = tu_range(rng, 0, 2) == 0;
    make_buffers(rng, &r);
    clslice_host_part parts[RC_MAX_PARTS];
    for (size_t i = 0; i < r.c.count; i++) {
        const rc_part *p = &r.c.parts[i];
        parts[i] = (clslice_host_part){
            .plan = p->plan,
            .src = tu_tensor(r.srcs[i] - r.src_at[i],
                             r.src_at[i] + p->src.need,
                             r.src_at[i] + p->src.offset, rs_strides(&p->src))};
        rs_scatter(p->plan, r.elem, r.srcs[i], &p->src, r.expect, &r.c.dst);
    }
    clslice_error err;
    clslice_status st = tu_host_concat(
        r.elem, parts, r.c.count,
        tu_tensor(r.dst, r.dst_bytes, r.c.dst.offset, rs_strides(&r.c.dst)),
        &err);
    bool same = st == CLSLICE_OK &&
                memcmp(r.dst, r.expect, r.dst_bytes) == 0;
    if (!same) {
        print_error("seed 0x%llx (CLSLICE_TEST_SEED replays), case %d, "
                    "elem_size %zu, %s sources: %s\n",
                    (unsigned long long)seed, n, r.elem,
                    r.shared ? "shared" : "separate",
                    st == CLSLICE_OK ? "wrong bytes" : err.message);
        rc_print(&r.c);
        fail();
    }
    free_buffers(&r);
    rc_release(&r.c);
}

static void test_random_concats(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(0xC07CA7);
    tu_rng rng = {seed};
    for (int n = 0; n < CASES; n++)
        one_case(&rng, seed, n);
}

/* ---- every check ------------------------------------------------------- */

/* A [2, 3] float32 destination from two parts, [:, 0:1] and [:, 1:3]. */
typedef struct small {
    int64_t shape[2];
    clslice_plan *plans[2];
    float a[2], b[4], dst[8];
    clslice_host_part parts[2];
} small;

static void small_make(small *s)
{
    s->shape[0] = 2;
    s->shape[1] = 3;
    s->plans[0] = tu_expr_plan(s->shape, 2, "[:, 0:1]");
    s->plans[1] = tu_expr_plan(s->shape, 2, "[:, 1:3]");
    for (int k = 0; k < 4; k++)
        s->b[k] = (float)(10 + k);
    s->a[0] = 1;
    s->a[1] = 2;
    for (int k = 0; k < 8; k++)
        s->dst[k] = -1;
    s->parts[0] = (clslice_host_part){
        .plan = s->plans[0], .src = tu_tensor(s->a, sizeof s->a, 0, NULL)};
    s->parts[1] = (clslice_host_part){
        .plan = s->plans[1], .src = tu_tensor(s->b, sizeof s->b, 0, NULL)};
}

static void small_release(small *s)
{
    clslice_plan_release(&s->plans[0]);
    clslice_plan_release(&s->plans[1]);
}

static clslice_status small_run(small *s, clslice_error *err)
{
    return tu_host_concat(4, s->parts, 2, tu_tensor(s->dst, 6 * 4, 0, NULL),
                          err);
}

/* The call fails with `status` and the words, leaving dst alone. */
static void expect_refusal(small *s, clslice_status status, const char *a,
                           const char *b)
{
    clslice_error err;
    assert_int_equal(small_run(s, &err), status);
    tu_assert_error(&err, status, a, b, NULL);
    for (int k = 0; k < 8; k++)
        assert_true(s->dst[k] == -1.0f);
}

static void test_writes(void **state)
{
    (void)state;
    small s;
    small_make(&s);
    clslice_error err;
    assert_int_equal(small_run(&s, &err), CLSLICE_OK);
    const float expect[8] = {1, 10, 11, 2, 12, 13, -1, -1};
    assert_memory_equal(s.dst, expect, sizeof expect);
    small_release(&s);
}

static void test_argument_checks(void **state)
{
    (void)state;
    small s;
    clslice_error err;
    small_make(&s);
    assert_int_equal(
        tu_host_concat(4, NULL, 2, tu_tensor(s.dst, 24, 0, NULL), &err),
        CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "parts is NULL", NULL);
    assert_int_equal(
        tu_host_concat(4, s.parts, 0, tu_tensor(s.dst, 24, 0, NULL), &err),
        CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "count is 0", NULL);
    assert_int_equal(
        tu_host_concat(0, s.parts, 2, tu_tensor(s.dst, 24, 0, NULL), &err),
        CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "elem_size", NULL);
    s.parts[1].plan = NULL;
    expect_refusal(&s, CLSLICE_ERROR_ARGUMENT, "parts[1].plan is NULL",
                   NULL);
    const int64_t other[] = {2, 4};
    clslice_plan *wrong = tu_expr_plan(other, 2, "[:, 1:3]");
    s.parts[1].plan = wrong;
    expect_refusal(&s, CLSLICE_ERROR_SHAPE, "parts[1].plan has input dim 1",
                   "= 4 but parts[0].plan has 3");
    clslice_plan_release(&wrong);
    const int64_t unknown[] = {2, -1};
    wrong = tu_expr_plan(unknown, 2, "[:, 1:3]");
    s.parts[1].plan = wrong;
    expect_refusal(&s, CLSLICE_ERROR_SHAPE, "parts[1].plan", "= -1");
    clslice_plan_release(&wrong);
    small_release(&s);
    /* an unknown destination shape: every plan built on it */
    int64_t shape[] = {-1, 3};
    clslice_plan *plan = tu_expr_plan(shape, 2, "[:, 0:1]");
    clslice_host_part part = {.plan = plan};
    float dst[6];
    assert_int_equal(
        tu_host_concat(4, &part, 1, tu_tensor(dst, sizeof dst, 0, NULL), &err),
        CLSLICE_ERROR_UNKNOWN);
    tu_assert_error(&err, CLSLICE_ERROR_UNKNOWN, "parts[0].plan: ",
                    "unknown", NULL);
    clslice_plan_release(&plan);
}

static void test_view_checks(void **state)
{
    (void)state;
    small s;
    clslice_error err;
    small_make(&s);
    const int64_t huge[] = {INT64_MAX, 1};
    s.parts[1].src.strides = huge;
    expect_refusal(&s, CLSLICE_ERROR_BUFFER, "parts[1].src.strides[0]",
                   "int64");
    s.parts[1].src.strides = NULL;
    const int64_t twice[] = {1, 1};
    assert_int_equal(
        tu_host_concat(4, s.parts, 2, tu_tensor(s.dst, 24, 0, twice), &err),
        CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dst.strides[", "twice",
                    NULL);
    small_release(&s);
}

static void test_overlapping_parts(void **state)
{
    (void)state;
    small s;
    small_make(&s);
    clslice_plan_release(&s.plans[0]);
    s.plans[0] = tu_expr_plan(s.shape, 2, "[:, 0:2]");
    s.parts[0].plan = s.plans[0];
    s.parts[0].src.bytes = 16;
    s.parts[0].src.data = s.b;
    expect_refusal(&s, CLSLICE_ERROR_ARGUMENT,
                   "parts[0].plan and parts[1].plan both write element",
                   "[0, 1]");
    /* columns 0 and 2 interleave with column 1: no element in common */
    clslice_plan_release(&s.plans[0]);
    clslice_plan_release(&s.plans[1]);
    s.plans[0] = tu_expr_plan(s.shape, 2, "[:, ::2]");
    s.plans[1] = tu_expr_plan(s.shape, 2, "[::-1, 1]");
    s.parts[0].plan = s.plans[0];
    s.parts[1].plan = s.plans[1];
    s.parts[1].src.data = s.a;
    s.parts[1].src.bytes = 8;
    clslice_error err;
    assert_int_equal(small_run(&s, &err), CLSLICE_OK);
    const float expect[8] = {10, 2, 11, 12, 1, 13, -1, -1};
    assert_memory_equal(s.dst, expect, sizeof expect);
    small_release(&s);
}

static void test_buffer_checks(void **state)
{
    (void)state;
    small s;
    clslice_error err;
    small_make(&s);
    s.parts[1].src.bytes = 15;
    expect_refusal(&s, CLSLICE_ERROR_BUFFER, "parts[1].src.data is too small",
                   "parts[1].src.bytes = 15");
    s.parts[1].src.bytes = 16;
    s.parts[0].src.offset = 12;
    expect_refusal(&s, CLSLICE_ERROR_BUFFER, "parts[0].src.offset = 12",
                   "past the end");
    s.parts[0].src.offset = 0;
    const int64_t back[] = {-1, 1};
    s.parts[0].src.strides = back;
    expect_refusal(&s, CLSLICE_ERROR_BUFFER, "parts[0].src view reaches 4",
                   "parts[0].src.offset = 0");
    s.parts[0].src.strides = NULL;
    s.parts[1].src.data = NULL;
    expect_refusal(&s, CLSLICE_ERROR_ARGUMENT, "parts[1].src.data is NULL",
                   NULL);
    s.parts[1].src.data = s.b;
    assert_int_equal(
        tu_host_concat(4, s.parts, 2, tu_tensor(s.dst, 23, 0, NULL), &err),
        CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "dst.data is too small",
                    "dst.bytes = 23", NULL);
    assert_int_equal(
        tu_host_concat(4, s.parts, 2, tu_tensor(NULL, 24, 0, NULL), &err),
        CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dst.data is NULL", NULL);
    /* a source inside the destination's bytes */
    s.parts[1].src.data = s.dst + 4;
    expect_refusal(&s, CLSLICE_ERROR_ARGUMENT, "parts[1].src and dst",
                   "overlap");
    /* sources may share bytes */
    s.parts[1].src.data = s.b;
    s.parts[0].src.data = s.b + 2;
    assert_int_equal(small_run(&s, &err), CLSLICE_OK);
    assert_true(s.dst[0] == 12.0f && s.dst[3] == 13.0f);
    small_release(&s);
}

/* Parts without elements: NULL sources, and a NULL destination when no
 * part writes. */
static void test_empty_parts(void **state)
{
    (void)state;
    const int64_t shape[] = {2, 0};
    clslice_plan *plan = tu_expr_plan(shape, 2, "[:, 0:0]");
    clslice_host_part parts[2] = {{.plan = plan}, {.plan = plan}};
    clslice_error err;
    assert_int_equal(
        tu_host_concat(8, parts, 2, tu_tensor(NULL, 0, 0, NULL), &err),
        CLSLICE_OK);
    clslice_plan_release(&plan);
    small s;
    small_make(&s);
    const int64_t none[] = {2, 3};
    plan = tu_expr_plan(none, 2, "[:, 2:2]");
    s.parts[0].plan = plan; /* takes part in nothing, overlaps nothing */
    s.parts[0].src.data = NULL;
    assert_int_equal(small_run(&s, &err), CLSLICE_OK);
    const float expect[8] = {-1, 10, 11, -1, 12, 13, -1, -1};
    assert_memory_equal(s.dst, expect, sizeof expect);
    clslice_plan_release(&plan);
    small_release(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_concats),
        cmocka_unit_test(test_writes),
        cmocka_unit_test(test_argument_checks),
        cmocka_unit_test(test_view_checks),
        cmocka_unit_test(test_overlapping_parts),
        cmocka_unit_test(test_buffer_checks),
        cmocka_unit_test(test_empty_parts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
