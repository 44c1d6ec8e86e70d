/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* SPEC for --dynamic: the spec's values as vectors to upload to the
 * device, read from --style tf / openvino / onnx / dynamic_slice /
 * dynamic_update_slice options, or from --expr
 * translated into the tf.strided_slice spec that slices the same (numpy
 * and TF share the clamping rules). */
#ifndef CLI_SPEC_DYNAMIC_H
#define CLI_SPEC_DYNAMIC_H

#include <stdbool.h>

#include "args.h"
#include "diag.h"
#include "lists.h"

typedef enum cli_dyn_front {
    CLI_DYN_TF,
    CLI_DYN_OPENVINO,
    CLI_DYN_ONNX,
    CLI_DYN_XLA /* dynamic_slice, dynamic_update_slice */
} cli_dyn_front;

typedef struct cli_dyn_spec {
    cli_dyn_front front;
    /* begin/starts/start_indices, end/ends, strides/steps, axes */
    cli_list values[4];
    bool given[4];
    int32_t tf_masks[5]; /* begin, end, ellipsis, new_axis, shrink */
    /* OpenVINO: begin, end, new_axis, shrink, ellipsis */
    cli_list ov_masks[5];
    bool ov_given[5];
    /* XLA: the window (--slice-sizes), on the host; not given for a
     * dynamic_update_slice, whose window is the value's shape */
    cli_list slice_sizes;
    bool sizes_given;
} cli_dyn_spec;

/* Reads the SPEC options (already checked by cli_spec_plan's rules: one
 * SPEC, its own options) into *spec.  *translated is false, with
 * CLI_EXIT_OK, when an --expr is not one this reader translates (a
 * syntax error): the host then explains it.  A --style mxnet spec is a
 * usage error: its values have no device form. */
int cli_dyn_spec_read(const cli_opts *opts, cli_dyn_spec *spec,
                      bool *translated, cli_err *err);

#endif
