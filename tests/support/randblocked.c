/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The random blocked tensors of randblocked.h and the reference that
 * unblocks, slices and blocks again.
 */
#include "randblocked.h"

#include <stdlib.h>
#include <string.h>

static const int BLOCKS[] = {1, 2, 3, 4, 8, 16, 32};

int64_t rb_blocks(const rb_tensor *t, int64_t size)
{
    const clslice_blocking *b = &t->blocking;
    return size == 0 ? 0 : (b->first_lane + size + b->block - 1) / b->block;
}

/* The storage size of logical dim d (the axis counts blocks). */
static int64_t storage_size(const rb_tensor *t, int d)
{
    return t->blocked && d == t->blocking.axis ? rb_blocks(t, t->shape[d])
                                               : t->shape[d];
}

static bool is_empty(const rb_tensor *t)
{
    for (int d = 0; d < t->rank; d++)
        if (t->shape[d] == 0)
            return true;
    return false;
}

/* The storage's element extent [low, high] around element 0. */
static void extent(const rb_tensor *t, int64_t *low, int64_t *high)
{
    *low = 0;
    *high = t->blocking.block - 1; /* the lanes */
    for (int d = 0; d < t->rank; d++) {
        int64_t size = storage_size(t, d);
        int64_t reach = size > 1 ? (size - 1) * t->stride[d] : 0;
        if (reach < 0)
            *low += reach;
        else
            *high += reach;
    }
}

/* Storage dims nested in a random order outside the lanes, or dense. */
static void blocked_strides(tu_rng *rng, rb_tensor *t)
{
    int order[CLSLICE_MAX_RANK];
    for (int d = 0; d < t->rank; d++)
        order[d] = d;
    t->null_strides = tu_range(rng, 0, 2) == 0;
    for (int d = t->rank - 1; d > 0 && !t->null_strides; d--) {
        int j = (int)tu_range(rng, 0, d);
        int swap = order[d];
        order[d] = order[j];
        order[j] = swap;
    }
    int64_t running = t->blocking.block;
    if (!t->null_strides && tu_range(rng, 0, 3) == 0)
        running += tu_range(rng, 1, 3); /* room between blocks */
    for (int i = t->rank - 1; i >= 0; i--) {
        int d = order[i];
        int64_t size = storage_size(t, d);
        bool reversed = !t->null_strides && tu_range(rng, 0, 4) == 0;
        int64_t pad = t->null_strides ? 0
                                       : (int64_t[]){0, 0, 0, 1}[tu_range(
                                             rng, 0, 3)];
        t->stride[d] = reversed ? -running : running;
        running *= (size > 0 ? size : 1) + pad;
    }
}

static void random_blocked(tu_rng *rng, size_t elem_size, rb_tensor *t)
{
    clslice_blocking *b = &t->blocking;
    b->axis = (int)tu_range(rng, 0, t->rank - 1);
    b->block = BLOCKS[tu_range(rng, 0, sizeof BLOCKS / sizeof *BLOCKS - 1)];
    b->first_lane =
        tu_range(rng, 0, 3) == 0 ? (int)tu_range(rng, 0, b->block - 1) : 0;
    b->flags = 0;
    blocked_strides(rng, t);
    int64_t low, high;
    extent(t, &low, &high);
    t->offset = (size_t)(-low) * elem_size + rp_buffer_offset(rng, 48);
    t->need = is_empty(t) ? t->offset
                          : t->offset + (size_t)(high + 1) * elem_size;
}

void rb_random_tensor(tu_rng *rng, const int64_t *shape, int rank,
                      bool blocked, bool repeat, size_t elem_size,
                      rb_tensor *t)
{
    memset(t, 0, sizeof *t);
    t->rank = rank;
    memcpy(t->shape, shape, (size_t)rank * sizeof *shape);
    t->blocked = blocked && rank > 0;
    t->blocking.block = 1;
    if (t->blocked) {
        random_blocked(rng, elem_size, t);
        return;
    }
    rs_tensor plain;
    rs_random_tensor(rng, shape, rank, repeat, elem_size, &plain);
    memcpy(t->stride, plain.stride, sizeof t->stride);
    t->null_strides = plain.null_strides;
    t->offset = plain.offset;
    t->need = plain.need;
}

const int64_t *rb_strides(const rb_tensor *t)
{
    return t->null_strides ? NULL : t->stride;
}

const clslice_blocking *rb_blocking(const rb_tensor *t)
{
    return t->blocked ? &t->blocking : NULL;
}

void rb_describe(const rb_tensor *t, char *buf, size_t size)
{
    buf[0] = '\0';
    rp_append(buf, size, "shape %s", tu_shape_str(t->shape, t->rank));
    if (t->blocked)
        rp_append(buf, size, " blocked {axis %d, block %d, first_lane %d}",
                  t->blocking.axis, t->blocking.block,
                  t->blocking.first_lane);
    rp_append(buf, size, " strides ");
    if (t->null_strides)
        rp_append(buf, size, "NULL");
    else
        rp_append(buf, size, "%s", tu_shape_str(t->stride, t->rank));
    rp_append(buf, size, " offset %zu", t->offset);
}

/* ---- the reference ------------------------------------------------------ */

/* The element of storage lane `lane` (first_lane included) along the
 * axis, the other dims at idx. */
static int64_t storage_element(const rb_tensor *t, const int64_t *idx,
                               int64_t lane)
{
    int64_t e = 0;
    for (int d = 0; d < t->rank; d++)
        if (!t->blocked || d != t->blocking.axis)
            e += idx[d] * t->stride[d];
    if (t->blocked) {
        int64_t b = t->blocking.block;
        e += lane / b * t->stride[t->blocking.axis] + lane % b;
    }
    return e;
}

/* The element of logical index idx. */
static int64_t element(const rb_tensor *t, const int64_t *idx)
{
    int64_t lane = t->blocked ? t->blocking.first_lane +
                                    idx[t->blocking.axis]
                              : 0;
    return storage_element(t, idx, lane);
}

static unsigned char *at(const rb_tensor *t, unsigned char *buf, int64_t e,
                         size_t elem_size)
{
    return buf + (int64_t)t->offset + e * (int64_t)elem_size;
}

static bool next(int64_t *idx, const int64_t *shape, int rank)
{
    for (int d = rank - 1; d >= 0; d--) {
        if (++idx[d] < shape[d])
            return true;
        idx[d] = 0;
    }
    return false;
}

static int64_t count(const int64_t *shape, int rank)
{
    int64_t n = 1;
    for (int d = 0; d < rank; d++)
        n *= shape[d];
    return n;
}

/* The tensor's logical elements, row-major, into a new dense buffer. */
static unsigned char *unblock(const rb_tensor *t, const unsigned char *buf,
                              size_t elem_size)
{
    int64_t n = count(t->shape, t->rank), idx[CLSLICE_MAX_RANK] = {0};
    unsigned char *dense = malloc((size_t)n * elem_size + 1);
    assert_non_null(dense);
    for (int64_t i = 0; i < n; i++, next(idx, t->shape, t->rank))
        memcpy(dense + i * (int64_t)elem_size,
               at(t, (unsigned char *)buf, element(t, idx), elem_size),
               elem_size);
    return dense;
}

/* Writes a dense tensor back through t at its logical elements. */
static void block(const rb_tensor *t, const unsigned char *dense,
                  unsigned char *buf, size_t elem_size)
{
    int64_t n = count(t->shape, t->rank), idx[CLSLICE_MAX_RANK] = {0};
    for (int64_t i = 0; i < n; i++, next(idx, t->shape, t->rank))
        memcpy(at(t, buf, element(t, idx), elem_size),
               dense + i * (int64_t)elem_size, elem_size);
}

/* Zeros every padding lane of a blocked tensor's storage. */
static void zero_padding(const rb_tensor *t, unsigned char *buf,
                         size_t elem_size)
{
    int a = t->blocking.axis;
    int64_t storage[CLSLICE_MAX_RANK], idx[CLSLICE_MAX_RANK] = {0};
    memcpy(storage, t->shape, sizeof storage);
    storage[a] = rb_blocks(t, t->shape[a]) * t->blocking.block;
    int64_t n = count(storage, t->rank);
    for (int64_t i = 0; i < n; i++, next(idx, storage, t->rank)) {
        int64_t c = idx[a] - t->blocking.first_lane;
        if (c < 0 || c >= t->shape[a])
            memset(at(t, buf, storage_element(t, idx, idx[a]), elem_size), 0,
                   elem_size);
    }
}

void rb_gather(const clslice_plan *plan, size_t elem_size,
               const unsigned char *src, const rb_tensor *sv,
               unsigned char *dst, const rb_tensor *dv)
{
    int64_t in = count(sv->shape, sv->rank), out = count(dv->shape, dv->rank);
    unsigned char *dense_in = unblock(sv, src, elem_size);
    unsigned char *dense_out = malloc((size_t)out * elem_size + 1);
    assert_non_null(dense_out);
    clslice_error err;
    if (clslice_host_gather(plan, elem_size, dense_in,
                            (size_t)in * elem_size, dense_out,
                            (size_t)out * elem_size, &err) != CLSLICE_OK)
        fail_msg("reference gather: %s", err.message);
    if (dv->blocked && out > 0)
        zero_padding(dv, dst, elem_size);
    block(dv, dense_out, dst, elem_size);
    free(dense_in);
    free(dense_out);
}

void rb_scatter(const clslice_plan *plan, size_t elem_size,
                const unsigned char *value, const rb_tensor *vv,
                clslice_value_rule rule, unsigned char *dst,
                const rb_tensor *dv)
{
    int64_t nv = count(vv->shape, vv->rank), nd = count(dv->shape, dv->rank);
    unsigned char *dense_value = unblock(vv, value, elem_size);
    unsigned char *dense_dst = unblock(dv, dst, elem_size);
    clslice_error err;
    if (clslice_host_scatter(plan, elem_size, dense_value, vv->shape,
                             vv->rank, (size_t)nv * elem_size, rule,
                             dense_dst, (size_t)nd * elem_size,
                             &err) != CLSLICE_OK)
        fail_msg("reference scatter: %s", err.message);
    block(dv, dense_dst, dst, elem_size);
    free(dense_value);
    free(dense_dst);
}
