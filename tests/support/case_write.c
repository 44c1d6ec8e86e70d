/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The conformance cases' writes on the host and on the default device.
 * The device is opened at the first call and kept for the whole run: one
 * context, one in-order queue, one runtime.
 */
#include "case_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devutil.h"
#include "testutil.h"

typedef struct cw_state {
    int tried, ready;
    tu_cl cl;
    cl_command_queue queue;
    clslice_runtime *runtime;
    char message[600];
} cw_state;

static cw_state g;

static void open_device(void)
{
    if (g.tried)
        return;
    g.tried = 1;
    if (!tu_cl_open(&g.cl))
        return;
    g.queue = tu_cl_queue(&g.cl, 0);
    /* A device without a runtime would drop the device checks silently. */
    clslice_error err;
    if (clslice_runtime_create(g.cl.context, &g.runtime, &err) != CLSLICE_OK)
        fail_msg("clslice_runtime_create: %s", err.message);
    g.ready = 1;
}

int cw_has_device(void)
{
    return g.ready;
}

void cw_close(void)
{
    if (g.runtime)
        clslice_runtime_release(&g.runtime);
    if (g.queue)
        clReleaseCommandQueue(g.queue);
    tu_cl_close(&g.cl);
    memset(&g, 0, sizeof g);
}

static const char *failed(const char *call, const clslice_error *err)
{
    snprintf(g.message, sizeof g.message, "%s failed: %s", call,
             err->message);
    return g.message;
}

typedef enum cw_op { CW_SCATTER, CW_FILL, CW_GRAD } cw_op;

/* One write on the device: dst starts as `start` (n elements), the value
 * (value_n elements) goes to its own buffer; the result is read back. */
static const char *device_write(cw_op op, const clslice_plan *plan,
                                const int64_t *start, size_t n,
                                const int64_t *value, size_t value_n,
                                const int64_t *shape, int rank,
                                clslice_value_rule rule, int64_t *out)
{
    const size_t es = sizeof(int64_t);
    /* OpenCL has no empty buffers */
    cl_mem dst = tu_cl_buffer(&g.cl, n ? n * es : 1);
    cl_mem src = tu_cl_buffer(&g.cl, value_n ? value_n * es : 1);
    if (n)
        TU_CL_CHECK(clEnqueueWriteBuffer(g.queue, dst, CL_TRUE, 0, n * es,
                                         start, 0, NULL, NULL));
    if (value_n)
        TU_CL_CHECK(clEnqueueWriteBuffer(g.queue, src, CL_TRUE, 0,
                                         value_n * es, value, 0, NULL, NULL));
    clslice_error err;
    clslice_status st;
    const char *call;
    if (op == CW_SCATTER) {
        call = "clslice_enqueue_scatter";
        st = clslice_enqueue_scatter(g.runtime, g.queue, plan, es, src, 0,
                                     shape, rank, rule, dst, 0, 0, 0, NULL,
                                     NULL, &err);
    } else if (op == CW_FILL) {
        call = "clslice_enqueue_fill";
        st = clslice_enqueue_fill(g.runtime, g.queue, plan, es, value, dst, 0,
                                  0, 0, NULL, NULL, &err);
    } else {
        call = "clslice_enqueue_grad";
        st = clslice_enqueue_grad(g.runtime, g.queue, plan, es, src, 0, shape,
                                  rank, dst, 0, 0, 0, NULL, NULL, &err);
    }
    if (st == CLSLICE_OK && n)
        TU_CL_CHECK(clEnqueueReadBuffer(g.queue, dst, CL_TRUE, 0, n * es, out,
                                        0, NULL, NULL));
    TU_CL_CHECK(clFinish(g.queue));
    clReleaseMemObject(src);
    clReleaseMemObject(dst);
    return st == CLSLICE_OK ? NULL : failed(call, &err);
}

/* Runs op on the device and compares with the host's result. */
static const char *agree(cw_op op, const clslice_plan *plan,
                         const int64_t *start, size_t n, const int64_t *value,
                         size_t value_n, const int64_t *shape, int rank,
                         clslice_value_rule rule, const int64_t *host)
{
    open_device();
    if (!g.ready)
        return NULL;
    int64_t *got = malloc((n ? n : 1) * sizeof *got);
    if (!got)
        return "out of memory";
    const char *msg = device_write(op, plan, start, n, value, value_n, shape,
                                   rank, rule, got);
    for (size_t i = 0; !msg && i < n; i++)
        if (got[i] != host[i]) {
            snprintf(g.message, sizeof g.message,
                     "device %s differs from the host at element %zu: "
                     "%lld vs %lld", op == CW_SCATTER ? "scatter"
                                     : op == CW_FILL  ? "fill"
                                                      : "grad",
                     i, (long long)got[i], (long long)host[i]);
            msg = g.message;
        }
    free(got);
    return msg;
}

static size_t elements(const int64_t *shape, int rank)
{
    size_t n = 1;
    for (int d = 0; d < rank; d++)
        n *= (size_t)shape[d];
    return n;
}

const char *cw_scatter(const clslice_plan *plan, const int64_t *input,
                       size_t n, const int64_t *rhs, const int64_t *rhs_shape,
                       int rhs_rank, clslice_value_rule rule,
                       int64_t *result)
{
    const size_t es = sizeof(int64_t);
    size_t value_n = elements(rhs_shape, rhs_rank);
    if (n)
        memcpy(result, input, n * es);
    clslice_error err;
    if (clslice_host_scatter(plan, es, rhs, rhs_shape, rhs_rank,
                             value_n * es, rule, result, n * es, &err) !=
        CLSLICE_OK)
        return failed("clslice_host_scatter", &err);
    const char *msg = agree(CW_SCATTER, plan, input, n, rhs, value_n,
                            rhs_shape, rhs_rank, rule, result);
    if (!msg && rhs_rank == 0 && rule == CLSLICE_VALUE_BROADCAST)
        msg = agree(CW_FILL, plan, input, n, rhs, 1, NULL, 0, rule, result);
    return msg;
}

const char *cw_grad(const clslice_plan *plan, const int64_t *dy,
                    const int64_t *dy_shape, int dy_rank, size_t n,
                    int64_t *result)
{
    const size_t es = sizeof(int64_t);
    size_t dy_n = elements(dy_shape, dy_rank);
    clslice_error err;
    if (clslice_host_grad(plan, es, dy, dy_shape, dy_rank, dy_n * es, result,
                          n * es, &err) != CLSLICE_OK)
        return failed("clslice_host_grad", &err);
    /* the device's output starts as garbage: the grad must zero it */
    int64_t *garbage = malloc((n ? n : 1) * sizeof *garbage);
    if (!garbage)
        return "out of memory";
    for (size_t i = 0; i < n; i++)
        garbage[i] = (int64_t)(0x5A5A5A5A5A5A5A5Aull ^ i);
    const char *msg = agree(CW_GRAD, plan, garbage, n, dy, dy_n, dy_shape,
                            dy_rank, CLSLICE_VALUE_EXACT, result);
    free(garbage);
    return msg;
}
