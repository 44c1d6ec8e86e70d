/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The places of a concatenation: clslice_plan_concat and
 * clslice_plan_stack against a naive model of numpy.concatenate and
 * numpy.stack (every element of every input found at its place in the
 * output), their shape queries and messages; and the overlap test behind
 * clslice_host_concat and clslice_cl_concat (cs_concat_disjoint) against
 * a loop over all pairs that compares the plans' element sets, on small
 * shapes, and against an exact model of two progressions on indices up
 * to 2^63 (its number theory).
 */
#include <string.h>

#include "core/concat/concat_part.h"
#include "randplan.h"
#include "testutil.h"

__extension__ typedef __int128 wide; /* the progression model's values */

enum { JOIN_CASES = 2000, OVERLAP_CASES = 20000, WIDE_CASES = 20000 };

#define EXPECT(cond) TU_EXPECT(cond, where, seed)

/* ---- numpy's joins against a naive model -------------------------------- */

/* Linear index in a row-major shape. */
static int64_t linear(const int64_t *coord, const int64_t *shape, int rank)
{
    int64_t at = 0;
    for (int d = 0; d < rank; d++)
        at = at * shape[d] + coord[d];
    return at;
}

static bool next_coord(int64_t *coord, const int64_t *shape, int rank)
{
    for (int d = rank - 1; d >= 0; d--) {
        if (++coord[d] < shape[d])
            return true;
        coord[d] = 0;
    }
    return false;
}

/* Input i's elements, row-major, at their output places by numpy's rule;
 * the plan must read exactly those output elements in that order. */
static void check_places(const char *where, uint64_t seed,
                         const clslice_plan *plan, const int64_t *in_shape,
                         int rank, const int64_t *out_shape, int out_rank,
                         int axis, int64_t offset, bool stack)
{
    static int64_t got[4096];
    int64_t elements = 1;
    for (int d = 0; d < rank; d++)
        elements *= in_shape[d];
    EXPECT(clslice_plan_output_rank(plan) == rank);
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, shape);
    EXPECT(memcmp(shape, in_shape, (size_t)rank * sizeof *shape) == 0);
    EXPECT(rp_enumerate(plan, got, 4096) == elements);
    if (elements == 0)
        return;
    int64_t coord[CLSLICE_MAX_RANK] = {0}, out[CLSLICE_MAX_RANK];
    int64_t k = 0;
    do {
        for (int d = 0, o = 0; o < out_rank; o++) {
            if (stack && o == axis)
                out[o] = offset;
            else
                out[o] = coord[d++] + (!stack && o == axis ? offset : 0);
        }
        EXPECT(got[k++] == linear(out, out_shape, out_rank));
    } while (next_coord(coord, in_shape, rank));
}

static void one_join(tu_rng *rng, uint64_t seed, int n, bool stack)
{
    char where[160];
    int rank = (int)tu_range(rng, stack ? 0 : 1, 4);
    size_t count = (size_t)tu_range(rng, 1, 6);
    int out_rank = rank + (stack ? 1 : 0);
    int64_t axis = tu_range(rng, -out_rank, out_rank - 1);
    int join = (int)(axis < 0 ? axis + out_rank : axis);
    int64_t shapes[6 * 4], common[4];
    for (int d = 0; d < rank; d++)
        common[d] = tu_range(rng, 0, 3);
    for (size_t i = 0; i < count; i++)
        for (int d = 0; d < rank; d++)
            shapes[i * (size_t)rank + (size_t)d] =
                !stack && d == join ? tu_range(rng, 0, 4) : common[d];
    snprintf(where, sizeof where, "%s case %d: %zu inputs of rank %d, "
             "axis %lld", stack ? "stack" : "concat", n, count, rank,
             (long long)axis);
    int64_t out_shape[CLSLICE_MAX_RANK], query[CLSLICE_MAX_RANK];
    clslice_plan *plans[6];
    clslice_error err;
    clslice_status st =
        stack ? clslice_plan_stack(shapes, rank, count, axis, out_shape,
                                   plans, &err)
              : clslice_plan_concat(shapes, rank, count, axis, out_shape,
                                    plans, &err);
    if (st != CLSLICE_OK)
        fail_msg("%s: %s", where, err.message);
    st = stack ? clslice_plan_stack(shapes, rank, count, axis, query, NULL,
                                    &err)
               : clslice_plan_concat(shapes, rank, count, axis, query, NULL,
                                     &err);
    EXPECT(st == CLSLICE_OK);
    EXPECT(memcmp(query, out_shape, (size_t)out_rank * sizeof *query) == 0);
    int64_t offset = 0;
    for (size_t i = 0; i < count; i++) {
        const int64_t *in = &shapes[i * (size_t)rank];
        EXPECT(clslice_plan_input_rank(plans[i]) == out_rank);
        check_places(where, seed, plans[i], in, rank, out_shape, out_rank,
                     join, offset, stack);
        offset += stack ? 1 : in[join];
        clslice_plan_release(&plans[i]);
    }
    EXPECT(out_shape[join] == offset);
}

static void test_joins_against_numpy_model(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(0xC0CA7);
    tu_rng rng = {seed};
    for (int n = 0; n < JOIN_CASES; n++)
        one_join(&rng, seed, n, tu_range(&rng, 0, 1) == 1);
}

/* numpy's documented examples, shape for shape. */
static void test_numpy_examples(void **state)
{
    (void)state;
    int64_t out[CLSLICE_MAX_RANK];
    /* np.concatenate((a, b), axis=0), a (2, 2), b (1, 2) -> (3, 2) */
    const int64_t ab[] = {2, 2, 1, 2};
    assert_int_equal(clslice_plan_concat(ab, 2, 2, 0, out, NULL, NULL),
                     CLSLICE_OK);
    assert_int_equal(out[0], 3);
    assert_int_equal(out[1], 2);
    /* np.concatenate((a, b.T), axis=1) -> (2, 3) */
    const int64_t abt[] = {2, 2, 2, 1};
    assert_int_equal(clslice_plan_concat(abt, 2, 2, 1, out, NULL, NULL),
                     CLSLICE_OK);
    assert_int_equal(out[1], 3);
    /* np.stack of ten (3, 4) arrays: axis 0 (10, 3, 4), 1 (3, 10, 4),
     * 2 (3, 4, 10), -1 (3, 4, 10) */
    int64_t ten[20];
    for (int i = 0; i < 20; i++)
        ten[i] = i % 2 ? 4 : 3;
    const int64_t expect[4][3] = {{10, 3, 4}, {3, 10, 4}, {3, 4, 10},
                                  {3, 4, 10}};
    const int64_t axes[4] = {0, 1, 2, -1};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(clslice_plan_stack(ten, 2, 10, axes[k], out, NULL,
                                            NULL),
                         CLSLICE_OK);
        assert_memory_equal(out, expect[k], sizeof expect[k]);
    }
    /* np.stack of scalars is a vector */
    assert_int_equal(clslice_plan_stack(NULL, 0, 5, 0, out, NULL, NULL),
                     CLSLICE_OK);
    assert_int_equal(out[0], 5);
}

static void test_unknown_sizes(void **state)
{
    (void)state;
    int64_t out[CLSLICE_MAX_RANK];
    clslice_plan *plans[2] = {NULL, NULL};
    clslice_error err;
    /* the batch dim is unknown in one input: the other's size is taken */
    const int64_t a[] = {-1, 3, 4, 5};
    assert_int_equal(clslice_plan_concat(a, 2, 2, 1, out, NULL, &err),
                     CLSLICE_OK);
    assert_int_equal(out[0], 4);
    assert_int_equal(out[1], 8);
    /* an unknown size along the axis makes the output's unknown */
    const int64_t b[] = {2, -1, 2, 5};
    assert_int_equal(clslice_plan_concat(b, 2, 2, 1, out, NULL, &err),
                     CLSLICE_OK);
    assert_int_equal(out[0], 2);
    assert_int_equal(out[1], -1);
    const int64_t c[] = {-1, 3, -1, 3};
    assert_int_equal(clslice_plan_stack(c, 2, 2, 0, out, NULL, &err),
                     CLSLICE_OK);
    assert_int_equal(out[1], -1);
    /* plans need every size */
    assert_int_equal(clslice_plan_concat(b, 2, 2, 1, out, plans, &err),
                     CLSLICE_ERROR_UNKNOWN);
    tu_assert_error(&err, CLSLICE_ERROR_UNKNOWN, "shapes[1]", "input 0",
                    "dim 1", NULL);
    assert_null(plans[0]);
    assert_null(plans[1]);
}

static void test_errors(void **state)
{
    (void)state;
    int64_t out[CLSLICE_MAX_RANK];
    clslice_plan *plans[3] = {NULL, NULL, NULL};
    clslice_error err;
    const int64_t s[] = {2, 3, 2, 4, 3, 3};
    assert_int_equal(clslice_plan_concat(s, 2, 0, 0, out, plans, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "count is 0",
                    "need at least one array to concatenate", NULL);
    assert_int_equal(clslice_plan_stack(s, 2, 0, 0, out, plans, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "to stack", NULL);
    assert_int_equal(clslice_plan_concat(s, 2, 3, 0, NULL, plans, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "out_shape is NULL", NULL);
    assert_int_equal(clslice_plan_concat(NULL, 2, 3, 0, out, plans, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "shapes is NULL", NULL);
    assert_int_equal(clslice_plan_concat(s, 0, 3, 0, out, plans, &err),
                     CLSLICE_ERROR_RANK);
    tu_assert_error(&err, CLSLICE_ERROR_RANK,
                    "zero-dimensional arrays cannot be concatenated", NULL);
    int64_t big[CLSLICE_MAX_RANK] = {0};
    assert_int_equal(clslice_plan_stack(big, CLSLICE_MAX_RANK, 1, 0, out,
                                        plans, &err),
                     CLSLICE_ERROR_RANK);
    tu_assert_error(&err, CLSLICE_ERROR_RANK, "rank 32", NULL);
    assert_int_equal(clslice_plan_concat(s, 2, 3, 2, out, plans, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "axis 2 is out of bounds",
                    "2 dimensions", NULL);
    assert_int_equal(clslice_plan_stack(s, 2, 3, -4, out, plans, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "axis -4", "3 dimensions",
                    NULL);
    /* dim 0 differs between input 0 (2) and input 2 (3) */
    assert_int_equal(clslice_plan_concat(s, 2, 3, 1, out, plans, &err),
                     CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE, "along dimension 0",
                    "array at index 0 has size 2",
                    "array at index 2 has size 3", NULL);
    assert_int_equal(clslice_plan_stack(s, 2, 2, 0, out, plans, &err),
                     CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE,
                    "all input arrays must have the same shape",
                    "dimension 1", "input 1 has size 4", NULL);
    /* numpy reports the first input that differs, then its first dim:
     * input 1's dim 2, not input 2's dim 0 (axis 1 joins). */
    const int64_t order[] = {1, 1, 1, 1, 1, 2, 2, 2, 1};
    assert_int_equal(clslice_plan_concat(order, 3, 3, 1, out, plans, &err),
                     CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE, "along dimension 2",
                    "array at index 0 has size 1",
                    "array at index 1 has size 2", NULL);
    const int64_t negative[] = {2, 3, 2, -2};
    assert_int_equal(clslice_plan_concat(negative, 2, 2, 0, out, plans,
                                         &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "shapes[3] = -2",
                    "input 1, dim 1", NULL);
    const int64_t huge[] = {INT64_MAX, 1};
    assert_int_equal(clslice_plan_concat(huge, 1, 2, 0, out, plans, &err),
                     CLSLICE_ERROR_SHAPE);
    tu_assert_error(&err, CLSLICE_ERROR_SHAPE, "more than int64", NULL);
    for (int i = 0; i < 3; i++)
        assert_null(plans[i]);
}

/* ---- the overlap test against all pairs --------------------------------- */

/* A random place on `shape`: a range per dim, or an index. */
static clslice_plan *random_place(tu_rng *rng, const int64_t *shape,
                                  int rank)
{
    rp_case c;
    memset(&c, 0, sizeof c);
    c.rank = rank;
    memcpy(c.shape, shape, (size_t)rank * sizeof *shape);
    c.front = RP_EXPR;
    for (int d = 0; d < rank; d++) {
        rp_slot *s = &c.slots[c.nslots++];
        if (shape[d] > 0 && tu_range(rng, 0, 4) == 0)
            *s = (rp_slot){.kind = RP_SHRINK, .has_b = true,
                           .b = tu_range(rng, 0, shape[d] - 1)};
        else
            rp_random_range(rng, shape[d], s);
    }
    clslice_plan *plan = NULL;
    if (rp_build(&c, &plan, NULL) != CLSLICE_OK)
        return tu_expr_plan(shape, rank, "[...]");
    return plan;
}

/* Whether element `at` is one a plan reads. */
static bool reads(const int64_t *set, int64_t n, int64_t at)
{
    for (int64_t k = 0; k < n; k++)
        if (set[k] == at)
            return true;
    return false;
}

/* The element the message names, as a linear index; -1 if none. */
static int64_t named_element(const char *message, const int64_t *shape,
                             int rank)
{
    const char *p = strstr(message, "element [");
    if (!p)
        return -1;
    p += strlen("element [");
    int64_t coord[CLSLICE_MAX_RANK];
    for (int d = 0; d < rank; d++) {
        char *end;
        coord[d] = strtoll(p, &end, 10);
        p = end + (*end == ',' ? 2 : 0);
    }
    return linear(coord, shape, rank);
}

static void one_overlap(tu_rng *rng, uint64_t seed, int n)
{
    enum { MOST = 12, CAP = 4096 };
    static int64_t sets[MOST][CAP];
    int64_t shape[4], sizes[MOST];
    int rank = (int)tu_range(rng, 0, 4);
    for (int d = 0; d < rank; d++)
        shape[d] = tu_range(rng, 0, 6);
    size_t count = (size_t)tu_range(rng, 1, MOST);
    clslice_plan *plans[MOST];
    for (size_t i = 0; i < count; i++) {
        plans[i] = random_place(rng, shape, rank);
        sizes[i] = rp_enumerate(plans[i], sets[i], CAP);
    }
    size_t fi = SIZE_MAX, fj = SIZE_MAX;
    for (size_t i = 0; i < count && fi == SIZE_MAX; i++)
        for (size_t j = i + 1; j < count && fi == SIZE_MAX; j++)
            for (int64_t k = 0; k < sizes[i] && fi == SIZE_MAX; k++)
                if (reads(sets[j], sizes[j], sets[i][k])) {
                    fi = i;
                    fj = j;
                }
    char where[96];
    snprintf(where, sizeof where, "overlap case %d: %zu places on %s", n,
             count, tu_shape_str(shape, rank));
    clslice_error err;
    clslice_status st = cs_concat_disjoint(
        (const clslice_plan *const *)plans, count, &err);
    if ((st == CLSLICE_OK) != (fi == SIZE_MAX))
        print_error("%s: the model says %zu and %zu, the test %s\n", where,
                    fi, fj, err.message);
    EXPECT((st == CLSLICE_OK) == (fi == SIZE_MAX));
    if (fi != SIZE_MAX) {
        char pair[80];
        snprintf(pair, sizeof pair, "parts[%zu].plan and parts[%zu].plan",
                 fi, fj);
        if (!strstr(err.message, pair))
            print_error("%s: expected %s in: %s\n", where, pair,
                        err.message);
        EXPECT(strstr(err.message, pair) != NULL);
        int64_t at = named_element(err.message, shape, rank);
        EXPECT(reads(sets[fi], sizes[fi], at) &&
               reads(sets[fj], sizes[fj], at));
    }
    for (size_t i = 0; i < count; i++)
        clslice_plan_release(&plans[i]);
}

static void test_overlap_against_all_pairs(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(0x0E7A9);
    tu_rng rng = {seed};
    for (int n = 0; n < OVERLAP_CASES; n++)
        one_overlap(&rng, seed, n);
}

/* ---- two progressions on indices up to 2^63 ----------------------------- */

/* A value of any size, mostly large. */
static int64_t any_size(tu_rng *rng, int64_t most)
{
    switch (tu_range(rng, 0, 3)) {
    case 0: return tu_range(rng, 1, 50);
    case 1: return tu_range(rng, 1, most);
    case 2: return most / tu_range(rng, 1, 1000) + 1;
    default: return (int64_t)(tu_next(rng) >> tu_range(rng, 2, 62)) + 1;
    }
}

typedef struct prog {
    int64_t start, step, count; /* step may be negative */
} prog;

/* A progression inside [0, n): at most `most` indices when short. */
static prog random_prog(tu_rng *rng, int64_t n, bool shortish)
{
    prog p;
    p.step = any_size(rng, n);
    if (tu_range(rng, 0, 1))
        p.step = -p.step;
    int64_t room = (n - 1) / (p.step < 0 ? -p.step : p.step) + 1;
    p.count = tu_range(rng, 1, shortish && room > 300 ? 300 : room);
    int64_t span = (p.count - 1) * (p.step < 0 ? -p.step : p.step);
    int64_t low = tu_range(rng, 0, n - 1 - span);
    p.start = p.step > 0 ? low : low + span;
    return p;
}

/* Whether index x is one of p's: exact, in 128 bits. */
static bool holds(const prog *p, wide x)
{
    wide d = x - (wide)p->start;
    if (d % p->step != 0)
        return false;
    wide k = d / p->step;
    return k >= 0 && k < p->count;
}

static clslice_plan *prog_plan(const prog *p, int64_t n)
{
    char expr[128];
    int64_t end = p->start + p->step * (p->count - 1) + (p->step > 0 ? 1 : -1);
    if (end < 0)
        snprintf(expr, sizeof expr, "[%lld::%lld]", (long long)p->start,
                 (long long)p->step);
    else
        snprintf(expr, sizeof expr, "[%lld:%lld:%lld]", (long long)p->start,
                 (long long)end, (long long)p->step);
    return tu_expr_plan(&n, 1, expr);
}

static void test_overlap_of_large_progressions(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(0x1A26E);
    tu_rng rng = {seed};
    for (int n = 0; n < WIDE_CASES; n++) {
        int64_t size = any_size(&rng, INT64_MAX - 1);
        prog a = random_prog(&rng, size, true);
        prog b = random_prog(&rng, size, false);
        if (tu_range(&rng, 0, 3) == 0) { /* on a's lattice, now and then */
            b.step = 1;
            b.count = 1;
            /* k < a.count keeps the product and the sum in range */
            b.start = a.start + a.step * tu_range(&rng, 0, a.count - 1);
        }
        bool model = false;
        for (int64_t k = 0; k < a.count && !model; k++)
            model = holds(&b, (wide)a.start + (wide)a.step * k);
        char where[200];
        snprintf(where, sizeof where, "case %d: size %lld, a %lld:%lld:%lld "
                 "(count), b %lld:%lld:%lld", n, (long long)size,
                 (long long)a.start, (long long)a.step, (long long)a.count,
                 (long long)b.start, (long long)b.step, (long long)b.count);
        clslice_plan *plans[2] = {prog_plan(&a, size), prog_plan(&b, size)};
        clslice_error err;
        clslice_status st = cs_concat_disjoint(
            (const clslice_plan *const *)plans, 2, &err);
        EXPECT((st != CLSLICE_OK) == model);
        if (model) {
            int64_t at = named_element(err.message, &size, 1);
            EXPECT(holds(&a, at) && holds(&b, at));
        }
        clslice_plan_release(&plans[0]);
        clslice_plan_release(&plans[1]);
    }
}

/* Many parts: a concatenation of 5000 slices along one axis, one more
 * slice that meets the 4000th, and 5000 interleaved columns. */
static void test_many_parts(void **state)
{
    (void)state;
    enum { N = 5000 };
    clslice_plan **plans = calloc(N + 1, sizeof *plans);
    assert_non_null(plans);
    const int64_t shape[] = {N, 3};
    char expr[64];
    for (int i = 0; i < N; i++) {
        snprintf(expr, sizeof expr, "[%d:%d, ::-1]", N - 1 - i, N - i);
        plans[i] = tu_expr_plan(shape, 2, expr);
    }
    clslice_error err;
    assert_int_equal(cs_concat_disjoint((const clslice_plan *const *)plans,
                                        N, &err),
                     CLSLICE_OK);
    plans[N] = tu_expr_plan(shape, 2, "[999, 2]");
    assert_int_equal(cs_concat_disjoint((const clslice_plan *const *)plans,
                                        N + 1, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "parts[4000].plan and parts[5000].plan",
                    "element [999, 2]", NULL);
    for (int i = 0; i <= N; i++)
        clslice_plan_release(&plans[i]);
    const int64_t row[] = {3, N};
    for (int i = 0; i < N; i++) {
        snprintf(expr, sizeof expr, "[:, %d::%d]", i, N);
        plans[i] = tu_expr_plan(row, 2, expr);
    }
    assert_int_equal(cs_concat_disjoint((const clslice_plan *const *)plans,
                                        N, &err),
                     CLSLICE_OK);
    for (int i = 0; i < N; i++)
        clslice_plan_release(&plans[i]);
    free(plans);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_joins_against_numpy_model),
        cmocka_unit_test(test_numpy_examples),
        cmocka_unit_test(test_unknown_sizes),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_overlap_against_all_pairs),
        cmocka_unit_test(test_overlap_of_large_progressions),
        cmocka_unit_test(test_many_parts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
