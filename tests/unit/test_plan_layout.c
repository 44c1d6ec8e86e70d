/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_plan_layout and clslice_layout_simplify.
 *
 * Random plans (ranks 0-8, and some of 16 and 32) are built through the
 * front-ends; every output element is enumerated three ways -- from the
 * plan's start/step/count alone, through the unsimplified layout and
 * through the simplified one -- and the (source, destination) sequences
 * must be identical.  Then the standard cases must simplify as documented,
 * random hand-made layouts must keep their element pairs, and the errors.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#include "randplan.h"

__extension__ typedef __int128 i128;

#define MAX_ELEMS 4096

static uint64_t g_seed;
static long long g_plans;
static long long g_elements;
static char g_ctx[4200];

static int64_t g_ref[MAX_ELEMS];
static int64_t g_src[MAX_ELEMS], g_dst[MAX_ELEMS];
static int64_t g_src2[MAX_ELEMS], g_dst2[MAX_ELEMS];

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

#define EXPECT_EQ64(actual, expected)                                      \
    do {                                                                   \
        int64_t a_ = (actual), e_ = (expected);                            \
        if (a_ != e_) {                                                    \
            print_error("%s:%d: %s is %" PRId64 ", expected %" PRId64      \
                        "\n  case: %s\n  seed: 0x%016" PRIx64 "\n",        \
                        __FILE__, __LINE__, #actual, a_, e_, g_ctx,        \
                        g_seed);                                           \
            fail();                                                        \
        }                                                                  \
    } while (0)

static void print_layout(const char *name, const clslice_layout *l)
{
    char buf[2048];
    buf[0] = '\0';
    int rank = l->rank < 0 || l->rank > CLSLICE_MAX_RANK ? 0 : l->rank;
    rp_append(buf, sizeof buf, "%s: rank %d offset %" PRId64 " elements %" PRId64
              " src [%" PRId64 ", %" PRId64 "] count/src/dst:",
              name, l->rank, l->offset, l->elements, l->src_min, l->src_max);
    for (int k = 0; k < rank; k++)
        rp_append(buf, sizeof buf, " (%" PRId64 " %" PRId64 " %" PRId64 ")",
                  l->count[k], l->src_stride[k], l->dst_stride[k]);
    print_message("%s\n", buf);
}

/*
 * Every (src, dst) pair of a layout in row-major order over count[];
 * returns the number of elements, -1 if more than cap, -2 if malformed.
 */
static int64_t enum_layout(const clslice_layout *l, int64_t *src,
                           int64_t *dst, int64_t cap)
{
    if (l->rank < 0 || l->rank > CLSLICE_MAX_RANK)
        return -2;
    int64_t total = 1;
    for (int k = 0; k < l->rank; k++) {
        if (l->count[k] < 0)
            return -2;
        if (l->count[k] == 0)
            return 0;
    }
    for (int k = 0; k < l->rank; k++) {
        total *= l->count[k];
        if (total > cap)
            return -1;
    }
    int64_t j[CLSLICE_MAX_RANK] = {0};
    for (int64_t i = 0; i < total; i++) {
        int64_t s = l->offset, d = 0;
        for (int k = 0; k < l->rank; k++) {
            s += j[k] * l->src_stride[k];
            d += j[k] * l->dst_stride[k];
        }
        src[i] = s;
        dst[i] = d;
        for (int k = l->rank - 1; k >= 0; k--) {
            if (++j[k] < l->count[k])
                break;
            j[k] = 0;
        }
    }
    return total;
}

/* What a simplified layout must look like (documented): no size-1 dims, no
 * neighbours that chain in both source and destination; empty -> rank 1
 * count 0; one element -> rank 0. */
static void check_simplified_form(const clslice_layout *s, int64_t elements,
                                  int max_rank)
{
    EXPECT_EQ64(s->elements, elements);
    EXPECT(s->rank <= max_rank || (elements == 0 && s->rank == 1));
    if (elements == 0) {
        EXPECT(s->rank == 1);
        EXPECT_EQ64(s->count[0], 0);
        EXPECT_EQ64(s->src_min, 0);
        EXPECT_EQ64(s->src_max, -1);
        return;
    }
    if (elements == 1) {
        EXPECT(s->rank == 0);
        return;
    }
    for (int k = 0; k < s->rank; k++)
        EXPECT(s->count[k] > 1);
    for (int k = 0; k + 1 < s->rank; k++) {
        bool chains =
            (i128)s->src_stride[k] == (i128)s->src_stride[k + 1] * s->count[k + 1] &&
            (i128)s->dst_stride[k] == (i128)s->dst_stride[k + 1] * s->count[k + 1];
        EXPECT(!chains);
    }
}

/* Compares two layouts' meaningful fields. */
static bool same_layout(const clslice_layout *a, const clslice_layout *b)
{
    if (a->rank != b->rank || a->elements != b->elements ||
        a->src_min != b->src_min || a->src_max != b->src_max)
        return false;
    if (a->elements == 0)
        return true;
    if (a->offset != b->offset)
        return false;
    for (int k = 0; k < a->rank; k++)
        if (a->count[k] != b->count[k] || a->src_stride[k] != b->src_stride[k] ||
            a->dst_stride[k] != b->dst_stride[k])
            return false;
    return true;
}

/* Simplifies `raw` and checks the pairs are kept; returns the result. */
static clslice_layout check_simplify(const clslice_layout *raw, int64_t n,
                                     const int64_t *src, const int64_t *dst)
{
    clslice_layout simp = *raw;
    clslice_layout_simplify(&simp);
    int64_t m = enum_layout(&simp, g_src2, g_dst2, MAX_ELEMS);
    if (m != n) {
        print_layout("unsimplified", raw);
        print_layout("simplified", &simp);
    }
    EXPECT_EQ64(m, n);
    for (int64_t i = 0; i < n; i++) {
        if (g_src2[i] != src[i] || g_dst2[i] != dst[i]) {
            print_layout("unsimplified", raw);
            print_layout("simplified", &simp);
            print_error("element %" PRId64 ": simplified (%" PRId64 ", %" PRId64
                        ") vs (%" PRId64 ", %" PRId64 ")\n",
                        i, g_src2[i], g_dst2[i], src[i], dst[i]);
        }
        EXPECT(g_src2[i] == src[i] && g_dst2[i] == dst[i]);
    }
    EXPECT_EQ64(simp.src_min, raw->src_min);
    EXPECT_EQ64(simp.src_max, raw->src_max);
    check_simplified_form(&simp, n, raw->rank);
    /* simplifying again changes nothing */
    clslice_layout again = simp;
    clslice_layout_simplify(&again);
    EXPECT(same_layout(&again, &simp));
    return simp;
}

/* Full check of one plan's layout; returns the simplified layout. */
static clslice_layout check_plan_layout(const clslice_plan *plan)
{
    int64_t n = rp_enumerate(plan, g_ref, MAX_ELEMS);
    EXPECT(n >= 0);
    EXPECT_EQ64(clslice_plan_output_elements(plan), n);

    clslice_layout raw;
    memset(&raw, 0x5A, sizeof raw);
    clslice_error err;
    clslice_status st = clslice_plan_layout(plan, &raw, &err);
    if (st != CLSLICE_OK)
        print_error("clslice_plan_layout: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    EXPECT(err.status == CLSLICE_OK && err.message[0] == '\0');

    /* one layout dimension per input dimension, counts of the plan */
    int rank = clslice_plan_input_rank(plan);
    EXPECT(raw.rank == rank);
    for (int k = 0; k < rank; k++) {
        int64_t start, step, count;
        EXPECT(clslice_plan_dim(plan, k, &start, &step, &count, NULL) ==
               CLSLICE_OK);
        EXPECT_EQ64(raw.count[k], count);
    }
    EXPECT_EQ64(raw.elements, n);

    int64_t m = enum_layout(&raw, g_src, g_dst, MAX_ELEMS);
    EXPECT_EQ64(m, n);
    int64_t lo = 0, hi = -1;
    for (int64_t i = 0; i < n; i++) {
        if (g_src[i] != g_ref[i] || g_dst[i] != i) {
            print_layout("layout", &raw);
            print_error("element %" PRId64 ": layout reads %" PRId64
                        " writes %" PRId64 ", plan reads %" PRId64 "\n",
                        i, g_src[i], g_dst[i], g_ref[i]);
        }
        EXPECT(g_src[i] == g_ref[i]);
        EXPECT(g_dst[i] == i); /* output written contiguously */
        if (i == 0 || g_src[i] < lo)
            lo = g_src[i];
        if (i == 0 || g_src[i] > hi)
            hi = g_src[i];
    }
    EXPECT_EQ64(raw.src_min, lo);
    EXPECT_EQ64(raw.src_max, hi);
    g_elements += n;
    return check_simplify(&raw, n, g_src, g_dst);
}

/* ------------------------------------------------------------------------ */
/* Random plans                                                              */
/* ------------------------------------------------------------------------ */

static void random_plans(int rank, int how_many, int64_t max_elems)
{
    tu_rng rng = {g_seed ^ ((uint64_t)rank * 0x9E3779B97F4A7C15ull)};
    for (int i = 0; i < how_many; i++) {
        static rp_case c;
        rp_random_case(&rng, rank, max_elems, &c);
        clslice_plan *plan = NULL;
        clslice_error err;
        clslice_status st = rp_build(&c, &plan, &err);
        snprintf(g_ctx, sizeof g_ctx, "rank %d plan #%d: %s", rank, i, c.desc);
        if (st != CLSLICE_OK)
            print_error("building the plan failed: %s\n", err.message);
        EXPECT(st == CLSLICE_OK);
        check_plan_layout(plan);
        clslice_plan_release(&plan);
        g_plans++;
    }
}

static void test_random_low_ranks(void **state)
{
    (void)state;
    for (int rank = 0; rank <= 8; rank++)
        random_plans(rank, rank == 0 ? 100 : 2000, MAX_ELEMS);
}

static void test_random_high_ranks(void **state)
{
    (void)state;
    random_plans(12, 300, MAX_ELEMS);
    random_plans(16, 500, MAX_ELEMS);
    random_plans(32, 500, MAX_ELEMS);
}

/* Random hand-made layouts (any strides, also zero and negative, dst not
 * always contiguous): simplification keeps every pair in order. */
static void test_random_layouts(void **state)
{
    (void)state;
    tu_rng rng = {g_seed ^ 0x5151};
    for (int iter = 0; iter < 10000; iter++) {
        clslice_layout l;
        memset(&l, 0, sizeof l);
        l.rank = (int)tu_range(&rng, 0, iter < 9500 ? 7 : 20);
        int64_t total = 1;
        for (int k = 0; k < l.rank; k++) {
            int64_t c = tu_range(&rng, 0, 12) == 0 ? 0 : tu_range(&rng, 1, 4);
            if (total * c > MAX_ELEMS / 2)
                c = 1;
            l.count[k] = c;
            total *= c;
        }
        /* row-major contiguous dst, or random */
        bool contiguous = tu_range(&rng, 0, 3) != 0;
        int64_t ds = 1, ss = tu_range(&rng, 1, 3);
        for (int k = l.rank - 1; k >= 0; k--) {
            if (contiguous) {
                l.dst_stride[k] = ds;
                ds *= l.count[k] > 0 ? l.count[k] : 1;
            } else {
                l.dst_stride[k] = tu_range(&rng, -9, 9);
            }
            switch (tu_range(&rng, 0, 3)) {
            case 0: /* chains with the next dim */
                l.src_stride[k] = ss;
                break;
            case 1:
                l.src_stride[k] = -ss;
                break;
            default:
                l.src_stride[k] = tu_range(&rng, -20, 20);
                break;
            }
            ss = (l.src_stride[k] ? l.src_stride[k] : 1) *
                 (l.count[k] > 0 ? l.count[k] : 1);
            if (ss < 0)
                ss = -ss;
        }
        l.offset = tu_range(&rng, 0, 1000);
        l.elements = total;
        int64_t n = enum_layout(&l, g_src, g_dst, MAX_ELEMS);
        snprintf(g_ctx, sizeof g_ctx, "hand-made layout #%d (rank %d, %s dst)",
                 iter, l.rank, contiguous ? "contiguous" : "random");
        EXPECT_EQ64(n, total);
        l.src_min = 0;
        l.src_max = -1;
        for (int64_t i = 0; i < n; i++) {
            if (i == 0 || g_src[i] < l.src_min)
                l.src_min = g_src[i];
            if (i == 0 || g_src[i] > l.src_max)
                l.src_max = g_src[i];
        }
        clslice_layout simp = l;
        clslice_layout_simplify(&simp);
        int64_t m = enum_layout(&simp, g_src2, g_dst2, MAX_ELEMS);
        if (m != n) {
            print_layout("before", &l);
            print_layout("after", &simp);
        }
        EXPECT_EQ64(m, n);
        for (int64_t i = 0; i < n; i++) {
            if (g_src2[i] != g_src[i] || g_dst2[i] != g_dst[i]) {
                print_layout("before", &l);
                print_layout("after", &simp);
            }
            EXPECT(g_src2[i] == g_src[i] && g_dst2[i] == g_dst[i]);
        }
        EXPECT_EQ64(simp.elements, n);
        EXPECT_EQ64(simp.src_min, l.src_min);
        EXPECT_EQ64(simp.src_max, l.src_max);
        if (n == 0)
            EXPECT(simp.rank == 1 && simp.count[0] == 0);
        if (n == 1)
            EXPECT(simp.rank == 0);
        for (int k = 0; k < simp.rank && n > 1; k++)
            EXPECT(simp.count[k] > 1);
        g_plans++;
    }
}

/* ------------------------------------------------------------------------ */
/* Standard cases                                                            */
/* ------------------------------------------------------------------------ */

static clslice_layout simplified_of(const int64_t *shape, int rank,
                                    const char *expr)
{
    snprintf(g_ctx, sizeof g_ctx, "%s on shape %s", expr,
             tu_shape_str(shape, rank));
    clslice_plan *plan = NULL;
    clslice_error err;
    clslice_status st = clslice_plan_expr(shape, rank, expr, &plan, &err);
    if (st != CLSLICE_OK)
        print_error("plan failed: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    clslice_layout s = check_plan_layout(plan);
    clslice_plan_release(&plan);
    g_plans++;
    return s;
}

typedef struct expect_layout {
    int rank;
    int64_t offset;
    int64_t elements;
    int64_t count[4], src[4], dst[4];
    int64_t src_min, src_max;
} expect_layout;

static void expect_simplified(const int64_t *shape, int rank, const char *expr,
                              expect_layout want)
{
    clslice_layout s = simplified_of(shape, rank, expr);
    bool ok = s.rank == want.rank && s.elements == want.elements &&
              s.src_min == want.src_min && s.src_max == want.src_max &&
              (want.elements == 0 || s.offset == want.offset);
    for (int k = 0; ok && k < want.rank; k++)
        ok = s.count[k] == want.count[k] &&
             (want.elements == 0 ||
              (s.src_stride[k] == want.src[k] && s.dst_stride[k] == want.dst[k]));
    if (!ok)
        print_layout("simplified", &s);
    EXPECT(ok);
}

static void test_standard_cases(void **state)
{
    (void)state;
    const int64_t s456[3] = {4, 5, 6};
    /* identity -> one run of every element */
    expect_layout id = {1, 0, 120, {120}, {1}, {1}, 0, 119};
    expect_simplified(s456, 3, "[...]", id);
    expect_simplified(s456, 3, "[]", id);
    expect_simplified(s456, 3, "[:, :, :]", id);
    expect_simplified(s456, 3, "::1, 0:5, -6:", id);
    /* one element -> rank 0 */
    expect_simplified(s456, 3, "[1, 2, 3]", (expect_layout){0, 45, 1, {0}, {0},
                                                            {0}, 45, 45});
    expect_simplified(s456, 3, "[-1:, 4:, None, -1:]",
                      (expect_layout){0, 119, 1, {0}, {0}, {0}, 119, 119});
    const int64_t scalar[1] = {0};
    expect_simplified(scalar, 0, "[]",
                      (expect_layout){0, 0, 1, {0}, {0}, {0}, 0, 0});
    expect_simplified(scalar, 0, "[None, ..., None]",
                      (expect_layout){0, 0, 1, {0}, {0}, {0}, 0, 0});
    /* a leading range -> one contiguous run */
    expect_simplified(s456, 3, "[1:3]",
                      (expect_layout){1, 30, 60, {60}, {1}, {1}, 30, 89});
    /* every other column: the rows chain (6 == 2 * 3) -> rank 1 */
    const int64_t s46[2] = {4, 6};
    expect_simplified(s46, 2, "[:, ::2]",
                      (expect_layout){1, 0, 12, {12}, {2}, {1}, 0, 22});
    /* ... but not when the row length is odd */
    const int64_t s45[2] = {4, 5};
    expect_simplified(s45, 2, "[:, ::2]",
                      (expect_layout){2, 0, 12, {4, 3}, {5, 2}, {3, 1}, 0, 19});
    expect_simplified(s45, 2, "[1:3, 2:4]",
                      (expect_layout){2, 7, 4, {2, 2}, {5, 1}, {2, 1}, 7, 13});
    /* size-1 dims dropped */
    const int64_t s345[3] = {3, 4, 5};
    expect_simplified(s345, 3, "[:, 1:2, :]",
                      (expect_layout){2, 5, 15, {3, 5}, {20, 1}, {5, 1}, 5, 49});
    expect_simplified(s345, 3, "[:, 1, :]",
                      (expect_layout){2, 5, 15, {3, 5}, {20, 1}, {5, 1}, 5, 49});
    expect_simplified(s345, 3, "[None, :, 2, 3, None]",
                      (expect_layout){1, 13, 3, {3}, {20}, {1}, 13, 53});
    const int64_t s151[3] = {1, 5, 1};
    expect_simplified(s151, 3, "[...]",
                      (expect_layout){1, 0, 5, {5}, {1}, {1}, 0, 4});
    /* inner dims chain, the sliced one does not */
    const int64_t s235[3] = {2, 3, 5};
    expect_simplified(s235, 3, "[:, :, 1:3]",
                      (expect_layout){2, 1, 12, {6, 2}, {5, 1}, {2, 1}, 1, 27});
    /* reversed */
    const int64_t s6[1] = {6};
    expect_simplified(s6, 1, "[::-1]",
                      (expect_layout){1, 5, 6, {6}, {-1}, {1}, 0, 5});
    const int64_t s34[2] = {3, 4};
    expect_simplified(s34, 2, "[::-1, ::-1]",
                      (expect_layout){1, 11, 12, {12}, {-1}, {1}, 0, 11});
    expect_simplified(s34, 2, "[::-1]",
                      (expect_layout){2, 8, 12, {3, 4}, {-4, 1}, {4, 1}, 0, 11});
    expect_simplified(s34, 2, "[::-2, 1::2]",
                      (expect_layout){2, 9, 4, {2, 2}, {-8, 2}, {2, 1}, 1, 11});
    /* empty outputs -> rank 1, count 0 */
    expect_layout empty = {1, 0, 0, {0}, {0}, {0}, 0, -1};
    expect_simplified(s45, 2, "[2:2]", empty);
    expect_simplified(s45, 2, "[:, 3:1]", empty);
    expect_simplified(s45, 2, "[::-1, 1:3:-1]", empty);
    const int64_t s304[3] = {3, 0, 4};
    expect_simplified(s304, 3, "[...]", empty);
    expect_simplified(s304, 3, "[1, :, 2]", empty);
    const int64_t s0[1] = {0};
    expect_simplified(s0, 1, "[::-1]", empty);
}

/* Huge shapes: the layout arithmetic must not overflow (UBSan). */
static void test_huge_shapes(void **state)
{
    (void)state;
    const int64_t P31 = (int64_t)1 << 31, P62 = (int64_t)1 << 62;
    struct {
        int rank;
        int64_t shape[3];
        const char *expr;
        expect_layout want;
    } cases[] = {
        {1, {INT64_MAX}, "[::-1]",
         {1, INT64_MAX - 1, INT64_MAX, {INT64_MAX}, {-1}, {1}, 0,
          INT64_MAX - 1}},
        {1, {INT64_MAX}, "[-1:]",
         {0, INT64_MAX - 1, 1, {0}, {0}, {0}, INT64_MAX - 1, INT64_MAX - 1}},
        {1, {INT64_MAX}, "[::4611686018427387904]",
         {1, 0, 2, {2}, {P62}, {1}, 0, P62}},
        {2, {P31, P31}, "[::-1, ::-1]",
         {1, P62 - 1, P62, {P62}, {-1}, {1}, 0, P62 - 1}},
        {2, {P31, P31}, "[-1, -1]",
         {0, P62 - 1, 1, {0}, {0}, {0}, P62 - 1, P62 - 1}},
        {2, {P31, P31}, "[::2, ::-3]",
         {2, P31 - 1, (P31 / 2) * ((P31 + 2) / 3), {P31 / 2, (P31 + 2) / 3},
          {2 * P31, -3}, {(P31 + 2) / 3, 1}, 1, P62 - 2 * P31 + P31 - 1}},
        {3, {INT64_MAX, 1, 1}, "[5:7]",
         {1, 5, 2, {2}, {1}, {1}, 5, 6}},
        {3, {0, P62, P62}, "[...]", {1, 0, 0, {0}, {0}, {0}, 0, -1}},
        {3, {P62, 0, P62}, "[::-1, :, 1:]", {1, 0, 0, {0}, {0}, {0}, 0, -1}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(g_ctx, sizeof g_ctx, "%s on %s", cases[i].expr,
                 tu_shape_str(cases[i].shape, cases[i].rank));
        clslice_plan *plan = NULL;
        clslice_error err;
        clslice_status st = clslice_plan_expr(cases[i].shape, cases[i].rank,
                                              cases[i].expr, &plan, &err);
        if (st != CLSLICE_OK)
            print_error("plan failed: %s\n", err.message);
        EXPECT(st == CLSLICE_OK);
        clslice_layout raw;
        st = clslice_plan_layout(plan, &raw, &err);
        if (st != CLSLICE_OK)
            print_error("layout failed: %s\n", err.message);
        EXPECT(st == CLSLICE_OK);
        expect_layout want = cases[i].want;
        EXPECT_EQ64(raw.elements, want.elements);
        EXPECT_EQ64(raw.src_min, want.src_min);
        EXPECT_EQ64(raw.src_max, want.src_max);
        if (want.elements > 0)
            EXPECT_EQ64(raw.offset, want.offset);
        clslice_layout s = raw;
        clslice_layout_simplify(&s);
        bool ok = s.rank == want.rank && s.elements == want.elements &&
                  s.src_min == want.src_min && s.src_max == want.src_max &&
                  (want.elements == 0 || s.offset == want.offset);
        for (int k = 0; ok && k < want.rank; k++)
            ok = s.count[k] == want.count[k] &&
                 (want.elements == 0 || (s.src_stride[k] == want.src[k] &&
                                         s.dst_stride[k] == want.dst[k]));
        if (!ok) {
            print_layout("unsimplified", &raw);
            print_layout("simplified", &s);
        }
        EXPECT(ok);
        clslice_plan_release(&plan);
        g_plans++;
    }
}

/* An empty output does not exempt an input of more than INT64_MAX
 * elements: clslice.h says clslice_plan_layout fails with
 * CLSLICE_ERROR_SHAPE whenever the input has that many. */
static void test_huge_input_empty_output(void **state)
{
    (void)state;
    const int64_t P31 = (int64_t)1 << 31, P40 = (int64_t)1 << 40;
    struct {
        int rank;
        int64_t shape[3];
        const char *expr;
    } big[] = {
        {3, {P31, P31, 2}, "[1:1]"},
        {2, {P40, P40}, "[:, 5:2]"},
    };
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        snprintf(g_ctx, sizeof g_ctx, "%s on %s", big[i].expr,
                 tu_shape_str(big[i].shape, big[i].rank));
        clslice_plan *plan = NULL;
        clslice_error err;
        EXPECT(clslice_plan_expr(big[i].shape, big[i].rank, big[i].expr,
                                 &plan, &err) == CLSLICE_OK);
        EXPECT(clslice_plan_output_elements(plan) == 0);
        clslice_layout l;
        clslice_status st = clslice_plan_layout(plan, &l, &err);
        clslice_plan_release(&plan);
        EXPECT(st == CLSLICE_ERROR_SHAPE);
    }
}

/* ------------------------------------------------------------------------ */
/* Errors                                                                    */
/* ------------------------------------------------------------------------ */

static void test_errors(void **state)
{
    (void)state;
    clslice_layout l;
    clslice_error err;
    clslice_plan *plan = NULL;

    /* unknown dimension */
    const int64_t unknown[2] = {3, CLSLICE_UNKNOWN};
    snprintf(g_ctx, sizeof g_ctx, "[1:2] on [3,-1]");
    EXPECT(clslice_plan_expr(unknown, 2, "[1:2]", &plan, &err) == CLSLICE_OK);
    EXPECT(!clslice_plan_is_known(plan));
    memset(&err, 0, sizeof err);
    EXPECT(clslice_plan_layout(plan, &l, &err) == CLSLICE_ERROR_UNKNOWN);
    tu_assert_error(&err, CLSLICE_ERROR_UNKNOWN, (const char *)NULL);
    EXPECT(err.message[0] != '\0');
    EXPECT(clslice_plan_layout(plan, &l, NULL) == CLSLICE_ERROR_UNKNOWN);
    clslice_plan_release(&plan);

    /* unknown begin values (TF, begin NULL) on a known shape */
    const int64_t known[2] = {3, 4};
    const int64_t end[2] = {2, 3}, strides[2] = {1, 1};
    clslice_tf_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.index_type = CLSLICE_INT64;
    spec.begin = NULL;
    spec.end = end;
    spec.strides = strides;
    spec.begin_len = spec.end_len = spec.strides_len = 2;
    snprintf(g_ctx, sizeof g_ctx, "tf begin=NULL on [3,4]");
    EXPECT(clslice_plan_tf(known, 2, &spec, &plan, &err) == CLSLICE_OK);
    EXPECT(!clslice_plan_is_known(plan));
    EXPECT(clslice_plan_layout(plan, &l, &err) == CLSLICE_ERROR_UNKNOWN);
    tu_assert_error(&err, CLSLICE_ERROR_UNKNOWN, (const char *)NULL);
    clslice_plan_release(&plan);

    /* more than INT64_MAX input elements */
    const int64_t P31 = (int64_t)1 << 31, P40 = (int64_t)1 << 40,
                  P62 = (int64_t)1 << 62;
    struct {
        int rank;
        int64_t shape[3];
        const char *expr;
    } big[] = {
        {2, {P40, P40}, "[0:1, 0:1]"},
        {2, {P40, P40}, "[...]"},
        {2, {P62, 2}, "[0, 0]"},
        {3, {P31, P31, 2}, "[1, 2:3]"},
        {2, {INT64_MAX, 2}, "[-1:]"},
        {3, {INT64_MAX, INT64_MAX, INT64_MAX}, "[:1, :1, :1]"},
    };
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        snprintf(g_ctx, sizeof g_ctx, "%s on %s", big[i].expr,
                 tu_shape_str(big[i].shape, big[i].rank));
        clslice_status st = clslice_plan_expr(big[i].shape, big[i].rank,
                                              big[i].expr, &plan, &err);
        if (st != CLSLICE_OK)
            print_error("plan failed: %s\n", err.message);
        EXPECT(st == CLSLICE_OK);
        memset(&err, 0, sizeof err);
        EXPECT(clslice_plan_layout(plan, &l, &err) == CLSLICE_ERROR_SHAPE);
        tu_assert_error(&err, CLSLICE_ERROR_SHAPE, (const char *)NULL);
        EXPECT(err.message[0] != '\0');
        clslice_plan_release(&plan);
    }

    /* NULL plan (a released plan is NULL) and NULL layout */
    snprintf(g_ctx, sizeof g_ctx, "NULL arguments");
    EXPECT(clslice_plan_expr(known, 2, "[1:]", &plan, &err) == CLSLICE_OK);
    EXPECT(clslice_plan_layout(plan, NULL, &err) == CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "layout", (const char *)NULL);
    clslice_plan_release(&plan);
    EXPECT(plan == NULL);
    EXPECT(clslice_plan_layout(plan, &l, &err) == CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "plan", (const char *)NULL);
    EXPECT(clslice_plan_layout(NULL, &l, NULL) == CLSLICE_ERROR_ARGUMENT);
}

int main(void)
{
    g_seed = tu_seed(0x1a70u);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_standard_cases),
        cmocka_unit_test(test_huge_shapes),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_huge_input_empty_output),
        cmocka_unit_test(test_random_low_ranks),
        cmocka_unit_test(test_random_high_ranks),
        cmocka_unit_test(test_random_layouts),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    printf("test_plan_layout: seed 0x%016" PRIx64 ", %lld plans/layouts checked, "
           "%lld output elements enumerated\n",
           g_seed, g_plans, g_elements);
    return failed;
}
