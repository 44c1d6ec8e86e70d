/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The split family's rules: how each framework cuts one axis into pieces
 * (docs/SEMANTICS.md §19).  Every rule runs twice through the same code:
 * once to validate and count (no arrays), once to fill the caller's
 * arrays, so a count query reports exactly the errors a full call would.
 */
#include "core/plan/plan.h"
#include "core/split/split.h"

/* What a rule sees: the axis size (-1 unknown) and the spec. */
typedef struct split_ctx {
    int64_t n;
    int axis;
    const clslice_split_spec *spec;
    clslice_error *err;
} split_ctx;

static void put(cs_split_out *o, int64_t start, int64_t size)
{
    if (o->emit)
        o->emit(o->emit_ctx, o->count, start, size);
    o->count++;
}

/* ---- equal pieces --------------------------------------------------- */

static clslice_status need_positive(const split_ctx *c, const char *name)
{
    if (c->spec->number < 1)
        return cs_fail(c->err, CLSLICE_ERROR_SPEC,
                       "%s = %lld: the number of pieces must be at least 1",
                       name, (long long)c->spec->number);
    return CLSLICE_OK;
}

/* `number` pieces of n / number, which must divide n. */
static clslice_status equal_pieces(const split_ctx *c, const char *name,
                                   cs_split_out *o)
{
    clslice_status st = need_positive(c, name);
    if (st != CLSLICE_OK)
        return st;
    int64_t k = c->spec->number, n = c->n;
    if (n != CLSLICE_UNKNOWN && n % k != 0)
        return cs_fail(c->err, CLSLICE_ERROR_SPEC,
                       "%s = %lld does not divide axis %d of size %lld into "
                       "equal pieces", name, (long long)k, c->axis,
                       (long long)n);
    if (!o->emit) {
        o->count = (size_t)k;
        return CLSLICE_OK;
    }
    for (int64_t i = 0; i < k; i++)
        put(o, n < 0 ? (i ? CLSLICE_UNKNOWN : 0) : i * (n / k),
            n < 0 ? CLSLICE_UNKNOWN : n / k);
    return CLSLICE_OK;
}

/* numpy.array_split: the first n % k pieces one longer. */
static clslice_status array_split(const split_ctx *c, cs_split_out *o)
{
    clslice_status st = need_positive(c, "indices_or_sections");
    if (st != CLSLICE_OK)
        return st;
    int64_t k = c->spec->number, n = c->n;
    if (!o->emit) {
        o->count = (size_t)k;
        return CLSLICE_OK;
    }
    for (int64_t i = 0; i < k; i++) {
        if (n < 0) {
            put(o, i ? CLSLICE_UNKNOWN : 0, CLSLICE_UNKNOWN);
            continue;
        }
        int64_t base = n / k, extra = n % k;
        put(o, i * base + (i < extra ? i : extra), base + (i < extra));
    }
    return CLSLICE_OK;
}

/* ONNX Split-18's num_outputs: pieces of ceil(n / k), the last what is
 * left, which must not be negative (onnxruntime: "Split sizes would
 * produce a negative final split"); k > n is allowed ([1, 1, 0] for
 * n = 2, k = 3). */
static clslice_status onnx_num_outputs(const split_ctx *c, cs_split_out *o)
{
    clslice_status st = need_positive(c, "num_outputs");
    if (st != CLSLICE_OK)
        return st;
    int64_t k = c->spec->number, n = c->n;
    /* With n = q * k + r, the k - 1 pieces of ceil(n / k) leave q when r
     * is 0, else q + r - (k - 1); computed so, the last piece never
     * forms (k - 1) * ceil(n / k), which may pass INT64_MAX (n =
     * INT64_MAX, k = 2^32 + 1: 2^31 * 2^32).  q + r <= n fits. */
    int64_t q = n < 0 ? 0 : n / k, r = n < 0 ? 0 : n % k;
    int64_t chunk = q + (r != 0), last = r == 0 ? q : (q + r) - (k - 1);
    if (n >= 0 && last < 0)
        return cs_fail(c->err, CLSLICE_ERROR_SPEC,
                       "num_outputs = %lld: pieces of ceil(%lld / %lld) = "
                       "%lld leave %lld for the last on axis %d",
                       (long long)k, (long long)n, (long long)k,
                       (long long)chunk, (long long)last, c->axis);
    if (!o->emit) {
        o->count = (size_t)k;
        return CLSLICE_OK;
    }
    for (int64_t i = 0; i < k; i++)
        put(o, n < 0 ? (i ? CLSLICE_UNKNOWN : 0) : i * chunk,
            n < 0 ? CLSLICE_UNKNOWN : (i == k - 1 ? last : chunk));
    return CLSLICE_OK;
}

/* torch.split with an int: pieces of split_size, the last smaller; one
 * piece when split_size is 0, which only an empty axis allows. */
static clslice_status torch_split_size(const split_ctx *c, cs_split_out *o)
{
    int64_t s = c->spec->number, n = c->n;
    if (s < 0)
        return cs_fail(c->err, CLSLICE_ERROR_SPEC,
                       "split_size_or_sections = %lld: split_size must be "
                       "non-negative", (long long)s);
    if (n == CLSLICE_UNKNOWN)
        return cs_fail(c->err, CLSLICE_ERROR_UNKNOWN,
                       "axis %d has an unknown size: torch.split's piece "
                       "count depends on it", c->axis);
    if (s == 0 && n != 0)
        return cs_fail(c->err, CLSLICE_ERROR_SPEC,
                       "split_size_or_sections = 0: split_size can only be "
                       "0 if axis %d is empty (its size is %lld)", c->axis,
                       (long long)n);
    int64_t k = s == 0 ? 1 : n / s + (n % s != 0);
    if (k < 1)
        k = 1;
    if (!o->emit) {
        o->count = (size_t)k;
        return CLSLICE_OK;
    }
    for (int64_t i = 0; i < k; i++)
        put(o, i * s, i == k - 1 ? n - s * (k - 1) : s);
    return CLSLICE_OK;
}

/* torch.chunk: pieces of ceil(n / chunks), so possibly fewer; an empty
 * axis gives `chunks` empty pieces. */
static clslice_status torch_chunk(const split_ctx *c, cs_split_out *o)
{
    clslice_status st = need_positive(c, "chunks");
    if (st != CLSLICE_OK)
        return st;
    if (c->n == CLSLICE_UNKNOWN)
        return cs_fail(c->err, CLSLICE_ERROR_UNKNOWN,
                       "axis %d has an unknown size: torch.chunk's piece "
                       "count depends on it", c->axis);
    int64_t k = c->spec->number, n = c->n;
    if (n == 0) {
        for (int64_t i = 0; i < k && o->emit; i++)
            put(o, 0, 0);
        o->count = (size_t)k;
        return CLSLICE_OK;
    }
    int64_t chunk = n / k + (n % k != 0);
    int64_t pieces = n / chunk + (n % chunk != 0);
    for (int64_t i = 0; i < pieces && o->emit; i++)
        put(o, i * chunk, i == pieces - 1 ? n - chunk * i : chunk);
    o->count = (size_t)pieces;
    return CLSLICE_OK;
}

/* ---- lists ------------------------------------------------------------ */

/* Sizes >= 0 (one -1 when `one_unknown`) that must sum to n.  The -1
 * takes what the others leave, which must not be negative. */
static clslice_status size_list(const split_ctx *c, const char *name,
                                bool one_unknown, cs_split_out *o)
{
    const int64_t *list = c->spec->list;
    size_t len = c->spec->list_len, minus_at = len;
    int64_t sum = 0;
    for (size_t i = 0; i < len; i++) {
        if (list[i] == -1 && one_unknown && minus_at == len) {
            minus_at = i;
            continue;
        }
        if (list[i] < 0)
            return cs_fail(c->err, CLSLICE_ERROR_SPEC,
                           "%s[%zu] = %lld: sizes must be >= 0%s", name, i,
                           (long long)list[i],
                           !one_unknown ? ""
                           : list[i] == -1 ? " (only one may be -1)"
                                           : ", or -1 once");
        if (__builtin_add_overflow(sum, list[i], &sum))
            return cs_fail(c->err, CLSLICE_ERROR_SPEC,
                           "%s[%zu] = %lld: the sizes' sum overflows int64",
                           name, i, (long long)list[i]);
    }
    int64_t n = c->n;
    if (n != CLSLICE_UNKNOWN && (minus_at == len ? sum != n : sum > n))
        return cs_fail(c->err, CLSLICE_ERROR_SPEC,
                       "%s: the sizes sum to %lld but axis %d has size %lld",
                       name, (long long)sum, c->axis, (long long)n);
    if (!o->emit) {
        o->count = len;
        return CLSLICE_OK;
    }
    int64_t at = 0;
    for (size_t i = 0; i < len; i++) {
        int64_t size = i != minus_at ? list[i]
                       : n < 0       ? CLSLICE_UNKNOWN
                                     : n - sum;
        put(o, at, size);
        at = at < 0 || size < 0 ? CLSLICE_UNKNOWN : at + size;
    }
    return CLSLICE_OK;
}

/* numpy's split indices: pieces [:i0], [i0:i1], ..., [ik:], each a
 * Python slice of the axis. */
static clslice_status index_list(const split_ctx *c, cs_split_out *o)
{
    size_t len = c->spec->list_len;
    if (!o->emit) {
        o->count = len + 1;
        return CLSLICE_OK;
    }
    for (size_t i = 0; i <= len; i++) {
        int64_t start = CLSLICE_UNKNOWN, size = CLSLICE_UNKNOWN;
        if (c->n != CLSLICE_UNKNOWN)
            cs_r_range(c->n, i > 0, i > 0 ? c->spec->list[i - 1] : 0,
                       i < len, i < len ? c->spec->list[i] : 0, 1,
                       CS_R_CLAMP_NUMPY, &start, &size);
        else if (i == 0)
            start = 0;
        put(o, start, size);
    }
    return CLSLICE_OK;
}

/* ---- the styles -------------------------------------------------------- */

/* The names of a style's two arguments in messages (NULL: not taken). */
static void style_names(clslice_split_style style, const char **number,
                        const char **list)
{
    static const char *const names[][2] = {
        [CLSLICE_SPLIT_NUMPY] = {"indices_or_sections", "indices_or_sections"},
        [CLSLICE_SPLIT_NUMPY_ARRAY] = {"indices_or_sections",
                                       "indices_or_sections"},
        [CLSLICE_SPLIT_TF] = {"num_or_size_splits", "num_or_size_splits"},
        [CLSLICE_SPLIT_ONNX_13] = {"the output count", "split"},
        [CLSLICE_SPLIT_ONNX_18] = {"num_outputs", "split"},
        [CLSLICE_SPLIT_OPENVINO] = {"num_splits", NULL},
        [CLSLICE_SPLIT_OPENVINO_VARIADIC] = {NULL, "split_lengths"},
        [CLSLICE_SPLIT_TORCH] = {"split_size_or_sections",
                                 "split_size_or_sections"},
        [CLSLICE_SPLIT_TORCH_CHUNK] = {"chunks", NULL},
    };
    *number = names[style][0];
    *list = names[style][1];
}

static clslice_status run_list_style(const split_ctx *c, const char *name,
                                     cs_split_out *o)
{
    switch (c->spec->style) {
    case CLSLICE_SPLIT_NUMPY:
    case CLSLICE_SPLIT_NUMPY_ARRAY:
        return index_list(c, o);
    case CLSLICE_SPLIT_TF:
        /* SplitV's num_split, the list's length, is an attribute
         * declared ">= 1": no list is empty, even on an empty axis. */
        if (c->spec->list_len == 0)
            return cs_fail(c->err, CLSLICE_ERROR_SPEC,
                           "%s = []: TensorFlow's SplitV takes at least one "
                           "size (num_split >= 1)", name);
        /* SplitV: "If there is only one output, it must have the same
         * size as the input", so a lone -1 is refused. */
        if (c->spec->list_len == 1 && c->spec->list[0] == -1)
            return cs_fail(c->err, CLSLICE_ERROR_SPEC,
                           "%s = [-1]: with one output its size must be "
                           "the input's (%lld)", name, (long long)c->n);
        return size_list(c, name, true, o);
    case CLSLICE_SPLIT_OPENVINO_VARIADIC:
        return size_list(c, name, true, o);
    default:
        return size_list(c, name, false, o);
    }
}

static clslice_status run_number_style(const split_ctx *c, const char *name,
                                       cs_split_out *o)
{
    switch (c->spec->style) {
    case CLSLICE_SPLIT_NUMPY_ARRAY:
        return array_split(c, o);
    case CLSLICE_SPLIT_ONNX_18:
        return onnx_num_outputs(c, o);
    case CLSLICE_SPLIT_TORCH:
        return torch_split_size(c, o);
    case CLSLICE_SPLIT_TORCH_CHUNK:
        return torch_chunk(c, o);
    default:
        return equal_pieces(c, name, o);
    }
}

static clslice_status run_style(const split_ctx *c, cs_split_out *o)
{
    const char *number_name, *list_name;
    style_names(c->spec->style, &number_name, &list_name);
    if (c->spec->list)
        return list_name ? run_list_style(c, list_name, o)
                         : cs_fail(c->err, CLSLICE_ERROR_ARGUMENT,
                                   "list is given, but this style takes "
                                   "only an integer (%s)", number_name);
    if (c->spec->list_len)
        return cs_fail(c->err, CLSLICE_ERROR_ARGUMENT,
                       "list is NULL but list_len is %zu",
                       c->spec->list_len);
    return number_name ? run_number_style(c, number_name, o)
                       : cs_fail(c->err, CLSLICE_ERROR_ARGUMENT,
                                 "list is NULL, but this style takes a "
                                 "list (%s)", list_name);
}

static clslice_status split_check(const int64_t *shape, int rank,
                                  const clslice_split_spec *spec, int *axis,
                                  clslice_error *err)
{
    if (!spec)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "spec is NULL");
    if ((unsigned)spec->style > CLSLICE_SPLIT_TORCH_CHUNK)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "spec->style = %d is not a clslice_split_style",
                       (int)spec->style);
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    if (rank == 0)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "cannot split a rank-0 (scalar) input");
    if (spec->axis < -(int64_t)rank || spec->axis >= rank)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "axis = %lld is out of range [%d, %d] for an input of "
                       "rank %d", (long long)spec->axis, -rank, rank - 1,
                       rank);
    *axis = (int)(spec->axis < 0 ? spec->axis + rank : spec->axis);
    return CLSLICE_OK;
}

clslice_status cs_split_run(const int64_t *shape, int rank,
                            const clslice_split_spec *spec,
                            cs_split_out *out, clslice_error *err)
{
    int axis = 0;
    clslice_status st = split_check(shape, rank, spec, &axis, err);
    if (st != CLSLICE_OK)
        return st;
    split_ctx c = {shape[axis], axis, spec, err};
    out->count = 0;
    return run_style(&c, out);
}

clslice_status cs_split_count(const int64_t *shape, int rank,
                              const clslice_split_spec *spec, size_t *count,
                              clslice_error *err)
{
    if (!count)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "count is NULL");
    *count = 0;
    cs_split_out counted = {0};
    clslice_status st = cs_split_run(shape, rank, spec, &counted, err);
    if (st == CLSLICE_OK)
        *count = counted.count;
    return st;
}

typedef struct range_arrays {
    int64_t *starts, *sizes;
} range_arrays;

static void store_range(void *ctx, size_t i, int64_t start, int64_t size)
{
    range_arrays *a = ctx;
    a->starts[i] = start;
    a->sizes[i] = size;
}

clslice_status clslice_split_ranges(const int64_t *shape, int rank,
                                    const clslice_split_spec *spec,
                                    int64_t *starts, int64_t *sizes,
                                    size_t capacity, size_t *count,
                                    clslice_error *err)
{
    clslice_status st = cs_split_count(shape, rank, spec, count, err);
    if (st != CLSLICE_OK)
        return st;
    if (!starts && !sizes && capacity == 0)
        return cs_ok(err);
    if (!starts || !sizes)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s is NULL (give both arrays, or neither with "
                       "capacity 0 for a count query)",
                       starts ? "sizes" : "starts");
    if (capacity < *count)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "capacity %zu is less than the %zu pieces", capacity,
                       *count);
    range_arrays arrays = {starts, sizes};
    cs_split_out filled = {.emit = store_range, .emit_ctx = &arrays};
    return cs_split_run(shape, rank, spec, &filled, err);
}
