/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Random plans for test_plan_layout, test_host and the device tests, built
 * through the front-ends, and a naive enumeration of the elements a plan
 * reads.
 *
 * A random spec is a list of slots (ranges with optional parts, shrinks,
 * new axes, at most one ellipsis) on a random shape whose element count is
 * bounded; it is emitted as a numpy-style expression, a TensorFlow spec
 * (int32 or int64), an OpenVINO spec, or (for plain ranges) an MXNet or
 * ONNX spec.  The enumeration only uses the plan's public per-dimension
 * start/step/count, never a layout.
 */
#ifndef CLSLICE_TEST_RANDPLAN_H
#define CLSLICE_TEST_RANDPLAN_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

typedef enum rp_kind {
    RP_RANGE,
    RP_SHRINK,
    RP_NEW_AXIS,
    RP_ELLIPSIS
} rp_kind;

typedef struct rp_slot {
    rp_kind kind;
    bool has_b, has_e, has_s;
    int64_t b, e, s;
} rp_slot;

typedef enum rp_front {
    RP_EXPR,
    RP_TF32,
    RP_TF64,
    RP_OPENVINO,
    RP_MXNET,
    RP_ONNX,
    RP_FRONT_COUNT
} rp_front;

/* Each front's name, for case descriptions. */
extern const char *const RP_FRONT_NAME[RP_FRONT_COUNT];

typedef struct rp_case {
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
    int nslots;
    rp_slot slots[CLSLICE_MAX_SLOTS];
    rp_front front;
    /* ONNX: listed axes (a permutation of a subset, maybe negative) */
    int naxes;
    int64_t axes[CLSLICE_MAX_RANK];
    char desc[4096];
} rp_case;

/* Appends printf-style text to the string in buf, truncating at size. */
void rp_append(char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A rank for the device differential tests: mostly 0-8, sometimes 16
 * and sometimes the maximum. */
int rp_device_rank(tu_rng *rng);

/* A byte offset below max_offset: 0, a multiple of 16 (wide carriers
 * stay possible) or anything (odd offsets force narrow carriers). */
size_t rp_buffer_offset(tu_rng *rng, size_t max_offset);

/* A bound for an axis of size n: mostly in [-n - 2, n + 2], now and then
 * INT64_MIN or INT64_MAX. */
int64_t rp_random_bound(tu_rng *rng, int64_t n);

/* A random range slot on an axis of size n: each part present or not,
 * bounds now and then at the int64 extremes, steps of +-1..3, and now and
 * then the whole axis. */
void rp_random_range(tu_rng *rng, int64_t n, rp_slot *s);

/* Fills c with a random spec on a random shape of `rank` dims with at
 * most max_elems elements. */
void rp_random_case(tu_rng *rng, int rank, int64_t max_elems, rp_case *c);

/* Builds the plan of a case through its front-end; fills c->desc. */
clslice_status rp_build(rp_case *c, clslice_plan **plan, clslice_error *err);

/* Where a front-end call puts its result: the three forms of every
 * clslice_plan_NAME (a plan on the heap, a plan in storage, the output
 * shape alone). */
typedef enum rp_form { RP_HEAP, RP_STORAGE, RP_SHAPE } rp_form;

typedef struct rp_target {
    rp_form form;
    clslice_plan **heap;           /* RP_HEAP */
    clslice_plan_storage *storage; /* RP_STORAGE */
    const clslice_plan **stored;
    int64_t *out_shape;            /* RP_SHAPE: CLSLICE_MAX_RANK entries */
    int *out_rank;
} rp_target;

/* Calls the form of front-end NAME that t asks for; the arguments are
 * those before the plan.  (dynamic_update_slice has no shape form.) */
#define RP_CALL_FORM(t, name, err, ...)                                    \
    ((t)->form == RP_HEAP                                                  \
         ? clslice_plan_##name(__VA_ARGS__, (t)->heap, err)                \
     : (t)->form == RP_STORAGE                                             \
         ? clslice_plan_init_##name((t)->storage, __VA_ARGS__, (t)->stored, \
                                    err)                                   \
         : clslice_shape_##name(__VA_ARGS__, (t)->out_shape, (t)->out_rank, \
                                err))

/* rp_build into any form. */
clslice_status rp_build_to(rp_case *c, const rp_target *t,
                           clslice_error *err);

/* A plan of a numpy expression on a shape of rank 3-10 with dims of 2-5
 * and at most max_elems elements that slices every dim so that hardly any
 * neighbours merge (steps, reversals, trimmed ends): this is what reaches
 * the rank-3, rank-4 and generic kernels of the device tests.  Fills c
 * (shape, desc). */
clslice_status rp_strided_case(tu_rng *rng, int64_t max_elems, rp_case *c,
                               clslice_plan **plan);

/*
 * Naive enumeration of a plan: the input element index read by every
 * output element, in output order, from clslice_plan_dim alone.  Returns
 * the number of output elements (or -1 when more than `cap`); fills
 * src[0..count-1].  Also checks every read lies inside the input.
 */
int64_t rp_enumerate(const clslice_plan *plan, int64_t *src, int64_t cap);

/* Number of input elements of a plan (shape product; assumed to fit). */
int64_t rp_input_elements(const clslice_plan *plan);

#endif
