/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* mxnet_slice.json: slice, slice_axis, slice_like, _slice_assign,
 * _slice_assign_scalar and csr_slice through the clslice_plan_mxnet
 * family, the assignments run as writes; CSR matrix definitions must be
 * accepted and densify to their stated `dense` (their slices run in
 * test_cases_csr.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_classic.h"

/* What a case's op asks for. */
typedef struct mx_case {
    const char *op;
    int is_assign, is_scalar, is_csr;
    int64_t n_in; /* the input's elements, -1 when unknown or huge */
} mx_case;

/* ---- data -------------------------------------------------------------------- */

/* Fills `out` with an MXNet case's input: nested data, "ones", "zeros",
 * "arange(...)" or absent (0, 1, 2, ...). */
static int mxnet_data(const cJSON *item, int64_t n, cj_ivec *out)
{
    if (cJSON_IsArray(item))
        return cj_flatten(item, out);
    int64_t fill = -1;
    if (cJSON_IsString(item)) {
        const char *s = item->valuestring;
        if (strcmp(s, "ones") == 0)
            fill = 1;
        else if (strcmp(s, "zeros") == 0)
            fill = 0;
        else if (strncmp(s, "arange(", 7) != 0)
            return -1;
    } else if (!cj_is_null(item)) {
        return -1;
    }
    for (int64_t i = 0; i < n; i++)
        if (cj_ivec_push(out, fill >= 0 ? fill : i) != 0)
            return -1;
    return 0;
}

/* The dense form of a CSR matrix defined by an mxnet.csr_matrix case. */
static const cJSON *csr_dense(const cJSON *all, const char *name)
{
    const cJSON *cs;
    cJSON_ArrayForEach(cs, all)
    {
        const char *op = cj_str(cs, "op");
        const char *m = cj_str(cs, "matrix");
        if (op && m && strcmp(op, "mxnet.csr_matrix") == 0 &&
            strcmp(m, name) == 0)
            return cj_get(cs, "dense");
    }
    return NULL;
}

/* ---- CSR matrix definitions -------------------------------------------------- */

typedef struct csr_case {
    int64_t shape[2], indptr[CJ_MAXA], indices[CJ_MAXA], data[CJ_MAXA];
    size_t nshape, nptr, nidx, ndata;
    cj_ivec dense;
} csr_case;

/* The arrays of a definition, consistent with each other. */
static int read_csr_matrix(const cJSON *cs, csr_case *m)
{
    if (cj_int64_array(cj_get(cs, "shape"), m->shape, 2, &m->nshape) != 0 ||
        cj_int64_array(cj_get(cs, "indptr"), m->indptr, CJ_MAXA, &m->nptr) !=
            0 ||
        cj_int64_array(cj_get(cs, "indices"), m->indices, CJ_MAXA,
                       &m->nidx) != 0 ||
        cj_int64_array(cj_get(cs, "data"), m->data, CJ_MAXA, &m->ndata) !=
            0 ||
        cj_flatten(cj_get(cs, "dense"), &m->dense) != 0)
        return -1;
    return m->nshape == 2 && m->nidx == m->ndata &&
                   m->nptr == (size_t)m->shape[0] + 1 &&
                   m->dense.n == (size_t)(m->shape[0] * m->shape[1])
               ? 0
               : -1;
}

/* Subtracts every stored element from `dense`, which must leave zeros. */
static void check_densifies(cc_case *c, csr_case *m)
{
    for (int64_t r = 0; r < m->shape[0]; r++)
        for (int64_t e = m->indptr[r]; e < m->indptr[r + 1]; e++)
            m->dense.v[r * m->shape[1] + m->indices[e]] -= m->data[e];
    for (size_t k = 0; k < m->dense.n; k++)
        if (m->dense.v[k] != 0)
            cc_fail(c, "CSR arrays do not densify to `dense` at %zu", k);
}

/* A CSR matrix definition (no slice of its own): the library must accept
 * its arrays, and they must densify to the stated `dense`. */
static void check_csr_matrix(const cJSON *cs, cc_case *c)
{
    csr_case *m = calloc(1, sizeof *m);
    if (!m || read_csr_matrix(cs, m) != 0) {
        cc_fail(c, "case data: unreadable CSR matrix");
    } else {
        clslice_plan *plan = NULL;
        clslice_csr csr = {m->shape[0], m->shape[1], CLSLICE_INT64,
                           sizeof(int64_t), (int64_t)m->nidx, m->indptr,
                           m->indices, m->data};
        clslice_error err;
        int64_t nnz = -1;
        if (clslice_plan_mxnet(m->shape, 2, NULL, 0, NULL, 0, NULL, 0, &plan,
                               &err) != CLSLICE_OK ||
            clslice_host_csr_count(plan, &csr, &nnz, &err) != CLSLICE_OK)
            cc_fail(c, "CSR matrix rejected: %s", err.message);
        if (nnz >= 0)
            check_densifies(c, m);
        clslice_plan_release(&plan);
    }
    if (m)
        cj_ivec_free(&m->dense);
    free(m);
}

/* ---- expectations -------------------------------------------------------------- */

/* A write's slice has the shape of its rhs. */
static int read_assign_shape(const cJSON *cs, cc_case *c, cc_expect *e)
{
    if (cj_is_null(cj_get(cs, "rhs_shape")))
        return 0;
    if (cj_shape(cj_get(cs, "rhs_shape"), e->out_shape, &e->out_rank) != 0) {
        cc_fail(c, "case data: unreadable rhs_shape");
        return -1;
    }
    e->has_shape = 1;
    return 0;
}

/* A slice's input and gathered values ("values", or "values_dense" of the
 * named CSR matrix's dense form). */
static int read_slice_values(const cJSON *cs, const cJSON *all, cc_case *c,
                             const mx_case *m, cc_data *d, cc_expect *e)
{
    const cJSON *jvalues = cj_get(cs, m->is_csr ? "values_dense" : "values");
    const cJSON *jinput = cj_get(cs, "input");
    if (m->is_csr) {
        const char *name = cj_str(cs, "matrix");
        jinput = name ? csr_dense(all, name) : NULL;
    }
    if (cj_is_null(jvalues) || (m->is_csr && !jinput))
        return 0;
    if (m->n_in < 0 || mxnet_data(jinput, m->n_in, &d->input) != 0 ||
        cj_flatten(jvalues, &d->values) != 0) {
        cc_fail(c, "case data: unreadable input/values");
        return -1;
    }
    e->has_values = 1;
    e->values = d->values.v;
    e->values_n = d->values.n;
    e->input = d->input.v;
    e->input_n = d->input.n;
    return 0;
}

static int read_mx_expectations(const cJSON *cs, const cJSON *all,
                                cc_case *c, mx_case *m, cc_data *d,
                                cc_expect *e)
{
    if (cc_read_shape(cs, c, e) != 0)
        return -1;
    cc_read_expected_error(cs, e);
    e->all_known = 1;
    m->n_in = cc_shape_elements(e->in_shape, e->in_rank);
    if (m->is_assign)
        return read_assign_shape(cs, c, e);
    if (cc_read_expected_shape(cs, e, c) != 0)
        return -1;
    return read_slice_values(cs, all, c, m, d, e);
}

/* ---- the ops ---------------------------------------------------------------------- */

/* Builds the plan of one op: 0 with *st set, or -1 after failing the case
 * on unreadable arguments. */
typedef int (*mx_builder)(const cJSON *cs, cc_case *c, const cc_expect *e,
                          clslice_plan **plan, clslice_error *err,
                          clslice_status *st);

static int build_slice_axis(const cJSON *cs, cc_case *c, const cc_expect *e,
                            clslice_plan **plan, clslice_error *err,
                            clslice_status *st)
{
    int64_t axis, begin;
    clslice_opt_int64 end = {0, 1};
    const cJSON *jend = cj_get(cs, "end");
    if (cj_int64(cj_get(cs, "axis"), &axis) != 0 ||
        cj_int64(cj_get(cs, "begin"), &begin) != 0 ||
        (!cj_is_null(jend) && cj_int64(jend, &end.value) != 0)) {
        cc_fail(c, "case data: unreadable slice_axis arguments");
        return -1;
    }
    end.is_none = cj_is_null(jend);
    *st = clslice_plan_mxnet_slice_axis(e->in_shape, e->in_rank, axis, begin,
                                        end, plan, err);
    return 0;
}

static int build_slice_like(const cJSON *cs, cc_case *c, const cc_expect *e,
                            clslice_plan **plan, clslice_error *err,
                            clslice_status *st)
{
    int64_t like[CJ_MAXA], axes[CJ_MAXA];
    int like_rank = 0;
    size_t naxes = 0;
    if (cj_shape(cj_get(cs, "like_shape"), like, &like_rank) != 0 ||
        cj_int64_array(cj_get(cs, "axes"), axes, CJ_MAXA, &naxes) != 0) {
        cc_fail(c, "case data: unreadable slice_like arguments");
        return -1;
    }
    *st = clslice_plan_mxnet_slice_like(e->in_shape, e->in_rank, like,
                                        like_rank, naxes ? axes : NULL, naxes,
                                        plan, err);
    return 0;
}

/* slice, the assignments and csr_slice: begin, end and step. */
static int build_slice(const cJSON *cs, cc_case *c, const cc_expect *e,
                       clslice_plan **plan, clslice_error *err,
                       clslice_status *st)
{
    clslice_opt_int64 begin[CJ_MAXA], end[CJ_MAXA], step[CJ_MAXA];
    size_t nb = 0, ne = 0, ns = 0;
    const cJSON *jstep = cj_get(cs, "step");
    if (cj_opt_array(cj_get(cs, "begin"), begin, CJ_MAXA, &nb) != 0 ||
        cj_opt_array(cj_get(cs, "end"), end, CJ_MAXA, &ne) != 0 ||
        (!cj_is_null(jstep) && cj_opt_array(jstep, step, CJ_MAXA, &ns) != 0)) {
        cc_fail(c, "case data: unreadable begin/end/step");
        return -1;
    }
    *st = clslice_plan_mxnet(e->in_shape, e->in_rank, begin, nb, end, ne,
                             ns ? step : NULL, ns, plan, err);
    return 0;
}

static const struct mx_op {
    const char *name;
    mx_builder build;
    int is_assign, is_scalar, is_csr;
} mx_ops[] = {
    {"mxnet.slice", build_slice, 0, 0, 0},
    {"mxnet.slice_axis", build_slice_axis, 0, 0, 0},
    {"mxnet.slice_like", build_slice_like, 0, 0, 0},
    {"mxnet._slice_assign", build_slice, 1, 0, 0},
    {"mxnet._slice_assign_scalar", build_slice, 1, 1, 0},
    {"mxnet.csr_slice", build_slice, 0, 0, 1},
};

static const struct mx_op *find_op(const char *name)
{
    for (size_t i = 0; i < sizeof mx_ops / sizeof mx_ops[0]; i++)
        if (strcmp(name, mx_ops[i].name) == 0)
            return &mx_ops[i];
    return NULL;
}

/* ---- the assignments ---------------------------------------------------------------- */

/* The whole tensor after the write, whose shape must be the input's. */
static int read_assign_result(const cJSON *cs, cc_case *c, const mx_case *m,
                              const cc_expect *e, cc_data *d)
{
    int64_t full[CJ_MAXA];
    int full_rank = 0;
    if (m->n_in < 0 || mxnet_data(cj_get(cs, "input"), m->n_in, &d->input) ||
        cj_flatten(cj_get(cs, "values"), &d->result) != 0 ||
        cj_shape(cj_get(cs, "out_shape"), full, &full_rank) != 0) {
        cc_fail(c, "case data: unreadable assign fields");
        return -1;
    }
    char b1[1024], b2[1024];
    if (full_rank != e->in_rank ||
        memcmp(full, e->in_shape, (size_t)full_rank * sizeof(int64_t)) != 0)
        cc_fail(c, "case data: assign out_shape %s is not the input shape %s",
                cc_shape_fmt(b1, sizeof b1, full, full_rank),
                cc_shape_fmt(b2, sizeof b2, e->in_shape, e->in_rank));
    return 0;
}

/* _slice_assign: rhs must have exactly the slice shape, and the case
 * states the shape it gives; _slice_assign_scalar: a rank-0 value fills. */
static void check_assign(const cJSON *cs, cc_case *c,
                         const clslice_plan *plan, const mx_case *m,
                         const cc_expect *e, cc_data *d)
{
    if (read_assign_result(cs, c, m, e, d) != 0)
        return;
    cc_write w = {d->input.v, d->input.n, NULL, 0, e->out_shape, e->out_rank,
                  CLSLICE_VALUE_EXACT, d->result.v, d->result.n};
    int64_t scalar = 0, sel_n = clslice_plan_output_elements(plan);
    if (m->is_scalar && cj_int64(cj_get(cs, "scalar"), &scalar) != 0) {
        cc_fail(c, "case data: unreadable scalar");
        return;
    }
    if (m->is_scalar) {
        w.rhs = &scalar;
        w.rhs_n = 1;
        w.rhs_shape = NULL;
        w.rhs_rank = 0;
        w.rule = CLSLICE_VALUE_BROADCAST;
    } else if (sel_n < 0 || mxnet_data(cj_get(cs, "rhs"), sel_n, &d->rhs)) {
        cc_fail(c, "case data: unreadable rhs");
        return;
    } else {
        w.rhs = d->rhs.v;
        w.rhs_n = d->rhs.n;
    }
    cc_check_write(c, m->op, plan, &w);
}

/* ---- running a case ------------------------------------------------------------------ */

static void check_mx(const cJSON *cs, const cJSON *all, cc_case *c,
                     const struct mx_op *op)
{
    mx_case m = {op->name, op->is_assign, op->is_scalar, op->is_csr, -1};
    cc_expect e;
    cc_data d;
    memset(&e, 0, sizeof e);
    memset(&d, 0, sizeof d);
    clslice_plan *plan = NULL;
    clslice_error err;
    clslice_status st = CLSLICE_OK;
    memset(&err, 0, sizeof err);
    if (read_mx_expectations(cs, all, c, &m, &d, &e) == 0 &&
        op->build(cs, c, &e, &plan, &err, &st) == 0 &&
        cc_check_outcome(c, m.op, st, &err, plan, &e) && m.is_assign)
        check_assign(cs, c, plan, &m, &e, &d);
    clslice_plan_release(&plan);
    cc_data_free(&d);
}

void cc_run_mxnet(const cJSON *cs, const cJSON *all, cc_case *c)
{
    const char *op = cj_str(cs, "op");
    const struct mx_op *known = op ? find_op(op) : NULL;
    if (!op)
        cc_fail(c, "case data: no op");
    else if (strcmp(op, "mxnet.csr_matrix") == 0)
        check_csr_matrix(cs, c);
    else if (strcmp(op, "mxnet.csr_getitem") == 0)
        cc_uncheckable(c, "Python CSRNDArray.__getitem__ check; no C API "
                          "counterpart");
    else if (!known)
        cc_uncheckable(c, "unknown op %s", op);
    else
        check_mx(cs, all, c, known);
}
