/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The two roads of clslice_host_gather2 and clslice_host_scatter2: a
 * descriptor without a blocking takes the strided layout, one with a
 * blocking the lanes layout (host_blocked.c).  Fed the same descriptor
 * without a blocking, both must agree on everything a caller sees: the
 * status, the message and every byte of the buffers, checks that fail
 * included, and a refused call writes nothing.  Random plans of every
 * front-end, random value shapes (some the rule refuses), tensors plain
 * or strided (zero strides in a destination too), offsets, buffers too
 * small or NULL, source and destination in one arena so that they may
 * overlap, a bad elem_size or plan now and then.  test_host_general compares the calls with the plain
 * ones; test_host_blocked checks the lanes road against a reference.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/host/host.h"
#include "randblocked.h"
#include "randstrided.h"
#include "randvalue.h"
#include "testutil.h"

enum { CASES = 3000, MAX_ELEMS = 120, MAX_BYTES = 64 << 10, GUARD = 16 };

static const size_t ELEM_SIZES[] = {1, 2, 3, 4, 8};
static uint64_t g_seed;
static char g_case[2048];
static long g_ok, g_refused, g_overlap;

#define EXPECT(cond) TU_EXPECT(cond, g_case, g_seed)

static clslice_plan *random_plan(tu_rng *rng)
{
    for (;;) {
        rp_case c;
        clslice_plan *plan = NULL;
        rp_random_case(rng, (int)tu_range(rng, 1, 4), MAX_ELEMS, &c);
        if (rp_build(&c, &plan, NULL) == CLSLICE_OK)
            return plan;
    }
}

/* A plain or strided tensor (repeat: zero strides allowed); its bytes
 * and data spoiled now and then.  data is a mark (set or NULL) until the
 * arena exists (put). */
static clslice_host_tensor place(tu_rng *rng, const int64_t *shape, int rank,
                                 bool repeat, size_t es, rb_tensor *t)
{
    static unsigned char mark;
    rb_random_tensor(rng, shape, rank, false, repeat, es, t);
    if (t->need > MAX_BYTES || tu_chance(rng, 30)) {
        rs_tensor dense;
        rs_dense_tensor(shape, rank, 0, es, &dense);
        memcpy(t->stride, dense.stride, sizeof t->stride);
        t->null_strides = true;
        t->offset = 0;
        t->need = dense.need;
    }
    clslice_host_tensor h = {&mark, t->need, t->offset, rb_strides(t)};
    int spoil = (int)tu_range(rng, 0, 19);
    if (spoil == 0 && h.bytes > 0)
        h.bytes -= (size_t)tu_range(rng, 1, (int64_t)h.bytes); /* too small */
    else if (spoil == 1)
        h.offset = h.bytes + (size_t)tu_range(rng, 1, 8); /* past the end */
    else if (spoil == 2)
        h.data = NULL;
    else if (spoil == 3 && h.offset > 0)
        h.offset -= 1; /* before a negative stride's reach, or misplaced */
    else if (spoil >= 15)
        h.bytes += (size_t)tu_range(rng, 0, GUARD); /* room to spare */
    return h;
}

/* A placed tensor's data at byte `at` of the arena. */
static void put(clslice_host_tensor *t, unsigned char *arena, size_t at)
{
    if (t->data)
        t->data = arena + at;
}

/* Source and destination in one arena: the destination after the source
 * or, one case in four, at a random place that may overlap it. */
static size_t dst_at(tu_rng *rng, size_t src_need, size_t arena_bytes,
                     size_t dst_need)
{
    if (!tu_chance(rng, 25))
        return src_need + GUARD;
    g_overlap++;
    return (size_t)tu_range(rng, 0, (int64_t)(arena_bytes - dst_need));
}

/* Runs both roads on copies of the arena and compares what a caller
 * sees. */
typedef clslice_status (*road)(const void *desc, clslice_error *err);

static void compare(road fast, road general, void *fast_desc,
                    void *general_desc, unsigned char *a, unsigned char *b,
                    size_t bytes)
{
    clslice_error fe, ge;
    memset(&fe, 0, sizeof fe);
    memset(&ge, 0, sizeof ge);
    unsigned char *before = malloc(bytes);
    assert_non_null(before);
    memcpy(before, a, bytes);
    clslice_status fs = fast(fast_desc, &fe);
    clslice_status gs = general(general_desc, &ge);
    if (fs != gs || strcmp(fe.message, ge.message) != 0)
        rp_append(g_case, sizeof g_case, "\n  fast: %d %s\n  general: %d %s",
                  (int)fs, fe.message, (int)gs, ge.message);
    EXPECT(fs == gs);
    EXPECT(strcmp(fe.message, ge.message) == 0);
    EXPECT(memcmp(&fe, &ge, sizeof fe) == 0); /* opencl_code too */
    EXPECT(memcmp(a, b, bytes) == 0);
    EXPECT(fs == CLSLICE_OK || memcmp(a, before, bytes) == 0); /* untouched */
    free(before);
    if (fs == CLSLICE_OK)
        g_ok++;
    else
        g_refused++;
}

static clslice_status gather_fast(const void *d, clslice_error *err)
{
    return clslice_host_gather2(d, err);
}

static clslice_status gather_general(const void *d, clslice_error *err)
{
    return cs_host_gather_lanes(d, err);
}

static clslice_status scatter_fast(const void *d, clslice_error *err)
{
    return clslice_host_scatter2(d, err);
}

static clslice_status scatter_general(const void *d, clslice_error *err)
{
    return cs_host_scatter_lanes(d, err);
}

/* Two arenas of the same random bytes. */
static void arenas(tu_rng *rng, size_t bytes, unsigned char **a,
                   unsigned char **b)
{
    *a = malloc(bytes);
    *b = malloc(bytes);
    assert_true(*a && *b);
    for (size_t i = 0; i < bytes; i++)
        (*a)[i] = (unsigned char)tu_next(rng);
    memcpy(*b, *a, bytes);
}

/* The same tensor in arena b at the same place as in arena a. */
static clslice_host_tensor moved(clslice_host_tensor t, unsigned char *a,
                                 unsigned char *b)
{
    if (t.data)
        t.data = b + ((const unsigned char *)t.data - a);
    return t;
}

static size_t random_elem_size(tu_rng *rng)
{
    if (tu_chance(rng, 2))
        return 0;
    return ELEM_SIZES[tu_range(rng, 0, 4)];
}

static void gather_case(tu_rng *rng)
{
    clslice_plan *plan = random_plan(rng);
    size_t es = random_elem_size(rng), size = es ? es : 1;
    int64_t in[CLSLICE_MAX_RANK], out[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(plan, in);
    clslice_plan_output_shape(plan, out);
    int in_rank = clslice_plan_input_rank(plan);
    int out_rank = clslice_plan_output_rank(plan);
    rb_tensor st, dt;
    clslice_host_tensor s = place(rng, in, in_rank, false, size, &st);
    clslice_host_tensor d = place(rng, out, out_rank, true, size, &dt);
    size_t bytes = st.need + dt.need + 2 * GUARD;
    unsigned char *a, *b;
    size_t at = dst_at(rng, st.need, bytes, dt.need);
    arenas(rng, bytes, &a, &b);
    put(&s, a, 0);
    put(&d, a, at);
    clslice_host_gather_desc fd = CLSLICE_HOST_GATHER_DESC_INIT;
    fd.plan = tu_chance(rng, 2) ? NULL : plan;
    fd.elem_size = es;
    fd.src = s;
    fd.dst = d;
    clslice_host_gather_desc gd = fd;
    gd.src = moved(s, a, b);
    gd.dst = moved(d, a, b);
    char sd[600], dd[600];
    rb_describe(&st, sd, sizeof sd);
    rb_describe(&dt, dd, sizeof dd);
    snprintf(g_case, sizeof g_case, "gather, elem_size %zu, src %s (bytes "
             "%zu, offset %zu, data %s), dst %s (bytes %zu, offset %zu, data "
             "at %td)", es, sd, s.bytes, s.offset, s.data ? "set" : "NULL",
             dd, d.bytes, d.offset,
             d.data ? (const unsigned char *)d.data - a : -1);
    compare(gather_fast, gather_general, &fd, &gd, a, b, bytes);
    free(a);
    free(b);
    clslice_plan_release(&plan);
}

static void scatter_case(tu_rng *rng)
{
    clslice_plan *plan = random_plan(rng);
    size_t es = random_elem_size(rng), size = es ? es : 1;
    int64_t in[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(plan, in);
    int in_rank = clslice_plan_input_rank(plan);
    rv_value v;
    rv_random_value(rng, plan, 8, &v);
    rb_tensor vt, dt;
    clslice_host_tensor val = place(rng, v.shape, v.rank, true, size, &vt);
    clslice_host_tensor d = place(rng, in, in_rank, true, size, &dt);
    size_t bytes = vt.need + dt.need + 2 * GUARD;
    unsigned char *a, *b;
    size_t at = dst_at(rng, vt.need, bytes, dt.need);
    arenas(rng, bytes, &a, &b);
    put(&val, a, 0);
    put(&d, a, at);
    clslice_host_scatter_desc fd = CLSLICE_HOST_SCATTER_DESC_INIT;
    fd.plan = tu_chance(rng, 2) ? NULL : plan;
    fd.elem_size = es;
    fd.value = val;
    fd.value_shape = v.shape;
    fd.value_rank = v.rank;
    fd.rule = v.rule;
    fd.dst = d;
    clslice_host_scatter_desc gd = fd;
    gd.value = moved(val, a, b);
    gd.dst = moved(d, a, b);
    char vd[600], dd[600];
    rb_describe(&vt, vd, sizeof vd);
    rb_describe(&dt, dd, sizeof dd);
    snprintf(g_case, sizeof g_case, "scatter, elem_size %zu, rule %d, value "
             "%s (bytes %zu, offset %zu, data %s), dst %s (bytes %zu, offset "
             "%zu, data at %td)", es, (int)v.rule, vd, val.bytes, val.offset,
             val.data ? "set" : "NULL", dd, d.bytes, d.offset,
             d.data ? (const unsigned char *)d.data - a : -1);
    compare(scatter_fast, scatter_general, &fd, &gd, a, b, bytes);
    free(a);
    free(b);
    clslice_plan_release(&plan);
}

static void test_roads_agree(void **state)
{
    (void)state;
    g_seed = tu_seed(0x0FA57ED5);
    tu_rng rng = {g_seed};
    long cases = tu_scaled(CASES);
    for (long i = 0; i < cases; i++) {
        if (i % 2)
            scatter_case(&rng);
        else
            gather_case(&rng);
    }
    print_message("%ld cases (seed 0x%016" PRIx64 "): %ld run, %ld refused, "
                  "%ld with the destination placed anywhere\n", cases, g_seed,
                  g_ok, g_refused, g_overlap);
    /* both outcomes must be common, or the comparison proves little */
    assert_true(g_ok > cases / 5);
    assert_true(g_refused > cases / 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roads_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
