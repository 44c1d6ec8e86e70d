/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * libFuzzer target: the numpy expression parser (clslice_plan_expr).
 *
 * Input: a rank byte and the shape's dims (fuzz_util.h encodings), one
 * byte for the element size, then the expression text (everything left,
 * NULs included: the parser sees the text up to the first NUL).  A plan
 * that builds goes through every host check of fz_check_plan, which reads
 * the element size byte and then (for its value shapes) the text's bytes
 * again.  The element size byte comes first so that the text can run to
 * the end.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = {data, size, 0};
    int64_t shape[CLSLICE_MAX_RANK + 16];
    int rank = fz_rank(&r);
    fz_shape(&r, shape, rank);
    size_t check_at = r.pos < size ? r.pos : size;
    (void)fz_u8(&r); /* element size, read by fz_check_plan */
    size_t len = size - (r.pos < size ? r.pos : size);
    /* An exactly sized, terminated copy of the text. */
    char *expr = malloc(len + 1);
    if (!expr)
        return 0;
    memcpy(expr, data + (size - len), len);
    expr[len] = '\0';

    clslice_plan *plan = NULL;
    clslice_error err;
    clslice_status st = clslice_plan_expr(shape, rank, expr, &plan, &err);
    fz_check_status(st, &err);
    if ((st == CLSLICE_OK) != (plan != NULL))
        fz_die("plan pointer disagrees with the status", st, 0);
    if (plan) {
        /* The element size byte, then the text's own bytes choose the
         * broadcast value shapes. */
        fz_reader rest = {data, size, check_at};
        fz_check_plan(plan, &rest);
        /* The same text with some dims unknown (chosen by the shape's
         * first dim byte) must agree wherever it knows a value. */
        fz_reader pick = {data, size, 1};
        int64_t partial_shape[CLSLICE_MAX_RANK];
        if (clslice_plan_is_known(plan) && rank > 0) {
            fz_unknown_shape(&pick, shape, rank, partial_shape);
            clslice_plan *partial = NULL;
            st = clslice_plan_expr(partial_shape, rank, expr, &partial, &err);
            fz_check_status(st, &err);
            if (partial)
                fz_check_less_known(plan, partial);
            clslice_plan_release(&partial);
        }
    }
    clslice_plan_release(&plan);
    free(expr);
    return 0;
}
