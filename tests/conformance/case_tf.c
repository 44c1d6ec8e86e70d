/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* tf_strided_slice.json: tf.strided_slice cases through
 * clslice_plan_tf, with TF's canonical form, the numpy expression of the
 * same slice, assignments (also through the dynamic path) and
 * StridedSliceGrad where the case gives them. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "case_classic.h"

/* ---- reading a TF case ------------------------------------------------------ */

typedef struct tf_case {
    clslice_tf_spec spec;
    int64_t begin[CJ_MAXA], end[CJ_MAXA], strides[CJ_MAXA];
    size_t nb, ne, ns;
    int32_t masks[5]; /* begin, end, ellipsis, new_axis, shrink */
    int begin_known, end_known;
    int is_assign;
} tf_case;

/* strides, begin and end: 0, or -1 after marking the case uncheckable. */
static int read_tf_indices(const cJSON *cs, cc_case *c, tf_case *t)
{
    const cJSON *jbegin = cj_get(cs, "begin"), *jend = cj_get(cs, "end"),
                *jstrides = cj_get(cs, "strides");
    if (cj_is_null(jstrides)) {
        cc_uncheckable(c, "no strides: the spec cannot be written for the "
                          "C API");
        return -1;
    }
    if (cj_int64_array(jstrides, t->strides, CJ_MAXA, &t->ns) != 0) {
        cc_uncheckable(c, "strides is not a 1-D int64 array");
        return -1;
    }
    t->begin_known = !cj_is_null(jbegin);
    t->end_known = !cj_is_null(jend);
    if ((t->begin_known &&
         cj_int64_array(jbegin, t->begin, CJ_MAXA, &t->nb) != 0) ||
        (t->end_known && cj_int64_array(jend, t->end, CJ_MAXA, &t->ne) != 0)) {
        cc_uncheckable(c, "begin/end are not 1-D int64 arrays");
        return -1;
    }
    return 0;
}

static int read_tf_masks(const cJSON *cs, cc_case *c, tf_case *t)
{
    static const char *const keys[5] = {"begin_mask", "end_mask",
                                        "ellipsis_mask", "new_axis_mask",
                                        "shrink_axis_mask"};
    for (int i = 0; i < 5; i++) {
        int64_t v;
        if (cj_int64(cj_get(cs, keys[i]), &v) != 0 || v < INT32_MIN ||
            v > INT32_MAX) {
            cc_uncheckable(c, "%s is not an int32", keys[i]);
            return -1;
        }
        t->masks[i] = (int32_t)v;
    }
    return 0;
}

/* A vector known only at run time is NULL, of the strides' length. */
static void make_tf_spec(tf_case *t)
{
    clslice_tf_spec *s = &t->spec;
    s->index_type = CLSLICE_INT64;
    s->begin = t->begin_known ? (const void *)t->begin : NULL;
    s->begin_len = t->begin_known ? t->nb : t->ns;
    s->end = t->end_known ? (const void *)t->end : NULL;
    s->end_len = t->end_known ? t->ne : t->ns;
    s->strides = t->strides;
    s->strides_len = t->ns;
    s->begin_mask = t->masks[0];
    s->end_mask = t->masks[1];
    s->ellipsis_mask = t->masks[2];
    s->new_axis_mask = t->masks[3];
    s->shrink_axis_mask = t->masks[4];
}

/* The op: none (a slice) or "assign". */
static int read_tf_op(const cJSON *cs, cc_case *c, tf_case *t)
{
    const char *op = cj_str(cs, "op");
    t->is_assign = op && strcmp(op, "assign") == 0;
    if (op && !t->is_assign) {
        cc_uncheckable(c, "unknown op %s", op);
        return -1;
    }
    return 0;
}

/* The spec and what it must give: 0, or -1 after failing the case or
 * marking it uncheckable. */
static int read_tf_case(const cJSON *cs, cc_case *c, tf_case *t,
                        cc_expect *e)
{
    if (cc_read_shape(cs, c, e) != 0 || read_tf_indices(cs, c, t) != 0 ||
        read_tf_masks(cs, c, t) != 0)
        return -1;
    make_tf_spec(t);
    cc_read_expected_error(cs, e);
    if (cc_read_expected_shape(cs, e, c) != 0)
        return -1;
    e->all_known = cc_every_size_known(e, t->begin_known && t->end_known);
    return read_tf_op(cs, c, t);
}

/* input_flat and out_flat (the gathered values). */
static int read_tf_values(const cJSON *cs, cc_case *c, cc_data *d,
                          cc_expect *e)
{
    const cJSON *jinput = cj_get(cs, "input_flat"),
                *jout = cj_get(cs, "out_flat");
    if (!cj_is_null(jinput) && cj_flatten(jinput, &d->input) != 0) {
        cc_fail(c, "case data: unreadable input_flat");
        return -1;
    }
    if (cj_is_null(jout))
        return 0;
    if (cj_flatten(jout, &d->values) != 0) {
        cc_fail(c, "case data: unreadable out_flat");
        return -1;
    }
    e->has_values = 1;
    e->values = d->values.v;
    e->values_n = d->values.n;
    e->input = jinput ? d->input.v : NULL;
    e->input_n = d->input.n;
    return 0;
}

/* ---- checking a TF case ------------------------------------------------------ */

static void check_canonical_dim(cc_case *c, const clslice_plan *plan, int k,
                                const int64_t *begin, const int64_t *strides,
                                const int64_t *proc)
{
    int64_t start = 0, step = 0, count = 0;
    clslice_plan_dim(plan, k, &start, &step, &count, NULL);
    if (count != proc[k])
        cc_fail(c, "canonical: dim %d count %" PRId64
                   ", processing_shape says %" PRId64,
                k, count, proc[k]);
    else if (count > 0 && start != begin[k])
        cc_fail(c, "canonical: dim %d start %" PRId64 ", begin says %" PRId64,
                k, start, begin[k]);
    else if (count >= 2 && step != strides[k])
        cc_fail(c, "canonical: dim %d step %" PRId64 ", strides says %" PRId64,
                k, step, strides[k]);
}

/* TF's own canonical form (begin, strides, processing_shape) against the
 * plan's dims. */
static void check_tf_canonical(cc_case *c, const clslice_plan *plan,
                               const cJSON *canon)
{
    int64_t begin[CJ_MAXA], strides[CJ_MAXA], proc[CJ_MAXA];
    size_t nb, ns, np;
    if (cj_int64_array(cj_get(canon, "begin"), begin, CJ_MAXA, &nb) != 0 ||
        cj_int64_array(cj_get(canon, "strides"), strides, CJ_MAXA, &ns) !=
            0 ||
        cj_int64_array(cj_get(canon, "processing_shape"), proc, CJ_MAXA,
                       &np) != 0) {
        cc_fail(c, "case data: unreadable canonical");
        return;
    }
    int rank = clslice_plan_input_rank(plan);
    if ((size_t)rank != np || nb != np || ns != np) {
        cc_fail(c, "canonical: %zu dims for an input of rank %d", np, rank);
        return;
    }
    for (int k = 0; k < rank; k++)
        check_canonical_dim(c, plan, k, begin, strides, proc);
}

/* The assignment into the slice, on the host and the device, and through
 * the dynamic path when `dyn` (the spec's values are all known). */
static void check_tf_assign(const cJSON *cs, cc_case *c,
                            const clslice_plan *plan, const cd_spec *dyn,
                            cc_data *d)
{
    int64_t rhs_shape[CJ_MAXA];
    int rhs_rank = 0;
    if (cj_shape(cj_get(cs, "rhs_shape"), rhs_shape, &rhs_rank) != 0 ||
        cj_flatten(cj_get(cs, "rhs_flat"), &d->rhs) != 0 ||
        cj_flatten(cj_get(cs, "result_flat"), &d->result) != 0 ||
        !cj_get(cs, "input_flat")) {
        cc_fail(c, "case data: unreadable assign fields");
        return;
    }
    cc_write w = {d->input.v, d->input.n, d->rhs.v, d->rhs.n, rhs_shape,
                  rhs_rank,
                  CLSLICE_VALUE_BROADCAST, d->result.v, d->result.n};
    cc_check_write(c, "tf assign", plan, &w);
    const char *msg = cc_dynamic() && dyn
                          ? cd_scatter(dyn, d->input.v, d->input.n, d->rhs.v,
                                       rhs_shape, rhs_rank, d->result.v,
                                       d->result.n)
                          : NULL;
    if (msg)
        cc_fail(c, "dynamic assign: %s", msg);
}

/* Whether `expr` uses only the numpy-expression grammar of
 * docs/SEMANTICS.md §7 (no placeholders such as y/s, no typed index
 * tensors). */
static int plain_numpy_expr(const char *expr)
{
    /* "()" is Python's empty index tuple, as in x[()]: identity. */
    static const char *const words[] = {"np.newaxis", "tf.newaxis",
                                        "newaxis", "None", "()"};
    for (const char *p = expr; *p;) {
        size_t matched = strchr("0123456789+-:, .[]", *p) ? 1 : 0;
        for (size_t w = 0; !matched && w < sizeof words / sizeof words[0];
             w++)
            if (strncmp(p, words[w], strlen(words[w])) == 0)
                matched = strlen(words[w]);
        if (!matched)
            return 0;
        p += matched;
    }
    return 1;
}

/* The same slice written as a numpy expression must agree (with the TF
 * plan too where that was built: tf_ok). */
static void check_tf_expr(const cJSON *cs, cc_case *c,
                          const clslice_plan *plan, int tf_ok,
                          const cc_expect *e)
{
    const char *expr = cj_str(cs, "expr");
    if (!expr || !plain_numpy_expr(expr))
        return;
    clslice_plan *xplan = NULL;
    clslice_error xerr;
    memset(&xerr, 0, sizeof xerr);
    clslice_status xst =
        clslice_plan_expr(e->in_shape, e->in_rank, expr, &xplan, &xerr);
    char label[256];
    snprintf(label, sizeof label, "expr \"%s\"", expr);
    if (cc_check_outcome(c, label, xst, &xerr, xplan, e) && tf_ok)
        cc_compare_plans(c, "tf vs expr", plan, xplan);
    clslice_plan_release(&xplan);
}

/* A case noted as a StridedSliceGrad check that gathers values. */
static int wants_grad(const cJSON *cs, const cc_expect *e, const cc_data *d)
{
    const char *note = cj_str(cs, "note");
    return note && strstr(note, "StridedSliceGrad") && e->has_values &&
           d->input.n > 0;
}

static cd_spec tf_dynamic_spec(const tf_case *t, const cc_expect *e)
{
    return (cd_spec){.front = CD_TF, .shape = e->in_shape,
                     .rank = e->in_rank,
                     .v = {t->begin, t->end, t->strides},
                     .len = {t->nb, t->ne, t->ns},
                     .tf_masks = {t->masks[0], t->masks[1], t->masks[2],
                                  t->masks[3], t->masks[4]}};
}

static void check_tf(const cJSON *cs, cc_case *c, const tf_case *t,
                     const cc_expect *e, cc_data *d)
{
    clslice_plan *plan = NULL;
    clslice_error err;
    memset(&err, 0, sizeof err);
    clslice_status st =
        clslice_plan_tf(e->in_shape, e->in_rank, &t->spec, &plan, &err);
    int ok = cc_check_outcome(c, "tf", st, &err, plan, e);
    cd_spec dyn = tf_dynamic_spec(t, e);
    int values_known = t->begin_known && t->end_known;
    if (values_known)
        cc_check_dynamic(c, &dyn, st, &err, plan);
    if (ok && !cj_is_null(cj_get(cs, "canonical")))
        check_tf_canonical(c, plan, cj_get(cs, "canonical"));
    if (ok && t->is_assign)
        check_tf_assign(cs, c, plan, values_known ? &dyn : NULL, d);
    if (ok && wants_grad(cs, e, d))
        cc_check_grad(c, plan, d->input.v, d->input.n, d->values.v,
                      d->values.n);
    check_tf_expr(cs, c, plan, ok, e);
    clslice_plan_release(&plan);
}

void cc_run_tf(const cJSON *cs, const cJSON *all, cc_case *c)
{
    (void)all;
    tf_case t;
    cc_expect e;
    cc_data d;
    memset(&t, 0, sizeof t);
    memset(&e, 0, sizeof e);
    memset(&d, 0, sizeof d);
    if (read_tf_case(cs, c, &t, &e) == 0 && read_tf_values(cs, c, &d, &e) == 0)
        check_tf(cs, c, &t, &e, &d);
    cc_data_free(&d);
}
