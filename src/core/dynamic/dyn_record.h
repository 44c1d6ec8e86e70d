/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The dynamic plan record on the host: what a normalise command on the
 * device must write for given values.  Word numbers: the public ones are
 * in clslice.h (CLSLICE_DYNAMIC_*); all of them, the library's own part
 * included, are in record.h, which the kernels compile too.  Used by the
 * differential test of the device normaliser and by tests of the kernels
 * that read a record.
 */
#ifndef CLSLICE_CORE_DYN_RECORD_H
#define CLSLICE_CORE_DYN_RECORD_H

#include <stdint.h>

#include "clslice.h"
#include "core/dynamic/record.h"

/* The words as the kernels number them (record.h) are the public ones. */
_Static_assert(CS_DYN_RANK == CLSLICE_MAX_RANK, "record rank");
_Static_assert(CS_DYN_STATUS == CLSLICE_DYNAMIC_STATUS &&
                   CS_DYN_SLOT == CLSLICE_DYNAMIC_SLOT &&
                   CS_DYN_VALUE == CLSLICE_DYNAMIC_VALUE &&
                   CS_DYN_DIM == CLSLICE_DYNAMIC_DIM &&
                   CS_DYN_ELEMENTS == CLSLICE_DYNAMIC_ELEMENTS &&
                   CS_DYN_OUT_RANK == CLSLICE_DYNAMIC_OUT_RANK &&
                   CS_DYN_SHAPE == CLSLICE_DYNAMIC_SHAPE,
               "record.h numbers the public words as clslice.h does");
_Static_assert(CS_DYN_WORDS == CLSLICE_DYNAMIC_INFO_WORDS,
               "record.h's words fill the public record exactly");

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
