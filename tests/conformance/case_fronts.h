/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The case files of the newer front-ends (TFLite STRIDED_SLICE, tf.slice,
 * stablehlo slices, OpenVINO Slice-8 / SliceScatter-15, torch narrow and
 * indexing, the split family), run through the public calls for
 * test_cases.c.  Writes go through case_write.c, so they also run on the
 * OpenCL device when there is one. */
#ifndef CLSLICE_TEST_CASE_FRONTS_H
#define CLSLICE_TEST_CASE_FRONTS_H

#include <stddef.h>

#include <cjson/cJSON.h>

enum { CF_PASS = 0, CF_FAIL = 1, CF_UNCHECKABLE = 2 };

/* Runs one case; `log` (size bytes) receives why it did not pass. */
int cf_run_case(const cJSON *cs, char *log, size_t size);

#endif
