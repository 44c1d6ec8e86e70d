/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The checks of a batched gather, all made before anything is enqueued:
 * the head's (cs_call_check), then the batch's own in the order of the
 * single gather's (run/dispatch.c: plan, element size, layouts, buffers)
 * and worded like them, each naming the member: parts[i].plan,
 * parts[i].buffer, parts[i].offset.
 *
 * Destinations are resolved once per distinct cl_mem (a batch into one
 * arena buffer asks OpenCL about it once), and overlaps between outputs
 * are found by sorting the outputs that hold a byte by (buffer, start):
 * when no two neighbours overlap, no two outputs do.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/ops/gather_batch.h"
#include "core/plan/common.h"

static clslice_status check_arguments(const cs_batch_call *call,
                                      clslice_error *err)
{
    if (!call->parts)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "parts is NULL");
    if (call->count == 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "count is 0: a batch needs at least one part");
    for (size_t i = 0; i < call->count; i++)
        if (!call->parts[i].plan)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "parts[%zu].plan is NULL", i);
    /* elem_size, which every plan shares */
    clslice_status st = cs_check_plan_elem(call->parts[0].plan,
                                           call->elem_size, err);
    if (st == CLSLICE_OK && call->src_strides)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "src.strides is not NULL: a batch reads a "
                       "contiguous row-major source");
    return st;
}

/* Every plan reads the same input tensor: parts[0].plan's shape. */
static clslice_status check_shapes(const cs_batch_call *call,
                                   clslice_error *err)
{
    int64_t first[CLSLICE_MAX_RANK], shape[CLSLICE_MAX_RANK];
    int rank = clslice_plan_input_rank(call->parts[0].plan);
    clslice_plan_input_shape(call->parts[0].plan, first);
    for (size_t i = 1; i < call->count; i++) {
        int r = clslice_plan_input_rank(call->parts[i].plan);
        if (r != rank)
            return cs_fail(err, CLSLICE_ERROR_SHAPE,
                           "parts[%zu].plan has an input of rank %d but "
                           "parts[0].plan one of rank %d: a batch reads one "
                           "tensor", i, r, rank);
        clslice_plan_input_shape(call->parts[i].plan, shape);
        for (int d = 0; d < rank; d++)
            if (shape[d] != first[d])
                return cs_fail(err, CLSLICE_ERROR_SHAPE,
                               "parts[%zu].plan has input dim %d = %lld but "
                               "parts[0].plan has %lld: a batch reads one "
                               "tensor",
                               i, d, (long long)shape[d],
                               (long long)first[d]);
    }
    return CLSLICE_OK;
}

static clslice_status build_layouts(cs_batch_call *call, clslice_error *err)
{
    for (size_t i = 0; i < call->count; i++) {
        clslice_status st = cs_prefix_entry(
            err,
            clslice_plan_layout(call->parts[i].plan, &call->layouts[i], err),
            "parts", i, "plan");
        if (st != CLSLICE_OK)
            return st;
    }
    return CLSLICE_OK;
}

/* ---- buffers ------------------------------------------------------------ */

/* A destination as the overlap check sees it. */
typedef struct span {
    cl_mem root;  /* the buffer, or a sub-buffer's parent */
    size_t start; /* bytes from root's start */
    size_t bytes;
    size_t index; /* into parts[] */
} span;

/* The last destination buffer asked about: an arena's is asked once. */
typedef struct dst_info {
    cl_mem buffer;
    cs_place place;
} dst_info;

static clslice_status resolve(cl_context context, cl_mem buffer, size_t i,
                              dst_info *info, clslice_error *err)
{
    char name[48];
    snprintf(name, sizeof name, "parts[%zu].buffer", i);
    info->buffer = buffer;
    return cs_buffer_place(context, buffer, name, &info->place, err);
}

/* Destination i (bytes long) against its buffer; fills its span (root
 * NULL when it is NULL and empty). */
static clslice_status check_dst(const cs_batch_call *call, size_t i,
                                size_t bytes, dst_info *last, span *out,
                                clslice_error *err)
{
    cl_mem buffer = call->parts[i].buffer;
    size_t offset = call->parts[i].offset;
    *out = (span){.bytes = bytes, .index = i};
    if (call->part_image && call->part_image[i].image)
        return CLSLICE_OK; /* an image output: image_parts.c */
    if (!buffer)
        return bytes == 0 ? CLSLICE_OK
                          : cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                                    "parts[%zu].buffer is NULL but its "
                                    "plan's output needs %zu bytes", i,
                                    bytes);
    if (buffer != last->buffer) {
        clslice_status st = resolve(cs_call_context(&call->call), buffer, i,
                                    last, err);
        if (st != CLSLICE_OK)
            return st;
    }
    size_t size = last->place.size;
    if (offset > size)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "parts[%zu].offset = %zu lies past the end of "
                       "parts[%zu].buffer (%zu bytes)", i, offset, i, size);
    if (bytes > size - offset)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "parts[%zu].buffer is too small for parts[%zu].plan's "
                       "output: %zu bytes needed from parts[%zu].offset = "
                       "%zu, %zu available (buffer of %zu bytes)", i, i,
                       bytes, i, offset, size - offset, size);
    out->root = last->place.root;
    out->start = last->place.sub_offset + offset;
    return CLSLICE_OK;
}

static int by_place(const void *a, const void *b)
{
    const span *x = a, *y = b;
    if (x->root != y->root)
        return (uintptr_t)x->root < (uintptr_t)y->root ? -1 : 1;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static clslice_status overlap(const span *a, const span *b,
                              clslice_error *err)
{
    if (a->index == SIZE_MAX || b->index == SIZE_MAX) {
        const span *d = a->index == SIZE_MAX ? b : a;
        const span *s = a->index == SIZE_MAX ? a : b;
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "src.buffer and parts[%zu].buffer share a buffer and "
                       "overlap: input bytes [%zu, %zu), output bytes "
                       "[%zu, %zu)",
                       d->index, s->start, s->start + s->bytes, d->start,
                       d->start + d->bytes);
    }
    const span *lo = a->index < b->index ? a : b;
    const span *hi = a->index < b->index ? b : a;
    return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                   "parts[%zu].buffer and parts[%zu].buffer overlap in one "
                   "buffer: output bytes [%zu, %zu) and [%zu, %zu)",
                   lo->index, hi->index,
                   lo->start, lo->start + lo->bytes, hi->start,
                   hi->start + hi->bytes);
}

/* The spans that hold a byte, sorted by place; the source is the span of
 * index SIZE_MAX.  Sorted by start, two spans of one buffer overlap only
 * if two neighbours do (the one after the first starts no later than the
 * second, so before the first ends), but only when every span holds a
 * byte: an empty span starting inside another would sit between it and
 * the span it overlaps.  Empty outputs write nothing, so they are left
 * out before sorting and take no part in any decision. */
static clslice_status check_overlaps(span *spans, size_t n,
                                     clslice_error *err)
{
    size_t kept = 0;
    for (size_t k = 0; k < n; k++)
        if (spans[k].root && spans[k].bytes)
            spans[kept++] = spans[k];
    qsort(spans, kept, sizeof *spans, by_place);
    for (size_t k = 1; k < kept; k++) {
        const span *a = &spans[k - 1], *b = &spans[k];
        if (a->root == b->root && a->start + a->bytes > b->start)
            return overlap(a, b, err);
    }
    return CLSLICE_OK;
}

/* src once (through the shared check, which says where it lies), then
 * every destination. */
static clslice_status check_buffers(cs_batch_call *call, span *spans,
                                    clslice_error *err)
{
    cs_array a = {.name = "src", .member = true, .what = "input",
                  .buffer = call->src, .offset = call->src_offset,
                  .optional = true};
    cs_place src;
    clslice_status st = cs_input_bytes(call->parts[0].plan, call->elem_size,
                                       &a.bytes, err);
    if (st == CLSLICE_OK && !call->src_image)
        st = cs_check_arrays(cs_call_context(&call->call), &a, 1, &src,
                             err);
    dst_info last = {.buffer = NULL};
    for (size_t i = 0; i < call->count && st == CLSLICE_OK; i++) {
        size_t bytes;
        st = cs_prefix_entry(err, cs_tensor_bytes(call->layouts[i].elements,
                                                  call->elem_size, "output",
                                                  &bytes, err),
                             "parts", i, "plan");
        if (st == CLSLICE_OK)
            st = check_dst(call, i, bytes, &last, &spans[i], err);
    }
    if (st == CLSLICE_OK && !call->src_image && call->src && a.bytes)
        spans[call->count] = (span){.root = src.root,
                                    .start = src.sub_offset + call->src_offset,
                                    .bytes = a.bytes, .index = SIZE_MAX};
    return st;
}

static clslice_status check_all_buffers(cs_batch_call *call,
                                        clslice_error *err)
{
    span *spans = calloc(call->count + 1, sizeof *spans);
    if (!spans)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory checking %zu destinations",
                       call->count);
    clslice_status st = check_buffers(call, spans, err);
    if (st == CLSLICE_OK)
        st = check_overlaps(spans, call->count + 1, err);
    free(spans);
    return st;
}

clslice_status cs_batch_check(cs_batch_call *call, clslice_error *err)
{
    clslice_status st = cs_call_check(&call->call, err);
    if (st == CLSLICE_OK)
        st = check_arguments(call, err);
    if (st == CLSLICE_OK)
        st = check_shapes(call, err);
    if (st == CLSLICE_OK)
        st = build_layouts(call, err);
    if (st == CLSLICE_OK)
        st = check_all_buffers(call, err);
    if (st != CLSLICE_OK)
        return st;
    for (size_t i = 0; i < call->count; i++)
        clslice_layout_simplify(&call->layouts[i]);
    return CLSLICE_OK;
}
