/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Decoding and the per-plan checks shared by the fuzz targets. */
#include "fuzz_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Decoding                                                             */
/* ------------------------------------------------------------------ */

static const int64_t fz_extremes[16] = {
    INT64_MIN, INT64_MAX, INT64_MIN + 1, INT64_MAX - 1,
    INT32_MIN, INT32_MAX, (int64_t)INT32_MIN - 1, (int64_t)INT32_MAX + 1,
    -1, -2, (int64_t)1 << 62, -((int64_t)1 << 62),
    (int64_t)1 << 31, (int64_t)1 << 32, 4097, -4097};

uint8_t fz_u8(fz_reader *r)
{
    return r->pos < r->size ? r->data[r->pos++] : 0;
}

size_t fz_len(fz_reader *r, size_t max)
{
    return fz_u8(r) % (max + 1);
}

static int64_t fz_tail(fz_reader *r, uint8_t t)
{
    if (t < 0xf0)
        return fz_extremes[t - 0xe0];
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)fz_u8(r) << (8 * i);
    int64_t out;
    memcpy(&out, &v, sizeof out);
    return out;
}

int64_t fz_i64(fz_reader *r)
{
    uint8_t t = fz_u8(r);
    return t < 0xe0 ? (int64_t)(t % 64) - 32 : fz_tail(r, t);
}

int64_t fz_dim(fz_reader *r)
{
    uint8_t t = fz_u8(r);
    return t < 0xe0 ? (int64_t)(t % 24) : fz_tail(r, t);
}

int fz_rank(fz_reader *r)
{
    uint8_t t = fz_u8(r);
    if (t == 0xff)
        return -1;
    if (t < 0xd0)
        return t % 9;
    return t < 0xf0 ? (t - 0xd0) % 33 : 30 + (t - 0xf0);
}

void fz_shape(fz_reader *r, int64_t *shape, int rank)
{
    for (int d = 0; d < rank; d++)
        shape[d] = fz_dim(r);
}

void fz_die(const char *what, long long a, long long b)
{
    fprintf(stderr, "fuzz check failed: %s (%lld, %lld)\n", what, a, b);
    abort();
}

void fz_check_status(clslice_status st, const clslice_error *err)
{
    if ((int)st < CLSLICE_OK || (int)st > CLSLICE_ERROR_BUILD)
        fz_die("status is not a clslice_status value", st, 0);
    if (err->status != st)
        fz_die("err->status differs from the returned status", err->status,
               st);
    if (memchr(err->message, '\0', sizeof err->message) == NULL)
        fz_die("error message is not terminated", st, 0);
    if (st == CLSLICE_OK && err->message[0] != '\0')
        fz_die("success with a non-empty message", 0, 0);
    if (st != CLSLICE_OK && err->message[0] == '\0')
        fz_die("failure with an empty message", st, 0);
}

/* ------------------------------------------------------------------ */
/* The naive model of a plan                                            */
/* ------------------------------------------------------------------ */

/* Everything the naive recomputation needs, read through the public
 * queries only. */
typedef struct fz_model {
    int in_rank, out_rank;
    int64_t in_shape[CLSLICE_MAX_RANK];
    int64_t out_shape[CLSLICE_MAX_RANK];
    int64_t start[CLSLICE_MAX_RANK], step[CLSLICE_MAX_RANK];
    int64_t count[CLSLICE_MAX_RANK];
    int source[CLSLICE_MAX_RANK]; /* input dim of each output dim, -1 new */
    int64_t in_elems, out_elems;
    size_t es;
} fz_model;

/* Product of dims, or -1 when it passes FZ_MAX_ELEMENTS. */
static int64_t small_product(const int64_t *dims, int rank)
{
    int64_t n = 1;
    for (int d = 0; d < rank; d++) {
        if (dims[d] < 0 || dims[d] > FZ_MAX_ELEMENTS)
            return -1;
        n *= dims[d];
        if (n > FZ_MAX_ELEMENTS)
            return -1;
    }
    return n;
}

/* Fills m; false when the plan is too big to execute here. */
static int build_model(const clslice_plan *plan, fz_model *m)
{
    m->in_rank = clslice_plan_input_rank(plan);
    m->out_rank = clslice_plan_output_rank(plan);
    if (m->in_rank < 0 || m->in_rank > CLSLICE_MAX_RANK || m->out_rank < 0 ||
        m->out_rank > CLSLICE_MAX_RANK)
        fz_die("plan rank out of range", m->in_rank, m->out_rank);
    clslice_plan_input_shape(plan, m->in_shape);
    clslice_plan_output_shape(plan, m->out_shape);
    for (int d = 0; d < m->in_rank; d++) {
        clslice_error err;
        clslice_status st = clslice_plan_dim(plan, d, &m->start[d],
                                             &m->step[d], &m->count[d], &err);
        fz_check_status(st, &err);
        if (st != CLSLICE_OK || m->step[d] == 0)
            fz_die("plan_dim failed or gave step 0", d, st);
    }
    for (int o = 0; o < m->out_rank; o++) {
        m->source[o] = clslice_plan_output_source(plan, o);
        if (m->source[o] < -1 || m->source[o] >= m->in_rank)
            fz_die("output source out of range", o, m->source[o]);
    }
    m->in_elems = small_product(m->in_shape, m->in_rank);
    m->out_elems = small_product(m->out_shape, m->out_rank);
    return m->in_elems >= 0 && m->out_elems >= 0;
}

/* Checks every plan entry against the input shape: a known plan may only
 * read indices inside the input. */
static void check_ranges(const fz_model *m)
{
    int64_t elems = 1;
    for (int d = 0; d < m->in_rank; d++) {
        int64_t n = m->in_shape[d], c = m->count[d];
        if (c < 0 || c > n)
            fz_die("count outside the dim", d, c);
        if (c > 0) {
            int64_t first = m->start[d];
            int64_t last = first + (c - 1) * m->step[d];
            if (first < 0 || first >= n || last < 0 || last >= n)
                fz_die("slice reads outside the dim", d, first);
        } else if (m->start[d] != 0) {
            fz_die("empty dim with a nonzero start", d, m->start[d]);
        }
        elems *= c;
    }
    int shrunk_or_new_mismatch = 0;
    int64_t out = 1;
    for (int o = 0; o < m->out_rank; o++) {
        int s = m->source[o];
        int64_t want = s < 0 ? 1 : m->count[s];
        if (m->out_shape[o] != want)
            shrunk_or_new_mismatch = 1;
        out *= m->out_shape[o];
    }
    if (shrunk_or_new_mismatch)
        fz_die("output shape differs from the source dims' counts", 0, 0);
    if (elems != m->out_elems || out != m->out_elems)
        fz_die("element counts disagree", elems, m->out_elems);
}

/* Source element of processing coordinate number k (row-major over
 * count[]); fills coord with the coordinate. */
static int64_t naive_src(const fz_model *m, int64_t k, int64_t *coord)
{
    for (int d = m->in_rank - 1; d >= 0; d--) {
        coord[d] = k % m->count[d];
        k /= m->count[d];
    }
    int64_t idx = 0;
    for (int d = 0; d < m->in_rank; d++)
        idx = idx * m->in_shape[d] + m->start[d] + coord[d] * m->step[d];
    return idx;
}

static void fill_pattern(unsigned char *buf, size_t bytes, unsigned salt)
{
    for (size_t i = 0; i < bytes; i++)
        buf[i] = (unsigned char)((i * 2654435761u + salt) >> 7 ^ i);
}

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        fz_die("malloc failed", (long long)bytes, 0);
    return p;
}

/* ------------------------------------------------------------------ */
/* Layout                                                               */
/* ------------------------------------------------------------------ */

/* The (src, dst) pair sequence of a layout must be the naive one: source
 * naive_src(k) goes to destination k. */
static void check_layout_walk(const fz_model *m, const clslice_layout *l)
{
    if (l->elements != m->out_elems)
        fz_die("layout elements", l->elements, m->out_elems);
    int64_t coord[CLSLICE_MAX_RANK], lc[CLSLICE_MAX_RANK] = {0};
    for (int64_t k = 0; k < l->elements; k++) {
        int64_t src = l->offset, dst = l->dst_offset;
        for (int d = 0; d < l->rank; d++) {
            src += lc[d] * l->src_stride[d];
            dst += lc[d] * l->dst_stride[d];
        }
        if (src != naive_src(m, k, coord) || dst != k)
            fz_die("layout walk differs from the plan", k, src);
        if (src < l->src_min || src > l->src_max)
            fz_die("layout reads outside src_min..src_max", src, l->src_min);
        for (int d = l->rank - 1; d >= 0 && ++lc[d] == l->count[d]; d--)
            lc[d] = 0;
    }
}

static void check_layouts(const clslice_plan *plan, const fz_model *m)
{
    clslice_layout l;
    clslice_error err;
    clslice_status st = clslice_plan_layout(plan, &l, &err);
    fz_check_status(st, &err);
    if (st != CLSLICE_OK)
        fz_die("layout of a small known plan failed", st, 0);
    if (l.rank < 0 || l.rank > CLSLICE_MAX_RANK)
        fz_die("layout rank", l.rank, 0);
    if (l.elements > 0 && (l.src_min < 0 || l.src_max >= m->in_elems))
        fz_die("layout src range outside the input", l.src_min, l.src_max);
    check_layout_walk(m, &l);
    clslice_layout_simplify(&l);
    if (l.rank < 0 || l.rank > CLSLICE_MAX_RANK)
        fz_die("simplified layout rank", l.rank, 0);
    check_layout_walk(m, &l);
}

/* ------------------------------------------------------------------ */
/* Gather                                                               */
/* ------------------------------------------------------------------ */

static void check_gather(const clslice_plan *plan, const fz_model *m)
{
    size_t es = m->es;
    size_t in_bytes = (size_t)m->in_elems * es;
    size_t out_bytes = (size_t)m->out_elems * es;
    unsigned char *src = xmalloc(in_bytes);
    unsigned char *dst = xmalloc(out_bytes);
    fill_pattern(src, in_bytes, 1);
    clslice_error err;
    clslice_status st;
    if (out_bytes > 0) {
        /* One byte short on either side: refused, nothing written. */
        memset(dst, 0xa5, out_bytes);
        st = clslice_host_gather(plan, es, src, in_bytes, dst, out_bytes - 1,
                                 &err);
        fz_check_status(st, &err);
        if (st != CLSLICE_ERROR_BUFFER)
            fz_die("short dst not refused", st, (long long)out_bytes);
        st = clslice_host_gather(plan, es, src, in_bytes - 1, dst, out_bytes,
                                 &err);
        fz_check_status(st, &err);
        if (st != CLSLICE_ERROR_BUFFER)
            fz_die("short src not refused", st, (long long)in_bytes);
        for (size_t i = 0; i < out_bytes; i++)
            if (dst[i] != 0xa5)
                fz_die("refused gather wrote dst", (long long)i, 0);
    }
    st = clslice_host_gather(plan, es, src, in_bytes, dst, out_bytes, &err);
    fz_check_status(st, &err);
    if (st != CLSLICE_OK)
        fz_die("gather of a small known plan failed", st, 0);
    int64_t coord[CLSLICE_MAX_RANK];
    for (int64_t k = 0; k < m->out_elems; k++) {
        int64_t s = naive_src(m, k, coord);
        if (memcmp(dst + (size_t)k * es, src + (size_t)s * es, es) != 0)
            fz_die("gather differs from the naive result", k, s);
    }
    free(src);
    free(dst);
}

/* ------------------------------------------------------------------ */
/* Scatter and grad                                                     */
/* ------------------------------------------------------------------ */

/* A value shape for the broadcast rule, aligned with the output shape
 * from the right; *fits says whether the rule accepts it. */
static int broadcast_shape(fz_reader *r, const fz_model *m, int64_t *vshape,
                           int *fits)
{
    int vrank = (int)fz_len(r, (size_t)m->out_rank + 1);
    *fits = 1;
    for (int i = 0; i < vrank; i++) {
        int o = m->out_rank - vrank + i; /* aligned output dim, < 0: extra */
        int64_t full = o >= 0 ? m->out_shape[o] : 1;
        uint8_t pick = fz_u8(r) % 8;
        vshape[i] = pick < 4 ? full : pick < 7 ? 1 : full + 1 + (pick & 1);
        if (vshape[i] != 1 && vshape[i] != full)
            *fits = 0;
        if (o < 0 && vshape[i] != 1)
            *fits = 0;
    }
    return vrank;
}

/* Index into a broadcast value of the output coordinate of processing
 * coordinate `coord`. */
static int64_t value_index(const fz_model *m, const int64_t *coord,
                           const int64_t *vshape, int vrank)
{
    int64_t idx = 0;
    for (int i = 0; i < vrank; i++) {
        int o = m->out_rank - vrank + i;
        int64_t c = 0;
        if (o >= 0 && m->source[o] >= 0)
            c = coord[m->source[o]];
        idx = idx * vshape[i] + (vshape[i] == 1 ? 0 : c);
    }
    return idx;
}

/* Runs one scatter of `value` (vshape) into a copy of base and compares
 * with the naive result; `fits` is whether the rule must accept it. */
static void scatter_case(const clslice_plan *plan, const fz_model *m,
                         const unsigned char *base, const int64_t *vshape,
                         int vrank, clslice_value_rule rule, int fits)
{
    size_t es = m->es, in_bytes = (size_t)m->in_elems * es;
    int64_t vel = small_product(vshape, vrank);
    if (vel < 0)
        return; /* a wrong value shape too big to allocate here */
    size_t vbytes = (size_t)vel * es;
    unsigned char *value = xmalloc(vbytes);
    unsigned char *dst = xmalloc(in_bytes);
    unsigned char *want = xmalloc(in_bytes);
    fill_pattern(value, vbytes, 2);
    memcpy(dst, base, in_bytes);
    memcpy(want, base, in_bytes);
    clslice_error err;
    clslice_status st;
    if (in_bytes > 0 && m->out_elems > 0) {
        st = clslice_host_scatter(plan, es, value, vshape, vrank, vbytes,
                                  rule, dst, in_bytes - 1, &err);
        fz_check_status(st, &err);
        if (st == CLSLICE_OK)
            fz_die("scatter into a short dst succeeded", (long long)in_bytes,
                   rule);
        if (memcmp(dst, base, in_bytes) != 0)
            fz_die("refused scatter wrote dst", rule, 0);
    }
    st = clslice_host_scatter(plan, es, value, vshape, vrank, vbytes, rule,
                              dst, in_bytes, &err);
    fz_check_status(st, &err);
    if (st != CLSLICE_OK) {
        if (fits)
            fz_die("scatter of a fitting value failed", st, rule);
        if (memcmp(dst, base, in_bytes) != 0)
            fz_die("failed scatter wrote dst", st, rule);
    } else {
        if (!fits && !(rule == CLSLICE_VALUE_BROADCAST && m->out_elems == 0))
            fz_die("scatter accepted a value that does not fit", vrank, rule);
        int64_t coord[CLSLICE_MAX_RANK];
        for (int64_t k = 0; k < m->out_elems; k++) {
            int64_t s = naive_src(m, k, coord);
            int64_t v = value_index(m, coord, vshape, vrank);
            memcpy(want + (size_t)s * es, value + (size_t)v * es, es);
        }
        if (memcmp(dst, want, in_bytes) != 0)
            fz_die("scatter differs from the naive result", rule, 0);
    }
    free(value);
    free(dst);
    free(want);
}

static void check_scatter(const clslice_plan *plan, const fz_model *m,
                          fz_reader *r)
{
    size_t in_bytes = (size_t)m->in_elems * m->es;
    unsigned char *base = xmalloc(in_bytes);
    fill_pattern(base, in_bytes, 3);
    scatter_case(plan, m, base, m->out_shape, m->out_rank,
                 CLSLICE_VALUE_EXACT, 1);
    int64_t vshape[CLSLICE_MAX_RANK + 1];
    int fits;
    int vrank = broadcast_shape(r, m, vshape, &fits);
    if (vrank <= CLSLICE_MAX_RANK)
        scatter_case(plan, m, base, vshape, vrank, CLSLICE_VALUE_BROADCAST,
                     fits);
    /* The same shape under the exact rule fits only if it is the slice's. */
    int same = vrank == m->out_rank &&
               memcmp(vshape, m->out_shape, sizeof(int64_t) * vrank) == 0;
    if (vrank <= CLSLICE_MAX_RANK)
        scatter_case(plan, m, base, vshape, vrank, CLSLICE_VALUE_EXACT,
                     same);
    free(base);
}

static void check_grad(const clslice_plan *plan, const fz_model *m)
{
    size_t es = m->es, in_bytes = (size_t)m->in_elems * es;
    size_t dy_bytes = (size_t)m->out_elems * es;
    unsigned char *dy = xmalloc(dy_bytes);
    unsigned char *out = xmalloc(in_bytes);
    unsigned char *want = xmalloc(in_bytes);
    fill_pattern(dy, dy_bytes, 4);
    memset(out, 0xa5, in_bytes);
    memset(want, 0, in_bytes);
    clslice_error err;
    clslice_status st;
    if (in_bytes > 0) {
        st = clslice_host_grad(plan, es, dy, m->out_shape, m->out_rank,
                               dy_bytes, out, in_bytes - 1, &err);
        fz_check_status(st, &err);
        if (st != CLSLICE_ERROR_BUFFER)
            fz_die("grad into a short out not refused", st, 0);
        for (size_t i = 0; i < in_bytes; i++)
            if (out[i] != 0xa5)
                fz_die("refused grad wrote out", (long long)i, 0);
    }
    st = clslice_host_grad(plan, es, dy, m->out_shape, m->out_rank, dy_bytes,
                           out, in_bytes, &err);
    fz_check_status(st, &err);
    if (st != CLSLICE_OK)
        fz_die("grad of a small known plan failed", st, 0);
    int64_t coord[CLSLICE_MAX_RANK];
    for (int64_t k = 0; k < m->out_elems; k++)
        memcpy(want + (size_t)naive_src(m, k, coord) * es,
               dy + (size_t)k * es, es);
    if (memcmp(out, want, in_bytes) != 0)
        fz_die("grad differs from the naive result", 0, 0);
    free(dy);
    free(out);
    free(want);
}

/* ------------------------------------------------------------------ */

void fz_check_plan(const clslice_plan *plan, fz_reader *r)
{
    static const size_t sizes[6] = {1, 2, 3, 4, 8, 16};
    fz_model m;
    clslice_layout l;
    clslice_error err;
    m.es = sizes[fz_u8(r) % 6];
    if (!clslice_plan_is_known(plan)) {
        clslice_status st = clslice_plan_layout(plan, &l, &err);
        fz_check_status(st, &err);
        if (st != CLSLICE_ERROR_UNKNOWN)
            fz_die("layout of a plan with unknowns did not fail", st, 0);
        (void)clslice_plan_output_elements(plan);
        return;
    }
    if (!build_model(plan, &m))
        return;
    if (clslice_plan_output_elements(plan) != m.out_elems)
        fz_die("output_elements", clslice_plan_output_elements(plan),
               m.out_elems);
    check_ranges(&m);
    check_layouts(plan, &m);
    check_gather(plan, &m);
    check_scatter(plan, &m, r);
    check_grad(plan, &m);
}

/* ------------------------------------------------------------------ */
/* Unknown dimensions                                                   */
/* ------------------------------------------------------------------ */

void fz_unknown_shape(fz_reader *r, const int64_t *shape, int rank,
                      int64_t *out)
{
    uint8_t mask = fz_u8(r);
    for (int d = 0; d < rank; d++)
        out[d] = mask >> (d % 8) & 1 ? CLSLICE_UNKNOWN : shape[d];
}

void fz_check_less_known(const clslice_plan *known,
                         const clslice_plan *partial)
{
    int rank = clslice_plan_input_rank(known);
    int out_rank = clslice_plan_output_rank(known);
    if (clslice_plan_input_rank(partial) != rank ||
        clslice_plan_output_rank(partial) != out_rank)
        fz_die("unknown dims changed a rank", rank, out_rank);
    int64_t a[CLSLICE_MAX_RANK], b[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(known, a);
    clslice_plan_output_shape(partial, b);
    for (int o = 0; o < out_rank; o++) {
        if (b[o] != CLSLICE_UNKNOWN && b[o] != a[o])
            fz_die("unknown dims changed a known output dim", o, b[o]);
        if (clslice_plan_output_source(known, o) !=
            clslice_plan_output_source(partial, o))
            fz_die("unknown dims changed an output source", o, 0);
    }
    int64_t elems = clslice_plan_output_elements(partial);
    if (elems != -1 && elems != clslice_plan_output_elements(known))
        fz_die("unknown dims changed the element count", elems, 0);
    for (int d = 0; d < rank; d++) {
        int64_t s1, t1, c1, s2, t2, c2;
        clslice_plan_dim(known, d, &s1, &t1, &c1, NULL);
        clslice_plan_dim(partial, d, &s2, &t2, &c2, NULL);
        if (t1 != t2 || (c2 != -1 && c2 != c1) ||
            (c2 != -1 && s2 != -1 && s2 != s1) ||
            clslice_plan_dim_is_shrunk(known, d) !=
                clslice_plan_dim_is_shrunk(partial, d))
            fz_die("unknown dims changed a known plan entry", d, s2);
    }
}
