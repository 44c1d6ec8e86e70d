/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The public interval shape inference calls (docs/SEMANTICS.md §20).
 * Strided slices (TensorFlow, TFLite, OpenVINO, ONNX, Slice-8) go through
 * their front-end's slots and interval.c; tf.slice, stablehlo.slice and
 * torch.narrow, whose output sizes are simple in their values but carry
 * validity rules of their own, have closed forms here.
 */
#include "core/fronts/fronts.h"
#include "core/interval/interval.h"

/* Entry i of a value array: its interval, the concrete value, or any. */
static clslice_interval value_at(const clslice_interval *given,
                                 const int64_t *values64,
                                 const int32_t *values32, size_t i)
{
    if (given)
        return given[i];
    if (values64)
        return (clslice_interval){values64[i], values64[i]};
    if (values32)
        return (clslice_interval){values32[i], values32[i]};
    return cs_any_value;
}

static void spec_bounds(const clslice_interval *begin,
                        const clslice_interval *end, const void *begin_values,
                        const void *end_values, bool int32, size_t count,
                        cs_bounds *bounds)
{
    for (size_t i = 0; i < count; i++) {
        bounds[i].begin = value_at(begin, int32 ? NULL : begin_values,
                                   int32 ? begin_values : NULL, i);
        bounds[i].end = value_at(end, int32 ? NULL : end_values,
                                 int32 ? end_values : NULL, i);
    }
}

clslice_status clslice_infer_tf(const clslice_interval *shape, int rank,
                                const clslice_tf_spec *spec,
                                const clslice_interval *begin,
                                const clslice_interval *end,
                                clslice_interval *out_shape, int *out_rank,
                                clslice_error *err)
{
    cs_slot slots[CS_TF_MAX_SLOTS];
    cs_bounds bounds[CS_TF_MAX_SLOTS];
    clslice_status st = cs_tf_slots(spec, slots, err);
    if (st != CLSLICE_OK)
        return st;
    spec_bounds(begin, end, spec->begin, spec->end,
                spec->index_type == CLSLICE_INT32, spec->strides_len, bounds);
    return cs_infer_slots(shape, rank, slots, bounds, (int)spec->strides_len,
                          &cs_tf_rules, out_shape, out_rank, err);
}

clslice_status clslice_infer_tflite(const clslice_interval *shape, int rank,
                                    const clslice_tflite_spec *spec,
                                    const clslice_interval *begin,
                                    const clslice_interval *end,
                                    clslice_interval *out_shape,
                                    int *out_rank, clslice_error *err)
{
    if (!spec)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "spec is NULL");
    if (spec->offset)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "offset = %d: interval inference does not model an "
                       "end relative to the begin", spec->offset);
    clslice_status st = cs_check_interval_shape(shape, rank, err);
    if (st == CLSLICE_OK)
        st = cs_tflite_check_rank(spec, rank, err);
    if (st != CLSLICE_OK)
        return st;
    clslice_tf_spec tf = cs_tflite_as_tf(spec);
    if (spec->begin_len > CS_TF_MAX_SLOTS)
        return clslice_infer_tf(shape, rank, &tf, begin, end, out_shape,
                                out_rank, err); /* words the length error */
    /* A shrink slot with its begin_mask bit reads index 0 (front_tflite.c). */
    clslice_interval begins[CS_TF_MAX_SLOTS];
    for (size_t i = 0; i < spec->begin_len; i++) {
        bool masked_shrink = ((uint32_t)spec->shrink_axis_mask >> i) & 1u &&
                             ((uint32_t)spec->begin_mask >> i) & 1u;
        begins[i] = masked_shrink ? (clslice_interval){0, 0}
                                  : value_at(begin, NULL, spec->begin, i);
    }
    return clslice_infer_tf(shape, rank, &tf, begins, end, out_shape,
                            out_rank, err);
}

clslice_status clslice_infer_openvino(const clslice_interval *shape, int rank,
                                      const clslice_openvino_spec *spec,
                                      const clslice_interval *begin,
                                      const clslice_interval *end,
                                      clslice_interval *out_shape,
                                      int *out_rank, clslice_error *err)
{
    cs_slot slots[CLSLICE_MAX_SLOTS];
    cs_bounds bounds[CLSLICE_MAX_SLOTS];
    clslice_status st = cs_openvino_slots(spec, slots, err);
    if (st != CLSLICE_OK)
        return st;
    spec_bounds(begin, end, spec->begin, spec->end, false, spec->begin_len,
                bounds);
    return cs_infer_slots(shape, rank, slots, bounds, (int)spec->begin_len,
                          &cs_openvino_rules, out_shape, out_rank, err);
}

static clslice_status infer_axes(const clslice_interval *shape, int rank,
                                 const clslice_interval *starts,
                                 size_t starts_len,
                                 const clslice_interval *ends, size_t ends_len,
                                 const int64_t *axes, size_t axes_len,
                                 const int64_t *steps, size_t steps_len,
                                 const cs_axes_names *names,
                                 clslice_interval *out_shape,
                                 clslice_error *err)
{
    clslice_status st = cs_check_interval_shape(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    if ((starts_len && !starts) || (ends_len && !ends))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is NULL but has a nonzero length",
                       starts_len && !starts ? names->starts : names->ends);
    cs_slot slots[CLSLICE_MAX_RANK] = {0};
    cs_bounds bounds[CLSLICE_MAX_RANK] = {0};
    int entry_of[CLSLICE_MAX_RANK];
    st = cs_axes_entry_slots(rank, starts_len, ends_len, axes, axes_len,
                             steps, steps_len, names, slots, entry_of, err);
    if (st != CLSLICE_OK)
        return st;
    for (int d = 0; d < rank; d++)
        if (entry_of[d] >= 0)
            bounds[d] = (cs_bounds){starts[entry_of[d]], ends[entry_of[d]]};
    return cs_infer_slots(shape, rank, slots, bounds, rank, &cs_onnx_rules,
                          out_shape, NULL, err);
}

clslice_status clslice_infer_onnx(const clslice_interval *shape, int rank,
                                  const clslice_interval *starts,
                                  size_t starts_len,
                                  const clslice_interval *ends,
                                  size_t ends_len, const int64_t *axes,
                                  size_t axes_len, const int64_t *steps,
                                  size_t steps_len,
                                  clslice_interval *out_shape,
                                  clslice_error *err)
{
    return infer_axes(shape, rank, starts, starts_len, ends, ends_len, axes,
                      axes_len, steps, steps_len, &cs_onnx_names, out_shape,
                      err);
}

clslice_status clslice_infer_openvino_slice(
    const clslice_interval *shape, int rank, const clslice_interval *start,
    size_t start_len, const clslice_interval *stop, size_t stop_len,
    const int64_t *step, size_t step_len, const int64_t *axes,
    size_t axes_len, clslice_interval *out_shape, clslice_error *err)
{
    static const cs_axes_names names = {"start", "stop", "axes", "step",
                                        "OpenVINO Slice-8"};
    if (!step && start_len > 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "step is NULL: OpenVINO Slice-8 requires it");
    return infer_axes(shape, rank, start, start_len, stop, stop_len, axes,
                      axes_len, step, step_len, &names, out_shape, err);
}

/* ---- closed forms ---------------------------------------------------- */

/* The hull of two intervals (either may be empty: lo > hi, with an
 * unbounded hi as the largest). */
static clslice_interval hull(clslice_interval a, clslice_interval b)
{
    if (a.lo > cs_dim_top(a))
        return b;
    if (b.lo > cs_dim_top(b))
        return a;
    clslice_interval out = {a.lo < b.lo ? a.lo : b.lo, 0};
    out.hi = a.hi == CLSLICE_UNBOUNDED || b.hi == CLSLICE_UNBOUNDED
                 ? CLSLICE_UNBOUNDED
                 : (a.hi > b.hi ? a.hi : b.hi);
    return out;
}

static const clslice_interval empty_interval = {1, 0};

/* [lo, limit] where `limit` came from the largest size: unbounded when
 * that size is (and the limit binds). */
static clslice_interval up_to(int64_t lo, int64_t limit, int64_t cap,
                              bool size_unbounded)
{
    if (lo > limit || lo > cap)
        return empty_interval;
    if (cap < limit)
        return (clslice_interval){lo, cap};
    return (clslice_interval){lo, size_unbounded ? CLSLICE_UNBOUNDED : limit};
}

static clslice_status no_valid(clslice_error *err, const char *op, size_t d)
{
    return cs_fail(err, CLSLICE_ERROR_INDEX,
                   "%s: dimension %zu: no value in the intervals gives a "
                   "valid slice", op, d);
}

/* tf.slice on one dimension: begin in [0, n]; size -1 (through the end)
 * or 0 <= size <= n - begin. */
static clslice_interval tf_slice_dim(clslice_interval n, clslice_interval b,
                                     clslice_interval s)
{
    int64_t top = cs_dim_top(n);
    bool unbounded = n.hi == CLSLICE_UNBOUNDED;
    int64_t b0 = b.lo > 0 ? b.lo : 0, b1 = b.hi < top ? b.hi : top;
    if (b0 > b1)
        return empty_interval;
    clslice_interval rest = empty_interval, sized = empty_interval;
    if (s.lo <= -1 && s.hi >= -1) /* n - b over b <= n */
        rest = up_to(n.lo - b1 > 0 ? n.lo - b1 : 0, top - b0, INT64_MAX,
                     unbounded);
    if (s.hi >= 0)
        sized = up_to(s.lo > 0 ? s.lo : 0, top - b0, s.hi, unbounded);
    return hull(rest, sized);
}

clslice_status clslice_infer_tf_slice(const clslice_interval *shape, int rank,
                                      const clslice_interval *begin,
                                      const clslice_interval *size,
                                      size_t len, clslice_interval *out_shape,
                                      clslice_error *err)
{
    clslice_status st = cs_check_interval_shape(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    if (!out_shape || (len && (!begin || !size)))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "%s is NULL",
                       !out_shape ? "out_shape" : (!begin ? "begin" : "size"));
    if (len != (size_t)rank)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "begin and size must have one entry per input "
                       "dimension (rank %d), got %zu", rank, len);
    for (size_t d = 0; d < len && st == CLSLICE_OK; d++) {
        st = cs_check_value_interval(begin[d], "begin", d, err);
        if (st == CLSLICE_OK)
            st = cs_check_value_interval(size[d], "size", d, err);
        if (st != CLSLICE_OK)
            break;
        out_shape[d] = tf_slice_dim(shape[d], begin[d], size[d]);
        if (out_shape[d].lo > cs_dim_top(out_shape[d]))
            st = no_valid(err, "tf.slice", d);
    }
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

/* stablehlo.slice on one dimension: 0 <= start <= limit <= n, count
 * ceil((limit - start) / stride). */
static clslice_interval xla_dim(clslice_interval n, clslice_interval s,
                                clslice_interval l, int64_t stride)
{
    int64_t top = cs_dim_top(n);
    int64_t s0 = s.lo > 0 ? s.lo : 0, s1 = s.hi;
    int64_t l0 = l.lo, l1 = l.hi < top ? l.hi : top;
    if (s0 > s1 || l0 > l1 || s0 > l1)
        return empty_interval;
    int64_t widest = l1 - s0;
    /* Overlapping ranges allow limit == start; else the gap is least. */
    int64_t narrowest = l0 > s1 ? l0 - s1 : 0;
    return (clslice_interval){narrowest == 0 ? 0 : (narrowest - 1) / stride + 1,
                              widest == 0 ? 0 : (widest - 1) / stride + 1};
}

clslice_status clslice_infer_xla_slice(const clslice_interval *shape,
                                       int rank,
                                       const clslice_interval *start_indices,
                                       const clslice_interval *limit_indices,
                                       const int64_t *strides, size_t len,
                                       clslice_interval *out_shape,
                                       clslice_error *err)
{
    clslice_status st = cs_check_interval_shape(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    if (!out_shape || (len && (!start_indices || !limit_indices)))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "%s is NULL",
                       !out_shape       ? "out_shape"
                       : !start_indices ? "start_indices"
                                        : "limit_indices");
    if (len != (size_t)rank)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "start_indices has %zu entries; it needs one per "
                       "operand dimension (rank %d)", len, rank);
    for (size_t d = 0; d < len && st == CLSLICE_OK; d++) {
        int64_t stride = strides ? strides[d] : 1;
        if (stride < 1)
            return cs_fail(err, CLSLICE_ERROR_SPEC,
                           "strides[%zu] = %lld: strides must be positive", d,
                           (long long)stride);
        st = cs_check_value_interval(start_indices[d], "start_indices", d,
                                     err);
        if (st == CLSLICE_OK)
            st = cs_check_value_interval(limit_indices[d], "limit_indices",
                                         d, err);
        if (st != CLSLICE_OK)
            break;
        out_shape[d] = xla_dim(shape[d], start_indices[d], limit_indices[d],
                               stride);
        if (out_shape[d].lo > out_shape[d].hi)
            st = no_valid(err, "stablehlo.slice", d);
    }
    return st == CLSLICE_OK ? cs_ok(err) : st;
}

/* torch.narrow's room after start: n - start for a start in [0, n], and
 * -start for one in [-n, -1]; the largest over the intervals, or -1 when
 * no start fits. */
static int64_t narrow_room(clslice_interval n, clslice_interval start)
{
    int64_t top = cs_dim_top(n), room = -1;
    int64_t p0 = start.lo > 0 ? start.lo : 0;
    if (start.hi >= 0 && p0 <= top)
        room = top - p0;
    int64_t q0 = start.lo > -top ? start.lo : -top;
    if (start.lo < 0 && q0 <= (start.hi < -1 ? start.hi : -1) && -q0 > room)
        room = -q0;
    return room;
}

clslice_status clslice_infer_torch_narrow(const clslice_interval *shape,
                                          int rank, int64_t dim,
                                          clslice_interval start,
                                          clslice_interval length,
                                          clslice_interval *out_shape,
                                          clslice_error *err)
{
    clslice_status st = cs_check_interval_shape(shape, rank, err);
    if (st == CLSLICE_OK)
        st = cs_check_value_interval(start, "start", 0, err);
    if (st == CLSLICE_OK)
        st = cs_check_value_interval(length, "length", 0, err);
    if (st != CLSLICE_OK)
        return st;
    if (!out_shape)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "out_shape is NULL");
    int d = 0;
    st = cs_torch_dim(dim, rank, &d, err);
    if (st != CLSLICE_OK)
        return st;
    int64_t room = narrow_room(shape[d], start);
    /* Room from a start >= 0 grows with an unbounded size. */
    bool grows = shape[d].hi == CLSLICE_UNBOUNDED && start.hi >= 0;
    clslice_interval len = room < 0 ? empty_interval
                                    : up_to(length.lo > 0 ? length.lo : 0,
                                            room, length.hi, grows);
    if (len.lo > cs_dim_top(len))
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "torch.narrow: no start in [%lld, %lld] and length "
                       "in [%lld, %lld] fit dimension %d",
                       (long long)start.lo, (long long)start.hi,
                       (long long)length.lo, (long long)length.hi, d);
    for (int k = 0; k < rank; k++)
        out_shape[k] = shape[k];
    out_shape[d] = len;
    return cs_ok(err);
}
