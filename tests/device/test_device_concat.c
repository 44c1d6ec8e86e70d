/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Differential test of clslice_cl_concat against clslice_host_concat on
 * the default OpenCL device.
 *
 * A case is a random concatenation (randconcat.h: numpy's concatenate
 * and stack, tilings with holes, interleaved and reversed places, new
 * axes) with random strided sources and a random strided destination,
 * element sizes 1 to 16.  Sources lie together in one arena buffer
 * (one launch), or spread over up to 20 buffers, plain and sub-buffers
 * (several chained launches), at aligned and odd offsets; the destination
 * lies in the arena beside them, in a buffer of its own or in one of the
 * sources' buffers.  Empty parts sometimes pass NULL sources, and a
 * destination nothing is written to sometimes NULL; sometimes
 * CLSLICE_FORCE_INDEX64, sometimes an out-of-order queue.  Every buffer
 * is a copy of a host image; the destination's buffer is read back whole
 * (sentinel bytes around the view included) and must equal the image
 * after clslice_host_concat.
 *
 * Both kernel families run on any device: the tuning hook forces the row
 * family and the grid (also with the grid capped, so its loops run).
 */
#include <stdlib.h>
#include <string.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "hostcall.h"
#include "randconcat.h"
#include "testutil.h"

enum {
    CASES = 1500,       /* default tuning */
    FAMILY_CASES = 700, /* per forced family */
    MAX_ELEMS = 2048,
    PLAIN = 12,         /* plain buffers */
    SUBS = 8,           /* sub-buffers of one parent */
    ARENA = PLAIN + SUBS,
    OWN = ARENA + 1,    /* the destination's own buffer */
    BUFFERS = OWN + 1,
    BUF_BYTES = 1 << 20,
    ARENA_BYTES = 8 << 20,
    GUARD = 32,
    SENTINEL = 0xA5
};

static const size_t ELEM_SIZES[] = {1, 2, 3, 4, 8, 12, 16};

typedef struct fixture {
    tu_dev dev;
    cl_command_queue ooo; /* out-of-order, NULL when unsupported */
    cl_mem parent;
    cl_mem buffers[BUFFERS];
    unsigned char *image[BUFFERS]; /* what each buffer holds */
    size_t used[BUFFERS];          /* bytes of it the case uses */
    tu_rng rng;
    uint64_t seed;
    long cases;
} fixture;

static size_t size_of(int b)
{
    return b == ARENA ? ARENA_BYTES : BUF_BYTES;
}

static void make_buffers(fixture *f)
{
    cl_int rc;
    for (int b = 0; b < BUFFERS; b++)
        if (b < PLAIN || b >= ARENA)
            f->buffers[b] = tu_cl_buffer(&f->dev.cl, size_of(b));
    f->parent = tu_cl_buffer(&f->dev.cl, (size_t)SUBS * BUF_BYTES);
    for (int i = 0; i < SUBS; i++) {
        cl_buffer_region region = {(size_t)i * BUF_BYTES, BUF_BYTES};
        f->buffers[PLAIN + i] = clCreateSubBuffer(
            f->parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
            &region, &rc);
        TU_CL_CHECK(rc);
    }
    for (int b = 0; b < BUFFERS; b++) {
        f->image[b] = malloc(size_of(b));
        assert_non_null(f->image[b]);
    }
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
    make_buffers(f);
    f->seed = tu_seed(0xC0CA7D);
    f->rng.state = f->seed;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f->dev.cl.context) {
        for (int b = 0; b < BUFFERS; b++)
            clReleaseMemObject(f->buffers[b]);
        clReleaseMemObject(f->parent);
        if (f->ooo)
            clReleaseCommandQueue(f->ooo);
        tu_dev_close(&f->dev);
    }
    for (int b = 0; b < BUFFERS; b++)
        free(f->image[b]);
    free(f);
    return 0;
}

/* ---- one case ----------------------------------------------------------- */

/* Where each tensor of a case lies: a buffer (-1: NULL) and the start of
 * its region there. */
typedef struct placement {
    int buffer[RC_MAX_PARTS];
    size_t start[RC_MAX_PARTS];
    int dst_buffer;
    size_t dst_start;
} placement;

/* A region of `need` bytes in buffer b after a random gap; false when b
 * is full. */
static bool take(fixture *f, int b, size_t need, size_t *start)
{
    size_t at = f->used[b] + rp_buffer_offset(&f->rng, 48);
    if (at + need + GUARD > size_of(b))
        return false;
    *start = at;
    f->used[b] = at + need + GUARD;
    return true;
}

static bool place(fixture *f, const rc_case *c, placement *p)
{
    memset(f->used, 0, sizeof f->used);
    int mode = (int)tu_range(&f->rng, 0, 2);
    int choices = (int)tu_range(&f->rng, 1, ARENA);
    for (size_t i = 0; i < c->count; i++) {
        const rs_tensor *src = &c->parts[i].src;
        p->buffer[i] = mode == 0 ? ARENA
                                 : (int)tu_range(&f->rng, 0, choices - 1);
        p->start[i] = 0;
        if (src->empty && tu_range(&f->rng, 0, 1))
            p->buffer[i] = -1;
        else if (!take(f, p->buffer[i], src->need, &p->start[i]))
            return false;
    }
    p->dst_buffer = mode == 0 ? ARENA
                    : mode == 1 ? OWN
                                : (int)tu_range(&f->rng, 0, choices - 1);
    return take(f, p->dst_buffer, c->dst.need, &p->dst_start);
}

/* Random sources, a sentinel destination, on the host and the device. */
static void fill(fixture *f, const placement *p)
{
    for (int b = 0; b < BUFFERS; b++) {
        if (!f->used[b])
            continue;
        for (size_t k = 0; k < f->used[b]; k++)
            f->image[b][k] = (unsigned char)tu_next(&f->rng);
    }
    memset(f->image[p->dst_buffer] + p->dst_start, SENTINEL,
           f->used[p->dst_buffer] - p->dst_start);
    for (int b = 0; b < BUFFERS; b++)
        if (f->used[b])
            TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, f->buffers[b],
                                             CL_TRUE, 0, f->used[b],
                                             f->image[b], 0, NULL, NULL));
}

static void describe(const fixture *f, const rc_case *c, const placement *p,
                     size_t elem, unsigned flags, const char *what)
{
    print_error("seed 0x%llx (replay with CLSLICE_TEST_SEED=0x%llx), case "
                "%ld: elem_size %zu, flags 0x%x: %s\n",
                (unsigned long long)f->seed, (unsigned long long)f->seed,
                f->cases, elem, flags, what);
    rc_print(c);
    for (size_t i = 0; i < c->count; i++)
        print_error("  parts[%zu] in buffer %d at %zu\n", i, p->buffer[i],
                    p->start[i]);
    print_error("  dst in buffer %d at %zu\n", p->dst_buffer, p->dst_start);
}

/* The host's result in the destination's image. */
static void host_reference(fixture *f, const rc_case *c, const placement *p,
                           size_t elem, bool null_dst)
{
    clslice_host_part parts[RC_MAX_PARTS];
    for (size_t i = 0; i < c->count; i++) {
        int b = p->buffer[i];
        parts[i] = (clslice_host_part){
            .plan = c->parts[i].plan,
            .src = tu_tensor(b < 0 ? NULL : f->image[b],
                             b < 0 ? 0 : size_of(b),
                             b < 0 ? 0 : p->start[i] + c->parts[i].src.offset,
                             rs_strides(&c->parts[i].src))};
    }
    int d = p->dst_buffer;
    clslice_error err;
    if (tu_host_concat(elem, parts, c->count,
                       tu_tensor(null_dst ? NULL : f->image[d],
                                 null_dst ? 0 : size_of(d),
                                 null_dst ? 0 : p->dst_start + c->dst.offset,
                                 rs_strides(&c->dst)),
                       &err) != CLSLICE_OK)
        fail_msg("host concat: %s", err.message);
}

static clslice_status device_run(fixture *f, const rc_case *c,
                                 const placement *p, size_t elem,
                                 unsigned flags, bool null_dst,
                                 clslice_error *err)
{
    clslice_cl_concat_part parts[RC_MAX_PARTS];
    for (size_t i = 0; i < c->count; i++) {
        int b = p->buffer[i];
        parts[i] = (clslice_cl_concat_part){
            .plan = c->parts[i].plan,
            .src = {.buffer = b < 0 ? NULL : f->buffers[b],
                    .offset = b < 0 ? 0
                                    : p->start[i] + c->parts[i].src.offset,
                    .strides = rs_strides(&c->parts[i].src)}};
    }
    cl_command_queue q =
        f->ooo && tu_range(&f->rng, 0, 3) == 0 ? f->ooo : f->dev.queue;
    cl_event done = NULL;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = q;
    call.flags = flags;
    call.event = &done;
    clslice_cl_concat_desc desc = CLSLICE_CL_CONCAT_DESC_INIT;
    desc.elem_size = elem;
    desc.dst = (clslice_cl_tensor){
        .buffer = null_dst ? NULL : f->buffers[p->dst_buffer],
        .offset = null_dst ? 0 : p->dst_start + c->dst.offset,
        .strides = rs_strides(&c->dst)};
    desc.count = c->count;
    desc.parts = parts;
    clslice_status st = clslice_cl_concat(f->dev.runtime, &call, &desc, err);
    if (st == CLSLICE_OK) {
        TU_CL_CHECK(clWaitForEvents(1, &done));
        clReleaseEvent(done);
    }
    return st;
}

static bool writes(const rc_case *c)
{
    for (size_t i = 0; i < c->count; i++)
        if (clslice_plan_output_elements(c->parts[i].plan) > 0)
            return true;
    return false;
}

static void verify(fixture *f, const rc_case *c, const placement *p,
                   size_t elem, unsigned flags)
{
    int d = p->dst_buffer;
    unsigned char *got = malloc(f->used[d]);
    assert_non_null(got);
    tu_cl_read(f->dev.queue, f->buffers[d], f->used[d], got);
    for (size_t k = 0; k < f->used[d]; k++)
        if (got[k] != f->image[d][k]) {
            describe(f, c, p, elem, flags, "wrong bytes");
            fail_msg("destination buffer %d, byte %zu: expected 0x%02x, "
                     "got 0x%02x", d, k, f->image[d][k], got[k]);
        }
    free(got);
}

static void run_case(fixture *f)
{
    rc_case c;
    placement p;
    size_t elem;
    do {
        elem = ELEM_SIZES[tu_range(&f->rng, 0, 6)];
        rc_random_case(&f->rng, elem, MAX_ELEMS, &c);
        if (place(f, &c, &p))
            break;
        rc_release(&c);
    } while (true);
    unsigned flags = tu_range(&f->rng, 0, 3) == 0 ? CLSLICE_FORCE_INDEX64 : 0;
    bool null_dst = !writes(&c) && tu_range(&f->rng, 0, 1);
    fill(f, &p);
    clslice_error err;
    if (device_run(f, &c, &p, elem, flags, null_dst, &err) != CLSLICE_OK) {
        describe(f, &c, &p, elem, flags, err.message);
        fail_msg("concat failed: %s", err.message);
    }
    host_reference(f, &c, &p, elem, null_dst);
    verify(f, &c, &p, elem, flags);
    rc_release(&c);
    f->cases++;
}

static void run_cases(fixture *f, long n)
{
    for (long i = 0; i < n; i++)
        run_case(f);
}

static void test_random_concats(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    run_cases(f, tu_scaled(CASES));
}

static void with_style(fixture *f, cs_style style, size_t max_groups,
                       long n)
{
    cs_tuning tuning;
    cs_runtime_tuning(f->dev.runtime, &tuning);
    tuning.style = style;
    tuning.max_groups = max_groups;
    cs_runtime_set_tuning(f->dev.runtime, &tuning);
    run_cases(f, tu_scaled(n));
    cs_runtime_set_tuning(f->dev.runtime, NULL);
}

static void test_rows_family(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    with_style(f, CS_STYLE_ROWS, 0, FAMILY_CASES);
}

static void test_grid_family(void **state)
{
    fixture *f = *state;
    TU_SKIP_WITHOUT_DEVICE(&f->dev);
    with_style(f, CS_STYLE_GRID, 0, FAMILY_CASES / 2);
    /* units outnumber groups: the grid-stride loop runs */
    with_style(f, CS_STYLE_GRID, 3, FAMILY_CASES / 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_concats),
        cmocka_unit_test(test_rows_family),
        cmocka_unit_test(test_grid_family),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
