/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Exhaustive per-axis sweep of every front-end.
 *
 * For every axis size n in 0..6, every begin and end in -9..9 or missing and
 * every step in +-1..+-3 (and missing, where a front-end allows it), each
 * front-end variant builds a plan and the plan's start/step/count and output
 * shape are compared against a brute-force reference.  The reference does
 * not use the library's normaliser: it resolves begin/end the way each
 * framework documents it (PySlice_AdjustIndices for numpy/TF/MXNet, the
 * OpenVINO/ONNX begin clamp for negative steps; docs/SEMANTICS.md §2, §4,
 * §6) and then enumerates the selected indices by walking first,
 * first+step, ...
 *
 * Then shrink (integer) slots for every index -9..9, and the int64
 * extremes (INT64_MIN/INT64_MAX bounds and steps, axes of 2^62 and
 * INT64_MAX elements) checked against 128-bit arithmetic.
 */
#include "testutil.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

__extension__ typedef __int128 i128;

static long long g_combos;  /* plans built and checked */
static char g_ctx[512];     /* description of the case being checked */

#define EXPECT(cond)                                                      \
    do {                                                                  \
        if (!(cond)) {                                                    \
            print_error("%s:%d: check failed: %s\n  case: %s\n", __FILE__, \
                        __LINE__, #cond, g_ctx);                          \
            fail();                                                       \
        }                                                                 \
    } while (0)

#define EXPECT_EQ64(actual, expected)                                      \
    do {                                                                   \
        int64_t a_ = (actual), e_ = (expected);                            \
        if (a_ != e_) {                                                    \
            print_error("%s:%d: %s is %" PRId64 ", expected %" PRId64      \
                        "\n  case: %s\n",                                  \
                        __FILE__, __LINE__, #actual, a_, e_, g_ctx);       \
            fail();                                                        \
        }                                                                  \
    } while (0)

/* ------------------------------------------------------------------------ */
/* Reference                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct bound {
    bool has;
    int64_t v;
} bound;

static const bound MISSING = {false, 0};

static bound given(int64_t v)
{
    bound b = {true, v};
    return b;
}

typedef enum rule {
    /* Python slices: a given bound clamps to [-1, n-1] for a negative step */
    RULE_PYTHON,
    /* OpenVINO / ONNX: a given begin clamps to [0, n-1] for a negative step */
    RULE_BEGIN_TO_ZERO
} rule;

typedef struct ref {
    int64_t count;
    int64_t first; /* 0 when count is 0 */
} ref;

/* Axes up to this size are enumerated index by index. */
#define WALK_LIMIT 64

/*
 * Resolves where the walk starts and where it stops (exclusive), as the
 * frameworks describe it, and enumerates the indices.
 */
static ref reference(int64_t n, bound b, bound e, int64_t s, rule r)
{
    ref out = {0, 0};
    if (n == 0) /* docs/SEMANTICS.md §2: size 0 always gives count 0 */
        return out;
    const i128 N = n, S = s;
    i128 first, stop;

    /* Where the walk starts. */
    if (!b.has) {
        first = s > 0 ? 0 : N - 1;
    } else {
        first = b.v;
        if (first < 0) /* from the end, once */
            first += N;
        if (s > 0) { /* PySlice_AdjustIndices */
            if (first < 0)
                first = 0;
            else if (first >= N)
                first = N;
        } else if (r == RULE_PYTHON) {
            if (first < 0)
                first = -1;
            else if (first >= N)
                first = N - 1;
        } else { /* OpenVINO make_slice_plan: max(0, min(n - 1, x)) */
            if (first > N - 1)
                first = N - 1;
            if (first < 0)
                first = 0;
        }
    }

    /* Where it stops (never reached). */
    if (!e.has) {
        stop = s > 0 ? N : -1; /* "past the end" / "before index 0" */
    } else {
        stop = e.v;
        if (stop < 0)
            stop += N;
        if (s > 0) {
            if (stop < 0)
                stop = 0;
            else if (stop >= N)
                stop = N;
        } else {
            if (stop < 0)
                stop = -1;
            else if (stop >= N)
                stop = N - 1;
        }
    }

    /* Closed form in 128 bits (used alone for huge axes, and to check the
     * walk for small ones). */
    i128 closed = 0;
    if (s > 0 && stop > first)
        closed = (stop - first + S - 1) / S;
    else if (s < 0 && first > stop)
        closed = (first - stop + (-S) - 1) / (-S);

    if (n > WALK_LIMIT) {
        out.count = (int64_t)closed;
        out.first = closed > 0 ? (int64_t)first : 0;
        return out;
    }

    int64_t count = 0;
    for (i128 i = first; s > 0 ? i < stop : i > stop; i += S) {
        /* every index visited must lie in the axis */
        if (i < 0 || i >= N) {
            print_error("reference walked out of the axis\n  case: %s\n",
                        g_ctx);
            fail();
        }
        if (count == 0)
            out.first = (int64_t)i;
        count++;
        if (count > n) {
            print_error("reference walk does not terminate\n  case: %s\n",
                        g_ctx);
            fail();
        }
    }
    out.count = count;
    if ((i128)count != closed) {
        print_error("reference closed form disagrees with walk\n  case: %s\n",
                    g_ctx);
        fail();
    }
    return out;
}

/* ------------------------------------------------------------------------ */
/* Front-end variants                                                        */
/* ------------------------------------------------------------------------ */

typedef enum variant {
    V_EXPR_1D,      /* "[b:e:s]" / "[b:e]" on (n) */
    V_EXPR_3D,      /* "[:, b:e:s]" / "[:, b:e:]" on (2, n, 3) */
    V_EXPR_ELL,     /* "...,b:e:s" (no brackets) on (2, 3, n) */
    V_TF32,         /* masks for missing bounds, int32 arrays, on (n) */
    V_TF64,         /* same, int64 arrays */
    V_TF64_3D,      /* masked full slot + range, implicit ellipsis, (2,n,3) */
    V_TF32_ELL,     /* explicit ellipsis (stride 0) + range, on (2,3,n) */
    V_OV,           /* mask vectors of length 1, strides NULL when missing */
    V_OV_LONG,      /* mask vectors longer than begin (extra entries 1) */
    V_OV_ELL,       /* ellipsis + range on (2,3,n) */
    V_MX_STEPLEN0,  /* None bounds; missing step -> step_len 0 */
    V_MX_STEPNONE,  /* None bounds; missing step -> step (None) */
    V_MX_3D,        /* (None, b), (None, e), (None, s) on (2,n,3) */
    V_ONNX,         /* axes NULL; missing bounds -> INT64_MIN/INT64_MAX */
    V_ONNX_AXIS0,   /* axes {0} */
    V_ONNX_AXISNEG, /* axes {-1} */
    V_ONNX_3D,      /* axes {1} / {-2} on (2,n,3) */
    V_COUNT
} variant;

static const char *const VARIANT_NAME[V_COUNT] = {
    "expr-1d", "expr-3d", "expr-ellipsis", "tf-int32", "tf-int64",
    "tf-int64-3d", "tf-int32-ellipsis", "openvino", "openvino-long-masks",
    "openvino-ellipsis", "mxnet-steplen0", "mxnet-step-none", "mxnet-3d",
    "onnx", "onnx-axis0", "onnx-axis-neg", "onnx-3d"};

static bool variant_rule_begin_to_zero(variant v)
{
    return v == V_OV || v == V_OV_LONG || v == V_OV_ELL || v == V_ONNX ||
           v == V_ONNX_AXIS0 || v == V_ONNX_AXISNEG || v == V_ONNX_3D;
}

static bool variant_can_omit_step(variant v)
{
    return !(v == V_TF32 || v == V_TF64 || v == V_TF64_3D || v == V_TF32_ELL);
}

static bool variant_is_int32(variant v)
{
    return v == V_TF32 || v == V_TF32_ELL;
}

/* Where the sliced axis sits in the input. */
typedef struct layout3 {
    int rank;
    int dim;           /* the sliced input dimension */
    int64_t shape[3];
} layout3;

static layout3 variant_shape(variant v, int64_t n)
{
    layout3 l;
    memset(&l, 0, sizeof l);
    switch (v) {
    case V_EXPR_3D:
    case V_TF64_3D:
    case V_MX_3D:
    case V_ONNX_3D:
        l.rank = 3;
        l.dim = 1;
        l.shape[0] = 2;
        l.shape[1] = n;
        l.shape[2] = 3;
        break;
    case V_EXPR_ELL:
    case V_TF32_ELL:
    case V_OV_ELL:
        l.rank = 3;
        l.dim = 2;
        l.shape[0] = 2;
        l.shape[1] = 3;
        l.shape[2] = n;
        break;
    default:
        l.rank = 1;
        l.dim = 0;
        l.shape[0] = n;
        break;
    }
    return l;
}

static int fmt_bound(char *buf, size_t size, bound b)
{
    if (!b.has)
        return snprintf(buf, size, "%s", "");
    return snprintf(buf, size, "%" PRId64, b.v);
}

/* Builds the plan of one variant.  has_s false: step missing (1). */
static clslice_status build(variant v, const layout3 *l, bound b, bound e,
                            bool has_s, int64_t s, unsigned salt,
                            clslice_plan **plan, clslice_error *err)
{
    char bs[32], es[32], expr[128];
    fmt_bound(bs, sizeof bs, b);
    fmt_bound(es, sizeof es, e);
    /* values put into masked / None slots: must be ignored */
    const int64_t junk64[4] = {INT64_MIN, INT64_MAX, 7, -5};
    const int32_t junk32[4] = {INT32_MIN, INT32_MAX, 7, -5};
    const int64_t j64 = junk64[salt % 4];
    const int32_t j32 = junk32[salt % 4];

    switch (v) {
    case V_EXPR_1D:
        if (has_s)
            snprintf(expr, sizeof expr, "[%s:%s:%" PRId64 "]", bs, es, s);
        else
            snprintf(expr, sizeof expr, "[%s:%s]", bs, es);
        return clslice_plan_expr(l->shape, l->rank, expr, plan, err);
    case V_EXPR_3D:
        if (has_s)
            snprintf(expr, sizeof expr, "[:, %s:%s:%" PRId64 "]", bs, es, s);
        else
            snprintf(expr, sizeof expr, "[:, %s:%s:]", bs, es);
        return clslice_plan_expr(l->shape, l->rank, expr, plan, err);
    case V_EXPR_ELL:
        if (has_s)
            snprintf(expr, sizeof expr, "..., %s : %s : %" PRId64, bs, es, s);
        else
            snprintf(expr, sizeof expr, "...,%s:%s", bs, es);
        return clslice_plan_expr(l->shape, l->rank, expr, plan, err);

    case V_TF32:
    case V_TF64: {
        int32_t b32 = b.has ? (int32_t)b.v : j32, e32 = e.has ? (int32_t)e.v : j32;
        int32_t s32 = (int32_t)s;
        int64_t b64 = b.has ? b.v : j64, e64 = e.has ? e.v : j64;
        clslice_tf_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.index_type = v == V_TF32 ? CLSLICE_INT32 : CLSLICE_INT64;
        spec.begin = v == V_TF32 ? (const void *)&b32 : (const void *)&b64;
        spec.end = v == V_TF32 ? (const void *)&e32 : (const void *)&e64;
        spec.strides = v == V_TF32 ? (const void *)&s32 : (const void *)&s;
        spec.begin_len = spec.end_len = spec.strides_len = 1;
        /* bits >= m are ignored (implicit ellipsis at slot m) */
        spec.begin_mask = (b.has ? 0 : 1) | (salt & 1 ? 0x6 : 0);
        spec.end_mask = (e.has ? 0 : 1) | (salt & 2 ? 0x4 : 0);
        spec.shrink_axis_mask = salt & 4 ? 0x2 : 0;
        spec.new_axis_mask = salt & 8 ? 0x8 : 0;
        return clslice_plan_tf(l->shape, l->rank, &spec, plan, err);
    }
    case V_TF64_3D: {
        int64_t bb[2] = {j64, b.has ? b.v : j64};
        int64_t ee[2] = {j64, e.has ? e.v : j64};
        int64_t ss[2] = {1, s};
        clslice_tf_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.index_type = CLSLICE_INT64;
        spec.begin = bb;
        spec.end = ee;
        spec.strides = ss;
        spec.begin_len = spec.end_len = spec.strides_len = 2;
        spec.begin_mask = 1 | (b.has ? 0 : 2);
        spec.end_mask = 1 | (e.has ? 0 : 2);
        return clslice_plan_tf(l->shape, l->rank, &spec, plan, err);
    }
    case V_TF32_ELL: {
        int32_t bb[2] = {j32, b.has ? (int32_t)b.v : j32};
        int32_t ee[2] = {j32, e.has ? (int32_t)e.v : j32};
        int32_t ss[2] = {0, (int32_t)s}; /* stride 0 allowed on the ellipsis */
        clslice_tf_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.index_type = CLSLICE_INT32;
        spec.begin = bb;
        spec.end = ee;
        spec.strides = ss;
        spec.begin_len = spec.end_len = spec.strides_len = 2;
        spec.ellipsis_mask = 1;
        spec.begin_mask = (salt & 1) | (b.has ? 0 : 2);
        spec.end_mask = (salt & 2 ? 1 : 0) | (e.has ? 0 : 2);
        return clslice_plan_tf(l->shape, l->rank, &spec, plan, err);
    }

    case V_OV:
    case V_OV_LONG: {
        int64_t b64 = b.has ? b.v : j64, e64 = e.has ? e.v : j64;
        int64_t bm[3] = {b.has ? 0 : 1, 1, 1};
        int64_t em[3] = {e.has ? 0 : 1, 1, 1};
        int64_t ones[3] = {0, 1, 1};
        clslice_openvino_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.begin = &b64;
        spec.end = &e64;
        spec.begin_len = spec.end_len = 1;
        if (has_s) {
            spec.strides = &s;
            spec.strides_len = 1;
        }
        if (v == V_OV) {
            /* a mask vector of length 0 means all zero */
            if (!b.has) {
                spec.begin_mask = bm;
                spec.begin_mask_len = 1;
            }
            if (!e.has) {
                spec.end_mask = em;
                spec.end_mask_len = 1;
            }
        } else {
            /* entries beyond len(begin) are ignored */
            spec.begin_mask = bm;
            spec.begin_mask_len = 3;
            spec.end_mask = em;
            spec.end_mask_len = 3;
            spec.new_axis_mask = ones;
            spec.new_axis_mask_len = 3;
            spec.shrink_axis_mask = ones;
            spec.shrink_axis_mask_len = 2;
        }
        return clslice_plan_openvino(l->shape, l->rank, &spec, plan, err);
    }
    case V_OV_ELL: {
        int64_t bb[2] = {j64, b.has ? b.v : j64};
        int64_t ee[2] = {j64, e.has ? e.v : j64};
        int64_t ss[2] = {1, s};
        int64_t ell[2] = {1, 0};
        int64_t bm[2] = {(int64_t)(salt & 1), b.has ? 0 : 1};
        int64_t em[2] = {0, e.has ? 0 : 1};
        clslice_openvino_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.begin = bb;
        spec.end = ee;
        spec.begin_len = spec.end_len = 2;
        if (has_s) {
            spec.strides = ss;
            spec.strides_len = 2;
        }
        spec.ellipsis_mask = ell;
        spec.ellipsis_mask_len = 2;
        spec.begin_mask = bm;
        spec.begin_mask_len = 2;
        spec.end_mask = em;
        spec.end_mask_len = 2;
        return clslice_plan_openvino(l->shape, l->rank, &spec, plan, err);
    }

    case V_MX_STEPLEN0:
    case V_MX_STEPNONE: {
        clslice_opt_int64 bo = {b.has ? b.v : j64, !b.has};
        clslice_opt_int64 eo = {e.has ? e.v : j64, !e.has};
        clslice_opt_int64 so = {has_s ? s : j64, !has_s};
        size_t step_len = (has_s || v == V_MX_STEPNONE) ? 1 : 0;
        return clslice_plan_mxnet(l->shape, l->rank, &bo, 1, &eo, 1,
                                  step_len ? &so : NULL, step_len, plan, err);
    }
    case V_MX_3D: {
        clslice_opt_int64 bo[2] = {{j64, 1}, {b.has ? b.v : j64, !b.has}};
        clslice_opt_int64 eo[2] = {{j64, 1}, {e.has ? e.v : j64, !e.has}};
        clslice_opt_int64 so[2] = {{j64, 1}, {has_s ? s : j64, !has_s}};
        return clslice_plan_mxnet(l->shape, l->rank, bo, 2, eo, 2, so, 2,
                                  plan, err);
    }

    case V_ONNX:
    case V_ONNX_AXIS0:
    case V_ONNX_AXISNEG:
    case V_ONNX_3D: {
        /* ONNX has no missing bounds: INT64_MAX / INT64_MIN stand for "to
         * the end" / "through index 0" (docs/SEMANTICS.md §6). */
        bool neg = has_s && s < 0;
        int64_t st = b.has ? b.v : (neg ? INT64_MAX : INT64_MIN);
        int64_t en = e.has ? e.v : (neg ? INT64_MIN : INT64_MAX);
        int64_t axis = 0;
        const int64_t *axes = NULL;
        size_t axes_len = 0;
        if (v == V_ONNX_AXIS0) {
            axes = &axis;
            axes_len = 1;
        } else if (v == V_ONNX_AXISNEG) {
            axis = -1;
            axes = &axis;
            axes_len = 1;
        } else if (v == V_ONNX_3D) {
            axis = salt & 1 ? -2 : 1;
            axes = &axis;
            axes_len = 1;
        }
        return clslice_plan_onnx(l->shape, l->rank, &st, 1, &en, 1, axes,
                                 axes_len, has_s ? &s : NULL, has_s ? 1 : 0,
                                 plan, err);
    }
    case V_COUNT:
        break;
    }
    return CLSLICE_ERROR_ARGUMENT;
}

static void describe(variant v, const layout3 *l, bound b, bound e,
                     bool has_s, int64_t s)
{
    char bs[32], es[32], ss[32];
    fmt_bound(bs, sizeof bs, b);
    fmt_bound(es, sizeof es, e);
    if (has_s)
        snprintf(ss, sizeof ss, "%" PRId64, s);
    else
        ss[0] = '\0';
    snprintf(g_ctx, sizeof g_ctx,
             "%s on shape %s (axis %d): begin=%s end=%s step=%s",
             VARIANT_NAME[v], tu_shape_str(l->shape, l->rank), l->dim,
             b.has ? bs : "missing", e.has ? es : "missing",
             has_s ? ss : "missing");
}

/* Checks one dimension of a plan against (count, first, step). */
static void check_dim(const clslice_plan *plan, int dim, ref want, int64_t s)
{
    int64_t start = -77, step = -77, count = -77;
    clslice_error err;
    clslice_status st = clslice_plan_dim(plan, dim, &start, &step, &count, &err);
    EXPECT(st == CLSLICE_OK);
    EXPECT_EQ64(count, want.count);
    EXPECT_EQ64(start, want.first); /* 0 when count is 0 (clslice.h) */
    if (count >= 1)
        EXPECT_EQ64(step, s);
    EXPECT(step != 0);
    EXPECT(!clslice_plan_dim_is_shrunk(plan, dim));
}

/* Checks a whole-kept dimension. */
static void check_whole(const clslice_plan *plan, int dim, int64_t n)
{
    int64_t start = -77, step = -77, count = -77;
    EXPECT(clslice_plan_dim(plan, dim, &start, &step, &count, NULL) ==
           CLSLICE_OK);
    EXPECT_EQ64(count, n);
    EXPECT_EQ64(start, 0);
    EXPECT_EQ64(step, 1);
}

/* Builds one variant and checks the plan against the reference. */
static void check_range(variant v, int64_t n, bound b, bound e, bool has_s,
                        int64_t s, unsigned salt)
{
    layout3 l = variant_shape(v, n);
    describe(v, &l, b, e, has_s, s);
    int64_t step = has_s ? s : 1;
    ref want = reference(n, b, e, step,
                         variant_rule_begin_to_zero(v) ? RULE_BEGIN_TO_ZERO
                                                       : RULE_PYTHON);
    clslice_plan *plan = NULL;
    clslice_error err;
    memset(&err, 0x55, sizeof err);
    clslice_status st = build(v, &l, b, e, has_s, s, salt, &plan, &err);
    if (st != CLSLICE_OK) {
        print_error("plan failed: %s (%s)\n  case: %s\n",
                    clslice_status_string(st), err.message, g_ctx);
        fail();
    }
    EXPECT(err.status == CLSLICE_OK && err.message[0] == '\0');
    EXPECT(plan != NULL);
    EXPECT(clslice_plan_input_rank(plan) == l.rank);
    EXPECT(clslice_plan_is_known(plan));
    check_dim(plan, l.dim, want, step);
    for (int k = 0; k < l.rank; k++)
        if (k != l.dim)
            check_whole(plan, k, l.shape[k]);

    int64_t out[CLSLICE_MAX_RANK];
    EXPECT(clslice_plan_output_rank(plan) == l.rank);
    clslice_plan_output_shape(plan, out);
    int64_t elements = 1;
    for (int k = 0; k < l.rank; k++) {
        int64_t expect = k == l.dim ? want.count : l.shape[k];
        EXPECT_EQ64(out[k], expect);
        EXPECT(clslice_plan_output_source(plan, k) == k);
        elements *= expect;
    }
    EXPECT_EQ64(clslice_plan_output_elements(plan), elements);
    clslice_plan_release(&plan);
    EXPECT(plan == NULL);
    g_combos++;
}

/* ------------------------------------------------------------------------ */
/* The range sweep                                                           */
/* ------------------------------------------------------------------------ */

static void sweep_variant(variant v)
{
    unsigned salt = 0;
    for (int64_t n = 0; n <= 6; n++)
        for (int bi = -10; bi <= 9; bi++)
            for (int ei = -10; ei <= 9; ei++)
                for (int si = -3; si <= 3; si++) {
                    bool has_s = si != 0;
                    if (!has_s && !variant_can_omit_step(v))
                        continue;
                    bound b = bi == -10 ? MISSING : given(bi);
                    bound e = ei == -10 ? MISSING : given(ei);
                    check_range(v, n, b, e, has_s, si, salt++);
                }
}

#define SWEEP_TEST(name, v)                   \
    static void name(void **state)            \
    {                                         \
        (void)state;                          \
        sweep_variant(v);                     \
    }

SWEEP_TEST(test_sweep_expr_1d, V_EXPR_1D)
SWEEP_TEST(test_sweep_expr_3d, V_EXPR_3D)
SWEEP_TEST(test_sweep_expr_ellipsis, V_EXPR_ELL)
SWEEP_TEST(test_sweep_tf_int32, V_TF32)
SWEEP_TEST(test_sweep_tf_int64, V_TF64)
SWEEP_TEST(test_sweep_tf_int64_3d, V_TF64_3D)
SWEEP_TEST(test_sweep_tf_int32_ellipsis, V_TF32_ELL)
SWEEP_TEST(test_sweep_openvino, V_OV)
SWEEP_TEST(test_sweep_openvino_long_masks, V_OV_LONG)
SWEEP_TEST(test_sweep_openvino_ellipsis, V_OV_ELL)
SWEEP_TEST(test_sweep_mxnet_steplen0, V_MX_STEPLEN0)
SWEEP_TEST(test_sweep_mxnet_step_none, V_MX_STEPNONE)
SWEEP_TEST(test_sweep_mxnet_3d, V_MX_3D)
SWEEP_TEST(test_sweep_onnx, V_ONNX)
SWEEP_TEST(test_sweep_onnx_axis0, V_ONNX_AXIS0)
SWEEP_TEST(test_sweep_onnx_axis_neg, V_ONNX_AXISNEG)
SWEEP_TEST(test_sweep_onnx_3d, V_ONNX_3D)

/* The reference itself, on the consequences docs/SEMANTICS.md §2 and §4
 * single out. */
static void test_reference_spot_checks(void **state)
{
    (void)state;
    snprintf(g_ctx, sizeof g_ctx, "reference spot checks");
    ref r;
    r = reference(5, given(3), given(-1), -1, RULE_PYTHON); /* x[3:-1:-1] */
    EXPECT(r.count == 0);
    r = reference(5, given(-100), MISSING, -1, RULE_PYTHON); /* x[-100::-1] */
    EXPECT(r.count == 0);
    r = reference(5, given(100), given(-100), -1, RULE_PYTHON);
    EXPECT(r.count == 5 && r.first == 4);
    r = reference(5, given(-100), MISSING, -1, RULE_BEGIN_TO_ZERO);
    EXPECT(r.count == 1 && r.first == 0); /* OpenVINO: one element */
    r = reference(5, given(2), given(2), 1, RULE_BEGIN_TO_ZERO);
    EXPECT(r.count == 0);
    r = reference(5, MISSING, MISSING, -1, RULE_BEGIN_TO_ZERO); /* ::-1 */
    EXPECT(r.count == 5 && r.first == 4);
    r = reference(6, given(-2), given(0), -2, RULE_PYTHON); /* 4, 2 */
    EXPECT(r.count == 2 && r.first == 4);
    r = reference(6, given(1), MISSING, 4, RULE_PYTHON); /* 1, 5 */
    EXPECT(r.count == 2 && r.first == 1);
    /* ONNX extremes mean the same as missing bounds */
    for (int64_t n = 0; n <= 6; n++)
        for (int s = -3; s <= 3; s++) {
            if (s == 0)
                continue;
            ref a = reference(n, MISSING, MISSING, s, RULE_BEGIN_TO_ZERO);
            ref c = reference(n, given(s > 0 ? INT64_MIN : INT64_MAX),
                              given(s > 0 ? INT64_MAX : INT64_MIN), s,
                              RULE_BEGIN_TO_ZERO);
            EXPECT(a.count == c.count && a.first == c.first);
            int abs_s = s < 0 ? -s : s;
            EXPECT(a.count == (n + abs_s - 1) / abs_s);
            EXPECT(a.count == 0 || a.first == (s > 0 ? 0 : n - 1));
        }
}

/* ------------------------------------------------------------------------ */
/* Shrink slots                                                              */
/* ------------------------------------------------------------------------ */

typedef enum shrink_variant {
    S_TF32,
    S_TF64,
    S_OV,          /* stride 1 */
    S_OV_NEG,      /* stride -1: any sign accepted */
    S_OV_NOSTRIDE, /* strides NULL */
    S_EXPR_1D,     /* "[k]" */
    S_EXPR_3D,     /* "[:, k]" on (2, n, 3) */
    S_COUNT
} shrink_variant;

static const char *const SHRINK_NAME[S_COUNT] = {
    "tf-int32", "tf-int64", "openvino", "openvino-stride-1",
    "openvino-no-strides", "expr-1d", "expr-3d"};

static clslice_status build_shrink(shrink_variant v, const int64_t *shape,
                                   int rank, int64_t k, clslice_plan **plan,
                                   clslice_error *err)
{
    char expr[64];
    switch (v) {
    case S_TF32:
    case S_TF64: {
        int32_t b32 = (int32_t)k, e32 = INT32_MIN, s32 = 1;
        int64_t b64 = k, e64 = INT64_MIN, s64 = 1;
        clslice_tf_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.index_type = v == S_TF32 ? CLSLICE_INT32 : CLSLICE_INT64;
        spec.begin = v == S_TF32 ? (const void *)&b32 : (const void *)&b64;
        spec.end = v == S_TF32 ? (const void *)&e32 : (const void *)&e64;
        spec.strides = v == S_TF32 ? (const void *)&s32 : (const void *)&s64;
        spec.begin_len = spec.end_len = spec.strides_len = 1;
        spec.shrink_axis_mask = 1;
        spec.begin_mask = (int32_t)(k & 2) >> 1; /* ignored on a shrink */
        spec.end_mask = 1;
        return clslice_plan_tf(shape, rank, &spec, plan, err);
    }
    case S_OV:
    case S_OV_NEG:
    case S_OV_NOSTRIDE: {
        int64_t b = k, e = INT64_MAX, s = v == S_OV_NEG ? -1 : 1;
        int64_t one = 1;
        clslice_openvino_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.begin = &b;
        spec.end = &e;
        spec.begin_len = spec.end_len = 1;
        if (v != S_OV_NOSTRIDE) {
            spec.strides = &s;
            spec.strides_len = 1;
        }
        spec.shrink_axis_mask = &one;
        spec.shrink_axis_mask_len = 1;
        return clslice_plan_openvino(shape, rank, &spec, plan, err);
    }
    case S_EXPR_1D:
        snprintf(expr, sizeof expr, "[%" PRId64 "]", k);
        return clslice_plan_expr(shape, rank, expr, plan, err);
    case S_EXPR_3D:
        snprintf(expr, sizeof expr, "[:, %" PRId64 "]", k);
        return clslice_plan_expr(shape, rank, expr, plan, err);
    case S_COUNT:
        break;
    }
    return CLSLICE_ERROR_ARGUMENT;
}

static void check_shrink(shrink_variant v, int64_t n, int64_t k)
{
    int64_t shape[3] = {n, 0, 0};
    int rank = 1, dim = 0;
    if (v == S_EXPR_3D) {
        shape[0] = 2;
        shape[1] = n;
        shape[2] = 3;
        rank = 3;
        dim = 1;
    }
    if (v == S_TF32 && (k < INT32_MIN || k > INT32_MAX))
        return;
    snprintf(g_ctx, sizeof g_ctx, "shrink %s on shape %s: index %" PRId64,
             SHRINK_NAME[v], tu_shape_str(shape, rank), k);
    /* in range: -n <= k < n (128-bit: no overflow for any n, k) */
    bool in_range = (i128)k >= -(i128)n && (i128)k < (i128)n;
    clslice_plan *plan = NULL;
    clslice_error err;
    memset(&err, 0x55, sizeof err);
    clslice_status st = build_shrink(v, shape, rank, k, &plan, &err);
    g_combos++;
    if (!in_range) {
        if (st != CLSLICE_ERROR_INDEX) {
            print_error("expected %s, got %s (%s)\n  case: %s\n",
                        clslice_status_string(CLSLICE_ERROR_INDEX),
                        clslice_status_string(st),
                        st == CLSLICE_OK ? "" : err.message, g_ctx);
            clslice_plan_release(&plan);
            fail();
        }
        EXPECT(err.status == CLSLICE_ERROR_INDEX);
        /* the message names the offending value, and (docs/SEMANTICS.md §7)
         * for an expression the axis size */
        char text[32];
        snprintf(text, sizeof text, "%" PRId64, k);
        tu_assert_error(&err, CLSLICE_ERROR_INDEX, text, (const char *)NULL);
        if (v == S_EXPR_1D || v == S_EXPR_3D) {
            snprintf(text, sizeof text, "%" PRId64, n);
            tu_assert_error(&err, CLSLICE_ERROR_INDEX, text, (const char *)NULL);
        }
        EXPECT(plan == NULL);
        return;
    }
    if (st != CLSLICE_OK) {
        print_error("plan failed: %s (%s)\n  case: %s\n",
                    clslice_status_string(st), err.message, g_ctx);
        fail();
    }
    int64_t start = -77, step = -77, count = -77;
    EXPECT(clslice_plan_dim(plan, dim, &start, &step, &count, NULL) ==
           CLSLICE_OK);
    EXPECT_EQ64(count, 1);
    EXPECT_EQ64(start, (int64_t)(k < 0 ? (i128)k + n : (i128)k));
    EXPECT(step != 0);
    EXPECT(clslice_plan_dim_is_shrunk(plan, dim));
    int64_t out[CLSLICE_MAX_RANK];
    EXPECT(clslice_plan_output_rank(plan) == rank - 1);
    clslice_plan_output_shape(plan, out);
    if (rank == 3) {
        EXPECT(out[0] == 2 && out[1] == 3);
        EXPECT(clslice_plan_output_source(plan, 0) == 0);
        EXPECT(clslice_plan_output_source(plan, 1) == 2);
        EXPECT_EQ64(clslice_plan_output_elements(plan), 6);
    } else {
        EXPECT_EQ64(clslice_plan_output_elements(plan), 1);
    }
    EXPECT(clslice_plan_output_source(plan, rank - 1) == -2);
    clslice_plan_release(&plan);
}

static void test_shrink_sweep(void **state)
{
    (void)state;
    for (int v = 0; v < S_COUNT; v++)
        for (int64_t n = 0; n <= 6; n++)
            for (int64_t k = -9; k <= 9; k++)
                check_shrink((shrink_variant)v, n, k);
}

/* TF rejects a shrink slot whose stride is <= 0 (docs/SEMANTICS.md §3). */
static void test_shrink_tf_needs_positive_stride(void **state)
{
    (void)state;
    for (int64_t n = 1; n <= 6; n++)
        for (int64_t k = -n; k < n; k++)
            for (int64_t s = -2; s <= 0; s++) {
                int64_t shape[1] = {n}, b = k, e = 0;
                clslice_tf_spec spec;
                memset(&spec, 0, sizeof spec);
                spec.index_type = CLSLICE_INT64;
                spec.begin = &b;
                spec.end = &e;
                spec.strides = &s;
                spec.begin_len = spec.end_len = spec.strides_len = 1;
                spec.shrink_axis_mask = 1;
                snprintf(g_ctx, sizeof g_ctx,
                         "tf shrink index %" PRId64 " stride %" PRId64
                         " on [%" PRId64 "]",
                         k, s, n);
                clslice_plan *plan = NULL;
                clslice_error err;
                clslice_status st = clslice_plan_tf(shape, 1, &spec, &plan, &err);
                EXPECT(st == CLSLICE_ERROR_SPEC);
                EXPECT(err.status == st && err.message[0] != '\0');
                EXPECT(plan == NULL);
                g_combos++;
            }
}

/* ------------------------------------------------------------------------ */
/* int64 extremes                                                            */
/* ------------------------------------------------------------------------ */

#define P62 ((int64_t)1 << 62)

static const int64_t EXTREME_N[] = {0, 1, 2, 3, 5, 6, P62, P62 + 1, P62 + 3,
                                    INT64_MAX - 1, INT64_MAX};
static const int64_t EXTREME_S[] = {INT64_MIN, INT64_MIN + 1, -P62, -3, -1,
                                    1, 3, P62, INT64_MAX - 1, INT64_MAX};

/* Interesting bounds for an axis of size n; returns how many. */
static int extreme_values(int64_t n, bool int32, int64_t *vals)
{
    const i128 N = n;
    const i128 cand[] = {INT64_MIN, (i128)INT64_MIN + 1, -(i128)P62,
                         INT32_MIN, (i128)INT32_MIN + 1, -N - 1, -N, -N + 1,
                         -1, 0, 1, N - 1, N, N + 1, INT32_MAX,
                         (i128)INT32_MAX - 1, P62, (i128)INT64_MAX - 1,
                         INT64_MAX};
    int count = 0;
    for (size_t i = 0; i < sizeof cand / sizeof cand[0]; i++) {
        i128 x = cand[i];
        i128 lo = int32 ? INT32_MIN : INT64_MIN;
        i128 hi = int32 ? INT32_MAX : INT64_MAX;
        if (x < lo || x > hi)
            continue;
        bool dup = false;
        for (int j = 0; j < count; j++)
            dup = dup || vals[j] == (int64_t)x;
        if (!dup)
            vals[count++] = (int64_t)x;
    }
    return count;
}

static void extremes_variant(variant v)
{
    bool int32 = variant_is_int32(v);
    unsigned salt = 0;
    for (size_t ni = 0; ni < sizeof EXTREME_N / sizeof EXTREME_N[0]; ni++) {
        int64_t n = EXTREME_N[ni];
        /* keep the element count of 3-D inputs within int64 */
        if (variant_shape(v, n).rank > 1 && n > P62 / 8)
            continue;
        int64_t vals[32];
        int nv = extreme_values(n, int32, vals);
        for (int bi = -1; bi < nv; bi++)
            for (int ei = -1; ei < nv; ei++)
                for (size_t si = 0; si < sizeof EXTREME_S / sizeof EXTREME_S[0];
                     si++) {
                    int64_t s = EXTREME_S[si];
                    if (int32 && (s < INT32_MIN || s > INT32_MAX))
                        continue;
                    bound b = bi < 0 ? MISSING : given(vals[bi]);
                    bound e = ei < 0 ? MISSING : given(vals[ei]);
                    check_range(v, n, b, e, true, s, salt++);
                }
        if (int32)
            for (int32_t s = INT32_MIN; ; s = INT32_MAX) {
                /* int32 stride extremes */
                check_range(v, n, MISSING, MISSING, true, s, salt++);
                check_range(v, n, given(vals[0]), given(vals[nv - 1]), true,
                            s, salt++);
                if (s == INT32_MAX)
                    break;
            }
    }
}

static void test_extremes(void **state)
{
    (void)state;
    const variant vs[] = {V_EXPR_1D, V_TF32, V_TF64, V_OV, V_MX_STEPLEN0,
                          V_ONNX, V_ONNX_3D};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++)
        extremes_variant(vs[i]);
}

static void test_extremes_shrink(void **state)
{
    (void)state;
    const shrink_variant vs[] = {S_TF32, S_TF64, S_OV, S_OV_NEG, S_EXPR_1D,
                                 S_EXPR_3D};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++)
        for (size_t ni = 0; ni < sizeof EXTREME_N / sizeof EXTREME_N[0]; ni++) {
            int64_t n = EXTREME_N[ni];
            int64_t vals[32];
            int nv = extreme_values(n, false, vals);
            for (int k = 0; k < nv; k++)
                check_shrink(vs[i], n, vals[k]);
        }
}

/* A few exact values on huge axes, computed by hand. */
static void test_extremes_exact(void **state)
{
    (void)state;
    struct {
        int64_t n;
        const char *expr;
        int64_t start, step, count;
    } cases[] = {
        {INT64_MAX, "[::-1]", INT64_MAX - 1, -1, INT64_MAX},
        {INT64_MAX, "[:]", 0, 1, INT64_MAX},
        {INT64_MAX, "[::9223372036854775807]", 0, INT64_MAX, 1},
        {INT64_MAX, "[::-9223372036854775808]", INT64_MAX - 1, INT64_MIN, 1},
        {INT64_MAX, "[1::4611686018427387904]", 1, P62, 2},
        {INT64_MAX, "[-9223372036854775808:9223372036854775807:2]", 0, 2,
         P62},
        {INT64_MAX, "[9223372036854775807:-9223372036854775808:-2]",
         INT64_MAX - 1, -2, P62},
        {INT64_MAX, "[-1:-9223372036854775807:-1]", INT64_MAX - 1, -1,
         INT64_MAX - 1},
        {INT64_MAX, "[-9223372036854775807::3]", 0, 3,
         (INT64_MAX - 1) / 3 + 1},
        {P62, "[-2:]", P62 - 2, 1, 2},
        {P62, "[3:-3:-1]", 0, -1, 0},
        {5, "[-9223372036854775808:9223372036854775807:9223372036854775807]",
         0, INT64_MAX, 1},
        {5, "[9223372036854775807:-9223372036854775808:-9223372036854775808]",
         4, INT64_MIN, 1},
        {0, "[::-9223372036854775808]", 0, INT64_MIN, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t shape[1] = {cases[i].n};
        snprintf(g_ctx, sizeof g_ctx, "%s on [%" PRId64 "]", cases[i].expr,
                 cases[i].n);
        clslice_plan *plan = NULL;
        clslice_error err;
        clslice_status st = clslice_plan_expr(shape, 1, cases[i].expr, &plan,
                                              &err);
        if (st != CLSLICE_OK) {
            print_error("plan failed: %s\n  case: %s\n", err.message, g_ctx);
            fail();
        }
        int64_t start, step, count;
        EXPECT(clslice_plan_dim(plan, 0, &start, &step, &count, NULL) ==
               CLSLICE_OK);
        EXPECT_EQ64(count, cases[i].count);
        EXPECT_EQ64(start, cases[i].start);
        if (count > 0)
            EXPECT_EQ64(step, cases[i].step);
        EXPECT_EQ64(clslice_plan_output_elements(plan), cases[i].count);
        clslice_plan_release(&plan);
        g_combos++;
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_spot_checks),
        cmocka_unit_test(test_sweep_expr_1d),
        cmocka_unit_test(test_sweep_expr_3d),
        cmocka_unit_test(test_sweep_expr_ellipsis),
        cmocka_unit_test(test_sweep_tf_int32),
        cmocka_unit_test(test_sweep_tf_int64),
        cmocka_unit_test(test_sweep_tf_int64_3d),
        cmocka_unit_test(test_sweep_tf_int32_ellipsis),
        cmocka_unit_test(test_sweep_openvino),
        cmocka_unit_test(test_sweep_openvino_long_masks),
        cmocka_unit_test(test_sweep_openvino_ellipsis),
        cmocka_unit_test(test_sweep_mxnet_steplen0),
        cmocka_unit_test(test_sweep_mxnet_step_none),
        cmocka_unit_test(test_sweep_mxnet_3d),
        cmocka_unit_test(test_sweep_onnx),
        cmocka_unit_test(test_sweep_onnx_axis0),
        cmocka_unit_test(test_sweep_onnx_axis_neg),
        cmocka_unit_test(test_sweep_onnx_3d),
        cmocka_unit_test(test_shrink_sweep),
        cmocka_unit_test(test_shrink_tf_needs_positive_stride),
        cmocka_unit_test(test_extremes),
        cmocka_unit_test(test_extremes_shrink),
        cmocka_unit_test(test_extremes_exact),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    printf("test_plan_sweep: %lld combinations checked\n", g_combos);
    return failed;
}
