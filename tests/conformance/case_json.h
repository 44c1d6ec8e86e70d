/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Reading the conformance case files (the JSON files of tests/cases) exactly:
 * cJSON keeps numbers as doubles, so integer literals of more than 15
 * digits are protected as strings before parsing and read back as int64;
 * shapes may hold "?" and intervals "a..b". */
#ifndef CLSLICE_TEST_CASE_JSON_H
#define CLSLICE_TEST_CASE_JSON_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "clslice.h"

#define CJ_MAXA 128 /* longest JSON array of indices/masks/shape we accept */

/* The file's JSON, its long integer literals protected; NULL when it
 * cannot be read or parsed. */
cJSON *cj_load(const char *path);

int cj_is_null(const cJSON *item);
const cJSON *cj_get(const cJSON *obj, const char *key);
/* The string at `key`, or NULL when it is absent or not a string. */
const char *cj_str(const cJSON *obj, const char *key);

/* An exact int64: a number with an integral value of at most 2^53, one of
 * the strings INT64_MIN / INT64_MAX, or a protected literal.  0, or -1 on
 * anything else (as the readers below). */
int cj_int64(const cJSON *item, int64_t *out);
/* A JSON array of at most cap int64s. */
int cj_int64_array(const cJSON *arr, int64_t *out, size_t cap, size_t *len);
/* A shape of at most CJ_MAXA dims: int64s, "?" (unknown) or "a..b" (an
 * interval: its value when a == b, unknown otherwise). */
int cj_shape(const cJSON *arr, int64_t *shape, int *rank);
/* A JSON array of int64 or null (MXNet's None). */
int cj_opt_array(const cJSON *arr, clslice_opt_int64 *out, size_t cap,
                 size_t *len);

/* A growing array of int64. */
typedef struct cj_ivec {
    int64_t *v;
    size_t n;
    size_t cap;
} cj_ivec;

void cj_ivec_free(cj_ivec *a);
int cj_ivec_push(cj_ivec *a, int64_t x);
/* Appends a possibly nested JSON array of integers, flattened row-major. */
int cj_flatten(const cJSON *item, cj_ivec *out);

#endif
