/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* openvino_strided_slice.json: StridedSlice-1 cases through
 * clslice_plan_openvino, begin/end known or known only at run time, with
 * OpenVINO's own plan (begins, strides, reshape_in, reverse) where the
 * case gives it, and the dynamic path with --dynamic. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_classic.h"

typedef struct ov_case {
    clslice_openvino_spec spec;
    int64_t begin[CJ_MAXA], end[CJ_MAXA], strides[CJ_MAXA];
    int64_t masks[5][CJ_MAXA]; /* begin, end, new_axis, shrink, ellipsis */
    size_t nb, ne, ns, nm[5];
    long lb, le; /* begin's and end's lengths */
    int begin_known, end_known, has_strides;
} ov_case;

/* ---- reading a case ------------------------------------------------------- */

/* Length of a runtime vector described as "... Shape{N} ..."; -1 if none. */
static long runtime_length(const char *text)
{
    const char *p = strstr(text, "Shape{");
    if (!p)
        return -1;
    char *end = NULL;
    long n = strtol(p + 6, &end, 10);
    if (!end || *end != '}' || n < 0)
        return -1;
    return n;
}

/* OpenVINO's begin or end (`name`): an array into idx[*n] (*len = *n), or
 * "runtime ..." for values known only at runtime (*known = 0, *len from
 * runtime_length).  0, or -1 after failing the case or marking it
 * uncheckable. */
static int read_ov_indices(cc_case *c, const cJSON *j, const char *name,
                           int64_t *idx, size_t *n, int *known, long *len)
{
    if (cJSON_IsString(j)) {
        if (strncmp(j->valuestring, "runtime", 7) != 0) {
            cc_uncheckable(c, "%s is %s: partially known values cannot be "
                              "expressed",
                           name, j->valuestring);
            return -1;
        }
        *known = 0;
        *len = runtime_length(j->valuestring);
    } else if (cj_int64_array(j, idx, CJ_MAXA, n) != 0) {
        cc_fail(c, "case data: unreadable %s", name);
        return -1;
    } else {
        *len = (long)*n;
    }
    return 0;
}

static int read_ov_strides(const cJSON *cs, cc_case *c, ov_case *o)
{
    const cJSON *jstrides = cj_get(cs, "strides");
    if (cJSON_IsString(jstrides)) {
        cc_uncheckable(c, "strides known only at runtime (%s): the C API "
                          "has no unknown-strides form",
                       jstrides->valuestring);
        return -1;
    }
    o->has_strides = !cj_is_null(jstrides);
    if (o->has_strides &&
        cj_int64_array(jstrides, o->strides, CJ_MAXA, &o->ns) != 0) {
        cc_fail(c, "case data: unreadable strides");
        return -1;
    }
    return 0;
}

/* begin and end: arrays, or runtime vectors whose values are unknown (a
 * runtime vector of unknown length has the length of the other). */
static int read_ov_begin_end(const cJSON *cs, cc_case *c, ov_case *o)
{
    o->lb = o->le = -1;
    o->begin_known = o->end_known = 1;
    if (read_ov_indices(c, cj_get(cs, "begin"), "begin", o->begin, &o->nb,
                        &o->begin_known, &o->lb) ||
        read_ov_indices(c, cj_get(cs, "end"), "end", o->end, &o->ne,
                        &o->end_known, &o->le))
        return -1;
    if (o->lb < 0)
        o->lb = o->le;
    if (o->le < 0)
        o->le = o->lb;
    if (o->lb < 0) {
        cc_uncheckable(c, "begin/end lengths unknown");
        return -1;
    }
    return 0;
}

static int read_ov_masks(const cJSON *cs, cc_case *c, ov_case *o)
{
    static const char *const keys[5] = {"begin_mask", "end_mask",
                                        "new_axis_mask", "shrink_axis_mask",
                                        "ellipsis_mask"};
    for (int i = 0; i < 5; i++) {
        const cJSON *jm = cj_get(cs, keys[i]);
        o->nm[i] = 0;
        if (!cj_is_null(jm) &&
            cj_int64_array(jm, o->masks[i], CJ_MAXA, &o->nm[i]) != 0) {
            cc_fail(c, "case data: unreadable %s", keys[i]);
            return -1;
        }
    }
    return 0;
}

/* An empty mask is NULL. */
static const int64_t *mask(const ov_case *o, int i)
{
    return o->nm[i] ? o->masks[i] : NULL;
}

static void make_ov_spec(ov_case *o)
{
    clslice_openvino_spec *s = &o->spec;
    s->begin = o->begin_known ? o->begin : NULL;
    s->begin_len = (size_t)o->lb;
    s->end = o->end_known ? o->end : NULL;
    s->end_len = (size_t)o->le;
    s->strides = o->has_strides ? o->strides : NULL;
    s->strides_len = o->has_strides ? o->ns : 0;
    s->begin_mask = mask(o, 0);
    s->begin_mask_len = o->nm[0];
    s->end_mask = mask(o, 1);
    s->end_mask_len = o->nm[1];
    s->new_axis_mask = mask(o, 2);
    s->new_axis_mask_len = o->nm[2];
    s->shrink_axis_mask = mask(o, 3);
    s->shrink_axis_mask_len = o->nm[3];
    s->ellipsis_mask = mask(o, 4);
    s->ellipsis_mask_len = o->nm[4];
}

/* "values" of the input "iota(BASE)" (BASE 0 when the case names none). */
static int read_ov_values(const cJSON *cs, cc_case *c, cc_data *d,
                          cc_expect *e)
{
    if (cj_is_null(cj_get(cs, "values")))
        return 0;
    const char *iv = cj_str(cs, "input_values");
    if (iv && sscanf(iv, "iota(%" SCNd64 ")", &e->input_base) != 1) {
        cc_fail(c, "case data: input_values \"%s\" not understood", iv);
        return -1;
    }
    if (cj_flatten(cj_get(cs, "values"), &d->values) != 0) {
        cc_fail(c, "case data: unreadable values");
        return -1;
    }
    e->has_values = 1;
    e->values = d->values.v;
    e->values_n = d->values.n;
    return 0;
}

static int read_ov_case(const cJSON *cs, cc_case *c, ov_case *o,
                        cc_expect *e, cc_data *d)
{
    if (cc_read_shape(cs, c, e) != 0 || read_ov_strides(cs, c, o) != 0 ||
        read_ov_begin_end(cs, c, o) != 0 || read_ov_masks(cs, c, o) != 0)
        return -1;
    make_ov_spec(o);
    cc_read_expected_error(cs, e);
    if (cc_read_expected_shape(cs, e, c) != 0)
        return -1;
    e->all_known = cc_every_size_known(e, o->begin_known && o->end_known);
    return read_ov_values(cs, c, d, e);
}

/* ---- OpenVINO's own plan ------------------------------------------------------- */

typedef struct ov_plan {
    int64_t begins[CJ_MAXA], strides[CJ_MAXA], reshape_in[CJ_MAXA],
        reverse[CJ_MAXA];
    size_t nb, ns, nr, nrev;
} ov_plan;

static int reversed(const ov_plan *p, int k)
{
    for (size_t i = 0; i < p->nrev; i++)
        if (p->reverse[i] == k)
            return 1;
    return 0;
}

/* OpenVINO's plan reads [begins, ends) ascending with |stride| and
 * reverses the listed axes afterwards. */
static void check_ov_dim(cc_case *c, const clslice_plan *plan, int k,
                         const ov_plan *p)
{
    int64_t start = 0, step = 0, count = 0;
    clslice_plan_dim(plan, k, &start, &step, &count, NULL);
    if (count != p->reshape_in[k]) {
        cc_fail(c, "plan: dim %d count %" PRId64 ", reshape_in says %" PRId64,
                k, count, p->reshape_in[k]);
        return;
    }
    if (count <= 0)
        return;
    int64_t lowest = step < 0 ? start + (count - 1) * step : start;
    if (lowest != p->begins[k])
        cc_fail(c,
                "plan: dim %d lowest index read %" PRId64
                ", begins says %" PRId64,
                k, lowest, p->begins[k]);
    int64_t mag = step < 0 ? -step : step;
    int rev = reversed(p, k);
    if (count >= 2 && (mag != p->strides[k] || (step < 0) != rev))
        cc_fail(c,
                "plan: dim %d step %" PRId64 ", plan says stride %" PRId64
                "%s",
                k, step, p->strides[k], rev ? " reversed" : "");
}

static void check_openvino_plan(cc_case *c, const clslice_plan *plan,
                                const cJSON *jp)
{
    ov_plan p;
    if (cj_int64_array(cj_get(jp, "begins"), p.begins, CJ_MAXA, &p.nb) !=
            0 ||
        cj_int64_array(cj_get(jp, "strides"), p.strides, CJ_MAXA, &p.ns) !=
            0 ||
        cj_int64_array(cj_get(jp, "reshape_in"), p.reshape_in, CJ_MAXA,
                       &p.nr) != 0 ||
        cj_int64_array(cj_get(jp, "reverse"), p.reverse, CJ_MAXA, &p.nrev) !=
            0) {
        cc_fail(c, "case data: unreadable plan");
        return;
    }
    int rank = clslice_plan_input_rank(plan);
    if ((size_t)rank != p.nr || p.nb != p.nr || p.ns != p.nr) {
        cc_fail(c, "plan: %zu dims for an input of rank %d", p.nr, rank);
        return;
    }
    for (int k = 0; k < rank; k++)
        check_ov_dim(c, plan, k, &p);
}

/* ---- running a case ------------------------------------------------------------ */

static cd_spec ov_dynamic_spec(const ov_case *o, const cc_expect *e)
{
    cd_spec dyn = {.front = CD_OPENVINO, .shape = e->in_shape,
                   .rank = e->in_rank,
                   .v = {o->begin, o->end, o->spec.strides},
                   .len = {(size_t)o->lb, (size_t)o->le,
                           o->spec.strides_len}};
    for (int i = 0; i < 5; i++) {
        dyn.ov_masks[i] = mask(o, i);
        dyn.ov_len[i] = o->nm[i];
    }
    return dyn;
}

static void check_ov(const cJSON *cs, cc_case *c, const ov_case *o,
                     const cc_expect *e)
{
    clslice_plan *plan = NULL;
    clslice_error err;
    memset(&err, 0, sizeof err);
    clslice_status st =
        clslice_plan_openvino(e->in_shape, e->in_rank, &o->spec, &plan, &err);
    cd_spec dyn = ov_dynamic_spec(o, e);
    if (o->begin_known && o->end_known)
        cc_check_dynamic(c, &dyn, st, &err, plan);
    if (cc_check_outcome(c, "openvino", st, &err, plan, e) &&
        !cj_is_null(cj_get(cs, "plan")))
        check_openvino_plan(c, plan, cj_get(cs, "plan"));
    clslice_plan_release(&plan);
}

void cc_run_openvino(const cJSON *cs, const cJSON *all, cc_case *c)
{
    (void)all;
    ov_case *o = calloc(1, sizeof *o); /* 9 arrays of CJ_MAXA */
    cc_expect e;
    cc_data d;
    memset(&e, 0, sizeof e);
    memset(&d, 0, sizeof d);
    if (!o)
        cc_fail(c, "out of memory");
    else if (read_ov_case(cs, c, o, &e, &d) == 0)
        check_ov(cs, c, o, &e);
    cc_data_free(&d);
    free(o);
}
