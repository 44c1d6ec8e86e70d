/*
 * Internal model shared by the front-ends and the normaliser.
 *
 * Every front-end translates its spec into a list of slots (the "sparse
 * spec" in TF's words) plus the few rules in which frameworks differ, and
 * hands them to cs_build_plan(), the one normaliser.
 */
#ifndef CLSLICE_PLAN_INTERNAL_H
#define CLSLICE_PLAN_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "clslice.h"

typedef enum cs_slot_kind {
    CS_SLOT_RANGE,    /* begin:end:step on one input dimension */
    CS_SLOT_SHRINK,   /* integer index: reads one element, drops the dim */
    CS_SLOT_NEW_AXIS, /* adds an output dim of size 1, consumes nothing */
    CS_SLOT_ELLIPSIS  /* as many whole dimensions as are left over */
} cs_slot_kind;

typedef struct cs_slot {
    cs_slot_kind kind;
    int64_t begin; /* range: first index; shrink: the index */
    int64_t end;
    int64_t step;  /* range: never 0 once validated */
    bool has_begin;     /* false: missing (masked, None): default by step sign */
    bool has_end;
    bool begin_unknown; /* present, but its value is not known yet */
    bool end_unknown;
} cs_slot;

/* How a given range bound is clamped for a negative step. */
typedef enum cs_clamp {
    /* numpy, TF, MXNet: begin and end clamp to [-1, n-1]. */
    CS_CLAMP_NUMPY,
    /* OpenVINO, ONNX: begin clamps to [0, n-1], end to [-1, n-1]. */
    CS_CLAMP_BEGIN_TO_ZERO
} cs_clamp;

typedef struct cs_rules {
    cs_clamp clamp;
    /* TF rejects a shrink slot whose stride is <= 0. */
    bool shrink_needs_positive_step;
    /* Name of the step array in messages ("strides", "step", ...); a
     * message reads "slot 2: strides[2] = 0 ...". */
    const char *step_name;
    /* Word for a spec entry in messages ("slot", "axis entry", ...). */
    const char *slot_word;
} cs_rules;

/* The one normaliser: resolves slots against the shape (rank entries, -1 for
 * unknown) and builds the canonical plan.  Validates everything that does
 * not depend on how a front-end spells its spec. */
clslice_status cs_build_plan(const int64_t *shape, int rank,
                             const cs_slot *slots, int slot_count,
                             const cs_rules *rules, clslice_plan **plan,
                             clslice_error *err);

/* Checks rank and shape entries common to every entry point. */
clslice_status cs_check_shape(const int64_t *shape, int rank,
                              clslice_error *err);

/* A plan (not NULL, i.e. not released) and an element size of at least
 * one byte: what every executor needs before looking at buffers. */
clslice_status cs_check_plan_elem(const clslice_plan *plan, size_t elem_size,
                                  clslice_error *err);

/* Parses a numpy-style expression into at most CLSLICE_MAX_SLOTS slots. */
clslice_status cs_parse_expr(const char *expr, cs_slot *slots,
                             int *slot_count, clslice_error *err);

/* Records a failure in err (if non-NULL) and returns status. */
clslice_status cs_fail(clslice_error *err, clslice_status status,
                       const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Records success in err (if non-NULL) and returns CLSLICE_OK. */
clslice_status cs_ok(clslice_error *err);

#endif
