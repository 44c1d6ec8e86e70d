/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Views: whether a gather of a plan would copy one contiguous run of its
 * input, in order.  Then the output can alias the input instead (a
 * sub-buffer, a pointer into host memory): TensorFlow does this for
 * contiguous slices, OpenVINO's GPU plugin turns such crops into views.
 * The answer comes from the simplified layout: simplification merges every
 * pair of dimensions that is contiguous in both source and destination,
 * and a gather's destination is contiguous, so the slice is one run exactly
 * when one dimension of source stride 1 (or a single element) is left.
 */
#include "core/plan/plan.h"

#include <string.h>

clslice_status clslice_plan_view(const clslice_plan *plan, size_t elem_size,
                                 clslice_view *view, clslice_error *err)
{
    if (view == NULL)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "view is NULL");
    memset(view, 0, sizeof *view);
    clslice_status st = cs_check_plan_elem(plan, elem_size, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_layout layout;
    st = clslice_plan_layout(plan, &layout, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_layout_simplify(&layout);
    if (layout.elements == 0) {
        view->contiguous = 1; /* nothing to read: any offset will do */
        return cs_ok(err);
    }
    bool one_run = layout.rank == 0 ||
                   (layout.rank == 1 && layout.src_stride[0] == 1);
    if (!one_run)
        return cs_ok(err);
    size_t offset, bytes;
    /* The input's bytes were not checked against size_t here: a plan of an
     * input larger than memory can still be asked about. */
    if (!cs_size_mul(layout.offset, elem_size, &offset) ||
        !cs_size_mul(layout.elements, elem_size, &bytes) ||
        offset > SIZE_MAX - bytes)
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "the run of %lld elements at element %lld is more "
                       "than a size_t of bytes with elem_size %zu",
                       (long long)layout.elements, (long long)layout.offset,
                       elem_size);
    view->contiguous = 1;
    view->offset = offset;
    view->bytes = bytes;
    return cs_ok(err);
}
