/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Differential test of clslice_enqueue_scatter, clslice_enqueue_fill and
 * clslice_enqueue_grad against clslice_host_scatter and clslice_host_grad
 * (itself checked against a naive reference in test_host_scatter) on the
 * default OpenCL device.
 *
 * Random plans from all five front-ends (randplan.h) plus strided
 * expressions that reach the rank-3, rank-4 and generic kernels, random
 * value shapes that broadcast (randvalue.h: rank 0 included) or match
 * exactly, element sizes 1, 2, 3, 4, 8, 12 and 16 (and 72 for fills,
 * past the by-value limit), value and destination byte offsets that are
 * sometimes aligned and sometimes odd.  Every job runs four times: plain,
 * with CLSLICE_FORCE_INDEX64, with CLSLICE_NO_COPY_SHORTCUT, and with both.
 *
 * Jobs are batched: each gets its own region of one destination buffer,
 * [guard | tensor | guard], the whole used range is filled with a sentinel
 * byte that no value byte equals, every job is enqueued, and the range is
 * read back and compared byte for byte with the host's result on a
 * sentinel-filled copy.  A write outside the slice, or outside the
 * tensor, shows up as a damaged sentinel.  Some batches cap the grid so
 * that the kernels' loops run.
 *
 * With the argument --dynamic (ctest: test_device_scatter_dynamic) every
 * job is a scatter of a TF, OpenVINO or ONNX spec through the dynamic
 * path (clslice_enqueue_*_dynamic): the spec's values uploaded to a
 * device buffer, each call's record in a slot of its own, half as many
 * jobs.
 */
#include <time.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "dynspec.h"
#include "randplan.h"
#include "randvalue.h"
#include "testutil.h"

enum {
    JOBS = 8000,        /* random jobs per run (each run 4 ways) */
    MAX_ELEMS = 2048,   /* input elements per plan, at most */
    BIG_ELEM = 72,      /* a fill element past CLSLICE_FILL_INLINE_MAX */
    MAX_OFFSET = 48,    /* value and tensor byte offsets lie below this */
    VALUE_BYTES = MAX_ELEMS * 16 + MAX_OFFSET,
    GUARD = 32,
    BATCH_JOBS = 64,
    VALUES_SLOT = 4096, /* --dynamic: one job's spec values */
    DST_BYTES = 12 << 20,
    SENTINEL = 0xA5
};

static const size_t ELEM_SIZES[] = {1, 2, 3, 4, 8, 12, 16};
static const unsigned FLAG_SETS[] = {
    0, CLSLICE_FORCE_INDEX64, CLSLICE_NO_COPY_SHORTCUT,
    CLSLICE_FORCE_INDEX64 | CLSLICE_NO_COPY_SHORTCUT};
#define FLAG_COUNT (sizeof FLAG_SETS / sizeof FLAG_SETS[0])

typedef enum mode { SCATTER, FILL, GRAD, MODES } mode;
static const char *const MODE_NAME[MODES] = {"scatter", "fill", "grad"};

/* What ran, per mode: empty (marker), copy, or kernel [rank variant
 * 1-4 or n][carrier][index width]. */
typedef struct coverage {
    long marker, copy;
    long kernel[5][5][2];
} coverage;

typedef struct job {
    rp_case c;
    clslice_plan *plan;
    mode mode;
    rv_value v;
    size_t elem_size, value_offset, tensor_bytes;
    size_t dst_offset[FLAG_COUNT]; /* where the tensor starts */
} job;

typedef struct fixture {
    tu_dev dev;
    cl_mem value, dst, info, values;
    unsigned char *value_host, *expect, *got;
    job *jobs;
    tu_rng rng;
    uint64_t seed;
    long jobs_done, enqueues;
    coverage cover[MODES];
} fixture;

/* ---- set-up ------------------------------------------------------------ */

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    *state = f;
    if (!tu_dev_open(&f->dev))
        return 0; /* the tests skip */
    f->value = tu_cl_buffer(&f->dev.cl, VALUE_BYTES);
    f->dst = tu_cl_buffer(&f->dev.cl, DST_BYTES);
    f->info = tu_cl_buffer(&f->dev.cl, (size_t)BATCH_JOBS * FLAG_COUNT *
                                           CLSLICE_DYNAMIC_INFO_BYTES);
    f->values = tu_cl_buffer(&f->dev.cl, (size_t)BATCH_JOBS * VALUES_SLOT);
    f->value_host = malloc(VALUE_BYTES);
    f->expect = malloc(DST_BYTES);
    f->got = malloc(DST_BYTES);
    f->jobs = calloc(BATCH_JOBS, sizeof *f->jobs);
    assert_true(f->value_host && f->expect && f->got && f->jobs);

    f->seed = tu_seed(0x5CA77E3ull);
    f->rng.state = f->seed;
    for (size_t i = 0; i < VALUE_BYTES; i++) {
        unsigned char b = (unsigned char)tu_next(&f->rng);
        f->value_host[i] = b == SENTINEL ? (unsigned char)~b : b;
    }
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, f->value, CL_TRUE, 0,
                                     VALUE_BYTES, f->value_host, 0, NULL,
                                     NULL));
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f->dev.cl.context) {
        clReleaseMemObject(f->value);
        clReleaseMemObject(f->dst);
        clReleaseMemObject(f->info);
        clReleaseMemObject(f->values);
        tu_dev_close(&f->dev);
    }
    free(f->value_host);
    free(f->expect);
    free(f->got);
    free(f->jobs);
    free(f);
    return 0;
}

/* ---- random jobs ---------------------------------------------------------- */

static bool dynamic_mode; /* --dynamic */

/* A random plan the front-ends accept, at most max_elems input elements;
 * empty slices kept one time in eight. */
static void random_plan(fixture *f, int64_t max_elems, job *j)
{
    for (;;) {
        clslice_status st;
        j->plan = NULL;
        if (!dynamic_mode && tu_range(&f->rng, 0, 3) == 0) {
            st = rp_strided_case(&f->rng, max_elems, &j->c, &j->plan);
        } else {
            int64_t cap = (int64_t[]){64, 512, max_elems}[tu_range(&f->rng,
                                                                   0, 2)];
            do
                rp_random_case(&f->rng, rp_device_rank(&f->rng),
                               cap < max_elems ? cap : max_elems, &j->c);
            while (dynamic_mode && !ds_front_ok(j->c.front));
            st = rp_build(&j->c, &j->plan, NULL);
        }
        if (st != CLSLICE_OK)
            continue;
        if (clslice_plan_output_elements(j->plan) > 0 ||
            tu_range(&f->rng, 0, 7) == 0)
            return;
        clslice_plan_release(&j->plan);
    }
}

static void random_job(fixture *f, job *j)
{
    int64_t pick = tu_range(&f->rng, 0, 9);
    j->mode = pick < 5 || dynamic_mode ? SCATTER : pick < 7 ? FILL : GRAD;
    bool big = j->mode == FILL && tu_range(&f->rng, 0, 15) == 0;
    j->elem_size = big ? BIG_ELEM : ELEM_SIZES[tu_range(&f->rng, 0, 6)];
    random_plan(f, big ? 64 : MAX_ELEMS, j);
    if (j->mode == SCATTER) {
        rv_random_value(&f->rng, j->plan, 0, &j->v);
    } else { /* a fill's element is a rank-0 value; dy has the final shape */
        j->v.rule = j->mode == FILL ? CLSLICE_VALUE_BROADCAST
                                    : CLSLICE_VALUE_EXACT;
        j->v.rank = j->mode == FILL ? 0 : clslice_plan_output_rank(j->plan);
        clslice_plan_output_shape(j->plan, j->v.shape);
    }
    j->value_offset = rp_buffer_offset(&f->rng, MAX_OFFSET);
    j->tensor_bytes = (size_t)rp_input_elements(j->plan) * j->elem_size;
}

/* ---- coverage --------------------------------------------------------------- */

static int carrier_index(size_t carrier)
{
    return carrier == 16 ? 4 : carrier == 8 ? 3 : carrier == 4 ? 2
                                            : carrier == 2 ? 1 : 0;
}

/* Mirrors cl_dispatch.c to count what ran. */
static void count_path(coverage *cover, const job *j, size_t dst_offset,
                       unsigned flags)
{
    clslice_layout layout;
    assert_int_equal(clslice_plan_scatter_layout(j->plan, j->v.shape,
                                                 j->v.rank, j->v.rule,
                                                 &layout, NULL),
                     CLSLICE_OK);
    clslice_layout_simplify(&layout);
    bool one_run = layout.rank == 0 ||
                   (layout.rank == 1 && layout.src_stride[0] == 1 &&
                    layout.dst_stride[0] == 1);
    if (layout.elements == 0) {
        cover->marker++;
    } else if (one_run && j->mode != FILL &&
               !(flags & CLSLICE_NO_COPY_SHORTCUT)) {
        cover->copy++;
    } else {
        cs_move move;
        size_t src_offset = j->mode == FILL ? 0 : j->value_offset;
        cs_move_build(&layout, j->elem_size, src_offset, dst_offset, &move);
        int variant = move.rank > 4 ? 4 : move.rank - 1;
        int bits = cs_move_index_bits(&move, flags) == 64;
        cover->kernel[variant][carrier_index(move.carrier)][bits]++;
    }
}

static void print_coverage(const fixture *f)
{
    static const char *const RANKS[] = {"r1", "r2", "r3", "r4", "rn"};
    for (int m = 0; m < MODES; m++) {
        const coverage *cover = &f->cover[m];
        print_message("%s: %ld empty (marker), %ld copy; kernels "
                      "(32-bit/64-bit) by carrier 1 2 4 8 16:\n",
                      MODE_NAME[m], cover->marker, cover->copy);
        for (int r = 0; r < 5; r++) {
            char line[256];
            int used = snprintf(line, sizeof line, "  %s:", RANKS[r]);
            for (int c = 0; c < 5; c++)
                used += snprintf(line + used, sizeof line - (size_t)used,
                                 " %5ld/%-5ld", cover->kernel[r][c][0],
                                 cover->kernel[r][c][1]);
            print_message("%s\n", line);
        }
    }
}

/* ---- one batch ---------------------------------------------------------------- */

static void describe(const job *j, unsigned flags, char *buf, size_t size)
{
    snprintf(buf, size, "%s of %s, value %s (rule %d), elem_size %zu, "
             "value_offset %zu, flags 0x%x", MODE_NAME[j->mode], j->c.desc,
             tu_shape_str(j->v.shape, j->v.rank), (int)j->v.rule,
             j->elem_size, j->value_offset, flags);
}

/* The host's result for one job, in place in f->expect. */
static void host_result(fixture *f, const job *j, size_t at)
{
    const unsigned char *value = f->value_host + j->value_offset;
    size_t value_bytes = (size_t)rv_elements(&j->v) * j->elem_size;
    clslice_status st;
    if (j->mode == GRAD)
        st = clslice_host_grad(j->plan, j->elem_size, value, j->v.shape,
                               j->v.rank, value_bytes, f->expect + at,
                               j->tensor_bytes, NULL);
    else
        st = clslice_host_scatter(j->plan, j->elem_size, value, j->v.shape,
                                  j->v.rank, value_bytes, j->v.rule,
                                  f->expect + at, j->tensor_bytes, NULL);
    assert_int_equal(st, CLSLICE_OK);
}

/* The job's scatter through the dynamic path; `slot` numbers its record,
 * and slot / FLAG_COUNT its values. */
static clslice_status enqueue_dynamic(fixture *f, const job *j, size_t at,
                                      unsigned flags, size_t slot,
                                      clslice_error *err)
{
    ds_values d;
    clslice_device_values where[4];
    ds_values_of(&j->c, &d);
    ds_upload(f->dev.queue, f->values, (slot / FLAG_COUNT) * VALUES_SLOT,
              &d, where);
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = f->dev.queue, .flags = flags};
    clslice_cl_dynamic_desc op = {
        .struct_size = sizeof op, .kind = CLSLICE_DYNAMIC_SCATTER,
        .elem_size = j->elem_size, .info = f->info,
        .info_offset = slot * CLSLICE_DYNAMIC_INFO_BYTES,
        .src.buffer = f->value,
        .src.offset = j->value_offset, .dst.buffer = f->dst, .dst.offset = at,
        .value_shape = j->v.shape, .value_rank = j->v.rank,
        .rule = j->v.rule};
    return ds_enqueue(f->dev.runtime, &call, &j->c, &d, where, &op, err);
}

static void enqueue(fixture *f, const job *j, size_t at, unsigned flags,
                    size_t slot)
{
    clslice_error err;
    clslice_status st;
    if (dynamic_mode)
        st = enqueue_dynamic(f, j, at, flags, slot, &err);
    else if (j->mode == SCATTER)
        st = clslice_enqueue_scatter(f->dev.runtime, f->dev.queue, j->plan,
                                     j->elem_size, f->value, j->value_offset,
                                     j->v.shape, j->v.rank, j->v.rule, f->dst,
                                     at, flags, 0, NULL, NULL, &err);
    else if (j->mode == FILL)
        st = clslice_enqueue_fill(f->dev.runtime, f->dev.queue, j->plan,
                                  j->elem_size,
                                  f->value_host + j->value_offset, f->dst,
                                  at, flags, 0, NULL, NULL, &err);
    else
        st = clslice_enqueue_grad(f->dev.runtime, f->dev.queue, j->plan,
                                  j->elem_size, f->value, j->value_offset,
                                  j->v.shape, j->v.rank, f->dst, at, flags, 0,
                                  NULL, NULL, &err);
    if (st != CLSLICE_OK) {
        char text[5000];
        describe(j, flags, text, sizeof text);
        fail_msg("%s failed: %s\n  job: %s\n  seed 0x%016" PRIx64,
                 MODE_NAME[j->mode], err.message, text, f->seed);
    }
    f->enqueues++;
}

/* Lays the batch out in dst: per flag set and job, a guard, an offset
 * that is sometimes odd, the tensor, a guard.  Returns the bytes used. */
static size_t lay_out(fixture *f, size_t jobs)
{
    size_t at = 0;
    for (size_t k = 0; k < FLAG_COUNT; k++)
        for (size_t i = 0; i < jobs; i++) {
            job *j = &f->jobs[i];
            at += GUARD + rp_buffer_offset(&f->rng, MAX_OFFSET);
            j->dst_offset[k] = at;
            at += j->tensor_bytes + GUARD;
            assert_true(at <= DST_BYTES);
        }
    return at;
}

static void check_batch(fixture *f, size_t jobs, size_t used)
{
    if (memcmp(f->got, f->expect, used) == 0)
        return;
    for (size_t i = 0; i < used; i++) {
        if (f->got[i] == f->expect[i])
            continue;
        for (size_t k = 0; k < FLAG_COUNT; k++)
            for (size_t n = 0; n < jobs; n++) {
                const job *j = &f->jobs[n];
                size_t from = j->dst_offset[k] - GUARD;
                if (i < from || i >= j->dst_offset[k] + j->tensor_bytes +
                                          GUARD)
                    continue;
                char text[5000];
                describe(j, FLAG_SETS[k], text, sizeof text);
                fail_msg("byte %zd of the tensor (of %zu) is 0x%02x, host "
                         "says 0x%02x\n  job: %s\n  seed 0x%016" PRIx64,
                         (ptrdiff_t)(i - j->dst_offset[k]), j->tensor_bytes,
                         f->got[i], f->expect[i], text, f->seed);
            }
        fail_msg("byte %zu outside every job region was written", i);
    }
}

static void run_batch(fixture *f, size_t jobs)
{
    for (size_t i = 0; i < jobs; i++)
        random_job(f, &f->jobs[i]);
    size_t used = lay_out(f, jobs);
    memset(f->expect, SENTINEL, used);
    const unsigned char sentinel = SENTINEL;
    TU_CL_CHECK(clEnqueueFillBuffer(f->dev.queue, f->dst, &sentinel, 1, 0,
                                    used, 0, NULL, NULL));
    for (size_t k = 0; k < FLAG_COUNT; k++)
        for (size_t i = 0; i < jobs; i++) {
            const job *j = &f->jobs[i];
            host_result(f, j, j->dst_offset[k]);
            enqueue(f, j, j->dst_offset[k], FLAG_SETS[k],
                    i * FLAG_COUNT + k);
            if (!dynamic_mode) /* the static paths' coverage */
                count_path(&f->cover[j->mode], j, j->dst_offset[k],
                           FLAG_SETS[k]);
        }
    TU_CL_CHECK(clEnqueueReadBuffer(f->dev.queue, f->dst, CL_TRUE, 0, used,
                                    f->got, 0, NULL, NULL));
    check_batch(f, jobs, used);
    for (size_t i = 0; i < jobs; i++)
        clslice_plan_release(&f->jobs[i].plan);
    f->jobs_done += (long)jobs;
}

/* ---- tests -------------------------------------------------------------------- */

static double now(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC); /* C11; wall time is fine for a report */
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void test_random_jobs(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    double start = now();
    /* The CPU family (scatter rows and odometer) on any device, with tiny
     * split and short-row limits so small tensors reach every variant;
     * test_capped_grid runs the element grid. */
    cs_tuning tuning;
    cs_runtime_tuning(f->dev.runtime, &tuning);
    tuning.style = CS_STYLE_ROWS;
    tuning.row_split = 24;
    long paths[CS_PATH_COUNT];
    for (int p = 0; p < CS_PATH_COUNT; p++)
        paths[p] = cs_runtime_path_count(f->dev.runtime, (cs_path)p);
    long jobs = dynamic_mode ? JOBS / 2 : JOBS;
    for (int batch = 0; f->jobs_done < jobs; batch++) {
        tuning.short_row_bytes = batch % 2 ? INT64_MAX : 0;
        cs_runtime_set_tuning(f->dev.runtime, &tuning);
        run_batch(f, BATCH_JOBS);
    }
    cs_runtime_set_tuning(f->dev.runtime, NULL);
    print_message("%ld random jobs (seed 0x%" PRIx64 "), %ld enqueues "
                  "checked in %.1f s\n", f->jobs_done, f->seed, f->enqueues,
                  now() - start);
    if (dynamic_mode) {
        assert_true(cs_runtime_path_count(f->dev.runtime, CS_PATH_DYN_ROWS) >
                    paths[CS_PATH_DYN_ROWS]);
        return;
    }
    print_coverage(f);
    /* the generic kernel of each family must have run */
    for (int m = 0; m < MODES; m++) {
        long generic = 0;
        for (int c = 0; c < 5; c++)
            generic += f->cover[m].kernel[4][c][0] +
                       f->cover[m].kernel[4][c][1];
        assert_true(generic > 0);
    }
    /* every scatter row variant ran: rows and odometer, destination inner
     * stride +1, -1 and other, broadcast sources; fills keep the grid */
    static const cs_path SCATTER_ROWS[] = {
        CS_PATH_SROW, CS_PATH_SODO, CS_PATH_SDST_C, CS_PATH_SDST_R,
        CS_PATH_SDST_G, CS_PATH_SSRC_B, CS_PATH_SCATTER};
    for (size_t i = 0; i < sizeof SCATTER_ROWS / sizeof SCATTER_ROWS[0];
         i++) {
        cs_path p = SCATTER_ROWS[i];
        long ran = cs_runtime_path_count(f->dev.runtime, p) - paths[p];
        print_message("path %d: %ld runs\n", (int)p, ran);
        assert_true(ran > 0);
    }
}

/* A grid capped at a few groups per dim makes every kernel loop. */
static void test_capped_grid(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    long before = f->jobs_done;
    cs_tuning tuning; /* the element grid (the GPU family) on any device */
    cs_runtime_tuning(f->dev.runtime, &tuning);
    tuning.style = CS_STYLE_GRID;
    cs_runtime_set_tuning(f->dev.runtime, &tuning);
    cs_path path = dynamic_mode ? CS_PATH_DYN_GRID : CS_PATH_SCATTER;
    long grid = cs_runtime_path_count(f->dev.runtime, path);
    for (size_t groups = 1; groups <= 3; groups++) {
        cs_runtime_set_max_groups(f->dev.runtime, groups);
        for (int b = 0; b < 3; b++)
            run_batch(f, 32);
    }
    cs_runtime_set_max_groups(f->dev.runtime, 0);
    assert_true(cs_runtime_path_count(f->dev.runtime, path) > grid);
    cs_runtime_set_tuning(f->dev.runtime, NULL);
    print_message("%ld jobs with the grid capped at 1-3 groups\n",
                  f->jobs_done - before);
}

int main(int argc, char **argv)
{
    dynamic_mode = argc > 1 && strcmp(argv[1], "--dynamic") == 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_jobs),
        cmocka_unit_test(test_capped_grid),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
