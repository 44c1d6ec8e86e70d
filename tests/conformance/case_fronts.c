/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Runner for the newer front-ends' conformance cases (case_fronts.h).  A
 * case names its op, the input shape, the op's arguments under the
 * framework's names, and what must come out: an error (any message, the
 * status one of the spec errors), or the output shape and, where given,
 * the values (of the input's row-major data, 0, 1, 2, ... when the case
 * gives none).  Writes compare the whole tensor after the write; splits
 * compare every piece.
 */
#include "case_fronts.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_write.h"
#include "clslice.h"

#define CF_MAX 4096 /* longest array a case may hold */

typedef struct cf_ctx {
    const cJSON *cs;
    char *log;
    size_t size;
    int verdict;
} cf_ctx;

static void cf_say(cf_ctx *c, int verdict, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void cf_say(cf_ctx *c, int verdict, const char *fmt, ...)
{
    if (c->verdict != CF_PASS)
        return; /* keep the first reason */
    va_list args;
    va_start(args, fmt);
    vsnprintf(c->log, c->size, fmt, args);
    va_end(args);
    c->verdict = verdict;
}

/* ---- reading ---------------------------------------------------------- */

typedef struct cf_array {
    int64_t v[CF_MAX];
    size_t n;
    int present; /* 0: absent or null */
} cf_array;

static int read_array(const cJSON *arr, cf_array *out)
{
    out->n = 0;
    out->present = arr && !cJSON_IsNull(arr);
    if (!out->present)
        return 0;
    if (!cJSON_IsArray(arr))
        return -1;
    const cJSON *item;
    cJSON_ArrayForEach(item, arr)
    {
        if (out->n >= CF_MAX || !cJSON_IsNumber(item) ||
            item->valuedouble != (double)(int64_t)item->valuedouble)
            return -1;
        out->v[out->n++] = (int64_t)item->valuedouble;
    }
    return 0;
}

static cf_array *field(cf_ctx *c, const char *key)
{
    cf_array *a = malloc(sizeof *a);
    if (!a) {
        cf_say(c, CF_FAIL, "out of memory");
        return NULL;
    }
    if (read_array(cJSON_GetObjectItemCaseSensitive(c->cs, key), a) != 0) {
        cf_say(c, CF_FAIL, "case data: %s is not an array of integers", key);
        free(a);
        return NULL;
    }
    return a;
}

static int64_t number(const cJSON *cs, const char *key, int64_t fallback)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(cs, key);
    return cJSON_IsNumber(item) ? (int64_t)item->valuedouble : fallback;
}

static const char *text(const cJSON *cs, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(cs, key);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

static int64_t elements(const int64_t *shape, size_t rank)
{
    int64_t n = 1;
    for (size_t d = 0; d < rank; d++)
        n *= shape[d];
    return n;
}

/* The case's input (or 0, 1, 2, ...) for a shape of n elements. */
static int64_t *make_input(cf_ctx *c, int64_t n)
{
    cf_array *given = field(c, "input");
    int64_t *in = malloc((size_t)(n > 0 ? n : 1) * sizeof *in);
    if (!given || !in) {
        free(given);
        free(in);
        cf_say(c, CF_FAIL, "cannot read or allocate the input");
        return NULL;
    }
    if (given->present && (int64_t)given->n != n)
        cf_say(c, CF_FAIL, "case data: input has %zu elements, the shape "
               "%" PRId64, given->n, n);
    for (int64_t i = 0; i < n; i++)
        in[i] = given->present && i < (int64_t)given->n ? given->v[i] : i;
    free(given);
    return in;
}

/* ---- checking ---------------------------------------------------------- */

static void check_shape(cf_ctx *c, const clslice_plan *plan,
                        const cf_array *want, const char *what)
{
    int64_t got[CLSLICE_MAX_RANK];
    int rank = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, got);
    int same = (size_t)rank == want->n;
    for (int j = 0; same && j < rank; j++)
        same = got[j] == want->v[j];
    if (!same)
        cf_say(c, CF_FAIL, "%s: output rank %d, shape[0] %" PRId64
               " differs from the expected shape (rank %zu)", what, rank,
               rank ? got[0] : 0, want->n);
}

static void check_values(cf_ctx *c, const int64_t *got, size_t n,
                         const int64_t *want, size_t want_n, const char *what)
{
    if (n != want_n) {
        cf_say(c, CF_FAIL, "%s: %zu values, expected %zu", what, n, want_n);
        return;
    }
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            cf_say(c, CF_FAIL, "%s: value %zu is %" PRId64 ", expected %"
                   PRId64, what, i, got[i], want[i]);
            return;
        }
}

/* The plan's slice of the case's input, against its "values". */
static void check_gather(cf_ctx *c, const clslice_plan *plan,
                         const int64_t *in, int64_t n_in,
                         const int64_t *want, size_t want_n, const char *what)
{
    int64_t m = clslice_plan_output_elements(plan);
    int64_t *out = malloc((size_t)(m > 0 ? m : 1) * sizeof *out);
    clslice_error err;
    if (!out) {
        cf_say(c, CF_FAIL, "out of memory");
        return;
    }
    if (clslice_host_gather(plan, 8, in, (size_t)n_in * 8, out, (size_t)m * 8,
                            &err) != CLSLICE_OK)
        cf_say(c, CF_FAIL, "%s: clslice_host_gather: %s", what, err.message);
    else
        check_values(c, out, (size_t)m, want, want_n, what);
    free(out);
}

static int plausible_error(clslice_status st)
{
    return st == CLSLICE_ERROR_SPEC || st == CLSLICE_ERROR_INDEX ||
           st == CLSLICE_ERROR_RANK || st == CLSLICE_ERROR_SHAPE ||
           st == CLSLICE_ERROR_ARGUMENT;
}

/* The case expects `error`: a spec error with a matching record. */
static void check_rejected(cf_ctx *c, clslice_status st,
                           const clslice_error *err, const char *error)
{
    if (st == CLSLICE_OK)
        cf_say(c, CF_FAIL, "expected an error (%s), got a plan", error);
    else if (!plausible_error(st))
        cf_say(c, CF_FAIL, "implausible status %s: %s",
               clslice_status_string(st), err->message);
    else if (err->status != st || !err->message[0])
        cf_say(c, CF_FAIL, "the error record does not match the status");
}

/* The tensor after writing the case's update into the slice. */
static void check_written(cf_ctx *c, const clslice_plan *plan,
                          const int64_t *in, int64_t n,
                          const cf_array *values)
{
    cf_array *update = field(c, "update");
    cf_array *update_shape = field(c, "update_shape");
    int64_t *after = malloc((size_t)(n > 0 ? n : 1) * sizeof *after);
    const char *why = NULL;
    if (update && update_shape && after)
        why = cw_scatter(plan, in, (size_t)n, update->v, update_shape->v,
                         (int)update_shape->n, CLSLICE_VALUE_EXACT, after);
    if (why)
        cf_say(c, CF_FAIL, "write: %s", why);
    else if (update && update_shape && after && values->present)
        check_values(c, after, (size_t)n, values->v, values->n,
                     "tensor after the write");
    free(update);
    free(update_shape);
    free(after);
}

/* A slice's shape and gathered values, or a write's tensor after it. */
static void check_accepted(cf_ctx *c, const clslice_plan *plan,
                           const int64_t *in, int64_t n,
                           const cf_array *out_shape, const cf_array *values,
                           int is_write)
{
    if (is_write) {
        check_written(c, plan, in, n, values);
        return;
    }
    if (out_shape->present)
        check_shape(c, plan, out_shape, "slice");
    if (values->present)
        check_gather(c, plan, in, n, values->v, values->n, "slice");
}

/* The expected error, or the expected shape and values (and, for a
 * write, the tensor after the update). */
static void check_result(cf_ctx *c, clslice_status st,
                         const clslice_error *err, clslice_plan *plan,
                         const int64_t *shape, size_t rank, int is_write)
{
    const char *error = text(c->cs, "error");
    if (error) {
        check_rejected(c, st, err, error);
        return;
    }
    if (st != CLSLICE_OK) {
        cf_say(c, CF_FAIL, "expected a plan, got %s: %s",
               clslice_status_string(st), err->message);
        return;
    }
    cf_array *out_shape = field(c, "out_shape"), *values = field(c, "values");
    int64_t n = elements(shape, rank);
    int64_t *in = out_shape && values ? make_input(c, n) : NULL;
    if (in)
        check_accepted(c, plan, in, n, out_shape, values, is_write);
    free(out_shape);
    free(values);
    free(in);
}

/* ---- the ops ------------------------------------------------------------ */

typedef struct cf_args {
    cf_array *a[6];
} cf_args;

/* Reads the named arrays (NULL name: none) into args->a[]. */
static int read_args(cf_ctx *c, cf_args *args, const char *const names[6])
{
    int ok = 1;
    for (int i = 0; i < 6; i++) {
        args->a[i] = names[i] ? field(c, names[i]) : NULL;
        if (names[i] && !args->a[i])
            ok = 0;
    }
    return ok;
}

static void free_args(cf_args *args)
{
    for (int i = 0; i < 6; i++)
        free(args->a[i]);
}

static const int64_t *opt(const cf_array *a)
{
    return a && a->present ? a->v : NULL;
}

static clslice_status run_tflite(cf_ctx *c, const cf_array *shape,
                                 const cf_args *args, clslice_plan **plan,
                                 clslice_error *err)
{
    int32_t v[3][64];
    for (int k = 0; k < 3; k++)
        for (size_t i = 0; i < args->a[k]->n && i < 64; i++)
            v[k][i] = (int32_t)args->a[k]->v[i];
    clslice_tflite_spec spec = {
        v[0], args->a[0]->n, v[1], args->a[1]->n, v[2], args->a[2]->n,
        (int32_t)number(c->cs, "begin_mask", 0),
        (int32_t)number(c->cs, "end_mask", 0),
        (int32_t)number(c->cs, "ellipsis_mask", 0),
        (int32_t)number(c->cs, "new_axis_mask", 0),
        (int32_t)number(c->cs, "shrink_axis_mask", 0),
        (int)number(c->cs, "offset", 0)};
    return clslice_plan_tflite(shape->v, (int)shape->n, &spec, plan, err);
}

static clslice_status run_slice_op(cf_ctx *c, const char *op,
                                   const cf_array *shape, cf_args *args,
                                   clslice_plan **plan, clslice_error *err,
                                   int *is_write)
{
    static const char *const tflite[6] = {"begin", "end", "strides"};
    static const char *const tf_slice[6] = {"begin", "size"};
    static const char *const xla[6] = {"start_indices", "limit_indices",
                                       "strides", "slice_sizes",
                                       "update_shape"};
    static const char *const ov[6] = {"start", "stop", "step", "axes"};
    const int64_t *s = shape->v;
    int r = (int)shape->n;
    *is_write = 0;
    if (strcmp(op, "tflite.STRIDED_SLICE") == 0)
        return read_args(c, args, tflite) ? run_tflite(c, shape, args, plan,
                                                       err)
                                          : CLSLICE_ERROR_ARGUMENT;
    if (strcmp(op, "tf.slice") == 0)
        return read_args(c, args, tf_slice)
                   ? clslice_plan_tf_slice(s, r, args->a[0]->v, args->a[0]->n,
                                           args->a[1]->v, args->a[1]->n, plan,
                                           err)
                   : CLSLICE_ERROR_ARGUMENT;
    if (strncmp(op, "stablehlo.", 10) == 0) {
        if (!read_args(c, args, xla))
            return CLSLICE_ERROR_ARGUMENT;
        cf_array **a = args->a;
        if (strcmp(op, "stablehlo.slice") == 0)
            return clslice_plan_xla_slice(s, r, a[0]->v, a[1]->v, opt(a[2]),
                                          a[0]->n, plan, err);
        if (strcmp(op, "stablehlo.dynamic_slice") == 0)
            return clslice_plan_dynamic_slice(s, r, a[0]->v, a[3]->v, a[0]->n,
                                              plan, err);
        *is_write = 1;
        return clslice_plan_dynamic_update_slice(s, r, a[4]->v, (int)a[4]->n,
                                                 a[0]->v, a[0]->n, plan, err);
    }
    if (strncmp(op, "openvino.", 9) == 0) {
        if (!read_args(c, args, ov))
            return CLSLICE_ERROR_ARGUMENT;
        cf_array **a = args->a;
        *is_write = strcmp(op, "openvino.SliceScatter-15") == 0;
        return clslice_plan_openvino_slice(s, r, a[0]->v, a[0]->n, a[1]->v,
                                           a[1]->n, a[2]->v, a[2]->n,
                                           opt(a[3]), a[3]->n, plan, err);
    }
    if (strcmp(op, "torch.narrow") == 0)
        return clslice_plan_torch_narrow(s, r, number(c->cs, "dim", 0),
                                         number(c->cs, "start", 0),
                                         number(c->cs, "length", 0), plan,
                                         err);
    if (strcmp(op, "torch.index") == 0)
        return clslice_plan_torch_index(s, r, text(c->cs, "expr"), plan, err);
    cf_say(c, CF_UNCHECKABLE, "unknown op %s", op);
    return CLSLICE_ERROR_ARGUMENT;
}

/* ---- splits ---------------------------------------------------------------- */

static int split_style(const char *name, clslice_split_style *style)
{
    static const char *const names[] = {
        "numpy", "numpy_array", "tf", "onnx13", "onnx18", "openvino",
        "openvino_variadic", "torch", "torch_chunk"};
    for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
        if (name && strcmp(name, names[i]) == 0) {
            *style = (clslice_split_style)i;
            return 0;
        }
    return -1;
}

static void check_piece(cf_ctx *c, const clslice_plan *plan, size_t i,
                        const cJSON *shapes, const cJSON *values,
                        const int64_t *in, int64_t n_in)
{
    char what[32];
    snprintf(what, sizeof what, "piece %zu", i);
    cf_array *want = malloc(sizeof *want);
    if (!want) {
        cf_say(c, CF_FAIL, "out of memory");
        return;
    }
    if (read_array(cJSON_GetArrayItem(shapes, (int)i), want) == 0)
        check_shape(c, plan, want, what);
    if (values && read_array(cJSON_GetArrayItem(values, (int)i), want) == 0 &&
        want->present)
        check_gather(c, plan, in, n_in, want->v, want->n, what);
    free(want);
}

static void run_split(cf_ctx *c, const cf_array *shape)
{
    clslice_split_spec spec = {.axis = number(c->cs, "axis", 0),
                               .number = number(c->cs, "number", 0)};
    cf_array *list = field(c, "list");
    if (!list)
        return;
    if (split_style(text(c->cs, "style"), &spec.style) != 0) {
        cf_say(c, CF_UNCHECKABLE, "unknown split style");
        free(list);
        return;
    }
    spec.list = opt(list);
    spec.list_len = list->n;
    clslice_plan *plans[64] = {NULL};
    size_t count = 0;
    clslice_error err;
    clslice_status st = clslice_plan_split(shape->v, (int)shape->n, &spec,
                                           plans, 64, &count, &err);
    const cJSON *shapes = cJSON_GetObjectItemCaseSensitive(c->cs,
                                                           "out_shapes");
    const cJSON *values = cJSON_GetObjectItemCaseSensitive(c->cs, "values");
    if (text(c->cs, "error") || st != CLSLICE_OK) {
        check_result(c, st, &err, NULL, shape->v, shape->n, 0);
    } else if ((size_t)cJSON_GetArraySize(shapes) != count) {
        cf_say(c, CF_FAIL, "%zu pieces, expected %d", count,
               cJSON_GetArraySize(shapes));
    } else {
        int64_t n = elements(shape->v, shape->n);
        int64_t *in = make_input(c, n);
        for (size_t i = 0; in && i < count; i++)
            check_piece(c, plans[i], i, shapes, values, in, n);
        free(in);
    }
    for (size_t i = 0; i < count && i < 64; i++)
        clslice_plan_release(&plans[i]);
    free(list);
}

int cf_run_case(const cJSON *cs, char *log, size_t size)
{
    cf_ctx c = {cs, log, size, CF_PASS};
    log[0] = '\0';
    const char *op = text(cs, "op");
    cf_array *shape = field(&c, "shape");
    if (!op || !shape || !shape->present) {
        cf_say(&c, CF_FAIL, "case data: no op or shape");
        free(shape);
        return c.verdict;
    }
    if (strcmp(op, "split") == 0) {
        run_split(&c, shape);
    } else {
        cf_args args = {{NULL}};
        clslice_plan *plan = NULL;
        clslice_error err;
        int is_write = 0;
        memset(&err, 0, sizeof err);
        clslice_status st = run_slice_op(&c, op, shape, &args, &plan, &err,
                                         &is_write);
        if (c.verdict == CF_PASS)
            check_result(&c, st, &err, plan, shape->v, shape->n, is_write);
        clslice_plan_release(&plan);
        free_args(&args);
    }
    free(shape);
    return c.verdict;
}
