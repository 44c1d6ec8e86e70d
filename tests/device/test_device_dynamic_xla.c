/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * XLA's dynamic_slice and dynamic_update_slice on the device
 * (clslice_cl_xla_dynamic) against the host front-ends
 * (clslice_plan_dynamic_slice, clslice_plan_dynamic_update_slice) and
 * executors, spec by spec.
 *
 * Seeded random specs: ranks 0 to 4, dims of 0 to 8, start indices near
 * every edge of the clamp (negative, past the end, the int32 and int64
 * extremes) as int32 or int64 values, windows mostly valid and now and
 * then not (a negative size, one past its dim, a vector of the wrong
 * length), gathers with and without a caller's bound (max_elements),
 * scatters whose window is the update's shape or slice_sizes (the update
 * then fitting under either value rule, or not), both kernel families,
 * odd element sizes and offsets.  A spec the host rejects must fail the
 * call with the host's status and message and enqueue nothing; an
 * accepted one must give the host's record words and bytes, touch no
 * byte outside its output (guard bytes after a dst sized exactly to the
 * bound), and a slice past max_elements must leave dst untouched with
 * CLSLICE_ERROR_BUFFER in the record.
 *
 * CLSLICE_TEST_SEED replays a run; CLSLICE_TEST_SCALE divides the count
 * (the Oclgrind runs use it).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devutil.h"
#include "opencl/testing/testing.h"
#include "testutil.h"

enum {
    CASES = 3000,
    MAX_RANK = 4,
    MAX_ELEMS = 4096,
    MAX_ELEM = 16,
    TENSOR_BYTES = MAX_ELEMS * MAX_ELEM + 256, /* and an offset */
    GUARD = 64,
    VALUES_BYTES = 256,
    FILL = 0x5A
};

static tu_dev dev;
static cl_mem src_buf, tensor_buf, info_buf, values_buf;
static unsigned char *src_host, *got, *want;

static int setup(void **state)
{
    (void)state;
    if (!tu_dev_open(&dev))
        return 0;
    tu_dev_announce(&dev);
    src_buf = tu_cl_buffer(&dev.cl, TENSOR_BYTES);
    tensor_buf = tu_cl_buffer(&dev.cl, TENSOR_BYTES);
    info_buf = tu_cl_buffer(&dev.cl, CLSLICE_DYNAMIC_INFO_BYTES + 64);
    values_buf = tu_cl_buffer(&dev.cl, VALUES_BYTES);
    src_host = malloc(TENSOR_BYTES);
    got = malloc(TENSOR_BYTES);
    want = malloc(TENSOR_BYTES);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (src_buf) {
        clReleaseMemObject(src_buf);
        clReleaseMemObject(tensor_buf);
        clReleaseMemObject(info_buf);
        clReleaseMemObject(values_buf);
    }
    free(src_host);
    free(got);
    free(want);
    tu_dev_close(&dev);
    return 0;
}

/* ---- the cases ------------------------------------------------------------ */

typedef struct xcase {
    char desc[512];
    int rank;
    int64_t shape[MAX_RANK];
    clslice_index_type type;
    size_t starts_len, sizes_len;
    int64_t starts[MAX_RANK + 1], sizes[MAX_RANK + 1];
    bool scatter, sizes_given; /* scatters: slice_sizes, or the update's */
    int value_rank;
    int64_t value_shape[MAX_RANK + 1];
    clslice_value_rule rule;
    size_t elem, src_offset, dst_offset, values_offset, info_offset;
    int64_t max_elements;
    unsigned flags;
} xcase;

/* A start near the interesting points of the clamp on a dim of size n. */
static int64_t start_value(tu_rng *rng, int64_t n, clslice_index_type type)
{
    static const int64_t extremes[] = {INT64_MIN, INT64_MIN + 1, INT64_MAX,
                                       INT64_MAX - 1, INT32_MIN, INT32_MAX,
                                       -1, 0};
    switch (tu_range(rng, 0, 7)) {
    case 0: return tu_fit_index(extremes[tu_range(rng, 0, 7)], type);
    case 1: return tu_fit_index((int64_t)tu_next(rng), type);
    case 2: return tu_range(rng, -n - 2, -1);
    case 3: return n + tu_range(rng, -2, 2);
    default: return tu_range(rng, 0, n);
    }
}

static int64_t elements_of(const int64_t *shape, int rank)
{
    int64_t total = 1;
    for (int d = 0; d < rank; d++)
        total *= shape[d];
    return total;
}

static void random_shape(tu_rng *rng, xcase *c)
{
    static const int64_t small[] = {0, 1, 1, 2, 3, 4, 5, 8};
    do {
        c->rank = (int)tu_range(rng, 0, MAX_RANK);
        for (int d = 0; d < c->rank; d++)
            c->shape[d] = small[tu_range(rng, 0, 7)];
    } while (elements_of(c->shape, c->rank) > MAX_ELEMS / 4);
}

/* The window: mostly valid sizes, now and then one the front-end
 * refuses, or a vector of the wrong length. */
static void random_window(tu_rng *rng, xcase *c)
{
    c->sizes_len = (size_t)c->rank;
    if (tu_chance(rng, 3))
        c->sizes_len = (size_t)tu_range(rng, 0, MAX_RANK + 1);
    for (size_t d = 0; d < c->sizes_len; d++) {
        int64_t n = d < (size_t)c->rank ? c->shape[d] : 3;
        c->sizes[d] = tu_range(rng, 0, n);
        if (tu_chance(rng, 3))
            c->sizes[d] = tu_chance(rng, 50) ? -1 : n + 1;
    }
}

/* A scatter's update: the window's shape, some dims 1 under broadcasting
 * (when slice_sizes give the window), now and then one size or the rank
 * off. */
static void random_update(tu_rng *rng, xcase *c)
{
    c->value_rank = (int)c->sizes_len;
    if (tu_chance(rng, 3))
        c->value_rank = (int)tu_range(rng, 0, MAX_RANK);
    c->rule = c->sizes_given && tu_chance(rng, 50) ? CLSLICE_VALUE_BROADCAST
                                                : CLSLICE_VALUE_EXACT;
    for (int v = 0; v < c->value_rank; v++) {
        int64_t fits = (size_t)v < c->sizes_len ? c->sizes[v] : 1;
        c->value_shape[v] = fits < 0 ? 1 : fits;
        if (c->rule == CLSLICE_VALUE_BROADCAST && tu_chance(rng, 30))
            c->value_shape[v] = 1;
        if (c->sizes_given && tu_chance(rng, 4))
            c->value_shape[v] += 2;
    }
}

static void describe(xcase *c)
{
    char *p = c->desc, *end = c->desc + sizeof c->desc;
    p += snprintf(p, (size_t)(end - p), "%s shape %s, %s starts [",
                  c->scatter ? "scatter" : "gather",
                  tu_shape_str(c->shape, c->rank),
                  c->type == CLSLICE_INT32 ? "int32" : "int64");
    for (size_t i = 0; i < c->starts_len && p < end; i++)
        p += snprintf(p, (size_t)(end - p), "%s%" PRId64, i ? "," : "",
                      c->starts[i]);
    if (p < end && (!c->scatter || c->sizes_given))
        p += snprintf(p, (size_t)(end - p), "], slice_sizes %s",
                      tu_shape_str(c->sizes, (int)c->sizes_len));
    else if (p < end)
        p += snprintf(p, (size_t)(end - p), "]");
    if (p < end && c->scatter)
        p += snprintf(p, (size_t)(end - p), ", update %s (%s)",
                      tu_shape_str(c->value_shape, c->value_rank),
                      c->rule == CLSLICE_VALUE_EXACT ? "exact" : "broadcast");
    if (p < end)
        snprintf(p, (size_t)(end - p), ", elem %zu, max_elements %" PRId64
                 ", flags %u", c->elem, c->max_elements, c->flags);
}

static void random_case(tu_rng *rng, xcase *c)
{
    static const size_t elems[] = {1, 2, 4, 8, 12, 16, 3};
    memset(c, 0, sizeof *c);
    random_shape(rng, c);
    c->type = tu_chance(rng, 50) ? CLSLICE_INT32 : CLSLICE_INT64;
    c->starts_len = (size_t)c->rank;
    if (tu_chance(rng, 3))
        c->starts_len = (size_t)tu_range(rng, 0, MAX_RANK + 1);
    for (size_t d = 0; d < c->starts_len; d++)
        c->starts[d] = start_value(rng, d < (size_t)c->rank ? c->shape[d] : 3,
                                   c->type);
    random_window(rng, c);
    c->scatter = tu_chance(rng, 40);
    c->sizes_given = !c->scatter || tu_chance(rng, 50);
    c->value_rank = -1;
    if (c->scatter)
        random_update(rng, c);
    c->elem = elems[tu_range(rng, 0, 6)];
    c->src_offset = (size_t)tu_range(rng, 0, 3) * c->elem;
    c->dst_offset = (size_t)tu_range(rng, 0, 3) * c->elem;
    c->values_offset = (size_t)tu_range(rng, 0, 4) * 8;
    c->info_offset = (size_t)tu_range(rng, 0, 4) * 8;
    if (!c->scatter && tu_chance(rng, 20))
        c->max_elements = tu_range(rng, 1, 12);
    c->flags = tu_chance(rng, 20) ? CLSLICE_FORCE_INDEX64 : 0;
    describe(c);
}

/* ---- the host's answer ---------------------------------------------------- */

/* The host front-end on the case: the plan with the values, or the
 * status and message the device call must give. */
static clslice_status host_plan(const xcase *c, clslice_plan **plan,
                                clslice_error *err)
{
    *plan = NULL;
    if (c->scatter && !c->sizes_given)
        return clslice_plan_dynamic_update_slice(
            c->shape, c->rank, c->value_shape, c->value_rank,
            c->starts_len == (size_t)c->rank ? c->starts : NULL,
            c->starts_len, plan, err);
    clslice_status st = clslice_plan_dynamic_slice(
        c->shape, c->rank, c->starts_len == (size_t)c->rank ? c->starts : NULL,
        c->sizes, c->sizes_len, plan, err);
    if (st == CLSLICE_OK && c->starts_len != (size_t)c->rank) {
        /* the host takes one length for both vectors; the device spec two,
         * and names start_indices as the host does */
        clslice_plan_release(plan);
        snprintf(err->message, sizeof err->message,
                 "start_indices has %zu entries; it needs one per operand "
                 "dimension (rank %d)", c->starts_len, c->rank);
        err->status = st = CLSLICE_ERROR_SPEC;
    }
    if (st == CLSLICE_OK && c->scatter) {
        clslice_layout layout;
        st = clslice_plan_scatter_layout(*plan, c->value_shape, c->value_rank,
                                         c->rule, &layout, err);
        if (st != CLSLICE_OK)
            clslice_plan_release(plan);
    }
    return st;
}

static void random_bytes(tu_rng *rng, unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)tu_next(rng);
}

/* ---- the device's run ----------------------------------------------------- */

/* The first n bytes of `host` into `buffer` (none: nothing to write). */
static void upload(cl_mem buffer, const void *host, size_t n)
{
    if (n)
        TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, buffer, CL_TRUE, 0, n,
                                         host, 0, NULL, NULL));
}

#define EXPECT(cond) TU_EXPECT(cond, c->desc, seed)

static void set_style(tu_rng *rng)
{
    cs_tuning tuning;
    cs_runtime_tuning(dev.runtime, &tuning);
    tuning.style = tu_chance(rng, 50) ? CS_STYLE_ROWS : CS_STYLE_GRID;
    cs_runtime_set_tuning(dev.runtime, &tuning);
}

/* The starts in the values buffer, written whole from byte 0 (Oclgrind
 * 21.10 takes bytes written at an offset for uninitialised). */
static clslice_device_values upload_starts(const xcase *c)
{
    unsigned char bytes[VALUES_BYTES] = {0};
    for (size_t i = 0; i < c->starts_len; i++) {
        if (c->type == CLSLICE_INT32) {
            int32_t v = (int32_t)c->starts[i];
            memcpy(bytes + c->values_offset + 4 * i, &v, 4);
        } else {
            memcpy(bytes + c->values_offset + 8 * i, &c->starts[i], 8);
        }
    }
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, values_buf, CL_TRUE, 0,
                                     VALUES_BYTES, bytes, 0, NULL, NULL));
    return (clslice_device_values){values_buf, c->values_offset,
                                   c->starts_len};
}

/* Runs the call; false when it failed (checked against the host). */
static bool run_call(const xcase *c, uint64_t seed, cl_mem src, cl_mem dst,
                     clslice_status host, const clslice_error *host_err)
{
    clslice_xla_dynamic_spec spec = {
        .index_type = c->type, .start_indices = upload_starts(c),
        .slice_sizes = c->sizes_given ? c->sizes : NULL,
        .slice_sizes_len = c->sizes_given ? c->sizes_len : 0};
    tu_cl_fill(dev.queue, info_buf, FILL, CLSLICE_DYNAMIC_INFO_BYTES + 64);
    cl_event ev = NULL;
    clslice_cl_call call = {.struct_size = sizeof call, .queue = dev.queue,
                            .flags = c->flags, .event = &ev};
    clslice_cl_dynamic_desc op = {
        .struct_size = sizeof op, .shape = c->shape, .rank = c->rank,
        .kind = c->scatter ? CLSLICE_DYNAMIC_SCATTER : CLSLICE_DYNAMIC_GATHER,
        .elem_size = c->elem, .info = info_buf,
        .info_offset = c->info_offset, .src.buffer = src,
        .src.offset = c->src_offset, .dst.buffer = dst,
        .dst.offset = c->dst_offset, .value_shape = c->value_shape,
        .value_rank = c->value_rank, .rule = c->rule,
        .max_elements = c->max_elements};
    clslice_error err;
    clslice_status st = clslice_cl_xla_dynamic(dev.runtime, &call, &op,
                                               &spec, &err);
    if (st != CLSLICE_OK || host != CLSLICE_OK) {
        if (st != host || strcmp(err.message, host_err->message) != 0)
            print_error("device: %s\nhost:   %s\n",
                        st ? err.message : "success",
                        host ? host_err->message : "success");
        EXPECT(st == host);
        EXPECT(strcmp(err.message, host_err->message) == 0);
        EXPECT(ev == NULL);
        return false;
    }
    EXPECT(ev != NULL);
    TU_CL_CHECK(clWaitForEvents(1, &ev));
    clReleaseEvent(ev);
    return true;
}

static void read_record(int64_t *rec, const xcase *c)
{
    TU_CL_CHECK(clEnqueueReadBuffer(dev.queue, info_buf, CL_TRUE,
                                    c->info_offset,
                                    CLSLICE_DYNAMIC_INFO_BYTES, rec, 0, NULL,
                                    NULL));
}

/* The record of an accepted spec: the host plan's output, or, past the
 * caller's bound, CLSLICE_ERROR_BUFFER with the element count. */
static void check_record(const xcase *c, uint64_t seed,
                         const clslice_plan *plan, bool over)
{
    int64_t rec[CLSLICE_DYNAMIC_INFO_WORDS];
    read_record(rec, c);
    int64_t elements = clslice_plan_output_elements(plan);
    if (over) {
        EXPECT(rec[CLSLICE_DYNAMIC_STATUS] == CLSLICE_ERROR_BUFFER);
        EXPECT(rec[CLSLICE_DYNAMIC_VALUE] == elements);
        EXPECT(rec[CLSLICE_DYNAMIC_ELEMENTS] == 0);
        return;
    }
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, shape);
    EXPECT(rec[CLSLICE_DYNAMIC_STATUS] == CLSLICE_OK);
    EXPECT(rec[CLSLICE_DYNAMIC_ELEMENTS] == elements);
    EXPECT(rec[CLSLICE_DYNAMIC_OUT_RANK] == c->rank);
    for (int j = 0; j < c->rank; j++)
        EXPECT(rec[CLSLICE_DYNAMIC_SHAPE + j] == shape[j]);
}

static void expect_bytes(const xcase *c, uint64_t seed, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            print_error("byte %zu: got 0x%02x, want 0x%02x\n", i, got[i],
                        want[i]);
            EXPECT(got[i] == want[i]);
        }
}

/* dst holds exactly the bound the library asks for after dst_offset,
 * then guard bytes: the window's elements, or the caller's fewer. */
static void gather_case(tu_rng *rng, uint64_t seed, const xcase *c)
{
    clslice_plan *plan = NULL;
    clslice_error host_err;
    clslice_status host = host_plan(c, &plan, &host_err);
    size_t in = (size_t)elements_of(c->shape, c->rank) * c->elem;
    random_bytes(rng, src_host, c->src_offset + in);
    upload(src_buf, src_host, c->src_offset + in);
    int64_t window = plan ? clslice_plan_output_elements(plan) : 0;
    int64_t bound = c->max_elements && c->max_elements < window
                        ? c->max_elements : window;
    size_t dst_bytes = c->dst_offset + (size_t)bound * c->elem + GUARD;
    cl_mem dst = tu_cl_buffer(&dev.cl, dst_bytes);
    tu_cl_fill(dev.queue, dst, FILL, dst_bytes);
    memset(want, FILL, dst_bytes);
    bool over = window > bound;
    if (plan && !over) {
        clslice_error e;
        EXPECT(clslice_host_gather(plan, c->elem, src_host + c->src_offset,
                                   in, want + c->dst_offset,
                                   (size_t)window * c->elem, &e) ==
               CLSLICE_OK);
    }
    if (run_call(c, seed, src_buf, dst, host, &host_err)) {
        check_record(c, seed, plan, over);
        tu_cl_read(dev.queue, dst, dst_bytes, got);
        expect_bytes(c, seed, dst_bytes);
    }
    clReleaseMemObject(dst);
    clslice_plan_release(&plan);
}

/* The tensor is written in place: every byte of it and of a guard after
 * it must be the host's. */
static void scatter_case(tu_rng *rng, uint64_t seed, const xcase *c)
{
    clslice_plan *plan = NULL;
    clslice_error host_err;
    clslice_status host = host_plan(c, &plan, &host_err);
    size_t in = (size_t)elements_of(c->shape, c->rank) * c->elem;
    size_t velems = c->value_rank >= 0
                        ? (size_t)elements_of(c->value_shape, c->value_rank)
                        : 0;
    size_t vbytes = velems * c->elem;
    if (c->src_offset + vbytes > TENSOR_BYTES) {
        clslice_plan_release(&plan);
        return;
    }
    random_bytes(rng, src_host, c->src_offset + vbytes);
    upload(src_buf, src_host, c->src_offset + vbytes);
    size_t total = c->dst_offset + in + GUARD;
    random_bytes(rng, want, total);
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, tensor_buf, CL_TRUE, 0,
                                     total, want, 0, NULL, NULL));
    if (plan) {
        clslice_error e;
        EXPECT(clslice_host_scatter(plan, c->elem, src_host + c->src_offset,
                                    c->value_shape, c->value_rank, vbytes,
                                    c->rule, want + c->dst_offset, in, &e) ==
               CLSLICE_OK);
    }
    if (run_call(c, seed, src_buf, tensor_buf, host, &host_err)) {
        check_record(c, seed, plan, false);
        tu_cl_read(dev.queue, tensor_buf, total, got);
        expect_bytes(c, seed, total);
    }
    clslice_plan_release(&plan);
}

static void test_random_against_host(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    uint64_t seed = tu_seed(0xd15a1ce0c0ffeeULL);
    tu_rng rng = {seed};
    long cases = tu_scaled(CASES), refused = 0, over = 0, scatters = 0;
    xcase c;
    for (long i = 0; i < cases; i++) {
        random_case(&rng, &c);
        set_style(&rng);
        clslice_plan *plan = NULL;
        clslice_error e;
        if (host_plan(&c, &plan, &e) != CLSLICE_OK)
            refused++;
        else if (!c.scatter && c.max_elements &&
                 clslice_plan_output_elements(plan) > c.max_elements)
            over++;
        clslice_plan_release(&plan);
        scatters += c.scatter;
        if (c.scatter)
            scatter_case(&rng, seed, &c);
        else
            gather_case(&rng, seed, &c);
    }
    /* the generator reaches every outcome */
    if (cases >= 100 && (!refused || !over || !scatters))
        fail_msg("seed 0x%016" PRIx64 ": %ld refused, %ld past the bound, "
                 "%ld scatters of %ld", seed, refused, over, scatters,
                 cases);
}

/* ---- directed ------------------------------------------------------------- */

/* A KV cache of 8 positions of 3 floats, and the update of one position
 * at a start past the end: XLA clamps it to the last position. */
static void test_cache_write_clamps(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    float cache[8 * 3], update[3] = {-1, -2, -3};
    for (int i = 0; i < 24; i++)
        cache[i] = (float)i;
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, tensor_buf, CL_TRUE, 0,
                                     sizeof cache, cache, 0, NULL, NULL));
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, src_buf, CL_TRUE, 0,
                                     sizeof update, update, 0, NULL, NULL));
    int32_t starts[2] = {100, -7};
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, values_buf, CL_TRUE, 0,
                                     sizeof starts, starts, 0, NULL, NULL));
    int64_t shape[2] = {8, 3}, ushape[2] = {1, 3};
    clslice_xla_dynamic_spec spec = {.index_type = CLSLICE_INT32,
                                     .start_indices = {values_buf, 0, 2}};
    clslice_cl_call call = {.struct_size = sizeof call, .queue = dev.queue};
    clslice_cl_dynamic_desc op = {
        .struct_size = sizeof op, .shape = shape, .rank = 2,
        .kind = CLSLICE_DYNAMIC_SCATTER, .elem_size = sizeof(float),
        .info = info_buf, .src.buffer = src_buf, .dst.buffer = tensor_buf,
        .value_shape = ushape, .value_rank = 2,
        .rule = CLSLICE_VALUE_EXACT};
    clslice_error err;
    assert_int_equal(clslice_cl_xla_dynamic(dev.runtime, &call, &op, &spec,
                                            &err),
                     CLSLICE_OK);
    float after[24];
    tu_cl_read(dev.queue, tensor_buf, sizeof after, after);
    for (int i = 0; i < 24; i++)
        assert_true(after[i] == (i >= 21 ? update[i - 21] : (float)i));
}

/* What the call checks before it reads the spec's values. */
static void test_argument_errors(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    int64_t shape[2] = {4, 5}, sizes[2] = {2, 2};
    clslice_xla_dynamic_spec spec = {.index_type = CLSLICE_INT64,
                                     .start_indices = {values_buf, 0, 2},
                                     .slice_sizes = sizes,
                                     .slice_sizes_len = 2};
    clslice_cl_call call = {.struct_size = sizeof call, .queue = dev.queue};
    clslice_cl_dynamic_desc op = {
        .struct_size = sizeof op, .shape = shape, .rank = 2,
        .kind = CLSLICE_DYNAMIC_GATHER, .elem_size = 4, .info = info_buf,
        .src.buffer = src_buf, .dst.buffer = tensor_buf};
    clslice_error err;
    assert_int_equal(clslice_cl_xla_dynamic(dev.runtime, &call, &op, NULL,
                                            &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "spec is NULL", NULL);
    op.max_elements = -3;
    assert_int_equal(clslice_cl_xla_dynamic(dev.runtime, &call, &op, &spec,
                                            &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "max_elements = -3", NULL);
    op.max_elements = 0;
    spec.start_indices.offset = 4; /* not an int64 boundary */
    assert_int_equal(clslice_cl_xla_dynamic(dev.runtime, &call, &op, &spec,
                                            &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "start_indices_offset = 4",
                    NULL);
    spec.start_indices = (clslice_device_values){NULL, 0, 2};
    assert_int_equal(clslice_cl_xla_dynamic(dev.runtime, &call, &op, &spec,
                                            &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "start_indices is NULL",
                    NULL);
    /* a gather needs its window */
    spec = (clslice_xla_dynamic_spec){.index_type = CLSLICE_INT64,
                                      .start_indices = {values_buf, 0, 2}};
    assert_int_equal(clslice_cl_xla_dynamic(dev.runtime, &call, &op, &spec,
                                            &err),
                     CLSLICE_ERROR_SPEC);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "slice_sizes has 0 entries",
                    NULL);
}

/* dst is checked against the window, not the input: one byte short of
 * the window is refused before anything is enqueued. */
static void test_dst_sized_by_window(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    int64_t shape[2] = {64, 32}, sizes[2] = {1, 32}, starts[2] = {9, 0};
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, values_buf, CL_TRUE, 0,
                                     sizeof starts, starts, 0, NULL, NULL));
    clslice_xla_dynamic_spec spec = {.index_type = CLSLICE_INT64,
                                     .start_indices = {values_buf, 0, 2},
                                     .slice_sizes = sizes,
                                     .slice_sizes_len = 2};
    cl_mem row = tu_cl_buffer(&dev.cl, 32 * 4);
    clslice_cl_call call = {.struct_size = sizeof call, .queue = dev.queue};
    clslice_cl_dynamic_desc op = {
        .struct_size = sizeof op, .shape = shape, .rank = 2,
        .kind = CLSLICE_DYNAMIC_GATHER, .elem_size = 4, .info = info_buf,
        .src.buffer = src_buf, .dst.buffer = row};
    int32_t input[64 * 32], out[32];
    for (int i = 0; i < 64 * 32; i++)
        input[i] = i;
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, src_buf, CL_TRUE, 0,
                                     sizeof input, input, 0, NULL, NULL));
    clslice_error err;
    assert_int_equal(clslice_cl_xla_dynamic(dev.runtime, &call, &op, &spec,
                                            &err),
                     CLSLICE_OK);
    tu_cl_read(dev.queue, row, sizeof out, out);
    for (int k = 0; k < 32; k++)
        assert_int_equal(out[k], 9 * 32 + k);
    op.dst.offset = 4;
    assert_int_equal(clslice_cl_xla_dynamic(dev.runtime, &call, &op, &spec,
                                            &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "dst", NULL);
    clReleaseMemObject(row);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_argument_errors),
        cmocka_unit_test(test_cache_write_clamps),
        cmocka_unit_test(test_dst_sized_by_window),
        cmocka_unit_test(test_random_against_host),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
