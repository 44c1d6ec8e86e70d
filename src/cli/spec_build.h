/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* One plan builder per SPEC style; each reads its options (already checked
 * to belong to the style, required ones present) and calls the library. */
#ifndef CLI_SPEC_BUILD_H
#define CLI_SPEC_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "args.h"
#include "clslice.h"
#include "diag.h"
#include "lists.h"
#include "spec.h"

typedef int (*cli_spec_builder)(const cli_opts *opts,
                                const cli_spec_target *target,
                                clslice_plan **plan, cli_err *err);

/* spec_build.c: numpy expressions, TensorFlow, OpenVINO StridedSlice,
 * MXNet and ONNX */
int cli_build_expr(const cli_opts *opts, const cli_spec_target *target,
                   clslice_plan **plan, cli_err *err);
int cli_build_tf(const cli_opts *opts, const cli_spec_target *target,
                 clslice_plan **plan, cli_err *err);
int cli_build_openvino(const cli_opts *opts, const cli_spec_target *target,
                       clslice_plan **plan, cli_err *err);
int cli_build_mxnet(const cli_opts *opts, const cli_spec_target *target,
                    clslice_plan **plan, cli_err *err);
int cli_build_onnx(const cli_opts *opts, const cli_spec_target *target,
                   clslice_plan **plan, cli_err *err);

/* spec_fronts.c: the ops an engine imports (TFLite, tf.slice, XLA,
 * OpenVINO Slice-8, PyTorch) */
int cli_build_tflite(const cli_opts *opts, const cli_spec_target *target,
                     clslice_plan **plan, cli_err *err);
int cli_build_tf_slice(const cli_opts *opts, const cli_spec_target *target,
                       clslice_plan **plan, cli_err *err);
int cli_build_xla(const cli_opts *opts, const cli_spec_target *target,
                  clslice_plan **plan, cli_err *err);
int cli_build_dynamic_slice(const cli_opts *opts,
                            const cli_spec_target *target,
                            clslice_plan **plan, cli_err *err);
int cli_build_dynamic_update_slice(const cli_opts *opts,
                                   const cli_spec_target *target,
                                   clslice_plan **plan, cli_err *err);
int cli_build_openvino_slice(const cli_opts *opts,
                             const cli_spec_target *target,
                             clslice_plan **plan, cli_err *err);
int cli_build_torch(const cli_opts *opts, const cli_spec_target *target,
                    clslice_plan **plan, cli_err *err);
int cli_build_narrow(const cli_opts *opts, const cli_spec_target *target,
                     clslice_plan **plan, cli_err *err);

/* Reads the options names[0..n-1] into lists[] / given[] (shared by the
 * builders of both files). */
int cli_read_lists(const cli_opts *opts, const char *const *names, size_t n,
                   bool allow_none, cli_list *lists, bool *given,
                   cli_err *err);

/* tf.strided_slice's options, as TensorFlow and TFLite read them:
 * --begin, --end, --strides (default: ones, one per begin entry) and the
 * five masks (default 0) in clslice_tf_spec order. */
int cli_read_strided(const cli_opts *opts, cli_list lists[3],
                     int32_t masks[5], cli_err *err);

#endif
