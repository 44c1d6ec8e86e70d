/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The three forms of every front-end call (clslice.h, "Plans without
 * allocating"): clslice_plan_NAME puts the plan on the heap,
 * clslice_plan_init_NAME builds it in the caller's clslice_plan_storage,
 * and clslice_shape_NAME gives its output shape alone.  All three run the
 * same cs_front_NAME (fronts.h), which builds into a plan it is handed and
 * never allocates, so the forms agree on every rule and message; the
 * heap form is the only one that allocates, once, to copy the result
 * (cs_plan_to_heap, plan/plan_query.c).
 *
 * The forms differ only in where the plan goes, so they are written once
 * as a macro and stamped out per front-end below: a wrapper per form and
 * front-end written by hand would be forty near-identical functions.
 */
#include <string.h>

#include "core/fronts/fronts.h"

/* The plan and its storage: the union is the caller's, the struct ours. */
_Static_assert(sizeof(clslice_plan) <= sizeof(clslice_plan_storage),
               "a plan must fit CLSLICE_PLAN_STORAGE_BYTES");
_Static_assert(_Alignof(clslice_plan) <= _Alignof(clslice_plan_storage),
               "clslice_plan_storage must be aligned for a plan");

/* The checks each form makes before building: its output pointers. */
static clslice_status heap_target(clslice_plan **plan, clslice_error *err)
{
    if (!plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "plan (output) is NULL");
    *plan = NULL;
    return CLSLICE_OK;
}

static clslice_status storage_target(clslice_plan_storage *storage,
                                     const clslice_plan **plan,
                                     clslice_plan **into, clslice_error *err)
{
    if (!plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "plan (output) is NULL");
    *plan = NULL;
    if (!storage)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "storage is NULL");
    *into = (clslice_plan *)storage;
    return CLSLICE_OK;
}

static clslice_status stored(clslice_status st, clslice_plan *into,
                             const clslice_plan **plan)
{
    if (st == CLSLICE_OK) {
        into->in_storage = true;
        *plan = into;
    }
    return st;
}

static clslice_status shape_target(const int64_t *out_shape,
                                   clslice_error *err)
{
    return out_shape ? CLSLICE_OK
                     : cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                               "out_shape is NULL");
}

static clslice_status shape_of(clslice_status st, const clslice_plan *built,
                               int64_t *out_shape, int *out_rank)
{
    if (st != CLSLICE_OK)
        return st;
    clslice_plan_output_shape(built, out_shape);
    if (out_rank)
        *out_rank = built->out_rank;
    return st;
}

#define CS_UNPAREN(...) __VA_ARGS__

/* The heap and storage forms of the front-end `name`, whose arguments
 * before the plan are PARAMS, passed on as ARGS (both parenthesised). */
#define CS_PLAN_HEAP_AND_INIT(name, PARAMS, ARGS)                          \
    clslice_status clslice_plan_##name(CS_UNPAREN PARAMS,                  \
                                       clslice_plan **plan,                \
                                       clslice_error *err)                 \
    {                                                                      \
        clslice_plan built;                                                \
        clslice_status st = heap_target(plan, err);                        \
        if (st == CLSLICE_OK)                                              \
            st = cs_front_##name(CS_UNPAREN ARGS, &built, err);            \
        return cs_plan_to_heap(st, &built, plan, err);                     \
    }                                                                      \
    clslice_status clslice_plan_init_##name(clslice_plan_storage *storage, \
                                            CS_UNPAREN PARAMS,             \
                                            const clslice_plan **plan,     \
                                            clslice_error *err)            \
    {                                                                      \
        clslice_plan *into = NULL;                                         \
        clslice_status st = storage_target(storage, plan, &into, err);     \
        if (st == CLSLICE_OK)                                              \
            st = cs_front_##name(CS_UNPAREN ARGS, into, err);              \
        return stored(st, into, plan);                                     \
    }

/* All three forms. */
#define CS_PLAN_FORMS(name, PARAMS, ARGS)                                  \
    CS_PLAN_HEAP_AND_INIT(name, PARAMS, ARGS)                              \
    clslice_status clslice_shape_##name(CS_UNPAREN PARAMS,                 \
                                        int64_t *out_shape, int *out_rank, \
                                        clslice_error *err)                \
    {                                                                      \
        clslice_plan built;                                                \
        clslice_status st = shape_target(out_shape, err);                  \
        if (st == CLSLICE_OK)                                              \
            st = cs_front_##name(CS_UNPAREN ARGS, &built, err);            \
        return shape_of(st, &built, out_shape, out_rank);                  \
    }

CS_PLAN_FORMS(tf,
              (const int64_t *shape, int rank, const clslice_tf_spec *spec),
              (shape, rank, spec))

CS_PLAN_FORMS(openvino,
              (const int64_t *shape, int rank,
               const clslice_openvino_spec *spec),
              (shape, rank, spec))

CS_PLAN_FORMS(mxnet,
              (const int64_t *shape, int rank, const clslice_opt_int64 *begin,
               size_t begin_len, const clslice_opt_int64 *end, size_t end_len,
               const clslice_opt_int64 *step, size_t step_len),
              (shape, rank, begin, begin_len, end, end_len, step, step_len))

CS_PLAN_FORMS(mxnet_slice_axis,
              (const int64_t *shape, int rank, int64_t axis, int64_t begin,
               clslice_opt_int64 end),
              (shape, rank, axis, begin, end))

CS_PLAN_FORMS(mxnet_slice_like,
              (const int64_t *shape, int rank, const int64_t *like_shape,
               int like_rank, const int64_t *axes, size_t axes_len),
              (shape, rank, like_shape, like_rank, axes, axes_len))

CS_PLAN_FORMS(onnx,
              (const int64_t *shape, int rank, const int64_t *starts,
               size_t starts_len, const int64_t *ends, size_t ends_len,
               const int64_t *axes, size_t axes_len, const int64_t *steps,
               size_t steps_len),
              (shape, rank, starts, starts_len, ends, ends_len, axes,
               axes_len, steps, steps_len))

CS_PLAN_FORMS(expr,
              (const int64_t *shape, int rank, const char *expr),
              (shape, rank, expr))

CS_PLAN_FORMS(tflite,
              (const int64_t *shape, int rank,
               const clslice_tflite_spec *spec),
              (shape, rank, spec))

CS_PLAN_FORMS(tf_slice,
              (const int64_t *shape, int rank, const int64_t *begin,
               size_t begin_len, const int64_t *size, size_t size_len),
              (shape, rank, begin, begin_len, size, size_len))

CS_PLAN_FORMS(xla_slice,
              (const int64_t *shape, int rank, const int64_t *start_indices,
               const int64_t *limit_indices, const int64_t *strides,
               size_t len),
              (shape, rank, start_indices, limit_indices, strides, len))

CS_PLAN_FORMS(dynamic_slice,
              (const int64_t *shape, int rank, const int64_t *start_indices,
               const int64_t *slice_sizes, size_t len),
              (shape, rank, start_indices, slice_sizes, len))

CS_PLAN_HEAP_AND_INIT(dynamic_update_slice,
              (const int64_t *shape, int rank, const int64_t *update_shape,
               int update_rank, const int64_t *start_indices, size_t len),
              (shape, rank, update_shape, update_rank, start_indices, len))

CS_PLAN_FORMS(openvino_slice,
              (const int64_t *shape, int rank, const int64_t *start,
               size_t start_len, const int64_t *stop, size_t stop_len,
               const int64_t *step, size_t step_len, const int64_t *axes,
               size_t axes_len),
              (shape, rank, start, start_len, stop, stop_len, step, step_len,
               axes, axes_len))

CS_PLAN_FORMS(torch_narrow,
              (const int64_t *shape, int rank, int64_t dim, int64_t start,
               int64_t length),
              (shape, rank, dim, start, length))

CS_PLAN_FORMS(torch_index,
              (const int64_t *shape, int rank, const char *expr),
              (shape, rank, expr))

/* dynamic_update_slice has no shape form: its result has the operand's
 * shape, and its plan's output (the window) is the update's shape. */

/* The heap forms that also report resolve.h's fault (plan.h). */
clslice_status cs_plan_tf_fault(const int64_t *shape, int rank,
                                const clslice_tf_spec *spec,
                                clslice_plan **plan, clslice_error *err,
                                cs_r_fault *fault)
{
    clslice_plan built;
    clslice_status st = heap_target(plan, err);
    if (st == CLSLICE_OK)
        st = cs_front_tf_fault(shape, rank, spec, &built, err, fault);
    return cs_plan_to_heap(st, &built, plan, err);
}

clslice_status cs_plan_openvino_fault(const int64_t *shape, int rank,
                                      const clslice_openvino_spec *spec,
                                      clslice_plan **plan, clslice_error *err,
                                      cs_r_fault *fault)
{
    clslice_plan built;
    clslice_status st = heap_target(plan, err);
    if (st == CLSLICE_OK)
        st = cs_front_openvino_fault(shape, rank, spec, &built, err, fault);
    return cs_plan_to_heap(st, &built, plan, err);
}

clslice_status cs_plan_onnx_fault(const int64_t *shape, int rank,
                                  const int64_t *starts, size_t starts_len,
                                  const int64_t *ends, size_t ends_len,
                                  const int64_t *axes, size_t axes_len,
                                  const int64_t *steps, size_t steps_len,
                                  clslice_plan **plan, clslice_error *err,
                                  cs_r_fault *fault)
{
    clslice_plan built;
    clslice_status st = heap_target(plan, err);
    if (st == CLSLICE_OK)
        st = cs_front_onnx_fault(shape, rank, starts, starts_len, ends,
                                 ends_len, axes, axes_len, steps, steps_len,
                                 &built, err, fault);
    return cs_plan_to_heap(st, &built, plan, err);
}
