/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Shared pieces of the libFuzzer targets: a reader that decodes sizes and
 * int64 values from the fuzzer's bytes, and the checks run on every plan
 * that builds (layout, host gather / scatter / grad against a naive
 * per-element recomputation, on exactly sized heap buffers).
 *
 * Decoding never fails: past the end of the input every read gives 0, so
 * any byte string is a valid input.  The encodings are chosen so that the
 * seed script (make_seeds.py) can write the conformance cases as inputs.
 */
#ifndef FZ_UTIL_H
#define FZ_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "clslice.h"

/* Largest tensor (in elements) the checks execute; bigger plans are only
 * built and queried, so no input allocates much or runs long. */
#define FZ_MAX_ELEMENTS 4096

typedef struct fz_reader {
    const uint8_t *data;
    size_t size;
    size_t pos;
} fz_reader;

uint8_t fz_u8(fz_reader *r);
/* 0 .. max. */
size_t fz_len(fz_reader *r, size_t max);
/* A value: one byte t < 0xe0 gives t % 64 - 32; 0xe0..0xef one of 16
 * extremes (INT64_MIN, INT32_MAX, ...); 0xf0..0xff the 8 little-endian
 * bytes that follow. */
int64_t fz_i64(fz_reader *r);
/* A dimension: one byte t < 0xe0 gives t % 24; otherwise as fz_i64 (so
 * extremes and -1 = unknown are reachable). */
int64_t fz_dim(fz_reader *r);
/* A rank: t < 0xd0 gives t % 9; 0xd0..0xef gives t - 0xd0 (up to 31);
 * 0xf0..0xfe gives 30..44 (around CLSLICE_MAX_RANK); 0xff gives -1. */
int fz_rank(fz_reader *r);
/* A shape of `rank` dims (rank clamped to 0..CLSLICE_MAX_RANK + 13). */
void fz_shape(fz_reader *r, int64_t *shape, int rank);

/* Aborts with a message: the fuzzer reports it as a crash. */
void fz_die(const char *what, long long a, long long b)
    __attribute__((noreturn));

/* Checks the contract of a returned status: one of the enum values, equal
 * to err->status, an empty message on success and a non-empty,
 * terminated one on failure. */
void fz_check_status(clslice_status st, const clslice_error *err);

/* Builds nothing: runs every host operation on a plan (which must be
 * non-NULL) and checks its results.  Reads elem size and value shapes
 * from r. */
void fz_check_plan(const clslice_plan *plan, fz_reader *r);

/* Copies shape, replacing by CLSLICE_UNKNOWN the dims whose bit (d % 8)
 * is set in one byte read from r. */
void fz_unknown_shape(fz_reader *r, const int64_t *shape, int rank,
                      int64_t *out);

/* `partial` is the plan of the same spec on the shape with some dims
 * unknown: wherever it knows a value (output dims, start/step/count,
 * shrinks, sources), that value must be the one `known` has. */
void fz_check_less_known(const clslice_plan *known,
                         const clslice_plan *partial);

#endif
