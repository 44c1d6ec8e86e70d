/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * SVM sides of the calls with many tensors: clslice_cl_concat with its
 * parts' sources and its destination, and clslice_cl_gather_batch with
 * its source and outputs, in coarse- and fine-grained SVM, against the
 * host executors.  Random concatenations (randconcat.h: strided sources
 * and destination, interleaved places, holes) whose tensors each lie in
 * an allocation of their own, in one shared allocation (stated as the
 * tensor's bytes only, to the allocation's end, or as the whole
 * allocation with the tensor's start in its offset: separate wrappers,
 * and one wrapper over allocations that meet) or in a buffer; every
 * allocation and buffer is read back whole and must equal the host's
 * image (sources untouched, the bytes around the destination view
 * kept).  The batch takes the same random plans over one contiguous
 * source.  Then the checks, named before anything is enqueued: a part
 * given as a buffer and in SVM, no size, a size too small, a source in
 * the destination's bytes; and on a device without SVM, the refusal.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#define CL_TARGET_OPENCL_VERSION 200
#include "svmfix.h"
#include "hostcall.h"
#include "randconcat.h"

enum {
    CASES = 30, /* per grain, for the concat and for the batch */
    MAX_ELEMS = 384,
    GUARD = 16, /* bytes after each tensor */
    ALIGN = 64, /* where an SVM tensor's region starts */
    TENSORS = RC_MAX_PARTS + 1,
    REGIONS = TENSORS + 1
};

static const size_t ELEM_SIZES[] = {1, 2, 4, 8};

static uint64_t g_seed;
static char g_ctx[4300];

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

typedef tu_svm_fixture fixture;

/* ---- where a case's tensors lie ----------------------------------------- */

/* An SVM allocation or a buffer, and the host's image of it. */
typedef struct region {
    bool svm;
    size_t bytes;
    unsigned char *p; /* the allocation, when svm */
    cl_mem buffer;    /* else the buffer */
    unsigned char *image;
} region;

/* How a tensor in SVM states its allocation: its own bytes, up to the
 * region's end, or the whole region (its start then in the offset). */
enum { STATE_EXACT, STATE_TO_END, STATE_WHOLE, STATES };
static const char *const state_name[STATES] = {"exact", "to end", "whole"};

/* Tensor t in regions[home[t]] from byte start[t] (home -1: nowhere, the
 * tensor has no bytes); region 0 is the shared allocation. */
typedef struct placing {
    fixture *f;
    bool fine;
    size_t n;
    region regions[REGIONS];
    size_t used;
    int home[TENSORS];
    size_t start[TENSORS];
    int state[TENSORS];
} placing;

static size_t round_up(size_t x, size_t to)
{
    return (x + to - 1) / to * to;
}

/* Homes for n tensors of need[t] bytes each. */
static void place(tu_rng *rng, const size_t *need, size_t n, placing *p,
                  char *what, size_t what_size)
{
    p->n = n;
    p->used = 1;
    p->regions[0] = (region){.svm = true};
    size_t at = (size_t)snprintf(what, what_size, " homes:");
    for (size_t t = 0; t < n; t++) {
        int mode = need[t] == 0 ? -1 : (int)tu_range(rng, 0, 2);
        p->home[t] = mode < 0 ? -1 : mode == 0 ? 0 : (int)p->used++;
        p->state[t] = (int)tu_range(rng, 0, STATES - 1);
        region *r = mode < 0 ? NULL : &p->regions[p->home[t]];
        if (mode == 0) {
            p->start[t] = round_up(r->bytes, ALIGN) +
                          ALIGN * (size_t)tu_range(rng, 0, 1);
        } else if (mode > 0) {
            *r = (region){.svm = mode == 1};
            p->start[t] = (r->svm ? ALIGN : 1) * (size_t)tu_range(rng, 0, 2);
        }
        if (r)
            r->bytes = p->start[t] + need[t] + GUARD;
        static const char *const mode_name[] = {"shared", "own", "buffer"};
        bool svm = mode >= 0 && mode < 2;
        if (at < what_size)
            at += (size_t)snprintf(what + at, what_size - at, " %s%s%s",
                                   mode < 0 ? "none" : mode_name[mode],
                                   svm ? ":" : "",
                                   svm ? state_name[p->state[t]] : "");
    }
}

/* Host access to an SVM region (a coarse one is mapped), and its end. */
static void host_begin(const placing *p, const region *r)
{
    if (!p->fine)
        TU_CL_CHECK(clEnqueueSVMMap(p->f->dev.queue, CL_TRUE,
                                    CL_MAP_READ | CL_MAP_WRITE, r->p,
                                    r->bytes, 0, NULL, NULL));
}

static void host_end(const placing *p, const region *r)
{
    if (!p->fine)
        TU_CL_CHECK(clEnqueueSVMUnmap(p->f->dev.queue, r->p, 0, NULL,
                                      NULL));
    TU_CL_CHECK(clFinish(p->f->dev.queue));
}

/* Every used region made, filled with random bytes on the host and the
 * device. */
static void make_regions(placing *p, tu_rng *rng)
{
    cl_svm_mem_flags flags = CL_MEM_READ_WRITE;
    if (p->fine)
        flags |= CL_MEM_SVM_FINE_GRAIN_BUFFER;
    for (size_t k = 0; k < p->used; k++) {
        region *r = &p->regions[k];
        if (r->bytes == 0)
            continue;
        r->image = malloc(r->bytes);
        assert_non_null(r->image);
        for (size_t i = 0; i < r->bytes; i++)
            r->image[i] = (unsigned char)tu_next(rng);
        if (r->svm) {
            r->p = clSVMAlloc(p->f->dev.cl.context, flags, r->bytes, 0);
            assert_non_null(r->p);
            host_begin(p, r);
            memcpy(r->p, r->image, r->bytes);
            host_end(p, r);
        } else {
            r->buffer = tu_cl_buffer(&p->f->dev.cl, r->bytes);
            TU_CL_CHECK(clEnqueueWriteBuffer(p->f->dev.queue, r->buffer,
                                             CL_TRUE, 0, r->bytes, r->image,
                                             0, NULL, NULL));
        }
    }
}

/* Every region read back equals the host's image; then freed. */
static void check_regions(placing *p)
{
    for (size_t k = 0; k < p->used; k++) {
        region *r = &p->regions[k];
        if (r->bytes == 0)
            continue;
        unsigned char *got = malloc(r->bytes);
        assert_non_null(got);
        if (r->svm) {
            host_begin(p, r);
            memcpy(got, r->p, r->bytes);
            host_end(p, r);
            clSVMFree(p->f->dev.cl.context, r->p);
        } else {
            tu_cl_read(p->f->dev.queue, r->buffer, r->bytes, got);
            clReleaseMemObject(r->buffer);
        }
        for (size_t i = 0; i < r->bytes; i++)
            if (got[i] != r->image[i]) {
                print_error("region %zu (%s), byte %zu: expected 0x%02x, "
                            "got 0x%02x\n", k, r->svm ? "SVM" : "buffer", i,
                            r->image[i], got[i]);
                EXPECT(got[i] == r->image[i]);
            }
        free(got);
        free(r->image);
    }
}

/* Tensor t as the device call takes it: a buffer, or an allocation and
 * the offset that goes with it; `offset` is the tensor's own. */
static void device_side(const placing *p, size_t t, size_t offset,
                        cl_mem *buffer, size_t *at, clslice_cl_svm *svm)
{
    *buffer = NULL, *at = 0, *svm = (clslice_cl_svm){0};
    if (p->home[t] < 0)
        return;
    const region *r = &p->regions[p->home[t]];
    size_t start = p->start[t];
    *at = offset;
    if (!r->svm) {
        *buffer = r->buffer;
        *at = start + offset;
    } else if (p->state[t] == STATE_WHOLE) {
        *svm = (clslice_cl_svm){r->p, r->bytes};
        *at = start + offset;
    } else {
        size_t bytes = p->state[t] == STATE_TO_END
                           ? r->bytes - start
                           : r->bytes - start - GUARD; /* need */
        *svm = (clslice_cl_svm){r->p + start, bytes};
    }
}

/* Tensor t as the host call takes it. */
static clslice_host_tensor host_side(const placing *p, size_t t,
                                     size_t offset, const int64_t *strides)
{
    if (p->home[t] < 0)
        return tu_tensor(NULL, 0, 0, strides);
    const region *r = &p->regions[p->home[t]];
    return tu_tensor(r->image, r->bytes, p->start[t] + offset, strides);
}

/* ---- concatenations ----------------------------------------------------- */

static void concat_once(fixture *f, bool fine, tu_rng *rng, int k)
{
    static rc_case c;
    size_t elem = ELEM_SIZES[tu_range(rng, 0, 3)];
    rc_random_case(rng, elem, MAX_ELEMS, &c);
    size_t need[TENSORS];
    for (size_t i = 0; i < c.count; i++)
        need[i] = c.parts[i].src.empty ? 0 : c.parts[i].src.need;
    need[c.count] = c.dst.empty ? 0 : c.dst.need;
    static placing p;
    memset(&p, 0, sizeof p);
    p.f = f, p.fine = fine;
    int at = snprintf(g_ctx, sizeof g_ctx, "%s SVM, concat #%d, elem %zu: %s",
                      fine ? "fine" : "coarse", k, elem, c.desc);
    place(rng, need, c.count + 1, &p, g_ctx + at, sizeof g_ctx - (size_t)at);
    make_regions(&p, rng);

    clslice_cl_concat_part parts[RC_MAX_PARTS];
    clslice_cl_svm part_svm[RC_MAX_PARTS];
    clslice_host_part host[RC_MAX_PARTS];
    for (size_t i = 0; i < c.count; i++) {
        const rs_tensor *src = &c.parts[i].src;
        parts[i].plan = c.parts[i].plan;
        parts[i].src.strides = rs_strides(src);
        device_side(&p, i, src->offset, &parts[i].src.buffer,
                    &parts[i].src.offset, &part_svm[i]);
        host[i] = (clslice_host_part){
            .plan = c.parts[i].plan,
            .src = host_side(&p, i, src->offset, rs_strides(src))};
    }
    clslice_cl_concat_desc desc = CLSLICE_CL_CONCAT_DESC_INIT;
    desc.elem_size = elem;
    desc.count = c.count;
    desc.parts = parts;
    desc.part_svm = part_svm;
    desc.dst.strides = rs_strides(&c.dst);
    device_side(&p, c.count, c.dst.offset, &desc.dst.buffer,
                &desc.dst.offset, &desc.dst_svm);
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_error err;
    clslice_status st = clslice_cl_concat(f->dev.runtime, &call, &desc, &err);
    if (st != CLSLICE_OK) {
        print_error("%s\n", err.message);
        rc_print(&c);
    }
    EXPECT(st == CLSLICE_OK);
    TU_CL_CHECK(clFinish(f->dev.queue));
    st = tu_host_concat(elem, host, c.count,
                        host_side(&p, c.count, c.dst.offset,
                                  rs_strides(&c.dst)),
                        &err);
    EXPECT(st == CLSLICE_OK);
    check_regions(&p);
    rc_release(&c);
}

static void random_concats(void **state, bool fine)
{
    fixture *f = *state;
    tu_svm_skip_without(f, fine);
    tu_rng rng = {g_seed ^ (fine ? 0xF1 : 0xC0)};
    for (int k = 0; k < tu_scaled(CASES); k++)
        concat_once(f, fine, &rng, k);
}

static void test_concats_coarse(void **state) { random_concats(state, false); }
static void test_concats_fine(void **state) { random_concats(state, true); }

/* ---- batches ------------------------------------------------------------ */

/* The places of a random concatenation as a batch's plans over one
 * contiguous source of the destination's shape. */
static void batch_once(fixture *f, bool fine, tu_rng *rng, int k)
{
    static rc_case c;
    size_t elem = ELEM_SIZES[tu_range(rng, 0, 3)];
    rc_random_case(rng, elem, MAX_ELEMS, &c);
    size_t need[TENSORS];
    size_t in_elements = 1;
    for (int d = 0; d < c.rank; d++)
        in_elements *= (size_t)c.shape[d];
    for (size_t i = 0; i < c.count; i++)
        need[i] = (size_t)clslice_plan_output_elements(c.parts[i].plan) *
                  elem;
    need[c.count] = in_elements * elem;
    static placing p;
    memset(&p, 0, sizeof p);
    p.f = f, p.fine = fine;
    int at = snprintf(g_ctx, sizeof g_ctx, "%s SVM, batch #%d, elem %zu: %s",
                      fine ? "fine" : "coarse", k, elem, c.desc);
    place(rng, need, c.count + 1, &p, g_ctx + at, sizeof g_ctx - (size_t)at);
    make_regions(&p, rng);

    clslice_cl_part parts[RC_MAX_PARTS];
    clslice_cl_svm part_svm[RC_MAX_PARTS];
    for (size_t i = 0; i < c.count; i++) {
        parts[i].plan = c.parts[i].plan;
        device_side(&p, i, 0, &parts[i].buffer, &parts[i].offset,
                    &part_svm[i]);
    }
    clslice_cl_batch_desc desc = CLSLICE_CL_BATCH_DESC_INIT;
    desc.elem_size = elem;
    desc.count = c.count;
    desc.parts = parts;
    desc.part_svm = part_svm;
    device_side(&p, c.count, 0, &desc.src.buffer, &desc.src.offset,
                &desc.src_svm);
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_error err;
    clslice_status st =
        clslice_cl_gather_batch(f->dev.runtime, &call, &desc, &err);
    if (st != CLSLICE_OK)
        print_error("%s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    TU_CL_CHECK(clFinish(f->dev.queue));
    clslice_host_tensor src = host_side(&p, c.count, 0, NULL);
    for (size_t i = 0; i < c.count; i++) {
        st = tu_host_gather(c.parts[i].plan, elem, src, NULL,
                            host_side(&p, i, 0, NULL), NULL, &err);
        EXPECT(st == CLSLICE_OK);
    }
    check_regions(&p);
    rc_release(&c);
}

static void random_batches(void **state, bool fine)
{
    fixture *f = *state;
    tu_svm_skip_without(f, fine);
    tu_rng rng = {g_seed ^ (fine ? 0xBF1 : 0xBC0)};
    for (int k = 0; k < tu_scaled(CASES); k++)
        batch_once(f, fine, &rng, k);
}

static void test_batches_coarse(void **state) { random_batches(state, false); }
static void test_batches_fine(void **state) { random_batches(state, true); }

/* ---- checks ------------------------------------------------------------- */

enum { ROWS = 4, COLS = 6, HALF = ROWS / 2 * COLS * 4, WHOLE = 2 * HALF };

/* Two halves of a 4 x 6 float tensor: sources at 0 and 64, the
 * destination at 128, of one coarse allocation of 256 bytes. */
typedef struct checks {
    fixture *f;
    clslice_plan *plans[2];
    unsigned char *p;
    cl_mem buffer;
    clslice_cl_concat_part parts[2];
    clslice_cl_svm part_svm[2];
    clslice_cl_concat_desc concat;
    clslice_cl_part outs[2];
    clslice_cl_batch_desc batch;
} checks;

static void checks_reset(checks *k)
{
    for (int i = 0; i < 2; i++) {
        k->parts[i] = (clslice_cl_concat_part){.plan = k->plans[i]};
        k->part_svm[i] = (clslice_cl_svm){k->p + 64 * i, HALF};
        k->outs[i] = (clslice_cl_part){.plan = k->plans[i]};
    }
    k->concat = (clslice_cl_concat_desc)CLSLICE_CL_CONCAT_DESC_INIT;
    k->concat.elem_size = 4;
    k->concat.count = 2;
    k->concat.parts = k->parts;
    k->concat.part_svm = k->part_svm;
    k->concat.dst_svm = (clslice_cl_svm){k->p + 128, WHOLE};
    k->batch = (clslice_cl_batch_desc)CLSLICE_CL_BATCH_DESC_INIT;
    k->batch.elem_size = 4;
    k->batch.count = 2;
    k->batch.parts = k->outs;
    k->batch.part_svm = k->part_svm;
    k->batch.src_svm = (clslice_cl_svm){k->p + 128, WHOLE};
}

/* The call refused with `status` and `words`, the allocation and the
 * buffer untouched. */
static void expect_refused(checks *k, bool batch, clslice_status status,
                           const char *words)
{
    fixture *f = k->f;
    TU_CL_CHECK(clEnqueueSVMMap(f->dev.queue, CL_TRUE, CL_MAP_WRITE, k->p,
                                256, 0, NULL, NULL));
    memset(k->p, 0xAB, 256);
    TU_CL_CHECK(clEnqueueSVMUnmap(f->dev.queue, k->p, 0, NULL, NULL));
    tu_cl_fill(f->dev.queue, k->buffer, 0xAB, 256);
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_error err;
    clslice_status st =
        batch ? clslice_cl_gather_batch(f->dev.runtime, &call, &k->batch,
                                        &err)
              : clslice_cl_concat(f->dev.runtime, &call, &k->concat, &err);
    assert_int_equal(st, status);
    tu_assert_error(&err, status, words, NULL);
    TU_CL_CHECK(clFinish(f->dev.queue));
    TU_CL_CHECK(clEnqueueSVMMap(f->dev.queue, CL_TRUE, CL_MAP_READ, k->p,
                                256, 0, NULL, NULL));
    for (size_t i = 0; i < 256; i++)
        assert_int_equal(k->p[i], 0xAB);
    TU_CL_CHECK(clEnqueueSVMUnmap(f->dev.queue, k->p, 0, NULL, NULL));
    tu_cl_assert_filled(f->dev.queue, k->buffer, 256, 0xAB);
    checks_reset(k);
}

static void test_checks(void **state)
{
    fixture *f = *state;
    tu_svm_skip_without(f, false);
    const int64_t shape[] = {ROWS, COLS};
    checks k = {.f = f};
    k.plans[0] = tu_expr_plan(shape, 2, "[:2]");
    k.plans[1] = tu_expr_plan(shape, 2, "[2:]");
    k.p = clSVMAlloc(f->dev.cl.context, CL_MEM_READ_WRITE, 256, 0);
    assert_non_null(k.p);
    k.buffer = tu_cl_buffer(&f->dev.cl, 256);
    checks_reset(&k);
    /* the set-up runs */
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    assert_int_equal(clslice_cl_concat(f->dev.runtime, &call, &k.concat,
                                       NULL), CLSLICE_OK);
    assert_int_equal(clslice_cl_gather_batch(f->dev.runtime, &call, &k.batch,
                                             NULL), CLSLICE_OK);
    TU_CL_CHECK(clFinish(f->dev.queue));

    k.parts[1].src.buffer = k.buffer;
    expect_refused(&k, false, CLSLICE_ERROR_ARGUMENT,
                   "parts[1].src.buffer and part_svm[1].pointer are both set");
    k.part_svm[1].bytes = 0;
    expect_refused(&k, false, CLSLICE_ERROR_ARGUMENT,
                   "part_svm[1].bytes is 0");
    k.part_svm[0].pointer = NULL;
    expect_refused(&k, false, CLSLICE_ERROR_ARGUMENT,
                   "part_svm[0].pointer is NULL");
    k.part_svm[1].bytes = HALF - 1;
    expect_refused(&k, false, CLSLICE_ERROR_BUFFER,
                   "[parts[1].src.buffer is part_svm[1]: 47 bytes]");
    k.concat.dst.offset = 4;
    expect_refused(&k, false, CLSLICE_ERROR_BUFFER,
                   "[dst.buffer is dst_svm: 96 bytes]");
    k.concat.dst.buffer = k.buffer;
    expect_refused(&k, false, CLSLICE_ERROR_ARGUMENT,
                   "dst.buffer and dst_svm.pointer are both set");
    /* a source stated inside the destination's bytes: one wrapper, and
     * the overlap check of one buffer */
    k.part_svm[1] = (clslice_cl_svm){k.p + 160, HALF};
    expect_refused(&k, false, CLSLICE_ERROR_ARGUMENT, "overlap");
    /* the batch: its source too small, an output both ways */
    k.batch.src_svm.bytes = WHOLE - 4;
    expect_refused(&k, true, CLSLICE_ERROR_BUFFER,
                   "[src.buffer is src_svm: 92 bytes]");
    k.outs[0].buffer = k.buffer;
    expect_refused(&k, true, CLSLICE_ERROR_ARGUMENT,
                   "parts[0].buffer and part_svm[0].pointer are both set");
    k.part_svm[1] = (clslice_cl_svm){k.p + 150, HALF};
    expect_refused(&k, true, CLSLICE_ERROR_ARGUMENT, "overlap");

    /* no runtime: named by the call's own check, nothing wrapped (the
     * wrapper needs the runtime's context) */
    clslice_error err;
    assert_int_equal(clslice_cl_concat(NULL, &call, &k.concat, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "runtime", NULL);
    assert_int_equal(clslice_cl_gather_batch(NULL, &call, &k.batch, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "runtime", NULL);
    clslice_cl_gather_desc gather = CLSLICE_CL_GATHER_DESC_INIT;
    gather.plan = k.plans[0];
    gather.elem_size = 4;
    gather.src_svm = k.concat.dst_svm;
    gather.dst_svm = k.part_svm[0];
    assert_int_equal(clslice_cl_gather(NULL, &call, &gather, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "runtime", NULL);

    clReleaseMemObject(k.buffer);
    clSVMFree(f->dev.cl.context, k.p);
    clslice_plan_release(&k.plans[0]);
    clslice_plan_release(&k.plans[1]);
}

/* A device without SVM: an SVM part is refused, named, before anything
 * is enqueued; the pointer is never touched. */
static void test_device_without_svm(void **state)
{
    fixture *f = *state;
    tu_svm_skip_with(f);
    const int64_t shape[] = {4};
    float host[4] = {0};
    cl_mem buffer = tu_cl_buffer(&f->dev.cl, sizeof host);
    clslice_cl_concat_part part = {.plan = tu_expr_plan(shape, 1, "[:]")};
    clslice_cl_svm part_svm = {host, sizeof host};
    clslice_cl_concat_desc desc = CLSLICE_CL_CONCAT_DESC_INIT;
    desc.elem_size = 4;
    desc.dst.buffer = buffer;
    desc.count = 1;
    desc.parts = &part;
    desc.part_svm = &part_svm;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_error err;
    assert_int_equal(clslice_cl_concat(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "part_svm[0]",
                    "no shared virtual memory", NULL);
    clReleaseMemObject(buffer);
    clslice_plan_release((clslice_plan **)&part.plan);
}

int main(void)
{
    g_seed = tu_seed(0x5B3A9A27ull);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_concats_coarse),
        cmocka_unit_test(test_concats_fine),
        cmocka_unit_test(test_batches_coarse),
        cmocka_unit_test(test_batches_fine),
        cmocka_unit_test(test_checks),
        cmocka_unit_test(test_device_without_svm),
    };
    return cmocka_run_group_tests(tests, tu_svm_setup, tu_svm_teardown);
}
