/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Views placed in host buffers: the buffer checks of every host call
 * between views, and the run of their layout.  The views' layouts
 * (layout/strided.c, layout/blocked_layout.c) run through the loop every
 * host executor shares (host_copy.c), from pointers at the views'
 * element 0.  The host's calls between views are the reference the
 * device's are tested against, so they check exactly what the device
 * checks: each view's bytes inside its buffer, and no overlap between
 * source and destination.  Kept apart from the calls that use it
 * (host_blocked.c, and through it host_strided.c) so each depends on it
 * and it on none of them.
 */
#include <inttypes.h>

#include "core/host/host.h"
#include "core/plan/common.h"
#include "core/layout/strided.h"

static clslice_status fit(cs_placed *p, size_t elem_size, clslice_error *err)
{
    const char *name = p->view->name;
    clslice_status st = cs_strided_span(p->view, elem_size, &p->span, err);
    if (st != CLSLICE_OK)
        return st;
    if (p->offset > p->bytes)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s_offset = %zu lies past the end of %s "
                       "(%s_bytes = %zu)", name, p->offset, name, name,
                       p->bytes);
    if (p->span.before > p->offset)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "the %s view reaches %zu bytes before %s_offset = "
                       "%zu (negative %s_strides): the offset must be at "
                       "least %zu", name, p->span.before, name, p->offset,
                       name, p->span.before);
    if (p->span.after > p->bytes - p->offset)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s is too small: the %s view needs %zu bytes from "
                       "%s_offset = %zu, %zu available (%s_bytes = %zu)",
                       name, name, p->span.after, name, p->offset,
                       p->bytes - p->offset, name, p->bytes);
    if (p->span.after && !p->data)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "%s is NULL", name);
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
