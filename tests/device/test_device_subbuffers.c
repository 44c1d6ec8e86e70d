/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Every device path with sub-buffers: inference engines keep tensors as
 * sub-buffers of one large allocation, and PoCL 3.1 segfaults inside
 * clEnqueueCopyBufferRect when its source or destination is one
 * (src/opencl/runtime/device_facts.c), so before the selector routed
 * around it a small box of rows crashed the process here.
 *
 * Each array lives in a parent buffer filled with a sentinel: as a
 * sub-buffer at a non-zero origin aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN,
 * or as the parent itself at the same place, with a random byte offset
 * into it either way.  After each call the whole parent is read back and
 * compared with the host executor's result placed at the same bytes, so
 * a write outside the tensor fails as surely as a wrong value.  Random
 * contents and offsets are seeded (CLSLICE_TEST_SEED replays a run).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csrutil.h"
#include "devutil.h"
#include "opencl/testing/testing.h"

enum { SB_SENTINEL = 0xA5, SB_TAIL = 96 };

static tu_dev g_dev;
static size_t g_align;     /* CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes */
static bool g_rect_defect; /* the device's Rect copy crashes on sub-buffers */
static uint64_t g_seed;
static char g_case[160];

#define EXPECT(cond) TU_EXPECT(cond, g_case, g_seed)

/* ---- arrays inside sentinel-filled parents ------------------------------ */

typedef struct sb_array {
    cl_mem parent;
    cl_mem mem;          /* what the call gets: a sub-buffer or parent */
    size_t offset;       /* the call's byte offset into mem */
    size_t at;           /* where the tensor starts in the parent */
    size_t bytes;        /* the tensor's bytes */
    size_t parent_bytes;
    unsigned char *image; /* the parent as it must be after the call */
} sb_array;

/* An array of `bytes` (initial content `content`, or sentinel bytes when
 * NULL) with a byte offset that is a multiple of `grain`. */
static void sb_open(tu_rng *rng, bool sub, size_t bytes, const void *content,
                    size_t grain, sb_array *a)
{
    size_t origin = g_align * (size_t)tu_range(rng, 1, 3);
    size_t region;
    a->offset = grain * (size_t)tu_range(rng, 0, 5);
    region = a->offset + bytes + (size_t)tu_range(rng, 0, SB_TAIL);
    a->parent_bytes = origin + region + SB_TAIL;
    a->at = origin + a->offset;
    a->bytes = bytes;
    a->image = malloc(a->parent_bytes);
    assert_non_null(a->image);
    memset(a->image, SB_SENTINEL, a->parent_bytes);
    if (content && bytes)
        memcpy(a->image + a->at, content, bytes);
    a->parent = tu_cl_buffer(&g_dev.cl, a->parent_bytes);
    TU_CL_CHECK(clEnqueueWriteBuffer(g_dev.queue, a->parent, CL_TRUE, 0,
                                     a->parent_bytes, a->image, 0, NULL,
                                     NULL));
    a->mem = a->parent;
    if (sub) {
        cl_buffer_region r = {origin, region};
        cl_int rc;
        a->mem = clCreateSubBuffer(a->parent, CL_MEM_READ_WRITE,
                                   CL_BUFFER_CREATE_TYPE_REGION, &r, &rc);
        if (rc != CL_SUCCESS)
            fail_msg("clCreateSubBuffer(%zu, %zu) failed with %d", origin,
                     region, (int)rc);
    } else {
        a->offset = a->at; /* the same bytes, addressed from the parent */
    }
}

/* The tensor bytes the call must have left (the image's are replaced). */
static void sb_expect(sb_array *a, const void *tensor)
{
    if (a->bytes)
        memcpy(a->image + a->at, tensor, a->bytes);
}

/* Compares the whole parent with its image, naming the first bad byte and
 * whether it lies outside the tensor. */
static void sb_check(const sb_array *a, const char *name)
{
    unsigned char *got = malloc(a->parent_bytes);
    assert_non_null(got);
    tu_cl_read(g_dev.queue, a->parent, a->parent_bytes, got);
    for (size_t i = 0; i < a->parent_bytes; i++) {
        if (got[i] != a->image[i]) {
            bool inside = i >= a->at && i < a->at + a->bytes;
            print_error("%s: parent byte %zu (%s the tensor at [%zu, %zu)) "
                        "is 0x%02x, expected 0x%02x\n", name, i,
                        inside ? "inside" : "outside", a->at,
                        a->at + a->bytes, got[i], a->image[i]);
            free(got);
            EXPECT(false);
        }
    }
    free(got);
}

static void sb_close(sb_array *a)
{
    if (a->mem && a->mem != a->parent)
        clReleaseMemObject(a->mem);
    if (a->parent)
        clReleaseMemObject(a->parent);
    free(a->image);
    memset(a, 0, sizeof *a);
}

static void random_bytes(tu_rng *rng, unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)tu_next(rng);
}

/* ---- set-up ------------------------------------------------------------- */

static int setup(void **state)
{
    (void)state;
    g_seed = tu_seed(0x5b0bu);
    print_message("seed 0x%016" PRIx64 " (CLSLICE_TEST_SEED replays)\n",
                  g_seed);
    if (!tu_dev_open(&g_dev))
        return 0;
    cl_uint bits = 0;
    TU_CL_CHECK(clGetDeviceInfo(g_dev.cl.device,
                                CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits,
                                &bits, NULL));
    g_align = bits / 8 ? bits / 8 : 1;
    cs_device_info info;
    assert_int_equal(cs_device_query(g_dev.cl.device, &info, NULL),
                     CLSLICE_OK);
    g_rect_defect = info.rect_sub_buffer_crash;
    print_message("sub-buffer origins aligned to %zu bytes; Rect copies of "
                  "sub-buffers %s\n", g_align,
                  g_rect_defect ? "avoided (driver defect)" : "allowed");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tu_dev_close(&g_dev);
    return 0;
}

/* The family the tests force (CS_STYLE_AUTO: the device's own). */
static void set_style(cs_style style)
{
    cs_tuning t;
    cs_runtime_tuning(g_dev.runtime, &t);
    t.style = style;
    cs_runtime_set_tuning(g_dev.runtime, &t);
}

static const char *const STYLE_NAME[] = {"auto", "rows", "grid"};

static void wait_event(cl_event event)
{
    if (event) {
        TU_CL_CHECK(clWaitForEvents(1, &event));
        clReleaseEvent(event);
    }
}

/* The cases: a 16x32 float tensor as in the defect's report, and a 3-D
 * one of 2-byte elements; one expression per path (marker, copy, Rect
 * box, strided rows, reversed, 3-D box, odometer). */
typedef struct sb_case {
    int rank;
    int64_t shape[3];
    size_t elem;
    const char *expr;
} sb_case;

static const sb_case CASES[] = {
    {2, {16, 32}, 4, "[::2]"},        /* Rect-eligible box of rows */
    {2, {16, 32}, 4, "[1:5, 2:30]"},  /* Rect-eligible, inner offset */
    {2, {16, 32}, 4, "[3]"},          /* one run: a copy */
    {2, {16, 32}, 4, "[4:4]"},        /* empty: a marker */
    {2, {16, 32}, 4, "[:, ::2]"},     /* stride 2 */
    {2, {16, 32}, 4, "[::-1, ::-3]"}, /* reversed, strided */
    {3, {4, 6, 10}, 2, "[1:3, ::2, 1:9]"}, /* 3-D Rect-eligible box */
    {3, {4, 6, 10}, 2, "[:, 1:5, 3:4]"},   /* short rows: odometer */
};
enum { NCASES = sizeof CASES / sizeof CASES[0] };

static size_t tensor_bytes(const int64_t *shape, int rank, size_t elem)
{
    size_t n = elem;
    for (int d = 0; d < rank; d++)
        n *= (size_t)shape[d];
    return n;
}

/* ---- gathers ------------------------------------------------------------ */

static void run_gather(tu_rng *rng, const sb_case *c, int subs,
                       unsigned flags)
{
    clslice_plan *plan = tu_expr_plan(c->shape, c->rank, c->expr);
    size_t in_bytes = tensor_bytes(c->shape, c->rank, c->elem);
    size_t out_bytes =
        (size_t)clslice_plan_output_elements(plan) * c->elem;
    unsigned char *in = malloc(in_bytes), *want = malloc(out_bytes + 1);
    assert_non_null(in);
    assert_non_null(want);
    random_bytes(rng, in, in_bytes);
    assert_int_equal(clslice_host_gather(plan, c->elem, in, in_bytes, want,
                                         out_bytes, NULL),
                     CLSLICE_OK);
    sb_array src, dst;
    sb_open(rng, subs & 1, in_bytes, in, 1, &src);
    sb_open(rng, subs & 2, out_bytes, NULL, 1, &dst);
    sb_expect(&dst, want);
    long rects = cs_runtime_path_count(g_dev.runtime, CS_PATH_RECT);
    cl_event event = NULL;
    clslice_error err;
    clslice_status st = clslice_enqueue_gather(
        g_dev.runtime, g_dev.queue, plan, c->elem, src.mem, src.offset,
        dst.mem, dst.offset, flags, 0, NULL, &event, &err);
    if (st != CLSLICE_OK)
        print_error("%s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    wait_event(event);
    sb_check(&src, "src");
    sb_check(&dst, "dst");
    if (subs && g_rect_defect)
        EXPECT(cs_runtime_path_count(g_dev.runtime, CS_PATH_RECT) == rects);
    sb_close(&src);
    sb_close(&dst);
    free(in);
    free(want);
    clslice_plan_release(&plan);
}

static void test_gather(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&g_dev);
    tu_rng rng = {g_seed};
    int runs = 0;
    for (int s = 0; s < 3; s++)
        for (int k = 0; k < NCASES; k++)
            for (int subs = 0; subs < 4; subs++)
                for (unsigned f = 0; f < 2; f++) {
                    unsigned flags = f ? CLSLICE_NO_COPY_SHORTCUT : 0u;
                    set_style((cs_style)s);
                    snprintf(g_case, sizeof g_case,
                             "gather %s of %d-D, %s family, subs %d, "
                             "flags 0x%x", CASES[k].expr, CASES[k].rank,
                             STYLE_NAME[s], subs, flags);
                    run_gather(&rng, &CASES[k], subs, flags);
                    runs++;
                }
    set_style(CS_STYLE_AUTO);
    print_message("%d gathers\n", runs);
}

/* The defect's own case takes the Rect copy on whole buffers (so the case
 * reaches the path), and none with a sub-buffer on a device with the
 * defect. */
static void test_rect_routed(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&g_dev);
    tu_rng rng = {g_seed ^ 0x1234u};
    cs_tuning t;
    cs_runtime_tuning(g_dev.runtime, &t);
    cs_device_info info;
    assert_int_equal(cs_device_query(g_dev.cl.device, &info, NULL),
                     CLSLICE_OK);
    if (!info.cpu) { /* only CPU devices take Rect copies */
        print_message("not a CPU device, which alone takes Rect copies: "
                      "skipped\n");
        skip();
    }
    for (int subs = 0; subs < 4; subs++) {
        snprintf(g_case, sizeof g_case, "Rect routing, subs %d", subs);
        long before = cs_runtime_path_count(g_dev.runtime, CS_PATH_RECT);
        run_gather(&rng, &CASES[0], subs, 0);
        long taken = cs_runtime_path_count(g_dev.runtime, CS_PATH_RECT) -
                     before;
        EXPECT(taken == (subs == 0 || !g_rect_defect ? 1 : 0));
    }
}

/* ---- writes: scatter, fill, grad ---------------------------------------- */

typedef enum sb_write { SB_SCATTER, SB_BROADCAST, SB_FILL, SB_GRAD } sb_write;
static const char *const WRITE_NAME[] = {"scatter", "broadcast scatter",
                                         "fill", "grad"};

static void run_write(tu_rng *rng, const sb_case *c, sb_write w, int subs,
                      unsigned flags)
{
    clslice_plan *plan = tu_expr_plan(c->shape, c->rank, c->expr);
    size_t t_bytes = tensor_bytes(c->shape, c->rank, c->elem);
    int64_t vshape[CLSLICE_MAX_RANK];
    int vrank = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, vshape);
    if (w == SB_BROADCAST || w == SB_FILL)
        vrank = 0;
    size_t v_bytes = tensor_bytes(vshape, vrank, c->elem);
    unsigned char *tensor = malloc(t_bytes), *want = malloc(t_bytes);
    unsigned char *value = malloc(v_bytes);
    assert_true(tensor && want && value);
    random_bytes(rng, tensor, t_bytes);
    random_bytes(rng, value, v_bytes);
    memcpy(want, tensor, t_bytes);
    clslice_value_rule rule =
        w == SB_GRAD ? CLSLICE_VALUE_EXACT : CLSLICE_VALUE_BROADCAST;
    if (w == SB_GRAD)
        assert_int_equal(clslice_host_grad(plan, c->elem, value, vshape,
                                           vrank, v_bytes, want, t_bytes,
                                           NULL),
                         CLSLICE_OK);
    else
        assert_int_equal(clslice_host_scatter(plan, c->elem, value, vshape,
                                              vrank, v_bytes, rule, want,
                                              t_bytes, NULL),
                         CLSLICE_OK);
    sb_array val = {0}, dst;
    if (w != SB_FILL)
        sb_open(rng, subs & 1, v_bytes, value, 1, &val);
    sb_open(rng, subs & 2, t_bytes, tensor, 1, &dst);
    sb_expect(&dst, want);
    long rects = cs_runtime_path_count(g_dev.runtime, CS_PATH_RECT);
    cl_event event = NULL;
    clslice_error err;
    clslice_status st;
    if (w == SB_FILL)
        st = clslice_enqueue_fill(g_dev.runtime, g_dev.queue, plan, c->elem,
                                  value, dst.mem, dst.offset, flags, 0,
                                  NULL, &event, &err);
    else if (w == SB_GRAD)
        st = clslice_enqueue_grad(g_dev.runtime, g_dev.queue, plan, c->elem,
                                  val.mem, val.offset, vshape, vrank,
                                  dst.mem, dst.offset, flags, 0, NULL,
                                  &event, &err);
    else
        st = clslice_enqueue_scatter(g_dev.runtime, g_dev.queue, plan,
                                     c->elem, val.mem, val.offset, vshape,
                                     vrank, rule, dst.mem, dst.offset, flags,
                                     0, NULL, &event, &err);
    if (st != CLSLICE_OK)
        print_error("%s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    wait_event(event);
    if (w != SB_FILL)
        sb_check(&val, "value");
    sb_check(&dst, "dst");
    if (subs && g_rect_defect)
        EXPECT(cs_runtime_path_count(g_dev.runtime, CS_PATH_RECT) == rects);
    if (w != SB_FILL)
        sb_close(&val);
    sb_close(&dst);
    free(tensor);
    free(want);
    free(value);
    clslice_plan_release(&plan);
}

static void test_writes(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&g_dev);
    tu_rng rng = {g_seed ^ 0x77u};
    int runs = 0;
    for (int s = 0; s < 3; s++)
        for (int w = 0; w < 4; w++)
            for (int k = 0; k < NCASES; k++)
                for (int subs = 0; subs < 4; subs++) {
                    unsigned flags =
                        tu_range(&rng, 0, 3) == 0 ? CLSLICE_NO_COPY_SHORTCUT
                                                  : 0u;
                    set_style((cs_style)s);
                    snprintf(g_case, sizeof g_case,
                             "%s %s of %d-D, %s family, subs %d, flags 0x%x",
                             WRITE_NAME[w], CASES[k].expr, CASES[k].rank,
                             STYLE_NAME[s], subs, flags);
                    run_write(&rng, &CASES[k], (sb_write)w, subs, flags);
                    runs++;
                }
    set_style(CS_STYLE_AUTO);
    print_message("%d writes\n", runs);
}

/* ---- CSR: count and fill ------------------------------------------------ */

static size_t index_size(clslice_index_type type)
{
    return type == CLSLICE_INT32 ? 4 : 8;
}

/* One CSR slice with every array of the input and the output in its own
 * parent, as a sub-buffer or not by the bits of `subs`. */
static bool run_csr(tu_rng *rng, int subs)
{
    tc_csr in, want;
    char desc[96];
    tc_csr_random(rng, 24, 24, &in);
    clslice_plan *plan = tc_plan_random(rng, in.rows, in.cols, desc,
                                        sizeof desc);
    if (!plan) {
        tc_csr_free(&in);
        return false;
    }
    snprintf(g_case, sizeof g_case, "CSR %s of %" PRId64 "x%" PRId64
             ", subs 0x%x", desc, in.rows, in.cols, (unsigned)subs);
    clslice_error err;
    if (tc_host_slice(plan, &in, &want, &err) != CLSLICE_OK) {
        clslice_plan_release(&plan);
        tc_csr_free(&in);
        return false; /* a slice the CSR rules refuse: not this test's */
    }
    size_t isz = index_size(in.type);
    sb_array a[6];
    sb_open(rng, subs & 1, (size_t)(in.rows + 1) * isz, in.indptr, isz,
            &a[0]);
    sb_open(rng, subs & 2, (size_t)in.nnz * isz, in.indices, isz, &a[1]);
    sb_open(rng, subs & 4, (size_t)in.nnz * in.elem_size, in.data, 1, &a[2]);
    sb_open(rng, subs & 8, (size_t)(want.rows + 1) * isz, NULL, isz, &a[3]);
    sb_open(rng, subs & 16, (size_t)want.nnz * isz, NULL, isz, &a[4]);
    sb_open(rng, subs & 32, (size_t)want.nnz * want.elem_size, NULL, 1,
            &a[5]);
    clslice_cl_csr cin = {in.rows, in.cols, in.type, in.elem_size, in.nnz,
                          a[0].mem, a[0].offset, a[1].mem, a[1].offset,
                          a[2].mem, a[2].offset};
    clslice_cl_csr cout = {want.rows, want.cols, in.type, in.elem_size, 0,
                           a[3].mem, a[3].offset, NULL, 0, NULL, 0};
    int64_t nnz = -1;
    clslice_status st = tu_csr_count(g_dev.runtime, g_dev.queue, plan, &cin,
                                     &cout, 0, NULL, NULL, &nnz, &err);
    if (st != CLSLICE_OK)
        print_error("%s\n", err.message);
    EXPECT(st == CLSLICE_OK && nnz == want.nnz);
    cout.nnz = nnz;
    cout.indices = a[4].mem;
    cout.indices_offset = a[4].offset;
    cout.data = a[5].mem;
    cout.data_offset = a[5].offset;
    cl_event event = NULL;
    st = tu_csr_fill(g_dev.runtime, g_dev.queue, plan, &cin, &cout, 0, NULL,
                     &event, &err);
    if (st != CLSLICE_OK)
        print_error("%s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    wait_event(event);
    sb_expect(&a[3], want.indptr);
    sb_expect(&a[4], want.indices);
    sb_expect(&a[5], want.data);
    static const char *const NAME[] = {"in.indptr",  "in.indices",
                                       "in.data",    "out.indptr",
                                       "out.indices", "out.data"};
    for (int i = 0; i < 6; i++) {
        sb_check(&a[i], NAME[i]);
        sb_close(&a[i]);
    }
    tc_csr_free(&want);
    tc_csr_free(&in);
    clslice_plan_release(&plan);
    return true;
}

static void test_csr(void **state)
{
    (void)state;
    TU_SKIP_WITHOUT_DEVICE(&g_dev);
    tu_rng rng = {g_seed ^ 0xc5u};
    int runs = 0;
    for (int i = 0; i < 128; i++)
        runs += run_csr(&rng, i == 0 ? 63 : (int)tu_range(&rng, 0, 63));
    print_message("%d CSR slices\n", runs);
    snprintf(g_case, sizeof g_case, "CSR slices run");
    EXPECT(runs >= 64);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rect_routed),
        cmocka_unit_test(test_gather),
        cmocka_unit_test(test_writes),
        cmocka_unit_test(test_csr),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
