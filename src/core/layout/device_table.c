/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_plan_device_table: a plan as the small table that
 * include/clslice_device.h's functions read inside a caller's own kernel.
 * Per output dim its count and the source stride of one step along it
 * (the plan's step times the source's element stride, 0 for a new axis);
 * the base is the source element of output element (0, ..., 0), shrunk
 * dims' indices included.  Every offset the table can produce is checked
 * here, once, so that the kernel needs no check of its own: all of them
 * at least 0, within the stated allocation, and (32-bit form) within
 * int32, with the counts and the element number.
 */
#include <string.h>

#include "clslice_device.h"
#include "core/plan/plan.h"
#include "core/plan/sized.h"

_Static_assert(CLSLICE_DEVICE_MAX_RANK == CLSLICE_MAX_RANK,
               "a device table holds every output rank a plan has");
_Static_assert(sizeof(clslice_device_table) ==
                   (4 + 2 * CLSLICE_DEVICE_MAX_RANK) * sizeof(int64_t),
               "the 64-bit table is its words, unpadded");
_Static_assert(sizeof(clslice_device_table32) ==
                   (4 + 2 * CLSLICE_DEVICE_MAX_RANK) * sizeof(int32_t),
               "the 32-bit table is its words, unpadded");

/* The table in 64-bit words, before it is narrowed for table32. */
typedef struct wide_table {
    int64_t rank, elements, base;
    int64_t count[CLSLICE_MAX_RANK], stride[CLSLICE_MAX_RANK];
    int64_t low, high; /* lowest and highest source element it reads */
} wide_table;

/* The source's element stride along input dim d: the caller's, or
 * row-major over the plan's input shape. */
static void source_strides(const clslice_plan *plan, const int64_t *given,
                           int64_t *strides)
{
    int64_t next = 1;
    for (int d = plan->rank - 1; d >= 0; d--) {
        strides[d] = given ? given[d] : next;
        next *= plan->shape[d] > 0 ? plan->shape[d] : 1;
    }
}

/* a + b * c into *sum; false on overflow. */
static bool add_product(int64_t a, int64_t b, int64_t c, int64_t *sum)
{
    int64_t product;
    return !__builtin_mul_overflow(b, c, &product) &&
           !__builtin_add_overflow(a, product, sum);
}

static clslice_status overflow(clslice_error *err, int d)
{
    return cs_fail(err, CLSLICE_ERROR_SHAPE,
                   "the source offsets overflow int64 at input dim %d "
                   "(desc->src_strides[%d] or desc->src_offset too large)",
                   d, d);
}

/* Base, strides and the range of source elements read. */
static clslice_status widen(const clslice_device_table_desc *d,
                            wide_table *w, clslice_error *err)
{
    const clslice_plan *plan = d->plan;
    int64_t src_stride[CLSLICE_MAX_RANK];
    source_strides(plan, d->src_strides, src_stride);
    w->rank = plan->out_rank;
    w->elements = clslice_plan_output_elements(plan);
    w->base = d->src_offset;
    for (int k = 0; k < plan->rank; k++)
        if (!add_product(w->base, plan->start[k], src_stride[k], &w->base))
            return overflow(err, k);
    w->low = w->high = w->base;
    for (int k = 0; k < plan->rank; k++) {
        /* the last element read along dim k, relative to the first */
        int64_t span = 0, count = plan->count[k];
        if (count > 0 &&
            (__builtin_mul_overflow(count - 1, plan->step[k], &span) ||
             !add_product(0, span, src_stride[k], &span) ||
             __builtin_add_overflow(span < 0 ? w->low : w->high, span,
                                    span < 0 ? &w->low : &w->high)))
            return overflow(err, k);
    }
    for (int j = 0; j < plan->out_rank; j++) {
        int source = plan->out_source[j];
        w->count[j] = source < 0 ? 1 : plan->count[source];
        /* |step * stride| <= |span| or the dim counts 1: no overflow */
        w->stride[j] = source < 0 || w->count[j] < 2
                           ? 0
                           : plan->step[source] * src_stride[source];
    }
    return CLSLICE_OK;
}

/* The read range against the allocation: never below element 0, and
 * below src_elements when the caller states it. */
static clslice_status check_bounds(const clslice_device_table_desc *d,
                                   const wide_table *w, clslice_error *err)
{
    if (w->elements == 0)
        return CLSLICE_OK;
    if (w->low < 0)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "the slice reads source element %lld, before the "
                       "allocation's first (desc->src_offset = %lld, "
                       "desc->src_strides)",
                       (long long)w->low, (long long)d->src_offset);
    if (d->src_elements > 0 && w->high >= d->src_elements)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "the slice reads source element %lld, past the end "
                       "of desc->src_elements = %lld",
                       (long long)w->high, (long long)d->src_elements);
    return CLSLICE_OK;
}

static void fill64(const wide_table *w, clslice_device_table *t)
{
    memset(t, 0, sizeof *t);
    t->version = CLSLICE_DEVICE_TABLE_VERSION;
    t->rank = w->rank;
    t->elements = w->elements;
    t->base = w->elements > 0 ? w->base : 0;
    for (int j = 0; j < w->rank; j++) {
        t->count[j] = w->count[j];
        t->stride[j] = w->stride[j];
    }
}

static bool fits32(int64_t v)
{
    return v >= INT32_MIN && v <= INT32_MAX;
}

/* The 32-bit form: every word, and every offset and output element
 * number a kernel forms from it, within int32; the kernel's partial sums
 * lie between base + the negative strides' terms and base + the positive
 * ones', which low and high bound. */
static clslice_status fill32(const wide_table *w, clslice_device_table32 *t,
                             clslice_error *err)
{
    bool fits = w->elements <= INT32_MAX &&
                (w->elements == 0 || (fits32(w->low) && fits32(w->high)));
    for (int j = 0; fits && j < w->rank; j++)
        fits = fits32(w->stride[j]) && fits32(w->count[j]);
    if (!fits)
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "the slice does not fit desc->table32: %lld output "
                       "elements reading source elements %lld .. %lld "
                       "(32-bit tables need all within int32; use "
                       "desc->table)",
                       (long long)w->elements, (long long)w->low,
                       (long long)w->high);
    clslice_device_table wide;
    fill64(w, &wide);
    memset(t, 0, sizeof *t);
    t->version = (int32_t)wide.version;
    t->rank = (int32_t)wide.rank;
    t->elements = (int32_t)wide.elements;
    t->base = (int32_t)wide.base;
    for (int j = 0; j < w->rank; j++) {
        t->count[j] = (int32_t)wide.count[j];
        t->stride[j] = (int32_t)wide.stride[j];
    }
    return CLSLICE_OK;
}

static clslice_status check_desc(const clslice_device_table_desc *d,
                                 clslice_error *err)
{
    if (!d->plan)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->plan is NULL (released?)");
    if (!d->plan->known)
        return cs_fail(err, CLSLICE_ERROR_UNKNOWN,
                       "desc->plan has unknown sizes or indices; a device "
                       "table needs them all");
    if (!d->table == !d->table32)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->table and desc->table32 are both %s; exactly "
                       "one names the table to fill",
                       d->table ? "set" : "NULL");
    if (d->src_offset < 0)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "desc->src_offset = %lld is negative",
                       (long long)d->src_offset);
    if (d->src_elements < 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "desc->src_elements = %lld is negative (0: not "
                       "stated)",
                       (long long)d->src_elements);
    int64_t elements;
    return cs_input_elements(d->plan, &elements, err);
}

clslice_status clslice_plan_device_table(const clslice_device_table_desc *desc,
                                         clslice_error *err)
{
    clslice_device_table_desc d;
    clslice_status st = cs_take_struct(
        desc, "desc", "clslice_device_table_desc",
        CS_SIZE_THROUGH(clslice_device_table_desc, table32), sizeof d, &d,
        err);
    if (st == CLSLICE_OK)
        st = check_desc(&d, err);
    wide_table w;
    if (st == CLSLICE_OK)
        st = widen(&d, &w, err);
    if (st == CLSLICE_OK)
        st = check_bounds(&d, &w, err);
    if (st != CLSLICE_OK)
        return st;
    if (d.table32)
        st = fill32(&w, d.table32, err);
    else
        fill64(&w, d.table);
    return st == CLSLICE_OK ? cs_ok(err) : st;
}
