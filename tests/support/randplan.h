/*
 * Random plans for test_layout, test_host and the device tests, built
 * through the front-ends, and a naive enumeration of the elements a plan
 * reads.
 *
 * A random spec is a list of slots (ranges with optional parts, shrinks,
 * new axes, at most one ellipsis) on a random shape whose element count is
 * bounded; it is emitted as a numpy-style expression, a TensorFlow spec
 * (int32 or int64), an OpenVINO spec, or (for plain ranges) an MXNet or
 * ONNX spec.  The enumeration only uses the plan's public per-dimension
 * start/step/count, never a layout.
 */
#ifndef CLSLICE_TEST_RANDPLAN_H
#define CLSLICE_TEST_RANDPLAN_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

typedef enum rp_kind {
    RP_RANGE,
    RP_SHRINK,
    RP_NEW_AXIS,
    RP_ELLIPSIS
} rp_kind;

typedef struct rp_slot {
    rp_kind kind;
    bool has_b, has_e, has_s;
    int64_t b, e, s;
} rp_slot;

typedef enum rp_front {
    RP_EXPR,
    RP_TF32,
    RP_TF64,
    RP_OPENVINO,
    RP_MXNET,
    RP_ONNX,
    RP_FRONT_COUNT
} rp_front;

static const char *const RP_FRONT_NAME[RP_FRONT_COUNT] = {
    "expr", "tf-int32", "tf-int64", "openvino", "mxnet", "onnx"};

typedef struct rp_case {
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
    int nslots;
    rp_slot slots[CLSLICE_MAX_SLOTS];
    rp_front front;
    /* ONNX: listed axes (a permutation of a subset, maybe negative) */
    int naxes;
    int64_t axes[CLSLICE_MAX_RANK];
    char desc[4096];
} rp_case;

static inline void rp_append(char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static inline void rp_append(char *buf, size_t size, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= size)
        return;
    va_list args;
    va_start(args, fmt);
    vsnprintf(buf + used, size - used, fmt, args);
    va_end(args);
}

/* A random shape of `rank` dims with at most max_elems elements (zero-size
 * dims appear now and then). */
static inline void rp_random_shape(tu_rng *rng, int rank, int64_t max_elems,
                                   int64_t max_dim, int64_t *shape)
{
    int64_t product = 1;
    for (int k = 0; k < rank; k++) {
        int64_t d;
        if (tu_range(rng, 0, 24) == 0) {
            d = 0;
        } else {
            d = tu_range(rng, 1, max_dim);
            if (product * d > max_elems)
                d = max_elems / product > 0 ? max_elems / product : 1;
            product *= d;
        }
        shape[k] = d;
    }
    /* shuffle so the small dims are not all at the end */
    for (int k = rank - 1; k > 0; k--) {
        int j = (int)tu_range(rng, 0, k);
        int64_t t = shape[k];
        shape[k] = shape[j];
        shape[j] = t;
    }
}

/* A rank for the device differential tests: mostly 0-8, sometimes 16
 * and sometimes the maximum. */
static inline int rp_device_rank(tu_rng *rng)
{
    int64_t pick = tu_range(rng, 0, 99);
    if (pick < 4)
        return 16;
    if (pick < 7)
        return CLSLICE_MAX_RANK;
    return (int)tu_range(rng, 0, 8);
}

/* A byte offset below max_offset: 0, a multiple of 16 (wide carriers
 * stay possible) or anything (odd offsets force narrow carriers). */
static inline size_t rp_buffer_offset(tu_rng *rng, size_t max_offset)
{
    switch (tu_range(rng, 0, 3)) {
    case 0:
        return 0;
    case 1:
        return (size_t)tu_range(rng, 1, (int64_t)max_offset / 16 - 1) * 16;
    default:
        return (size_t)tu_range(rng, 1, (int64_t)max_offset - 1);
    }
}

static inline int64_t rp_bound(tu_rng *rng, int64_t n)
{
    switch (tu_range(rng, 0, 15)) {
    case 0:
        return INT64_MIN;
    case 1:
        return INT64_MAX;
    default:
        return tu_range(rng, -n - 2, n + 2);
    }
}

static inline void rp_random_range(tu_rng *rng, int64_t n, rp_slot *s)
{
    s->kind = RP_RANGE;
    s->has_b = tu_range(rng, 0, 9) >= 3;
    s->has_e = tu_range(rng, 0, 9) >= 3;
    s->has_s = tu_range(rng, 0, 9) >= 3;
    s->b = s->has_b ? rp_bound(rng, n) : 0;
    s->e = s->has_e ? rp_bound(rng, n) : 0;
    if (s->has_s) {
        s->s = tu_range(rng, 1, 3);
        if (tu_range(rng, 0, 9) < 3)
            s->s = -s->s;
    } else {
        s->s = 1;
    }
    /* now and then the whole axis, the common case */
    if (tu_range(rng, 0, 7) == 0) {
        s->has_b = s->has_e = s->has_s = false;
        s->s = 1;
    }
}

/* Fills c with a random spec on a random shape of `rank` dims. */
static inline void rp_random_case(tu_rng *rng, int rank, int64_t max_elems,
                                  rp_case *c)
{
    memset(c, 0, sizeof *c);
    c->rank = rank;
    int64_t max_dim = rank <= 2 ? 40 : rank <= 4 ? 12 : rank <= 8 ? 6 : 3;
    rp_random_shape(rng, rank, max_elems, max_dim, c->shape);

    int64_t pick = tu_range(rng, 0, 19);
    if (pick < 10)
        c->front = RP_EXPR;
    else if (pick < 12)
        c->front = RP_TF32;
    else if (pick < 14)
        c->front = RP_TF64;
    else if (pick < 16)
        c->front = RP_OPENVINO;
    else if (pick < 18)
        c->front = RP_MXNET;
    else
        c->front = RP_ONNX;
    if ((c->front == RP_MXNET || c->front == RP_ONNX) && rank == 0)
        c->front = RP_EXPR;

    if (c->front == RP_MXNET) {
        /* ranges on the first m dims */
        int m = (int)tu_range(rng, 1, rank);
        for (int k = 0; k < m; k++)
            rp_random_range(rng, c->shape[k], &c->slots[k]);
        c->nslots = m;
    } else if (c->front == RP_ONNX) {
        /* ranges on a random subset of axes in random order */
        int perm[CLSLICE_MAX_RANK];
        for (int k = 0; k < rank; k++)
            perm[k] = k;
        for (int k = rank - 1; k > 0; k--) {
            int j = (int)tu_range(rng, 0, k);
            int t = perm[k];
            perm[k] = perm[j];
            perm[j] = t;
        }
        int m = (int)tu_range(rng, 1, rank);
        for (int i = 0; i < m; i++) {
            int axis = perm[i];
            c->axes[i] = tu_range(rng, 0, 1) ? axis : axis - rank;
            rp_random_range(rng, c->shape[axis], &c->slots[i]);
        }
        c->naxes = m;
        c->nslots = m;
    } else {
        /* general spec: consuming slots, maybe an ellipsis, new axes */
        bool ellipsis = tu_range(rng, 0, 9) < 3;
        int consuming = (int)tu_range(rng, 0, rank);
        int before = ellipsis ? (int)tu_range(rng, 0, consuming) : consuming;
        int covered = rank - consuming; /* dims covered by the ellipsis */
        int shrinks = 0;
        rp_slot consume[CLSLICE_MAX_RANK];
        for (int i = 0; i < consuming; i++) {
            int dim = i < before ? i : i + covered;
            int64_t n = c->shape[dim];
            if (n > 0 && tu_range(rng, 0, 6) == 0) {
                consume[i].kind = RP_SHRINK;
                consume[i].b = tu_range(rng, -n, n - 1);
                consume[i].has_b = true;
                consume[i].has_e = consume[i].has_s = false;
                consume[i].e = 0;
                consume[i].s = 1;
                shrinks++;
            } else {
                rp_random_range(rng, n, &consume[i]);
            }
        }
        int max_new = CLSLICE_MAX_RANK - (rank - shrinks);
        int limit = c->front == RP_TF32 || c->front == RP_TF64 ? 31 : 60;
        int64_t new_axes = tu_range(rng, 0, 2);
        if (new_axes > max_new)
            new_axes = max_new;
        /* assemble: consuming slots with the ellipsis at `before` */
        int ns = 0;
        for (int i = 0; i <= consuming; i++) {
            if (i == before && ellipsis) {
                c->slots[ns].kind = RP_ELLIPSIS;
                ns++;
            }
            if (i < consuming)
                c->slots[ns++] = consume[i];
        }
        /* insert new axes at random positions */
        for (int64_t a = 0; a < new_axes && ns < limit; a++) {
            int at = (int)tu_range(rng, 0, ns);
            memmove(&c->slots[at + 1], &c->slots[at],
                    (size_t)(ns - at) * sizeof c->slots[0]);
            memset(&c->slots[at], 0, sizeof c->slots[0]);
            c->slots[at].kind = RP_NEW_AXIS;
            ns++;
        }
        c->nslots = ns;
        if ((c->front == RP_TF32 || c->front == RP_TF64) && ns > 31)
            c->front = RP_OPENVINO;
    }
}

/* The numpy-style expression of a general spec (front RP_EXPR). */
static inline void rp_expr(const rp_case *c, char *buf, size_t size)
{
    buf[0] = '\0';
    rp_append(buf, size, "[");
    for (int i = 0; i < c->nslots; i++) {
        const rp_slot *s = &c->slots[i];
        if (i)
            rp_append(buf, size, ", ");
        switch (s->kind) {
        case RP_ELLIPSIS:
            rp_append(buf, size, "...");
            break;
        case RP_NEW_AXIS:
            rp_append(buf, size, "%s", i % 2 ? "None" : "np.newaxis");
            break;
        case RP_SHRINK:
            rp_append(buf, size, "%" PRId64, s->b);
            break;
        case RP_RANGE:
            if (s->has_b)
                rp_append(buf, size, "%" PRId64, s->b);
            rp_append(buf, size, ":");
            if (s->has_e)
                rp_append(buf, size, "%" PRId64, s->e);
            if (s->has_s)
                rp_append(buf, size, ":%" PRId64, s->s);
            break;
        }
    }
    rp_append(buf, size, "]");
}

/* Builds the plan of a case through its front-end; fills c->desc. */
static inline clslice_status rp_build(rp_case *c, clslice_plan **plan,
                                      clslice_error *err)
{
    char spec_text[3000];
    clslice_status st = CLSLICE_ERROR_ARGUMENT;
    int m = c->nslots;
    spec_text[0] = '\0';

    if (c->front == RP_EXPR) {
        rp_expr(c, spec_text, sizeof spec_text);
        st = clslice_plan_expr(c->shape, c->rank, spec_text, plan, err);
    } else if (c->front == RP_TF32 || c->front == RP_TF64 ||
               c->front == RP_OPENVINO) {
        int64_t b64[CLSLICE_MAX_SLOTS], e64[CLSLICE_MAX_SLOTS],
            s64[CLSLICE_MAX_SLOTS];
        int32_t b32[CLSLICE_MAX_SLOTS], e32[CLSLICE_MAX_SLOTS],
            s32[CLSLICE_MAX_SLOTS];
        int64_t bm[CLSLICE_MAX_SLOTS], em[CLSLICE_MAX_SLOTS],
            nm[CLSLICE_MAX_SLOTS], sm[CLSLICE_MAX_SLOTS],
            xm[CLSLICE_MAX_SLOTS];
        int32_t tbm = 0, tem = 0, tnm = 0, tsm = 0, txm = 0;
        bool tf = c->front != RP_OPENVINO;
        for (int i = 0; i < m; i++) {
            const rp_slot *s = &c->slots[i];
            b64[i] = s->has_b ? s->b : 99;
            e64[i] = s->has_e ? s->e : -99;
            s64[i] = s->kind == RP_RANGE ? s->s : 1;
            if (tf && (s->kind == RP_NEW_AXIS || s->kind == RP_ELLIPSIS))
                s64[i] = 0; /* ignored there (docs/SEMANTICS.md §3) */
            bm[i] = s->kind == RP_RANGE && !s->has_b;
            em[i] = s->kind == RP_RANGE && !s->has_e;
            nm[i] = s->kind == RP_NEW_AXIS;
            sm[i] = s->kind == RP_SHRINK;
            xm[i] = s->kind == RP_ELLIPSIS;
            if (c->front == RP_TF32) {
                /* int32 cannot hold the int64 extremes: clamp them */
                int64_t bv = b64[i], ev = e64[i];
                b32[i] = bv < INT32_MIN ? INT32_MIN
                         : bv > INT32_MAX ? INT32_MAX : (int32_t)bv;
                e32[i] = ev < INT32_MIN ? INT32_MIN
                         : ev > INT32_MAX ? INT32_MAX : (int32_t)ev;
                s32[i] = (int32_t)s64[i];
            }
            if (tf) { /* at most 31 slots here */
                int32_t bit = (int32_t)((uint32_t)1 << i);
                if (bm[i]) tbm |= bit;
                if (em[i]) tem |= bit;
                if (nm[i]) tnm |= bit;
                if (sm[i]) tsm |= bit;
                if (xm[i]) txm |= bit;
            }
        }
        if (c->front == RP_TF32) {
            /* keep the case description faithful to what was passed */
            for (int i = 0; i < m; i++) {
                c->slots[i].b = c->slots[i].has_b ? b32[i] : 0;
                c->slots[i].e = c->slots[i].has_e ? e32[i] : 0;
            }
        }
        rp_expr(c, spec_text, sizeof spec_text);
        if (tf) {
            clslice_tf_spec spec;
            memset(&spec, 0, sizeof spec);
            bool i32 = c->front == RP_TF32;
            spec.index_type = i32 ? CLSLICE_INT32 : CLSLICE_INT64;
            spec.begin = i32 ? (const void *)b32 : (const void *)b64;
            spec.end = i32 ? (const void *)e32 : (const void *)e64;
            spec.strides = i32 ? (const void *)s32 : (const void *)s64;
            spec.begin_len = spec.end_len = spec.strides_len = (size_t)m;
            spec.begin_mask = tbm;
            spec.end_mask = tem;
            spec.new_axis_mask = tnm;
            spec.shrink_axis_mask = tsm;
            spec.ellipsis_mask = txm;
            st = clslice_plan_tf(c->shape, c->rank, &spec, plan, err);
        } else {
            clslice_openvino_spec spec;
            memset(&spec, 0, sizeof spec);
            spec.begin = b64;
            spec.end = e64;
            spec.strides = s64;
            spec.begin_len = spec.end_len = spec.strides_len = (size_t)m;
            spec.begin_mask = bm;
            spec.end_mask = em;
            spec.new_axis_mask = nm;
            spec.shrink_axis_mask = sm;
            spec.ellipsis_mask = xm;
            spec.begin_mask_len = spec.end_mask_len = spec.new_axis_mask_len =
                spec.shrink_axis_mask_len = spec.ellipsis_mask_len = (size_t)m;
            st = clslice_plan_openvino(c->shape, c->rank, &spec, plan, err);
        }
    } else if (c->front == RP_MXNET) {
        clslice_opt_int64 b[CLSLICE_MAX_RANK], e[CLSLICE_MAX_RANK],
            s[CLSLICE_MAX_RANK];
        bool any_step = false;
        rp_append(spec_text, sizeof spec_text, "begin=(");
        for (int i = 0; i < m; i++) {
            const rp_slot *sl = &c->slots[i];
            b[i].value = sl->b;
            b[i].is_none = !sl->has_b;
            e[i].value = sl->e;
            e[i].is_none = !sl->has_e;
            s[i].value = sl->s;
            s[i].is_none = !sl->has_s;
            any_step = any_step || sl->has_s;
            if (sl->has_b)
                rp_append(spec_text, sizeof spec_text, "%" PRId64 ",", sl->b);
            else
                rp_append(spec_text, sizeof spec_text, "None,");
        }
        rp_append(spec_text, sizeof spec_text, ") end=(");
        for (int i = 0; i < m; i++) {
            if (c->slots[i].has_e)
                rp_append(spec_text, sizeof spec_text, "%" PRId64 ",",
                          c->slots[i].e);
            else
                rp_append(spec_text, sizeof spec_text, "None,");
        }
        rp_append(spec_text, sizeof spec_text, ") step=(");
        for (int i = 0; i < m && any_step; i++) {
            if (c->slots[i].has_s)
                rp_append(spec_text, sizeof spec_text, "%" PRId64 ",",
                          c->slots[i].s);
            else
                rp_append(spec_text, sizeof spec_text, "None,");
        }
        rp_append(spec_text, sizeof spec_text, ")");
        st = clslice_plan_mxnet(c->shape, c->rank, b, (size_t)m, e, (size_t)m,
                                any_step ? s : NULL, any_step ? (size_t)m : 0,
                                plan, err);
    } else {
        int64_t starts[CLSLICE_MAX_RANK], ends[CLSLICE_MAX_RANK],
            steps[CLSLICE_MAX_RANK];
        bool any_step = false;
        for (int i = 0; i < m; i++) {
            const rp_slot *sl = &c->slots[i];
            bool neg = sl->s < 0;
            starts[i] = sl->has_b ? sl->b : (neg ? INT64_MAX : INT64_MIN);
            ends[i] = sl->has_e ? sl->e : (neg ? INT64_MIN : INT64_MAX);
            steps[i] = sl->s;
            any_step = any_step || sl->has_s;
        }
        rp_append(spec_text, sizeof spec_text, "starts=(");
        for (int i = 0; i < m; i++)
            rp_append(spec_text, sizeof spec_text, "%" PRId64 ",", starts[i]);
        rp_append(spec_text, sizeof spec_text, ") ends=(");
        for (int i = 0; i < m; i++)
            rp_append(spec_text, sizeof spec_text, "%" PRId64 ",", ends[i]);
        rp_append(spec_text, sizeof spec_text, ") axes=(");
        for (int i = 0; i < m; i++)
            rp_append(spec_text, sizeof spec_text, "%" PRId64 ",", c->axes[i]);
        rp_append(spec_text, sizeof spec_text, ") steps=(");
        for (int i = 0; i < m && any_step; i++)
            rp_append(spec_text, sizeof spec_text, "%" PRId64 ",", steps[i]);
        rp_append(spec_text, sizeof spec_text, ")");
        /* axes given (shuffled) */
        st = clslice_plan_onnx(c->shape, c->rank, starts, (size_t)m, ends,
                               (size_t)m, c->axes, (size_t)m,
                               any_step ? steps : NULL,
                               any_step ? (size_t)m : 0, plan, err);
    }
    snprintf(c->desc, sizeof c->desc, "%s %s on shape %s",
             RP_FRONT_NAME[c->front], spec_text,
             tu_shape_str(c->shape, c->rank));
    return st;
}

/* A numpy expression that slices every dim of `shape` so that hardly any
 * neighbours merge (steps, reversals, trimmed ends): this is what reaches
 * the rank-3, rank-4 and generic kernels of the device tests. */
static inline void rp_strided_expr(tu_rng *rng, const int64_t *shape,
                                   int rank, char *expr, size_t size)
{
    static const char *const ITEMS[] = {"::2", "::-1", "1:", ":-1", "::-2",
                                        "1::2", ":", "::3", "-2::-1"};
    expr[0] = '\0';
    for (int k = 0; k < rank; k++)
        rp_append(expr, size, "%s%s", k ? "," : "",
                  shape[k] > 1 ? ITEMS[tu_range(rng, 0, 8)] : ":");
}

/* A plan of rp_strided_expr on a shape of rank 3-10 with dims of 2-5 and
 * at most max_elems elements; fills c (shape, desc). */
static inline clslice_status rp_strided_case(tu_rng *rng, int64_t max_elems,
                                             rp_case *c, clslice_plan **plan)
{
    char expr[512];
    memset(c, 0, sizeof *c);
    c->rank = (int)tu_range(rng, 3, 10);
    int64_t elems = 1;
    for (int k = 0; k < c->rank; k++) {
        c->shape[k] = tu_range(rng, 2, 5);
        if (elems * c->shape[k] > max_elems)
            c->shape[k] = 1;
        elems *= c->shape[k];
    }
    rp_strided_expr(rng, c->shape, c->rank, expr, sizeof expr);
    snprintf(c->desc, sizeof c->desc, "expr [%s] on shape %s", expr,
             tu_shape_str(c->shape, c->rank));
    return clslice_plan_expr(c->shape, c->rank, expr, plan, NULL);
}

/*
 * Naive enumeration of a plan: the input element index read by every
 * output element, in output order, from clslice_plan_dim alone.  Returns
 * the number of output elements (or -1 when more than `cap`); fills
 * src[0..count-1].  Also checks every read lies inside the input.
 */
static inline int64_t rp_enumerate(const clslice_plan *plan, int64_t *src,
                                   int64_t cap)
{
    int rank = clslice_plan_input_rank(plan);
    int64_t shape[CLSLICE_MAX_RANK], start[CLSLICE_MAX_RANK],
        step[CLSLICE_MAX_RANK], count[CLSLICE_MAX_RANK],
        instride[CLSLICE_MAX_RANK], j[CLSLICE_MAX_RANK];
    clslice_plan_input_shape(plan, shape);
    int64_t total = 1;
    for (int k = 0; k < rank; k++) {
        if (clslice_plan_dim(plan, k, &start[k], &step[k], &count[k], NULL) !=
            CLSLICE_OK)
            return -2;
        if (count[k] < 0 || count[k] > shape[k])
            return -3;
        if (count[k] > 0) {
            /* first and last read inside the axis */
            int64_t last = start[k] + (count[k] - 1) * step[k];
            if (start[k] < 0 || start[k] >= shape[k] || last < 0 ||
                last >= shape[k])
                return -3;
        }
        total *= count[k];
        if (total > cap)
            return -1;
    }
    int64_t stride = 1;
    for (int k = rank - 1; k >= 0; k--) {
        instride[k] = stride;
        stride *= shape[k] > 0 ? shape[k] : 1;
    }
    if (total == 0)
        return 0;
    for (int k = 0; k < rank; k++)
        j[k] = 0;
    for (int64_t i = 0; i < total; i++) {
        int64_t at = 0;
        for (int k = 0; k < rank; k++)
            at += (start[k] + j[k] * step[k]) * instride[k];
        src[i] = at;
        for (int k = rank - 1; k >= 0; k--) {
            if (++j[k] < count[k])
                break;
            j[k] = 0;
        }
    }
    return total;
}

/* Number of input elements of a plan (shape product; assumed to fit). */
static inline int64_t rp_input_elements(const clslice_plan *plan)
{
    int64_t shape[CLSLICE_MAX_RANK];
    int rank = clslice_plan_input_rank(plan);
    clslice_plan_input_shape(plan, shape);
    int64_t total = 1;
    for (int k = 0; k < rank; k++)
        total *= shape[k];
    return total;
}

#endif
