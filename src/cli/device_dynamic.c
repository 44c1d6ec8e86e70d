/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* One dynamic slice for the command-line tool (device_dynamic.h).  The
 * inputs are uploaded as every device path uploads them
 * (cli_session_upload), and the result is mapped and handed over rather
 * than read into a host array.  The queue is the tool's own, so it waits
 * with blocking reads and maps; the library calls themselves never
 * wait. */
#include "device_dynamic.h"

#include <stdlib.h>
#include <string.h>

#include "cl_fail.h"
#include "device_session.h"

typedef struct dyn_run {
    cli_session s;
    cl_mem src, dst, info, values;
    clslice_device_values where[4];
} dyn_run;

/* The spec's vectors, one after another (16-byte aligned), in one
 * buffer; absent ones keep a NULL buffer. */
static int upload_values(dyn_run *r, const cli_dyn_spec *spec, cli_err *err)
{
    size_t at = 0, offsets[4];
    for (int k = 0; k < 4; k++) {
        offsets[k] = at;
        at += (spec->values[k].len * 8 + 15) / 16 * 16;
    }
    int64_t *all = calloc(at ? at : 1, 1);
    if (!all)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    for (int k = 0; k < 4; k++)
        memcpy((char *)all + offsets[k], spec->values[k].value,
               spec->values[k].len * 8);
    int status = cli_session_buffer(&r->s, CL_MEM_READ_ONLY, at, all,
                                    "spec values", &r->values, err);
    free(all);
    for (int k = 0; k < 4; k++)
        r->where[k] = (clslice_device_values){
            spec->given[k] ? r->values : NULL, offsets[k],
            spec->values[k].len};
    return status;
}

static clslice_status enqueue(const dyn_run *r, const cli_dyn_spec *spec,
                              const clslice_cl_dynamic_desc *desc,
                              cl_event *ev, clslice_error *lib)
{
    const clslice_device_values *w = r->where;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = r->s.queue;
    call.event = ev;
    if (spec->front == CLI_DYN_XLA) {
        clslice_xla_dynamic_spec s = {
            .index_type = CLSLICE_INT64, .start_indices = w[0],
            .slice_sizes = spec->sizes_given ? spec->slice_sizes.value
                                             : NULL,
            .slice_sizes_len = spec->slice_sizes.len};
        return clslice_cl_xla_dynamic(r->s.runtime, &call, desc, &s, lib);
    }
    if (spec->front == CLI_DYN_ONNX) {
        clslice_onnx_dynamic_spec s = {CLSLICE_INT64, w[0], w[1], w[3],
                                       w[2]};
        return clslice_cl_onnx_dynamic(r->s.runtime, &call, desc, &s, lib);
    }
    if (spec->front == CLI_DYN_OPENVINO) {
        const cli_list *m = spec->ov_masks;
        const bool *g = spec->ov_given;
        clslice_openvino_dynamic_spec s = {
            .index_type = CLSLICE_INT64, .begin = w[0], .end = w[1],
            .strides = w[2],
            .begin_mask = g[0] ? m[0].value : NULL, .begin_mask_len = m[0].len,
            .end_mask = g[1] ? m[1].value : NULL, .end_mask_len = m[1].len,
            .new_axis_mask = g[2] ? m[2].value : NULL,
            .new_axis_mask_len = m[2].len,
            .shrink_axis_mask = g[3] ? m[3].value : NULL,
            .shrink_axis_mask_len = m[3].len,
            .ellipsis_mask = g[4] ? m[4].value : NULL,
            .ellipsis_mask_len = m[4].len};
        return clslice_cl_openvino_dynamic(r->s.runtime, &call, desc, &s,
                                           lib);
    }
    const int32_t *m = spec->tf_masks;
    clslice_tf_dynamic_spec s = {
        .index_type = CLSLICE_INT64, .begin = w[0], .end = w[1],
        .strides = w[2], .begin_mask = m[0], .end_mask = m[1],
        .ellipsis_mask = m[2], .new_axis_mask = m[3],
        .shrink_axis_mask = m[4]};
    return clslice_cl_tf_dynamic(r->s.runtime, &call, desc, &s, lib);
}

/* The library's failure: OpenCL and memory failures as on every device
 * path, anything else a spec or usage error with its own message. */
static int library_fail(clslice_status st, const clslice_error *lib,
                        cli_err *err)
{
    if (st == CLSLICE_ERROR_OPENCL || st == CLSLICE_ERROR_BUILD ||
        st == CLSLICE_ERROR_MEMORY)
        return cli_session_fail(st, lib, err);
    return cli_library_result(st, lib, err);
}

/* The record, read behind the command's event. */
static int read_record(const dyn_run *r, cl_event ev, int64_t *rec,
                       cli_err *err)
{
    cl_int rc = clEnqueueReadBuffer(r->s.queue, r->info, CL_TRUE, 0,
                                    CLSLICE_DYNAMIC_INFO_BYTES, rec, 1, &ev,
                                    NULL);
    return rc == CL_SUCCESS ? CLI_EXIT_OK
                            : cli_cl_fail(err, "clEnqueueReadBuffer", rc);
}

/* The record's buffer, and the spec's values on the device. */
static int record_and_values(dyn_run *r, const cli_dyn_spec *spec,
                             cli_err *err)
{
    int status = cli_session_buffer(&r->s, CL_MEM_READ_WRITE,
                                    CLSLICE_DYNAMIC_INFO_BYTES, NULL,
                                    "record", &r->info, err);
    return status == CLI_EXIT_OK ? upload_values(r, spec, err) : status;
}

/* The mapped buffer's first `bytes`, handed to the sink. */
static int hand_over(const dyn_run *r, cl_mem buffer, size_t bytes,
                     cli_device_sink *sink, void *ctx, cli_err *err)
{
    void *mapped = NULL;
    int status = cli_session_map(&r->s, buffer, bytes, &mapped, err);
    if (status == CLI_EXIT_OK)
        status = sink(ctx, 0, mapped, err);
    int unmapped = cli_session_unmap(&r->s, buffer, mapped, err);
    return status == CLI_EXIT_OK ? unmapped : status;
}

/* The record, the output it describes (*out: no data) and its bytes. */
static int collect(const dyn_run *r, const cli_npy *in, cl_event ev,
                   cli_npy *out, cli_device_sink *sink, void *ctx,
                   int64_t *rejected, cli_err *err)
{
    int64_t rec[CLSLICE_DYNAMIC_INFO_WORDS];
    int status = read_record(r, ev, rec, err);
    if (status != CLI_EXIT_OK)
        return status;
    *rejected = rec[CLSLICE_DYNAMIC_STATUS];
    if (*rejected != CLSLICE_OK)
        return CLI_EXIT_OK;
    memset(out, 0, sizeof *out);
    memcpy(out->descr, in->descr, sizeof out->descr);
    out->elem_size = in->elem_size;
    out->rank = (int)rec[CLSLICE_DYNAMIC_OUT_RANK];
    memcpy(out->shape, rec + CLSLICE_DYNAMIC_SHAPE,
           (size_t)out->rank * sizeof *out->shape);
    /* at most the input's elements: the library's bound */
    out->bytes = (size_t)rec[CLSLICE_DYNAMIC_ELEMENTS] * in->elem_size;
    return hand_over(r, r->dst, out->bytes, sink, ctx, err);
}

/* The record and the tensor written in place, handed over whole. */
static int run_assign(dyn_run *r, const cli_dyn_spec *spec,
                      const cli_npy *tensor, const cli_npy *value,
                      clslice_value_rule rule, int64_t *rejected,
                      cli_device_sink *sink, void *ctx, cli_err *err)
{
    int status = cli_session_upload(&r->s, CL_MEM_READ_ONLY, value, 0,
                                    value->bytes, "value", &r->src, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_upload(&r->s, CL_MEM_READ_WRITE, tensor, 0,
                                    tensor->bytes, "tensor", &r->dst, err);
    if (status == CLI_EXIT_OK)
        status = record_and_values(r, spec, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_cl_dynamic_desc desc = {
        .struct_size = sizeof desc, .shape = tensor->shape,
        .rank = tensor->rank, .kind = CLSLICE_DYNAMIC_SCATTER,
        .elem_size = tensor->elem_size, .info = r->info,
        .src.buffer = r->src, .dst.buffer = r->dst,
        .value_shape = value->shape,
        .value_rank = value->rank, .rule = rule};
    cl_event ev = NULL;
    clslice_error lib;
    clslice_status st = enqueue(r, spec, &desc, &ev, &lib);
    if (st == CLSLICE_ERROR_SHAPE) {
        /* the value against the static part of the slice: the caller
         * words it as the host does, about the file */
        *rejected = st;
        return CLI_EXIT_OK;
    }
    if (st != CLSLICE_OK)
        return library_fail(st, &lib, err);
    int64_t rec[CLSLICE_DYNAMIC_INFO_WORDS];
    status = read_record(r, ev, rec, err);
    clReleaseEvent(ev);
    *rejected = status == CLI_EXIT_OK ? rec[CLSLICE_DYNAMIC_STATUS]
                                      : CLSLICE_OK;
    if (status == CLI_EXIT_OK && *rejected == CLSLICE_OK)
        status = hand_over(r, r->dst, tensor->bytes, sink, ctx, err);
    return status;
}

static int run(dyn_run *r, const cli_dyn_spec *spec, const cli_npy *in,
               int64_t max_elements, cli_npy *out, cli_device_sink *sink,
               void *ctx, int64_t *rejected, cli_err *err)
{
    int64_t most;
    clslice_error lib;
    clslice_status st = clslice_dynamic_bound(in->shape, in->rank, &most,
                                              &lib);
    if (st != CLSLICE_OK)
        return library_fail(st, &lib, err);
    bool bounded = max_elements > 0 && max_elements < most;
    if (bounded)
        most = max_elements;
    /* at most the input's own bytes: the file held them */
    size_t bound = (size_t)most * in->elem_size;
    int status = cli_session_upload(&r->s, CL_MEM_READ_ONLY, in, 0,
                                    in->bytes, "input", &r->src, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_buffer(&r->s, CL_MEM_READ_WRITE |
                                               CL_MEM_ALLOC_HOST_PTR,
                                    bound, NULL, "output", &r->dst, err);
    if (status == CLI_EXIT_OK)
        status = record_and_values(r, spec, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_cl_dynamic_desc desc = {
        .struct_size = sizeof desc, .shape = in->shape, .rank = in->rank,
        .kind = CLSLICE_DYNAMIC_GATHER, .elem_size = in->elem_size,
        .info = r->info, .src.buffer = r->src, .dst.buffer = r->dst,
        .max_elements = bounded ? most : 0};
    cl_event ev = NULL;
    st = enqueue(r, spec, &desc, &ev, &lib);
    if (st != CLSLICE_OK)
        return library_fail(st, &lib, err);
    status = collect(r, in, ev, out, sink, ctx, rejected, err);
    clReleaseEvent(ev);
    return status;
}

static void close_run(dyn_run *r)
{
    cl_mem buffers[] = {r->values, r->info, r->dst, r->src};
    for (int i = 0; i < 4; i++)
        if (buffers[i])
            clReleaseMemObject(buffers[i]);
    cli_session_close(&r->s);
}

int cli_device_dynamic_assign(const cli_device *device,
                              const cli_dyn_spec *spec, const cli_npy *tensor,
                              const cli_npy *value, clslice_value_rule rule,
                              int64_t *rejected, cli_device_sink *sink,
                              void *ctx, cli_err *err)
{
    dyn_run r = {0};
    *rejected = CLSLICE_OK;
    int status = cli_session_open(device, &r.s, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = run_assign(&r, spec, tensor, value, rule, rejected, sink, ctx,
                        err);
    close_run(&r);
    return status;
}

int cli_device_dynamic_slice(const cli_device *device,
                             const cli_dyn_spec *spec, const cli_npy *in,
                             int64_t max_elements, cli_npy *out,
                             cli_device_sink *sink, void *ctx,
                             int64_t *rejected, cli_err *err)
{
    dyn_run r = {0};
    *rejected = CLSLICE_OK;
    int status = cli_session_open(device, &r.s, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = run(&r, spec, in, max_elements, out, sink, ctx, rejected, err);
    close_run(&r);
    return status;
}
