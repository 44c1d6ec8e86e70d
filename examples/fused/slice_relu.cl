/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * An engine's own kernels with a slice fused in: relu(x[..., ::-1, 1:])
 * in one launch, reading x where the slice puts each output element
 * instead of reading a sliced copy.  clslice_device.h maps an output
 * element to its source element through the table the host filled with
 * clslice_plan_device_table; build with -I the folder it is installed in
 * (fused_relu.c does).  Any plan works: the kernels know nothing of the
 * slice but its table.
 *
 * Every kernel raises *bad_table and writes nothing when the table is
 * not of this header's version (a library upgrade without rebuilding).
 */
#include "clslice_device.h"

/* One work-item per output element, numbered row-major: the 64-bit
 * table, offsets of any size. */
kernel void slice_relu(global const float *x,
                       constant clslice_device_table *t, global float *y,
                       global int *bad_table)
{
    long i = get_global_id(0);
    if (!clslice_device_table_ok(t)) {
        if (i == 0)
            *bad_table = 1;
        return;
    }
    if (i < t->elements)
        y[i] = fmax(x[clslice_source_offset(t, i)], 0.0f);
}

/* The same with the 32-bit table: every offset fits an int (the host
 * call refuses a slice where one would not). */
kernel void slice_relu32(global const float *x,
                         constant clslice_device_table32 *t, global float *y,
                         global int *bad_table)
{
    int i = (int)get_global_id(0);
    if (!clslice_device_table_ok32(t)) {
        if (i == 0)
            *bad_table = 1;
        return;
    }
    if (i < t->elements)
        y[i] = fmax(x[clslice_source_offset32(t, i)], 0.0f);
}

/* One work-item per output row (the innermost dim), as a CPU engine
 * would have it: the row's first source element costs the divisions
 * once, then the row is walked at the innermost dim's source stride.
 * Any output rank of 1 or more. */
kernel void slice_relu_rows(global const float *x,
                            constant clslice_device_table *t,
                            global float *y, global int *bad_table)
{
    long row = get_global_id(0);
    if (!clslice_device_table_ok(t) || t->rank < 1) {
        if (row == 0)
            *bad_table = 1;
        return;
    }
    long n = t->count[t->rank - 1], step = t->stride[t->rank - 1];
    if (row * n >= t->elements)
        return;
    long from = clslice_source_offset(t, row * n);
    global float *out = y + row * n;
    for (long k = 0; k < n; k++)
        out[k] = fmax(x[from + k * step], 0.0f);
}

/* An engine whose kernels run on a 3-D range over a rank-3 output (dim 0
 * of the range is the output's last dim) hands its own index to the N-D
 * form and divides nothing. */
kernel void slice_relu_3d(global const float *x,
                          constant clslice_device_table *t, global float *y,
                          global int *bad_table)
{
    long index[3] = {get_global_id(2), get_global_id(1), get_global_id(0)};
    if (!clslice_device_table_ok(t) || t->rank != 3) {
        if (index[0] == 0 && index[1] == 0 && index[2] == 0)
            *bad_table = 1;
        return;
    }
    long out = (index[0] * t->count[1] + index[1]) * t->count[2] + index[2];
    y[out] = fmax(x[clslice_source_offset_nd(t, index)], 0.0f);
}
