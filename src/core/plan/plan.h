/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Internal model shared by the front-ends and the normaliser.
 *
 * Every front-end translates its spec into a list of slots (the "sparse
 * spec" in TF's words) plus the few rules in which frameworks differ, and
 * hands them to cs_build_plan(), the one normaliser.  The plan itself is
 * defined here too: only core and the executors read its fields.
 */
#ifndef CLSLICE_CORE_PLAN_H
#define CLSLICE_CORE_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "clslice.h"
#include "core/plan/common.h"
#include "core/plan/resolve.h"

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
    CS_CLAMP_NUMPY = CS_R_CLAMP_NUMPY,
    /* OpenVINO, ONNX: begin clamps to [0, n-1], end to [-1, n-1]. */
    CS_CLAMP_BEGIN_TO_ZERO = CS_R_CLAMP_BEGIN_TO_ZERO
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
 * unknown) and builds the canonical plan in *into, which the caller
 * provides (a local, a clslice_plan_storage): it allocates nothing.
 * Validates everything that does not depend on how a front-end spells its
 * spec.  On failure *into holds nothing of use. */
clslice_status cs_build_plan(const int64_t *shape, int rank,
                             const cs_slot *slots, int slot_count,
                             const cs_rules *rules, clslice_plan *into,
                             clslice_error *err);

/* cs_build_plan that also reports a value-dependent error (a step of 0,
 * a shrink's stride or index) as resolve.h's fault; fault->code is
 * CS_R_OK for success and for every other error.  fault may be NULL. */
clslice_status cs_build_plan_fault(const int64_t *shape, int rank,
                                   const cs_slot *slots, int slot_count,
                                   const cs_rules *rules, clslice_plan *into,
                                   clslice_error *err, cs_r_fault *fault);

/* The status a resolve.h fault code reports (CLSLICE_OK for CS_R_OK). */
static inline clslice_status cs_r_status(int code)
{
    return (clslice_status)cs_r_code_status(code);
}
_Static_assert(CS_R_STATUS_SPEC == CLSLICE_ERROR_SPEC &&
                   CS_R_STATUS_INDEX == CLSLICE_ERROR_INDEX &&
                   CS_R_STATUS_SHAPE == CLSLICE_ERROR_SHAPE &&
                   CS_R_STATUS_BUFFER == CLSLICE_ERROR_BUFFER,
               "resolve.h's status numbers follow clslice.h");

/* The rank's range, and a shape pointer wherever the rank needs one. */
clslice_status cs_check_rank(const void *shape, int rank,
                             clslice_error *err);

/* Checks rank and shape entries common to every entry point. */
clslice_status cs_check_shape(const int64_t *shape, int rank,
                              clslice_error *err);


/* ---- the plan ----------------------------------------------------------- */

struct clslice_plan {
    int rank;     /* input rank */
    int out_rank; /* final output rank */
    bool known;   /* every shape entry, start and count is known */
    /* Lives in a caller's clslice_plan_storage: release must not free it
     * (plan_forms.c). */
    bool in_storage;
    int64_t shape[CLSLICE_MAX_RANK]; /* input shape, -1 = unknown */
    int64_t start[CLSLICE_MAX_RANK]; /* -1 = unknown; 0 when count is 0 */
    int64_t step[CLSLICE_MAX_RANK];  /* never 0 */
    int64_t count[CLSLICE_MAX_RANK]; /* -1 = unknown; 1 when shrunk */
    bool shrunk[CLSLICE_MAX_RANK];
    /* Output dim j comes from input dim out_source[j], or is a new axis
     * (-1). */
    int8_t out_source[CLSLICE_MAX_RANK];
    /* The spec slot that resolved input dim d (-1: kept whole), and which
     * of its bounds it gives (CS_GIVES_*): what a normaliser on the device
     * needs to resolve the values later, with the masks already applied. */
    int8_t slot_of[CLSLICE_MAX_RANK];
    uint8_t gives[CLSLICE_MAX_RANK];
};

enum { CS_GIVES_BEGIN = 1, CS_GIVES_END = 2 };

/* The last step of every call that hands out a plan on the heap: on
 * success a copy of *built in *plan (CLSLICE_ERROR_MEMORY when there is no
 * memory), on failure st with *plan NULL.  A NULL plan is
 * CLSLICE_ERROR_ARGUMENT, after st's own error if any. */
clslice_status cs_plan_to_heap(clslice_status st, const clslice_plan *built,
                               clslice_plan **plan, clslice_error *err);

/* Recomputes plan->known after a front-end has filled in starts or
 * counts that the builder could not know (a window's size, say). */
void cs_plan_update_known(clslice_plan *plan);

/* Number of elements of the plan's input; CLSLICE_ERROR_SHAPE when it
 * exceeds INT64_MAX (a shape with a 0 dimension has 0 elements). */
clslice_status cs_input_elements(const clslice_plan *plan, int64_t *total,
                                 clslice_error *err);


#endif
