/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Making loaded .npy data C order and little-endian, so that everything
 * after loading (plans, host and device gathers, the writer) deals with one
 * layout only. */
#include "npy_internal.h"

#include <stdlib.h>
#include <string.h>

void npy_swap_bytes(unsigned char *data, size_t bytes, size_t unit)
{
    if (unit < 2)
        return;
    for (size_t at = 0; at + unit <= bytes; at += unit) {
        for (size_t i = 0, j = unit - 1; i < j; i++, j--) {
            unsigned char t = data[at + i];
            data[at + i] = data[at + j];
            data[at + j] = t;
        }
    }
}

/* Fortran and C order store the same sequence when at most one dimension
 * has more than one index. */
static bool same_in_both_orders(const int64_t *shape, int rank)
{
    int long_dims = 0;
    for (int d = 0; d < rank; d++)
        long_dims += shape[d] > 1;
    return long_dims <= 1;
}

/* Walks the source in its own (Fortran) order, dimension 0 fastest, and
 * keeps the C-order offset of the current coordinate up to date, so each
 * element costs one memcpy and a few additions. */
static void permute(unsigned char *dst, const unsigned char *src,
                    size_t elements, const int64_t *shape, int rank,
                    size_t elem_size)
{
    size_t c_stride[CLSLICE_MAX_RANK];
    int64_t index[CLSLICE_MAX_RANK] = {0};
    size_t stride = elem_size;
    for (int d = rank - 1; d >= 0; d--) {
        c_stride[d] = stride;
        stride *= (size_t)shape[d];
    }
    size_t at = 0; /* C-order byte offset of `index` */
    for (size_t e = 0; e < elements; e++) {
        memcpy(dst + at, src + e * elem_size, elem_size);
        for (int d = 0; d < rank; d++) {
            at += c_stride[d];
            if (++index[d] < shape[d])
                break;
            at -= (size_t)shape[d] * c_stride[d];
            index[d] = 0;
        }
    }
}

bool npy_fortran_to_c(const unsigned char *data, unsigned char **copy,
                      size_t bytes, const int64_t *shape, int rank,
                      size_t elem_size)
{
    *copy = NULL;
    if (bytes == 0 || same_in_both_orders(shape, rank))
        return true;
    *copy = malloc(bytes);
    if (!*copy)
        return false;
    permute(*copy, data, bytes / elem_size, shape, rank, elem_size);
    return true;
}
