/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The host executor of a concatenation: every part's source written into
 * its place of one destination.  The reference clslice_cl_concat is
 * tested against, so it checks what the device checks, in the same
 * order: the arguments, each part (concat_part.c), that no two parts
 * write one element (concat_overlap.c), then the buffers; and only then
 * writes, part after part, through the loop every host executor runs.
 *
 * A part is resolved once to be checked and once more to be written, so
 * that no per-part layout (2 KB each) is held for a call of thousands.
 */
#include <assert.h>
#include <stdlib.h>

#include "core/concat/concat_part.h"
#include "core/host/host.h"
#include "core/plan/plan.h"
#include "core/plan/sized.h"

typedef struct host_call {
    size_t elem_size;
    const clslice_host_part *parts;
    size_t count;
    clslice_host_tensor dst;
    /* set by the checks */
    const clslice_plan **plans;
    cs_strided_view dst_view;
    bool writes; /* some part has an element */
} host_call;

/* cs_concat_check_parts reads each part's plan as its first member. */
static_assert(offsetof(clslice_host_part, plan) == 0, "plan first");

static clslice_status check_arguments(const host_call *c, clslice_error *err)
{
    return cs_concat_check_parts(c->parts, sizeof *c->parts, c->count,
                                 c->elem_size, err);
}

static clslice_status resolve(const host_call *c, size_t i,
                              cs_concat_part *part, clslice_error *err)
{
    return cs_concat_part_layout(c->parts[i].plan, c->parts[0].plan, i,
                                 c->parts[i].src.strides, c->dst.strides,
                                 true, part, err);
}

/* Every part resolved, and the plans listed for the overlap test. */
static clslice_status check_parts(host_call *c, cs_concat_part *part,
                                  clslice_error *err)
{
    for (size_t i = 0; i < c->count; i++) {
        clslice_status st = resolve(c, i, part, err);
        if (st != CLSLICE_OK)
            return st;
        c->plans[i] = c->parts[i].plan;
        c->writes = c->writes || part->layout.elements > 0;
    }
    c->dst_view = part->dst; /* the same for every part */
    return cs_concat_disjoint(c->plans, c->count, err);
}

/* Part i's source as a placed view. */
static cs_placed source(const host_call *c, size_t i,
                        const cs_concat_part *part)
{
    const clslice_host_tensor *t = &c->parts[i].src;
    return (cs_placed){.view = &part->src, .data = t->data,
                       .bytes = t->bytes, .offset = t->offset};
}

/* The destination as a placed view; a NULL dst that nothing is written
 * to as a view of nothing. */
static cs_placed destination(const host_call *c,
                             const cs_strided_view *nothing)
{
    if (!c->dst.data && !c->writes)
        return (cs_placed){.view = nothing};
    return (cs_placed){.view = &c->dst_view, .data = c->dst.data,
                       .bytes = c->dst.bytes, .offset = c->dst.offset};
}

/* The destination first (paired with a view of nothing), then each
 * source with it, as the device checks them. */
static clslice_status check_buffers(const host_call *c, cs_concat_part *part,
                                    clslice_error *err)
{
    cs_strided_view nothing = {.name = "dst", .member = true,
                               .empty = true};
    cs_placed none = {.view = &nothing};
    cs_placed out = destination(c, &nothing);
    clslice_status st = cs_host_check_pair(&none, &out, c->elem_size, err);
    for (size_t i = 0; i < c->count && st == CLSLICE_OK; i++) {
        st = resolve(c, i, part, err);
        cs_placed in = source(c, i, part);
        if (st == CLSLICE_OK)
            st = cs_host_check_pair(&in, &out, c->elem_size, err);
    }
    return st;
}

static void write_parts(const host_call *c, cs_concat_part *part)
{
    cs_placed out = destination(c, NULL);
    for (size_t i = 0; i < c->count; i++) {
        resolve(c, i, part, NULL); /* checked already */
        cs_placed in = source(c, i, part);
        cs_host_run_placed(&part->layout, c->elem_size, &in, &out);
    }
}
static clslice_status run_concat(host_call *c, clslice_error *err)
{
    cs_concat_part *part = malloc(sizeof *part);
    c->plans = calloc(c->count, sizeof *c->plans);
    clslice_status st =
        part && c->plans
            ? check_parts(c, part, err)
            : cs_fail(err, CLSLICE_ERROR_MEMORY,
                      "out of memory for a concatenation of %zu parts",
                      c->count);
    if (st == CLSLICE_OK)
        st = check_buffers(c, part, err);
    if (st == CLSLICE_OK)
        write_parts(c, part);
    free(part);
    free((void *)c->plans);
    return st;
}

clslice_status clslice_host_concat(const clslice_host_concat_desc *desc,
                                   clslice_error *err)
{
    clslice_host_concat_desc d;
    clslice_status st = cs_take_struct(
        desc, "desc", "clslice_host_concat_desc",
        CS_SIZE_THROUGH(clslice_host_concat_desc, parts), sizeof d, &d, err);
    if (st != CLSLICE_OK)
        return st;
    host_call c = {.elem_size = d.elem_size, .parts = d.parts,
                   .count = d.count, .dst = d.dst};
    st = check_arguments(&c, err);
    if (st == CLSLICE_OK)
        st = run_concat(&c, err);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
