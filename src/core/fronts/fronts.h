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

#endif
