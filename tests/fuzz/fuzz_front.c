/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * libFuzzer target: every structured front-end (TensorFlow, OpenVINO,
 * MXNet slice / slice_axis / slice_like, ONNX) on specs decoded from the
 * input, then, when the plan builds, every host check of fz_check_plan;
 * and the split family's rules (clslice_split_ranges).
 *
 * Input: a front byte (from 0xf0 a split, else % 6 a front-end), a rank
 * byte and the dims, the front's
 * arguments in the order of its C signature, then the bytes fz_check_plan
 * reads, then a byte choosing dims to make unknown: the same spec is
 * planned again on that shape and must agree with the known plan.  Every array is malloc'd with exactly its length, so a front-end
 * that reads past a spec's length is an ASan report.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { FRONT_TF, FRONT_OPENVINO, FRONT_MXNET, FRONT_AXIS, FRONT_LIKE,
       FRONT_ONNX, FRONT_COUNT };

/* Spec lengths: mostly 0..8, rarely 60..75 (around CLSLICE_MAX_SLOTS). */
static size_t slot_len(fz_reader *r)
{
    uint8_t t = fz_u8(r);
    return t < 0xf0 ? t % 9u : 60u + (t - 0xf0u);
}

/* Everything malloc'd for one input, freed at the end. */
typedef struct arena {
    void *ptr[32];
    int n;
} arena;

static void *take(arena *a, size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p || a->n == 32)
        fz_die("arena", a->n, (long long)bytes);
    a->ptr[a->n++] = p;
    return p;
}

/* An int64 vector of exactly len entries (NULL when `null`). */
static int64_t *i64_vec(fz_reader *r, arena *a, size_t len, int null)
{
    if (null)
        return NULL;
    int64_t *v = take(a, len * sizeof *v);
    for (size_t i = 0; i < len; i++)
        v[i] = fz_i64(r);
    return v;
}

/* A mask entry: 0 or 1 mostly, rarely 2..16 or -1. */
static int64_t mask_bit(fz_reader *r)
{
    uint8_t t = fz_u8(r);
    if (t < 0xf0)
        return t & 1;
    return t == 0xff ? -1 : (int64_t)(t - 0xf0) + 2;
}

/* A TF bitmask: one byte below 0x80, else the 4 bytes that follow. */
static int32_t tf_mask(fz_reader *r)
{
    uint8_t t = fz_u8(r);
    if (t < 0x80)
        return t;
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)fz_u8(r) << (8 * i);
    int32_t out;
    memcpy(&out, &v, sizeof out);
    return out;
}

static clslice_opt_int64 opt_i64(fz_reader *r)
{
    clslice_opt_int64 o = {0, fz_u8(r) & 1};
    if (!o.is_none)
        o.value = fz_i64(r);
    return o;
}

static clslice_opt_int64 *opt_vec(fz_reader *r, arena *a, size_t len)
{
    clslice_opt_int64 *v = take(a, len * sizeof *v);
    for (size_t i = 0; i < len; i++)
        v[i] = opt_i64(r);
    return v;
}

/* TF index vectors in the chosen index type (int32 values truncated). */
static const void *tf_vec(fz_reader *r, arena *a, size_t len, int int32,
                          int null)
{
    int64_t *v = i64_vec(r, a, len, null);
    if (!v || !int32)
        return v;
    int32_t *w = take(a, len * sizeof *w);
    for (size_t i = 0; i < len; i++)
        w[i] = (int32_t)v[i];
    return w;
}

static clslice_status plan_tf(fz_reader *r, arena *a, const int64_t *shape,
                              int rank, clslice_plan **plan,
                              clslice_error *err)
{
    clslice_tf_spec s;
    uint8_t flags = fz_u8(r);
    int int32 = flags & 1;
    s.index_type = int32 ? CLSLICE_INT32 : CLSLICE_INT64;
    s.begin_len = slot_len(r);
    s.begin = tf_vec(r, a, s.begin_len, int32, flags & 2);
    s.end_len = slot_len(r);
    s.end = tf_vec(r, a, s.end_len, int32, flags & 4);
    s.strides_len = slot_len(r);
    s.strides = tf_vec(r, a, s.strides_len, int32, flags & 8);
    s.begin_mask = tf_mask(r);
    s.end_mask = tf_mask(r);
    s.ellipsis_mask = tf_mask(r);
    s.new_axis_mask = tf_mask(r);
    s.shrink_axis_mask = tf_mask(r);
    return clslice_plan_tf(shape, rank, &s, plan, err);
}

static const int64_t *mask_vec(fz_reader *r, arena *a, size_t *len)
{
    *len = slot_len(r);
    if (*len == 0)
        return NULL;
    int64_t *v = take(a, *len * sizeof *v);
    for (size_t i = 0; i < *len; i++)
        v[i] = mask_bit(r);
    return v;
}

static clslice_status plan_openvino(fz_reader *r, arena *a,
                                    const int64_t *shape, int rank,
                                    clslice_plan **plan, clslice_error *err)
{
    clslice_openvino_spec s;
    uint8_t flags = fz_u8(r);
    s.begin_len = slot_len(r);
    s.begin = i64_vec(r, a, s.begin_len, flags & 1);
    s.end_len = slot_len(r);
    s.end = i64_vec(r, a, s.end_len, flags & 2);
    s.strides_len = slot_len(r);
    s.strides = i64_vec(r, a, s.strides_len, flags & 4);
    s.begin_mask = mask_vec(r, a, &s.begin_mask_len);
    s.end_mask = mask_vec(r, a, &s.end_mask_len);
    s.new_axis_mask = mask_vec(r, a, &s.new_axis_mask_len);
    s.shrink_axis_mask = mask_vec(r, a, &s.shrink_axis_mask_len);
    s.ellipsis_mask = mask_vec(r, a, &s.ellipsis_mask_len);
    return clslice_plan_openvino(shape, rank, &s, plan, err);
}

static clslice_status plan_mxnet(fz_reader *r, arena *a, const int64_t *shape,
                                 int rank, clslice_plan **plan,
                                 clslice_error *err)
{
    size_t nb = slot_len(r);
    clslice_opt_int64 *b = opt_vec(r, a, nb);
    size_t ne = slot_len(r);
    clslice_opt_int64 *e = opt_vec(r, a, ne);
    size_t ns = slot_len(r);
    clslice_opt_int64 *s = opt_vec(r, a, ns);
    return clslice_plan_mxnet(shape, rank, b, nb, e, ne, s, ns, plan, err);
}

static clslice_status plan_axis(fz_reader *r, const int64_t *shape, int rank,
                                clslice_plan **plan, clslice_error *err)
{
    int64_t axis = fz_i64(r);
    int64_t begin = fz_i64(r);
    clslice_opt_int64 end = opt_i64(r);
    return clslice_plan_mxnet_slice_axis(shape, rank, axis, begin, end, plan,
                                         err);
}

static clslice_status plan_like(fz_reader *r, arena *a, const int64_t *shape,
                                int rank, clslice_plan **plan,
                                clslice_error *err)
{
    int like_rank = fz_rank(r);
    int64_t *like = take(a, sizeof(int64_t) *
                                (like_rank > 0 ? (size_t)like_rank : 0));
    fz_shape(r, like, like_rank);
    size_t axes_len = slot_len(r);
    int64_t *axes = i64_vec(r, a, axes_len, axes_len == 0 && (fz_u8(r) & 1));
    return clslice_plan_mxnet_slice_like(shape, rank, like, like_rank, axes,
                                         axes_len, plan, err);
}

static clslice_status plan_onnx(fz_reader *r, arena *a, const int64_t *shape,
                                int rank, clslice_plan **plan,
                                clslice_error *err)
{
    uint8_t flags = fz_u8(r);
    size_t ns = slot_len(r);
    int64_t *starts = i64_vec(r, a, ns, 0);
    size_t ne = slot_len(r);
    int64_t *ends = i64_vec(r, a, ne, 0);
    size_t na = slot_len(r);
    int64_t *axes = i64_vec(r, a, na, flags & 1);
    size_t nt = slot_len(r);
    int64_t *steps = i64_vec(r, a, nt, flags & 2);
    return clslice_plan_onnx(shape, rank, starts, ns, ends, ne, axes, na,
                             steps, nt, plan, err);
}

static clslice_status build(int front, fz_reader *r, arena *a,
                            const int64_t *shape, int rank,
                            clslice_plan **plan, clslice_error *err)
{
    switch (front) {
    case FRONT_TF: return plan_tf(r, a, shape, rank, plan, err);
    case FRONT_OPENVINO: return plan_openvino(r, a, shape, rank, plan, err);
    case FRONT_MXNET: return plan_mxnet(r, a, shape, rank, plan, err);
    case FRONT_AXIS: return plan_axis(r, shape, rank, plan, err);
    case FRONT_LIKE: return plan_like(r, a, shape, rank, plan, err);
    default: return plan_onnx(r, a, shape, rank, plan, err);
    }
}

/* The same spec (decoded again from spec_at) on the shape with some dims
 * unknown must agree with the known plan wherever it knows a value. */
static void check_unknown(int front, fz_reader *r, size_t spec_at,
                          arena *a, const int64_t *shape, int rank,
                          const clslice_plan *known)
{
    if (rank <= 0 || rank > CLSLICE_MAX_RANK)
        return;
    int64_t *partial_shape = take(a, sizeof(int64_t) * (size_t)rank);
    fz_unknown_shape(r, shape, rank, partial_shape);
    fz_reader again = {r->data, r->size, spec_at};
    clslice_plan *partial = NULL;
    clslice_error err;
    clslice_status st = build(front, &again, a, partial_shape, rank,
                              &partial, &err);
    fz_check_status(st, &err);
    if (partial)
        fz_check_less_known(known, partial);
    clslice_plan_release(&partial);
}

/* A split: a style byte (one past the last style included), the axis,
 * the number, a flag byte (bit 0: no list) and the list, exactly sized.
 * The count query and the full call must agree, and on a known axis
 * every piece must lie inside it; huge piece counts (ONNX num_outputs of
 * 2^32 + 1, say) are only counted. */
static void check_split(fz_reader *r, arena *a, const int64_t *shape,
                        int rank)
{
    clslice_split_spec s;
    s.style = (clslice_split_style)(fz_u8(r) % (CLSLICE_SPLIT_TORCH_CHUNK + 2));
    s.axis = fz_i64(r);
    s.number = fz_i64(r);
    int no_list = fz_u8(r) & 1;
    s.list_len = slot_len(r);
    s.list = i64_vec(r, a, s.list_len, no_list);
    size_t count = 0, again = 0;
    clslice_error err;
    clslice_status st = clslice_split_ranges(shape, rank, &s, NULL, NULL, 0,
                                             &count, &err);
    fz_check_status(st, &err);
    if (st != CLSLICE_OK || count > FZ_MAX_ELEMENTS)
        return;
    int64_t *starts = take(a, count * sizeof *starts);
    int64_t *sizes = take(a, count * sizeof *sizes);
    st = clslice_split_ranges(shape, rank, &s, starts, sizes, count, &again,
                              &err);
    fz_check_status(st, &err);
    if (st != CLSLICE_OK || again != count)
        fz_die("a split's count query and full call disagree", st,
               (long long)again);
    int axis = (int)(s.axis < 0 ? s.axis + rank : s.axis);
    int64_t n = shape[axis];
    for (size_t i = 0; i < count && n != CLSLICE_UNKNOWN; i++)
        if (starts[i] < 0 || sizes[i] < 0 || starts[i] > n - sizes[i])
            fz_die("a split piece leaves its axis", starts[i], sizes[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = {data, size, 0};
    arena a = {{0}, 0};
    uint8_t selector = fz_u8(&r);
    int front = selector % FRONT_COUNT;
    int rank = fz_rank(&r);
    /* Exactly rank dims on the heap, so a read past the shape is caught. */
    int64_t *shape = take(&a, sizeof(int64_t) * (rank > 0 ? (size_t)rank : 0));
    fz_shape(&r, shape, rank);
    size_t spec_at = r.pos;
    if (selector >= 0xf0) {
        check_split(&r, &a, shape, rank);
        for (int i = 0; i < a.n; i++)
            free(a.ptr[i]);
        return 0;
    }

    clslice_plan *plan = NULL;
    clslice_error err;
    clslice_status st = build(front, &r, &a, shape, rank, &plan, &err);
    fz_check_status(st, &err);
    if ((st == CLSLICE_OK) != (plan != NULL))
        fz_die("plan pointer disagrees with the status", st, 0);
    if (plan) {
        fz_check_plan(plan, &r);
        if (clslice_plan_is_known(plan))
            check_unknown(front, &r, spec_at, &a, shape, rank, plan);
    }
    clslice_plan_release(&plan);
    for (int i = 0; i < a.n; i++)
        free(a.ptr[i]);
    return 0;
}
