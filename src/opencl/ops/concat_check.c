/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The checks of a concatenation, all made before anything is enqueued,
 * in the order of the host's clslice_host_concat (its reference): the
 * head's (cs_call_check), the arguments, each part as a strided scatter
 * of a value of the slice's shape (concat_part.h, shared with the host),
 * that no two parts write one element, and then the buffers: the
 * destination view, and each source view inside its buffer and apart
 * from the destination's bytes.  Messages name the members: parts[i].plan,
 * parts[i].src.offset, dst.strides[d].
 */
#include <assert.h>
#include <stdio.h>

#include "opencl/ops/concat.h"
#include "core/plan/common.h"

/* cs_concat_check_parts reads each part's plan as its first member. */
static_assert(offsetof(clslice_cl_concat_part, plan) == 0, "plan first");

static clslice_status check_arguments(const cs_concat_call *c,
                                      clslice_error *err)
{
    return cs_concat_check_parts(c->parts, sizeof *c->parts, c->count,
                                 c->elem_size, err);
}

/* Part i resolved into layouts[i]; the destination's span kept. */
static clslice_status check_part(cs_concat_call *c, size_t i,
                                 cs_concat_part *part, clslice_error *err)
{
    const clslice_cl_concat_part *p = &c->parts[i];
    clslice_status st = cs_concat_part_layout(p->plan, c->parts[0].plan, i,
                                              p->src.strides, c->dst.strides,
                                              true, part, err);
    if (st == CLSLICE_OK)
        st = cs_strided_span(&part->src, c->elem_size, &c->layouts[i].span,
                             err);
    if (st == CLSLICE_OK && i == 0)
        st = cs_strided_span(&part->dst, c->elem_size, &c->dst_span, err);
    c->layouts[i].layout = part->layout;
    c->plans[i] = p->plan;
    c->writes = c->writes || part->layout.elements > 0;
    return st;
}

static clslice_status check_parts(cs_concat_call *c, clslice_error *err)
{
    cs_concat_part part;
    for (size_t i = 0; i < c->count; i++) {
        clslice_status st = check_part(c, i, &part, err);
        if (st != CLSLICE_OK)
            return st;
    }
    return cs_concat_disjoint(c->plans, c->count, err);
}

/* ---- buffers ------------------------------------------------------------ */

/* Source i against its buffer, then against the destination's bytes. */
static clslice_status check_source(const cs_concat_call *c, size_t i,
                                   const cs_array *dst,
                                   const cs_place *dst_place,
                                   clslice_error *err)
{
    char name[40];
    snprintf(name, sizeof name, "parts[%zu].src", i);
    const cs_strided_bytes *span = &c->layouts[i].span;
    cs_array a = {.name = name, .member = true, .what = "source view",
                  .buffer = c->parts[i].src.buffer,
                  .offset = c->parts[i].src.offset, .bytes = span->after,
                  .before = span->before, .optional = true};
    cs_place place;
    cl_context context = cs_call_context(&c->call);
    clslice_status st = cs_check_arrays(context, &a, 1, &place, err);
    return st == CLSLICE_OK ? cs_check_overlap(&a, &place, dst, dst_place,
                                               err)
                            : st;
}

/* A NULL destination is accepted when no part writes; a given one must
 * hold its whole view. */
static clslice_status check_buffers(const cs_concat_call *c,
                                    clslice_error *err)
{
    bool nothing = !c->dst.buffer && !c->writes;
    cs_array dst = {.name = "dst", .member = true,
                    .what = "destination view", .buffer = c->dst.buffer,
                    .offset = c->dst.offset,
                    .bytes = nothing ? 0 : c->dst_span.after,
                    .before = nothing ? 0 : c->dst_span.before,
                    .output = true, .optional = true};
    cs_place dst_place = {.root = NULL};
    clslice_status st = CLSLICE_OK;
    if (c->dst_image) /* no buffer that a source could overlap */
        dst = (cs_array){.name = "dst", .optional = true};
    else
        st = cs_check_arrays(cs_call_context(&c->call), &dst, 1, &dst_place,
                             err);
    for (size_t i = 0; i < c->count && st == CLSLICE_OK; i++)
        if (!c->part_image || !c->part_image[i].image)
            st = check_source(c, i, &dst, &dst_place, err);
    return st;
}

clslice_status cs_concat_check(cs_concat_call *call, clslice_error *err)
{
    clslice_status st = cs_call_check(&call->call, err);
    if (st == CLSLICE_OK)
        st = check_arguments(call, err);
    if (st == CLSLICE_OK)
        st = check_parts(call, err);
    if (st == CLSLICE_OK)
        st = check_buffers(call, err);
    if (st != CLSLICE_OK)
        return st;
    for (size_t i = 0; i < call->count; i++)
        clslice_layout_simplify(&call->layouts[i].layout);
    return CLSLICE_OK;
}
