/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* What every plan of the classic case files (TF, OpenVINO, MXNet, ONNX:
 * case_classic.c) must satisfy: the expected error or shape, the API's
 * contract on every dimension and output source, the gathered values, and
 * the writes into the slice.  Failures are collected per case in a
 * cc_case, which test_cases.c judges against tests/cases/deviations.txt. */
#ifndef CLSLICE_TEST_CASE_CHECK_H
#define CLSLICE_TEST_CASE_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "case_json.h"
#include "clslice.h"

#if defined(__GNUC__)
#define CC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CC_PRINTF(a, b)
#endif

/* One case's verdict and what went wrong. */
typedef struct cc_case {
    int failed;
    int uncheckable;
    size_t used;
    char log[8192];
} cc_case;

/* The case failed: a line of the log says why. */
void cc_fail(cc_case *c, const char *fmt, ...) CC_PRINTF(2, 3);
/* The case cannot be run through the C API at all. */
void cc_uncheckable(cc_case *c, const char *fmt, ...) CC_PRINTF(2, 3);

/* Formats a shape into a caller buffer. */
const char *cc_shape_fmt(char *buf, size_t size, const int64_t *shape,
                         int rank);

/* What a case expects of its plan. */
typedef struct cc_expect {
    int want_error;
    const char *error_text;
    int has_shape;
    int out_rank;
    int64_t out_shape[CJ_MAXA];
    int in_rank;
    int64_t in_shape[CJ_MAXA];
    /* 1 when every size and index is known, so the plan must be known. */
    int all_known;
    /* Expected gathered values (has_values) and the input (NULL: iota
     * starting at input_base). */
    int has_values;
    const int64_t *values;
    size_t values_n;
    const int64_t *input;
    size_t input_n;
    int64_t input_base;
} cc_expect;

/* The message a case expects its plan to fail with (NULL: none). */
void cc_read_expected_error(const cJSON *cs, cc_expect *e);
/* The case's "out_shape", when it has one; 0, or -1 after failing the
 * case on unreadable data. */
int cc_read_expected_shape(const cJSON *cs, cc_expect *e, cc_case *c);
/* Whether the plan must come out known: every index is (indices_known)
 * and so is every input dim. */
int cc_every_size_known(const cc_expect *e, int indices_known);

/* Checks a front-end's outcome against the expectation.  Returns 1 when a
 * plan was built and the expectation wanted one (the caller may check
 * more), 0 otherwise. */
int cc_check_outcome(cc_case *c, const char *label, clslice_status st,
                     const clslice_error *err, const clslice_plan *plan,
                     const cc_expect *e);

/* Number of elements of a fully known shape; -1 if unknown or too big
 * for the suite to gather. */
int64_t cc_shape_elements(const int64_t *shape, int rank);

/* got against want, naming the first difference. */
void cc_compare_values(cc_case *c, const char *label, const int64_t *got,
                       size_t got_n, const int64_t *want, size_t want_n,
                       const char *what);

/* Two plans built from the same shape, compared dim by dim. */
void cc_compare_plans(cc_case *c, const char *label, const clslice_plan *a,
                      const clslice_plan *b);

/* A write into the slice through the real API (case_write.c: the host,
 * and the device when there is one): result = input with rhs written into
 * the slice under `rule`, compared with the case's documented result. */
typedef struct cc_write {
    const int64_t *input;
    size_t input_n;
    const int64_t *rhs;
    size_t rhs_n; /* must be rhs_shape's element count */
    const int64_t *rhs_shape;
    int rhs_rank;
    clslice_value_rule rule;
    const int64_t *want;
    size_t want_n;
} cc_write;
void cc_check_write(cc_case *c, const char *label, const clslice_plan *plan,
                    const cc_write *w);

/* StridedSliceGrad of a case that gathers distinct values: with dy = the
 * gathered values, the gradient must be the input where the slice read
 * it and 0 elsewhere. */
void cc_check_grad(cc_case *c, const clslice_plan *plan,
                   const int64_t *input, size_t input_n, const int64_t *dy,
                   size_t dy_n);

/* How many writes and gradients were checked, for the summary. */
int cc_writes(void);
int cc_grads(void);

#endif
