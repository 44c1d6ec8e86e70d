/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The public dynamic calls (clslice_enqueue_{tf,openvino,onnx}_dynamic)
 * against the host: random specs of the three front-ends, their values
 * uploaded to a device buffer, sliced (gather) or written (scatter) on
 * the device, with both kernel families forced.  A spec the host rejects
 * for its values must come back as the same status in the record, with
 * nothing written; one it rejects statically must fail the call with the
 * host's message, with nothing enqueued.  An accepted spec must give the
 * host's shape, element count and bytes, and touch nothing else.
 */
#include <stdlib.h>
#include <string.h>

#include "devutil.h"
#include "dynspec.h"
#include "opencl/testing/testing.h"
#include "testutil.h"

enum {
    MAX_ELEMS = 2048,
    MAX_ELEM = 8,
    TENSOR_BYTES = MAX_ELEMS * MAX_ELEM,
    VALUES_BYTES = 4096,
    FILL = 0x5A
};

static tu_dev dev;
static cl_mem src_buf, dst_buf, info_buf, values_buf;
static unsigned char *src_host, *dst_host, *want;

static int setup(void **state)
{
    (void)state;
    if (!tu_dev_open(&dev))
        return 0;
    tu_dev_announce(&dev);
    src_buf = tu_cl_buffer(&dev.cl, TENSOR_BYTES);
    dst_buf = tu_cl_buffer(&dev.cl, TENSOR_BYTES);
    info_buf = tu_cl_buffer(&dev.cl, CLSLICE_DYNAMIC_INFO_BYTES);
    values_buf = tu_cl_buffer(&dev.cl, VALUES_BYTES);
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
        clReleaseMemObject(values_buf);
    }
    free(src_host);
    free(dst_host);
    free(want);
    tu_dev_close(&dev);
    return 0;
}

/* A case of a dynamic front; now and then a value the host rejects (a
 * zero stride, a shrink index outside its dim). */
static void random_case(tu_rng *rng, rp_case *c)
{
    do
        rp_random_case(rng, rp_device_rank(rng), MAX_ELEMS, c);
    while (!ds_front_ok(c->front));
    if (c->nslots == 0 || tu_range(rng, 0, 7) != 0)
        return;
    rp_slot *s = &c->slots[tu_range(rng, 0, c->nslots - 1)];
    if (s->kind == RP_RANGE) {
        s->has_s = true;
        s->s = 0;
    } else if (s->kind == RP_SHRINK) {
        s->b = 1000 + tu_range(rng, 0, 9);
    }
}

static void set_style(tu_rng *rng)
{
    cs_tuning tuning;
    cs_runtime_tuning(dev.runtime, &tuning);
    tuning.style = tu_range(rng, 0, 1) ? CS_STYLE_ROWS : CS_STYLE_GRID;
    cs_runtime_set_tuning(dev.runtime, &tuning);
}

static void random_bytes(tu_rng *rng, unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)tu_next(rng);
}

static void read_back(int64_t *record)
{
    TU_CL_CHECK(clFinish(dev.queue));
    TU_CL_CHECK(clEnqueueReadBuffer(dev.queue, info_buf, CL_TRUE, 0,
                                    CLSLICE_DYNAMIC_INFO_BYTES, record, 0,
                                    NULL, NULL));
    TU_CL_CHECK(clEnqueueReadBuffer(dev.queue, dst_buf, CL_TRUE, 0,
                                    TENSOR_BYTES, dst_host, 0, NULL, NULL));
}

#define EXPECT(cond) TU_EXPECT(cond, c->desc, seed)

/* The record of an accepted spec holds the host plan's output. */
static void check_record(const clslice_plan *plan, const int64_t *rec,
                         const rp_case *c, uint64_t seed)
{
    int64_t shape[CLSLICE_MAX_RANK];
    int rank = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, shape);
    EXPECT(rec[CLSLICE_DYNAMIC_STATUS] == CLSLICE_OK);
    EXPECT(rec[CLSLICE_DYNAMIC_ELEMENTS] ==
           clslice_plan_output_elements(plan));
    EXPECT(rec[CLSLICE_DYNAMIC_OUT_RANK] == rank);
    for (int j = 0; j < rank; j++)
        EXPECT(rec[CLSLICE_DYNAMIC_SHAPE + j] == shape[j]);
}

/* Runs the case's call; false when it failed statically (then checked
 * against the host's error). */
static bool run_call(rp_case *c, uint64_t seed, clslice_status host,
                     const clslice_error *host_err,
                     const clslice_cl_dynamic_desc *op)
{
    ds_values d;
    clslice_device_values where[4];
    ds_values_of(c, &d);
    ds_upload(dev.queue, values_buf, 0, &d, where);
    clslice_error err;
    cl_event ev = NULL;
    clslice_cl_call call = {.struct_size = sizeof call, .queue = dev.queue,
                            .event = &ev};
    clslice_status st = ds_enqueue(dev.runtime, &call, c, &d, where, op,
                                   &err);
    if (st != CLSLICE_OK) {
        if (st != host || strcmp(err.message, host_err->message) != 0)
            print_error("device: %s\nhost:   %s\n", err.message,
                        host_err->message);
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

static void expect_bytes(const rp_case *c, uint64_t seed)
{
    for (size_t i = 0; i < TENSOR_BYTES; i++)
        if (dst_host[i] != want[i]) {
            print_error("byte %zu: got 0x%02x, want 0x%02x\n", i,
                        dst_host[i], want[i]);
            EXPECT(dst_host[i] == want[i]);
        }
}

static void gather_case(tu_rng *rng, uint64_t seed, rp_case *c)
{
    static const size_t sizes[] = {1, 2, 4, 8, 3, 6};
    size_t elem = sizes[tu_range(rng, 0, 5)];
    clslice_plan *plan = NULL;
    clslice_error host_err;
    clslice_status host = rp_build(c, &plan, &host_err);
    size_t in = (size_t)c->rank ? 1 : 1;
    for (int k = 0; k < c->rank; k++)
        in *= (size_t)c->shape[k];
    in *= elem;
    random_bytes(rng, src_host, in);
    if (in)
        TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, src_buf, CL_TRUE, 0, in,
                                         src_host, 0, NULL, NULL));
    tu_cl_fill(dev.queue, dst_buf, FILL, TENSOR_BYTES);
    memset(want, FILL, TENSOR_BYTES);
    if (plan) {
        clslice_error e;
        size_t out = (size_t)clslice_plan_output_elements(plan) * elem;
        EXPECT(clslice_host_gather(plan, elem, src_host, in, want, out, &e) ==
               CLSLICE_OK);
    }
    clslice_cl_dynamic_desc op = {.struct_size = sizeof op,
                                  .kind = CLSLICE_DYNAMIC_GATHER,
                                  .elem_size = elem, .info = info_buf,
                                  .src.buffer = src_buf,
                                  .dst.buffer = dst_buf};
    if (run_call(c, seed, host, &host_err, &op)) {
        int64_t rec[CLSLICE_DYNAMIC_INFO_WORDS];
        read_back(rec);
        if (plan)
            check_record(plan, rec, c, seed);
        else
            EXPECT(rec[CLSLICE_DYNAMIC_STATUS] == host);
        expect_bytes(c, seed);
    }
    clslice_plan_release(&plan);
}

/* The value: the slice's shape, some dims 1 under broadcasting, now and
 * then one size off (the record must then say CLSLICE_ERROR_SHAPE). */
static int value_shape(tu_rng *rng, const clslice_plan *plan,
                       clslice_value_rule rule, int64_t *shape, bool *off)
{
    int rank = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, shape);
    for (int j = 0; j < rank; j++)
        if (rule == CLSLICE_VALUE_BROADCAST && tu_range(rng, 0, 2) == 0)
            shape[j] = 1;
    *off = rank > 0 && tu_range(rng, 0, 9) == 0;
    if (*off) {
        int j = (int)tu_range(rng, 0, rank - 1);
        shape[j] = shape[j] + 2;
    }
    return rank;
}

static void scatter_case(tu_rng *rng, uint64_t seed, rp_case *c)
{
    static const size_t sizes[] = {1, 2, 4, 8, 3};
    size_t elem = sizes[tu_range(rng, 0, 4)];
    clslice_plan *plan = NULL;
    clslice_error host_err;
    clslice_status host = rp_build(c, &plan, &host_err);
    clslice_value_rule rule = tu_range(rng, 0, 1) ? CLSLICE_VALUE_BROADCAST
                                                  : CLSLICE_VALUE_EXACT;
    int64_t vshape[CLSLICE_MAX_RANK];
    int vrank = 0;
    bool off = false;
    if (plan)
        vrank = value_shape(rng, plan, rule, vshape, &off);
    else
        rule = CLSLICE_VALUE_BROADCAST; /* a scalar fits any slice */
    size_t velems = 1, in = elem;
    for (int v = 0; v < vrank; v++)
        velems *= (size_t)vshape[v];
    for (int k = 0; k < c->rank; k++)
        in *= (size_t)c->shape[k];
    if (velems * elem > TENSOR_BYTES) {
        clslice_plan_release(&plan);
        return;
    }
    random_bytes(rng, src_host, velems * elem);
    if (velems)
        TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, src_buf, CL_TRUE, 0,
                                         velems * elem, src_host, 0, NULL,
                                         NULL));
    random_bytes(rng, want, TENSOR_BYTES);
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, dst_buf, CL_TRUE, 0,
                                     TENSOR_BYTES, want, 0, NULL, NULL));
    clslice_status expect = host;
    if (plan) {
        clslice_error e;
        expect = clslice_host_scatter(plan, elem, src_host, vshape, vrank,
                                      velems * elem, rule, want, in, &e);
        /* the host lets any value through into an empty slice */
        if (clslice_plan_output_elements(plan) > 0)
            EXPECT((expect == CLSLICE_OK) == !off);
    }
    clslice_cl_dynamic_desc op = {.struct_size = sizeof op,
                                  .kind = CLSLICE_DYNAMIC_SCATTER,
                                  .elem_size = elem, .info = info_buf,
                                  .src.buffer = velems ? src_buf : NULL,
                                  .dst.buffer = in ? dst_buf : NULL,
                                  .value_shape = vshape,
                                  .value_rank = vrank, .rule = rule};
    if (run_call(c, seed, host, &host_err, &op)) {
        int64_t rec[CLSLICE_DYNAMIC_INFO_WORDS];
        read_back(rec);
        EXPECT(rec[CLSLICE_DYNAMIC_STATUS] == expect);
        expect_bytes(c, seed);
    }
    clslice_plan_release(&plan);
}

static void run_cases(uint64_t seed, long n, bool scatter)
{
    tu_rng rng = {seed};
    rp_case *c = malloc(sizeof *c);
    for (long i = 0; i < n; i++) {
        random_case(&rng, c);
        set_style(&rng);
        if (scatter)
            scatter_case(&rng, seed, c);
        else
            gather_case(&rng, seed, c);
    }
    free(c);
    cs_runtime_set_tuning(dev.runtime, NULL);
}

static void test_gather_fronts(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    run_cases(tu_seed(20261126), tu_scaled(1500), false);
    assert_true(cs_runtime_path_count(dev.runtime, CS_PATH_DYN_ROWS) > 0);
    assert_true(cs_runtime_path_count(dev.runtime, CS_PATH_DYN_GRID) > 0);
}

static void test_scatter_fronts(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    run_cases(tu_seed(20261127), tu_scaled(1000), true);
}

/* One TF dynamic gather, x[1:, ::2] of a 4x6 int32 tensor, on `rt`. */
static void small_tf_gather(clslice_runtime *rt)
{
    const int64_t values[] = {1, 0, 4, 6, 1, 2}; /* begin, end, strides */
    TU_CL_CHECK(clEnqueueWriteBuffer(dev.queue, values_buf, CL_TRUE, 0,
                                     sizeof values, values, 0, NULL, NULL));
    const int64_t shape[] = {4, 6};
    clslice_tf_dynamic_spec s = {
        .index_type = CLSLICE_INT64, .begin = {values_buf, 0, 2},
        .end = {values_buf, 16, 2}, .strides = {values_buf, 32, 2}};
    clslice_cl_call call = {.struct_size = sizeof call, .queue = dev.queue};
    clslice_cl_dynamic_desc op = {.struct_size = sizeof op, .shape = shape,
                                  .rank = 2, .kind = CLSLICE_DYNAMIC_GATHER,
                                  .elem_size = 4, .info = info_buf,
                                  .src.buffer = src_buf,
                                  .dst.buffer = dst_buf};
    clslice_error err;
    clslice_status st = clslice_cl_tf_dynamic(rt, &call, &op, &s, &err);
    if (st != CLSLICE_OK)
        fail_msg("dynamic gather: %s", err.message);
    TU_CL_CHECK(clFinish(dev.queue));
}

/* CLSLICE_PREPARE_DYNAMIC builds the normalise and dynamic programs, which
 * a dynamic call then finds built; without the flag the call builds them
 * (two programs), and with CLSLICE_PREPARE_INDEX64 too the normaliser is
 * still built once. */
static void test_prepare_dynamic(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&dev);
    const unsigned flags[] = {0, CLSLICE_PREPARE_DYNAMIC,
                              CLSLICE_PREPARE_DYNAMIC |
                                  CLSLICE_PREPARE_INDEX64};
    size_t prepared[3];
    for (int i = 0; i < 3; i++) {
        clslice_runtime *rt = NULL;
        clslice_error err;
        assert_int_equal(clslice_runtime_create(dev.cl.context, &rt, &err),
                         CLSLICE_OK);
        assert_int_equal(clslice_runtime_prepare(rt, dev.cl.device,
                                                 flags[i], &err),
                         CLSLICE_OK);
        prepared[i] = cs_runtime_program_count(rt);
        small_tf_gather(rt);
        assert_int_equal(cs_runtime_program_count(rt),
                         prepared[i] + (flags[i] ? 0 : 2));
        clslice_runtime_release(&rt);
    }
    assert_int_equal(prepared[1], prepared[0] + 2);
    /* INDEX64 doubles every program but the normaliser. */
    assert_int_equal(prepared[2], 2 * prepared[1] - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gather_fronts),
        cmocka_unit_test(test_scatter_fronts),
        cmocka_unit_test(test_prepare_dynamic),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
