/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The random strided tensors of randstrided.h and the naive gather and
 * scatter between them.
 */
#include "randstrided.h"

#include <string.h>

/* "shape [..] strides [..] offset N" (strides NULL when passed so). */
void rs_describe(const rs_tensor *v, char *buf, size_t size)
{
    buf[0] = '\0';
    rp_append(buf, size, "shape [");
    for (int d = 0; d < v->rank; d++)
        rp_append(buf, size, "%s%" PRId64, d ? "," : "", v->shape[d]);
    rp_append(buf, size, "] strides ");
    if (v->null_strides)
        rp_append(buf, size, "NULL");
    for (int d = 0; d < v->rank && !v->null_strides; d++)
        rp_append(buf, size, "%s%" PRId64, d ? "," : "[", v->stride[d]);
    if (!v->null_strides)
        rp_append(buf, size, v->rank ? "]" : "[]");
    rp_append(buf, size, " offset %zu", v->offset);
}

/* The strides to pass. */
const int64_t *rs_strides(const rs_tensor *v)
{
    return v->null_strides ? NULL : v->stride;
}

static void rs_extent(rs_tensor *v, size_t elem_size)
{
    v->empty = false;
    v->low = v->high = 0;
    for (int d = 0; d < v->rank; d++) {
        if (v->shape[d] == 0)
            v->empty = true;
        int64_t reach = v->shape[d] > 1 ? (v->shape[d] - 1) * v->stride[d] : 0;
        if (reach < 0)
            v->low += reach;
        else
            v->high += reach;
    }
    if (v->empty)
        v->low = v->high = 0;
    v->need = v->empty ? v->offset
                       : v->offset + (size_t)(v->high + 1) * elem_size;
}

/* A random view of `shape`; `repeat` allows zero strides (sources). */
void rs_random_tensor(tu_rng *rng, const int64_t *shape, int rank,
                      bool repeat, size_t elem_size, rs_tensor *v)
{
    memset(v, 0, sizeof *v);
    v->rank = rank;
    for (int d = 0; d < rank; d++)
        v->shape[d] = shape[d];
    v->null_strides = tu_range(rng, 0, 7) == 0;
    int order[CLSLICE_MAX_RANK];
    for (int d = 0; d < rank; d++)
        order[d] = d;
    if (!v->null_strides)
        for (int d = rank - 1; d > 0; d--) {
            int j = (int)tu_range(rng, 0, d);
            int t = order[d];
            order[d] = order[j];
            order[j] = t;
        }
    /* order[rank - 1] is the innermost dim */
    int64_t running = v->null_strides || tu_range(rng, 0, 3) ? 1 : 2;
    for (int i = rank - 1; i >= 0; i--) {
        int d = order[i];
        int64_t size = shape[d] > 0 ? shape[d] : 1;
        if (v->null_strides) {
            v->stride[d] = running;
            running *= size;
            continue;
        }
        if (repeat && tu_range(rng, 0, 7) == 0) {
            v->stride[d] = 0;
            continue;
        }
        v->stride[d] = tu_range(rng, 0, 2) == 0 ? -running : running;
        int64_t pad = (int64_t[]){0, 0, 0, 1, 3}[tu_range(rng, 0, 4)];
        running *= size + pad;
    }
    rs_extent(v, elem_size);
    size_t before = (size_t)(-v->low) * elem_size;
    v->offset = before + rp_buffer_offset(rng, 48);
    rs_extent(v, elem_size);
}

/* The same shape, row-major, at `offset`. */
void rs_dense_tensor(const int64_t *shape, int rank, size_t offset,
                     size_t elem_size, rs_tensor *v)
{
    memset(v, 0, sizeof *v);
    v->rank = rank;
    v->null_strides = true;
    int64_t running = 1;
    for (int d = rank - 1; d >= 0; d--) {
        v->shape[d] = shape[d];
        v->stride[d] = running;
        running *= shape[d] > 0 ? shape[d] : 1;
    }
    v->offset = offset;
    rs_extent(v, elem_size);
}

static size_t rs_at(const rs_tensor *v, const int64_t *coord, size_t elem_size)
{
    int64_t e = 0;
    for (int d = 0; d < v->rank; d++)
        e += coord[d] * v->stride[d];
    return (size_t)((int64_t)v->offset + e * (int64_t)elem_size);
}

/* Steps coord through shape row-major; false after the last. */
static bool rs_next(int64_t *coord, const int64_t *shape, int rank)
{
    for (int d = rank - 1; d >= 0; d--) {
        if (++coord[d] < shape[d])
            return true;
        coord[d] = 0;
    }
    return false;
}

/* The plan's input coordinate of output coordinate `out`. */
static void rs_input_coord(const clslice_plan *plan, const int64_t *out,
                           int64_t *in)
{
    int rank = clslice_plan_input_rank(plan);
    for (int d = 0; d < rank; d++) {
        int64_t step, count;
        clslice_plan_dim(plan, d, &in[d], &step, &count, NULL);
    }
    for (int j = 0; j < clslice_plan_output_rank(plan); j++) {
        int k = clslice_plan_output_source(plan, j);
        if (k >= 0) {
            int64_t start, step, count;
            clslice_plan_dim(plan, k, &start, &step, &count, NULL);
            in[k] = start + step * out[j];
        }
    }
}

/* Naive gather: output element `out` of the final shape from the input
 * element the plan reads for it. */
void rs_gather(const clslice_plan *plan, size_t elem_size,
               const unsigned char *src, const rs_tensor *sv,
               unsigned char *dst, const rs_tensor *dv)
{
    int64_t out[CLSLICE_MAX_RANK] = {0}, in[CLSLICE_MAX_RANK];
    if (clslice_plan_output_elements(plan) <= 0)
        return;
    do {
        rs_input_coord(plan, out, in);
        memcpy(dst + rs_at(dv, out, elem_size), src + rs_at(sv, in, elem_size),
               elem_size);
    } while (rs_next(out, dv->shape, dv->rank));
}

/* Naive scatter: every element of the slice (final shape) from the value
 * element numpy broadcasting picks. */
void rs_scatter(const clslice_plan *plan, size_t elem_size,
                const unsigned char *value, const rs_tensor *vv,
                unsigned char *dst, const rs_tensor *dv)
{
    int64_t out[CLSLICE_MAX_RANK] = {0}, in[CLSLICE_MAX_RANK],
            vc[CLSLICE_MAX_RANK], final[CLSLICE_MAX_RANK];
    int fr = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, final);
    if (clslice_plan_output_elements(plan) <= 0)
        return;
    do {
        rs_input_coord(plan, out, in);
        for (int v = 0; v < vv->rank; v++) {
            int j = v - (vv->rank - fr);
            vc[v] = j < 0 || vv->shape[v] == 1 ? 0 : out[j];
        }
        memcpy(dst + rs_at(dv, in, elem_size), value + rs_at(vv, vc, elem_size),
               elem_size);
    } while (rs_next(out, final, fr));
}
