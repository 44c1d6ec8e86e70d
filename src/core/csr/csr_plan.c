/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Reading a plan as a CSR slice.  A CSR matrix has exactly two dimensions
 * and the result must keep both (it is CSR again), so a plan that drops a
 * dimension or adds one is a spec error here, not something to emulate.
 */
#include "core/csr/csr_slice.h"
#include "core/plan/plan.h"

static clslice_status check_shape(const clslice_plan *plan, int64_t rows,
                                  int64_t cols, clslice_error *err)
{
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(plan, shape);
    if (shape[0] != rows || shape[1] != cols)
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "the plan was built for shape [%lld,%lld] but the "
                       "CSR matrix is [%lld,%lld]", (long long)shape[0],
                       (long long)shape[1], (long long)rows,
                       (long long)cols);
    return CLSLICE_OK;
}

/* Both dimensions survive, in order: no shrink and no new axis. */
static clslice_status check_kept(const clslice_plan *plan,
                                 clslice_error *err)
{
    for (int d = 0; d < 2; d++)
        if (clslice_plan_dim_is_shrunk(plan, d))
            return cs_fail(err, CLSLICE_ERROR_SPEC,
                           "the plan drops dimension %d (an integer index): "
                           "a CSR slice must keep both rows and columns", d);
    if (clslice_plan_output_rank(plan) != 2)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "the plan adds new axes (output rank %d): a CSR "
                       "slice must have exactly rows and columns",
                       clslice_plan_output_rank(plan));
    return CLSLICE_OK;
}

/* Output column indices run up to out_cols - 1, which a negative column
 * step gives even to an entry of a small input column; int32 indices
 * cannot hold them past 2^31 columns (scipy picks int64 there too).  One
 * check here keeps the host and device slicers in agreement. */
static clslice_status check_index_room(const cs_csr_sel *sel,
                                       clslice_index_type type,
                                       clslice_error *err)
{
    if (type == CLSLICE_INT32 && sel->out_cols > (int64_t)INT32_MAX + 1)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "the slice has %lld output columns, more than int32 "
                       "indices can address (at most 2147483648 columns); "
                       "use int64 indices", (long long)sel->out_cols);
    return CLSLICE_OK;
}

clslice_status cs_csr_select(const clslice_plan *plan, int64_t rows,
                             int64_t cols, clslice_index_type type,
                             cs_csr_sel *sel, clslice_error *err)
{
    if (!plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "plan is NULL (released?)");
    if (clslice_plan_input_rank(plan) != 2)
        return cs_fail(err, CLSLICE_ERROR_SPEC,
                       "the plan is for a rank-%d input: a CSR matrix has "
                       "rank 2 (rows, cols)", clslice_plan_input_rank(plan));
    if (!clslice_plan_is_known(plan))
        return cs_fail(err, CLSLICE_ERROR_UNKNOWN,
                       "the plan has unknown sizes or indices and cannot "
                       "be executed");
    clslice_status st = check_shape(plan, rows, cols, err);
    if (st == CLSLICE_OK)
        st = check_kept(plan, err);
    if (st == CLSLICE_OK)
        st = clslice_plan_dim(plan, 0, &sel->row_start, &sel->row_step,
                              &sel->out_rows, err);
    if (st == CLSLICE_OK)
        st = clslice_plan_dim(plan, 1, &sel->col_start, &sel->col_step,
                              &sel->out_cols, err);
    if (st == CLSLICE_OK)
        st = check_index_room(sel, type, err);
    sel->rows = rows;
    sel->cols = cols;
    return st;
}
