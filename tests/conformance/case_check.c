/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The checks every plan of the classic case files must pass
 * (case_check.h). */
#include "case_check.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_write.h"

/* Largest number of elements the suite gathers for one case. */
#define MAX_GATHER_ELEMENTS ((int64_t)1 << 24)

/* ---- the case's log ------------------------------------------------------ */

static void log_line(cc_case *c, const char *fmt, va_list args)
{
    if (c->used + 8 >= sizeof c->log)
        return;
    int n = snprintf(c->log + c->used, sizeof c->log - c->used, "    ");
    if (n > 0)
        c->used += (size_t)n;
    if (c->used + 2 >= sizeof c->log) {
        c->used = sizeof c->log - 1;
        return;
    }
    n = vsnprintf(c->log + c->used, sizeof c->log - c->used - 1, fmt, args);
    if (n > 0)
        c->used += (size_t)n;
    if (c->used > sizeof c->log - 2)
        c->used = sizeof c->log - 2;
    c->log[c->used++] = '\n';
    c->log[c->used] = '\0';
}

void cc_fail(cc_case *c, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    c->failed = 1;
    log_line(c, fmt, args);
    va_end(args);
}

void cc_uncheckable(cc_case *c, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    c->uncheckable = 1;
    log_line(c, fmt, args);
    va_end(args);
}

const char *cc_shape_fmt(char *buf, size_t size, const int64_t *shape,
                         int rank)
{
    size_t used = 0;
    buf[used++] = '[';
    for (int i = 0; i < rank && used + 24 < size; i++) {
        int n = snprintf(buf + used, size - used, "%s%" PRId64, i ? "," : "",
                         shape[i]);
        if (n > 0)
            used += (size_t)n;
    }
    snprintf(buf + used, size - used, "]");
    return buf;
}

/* ---- expectations ----------------------------------------------------------- */

void cc_read_expected_error(const cJSON *cs, cc_expect *e)
{
    const char *error = cj_str(cs, "error");
    e->want_error = error != NULL;
    e->error_text = error;
}

int cc_read_expected_shape(const cJSON *cs, cc_expect *e, cc_case *c)
{
    if (cj_is_null(cj_get(cs, "out_shape")))
        return 0;
    if (cj_shape(cj_get(cs, "out_shape"), e->out_shape, &e->out_rank) != 0) {
        cc_fail(c, "case data: unreadable out_shape");
        return -1;
    }
    e->has_shape = 1;
    return 0;
}

int cc_every_size_known(const cc_expect *e, int indices_known)
{
    for (int k = 0; k < e->in_rank; k++)
        if (e->in_shape[k] < 0)
            return 0;
    return indices_known;
}

int64_t cc_shape_elements(const int64_t *shape, int rank)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++)
        if (shape[i] < 0)
            return -1;
    for (int i = 0; i < rank; i++)
        if (shape[i] == 0)
            return 0;
    for (int i = 0; i < rank; i++) {
        if (n > MAX_GATHER_ELEMENTS / shape[i])
            return -1;
        n *= shape[i];
    }
    return n;
}

/* ---- a rejected spec ------------------------------------------------------ */

static int plausible_error(clslice_status st)
{
    return st == CLSLICE_ERROR_SPEC || st == CLSLICE_ERROR_INDEX ||
           st == CLSLICE_ERROR_ARGUMENT || st == CLSLICE_ERROR_RANK ||
           st == CLSLICE_ERROR_SYNTAX;
}

/* A plan came back where the case wanted an error. */
static void fail_unwanted_plan(cc_case *c, const char *label,
                               const clslice_plan *plan, const cc_expect *e)
{
    char b1[1024];
    int64_t shape[CLSLICE_MAX_RANK];
    int r = plan ? clslice_plan_output_rank(plan) : 0;
    if (plan && r >= 0 && r <= CLSLICE_MAX_RANK)
        clslice_plan_output_shape(plan, shape);
    else
        r = 0;
    cc_fail(c, "%s: expected an error (%s), got a plan with shape %s", label,
            e->error_text ? e->error_text : "?",
            cc_shape_fmt(b1, sizeof b1, shape, r));
}

static void check_rejection(cc_case *c, const char *label, clslice_status st,
                            const clslice_error *err,
                            const clslice_plan *plan, const cc_expect *e)
{
    if (st == CLSLICE_OK) {
        fail_unwanted_plan(c, label, plan, e);
        return;
    }
    if (!plausible_error(st))
        cc_fail(c, "%s: implausible status %s for a rejected spec: %s", label,
                clslice_status_string(st), err->message);
    if (err->status != st)
        cc_fail(c, "%s: err.status %s differs from the returned %s", label,
                clslice_status_string(err->status),
                clslice_status_string(st));
    if (err->message[0] == '\0')
        cc_fail(c, "%s: empty error message", label);
}

/* ---- an accepted spec: the plan's shapes and dims ---------------------------- */

/* What the checks of an accepted plan read from it. */
typedef struct plan_facts {
    int in_rank, out_rank;
    int64_t in_shape[CLSLICE_MAX_RANK], out_shape[CLSLICE_MAX_RANK];
    int64_t start[CLSLICE_MAX_RANK], step[CLSLICE_MAX_RANK],
        count[CLSLICE_MAX_RANK];
    int any_unknown;
} plan_facts;

/* A plan with a clean error record: 0 (after failing) otherwise. */
static int accepted(cc_case *c, const char *label, clslice_status st,
                    const clslice_error *err, const clslice_plan *plan)
{
    if (st != CLSLICE_OK) {
        cc_fail(c, "%s: expected a plan, got %s: %s", label,
                clslice_status_string(st), err->message);
        return 0;
    }
    if (!plan) {
        cc_fail(c, "%s: OK but no plan", label);
        return 0;
    }
    if (err->status != CLSLICE_OK || err->message[0] != '\0')
        cc_fail(c, "%s: OK but err holds %s \"%s\"", label,
                clslice_status_string(err->status), err->message);
    return 1;
}

static int check_input_shape(cc_case *c, const char *label,
                             const clslice_plan *plan, const cc_expect *e,
                             plan_facts *f)
{
    char b1[1024], b2[1024];
    f->in_rank = clslice_plan_input_rank(plan);
    if (f->in_rank != e->in_rank || f->in_rank < 0 ||
        f->in_rank > CLSLICE_MAX_RANK) {
        cc_fail(c, "%s: input rank %d, expected %d", label, f->in_rank,
                e->in_rank);
        return 0;
    }
    clslice_plan_input_shape(plan, f->in_shape);
    if (memcmp(f->in_shape, e->in_shape,
               (size_t)f->in_rank * sizeof(int64_t)) != 0)
        cc_fail(c, "%s: input shape %s, expected %s", label,
                cc_shape_fmt(b1, sizeof b1, f->in_shape, f->in_rank),
                cc_shape_fmt(b2, sizeof b2, e->in_shape, f->in_rank));
    return 1;
}

static int check_output_shape(cc_case *c, const char *label,
                              const clslice_plan *plan, const cc_expect *e,
                              plan_facts *f)
{
    char b1[1024], b2[1024];
    f->out_rank = clslice_plan_output_rank(plan);
    if (f->out_rank < 0 || f->out_rank > CLSLICE_MAX_RANK) {
        cc_fail(c, "%s: output rank %d out of range", label, f->out_rank);
        return 0;
    }
    clslice_plan_output_shape(plan, f->out_shape);
    int same = f->out_rank == e->out_rank &&
               memcmp(f->out_shape, e->out_shape,
                      (size_t)f->out_rank * sizeof(int64_t)) == 0;
    if (e->has_shape && !same)
        cc_fail(c, "%s: output shape %s, expected %s", label,
                cc_shape_fmt(b1, sizeof b1, f->out_shape, f->out_rank),
                cc_shape_fmt(b2, sizeof b2, e->out_shape, e->out_rank));
    return 1;
}

/* Dim k's start, step and count keep the API's contract. */
static void check_dim_contract(cc_case *c, const char *label,
                               const clslice_plan *plan, int k,
                               const plan_facts *f)
{
    int64_t start = f->start[k], step = f->step[k], count = f->count[k];
    if (step == 0)
        cc_fail(c, "%s: dim %d has step 0", label, k);
    if (count < -1 || start < -1)
        cc_fail(c, "%s: dim %d has start %" PRId64 " count %" PRId64, label,
                k, start, count);
    if (count == 0 && start != 0)
        cc_fail(c, "%s: dim %d has count 0 but start %" PRId64, label, k,
                start);
    if (clslice_plan_dim_is_shrunk(plan, k) && count != 1)
        cc_fail(c, "%s: shrunk dim %d has count %" PRId64, label, k, count);
}

/* The last index dim k reads, or -1 when it lies outside [0, n) (or the
 * arithmetic would overflow). */
static int64_t last_index(int64_t start, int64_t step, int64_t count,
                          int64_t n)
{
    /* |step| - 1, without overflow for INT64_MIN */
    int64_t mag = step < 0 ? -(step + 1) : step - 1;
    if (mag < n && count - 1 <= (n - 1) / (mag + 1))
        return start + (count - 1) * step;
    return -1;
}

/* Every index dim k reads lies inside its input dimension. */
static void check_dim_bounds(cc_case *c, const char *label, int k,
                             const plan_facts *f)
{
    int64_t n = f->in_shape[k], start = f->start[k], step = f->step[k],
            count = f->count[k];
    if (n < 0 || count <= 0 || start < 0)
        return;
    if (start >= n || count > n) {
        cc_fail(c,
                "%s: dim %d reads outside [0,%" PRId64 "): start %" PRId64
                " count %" PRId64,
                label, k, n, start, count);
        return;
    }
    int64_t last = count >= 2 ? last_index(start, step, count, n) : 0;
    if (last < 0 || last >= n)
        cc_fail(c,
                "%s: dim %d reads outside [0,%" PRId64 "): start %" PRId64
                " step %" PRId64 " count %" PRId64,
                label, k, n, start, step, count);
}

static int check_dims(cc_case *c, const char *label, const clslice_plan *plan,
                      plan_facts *f)
{
    f->any_unknown = 0;
    for (int k = 0; k < f->in_rank; k++) {
        clslice_error derr;
        memset(&derr, 0, sizeof derr);
        if (clslice_plan_dim(plan, k, &f->start[k], &f->step[k], &f->count[k],
                             &derr) != CLSLICE_OK) {
            cc_fail(c, "%s: plan_dim(%d) failed: %s", label, k, derr.message);
            return 0;
        }
        check_dim_contract(c, label, plan, k, f);
        check_dim_bounds(c, label, k, f);
        if (f->count[k] < 0 || f->start[k] < 0 || f->in_shape[k] < 0)
            f->any_unknown = 1;
    }
    return 1;
}

/* ---- an accepted spec: where the output comes from ------------------------- */

static void check_skipped_dims_shrunk(cc_case *c, const char *label,
                                      const clslice_plan *plan, int from,
                                      int to)
{
    for (int k = from; k < to; k++)
        if (!clslice_plan_dim_is_shrunk(plan, k))
            cc_fail(c, "%s: input dim %d is neither shrunk nor in the output",
                    label, k);
}

/* Output dim o: a new axis of size 1, or the next non-shrunk input dim
 * with its count.  Returns the next input dim to expect. */
static int check_source(cc_case *c, const char *label,
                        const clslice_plan *plan, int o, int next_src,
                        const plan_facts *f)
{
    int src = clslice_plan_output_source(plan, o);
    if (src == -1) {
        if (f->out_shape[o] != 1)
            cc_fail(c, "%s: new axis at output dim %d has size %" PRId64,
                    label, o, f->out_shape[o]);
        return next_src;
    }
    if (src < next_src || src >= f->in_rank) {
        cc_fail(c, "%s: output dim %d comes from input dim %d (out of order)",
                label, o, src);
        return next_src;
    }
    check_skipped_dims_shrunk(c, label, plan, next_src, src);
    if (clslice_plan_dim_is_shrunk(plan, src))
        cc_fail(c, "%s: output dim %d comes from shrunk input dim %d", label,
                o, src);
    if (f->out_shape[o] != f->count[src])
        cc_fail(c,
                "%s: output dim %d has size %" PRId64
                " but input dim %d has count %" PRId64,
                label, o, f->out_shape[o], src, f->count[src]);
    return src + 1;
}

/* Output dimensions map onto new axes or non-shrunk input dims, in order,
 * and have their sizes. */
static void check_sources(cc_case *c, const char *label,
                          const clslice_plan *plan, const plan_facts *f)
{
    int next_src = 0;
    for (int o = 0; o < f->out_rank; o++)
        next_src = check_source(c, label, plan, o, next_src, f);
    check_skipped_dims_shrunk(c, label, plan, next_src, f->in_rank);
    if (clslice_plan_output_source(plan, f->out_rank) != -2)
        cc_fail(c, "%s: output_source(%d) is not -2", label, f->out_rank);
}

/* The element count of an output shape: 0 with a zero dim, else -1 with
 * an unknown one, -2 when it overflows (not checked). */
static int64_t expected_elements(const int64_t *shape, int rank)
{
    int has_unknown = 0;
    for (int o = 0; o < rank; o++) {
        if (shape[o] == 0)
            return 0;
        if (shape[o] < 0)
            has_unknown = 1;
    }
    if (has_unknown)
        return -1;
    int64_t n = 1;
    for (int o = 0; o < rank; o++) {
        if (n > INT64_MAX / shape[o])
            return -2;
        n *= shape[o];
    }
    return n;
}

static void check_elements_and_known(cc_case *c, const char *label,
                                     const clslice_plan *plan,
                                     const cc_expect *e, const plan_facts *f)
{
    int64_t want = expected_elements(f->out_shape, f->out_rank);
    if (want != -2 && clslice_plan_output_elements(plan) != want)
        cc_fail(c, "%s: output_elements %" PRId64 ", expected %" PRId64,
                label, clslice_plan_output_elements(plan), want);
    int known = clslice_plan_is_known(plan);
    if (f->any_unknown && known)
        cc_fail(c, "%s: plan with unknown entries claims to be known", label);
    if (e->all_known && !known)
        cc_fail(c, "%s: plan of a fully known spec is not known", label);
}

/* ---- an accepted spec: the values ------------------------------------------- */

/* The input tensor: the case's data, or iota from base. */
static int64_t *make_input(cc_case *c, const cc_expect *e, int64_t n)
{
    int64_t *in = malloc((size_t)(n > 0 ? n : 1) * sizeof *in);
    if (!in) {
        cc_fail(c, "out of memory");
        return NULL;
    }
    if (e->input && (int64_t)e->input_n != n) {
        cc_fail(c, "case data: input has %zu elements, shape needs %" PRId64,
                e->input_n, n);
        free(in);
        return NULL;
    }
    for (int64_t i = 0; i < n; i++)
        in[i] = e->input ? e->input[i] : e->input_base + i;
    return in;
}

/* The plan's slice of `in` (n_in elements) in a new array of *n_out. */
static int64_t *gather(cc_case *c, const char *label,
                       const clslice_plan *plan, const int64_t *in,
                       int64_t n_in, int64_t *n_out)
{
    int64_t m = clslice_plan_output_elements(plan);
    if (m < 0 || m > MAX_GATHER_ELEMENTS) {
        cc_fail(c, m < 0 ? "%s: output_elements %" PRId64 " on a known plan"
                         : "%s: output of %" PRId64 " elements is too large",
                label, m);
        return NULL;
    }
    int64_t *out = malloc((size_t)(m > 0 ? m : 1) * sizeof *out);
    if (!out) {
        cc_fail(c, "out of memory");
        return NULL;
    }
    clslice_error err;
    memset(&err, 0, sizeof err);
    clslice_status st = clslice_host_gather(
        plan, sizeof(int64_t), in, (size_t)n_in * sizeof(int64_t), out,
        (size_t)m * sizeof(int64_t), &err);
    if (st != CLSLICE_OK) {
        cc_fail(c, "%s: host_gather failed: %s: %s", label,
                clslice_status_string(st), err.message);
        free(out);
        return NULL;
    }
    *n_out = m;
    return out;
}

static void check_gathered(cc_case *c, const char *label,
                           const clslice_plan *plan, const cc_expect *e)
{
    int64_t n_in = cc_shape_elements(e->in_shape, e->in_rank);
    if (n_in < 0) {
        cc_fail(c, "%s: values given for an unknown or huge input", label);
        return;
    }
    int64_t *in = make_input(c, e, n_in);
    if (!in)
        return;
    int64_t n_out = 0;
    int64_t *out = gather(c, label, plan, in, n_in, &n_out);
    if (out)
        cc_compare_values(c, label, out, (size_t)n_out, e->values,
                          e->values_n, "gathered values");
    free(out);
    free(in);
}

int cc_check_outcome(cc_case *c, const char *label, clslice_status st,
                     const clslice_error *err, const clslice_plan *plan,
                     const cc_expect *e)
{
    if (e->want_error) {
        check_rejection(c, label, st, err, plan, e);
        return 0;
    }
    plan_facts f;
    if (!accepted(c, label, st, err, plan) ||
        !check_input_shape(c, label, plan, e, &f) ||
        !check_output_shape(c, label, plan, e, &f) ||
        !check_dims(c, label, plan, &f))
        return 0;
    check_sources(c, label, plan, &f);
    check_elements_and_known(c, label, plan, e, &f);
    if (e->has_values && !c->failed)
        check_gathered(c, label, plan, e);
    return 1;
}

void cc_compare_values(cc_case *c, const char *label, const int64_t *got,
                       size_t got_n, const int64_t *want, size_t want_n,
                       const char *what)
{
    if (got_n != want_n) {
        cc_fail(c, "%s: %s has %zu elements, expected %zu", label, what,
                got_n, want_n);
        return;
    }
    for (size_t i = 0; i < got_n; i++) {
        if (got[i] != want[i]) {
            cc_fail(c,
                    "%s: %s[%zu] = %" PRId64 ", expected %" PRId64
                    " (first mismatch)",
                    label, what, i, got[i], want[i]);
            return;
        }
    }
}

/* ---- two plans of one slice --------------------------------------------------- */

/* 0 (after failing) when the output ranks are out of range. */
static int compare_outputs(cc_case *c, const char *label,
                           const clslice_plan *a, const clslice_plan *b)
{
    char b1[1024], b2[1024];
    int ra = clslice_plan_output_rank(a), rb = clslice_plan_output_rank(b);
    int64_t sa[CLSLICE_MAX_RANK], sb[CLSLICE_MAX_RANK];
    if (ra < 0 || ra > CLSLICE_MAX_RANK || rb < 0 || rb > CLSLICE_MAX_RANK) {
        cc_fail(c, "%s: bad output ranks %d/%d", label, ra, rb);
        return 0;
    }
    clslice_plan_output_shape(a, sa);
    clslice_plan_output_shape(b, sb);
    if (ra != rb || memcmp(sa, sb, (size_t)ra * sizeof(int64_t)) != 0)
        cc_fail(c, "%s: output shapes differ: %s vs %s", label,
                cc_shape_fmt(b1, sizeof b1, sa, ra),
                cc_shape_fmt(b2, sizeof b2, sb, rb));
    for (int o = 0; o < ra && o < rb; o++)
        if (clslice_plan_output_source(a, o) !=
            clslice_plan_output_source(b, o))
            cc_fail(c, "%s: output dim %d comes from input dim %d vs %d",
                    label, o, clslice_plan_output_source(a, o),
                    clslice_plan_output_source(b, o));
    return 1;
}

static void compare_dim(cc_case *c, const char *label, const clslice_plan *a,
                        const clslice_plan *b, int k)
{
    int64_t s1 = 0, t1 = 0, n1 = 0, s2 = 0, t2 = 0, n2 = 0;
    clslice_plan_dim(a, k, &s1, &t1, &n1, NULL);
    clslice_plan_dim(b, k, &s2, &t2, &n2, NULL);
    int shrunk1 = clslice_plan_dim_is_shrunk(a, k),
        shrunk2 = clslice_plan_dim_is_shrunk(b, k);
    /* The step only matters where at least two indices are read. */
    if (s1 != s2 || n1 != n2 || (n1 >= 2 && t1 != t2) || shrunk1 != shrunk2)
        cc_fail(c,
                "%s: dim %d differs: start/step/count %" PRId64 "/%" PRId64
                "/%" PRId64 "%s vs %" PRId64 "/%" PRId64 "/%" PRId64 "%s",
                label, k, s1, t1, n1, shrunk1 ? " shrunk" : "", s2, t2, n2,
                shrunk2 ? " shrunk" : "");
}

void cc_compare_plans(cc_case *c, const char *label, const clslice_plan *a,
                      const clslice_plan *b)
{
    if (!compare_outputs(c, label, a, b))
        return;
    int rank = clslice_plan_input_rank(a);
    if (rank != clslice_plan_input_rank(b)) {
        cc_fail(c, "%s: input ranks differ", label);
        return;
    }
    for (int k = 0; k < rank; k++)
        compare_dim(c, label, a, b, k);
}

/* ---- writes ------------------------------------------------------------------- */

static int g_writes, g_grads;

int cc_writes(void)
{
    return g_writes;
}

int cc_grads(void)
{
    return g_grads;
}

void cc_check_write(cc_case *c, const char *label, const clslice_plan *plan,
                    const cc_write *w)
{
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(plan, shape);
    int64_t n_in = cc_shape_elements(shape, clslice_plan_input_rank(plan));
    int64_t n_rhs = cc_shape_elements(w->rhs_shape, w->rhs_rank);
    if ((int64_t)w->input_n != n_in || (int64_t)w->rhs_n != n_rhs) {
        cc_fail(c, "case data: input has %zu elements, shape needs %" PRId64
                   "; rhs %zu, its shape %" PRId64,
                w->input_n, n_in, w->rhs_n, n_rhs);
        return;
    }
    int64_t *result = malloc((size_t)(n_in > 0 ? n_in : 1) * sizeof *result);
    if (!result) {
        cc_fail(c, "out of memory");
        return;
    }
    const char *msg = cw_scatter(plan, w->input, w->input_n, w->rhs,
                                 w->rhs_shape, w->rhs_rank, w->rule, result);
    if (msg)
        cc_fail(c, "%s: %s", label, msg);
    else
        cc_compare_values(c, label, result, w->input_n, w->want, w->want_n,
                          "result after write");
    g_writes++;
    free(result);
}

/* The gradient StridedSliceGrad must give: the input where dy holds it. */
static void expected_grad(const int64_t *input, size_t input_n,
                          const int64_t *dy, size_t dy_n, int64_t *want)
{
    for (size_t i = 0; i < input_n; i++) {
        want[i] = 0;
        for (size_t k = 0; k < dy_n; k++)
            if (dy[k] == input[i])
                want[i] = input[i];
    }
}

void cc_check_grad(cc_case *c, const clslice_plan *plan,
                   const int64_t *input, size_t input_n, const int64_t *dy,
                   size_t dy_n)
{
    int rank = clslice_plan_output_rank(plan);
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, shape);
    if ((int64_t)dy_n != clslice_plan_output_elements(plan)) {
        cc_fail(c, "case data: grad: %zu gathered values for an output of "
                   "%" PRId64, dy_n, clslice_plan_output_elements(plan));
        return;
    }
    int64_t *result = malloc((input_n ? input_n : 1) * sizeof *result);
    int64_t *want = malloc((input_n ? input_n : 1) * sizeof *want);
    if (!result || !want) {
        free(result);
        free(want);
        cc_fail(c, "out of memory");
        return;
    }
    expected_grad(input, input_n, dy, dy_n, want);
    const char *msg = cw_grad(plan, dy, shape, rank, input_n, result);
    if (msg)
        cc_fail(c, "grad: %s", msg);
    else
        cc_compare_values(c, "grad", result, input_n, want, input_n,
                          "StridedSliceGrad");
    g_grads++;
    free(result);
    free(want);
}
