/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Differential test of clslice_enqueue_gather against clslice_host_gather
 * on the default OpenCL device.
 *
 * Random plans from all five front-ends (randplan.h), ranks 0-8 plus some
 * at 16 and CLSLICE_MAX_RANK, a quarter of them numpy expressions built to
 * keep many dims apart after simplification, element sizes 1, 2, 3, 4, 8, 12 and 16, and
 * source and destination byte offsets that are sometimes aligned and
 * sometimes odd (an odd offset forces the 1-byte carrier).  Every plan
 * runs four times: plain, with CLSLICE_GATHER_FORCE_INDEX64, with
 * CLSLICE_GATHER_NO_COPY_SHORTCUT, and with both.
 *
 * Both kernel families run whatever the device: the runtime's tuning
 * (cs_runtime_set_tuning) forces the CPU family (rows, odometer, with
 * tiny split and short-row limits so small tensors reach every variant)
 * and the GPU family (element grid, also with a capped grid so its loops
 * run).  The runtime counts the path each call took; the tests assert
 * that every path ran, in both index widths (in a full run: with
 * CLSLICE_TEST_SCALE=n, for a simulator, n times fewer random plans run,
 * too few for that).
 *
 * Plans are batched for speed: a batch lays its outputs out in one
 * destination buffer with sentinel-filled gaps between them, fills the
 * whole used range with the sentinel, enqueues every gather, reads the
 * range back and compares every byte, gaps included, with the host's
 * result.  A write out of place therefore shows up as a damaged gap or
 * neighbour.
 *
 * With the argument --dynamic (ctest: test_device_dynamic) the random
 * plans are all TF, OpenVINO or ONNX specs and run through the dynamic
 * path instead (clslice_enqueue_*_dynamic): their values are uploaded to
 * a device buffer, each call's record goes to a slot of its own, and
 * each output gets the bound (the input's bytes) in the batch's layout,
 * so that the sentinel around and behind the slice is checked too.  The
 * directed slices (expressions) still run the static path.
 */
#include <time.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "dynspec.h"
#include "randplan.h"
#include "testutil.h"

enum {
    PLANS = 8000,           /* random plans, default tuning (each 4 ways) */
    FAMILY_PLANS = 3000,    /* more, per forced kernel family */
    LOOP_PLANS = 600,       /* more, with the grid capped to force loops */
    MAX_ELEMS = 4096,       /* input elements per plan, at most */
    MAX_ELEM_SIZE = 16,
    MAX_OFFSET = 48,        /* src and dst byte offsets lie below this */
    SRC_BYTES = MAX_ELEMS * MAX_ELEM_SIZE + MAX_OFFSET,
    BATCH_PLANS = 96,
    DYN_BATCH_PLANS = 12,   /* --dynamic: each output reserves the bound */
    VALUES_SLOT = 4096,     /* --dynamic: one job's spec values */
    DST_BYTES = 4 << 20,
    SENTINEL = 0xA5
};

static const size_t ELEM_SIZES[] = {1, 2, 3, 4, 8, 12, 16};
static const unsigned FLAG_SETS[] = {
    0, CLSLICE_GATHER_FORCE_INDEX64, CLSLICE_GATHER_NO_COPY_SHORTCUT,
    CLSLICE_GATHER_FORCE_INDEX64 | CLSLICE_GATHER_NO_COPY_SHORTCUT};
#define FLAG_COUNT (sizeof FLAG_SETS / sizeof FLAG_SETS[0])

/* What ran, from the runtime's path counts: per cs_path, by carrier
 * (1 2 4 8 16) and index width; the shortcuts count under [0][0]. */
typedef struct coverage {
    long runs[CS_PATH_COUNT][5][2];
} coverage;

typedef struct job {
    rp_case c;
    clslice_plan *plan;
    bool dyn;          /* runs through the dynamic path */
    size_t bound;      /* dynamic: the bytes its dst must hold */
    size_t elem_size, src_offset, out_bytes;
    size_t dst_offset[FLAG_COUNT];
} job;

typedef struct fixture {
    tu_cl cl;
    cl_command_queue queue;
    clslice_runtime *runtime;
    cl_mem src, dst, info, values;
    unsigned char *src_host, *expect, *got;
    job *jobs;
    tu_rng rng;
    uint64_t seed;
    long plans_done, enqueues;
    long path_seen[CS_PATH_COUNT]; /* the runtime's counts, last seen */
    coverage cover;
} fixture;

/* ---- set-up ------------------------------------------------------------ */

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    *state = f;
    if (!tu_cl_open(&f->cl))
        return 0; /* the tests skip */
    f->queue = tu_cl_queue(&f->cl, 0);
    assert_int_equal(clslice_runtime_create(f->cl.context, &f->runtime, NULL),
                     CLSLICE_OK);
    f->src = tu_cl_buffer(&f->cl, SRC_BYTES);
    f->dst = tu_cl_buffer(&f->cl, DST_BYTES);
    f->info = tu_cl_buffer(&f->cl, (size_t)BATCH_PLANS * FLAG_COUNT *
                                       CLSLICE_DYNAMIC_INFO_BYTES);
    f->values = tu_cl_buffer(&f->cl, (size_t)BATCH_PLANS * VALUES_SLOT);
    f->src_host = malloc(SRC_BYTES);
    f->expect = malloc(DST_BYTES);
    f->got = malloc(DST_BYTES);
    f->jobs = calloc(BATCH_PLANS, sizeof *f->jobs);
    assert_true(f->src_host && f->expect && f->got && f->jobs);

    f->seed = tu_seed(0x5EED0D1CEull);
    f->rng.state = f->seed;
    /* Source bytes never equal the sentinel, so a missing write can never
     * pass for a correct one. */
    for (size_t i = 0; i < SRC_BYTES; i++) {
        unsigned char b = (unsigned char)tu_next(&f->rng);
        f->src_host[i] = b == SENTINEL ? (unsigned char)~b : b;
    }
    TU_CL_CHECK(clEnqueueWriteBuffer(f->queue, f->src, CL_TRUE, 0, SRC_BYTES,
                                     f->src_host, 0, NULL, NULL));
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f->cl.context) {
        clReleaseMemObject(f->src);
        clReleaseMemObject(f->dst);
        clReleaseMemObject(f->info);
        clReleaseMemObject(f->values);
        clslice_runtime_release(&f->runtime);
        clReleaseCommandQueue(f->queue);
        tu_cl_close(&f->cl);
    }
    free(f->src_host);
    free(f->expect);
    free(f->got);
    free(f->jobs);
    free(f);
    return 0;
}

/* ---- random jobs ---------------------------------------------------------- */

static bool dynamic_mode; /* --dynamic */

/* Builds a random plan that the front-ends accept.  Empty outputs are
 * kept one time in eight: they are a single code path, and random bounds
 * produce them far more often than that. */
static void random_job(fixture *f, job *j)
{
    clslice_error err;
    for (;;) {
        clslice_status st;
        j->plan = NULL;
        if (!dynamic_mode && tu_range(&f->rng, 0, 3) == 0) {
            st = rp_strided_case(&f->rng, MAX_ELEMS, &j->c, &j->plan);
        } else {
            int64_t max_elems =
                (int64_t[]){64, 512, MAX_ELEMS}[tu_range(&f->rng, 0, 2)];
            do
                rp_random_case(&f->rng, rp_device_rank(&f->rng), max_elems,
                               &j->c);
            while (dynamic_mode && !ds_front_ok(j->c.front));
            st = rp_build(&j->c, &j->plan, &err);
        }
        if (st != CLSLICE_OK)
            continue;
        if (clslice_plan_output_elements(j->plan) > 0 ||
            tu_range(&f->rng, 0, 7) == 0)
            break;
        clslice_plan_release(&j->plan);
    }
    j->elem_size = ELEM_SIZES[tu_range(&f->rng, 0, 6)];
    j->src_offset = rp_buffer_offset(&f->rng, MAX_OFFSET);
    j->out_bytes =
        (size_t)clslice_plan_output_elements(j->plan) * j->elem_size;
    j->dyn = dynamic_mode;
    j->bound = (size_t)rp_input_elements(j->plan) * j->elem_size;
}

static void run_batch(fixture *f, int count);

/* Slices that reach every kernel variant, with any element size: a
 * random plan meets some (a reversed row of 8-byte elements, say) only
 * now and then. */
typedef struct directed {
    int rank;
    int64_t shape[5];
    const char *expr;
} directed;

static const directed DIRECTED[] = {
    {2, {3, 40}, "[:, ::-1]"},          /* reversed rows */
    {2, {3, 300}, "[1:, ::-1]"},        /* ...long: split */
    {1, {600}, "[::-1]"},               /* one reversed run */
    {2, {5, 64}, "[:, ::2]"},           /* stride 2, even start */
    {2, {5, 65}, "[::2, 1::2]"},        /* stride 2, odd start */
    {1, {700}, "[3::2]"},
    {2, {4, 50}, "[:, ::3]"},           /* any stride */
    {2, {4, 50}, "[::-1, ::-3]"},
    {3, {10, 3, 8}, "[:, 1:, 2:6]"},    /* contiguous rows, rank 3 */
    {3, {9, 4, 100}, "[::-2, :, 1:99]"},
    {5, {2, 3, 4, 5, 6}, "[:, ::-1, :, ::2, 1:]"}, /* rank 5 */
    {4, {3, 4, 5, 6}, "[1:, :, ::-1, 2:5]"},
    {1, {4000}, "[5:3990]"},            /* one run */
    {2, {6, 30}, "[1:5, 2:28]"},        /* a box */
};

/* The DIRECTED slices, each with every element size, and a source offset
 * that allows wide carriers and one that forces bytes. */
static void run_directed(fixture *f)
{
    size_t n = sizeof DIRECTED / sizeof DIRECTED[0], count = 0;
    size_t sizes = sizeof ELEM_SIZES / sizeof ELEM_SIZES[0];
    for (size_t d = 0; d < n; d++)
        for (size_t e = 0; e < sizes; e++)
            for (size_t odd = 0; odd < 2; odd++) {
                job *j = &f->jobs[count++];
                memset(&j->c, 0, sizeof j->c);
                snprintf(j->c.desc, sizeof j->c.desc, "directed %s", 
                         DIRECTED[d].expr);
                j->plan = NULL;
                assert_int_equal(clslice_plan_expr(DIRECTED[d].shape,
                                                   DIRECTED[d].rank,
                                                   DIRECTED[d].expr, &j->plan,
                                                   NULL),
                                 CLSLICE_OK);
                j->elem_size = ELEM_SIZES[e];
                j->dyn = false;
                j->src_offset = odd ? 1 : 16;
                j->out_bytes = (size_t)clslice_plan_output_elements(j->plan) *
                               j->elem_size;
                if (count == BATCH_PLANS) {
                    run_batch(f, (int)count);
                    count = 0;
                }
            }
    if (count > 0)
        run_batch(f, (int)count);
}

/* ---- coverage --------------------------------------------------------------- */

static const char *const PATH_NAMES[CS_PATH_COUNT] = {
    "marker", "copy", "rect", "rows c", "rows r", "rows s2", "rows g",
    "(split)", "odometer c", "odometer g", "grid r1", "grid r2", "grid r3",
    "grid r4", "grid rn", "scatter", "srows", "sodometer", "sdst c",
    "sdst r", "sdst g", "ssrc b", "dyn rows", "dyn grid"};

static int carrier_index(size_t carrier)
{
    return carrier == 16 ? 4 : carrier == 8 ? 3 : carrier == 4 ? 2
                                            : carrier == 2 ? 1 : 0;
}

static bool is_rows_path(int p)
{
    return p >= CS_PATH_ROW_C && p <= CS_PATH_ODO_G;
}

/* Kernels of a static move; the dynamic ones count as one path each. */
static bool is_kernel_path(int p)
{
    return p >= CS_PATH_ROW_C && p < CS_PATH_DYN_ROWS;
}

/* The paths the call just made took: the runtime counts that grew. */
static unsigned paths_taken(fixture *f)
{
    unsigned paths = 0;
    for (int p = 0; p < CS_PATH_COUNT; p++) {
        long now = cs_runtime_path_count(f->runtime, (cs_path)p);
        if (now != f->path_seen[p])
            paths |= 1u << p;
        f->path_seen[p] = now;
    }
    return paths;
}

/* Records the call's paths; a kernel's with the carrier and index width
 * of its move (narrowed as the CPU family narrows it). */
static void count_paths(fixture *f, const job *j, size_t dst_offset,
                        unsigned flags)
{
    unsigned paths = paths_taken(f);
    assert_true(paths != 0);
    for (int p = 0; p < CS_PATH_COUNT; p++) {
        if (!(paths & (1u << p)))
            continue;
        if (!is_kernel_path(p)) {
            f->cover.runs[p][0][0]++;
            continue;
        }
        clslice_layout layout;
        cs_move move;
        assert_int_equal(clslice_plan_layout(j->plan, &layout, NULL),
                         CLSLICE_OK);
        clslice_layout_simplify(&layout);
        cs_move_build(&layout, j->elem_size, j->src_offset, dst_offset,
                      &move);
        if (is_rows_path(p))
            cs_move_narrow(&move, 4);
        int bits = cs_move_index_bits(&move, flags) == 64;
        f->cover.runs[p][carrier_index(move.carrier)][bits]++;
    }
}

static void print_coverage(const coverage *cover)
{
    print_message("paths (32-bit/64-bit runs by carrier 1 2 4 8 16):\n");
    for (int p = 0; p < CS_PATH_COUNT; p++) {
        char line[256];
        int used = snprintf(line, sizeof line, "  %-11s", PATH_NAMES[p]);
        if (!is_kernel_path(p)) {
            snprintf(line + used, sizeof line - (size_t)used, " %ld",
                     cover->runs[p][0][0]);
        } else {
            for (int c = 0; c < 5; c++)
                used += snprintf(line + used, sizeof line - (size_t)used,
                                 " %5ld/%-5ld", cover->runs[p][c][0],
                                 cover->runs[p][c][1]);
        }
        print_message("%s\n", line);
    }
}

/* Runs of path p with the given index width (bits: 0 = 32, 1 = 64), over
 * all carriers. */
static long runs_of(const coverage *cover, int p, int bits)
{
    long runs = 0;
    for (int c = 0; c < 5; c++)
        runs += cover->runs[p][c][bits];
    return runs;
}

/* Every kernel path in [first, last] ran in both index widths. */
static void assert_paths_ran(const coverage *cover, int first, int last)
{
    for (int p = first; p <= last; p++)
        for (int b = 0; b < 2; b++) {
            if (runs_of(cover, p, b) == 0)
                fail_msg("path '%s' never ran with %d-bit indices",
                         PATH_NAMES[p], b ? 64 : 32);
        }
}

/* Path p ran with every carrier in `carriers` (a mask of carrier
 * indices). */
static void assert_carriers_ran(const coverage *cover, int p,
                                unsigned carriers)
{
    for (int c = 0; c < 5; c++)
        if ((carriers & (1u << c)) &&
            cover->runs[p][c][0] + cover->runs[p][c][1] == 0)
            fail_msg("path '%s' never ran with the %d-byte carrier",
                     PATH_NAMES[p], 1 << c);
}

/* ---- one batch -------------------------------------------------------------- */

/* Lays out the batch's outputs in dst, one per flag set, each at the
 * job's misalignment from a 16-byte boundary with a gap of sentinel bytes
 * before it; computes the expected bytes.  Returns the bytes used. */
static size_t plan_batch(fixture *f, int count)
{
    size_t cursor = 0;
    for (int i = 0; i < count; i++) {
        job *j = &f->jobs[i];
        size_t misalign = rp_buffer_offset(&f->rng, MAX_OFFSET) % 16;
        for (size_t k = 0; k < FLAG_COUNT; k++) {
            cursor = (cursor + 16 + 15) / 16 * 16; /* a gap of 16..31 */
            j->dst_offset[k] = cursor + misalign;
            cursor = j->dst_offset[k] + (j->dyn ? j->bound : j->out_bytes);
        }
    }
    cursor += 32; /* bytes after the last output are checked too */
    assert_true(cursor <= DST_BYTES);
    memset(f->expect, SENTINEL, cursor);
    for (int i = 0; i < count; i++) {
        job *j = &f->jobs[i];
        clslice_error err;
        unsigned char *first = f->expect + j->dst_offset[0];
        assert_int_equal(
            clslice_host_gather(j->plan, j->elem_size,
                                f->src_host + j->src_offset,
                                SRC_BYTES - j->src_offset, first,
                                j->out_bytes, &err),
            CLSLICE_OK);
        for (size_t k = 1; k < FLAG_COUNT; k++)
            memcpy(f->expect + j->dst_offset[k], first, j->out_bytes);
    }
    return cursor;
}

static void describe(const fixture *f, const job *j, size_t k)
{
    cs_move move;
    clslice_layout layout;
    clslice_plan_layout(j->plan, &layout, NULL);
    clslice_layout_simplify(&layout);
    print_error("seed 0x%llx (replay with CLSLICE_TEST_SEED=0x%llx)\n"
                "  plan: %s\n  elem_size %zu, src_offset %zu, dst_offset "
                "%zu, flags 0x%x, output %zu bytes\n",
                (unsigned long long)f->seed, (unsigned long long)f->seed,
                j->c.desc, j->elem_size, j->src_offset, j->dst_offset[k],
                FLAG_SETS[k], j->out_bytes);
    if (layout.elements > 0) {
        cs_move_build(&layout, j->elem_size, j->src_offset, j->dst_offset[k],
                      &move);
        print_error("  move: rank %d, carrier %zu, index bits %d\n",
                    move.rank, move.carrier,
                    cs_move_index_bits(&move, FLAG_SETS[k]));
    }
}

/* Reports the first wrong byte with the output it lies in, or with the
 * outputs on both sides of the gap it lies in. */
static void report_mismatch(const fixture *f, int count, size_t at)
{
    print_error("byte %zu of dst: expected 0x%02x, got 0x%02x\n", at,
                f->expect[at], f->got[at]);
    for (int i = 0; i < count; i++)
        for (size_t k = 0; k < FLAG_COUNT; k++) {
            const job *j = &f->jobs[i];
            size_t begin = j->dst_offset[k], end = begin + j->out_bytes;
            if (at >= begin && at < end) {
                print_error("inside the output of\n");
                describe(f, j, k);
                return;
            }
            if (at < begin) {
                print_error("in the gap before the output of\n");
                describe(f, j, k);
                return;
            }
            if (at - end < 32) {
                print_error("in the gap after the output of\n");
                describe(f, j, k);
            }
        }
}

/* The job's call through the dynamic path, its record in slot `slot`. */
static clslice_status enqueue_dynamic(fixture *f, const job *j, size_t k,
                                      size_t slot, clslice_error *err)
{
    ds_values d;
    clslice_device_values where[4];
    ds_values_of(&j->c, &d);
    ds_upload(f->queue, f->values, (slot / FLAG_COUNT) * VALUES_SLOT, &d,
              where);
    clslice_cl_call call = {.struct_size = sizeof call, .queue = f->queue,
                            .flags = FLAG_SETS[k]};
    clslice_cl_dynamic_desc op = {
        .struct_size = sizeof op, .kind = CLSLICE_DYNAMIC_GATHER,
        .elem_size = j->elem_size, .info = f->info,
        .info_offset = slot * CLSLICE_DYNAMIC_INFO_BYTES, .src.buffer = f->src,
        .src.offset = j->src_offset, .dst.buffer = f->dst,
        .dst.offset = j->dst_offset[k]};
    return ds_enqueue(f->runtime, &call, &j->c, &d, where, &op, err);
}

/* Every dynamic call's record says what the host plan says. */
static void check_records(fixture *f, int count)
{
    size_t words = CLSLICE_DYNAMIC_INFO_WORDS;
    int64_t *rec = malloc((size_t)count * FLAG_COUNT * words * 8);
    assert_non_null(rec);
    TU_CL_CHECK(clEnqueueReadBuffer(f->queue, f->info, CL_TRUE, 0,
                                    (size_t)count * FLAG_COUNT * words * 8,
                                    rec, 0, NULL, NULL));
    for (int i = 0; i < count; i++)
        for (size_t k = 0; k < FLAG_COUNT && f->jobs[i].dyn; k++) {
            const int64_t *r = rec + ((size_t)i * FLAG_COUNT + k) * words;
            if (r[CLSLICE_DYNAMIC_STATUS] != CLSLICE_OK ||
                r[CLSLICE_DYNAMIC_ELEMENTS] !=
                    clslice_plan_output_elements(f->jobs[i].plan)) {
                print_error("record: status %lld, %lld elements\n",
                            (long long)r[CLSLICE_DYNAMIC_STATUS],
                            (long long)r[CLSLICE_DYNAMIC_ELEMENTS]);
                describe(f, &f->jobs[i], k);
                fail();
            }
        }
    free(rec);
}

static void run_batch(fixture *f, int count)
{
    size_t used = plan_batch(f, count);
    const unsigned char sentinel = SENTINEL;
    TU_CL_CHECK(clEnqueueFillBuffer(f->queue, f->dst, &sentinel, 1, 0, used,
                                    0, NULL, NULL));
    for (int i = 0; i < count; i++)
        for (size_t k = 0; k < FLAG_COUNT; k++) {
            job *j = &f->jobs[i];
            clslice_error err;
            clslice_status st =
                j->dyn ? enqueue_dynamic(f, j, k, (size_t)i * FLAG_COUNT + k,
                                         &err)
                       : clslice_enqueue_gather(
                             f->runtime, f->queue, j->plan, j->elem_size,
                             f->src, j->src_offset, f->dst, j->dst_offset[k],
                             FLAG_SETS[k], 0, NULL, NULL, &err);
            if (st != CLSLICE_OK) {
                print_error("enqueue failed: %s\n", err.message);
                describe(f, j, k);
                fail();
            }
            count_paths(f, j, j->dst_offset[k], FLAG_SETS[k]);
            f->enqueues++;
        }
    TU_CL_CHECK(clEnqueueReadBuffer(f->queue, f->dst, CL_TRUE, 0, used,
                                    f->got, 0, NULL, NULL));
    for (size_t at = 0; at < used; at++)
        if (f->got[at] != f->expect[at]) {
            report_mismatch(f, count, at);
            fail();
        }
    if (dynamic_mode)
        check_records(f, count);
    for (int i = 0; i < count; i++)
        clslice_plan_release(&f->jobs[i].plan);
    f->plans_done += count;
}

static void run_plans(fixture *f, long plans)
{
    while (plans > 0) {
        int batch = dynamic_mode ? DYN_BATCH_PLANS : BATCH_PLANS;
        int count = plans < batch ? (int)plans : batch;
        for (int i = 0; i < count; i++)
            random_job(f, &f->jobs[i]);
        run_batch(f, count);
        plans -= count;
    }
}

static double now(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC); /* C11; wall time is fine for a report */
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- tests ------------------------------------------------------------------ */

/* A run scaled down by CLSLICE_TEST_SCALE (a simulator) checks every
 * result but meets too few plans to assert that every path ran. */
static bool full_run(void)
{
    return tu_scaled(PLANS) == PLANS;
}

/* The static paths' coverage is asserted when the random plans took
 * them; in --dynamic mode they ran the dynamic kernels instead. */
static bool static_coverage(void)
{
    return full_run() && !dynamic_mode;
}

static void assert_dynamic_ran(const fixture *f, cs_path path)
{
    if (dynamic_mode && f->cover.runs[path][0][0] == 0)
        fail_msg("path '%s' never ran", PATH_NAMES[path]);
}

/* Default tuning: the device's own family and shortcuts. */
static void test_random_plans(void **state)
{
    fixture *f = *state;
    if (!f->cl.context)
        skip();
    double start = now();
    memset(&f->cover, 0, sizeof f->cover);
    run_plans(f, tu_scaled(PLANS));
    print_message("%ld random plans (seed 0x%llx), %ld gathers checked in "
                  "%.1f s\n", f->plans_done,
                  (unsigned long long)f->seed, f->enqueues, now() - start);
    print_coverage(&f->cover);
    if (dynamic_mode) {
        assert_dynamic_ran(f, CS_PATH_DYN_ROWS); /* the CPU device's */
        return;
    }
    assert_true(f->cover.runs[CS_PATH_MARKER][0][0] > 0);
    assert_true(f->cover.runs[CS_PATH_COPY][0][0] > 0);
}

/* The CPU family on any device, half the plans with rows kernels for every
 * rank <= 3 move and half with the odometer for all, rows split at a few
 * carriers, and single runs through the kernel from 256 bytes. */
static void test_rows_family(void **state)
{
    fixture *f = *state;
    if (!f->cl.context)
        skip();
    cs_tuning tuning;
    cs_runtime_tuning(f->runtime, &tuning);
    tuning.style = CS_STYLE_ROWS;
    tuning.row_split = 24;
    tuning.run_kernel_bytes = 256;
    memset(&f->cover, 0, sizeof f->cover);
    for (int half = 0; half < 2; half++) {
        tuning.short_row_bytes = half ? INT64_MAX : 0;
        cs_runtime_set_tuning(f->runtime, &tuning);
        run_directed(f);
        run_plans(f, tu_scaled(FAMILY_PLANS / 2));
    }
    cs_runtime_set_tuning(f->runtime, NULL);
    print_coverage(&f->cover);
    assert_dynamic_ran(f, CS_PATH_DYN_ROWS);
    if (!static_coverage())
        return;

    assert_true(f->cover.runs[CS_PATH_RECT][0][0] > 0);
    assert_paths_ran(&f->cover, CS_PATH_ROW_C, CS_PATH_ROW_C);
    assert_paths_ran(&f->cover, CS_PATH_ROW_R, CS_PATH_ROW_R);
    cs_device_info device;
    assert_int_equal(cs_runtime_device(f->runtime, f->cl.device, &device,
                                       NULL, NULL), CLSLICE_OK);
    if (device.little_endian) {
        assert_paths_ran(&f->cover, CS_PATH_ROW_S2, CS_PATH_ROW_S2);
        assert_carriers_ran(&f->cover, CS_PATH_ROW_S2, 0x7); /* 1 2 4 */
    }
    assert_paths_ran(&f->cover, CS_PATH_ROW_G, CS_PATH_ODO_G);
    assert_carriers_ran(&f->cover, CS_PATH_ROW_C, 0x7);
    assert_carriers_ran(&f->cover, CS_PATH_ODO_C, 0x7);
    assert_carriers_ran(&f->cover, CS_PATH_ROW_R, 0x1f);
    assert_carriers_ran(&f->cover, CS_PATH_ROW_G, 0x1f);
    assert_carriers_ran(&f->cover, CS_PATH_ODO_G, 0x1f);
}

/* The GPU family (one work-item per element) on any device, then with
 * one or two work-groups per NDRange dim, so that every kernel's
 * grid-stride loops run many rounds. */
static void test_grid_family(void **state)
{
    fixture *f = *state;
    if (!f->cl.context)
        skip();
    cs_tuning tuning;
    cs_runtime_tuning(f->runtime, &tuning);
    tuning.style = CS_STYLE_GRID;
    memset(&f->cover, 0, sizeof f->cover);
    cs_runtime_set_tuning(f->runtime, &tuning);
    run_directed(f);
    run_plans(f, tu_scaled(FAMILY_PLANS));
    assert_dynamic_ran(f, CS_PATH_DYN_GRID);
    if (static_coverage())
        assert_paths_ran(&f->cover, CS_PATH_GRID_R1, CS_PATH_GRID_RN);
    for (int p = CS_PATH_GRID_R1; p <= CS_PATH_GRID_RN && static_coverage();
         p++)
        assert_carriers_ran(&f->cover, p, p == CS_PATH_GRID_R1 ? 0x1f : 0x17);
    for (size_t groups = 1; groups <= 2; groups++) {
        tuning.max_groups = groups;
        cs_runtime_set_tuning(f->runtime, &tuning);
        run_plans(f, tu_scaled(LOOP_PLANS / 2));
    }
    cs_runtime_set_tuning(f->runtime, NULL);
    print_coverage(&f->cover);
}

int main(int argc, char **argv)
{
    dynamic_mode = argc > 1 && strcmp(argv[1], "--dynamic") == 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_plans),
        cmocka_unit_test(test_rows_family),
        cmocka_unit_test(test_grid_family),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
