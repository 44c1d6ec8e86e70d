/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/**
 * \file
 * clslice — strided slicing of device-resident tensors.
 *
 * Every front-end (TensorFlow, OpenVINO, MXNet, ONNX, numpy-style
 * expressions) turns its own slice specification into one canonical plan:
 * for every input dimension a start index, a signed step and a count, plus
 * the final output shape (new axes added, shrunk dimensions removed).
 * Plans are immutable once built and may be shared between threads.
 *
 * Conventions
 *  - Every function that can fail returns a clslice_status and takes an
 *    optional `clslice_error *err` (may be NULL) that receives the status and
 *    a one-line message naming the argument, the spec slot and/or dimension,
 *    and the offending value.  There is no global error state.
 *  - Shapes are int64 arrays.  A dimension of CLSLICE_UNKNOWN (-1) is not
 *    known yet (shape inference before allocation); the output shape then
 *    holds -1 exactly where it depends on an unknown.
 *  - Indices are int64 and are handled without overflow for every value.
 */
#ifndef CLSLICE_H
#define CLSLICE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the public API: exported from a shared build even though the
 * library compiles with hidden visibility by default. */
#if defined(__GNUC__) && __GNUC__ >= 4
#define CLSLICE_API __attribute__((visibility("default")))
#else
#define CLSLICE_API
#endif

/** @defgroup basics Versions, limits, status codes and errors
 * The version macros and queries, the rank and slot limits, and the
 * status codes and the error record every fallible call fills.
 * @{ */

#define CLSLICE_VERSION_MAJOR 0
#define CLSLICE_VERSION_MINOR 2
#define CLSLICE_VERSION_PATCH 0
/** MAJOR * 10000 + MINOR * 100 + PATCH: 0.2.0 is 200. */
#define CLSLICE_VERSION_NUMBER                                             \
    (CLSLICE_VERSION_MAJOR * 10000 + CLSLICE_VERSION_MINOR * 100 +         \
     CLSLICE_VERSION_PATCH)

/** Largest input rank, and largest output rank, a plan may have. */
#define CLSLICE_MAX_RANK 32
/** Largest number of slots (entries of begin/end/...) in one spec. */
#define CLSLICE_MAX_SLOTS 64
/** A dimension size (or plan start/count) that is not known. */
#define CLSLICE_UNKNOWN (-1)

/* ------------------------------------------------------------------------ */
/* Status codes and errors                                                  */
/* ------------------------------------------------------------------------ */

typedef enum clslice_status {
    CLSLICE_OK = 0,
    /** A pointer, length, flag or size argument is invalid (NULL where data is
     * required, negative rank, element size 0, released plan, ...). */
    CLSLICE_ERROR_ARGUMENT = 1,
    /** The slice spec is malformed: stride 0, two ellipses, a mask value other
     * than 0/1, begin/end/stride lengths that differ, repeated axes, ... */
    CLSLICE_ERROR_SPEC = 2,
    /** An index is out of range: a shrink (integer) index, an axis, or more
     * indexing slots than the input has dimensions. */
    CLSLICE_ERROR_INDEX = 3,
    /** A rank above CLSLICE_MAX_RANK (input or output) or a spec longer than
     * CLSLICE_MAX_SLOTS. */
    CLSLICE_ERROR_RANK = 4,
    /** A numpy-style expression does not parse; the message gives the
     * character position. */
    CLSLICE_ERROR_SYNTAX = 5,
    /** The operation needs sizes or indices that the plan does not know
     * (a plan built on unknown dimensions cannot be executed). */
    CLSLICE_ERROR_UNKNOWN = 6,
    /** Two shapes that must agree do not (value tensor vs slice), or a shape
     * has more elements than int64 can count. */
    CLSLICE_ERROR_SHAPE = 7,
    /** Memory allocation failed. */
    CLSLICE_ERROR_MEMORY = 8,
    /** A buffer is too small for the plan, or an offset lies past its end:
     * the call would read or write out of bounds, so nothing was done. */
    CLSLICE_ERROR_BUFFER = 9,
    /** An OpenCL call failed; the message names the call and its error. */
    CLSLICE_ERROR_OPENCL = 10,
    /** Building an OpenCL program failed; the message holds the build log's
     * start. */
    CLSLICE_ERROR_BUILD = 11
} clslice_status;

/** Short, static, human-readable name of a status ("invalid spec", ...).
 * Never NULL; unknown values give "unknown status". */
CLSLICE_API
const char *clslice_status_string(clslice_status status);

/** The version of the library linked at run time, as CLSLICE_VERSION_NUMBER
 * counts it; compare it with the header's CLSLICE_VERSION_NUMBER to detect
 * a shared library older than the header a program was built with. */
CLSLICE_API
unsigned clslice_version_number(void);

/** The same as "MAJOR.MINOR.PATCH", e.g. "0.2.0".  Static; never NULL. */
CLSLICE_API
const char *clslice_version_string(void);

/** Filled by every fallible function when non-NULL.  On success status is
 * CLSLICE_OK, opencl_code is 0 and message is the empty string.
 *
 * opencl_code is the OpenCL status (a cl_int, e.g. -5 for
 * CL_OUT_OF_RESOURCES) that the failing OpenCL call returned, so that a
 * caller can act on it (retry after freeing memory, drop a lost device)
 * without parsing the message: set when status is CLSLICE_ERROR_OPENCL
 * (the call is named in the message) or CLSLICE_ERROR_BUILD (what
 * clBuildProgram returned, usually CL_BUILD_PROGRAM_FAILURE); 0 for every
 * other status, and also for the few CLSLICE_ERROR_OPENCL failures that
 * the library detects itself without an OpenCL call failing (a kernel
 * whose arguments exceed the device's CL_DEVICE_MAX_PARAMETER_SIZE).
 * clslice_cl_error_name (clslice_cl.h) gives its name. */
typedef struct clslice_error {
    clslice_status status;
    char message[512];
    int32_t opencl_code; /**< last, so {status, "text"} initializers hold */
} clslice_error;

/** @} */

/* ------------------------------------------------------------------------ */
/* Plans                                                                     */
/* ------------------------------------------------------------------------ */

/** @defgroup plans Plans and front-ends
 * A plan is the canonical form of one slice.  One front-end per
 * framework builds it (on the heap, in caller storage, or as a shape
 * query alone); the split, concatenation and interval shape
 * inference calls are here too.
 * @{ */

/** Opaque, immutable canonical plan. */
typedef struct clslice_plan clslice_plan;

/** Frees a plan and sets *plan to NULL, so a released plan cannot be used by
 * accident (functions given a NULL plan fail with CLSLICE_ERROR_ARGUMENT).
 * Accepts NULL and a pointer to NULL.
 *
 * It takes the plan's address: `clslice_plan_release(&plan)`.  In C11 and
 * later the header wraps the call in a type check, so passing the plan
 * itself, `clslice_plan_release(plan)`, is a compile error rather than a
 * warning and a crash; only a `clslice_plan **` or a `void *` (NULL) is
 * accepted.  C++ refuses it by the parameter's type alone; C99 compilers
 * get the plain declaration (most warn). */
CLSLICE_API
void clslice_plan_release(clslice_plan **plan);
/* The check: _Generic has no association for any other type, so the call
 * does not compile.  The operand is not evaluated twice (only the chosen
 * association is), and the function keeps its address and its symbol:
 * `(clslice_plan_release)(p)` or a function pointer bypass the macro. */
#if !defined(__cplusplus) && defined(__STDC_VERSION__) &&                 \
    __STDC_VERSION__ >= 201112L
#define clslice_plan_release(plan)                                         \
    (clslice_plan_release)(_Generic((plan),                                \
        clslice_plan **: (plan),                                           \
        void *: (plan)))
#endif

/** Rank of the input the plan was built for. */
CLSLICE_API
int clslice_plan_input_rank(const clslice_plan *plan);

/** Input shape the plan was built for (input_rank entries; -1 = unknown). */
CLSLICE_API
void clslice_plan_input_shape(const clslice_plan *plan, int64_t *shape);

/** Rank of the final output (after new axes and shrinks). */
CLSLICE_API
int clslice_plan_output_rank(const clslice_plan *plan);

/** Final output shape (output_rank entries; -1 where it depends on an
 * unknown dimension or index). */
CLSLICE_API
void clslice_plan_output_shape(const clslice_plan *plan, int64_t *shape);

/** Number of output elements, or -1 if unknown.  0 when any known output
 * dimension is 0, even if others are unknown. */
CLSLICE_API
int64_t clslice_plan_output_elements(const clslice_plan *plan);

/** Canonical entry for input dimension `dim`: first index read, signed step
 * (never 0), number of indices read (1 for a shrunk dimension).  start or
 * count is -1 where unknown; start is 0 when count is 0.  Returns
 * CLSLICE_ERROR_ARGUMENT for a NULL plan or a dim out of range. */
CLSLICE_API
clslice_status clslice_plan_dim(const clslice_plan *plan, int dim,
                                int64_t *start, int64_t *step, int64_t *count,
                                clslice_error *err);

/** Whether input dimension `dim` is shrunk (absent from the output). */
CLSLICE_API
int clslice_plan_dim_is_shrunk(const clslice_plan *plan, int dim);

/** For output dimension `out_dim`: the input dimension it comes from, or -1
 * for a new axis (size 1, reads nothing).  -2 if out_dim is out of range. */
CLSLICE_API
int clslice_plan_output_source(const clslice_plan *plan, int out_dim);

/** 1 if every size and index in the plan is known (it can be executed). */
CLSLICE_API
int clslice_plan_is_known(const clslice_plan *plan);

/* --- Plans without allocating, and output shapes ----------------------- */

/** Bytes of a clslice_plan_storage.  Part of the ABI: it changes only
 * with the SONAME. */
#define CLSLICE_PLAN_STORAGE_BYTES 1280

/** Room for one plan in memory the caller owns.  Every front-end call
 * clslice_plan_NAME has two more forms that take the same arguments and
 * apply the same rules, checks and messages, and allocate nothing:
 *
 *  - clslice_plan_init_NAME(storage, ARGS..., &plan, err) builds the plan
 *    inside *storage (a local, a member of the caller's layer object, an
 *    array element) and points *plan at it (NULL on failure).  The plan
 *    is used wherever a plan is taken, is never released (it is const for
 *    that reason; clslice_plan_release on it does nothing but clear the
 *    pointer), and lasts as long as the storage holds it: until the
 *    storage ends or another init call reuses it.  One plan per storage.
 *  - clslice_shape_NAME(ARGS..., out_shape, &out_rank, err) gives only the
 *    output shape, as clslice_plan_output_shape of the plan would:
 *    out_shape needs room for CLSLICE_MAX_RANK entries and receives
 *    *out_rank of them (out_rank may be NULL).  It needs no object at
 *    all, so it can answer an engine's shape query from a const method,
 *    before any plan or buffer exists.  Nothing is written on failure.
 *
 * A rank-4 ONNX or TF plan is built and laid out in under a quarter of
 * a microsecond either way, and the init form without any allocation
 * (docs/performance.md, "Planning at every call"), so a plan can be
 * built at every call instead of being kept in a cache.  The split
 * family's pieces are clslice_plan_init_split's; their shapes are
 * clslice_split_ranges'. */
typedef union clslice_plan_storage {
    unsigned char bytes[CLSLICE_PLAN_STORAGE_BYTES];
    int64_t align_int64_; /**< alignment only */
    void *align_pointer_; /**< alignment only */
} clslice_plan_storage;

/* --- TensorFlow tf.strided_slice -------------------------------------- */

typedef enum clslice_index_type {
    CLSLICE_INT32 = 0,
    CLSLICE_INT64 = 1
} clslice_index_type;

/** Arguments of tf.strided_slice.  begin/end/strides point at arrays of
 * `index_type`.  begin or end may be NULL when their values are not known
 * yet (graph-time shape inference): the plan then only knows what the masks
 * and the shape determine; their length is still required.  strides may not
 * be NULL.  The masks are TF's int32 bitmasks; bit i refers to spec slot i. */
typedef struct clslice_tf_spec {
    clslice_index_type index_type;
    const void *begin;
    size_t begin_len;
    const void *end;
    size_t end_len;
    const void *strides;
    size_t strides_len;
    int32_t begin_mask;
    int32_t end_mask;
    int32_t ellipsis_mask;
    int32_t new_axis_mask;
    int32_t shrink_axis_mask;
} clslice_tf_spec;

/** Builds the plan of tf.strided_slice(input of `shape`, spec). */
CLSLICE_API
clslice_status clslice_plan_tf(const int64_t *shape, int rank,
                               const clslice_tf_spec *spec,
                               clslice_plan **plan, clslice_error *err);

/** clslice_plan_tf built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_tf(clslice_plan_storage *storage,
                                    const int64_t *shape, int rank,
                                    const clslice_tf_spec *spec,
                                    const clslice_plan **plan,
                                    clslice_error *err);

/** The output shape of clslice_plan_tf, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_tf(const int64_t *shape, int rank,
                                const clslice_tf_spec *spec,
                                int64_t *out_shape, int *out_rank,
                                clslice_error *err);

/* --- OpenVINO StridedSlice-1 ------------------------------------------ */

/** begin/end/strides are int64 vectors; strides may be NULL (all ones).
 * begin or end may be NULL when their values are unknown (shape inference;
 * their length is still required).  Each mask is a vector of 0/1 of any
 * length (NULL with length 0 for none): missing entries are 0, entries past
 * begin_len are ignored, any value other than 0 or 1 is an error. */
typedef struct clslice_openvino_spec {
    const int64_t *begin;
    size_t begin_len;
    const int64_t *end;
    size_t end_len;
    const int64_t *strides;
    size_t strides_len;
    const int64_t *begin_mask;
    size_t begin_mask_len;
    const int64_t *end_mask;
    size_t end_mask_len;
    const int64_t *new_axis_mask;
    size_t new_axis_mask_len;
    const int64_t *shrink_axis_mask;
    size_t shrink_axis_mask_len;
    const int64_t *ellipsis_mask;
    size_t ellipsis_mask_len;
} clslice_openvino_spec;

/** Builds the plan of OpenVINO's StridedSlice-1 (input of `shape`, spec). */
CLSLICE_API
clslice_status clslice_plan_openvino(const int64_t *shape, int rank,
                                     const clslice_openvino_spec *spec,
                                     clslice_plan **plan, clslice_error *err);

/** clslice_plan_openvino built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_openvino(clslice_plan_storage *storage,
                                          const int64_t *shape, int rank,
                                          const clslice_openvino_spec *spec,
                                          const clslice_plan **plan,
                                          clslice_error *err);

/** The output shape of clslice_plan_openvino, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_openvino(const int64_t *shape, int rank,
                                      const clslice_openvino_spec *spec,
                                      int64_t *out_shape, int *out_rank,
                                      clslice_error *err);

/* --- MXNet slice / crop / slice_axis / slice_like --------------------- */

/** An int64 that may be None. */
typedef struct clslice_opt_int64 {
    int64_t value;
    int is_none; /**< nonzero: None */
} clslice_opt_int64;

/** mx.nd.slice(data, begin, end, step) (also `crop`): begin and end have the
 * same length m <= rank; step has length 0 or m; entries may be None. */
CLSLICE_API
clslice_status clslice_plan_mxnet(const int64_t *shape, int rank,
                                  const clslice_opt_int64 *begin,
                                  size_t begin_len,
                                  const clslice_opt_int64 *end, size_t end_len,
                                  const clslice_opt_int64 *step,
                                  size_t step_len, clslice_plan **plan,
                                  clslice_error *err);

/** clslice_plan_mxnet built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_mxnet(clslice_plan_storage *storage,
                                       const int64_t *shape, int rank,
                                       const clslice_opt_int64 *begin,
                                       size_t begin_len,
                                       const clslice_opt_int64 *end,
                                       size_t end_len,
                                       const clslice_opt_int64 *step,
                                       size_t step_len,
                                       const clslice_plan **plan,
                                       clslice_error *err);

/** The output shape of clslice_plan_mxnet, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_mxnet(const int64_t *shape, int rank,
                                   const clslice_opt_int64 *begin,
                                   size_t begin_len,
                                   const clslice_opt_int64 *end,
                                   size_t end_len,
                                   const clslice_opt_int64 *step,
                                   size_t step_len, int64_t *out_shape,
                                   int *out_rank, clslice_error *err);

/** mx.nd.slice_axis(data, axis, begin, end): axis may be negative, end may be
 * None (end of the axis).  As MXNet, no clamping: begin and end must lie in
 * the axis and begin < end. */
CLSLICE_API
clslice_status clslice_plan_mxnet_slice_axis(const int64_t *shape, int rank,
                                             int64_t axis, int64_t begin,
                                             clslice_opt_int64 end,
                                             clslice_plan **plan,
                                             clslice_error *err);

/** clslice_plan_mxnet_slice_axis built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_mxnet_slice_axis(
    clslice_plan_storage *storage, const int64_t *shape, int rank,
    int64_t axis, int64_t begin, clslice_opt_int64 end,
    const clslice_plan **plan, clslice_error *err);

/** The output shape of clslice_plan_mxnet_slice_axis, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_mxnet_slice_axis(const int64_t *shape, int rank,
                                              int64_t axis, int64_t begin,
                                              clslice_opt_int64 end,
                                              int64_t *out_shape,
                                              int *out_rank,
                                              clslice_error *err);

/** mx.nd.slice_like(data, shape_like, axes): slices [0, like[a]) on each
 * listed axis (all axes when axes_len is 0, which needs equal ranks). */
CLSLICE_API
clslice_status clslice_plan_mxnet_slice_like(const int64_t *shape, int rank,
                                             const int64_t *like_shape,
                                             int like_rank,
                                             const int64_t *axes,
                                             size_t axes_len,
                                             clslice_plan **plan,
                                             clslice_error *err);

/** clslice_plan_mxnet_slice_like built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_mxnet_slice_like(
    clslice_plan_storage *storage, const int64_t *shape, int rank,
    const int64_t *like_shape, int like_rank, const int64_t *axes,
    size_t axes_len, const clslice_plan **plan, clslice_error *err);

/** The output shape of clslice_plan_mxnet_slice_like, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_mxnet_slice_like(const int64_t *shape, int rank,
                                              const int64_t *like_shape,
                                              int like_rank,
                                              const int64_t *axes,
                                              size_t axes_len,
                                              int64_t *out_shape,
                                              int *out_rank,
                                              clslice_error *err);

/* --- ONNX Slice (opset 10/11/13) --------------------------------------- */

/** starts and ends have length n; axes (NULL: 0..n-1) and steps (NULL: all
 * 1) have length n when given. */
CLSLICE_API
clslice_status clslice_plan_onnx(const int64_t *shape, int rank,
                                 const int64_t *starts, size_t starts_len,
                                 const int64_t *ends, size_t ends_len,
                                 const int64_t *axes, size_t axes_len,
                                 const int64_t *steps, size_t steps_len,
                                 clslice_plan **plan, clslice_error *err);

/** clslice_plan_onnx built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_onnx(clslice_plan_storage *storage,
                                      const int64_t *shape, int rank,
                                      const int64_t *starts, size_t starts_len,
                                      const int64_t *ends, size_t ends_len,
                                      const int64_t *axes, size_t axes_len,
                                      const int64_t *steps, size_t steps_len,
                                      const clslice_plan **plan,
                                      clslice_error *err);

/** The output shape of clslice_plan_onnx, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_onnx(const int64_t *shape, int rank,
                                  const int64_t *starts, size_t starts_len,
                                  const int64_t *ends, size_t ends_len,
                                  const int64_t *axes, size_t axes_len,
                                  const int64_t *steps, size_t steps_len,
                                  int64_t *out_shape, int *out_rank,
                                  clslice_error *err);

/* --- numpy-style expressions ------------------------------------------- */

/** Parses a numpy basic-indexing expression such as
 * "[1:-1, ..., None, ::-2, 3]" (brackets optional) and builds its plan.
 * Items: a:b:c (parts optional), an integer (shrink), "..." (at most one),
 * None / newaxis / np.newaxis / tf.newaxis.  A syntax error names the
 * character position (0-based). */
CLSLICE_API
clslice_status clslice_plan_expr(const int64_t *shape, int rank,
                                 const char *expr, clslice_plan **plan,
                                 clslice_error *err);

/** clslice_plan_expr built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_expr(clslice_plan_storage *storage,
                                      const int64_t *shape, int rank,
                                      const char *expr,
                                      const clslice_plan **plan,
                                      clslice_error *err);

/** The output shape of clslice_plan_expr, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_expr(const int64_t *shape, int rank,
                                  const char *expr, int64_t *out_shape,
                                  int *out_rank, clslice_error *err);

/* --- TFLite STRIDED_SLICE ---------------------------------------------- */

/** The inputs and options of TFLite's STRIDED_SLICE (int32 begin, end and
 * strides, as TFLite takes only int32).  The three lengths must be equal.
 * The masks are TensorFlow's (bit i is spec slot i) and so are the rules,
 * with TFLite's limits on top: an input of rank 5 or less, and at most 5
 * dimensions once new axes are added.  Where TFLite's kernel differs from
 * TensorFlow it is followed: a begin_mask bit on a shrink slot makes the
 * index 0.  With `offset` nonzero, end[i] is a length: slot i ends at
 * (its resolved begin) + end[i], then wraps and clamps as an end does.
 * begin or end may be NULL when their values are not known (their
 * lengths are still required). */
typedef struct clslice_tflite_spec {
    const int32_t *begin;
    size_t begin_len;
    const int32_t *end;
    size_t end_len;
    const int32_t *strides;
    size_t strides_len;
    int32_t begin_mask;
    int32_t end_mask;
    int32_t ellipsis_mask;
    int32_t new_axis_mask;
    int32_t shrink_axis_mask;
    int offset; /* nonzero: end[i] counts from the resolved begin */
} clslice_tflite_spec;

/** Builds the plan of TFLite's STRIDED_SLICE on an input of `shape`. */
CLSLICE_API
clslice_status clslice_plan_tflite(const int64_t *shape, int rank,
                                   const clslice_tflite_spec *spec,
                                   clslice_plan **plan, clslice_error *err);

/** clslice_plan_tflite built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_tflite(clslice_plan_storage *storage,
                                        const int64_t *shape, int rank,
                                        const clslice_tflite_spec *spec,
                                        const clslice_plan **plan,
                                        clslice_error *err);

/** The output shape of clslice_plan_tflite, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_tflite(const int64_t *shape, int rank,
                                    const clslice_tflite_spec *spec,
                                    int64_t *out_shape, int *out_rank,
                                    clslice_error *err);

/* --- TensorFlow tf.slice ------------------------------------------------ */

/** tf.slice(input, begin, size): begin and size have one entry per input
 * dimension.  size[i] = -1 means "through the end".  No clamping: begin[i]
 * must lie in [0, n] and begin[i] + size[i] in [begin[i], n] (on a
 * dimension of size 0 both must be 0), else CLSLICE_ERROR_INDEX naming the
 * entry and value.  An unknown dimension (-1) leaves the output size
 * unknown only where size[i] is -1. */
CLSLICE_API
clslice_status clslice_plan_tf_slice(const int64_t *shape, int rank,
                                     const int64_t *begin, size_t begin_len,
                                     const int64_t *size, size_t size_len,
                                     clslice_plan **plan, clslice_error *err);

/** clslice_plan_tf_slice built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_tf_slice(clslice_plan_storage *storage,
                                          const int64_t *shape, int rank,
                                          const int64_t *begin,
                                          size_t begin_len,
                                          const int64_t *size, size_t size_len,
                                          const clslice_plan **plan,
                                          clslice_error *err);

/** The output shape of clslice_plan_tf_slice, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_tf_slice(const int64_t *shape, int rank,
                                      const int64_t *begin, size_t begin_len,
                                      const int64_t *size, size_t size_len,
                                      int64_t *out_shape, int *out_rank,
                                      clslice_error *err);

/* --- XLA / StableHLO slice, dynamic_slice, dynamic_update_slice -------- */

/** stablehlo.slice (jax.lax.slice): start_indices, limit_indices and
 * strides have `len` entries, which must equal rank; strides may be NULL
 * (all 1).  No clamping and no negative indices: each dimension needs
 * 0 <= start <= limit <= n and a stride >= 1 (CLSLICE_ERROR_INDEX for the
 * bounds, CLSLICE_ERROR_SPEC for a stride, each naming the entry). */
CLSLICE_API
clslice_status clslice_plan_xla_slice(const int64_t *shape, int rank,
                                      const int64_t *start_indices,
                                      const int64_t *limit_indices,
                                      const int64_t *strides, size_t len,
                                      clslice_plan **plan,
                                      clslice_error *err);

/** clslice_plan_xla_slice built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_xla_slice(clslice_plan_storage *storage,
                                           const int64_t *shape, int rank,
                                           const int64_t *start_indices,
                                           const int64_t *limit_indices,
                                           const int64_t *strides, size_t len,
                                           const clslice_plan **plan,
                                           clslice_error *err);

/** The output shape of clslice_plan_xla_slice, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_xla_slice(const int64_t *shape, int rank,
                                       const int64_t *start_indices,
                                       const int64_t *limit_indices,
                                       const int64_t *strides, size_t len,
                                       int64_t *out_shape, int *out_rank,
                                       clslice_error *err);

/** stablehlo.dynamic_slice (jax.lax.dynamic_slice): the window of
 * slice_sizes (each in [0, n]) at start_indices (`len` entries each, len
 * == rank).  Start indices are never an error: each is clamped to
 * [0, n - size] so that the whole window fits, negative ones included.
 * start_indices may be NULL when not known yet: the output shape is still
 * slice_sizes, the starts are unknown. */
CLSLICE_API
clslice_status clslice_plan_dynamic_slice(const int64_t *shape, int rank,
                                          const int64_t *start_indices,
                                          const int64_t *slice_sizes,
                                          size_t len, clslice_plan **plan,
                                          clslice_error *err);

/** clslice_plan_dynamic_slice built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_dynamic_slice(clslice_plan_storage *storage,
                                               const int64_t *shape, int rank,
                                               const int64_t *start_indices,
                                               const int64_t *slice_sizes,
                                               size_t len,
                                               const clslice_plan **plan,
                                               clslice_error *err);

/** The output shape of clslice_plan_dynamic_slice, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_dynamic_slice(const int64_t *shape, int rank,
                                           const int64_t *start_indices,
                                           const int64_t *slice_sizes,
                                           size_t len, int64_t *out_shape,
                                           int *out_rank, clslice_error *err);

/** stablehlo.dynamic_update_slice (jax.lax.dynamic_update_slice): the plan
 * of the window that an update of update_shape (update_rank == rank, each
 * size in [0, n]) overwrites at start_indices (`len` == rank entries,
 * clamped to [0, n - size] as dynamic_slice).  Write it with
 * clslice_host_scatter (or a device scatter) under CLSLICE_VALUE_EXACT:
 * the update's shape is the plan's output shape.  start_indices may be
 * NULL when not known yet. */
CLSLICE_API
clslice_status clslice_plan_dynamic_update_slice(
    const int64_t *shape, int rank, const int64_t *update_shape,
    int update_rank, const int64_t *start_indices, size_t len,
    clslice_plan **plan, clslice_error *err);

/** clslice_plan_dynamic_update_slice built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_dynamic_update_slice(
    clslice_plan_storage *storage, const int64_t *shape, int rank,
    const int64_t *update_shape, int update_rank, const int64_t *start_indices,
    size_t len, const clslice_plan **plan, clslice_error *err);

/* --- OpenVINO Slice-8 and SliceScatter-15 ------------------------------ */

/** OpenVINO Slice-8: start, stop and step (required; no entry 0) of equal
 * length k, and optional axes (NULL: 0..k-1; else k distinct entries in
 * [-rank, rank)).  Axes not listed are kept whole.  Bounds wrap once and
 * clamp as ONNX Slice (for a negative step a start below -n clamps to
 * index 0).  A rank-0 input is an error.  SliceScatter-15 takes the same
 * spec: write its updates into this plan with clslice_host_scatter under
 * CLSLICE_VALUE_EXACT. */
CLSLICE_API
clslice_status clslice_plan_openvino_slice(const int64_t *shape, int rank,
                                           const int64_t *start,
                                           size_t start_len,
                                           const int64_t *stop,
                                           size_t stop_len,
                                           const int64_t *step,
                                           size_t step_len,
                                           const int64_t *axes,
                                           size_t axes_len,
                                           clslice_plan **plan,
                                           clslice_error *err);

/** clslice_plan_openvino_slice built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_openvino_slice(clslice_plan_storage *storage,
                                                const int64_t *shape, int rank,
                                                const int64_t *start,
                                                size_t start_len,
                                                const int64_t *stop,
                                                size_t stop_len,
                                                const int64_t *step,
                                                size_t step_len,
                                                const int64_t *axes,
                                                size_t axes_len,
                                                const clslice_plan **plan,
                                                clslice_error *err);

/** The output shape of clslice_plan_openvino_slice, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_openvino_slice(const int64_t *shape, int rank,
                                            const int64_t *start,
                                            size_t start_len,
                                            const int64_t *stop,
                                            size_t stop_len,
                                            const int64_t *step,
                                            size_t step_len,
                                            const int64_t *axes,
                                            size_t axes_len,
                                            int64_t *out_shape, int *out_rank,
                                            clslice_error *err);

/* --- PyTorch narrow and basic indexing --------------------------------- */

/** torch.narrow(input, dim, start, length): dim in [-rank, rank), start in
 * [-n, n] (a negative start counts from the end), length >= 0 and
 * start + length <= n.  As PyTorch, a rank-0 input is an error and
 * nothing is clamped. */
CLSLICE_API
clslice_status clslice_plan_torch_narrow(const int64_t *shape, int rank,
                                         int64_t dim, int64_t start,
                                         int64_t length, clslice_plan **plan,
                                         clslice_error *err);

/** clslice_plan_torch_narrow built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_torch_narrow(clslice_plan_storage *storage,
                                              const int64_t *shape, int rank,
                                              int64_t dim, int64_t start,
                                              int64_t length,
                                              const clslice_plan **plan,
                                              clslice_error *err);

/** The output shape of clslice_plan_torch_narrow, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_torch_narrow(const int64_t *shape, int rank,
                                          int64_t dim, int64_t start,
                                          int64_t length, int64_t *out_shape,
                                          int *out_rank, clslice_error *err);

/** tensor[expr] in PyTorch, for basic indexing: the grammar and meaning of
 * clslice_plan_expr, except PyTorch's own rules: a slice's step must be
 * positive (a step <= 0 is CLSLICE_ERROR_SPEC naming the item and step),
 * and several ellipses are allowed, each standing for as many whole
 * dimensions as the rank exceeds the integers and slices given. */
CLSLICE_API
clslice_status clslice_plan_torch_index(const int64_t *shape, int rank,
                                        const char *expr, clslice_plan **plan,
                                        clslice_error *err);

/** clslice_plan_torch_index built in `storage`, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_plan_init_torch_index(clslice_plan_storage *storage,
                                             const int64_t *shape, int rank,
                                             const char *expr,
                                             const clslice_plan **plan,
                                             clslice_error *err);

/** The output shape of clslice_plan_torch_index, without allocating
 * (clslice_plan_storage). */
CLSLICE_API
clslice_status clslice_shape_torch_index(const int64_t *shape, int rank,
                                         const char *expr, int64_t *out_shape,
                                         int *out_rank, clslice_error *err);

/* --- The split family --------------------------------------------------- */

/** Whose rules a split follows.  Each style reads the spec's integer
 * argument (`number`) or its list (`list`, when not NULL):
 *
 *  CLSLICE_SPLIT_NUMPY            numpy.split: number = sections, which
 *                                 must divide n; list = split indices
 *                                 (pieces [0:i0], [i0:i1], ..., [ik:],
 *                                 each a Python slice: clamped, negative
 *                                 indices wrap, a decreasing pair empty).
 *  CLSLICE_SPLIT_NUMPY_ARRAY      numpy.array_split: number = sections
 *                                 >= 1, the first n % sections pieces one
 *                                 longer; list as numpy.split.
 *  CLSLICE_SPLIT_TF               tf.split: number = num_split, which
 *                                 must divide n; list = size_splits,
 *                                 sizes >= 0 summing to n, of which one
 *                                 may be -1 (the rest of the axis).
 *  CLSLICE_SPLIT_ONNX_13          ONNX Split-13: list = split, sizes >= 0
 *                                 summing to n; without it number =
 *                                 the node's output count, which must
 *                                 divide n.
 *  CLSLICE_SPLIT_ONNX_18          ONNX Split-18: number = num_outputs
 *                                 >= 1: pieces of ceil(n / num_outputs),
 *                                 the last what is left (possibly 0; it
 *                                 must not fall below 0); list = split
 *                                 as Split-13.
 *  CLSLICE_SPLIT_OPENVINO         OpenVINO Split-1: number = num_splits,
 *                                 which must divide n.
 *  CLSLICE_SPLIT_OPENVINO_VARIADIC OpenVINO VariadicSplit-1: list =
 *                                 split_lengths, >= 0 and summing to n,
 *                                 of which one may be -1.
 *  CLSLICE_SPLIT_TORCH            torch.split: number = split_size >= 0,
 *                                 pieces of that size, the last smaller
 *                                 (0 only on an empty axis, then one
 *                                 piece); list = sizes >= 0 summing to n.
 *  CLSLICE_SPLIT_TORCH_CHUNK      torch.chunk: number = chunks >= 1,
 *                                 pieces of ceil(n / chunks), so possibly
 *                                 fewer than asked (an empty axis gives
 *                                 `chunks` empty pieces).
 *
 * A list where a style takes none (or none where it needs one) is
 * CLSLICE_ERROR_ARGUMENT.  Messages name the framework's argument
 * (`num_or_size_splits`, `num_outputs`, `split_lengths`, ...), the entry
 * and the value. */
typedef enum clslice_split_style {
    CLSLICE_SPLIT_NUMPY = 0,
    CLSLICE_SPLIT_NUMPY_ARRAY = 1,
    CLSLICE_SPLIT_TF = 2,
    CLSLICE_SPLIT_ONNX_13 = 3,
    CLSLICE_SPLIT_ONNX_18 = 4,
    CLSLICE_SPLIT_OPENVINO = 5,
    CLSLICE_SPLIT_OPENVINO_VARIADIC = 6,
    CLSLICE_SPLIT_TORCH = 7,
    CLSLICE_SPLIT_TORCH_CHUNK = 8
} clslice_split_style;

/** A split along `axis` (in [-rank, rank)). */
typedef struct clslice_split_spec {
    clslice_split_style style;
    int64_t axis;
    int64_t number;      /* the integer argument; read when list is NULL */
    const int64_t *list; /* the list argument, list_len entries, or NULL */
    size_t list_len;
} clslice_split_spec;

/** The pieces of a split along its axis, without allocating: piece i reads
 * sizes[i] indices from starts[i] on.  With starts and sizes both NULL and
 * capacity 0, only *count is set (how many pieces there are: a count
 * query).  Otherwise both arrays need room for *count entries: a smaller
 * capacity is CLSLICE_ERROR_BUFFER, with *count set and nothing written.
 * On an unknown axis size (-1), starts and sizes are -1 where they depend
 * on it; torch.chunk's piece count depends on it, so that style needs the
 * size (CLSLICE_ERROR_UNKNOWN). */
CLSLICE_API
clslice_status clslice_split_ranges(const int64_t *shape, int rank,
                                    const clslice_split_spec *spec,
                                    int64_t *starts, int64_t *sizes,
                                    size_t capacity, size_t *count,
                                    clslice_error *err);

/** One plan per piece of the split, in plans[0 .. *count - 1]: each keeps
 * every other dimension whole and the input's rank.  With plans NULL and
 * capacity 0 it is a count query, as clslice_split_ranges.  Allocates
 * exactly *count plans, each released with clslice_plan_release; on any
 * failure nothing is allocated and plans[] is left as NULLs. */
CLSLICE_API
clslice_status clslice_plan_split(const int64_t *shape, int rank,
                                  const clslice_split_spec *spec,
                                  clslice_plan **plans, size_t capacity,
                                  size_t *count, clslice_error *err);

/** clslice_plan_split without allocating: piece i is built in storage[i]
 * and plans[i] points at it (clslice_plan_storage); both arrays need room
 * for *count entries, and `capacity` is the smaller of their lengths.
 * The count query (plans NULL, capacity 0) and the capacity rule are
 * clslice_plan_split's; on any failure plans[] is left as NULLs. */
CLSLICE_API
clslice_status clslice_plan_init_split(clslice_plan_storage *storage,
                                       const int64_t *shape, int rank,
                                       const clslice_split_spec *spec,
                                       const clslice_plan **plans,
                                       size_t capacity, size_t *count,
                                       clslice_error *err);

/* --- Concatenation and stacking ----------------------------------------- */

/* A concatenation writes several tensors into one: each input goes to its
 * place in the output, and a place is a plan over the output's shape
 * whose final shape is the input's.  These calls give the output shape
 * and those plans for numpy's two ways of joining; any other arrangement
 * (an engine's arena, a gap between the parts, parts interleaved with a
 * step) is a plan of the caller's own.  clslice_host_concat below and
 * clslice_cl_concat (clslice_cl.h) write the parts. */

/** numpy.concatenate(inputs, axis): the output shape, and the plan of
 * each input's place in it.  The `count` inputs (>= 1) have one `rank`
 * (>= 1); shapes[i * rank + d] is dim d of input i.  Every dim but `axis`
 * (in [-rank, rank)) must agree between the inputs; along `axis` the
 * output is the sum, and input i's place is the range that starts where
 * input i - 1's ends, every other dim whole.
 *
 * out_shape (rank entries) receives the output shape.  plans (count
 * entries) receives one plan per input, each released with
 * clslice_plan_release; with plans NULL, only out_shape is computed and
 * nothing is allocated (a shape query).  A dim may be CLSLICE_UNKNOWN
 * for the shape query: an unknown size along `axis` makes the output's
 * unknown, and elsewhere the known size of another input is taken (a
 * plan needs every size: CLSLICE_ERROR_UNKNOWN naming the entry).
 *
 * Errors, with numpy's rules: CLSLICE_ERROR_ARGUMENT for count 0, a NULL
 * shapes or out_shape, or a size below -1 (naming shapes[k]);
 * CLSLICE_ERROR_RANK for a rank of 0 (numpy cannot concatenate 0-d
 * arrays) or above CLSLICE_MAX_RANK; CLSLICE_ERROR_INDEX for an axis out
 * of range; CLSLICE_ERROR_SHAPE naming the input, the dim and both sizes
 * when a dim other than `axis` differs, or when the sum along `axis`
 * overflows int64.  On failure no plan is allocated and plans[] holds
 * NULLs. */
CLSLICE_API
clslice_status clslice_plan_concat(const int64_t *shapes, int rank,
                                   size_t count, int64_t axis,
                                   int64_t *out_shape, clslice_plan **plans,
                                   clslice_error *err);

/** numpy.stack(inputs, axis): the inputs, all of one shape (`rank` >= 0
 * entries each, shapes[i * rank + d]; shapes may be NULL for rank 0), are
 * joined along a new dim `axis` of size count, in [-(rank + 1), rank].
 * out_shape (rank + 1 entries) receives the output shape; input i's place
 * is index i of the new dim (shrunk, so the plan's final shape is the
 * input's).  plans, unknown sizes and errors as clslice_plan_concat,
 * except that every dim must agree ("all input arrays must have the same
 * shape") and a rank of CLSLICE_MAX_RANK is CLSLICE_ERROR_RANK (the
 * output has one dim more). */
CLSLICE_API
clslice_status clslice_plan_stack(const int64_t *shapes, int rank,
                                  size_t count, int64_t axis,
                                  int64_t *out_shape, clslice_plan **plans,
                                  clslice_error *err);

/* --- Interval shape inference ------------------------------------------ */

/** A closed range of int64 values [lo, hi].  As a dimension size: 0 <= lo
 * and lo <= hi, or hi = CLSLICE_UNBOUNDED (-1) for no upper bound (a size
 * known exactly is [n, n]; a fully unknown one [0, -1]).  As a spec value
 * (a begin, an end, a size): any lo <= hi; [INT64_MIN, INT64_MAX] is any
 * value. */
typedef struct clslice_interval {
    int64_t lo;
    int64_t hi;
} clslice_interval;

#define CLSLICE_UNBOUNDED (-1)

/* The clslice_infer_* calls give, for every output dimension, the
 * tightest interval that holds its size for every combination of input
 * sizes and spec values drawn from the given intervals that the
 * framework accepts: lo and hi are both reached by some combination
 * (hi is CLSLICE_UNBOUNDED when the size grows without bound).  Spec
 * structure (lengths, masks, strides, steps, axes) stays exact and is
 * checked as the matching clslice_plan_* call checks it.  A combination
 * the framework rejects (a shrink index outside its dimension, say)
 * gives no shape; when every combination is rejected the call fails
 * with the status the plan call would give.  out_shape needs room for
 * CLSLICE_MAX_RANK entries; out_rank may be NULL where the rank is the
 * input's.  A value interval array that is NULL means the spec's own
 * values (each [v, v]), or any value when those are NULL too. */

/** tf.strided_slice with begin[i] in begin[i] and end[i] in end[i]
 * (spec->begin_len entries each). */
CLSLICE_API
clslice_status clslice_infer_tf(const clslice_interval *shape, int rank,
                                const clslice_tf_spec *spec,
                                const clslice_interval *begin,
                                const clslice_interval *end,
                                clslice_interval *out_shape, int *out_rank,
                                clslice_error *err);

/** OpenVINO StridedSlice-1, as clslice_infer_tf. */
CLSLICE_API
clslice_status clslice_infer_openvino(const clslice_interval *shape, int rank,
                                      const clslice_openvino_spec *spec,
                                      const clslice_interval *begin,
                                      const clslice_interval *end,
                                      clslice_interval *out_shape,
                                      int *out_rank, clslice_error *err);

/** TFLite STRIDED_SLICE, as clslice_infer_tf; spec->offset must be 0
 * (CLSLICE_ERROR_ARGUMENT otherwise: a relative end is not modelled). */
CLSLICE_API
clslice_status clslice_infer_tflite(const clslice_interval *shape, int rank,
                                    const clslice_tflite_spec *spec,
                                    const clslice_interval *begin,
                                    const clslice_interval *end,
                                    clslice_interval *out_shape,
                                    int *out_rank, clslice_error *err);

/** ONNX Slice with starts and ends as intervals (starts_len entries each);
 * axes and steps exact, as clslice_plan_onnx.  The output rank is rank. */
CLSLICE_API
clslice_status clslice_infer_onnx(const clslice_interval *shape, int rank,
                                  const clslice_interval *starts,
                                  size_t starts_len,
                                  const clslice_interval *ends,
                                  size_t ends_len, const int64_t *axes,
                                  size_t axes_len, const int64_t *steps,
                                  size_t steps_len,
                                  clslice_interval *out_shape,
                                  clslice_error *err);

/** OpenVINO Slice-8, as clslice_infer_onnx (step required). */
CLSLICE_API
clslice_status clslice_infer_openvino_slice(
    const clslice_interval *shape, int rank, const clslice_interval *start,
    size_t start_len, const clslice_interval *stop, size_t stop_len,
    const int64_t *step, size_t step_len, const int64_t *axes,
    size_t axes_len, clslice_interval *out_shape, clslice_error *err);

/** tf.slice with begin and size as intervals (rank entries each).  A size
 * interval holding -1 covers both "through the end" and the sizes >= 0
 * it holds; one below -1 is an error. */
CLSLICE_API
clslice_status clslice_infer_tf_slice(const clslice_interval *shape, int rank,
                                      const clslice_interval *begin,
                                      const clslice_interval *size,
                                      size_t len, clslice_interval *out_shape,
                                      clslice_error *err);

/** stablehlo.slice with start and limit indices as intervals (len == rank
 * entries each) and exact strides (NULL: all 1). */
CLSLICE_API
clslice_status clslice_infer_xla_slice(const clslice_interval *shape,
                                       int rank,
                                       const clslice_interval *start_indices,
                                       const clslice_interval *limit_indices,
                                       const int64_t *strides, size_t len,
                                       clslice_interval *out_shape,
                                       clslice_error *err);

/** torch.narrow with start and length as intervals. */
CLSLICE_API
clslice_status clslice_infer_torch_narrow(const clslice_interval *shape,
                                          int rank, int64_t dim,
                                          clslice_interval start,
                                          clslice_interval length,
                                          clslice_interval *out_shape,
                                          clslice_error *err);

/** @} */

/* ------------------------------------------------------------------------ */
/* Layouts and simplification                                                */
/* ------------------------------------------------------------------------ */

/** @defgroup layouts Layouts and strided views
 * How a plan lays its moves out in memory, and tensors with strides
 * of their own (views) on either side of a slice.
 * @{ */

/** A strided copy: the element with coordinate j (row-major over
 * count[0..rank-1]) is read from source element
 *     offset + sum_k j[k] * src_stride[k]
 * and written to destination element
 *     dst_offset + sum_k j[k] * dst_stride[k].
 * All values are in elements (not bytes).  A gather layout
 * (clslice_plan_layout) reads the plan's contiguous row-major input and
 * writes the output contiguously, so its dst_offset is 0.  A scatter
 * layout (clslice_plan_scatter_layout) reads a value tensor, with stride 0
 * along broadcast dims, and writes into the slice of a tensor of the plan's
 * input shape. */
typedef struct clslice_layout {
    int rank;
    int64_t offset;
    int64_t elements; /**< product of count[]; 0 for an empty output */
    int64_t count[CLSLICE_MAX_RANK];
    int64_t src_stride[CLSLICE_MAX_RANK];
    int64_t dst_stride[CLSLICE_MAX_RANK];
    /** Smallest and largest source element index read (0 and -1 when
     * empty). */
    int64_t src_min;
    int64_t src_max;
    /** Destination element of coordinate 0 (0 for a gather). */
    int64_t dst_offset;
} clslice_layout;

/** The plan's processing layout: one layout dimension per input dimension,
 * unsimplified.  Fails with CLSLICE_ERROR_UNKNOWN on a plan with unknowns
 * and CLSLICE_ERROR_SHAPE when the input has more than INT64_MAX elements. */
CLSLICE_API
clslice_status clslice_plan_layout(const clslice_plan *plan,
                                   clslice_layout *layout, clslice_error *err);

/** Simplifies a layout in place, keeping the set of (source, destination)
 * element pairs and their order: drops size-1 dimensions and merges
 * neighbouring dimensions that are contiguous in both source and
 * destination.  An empty layout becomes rank 1 with count 0; a single
 * element becomes rank 0. */
CLSLICE_API
void clslice_layout_simplify(clslice_layout *layout);

/** Whether the output of a plan is one contiguous run of its input, so that
 * it can be a view of the input instead of a copy. */
typedef struct clslice_view {
    /** 1: a gather of the plan copies input bytes [offset, offset + bytes)
     * in order, so the output may alias them; 0: it does not (offset and
     * bytes are then 0).  An empty output is a run of 0 bytes at 0. */
    int contiguous;
    size_t offset; /**< byte offset of the run in the input */
    size_t bytes;  /**< length of the run: output elements * elem_size */
} clslice_view;

/** Fills *view for a gather of `plan` with elements of elem_size bytes.  A
 * sub-buffer in OpenCL also needs the offset to be a multiple of the
 * device's CL_DEVICE_MEM_BASE_ADDR_ALIGN (which is given in bits).  Errors: CLSLICE_ERROR_ARGUMENT (NULL plan
 * or view, elem_size 0), CLSLICE_ERROR_UNKNOWN (the plan has unknowns),
 * CLSLICE_ERROR_SHAPE (the input, or the run's bytes, overflow). */
CLSLICE_API
clslice_status clslice_plan_view(const clslice_plan *plan, size_t elem_size,
                                 clslice_view *view, clslice_error *err);

/** How a value tensor written into a slice must match the slice's final
 * shape (clslice_plan_output_shape). */
typedef enum clslice_value_rule {
    /** TF StridedSliceAssign (tensor[...].assign(v)): the value broadcasts
     * to the final shape under numpy rules.  Value dims align with the
     * final shape from the right; a value dim of 1 repeats along its slice
     * dim; extra leading value dims must be 1.  New axes are slice dims of
     * size 1 and shrunk input dims are not slice dims.  A rank-0 value
     * fills the slice (MXNet _slice_assign_scalar).  An empty slice is a
     * no-op without any shape check, as in TF. */
    CLSLICE_VALUE_BROADCAST = 0,
    /** MXNet _slice_assign, and StridedSliceGrad's dy: the value's shape
     * must equal the final shape exactly (checked even for an empty
     * slice). */
    CLSLICE_VALUE_EXACT = 1
} clslice_value_rule;

/** The strided copy that writes a value tensor into the plan's slice.
 * Source: the value, contiguous row-major of value_shape (value_rank
 * entries, each >= 0; value_shape may be NULL when value_rank is 0), read
 * from element 0 with stride 0 along broadcast dims.  Destination: a
 * contiguous row-major tensor of the plan's input shape; dst_offset and
 * dst_stride address the slice, and elements outside it are never
 * addressed.  The order is row-major over the plan's processing shape
 * (one dim per input dim), which is the value's own row-major order.
 *
 * Fails with CLSLICE_ERROR_SHAPE when the value does not fit the rule,
 * naming the value dim, its size and the slice dim's size;
 * CLSLICE_ERROR_UNKNOWN on a plan with unknowns; CLSLICE_ERROR_ARGUMENT
 * for a NULL plan or layout, a negative value dim or an unknown rule;
 * CLSLICE_ERROR_RANK for value_rank above CLSLICE_MAX_RANK.  An empty
 * slice gives an empty layout (elements 0). */
CLSLICE_API
clslice_status clslice_plan_scatter_layout(const clslice_plan *plan,
                                           const int64_t *value_shape,
                                           int value_rank,
                                           clslice_value_rule rule,
                                           clslice_layout *layout,
                                           clslice_error *err);

/** @} */

/* ------------------------------------------------------------------------ */
/* Host reference executor                                                   */
/* ------------------------------------------------------------------------ */

/** @defgroup host Host executors
 * Slices run on host memory: the plain calls of 0.1 and the general
 * calls with descriptors.  They are also the tests' oracle.
 * @{ */

/** Gathers plan's slice of `src` (a contiguous row-major tensor of the plan's
 * input shape with elements of elem_size bytes, src_bytes long) into `dst`
 * (dst_bytes long, receives output_elements * elem_size bytes, contiguous).
 * Any elem_size >= 1 works.  Checks that both buffers are large enough
 * (CLSLICE_ERROR_BUFFER otherwise) before writing anything.  The CPU
 * oracle for device results, and a fallback users may call. */
CLSLICE_API
clslice_status clslice_host_gather(const clslice_plan *plan, size_t elem_size,
                                   const void *src, size_t src_bytes,
                                   void *dst, size_t dst_bytes,
                                   clslice_error *err);

/** Writes `value` into plan's slice of `dst`, in place: dst is a contiguous
 * row-major tensor of the plan's input shape (dst_bytes long), value a
 * contiguous row-major tensor of value_shape (value_bytes long); `rule`
 * says how the value must match the slice (clslice_value_rule: broadcast
 * as TF StridedSliceAssign, or exact as MXNet _slice_assign; a rank-0
 * value under CLSLICE_VALUE_BROADCAST fills the slice).  Elements outside
 * the slice are never touched.  The shape rule and both buffer sizes are
 * checked before anything is written (CLSLICE_ERROR_SHAPE,
 * CLSLICE_ERROR_BUFFER). */
CLSLICE_API
clslice_status clslice_host_scatter(const clslice_plan *plan,
                                    size_t elem_size, const void *value,
                                    const int64_t *value_shape,
                                    int value_rank, size_t value_bytes,
                                    clslice_value_rule rule, void *dst,
                                    size_t dst_bytes, clslice_error *err);

/** TF StridedSliceGrad: `out` (out_bytes long) receives a contiguous
 * row-major tensor of the plan's input shape that is zero everywhere
 * except in the slice, which receives dy.  dy must have the plan's final
 * shape exactly (CLSLICE_VALUE_EXACT).  Every check is made before
 * anything is written; bytes of out past the tensor are not touched. */
CLSLICE_API
clslice_status clslice_host_grad(const clslice_plan *plan, size_t elem_size,
                                 const void *dy, const int64_t *dy_shape,
                                 int dy_rank, size_t dy_bytes, void *out,
                                 size_t out_bytes, clslice_error *err);

/** @} */

/* ------------------------------------------------------------------------ */
/* Strided views                                                             */
/* ------------------------------------------------------------------------ */

/** @addtogroup layouts
 * @{ */

/* A strided view is a tensor stored at arbitrary element strides: a
 * transposed or sliced array, a padded layout, a reversed axis, a
 * broadcast.  It is given by a shape, one int64 stride per dim, counted in
 * elements, of any sign and possibly 0, and the byte offset in its buffer
 * of element (0, ..., 0); element (i0, i1, ...) lies at byte
 *     offset + (i0 * strides[0] + i1 * strides[1] + ...) * elem_size,
 * so elements along negative strides lie before the offset.  A NULL
 * strides pointer means the contiguous row-major strides of the shape.
 * The general calls take views as tensors: clslice_host_gather2,
 * clslice_host_scatter2 and clslice_host_concat as clslice_host_tensor
 * (below), clslice_cl_gather, clslice_cl_scatter and clslice_cl_concat
 * (clslice_cl.h) as clslice_cl_tensor, and their messages name the
 * members (src.strides[d], src.offset, src.bytes, src.buffer); the
 * layout queries below name arguments (src_strides[d]).
 *
 * Rules every call between views checks before it reads or writes
 * anything (messages spell a view's parts as the call does: src.strides[d],
 * src.offset, src.bytes for a descriptor's tensor, src_strides[d] for
 * the layout queries' arguments):
 *  - a view's extent, sum over its dims of (size - 1) * stride taken
 *    separately for each sign, must fit int64 (CLSLICE_ERROR_BUFFER,
 *    naming NAME.strides[d] and its value);
 *  - every byte a view can address, over its whole shape, must lie in
 *    its buffer: offset - (bytes before) >= 0 and the last byte before
 *    the buffer's size (CLSLICE_ERROR_BUFFER naming NAME.offset or
 *    NAME.bytes);
 *    a view with a dim of size 0 addresses nothing;
 *  - a destination view must not address one element twice.  The test
 *    is sufficient, not exact: with its dims of size > 1 sorted by
 *    |stride|, each |stride| must exceed the sum of (size - 1) * |stride|
 *    over the dims before it.  Row-major, transposed, padded and reversed
 *    views pass; a stride of 0 on a dim of size > 1 fails, and so do
 *    interleavings such as strides {2, 3} on shape {3, 2}, even where
 *    they happen not to collide (CLSLICE_ERROR_ARGUMENT naming
 *    dst.strides[d]);
 *  - a source and a destination in one buffer must not overlap: the byte
 *    ranges [lowest, highest] that each view can address are compared, so
 *    two interleaved views of one buffer are refused even when they share
 *    no byte (CLSLICE_ERROR_ARGUMENT).
 * Source views may repeat elements (stride 0 broadcasts one). */

/** The gather layout of `plan` from a view of its input (src_strides:
 * input-rank entries, or NULL for row-major) into a view of its final
 * output (dst_strides: output-rank entries, new axes included, or NULL).
 * As clslice_plan_layout, one layout dim per input dim, unsimplified;
 * but offset, src_min and src_max count from the source view's element 0
 * and may be negative, and dst_stride holds the destination view's
 * strides (dst_offset stays 0: output element 0 is the view's element
 * 0).  Checks the extents and the destination rule above; errors as
 * clslice_plan_layout otherwise. */
CLSLICE_API
clslice_status clslice_plan_layout_strided(const clslice_plan *plan,
                                           const int64_t *src_strides,
                                           const int64_t *dst_strides,
                                           clslice_layout *layout,
                                           clslice_error *err);

/** The scatter layout of a value view (value_shape, value_strides:
 * value_rank entries, NULL for row-major) into a view of the plan's input
 * (dst_strides: input-rank entries, NULL for row-major) under `rule`, as
 * clslice_plan_scatter_layout: a value dim that broadcasts gets source
 * stride 0 whatever its view stride.  dst_offset and dst_stride count
 * from the destination view's element 0; offset is 0. */
CLSLICE_API
clslice_status clslice_plan_scatter_layout_strided(
    const clslice_plan *plan, const int64_t *value_shape, int value_rank,
    const int64_t *value_strides, clslice_value_rule rule,
    const int64_t *dst_strides, clslice_layout *layout, clslice_error *err);

/** @} */

/* ------------------------------------------------------------------------ */
/* Blocked layouts                                                           */
/* ------------------------------------------------------------------------ */

/** @defgroup blocked Blocked layouts
 * Tensors stored with one axis split into blocks (NC4HW4 and the
 * like), read and written by the host and device calls.
 * @{ */

/* GPU inference engines store activations with one axis blocked: MNN's
 * NC4HW4, TFLite GPU's PHWC4, OpenVINO GPU's b_fs_yx_fsv16 and fsv32,
 * oneDNN's nChw16c, ncnn's packed elempack.  Such a tensor keeps its
 * logical shape (the one plans and value shapes speak of), but stores the
 * blocked axis, of size C, as blocks of `block` lanes: logical index c
 * of the axis is lane (first_lane + c) % block of block
 * (first_lane + c) / block, the lanes of a block are consecutive
 * elements, and the axis occupies ceil((first_lane + C) / block) blocks
 * (none when C is 0).  Element (i0, ..., c, ...) lies at element
 *     i0 * strides[0] + ... + ((first_lane + c) / block) * strides[axis]
 *        + (first_lane + c) % block + ...
 * of the tensor (byte offset + that * elem_size): strides[axis] is the
 * stride between blocks, and a strides array has one entry per logical
 * dim.  NULL strides mean the dense storage: the logical dims in their
 * order with the axis replaced by its blocks, then the lanes innermost,
 * row-major.  MNN's NC4HW4 of an NCHW tensor is thus {axis 1, block 4}
 * with NULL strides (storage [N][C/4][H][W][4]), oneDNN's nChw16c and
 * OpenVINO's b_fs_yx_fsv16 are {1, 16}; TFLite's PHWC4 of an HWC tensor
 * is {axis 2, block 4} with strides {W * 4, 4, H * W * 4}.
 *
 * The lanes of its blocks that hold no logical element are the tensor's
 * padding lanes: the first_lane lanes before index 0 and the tail of the
 * last block.  A gather into a blocked destination writes the whole
 * destination tensor, padding lanes included, as zeros (what these
 * engines expect of a padded tensor); a scatter into a blocked
 * destination writes the slice's elements only and leaves everything
 * else, padding lanes included, alone.  Padding lanes are never read.
 *
 * A blocked tensor is checked as a strided view of its storage (the
 * rules of "Strided views" above): every byte of every block, padding
 * lanes included, must lie in its buffer; a destination must not address
 * an element twice (its strides[axis] must exceed the reach of the dims
 * inside it, the lanes included); a source and a destination in one
 * buffer must not overlap.  Besides: blocking->axis must be a dim of the
 * tensor, block >= 1, 0 <= first_lane < block and flags 0
 * (CLSLICE_ERROR_ARGUMENT naming src_blocking->axis and so on), and the
 * storage must hold at most INT64_MAX elements (CLSLICE_ERROR_BUFFER).
 * A blocked axis of block 1 and first_lane 0 is the plain layout. */

/** How one axis of a tensor is blocked (see above).  Frozen: it never
 * grows; a later need is a new member of the descriptors that point at
 * it. */
typedef struct clslice_blocking {
    int axis;       /**< the blocked dim of the logical shape */
    int block;      /**< lanes per block, >= 1 (4, 8, 16, 32 in practice) */
    int first_lane; /**< the lane of logical index 0 in the first block,
                     * 0 <= first_lane < block (a tensor placed at a
                     * channel offset inside another) */
    unsigned flags; /**< 0; other values are refused (reserved) */
} clslice_blocking;

/** @} */

/* ------------------------------------------------------------------------ */
/* General host calls                                                        */
/* ------------------------------------------------------------------------ */

/** @addtogroup host
 * @{ */

/* The host calls have the two shapes of the device calls (clslice_cl.h).
 * The plain calls, clslice_host_gather, _scatter and _grad above and the
 * CSR pair below, take contiguous tensors and their arguments one by
 * one, and keep their signatures.  Every other host call is a general
 * call: one descriptor per operation, which says what to do with which
 * tensors, and the error.  Where a plain call holds the operation's
 * name the general call adds a 2, as zstd's ZSTD_compress2 stands beside
 * ZSTD_compress:
 *
 *     clslice_host_gather_desc desc = CLSLICE_HOST_GATHER_DESC_INIT;
 *     desc.plan = plan;  desc.elem_size = 4;
 *     desc.src = (clslice_host_tensor){src, src_bytes, 0, src_strides};
 *     desc.dst = (clslice_host_tensor){dst, dst_bytes, 0, NULL};
 *     clslice_host_gather2(&desc, &err);
 *
 * A descriptor grows as the device's do: it begins with `size_t
 * struct_size`, the sizeof of the type the caller was compiled with (the
 * _INIT macros set it and zero every other member), and takes new
 * members only at its end, each with a zero value that keeps the
 * behaviour from before it.  The library accepts any struct_size from
 * the type's first published size (its sizeof in the release that
 * introduced it) to its own sizeof, and reads the members past a smaller
 * one as zero; anything else, and a NULL desc, is CLSLICE_ERROR_ARGUMENT
 * naming desc->struct_size and its value, before any other check.
 * Tensors are clslice_host_tensor, held by value and frozen.  Messages
 * name the members as the caller wrote them: src.offset,
 * src.strides[1], dst.bytes, dst_blocking->axis. */

/* The _INIT macros of the host's and the device's descriptors:
 * struct_size set, every other member zero. */
#ifdef __cplusplus
#define CLSLICE_INIT_(type) {sizeof(type)}
#else
#define CLSLICE_INIT_(type) {.struct_size = sizeof(type)}
#endif

/** A tensor in host memory, as host descriptors hold it (the host's
 * clslice_cl_tensor).  Element (i0, i1, ...) lies at byte
 *     offset + (i0 * strides[0] + i1 * strides[1] + ...) * elem_size
 * of the `bytes` bytes at `data` ("Strided views" above for the rules a
 * view keeps; "Blocked layouts" for the storage of a blocked one); the
 * tensor's shape is the one the operation gives it.  One type serves
 * sources and destinations, so `data` is not const; a call never writes
 * a source.  Frozen. */
typedef struct clslice_host_tensor {
    void *data;             /**< NULL where the call touches no byte */
    size_t bytes;           /**< bytes at data: the buffer's size */
    size_t offset;          /**< bytes to element (0, ..., 0) */
    const int64_t *strides; /**< elements per dim, any sign, 0 allowed;
                             * NULL: contiguous row-major (dense storage
                             * for a blocked tensor) */
} clslice_host_tensor;

/** What clslice_host_gather2 does: the slice `plan` of the tensor `src`,
 * of the plan's input shape (src.strides: input-rank entries), into
 * `dst`, of the plan's final output shape (dst.strides: output-rank
 * entries, new axes included).  Elements are elem_size bytes.  The
 * members are those of clslice_cl_gather_desc, on host memory. */
typedef struct clslice_host_gather_desc {
    size_t struct_size; /**< sizeof(clslice_host_gather_desc) */
    const clslice_plan *plan;
    size_t elem_size;
    clslice_host_tensor src;
    clslice_host_tensor dst;
    /** How src stores the input with one axis blocked ("Blocked
     * layouts"; src.strides then has one entry per logical dim, the
     * axis's the stride between blocks); NULL: a plain tensor. */
    const clslice_blocking *src_blocking;
    /** The same for dst and the output; a blocked dst is written whole,
     * its padding lanes as zeros. */
    const clslice_blocking *dst_blocking;
} clslice_host_gather_desc;

#define CLSLICE_HOST_GATHER_DESC_INIT CLSLICE_INIT_(clslice_host_gather_desc)

/** Runs the gather `desc` describes on host memory: the host reference of
 * clslice_cl_gather, which checks the same in the same order.  With
 * strides NULL and no blocking it is clslice_host_gather between
 * buffers of src.bytes and dst.bytes from their offsets.  Bytes of
 * dst.data the dst view does not address are not touched, except that a
 * blocked dst is written whole, its padding lanes as zeros.
 *
 * Every check comes before the first byte is written: desc and its
 * struct_size (above); the plan given and known, elem_size >= 1
 * (CLSLICE_ERROR_ARGUMENT, CLSLICE_ERROR_UNKNOWN); the blockings
 * ("Blocked layouts": naming src_blocking->axis and so on); each view's
 * extent (CLSLICE_ERROR_BUFFER naming src.strides[d]) and a dst that
 * addresses no element twice (CLSLICE_ERROR_ARGUMENT naming
 * dst.strides[d]); each view inside its buffer (CLSLICE_ERROR_BUFFER
 * naming src.offset, src.bytes or dst.bytes); src.data or dst.data NULL
 * only where its view addresses nothing (CLSLICE_ERROR_ARGUMENT naming
 * it); src and dst not overlapping (CLSLICE_ERROR_ARGUMENT). */
CLSLICE_API
clslice_status clslice_host_gather2(const clslice_host_gather_desc *desc,
                                    clslice_error *err);

/** What clslice_host_scatter2 does: writes the tensor `value`, of
 * value_shape (value_rank entries; value.strides: value_rank entries),
 * into the slice `plan` of the tensor `dst`, of the plan's input shape
 * (dst.strides: input-rank entries), in place, under the shape rule
 * `rule` (as clslice_host_scatter).  Elements are elem_size bytes.  The
 * members are those of clslice_cl_scatter_desc, on host memory. */
typedef struct clslice_host_scatter_desc {
    size_t struct_size; /**< sizeof(clslice_host_scatter_desc) */
    const clslice_plan *plan;
    size_t elem_size;
    clslice_host_tensor value;
    const int64_t *value_shape; /**< may be NULL when value_rank is 0 */
    int value_rank;
    clslice_value_rule rule;
    clslice_host_tensor dst;
    /** How value is stored with one axis blocked ("Blocked layouts");
     * NULL: a plain tensor. */
    const clslice_blocking *value_blocking;
    /** How dst is stored; NULL: plain.  Only the slice's elements are
     * written: padding lanes are left alone. */
    const clslice_blocking *dst_blocking;
} clslice_host_scatter_desc;

#define CLSLICE_HOST_SCATTER_DESC_INIT CLSLICE_INIT_(clslice_host_scatter_desc)

/** Runs the scatter `desc` describes on host memory: the host reference
 * of clslice_cl_scatter.  Only the slice's elements of the dst view are
 * written; a value dim that broadcasts is read at its index 0 whatever
 * its stride or blocking.  The checks are clslice_host_gather2's, with
 * value in src's place, and the value's shape against the slice under
 * `rule` (CLSLICE_ERROR_SHAPE naming the value dim, as
 * clslice_host_scatter); the whole dst view must fit dst.bytes even for
 * an empty slice.  Nothing is written on any failure. */
CLSLICE_API
clslice_status clslice_host_scatter2(const clslice_host_scatter_desc *desc,
                                     clslice_error *err);

/** One part of clslice_host_concat: the tensor `src`, of the final
 * output shape of `plan` (src.strides: output-rank entries, NULL for
 * row-major), written into the slice `plan` of the destination.  The
 * host's clslice_cl_concat_part.  Frozen. */
typedef struct clslice_host_part {
    const clslice_plan *plan; /**< the part's place in the destination */
    clslice_host_tensor src;  /**< data may be NULL when the part is empty */
} clslice_host_part;

/** What clslice_host_concat does: `count` sources written into their
 * places of one destination `dst`, a tensor of the plans' common input
 * shape (dst.strides: input-rank entries, NULL for row-major).  Elements
 * are elem_size bytes.  The members of clslice_cl_concat_desc. */
typedef struct clslice_host_concat_desc {
    size_t struct_size; /**< sizeof(clslice_host_concat_desc) */
    size_t elem_size;
    clslice_host_tensor dst;
    size_t count;                   /**< >= 1 */
    const clslice_host_part *parts; /**< count entries */
} clslice_host_concat_desc;

#define CLSLICE_HOST_CONCAT_DESC_INIT CLSLICE_INIT_(clslice_host_concat_desc)

/** Writes the `count` parts of `desc` into one destination
 * (numpy.concatenate and numpy.stack with the plans of
 * clslice_plan_concat and clslice_plan_stack, or any disjoint places):
 * part i's tensor into the slice parts[i].plan of dst.  Elements of dst
 * that no part's slice holds, and bytes outside its view, are not
 * touched.  The host reference executor of clslice_cl_concat, which
 * checks the same in the same order.
 *
 * Every check comes before the first byte is written, with the rules of
 * "Strided views" above:
 *  - desc and its struct_size (as every general call);
 *  - count >= 1, parts given, each parts[i].plan given, of
 *    parts[0].plan's input shape (CLSLICE_ERROR_SHAPE naming
 *    parts[i].plan and the dim), known, and elem_size >= 1; messages of a
 *    plan's own checks start with "parts[i].plan: ";
 *  - each source view and the destination view: extents that fit int64
 *    (naming parts[i].src.strides[d], dst.strides[d]), and a destination
 *    that addresses no element twice;
 *  - no two parts write one element of the destination
 *    (CLSLICE_ERROR_ARGUMENT naming both parts and the element's index;
 *    the test is exact: parts whose slices interleave with steps share
 *    nothing and pass).  A part with no elements takes no part in it;
 *  - each source view inside its buffer (naming parts[i].src.offset or
 *    parts[i].src.bytes), the destination view inside dst.bytes whenever
 *    dst.data is given or some part writes (dst.data may be NULL only
 *    when no part has an element), and no source's bytes overlapping the
 *    destination view's (CLSLICE_ERROR_ARGUMENT naming parts[i].src);
 *    sources may share bytes with each other. */
CLSLICE_API
clslice_status clslice_host_concat(const clslice_host_concat_desc *desc,
                                   clslice_error *err);

/** @} */

/* ------------------------------------------------------------------------ */
/* CSR matrices                                                              */
/* ------------------------------------------------------------------------ */

/** @defgroup csr CSR matrices
 * Slicing sparse CSR matrices with any steps, in two passes (count,
 * then fill), on the host and on the device.
 * @{ */

/** A 2-D sparse matrix in CSR form (scipy.sparse.csr_matrix, MXNet
 * CSRNDArray) in host memory.  Row r holds the entries at positions
 * indptr[r] .. indptr[r+1]-1 of indices (their columns) and data (their
 * values).  Column indices need not be sorted and may repeat. */
typedef struct clslice_csr {
    int64_t rows, cols;             /**< the matrix shape, both >= 0 */
    clslice_index_type index_type;  /**< of indptr and indices alike */
    size_t elem_size;               /**< bytes per data element, >= 1 */
    int64_t nnz;                    /**< stored entries; indptr[rows] == nnz */
    const void *indptr;             /**< rows + 1 entries */
    const void *indices;            /**< nnz entries (NULL allowed if 0) */
    const void *data;               /**< nnz elements (NULL allowed if 0) */
} clslice_csr;

/* Slicing CSR matrices.  The slice is any plan built on the shape
 * [rows, cols] whose output keeps both dimensions: no shrinks, no new axes
 * (else CLSLICE_ERROR_SPEC), typically from clslice_plan_mxnet with
 * begin/end/step of length 1 or 2.  With the plan's (start, step, count)
 * per dimension:
 *  - output row i is input row start_r + i * step_r (any nonzero step);
 *  - an entry of column c is kept iff c == start_c + j * step_c for some
 *    0 <= j < count_c, and its output column is j;
 *  - kept entries keep their order within a row.
 * Step 1 is MXNet's CSR-stays-CSR case.  For any other step MXNet
 * densifies; clslice slices natively and the result stays CSR (the same
 * values as MXNet's dense result).  Bounds are clamped by the plan, before
 * any row pointer is rebased.  No selected row gives indptr = [0]; no kept
 * entry gives nnz = 0.  The result has the input's index type and element
 * size and [count_r, count_c] as its shape; with int32 indices count_c may
 * be at most 2^31 (output columns up to INT32_MAX), else the slice is
 * CLSLICE_ERROR_SPEC and int64 indices are needed.
 *
 * Validation, before any value is trusted: indptr[0] == 0, indptr
 * non-decreasing, every indptr[k] <= nnz and indptr[rows] == nnz (the whole
 * indptr); and 0 <= c < cols for every stored entry of every row the slice
 * selects (entries of rows it does not select are never read).  A
 * violation is CLSLICE_ERROR_SPEC and the message names the first bad
 * position (the lowest indptr index, else the lowest entry position) and
 * its value.
 *
 * The nnz of the result depends on the data, so slicing takes two calls:
 * clslice_host_csr_count gives it, the caller allocates, and
 * clslice_host_csr_slice fills (clslice_cl.h has the device version). */

/** Validates `in` against `plan` and sets *out_nnz to the number of entries
 * the slice keeps. */
CLSLICE_API
clslice_status clslice_host_csr_count(const clslice_plan *plan,
                                      const clslice_csr *in,
                                      int64_t *out_nnz, clslice_error *err);

/** Validates `in`, then writes the slice: out_indptr receives count_r + 1
 * entries, out_indices and out_data the kept entries (room for `capacity`
 * of them; they may be NULL when capacity is 0), and *out_nnz their number.
 * A capacity below the result's nnz is CLSLICE_ERROR_BUFFER.  Nothing is
 * written on any failure. */
CLSLICE_API
clslice_status clslice_host_csr_slice(const clslice_plan *plan,
                                      const clslice_csr *in, void *out_indptr,
                                      void *out_indices, void *out_data,
                                      int64_t capacity, int64_t *out_nnz,
                                      clslice_error *err);

/** @} */

/* ------------------------------------------------------------------------ */
/* Dynamic plan record (slice bounds computed on the device)                 */
/* ------------------------------------------------------------------------ */

/** @defgroup dynamic Specs in device memory
 * Slices whose spec values are outputs of earlier device work: the
 * dynamic plan record, its host-side bounds and the device calls.
 * @{ */

/* When begin/end/strides (or ONNX starts/ends/steps/axes) live in device
 * buffers, a normalise command turns them into a "dynamic plan record" in
 * a caller-provided device buffer of CLSLICE_DYNAMIC_INFO_BYTES bytes: an
 * array of CLSLICE_DYNAMIC_INFO_WORDS int64 words (cl_long, in the
 * device's byte order).  The caller reads the words below; every other
 * word is reserved for the library.  clslice_cl.h has the enqueue calls. */

/** clslice_status of the normalisation: CLSLICE_OK, or CLSLICE_ERROR_SPEC /
 * _INDEX / _SHAPE exactly as the host front-end would report the same
 * values (its first error). */
#define CLSLICE_DYNAMIC_STATUS 0
/** The spec entry (slot, or ONNX axes entry) that the error names; -1 when
 * none (also on success). */
#define CLSLICE_DYNAMIC_SLOT 1
/** The offending value (the step, the shrink index, the axis); 0 when none. */
#define CLSLICE_DYNAMIC_VALUE 2
/** The input dimension the error concerns; -1 when none. */
#define CLSLICE_DYNAMIC_DIM 3
/** Number of output elements (0 on error). */
#define CLSLICE_DYNAMIC_ELEMENTS 4
/** Output rank: static (masks and ranks decide it), written even on error. */
#define CLSLICE_DYNAMIC_OUT_RANK 5
/** First of CLSLICE_MAX_RANK words: the output shape (out_rank entries,
 * the rest 0; all 0 on error). */
#define CLSLICE_DYNAMIC_SHAPE 6
/** Words and bytes of the whole record, reserved part included. */
#define CLSLICE_DYNAMIC_INFO_WORDS 134
#define CLSLICE_DYNAMIC_INFO_BYTES (CLSLICE_DYNAMIC_INFO_WORDS * 8)

/** Sizing the output of such a slice on the host, before the values exist:
 * a slice never reads an input element twice, so it has at most as many
 * elements as its input, and *max_elements is the input's element count
 * (allocate max_elements * elem_size bytes; the record's
 * CLSLICE_DYNAMIC_ELEMENTS says how many were written).  Every size must
 * be known (>= 0).  CLSLICE_ERROR_SHAPE when the count exceeds INT64_MAX.
 * An ONNX Slice keeps its rank: its output rank is `rank`. */
CLSLICE_API
clslice_status clslice_dynamic_bound(const int64_t *shape, int rank,
                                     int64_t *max_elements,
                                     clslice_error *err);

/** The same, and the output rank, which TensorFlow's and OpenVINO's masks
 * fix without the values (new axes add a dim, shrinks remove one).  Only
 * the spec's lengths and masks are read: begin, end and strides may be
 * NULL (strides count as given when strides_len > 0 or strides is not
 * NULL).  The spec's static errors (lengths, masks, ranks) are reported
 * here as clslice_plan_tf / clslice_plan_openvino words them.
 * max_elements and out_rank may be NULL. */
CLSLICE_API
clslice_status clslice_dynamic_bound_tf(const int64_t *shape, int rank,
                                        const clslice_tf_spec *spec,
                                        int64_t *max_elements, int *out_rank,
                                        clslice_error *err);
/** The same as clslice_dynamic_bound_tf, for an OpenVINO spec. */
CLSLICE_API
clslice_status clslice_dynamic_bound_openvino(
    const int64_t *shape, int rank, const clslice_openvino_spec *spec,
    int64_t *max_elements, int *out_rank, clslice_error *err);

/** The bound from an interval shape inference (clslice_infer_*): the
 * output can hold at most the product of the his of out_shape (out_rank
 * entries) elements, and never more than its input (shape, rank, every
 * size known) has.  So a 1-row crop of a large tensor is bounded by one
 * row, not by the tensor.  An unbounded hi leaves the input's count as
 * the bound.  CLSLICE_ERROR_SHAPE when the input's count exceeds
 * INT64_MAX; CLSLICE_ERROR_ARGUMENT for an interval that is not a
 * dimension interval. */
CLSLICE_API
clslice_status clslice_dynamic_bound_intervals(
    const int64_t *shape, int rank, const clslice_interval *out_shape,
    int out_rank, int64_t *max_elements, clslice_error *err);

/** @} */

/* ------------------------------------------------------------------------ */
/* Sharded tensors                                                           */
/* ------------------------------------------------------------------------ */

/** @defgroup shard Sharded tensors
 * Tensors split into blocks over owners: layouts, the redistribution
 * planner and its pieces, and (clslice_cl.h) the call that runs them
 * on several devices.
 * @{ */

/* A sharded tensor is split into a grid of blocks, each held by one of
 * `owners` owners (devices, processes); the planner says, for a plan of
 * any front-end, which blocks a slice reads, which blocks of a sharded
 * result it writes, and what moves between which owners.  It moves no
 * data: an engine runs each piece with its own copies (a host or device
 * gather between the two blocks, or a send and a receive).
 *
 * Per axis the blocks are uniform (`block` elements each, the last one
 * shorter, as ScaLAPACK's MB and NB) or explicit boundaries (`bounds`,
 * as numpy.array_split and tensor-parallel splits give; empty blocks
 * allowed).  Each block gets a grid coordinate per axis: the block's
 * index, or with `procs` > 0 the block-cyclic coordinate (index +
 * first_proc) mod procs of ScaLAPACK's descriptor (process rows and
 * columns, RSRC and CSRC).  The owner of a block is found from its
 * coordinates: by default the row-major number of the coordinate on
 * the grid (so a grid of one block per owner numbers blocks row-major),
 * else the caller's table or function.
 *
 *     input: shape [8, 8], block 4 x 4, owners 0 1 / 2 3
 *     plan "1:7, ::-3" ->  output [6, 3], one block per owner of 0 and 1
 *
 * Pieces.  A piece is one pair (input block, output block) that shares
 * output elements: per output axis the plan's indices cut by both block
 * grids give one interval, so the pieces of all owners hold every output
 * element exactly once and nothing else.  Planning costs the blocks a
 * slice touches, not the grid: per axis the touched blocks are found by
 * arithmetic (a binary search for explicit bounds), and a slice that
 * touches 4 blocks of a 1,000,000-block grid plans in microseconds.
 *
 * Pieces come from an iterator in caller storage (clslice_shard_begin,
 * then clslice_shard_next until it reports none left): no allocation, no
 * bound to guess, and an engine that wants an array counts first
 * (clslice_shard_count) and fills it in a second pass. */

/** How one axis of a sharded tensor is cut into blocks.  Frozen: a later
 * need is a new member of clslice_shard_layout. */
typedef struct clslice_shard_axis {
    int64_t block;         /**< uniform blocks: elements per block, >= 1;
                            * ignored when bounds is given */
    const int64_t *bounds; /**< explicit blocks: blocks + 1 entries, block
                            * b holds [bounds[b], bounds[b + 1]); 0 first,
                            * never decreasing, the axis's size last */
    int64_t blocks;        /**< number of explicit blocks (>= 1) */
    int64_t procs;         /**< block-cyclic: grid coordinates on this axis
                            * (ScaLAPACK's process rows or columns); 0: one
                            * coordinate per block */
    int64_t first_proc;    /**< coordinate of block 0 (RSRC / CSRC),
                            * 0 <= first_proc < procs; 0 when procs is 0 */
} clslice_shard_axis;

/** An owner function: the owner (0 <= owner < owners) of the blocks at
 * grid coordinates coord (rank entries).  Called only for blocks a plan
 * touches. */
typedef int64_t (*clslice_shard_owner_fn)(void *context, const int64_t *coord,
                                          int rank);

/** A sharded tensor: its shape, how each axis is cut, and who holds each
 * block.  A descriptor that grows by addition (struct_size, as the host
 * descriptors). */
typedef struct clslice_shard_layout {
    size_t struct_size; /**< sizeof(clslice_shard_layout) */
    int rank;           /**< 0 .. CLSLICE_MAX_RANK */
    const int64_t *shape;            /**< rank entries, each >= 0 */
    const clslice_shard_axis *axes;  /**< rank entries */
    int64_t owners;     /**< number of owners, >= 1 */
    /** The owner of each grid coordinate, row-major over the grid (the
     * grid is procs, or the number of blocks, per axis); NULL with
     * owner_fn NULL: the row-major number itself, which needs a grid of at
     * most `owners` coordinates. */
    const int64_t *owner_map;
    clslice_shard_owner_fn owner_fn; /**< instead of owner_map */
    void *owner_context;             /**< passed to owner_fn */
} clslice_shard_layout;

#define CLSLICE_SHARD_LAYOUT_INIT CLSLICE_INIT_(clslice_shard_layout)

/** Which way data flows between the plan's sides. */
typedef enum clslice_shard_direction {
    /** A gather: input blocks are read, output blocks written. */
    CLSLICE_SHARD_GATHER = 0,
    /** A scatter (assign): the output layout is the value's, whose blocks
     * are read and written into the slice of the input's blocks. */
    CLSLICE_SHARD_SCATTER = 1
} clslice_shard_direction;

/** Roles of an owner in clslice_shard_desc.role. */
#define CLSLICE_SHARD_SENDS 1u    /**< pieces whose read block it holds */
#define CLSLICE_SHARD_RECEIVES 2u /**< pieces whose written block it holds */
/** clslice_shard_desc.owner: the pieces of every owner. */
#define CLSLICE_SHARD_EVERY_OWNER (-1)

/** What to plan: the pieces of `plan` from the sharded tensor `input`
 * (of the plan's input shape) to `output` (of its output shape, new
 * axes included), or the reverse for a scatter, that owner `owner`
 * takes part in. */
typedef struct clslice_shard_desc {
    size_t struct_size;       /**< sizeof(clslice_shard_desc) */
    const clslice_plan *plan; /**< known; any front-end */
    const clslice_shard_layout *input;  /**< over the plan's input shape */
    const clslice_shard_layout *output; /**< over its final output shape */
    clslice_shard_direction direction;
    /** CLSLICE_SHARD_EVERY_OWNER, or the one owner whose pieces to give */
    int64_t owner;
    /** CLSLICE_SHARD_SENDS, _RECEIVES or both; 0 means both */
    unsigned role;
} clslice_shard_desc;

#define CLSLICE_SHARD_DESC_INIT CLSLICE_INIT_(clslice_shard_desc)

/** One piece: the input block's elements at input_start + k * input_step
 * (block-local, per input dim; a shrunk dim reads its one index) fill
 * the box output_start .. + output_count of the output block
 * (block-local, per output dim), in the plan's order.  A gather moves
 * them from input_owner to output_owner, a scatter the other way; the
 * engine copies the piece's `elements` elements only when those differ.
 * Written up to the caller's struct_size; of each array only the first
 * input-rank (input_*) or output-rank (output_*) entries. */
typedef struct clslice_shard_piece {
    size_t struct_size;   /**< sizeof(clslice_shard_piece), set by caller */
    int64_t input_owner;  /**< holds the input block */
    int64_t output_owner; /**< holds the output block */
    int64_t from_owner;   /**< the sender: input_owner for a gather */
    int64_t to_owner;     /**< the receiver */
    int64_t elements;     /**< product of output_count, >= 1 */
    int64_t input_block[CLSLICE_MAX_RANK];  /**< block index per input dim */
    int64_t input_origin[CLSLICE_MAX_RANK]; /**< its first global index */
    int64_t input_start[CLSLICE_MAX_RANK];  /**< block-local first index */
    int64_t input_step[CLSLICE_MAX_RANK];   /**< the plan's step; 1 shrunk */
    int64_t input_count[CLSLICE_MAX_RANK];  /**< 1 for a shrunk dim */
    int64_t output_block[CLSLICE_MAX_RANK];  /**< per output dim */
    int64_t output_origin[CLSLICE_MAX_RANK]; /**< its first global index */
    int64_t output_start[CLSLICE_MAX_RANK];  /**< block-local box start */
    int64_t output_count[CLSLICE_MAX_RANK];  /**< box size */
} clslice_shard_piece;

#define CLSLICE_SHARD_PIECE_INIT CLSLICE_INIT_(clslice_shard_piece)

/** Bytes of a clslice_shard_iter.  Part of the ABI: it changes only with
 * the SONAME. */
#define CLSLICE_SHARD_ITER_BYTES 4096

/** The planner's state between clslice_shard_next calls, in caller
 * storage.  It points at the plan and at the layouts' arrays (shape,
 * axes, bounds, owner_map), which must outlive it; the descriptors
 * themselves are copied. */
typedef union clslice_shard_iter {
    unsigned char bytes[CLSLICE_SHARD_ITER_BYTES];
    int64_t align_int64_; /**< alignment only */
    void *align_pointer_; /**< alignment only */
} clslice_shard_iter;

/** Checks a sharded layout whole: struct_size, rank, shape, every axis
 * (block >= 1; bounds starting at 0, never decreasing, ending at the
 * axis's size; procs >= 0 and first_proc in range), owners >= 1, and the
 * owner of every grid coordinate in [0, owners).  The planner checks the
 * same but asks for owners only of the blocks a plan touches; call this
 * once when a layout is made, where its cost (the grid) is paid once.
 * Errors name the member as written ("axes[1].bounds[3]"): blocks that
 * do not tile an axis (CLSLICE_ERROR_SHAPE: a gap before the first
 * bound, overlapping blocks, a last bound other than the size), owners
 * out of range (CLSLICE_ERROR_INDEX), the rest CLSLICE_ERROR_ARGUMENT. */
CLSLICE_API
clslice_status clslice_shard_layout_check(const clslice_shard_layout *layout,
                                          clslice_error *err);

/** Starts planning the pieces `desc` asks for into `iter`.  Checks desc
 * and its struct_size, the plan (given, known), both layouts as
 * clslice_shard_layout_check does except their owners (messages say
 * "input." or "output." first), that they have the plan's input and
 * output shapes (CLSLICE_ERROR_SHAPE naming the dim), the direction,
 * role and owner (CLSLICE_ERROR_ARGUMENT).  Costs the rank and, for
 * explicit bounds, their length.  On failure `iter` holds no iteration
 * (clslice_shard_next refuses it), whatever it held before. */
CLSLICE_API
clslice_status clslice_shard_begin(clslice_shard_iter *iter,
                                   const clslice_shard_desc *desc,
                                   clslice_error *err);

/** The next piece into *piece (*more = 1), or *more = 0 when none is
 * left (then *piece is untouched, and every later call says the same).
 * CLSLICE_ERROR_INDEX naming the layout and the grid coordinate when an
 * owner_map entry or owner_fn gives an owner outside [0, owners);
 * the iterator then stays at its error. */
CLSLICE_API
clslice_status clslice_shard_next(clslice_shard_iter *iter,
                                  clslice_shard_piece *piece, int *more,
                                  clslice_error *err);

/** Runs the planner of `desc` through without keeping pieces: the
 * number of pieces, the output elements they hold, and the elements
 * that cross owners (pieces whose two owners differ), each pointer may
 * be NULL.  Reports every error clslice_shard_begin and _next would. */
CLSLICE_API
clslice_status clslice_shard_count(const clslice_shard_desc *desc,
                                   int64_t *pieces, int64_t *elements,
                                   int64_t *moved_elements,
                                   clslice_error *err);

/** @} */

/** @defgroup device Fusing a slice into your own kernel
 * The table that clslice_device.h's OpenCL C functions read, filled
 * from a plan on the host.
 * @{ */

/* ------------------------------------------------------------------------ */
/* A plan inside your own kernel (clslice_device.h)                         */
/* ------------------------------------------------------------------------ */

struct clslice_device_table;
struct clslice_device_table32;

/** What clslice_plan_device_table fills: the table that
 * clslice_device.h's functions read inside a kernel of the caller's own,
 * giving the source element of every output element of `plan` taken
 * from a source of the plan's input shape at `src_strides`.  The table
 * types are defined in clslice_device.h (include it from C too to hold
 * one); their format is versioned by CLSLICE_DEVICE_TABLE_VERSION. */
typedef struct clslice_device_table_desc {
    size_t struct_size; /**< sizeof(clslice_device_table_desc) */
    const clslice_plan *plan; /**< known sizes and indices */
    /** Elements between neighbours along each input dim (input-rank
     * entries, any sign, 0 allowed); NULL: contiguous row-major. */
    const int64_t *src_strides;
    /** Elements from the start of the kernel's source pointer to source
     * element (0, ..., 0); in elements, not bytes, since the kernel
     * indexes a typed pointer.  Never negative. */
    int64_t src_offset;
    /** Elements the kernel's source pointer may read, from its start;
     * 0: not stated, and only offsets below 0 are refused. */
    int64_t src_elements;
    /** The 64-bit table to fill, or NULL. */
    struct clslice_device_table *table;
    /** The 32-bit table to fill, or NULL: exactly one of the two. */
    struct clslice_device_table32 *table32;
} clslice_device_table_desc;

#define CLSLICE_DEVICE_TABLE_DESC_INIT CLSLICE_INIT_(clslice_device_table_desc)

/** Fills desc->table or desc->table32 from desc->plan (clslice_device.h
 * says what each word holds; the caller copies the table to the device,
 * e.g. into a constant buffer, and passes it to its kernel).  The table
 * is written only on success.  Every offset the table can give a kernel
 * is checked here, so the kernel needs no check of its own:
 * CLSLICE_ERROR_ARGUMENT for a NULL desc or plan, a wrong struct_size,
 * neither or both tables named, a negative src_elements;
 * CLSLICE_ERROR_UNKNOWN for a plan with unknown sizes;
 * CLSLICE_ERROR_BUFFER for a negative src_offset, a source element read
 * before the pointer's start or at or past src_elements;
 * CLSLICE_ERROR_SHAPE for offsets past int64, or, for table32, output
 * element numbers, counts, strides or offsets past int32.  No OpenCL. */
CLSLICE_API
clslice_status clslice_plan_device_table(const clslice_device_table_desc *desc,
                                         clslice_error *err);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CLSLICE_H */
