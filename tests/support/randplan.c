/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The random plans of randplan.h: random specs on random shapes, each
 * built through its front-end with a description a failing test prints,
 * and the naive enumeration of what a plan reads.
 */
#include "randplan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const RP_FRONT_NAME[RP_FRONT_COUNT] = {
    "expr", "tf-int32", "tf-int64", "openvino", "mxnet", "onnx"};

void rp_append(char *buf, size_t size, const char *fmt, ...)
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
static void random_shape(tu_rng *rng, int rank, int64_t max_elems,
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
int rp_device_rank(tu_rng *rng)
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
size_t rp_buffer_offset(tu_rng *rng, size_t max_offset)
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

int64_t rp_random_bound(tu_rng *rng, int64_t n)
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

void rp_random_range(tu_rng *rng, int64_t n, rp_slot *s)
{
    s->kind = RP_RANGE;
    s->has_b = tu_range(rng, 0, 9) >= 3;
    s->has_e = tu_range(rng, 0, 9) >= 3;
    s->has_s = tu_range(rng, 0, 9) >= 3;
    s->b = s->has_b ? rp_random_bound(rng, n) : 0;
    s->e = s->has_e ? rp_random_bound(rng, n) : 0;
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

static rp_front random_front(tu_rng *rng, int rank)
{
    int64_t pick = tu_range(rng, 0, 19);
    rp_front front = pick < 10   ? RP_EXPR
                     : pick < 12 ? RP_TF32
                     : pick < 14 ? RP_TF64
                     : pick < 16 ? RP_OPENVINO
                     : pick < 18 ? RP_MXNET
                                 : RP_ONNX;
    if ((front == RP_MXNET || front == RP_ONNX) && rank == 0)
        return RP_EXPR;
    return front;
}

/* MXNet: ranges on the first m dims. */
static void mxnet_slots(tu_rng *rng, rp_case *c)
{
    int m = (int)tu_range(rng, 1, c->rank);
    for (int k = 0; k < m; k++)
        rp_random_range(rng, c->shape[k], &c->slots[k]);
    c->nslots = m;
}

/* ONNX: ranges on a random subset of axes in random order, each axis
 * named from the front or (negative) from the back. */
static void onnx_slots(tu_rng *rng, rp_case *c)
{
    int rank = c->rank;
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
}

/* A consuming slot on a dim of size n: now and then a shrink, else a
 * range.  Returns true for a shrink. */
static bool consuming_slot(tu_rng *rng, int64_t n, rp_slot *s)
{
    if (n > 0 && tu_range(rng, 0, 6) == 0) {
        *s = (rp_slot){.kind = RP_SHRINK,
                       .has_b = true,
                       .b = tu_range(rng, -n, n - 1),
                       .s = 1};
        return true;
    }
    rp_random_range(rng, n, s);
    return false;
}

/* The general spec (expression, TF, OpenVINO): consuming slots, maybe an
 * ellipsis, new axes at random places. */
static void general_slots(tu_rng *rng, rp_case *c)
{
    int rank = c->rank;
    bool ellipsis = tu_range(rng, 0, 9) < 3;
    int consuming = (int)tu_range(rng, 0, rank);
    int before = ellipsis ? (int)tu_range(rng, 0, consuming) : consuming;
    int covered = rank - consuming; /* dims covered by the ellipsis */
    int shrinks = 0;
    rp_slot consume[CLSLICE_MAX_RANK];
    for (int i = 0; i < consuming; i++) {
        int dim = i < before ? i : i + covered;
        shrinks += consuming_slot(rng, c->shape[dim], &consume[i]);
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

void rp_random_case(tu_rng *rng, int rank, int64_t max_elems, rp_case *c)
{
    memset(c, 0, sizeof *c);
    c->rank = rank;
    int64_t max_dim = rank <= 2 ? 40 : rank <= 4 ? 12 : rank <= 8 ? 6 : 3;
    random_shape(rng, rank, max_elems, max_dim, c->shape);
    c->front = random_front(rng, rank);
    if (c->front == RP_MXNET)
        mxnet_slots(rng, c);
    else if (c->front == RP_ONNX)
        onnx_slots(rng, c);
    else
        general_slots(rng, c);
}

/* The numpy-style expression of a general spec (front RP_EXPR). */
static void write_expr(const rp_case *c, char *buf, size_t size)
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

/* The slots of a TF or OpenVINO case as that front-end's vectors. */
typedef struct slot_vectors {
    int64_t b64[CLSLICE_MAX_SLOTS], e64[CLSLICE_MAX_SLOTS],
        s64[CLSLICE_MAX_SLOTS];
    int32_t b32[CLSLICE_MAX_SLOTS], e32[CLSLICE_MAX_SLOTS],
        s32[CLSLICE_MAX_SLOTS];
    /* OpenVINO's masks, one word per slot */
    int64_t bm[CLSLICE_MAX_SLOTS], em[CLSLICE_MAX_SLOTS], nm[CLSLICE_MAX_SLOTS],
        sm[CLSLICE_MAX_SLOTS], xm[CLSLICE_MAX_SLOTS];
    /* TF's masks, one bit per slot (at most 31 slots there) */
    int32_t tbm, tem, tnm, tsm, txm;
} slot_vectors;

static int32_t clamp32(int64_t v)
{
    return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int32_t)v;
}

static void slot_vectors_of(const rp_case *c, slot_vectors *v)
{
    bool tf = c->front != RP_OPENVINO;
    memset(v, 0, sizeof *v);
    for (int i = 0; i < c->nslots; i++) {
        const rp_slot *s = &c->slots[i];
        v->b64[i] = s->has_b ? s->b : 99;
        v->e64[i] = s->has_e ? s->e : -99;
        v->s64[i] = s->kind == RP_RANGE ? s->s : 1;
        if (tf && (s->kind == RP_NEW_AXIS || s->kind == RP_ELLIPSIS))
            v->s64[i] = 0; /* ignored there (docs/SEMANTICS.md §3) */
        v->bm[i] = s->kind == RP_RANGE && !s->has_b;
        v->em[i] = s->kind == RP_RANGE && !s->has_e;
        v->nm[i] = s->kind == RP_NEW_AXIS;
        v->sm[i] = s->kind == RP_SHRINK;
        v->xm[i] = s->kind == RP_ELLIPSIS;
        /* int32 cannot hold the int64 extremes: clamp them */
        v->b32[i] = clamp32(v->b64[i]);
        v->e32[i] = clamp32(v->e64[i]);
        v->s32[i] = (int32_t)v->s64[i];
        if (tf) {
            int32_t bit = (int32_t)((uint32_t)1 << i);
            v->tbm |= v->bm[i] ? bit : 0;
            v->tem |= v->em[i] ? bit : 0;
            v->tnm |= v->nm[i] ? bit : 0;
            v->tsm |= v->sm[i] ? bit : 0;
            v->txm |= v->xm[i] ? bit : 0;
        }
    }
}

static clslice_status build_tf(const rp_case *c, const slot_vectors *v,
                               const rp_target *t, clslice_error *err)
{
    bool i32 = c->front == RP_TF32;
    size_t m = (size_t)c->nslots;
    clslice_tf_spec spec = {
        .index_type = i32 ? CLSLICE_INT32 : CLSLICE_INT64,
        .begin = i32 ? (const void *)v->b32 : (const void *)v->b64,
        .end = i32 ? (const void *)v->e32 : (const void *)v->e64,
        .strides = i32 ? (const void *)v->s32 : (const void *)v->s64,
        .begin_len = m,
        .end_len = m,
        .strides_len = m,
        .begin_mask = v->tbm,
        .end_mask = v->tem,
        .new_axis_mask = v->tnm,
        .shrink_axis_mask = v->tsm,
        .ellipsis_mask = v->txm,
    };
    return RP_CALL_FORM(t, tf, err, c->shape, c->rank, &spec);
}

static clslice_status build_openvino(const rp_case *c, const slot_vectors *v,
                                     const rp_target *t, clslice_error *err)
{
    size_t m = (size_t)c->nslots;
    clslice_openvino_spec spec = {
        .begin = v->b64,
        .end = v->e64,
        .strides = v->s64,
        .begin_len = m,
        .end_len = m,
        .strides_len = m,
        .begin_mask = v->bm,
        .end_mask = v->em,
        .new_axis_mask = v->nm,
        .shrink_axis_mask = v->sm,
        .ellipsis_mask = v->xm,
        .begin_mask_len = m,
        .end_mask_len = m,
        .new_axis_mask_len = m,
        .shrink_axis_mask_len = m,
        .ellipsis_mask_len = m,
    };
    return RP_CALL_FORM(t, openvino, err, c->shape, c->rank, &spec);
}

static clslice_status build_tf_or_openvino(rp_case *c, char *text, size_t size,
                                           const rp_target *t,
                                           clslice_error *err)
{
    slot_vectors v;
    slot_vectors_of(c, &v);
    if (c->front == RP_TF32) {
        /* keep the case description faithful to what was passed */
        for (int i = 0; i < c->nslots; i++) {
            c->slots[i].b = c->slots[i].has_b ? v.b32[i] : 0;
            c->slots[i].e = c->slots[i].has_e ? v.e32[i] : 0;
        }
    }
    write_expr(c, text, size);
    if (c->front == RP_OPENVINO)
        return build_openvino(c, &v, t, err);
    return build_tf(c, &v, t, err);
}

/* "name=(a,b,None,)": the optional values of one MXNet argument. */
static void append_optional(char *text, size_t size, const char *name,
                            const clslice_opt_int64 *v, int m)
{
    rp_append(text, size, "%s=(", name);
    for (int i = 0; i < m; i++) {
        if (v[i].is_none)
            rp_append(text, size, "None,");
        else
            rp_append(text, size, "%" PRId64 ",", v[i].value);
    }
    rp_append(text, size, ")");
}

static clslice_status build_mxnet(const rp_case *c, char *text, size_t size,
                                  const rp_target *t, clslice_error *err)
{
    /* zeroed: GCC cannot see that only the first m are read */
    clslice_opt_int64 b[CLSLICE_MAX_RANK] = {0}, e[CLSLICE_MAX_RANK] = {0},
                      s[CLSLICE_MAX_RANK] = {0};
    bool any_step = false;
    int m = c->nslots;
    for (int i = 0; i < m; i++) {
        const rp_slot *sl = &c->slots[i];
        b[i] = (clslice_opt_int64){.value = sl->b, .is_none = !sl->has_b};
        e[i] = (clslice_opt_int64){.value = sl->e, .is_none = !sl->has_e};
        s[i] = (clslice_opt_int64){.value = sl->s, .is_none = !sl->has_s};
        any_step = any_step || sl->has_s;
    }
    append_optional(text, size, "begin", b, m);
    append_optional(text, size, " end", e, m);
    append_optional(text, size, " step", s, any_step ? m : 0);
    return RP_CALL_FORM(t, mxnet, err, c->shape, c->rank, b, (size_t)m, e,
                        (size_t)m, any_step ? s : NULL,
                        any_step ? (size_t)m : 0);
}

/* "name=(a,b,)": one ONNX input. */
static void append_values(char *text, size_t size, const char *name,
                          const int64_t *v, int m)
{
    rp_append(text, size, "%s=(", name);
    for (int i = 0; i < m; i++)
        rp_append(text, size, "%" PRId64 ",", v[i]);
    rp_append(text, size, ")");
}

static clslice_status build_onnx(const rp_case *c, char *text, size_t size,
                                 const rp_target *t, clslice_error *err)
{
    int64_t starts[CLSLICE_MAX_RANK], ends[CLSLICE_MAX_RANK],
        steps[CLSLICE_MAX_RANK];
    bool any_step = false;
    int m = c->nslots;
    for (int i = 0; i < m; i++) {
        const rp_slot *sl = &c->slots[i];
        bool neg = sl->s < 0;
        starts[i] = sl->has_b ? sl->b : (neg ? INT64_MAX : INT64_MIN);
        ends[i] = sl->has_e ? sl->e : (neg ? INT64_MIN : INT64_MAX);
        steps[i] = sl->s;
        any_step = any_step || sl->has_s;
    }
    append_values(text, size, "starts", starts, m);
    append_values(text, size, " ends", ends, m);
    append_values(text, size, " axes", c->axes, m);
    append_values(text, size, " steps", steps, any_step ? m : 0);
    /* axes given (shuffled) */
    return RP_CALL_FORM(t, onnx, err, c->shape, c->rank, starts, (size_t)m,
                        ends, (size_t)m, c->axes, (size_t)m,
                        any_step ? steps : NULL, any_step ? (size_t)m : 0);
}

clslice_status rp_build(rp_case *c, clslice_plan **plan, clslice_error *err)
{
    return rp_build_to(c, &(rp_target){.form = RP_HEAP, .heap = plan}, err);
}

clslice_status rp_build_to(rp_case *c, const rp_target *t,
                           clslice_error *err)
{
    char text[3000] = "";
    clslice_status st;
    if (c->front == RP_EXPR) {
        write_expr(c, text, sizeof text);
        st = RP_CALL_FORM(t, expr, err, c->shape, c->rank, text);
    } else if (c->front == RP_MXNET) {
        st = build_mxnet(c, text, sizeof text, t, err);
    } else if (c->front == RP_ONNX) {
        st = build_onnx(c, text, sizeof text, t, err);
    } else {
        st = build_tf_or_openvino(c, text, sizeof text, t, err);
    }
    snprintf(c->desc, sizeof c->desc, "%s %s on shape %s",
             RP_FRONT_NAME[c->front], text, tu_shape_str(c->shape, c->rank));
    return st;
}

/* A numpy expression that slices every dim of `shape` so that hardly any
 * neighbours merge (steps, reversals, trimmed ends): this is what reaches
 * the rank-3, rank-4 and generic kernels of the device tests. */
static void strided_expr(tu_rng *rng, const int64_t *shape, int rank,
                         char *expr, size_t size)
{
    static const char *const ITEMS[] = {"::2",  "::-1", "1:",  ":-1",   "::-2",
                                        "1::2", ":",    "::3", "-2::-1"};
    expr[0] = '\0';
    for (int k = 0; k < rank; k++)
        rp_append(expr, size, "%s%s", k ? "," : "",
                  shape[k] > 1 ? ITEMS[tu_range(rng, 0, 8)] : ":");
}

/* A plan of strided_expr on a shape of rank 3-10 with dims of 2-5 and
 * at most max_elems elements; fills c (shape, desc). */
clslice_status rp_strided_case(tu_rng *rng, int64_t max_elems, rp_case *c,
                               clslice_plan **plan)
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
    strided_expr(rng, c->shape, c->rank, expr, sizeof expr);
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
int64_t rp_enumerate(const clslice_plan *plan, int64_t *src, int64_t cap)
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
int64_t rp_input_elements(const clslice_plan *plan)
{
    int64_t shape[CLSLICE_MAX_RANK];
    int rank = clslice_plan_input_rank(plan);
    clslice_plan_input_shape(plan, shape);
    int64_t total = 1;
    for (int k = 0; k < rank; k++)
        total *= shape[k];
    return total;
}
