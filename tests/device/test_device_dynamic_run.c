/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The consumers of a dynamic plan record (src/opencl/ops/dyn_consume.c,
 * cl/dynamic.cl) against the host executors: records made on the host
 * from random plans (cs_record_from_plan) are uploaded, and the dynamic
 * gather and scatter must write exactly what clslice_host_gather and
 * clslice_host_scatter write, and nothing else: not past the slice in
 * the bounded output, not outside the slice in a scattered tensor, and
 * nothing at all when the record's status says the spec failed.  Both
 * kernel families (rows, grid), both index widths, odd element sizes,
 * offsets and capped grids are all drawn at random.
 */
#include <stdlib.h>
#include <string.h>

#include "core/dynamic/dyn_record.h"
#include "devutil.h"
#include "opencl/testing/testing.h"
#include "randplan.h"
#include "testutil.h"

enum {
    MAX_ELEMS = 2048,
    MAX_ELEM = 16,
    MAX_OFFSET = 256,
    TENSOR_BYTES = MAX_ELEMS * MAX_ELEM + MAX_OFFSET,
    INFO_BYTES = CLSLICE_DYNAMIC_INFO_BYTES + 16 * 8,
    FILL = 0xA5
};

static tu_dev dev;
static cl_mem src_buf, dst_buf, info_buf;
static unsigned char *src_host, *dst_host, *want;

static int setup(void **state)
{
    (void)state;
    if (!tu_dev_open(&dev))
        return 0;
    tu_dev_announce(&dev);
    src_buf = tu_cl_buffer(&dev.cl, TENSOR_BYTES);
    dst_buf = tu_cl_buffer(&dev.cl, TENSOR_BYTES);
    info_buf = tu_cl_buffer(&dev.cl, INFO_BYTES);
    src_host = malloc(TENSOR_BYTES);
    dst_host = malloc(TENSOR_BYTES);
    want = malloc(TENSOR_BYTES);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (src_buf) {
        clReleaseMemObject(src_buf);
        clReleaseMemObject(dst_buf);
        clReleaseMemObject(info_buf);
    }
    free(src_host);
    free(dst_host);
    free(want);
    tu_dev_close(&dev);
    return 0;
}

/* Writes bytes at offset, and (stale) bytes before them too: under
 * Oclgrind 21.10 reads of bytes written by a write at an offset were
 * flagged as uninitialised, writes from byte 0 are not. */
static void put(cl_mem buffer, size_t offset, size_t bytes, const void *p)
{
    static unsigned char staging[TENSOR_BYTES + INFO_BYTES];
    if (!bytes)
        return;
    memcpy(staging + offset, p, bytes);
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, buffer, CL_TRUE, 0,
                                     offset + bytes, staging, 0, NULL,
                                     NULL));
}

static void get(cl_mem buffer, size_t bytes, void *p)
{
    TU_CL_CHECK(clFinish(dev.queue));
    TU_CL_CHECK(clEnqueueReadBuffer(dev.queue, buffer, CL_TRUE, 0, bytes, p,
                                    0, NULL, NULL));
}

/* How one case runs: family, index width, grid cap, sizes, offsets, and
 * whether the record reports a failure. */
typedef struct run_opts {
    cs_style style;
    unsigned flags;
    size_t max_groups;
    size_t elem;
    size_t src_offset, dst_offset, info_offset;
    bool failed;
    char text[4400];
} run_opts;

static void random_opts(tu_rng *rng, const char *desc, run_opts *o)
{
    static const size_t sizes[] = {1, 2, 4, 8, 16, 3, 6, 12};
    o->style = tu_range(rng, 0, 1) ? CS_STYLE_ROWS : CS_STYLE_GRID;
    o->flags = tu_range(rng, 0, 3) == 0 ? CLSLICE_FORCE_INDEX64 : 0;
    o->max_groups = tu_range(rng, 0, 3) == 0 ? (size_t)tu_range(rng, 1, 3)
                                             : 0;
    o->elem = sizes[tu_range(rng, 0, 7)];
    o->src_offset = tu_range(rng, 0, 1) ? rp_buffer_offset(rng, MAX_OFFSET)
                                        : 0;
    o->dst_offset = tu_range(rng, 0, 1) ? rp_buffer_offset(rng, MAX_OFFSET)
                                        : 0;
    o->info_offset = (size_t)tu_range(rng, 0, 16) * 8;
    o->failed = tu_range(rng, 0, 9) == 0;
    snprintf(o->text, sizeof o->text,
             "%s; %s, flags %u, max_groups %zu, elem %zu, offsets src %zu "
             "dst %zu info %zu%s",
             desc, o->style == CS_STYLE_ROWS ? "rows" : "grid", o->flags,
             o->max_groups, o->elem, o->src_offset, o->dst_offset,
             o->info_offset, o->failed ? ", failed record" : "");
}

static void apply_opts(const run_opts *o)
{
    cs_tuning tuning;
    cs_runtime_tuning(dev.runtime, &tuning);
    tuning.style = o->style;
    cs_runtime_set_tuning(dev.runtime, &tuning);
    cs_runtime_set_max_groups(dev.runtime, o->max_groups);
}

/* Uploads the plan's record; a failed one keeps the counts (a consumer
 * must obey the status, not merely find nothing to move). */
static void upload_record(const clslice_plan *plan, const run_opts *o)
{
    int64_t words[CLSLICE_DYNAMIC_INFO_WORDS];
    cs_record_from_plan(plan, words);
    if (o->failed)
        words[CLSLICE_DYNAMIC_STATUS] = CLSLICE_ERROR_INDEX;
    put(info_buf, o->info_offset, sizeof words, words);
}

static void random_bytes(tu_rng *rng, unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)tu_next(rng);
}

#define EXPECT(cond) TU_EXPECT(cond, o.text, seed)

/* ---- gathers ------------------------------------------------------------ */

static void gather_case(tu_rng *rng, uint64_t seed, const clslice_plan *plan,
                        const char *desc)
{
    run_opts o;
    random_opts(rng, desc, &o);
    apply_opts(&o);
    size_t in = (size_t)rp_input_elements(plan) * o.elem;
    size_t out = (size_t)clslice_plan_output_elements(plan) * o.elem;
    random_bytes(rng, src_host, in);
    put(src_buf, o.src_offset, in, src_host);
    tu_cl_fill(dev.queue, dst_buf, FILL, TENSOR_BYTES);
    upload_record(plan, &o);
    memset(want, FILL, TENSOR_BYTES);
    clslice_error err;
    if (!o.failed)
        EXPECT(clslice_host_gather(plan, o.elem, src_host, in,
                                   want + o.dst_offset, out, &err) ==
               CLSLICE_OK);
    cl_event ev = NULL;
    clslice_status st = cs_enqueue_dynamic_gather(
        dev.runtime, dev.queue, plan, o.elem, info_buf, o.info_offset,
        src_buf, o.src_offset, dst_buf, o.dst_offset, o.flags, 0, NULL, &ev,
        &err);
    if (st != CLSLICE_OK)
        print_error("%s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    EXPECT(ev != NULL);
    TU_CL_CHECK(clWaitForEvents(1, &ev));
    clReleaseEvent(ev);
    get(dst_buf, TENSOR_BYTES, dst_host);
    for (size_t i = 0; i < TENSOR_BYTES; i++)
        if (dst_host[i] != want[i]) {
            print_error("byte %zu: got 0x%02x, want 0x%02x (output %zu "
                        "bytes from %zu)\n", i, dst_host[i], want[i], out,
                        o.dst_offset);
            EXPECT(dst_host[i] == want[i]);
        }
}

/* A random plan the device can hold; NULL when the spec was invalid. */
static clslice_plan *random_plan(tu_rng *rng, rp_case *c)
{
    rp_random_case(rng, rp_device_rank(rng), MAX_ELEMS, c);
    clslice_plan *plan = NULL;
    clslice_error err;
    if (rp_build(c, &plan, &err) != CLSLICE_OK)
        return NULL;
    return plan;
}

static void test_gather_differential(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    uint64_t seed = tu_seed(20261124);
    tu_rng rng = {seed};
    long cases = tu_scaled(2500), done = 0;
    rp_case *c = malloc(sizeof *c);
    while (done < cases) {
        clslice_plan *plan = random_plan(&rng, c);
        if (!plan)
            continue;
        gather_case(&rng, seed, plan, c->desc);
        clslice_plan_release(&plan);
        done++;
    }
    free(c);
    cs_runtime_set_tuning(dev.runtime, NULL);
    /* both families ran */
    assert_true(cs_runtime_path_count(dev.runtime, CS_PATH_DYN_ROWS) > 0);
    assert_true(cs_runtime_path_count(dev.runtime, CS_PATH_DYN_GRID) > 0);
}

/* ---- scatters ----------------------------------------------------------- */

/* A value shape the slice accepts under `rule`: the final shape, under
 * broadcasting with some dims 1, some leading dims dropped or added. */
static int random_value_shape(tu_rng *rng, const clslice_plan *plan,
                              clslice_value_rule rule, int64_t *shape)
{
    int64_t final[CLSLICE_MAX_RANK];
    int rank = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, final);
    if (rule == CLSLICE_VALUE_EXACT) {
        memcpy(shape, final, sizeof(int64_t) * (size_t)rank);
        return rank;
    }
    int drop = tu_range(rng, 0, 1) ? 0 : (int)tu_range(rng, 0, rank);
    int add = rank - drop < CLSLICE_MAX_RANK && tu_range(rng, 0, 3) == 0;
    int n = 0;
    for (int i = 0; i < add; i++)
        shape[n++] = 1;
    for (int j = drop; j < rank; j++)
        shape[n++] = tu_range(rng, 0, 2) == 0 ? 1 : final[j];
    return n;
}

static void scatter_case(tu_rng *rng, uint64_t seed, const clslice_plan *plan,
                         const char *desc)
{
    run_opts o;
    random_opts(rng, desc, &o);
    apply_opts(&o);
    clslice_value_rule rule = tu_range(rng, 0, 1) ? CLSLICE_VALUE_BROADCAST
                                                  : CLSLICE_VALUE_EXACT;
    int64_t vshape[CLSLICE_MAX_RANK];
    int vrank = random_value_shape(rng, plan, rule, vshape);
    int64_t velems = 1;
    for (int v = 0; v < vrank; v++)
        velems *= vshape[v];
    size_t tensor = (size_t)rp_input_elements(plan) * o.elem;
    size_t value = (size_t)velems * o.elem;
    /* the value goes to src_buf, the tensor to dst_buf */
    random_bytes(rng, src_host, value);
    put(src_buf, o.src_offset, value, src_host);
    random_bytes(rng, want, TENSOR_BYTES);
    put(dst_buf, 0, TENSOR_BYTES, want);
    upload_record(plan, &o);
    clslice_error err;
    if (!o.failed)
        EXPECT(clslice_host_scatter(plan, o.elem, src_host, vshape, vrank,
                                    value, rule, want + o.dst_offset, tensor,
                                    &err) == CLSLICE_OK);
    cl_event ev = NULL;
    clslice_status st = cs_enqueue_dynamic_scatter(
        dev.runtime, dev.queue, plan, o.elem, info_buf, o.info_offset,
        value ? src_buf : NULL, o.src_offset, vshape, vrank, rule, dst_buf,
        o.dst_offset, o.flags, 0, NULL, &ev, &err);
    if (st != CLSLICE_OK)
        print_error("%s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    TU_CL_CHECK(clWaitForEvents(1, &ev));
    clReleaseEvent(ev);
    get(dst_buf, TENSOR_BYTES, dst_host);
    for (size_t i = 0; i < TENSOR_BYTES; i++)
        if (dst_host[i] != want[i]) {
            print_error("byte %zu: got 0x%02x, want 0x%02x (value %s)\n", i,
                        dst_host[i], want[i], tu_shape_str(vshape, vrank));
            EXPECT(dst_host[i] == want[i]);
        }
}

static void test_scatter_differential(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    uint64_t seed = tu_seed(20261125);
    tu_rng rng = {seed};
    long cases = tu_scaled(2000), done = 0;
    rp_case *c = malloc(sizeof *c);
    while (done < cases) {
        clslice_plan *plan = random_plan(&rng, c);
        if (!plan)
            continue;
        scatter_case(&rng, seed, plan, c->desc);
        clslice_plan_release(&plan);
        done++;
    }
    free(c);
    cs_runtime_set_tuning(dev.runtime, NULL);
}

/* ---- host checks ---------------------------------------------------------
 * Every argument the host can check fails before anything is enqueued:
 * the destination keeps its bytes. */
static clslice_status gather_into(const clslice_plan *plan, cl_mem info,
                                  size_t info_offset, cl_mem dst,
                                  clslice_error *err)
{
    return cs_enqueue_dynamic_gather(dev.runtime, dev.queue, plan, 4, info,
                                     info_offset, src_buf, 0, dst, 0, 0, 0,
                                     NULL, NULL, err);
}

static void test_host_checks(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    int64_t shape[] = {8, 6};
    clslice_plan *plan = tu_expr_plan(shape, 2, "1:3, ::2");
    clslice_error err;
    upload_record(plan, &(run_opts){.info_offset = 0});
    tu_cl_fill(dev.queue, dst_buf, FILL, TENSOR_BYTES);

    assert_int_equal(gather_into(plan, info_buf, 4, dst_buf, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "info_offset = 4", NULL);
    assert_int_equal(gather_into(plan, NULL, 0, dst_buf, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "info", NULL);
    /* the record does not fit after its offset */
    assert_int_equal(gather_into(plan, info_buf, 32 * 8, dst_buf, &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "info", NULL);
    /* dst must hold the bound (48 elements), not merely this slice (6) */
    cl_mem small = tu_cl_buffer(&dev.cl, 47 * 4);
    assert_int_equal(gather_into(plan, info_buf, 0, small, &err),
                     CLSLICE_ERROR_BUFFER);
    tu_assert_error(&err, CLSLICE_ERROR_BUFFER, "dst", NULL);
    clReleaseMemObject(small);
    /* the record may not lie inside the output */
    assert_int_equal(gather_into(plan, dst_buf, 0, dst_buf, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "info", "dst", "overlap",
                    NULL);
    assert_int_equal(cs_enqueue_dynamic_gather(dev.runtime, dev.queue, plan,
                                               4, info_buf, 0, src_buf, 0,
                                               dst_buf, 0, 0x80, 0, NULL,
                                               NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    int64_t vshape[] = {2, 3};
    assert_int_equal(cs_enqueue_dynamic_scatter(
                         dev.runtime, dev.queue, plan, 4, info_buf, 0,
                         src_buf, 0, vshape, 2, (clslice_value_rule)7,
                         dst_buf, 0, 0, 0, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "rule = 7", NULL);
    vshape[1] = -3;
    assert_int_equal(cs_enqueue_dynamic_scatter(
                         dev.runtime, dev.queue, plan, 4, info_buf, 0,
                         src_buf, 0, vshape, 2, CLSLICE_VALUE_EXACT,
                         dst_buf, 0, 0, 0, NULL, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "value_shape[1] = -3",
                    NULL);
    tu_cl_assert_filled(dev.queue, dst_buf, TENSOR_BYTES, FILL);
    clslice_plan_release(&plan);
}

/* An input without elements moves nothing; the event still comes, and
 * no buffer is needed but the record. */
static void test_empty_input(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    int64_t shape[] = {4, 0};
    clslice_plan *plan = tu_expr_plan(shape, 2, "1:3");
    clslice_error err;
    cl_event ev = NULL;
    assert_int_equal(cs_enqueue_dynamic_gather(dev.runtime, dev.queue, plan,
                                               4, info_buf, 0, NULL, 0, NULL,
                                               0, 0, 0, NULL, &ev, &err),
                     CLSLICE_OK);
    assert_non_null(ev);
    TU_CL_CHECK(clWaitForEvents(1, &ev));
    clReleaseEvent(ev);
    clslice_plan_release(&plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gather_differential),
        cmocka_unit_test(test_scatter_differential),
        cmocka_unit_test(test_host_checks),
        cmocka_unit_test(test_empty_input),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
