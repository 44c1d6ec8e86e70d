/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The value-dependent rules of slicing, written once for two compilers.
 *
 * The host (plan.c, front_onnx.c, scatter_layout.c) includes this header
 * as C11; the OpenCL runtime embeds it in front of cl/normalise.cl, so a
 * kernel that reads begin/end/strides from device buffers resolves them
 * with exactly these functions.  Whatever the host would accept or reject
 * for given values, the device does too, and in the same order, because
 * there is no second copy of a rule to drift.
 *
 * Hence the subset of C used here, which both sides accept:
 *  - fixed-width integers only through cs_r_i64 (int64_t / long);
 *  - static inline functions; arguments are values and pointers to the
 *    caller's own variables (private memory on the device), never to
 *    global memory: the kernel reads its buffers itself and passes values;
 *  - no library calls, no printf, no bool (int flags), no VLAs;
 *  - errors come back as a cs_r_code with the slot, value and dim it
 *    concerns (cs_r_fault): the host words its message from them, the
 *    device stores them in the dynamic plan record.
 *
 * All arithmetic is overflow-free for every int64 input.
 */
#ifndef CLSLICE_CORE_RESOLVE_H
#define CLSLICE_CORE_RESOLVE_H

#ifdef __OPENCL_C_VERSION__
typedef long cs_r_i64;
#define CS_R_I64_MAX 0x7fffffffffffffffL
#else
#include <stdint.h>
typedef int64_t cs_r_i64;
#define CS_R_I64_MAX INT64_MAX
#endif
#define CS_R_I64_MIN (-CS_R_I64_MAX - 1)

/* How a given range bound is clamped for a negative step (cs_clamp). */
#define CS_R_CLAMP_NUMPY 0         /* begin, end clamp to [-1, n-1] */
#define CS_R_CLAMP_BEGIN_TO_ZERO 1 /* begin to [0, n-1], end [-1, n-1] */

/* What went wrong, if anything; cs_r_code_status gives its status. */
enum cs_r_code {
    CS_R_OK = 0,
    CS_R_STEP_ZERO = 1,    /* a range's step is 0 (SPEC) */
    CS_R_SHRINK_STEP = 2,  /* TF: a shrink's stride is <= 0 (SPEC) */
    CS_R_SHRINK_INDEX = 3, /* a shrink index outside its dim (INDEX) */
    CS_R_AXIS_RANGE = 4,   /* ONNX: an axis outside [-rank, rank) (INDEX) */
    CS_R_AXIS_REPEAT = 5,  /* ONNX: an axis given twice (SPEC) */
    CS_R_VALUE_SIZE = 6,   /* scatter: a value dim does not fit (SHAPE) */
    CS_R_OVER_BOUND = 7    /* device: more elements than the output's
                            * bound (BUFFER); no host front-end has it */
};

/* The clslice_status of each code (clslice.h's numbers, which the OpenCL
 * side cannot include; plan.h checks they agree). */
#define CS_R_STATUS_SPEC 2
#define CS_R_STATUS_INDEX 3
#define CS_R_STATUS_SHAPE 7
#define CS_R_STATUS_BUFFER 9

static inline int cs_r_code_status(int code)
{
    switch (code) {
    case CS_R_OK: return 0;
    case CS_R_SHRINK_INDEX:
    case CS_R_AXIS_RANGE: return CS_R_STATUS_INDEX;
    case CS_R_VALUE_SIZE: return CS_R_STATUS_SHAPE;
    case CS_R_OVER_BOUND: return CS_R_STATUS_BUFFER;
    default: return CS_R_STATUS_SPEC;
    }
}

/* The first error, as the dynamic plan record reports it: the spec entry
 * (slot, ONNX axes entry; -1 for value-shape errors), the offending value
 * (step, shrink index, axis, value dim size) and the dimension (input dim;
 * value dim for CS_R_VALUE_SIZE; -1 for an axis out of range). */
typedef struct cs_r_fault {
    int code;
    cs_r_i64 slot, value, dim;
} cs_r_fault;

static inline int cs_r_fail(cs_r_fault *f, int code, cs_r_i64 slot,
                            cs_r_i64 value, cs_r_i64 dim)
{
    f->code = code;
    f->slot = slot;
    f->value = value;
    f->dim = dim;
    return code;
}

/* ---- one range on a known size ------------------------------------------ */

static inline cs_r_i64 cs_r_clamp(cs_r_i64 x, cs_r_i64 lo, cs_r_i64 hi)
{
    return x < lo ? lo : (x > hi ? hi : x);
}

/* A given index x < 0 counts from the end, once.  x + n cannot overflow:
 * x < 0 and 0 <= n <= INT64_MAX. */
static inline cs_r_i64 cs_r_wrap(cs_r_i64 x, cs_r_i64 n)
{
    return x < 0 ? x + n : x;
}

/* Number of indices first, first + step, ... strictly above `last`, for
 * first > last and step < 0.  |INT64_MIN| is not representable, but then
 * first - last <= INT64_MAX < 2^63 means exactly one index. */
static inline cs_r_i64 cs_r_count_down(cs_r_i64 first, cs_r_i64 last,
                                       cs_r_i64 step)
{
    if (step == CS_R_I64_MIN)
        return 1;
    return (first - last - 1) / (-step) + 1;
}

/* Resolves begin:end:step (step != 0; a bound not given takes its default
 * by the step's sign) on a dimension of known size n >= 0: the first
 * index read (0 when none is) and the number of indices. */
static inline void cs_r_range(cs_r_i64 n, int has_begin, cs_r_i64 begin,
                              int has_end, cs_r_i64 end, cs_r_i64 step,
                              int clamp, cs_r_i64 *start, cs_r_i64 *count)
{
    cs_r_i64 first, stop, total;
    if (n == 0) {
        *start = 0;
        *count = 0;
        return;
    }
    if (step > 0) {
        first = has_begin ? cs_r_clamp(cs_r_wrap(begin, n), 0, n) : 0;
        stop = has_end ? cs_r_clamp(cs_r_wrap(end, n), 0, n) : n;
        total = stop > first ? (stop - first - 1) / step + 1 : 0;
    } else {
        /* numpy lets a begin below -n fall to "before index 0" (-1,
         * empty); OpenVINO and ONNX clamp it to index 0 (one element). */
        cs_r_i64 lowest = clamp == CS_R_CLAMP_NUMPY ? -1 : 0;
        first = has_begin ? cs_r_clamp(cs_r_wrap(begin, n), lowest, n - 1)
                          : n - 1;
        stop = has_end ? cs_r_clamp(cs_r_wrap(end, n), -1, n - 1) : -1;
        total = first > stop ? cs_r_count_down(first, stop, step) : 0;
    }
    *start = total ? first : 0;
    *count = total;
}

/* XLA's dynamic_slice and dynamic_update_slice: the first index of a
 * window of `size` (0 <= size <= n) at `start` on a dim of size n.  A
 * start is never an error: it is clamped to [0, n - size] so that the
 * whole window fits (openxla/stablehlo: docs/spec.md, dynamic_slice).  An
 * empty window starts at 0, as every plan writes an empty range. */
static inline cs_r_i64 cs_r_window_start(cs_r_i64 start, cs_r_i64 n,
                                         cs_r_i64 size)
{
    return size ? cs_r_clamp(start, 0, n - size) : 0;
}

/* ---- the checks, each with its fault ------------------------------------ */

/* A range slot's step must be non-zero. */
static inline int cs_r_range_step(cs_r_i64 step, cs_r_i64 slot, cs_r_i64 dim,
                                  cs_r_fault *f)
{
    return step == 0 ? cs_r_fail(f, CS_R_STEP_ZERO, slot, 0, dim) : CS_R_OK;
}

/* TensorFlow rejects a shrink whose stride is not positive. */
static inline int cs_r_shrink_step(cs_r_i64 step, int needs_positive,
                                   cs_r_i64 slot, cs_r_i64 dim, cs_r_fault *f)
{
    if (needs_positive && step <= 0)
        return cs_r_fail(f, CS_R_SHRINK_STEP, slot, step, dim);
    return CS_R_OK;
}

/* A shrink index on a dim of known size n: wrapped once, then it must lie
 * in [0, n). */
static inline int cs_r_shrink_index(cs_r_i64 n, cs_r_i64 index, cs_r_i64 slot,
                                    cs_r_i64 dim, cs_r_i64 *start,
                                    cs_r_fault *f)
{
    cs_r_i64 at = cs_r_wrap(index, n);
    if (at < 0 || at >= n)
        return cs_r_fail(f, CS_R_SHRINK_INDEX, slot, index, dim);
    *start = at;
    return CS_R_OK;
}

/* One range or shrink slot, all values known, on input dim `dim` of size
 * n: the checks in the host's order, then start/step/count of the plan. */
static inline int cs_r_slot(int shrink, cs_r_i64 n, int has_begin,
                            cs_r_i64 begin, int has_end, cs_r_i64 end,
                            cs_r_i64 step, int clamp, int needs_positive,
                            cs_r_i64 slot, cs_r_i64 dim, cs_r_i64 *start,
                            cs_r_i64 *step_out, cs_r_i64 *count,
                            cs_r_fault *f)
{
    int code;
    if (shrink) {
        code = cs_r_shrink_step(step, needs_positive, slot, dim, f);
        if (code == CS_R_OK)
            code = cs_r_shrink_index(n, begin, slot, dim, start, f);
        *step_out = 1;
        *count = 1;
        return code;
    }
    code = cs_r_range_step(step, slot, dim, f);
    if (code != CS_R_OK)
        return code;
    *step_out = step;
    cs_r_range(n, has_begin, begin, has_end, end, step, clamp, start, count);
    return CS_R_OK;
}

/* ---- ONNX Slice: one entry of starts/ends/steps/axes -------------------- */

/* Where the claims live: the host's own int array; on the device, words
 * of the record being written (cl/normalise.cl), since a private array
 * indexed by a run-time dim costs GPU compilers stack or scratch. */
#ifdef __OPENCL_C_VERSION__
typedef __global long cs_r_claim;
#else
typedef int cs_r_claim;
#endif

/* Entry `entry` names `axis` (its own index when axes is absent): in
 * [-rank, rank), not claimed before (owner[d] is the entry that claimed
 * dim d, -1 for none), and a non-zero step.  On success *dim is the
 * dimension and owner[*dim] = entry.  At most rank entries can succeed,
 * so a caller may stop reading entries after rank + 1. */
static inline int cs_r_onnx_entry(cs_r_i64 axis, cs_r_i64 step,
                                  cs_r_i64 entry, int rank,
                                  cs_r_claim *owner, int *dim, cs_r_fault *f)
{
    if (axis < -(cs_r_i64)rank || axis >= rank)
        return cs_r_fail(f, CS_R_AXIS_RANGE, entry, axis, -1);
    int d = (int)(axis < 0 ? axis + rank : axis);
    if (owner[d] >= 0)
        return cs_r_fail(f, CS_R_AXIS_REPEAT, entry, axis, d);
    owner[d] = (int)entry;
    *dim = d;
    if (step == 0)
        return cs_r_fail(f, CS_R_STEP_ZERO, entry, 0, d);
    return CS_R_OK;
}

/* ---- scatters: the value tensor against the slice's final shape --------- */

/* Whether the value's dims are checked at all: an exact match always;
 * broadcasting (TF) only when the slice has elements. */
static inline int cs_r_value_checked(int broadcast, cs_r_i64 elements)
{
    return !broadcast || elements > 0;
}

/* Value dim v of size `size` against final dim j = v - lead of size
 * `final_size` (j < 0: a leading value dim, which must be 1; then
 * final_size is ignored).  Exact: equal sizes; broadcast: equal, or 1. */
static inline int cs_r_value_dim(int broadcast, cs_r_i64 v, cs_r_i64 j,
                                 cs_r_i64 size, cs_r_i64 final_size,
                                 cs_r_fault *f)
{
    int fits = j < 0 ? size == 1
                     : (size == final_size || (broadcast && size == 1));
    return fits ? CS_R_OK : cs_r_fail(f, CS_R_VALUE_SIZE, -1, size, v);
}

#endif
