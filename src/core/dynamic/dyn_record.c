/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The host's picture of a dynamic plan record (dyn_record.h). */
#include <string.h>

#include "core/dynamic/dyn_record.h"
#include "core/plan/plan.h"

static void record_clear(int64_t *words)
{
    memset(words, 0, CLSLICE_DYNAMIC_INFO_WORDS * sizeof *words);
    words[CLSLICE_DYNAMIC_SLOT] = -1;
    words[CLSLICE_DYNAMIC_DIM] = -1;
}

void cs_record_from_plan(const clslice_plan *plan, int64_t *words)
{
    record_clear(words);
    words[CLSLICE_DYNAMIC_STATUS] = CLSLICE_OK;
    words[CLSLICE_DYNAMIC_OUT_RANK] = plan->out_rank;
    for (int j = 0; j < plan->out_rank; j++) {
        int source = plan->out_source[j];
        words[CLSLICE_DYNAMIC_SHAPE + j] =
            source < 0 ? 1 : plan->count[source];
    }
    /* 0 when any count is, before any product: an empty input's other
     * dims may multiply past INT64_MAX ({2^62, 4, 0}); otherwise at most
     * the input's element count, which fits. */
    words[CLSLICE_DYNAMIC_ELEMENTS] = clslice_plan_output_elements(plan);
    for (int d = 0; d < plan->rank; d++) {
        words[CS_DYN_START + d] = plan->start[d];
        words[CS_DYN_STEP + d] = plan->step[d];
        words[CS_DYN_COUNT + d] = plan->count[d];
    }
}

void cs_record_from_error(const clslice_plan *static_plan,
                          clslice_status st, int64_t slot, int64_t value,
                          int64_t dim, int64_t *words)
{
    memset(words, 0, CLSLICE_DYNAMIC_INFO_WORDS * sizeof *words);
    words[CLSLICE_DYNAMIC_STATUS] = st;
    words[CLSLICE_DYNAMIC_SLOT] = slot;
    words[CLSLICE_DYNAMIC_VALUE] = value;
    words[CLSLICE_DYNAMIC_DIM] = dim;
    words[CLSLICE_DYNAMIC_OUT_RANK] = static_plan ? static_plan->out_rank : 0;
}
