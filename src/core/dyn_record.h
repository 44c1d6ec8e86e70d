/*
 * The dynamic plan record on the host: what a normalise command on the
 * device must write for given values.  Word numbers: the public ones are
 * in clslice.h (CLSLICE_DYNAMIC_*); the library's own part follows them.
 * Used by the differential test of the device normaliser and by tests of
 * the kernels that read a record.
 */
#ifndef CLSLICE_CORE_DYN_RECORD_H
#define CLSLICE_CORE_DYN_RECORD_H

#include <stdint.h>

#include "clslice.h"

/* Reserved words: the canonical plan, one entry per input dim d
 * (CLSLICE_MAX_RANK of each; 0 past the input rank). */
#define CS_DYN_START (CLSLICE_DYNAMIC_SHAPE + CLSLICE_MAX_RANK) /* 38 */
#define CS_DYN_STEP (CS_DYN_START + CLSLICE_MAX_RANK)           /* 70 */
#define CS_DYN_COUNT (CS_DYN_STEP + CLSLICE_MAX_RANK)           /* 102 */

#if CS_DYN_COUNT + CLSLICE_MAX_RANK != CLSLICE_DYNAMIC_INFO_WORDS
#error "the dynamic record layout does not add up"
#endif

/* Fills words[0 .. CLSLICE_DYNAMIC_INFO_WORDS) from a host plan whose
 * values are all known (status OK, slot -1, value 0, dim -1; start 0 and
 * step/count per the plan, 0 past the rank). */
void cs_record_from_plan(const clslice_plan *plan, int64_t *words);

/* Fills words[] for a failed normalisation: status, slot, value and dim
 * as given, out_rank from static_plan (the plan built with the values
 * unknown; NULL gives 0), every other word 0 (so count[d] = 0 for every
 * d and a consumer that ignored the status would still move nothing). */
void cs_record_from_error(const clslice_plan *static_plan,
                          clslice_status st, int64_t slot, int64_t value,
                          int64_t dim, int64_t *words);

#endif
