/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Random tensors for the blocked-layout tests, plain (randstrided.h) or
 * with one axis blocked, and a reference of the gather and the scatter
 * between them that never builds a layout: it unblocks every tensor into
 * a dense one, slices with the plain host executors, and blocks the
 * result again, writing a blocked destination's padding lanes as zeros
 * (a gather) or leaving them alone (a scatter).
 *
 * A random blocked tensor: a random axis, a block of 1, 2, 3, 4, 8, 16 or
 * 32 lanes, a first lane that is 0 or random, and its storage dims (the
 * axis counting blocks) nested in a random order outside the lanes, each
 * padded now and then and reversed now and then; one in three is dense
 * (NULL strides).
 */
#ifndef CLSLICE_TEST_RANDBLOCKED_H
#define CLSLICE_TEST_RANDBLOCKED_H

#include <stdbool.h>

#include "randstrided.h"

typedef struct rb_tensor {
    int rank; /* logical */
    int64_t shape[CLSLICE_MAX_RANK];
    bool blocked;
    clslice_blocking blocking;
    int64_t stride[CLSLICE_MAX_RANK]; /* per logical dim; the axis's is the
                                       * stride between blocks */
    bool null_strides;
    size_t offset; /* byte offset of element 0 */
    size_t need;   /* bytes up to its last byte (offset when empty) */
} rb_tensor;

/* A random tensor of `shape`: blocked when `blocked` and rank >= 1,
 * else a random strided one (`repeat`: zero strides allowed). */
void rb_random_tensor(tu_rng *rng, const int64_t *shape, int rank,
                      bool blocked, bool repeat, size_t elem_size,
                      rb_tensor *t);

/* What to pass the library. */
const int64_t *rb_strides(const rb_tensor *t);
const clslice_blocking *rb_blocking(const rb_tensor *t);

/* "shape [..] blocked {axis,block,first} strides [..] offset N". */
void rb_describe(const rb_tensor *t, char *buf, size_t size);

/* Blocks the axis of logical size `size` occupies. */
int64_t rb_blocks(const rb_tensor *t, int64_t size);

/* The reference gather of `plan` from src (described by sv) into dst
 * (described by dv), both whole buffers. */
void rb_gather(const clslice_plan *plan, size_t elem_size,
               const unsigned char *src, const rb_tensor *sv,
               unsigned char *dst, const rb_tensor *dv);

/* The reference scatter of the value (vv, its shape vv->shape) into the
 * slice of dst under `rule` (the shape fits the rule). */
void rb_scatter(const clslice_plan *plan, size_t elem_size,
                const unsigned char *value, const rb_tensor *vv,
                clslice_value_rule rule, unsigned char *dst,
                const rb_tensor *dv);

#endif
