/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* onnx_slice.json: ONNX Slice-13 cases through clslice_plan_onnx, and
 * through the dynamic path with --dynamic. */
#include <string.h>

#include "case_classic.h"

typedef struct onnx_case {
    int64_t starts[CJ_MAXA], ends[CJ_MAXA], axes[CJ_MAXA], steps[CJ_MAXA];
    size_t n_starts, n_ends, n_axes, n_steps;
    int has_axes, has_steps;
} onnx_case;

/* shape, starts, ends, axes and steps: 0, or -1 after failing. */
static int read_onnx_spec(const cJSON *cs, cc_case *c, onnx_case *o,
                          cc_expect *e)
{
    const cJSON *jaxes = cj_get(cs, "axes"), *jsteps = cj_get(cs, "steps");
    o->has_axes = !cj_is_null(jaxes);
    o->has_steps = !cj_is_null(jsteps);
    if (cj_shape(cj_get(cs, "shape"), e->in_shape, &e->in_rank) != 0 ||
        cj_int64_array(cj_get(cs, "starts"), o->starts, CJ_MAXA,
                       &o->n_starts) != 0 ||
        cj_int64_array(cj_get(cs, "ends"), o->ends, CJ_MAXA, &o->n_ends) !=
            0 ||
        (o->has_axes &&
         cj_int64_array(jaxes, o->axes, CJ_MAXA, &o->n_axes) != 0) ||
        (o->has_steps &&
         cj_int64_array(jsteps, o->steps, CJ_MAXA, &o->n_steps) != 0)) {
        cc_fail(c, "case data: unreadable shape/starts/ends/axes/steps");
        return -1;
    }
    return 0;
}

/* "values" of "input", or "values_for_arange" of 0, 1, 2, ... */
static int read_onnx_values(const cJSON *cs, cc_case *c, cc_data *d,
                            cc_expect *e)
{
    const cJSON *jvalues = cj_get(cs, "values"), *jinput = cj_get(cs, "input");
    if (cj_is_null(jvalues)) {
        jvalues = cj_get(cs, "values_for_arange");
        jinput = NULL;
    }
    if (cj_is_null(jvalues))
        return 0;
    if ((!cj_is_null(jinput) && cj_flatten(jinput, &d->input) != 0) ||
        cj_flatten(jvalues, &d->values) != 0) {
        cc_fail(c, "case data: unreadable input/values");
        return -1;
    }
    e->has_values = 1;
    e->values = d->values.v;
    e->values_n = d->values.n;
    e->input = cj_is_null(jinput) ? NULL : d->input.v;
    e->input_n = d->input.n;
    return 0;
}

static void check_onnx(cc_case *c, const onnx_case *o, const cc_expect *e)
{
    const int64_t *axes = o->has_axes ? o->axes : NULL,
                  *steps = o->has_steps ? o->steps : NULL;
    clslice_plan *plan = NULL;
    clslice_error err;
    memset(&err, 0, sizeof err);
    clslice_status st = clslice_plan_onnx(
        e->in_shape, e->in_rank, o->starts, o->n_starts, o->ends, o->n_ends,
        axes, o->n_axes, steps, o->n_steps, &plan, &err);
    cc_check_outcome(c, "onnx", st, &err, plan, e);
    cd_spec dyn = {.front = CD_ONNX, .shape = e->in_shape, .rank = e->in_rank,
                   .v = {o->starts, o->ends, steps, axes},
                   .len = {o->n_starts, o->n_ends, o->n_steps, o->n_axes}};
    cc_check_dynamic(c, &dyn, st, &err, plan);
    clslice_plan_release(&plan);
}

void cc_run_onnx(const cJSON *cs, const cJSON *all, cc_case *c)
{
    (void)all;
    onnx_case o;
    cc_expect e;
    cc_data d;
    memset(&o, 0, sizeof o);
    memset(&e, 0, sizeof e);
    memset(&d, 0, sizeof d);
    if (read_onnx_spec(cs, c, &o, &e) != 0)
        return;
    cc_read_expected_error(cs, &e);
    e.all_known = 1;
    if (cc_read_expected_shape(cs, &e, c) == 0 &&
        read_onnx_values(cs, c, &d, &e) == 0)
        check_onnx(c, &o, &e);
    cc_data_free(&d);
}
