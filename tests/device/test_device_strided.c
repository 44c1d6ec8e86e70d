/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Differential test of clslice_cl_gather and clslice_cl_scatter between
 * strided views against clslice_host_gather2 and
 * clslice_host_scatter2 (checked against a naive reference in
 * test_host_strided) on the default OpenCL device.
 *
 * Random plans of rank 0-5 from every front-end, random views of source
 * and destination (randstrided.h: permuted, padded, reversed, interleaved,
 * broadcast sources, NULL strides), element sizes 1, 2, 3, 4, 8 and 16.
 * Every job runs eight ways: the row family and the element grid (the
 * tuning's style), each plain, with CLSLICE_FORCE_INDEX64, with
 * CLSLICE_NO_COPY_SHORTCUT and with both.  Each run writes its own region
 * of one destination buffer, sentinel-filled, whose guard bytes and
 * unaddressed bytes must come back unchanged.
 *
 * Then the checks, each failing call leaving its destination untouched:
 * views that do not fit, a destination that addresses an element twice,
 * overlapping views in one buffer, extents past int64, NULL buffers; and
 * views in sub-buffers, where the Rect copy must be avoided on PoCL.
 */
#include <stdlib.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "hostcall.h"
#include "randplan.h"
#include "randstrided.h"
#include "randvalue.h"
#include "regions.h"
#include "testutil.h"

enum {
    JOBS = 2000,
    MAX_ELEMS = 512,
    BATCH_JOBS = 50,
    MAX_VIEW = 64 << 10, /* bytes a view may span */
    SRC_BYTES = MAX_VIEW + 64,
    GUARD = 32,
    DST_BYTES = 24 << 20,
    SENTINEL = 0xC3
};

static const size_t ELEM_SIZES[] = {1, 2, 3, 4, 8, 16};
static const unsigned FLAG_SETS[] = {
    0, CLSLICE_FORCE_INDEX64, CLSLICE_NO_COPY_SHORTCUT,
    CLSLICE_FORCE_INDEX64 | CLSLICE_NO_COPY_SHORTCUT};
static const cs_style STYLES[] = {CS_STYLE_ROWS, CS_STYLE_GRID};

/* A view as a descriptor holds it. */
static clslice_cl_tensor view(cl_mem buffer, size_t offset,
                              const int64_t *strides)
{
    return (clslice_cl_tensor){buffer, offset, strides};
}

/* clslice_cl_gather of `plan` from src into dst on q, with `flags` and an
 * optional event. */
static clslice_status gather(clslice_runtime *rt, cl_command_queue q,
                             const clslice_plan *plan, size_t elem_size,
                             clslice_cl_tensor src, clslice_cl_tensor dst,
                             unsigned flags, cl_event *ev, clslice_error *err)
{
    clslice_cl_call call = {.struct_size = sizeof call, .queue = q,
                            .flags = flags, .event = ev};
    clslice_cl_gather_desc desc = {.struct_size = sizeof desc, .plan = plan,
                                   .elem_size = elem_size, .src = src,
                                   .dst = dst};
    return clslice_cl_gather(rt, &call, &desc, err);
}

/* clslice_cl_scatter of `value` (value_shape, value_rank) into plan's
 * slice of dst on q, with `flags`. */
static clslice_status scatter(clslice_runtime *rt, cl_command_queue q,
                              const clslice_plan *plan, size_t elem_size,
                              clslice_cl_tensor value,
                              const int64_t *value_shape, int value_rank,
                              clslice_value_rule rule, clslice_cl_tensor dst,
                              unsigned flags, clslice_error *err)
{
    clslice_cl_call call = {.struct_size = sizeof call, .queue = q,
                            .flags = flags};
    clslice_cl_scatter_desc desc = {
        .struct_size = sizeof desc, .plan = plan, .elem_size = elem_size,
        .value = value, .value_shape = value_shape,
        .value_rank = value_rank, .rule = rule, .dst = dst};
    return clslice_cl_scatter(rt, &call, &desc, err);
}
#define FLAG_COUNT (sizeof FLAG_SETS / sizeof FLAG_SETS[0])
#define WAYS (2 * FLAG_COUNT)

typedef struct job {
    rp_case c;
    clslice_plan *plan;
    bool scatter;
    rv_value v;
    size_t elem_size;
    rs_tensor in, out;   /* out.offset is within the job's region */
    size_t region[WAYS]; /* where each way's region starts in dst */
} job;

typedef struct fixture {
    tu_dev dev;
    tu_region_buffers io;
    job *jobs;
    tu_rng rng;
    uint64_t seed;
    long jobs_done, enqueues;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    *state = f;
    if (!tu_dev_open(&f->dev))
        return 0;
    tu_region_buffers_open(&f->io, &f->dev, SRC_BYTES, DST_BYTES);
    f->jobs = calloc(BATCH_JOBS, sizeof *f->jobs);
    assert_non_null(f->jobs);
    f->seed = tu_seed(0x57A1DEDull);
    f->rng.state = f->seed;
    for (size_t i = 0; i < SRC_BYTES; i++) {
        unsigned char b = (unsigned char)tu_next(&f->rng);
        f->io.src_host[i] = b == SENTINEL ? (unsigned char)~b : b;
    }
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, f->io.src, CL_TRUE, 0,
                                     SRC_BYTES, f->io.src_host, 0, NULL, NULL));
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    tu_region_buffers_close(&f->io);
    if (f->dev.cl.context)
        tu_dev_close(&f->dev);
    free(f->jobs);
    free(f);
    return 0;
}

/* ---- random jobs ---------------------------------------------------------- */

/* A random view no larger than MAX_VIEW (heavy padding of many dims can
 * blow a small tensor up; such draws are redrawn, then made dense). */
static void bounded_view(fixture *f, const int64_t *shape, int rank,
                         bool repeat, size_t es, rs_tensor *v)
{
    for (int tries = 0; tries < 20; tries++) {
        rs_random_tensor(&f->rng, shape, rank, repeat, es, v);
        if (v->need <= MAX_VIEW)
            return;
    }
    rs_dense_tensor(shape, rank, 0, es, v);
}

static void random_job(fixture *f, job *j)
{
    for (;;) {
        j->plan = NULL;
        rp_random_case(&f->rng, (int)tu_range(&f->rng, 0, 5), MAX_ELEMS,
                       &j->c);
        if (rp_build(&j->c, &j->plan, NULL) != CLSLICE_OK)
            continue;
        if (clslice_plan_output_elements(j->plan) > 0 ||
            tu_range(&f->rng, 0, 7) == 0)
            break;
        clslice_plan_release(&j->plan);
    }
    j->scatter = tu_range(&f->rng, 0, 1) == 1;
    j->elem_size = ELEM_SIZES[tu_range(&f->rng, 0, 5)];
    if (j->scatter) {
        rv_random_value(&f->rng, j->plan, 0, &j->v);
        bounded_view(f, j->v.shape, j->v.rank, true, j->elem_size, &j->in);
        bounded_view(f, j->c.shape, j->c.rank, false, j->elem_size, &j->out);
    } else {
        int64_t out_shape[CLSLICE_MAX_RANK];
        clslice_plan_output_shape(j->plan, out_shape);
        bounded_view(f, j->c.shape, j->c.rank, true, j->elem_size, &j->in);
        bounded_view(f, out_shape, clslice_plan_output_rank(j->plan), false,
                     j->elem_size, &j->out);
    }
}

static void describe(const job *j, size_t way, char *buf, size_t size)
{
    char in[700], out[700];
    rs_describe(&j->in, in, sizeof in);
    rs_describe(&j->out, out, sizeof out);
    snprintf(buf, size, "%s of %s, elem_size %zu, %s %s, %s %s, style %s, "
             "flags 0x%x", j->scatter ? "scatter" : "gather", j->c.desc,
             j->elem_size, j->scatter ? "value" : "src", in, "dst", out,
             way < FLAG_COUNT ? "rows" : "grid", FLAG_SETS[way % FLAG_COUNT]);
}

/* The regions of the batch's first `jobs` jobs in dst (regions.h). */
static tu_region_job region_job(const void *ctx, size_t i)
{
    job *j = &((const fixture *)ctx)->jobs[i];
    return (tu_region_job){j->out.need, j->out.offset, j->region};
}

static void describe_run(const void *ctx, size_t i, size_t way, char *buf,
                         size_t size)
{
    describe(&((const fixture *)ctx)->jobs[i], way, buf, size);
}

static tu_regions regions(const fixture *f, size_t jobs)
{
    return (tu_regions){.ways = WAYS, .jobs = jobs, .guard = GUARD,
                        .capacity = DST_BYTES, .ctx = f,
                        .job = region_job, .describe = describe_run,
                        .storage = "view", .seed = f->seed};
}

/* ---- one batch -------------------------------------------------------------- */

static void host_result(fixture *f, const job *j, size_t at)
{
    clslice_error err;
    clslice_status st;
    if (j->scatter)
        st = tu_host_scatter(j->plan, j->elem_size,
                             tu_tensor(f->io.src_host, SRC_BYTES, j->in.offset,
                                       rs_strides(&j->in)),
                             j->v.shape, j->v.rank, NULL, j->v.rule,
                             tu_tensor(f->io.expect, DST_BYTES,
                                       at + j->out.offset, rs_strides(&j->out)),
                             NULL, &err);
    else
        st = tu_host_gather(j->plan, j->elem_size,
                            tu_tensor(f->io.src_host, SRC_BYTES, j->in.offset,
                                      rs_strides(&j->in)),
                            NULL,
                            tu_tensor(f->io.expect, DST_BYTES,
                                      at + j->out.offset, rs_strides(&j->out)),
                            NULL, &err);
    if (st != CLSLICE_OK)
        fail_msg("host: %s (seed 0x%016" PRIx64 ")", err.message, f->seed);
}

static void enqueue(fixture *f, const job *j, size_t way)
{
    cs_tuning tuning;
    cs_runtime_tuning(f->dev.runtime, &tuning);
    tuning.style = STYLES[way / FLAG_COUNT];
    cs_runtime_set_tuning(f->dev.runtime, &tuning);
    unsigned flags = FLAG_SETS[way % FLAG_COUNT];
    size_t at = j->region[way] + j->out.offset;
    clslice_error err;
    clslice_status st;
    clslice_cl_tensor in = view(f->io.src, j->in.offset, rs_strides(&j->in));
    clslice_cl_tensor out = view(f->io.dst, at, rs_strides(&j->out));
    if (j->scatter)
        st = scatter(f->dev.runtime, f->dev.queue, j->plan, j->elem_size, in,
                     j->v.shape, j->v.rank, j->v.rule, out, flags, &err);
    else
        st = gather(f->dev.runtime, f->dev.queue, j->plan, j->elem_size, in,
                    out, flags, NULL, &err);
    if (st != CLSLICE_OK) {
        tu_regions r = regions(f, BATCH_JOBS);
        tu_regions_fail_enqueue(&r, (size_t)(j - f->jobs), way, err.message);
    }
    f->enqueues++;
}

/* Run `way` of job i: its reference, then the device's (regions.h). */
static void run_way(void *ctx, size_t i, size_t way)
{
    fixture *f = ctx;
    host_result(f, &f->jobs[i], f->jobs[i].region[way]);
    enqueue(f, &f->jobs[i], way);
}

static void run_batch(fixture *f, size_t jobs)
{
    for (size_t i = 0; i < jobs; i++)
        random_job(f, &f->jobs[i]);
    tu_regions r = regions(f, jobs);
    tu_regions_run_batch(&r, &f->io, f->dev.queue, SENTINEL, run_way, f);
    for (size_t i = 0; i < jobs; i++)
        clslice_plan_release(&f->jobs[i].plan);
    f->jobs_done += (long)jobs;
}

static void test_random_jobs(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    long before[CS_PATH_COUNT];
    for (int p = 0; p < CS_PATH_COUNT; p++)
        before[p] = cs_runtime_path_count(f->dev.runtime, (cs_path)p);
    while (f->jobs_done < tu_scaled(JOBS))
        run_batch(f, BATCH_JOBS);
    cs_runtime_set_tuning(f->dev.runtime, NULL);
    print_message("%ld random jobs (seed 0x%016" PRIx64 "), %ld enqueues "
                  "checked\n", f->jobs_done, f->seed, f->enqueues);
    /* the shortcuts, both kernel families and the scatter kernels that
     * strided destinations need must all have run */
    static const cs_path MUST[] = {
        CS_PATH_MARKER, CS_PATH_COPY, CS_PATH_ROW_C, CS_PATH_ROW_G,
        CS_PATH_ODO_G, CS_PATH_GRID_R1, CS_PATH_GRID_R2, CS_PATH_SCATTER,
        CS_PATH_SROW, CS_PATH_SODO,
        CS_PATH_SDST_R, CS_PATH_SDST_G, CS_PATH_SSRC_B};
    bool full = tu_scaled(JOBS) == JOBS; /* a scaled run may miss some */
    for (size_t i = 0; i < sizeof MUST / sizeof MUST[0]; i++) {
        cs_path p = MUST[i];
        long ran = cs_runtime_path_count(f->dev.runtime, p) - before[p];
        print_message("path %d: %ld runs\n", (int)p, ran);
        if (ran == 0 && full)
            fail_msg("path %d never ran (seed 0x%016" PRIx64 ")", (int)p,
                     f->seed);
    }
}

/* ---- checks ------------------------------------------------------------------ */

/* A call that must fail with `status` and leave dst as it was. */
#define EXPECT_FAIL(call, status, ...)                                    \
    do {                                                                  \
        clslice_error err_;                                               \
        tu_cl_fill(q, small, 0x11, 256);                                  \
        clslice_status st_ = (call);                                      \
        assert_int_equal(st_, (status));                                  \
        tu_assert_error(&err_, (status), __VA_ARGS__, NULL);              \
        tu_cl_assert_filled(q, small, 256, 0x11);                         \
    } while (0)

static void test_checks(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_runtime *rt = f->dev.runtime;
    cl_command_queue q = f->dev.queue;
    cl_mem small = tu_cl_buffer(&f->dev.cl, 256);
    int64_t shape[] = {3, 4};
    clslice_plan *plan = tu_expr_plan(shape, 2, ":, 1:");
    const int64_t rev[] = {-4, 1}, padded[] = {10, 1}, zero[] = {0, 1},
                  clash[] = {2, 1}, huge[] = {INT64_MAX / 2 + 1, 1};

    EXPECT_FAIL(gather(rt, q, plan, 4, view(f->io.src, 16, rev),
                       view(small, 0, NULL), 0, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "src view", "src.offset = 16", "32");
    EXPECT_FAIL(gather(rt, q, plan, 4, view(f->io.src, 0, NULL),
                       view(small, 8, rev), 0, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "dst view", "dst.offset = 8");
    EXPECT_FAIL(gather(rt, q, plan, 32, view(f->io.src, 0, NULL),
                       view(small, 0, NULL), 0, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "dst.buffer is too small");
    EXPECT_FAIL(gather(rt, q, plan, 4, view(small, 200, padded),
                       view(f->io.dst, 0, NULL), 0, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "src.buffer is too small", "96",
                "src.offset = 200");
    EXPECT_FAIL(gather(rt, q, plan, 4, view(f->io.src, 0, NULL),
                       view(small, 0, zero), 0, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst.strides[0] = 0", "twice");
    EXPECT_FAIL(gather(rt, q, plan, 4, view(f->io.src, 0, NULL),
                       view(small, 0, clash), 0, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst.strides[0] = 2");
    EXPECT_FAIL(gather(rt, q, plan, 4, view(f->io.src, 0, huge),
                       view(small, 0, NULL), 0, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "src.strides[0] = ", "int64");
    /* views in one buffer: their byte ranges must not meet */
    EXPECT_FAIL(gather(rt, q, plan, 4, view(small, 32, rev),
                       view(small, 40, NULL), 0, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "src.buffer and dst.buffer",
                "source view bytes [0, 48)", "destination view bytes [40, "
                "76)");
    /* ...and next to each other they work, on the host and the device:
     * source bytes [0, 48), output bytes [48, 84), reversed rows on both
     * sides */
    {
        unsigned char want[256], got[256];
        for (int i = 0; i < 256; i++)
            want[i] = (unsigned char)(i * 7 + 1);
        TU_CL_CHECK(clEnqueueWriteBuffer(q, small, CL_TRUE, 0, sizeof want,
                                         want, 0, NULL, NULL));
        clslice_error err;
        assert_int_equal(
            tu_host_gather(plan, 4, tu_tensor(want, sizeof want, 32, rev), NULL,
                           tu_tensor(want, sizeof want, 80, rev), NULL, &err),
            CLSLICE_OK);
        assert_int_equal(gather(rt, q, plan, 4, view(small, 32, rev),
                                view(small, 80, rev), 0, NULL, &err),
                         CLSLICE_OK);
        tu_cl_read(q, small, sizeof got, got);
        assert_memory_equal(got, want, sizeof got);
    }
    /* NULL buffers */
    EXPECT_FAIL(gather(rt, q, plan, 4, view(NULL, 0, zero),
                       view(small, 0, NULL), 0, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "src.buffer is NULL");
    /* scatters: value views that do not fit, a dst view that clashes */
    const int64_t bshape[] = {1, 3}, vrev[] = {1, -1};
    EXPECT_FAIL(scatter(rt, q, plan, 4, view(f->io.src, 4, vrev), bshape, 2,
                        CLSLICE_VALUE_BROADCAST, view(small, 0, NULL), 0,
                        &err_),
                CLSLICE_ERROR_BUFFER, "value view", "value.offset = 4");
    EXPECT_FAIL(scatter(rt, q, plan, 4, view(f->io.src, 0, NULL), bshape, 2,
                        CLSLICE_VALUE_BROADCAST, view(small, 0, zero), 0,
                        &err_),
                CLSLICE_ERROR_ARGUMENT, "dst.strides[0] = 0");
    EXPECT_FAIL(scatter(rt, q, plan, 4, view(f->io.src, 0, NULL), bshape, 2,
                        CLSLICE_VALUE_EXACT, view(small, 0, NULL), 0, &err_),
                CLSLICE_ERROR_SHAPE, "value");
    clslice_plan_release(&plan);

    /* empty outputs and slices accept NULL buffers; a wanted event is a
     * marker */
    int64_t eshape[] = {3, 4};
    clslice_plan *empty = tu_expr_plan(eshape, 2, "2:2");
    cl_event ev = NULL;
    clslice_error err;
    assert_int_equal(gather(rt, q, empty, 4, view(f->io.src, 32, rev),
                            view(NULL, 0, zero), 0, &ev, &err),
                     CLSLICE_OK);
    assert_non_null(ev);
    TU_CL_CHECK(clWaitForEvents(1, &ev));
    clReleaseEvent(ev);
    const int64_t none[] = {0, 4};
    assert_int_equal(scatter(rt, q, empty, 4, view(NULL, 0, NULL), none, 2,
                             CLSLICE_VALUE_BROADCAST, view(NULL, 0, NULL), 0,
                             &err),
                     CLSLICE_OK);
    clslice_plan_release(&empty);
    clReleaseMemObject(small);
}

/* One gather between views on the row family: the result against the
 * host's, and the path it took. */
static void directed(fixture *f, const char *expr, const int64_t *in,
                     const int64_t *out, size_t dst_offset, cs_path path)
{
    static unsigned char want[4096], got[4096];
    int64_t shape[] = {6, 7};
    clslice_plan *plan = tu_expr_plan(shape, 2, expr);
    cs_tuning tuning;
    cs_runtime_tuning(f->dev.runtime, &tuning);
    tuning.style = CS_STYLE_ROWS;
    cs_runtime_set_tuning(f->dev.runtime, &tuning);
    long ran = cs_runtime_path_count(f->dev.runtime, path);
    memset(want, SENTINEL, sizeof want);
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(f->io.src_host, SRC_BYTES, 12, in),
                       NULL, tu_tensor(want, sizeof want, dst_offset, out),
                       NULL, NULL),
        CLSLICE_OK);
    tu_cl_fill(f->dev.queue, f->io.dst, SENTINEL, sizeof got);
    clslice_error err;
    assert_int_equal(gather(f->dev.runtime, f->dev.queue, plan, 4,
                            view(f->io.src, 12, in),
                            view(f->io.dst, dst_offset, out), 0, NULL, &err),
                     CLSLICE_OK);
    tu_cl_read(f->dev.queue, f->io.dst, sizeof got, got);
    assert_memory_equal(got, want, sizeof got);
    assert_int_equal(cs_runtime_path_count(f->dev.runtime, path), ran + 1);
    cs_runtime_set_tuning(f->dev.runtime, NULL);
    clslice_plan_release(&plan);
}

/* Views keep the shortcuts where they apply: whole rows of a view with a
 * row pitch of 7 are one run (a copy), a box of padded rows into padded
 * rows a Rect copy, and a transposed destination runs the scatter row
 * kernels with a strided destination (the gather kernels cannot write
 * it). */
static void test_shortcuts(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_device_type type;
    TU_CL_CHECK(clGetDeviceInfo(f->dev.cl.device, CL_DEVICE_TYPE,
                                sizeof type, &type, NULL));
    const int64_t rows7[] = {7, 1}, padded[] = {9, 1}, out6[] = {6, 1},
                  transposed[] = {1, 4};
    directed(f, "1:3", rows7, NULL, 40, CS_PATH_COPY);
    if (type & CL_DEVICE_TYPE_CPU) /* PoCL: no Rect on other devices */
        directed(f, "1:5, 2:6", padded, out6, 8, CS_PATH_RECT);
    directed(f, "1:5, 2:6", padded, transposed, 8, CS_PATH_SDST_G);
}

/* Views in sub-buffers: a padded source and destination make a box that
 * the Rect copy would take, which PoCL crashes on with sub-buffers (the
 * selector runs the kernel there), and a reversed destination; the result
 * must match the host's either way. */
static void test_sub_buffers(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cl_int rc;
    cl_buffer_region reg = {0, 4096};
    cl_mem sub = clCreateSubBuffer(f->io.dst, CL_MEM_READ_WRITE,
                                   CL_BUFFER_CREATE_TYPE_REGION, &reg, &rc);
    TU_CL_CHECK(rc);
    int64_t shape[] = {6, 7};
    clslice_plan *plan = tu_expr_plan(shape, 2, "1:5, 2:6");
    const int64_t in[] = {9, 1}, outs[2][2] = {{6, 1}, {-6, 1}};
    size_t es = 4, dst_offset = 3 * 6 * es + 8;
    static unsigned char want[4096], got[4096];
    for (int k = 0; k < 2; k++) {
        memset(want, SENTINEL, sizeof want);
        assert_int_equal(
            tu_host_gather(
                plan, es, tu_tensor(f->io.src_host, SRC_BYTES, 12, in), NULL,
                tu_tensor(want, sizeof want, dst_offset, outs[k]), NULL, NULL),
            CLSLICE_OK);
        tu_cl_fill(f->dev.queue, sub, SENTINEL, sizeof got);
        clslice_error err;
        assert_int_equal(gather(f->dev.runtime, f->dev.queue, plan, es,
                                view(f->io.src, 12, in),
                                view(sub, dst_offset, outs[k]), 0, NULL,
                                &err),
                         CLSLICE_OK);
        tu_cl_read(f->dev.queue, sub, sizeof got, got);
        assert_memory_equal(got, want, sizeof got);
    }
    clslice_plan_release(&plan);
    clReleaseMemObject(sub);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_jobs),
        cmocka_unit_test(test_checks),
        cmocka_unit_test(test_shortcuts),
        cmocka_unit_test(test_sub_buffers),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
