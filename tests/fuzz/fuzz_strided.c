/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * libFuzzer target: clslice_host_gather2 and clslice_host_scatter2 on
 * strided and blocked views decoded from the input, on heap
 * buffers of exactly the decoded sizes, so a view the checks let through
 * that reaches outside its buffer is an ASan report.
 *
 * Input: a rank byte (% 5) and the dims (fz_dim: below 24 as decoded, a
 * negative one 3, and absurd sizes up to INT64_MAX kept, which only a
 * source of stride 0 or a refusal can hold in a small buffer), then per
 * dim ONNX start, end and step (fz_i64, extremes included); then an
 * element-size byte (% 16 + 1), a mode byte (bit 0: scatter; bit 1: the
 * source is blocked; bit 2: the destination is; bits 3 and 4: the source's
 * and the destination's strides are NULL, the dense storage, whose
 * row-major strides the library computes), then the
 * source strides (input rank for a gather, output rank for the scatter's
 * value, which has the final shape), the destination strides (output
 * rank, or input rank for a scatter), both byte offsets (fz_len up to 255)
 * and both buffer sizes (fz_len up to 255, in units of 16 bytes plus one
 * byte of fz_len up to 15); last, for each blocked side, its axis (one
 * byte, % (rank + 1), so an invalid one is reachable), block and first
 * lane (fz_i64, kept when it fits an int: INT_MAX lanes included).
 *
 * When the call succeeds, every element is recomputed naively from the
 * plan's start/step/count and both views' strides and blockings (in
 * 128-bit arithmetic): each byte read and written must lie in its buffer,
 * no destination byte may be written twice, a blocked gather
 * destination's padding lanes must be zeros, and the destination must
 * equal the recomputation.  When it fails, the destination must be
 * untouched.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct view {
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
    int64_t stride[CLSLICE_MAX_RANK];
    size_t offset, bytes;
    unsigned char *buf;
    bool blocked;
    clslice_blocking blocking;
} view;

/* A blocking member: the decoded value when it fits an int, else a small
 * one. */
static int int_member(fz_reader *r)
{
    int64_t v = fz_i64(r);
    return v >= INT32_MIN && v <= INT32_MAX ? (int)v : (int)(v % 64);
}

static void read_blocking(fz_reader *r, view *v)
{
    if (!v->blocked)
        return;
    v->blocking.axis = fz_u8(r) % (v->rank + 1);
    v->blocking.block = int_member(r);
    v->blocking.first_lane = int_member(r);
}

static void read_strides(fz_reader *r, view *v)
{
    for (int d = 0; d < v->rank; d++)
        v->stride[d] = fz_i64(r);
}

static size_t buffer_size(fz_reader *r)
{
    size_t units = fz_len(r, 255);
    return units * 16 + fz_len(r, 15);
}

static int next(int64_t *coord, const int64_t *shape, int rank)
{
    for (int d = rank - 1; d >= 0; d--) {
        if (++coord[d] < shape[d])
            return 1;
        coord[d] = 0;
    }
    return 0;
}

/* The strides of NULL: the dense storage, row-major, a blocked axis
 * counting blocks and its lanes innermost, a zero dim counted as 1 (only
 * used once the call succeeded, when they fit). */
static void dense(view *v)
{
    int a = v->blocked ? v->blocking.axis : -1;
    __int128 running = v->blocked && v->blocking.block > 0
                           ? v->blocking.block : 1;
    for (int d = v->rank - 1; d >= 0; d--) {
        v->stride[d] = (int64_t)running;
        __int128 n = v->shape[d];
        if (d == a)
            n = (n + v->blocking.first_lane + v->blocking.block - 1) /
                v->blocking.block;
        if (n > 0 && running < ((__int128)1 << 64))
            running *= n;
    }
}

/* Byte offset of the element at `coord`, whose blocked axis (if any)
 * holds storage lane `lane` instead of coord[axis]; dies when any byte of
 * it lies outside the buffer (the call said the view fits). */
static size_t at_lane(const view *v, const int64_t *coord, __int128 lane,
                      size_t elem_size)
{
    __int128 e = 0;
    for (int d = 0; d < v->rank; d++) {
        if (v->blocked && d == v->blocking.axis)
            e += lane / v->blocking.block * v->stride[d] +
                 lane % v->blocking.block;
        else
            e += (__int128)coord[d] * v->stride[d];
    }
    __int128 byte = (__int128)v->offset + e * (__int128)elem_size;
    if (byte < 0 || byte + (__int128)elem_size > (__int128)v->bytes)
        fz_die("a view the checks accepted leaves its buffer",
               (long long)byte, (long long)v->bytes);
    return (size_t)byte;
}

/* Byte offset of element `coord` (a blocked axis's index c is lane
 * first_lane + c). */
static size_t at(const view *v, const int64_t *coord, size_t elem_size)
{
    int a = v->blocked ? v->blocking.axis : 0;
    __int128 lane = v->blocked ? (__int128)v->blocking.first_lane + coord[a]
                               : 0;
    return at_lane(v, coord, lane, elem_size);
}

/* A blocked gather destination's padding lanes, written as zeros: the
 * lanes of its blocks before first_lane and past first_lane + size, at
 * every index of the other dims. */
static void padding(const view *dst, size_t es, unsigned char *want,
                    unsigned char *hits)
{
    int a = dst->blocking.axis;
    __int128 b = dst->blocking.block, first = dst->blocking.first_lane,
             size = dst->shape[a];
    __int128 lanes = (first + size + b - 1) / b * b;
    int64_t coord[CLSLICE_MAX_RANK] = {0}, others[CLSLICE_MAX_RANK];
    for (int d = 0; d < dst->rank; d++) {
        others[d] = d == a ? 1 : dst->shape[d];
        if (dst->shape[d] == 0)
            return;
    }
    do {
        for (__int128 x = 0; x < lanes; x++) {
            if (x >= first && x < first + size)
                continue;
            size_t to = at_lane(dst, coord, x, es);
            for (size_t k = 0; k < es; k++)
                if (hits[to + k]++)
                    fz_die("a destination byte is written twice",
                           (long long)(to + k), 0);
            memset(want + to, 0, es);
        }
    } while (next(coord, others, dst->rank));
}

/* The recomputation into `want` (a copy of dst before the call), marking
 * every destination byte written in `hits`. */
static void recompute(const clslice_plan *plan, int scatter, size_t es,
                      const view *src, const view *dst, unsigned char *want,
                      unsigned char *hits)
{
    int rank = clslice_plan_input_rank(plan);
    int out_rank = clslice_plan_output_rank(plan);
    int64_t final[CLSLICE_MAX_RANK], out[CLSLICE_MAX_RANK] = {0},
            in[CLSLICE_MAX_RANK], start[CLSLICE_MAX_RANK],
            step[CLSLICE_MAX_RANK], count[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, final);
    for (int d = 0; d < rank; d++)
        clslice_plan_dim(plan, d, &start[d], &step[d], &count[d], NULL);
    if (clslice_plan_output_elements(plan) <= 0)
        return;
    if (!scatter && dst->blocked)
        padding(dst, es, want, hits);
    do {
        for (int d = 0; d < rank; d++)
            in[d] = start[d];
        for (int j = 0; j < out_rank; j++) {
            int k = clslice_plan_output_source(plan, j);
            if (k >= 0)
                in[k] = start[k] + step[k] * out[j];
        }
        size_t from = at(src, scatter ? out : in, es);
        size_t to = at(dst, scatter ? in : out, es);
        for (size_t b = 0; b < es; b++)
            if (hits[to + b]++)
                fz_die("a destination byte is written twice",
                       (long long)(to + b), 0);
        memcpy(want + to, src->buf + from, es);
    } while (next(out, final, out_rank));
}

static void run(const clslice_plan *plan, fz_reader *r)
{
    size_t es = (size_t)fz_len(r, 15) + 1;
    int mode = fz_u8(r), scatter = mode & 1;
    int rank = clslice_plan_input_rank(plan);
    int out_rank = clslice_plan_output_rank(plan);
    view src = {.rank = scatter ? out_rank : rank, .blocked = mode & 2};
    view dst = {.rank = scatter ? rank : out_rank, .blocked = mode & 4};
    int64_t in_shape[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(plan, in_shape);
    clslice_plan_output_shape(plan, scatter ? src.shape : dst.shape);
    memcpy(scatter ? dst.shape : src.shape, in_shape, sizeof in_shape);
    read_strides(r, &src);
    read_strides(r, &dst);
    src.offset = fz_len(r, 255);
    dst.offset = fz_len(r, 255);
    src.bytes = buffer_size(r);
    dst.bytes = buffer_size(r);
    read_blocking(r, &src);
    read_blocking(r, &dst);
    bool valid_blocks = (!src.blocked || src.blocking.block > 0) &&
                        (!dst.blocked || dst.blocking.block > 0);
    if ((mode & 8) && valid_blocks)
        dense(&src);
    if ((mode & 16) && valid_blocks)
        dense(&dst);
    src.buf = malloc(src.bytes ? src.bytes : 1);
    dst.buf = malloc(dst.bytes ? dst.bytes : 1);
    unsigned char *before = malloc(dst.bytes ? dst.bytes : 1);
    if (!src.buf || !dst.buf || !before)
        fz_die("malloc", 0, 0);
    for (size_t i = 0; i < src.bytes; i++)
        src.buf[i] = (unsigned char)(i * 31 + 7);
    for (size_t i = 0; i < dst.bytes; i++)
        dst.buf[i] = before[i] = (unsigned char)(i * 13 + 5);

    clslice_host_tensor in = {src.buf, src.bytes, src.offset,
                              mode & 8 ? NULL : src.stride};
    clslice_host_tensor out = {dst.buf, dst.bytes, dst.offset,
                               mode & 16 ? NULL : dst.stride};
    clslice_error err;
    clslice_status st;
    if (scatter) {
        clslice_host_scatter_desc d = CLSLICE_HOST_SCATTER_DESC_INIT;
        d.plan = plan;
        d.elem_size = es;
        d.value = in;
        d.value_shape = src.shape;
        d.value_rank = src.rank;
        d.rule = CLSLICE_VALUE_EXACT;
        d.dst = out;
        d.value_blocking = src.blocked ? &src.blocking : NULL;
        d.dst_blocking = dst.blocked ? &dst.blocking : NULL;
        st = clslice_host_scatter2(&d, &err);
    } else {
        clslice_host_gather_desc d = CLSLICE_HOST_GATHER_DESC_INIT;
        d.plan = plan;
        d.elem_size = es;
        d.src = in;
        d.dst = out;
        d.src_blocking = src.blocked ? &src.blocking : NULL;
        d.dst_blocking = dst.blocked ? &dst.blocking : NULL;
        st = clslice_host_gather2(&d, &err);
    }
    fz_check_status(st, &err);
    if (st == CLSLICE_OK) {
        unsigned char *hits = calloc(dst.bytes ? dst.bytes : 1, 1);
        if (!hits)
            fz_die("calloc", 0, 0);
        recompute(plan, scatter, es, &src, &dst, before, hits);
        free(hits);
    }
    if (memcmp(dst.buf, before, dst.bytes) != 0)
        fz_die(st == CLSLICE_OK ? "the result differs from the naive one"
                                : "a failing call wrote its destination",
               (long long)st, 0);
    free(src.buf);
    free(dst.buf);
    free(before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = {data, size, 0};
    int rank = fz_u8(&r) % 5;
    int64_t shape[4], starts[4], ends[4], steps[4];
    for (int d = 0; d < rank; d++) {
        int64_t n = fz_dim(&r);
        shape[d] = n >= 0 ? n : 3;
    }
    for (int d = 0; d < rank; d++) {
        starts[d] = fz_i64(&r);
        ends[d] = fz_i64(&r);
        steps[d] = fz_i64(&r);
    }
    clslice_plan *plan = NULL;
    clslice_status st = rank == 0
                            ? clslice_plan_expr(shape, 0, "...", &plan, NULL)
                            : clslice_plan_onnx(shape, rank, starts,
                                                (size_t)rank, ends,
                                                (size_t)rank, NULL, 0, steps,
                                                (size_t)rank, &plan, NULL);
    if (st == CLSLICE_OK)
        run(plan, &r);
    clslice_plan_release(&plan);
    return 0;
}
