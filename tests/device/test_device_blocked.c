/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Differential test of clslice_cl_gather and clslice_cl_scatter between
 * blocked tensors (clslice.h, "Blocked layouts") on the default OpenCL
 * device against a reference that builds no layout: unblock each tensor,
 * slice with the plain host executor, block the result again
 * (support/randblocked.c; test_host_blocked holds the host's blocked
 * executors to the same reference).
 *
 * Random plans of rank 1-4 from every front-end, random tensors on either
 * side (randblocked.h: blocks of 1 to 32 lanes, first lanes, dense or
 * nested, padded and reversed storage; plain strided tensors), element
 * sizes 1, 2, 3, 4, 8 and 16.  Every job runs eight ways: the row family
 * and the element grid (the tuning's style), each plain, with
 * CLSLICE_FORCE_INDEX64, with CLSLICE_NO_COPY_SHORTCUT and with both.
 * Each run writes its own region of one sentinel-filled destination
 * buffer, whose guard bytes and unaddressed bytes must come back
 * unchanged; the runs must have taken both forms of the blocked kernels
 * and the dense paths that affine slices take.
 *
 * Then the paths of named NC4HW4 and fsv16 slices, what
 * CLSLICE_PREPARE_BLOCKED builds, and the checks, each failing call
 * leaving its destination untouched.
 */
#include <stdlib.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "hostcall.h"
#include "randblocked.h"
#include "randplan.h"
#include "randvalue.h"
#include "regions.h"
#include "testutil.h"

enum {
    JOBS = 1500,
    MAX_ELEMS = 256,
    BATCH_JOBS = 50,
    MAX_VIEW = 64 << 10, /* bytes a tensor may span */
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
#define FLAG_COUNT (sizeof FLAG_SETS / sizeof FLAG_SETS[0])
#define WAYS (2 * FLAG_COUNT)

static clslice_cl_tensor tensor(cl_mem buffer, size_t offset,
                                const int64_t *strides)
{
    return (clslice_cl_tensor){buffer, offset, strides};
}

static clslice_status gather(clslice_runtime *rt, cl_command_queue q,
                             const clslice_plan *plan, size_t elem_size,
                             clslice_cl_tensor src,
                             const clslice_blocking *src_blocking,
                             clslice_cl_tensor dst,
                             const clslice_blocking *dst_blocking,
                             unsigned flags, clslice_error *err)
{
    clslice_cl_call call = {.struct_size = sizeof call, .queue = q,
                            .flags = flags};
    clslice_cl_gather_desc desc = {
        .struct_size = sizeof desc, .plan = plan, .elem_size = elem_size,
        .src = src, .dst = dst, .src_blocking = src_blocking,
        .dst_blocking = dst_blocking};
    return clslice_cl_gather(rt, &call, &desc, err);
}

typedef struct value_form {
    const int64_t *shape;
    int rank;
    clslice_value_rule rule;
} value_form;

static clslice_status scatter(clslice_runtime *rt, cl_command_queue q,
                              const clslice_plan *plan, size_t elem_size,
                              clslice_cl_tensor value,
                              const clslice_blocking *value_blocking,
                              value_form form, clslice_cl_tensor dst,
                              const clslice_blocking *dst_blocking,
                              unsigned flags, clslice_error *err)
{
    clslice_cl_call call = {.struct_size = sizeof call, .queue = q,
                            .flags = flags};
    clslice_cl_scatter_desc desc = {
        .struct_size = sizeof desc, .plan = plan, .elem_size = elem_size,
        .value = value, .value_shape = form.shape,
        .value_rank = form.rank, .rule = form.rule, .dst = dst,
        .value_blocking = value_blocking, .dst_blocking = dst_blocking};
    return clslice_cl_scatter(rt, &call, &desc, err);
}

typedef struct job {
    rp_case c;
    clslice_plan *plan;
    bool scatter;
    rv_value v;
    size_t elem_size;
    rb_tensor in, out;   /* out.offset is within the job's region */
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
    f->seed = tu_seed(0xB10CED);
    f->rng.state = f->seed;
    for (size_t i = 0; i < SRC_BYTES; i++) {
        unsigned char b = (unsigned char)tu_next(&f->rng);
        f->io.src_host[i] = b == SENTINEL || b == 0 ? (unsigned char)(b + 1)
                                                    : b;
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

/* A random tensor no larger than MAX_VIEW, else a dense plain one. */
static void bounded(fixture *f, const int64_t *shape, int rank, bool blocked,
                    bool repeat, size_t es, rb_tensor *t)
{
    for (int tries = 0; tries < 20; tries++) {
        rb_random_tensor(&f->rng, shape, rank, blocked, repeat, es, t);
        if (t->need <= MAX_VIEW)
            return;
    }
    rs_tensor dense;
    rs_dense_tensor(shape, rank, 0, es, &dense);
    memset(t, 0, sizeof *t);
    t->rank = rank;
    memcpy(t->shape, shape, (size_t)rank * sizeof *shape);
    memcpy(t->stride, dense.stride, sizeof t->stride);
    t->null_strides = true;
    t->need = dense.need;
}

static void random_job(fixture *f, job *j)
{
    for (;;) {
        j->plan = NULL;
        rp_random_case(&f->rng, (int)tu_range(&f->rng, 1, 4), MAX_ELEMS,
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
    int pick = (int)tu_range(&f->rng, 0, 9);
    bool bin = pick < 4 || pick >= 8, bout = pick >= 4;
    if (j->scatter) {
        rv_random_value(&f->rng, j->plan, 0, &j->v);
        bounded(f, j->v.shape, j->v.rank, bin, true, j->elem_size, &j->in);
        bounded(f, j->c.shape, j->c.rank, bout, false, j->elem_size,
                &j->out);
    } else {
        int64_t out_shape[CLSLICE_MAX_RANK];
        clslice_plan_output_shape(j->plan, out_shape);
        bounded(f, j->c.shape, j->c.rank, bin, true, j->elem_size, &j->in);
        bounded(f, out_shape, clslice_plan_output_rank(j->plan), bout, false,
                j->elem_size, &j->out);
    }
}

static void describe(const job *j, size_t way, char *buf, size_t size)
{
    char in[700], out[700];
    rb_describe(&j->in, in, sizeof in);
    rb_describe(&j->out, out, sizeof out);
    buf[0] = '\0';
    rp_append(buf, size, "%s of %s, elem_size %zu, %s %s, dst %s, style %s, "
              "flags 0x%x", j->scatter ? "scatter" : "gather", j->c.desc,
              j->elem_size, j->scatter ? "value" : "src", in, out,
              way < FLAG_COUNT ? "rows" : "grid",
              FLAG_SETS[way % FLAG_COUNT]);
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
                        .storage = "storage", .seed = f->seed};
}

/* ---- one batch -------------------------------------------------------------- */

/* The reference result (unblock, slice with the plain host executor,
 * block again: support/randblocked.c) of job j in the region at `at`. */
static void host_result(fixture *f, const job *j, size_t at)
{
    if (j->scatter)
        rb_scatter(j->plan, j->elem_size, f->io.src_host, &j->in, j->v.rule,
                   f->io.expect + at, &j->out);
    else
        rb_gather(j->plan, j->elem_size, f->io.src_host, &j->in,
                  f->io.expect + at, &j->out);
}

static void set_style(fixture *f, cs_style style)
{
    cs_tuning tuning;
    cs_runtime_tuning(f->dev.runtime, &tuning);
    tuning.style = style;
    cs_runtime_set_tuning(f->dev.runtime, &tuning);
}

static void enqueue(fixture *f, const job *j, size_t way)
{
    set_style(f, STYLES[way / FLAG_COUNT]);
    unsigned flags = FLAG_SETS[way % FLAG_COUNT];
    size_t at = j->region[way] + j->out.offset;
    clslice_error err;
    clslice_status st;
    clslice_cl_tensor in = tensor(f->io.src, j->in.offset, rb_strides(&j->in));
    clslice_cl_tensor out = tensor(f->io.dst, at, rb_strides(&j->out));
    if (j->scatter)
        st = scatter(f->dev.runtime, f->dev.queue, j->plan, j->elem_size, in,
                     rb_blocking(&j->in),
                     (value_form){j->v.shape, j->v.rank, j->v.rule}, out,
                     rb_blocking(&j->out), flags, &err);
    else
        st = gather(f->dev.runtime, f->dev.queue, j->plan, j->elem_size, in,
                    rb_blocking(&j->in), out, rb_blocking(&j->out), flags,
                    &err);
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
    /* both blocked kernels, and the dense paths affine slices take */
    static const cs_path MUST[] = {
        CS_PATH_MARKER,  CS_PATH_COPY,    CS_PATH_LANES_ROWS,
        CS_PATH_LANES_GRID, CS_PATH_ROW_G, CS_PATH_SCATTER,
        CS_PATH_SROW,    CS_PATH_GRID_R1};
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

/* ---- the engines' layouts: results and paths --------------------------- */

/* A channel slice `expr` of a 1x64x7x7 float tensor blocked by `from`
 * lanes into one blocked by `to` (0: plain, either side): the result
 * against the host's, and the way it ran: through the lane maps or not,
 * and `path` when it is not CS_PATH_COUNT. */
static void named(fixture *f, int from, const char *expr, int to,
                  cs_style style, bool lanes, cs_path path)
{
    static unsigned char want[64 << 10], got[64 << 10];
    const int64_t shape[] = {1, 64, 7, 7};
    clslice_plan *plan = tu_expr_plan(shape, 4, expr);
    clslice_blocking in = {.axis = 1, .block = from};
    clslice_blocking out = {.axis = 1, .block = to};
    const clslice_blocking *pin = from ? &in : NULL, *pout = to ? &out : NULL;
    set_style(f, style);
    cs_path kernel = style == CS_STYLE_ROWS ? CS_PATH_LANES_ROWS
                                            : CS_PATH_LANES_GRID;
    long ran = cs_runtime_path_count(f->dev.runtime, kernel);
    long took = path < CS_PATH_COUNT
                    ? cs_runtime_path_count(f->dev.runtime, path)
                    : 0;
    memset(want, SENTINEL, sizeof want);
    assert_int_equal(
        tu_host_gather(plan, 4, tu_tensor(f->io.src_host, SRC_BYTES, 0, NULL),
                       pin, tu_tensor(want, sizeof want, 16, NULL), pout, NULL),
        CLSLICE_OK);
    tu_cl_fill(f->dev.queue, f->io.dst, SENTINEL, sizeof got);
    clslice_error err;
    assert_int_equal(gather(f->dev.runtime, f->dev.queue, plan, 4,
                            tensor(f->io.src, 0, NULL), pin,
                            tensor(f->io.dst, 16, NULL), pout, 0, &err),
                     CLSLICE_OK);
    tu_cl_read(f->dev.queue, f->io.dst, sizeof got, got);
    assert_memory_equal(got, want, sizeof got);
    bool through = cs_runtime_path_count(f->dev.runtime, kernel) == ran + 1;
    bool pinned = path == CS_PATH_COUNT ||
                  cs_runtime_path_count(f->dev.runtime, path) == took + 1;
    if (through != lanes || !pinned)
        fail_msg("%s of %d-lane blocks into %d-lane blocks: lane maps %d, "
                 "path %d %d", expr, from, to, through, (int)path, pinned);
    cs_runtime_set_tuning(f->dev.runtime, NULL);
    clslice_plan_release(&plan);
}

/* Whole blocks of NC4HW4 or fsv16 into the same layout are one run of
 * the source (a copy); into another layout, or a plain tensor, they
 * split into blocks and lanes (dense kernels), and so does a step of
 * whole blocks and a plain tensor into a blocked one without padding.  A
 * slice that starts inside a block needs the lane maps; so does a
 * blocked destination with padding lanes. */
static void test_engine_paths(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    const cs_path any = CS_PATH_COUNT;
    const cs_style rows = CS_STYLE_ROWS, grid = CS_STYLE_GRID;
    named(f, 4, ":, 16:48", 4, rows, false, CS_PATH_COPY);
    named(f, 16, ":, 16:48", 16, grid, false, CS_PATH_COPY);
    named(f, 16, ":, 16:48", 4, rows, false, any);
    named(f, 4, ":, 16:48", 16, grid, false, any);
    named(f, 4, ":, 16:48", 0, grid, false, CS_PATH_GRID_R3);
    named(f, 4, ":, 16:48:4", 0, rows, false, any);
    named(f, 0, ":, 3:35", 4, rows, false, any);
    named(f, 4, ":, 3:35", 0, rows, true, any);
    named(f, 16, ":, 3:35", 0, grid, true, any);
    named(f, 4, ":, 3:35", 4, rows, true, any);
    named(f, 16, ":, 0:30", 16, grid, true, any);
    named(f, 0, ":, 0:30", 16, rows, true, any);
}

/* CLSLICE_PREPARE_BLOCKED builds the blocked program: a call that needs
 * lane maps afterwards builds nothing. */
static void test_prepare(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_runtime *rt = NULL;
    assert_int_equal(clslice_runtime_create(f->dev.cl.context, &rt, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_runtime_prepare(rt, f->dev.cl.device,
                                             CLSLICE_PREPARE_BLOCKED, NULL),
                     CLSLICE_OK);
    size_t built = cs_runtime_program_count(rt);
    const int64_t shape[] = {1, 10, 3};
    clslice_plan *plan = tu_expr_plan(shape, 3, ":, 1:7");
    clslice_blocking b4 = {.axis = 1, .block = 4};
    long lanes = cs_runtime_path_count(rt, CS_PATH_LANES_ROWS) +
                 cs_runtime_path_count(rt, CS_PATH_LANES_GRID);
    assert_int_equal(gather(rt, f->dev.queue, plan, 4,
                            tensor(f->io.src, 0, NULL), &b4,
                            tensor(f->io.dst, 0, NULL), NULL, 0, NULL),
                     CLSLICE_OK);
    TU_CL_CHECK(clFinish(f->dev.queue));
    assert_int_equal(cs_runtime_path_count(rt, CS_PATH_LANES_ROWS) +
                         cs_runtime_path_count(rt, CS_PATH_LANES_GRID),
                     lanes + 1);
    assert_int_equal(cs_runtime_program_count(rt), built);
    clslice_plan_release(&plan);
    clslice_runtime_release(&rt);
}

/* ---- checks ------------------------------------------------------------------ */

/* A call that must fail with `status` and leave dst as it was. */
#define EXPECT_FAIL(call, status, ...)                                    \
    do {                                                                  \
        clslice_error err_;                                               \
        tu_cl_fill(q, small, 0x11, 1024);                                 \
        clslice_status st_ = (call);                                      \
        assert_int_equal(st_, (status));                                  \
        tu_assert_error(&err_, (status), __VA_ARGS__, NULL);              \
        tu_cl_assert_filled(q, small, 1024, 0x11);                        \
    } while (0)

static void test_checks(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    clslice_runtime *rt = f->dev.runtime;
    cl_command_queue q = f->dev.queue;
    cl_mem small = tu_cl_buffer(&f->dev.cl, 1024);
    const int64_t shape[] = {2, 6, 3};
    clslice_plan *plan = tu_expr_plan(shape, 3, ":, 1:5");
    clslice_blocking bad_axis = {.axis = -1, .block = 4};
    clslice_blocking bad_lane = {.axis = 1, .block = 4, .first_lane = -1};
    clslice_blocking b4 = {.axis = 1, .block = 4};
    clslice_blocking b8 = {.axis = 1, .block = 8, .first_lane = 7};
    clslice_cl_tensor src = tensor(f->io.src, 0, NULL);

    EXPECT_FAIL(gather(rt, q, plan, 4, src, &bad_axis, tensor(small, 0, NULL),
                       NULL, 0, &err_),
                CLSLICE_ERROR_ARGUMENT, "src_blocking->axis = -1");
    EXPECT_FAIL(gather(rt, q, plan, 4, src, NULL, tensor(small, 0, NULL),
                       &bad_lane, 0, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst_blocking->first_lane = -1");
    /* 2 x 2 blocks x 3 x 8 lanes of 4 bytes: 384 bytes, from 700 */
    EXPECT_FAIL(gather(rt, q, plan, 4, src, NULL, tensor(small, 700, NULL),
                       &b8, 0, &err_),
                CLSLICE_ERROR_BUFFER, "dst.buffer is too small", "384",
                "dst.offset = 700");
    /* reversed blocks reach 12 elements before element 0 */
    const int64_t reversed[] = {24, -12, 4};
    clslice_blocking b2 = {.axis = 1, .block = 2};
    EXPECT_FAIL(gather(rt, q, plan, 4, src, NULL, tensor(small, 8, reversed),
                       &b2, 0, &err_),
                CLSLICE_ERROR_BUFFER, "dst.offset = 8", "48");
    const int64_t narrow[] = {24, 3, 1};
    EXPECT_FAIL(gather(rt, q, plan, 4, src, NULL, tensor(small, 0, narrow),
                       &b4, 0, &err_),
                CLSLICE_ERROR_ARGUMENT,
                "the lanes of dst (dst_blocking->block = 4)", "twice");
    EXPECT_FAIL(gather(rt, q, plan, 4, tensor(small, 0, NULL), &b4,
                       tensor(small, 96, NULL), NULL, 0, &err_),
                CLSLICE_ERROR_ARGUMENT, "src.buffer and dst.buffer");
    const int64_t value_shape[] = {2, 4, 3};
    EXPECT_FAIL(scatter(rt, q, plan, 4, src, &bad_axis,
                        (value_form){value_shape, 3, CLSLICE_VALUE_EXACT},
                        tensor(small, 0, NULL), &b4, 0, &err_),
                CLSLICE_ERROR_ARGUMENT, "value_blocking->axis = -1");
    /* the whole blocked dst must fit, even for a scatter */
    EXPECT_FAIL(scatter(rt, q, plan, 4, src, NULL,
                        (value_form){value_shape, 3, CLSLICE_VALUE_EXACT},
                        tensor(small, 1024 - 2 * 2 * 3 * 8 * 4 + 4, NULL),
                        &b8, 0, &err_),
                CLSLICE_ERROR_BUFFER, "dst.buffer is too small");
    clslice_plan_release(&plan);

    /* An axis near INT64_MAX once wrapped its block count negative and
     * passed the bounds check: the kernels then read and wrote past the
     * 1024-byte buffer (Oclgrind: invalid reads and writes; issue 30). */
    const int64_t near_max[] = {INT64_MAX - 1}, far_value[] = {16};
    clslice_blocking lanes4 = {.axis = 0, .block = 4, .first_lane = 3};
    clslice_plan *far = tu_expr_plan(near_max, 1, "4:20");
    EXPECT_FAIL(gather(rt, q, far, 4, tensor(small, 0, NULL), &lanes4,
                       tensor(f->io.dst, 0, NULL), NULL, 0, &err_),
                CLSLICE_ERROR_BUFFER, "blocked src tensor",
                "more than INT64_MAX");
    EXPECT_FAIL(scatter(rt, q, far, 4, src, NULL,
                        (value_form){far_value, 1, CLSLICE_VALUE_EXACT},
                        tensor(small, 0, NULL), &lanes4, 0, &err_),
                CLSLICE_ERROR_BUFFER, "blocked dst tensor",
                "more than INT64_MAX");
    clslice_plan_release(&far);
    clReleaseMemObject(small);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_jobs),
        cmocka_unit_test(test_engine_paths),
        cmocka_unit_test(test_prepare),
        cmocka_unit_test(test_checks),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
