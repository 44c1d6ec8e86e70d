/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Random strided tensors for the strided tests, and a naive reference of
 * the gather and the scatter between them that uses only the plan's
 * public per-dimension start/step/count and output sources, never a
 * layout.
 *
 * A random tensor nests its dims in a random order, each at the stride the
 * dims inside it span, times a padding now and then (a padded or sliced
 * layout), with a random sign (reversed axes), and, for sources only, now
 * and then a stride of 0 (a broadcast).  The innermost stride is 1 or 2 (an
 * interleaved tensor).  One in eight is plain row-major and passed
 * as NULL strides.  Element 0 sits after the bytes the negative strides
 * reach, plus some slack that is 0, a multiple of 16 or odd.
 */
#ifndef CLSLICE_TEST_RANDSTRIDED_H
#define CLSLICE_TEST_RANDSTRIDED_H

#include <stdbool.h>
#include <string.h>

#include "randplan.h"
#include "testutil.h"

typedef struct rs_tensor {
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
    int64_t stride[CLSLICE_MAX_RANK]; /* always filled (row-major if NULL) */
    bool null_strides;                /* pass NULL to the library */
    bool empty;
    int64_t low, high; /* element extent around element 0 */
    size_t offset;     /* byte offset of element 0 */
    size_t need;       /* bytes up to its last byte */
} rs_tensor;

/* "shape [..] strides [..] offset N" (strides NULL when passed so). */
void rs_describe(const rs_tensor *v, char *buf, size_t size);

/* The strides to pass. */
const int64_t *rs_strides(const rs_tensor *v);

/* A random strided tensor of `shape`; `repeat` allows zero strides
 * (sources). */
void rs_random_tensor(tu_rng *rng, const int64_t *shape, int rank,
                      bool repeat, size_t elem_size, rs_tensor *v);

/* The same shape, row-major, at `offset`. */
void rs_dense_tensor(const int64_t *shape, int rank, size_t offset,
                     size_t elem_size, rs_tensor *v);

/* Naive gather: output element `out` of the final shape from the input
 * element the plan reads for it. */
void rs_gather(const clslice_plan *plan, size_t elem_size,
               const unsigned char *src, const rs_tensor *sv,
               unsigned char *dst, const rs_tensor *dv);

/* Naive scatter: every element of the slice (final shape) from the value
 * element numpy broadcasting picks. */
void rs_scatter(const clslice_plan *plan, size_t elem_size,
                const unsigned char *value, const rs_tensor *vv,
                unsigned char *dst, const rs_tensor *dv);

#endif
