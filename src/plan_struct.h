/* The layout of a canonical plan, shared by the files that read plans. */
#ifndef CLSLICE_PLAN_STRUCT_H
#define CLSLICE_PLAN_STRUCT_H

#include <stdbool.h>
#include <stdint.h>

#include "clslice.h"

struct clslice_plan {
    int rank;     /* input rank */
    int out_rank; /* final output rank */
    bool known;   /* every shape entry, start and count is known */
    int64_t shape[CLSLICE_MAX_RANK]; /* input shape, -1 = unknown */
    int64_t start[CLSLICE_MAX_RANK]; /* -1 = unknown; 0 when count is 0 */
    int64_t step[CLSLICE_MAX_RANK];  /* never 0 */
    int64_t count[CLSLICE_MAX_RANK]; /* -1 = unknown; 1 when shrunk */
    bool shrunk[CLSLICE_MAX_RANK];
    /* Output dim j comes from input dim out_source[j], or is a new axis
     * (-1). */
    int8_t out_source[CLSLICE_MAX_RANK];
};

/* Number of elements of the plan's input; CLSLICE_ERROR_SHAPE when it
 * exceeds INT64_MAX (a shape with a 0 dimension has 0 elements). */
clslice_status cs_input_elements(const clslice_plan *plan, int64_t *total,
                                 clslice_error *err);

#endif
