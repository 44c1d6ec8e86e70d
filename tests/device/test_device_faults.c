/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Fault injection: every OpenCL call the library makes along gather (each
 * family and shortcut), batch, concat, scatter, fill, grad and the two
 * CSR passes
 * is made to fail in turn (faultcl.c), k = 1, 2, ... until the operation runs
 * without reaching a k-th call.  After each injected failure:
 *  - the status is CLSLICE_ERROR_OPENCL (CLSLICE_ERROR_BUILD for
 *    clBuildProgram), the message names the failing call, and
 *    clslice_error.opencl_code is the code that call returned (0 after
 *    every call that did not fail);
 *  - no event was handed out;
 *  - every byte of the caller's output buffers is still the sentinel
 *    (except grad, see test_grad), and the inputs are unchanged;
 *  - once the runtime is released, every object the library created is
 *    released, and the reference counts of the caller's context, queue
 *    and buffers are back where they were.
 * Each operation runs cold (a fresh runtime: device queries and program
 * builds included) and warm (programs cached, kernels pooled).
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "opencl/testing/testing.h"
#include "devutil.h"
#include "faultcl.h"
#include "testutil.h"

enum {
    BUF_BYTES = 16384,
    LONG_ROWS = 1100, /* the CSR scan needs two levels */
    SENTINEL = 0xA5,
    MAX_BUFS = 4,
    BIG_ELEM = CLSLICE_FILL_INLINE_MAX + 16,
    MAX_K = 400 /* no operation makes this many calls */
};

static tu_dev g_dev;
static bool g_have;

/* ---- one operation ------------------------------------------------------- */

typedef struct op op;
struct op {
    const char *name;
    cs_style style;
    /* Enqueues the operation; *event is requested when `event` is
     * non-NULL. */
    clslice_status (*run)(const op *o, clslice_runtime *rt, cl_event *event,
                          clslice_error *err);
    int rank;
    int64_t shape[3];
    const char *expr;
    size_t elem_size;
    /* Output buffers that must stay untouched on failure, and inputs. */
    cl_mem out[MAX_BUFS];
    cl_mem in[MAX_BUFS];
    bool zero_ok; /* grad: the output may have been zeroed */
    int csr;      /* the CSR input: 0 small, 1 long, 2 corrupt */
    clslice_status want; /* without an injected failure */
};

static cl_mem g_src, g_dst, g_value;
/* A complete user event, for a wait list the library checks. */
static cl_event g_done;
/* CSR: the input (4 x 5, int32), the count's output indptr, and the
 * fill's outputs, with the row pointers a count wrote in g_csr_ptr. */
static cl_mem g_csr_indptr, g_csr_indices, g_csr_data, g_csr_outptr,
    g_csr_ptr, g_csr_outidx, g_csr_outdata;
static int64_t g_csr_nnz;
/* A long input (LONG_ROWS x 5, an entry per row), and the small one with
 * a column out of range in a row the slice selects. */
static cl_mem g_long_indptr, g_long_indices, g_long_data, g_bad_indices;
static const int32_t CSR_INDPTR[] = {0, 2, 3, 3, 6};
static const int32_t CSR_INDICES[] = {1, 4, 0, 2, 3, 4};
static const float CSR_DATA[] = {1, 2, 3, 4, 5, 6};
static const int32_t BAD_INDICES[] = {1, 4, 9, 2, 3, 4};

static clslice_plan *op_plan(const op *o)
{
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_expr(o->shape, o->rank, o->expr, &plan,
                                       NULL),
                     CLSLICE_OK);
    return plan;
}

static clslice_status run_gather(const op *o, clslice_runtime *rt,
                                 cl_event *event, clslice_error *err)
{
    clslice_plan *plan = op_plan(o);
    clslice_status st = clslice_enqueue_gather(
        rt, g_dev.queue, plan, o->elem_size, g_src, 8, g_dst, 16, 0, 0,
        NULL, event, err);
    clslice_plan_release(&plan);
    return st;
}

/* The gather behind a wait list: its events' contexts are queried. */
static clslice_status run_gather_waiting(const op *o, clslice_runtime *rt,
                                         cl_event *event, clslice_error *err)
{
    clslice_plan *plan = op_plan(o);
    clslice_status st = clslice_enqueue_gather(
        rt, g_dev.queue, plan, o->elem_size, g_src, 8, g_dst, 16, 0, 1,
        &g_done, event, err);
    clslice_plan_release(&plan);
    return st;
}

/* A batch of three plans of the op's shape: into g_dst at three offsets
 * (one launch of the one-buffer kernel), or, with o->out[1] set, the
 * second into that buffer (one launch of the 8-buffer kernel). */
static clslice_status run_batch(const op *o, clslice_runtime *rt,
                                cl_event *event, clslice_error *err)
{
    static const char *const exprs[] = {"[0, ::-1]", "[1:3, 5:9]", "[2]"};
    clslice_plan *plans[3];
    for (int i = 0; i < 3; i++)
        assert_int_equal(clslice_plan_expr(o->shape, o->rank, exprs[i],
                                           &plans[i], NULL),
                         CLSLICE_OK);
    const clslice_cl_part parts[] = {
        {plans[0], g_dst, 16},
        {plans[1], o->out[1] ? o->out[1] : g_dst, 512},
        {plans[2], g_dst, 2048}};
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = g_dev.queue, .event = event};
    clslice_cl_batch_desc desc = {
        .struct_size = sizeof desc, .elem_size = o->elem_size,
        .src.buffer = g_src,
        .src.offset = 8, .count = 3, .parts = parts};
    clslice_status st = clslice_cl_gather_batch(rt, &call, &desc, err);
    for (int i = 0; i < 3; i++)
        clslice_plan_release(&plans[i]);
    return st;
}

/* A concatenation of three parts into g_dst at 16 (a tensor of the op's
 * shape): its sources in g_src at three offsets (one launch of the
 * one-buffer kernel), or, with o->in[1] set, the second in that buffer
 * (one launch of the 8-buffer kernel). */
static clslice_status run_concat(const op *o, clslice_runtime *rt,
                                 cl_event *event, clslice_error *err)
{
    static const char *const exprs[] = {"[0, ::-1]", "[1:3, 5:9]", "[2:, 9:]"};
    clslice_cl_concat_part parts[3];
    for (int i = 0; i < 3; i++) {
        parts[i] = (clslice_cl_concat_part){
            .src = {.buffer = i == 1 && o->in[1] ? o->in[1] : g_src,
                    .offset = 8 + 1024 * (size_t)i}};
        assert_int_equal(clslice_plan_expr(o->shape, o->rank, exprs[i],
                                           (clslice_plan **)&parts[i].plan,
                                           NULL),
                         CLSLICE_OK);
    }
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = g_dev.queue, .event = event};
    clslice_cl_concat_desc desc = {
        .struct_size = sizeof desc, .elem_size = o->elem_size,
        .dst = {.buffer = g_dst, .offset = 16}, .count = 3, .parts = parts};
    clslice_status st = clslice_cl_concat(rt, &call, &desc, err);
    for (int i = 0; i < 3; i++)
        clslice_plan_release((clslice_plan **)&parts[i].plan);
    return st;
}

static clslice_status run_scatter(const op *o, clslice_runtime *rt,
                                  cl_event *event, clslice_error *err)
{
    clslice_plan *plan = op_plan(o);
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, shape);
    clslice_status st = clslice_enqueue_scatter(
        rt, g_dev.queue, plan, o->elem_size, g_value, 8, shape,
        clslice_plan_output_rank(plan), CLSLICE_VALUE_EXACT, g_dst, 16, 0, 0,
        NULL, event, err);
    clslice_plan_release(&plan);
    return st;
}

/* A gather between views: a transposed source into reversed output rows,
 * so the scatter kernels run it (its destination is not dense). */
static clslice_status run_gather_strided(const op *o, clslice_runtime *rt,
                                         cl_event *event, clslice_error *err)
{
    clslice_plan *plan = op_plan(o);
    const int64_t src_strides[] = {1, 3}, dst_strides[] = {-40, 1};
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = g_dev.queue, .event = event};
    clslice_cl_gather_desc desc = {
        .struct_size = sizeof desc, .plan = plan, .elem_size = o->elem_size,
        .src = {g_src, 8, src_strides}, .dst = {g_dst, 336, dst_strides}};
    clslice_status st = clslice_cl_gather(rt, &call, &desc, err);
    clslice_plan_release(&plan);
    return st;
}

/* A gather from an NC8HW-style blocked source into a blocked destination
 * of another block, starting inside a block: the blocked kernels run it
 * (lane maps on both sides, padding lanes in the destination). */
static clslice_status run_gather_blocked(const op *o, clslice_runtime *rt,
                                         cl_event *event, clslice_error *err)
{
    clslice_plan *plan = op_plan(o);
    const clslice_blocking from = {.axis = 1, .block = 8};
    const clslice_blocking to = {.axis = 1, .block = 4, .first_lane = 1};
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = g_dev.queue, .event = event};
    clslice_cl_gather_desc desc = {
        .struct_size = sizeof desc, .plan = plan, .elem_size = o->elem_size,
        .src = {g_src, 8, NULL}, .dst = {g_dst, 32, NULL},
        .src_blocking = &from, .dst_blocking = &to};
    clslice_status st = clslice_cl_gather(rt, &call, &desc, err);
    clslice_plan_release(&plan);
    return st;
}

static clslice_status run_fill(const op *o, clslice_runtime *rt,
                               cl_event *event, clslice_error *err)
{
    clslice_plan *plan = op_plan(o);
    unsigned char element[BIG_ELEM];
    for (size_t i = 0; i < sizeof element; i++)
        element[i] = (unsigned char)(i + 1);
    clslice_status st = clslice_enqueue_fill(rt, g_dev.queue, plan,
                                             o->elem_size, element, g_dst, 16,
                                             0, 0, NULL, event, err);
    clslice_plan_release(&plan);
    return st;
}

static clslice_status run_grad(const op *o, clslice_runtime *rt,
                               cl_event *event, clslice_error *err)
{
    clslice_plan *plan = op_plan(o);
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, shape);
    clslice_status st = clslice_enqueue_grad(
        rt, g_dev.queue, plan, o->elem_size, g_value, 8, shape,
        clslice_plan_output_rank(plan), g_dst, 16, 0, 0, NULL, event, err);
    clslice_plan_release(&plan);
    return st;
}

/* Rows 1.. and columns 1.. of the input. */
static clslice_plan *csr_plan_of(int64_t rows)
{
    const clslice_opt_int64 begin[2] = {{1, 0}, {1, 0}};
    const clslice_opt_int64 end[2] = {{0, 1}, {5, 0}};
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_mxnet((int64_t[]){rows, 5}, 2, begin, 2,
                                        end, 2, NULL, 0, &plan, NULL),
                     CLSLICE_OK);
    return plan;
}

static clslice_plan *csr_plan(void)
{
    return csr_plan_of(4);
}

static clslice_cl_csr csr_in(void)
{
    return (clslice_cl_csr){4, 5, CLSLICE_INT32, 4, 6,
                            g_csr_indptr, 0, g_csr_indices, 0,
                            g_csr_data, 0};
}

static clslice_cl_csr csr_input(int which)
{
    clslice_cl_csr in = csr_in();
    if (which == 1) {
        in.rows = LONG_ROWS;
        in.nnz = LONG_ROWS;
        in.indptr = g_long_indptr;
        in.indices = g_long_indices;
        in.data = g_long_data;
    } else if (which == 2) {
        in.indices = g_bad_indices;
    }
    return in;
}

static clslice_status run_csr_count(const op *o, clslice_runtime *rt,
                                    cl_event *event, clslice_error *err)
{
    clslice_cl_csr in = csr_input(o->csr);
    clslice_plan *plan = csr_plan_of(in.rows);
    clslice_cl_csr out = {in.rows - 1, 4, CLSLICE_INT32, 4, 0, g_csr_outptr,
                          0, NULL, 0, NULL, 0};
    int64_t nnz = -1;
    clslice_status st = tu_csr_count(rt, g_dev.queue, plan, &in, &out, 0, NULL,
                                     event, &nnz, err);
    clslice_plan_release(&plan);
    return st;
}

static clslice_status run_csr_fill(const op *o, clslice_runtime *rt,
                                   cl_event *event, clslice_error *err)
{
    (void)o;
    clslice_plan *plan = csr_plan();
    clslice_cl_csr in = csr_in();
    clslice_cl_csr out = {3, 4, CLSLICE_INT32, 4, g_csr_nnz, g_csr_ptr, 0,
                          g_csr_outidx, 0, g_csr_outdata, 0};
    clslice_status st = tu_csr_fill(rt, g_dev.queue, plan, &in, &out, 0, NULL,
                                    event, err);
    clslice_plan_release(&plan);
    return st;
}

/* ---- checks ---------------------------------------------------------------- */

static cl_uint mem_refs(cl_mem m)
{
    cl_uint n = 0;
    TU_CL_CHECK(clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof n, &n,
                                   NULL));
    return n;
}

static cl_uint queue_refs(void)
{
    cl_uint n = 0;
    TU_CL_CHECK(clGetCommandQueueInfo(g_dev.queue, CL_QUEUE_REFERENCE_COUNT,
                                      sizeof n, &n, NULL));
    return n;
}

/* A reference count once it is at most `want`, or its value after about
 * two seconds.  PoCL drops the references that finished commands hold
 * (on buffers, the queue, the context) from its own threads, some time
 * after clFinish, so a baseline may include some that later go: a count
 * below its baseline is no leak, one above it is. */
typedef cl_uint (*count_fn)(const void *object);

static cl_uint count_mem(const void *m)
{
    return mem_refs((cl_mem)(uintptr_t)m);
}

static cl_uint count_queue(const void *q)
{
    (void)q;
    return queue_refs();
}

static cl_uint count_context(const void *c)
{
    cl_uint n = 0;
    TU_CL_CHECK(clGetContextInfo((cl_context)(uintptr_t)c,
                                 CL_CONTEXT_REFERENCE_COUNT, sizeof n, &n,
                                 NULL));
    return n;
}

static cl_uint settled_at_most(count_fn count, const void *object,
                               cl_uint want)
{
    const struct timespec pause = {0, 10 * 1000 * 1000};
    cl_uint n = count(object);
    for (int i = 0; i < 200 && n > want; i++) {
        nanosleep(&pause, NULL);
        n = count(object);
    }
    return n;
}

typedef struct refs {
    cl_uint context, queue, out[MAX_BUFS], in[MAX_BUFS];
} refs;

static void take_refs(const op *o, refs *r)
{
    r->context = count_context(g_dev.cl.context);
    r->queue = queue_refs();
    for (int b = 0; b < MAX_BUFS; b++) {
        r->out[b] = o->out[b] ? mem_refs(o->out[b]) : 0;
        r->in[b] = o->in[b] ? mem_refs(o->in[b]) : 0;
    }
}

static void check_refs(const op *o, const refs *r, const char *where)
{
    cl_uint ctx = settled_at_most(count_context, g_dev.cl.context,
                                  r->context);
    if (ctx > r->context)
        fail_msg("%s: context references %u, were %u", where, ctx,
                 r->context);
    cl_uint queue = settled_at_most(count_queue, NULL, r->queue);
    if (queue > r->queue)
        fail_msg("%s: queue references %u, were %u", where, queue, r->queue);
    for (int b = 0; b < MAX_BUFS; b++) {
        if (o->out[b] &&
            settled_at_most(count_mem, o->out[b], r->out[b]) > r->out[b])
            fail_msg("%s: output buffer %d has %u references, had %u",
                     where, b, mem_refs(o->out[b]), r->out[b]);
        if (o->in[b] &&
            settled_at_most(count_mem, o->in[b], r->in[b]) > r->in[b])
            fail_msg("%s: input buffer %d has %u references, had %u", where,
                     b, mem_refs(o->in[b]), r->in[b]);
    }
}

static unsigned char g_in_bytes[MAX_BUFS][BUF_BYTES];

static void reset_buffers(const op *o)
{
    for (int b = 0; b < MAX_BUFS && o->out[b]; b++)
        tu_cl_fill(g_dev.queue, o->out[b], SENTINEL, BUF_BYTES);
    for (int b = 0; b < MAX_BUFS && o->in[b]; b++)
        tu_cl_read(g_dev.queue, o->in[b], BUF_BYTES, g_in_bytes[b]);
}

/* grad's output may be zero only when the call that failed is the last
 * enqueue, made after the zero fill was queued: everything else of the
 * scatter (its kernel, its arguments) is readied before the fill. */
static bool zero_allowed(const op *o, const char *failed)
{
    if (!o->zero_ok || !failed)
        return false;
    bool last_enqueue = strcmp(failed, "clEnqueueNDRangeKernel") == 0 ||
                        strcmp(failed, "clEnqueueCopyBuffer") == 0 ||
                        strcmp(failed, "clEnqueueCopyBufferRect") == 0;
    int n = fc_calls();
    bool filled = false;
    for (int i = 0; i + 1 < n; i++)
        filled |= strcmp(fc_call_name(i), "clEnqueueFillBuffer") == 0;
    return last_enqueue && filled;
}

/* The outputs are untouched (grad, when zero_allowed: or zero), the inputs
 * unchanged. */
static void check_buffers(const op *o, bool zero_ok, const char *where)
{
    static unsigned char got[BUF_BYTES];
    for (int b = 0; b < MAX_BUFS && o->out[b]; b++) {
        tu_cl_read(g_dev.queue, o->out[b], BUF_BYTES, got);
        for (size_t i = 0; i < BUF_BYTES; i++)
            if (got[i] != SENTINEL && !(zero_ok && got[i] == 0))
                fail_msg("%s: byte %zu of output %d was written (0x%02x)",
                         where, i, b, got[i]);
    }
    for (int b = 0; b < MAX_BUFS && o->in[b]; b++) {
        tu_cl_read(g_dev.queue, o->in[b], BUF_BYTES, got);
        if (memcmp(got, g_in_bytes[b], BUF_BYTES) != 0)
            fail_msg("%s: input %d changed", where, b);
    }
}

static void set_style(clslice_runtime *rt, cs_style style)
{
    cs_tuning tuning;
    cs_runtime_tuning(rt, &tuning);
    tuning.style = style;
    cs_runtime_set_tuning(rt, &tuning);
}

/* Fails the k-th call of one run of `o`; returns false when the run made
 * fewer than k calls (and so succeeded). */
static bool inject_once(const op *o, int k, bool warm)
{
    char where[160];
    snprintf(where, sizeof where, "%s (%s), failing call %d", o->name,
             warm ? "warm" : "cold", k);
    refs before;
    reset_buffers(o);
    take_refs(o, &before);

    clslice_runtime *rt = NULL;
    assert_int_equal(clslice_runtime_create(g_dev.cl.context, &rt, NULL),
                     CLSLICE_OK);
    set_style(rt, o->style);
    clslice_error err;
    if (warm && o->want != CLSLICE_OK) {
        assert_int_equal(o->run(o, rt, NULL, &err), o->want);
        reset_buffers(o);
    } else if (warm) {
        cl_event done = NULL;
        if (o->run(o, rt, &done, &err) != CLSLICE_OK)
            fail_msg("%s: the warm-up failed: %s", where, err.message);
        TU_CL_CHECK(clWaitForEvents(1, &done));
        clReleaseEvent(done);
        reset_buffers(o);
    }
    cl_event event = NULL;
    fc_arm(k);
    clslice_status st = o->run(o, rt, &event, &err);
    fc_disarm();
    const char *failed = fc_failed_call();
    TU_CL_CHECK(clFinish(g_dev.queue));
    if (!failed && o->want != CLSLICE_OK) {
        if (st != o->want)
            fail_msg("%s: status %d, not %d", where, (int)st, (int)o->want);
        if (err.opencl_code != 0)
            fail_msg("%s: opencl_code = %d without an OpenCL failure", where,
                     (int)err.opencl_code);
        assert_null(event);
        check_buffers(o, false, where);
    } else if (!failed) {
        if (st != CLSLICE_OK)
            fail_msg("%s: no call failed, yet: %s", where, err.message);
        assert_int_equal(err.opencl_code, 0);
        assert_non_null(event);
        TU_CL_CHECK(clWaitForEvents(1, &event));
        clReleaseEvent(event);
    } else {
        clslice_status want = strcmp(failed, "clBuildProgram") == 0
                                  ? CLSLICE_ERROR_BUILD
                                  : CLSLICE_ERROR_OPENCL;
        if (st != want)
            fail_msg("%s (%s): status %d, message '%s'", where, failed,
                     (int)st, st == CLSLICE_OK ? "" : err.message);
        if (!strstr(err.message, failed))
            fail_msg("%s: the message does not name %s: '%s'", where,
                     failed, err.message);
        if (err.opencl_code != fc_failed_code())
            fail_msg("%s (%s): opencl_code = %d, the call returned %d",
                     where, failed, (int)err.opencl_code,
                     (int)fc_failed_code());
        if (event)
            fail_msg("%s (%s): an event was handed out", where, failed);
        check_buffers(o, zero_allowed(o, failed), where);
    }
    clslice_runtime_release(&rt);
    const char *what;
    int live = fc_live_objects(&what);
    if (live) {
        fc_forget();
        fail_msg("%s (%s): %d objects left, the first a %s", where,
                 failed ? failed : "none", live, what);
    }
    check_refs(o, &before, where);
    return failed != NULL;
}

/* The calls of the last run, runs of one name folded: "clFoo x2, ...". */
static void print_calls(void)
{
    char line[2048];
    size_t used = 0;
    for (int i = 0; fc_call_name(i) && used < sizeof line - 64;) {
        int n = 1;
        while (fc_call_name(i + n) &&
               strcmp(fc_call_name(i + n), fc_call_name(i)) == 0)
            n++;
        used += (size_t)snprintf(line + used, sizeof line - used, "%s%s",
                                 i ? ", " : "", fc_call_name(i) + 2);
        if (n > 1)
            used += (size_t)snprintf(line + used, sizeof line - used, " x%d",
                                     n);
        i += n;
    }
    print_message("  %s\n", used ? line : "(none)");
}

/* Injects at every call, cold and warm; prints the points covered. */
static void inject_all(const op *o)
{
    if (!g_have)
        skip();
    for (int warm = 0; warm < 2; warm++) {
        int k = 1;
        while (inject_once(o, k, warm)) {
            if (++k > MAX_K)
                fail_msg("%s: still failing calls after %d", o->name, MAX_K);
        }
        print_message("%s (%s): %d injection points\n", o->name,
                      warm ? "warm" : "cold", k - 1);
        print_calls();
        assert_true(k > 1);
    }
}

/* ---- set-up ------------------------------------------------------------------- */

static cl_mem buffer_with(const void *bytes, size_t size)
{
    cl_mem m = tu_cl_buffer(&g_dev.cl, BUF_BYTES);
    unsigned char all[BUF_BYTES];
    for (size_t i = 0; i < BUF_BYTES; i++)
        all[i] = (unsigned char)(i * 7 + 3);
    if (bytes)
        memcpy(all, bytes, size);
    TU_CL_CHECK(clEnqueueWriteBuffer(g_dev.queue, m, CL_TRUE, 0, BUF_BYTES,
                                     all, 0, NULL, NULL));
    return m;
}

static int setup(void **state)
{
    (void)state;
    g_have = tu_dev_open(&g_dev);
    if (!g_have)
        return 0;
    cl_int rc;
    g_done = clCreateUserEvent(g_dev.cl.context, &rc);
    TU_CL_CHECK(rc);
    TU_CL_CHECK(clSetUserEventStatus(g_done, CL_COMPLETE));
    g_src = buffer_with(NULL, 0);
    g_value = buffer_with(NULL, 0);
    g_dst = buffer_with(NULL, 0);
    g_csr_indptr = buffer_with(CSR_INDPTR, sizeof CSR_INDPTR);
    g_csr_indices = buffer_with(CSR_INDICES, sizeof CSR_INDICES);
    g_csr_data = buffer_with(CSR_DATA, sizeof CSR_DATA);
    g_csr_outptr = buffer_with(NULL, 0);
    g_csr_ptr = buffer_with(NULL, 0);
    g_csr_outidx = buffer_with(NULL, 0);
    g_csr_outdata = buffer_with(NULL, 0);
    g_bad_indices = buffer_with(BAD_INDICES, sizeof BAD_INDICES);
    int32_t *ptr = malloc((LONG_ROWS + 1) * sizeof *ptr);
    int32_t *idx = malloc(LONG_ROWS * sizeof *idx);
    assert_true(ptr && idx);
    for (int32_t r = 0; r <= LONG_ROWS; r++)
        ptr[r] = r;
    for (int32_t r = 0; r < LONG_ROWS; r++)
        idx[r] = r % 5;
    g_long_indptr = buffer_with(ptr, (LONG_ROWS + 1) * sizeof *ptr);
    g_long_indices = buffer_with(idx, LONG_ROWS * sizeof *idx);
    g_long_data = buffer_with(NULL, 0);
    free(ptr);
    free(idx);
    /* the row pointers the fill reads, from a count that succeeds */
    clslice_plan *plan = csr_plan();
    clslice_cl_csr in = csr_in();
    clslice_cl_csr out = {3, 4, CLSLICE_INT32, 4, 0, g_csr_ptr, 0,
                          NULL, 0, NULL, 0};
    clslice_error err;
    if (tu_csr_count(g_dev.runtime, g_dev.queue, plan, &in, &out, 0, NULL,
                     NULL, &g_csr_nnz, &err) != CLSLICE_OK)
        fail_msg("the CSR count: %s", err.message);
    TU_CL_CHECK(clFinish(g_dev.queue));
    clslice_plan_release(&plan);
    assert_int_equal(g_csr_nnz, 3);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (!g_have)
        return 0;
    cl_mem all[] = {g_src, g_value, g_dst, g_csr_indptr, g_csr_indices,
                    g_csr_data, g_csr_outptr, g_csr_ptr, g_csr_outidx,
                    g_csr_outdata, g_bad_indices, g_long_indptr,
                    g_long_indices, g_long_data};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        clReleaseMemObject(all[i]);
    clReleaseEvent(g_done);
    tu_dev_close(&g_dev);
    return 0;
}

/* The normalise command of a TF spec whose values are in g_src (their
 * values do not matter here); its record goes to g_dst. */
static clslice_status run_normalise(const op *o, clslice_runtime *rt,
                                    cl_event *event, clslice_error *err)
{
    cs_dyn_spec spec = {.front = CS_DYN_TF, .shape = o->shape,
                        .rank = o->rank,
                        .begin = {g_src, 0, 2, CLSLICE_INT64},
                        .end = {g_src, 16, 2, CLSLICE_INT64},
                        .step = {g_src, 32, 2, CLSLICE_INT64},
                        .value_rank = -1};
    clslice_plan *plan = NULL;
    clslice_status st = cs_enqueue_normalise(rt, g_dev.queue, &spec, g_dst,
                                             16, &plan, 0, NULL, event, err);
    if (st != CLSLICE_OK && plan)
        fail_msg("normalise: a static plan after a failure");
    clslice_plan_release(&plan);
    return st;
}

/* A public dynamic gather (normalise, then the gather that reads the
 * record): the TF values are in g_src (whatever they are, the call
 * itself succeeds), the record goes to g_value, which the normalise
 * command may have written when a later call fails, so only the gather's
 * output g_dst must stay untouched. */
static clslice_status run_dynamic(const op *o, clslice_runtime *rt,
                                  cl_event *event, clslice_error *err)
{
    clslice_tf_dynamic_spec spec = {.index_type = CLSLICE_INT64,
                                    .begin = {g_src, 0, 2},
                                    .end = {g_src, 16, 2},
                                    .strides = {g_src, 32, 2}};
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = g_dev.queue, .event = event};
    clslice_cl_dynamic_desc dyn = {
        .struct_size = sizeof dyn, .shape = o->shape, .rank = o->rank,
        .kind = CLSLICE_DYNAMIC_GATHER, .elem_size = o->elem_size,
        .info = g_value, .src.buffer = g_src, .dst.buffer = g_dst};
    return clslice_cl_tf_dynamic(rt, &call, &dyn, &spec, err);
}

/* ---- tests -------------------------------------------------------------------- */

#define GATHER(nm, st, r, s0, s1, ex)                                      \
    (op)                                                                   \
    {                                                                      \
        nm, st, run_gather, r, {s0, s1, 0}, ex, 4, {g_dst}, {g_src}, false \
    }

static void test_gather_rows(void **state)
{
    (void)state;
    op o = GATHER("gather rows", CS_STYLE_ROWS, 2, 3, 40, "[:, ::-1]");
    inject_all(&o);
}

static void test_gather_grid(void **state)
{
    (void)state;
    op o = GATHER("gather grid", CS_STYLE_GRID, 2, 3, 40, "[:, ::-1]");
    inject_all(&o);
}

static void test_gather_copy(void **state)
{
    (void)state;
    op o = GATHER("gather copy", CS_STYLE_AUTO, 1, 100, 0, "[3:50]");
    inject_all(&o);
}

static void test_gather_rect(void **state)
{
    (void)state;
    op o = GATHER("gather rect", CS_STYLE_ROWS, 2, 6, 30, "[1:5, 2:28]");
    inject_all(&o);
}

static void test_gather_marker(void **state)
{
    (void)state;
    op o = GATHER("gather marker", CS_STYLE_AUTO, 2, 6, 30, "[2:2]");
    inject_all(&o);
}

static void test_gather_wait_list(void **state)
{
    (void)state;
    op o = GATHER("gather behind a wait list", CS_STYLE_ROWS, 2, 3, 40,
                  "[:, ::-1]");
    o.run = run_gather_waiting;
    inject_all(&o);
}

static void test_batch(void **state)
{
    (void)state;
    op rows = GATHER("batch rows", CS_STYLE_ROWS, 2, 3, 40, NULL);
    rows.run = run_batch;
    inject_all(&rows);
    op grid = GATHER("batch grid, two buffers", CS_STYLE_GRID, 2, 3, 40,
                     NULL);
    grid.run = run_batch;
    grid.out[1] = g_value;
    inject_all(&grid);
}

static void test_concat(void **state)
{
    (void)state;
    op rows = GATHER("concat rows", CS_STYLE_ROWS, 2, 3, 40, NULL);
    rows.run = run_concat;
    inject_all(&rows);
    op grid = GATHER("concat grid, two buffers", CS_STYLE_GRID, 2, 3, 40,
                     NULL);
    grid.run = run_concat;
    grid.in[1] = g_value;
    inject_all(&grid);
}

static void test_gather_strided(void **state)
{
    (void)state;
    for (int grid = 0; grid < 2; grid++) {
        op o = GATHER(grid ? "strided gather grid" : "strided gather rows",
                      grid ? CS_STYLE_GRID : CS_STYLE_ROWS, 2, 3, 40,
                      "[:, ::-1]");
        o.run = run_gather_strided;
        inject_all(&o);
    }
}

static void test_gather_blocked(void **state)
{
    (void)state;
    for (int grid = 0; grid < 2; grid++) {
        op o = GATHER(grid ? "blocked gather grid" : "blocked gather rows",
                      grid ? CS_STYLE_GRID : CS_STYLE_ROWS, 2, 3, 40,
                      "[:, 3:30]");
        o.run = run_gather_blocked;
        inject_all(&o);
    }
}

static void test_scatter(void **state)
{
    (void)state;
    for (int grid = 0; grid < 2; grid++) {
        op o = {grid ? "scatter grid" : "scatter rows",
                grid ? CS_STYLE_GRID : CS_STYLE_ROWS,
                run_scatter, 2, {3, 40, 0}, "[:, ::-1]", 4,
                {g_dst}, {g_value}, true};
        inject_all(&o);
    }
}

static void test_fill(void **state)
{
    (void)state;
    for (int big = 0; big < 2; big++) {
        op o = {big ? "fill (element in a buffer)" : "fill",
                CS_STYLE_AUTO, run_fill, 2, {3, 10, 0}, "[:, ::-1]",
                big ? (size_t)BIG_ELEM : 4, {g_dst}, {0}, false};
        inject_all(&o);
    }
}

/* grad zeroes its output before the scatter of dy.  Everything of the
 * scatter that can fail is done before the fill, so only a failure of the
 * scatter's own enqueue, the last call, can leave the output zero (never
 * anything else); any earlier failure leaves it untouched. */
static void test_grad(void **state)
{
    (void)state;
    op o = {"grad", CS_STYLE_AUTO, run_grad, 2, {3, 40, 0}, "[:, ::-1]", 4,
            {g_dst}, {g_value}, true};
    inject_all(&o);
}

static void test_normalise(void **state)
{
    (void)state;
    op o = {"normalise", CS_STYLE_AUTO, run_normalise, 2, {3, 40, 0},
            "[:, ::-1]", 8, {g_dst}, {g_src}, false};
    inject_all(&o);
}

static void test_dynamic_rows(void **state)
{
    (void)state;
    op o = {"dynamic rows", CS_STYLE_ROWS, run_dynamic, 2, {3, 40, 0},
            "[:, ::-1]", 4, {g_dst}, {g_src}, false};
    inject_all(&o);
}

static void test_dynamic_grid(void **state)
{
    (void)state;
    op o = {"dynamic grid", CS_STYLE_GRID, run_dynamic, 2, {3, 40, 0},
            "[:, ::-1]", 4, {g_dst}, {g_src}, false};
    inject_all(&o);
}

static void test_csr_count(void **state)
{
    (void)state;
    if (!g_have)
        skip();
    op o = {"csr count", CS_STYLE_AUTO, run_csr_count, 0, {0}, NULL, 0,
            {g_csr_outptr}, {g_csr_indptr, g_csr_indices, g_csr_data},
            false, 0, CLSLICE_OK};
    inject_all(&o);
    op longer = {"csr count (two scan levels)", CS_STYLE_AUTO, run_csr_count,
                 0, {0}, NULL, 0, {g_csr_outptr},
                 {g_long_indptr, g_long_indices, g_long_data}, false, 1,
                 CLSLICE_OK};
    inject_all(&longer);
    /* a corrupt input: the count reads indptr and indices back to name
     * the bad entry, and must still write nothing */
    op corrupt = {"csr count (corrupt input)", CS_STYLE_AUTO, run_csr_count,
                  0, {0}, NULL, 0, {g_csr_outptr},
                  {g_csr_indptr, g_bad_indices, g_csr_data}, false, 2,
                  CLSLICE_ERROR_SPEC};
    inject_all(&corrupt);
}

static void test_csr_fill(void **state)
{
    (void)state;
    if (!g_have)
        skip();
    op o = {"csr fill", CS_STYLE_AUTO, run_csr_fill, 0, {0}, NULL, 0,
            {g_csr_outidx, g_csr_outdata},
            {g_csr_indptr, g_csr_indices, g_csr_data, g_csr_ptr}, false};
    inject_all(&o);
}

/* clslice_runtime_create's one call. */
static void test_runtime_create(void **state)
{
    (void)state;
    if (!g_have)
        skip();
    cl_uint before = tu_cl_context_refs_stable(g_dev.cl.context);
    clslice_runtime *rt = (clslice_runtime *)&rt;
    clslice_error err;
    fc_arm(1);
    clslice_status st = clslice_runtime_create(g_dev.cl.context, &rt, &err);
    fc_disarm();
    assert_int_equal(st, CLSLICE_ERROR_OPENCL);
    assert_non_null(strstr(err.message, "clRetainContext"));
    assert_int_equal(err.opencl_code, fc_failed_code());
    assert_int_equal(err.opencl_code, CL_OUT_OF_HOST_MEMORY);
    assert_null(rt);
    assert_int_equal(tu_cl_context_refs_settled(g_dev.cl.context, before),
                     before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runtime_create),
        cmocka_unit_test(test_gather_rows),
        cmocka_unit_test(test_gather_grid),
        cmocka_unit_test(test_gather_copy),
        cmocka_unit_test(test_gather_rect),
        cmocka_unit_test(test_gather_marker),
        cmocka_unit_test(test_gather_wait_list),
        cmocka_unit_test(test_batch),
        cmocka_unit_test(test_concat),
        cmocka_unit_test(test_gather_strided),
        cmocka_unit_test(test_gather_blocked),
        cmocka_unit_test(test_scatter),
        cmocka_unit_test(test_fill),
        cmocka_unit_test(test_grad),
        cmocka_unit_test(test_normalise),
        cmocka_unit_test(test_dynamic_rows),
        cmocka_unit_test(test_dynamic_grid),
        cmocka_unit_test(test_csr_count),
        cmocka_unit_test(test_csr_fill),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
