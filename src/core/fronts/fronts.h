/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Every front-end, building its plan into a clslice_plan the caller
 * provides.  Each public front-end call comes in three forms (a plan on
 * the heap, a plan in the caller's clslice_plan_storage, and the output
 * shape alone; plan_forms.c), and all three run the one function here, so
 * they cannot disagree on a rule or a message.  None of these allocates.
 * The arguments are those of the public clslice_plan_* call of the same
 * name (clslice.h documents them); on failure *into holds nothing of use.
 * The _fault forms also report a value-dependent error as resolve.h's
 * fault (plan.h, cs_build_plan_fault), for the device normaliser's tests.
 * Below them, the pieces of one front-end that another, the interval
 * calls (interval/) or the device-resident specs (dynamic/, the OpenCL
 * normaliser) reuse: rules, slot builders, static halves.
 */
#ifndef CLSLICE_CORE_FRONTS_H
#define CLSLICE_CORE_FRONTS_H

#include "core/plan/plan.h"

clslice_status cs_front_tf(const int64_t *shape, int rank,
                           const clslice_tf_spec *spec, clslice_plan *into,
                           clslice_error *err);
clslice_status cs_front_tf_fault(const int64_t *shape, int rank,
                                 const clslice_tf_spec *spec,
                                 clslice_plan *into, clslice_error *err,
                                 cs_r_fault *fault);

clslice_status cs_front_openvino(const int64_t *shape, int rank,
                                 const clslice_openvino_spec *spec,
                                 clslice_plan *into, clslice_error *err);
clslice_status cs_front_openvino_fault(const int64_t *shape, int rank,
                                       const clslice_openvino_spec *spec,
                                       clslice_plan *into, clslice_error *err,
                                       cs_r_fault *fault);

clslice_status cs_front_mxnet(const int64_t *shape, int rank,
                              const clslice_opt_int64 *begin,
                              size_t begin_len, const clslice_opt_int64 *end,
                              size_t end_len, const clslice_opt_int64 *step,
                              size_t step_len, clslice_plan *into,
                              clslice_error *err);

clslice_status cs_front_mxnet_slice_axis(const int64_t *shape, int rank,
                                         int64_t axis, int64_t begin,
                                         clslice_opt_int64 end,
                                         clslice_plan *into,
                                         clslice_error *err);

clslice_status cs_front_mxnet_slice_like(const int64_t *shape, int rank,
                                         const int64_t *like_shape,
                                         int like_rank, const int64_t *axes,
                                         size_t axes_len, clslice_plan *into,
                                         clslice_error *err);

clslice_status cs_front_onnx(const int64_t *shape, int rank,
                             const int64_t *starts, size_t starts_len,
                             const int64_t *ends, size_t ends_len,
                             const int64_t *axes, size_t axes_len,
                             const int64_t *steps, size_t steps_len,
                             clslice_plan *into, clslice_error *err);
clslice_status cs_front_onnx_fault(const int64_t *shape, int rank,
                                   const int64_t *starts, size_t starts_len,
                                   const int64_t *ends, size_t ends_len,
                                   const int64_t *axes, size_t axes_len,
                                   const int64_t *steps, size_t steps_len,
                                   clslice_plan *into, clslice_error *err,
                                   cs_r_fault *fault);

clslice_status cs_front_expr(const int64_t *shape, int rank,
                             const char *expr, clslice_plan *into,
                             clslice_error *err);

clslice_status cs_front_tflite(const int64_t *shape, int rank,
                               const clslice_tflite_spec *spec,
                               clslice_plan *into, clslice_error *err);

clslice_status cs_front_tf_slice(const int64_t *shape, int rank,
                                 const int64_t *begin, size_t begin_len,
                                 const int64_t *size, size_t size_len,
                                 clslice_plan *into, clslice_error *err);

clslice_status cs_front_xla_slice(const int64_t *shape, int rank,
                                  const int64_t *start_indices,
                                  const int64_t *limit_indices,
                                  const int64_t *strides, size_t len,
                                  clslice_plan *into, clslice_error *err);

clslice_status cs_front_dynamic_slice(const int64_t *shape, int rank,
                                      const int64_t *start_indices,
                                      const int64_t *slice_sizes, size_t len,
                                      clslice_plan *into, clslice_error *err);

clslice_status cs_front_dynamic_update_slice(
    const int64_t *shape, int rank, const int64_t *update_shape,
    int update_rank, const int64_t *start_indices, size_t len,
    clslice_plan *into, clslice_error *err);

clslice_status cs_front_openvino_slice(const int64_t *shape, int rank,
                                       const int64_t *start, size_t start_len,
                                       const int64_t *stop, size_t stop_len,
                                       const int64_t *step, size_t step_len,
                                       const int64_t *axes, size_t axes_len,
                                       clslice_plan *into,
                                       clslice_error *err);

clslice_status cs_front_torch_narrow(const int64_t *shape, int rank,
                                     int64_t dim, int64_t start,
                                     int64_t length, clslice_plan *into,
                                     clslice_error *err);

clslice_status cs_front_torch_index(const int64_t *shape, int rank,
                                    const char *expr, clslice_plan *into,
                                    clslice_error *err);

/* ---- what the front-ends share with each other, with interval/ (their
 * slots over intervals) and with the device normaliser --------------------- */

/* The front-ends with the fault of a value-dependent error (as
 * cs_build_plan_fault); the public clslice_plan_* call these with NULL. */
clslice_status cs_plan_tf_fault(const int64_t *shape, int rank,
                                const clslice_tf_spec *spec,
                                clslice_plan **plan, clslice_error *err,
                                cs_r_fault *fault);
clslice_status cs_plan_openvino_fault(const int64_t *shape, int rank,
                                      const clslice_openvino_spec *spec,
                                      clslice_plan **plan, clslice_error *err,
                                      cs_r_fault *fault);
clslice_status cs_plan_onnx_fault(const int64_t *shape, int rank,
                                  const int64_t *starts, size_t starts_len,
                                  const int64_t *ends, size_t ends_len,
                                  const int64_t *axes, size_t axes_len,
                                  const int64_t *steps, size_t steps_len,
                                  clslice_plan **plan, clslice_error *err,
                                  cs_r_fault *fault);

/* tf.strided_slice's masks are 32-bit, so a spec has at most 31 slots
 * (TF's own limit; the slot after the last is the implicit ellipsis). */
#define CS_TF_MAX_SLOTS 31

/* TensorFlow's rules, and its spec checked and turned into slots (at most
 * CS_TF_MAX_SLOTS): shared with TFLite, whose spec is TensorFlow's. */
extern const cs_rules cs_tf_rules;
clslice_status cs_tf_slots(const clslice_tf_spec *spec, cs_slot *slots,
                           clslice_error *err);

/* TFLite's spec as TensorFlow's (int32 values, offset dropped), and its
 * rank limits (front_tflite.c). */
clslice_tf_spec cs_tflite_as_tf(const clslice_tflite_spec *spec);
clslice_status cs_tflite_check_rank(const clslice_tflite_spec *spec,
                                    int rank, clslice_error *err);

/* torch.narrow's dim: in [-rank, rank) on an input of rank >= 1; *out
 * is the wrapped dimension (front_torch.c). */
clslice_status cs_torch_dim(int64_t dim, int rank, int *out,
                            clslice_error *err);

/* XLA's rule that an index vector (`what`: start_indices, slice_sizes,
 * ...) has one entry per operand dimension (front_xla.c). */
clslice_status cs_xla_need_rank(int rank, size_t len, const char *what,
                                clslice_error *err);

/* OpenVINO StridedSlice-1's rules and its spec checked and turned into
 * slots (at most CLSLICE_MAX_SLOTS). */
extern const cs_rules cs_openvino_rules;
clslice_status cs_openvino_slots(const clslice_openvino_spec *spec,
                                 cs_slot *slots, clslice_error *err);

/* The argument names an axes-and-steps slice (ONNX Slice, OpenVINO
 * Slice-8) words its messages with, and the operation's name. */
typedef struct cs_axes_names {
    const char *starts, *ends, *axes, *steps, *op;
} cs_axes_names;
extern const cs_axes_names cs_onnx_names;

/* ONNX Slice's rules under the given names (cs_front_onnx is this with
 * cs_onnx_names), built into *into. */
clslice_status cs_front_axes_slice(const int64_t *shape, int rank,
                                   const int64_t *starts, size_t starts_len,
                                   const int64_t *ends, size_t ends_len,
                                   const int64_t *axes, size_t axes_len,
                                   const int64_t *steps, size_t steps_len,
                                   const cs_axes_names *names,
                                   clslice_plan *into, clslice_error *err,
                                   cs_r_fault *fault);

/* The static half of an axes-and-steps slice: lengths, rank, axes and
 * steps checked (not the shape), one range slot per dimension with its
 * step and both bounds marked unknown, and the entry that slices each
 * dimension (entry_of[d], -1 when it is kept whole). */
clslice_status cs_axes_entry_slots(int rank, size_t starts_len,
                                   size_t ends_len, const int64_t *axes,
                                   size_t axes_len, const int64_t *steps,
                                   size_t steps_len,
                                   const cs_axes_names *names, cs_slot *slots,
                                   int *entry_of, clslice_error *err);
extern const cs_rules cs_onnx_rules;

/* ONNX Slice's checks that do not depend on the values (shape, lengths,
 * the scalar input) and the plan with every value unknown: the static
 * half of a slice whose starts/ends/steps/axes are on the device. */
clslice_status cs_plan_onnx_static(const int64_t *shape, int rank,
                                   size_t starts_len, size_t ends_len,
                                   bool has_axes, size_t axes_len,
                                   bool has_steps, size_t steps_len,
                                   clslice_plan **plan, clslice_error *err);

/* Parses a numpy-style expression into at most CLSLICE_MAX_SLOTS slots. */
clslice_status cs_parse_expr(const char *expr, cs_slot *slots,
                             int *slot_count, clslice_error *err);

/* The same, with any number of ellipses (PyTorch's indexing). */
clslice_status cs_parse_expr_many(const char *expr, cs_slot *slots,
                                  int *slot_count, clslice_error *err);

#endif
