/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Views placed in host buffers: the buffer checks of every host call
 * between views, and the run of a checked view layout.  The views'
 * layouts (layout/strided.c, layout/blocked_layout.c) run through the
 * loop every host executor shares (host_copy.c), from pointers at the
 * views' element 0.  The general host calls (host_blocked.c) and
 * clslice_host_concat are the reference the device's calls between views
 * are tested against, so these check exactly what the device checks:
 * each view's bytes inside its buffer, a destination that addresses no
 * element twice, and no overlap between source and destination.
 */
#include <inttypes.h>
#include <stdio.h>

#include "core/host/host.h"
#include "core/plan/common.h"
#include "core/layout/strided.h"

/* A placed view's names in messages: NAME_offset, NAME_bytes and NAME
 * for arguments, NAME.offset, NAME.bytes and NAME.data for the members
 * of a descriptor's clslice_host_tensor. */
typedef struct names {
    char offset[48], bytes[48], data[48];
} names;

static void name_parts(const cs_strided_view *v, names *n)
{
    snprintf(n->offset, sizeof n->offset, "%s%s", v->name,
             cs_offset_part(v->member));
    snprintf(n->bytes, sizeof n->bytes, "%s%s", v->name,
             v->member ? ".bytes" : "_bytes");
    snprintf(n->data, sizeof n->data, "%s%s", v->name,
             v->member ? ".data" : "");
}

/* The refusal of a placed view that fits its span (set) but not its
 * buffer; the names are spelled only here, on failure: three snprintf
 * calls cost more than the rest of a small call (issue 26.1). */
static clslice_status misfit(const cs_placed *p, clslice_error *err)
{
    const char *name = p->view->name;
    names n;
    name_parts(p->view, &n);
    if (p->offset > p->bytes)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s = %zu lies past the end of %s (%s = %zu)",
                       n.offset, p->offset, n.data, n.bytes, p->bytes);
    if (p->span.before > p->offset)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "the %s view reaches %zu bytes before %s = %zu "
                       "(negative %s%s): the offset must be at least %zu",
                       name, p->span.before, n.offset, p->offset, name,
                       cs_strides_part(p->view->member), p->span.before);
    if (p->span.after > p->bytes - p->offset)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s is too small: the %s view needs %zu bytes from "
                       "%s = %zu, %zu available (%s = %zu)",
                       n.data, name, p->span.after, n.offset, p->offset,
                       p->bytes - p->offset, n.bytes, p->bytes);
    return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "%s is NULL", n.data);
}

static clslice_status fit(cs_placed *p, size_t elem_size, clslice_error *err)
{
    clslice_status st = cs_strided_span(p->view, elem_size, &p->span, err);
    if (st != CLSLICE_OK)
        return st;
    bool fits = p->offset <= p->bytes && p->span.before <= p->offset &&
                p->span.after <= p->bytes - p->offset;
    if (!fits || (p->span.after && !p->data))
        return misfit(p, err); /* the same tests, in order, with names */
    return CLSLICE_OK;
}

/* The bytes a placed view addresses, as addresses. */
static void range(const cs_placed *p, uintptr_t *lo, uintptr_t *hi)
{
    uintptr_t origin = (uintptr_t)p->data + p->offset;
    *lo = origin - p->span.before;
    *hi = origin + p->span.after;
}

clslice_status cs_host_check_pair(cs_placed *in, cs_placed *out,
                                  size_t elem_size, clslice_error *err)
{
    clslice_status st = fit(in, elem_size, err);
    if (st == CLSLICE_OK)
        st = fit(out, elem_size, err);
    if (st != CLSLICE_OK || !in->span.after || !out->span.after)
        return st;
    uintptr_t a0, a1, b0, b1;
    range(in, &a0, &a1);
    range(out, &b0, &b1);
    if (a0 < b1 && b0 < a1)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s and %s overlap: the %s view's bytes [%zu, %zu) "
                       "meet the %s view's", in->view->name,
                       out->view->name, in->view->name,
                       in->offset - in->span.before,
                       in->offset + in->span.after, out->view->name);
    return CLSLICE_OK;
}

void cs_host_run_placed(clslice_layout *layout, size_t elem_size,
                        const cs_placed *in, const cs_placed *out)
{
    if (layout->elements == 0)
        return;
    clslice_layout_simplify(layout);
    cs_host_copy(layout, elem_size,
                 (const unsigned char *)in->data + in->offset,
                 (unsigned char *)out->data + out->offset);
}
