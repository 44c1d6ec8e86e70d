/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The overlap checks of the device calls against a brute-force model, on
 * seeded random calls: the batch's outputs and source (cs_batch_check)
 * and the arrays of one call (cs_check_arrays, which gathers, scatters,
 * strided views, the dynamic calls and both CSR passes share).  Buffers
 * are one parent, three sub-buffers of it (two of them overlapping) and
 * buffers of their own; a third of the members are empty, some of them
 * placed inside the others.
 *
 * The model compares every pair: a call is refused exactly when two
 * members that address a byte share one (for cs_check_arrays, one of the
 * two written), and the pair the message names must be such a pair.  An
 * empty member addresses nothing, so it must neither cause a refusal nor
 * hide one.  The checks ask OpenCL about the buffers only and enqueue
 * nothing, so the 6,000 calls take a fraction of a second.
 */
#include <stdio.h>
#include <string.h>

#include "opencl/ops/gather_batch.h"
#include "devutil.h"
#include "testutil.h"

enum {
    TENSOR = 64,  /* bytes of the batches' 1-D u8 input */
    ROOTS = 3,    /* the parent, a buffer of its own, the source's own */
    VIEWS = 6,    /* what a member may name: below */
    MAX_PARTS = 10,
    BATCHES = 4000,
    ARRAY_CALLS = 2000
};

/* The buffers, each with where it lies: root and first byte there. */
typedef struct world {
    tu_dev dev;
    size_t align;             /* CL_DEVICE_MEM_BASE_ADDR_ALIGN, bytes */
    cl_mem view[VIEWS];       /* parent, sub 0..2, own, source's own */
    int root[VIEWS];          /* 0: the parent, 1: own, 2: source's */
    size_t origin[VIEWS];     /* first byte in the root */
    size_t size[VIEWS];
    clslice_plan *plan[TENSOR + 1][TENSOR + 1]; /* [a:b], made on use */
} world;

/* One member as the model sees it: bytes [lo, hi) of root `root`. */
typedef struct place {
    int root; /* -1: no buffer */
    size_t lo, hi;
    bool output;
} place;

static bool overlap(const place *a, const place *b, bool need_output)
{
    return a->root >= 0 && a->root == b->root && a->lo < a->hi &&
           b->lo < b->hi && a->lo < b->hi && b->lo < a->hi &&
           (!need_output || a->output || b->output);
}

static bool any_overlap(const place *p, size_t n, bool need_output)
{
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < i; k++)
            if (overlap(&p[i], &p[k], need_output))
                return true;
    return false;
}

static cl_mem sub_buffer(cl_mem parent, size_t origin, size_t size)
{
    cl_buffer_region region = {origin, size};
    cl_int rc;
    cl_mem sub = clCreateSubBuffer(parent, CL_MEM_READ_WRITE,
                                   CL_BUFFER_CREATE_TYPE_REGION, &region,
                                   &rc);
    TU_CL_CHECK(rc);
    return sub;
}

static int setup(void **state)
{
    world *w = calloc(1, sizeof *w);
    assert_non_null(w);
    *state = w;
    if (!tu_dev_open(&w->dev))
        return 0;
    cl_uint bits;
    TU_CL_CHECK(clGetDeviceInfo(w->dev.cl.device,
                                CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits,
                                &bits, NULL));
    size_t a = bits / 8 > TENSOR ? bits / 8 : TENSOR;
    w->align = a;
    /* parent [0, 4a); sub-buffers [0, 2a), [a, 3a), [2a, 4a); own 2a */
    const size_t origin[VIEWS] = {0, 0, a, 2 * a, 0, 0};
    const size_t size[VIEWS] = {4 * a, 2 * a, 2 * a, 2 * a, 2 * a, 2 * a};
    const int root[VIEWS] = {0, 0, 0, 0, 1, 2};
    w->view[0] = tu_cl_buffer(&w->dev.cl, size[0]);
    for (int v = 1; v <= 3; v++)
        w->view[v] = sub_buffer(w->view[0], origin[v], size[v]);
    w->view[4] = tu_cl_buffer(&w->dev.cl, size[4]);
    w->view[5] = tu_cl_buffer(&w->dev.cl, size[5]);
    memcpy(w->origin, origin, sizeof origin);
    memcpy(w->size, size, sizeof size);
    memcpy(w->root, root, sizeof root);
    return 0;
}

static int teardown(void **state)
{
    world *w = *state;
    for (int a = 0; a <= TENSOR; a++)
        for (int b = 0; b <= TENSOR; b++)
            clslice_plan_release(&w->plan[a][b]);
    for (int v = VIEWS - 1; v >= 0; v--)
        if (w->view[v])
            clReleaseMemObject(w->view[v]);
    tu_dev_close(&w->dev);
    free(w);
    return 0;
}

/* ---- batches ------------------------------------------------------------ */

static const clslice_plan *plan_of(world *w, int a, int b)
{
    if (!w->plan[a][b]) {
        char expr[32];
        snprintf(expr, sizeof expr, "[%d:%d]", a, b);
        w->plan[a][b] = tu_expr_plan((const int64_t[]){TENSOR}, 1, expr);
    }
    return w->plan[a][b];
}

/* A view other than the source's own buffer. */
static int some_view(tu_rng *rng)
{
    return (int)tu_range(rng, 0, 4);
}

/* Where in view v a member of `bytes` starts: within TENSOR bytes of a
 * multiple of the alignment unit, where sub-buffers begin and end.
 * Drawing from the whole view would make overlaps rarer the larger the
 * device's CL_DEVICE_MEM_BASE_ADDR_ALIGN (512 bytes on rusticl against
 * PoCL's 128), and the verdict mix below would depend on the device. */
static size_t some_offset(const world *w, tu_rng *rng, int v, size_t bytes)
{
    int64_t blocks = (int64_t)(w->size[v] / w->align);
    int64_t at = tu_range(rng, 0, blocks) * (int64_t)w->align +
                 tu_range(rng, -TENSOR, TENSOR);
    int64_t last = (int64_t)(w->size[v] - bytes);
    return (size_t)(at < 0 ? 0 : at > last ? last : at);
}

/* A random batch and the places of its outputs (places[i]) and source
 * (places[count]). */
static size_t random_batch(world *w, tu_rng *rng, clslice_cl_part *parts,
                           cl_mem *src, size_t *src_offset, place *places)
{
    size_t count = (size_t)tu_range(rng, 1, MAX_PARTS);
    int sv = tu_range(rng, 0, 2) == 0 ? 5 : some_view(rng);
    *src = w->view[sv];
    *src_offset = some_offset(w, rng, sv, TENSOR);
    size_t at = w->origin[sv] + *src_offset;
    places[count] = (place){w->root[sv], at, at + TENSOR, false};
    for (size_t i = 0; i < count; i++) {
        int a = (int)tu_range(rng, 0, TENSOR), b = a;
        if (tu_range(rng, 0, 2) != 0)
            b = (int)tu_range(rng, a, TENSOR);
        size_t bytes = (size_t)(b - a);
        int v = some_view(rng);
        bool none = bytes == 0 && tu_range(rng, 0, 3) == 0;
        size_t offset = some_offset(w, rng, v, bytes);
        parts[i] = (clslice_cl_part){plan_of(w, a, b),
                                     none ? NULL : w->view[v],
                                     none ? 0 : offset};
        at = w->origin[v] + offset;
        places[i] = (place){none ? -1 : w->root[v], at, at + bytes, true};
    }
    return count;
}

/* The parts the refusal names (SIZE_MAX for src) overlap in the model. */
static bool names_a_real_pair(const clslice_error *err, const place *places,
                              size_t count)
{
    size_t i, k;
    if (sscanf(err->message, "parts[%zu].buffer and parts[%zu].buffer", &i,
               &k) == 2)
        return i < count && k < count && overlap(&places[i], &places[k],
                                                 false);
    if (sscanf(err->message, "src.buffer and parts[%zu].buffer", &i) == 1)
        return i < count && overlap(&places[i], &places[count], false);
    return false;
}

static void describe_batch(const clslice_cl_part *parts, size_t count,
                           const place *places, char *text, size_t size)
{
    size_t n = (size_t)snprintf(text, size, "src root %d [%zu, %zu);",
                                places[count].root, places[count].lo,
                                places[count].hi);
    for (size_t i = 0; i < count && n < size; i++)
        n += (size_t)snprintf(text + n, size - n,
                              " parts[%zu] %s root %d [%zu, %zu);", i,
                              parts[i].buffer ? "buffer" : "NULL",
                              places[i].root, places[i].lo, places[i].hi);
}

static void test_batch_against_model(void **state)
{
    world *w = *state;
    TU_SKIP_WITHOUT_DEVICE(&w->dev);
    uint64_t seed = tu_seed(0x0b47c40e);
    tu_rng rng = {seed};
    long refused = 0, hidden_by_empty = 0, n = tu_scaled(BATCHES);
    for (long t = 0; t < n; t++) {
        clslice_cl_part parts[MAX_PARTS];
        place places[MAX_PARTS + 1];
        clslice_layout layouts[MAX_PARTS];
        cs_batch_call call = {
            .call = cs_call_of(w->dev.runtime, w->dev.queue, 0, 0, NULL,
                               NULL),
            .parts = parts, .elem_size = 1, .layouts = layouts};
        call.count = random_batch(w, &rng, parts, &call.src,
                                  &call.src_offset, places);
        bool expect = any_overlap(places, call.count + 1, false);
        clslice_error err = {0};
        clslice_status st = cs_batch_check(&call, &err);
        char text[1024];
        describe_batch(parts, call.count, places, text, sizeof text);
        TU_EXPECT(st == (expect ? CLSLICE_ERROR_ARGUMENT : CLSLICE_OK),
                  text, seed);
        if (expect)
            TU_EXPECT(names_a_real_pair(&err, places, call.count), text,
                      seed);
        refused += expect;
        /* how often an empty output sat inside another one's bytes */
        for (size_t i = 0; i < call.count; i++)
            for (size_t k = 0; k <= call.count; k++)
                hidden_by_empty += places[i].lo == places[i].hi &&
                                   places[i].root >= 0 &&
                                   places[i].root == places[k].root &&
                                   places[k].lo < places[i].lo &&
                                   places[i].lo < places[k].hi;
    }
    /* the draw must give both verdicts, and empties where they matter */
    TU_EXPECT(refused > n / 5 && refused < n - n / 5, "verdict mix", seed);
    TU_EXPECT(hidden_by_empty > n / 10, "empties inside outputs", seed);
}

/* ---- arrays of one call ------------------------------------------------- */

static const char *const NAMES[CS_MAX_ARRAYS] = {"a0", "a1", "a2", "a3",
                                                 "a4", "a5", "a6", "a7"};

/* A random array: a view or NULL, an offset, bytes after it and (as a
 * strided view with negative strides) before it, often none. */
static void random_array(world *w, tu_rng *rng, int i, cs_array *a,
                         place *p)
{
    int v = (int)tu_range(rng, 0, 4);
    size_t size = w->size[v];
    size_t offset = (size_t)tu_range(rng, 0, (int64_t)size);
    size_t before = tu_range(rng, 0, 3) == 0
                        ? (size_t)tu_range(rng, 0, (int64_t)offset) : 0;
    size_t after = tu_range(rng, 0, 2) == 0
                       ? 0 : (size_t)tu_range(rng, 0,
                                               (int64_t)(size - offset));
    bool none = before + after == 0 && tu_range(rng, 0, 3) == 0;
    *a = (cs_array){.name = NAMES[i], .what = i % 2 ? "input" : NULL,
                    .buffer = none ? NULL : w->view[v],
                    .offset = none ? 0 : offset, .bytes = after,
                    .before = none ? 0 : before,
                    .output = tu_range(rng, 0, 1) == 1, .optional = true};
    size_t at = w->origin[v] + offset;
    *p = (place){none ? -1 : w->root[v], at - a->before, at + after,
                 a->output};
}

static bool names_real_arrays(const clslice_error *err, const place *p,
                              int count)
{
    int i, k;
    if (sscanf(err->message, "a%d and a%d", &i, &k) != 2)
        return false;
    return i >= 0 && k >= 0 && i < count && k < count &&
           overlap(&p[i], &p[k], true);
}

static void test_arrays_against_model(void **state)
{
    world *w = *state;
    TU_SKIP_WITHOUT_DEVICE(&w->dev);
    uint64_t seed = tu_seed(0xa77a45);
    tu_rng rng = {seed};
    long refused = 0, n = tu_scaled(ARRAY_CALLS);
    for (long t = 0; t < n; t++) {
        cs_array a[CS_MAX_ARRAYS];
        place p[CS_MAX_ARRAYS];
        int count = (int)tu_range(&rng, 1, CS_MAX_ARRAYS);
        char text[1024];
        size_t used = 0;
        for (int i = 0; i < count; i++) {
            random_array(w, &rng, i, &a[i], &p[i]);
            used += (size_t)snprintf(
                text + used, sizeof text - used,
                "a%d %s root %d [%zu, %zu) %s; ", i,
                a[i].buffer ? "buffer" : "NULL", p[i].root, p[i].lo,
                p[i].hi, a[i].output ? "written" : "read");
        }
        bool expect = any_overlap(p, (size_t)count, true);
        clslice_error err = {0};
        clslice_status st = cs_check_arrays(w->dev.cl.context, a, count,
                                            NULL, &err);
        TU_EXPECT(st == (expect ? CLSLICE_ERROR_ARGUMENT : CLSLICE_OK),
                  text, seed);
        if (expect)
            TU_EXPECT(names_real_arrays(&err, p, count), text, seed);
        refused += expect;
    }
    TU_EXPECT(refused > n / 5 && refused < n - n / 5, "verdict mix", seed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_batch_against_model),
        cmocka_unit_test(test_arrays_against_model),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
