/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The runners of the classic case files: tf_strided_slice.json
 * (case_tf.c), openvino_strided_slice.json (case_openvino.c),
 * mxnet_slice.json (case_mxnet.c) and onnx_slice.json (case_onnx.c).
 * Each reads a case's spec in its framework's words, builds the plan
 * through the public front-end and puts it through case_check.h; the
 * files' table is in test_cases.c, beside the newer front-ends'
 * (case_fronts.h). */
#ifndef CLSLICE_TEST_CASE_CLASSIC_H
#define CLSLICE_TEST_CASE_CLASSIC_H

#include <cjson/cJSON.h>

#include "case_check.h"
#include "case_dynamic.h"

/* Runs one case of a file; `all` is the file (MXNet's CSR slices look up
 * their matrix there). */
typedef void (*cc_runner)(const cJSON *cs, const cJSON *all, cc_case *c);

void cc_run_tf(const cJSON *cs, const cJSON *all, cc_case *c);
void cc_run_openvino(const cJSON *cs, const cJSON *all, cc_case *c);
void cc_run_mxnet(const cJSON *cs, const cJSON *all, cc_case *c);
void cc_run_onnx(const cJSON *cs, const cJSON *all, cc_case *c);

/* --dynamic (ctest: test_cases_dynamic): the TF, OpenVINO and ONNX cases
 * whose values are all known also run through the dynamic path
 * (case_dynamic.c), which must agree with the host plan. */
void cc_set_dynamic(int on);
int cc_dynamic(void);
/* cd_gather when --dynamic is on, its disagreement failing the case. */
void cc_check_dynamic(cc_case *c, const cd_spec *spec, clslice_status st,
                      const clslice_error *err, const clslice_plan *plan);

/* The arrays a case's data is flattened into. */
typedef struct cc_data {
    cj_ivec input, values, rhs, result;
} cc_data;
void cc_data_free(cc_data *d);

/* The case's "shape" as the input shape: 0, or -1 after failing. */
int cc_read_shape(const cJSON *cs, cc_case *c, cc_expect *e);

#endif
