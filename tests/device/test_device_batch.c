/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Differential test of clslice_cl_gather_batch against
 * clslice_host_gather, member by member, on the default OpenCL device.
 *
 * A case is a batch of 1..70 plans over one random input (random
 * front-end plans of one shape, or an even or uneven split of one axis,
 * the engines' case), element sizes 1, 2, 3, 4, 8, 12 and 16, aligned and
 * odd source and destination offsets (which mix carriers within a batch),
 * and destinations that are one arena buffer at different offsets, or a
 * random choice among plain buffers and sub-buffers (up to 20 distinct, so
 * batches take several chained launches), a source that is sometimes a
 * sub-buffer, NULL for some empty outputs,
 * sometimes CLSLICE_FORCE_INDEX64, sometimes an out-of-order queue.
 * Every destination is sentinel-filled first and read back whole, so a
 * write out of place shows as a damaged guard byte.
 *
 * Both kernel families run on any device: the tuning hook forces the row
 * family and the grid (also with the grid capped, so its loops run).
 */
#include <stdlib.h>
#include <string.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "randplan.h"
#include "testutil.h"

enum {
    CASES = 1500,        /* random batches, default tuning */
    FAMILY_CASES = 700,  /* more, per forced family */
    MAX_COUNT = 70,
    MAX_ELEMS = 4096,
    MAX_ELEM_SIZE = 16,
    MAX_OFFSET = 48,
    SRC_BYTES = MAX_ELEMS * MAX_ELEM_SIZE + MAX_OFFSET,
    PLAIN = 12,          /* plain destination buffers */
    SUBS = 8,            /* sub-buffers of one parent */
    POOL = PLAIN + SUBS,
    POOL_BYTES = 1 << 20,/* per pool buffer (aligned sub-buffer origins) */
    ARENA_BYTES = 6 << 20,
    SENTINEL = 0xA5
};

static const size_t ELEM_SIZES[] = {1, 2, 3, 4, 8, 12, 16};

typedef struct member {
    clslice_plan *plan;
    char desc[4200];
    size_t bytes;
    int buffer; /* -1: NULL */
    size_t offset;
} member;

typedef struct fixture {
    tu_dev dev;
    cl_command_queue ooo; /* out-of-order, NULL when unsupported */
    cl_mem src, parent, arena;
    cl_mem src_parent, src_sub; /* the source again, as a sub-buffer */
    cl_mem pool[POOL];
    size_t used[POOL + 1];  /* bytes written per destination (+ arena) */
    unsigned char *src_host, *expect, *got;
    member members[MAX_COUNT];
    tu_rng rng;
    uint64_t seed;
    long cases;
} fixture;

/* ---- set-up ------------------------------------------------------------ */

static void make_pool(fixture *f)
{
    cl_int rc;
    for (int i = 0; i < PLAIN; i++)
        f->pool[i] = tu_cl_buffer(&f->dev.cl, POOL_BYTES);
    f->parent = tu_cl_buffer(&f->dev.cl, (size_t)SUBS * POOL_BYTES);
    for (int i = 0; i < SUBS; i++) {
        cl_buffer_region region = {(size_t)i * POOL_BYTES, POOL_BYTES};
        f->pool[PLAIN + i] = clCreateSubBuffer(
            f->parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
            &region, &rc);
        TU_CL_CHECK(rc);
    }
    f->arena = tu_cl_buffer(&f->dev.cl, ARENA_BYTES);
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    *state = f;
    if (!tu_dev_open(&f->dev))
        return 0;
    cl_int rc;
    f->ooo = clCreateCommandQueue(f->dev.cl.context, f->dev.cl.device,
                                  CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
                                  &rc);
    if (rc != CL_SUCCESS)
        f->ooo = NULL;
    f->src = tu_cl_buffer(&f->dev.cl, SRC_BYTES);
    make_pool(f);
    f->src_host = malloc(SRC_BYTES);
    f->expect = malloc(ARENA_BYTES);
    f->got = malloc(ARENA_BYTES);
    assert_true(f->src_host && f->expect && f->got);
    f->seed = tu_seed(0xBA7C4ull);
    f->rng.state = f->seed;
    for (size_t i = 0; i < SRC_BYTES; i++) {
        unsigned char b = (unsigned char)tu_next(&f->rng);
        f->src_host[i] = b == SENTINEL ? (unsigned char)~b : b;
    }
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, f->src, CL_TRUE, 0,
                                     SRC_BYTES, f->src_host, 0, NULL, NULL));
    cl_uint align_bits;
    TU_CL_CHECK(clGetDeviceInfo(f->dev.cl.device,
                                CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                                sizeof align_bits, &align_bits, NULL));
    size_t origin = align_bits / 8 > 64 ? align_bits / 8 : 64;
    f->src_parent = tu_cl_buffer(&f->dev.cl, origin + SRC_BYTES);
    cl_buffer_region region = {origin, SRC_BYTES};
    f->src_sub = clCreateSubBuffer(f->src_parent, CL_MEM_READ_ONLY,
                                   CL_BUFFER_CREATE_TYPE_REGION, &region, &rc);
    TU_CL_CHECK(rc);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, f->src_sub, CL_TRUE, 0,
                                     SRC_BYTES, f->src_host, 0, NULL, NULL));
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f->dev.cl.context) {
        for (int i = 0; i < POOL; i++)
            clReleaseMemObject(f->pool[i]);
        clReleaseMemObject(f->parent);
        clReleaseMemObject(f->arena);
        clReleaseMemObject(f->src);
        clReleaseMemObject(f->src_sub);
        clReleaseMemObject(f->src_parent);
        if (f->ooo)
            clReleaseCommandQueue(f->ooo);
        tu_dev_close(&f->dev);
    }
    free(f->src_host);
    free(f->expect);
    free(f->got);
    free(f);
    return 0;
}

/* ---- random batches ----------------------------------------------------- */

/* A random numpy expression over every dim of `shape`: ranges, now and
 * then an index or a new axis. */
static clslice_plan *random_member(fixture *f, const int64_t *shape,
                                   int rank, char *desc, size_t size)
{
    for (int attempt = 0; attempt < 20; attempt++) {
        rp_case c;
        memset(&c, 0, sizeof c);
        c.rank = rank;
        memcpy(c.shape, shape, (size_t)rank * sizeof *shape);
        c.front = RP_EXPR;
        for (int k = 0; k < rank; k++) {
            rp_slot *s = &c.slots[c.nslots++];
            if (shape[k] > 0 && tu_range(&f->rng, 0, 6) == 0) {
                *s = (rp_slot){.kind = RP_SHRINK, .has_b = true, .s = 1,
                               .b = tu_range(&f->rng, -shape[k],
                                             shape[k] - 1)};
            } else {
                rp_random_range(&f->rng, shape[k], s);
            }
        }
        if (rank < 8 && tu_range(&f->rng, 0, 5) == 0) {
            int at = (int)tu_range(&f->rng, 0, c.nslots);
            memmove(&c.slots[at + 1], &c.slots[at],
                    (size_t)(c.nslots - at) * sizeof c.slots[0]);
            c.slots[at] = (rp_slot){.kind = RP_NEW_AXIS};
            c.nslots++;
        }
        clslice_plan *plan = NULL;
        if (rp_build(&c, &plan, NULL) == CLSLICE_OK) {
            snprintf(desc, size, "%s", c.desc);
            return plan;
        }
    }
    return NULL;
}

/* Member i of a split of `axis` at the cut points `cut` (count + 1). */
static clslice_plan *split_member(const int64_t *shape, int rank, int axis,
                                  const int64_t *cut, int i, char *desc,
                                  size_t size)
{
    char expr[400] = "[";
    for (int k = 0; k < rank; k++) {
        rp_append(expr, sizeof expr, "%s", k ? ", " : "");
        if (k == axis)
            rp_append(expr, sizeof expr, "%lld:%lld", (long long)cut[i],
                      (long long)cut[i + 1]);
        else
            rp_append(expr, sizeof expr, ":");
    }
    rp_append(expr, sizeof expr, "]");
    snprintf(desc, size, "split %s on %s", expr, tu_shape_str(shape, rank));
    return tu_expr_plan(shape, rank, expr);
}

/* count cut points along an axis of n: even (numpy.array_split) or
 * random sizes. */
static void random_cuts(fixture *f, int64_t n, int count, int64_t *cut)
{
    bool even = tu_range(&f->rng, 0, 1) == 0;
    cut[0] = 0;
    for (int i = 1; i < count; i++)
        cut[i] = even ? n * i / count : tu_range(&f->rng, 0, n);
    cut[count] = n;
    if (!even) /* sorted: sections of zero or more */
        for (int i = 1; i < count; i++)
            for (int k = i; k > 1 && cut[k - 1] > cut[k]; k--) {
                int64_t t = cut[k];
                cut[k] = cut[k - 1];
                cut[k - 1] = t;
            }
}

/* The batch's plans (count of them, over one random shape). */
static int random_plans(fixture *f)
{
    rp_case c;
    clslice_plan *first = NULL;
    do {
        int64_t max = (int64_t[]){64, 512, MAX_ELEMS}[tu_range(&f->rng, 0, 2)];
        rp_random_case(&f->rng, rp_device_rank(&f->rng), max, &c);
    } while (rp_build(&c, &first, NULL) != CLSLICE_OK);
    int count = (int)(tu_range(&f->rng, 0, 3) == 0 ? tu_range(&f->rng, 1, 4)
                                                   : tu_range(&f->rng, 1,
                                                              MAX_COUNT));
    bool split = c.rank > 0 && tu_range(&f->rng, 0, 2) == 0;
    int axis = split ? (int)tu_range(&f->rng, 0, c.rank - 1) : 0;
    int64_t cut[MAX_COUNT + 1];
    if (split)
        random_cuts(f, c.shape[axis], count, cut);
    for (int i = 0; i < count; i++) {
        member *m = &f->members[i];
        if (split) {
            m->plan = split_member(c.shape, c.rank, axis, cut, i, m->desc,
                                   sizeof m->desc);
        } else if (i == 0) {
            m->plan = first;
            first = NULL;
            snprintf(m->desc, sizeof m->desc, "%s", c.desc);
        } else {
            m->plan = random_member(f, c.shape, c.rank, m->desc,
                                    sizeof m->desc);
        }
        if (!m->plan) { /* no random plan found: the whole tensor */
            m->plan = tu_expr_plan(c.shape, c.rank, "[...]");
            snprintf(m->desc, sizeof m->desc, "[...] on %s",
                     tu_shape_str(c.shape, c.rank));
        }
        assert_non_null(m->plan);
    }
    clslice_plan_release(&first);
    return count;
}

/* Places each output: the arena (-1 buffers means the arena) or one of
 * the pool, after a random gap; an empty output may get NULL. */
static void place(fixture *f, int count, size_t elem, bool arena)
{
    int choices = (int)tu_range(&f->rng, 1, POOL);
    memset(f->used, 0, sizeof f->used);
    for (int i = 0; i < count; i++) {
        member *m = &f->members[i];
        m->bytes = (size_t)clslice_plan_output_elements(m->plan) * elem;
        m->buffer = arena ? POOL : (int)tu_range(&f->rng, 0, choices - 1);
        if (m->bytes == 0 && tu_range(&f->rng, 0, 1) == 0) {
            m->buffer = -1;
            m->offset = 0;
            continue;
        }
        size_t gap = rp_buffer_offset(&f->rng, MAX_OFFSET);
        m->offset = f->used[m->buffer] + gap;
        f->used[m->buffer] = m->offset + m->bytes;
    }
}

static cl_mem buffer_of(const fixture *f, int b)
{
    return b < 0 ? NULL : b == POOL ? f->arena : f->pool[b];
}

/* ---- one batch ---------------------------------------------------------- */

static void describe(const fixture *f, int count, size_t elem,
                     size_t src_offset, unsigned flags)
{
    print_error("seed 0x%llx (replay with CLSLICE_TEST_SEED=0x%llx), case "
                "%ld: %d plans, elem_size %zu, src_offset %zu, flags 0x%x\n",
                (unsigned long long)f->seed, (unsigned long long)f->seed,
                f->cases, count, elem, src_offset, flags);
    for (int i = 0; i < count; i++)
        print_error("  parts[%d]: %s -> buffer %d, offset %zu, %zu bytes\n",
                    i, f->members[i].desc, f->members[i].buffer,
                    f->members[i].offset, f->members[i].bytes);
}

/* Compares destination b with the host's gathers of its members. */
static void verify(fixture *f, int b, int count, size_t elem,
                   size_t src_offset, unsigned flags)
{
    size_t used = f->used[b] + 32;
    memset(f->expect, SENTINEL, used);
    for (int i = 0; i < count; i++) {
        const member *m = &f->members[i];
        if (m->buffer != b)
            continue;
        clslice_error err;
        if (clslice_host_gather(m->plan, elem, f->src_host + src_offset,
                                SRC_BYTES - src_offset, f->expect + m->offset,
                                m->bytes, &err) != CLSLICE_OK)
            fail_msg("host gather: %s", err.message);
    }
    tu_cl_read(f->dev.queue, buffer_of(f, b), used, f->got);
    for (size_t k = 0; k < used; k++)
        if (f->got[k] != f->expect[k]) {
            describe(f, count, elem, src_offset, flags);
            fail_msg("destination %d, byte %zu: expected 0x%02x, got 0x%02x",
                     b, k, f->expect[k], f->got[k]);
        }
}

static void run_case(fixture *f)
{
    int count = random_plans(f);
    size_t elem = ELEM_SIZES[tu_range(&f->rng, 0, 6)];
    size_t src_offset = rp_buffer_offset(&f->rng, MAX_OFFSET);
    unsigned flags = tu_range(&f->rng, 0, 3) == 0 ? CLSLICE_FORCE_INDEX64 : 0;
    bool arena = tu_range(&f->rng, 0, 1) == 0;
    place(f, count, elem, arena);
    for (int b = 0; b <= POOL; b++)
        if (f->used[b])
            tu_cl_fill(f->dev.queue, buffer_of(f, b), SENTINEL,
                       f->used[b] + 32);
    clslice_cl_part parts[MAX_COUNT];
    for (int i = 0; i < count; i++)
        parts[i] = (clslice_cl_part){f->members[i].plan,
                                     buffer_of(f, f->members[i].buffer),
                                     f->members[i].offset};
    cl_command_queue q =
        f->ooo && tu_range(&f->rng, 0, 3) == 0 ? f->ooo : f->dev.queue;
    cl_event done = NULL;
    clslice_error err;
    cl_mem src = tu_range(&f->rng, 0, 5) == 0 ? f->src_sub : f->src;
    clslice_cl_call call = {.struct_size = sizeof call, .queue = q,
                            .flags = flags, .event = &done};
    clslice_cl_batch_desc desc = {
        .struct_size = sizeof desc, .elem_size = elem, .src.buffer = src,
        .src.offset = src_offset, .count = (size_t)count, .parts = parts};
    clslice_status st = clslice_cl_gather_batch(f->dev.runtime, &call, &desc,
                                                &err);
    if (st != CLSLICE_OK) {
        describe(f, count, elem, src_offset, flags);
        fail_msg("batch failed: %s", err.message);
    }
    TU_CL_CHECK(clWaitForEvents(1, &done));
    clReleaseEvent(done);
    for (int b = 0; b <= POOL; b++)
        if (f->used[b])
            verify(f, b, count, elem, src_offset, flags);
    for (int i = 0; i < count; i++)
        clslice_plan_release(&f->members[i].plan);
    f->cases++;
}

static void run_cases(fixture *f, long n)
{
    for (long i = 0; i < n; i++)
        run_case(f);
}

static void test_random_batches(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    run_cases(f, tu_scaled(CASES));
}

static void test_rows_family(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cs_tuning tuning;
    cs_runtime_tuning(f->dev.runtime, &tuning);
    tuning.style = CS_STYLE_ROWS;
    cs_runtime_set_tuning(f->dev.runtime, &tuning);
    run_cases(f, tu_scaled(FAMILY_CASES));
    cs_runtime_set_tuning(f->dev.runtime, NULL);
}

static void test_grid_family(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    cs_tuning tuning;
    cs_runtime_tuning(f->dev.runtime, &tuning);
    tuning.style = CS_STYLE_GRID;
    cs_runtime_set_tuning(f->dev.runtime, &tuning);
    run_cases(f, tu_scaled(FAMILY_CASES / 2));
    tuning.max_groups = 3; /* units outnumber groups: the loop runs */
    cs_runtime_set_tuning(f->dev.runtime, &tuning);
    run_cases(f, tu_scaled(FAMILY_CASES / 2));
    cs_runtime_set_tuning(f->dev.runtime, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_batches),
        cmocka_unit_test(test_rows_family),
        cmocka_unit_test(test_grid_family),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
