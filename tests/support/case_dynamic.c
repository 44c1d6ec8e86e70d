/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The conformance cases through the dynamic path (case_dynamic.h).  The
 * device is opened at the first call and kept for the run. */
#include "case_dynamic.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clslice_cl.h"
#include "devutil.h"
#include "testutil.h"

enum { SENTINEL = 0x7B };

typedef struct cd_state {
    int tried, ready, runs;
    tu_cl cl;
    cl_command_queue queue;
    clslice_runtime *runtime;
    char message[1400];
} cd_state;

static cd_state g;

static int open_device(void)
{
    if (!g.tried) {
        g.tried = 1;
        if (tu_cl_open(&g.cl)) {
            g.queue = tu_cl_queue(&g.cl, 0);
            /* A device without a runtime would drop the checks silently. */
            clslice_error err;
            if (clslice_runtime_create(g.cl.context, &g.runtime, &err) !=
                CLSLICE_OK)
                fail_msg("clslice_runtime_create: %s", err.message);
            g.ready = 1;
        }
    }
    return g.ready;
}

int cd_runs(void)
{
    return g.runs;
}

void cd_close(void)
{
    if (g.runtime)
        clslice_runtime_release(&g.runtime);
    if (g.queue)
        clReleaseCommandQueue(g.queue);
    tu_cl_close(&g.cl);
    memset(&g, 0, sizeof g);
}

#if defined(__GNUC__)
static const char *say(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
#endif
static const char *say(const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vsnprintf(g.message, sizeof g.message, fmt, args);
    va_end(args);
    return g.message;
}

static size_t elements(const int64_t *shape, int rank)
{
    size_t n = 1;
    for (int k = 0; k < rank; k++)
        n *= (size_t)shape[k];
    return n;
}

/* Cases with unknown sizes (shape inference only) or inputs too large to
 * allocate here have no dynamic run. */
static int runnable(const cd_spec *s)
{
    if (s->rank < 0 || s->rank > CLSLICE_MAX_RANK)
        return 0;
    double n = 1;
    for (int k = 0; k < s->rank; k++) {
        if (s->shape[k] < 0)
            return 0;
        n *= (double)s->shape[k];
    }
    for (int k = 0; k < 4; k++)
        if (s->len[k] > 64)
            return 0;
    return n <= (double)(1 << 22);
}

/* A buffer of `bytes` (at least 1) holding `host` when given, else the
 * sentinel. */
static cl_mem buffer(size_t bytes, const void *host)
{
    cl_mem b = tu_cl_buffer(&g.cl, bytes ? bytes : 1);
    if (host && bytes)
        TU_CL_CHECK(clEnqueueWriteBuffer(g.queue, b, CL_TRUE, 0, bytes, host,
                                         0, NULL, NULL));
    else
        tu_cl_fill(g.queue, b, SENTINEL, bytes ? bytes : 1);
    return b;
}

/* The spec's vectors, one after another, in one buffer. */
static cl_mem upload(const cd_spec *s, clslice_device_values where[4])
{
    int64_t all[4 * 64 + 4] = {0};
    size_t at = 0;
    for (int k = 0; k < 4; k++) {
        where[k] = (clslice_device_values){NULL, at * 8, s->len[k]};
        if (s->v[k] && s->len[k] <= 64) {
            memcpy(all + at, s->v[k], s->len[k] * 8);
            at += s->len[k];
        }
    }
    cl_mem b = buffer(sizeof all, all);
    for (int k = 0; k < 4; k++)
        if (s->v[k])
            where[k].buffer = b;
    return b;
}

/* The case's call, with s's input shape in *op. */
static clslice_status enqueue(const cd_spec *s,
                              const clslice_device_values w[4],
                              clslice_cl_dynamic_desc *op, cl_event *ev,
                              clslice_error *err)
{
    clslice_cl_call call = {.struct_size = sizeof call, .queue = g.queue,
                            .event = ev};
    op->shape = s->shape;
    op->rank = s->rank;
    if (s->front == CD_ONNX) {
        clslice_onnx_dynamic_spec d = {CLSLICE_INT64, w[0], w[1], w[3], w[2]};
        return clslice_cl_onnx_dynamic(g.runtime, &call, op, &d, err);
    }
    if (s->front == CD_OPENVINO) {
        clslice_openvino_dynamic_spec d = {
            .index_type = CLSLICE_INT64, .begin = w[0], .end = w[1],
            .strides = w[2],
            .begin_mask = s->ov_masks[0], .begin_mask_len = s->ov_len[0],
            .end_mask = s->ov_masks[1], .end_mask_len = s->ov_len[1],
            .new_axis_mask = s->ov_masks[2], .new_axis_mask_len = s->ov_len[2],
            .shrink_axis_mask = s->ov_masks[3],
            .shrink_axis_mask_len = s->ov_len[3],
            .ellipsis_mask = s->ov_masks[4], .ellipsis_mask_len = s->ov_len[4]};
        return clslice_cl_openvino_dynamic(g.runtime, &call, op, &d, err);
    }
    const int32_t *m = s->tf_masks;
    clslice_tf_dynamic_spec d = {
        .index_type = CLSLICE_INT64, .begin = w[0], .end = w[1],
        .strides = w[2], .begin_mask = m[0], .end_mask = m[1],
        .ellipsis_mask = m[2], .new_axis_mask = m[3], .shrink_axis_mask = m[4]};
    return clslice_cl_tf_dynamic(g.runtime, &call, op, &d, err);
}

/* One call: its status and, when it ran, the record and dst's bytes. */
typedef struct outcome {
    clslice_status st;
    clslice_error err;
    int64_t rec[CLSLICE_DYNAMIC_INFO_WORDS];
} outcome;

static void run(const cd_spec *s, clslice_cl_dynamic_desc *op,
                size_t dst_bytes, void *dst_host, outcome *o)
{
    clslice_device_values where[4];
    cl_mem values = upload(s, where);
    op->info = buffer(CLSLICE_DYNAMIC_INFO_BYTES, NULL);
    cl_event ev = NULL;
    o->st = enqueue(s, where, op, &ev, &o->err);
    if (o->st == CLSLICE_OK) {
        TU_CL_CHECK(clWaitForEvents(1, &ev));
        clReleaseEvent(ev);
        TU_CL_CHECK(clEnqueueReadBuffer(g.queue, op->info, CL_TRUE, 0,
                                        sizeof o->rec, o->rec, 0, NULL,
                                        NULL));
        if (dst_bytes)
            TU_CL_CHECK(clEnqueueReadBuffer(g.queue, op->dst.buffer, CL_TRUE,
                                            0, dst_bytes, dst_host, 0, NULL,
                                            NULL));
    }
    clReleaseMemObject(op->info);
    clReleaseMemObject(values);
    g.runs++;
}

/* The verdict: the host's status, its message for errors found before
 * enqueuing, the record's status for the others. */
static const char *verdict(const outcome *o, clslice_status host,
                           const char *host_message)
{
    if (o->st != CLSLICE_OK) {
        if (o->st != host || strcmp(o->err.message, host_message) != 0)
            return say("the call failed with %s \"%s\"; the host gave %s "
                       "\"%s\"", clslice_status_string(o->st),
                       o->err.message, clslice_status_string(host),
                       host_message);
        return NULL;
    }
    if (o->rec[CLSLICE_DYNAMIC_STATUS] != host)
        return say("the record's status is %lld; the host gave %s \"%s\"",
                   (long long)o->rec[CLSLICE_DYNAMIC_STATUS],
                   clslice_status_string(host), host_message);
    return NULL;
}

static const char *untouched(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != SENTINEL)
            return say("a rejected spec wrote byte %zu", i);
    return NULL;
}

const char *cd_gather(const cd_spec *s, clslice_status host_status,
                      const char *host_message, const clslice_plan *plan)
{
    if (!runnable(s) || !open_device())
        return NULL;
    size_t n = elements(s->shape, s->rank), bytes = n * 8;
    int64_t *in = malloc(bytes ? bytes : 8), *got = malloc(bytes ? bytes : 8),
            *want = malloc(bytes ? bytes : 8);
    for (size_t i = 0; i < n; i++)
        in[i] = (int64_t)i * 3 + 1;
    clslice_cl_dynamic_desc op = {.struct_size = sizeof op,
                                  .kind = CLSLICE_DYNAMIC_GATHER,
                                  .elem_size = 8,
                                  .src.buffer = buffer(bytes, in),
                                  .dst.buffer = buffer(bytes, NULL)};
    outcome o;
    run(s, &op, bytes, got, &o);
    const char *msg = verdict(&o, host_status, host_message);
    if (!msg && o.st == CLSLICE_OK && host_status != CLSLICE_OK)
        msg = untouched((const unsigned char *)got, bytes);
    if (!msg && o.st == CLSLICE_OK && host_status == CLSLICE_OK) {
        int64_t out = clslice_plan_output_elements(plan);
        int64_t shape[CLSLICE_MAX_RANK];
        int rank = clslice_plan_output_rank(plan);
        clslice_plan_output_shape(plan, shape);
        clslice_error err;
        clslice_host_gather(plan, 8, in, bytes, want, (size_t)out * 8, &err);
        if (o.rec[CLSLICE_DYNAMIC_ELEMENTS] != out ||
            o.rec[CLSLICE_DYNAMIC_OUT_RANK] != rank)
            msg = say("the record says %lld elements, rank %lld; the host "
                      "plan %lld, %d",
                      (long long)o.rec[CLSLICE_DYNAMIC_ELEMENTS],
                      (long long)o.rec[CLSLICE_DYNAMIC_OUT_RANK],
                      (long long)out, rank);
        for (int j = 0; j < rank && !msg; j++)
            if (o.rec[CLSLICE_DYNAMIC_SHAPE + j] != shape[j])
                msg = say("record shape[%d] = %lld, host %lld", j,
                          (long long)o.rec[CLSLICE_DYNAMIC_SHAPE + j],
                          (long long)shape[j]);
        for (int64_t i = 0; i < out && !msg; i++)
            if (got[i] != want[i])
                msg = say("output element %lld: %lld, host %lld",
                          (long long)i, (long long)got[i],
                          (long long)want[i]);
        const unsigned char *rest = (const unsigned char *)(got + out);
        if (!msg && untouched(rest, bytes - (size_t)out * 8))
            msg = say("bytes past the output were written");
    }
    clReleaseMemObject(op.src.buffer);
    clReleaseMemObject(op.dst.buffer);
    free(in);
    free(got);
    free(want);
    return msg;
}

const char *cd_scatter(const cd_spec *s, const int64_t *input, size_t n,
                       const int64_t *rhs, const int64_t *rhs_shape,
                       int rhs_rank, const int64_t *want, size_t want_n)
{
    if (!open_device())
        return NULL;
    if (want_n != n)
        return say("case data: result has %zu elements, input %zu", want_n,
                   n);
    size_t vbytes = elements(rhs_shape, rhs_rank) * 8;
    int64_t *got = malloc(n ? n * 8 : 8);
    clslice_cl_dynamic_desc op = {.struct_size = sizeof op,
                                  .kind = CLSLICE_DYNAMIC_SCATTER,
                                  .elem_size = 8,
                                  .src.buffer = buffer(vbytes, rhs),
                                  .dst.buffer = buffer(n * 8, input),
                                  .value_shape = rhs_shape,
                                  .value_rank = rhs_rank,
                                  .rule = CLSLICE_VALUE_BROADCAST};
    outcome o;
    run(s, &op, n * 8, got, &o);
    const char *msg = verdict(&o, CLSLICE_OK, "");
    for (size_t i = 0; i < n && !msg; i++)
        if (got[i] != want[i])
            msg = say("element %zu after the write: %lld, want %lld", i,
                      (long long)got[i], (long long)want[i]);
    clReleaseMemObject(op.src.buffer);
    clReleaseMemObject(op.dst.buffer);
    free(got);
    return msg;
}
