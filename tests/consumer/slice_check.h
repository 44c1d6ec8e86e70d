/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The check both consumer programs run: x[1:, ::-2] of a 3x4 int32 tensor
 * through clslice_plan_expr and clslice_host_gather, compared with the
 * values worked out by hand.  Only clslice.h, so it links against either
 * library. */
#ifndef CONSUMER_SLICE_CHECK_H
#define CONSUMER_SLICE_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "clslice.h"

static int consumer_slice_check(void)
{
    const int64_t shape[2] = {3, 4};
    int32_t x[12];
    for (int i = 0; i < 12; i++)
        x[i] = i;
    /* Rows 1 and 2, columns 3 and 1. */
    const int32_t want[4] = {7, 5, 11, 9};
    int32_t got[4];

    clslice_error err;
    clslice_plan *plan = NULL;
    if (clslice_plan_expr(shape, 2, "[1:, ::-2]", &plan, &err) != CLSLICE_OK) {
        fprintf(stderr, "clslice_plan_expr: %s\n", err.message);
        return 1;
    }
    int64_t out_shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, out_shape);
    clslice_status status = clslice_host_gather(plan, sizeof x[0], x, sizeof x,
                                                got, sizeof got, &err);
    clslice_plan_release(&plan);
    if (status != CLSLICE_OK) {
        fprintf(stderr, "clslice_host_gather: %s\n", err.message);
        return 1;
    }
    if (out_shape[0] != 2 || out_shape[1] != 2 || memcmp(got, want, sizeof want)) {
        fprintf(stderr, "wrong slice: shape [%lld,%lld], values %d %d %d %d\n",
                (long long)out_shape[0], (long long)out_shape[1],
                got[0], got[1], got[2], got[3]);
        return 1;
    }
    return 0;
}

#endif
