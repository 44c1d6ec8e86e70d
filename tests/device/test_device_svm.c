/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Tensors in SVM (clslice_cl_svm): clslice_cl_gather and clslice_cl_scatter
 * with sides in coarse- and fine-grained SVM allocations, against the
 * host executors.  Random plans through every front-end; each gather's
 * sides mixed (SVM to SVM, buffer to SVM, SVM to buffer, both sides in
 * one allocation), the bytes around the output checked untouched; a
 * scatter in place with its value in the destination's allocation; then
 * the checks: a side given twice, no size, too small a size (named
 * before anything is enqueued), overlapping views in one allocation.
 * A device without SVM skips those, saying so, and checks that an SVM
 * side is refused there.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#define CL_TARGET_OPENCL_VERSION 200
#include "svmfix.h"
#include "randplan.h"

#define MAX_ELEMS 512
#define GUARD 0xAB

static uint64_t g_seed;
static char g_ctx[4300];

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

typedef tu_svm_fixture fixture;

/* One SVM allocation of either grain, with host access in between the
 * device's commands (a coarse one is mapped for it). */
typedef struct svm_block {
    fixture *f;
    bool fine;
    unsigned char *p;
    size_t bytes;
} svm_block;

static void svm_alloc(fixture *f, bool fine, size_t bytes, svm_block *b)
{
    b->f = f, b->fine = fine, b->bytes = bytes;
    cl_svm_mem_flags flags = CL_MEM_READ_WRITE;
    if (fine)
        flags |= CL_MEM_SVM_FINE_GRAIN_BUFFER;
    b->p = clSVMAlloc(f->dev.cl.context, flags, bytes, 0);
    assert_non_null(b->p);
}

/* Host access to the whole block (map for coarse grain), and its end. */
static void host_begin(svm_block *b)
{
    if (!b->fine)
        assert_int_equal(clEnqueueSVMMap(b->f->dev.queue, CL_TRUE,
                                         CL_MAP_READ | CL_MAP_WRITE, b->p,
                                         b->bytes, 0, NULL, NULL),
                         CL_SUCCESS);
}

static void host_end(svm_block *b)
{
    if (!b->fine)
        assert_int_equal(clEnqueueSVMUnmap(b->f->dev.queue, b->p, 0, NULL,
                                           NULL),
                         CL_SUCCESS);
    assert_int_equal(clFinish(b->f->dev.queue), CL_SUCCESS);
}

static void svm_free(svm_block *b)
{
    clSVMFree(b->f->dev.cl.context, b->p);
}

static void fill_pattern(unsigned char *p, size_t bytes, tu_rng *rng)
{
    for (size_t i = 0; i < bytes; i++)
        p[i] = (unsigned char)tu_next(rng);
}

/* How a gather's sides are held. */
enum { SVM_TO_SVM, BUFFER_TO_SVM, SVM_TO_BUFFER, ONE_ALLOCATION, WAYS };
static const char *const way_name[WAYS] = {
    "SVM -> SVM", "buffer -> SVM", "SVM -> buffer", "one allocation"};

/* One random gather of `plan`, its sides held `way`, in `fine` SVM. */
static void gather_once(fixture *f, const clslice_plan *plan, int way,
                        bool fine, tu_rng *rng)
{
    const size_t es = 4;
    size_t in_bytes = (size_t)rp_input_elements(plan) * es;
    size_t out_bytes = (size_t)clslice_plan_output_elements(plan) * es;
    size_t src_off = (size_t)tu_range(rng, 0, 3) * es;
    size_t dst_off = (size_t)tu_range(rng, 0, 3) * es;
    size_t src_total = src_off + in_bytes + es, dst_total = dst_off + out_bytes + es;
    /* one allocation: the output after the input */
    size_t total = way == ONE_ALLOCATION ? src_total + dst_total
                   : way == SVM_TO_BUFFER ? src_total
                                          : dst_total;
    svm_block b;
    svm_alloc(f, fine, total, &b);
    unsigned char *src_host = malloc(src_total), *want = malloc(dst_total);
    unsigned char *got = malloc(dst_total);
    assert_true(src_host && want && got);
    fill_pattern(src_host, src_total, rng);
    memset(want, GUARD, dst_total);
    EXPECT(clslice_host_gather(plan, es, src_host + src_off, in_bytes,
                               want + dst_off, out_bytes, NULL) == CLSLICE_OK);

    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = es;
    desc.src.offset = src_off;
    desc.dst.offset = dst_off;
    cl_mem buffer = NULL;
    host_begin(&b);
    if (way == BUFFER_TO_SVM) {
        buffer = tu_cl_buffer(&f->dev.cl, src_total);
        EXPECT(clEnqueueWriteBuffer(f->dev.queue, buffer, CL_TRUE, 0,
                                    src_total, src_host, 0, NULL,
                                    NULL) == CL_SUCCESS);
        desc.src.buffer = buffer;
        desc.dst_svm = (clslice_cl_svm){b.p, b.bytes};
        memset(b.p, GUARD, dst_total);
    } else if (way == SVM_TO_BUFFER) {
        buffer = tu_cl_buffer(&f->dev.cl, dst_total);
        tu_cl_fill(f->dev.queue, buffer, GUARD, dst_total);
        desc.src_svm = (clslice_cl_svm){b.p, b.bytes};
        desc.dst.buffer = buffer;
        memcpy(b.p, src_host, src_total);
    } else if (way == SVM_TO_SVM) {
        /* a second allocation for the source */
        svm_block s;
        svm_alloc(f, fine, src_total, &s);
        host_begin(&s);
        memcpy(s.p, src_host, src_total);
        host_end(&s);
        memset(b.p, GUARD, dst_total);
        host_end(&b);
        desc.src_svm = (clslice_cl_svm){s.p, s.bytes};
        desc.dst_svm = (clslice_cl_svm){b.p, b.bytes};
        clslice_cl_call call = CLSLICE_CL_CALL_INIT;
        call.queue = f->dev.queue;
        clslice_error err;
        EXPECT(clslice_cl_gather(f->dev.runtime, &call, &desc, &err) ==
               CLSLICE_OK);
        EXPECT(clFinish(f->dev.queue) == CL_SUCCESS);
        host_begin(&b);
        EXPECT(memcmp(b.p, want, dst_total) == 0);
        host_end(&b);
        svm_free(&s);
        svm_free(&b);
        free(src_host), free(want), free(got);
        return;
    } else { /* ONE_ALLOCATION: src at 0 stating the whole, dst after
              * the input: one wrapper, dst's offset moved */
        memcpy(b.p, src_host, src_total);
        memset(b.p + src_total, GUARD, dst_total);
        desc.src_svm = (clslice_cl_svm){b.p, total};
        desc.dst_svm = (clslice_cl_svm){b.p + src_total, dst_total};
    }
    host_end(&b);
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_error err;
    clslice_status st = clslice_cl_gather(f->dev.runtime, &call, &desc, &err);
    if (st != CLSLICE_OK)
        print_error("%s\n", err.message);
    EXPECT(st == CLSLICE_OK);
    EXPECT(clFinish(f->dev.queue) == CL_SUCCESS);
    if (way == SVM_TO_BUFFER) {
        EXPECT(clEnqueueReadBuffer(f->dev.queue, buffer, CL_TRUE, 0,
                                   dst_total, got, 0, NULL,
                                   NULL) == CL_SUCCESS);
    } else {
        host_begin(&b);
        memcpy(got, way == ONE_ALLOCATION ? b.p + src_total : b.p, dst_total);
        if (way == ONE_ALLOCATION) /* the source is left alone */
            EXPECT(memcmp(b.p, src_host, src_total) == 0);
        host_end(&b);
    }
    EXPECT(memcmp(got, want, dst_total) == 0);
    if (buffer)
        clReleaseMemObject(buffer);
    svm_free(&b);
    free(src_host), free(want), free(got);
}

static void random_gathers(void **state, bool fine)
{
    fixture *f = *state;
    tu_svm_skip_without(f, fine);
    tu_rng rng = {g_seed ^ (fine ? 0xF1 : 0xC0)};
    for (int i = 0; i < 48; i++) {
        static rp_case c;
        rp_random_case(&rng, (int)tu_range(&rng, 0, 5), MAX_ELEMS, &c);
        clslice_plan *plan = NULL;
        clslice_status st = rp_build(&c, &plan, NULL);
        snprintf(g_ctx, sizeof g_ctx, "%s SVM, %s, case #%d: %s",
                 fine ? "fine" : "coarse", way_name[i % WAYS], i, c.desc);
        EXPECT(st == CLSLICE_OK);
        gather_once(f, plan, i % WAYS, fine, &rng);
        clslice_plan_release(&plan);
    }
}

static void test_gathers_coarse(void **state) { random_gathers(state, false); }
static void test_gathers_fine(void **state) { random_gathers(state, true); }

/* A scatter in place whose value lies in the destination's allocation,
 * after the tensor: one wrapper for both, as one buffer would be. */
static void test_scatter_one_allocation(void **state)
{
    fixture *f = *state;
    tu_svm_skip_without(f, false);
    const int64_t shape[] = {6, 7};
    clslice_plan *plan = tu_expr_plan(shape, 2, "[1::2, ::-3]");
    int64_t value_shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, value_shape);
    int value_rank = clslice_plan_output_rank(plan);
    size_t tensor_bytes = 6 * 7 * 4;
    size_t value_bytes = (size_t)clslice_plan_output_elements(plan) * 4;
    svm_block b;
    svm_alloc(f, false, tensor_bytes + value_bytes, &b);
    tu_rng rng = {g_seed};
    unsigned char *want = malloc(tensor_bytes + value_bytes);
    assert_non_null(want);
    fill_pattern(want, tensor_bytes + value_bytes, &rng);
    host_begin(&b);
    memcpy(b.p, want, tensor_bytes + value_bytes);
    host_end(&b);
    assert_int_equal(clslice_host_scatter(plan, 4, want + tensor_bytes,
                                          value_shape, value_rank,
                                          value_bytes, CLSLICE_VALUE_EXACT,
                                          want, tensor_bytes, NULL),
                     CLSLICE_OK);
    clslice_cl_scatter_desc desc = CLSLICE_CL_SCATTER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = 4;
    desc.value_shape = value_shape;
    desc.value_rank = value_rank;
    desc.rule = CLSLICE_VALUE_EXACT;
    desc.value_svm = (clslice_cl_svm){b.p + tensor_bytes, value_bytes};
    /* dst states the whole allocation, value lies inside it */
    desc.dst_svm = (clslice_cl_svm){b.p, tensor_bytes + value_bytes};
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_error err;
    assert_int_equal(clslice_cl_scatter(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_OK);
    assert_int_equal(clFinish(f->dev.queue), CL_SUCCESS);
    host_begin(&b);
    assert_memory_equal(b.p, want, tensor_bytes + value_bytes);
    host_end(&b);
    svm_free(&b);
    free(want);
    clslice_plan_release(&plan);
}

/* A failing call: its status and words, and the allocation untouched. */
static void expect_refused(fixture *f, clslice_cl_gather_desc *desc,
                           svm_block *b, clslice_status status,
                           const char *words)
{
    host_begin(b);
    memset(b->p, GUARD, b->bytes);
    host_end(b);
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_error err;
    assert_int_equal(clslice_cl_gather(f->dev.runtime, &call, desc, &err),
                     status);
    tu_assert_error(&err, status, words, NULL);
    assert_int_equal(clFinish(f->dev.queue), CL_SUCCESS);
    host_begin(b);
    for (size_t i = 0; i < b->bytes; i++)
        assert_int_equal(b->p[i], GUARD);
    host_end(b);
}

static void test_checks(void **state)
{
    fixture *f = *state;
    tu_svm_skip_without(f, false);
    const int64_t shape[] = {8, 5};
    clslice_plan *plan = tu_expr_plan(shape, 2, "[::2, 1:]");
    svm_block b;
    svm_alloc(f, false, 8 * 5 * 4 * 2, &b);
    cl_mem buffer = tu_cl_buffer(&f->dev.cl, 8 * 5 * 4);
    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = 4;
    desc.src.buffer = buffer;
    desc.dst_svm = (clslice_cl_svm){b.p, b.bytes};
    desc.dst.buffer = buffer;
    expect_refused(f, &desc, &b, CLSLICE_ERROR_ARGUMENT,
                   "dst.buffer and dst_svm.pointer are both set");
    desc.dst.buffer = NULL;
    desc.dst_svm.bytes = 0;
    expect_refused(f, &desc, &b, CLSLICE_ERROR_ARGUMENT, "dst_svm.bytes is 0");
    desc.dst_svm = (clslice_cl_svm){NULL, 64};
    expect_refused(f, &desc, &b, CLSLICE_ERROR_ARGUMENT,
                   "dst_svm.pointer is NULL");
    /* 4 x 4 floats out: 63 bytes is one short */
    desc.dst_svm = (clslice_cl_svm){b.p, 63};
    expect_refused(f, &desc, &b, CLSLICE_ERROR_BUFFER, "dst_svm: 63 bytes");
    desc.dst_svm = (clslice_cl_svm){b.p, 64};
    desc.dst.offset = 4;
    expect_refused(f, &desc, &b, CLSLICE_ERROR_BUFFER, "dst_svm: 64 bytes");
    /* src and dst views overlapping in one allocation */
    desc.src.buffer = NULL;
    desc.src_svm = (clslice_cl_svm){b.p, 8 * 5 * 4};
    desc.dst_svm = (clslice_cl_svm){b.p + 16, 64};
    desc.dst.offset = 0;
    expect_refused(f, &desc, &b, CLSLICE_ERROR_ARGUMENT, "overlap");
    /* apart in the same allocation, the same call runs */
    desc.dst_svm = (clslice_cl_svm){b.p + 8 * 5 * 4, 64};
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    assert_int_equal(clslice_cl_gather(f->dev.runtime, &call, &desc, NULL),
                     CLSLICE_OK);
    assert_int_equal(clFinish(f->dev.queue), CL_SUCCESS);
    clReleaseMemObject(buffer);
    svm_free(&b);
    clslice_plan_release(&plan);
}

/* A device without SVM (Mesa's rusticl here): an SVM side is refused,
 * named, before anything is enqueued.  The pointer is never touched. */
static void test_device_without_svm(void **state)
{
    fixture *f = *state;
    tu_svm_skip_with(f);
    const int64_t shape[] = {4};
    clslice_plan *plan = tu_expr_plan(shape, 1, "[1:]");
    float host[4] = {0};
    cl_mem buffer = tu_cl_buffer(&f->dev.cl, sizeof host);
    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = 4;
    desc.src_svm = (clslice_cl_svm){host, sizeof host};
    desc.dst.buffer = buffer;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_error err;
    assert_int_equal(clslice_cl_gather(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "src_svm",
                    "no shared virtual memory", NULL);
    clReleaseMemObject(buffer);
    clslice_plan_release(&plan);
}

int main(void)
{
    g_seed = tu_seed(0x5B3A110Cull);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gathers_coarse),
        cmocka_unit_test(test_gathers_fine),
        cmocka_unit_test(test_scatter_one_allocation),
        cmocka_unit_test(test_checks),
        cmocka_unit_test(test_device_without_svm),
    };
    return cmocka_run_group_tests(tests, tu_svm_setup, tu_svm_teardown);
}
