/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Data-driven conformance suite: runs every case of the JSON files in tests/cases
 * through the matching public front-end and checks output shapes, errors,
 * gathered values and (where the case gives them) the canonical plan.
 *
 * Cases that are not targets are listed in tests/cases/deviations.txt
 * (`FILE INDEX reason`).  A listed case that fails is a known deviation; an
 * unlisted case that fails, or a listed case that now passes, fails the
 * test.  Per-file counts are printed at the end.
 */
#include "testutil.h"

#include <cjson/cJSON.h>
#include "case_dynamic.h"
#include "case_fronts.h"
#include "case_write.h"
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXA 128 /* longest JSON array of indices/masks/shape we accept */
/* Largest number of elements the suite gathers for one case. */
#define MAX_GATHER_ELEMENTS ((int64_t)1 << 24)

/* ------------------------------------------------------------------------ */
/* Per-case diagnostics                                                      */
/* ------------------------------------------------------------------------ */

typedef struct ctx {
    int failed;
    int uncheckable;
    size_t used;
    char log[8192];
} ctx;

#if defined(__GNUC__)
#define CS_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CS_PRINTF(a, b)
#endif

static void cx_vadd(ctx *c, const char *fmt, va_list args)
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

static void cx_fail(ctx *c, const char *fmt, ...) CS_PRINTF(2, 3);
static void cx_fail(ctx *c, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    c->failed = 1;
    cx_vadd(c, fmt, args);
    va_end(args);
}

/* The case cannot be run through the C API at all. */
static void cx_uncheckable(ctx *c, const char *fmt, ...) CS_PRINTF(2, 3);
static void cx_uncheckable(ctx *c, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    c->uncheckable = 1;
    cx_vadd(c, fmt, args);
    va_end(args);
}

/* Formats a shape into a caller buffer (tu_shape_str's buffer is shared). */
static const char *shape_fmt(char *buf, size_t size, const int64_t *shape,
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

/* ------------------------------------------------------------------------ */
/* JSON helpers                                                              */
/* ------------------------------------------------------------------------ */

/* cJSON keeps numbers as doubles, which cannot hold every int64.  Before
 * parsing, integer literals with more than 15 digits are rewritten as the
 * strings "#int:<literal>", which json_int64() converts exactly. */
static char *protect_big_integers(const char *text)
{
    size_t len = strlen(text);
    char *out = malloc(2 * len + 16);
    if (!out)
        return NULL;
    size_t o = 0;
    int in_string = 0;
    for (size_t i = 0; i < len;) {
        char ch = text[i];
        if (in_string) {
            out[o++] = ch;
            i++;
            if (ch == '\\' && i < len)
                out[o++] = text[i++];
            else if (ch == '"')
                in_string = 0;
            continue;
        }
        if (ch == '"') {
            in_string = 1;
            out[o++] = ch;
            i++;
            continue;
        }
        if (ch == '-' || (ch >= '0' && ch <= '9')) {
            size_t j = i;
            if (text[j] == '-')
                j++;
            size_t digits = 0;
            while (j < len && text[j] >= '0' && text[j] <= '9') {
                j++;
                digits++;
            }
            int plain = !(j < len && (text[j] == '.' || text[j] == 'e' ||
                                      text[j] == 'E'));
            if (plain && digits > 15) {
                memcpy(out + o, "\"#int:", 6);
                o += 6;
                memcpy(out + o, text + i, j - i);
                o += j - i;
                out[o++] = '"';
                i = j;
                continue;
            }
            memcpy(out + o, text + i, j - i);
            o += j - i;
            i = j;
            continue;
        }
        out[o++] = ch;
        i++;
    }
    out[o] = '\0';
    return out;
}

static cJSON *load_json(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t size = 0, cap = 0;
    for (;;) {
        if (size + 4096 + 1 > cap) {
            cap = cap ? 2 * cap : 65536;
            char *grown = realloc(text, cap);
            if (!grown) {
                free(text);
                fclose(f);
                return NULL;
            }
            text = grown;
        }
        size_t n = fread(text + size, 1, cap - size - 1, f);
        size += n;
        if (n == 0)
            break;
    }
    fclose(f);
    text[size] = '\0';
    char *safe = protect_big_integers(text);
    free(text);
    if (!safe)
        return NULL;
    cJSON *root = cJSON_Parse(safe);
    free(safe);
    return root;
}

static int json_is_null(const cJSON *item)
{
    return item == NULL || cJSON_IsNull(item);
}

/* An exact int64: a number with an integral value of at most 2^53, one of
 * the strings INT64_MIN / INT64_MAX, or a protected literal. */
static int json_int64(const cJSON *item, int64_t *out)
{
    if (cJSON_IsNumber(item)) {
        double v = item->valuedouble;
        if (v != v || v > 9007199254740992.0 || v < -9007199254740992.0)
            return -1;
        int64_t i = (int64_t)v;
        if ((double)i != v)
            return -1;
        *out = i;
        return 0;
    }
    if (cJSON_IsString(item)) {
        const char *s = item->valuestring;
        if (strcmp(s, "INT64_MIN") == 0) {
            *out = INT64_MIN;
            return 0;
        }
        if (strcmp(s, "INT64_MAX") == 0) {
            *out = INT64_MAX;
            return 0;
        }
        if (strncmp(s, "#int:", 5) == 0) {
            char *end = NULL;
            errno = 0;
            long long v = strtoll(s + 5, &end, 10);
            if (errno != 0 || !end || *end != '\0')
                return -1;
            *out = (int64_t)v;
            return 0;
        }
    }
    return -1;
}

/* A JSON array of int64 (see json_int64); returns -1 on anything else. */
static int json_int64_array(const cJSON *arr, int64_t *out, size_t cap,
                            size_t *len)
{
    if (!cJSON_IsArray(arr))
        return -1;
    size_t n = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, arr)
    {
        if (n >= cap || json_int64(item, &out[n]) != 0)
            return -1;
        n++;
    }
    *len = n;
    return 0;
}

/* One dimension of a shape: an int64, "?" (unknown) or "a..b" (an
 * interval: its value when a == b, unknown otherwise). */
static int json_dim(const cJSON *item, int64_t *out)
{
    if (json_int64(item, out) == 0)
        return 0;
    if (!cJSON_IsString(item))
        return -1;
    const char *s = item->valuestring;
    if (strcmp(s, "?") == 0) {
        *out = CLSLICE_UNKNOWN;
        return 0;
    }
    const char *dots = strstr(s, "..");
    if (!dots)
        return -1;
    char *end = NULL;
    long long lo = strtoll(s, &end, 10);
    if (end != dots)
        return -1;
    long long hi = strtoll(dots + 2, &end, 10);
    if (*end != '\0')
        return -1;
    *out = lo == hi ? (int64_t)lo : CLSLICE_UNKNOWN;
    return 0;
}

static int json_shape(const cJSON *arr, int64_t *shape, int *rank)
{
    if (!cJSON_IsArray(arr))
        return -1;
    int n = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, arr)
    {
        if (n >= MAXA || json_dim(item, &shape[n]) != 0)
            return -1;
        n++;
    }
    *rank = n;
    return 0;
}

/* Flattens (row-major) a possibly nested JSON array of integral numbers. */
typedef struct ivec {
    int64_t *v;
    size_t n;
    size_t cap;
} ivec;

static void ivec_free(ivec *a)
{
    free(a->v);
    a->v = NULL;
    a->n = a->cap = 0;
}

static int ivec_push(ivec *a, int64_t x)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 64;
        int64_t *grown = realloc(a->v, cap * sizeof *grown);
        if (!grown)
            return -1;
        a->v = grown;
        a->cap = cap;
    }
    a->v[a->n++] = x;
    return 0;
}

static int json_flatten(const cJSON *item, ivec *out)
{
    if (cJSON_IsArray(item)) {
        const cJSON *el;
        cJSON_ArrayForEach(el, item)
        {
            if (json_flatten(el, out) != 0)
                return -1;
        }
        return 0;
    }
    int64_t v;
    if (json_int64(item, &v) != 0)
        return -1;
    return ivec_push(out, v);
}

static const char *json_str(const cJSON *obj, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

static const cJSON *jget(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

/* ------------------------------------------------------------------------ */
/* Expectations and the common plan checks                                   */
/* ------------------------------------------------------------------------ */

typedef struct expect {
    int want_error;
    const char *error_text;
    int has_shape;
    int out_rank;
    int64_t out_shape[MAXA];
    int in_rank;
    int64_t in_shape[MAXA];
    /* 1 when every size and index is known, so the plan must be known. */
    int all_known;
    /* Expected gathered values (has_values) and the input (NULL: iota
     * starting at input_base). */
    int has_values;
    const int64_t *values;
    size_t values_n;
    const int64_t *input;
    size_t input_n;
    int64_t input_base;
} expect;

/* The message a case expects its plan to fail with (NULL: none). */
static void read_expected_error(const cJSON *cs, expect *e)
{
    const char *error = json_str(cs, "error");
    e->want_error = error != NULL;
    e->error_text = error;
}

/* The case's "out_shape", when it has one; 0, or -1 after failing the
 * case on unreadable data. */
static int read_expected_shape(const cJSON *cs, expect *e, ctx *c)
{
    if (!json_is_null(jget(cs, "out_shape"))) {
        if (json_shape(jget(cs, "out_shape"), e->out_shape, &e->out_rank) != 0) {
            cx_fail(c, "case data: unreadable out_shape");
            return -1;
        }
        e->has_shape = 1;
    }
    return 0;
}

/* Whether the plan must come out known: every index is (indices_known)
 * and so is every input dim. */
static int every_size_known(const expect *e, int indices_known)
{
    for (int k = 0; k < e->in_rank; k++)
        if (e->in_shape[k] < 0)
            return 0;
    return indices_known;
}

static int plausible_error(clslice_status st)
{
    return st == CLSLICE_ERROR_SPEC || st == CLSLICE_ERROR_INDEX ||
           st == CLSLICE_ERROR_ARGUMENT || st == CLSLICE_ERROR_RANK ||
           st == CLSLICE_ERROR_SYNTAX;
}

/* Number of elements of a fully known shape; -1 if unknown or too big. */
static int64_t shape_elements(const int64_t *shape, int rank)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++)
        if (shape[i] < 0)
            return -1;
    for (int i = 0; i < rank; i++) {
        if (shape[i] == 0)
            return 0;
    }
    for (int i = 0; i < rank; i++) {
        if (n > MAX_GATHER_ELEMENTS / shape[i])
            return -1;
        n *= shape[i];
    }
    return n;
}

/* Builds the input tensor: the case's data, or iota from base. */
static int64_t *make_input(const expect *e, int64_t n, ctx *c)
{
    int64_t *in = malloc((size_t)(n > 0 ? n : 1) * sizeof *in);
    if (!in) {
        cx_fail(c, "out of memory");
        return NULL;
    }
    if (e->input) {
        if ((int64_t)e->input_n != n) {
            cx_fail(c, "case data: input has %zu elements, shape needs %" PRId64,
                    e->input_n, n);
            free(in);
            return NULL;
        }
        if (n > 0)
            memcpy(in, e->input, (size_t)n * sizeof *in);
    } else {
        for (int64_t i = 0; i < n; i++)
            in[i] = e->input_base + i;
    }
    return in;
}

/* Gathers plan's slice of `in` (n_in int64 elements) into a new array. */
static int64_t *gather(const clslice_plan *plan, const int64_t *in,
                       int64_t n_in, int64_t *n_out, ctx *c, const char *label)
{
    int64_t m = clslice_plan_output_elements(plan);
    if (m < 0) {
        cx_fail(c, "%s: output_elements %" PRId64 " on a known plan", label, m);
        return NULL;
    }
    if (m > MAX_GATHER_ELEMENTS) {
        cx_fail(c, "%s: output of %" PRId64 " elements is too large", label, m);
        return NULL;
    }
    int64_t *out = malloc((size_t)(m > 0 ? m : 1) * sizeof *out);
    if (!out) {
        cx_fail(c, "out of memory");
        return NULL;
    }
    clslice_error err;
    memset(&err, 0, sizeof err);
    clslice_status st = clslice_host_gather(plan, sizeof(int64_t), in,
                                            (size_t)n_in * sizeof(int64_t), out,
                                            (size_t)m * sizeof(int64_t), &err);
    if (st != CLSLICE_OK) {
        cx_fail(c, "%s: host_gather failed: %s: %s", label,
                clslice_status_string(st), err.message);
        free(out);
        return NULL;
    }
    *n_out = m;
    return out;
}

static void compare_values(ctx *c, const char *label, const int64_t *got,
                           size_t got_n, const int64_t *want, size_t want_n,
                           const char *what)
{
    if (got_n != want_n) {
        cx_fail(c, "%s: %s has %zu elements, expected %zu", label, what, got_n,
                want_n);
        return;
    }
    for (size_t i = 0; i < got_n; i++) {
        if (got[i] != want[i]) {
            cx_fail(c,
                    "%s: %s[%zu] = %" PRId64 ", expected %" PRId64
                    " (first mismatch)",
                    label, what, i, got[i], want[i]);
            return;
        }
    }
}

/* Checks a front-end's outcome against the expectation.  Returns 1 when a
 * plan was built and the expectation wanted one (the caller may check
 * more), 0 otherwise. */
static int check_outcome(ctx *c, const char *label, clslice_status st,
                         const clslice_error *err, const clslice_plan *plan,
                         const expect *e)
{
    char b1[1024], b2[1024];
    if (e->want_error) {
        if (st == CLSLICE_OK) {
            int64_t shape[CLSLICE_MAX_RANK];
            int r = plan ? clslice_plan_output_rank(plan) : 0;
            if (plan && r >= 0 && r <= CLSLICE_MAX_RANK)
                clslice_plan_output_shape(plan, shape);
            else
                r = 0;
            cx_fail(c, "%s: expected an error (%s), got a plan with shape %s",
                    label, e->error_text ? e->error_text : "?",
                    shape_fmt(b1, sizeof b1, shape, r));
            return 0;
        }
        if (!plausible_error(st))
            cx_fail(c, "%s: implausible status %s for a rejected spec: %s",
                    label, clslice_status_string(st), err->message);
        if (err->status != st)
            cx_fail(c, "%s: err.status %s differs from the returned %s", label,
                    clslice_status_string(err->status),
                    clslice_status_string(st));
        if (err->message[0] == '\0')
            cx_fail(c, "%s: empty error message", label);
        return 0;
    }
    if (st != CLSLICE_OK) {
        cx_fail(c, "%s: expected a plan, got %s: %s", label,
                clslice_status_string(st), err->message);
        return 0;
    }
    if (!plan) {
        cx_fail(c, "%s: OK but no plan", label);
        return 0;
    }
    if (err->status != CLSLICE_OK || err->message[0] != '\0')
        cx_fail(c, "%s: OK but err holds %s \"%s\"", label,
                clslice_status_string(err->status), err->message);

    int in_rank = clslice_plan_input_rank(plan);
    if (in_rank != e->in_rank || in_rank < 0 || in_rank > CLSLICE_MAX_RANK) {
        cx_fail(c, "%s: input rank %d, expected %d", label, in_rank, e->in_rank);
        return 0;
    }
    int64_t in_shape[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(plan, in_shape);
    if (memcmp(in_shape, e->in_shape, (size_t)in_rank * sizeof(int64_t)) != 0)
        cx_fail(c, "%s: input shape %s, expected %s", label,
                shape_fmt(b1, sizeof b1, in_shape, in_rank),
                shape_fmt(b2, sizeof b2, e->in_shape, in_rank));

    int out_rank = clslice_plan_output_rank(plan);
    if (out_rank < 0 || out_rank > CLSLICE_MAX_RANK) {
        cx_fail(c, "%s: output rank %d out of range", label, out_rank);
        return 0;
    }
    int64_t out_shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, out_shape);
    if (e->has_shape &&
        (out_rank != e->out_rank ||
         memcmp(out_shape, e->out_shape, (size_t)out_rank * sizeof(int64_t)) !=
             0))
        cx_fail(c, "%s: output shape %s, expected %s", label,
                shape_fmt(b1, sizeof b1, out_shape, out_rank),
                shape_fmt(b2, sizeof b2, e->out_shape, e->out_rank));

    /* Per-dimension entries are consistent with the API's contract. */
    int64_t start[CLSLICE_MAX_RANK], step[CLSLICE_MAX_RANK],
        count[CLSLICE_MAX_RANK];
    int any_unknown = 0;
    for (int k = 0; k < in_rank; k++) {
        clslice_error derr;
        memset(&derr, 0, sizeof derr);
        if (clslice_plan_dim(plan, k, &start[k], &step[k], &count[k], &derr) !=
            CLSLICE_OK) {
            cx_fail(c, "%s: plan_dim(%d) failed: %s", label, k, derr.message);
            return 0;
        }
        int64_t n = in_shape[k];
        if (step[k] == 0)
            cx_fail(c, "%s: dim %d has step 0", label, k);
        if (count[k] < -1 || start[k] < -1)
            cx_fail(c, "%s: dim %d has start %" PRId64 " count %" PRId64, label,
                    k, start[k], count[k]);
        if (count[k] == 0 && start[k] != 0)
            cx_fail(c, "%s: dim %d has count 0 but start %" PRId64, label, k,
                    start[k]);
        if (clslice_plan_dim_is_shrunk(plan, k) && count[k] != 1)
            cx_fail(c, "%s: shrunk dim %d has count %" PRId64, label, k,
                    count[k]);
        if (count[k] < 0 || start[k] < 0)
            any_unknown = 1;
        if (n >= 0 && count[k] > 0 && start[k] >= 0) {
            if (start[k] >= n || count[k] > n)
                cx_fail(c,
                        "%s: dim %d reads outside [0,%" PRId64 "): start %" PRId64
                        " count %" PRId64,
                        label, k, n, start[k], count[k]);
            else if (count[k] >= 2) {
                /* |step| - 1, without overflow for INT64_MIN */
                int64_t mag = step[k] < 0 ? -(step[k] + 1) : step[k] - 1;
                int64_t last = -1;
                if (mag < n && count[k] - 1 <= (n - 1) / (mag + 1))
                    last = start[k] + (count[k] - 1) * step[k];
                if (last < 0 || last >= n)
                    cx_fail(c,
                            "%s: dim %d reads outside [0,%" PRId64
                            "): start %" PRId64 " step %" PRId64
                            " count %" PRId64,
                            label, k, n, start[k], step[k], count[k]);
            }
        }
        if (n < 0)
            any_unknown = 1;
    }

    /* Output dimensions map onto new axes or non-shrunk input dims, in
     * order, and have their sizes. */
    int next_src = 0;
    for (int o = 0; o < out_rank; o++) {
        int src = clslice_plan_output_source(plan, o);
        if (src == -1) {
            if (out_shape[o] != 1)
                cx_fail(c, "%s: new axis at output dim %d has size %" PRId64,
                        label, o, out_shape[o]);
            continue;
        }
        if (src < next_src || src >= in_rank) {
            cx_fail(c, "%s: output dim %d comes from input dim %d (out of order)",
                    label, o, src);
            continue;
        }
        for (int k = next_src; k < src; k++)
            if (!clslice_plan_dim_is_shrunk(plan, k))
                cx_fail(c, "%s: input dim %d is neither shrunk nor in the output",
                        label, k);
        if (clslice_plan_dim_is_shrunk(plan, src))
            cx_fail(c, "%s: output dim %d comes from shrunk input dim %d", label,
                    o, src);
        if (out_shape[o] != count[src])
            cx_fail(c,
                    "%s: output dim %d has size %" PRId64
                    " but input dim %d has count %" PRId64,
                    label, o, out_shape[o], src, count[src]);
        next_src = src + 1;
    }
    for (int k = next_src; k < in_rank; k++)
        if (!clslice_plan_dim_is_shrunk(plan, k))
            cx_fail(c, "%s: input dim %d is neither shrunk nor in the output",
                    label, k);
    if (clslice_plan_output_source(plan, out_rank) != -2)
        cx_fail(c, "%s: output_source(%d) is not -2", label, out_rank);

    /* output_elements agrees with the output shape. */
    int64_t want_elems = 1;
    int has_zero = 0, has_unknown = 0;
    for (int o = 0; o < out_rank; o++) {
        if (out_shape[o] == 0)
            has_zero = 1;
        else if (out_shape[o] < 0)
            has_unknown = 1;
    }
    if (has_zero)
        want_elems = 0;
    else if (has_unknown)
        want_elems = -1;
    else {
        for (int o = 0; o < out_rank; o++) {
            if (want_elems > INT64_MAX / out_shape[o]) {
                want_elems = -2; /* overflow: do not check */
                break;
            }
            want_elems *= out_shape[o];
        }
    }
    if (want_elems != -2 && clslice_plan_output_elements(plan) != want_elems)
        cx_fail(c, "%s: output_elements %" PRId64 ", expected %" PRId64, label,
                clslice_plan_output_elements(plan), want_elems);

    int known = clslice_plan_is_known(plan);
    if (any_unknown && known)
        cx_fail(c, "%s: plan with unknown entries claims to be known", label);
    if (e->all_known && !known)
        cx_fail(c, "%s: plan of a fully known spec is not known", label);

    if (e->has_values && !c->failed) {
        int64_t n_in = shape_elements(e->in_shape, e->in_rank);
        if (n_in < 0) {
            cx_fail(c, "%s: values given for an unknown or huge input", label);
            return 1;
        }
        int64_t *in = make_input(e, n_in, c);
        if (!in)
            return 1;
        int64_t n_out = 0;
        int64_t *out = gather(plan, in, n_in, &n_out, c, label);
        if (out)
            compare_values(c, label, out, (size_t)n_out, e->values,
                           e->values_n, "gathered values");
        free(out);
        free(in);
    }
    return 1;
}

/* Writes checked, for the summary. */
static int g_writes, g_grads;

/* A write into the slice through the real API (case_write.c: the host,
 * and the device when there is one): result = input with rhs written into
 * the slice under `rule`, compared with the case's documented result. */
static void check_write(ctx *c, const char *label, const clslice_plan *plan,
                        const int64_t *input, size_t input_n,
                        const int64_t *rhs, const int64_t *rhs_shape,
                        int rhs_rank, clslice_value_rule rule,
                        const int64_t *want, size_t want_n)
{
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(plan, shape);
    int64_t n_in = shape_elements(shape, clslice_plan_input_rank(plan));
    if ((int64_t)input_n != n_in) {
        cx_fail(c, "case data: input has %zu elements, shape needs %" PRId64,
                input_n, n_in);
        return;
    }
    int64_t *result = malloc((size_t)(n_in > 0 ? n_in : 1) * sizeof *result);
    if (!result) {
        cx_fail(c, "out of memory");
        return;
    }
    const char *msg = cw_scatter(plan, input, input_n, rhs, rhs_shape,
                                 rhs_rank, rule, result);
    if (msg)
        cx_fail(c, "%s: %s", label, msg);
    else
        compare_values(c, label, result, input_n, want, want_n,
                       "result after write");
    g_writes++;
    free(result);
}

/* StridedSliceGrad of a case that gathers distinct values: with dy = the
 * gathered values, the gradient must be the input where the slice read
 * it and 0 elsewhere. */
static void check_grad(ctx *c, const clslice_plan *plan, const int64_t *input,
                       size_t input_n, const int64_t *dy, size_t dy_n)
{
    int rank = clslice_plan_output_rank(plan);
    int64_t shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, shape);
    int64_t *result = malloc((input_n ? input_n : 1) * sizeof *result);
    int64_t *want = malloc((input_n ? input_n : 1) * sizeof *want);
    if (!result || !want) {
        free(result);
        free(want);
        cx_fail(c, "out of memory");
        return;
    }
    for (size_t i = 0; i < input_n; i++) {
        want[i] = 0;
        for (size_t k = 0; k < dy_n; k++)
            if (dy[k] == input[i])
                want[i] = input[i];
    }
    const char *msg = cw_grad(plan, dy, shape, rank, input_n, result);
    if (msg)
        cx_fail(c, "grad: %s", msg);
    else
        compare_values(c, "grad", result, input_n, want, input_n,
                       "StridedSliceGrad");
    g_grads++;
    free(result);
    free(want);
}

/* ------------------------------------------------------------------------ */
/* TensorFlow                                                                */
/* ------------------------------------------------------------------------ */

/* Whether `expr` uses only the numpy-expression grammar of
 * docs/SEMANTICS.md §7 (no placeholders such as y/s, no typed index
 * tensors). */
static int plain_numpy_expr(const char *expr)
{
    /* "()" is Python's empty index tuple, as in x[()]: identity. */
    static const char *const words[] = {"np.newaxis", "tf.newaxis", "newaxis",
                                        "None", "()"};
    for (const char *p = expr; *p;) {
        if (strchr("0123456789+-:, .[]", *p)) {
            p++;
            continue;
        }
        size_t matched = 0;
        for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
            size_t len = strlen(words[w]);
            if (strncmp(p, words[w], len) == 0) {
                matched = len;
                break;
            }
        }
        if (!matched)
            return 0;
        p += matched;
    }
    return 1;
}

static int get_mask(const cJSON *cs, const char *key, int32_t *out)
{
    int64_t v;
    if (json_int64(jget(cs, key), &v) != 0 || v < INT32_MIN || v > INT32_MAX)
        return -1;
    *out = (int32_t)v;
    return 0;
}

/* Compares two plans built from the same shape dim by dim. */
static void compare_plans(ctx *c, const char *label, const clslice_plan *a,
                          const clslice_plan *b)
{
    char b1[1024], b2[1024];
    int ra = clslice_plan_output_rank(a), rb = clslice_plan_output_rank(b);
    int64_t sa[CLSLICE_MAX_RANK], sb[CLSLICE_MAX_RANK];
    if (ra < 0 || ra > CLSLICE_MAX_RANK || rb < 0 || rb > CLSLICE_MAX_RANK) {
        cx_fail(c, "%s: bad output ranks %d/%d", label, ra, rb);
        return;
    }
    clslice_plan_output_shape(a, sa);
    clslice_plan_output_shape(b, sb);
    if (ra != rb || memcmp(sa, sb, (size_t)ra * sizeof(int64_t)) != 0)
        cx_fail(c, "%s: output shapes differ: %s vs %s", label,
                shape_fmt(b1, sizeof b1, sa, ra),
                shape_fmt(b2, sizeof b2, sb, rb));
    for (int o = 0; o < ra && o < rb; o++)
        if (clslice_plan_output_source(a, o) != clslice_plan_output_source(b, o))
            cx_fail(c, "%s: output dim %d comes from input dim %d vs %d", label,
                    o, clslice_plan_output_source(a, o),
                    clslice_plan_output_source(b, o));
    int rank = clslice_plan_input_rank(a);
    if (rank != clslice_plan_input_rank(b)) {
        cx_fail(c, "%s: input ranks differ", label);
        return;
    }
    for (int k = 0; k < rank; k++) {
        int64_t s1 = 0, t1 = 0, n1 = 0, s2 = 0, t2 = 0, n2 = 0;
        clslice_plan_dim(a, k, &s1, &t1, &n1, NULL);
        clslice_plan_dim(b, k, &s2, &t2, &n2, NULL);
        /* The step only matters where at least two indices are read. */
        if (s1 != s2 || n1 != n2 || (n1 >= 2 && t1 != t2) ||
            clslice_plan_dim_is_shrunk(a, k) != clslice_plan_dim_is_shrunk(b, k))
            cx_fail(c,
                    "%s: dim %d differs: start/step/count %" PRId64 "/%" PRId64
                    "/%" PRId64 "%s vs %" PRId64 "/%" PRId64 "/%" PRId64 "%s",
                    label, k, s1, t1, n1,
                    clslice_plan_dim_is_shrunk(a, k) ? " shrunk" : "", s2, t2, n2,
                    clslice_plan_dim_is_shrunk(b, k) ? " shrunk" : "");
    }
}

static void check_tf_canonical(ctx *c, const clslice_plan *plan,
                               const cJSON *canon)
{
    int64_t begin[MAXA], strides[MAXA], proc[MAXA];
    size_t nb, ns, np;
    if (json_int64_array(jget(canon, "begin"), begin, MAXA, &nb) != 0 ||
        json_int64_array(jget(canon, "strides"), strides, MAXA, &ns) != 0 ||
        json_int64_array(jget(canon, "processing_shape"), proc, MAXA, &np) !=
            0) {
        cx_fail(c, "case data: unreadable canonical");
        return;
    }
    int rank = clslice_plan_input_rank(plan);
    if ((size_t)rank != np || nb != np || ns != np) {
        cx_fail(c, "canonical: %zu dims for an input of rank %d", np, rank);
        return;
    }
    for (int k = 0; k < rank; k++) {
        int64_t start = 0, step = 0, count = 0;
        clslice_plan_dim(plan, k, &start, &step, &count, NULL);
        if (count != proc[k])
            cx_fail(c, "canonical: dim %d count %" PRId64
                       ", processing_shape says %" PRId64,
                    k, count, proc[k]);
        else if (count > 0 && start != begin[k])
            cx_fail(c, "canonical: dim %d start %" PRId64 ", begin says %" PRId64,
                    k, start, begin[k]);
        else if (count >= 2 && step != strides[k])
            cx_fail(c, "canonical: dim %d step %" PRId64 ", strides says %" PRId64,
                    k, step, strides[k]);
    }
}

/* --dynamic (ctest: test_cases_dynamic): the TF, OpenVINO and ONNX
 * cases whose values are all known also run through the dynamic path
 * (case_dynamic.c), which must agree with the host plan. */
static int g_dynamic;

static void check_dynamic(ctx *c, const cd_spec *spec, clslice_status st,
                          const clslice_error *err, const clslice_plan *plan)
{
    if (!g_dynamic)
        return;
    const char *msg = cd_gather(spec, st, err->message, plan);
    if (msg)
        cx_fail(c, "dynamic: %s", msg);
}

static void run_tf_case(const cJSON *cs, const cJSON *all, ctx *c)
{
    (void)all;
    expect e;
    memset(&e, 0, sizeof e);
    ivec input = {0}, values = {0}, rhs = {0}, result = {0};

    const cJSON *jbegin = jget(cs, "begin"), *jend = jget(cs, "end"),
                *jstrides = jget(cs, "strides");
    clslice_tf_spec spec;
    memset(&spec, 0, sizeof spec);
    int64_t begin[MAXA], end[MAXA], strides[MAXA];
    size_t nb = 0, ne = 0, ns = 0;
    int32_t masks[5];
    static const char *const mask_keys[5] = {"begin_mask", "end_mask",
                                             "ellipsis_mask", "new_axis_mask",
                                             "shrink_axis_mask"};

    if (json_shape(jget(cs, "shape"), e.in_shape, &e.in_rank) != 0) {
        cx_fail(c, "case data: unreadable shape");
        return;
    }
    if (json_is_null(jstrides)) {
        cx_uncheckable(c, "no strides: the spec cannot be written for the C API");
        return;
    }
    if (json_int64_array(jstrides, strides, MAXA, &ns) != 0) {
        cx_uncheckable(c, "strides is not a 1-D int64 array");
        return;
    }
    if ((!json_is_null(jbegin) &&
         json_int64_array(jbegin, begin, MAXA, &nb) != 0) ||
        (!json_is_null(jend) && json_int64_array(jend, end, MAXA, &ne) != 0)) {
        cx_uncheckable(c, "begin/end are not 1-D int64 arrays");
        return;
    }
    for (int i = 0; i < 5; i++)
        if (get_mask(cs, mask_keys[i], &masks[i]) != 0) {
            cx_uncheckable(c, "%s is not an int32", mask_keys[i]);
            return;
        }
    int begin_known = !json_is_null(jbegin), end_known = !json_is_null(jend);
    spec.index_type = CLSLICE_INT64;
    spec.begin = begin_known ? (const void *)begin : NULL;
    spec.begin_len = begin_known ? nb : ns;
    spec.end = end_known ? (const void *)end : NULL;
    spec.end_len = end_known ? ne : ns;
    spec.strides = strides;
    spec.strides_len = ns;
    spec.begin_mask = masks[0];
    spec.end_mask = masks[1];
    spec.ellipsis_mask = masks[2];
    spec.new_axis_mask = masks[3];
    spec.shrink_axis_mask = masks[4];

    read_expected_error(cs, &e);
    if (read_expected_shape(cs, &e, c) != 0)
        return;
    e.all_known = every_size_known(&e, begin_known && end_known);

    const char *op = json_str(cs, "op");
    int is_assign = op && strcmp(op, "assign") == 0;
    if (op && !is_assign) {
        cx_uncheckable(c, "unknown op %s", op);
        return;
    }
    if (!json_is_null(jget(cs, "input_flat")) &&
        json_flatten(jget(cs, "input_flat"), &input) != 0) {
        cx_fail(c, "case data: unreadable input_flat");
        goto done;
    }
    if (!json_is_null(jget(cs, "out_flat"))) {
        if (json_flatten(jget(cs, "out_flat"), &values) != 0) {
            cx_fail(c, "case data: unreadable out_flat");
            goto done;
        }
        e.has_values = 1;
        e.values = values.v;
        e.values_n = values.n;
        e.input = jget(cs, "input_flat") ? input.v : NULL;
        e.input_n = input.n;
    }

    clslice_plan *plan = NULL;
    clslice_error err;
    memset(&err, 0, sizeof err);
    clslice_status st =
        clslice_plan_tf(e.in_shape, e.in_rank, &spec, &plan, &err);
    int ok = check_outcome(c, "tf", st, &err, plan, &e);
    cd_spec dyn = {.front = CD_TF, .shape = e.in_shape, .rank = e.in_rank,
                   .v = {begin, end, strides}, .len = {nb, ne, ns},
                   .tf_masks = {masks[0], masks[1], masks[2], masks[3],
                                masks[4]}};
    if (begin_known && end_known)
        check_dynamic(c, &dyn, st, &err, plan);
    if (ok && !json_is_null(jget(cs, "canonical")))
        check_tf_canonical(c, plan, jget(cs, "canonical"));

    if (ok && is_assign) {
        int64_t rhs_shape[MAXA];
        int rhs_rank = 0;
        if (json_shape(jget(cs, "rhs_shape"), rhs_shape, &rhs_rank) != 0 ||
            json_flatten(jget(cs, "rhs_flat"), &rhs) != 0 ||
            json_flatten(jget(cs, "result_flat"), &result) != 0 ||
            !jget(cs, "input_flat")) {
            cx_fail(c, "case data: unreadable assign fields");
        } else {
            check_write(c, "tf assign", plan, input.v, input.n, rhs.v,
                        rhs_shape, rhs_rank, CLSLICE_VALUE_BROADCAST,
                        result.v, result.n);
            const char *msg =
                g_dynamic && begin_known && end_known
                    ? cd_scatter(&dyn, input.v, input.n, rhs.v, rhs_shape,
                                 rhs_rank, result.v, result.n)
                    : NULL;
            if (msg)
                cx_fail(c, "dynamic assign: %s", msg);
        }
    }
    const char *note = json_str(cs, "note");
    if (ok && note && strstr(note, "StridedSliceGrad") && e.has_values &&
        input.n > 0)
        check_grad(c, plan, input.v, input.n, values.v, values.n);

    /* The same slice written as a numpy expression must agree. */
    const char *expr = json_str(cs, "expr");
    if (expr && plain_numpy_expr(expr)) {
        clslice_plan *xplan = NULL;
        clslice_error xerr;
        memset(&xerr, 0, sizeof xerr);
        clslice_status xst =
            clslice_plan_expr(e.in_shape, e.in_rank, expr, &xplan, &xerr);
        char label[256];
        snprintf(label, sizeof label, "expr \"%s\"", expr);
        if (check_outcome(c, label, xst, &xerr, xplan, &e) && ok)
            compare_plans(c, "tf vs expr", plan, xplan);
        clslice_plan_release(&xplan);
    }
    clslice_plan_release(&plan);
done:
    ivec_free(&input);
    ivec_free(&values);
    ivec_free(&rhs);
    ivec_free(&result);
}

/* ------------------------------------------------------------------------ */
/* OpenVINO                                                                  */
/* ------------------------------------------------------------------------ */

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

static void check_openvino_plan(ctx *c, const clslice_plan *plan,
                                const cJSON *jp)
{
    int64_t begins[MAXA], strides[MAXA], reshape_in[MAXA], reverse[MAXA];
    size_t nb, ns, nr, nrev;
    if (json_int64_array(jget(jp, "begins"), begins, MAXA, &nb) != 0 ||
        json_int64_array(jget(jp, "strides"), strides, MAXA, &ns) != 0 ||
        json_int64_array(jget(jp, "reshape_in"), reshape_in, MAXA, &nr) != 0 ||
        json_int64_array(jget(jp, "reverse"), reverse, MAXA, &nrev) != 0) {
        cx_fail(c, "case data: unreadable plan");
        return;
    }
    int rank = clslice_plan_input_rank(plan);
    if ((size_t)rank != nr || nb != nr || ns != nr) {
        cx_fail(c, "plan: %zu dims for an input of rank %d", nr, rank);
        return;
    }
    for (int k = 0; k < rank; k++) {
        int64_t start = 0, step = 0, count = 0;
        clslice_plan_dim(plan, k, &start, &step, &count, NULL);
        int reversed = 0;
        for (size_t i = 0; i < nrev; i++)
            if (reverse[i] == k)
                reversed = 1;
        if (count != reshape_in[k]) {
            cx_fail(c, "plan: dim %d count %" PRId64 ", reshape_in says %" PRId64,
                    k, count, reshape_in[k]);
            continue;
        }
        if (count <= 0)
            continue;
        /* OpenVINO's plan reads [begins, ends) ascending with |stride| and
         * reverses the listed axes afterwards. */
        int64_t lowest = step < 0 ? start + (count - 1) * step : start;
        if (lowest != begins[k])
            cx_fail(c,
                    "plan: dim %d lowest index read %" PRId64
                    ", begins says %" PRId64,
                    k, lowest, begins[k]);
        if (count >= 2) {
            int64_t mag = step < 0 ? -step : step;
            if (mag != strides[k] || (step < 0) != reversed)
                cx_fail(c,
                        "plan: dim %d step %" PRId64 ", plan says stride %" PRId64
                        "%s",
                        k, step, strides[k], reversed ? " reversed" : "");
        }
    }
}

/* OpenVINO's begin or end (`name`): an array into idx[*n] (*len = *n), or
 * "runtime ..." for values known only at runtime (*known = 0, *len from
 * runtime_length).  0, or -1 after failing the case or marking it
 * uncheckable. */
static int read_ov_indices(ctx *c, const cJSON *j, const char *name,
                           int64_t *idx, size_t *n, int *known, long *len)
{
    if (cJSON_IsString(j)) {
        if (strncmp(j->valuestring, "runtime", 7) != 0) {
            cx_uncheckable(c, "%s is %s: partially known values cannot be "
                              "expressed",
                           name, j->valuestring);
            return -1;
        }
        *known = 0;
        *len = runtime_length(j->valuestring);
    } else if (json_int64_array(j, idx, MAXA, n) != 0) {
        cx_fail(c, "case data: unreadable %s", name);
        return -1;
    } else {
        *len = (long)*n;
    }
    return 0;
}

static void run_openvino_case(const cJSON *cs, const cJSON *all, ctx *c)
{
    (void)all;
    expect e;
    memset(&e, 0, sizeof e);
    ivec values = {0};
    static const char *const mask_keys[5] = {"begin_mask", "end_mask",
                                             "new_axis_mask", "shrink_axis_mask",
                                             "ellipsis_mask"};
    int64_t begin[MAXA], end[MAXA], strides[MAXA], masks[5][MAXA];
    size_t nb = 0, ne = 0, ns = 0, nm[5];

    if (json_shape(jget(cs, "shape"), e.in_shape, &e.in_rank) != 0) {
        cx_fail(c, "case data: unreadable shape");
        return;
    }
    const cJSON *jbegin = jget(cs, "begin"), *jend = jget(cs, "end"),
                *jstrides = jget(cs, "strides");
    if (cJSON_IsString(jstrides)) {
        cx_uncheckable(c, "strides known only at runtime (%s): the C API has "
                          "no unknown-strides form",
                       jstrides->valuestring);
        return;
    }
    if (!json_is_null(jstrides) &&
        json_int64_array(jstrides, strides, MAXA, &ns) != 0) {
        cx_fail(c, "case data: unreadable strides");
        return;
    }
    /* begin/end: arrays, or runtime vectors whose values are unknown. */
    long lb = -1, le = -1;
    int begin_known = 1, end_known = 1;
    if (read_ov_indices(c, jbegin, "begin", begin, &nb, &begin_known, &lb) ||
        read_ov_indices(c, jend, "end", end, &ne, &end_known, &le))
        return;
    /* A runtime vector of unknown length has the length of the other. */
    if (lb < 0)
        lb = le;
    if (le < 0)
        le = lb;
    if (lb < 0) {
        cx_uncheckable(c, "begin/end lengths unknown");
        return;
    }
    for (int i = 0; i < 5; i++) {
        const cJSON *jm = jget(cs, mask_keys[i]);
        nm[i] = 0;
        if (!json_is_null(jm) &&
            json_int64_array(jm, masks[i], MAXA, &nm[i]) != 0) {
            cx_fail(c, "case data: unreadable %s", mask_keys[i]);
            return;
        }
    }

    clslice_openvino_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.begin = begin_known ? begin : NULL;
    spec.begin_len = (size_t)lb;
    spec.end = end_known ? end : NULL;
    spec.end_len = (size_t)le;
    spec.strides = json_is_null(jstrides) ? NULL : strides;
    spec.strides_len = json_is_null(jstrides) ? 0 : ns;
    spec.begin_mask = nm[0] ? masks[0] : NULL;
    spec.begin_mask_len = nm[0];
    spec.end_mask = nm[1] ? masks[1] : NULL;
    spec.end_mask_len = nm[1];
    spec.new_axis_mask = nm[2] ? masks[2] : NULL;
    spec.new_axis_mask_len = nm[2];
    spec.shrink_axis_mask = nm[3] ? masks[3] : NULL;
    spec.shrink_axis_mask_len = nm[3];
    spec.ellipsis_mask = nm[4] ? masks[4] : NULL;
    spec.ellipsis_mask_len = nm[4];

    read_expected_error(cs, &e);
    if (read_expected_shape(cs, &e, c) != 0)
        return;
    e.all_known = every_size_known(&e, begin_known && end_known);
    if (!json_is_null(jget(cs, "values"))) {
        const char *iv = json_str(cs, "input_values");
        if (iv && sscanf(iv, "iota(%" SCNd64 ")", &e.input_base) != 1) {
            cx_fail(c, "case data: input_values \"%s\" not understood", iv);
            return;
        }
        if (json_flatten(jget(cs, "values"), &values) != 0) {
            cx_fail(c, "case data: unreadable values");
            return;
        }
        e.has_values = 1;
        e.values = values.v;
        e.values_n = values.n;
    }

    clslice_plan *plan = NULL;
    clslice_error err;
    memset(&err, 0, sizeof err);
    clslice_status st =
        clslice_plan_openvino(e.in_shape, e.in_rank, &spec, &plan, &err);
    cd_spec dyn = {
        .front = CD_OPENVINO, .shape = e.in_shape, .rank = e.in_rank,
        .v = {begin, end, json_is_null(jstrides) ? NULL : strides},
        .len = {(size_t)lb, (size_t)le, spec.strides_len}};
    for (int i = 0; i < 5; i++) {
        dyn.ov_masks[i] = nm[i] ? masks[i] : NULL;
        dyn.ov_len[i] = nm[i];
    }
    if (begin_known && end_known)
        check_dynamic(c, &dyn, st, &err, plan);
    if (check_outcome(c, "openvino", st, &err, plan, &e) &&
        !json_is_null(jget(cs, "plan")))
        check_openvino_plan(c, plan, jget(cs, "plan"));
    clslice_plan_release(&plan);
    ivec_free(&values);
}

/* ------------------------------------------------------------------------ */
/* MXNet                                                                     */
/* ------------------------------------------------------------------------ */

static int json_opt_array(const cJSON *arr, clslice_opt_int64 *out, size_t cap,
                          size_t *len)
{
    if (!cJSON_IsArray(arr))
        return -1;
    size_t n = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, arr)
    {
        if (n >= cap)
            return -1;
        if (cJSON_IsNull(item)) {
            out[n].value = 0;
            out[n].is_none = 1;
        } else if (json_int64(item, &out[n].value) == 0) {
            out[n].is_none = 0;
        } else {
            return -1;
        }
        n++;
    }
    *len = n;
    return 0;
}

/* Fills `out` with an MXNet case's input: nested data, "ones", "zeros",
 * "arange(...)" or absent (0, 1, 2, ...). */
static int mxnet_data(const cJSON *item, int64_t n, ivec *out)
{
    if (cJSON_IsArray(item))
        return json_flatten(item, out);
    int64_t fill = -1;
    if (cJSON_IsString(item)) {
        if (strcmp(item->valuestring, "ones") == 0)
            fill = 1;
        else if (strcmp(item->valuestring, "zeros") == 0)
            fill = 0;
        else if (strncmp(item->valuestring, "arange(", 7) != 0)
            return -1;
    } else if (!json_is_null(item)) {
        return -1;
    }
    for (int64_t i = 0; i < n; i++)
        if (ivec_push(out, fill >= 0 ? fill : i) != 0)
            return -1;
    return 0;
}

/* The dense form of a CSR matrix defined by an mxnet.csr_matrix case. */
static const cJSON *csr_dense(const cJSON *all, const char *name)
{
    const cJSON *cs;
    cJSON_ArrayForEach(cs, all)
    {
        const char *op = json_str(cs, "op");
        const char *m = json_str(cs, "matrix");
        if (op && m && strcmp(op, "mxnet.csr_matrix") == 0 &&
            strcmp(m, name) == 0)
            return jget(cs, "dense");
    }
    return NULL;
}

/* A CSR matrix definition (no slice of its own; the csr_slice cases run
 * in test_cases_csr.c): the library must accept its arrays, and they must
 * densify to the stated `dense`. */
static void check_csr_matrix(const cJSON *cs, ctx *c)
{
    int64_t shape[2], indptr[MAXA], indices[MAXA], data[MAXA];
    size_t nshape = 0, nptr = 0, nidx = 0, ndata = 0;
    ivec dense = {0};
    if (json_int64_array(jget(cs, "shape"), shape, 2, &nshape) != 0 ||
        json_int64_array(jget(cs, "indptr"), indptr, MAXA, &nptr) != 0 ||
        json_int64_array(jget(cs, "indices"), indices, MAXA, &nidx) != 0 ||
        json_int64_array(jget(cs, "data"), data, MAXA, &ndata) != 0 ||
        json_flatten(jget(cs, "dense"), &dense) != 0 || nshape != 2 ||
        nidx != ndata || nptr != (size_t)shape[0] + 1 ||
        dense.n != (size_t)(shape[0] * shape[1])) {
        cx_fail(c, "case data: unreadable CSR matrix");
        free(dense.v);
        return;
    }
    clslice_plan *plan = NULL;
    clslice_csr m = {shape[0], shape[1], CLSLICE_INT64, sizeof(int64_t),
                     (int64_t)nidx, indptr, indices, data};
    clslice_error err;
    int64_t nnz = -1;
    if (clslice_plan_mxnet(shape, 2, NULL, 0, NULL, 0, NULL, 0, &plan,
                           &err) != CLSLICE_OK ||
        clslice_host_csr_count(plan, &m, &nnz, &err) != CLSLICE_OK)
        cx_fail(c, "CSR matrix rejected: %s", err.message);
    for (int64_t r = 0; r < shape[0] && nnz >= 0; r++)
        for (int64_t e = indptr[r]; e < indptr[r + 1]; e++)
            dense.v[r * shape[1] + indices[e]] -= data[e];
    for (size_t k = 0; k < dense.n && nnz >= 0; k++)
        if (dense.v[k] != 0)
            cx_fail(c, "CSR arrays do not densify to `dense` at %zu", k);
    clslice_plan_release(&plan);
    free(dense.v);
}

static void run_mxnet_case(const cJSON *cs, const cJSON *all, ctx *c)
{
    expect e;
    memset(&e, 0, sizeof e);
    ivec input = {0}, values = {0}, rhs = {0};
    const char *op = json_str(cs, "op");
    if (!op) {
        cx_fail(c, "case data: no op");
        return;
    }
    if (strcmp(op, "mxnet.csr_matrix") == 0) {
        check_csr_matrix(cs, c);
        return;
    }
    if (strcmp(op, "mxnet.csr_getitem") == 0) {
        cx_uncheckable(c, "Python CSRNDArray.__getitem__ check; no C API "
                          "counterpart");
        return;
    }
    if (json_shape(jget(cs, "shape"), e.in_shape, &e.in_rank) != 0) {
        cx_fail(c, "case data: unreadable shape");
        return;
    }
    read_expected_error(cs, &e);
    e.all_known = 1;
    int is_assign = strcmp(op, "mxnet._slice_assign") == 0 ||
                    strcmp(op, "mxnet._slice_assign_scalar") == 0;
    int is_csr = strcmp(op, "mxnet.csr_slice") == 0;
    if (!is_assign && read_expected_shape(cs, &e, c) != 0)
        return;
    if (is_assign && !json_is_null(jget(cs, "rhs_shape"))) {
        /* The slice written to has the shape of the rhs. */
        if (json_shape(jget(cs, "rhs_shape"), e.out_shape, &e.out_rank) != 0) {
            cx_fail(c, "case data: unreadable rhs_shape");
            return;
        }
        e.has_shape = 1;
    }
    int64_t n_in = shape_elements(e.in_shape, e.in_rank);
    const cJSON *jvalues = jget(cs, is_csr ? "values_dense" : "values");
    if (!is_assign && !json_is_null(jvalues)) {
        const cJSON *jinput = jget(cs, "input");
        if (is_csr) {
            const char *m = json_str(cs, "matrix");
            jinput = m ? csr_dense(all, m) : NULL;
        }
        if (!is_csr || jinput) {
            if (n_in < 0 || mxnet_data(jinput, n_in, &input) != 0 ||
                json_flatten(jvalues, &values) != 0) {
                cx_fail(c, "case data: unreadable input/values");
                goto done;
            }
            e.has_values = 1;
            e.values = values.v;
            e.values_n = values.n;
            e.input = input.v;
            e.input_n = input.n;
        }
    }

    clslice_plan *plan = NULL;
    clslice_error err;
    memset(&err, 0, sizeof err);
    clslice_status st;
    const char *label = op;
    if (strcmp(op, "mxnet.slice_axis") == 0) {
        int64_t axis, begin;
        clslice_opt_int64 end = {0, 1};
        if (json_int64(jget(cs, "axis"), &axis) != 0 ||
            json_int64(jget(cs, "begin"), &begin) != 0 ||
            (!json_is_null(jget(cs, "end")) &&
             json_int64(jget(cs, "end"), &end.value) != 0)) {
            cx_fail(c, "case data: unreadable slice_axis arguments");
            goto done;
        }
        end.is_none = json_is_null(jget(cs, "end"));
        st = clslice_plan_mxnet_slice_axis(e.in_shape, e.in_rank, axis, begin,
                                           end, &plan, &err);
    } else if (strcmp(op, "mxnet.slice_like") == 0) {
        int64_t like[MAXA], axes[MAXA];
        int like_rank = 0;
        size_t naxes = 0;
        if (json_shape(jget(cs, "like_shape"), like, &like_rank) != 0 ||
            json_int64_array(jget(cs, "axes"), axes, MAXA, &naxes) != 0) {
            cx_fail(c, "case data: unreadable slice_like arguments");
            goto done;
        }
        st = clslice_plan_mxnet_slice_like(e.in_shape, e.in_rank, like,
                                           like_rank, naxes ? axes : NULL,
                                           naxes, &plan, &err);
    } else if (strcmp(op, "mxnet.slice") == 0 || is_assign || is_csr) {
        clslice_opt_int64 begin[MAXA], end[MAXA], step[MAXA];
        size_t nb = 0, ne = 0, ns = 0;
        const cJSON *jstep = jget(cs, "step");
        if (json_opt_array(jget(cs, "begin"), begin, MAXA, &nb) != 0 ||
            json_opt_array(jget(cs, "end"), end, MAXA, &ne) != 0 ||
            (!json_is_null(jstep) &&
             json_opt_array(jstep, step, MAXA, &ns) != 0)) {
            cx_fail(c, "case data: unreadable begin/end/step");
            goto done;
        }
        st = clslice_plan_mxnet(e.in_shape, e.in_rank, begin, nb, end, ne,
                                ns ? step : NULL, ns, &plan, &err);
    } else {
        cx_uncheckable(c, "unknown op %s", op);
        goto done;
    }
    int ok = check_outcome(c, label, st, &err, plan, &e);

    if (ok && is_assign) {
        /* Run the write itself (check_write) and compare the whole tensor
         * with the documented result. */
        ivec want = {0};
        int64_t out_shape_full[MAXA];
        int full_rank = 0;
        if (n_in < 0 || mxnet_data(jget(cs, "input"), n_in, &input) != 0 ||
            json_flatten(jget(cs, "values"), &want) != 0 ||
            json_shape(jget(cs, "out_shape"), out_shape_full, &full_rank) != 0) {
            cx_fail(c, "case data: unreadable assign fields");
        } else {
            char b1[1024], b2[1024];
            if (full_rank != e.in_rank ||
                memcmp(out_shape_full, e.in_shape,
                       (size_t)full_rank * sizeof(int64_t)) != 0)
                cx_fail(c, "case data: assign out_shape %s is not the input "
                           "shape %s",
                        shape_fmt(b1, sizeof b1, out_shape_full, full_rank),
                        shape_fmt(b2, sizeof b2, e.in_shape, e.in_rank));
            int64_t sel_n = clslice_plan_output_elements(plan);
            int64_t scalar = 0;
            if (strcmp(op, "mxnet._slice_assign_scalar") == 0) {
                if (json_int64(jget(cs, "scalar"), &scalar) != 0) {
                    cx_fail(c, "case data: unreadable scalar");
                } else {
                    /* _slice_assign_scalar: a rank-0 value fills */
                    check_write(c, label, plan, input.v, input.n, &scalar,
                                NULL, 0, CLSLICE_VALUE_BROADCAST, want.v,
                                want.n);
                }
            } else if (sel_n < 0 ||
                       mxnet_data(jget(cs, "rhs"), sel_n, &rhs) != 0) {
                cx_fail(c, "case data: unreadable rhs");
            } else {
                /* _slice_assign: rhs must have exactly the slice shape,
                 * and the case states the shape it gives */
                check_write(c, label, plan, input.v, input.n, rhs.v,
                            e.out_shape, e.out_rank, CLSLICE_VALUE_EXACT,
                            want.v, want.n);
            }
        }
        ivec_free(&want);
    }
    clslice_plan_release(&plan);
done:
    ivec_free(&input);
    ivec_free(&values);
    ivec_free(&rhs);
}

/* ------------------------------------------------------------------------ */
/* ONNX                                                                      */
/* ------------------------------------------------------------------------ */

static void run_onnx_case(const cJSON *cs, const cJSON *all, ctx *c)
{
    (void)all;
    expect e;
    memset(&e, 0, sizeof e);
    ivec input = {0}, values = {0};
    int64_t starts[MAXA], ends[MAXA], axes[MAXA], steps[MAXA];
    size_t n_starts = 0, n_ends = 0, n_axes = 0, n_steps = 0;
    const cJSON *jaxes = jget(cs, "axes"), *jsteps = jget(cs, "steps");

    if (json_shape(jget(cs, "shape"), e.in_shape, &e.in_rank) != 0 ||
        json_int64_array(jget(cs, "starts"), starts, MAXA, &n_starts) != 0 ||
        json_int64_array(jget(cs, "ends"), ends, MAXA, &n_ends) != 0 ||
        (!json_is_null(jaxes) &&
         json_int64_array(jaxes, axes, MAXA, &n_axes) != 0) ||
        (!json_is_null(jsteps) &&
         json_int64_array(jsteps, steps, MAXA, &n_steps) != 0)) {
        cx_fail(c, "case data: unreadable shape/starts/ends/axes/steps");
        return;
    }
    read_expected_error(cs, &e);
    e.all_known = 1;
    if (read_expected_shape(cs, &e, c) != 0)
        return;
    const cJSON *jvalues = jget(cs, "values");
    const cJSON *jinput = jget(cs, "input");
    if (json_is_null(jvalues)) {
        jvalues = jget(cs, "values_for_arange");
        jinput = NULL;
    }
    if (!json_is_null(jvalues)) {
        if ((!json_is_null(jinput) && json_flatten(jinput, &input) != 0) ||
            json_flatten(jvalues, &values) != 0) {
            cx_fail(c, "case data: unreadable input/values");
            goto done;
        }
        e.has_values = 1;
        e.values = values.v;
        e.values_n = values.n;
        e.input = json_is_null(jinput) ? NULL : input.v;
        e.input_n = input.n;
    }

    clslice_plan *plan = NULL;
    clslice_error err;
    memset(&err, 0, sizeof err);
    clslice_status st = clslice_plan_onnx(
        e.in_shape, e.in_rank, starts, n_starts, ends, n_ends,
        json_is_null(jaxes) ? NULL : axes, n_axes,
        json_is_null(jsteps) ? NULL : steps, n_steps, &plan, &err);
    check_outcome(c, "onnx", st, &err, plan, &e);
    cd_spec dyn = {.front = CD_ONNX, .shape = e.in_shape, .rank = e.in_rank,
                   .v = {starts, ends, json_is_null(jsteps) ? NULL : steps,
                         json_is_null(jaxes) ? NULL : axes},
                   .len = {n_starts, n_ends, n_steps, n_axes}};
    check_dynamic(c, &dyn, st, &err, plan);
    clslice_plan_release(&plan);
done:
    ivec_free(&input);
    ivec_free(&values);
}

/* ------------------------------------------------------------------------ */
/* Deviations and the per-file driver                                        */
/* ------------------------------------------------------------------------ */

typedef struct deviation {
    char file[128];
    long index;
    char reason[512];
    int matched; /* the case exists */
} deviation;

static deviation *g_dev;
static size_t g_dev_n;
static int g_dev_loaded;

typedef struct file_stats {
    const char *file;
    int total, passed, deviations, failed, ran;
} file_stats;

static file_stats g_stats[] = {
    {"tf_strided_slice.json", 0, 0, 0, 0, 0},
    {"openvino_strided_slice.json", 0, 0, 0, 0, 0},
    {"mxnet_slice.json", 0, 0, 0, 0, 0},
    {"onnx_slice.json", 0, 0, 0, 0, 0},
    {"tflite_strided_slice.json", 0, 0, 0, 0, 0},
    {"tf_slice.json", 0, 0, 0, 0, 0},
    {"xla_slice.json", 0, 0, 0, 0, 0},
    {"openvino_slice.json", 0, 0, 0, 0, 0},
    {"torch_slice.json", 0, 0, 0, 0, 0},
    {"split.json", 0, 0, 0, 0, 0},
};
#define N_FILES (sizeof g_stats / sizeof g_stats[0])

static int load_deviations(void **state)
{
    (void)state;
    const char *path = tu_data_path("cases/deviations.txt");
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("cannot open %s\n", path);
        return -1;
    }
    char line[1024];
    int lineno = 0, bad = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *p = line;
        size_t len = strlen(p);
        while (len && (p[len - 1] == '\n' || p[len - 1] == '\r' ||
                       p[len - 1] == ' ' || p[len - 1] == '\t'))
            p[--len] = '\0';
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0' || *p == '#')
            continue;
        deviation d;
        memset(&d, 0, sizeof d);
        int used = 0;
        if (sscanf(p, "%127s %ld %n", d.file, &d.index, &used) != 2 ||
            used <= 0 || p[used] == '\0') {
            printf("%s:%d: expected `FILE INDEX reason`\n", path, lineno);
            bad = 1;
            continue;
        }
        snprintf(d.reason, sizeof d.reason, "%s", p + used);
        int known_file = 0;
        for (size_t i = 0; i < N_FILES; i++)
            if (strcmp(d.file, g_stats[i].file) == 0)
                known_file = 1;
        if (!known_file) {
            printf("%s:%d: unknown case file %s\n", path, lineno, d.file);
            bad = 1;
            continue;
        }
        for (size_t i = 0; i < g_dev_n; i++)
            if (strcmp(g_dev[i].file, d.file) == 0 && g_dev[i].index == d.index) {
                printf("%s:%d: %s %ld listed twice\n", path, lineno, d.file,
                       d.index);
                bad = 1;
            }
        deviation *grown = realloc(g_dev, (g_dev_n + 1) * sizeof *grown);
        if (!grown) {
            fclose(f);
            return -1;
        }
        g_dev = grown;
        g_dev[g_dev_n++] = d;
    }
    fclose(f);
    g_dev_loaded = !bad;
    return 0;
}

static int free_deviations(void **state)
{
    (void)state;
    free(g_dev);
    g_dev = NULL;
    g_dev_n = 0;
    return 0;
}

static deviation *find_deviation(const char *file, long index)
{
    for (size_t i = 0; i < g_dev_n; i++)
        if (strcmp(g_dev[i].file, file) == 0 && g_dev[i].index == index)
            return &g_dev[i];
    return NULL;
}

typedef void (*case_runner)(const cJSON *cs, const cJSON *all, ctx *c);

static void run_file(size_t which, case_runner runner)
{
    file_stats *fs = &g_stats[which];
    char rel[256];
    snprintf(rel, sizeof rel, "cases/%s", fs->file);
    cJSON *root = load_json(tu_data_path(rel));
    if (!root || !cJSON_IsArray(root)) {
        cJSON_Delete(root);
        fail_msg("cannot read %s as a JSON array", tu_data_path(rel));
        return;
    }
    fs->ran = 1;
    long index = 0;
    const cJSON *cs;
    cJSON_ArrayForEach(cs, root)
    {
        ctx *c = calloc(1, sizeof *c);
        if (!c) {
            cJSON_Delete(root);
            fail_msg("out of memory");
            return;
        }
        runner(cs, root, c);
        deviation *d = find_deviation(fs->file, index);
        int passed = !c->failed && !c->uncheckable;
        fs->total++;
        if (d)
            d->matched = 1;
        if (passed && !d) {
            fs->passed++;
        } else if (passed && d) {
            fs->failed++;
            printf("STALE DEVIATION %s %ld: the case passes now; remove it "
                   "from deviations.txt (listed as: %s)\n",
                   fs->file, index, d->reason);
        } else if (d) {
            fs->deviations++;
            printf("known deviation %s %ld: %s\n%s", fs->file, index, d->reason,
                   c->log);
        } else {
            fs->failed++;
            printf("FAIL %s %ld%s\n%s", fs->file, index,
                   c->uncheckable ? " (cannot be checked; list it with a "
                                    "reason)"
                                  : "",
                   c->log);
        }
        free(c);
        index++;
    }
    /* Deviations pointing past the end of the file are stale too. */
    for (size_t i = 0; i < g_dev_n; i++)
        if (strcmp(g_dev[i].file, fs->file) == 0 &&
            (g_dev[i].index < 0 || g_dev[i].index >= index)) {
            printf("STALE DEVIATION %s %ld: no such case\n", fs->file,
                   g_dev[i].index);
            fs->failed++;
        }
    cJSON_Delete(root);
    printf("%s: %d cases: %d passed, %d known deviations, %d failed\n",
           fs->file, fs->total, fs->passed, fs->deviations, fs->failed);
    fflush(stdout);
    if (fs->failed)
        fail_msg("%s: %d case(s) failed", fs->file, fs->failed);
}

static void test_deviation_file(void **state)
{
    (void)state;
    if (!g_dev_loaded)
        fail_msg("deviations.txt has malformed entries (see above)");
}

static void test_tf(void **state)
{
    (void)state;
    run_file(0, run_tf_case);
}

static void test_openvino(void **state)
{
    (void)state;
    run_file(1, run_openvino_case);
}

static void test_mxnet(void **state)
{
    (void)state;
    run_file(2, run_mxnet_case);
}

static void test_onnx(void **state)
{
    (void)state;
    run_file(3, run_onnx_case);
}

/* The newer front-ends' files, through case_fronts.c. */
static void run_front_case(const cJSON *cs, const cJSON *all, ctx *c)
{
    (void)all;
    char log[1024];
    int verdict = cf_run_case(cs, log, sizeof log);
    if (verdict == CF_FAIL)
        cx_fail(c, "%s", log);
    else if (verdict == CF_UNCHECKABLE)
        cx_uncheckable(c, "%s", log);
}

/* One test per file, so that a failure in one does not hide the rest. */
#define FRONT_FILE_TEST(name, index)                                        \
    static void name(void **state)                                          \
    {                                                                       \
        (void)state;                                                        \
        run_file(index, run_front_case);                                    \
    }
FRONT_FILE_TEST(test_tflite, 4)
FRONT_FILE_TEST(test_tf_slice, 5)
FRONT_FILE_TEST(test_xla, 6)
FRONT_FILE_TEST(test_openvino_slice, 7)
FRONT_FILE_TEST(test_torch, 8)
FRONT_FILE_TEST(test_split, 9)

int main(int argc, char **argv)
{
    g_dynamic = argc > 1 && strcmp(argv[1], "--dynamic") == 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deviation_file),
        cmocka_unit_test(test_tf),
        cmocka_unit_test(test_openvino),
        cmocka_unit_test(test_mxnet),
        cmocka_unit_test(test_onnx),
        cmocka_unit_test(test_tflite),
        cmocka_unit_test(test_tf_slice),
        cmocka_unit_test(test_xla),
        cmocka_unit_test(test_openvino_slice),
        cmocka_unit_test(test_torch),
        cmocka_unit_test(test_split),
    };
    int rc = cmocka_run_group_tests(tests, load_deviations, free_deviations);
    printf("%d writes and %d StridedSliceGrad cases checked on the host%s\n",
           g_writes, g_grads,
           cw_has_device() ? " and the OpenCL device" : " (no OpenCL device)");
    cw_close();
    if (g_dynamic)
        printf("%d cases checked through the dynamic path\n", cd_runs());
    cd_close();
    printf("\nconformance summary (passed / known deviations / failed):\n");
    for (size_t i = 0; i < N_FILES; i++) {
        if (g_stats[i].ran)
            printf("  %-28s %3d / %3d / %3d   (%d cases)\n", g_stats[i].file,
                   g_stats[i].passed, g_stats[i].deviations, g_stats[i].failed,
                   g_stats[i].total);
        else
            printf("  %-28s not run\n", g_stats[i].file);
    }
    fflush(stdout);
    return rc;
}
