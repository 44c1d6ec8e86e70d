/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The canonical plan and the one normaliser every front-end shares.
 *
 * A front-end hands over a list of slots (ranges, shrinks, new axes, at most
 * one ellipsis); this file expands the ellipsis (an implicit one is appended
 * when none is given), resolves every range against its dimension with the
 * numpy rules (docs/SEMANTICS.md §2) or the OpenVINO/ONNX variant, and
 * records the final output shape.  All arithmetic is int64 and
 * overflow-free for every int64 input; unknown dimensions (-1) propagate to
 * exactly the output sizes that depend on them.
 */
#include <string.h>

#include "core/plan/plan.h"

/* ---- shape checks ------------------------------------------------------ */

clslice_status cs_check_rank(const void *shape, int rank,
                             clslice_error *err)
{
    if (rank < 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "rank %d is negative", rank);
    if (rank > CLSLICE_MAX_RANK)
        return cs_fail(err, CLSLICE_ERROR_RANK,
                       "rank %d exceeds the maximum rank %d", rank,
                       CLSLICE_MAX_RANK);
    if (rank > 0 && !shape)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "shape is NULL for rank %d", rank);
    return CLSLICE_OK;
}

clslice_status cs_check_shape(const int64_t *shape, int rank,
                              clslice_error *err)
{
    clslice_status st = cs_check_rank(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    for (int d = 0; d < rank; d++)
        if (shape[d] < CLSLICE_UNKNOWN)
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "shape[%d] = %lld: a size must be >= 0, or -1 "
                           "for unknown", d, (long long)shape[d]);
    return CLSLICE_OK;
}

/* ---- resolving one range against a known size -------------------------- */

/* The arithmetic lives in resolve.h, shared with the device normaliser. */
static void resolve_range_known(int64_t n, const cs_slot *slot, cs_clamp clamp,
                                int64_t *start, int64_t *count)
{
    cs_r_range(n, slot->has_begin, slot->begin, slot->has_end, slot->end,
               slot->step, (int)clamp, start, count);
}

/* Magnitude of x as an unknown-size candidate, saturating for INT64_MIN. */
static int64_t magnitude(int64_t x)
{
    return x == INT64_MIN ? INT64_MAX : (x < 0 ? -x : x);
}

static void add_candidate(int64_t *list, int *used, int64_t base, int delta)
{
    if (delta > 0 && base > INT64_MAX - delta)
        return;
    if (base + delta >= 0)
        list[(*used)++] = base + delta;
}

/* On an unknown size the count is known only if it is the same for every
 * n >= 0; since n = 0 gives 0, only if the range is empty for every n.  The
 * begin/stop functions of n are piecewise linear with breakpoints where a
 * wrap or clamp switches (n = |x| - 1, |x|, |x| + 1 for a given bound x, and
 * n = 0, 1, 2 for defaults); so their difference is positive somewhere iff
 * it is positive at a breakpoint or as n grows without bound. */
static bool range_empty_for_every_size(const cs_slot *slot, cs_clamp clamp)
{
    int64_t candidates[16];
    int used = 0;
    for (int d = 0; d <= 2; d++)
        add_candidate(candidates, &used, 0, d);
    for (int d = -1; d <= 1; d++) {
        if (slot->has_begin)
            add_candidate(candidates, &used, magnitude(slot->begin), d);
        if (slot->has_end)
            add_candidate(candidates, &used, magnitude(slot->end), d);
    }
    candidates[used++] = INT64_MAX;
    for (int i = 0; i < used; i++) {
        int64_t start, count;
        resolve_range_known(candidates[i], slot, clamp, &start, &count);
        if (count != 0)
            return false;
    }
    return true;
}

/* ---- resolving slots ---------------------------------------------------- */

typedef struct cs_builder {
    const int64_t *shape;
    int rank;
    const cs_rules *rules;
    clslice_plan *plan;
    clslice_error *err;
    cs_r_fault *fault; /* the value-dependent error, for the record */
} cs_builder;

static const char *slot_word(const cs_rules *rules)
{
    return rules->slot_word ? rules->slot_word : "slot";
}

static void keep_whole(cs_builder *b, int dim)
{
    clslice_plan *p = b->plan;
    int64_t n = b->shape[dim];
    p->start[dim] = 0;
    p->step[dim] = 1;
    p->count[dim] = n; /* unknown stays unknown */
    p->slot_of[dim] = -1;
    p->out_source[p->out_rank++] = (int8_t)dim;
}

static clslice_status shrink_fail(cs_builder *b, const cs_r_fault *f)
{
    b->fault[0] = *f;
    if (f->code == CS_R_SHRINK_STEP)
        return cs_fail(b->err, CLSLICE_ERROR_SPEC,
                       "%s %d: %s[%d] = %lld on an integer (shrink) index: "
                       "only a positive stride is allowed there",
                       slot_word(b->rules), (int)f->slot, b->rules->step_name,
                       (int)f->slot, (long long)f->value);
    return cs_fail(b->err, CLSLICE_ERROR_INDEX,
                   "%s %d: shrink index %lld is out of range for "
                   "dimension %d of size %lld",
                   slot_word(b->rules), (int)f->slot, (long long)f->value,
                   (int)f->dim, (long long)b->shape[f->dim]);
}

static clslice_status resolve_shrink(cs_builder *b, int slot_index,
                                     const cs_slot *slot, int dim)
{
    clslice_plan *p = b->plan;
    int64_t n = b->shape[dim];
    cs_r_fault f;
    if (cs_r_shrink_step(slot->step, b->rules->shrink_needs_positive_step,
                         slot_index, dim, &f) != CS_R_OK)
        return shrink_fail(b, &f);
    p->step[dim] = 1;
    p->count[dim] = 1;
    p->shrunk[dim] = true;
    p->slot_of[dim] = (int8_t)slot_index;
    p->gives[dim] = CS_GIVES_BEGIN;
    if (slot->begin_unknown) {
        p->start[dim] = CLSLICE_UNKNOWN;
        return CLSLICE_OK;
    }
    if (n == CLSLICE_UNKNOWN) {
        /* A non-negative index is the start whatever n is (validity is
         * checked once n is known); a negative one depends on n. */
        p->start[dim] = slot->begin >= 0 ? slot->begin : CLSLICE_UNKNOWN;
        return CLSLICE_OK;
    }
    if (cs_r_shrink_index(n, slot->begin, slot_index, dim, &p->start[dim],
                          &f) != CS_R_OK)
        return shrink_fail(b, &f);
    return CLSLICE_OK;
}

static clslice_status resolve_range(cs_builder *b, int slot_index,
                                    const cs_slot *slot, int dim)
{
    clslice_plan *p = b->plan;
    int64_t n = b->shape[dim];
    if (cs_r_range_step(slot->step, slot_index, dim, b->fault) != CS_R_OK)
        return cs_fail(b->err, CLSLICE_ERROR_SPEC,
                       "%s %d: %s[%d] = 0 for dimension %d: a step must "
                       "be non-zero",
                       slot_word(b->rules), slot_index, b->rules->step_name,
                       slot_index, dim);
    p->step[dim] = slot->step;
    p->out_source[p->out_rank++] = (int8_t)dim;
    p->slot_of[dim] = (int8_t)slot_index;
    p->gives[dim] = (uint8_t)((slot->has_begin ? CS_GIVES_BEGIN : 0) |
                              (slot->has_end ? CS_GIVES_END : 0));
    bool values_unknown = (slot->has_begin && slot->begin_unknown) ||
                          (slot->has_end && slot->end_unknown);
    if (n == 0) {
        p->start[dim] = 0;
        p->count[dim] = 0;
    } else if (values_unknown) {
        p->start[dim] = CLSLICE_UNKNOWN;
        p->count[dim] = CLSLICE_UNKNOWN;
    } else if (n == CLSLICE_UNKNOWN) {
        bool empty = range_empty_for_every_size(slot, b->rules->clamp);
        p->start[dim] = empty ? 0 : CLSLICE_UNKNOWN;
        p->count[dim] = empty ? 0 : CLSLICE_UNKNOWN;
    } else {
        resolve_range_known(n, slot, b->rules->clamp, &p->start[dim],
                            &p->count[dim]);
    }
    return CLSLICE_OK;
}

/* ---- slot accounting ----------------------------------------------------- */

typedef struct cs_slot_census {
    int ellipsis_at;   /* index of the ellipsis slot, or -1 */
    int consuming;     /* range + shrink slots */
    int shrinks;
    int new_axes;
} cs_slot_census;

static clslice_status take_census(const cs_slot *slots, int slot_count,
                                  const cs_rules *rules, cs_slot_census *c,
                                  clslice_error *err)
{
    memset(c, 0, sizeof *c);
    c->ellipsis_at = -1;
    for (int i = 0; i < slot_count; i++) {
        switch (slots[i].kind) {
        case CS_SLOT_ELLIPSIS:
            if (c->ellipsis_at >= 0)
                return cs_fail(err, CLSLICE_ERROR_SPEC,
                               "%s %d: a second ellipsis (the first is %s "
                               "%d); at most one is allowed",
                               slot_word(rules), i, slot_word(rules),
                               c->ellipsis_at);
            c->ellipsis_at = i;
            break;
        case CS_SLOT_NEW_AXIS:
            c->new_axes++;
            break;
        case CS_SLOT_SHRINK:
            c->shrinks++;
            c->consuming++;
            break;
        case CS_SLOT_RANGE:
            c->consuming++;
            break;
        default:
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s %d: invalid slot kind %d", slot_word(rules), i,
                           (int)slots[i].kind);
        }
    }
    return CLSLICE_OK;
}

/* Names the first slot that has no input dimension left to index. */
static clslice_status too_many_indices(const cs_slot *slots, int slot_count,
                                       int rank, const cs_rules *rules,
                                       clslice_error *err)
{
    int consumed = 0, culprit = 0;
    for (int i = 0; i < slot_count; i++) {
        if (slots[i].kind == CS_SLOT_RANGE || slots[i].kind == CS_SLOT_SHRINK)
            consumed++;
        if (consumed > rank) {
            culprit = i;
            break;
        }
    }
    if (rank == 0)
        return cs_fail(err, CLSLICE_ERROR_INDEX,
                       "%s %d: cannot index a rank-0 (scalar) input; only "
                       "new axes and an ellipsis apply to it",
                       slot_word(rules), culprit);
    return cs_fail(err, CLSLICE_ERROR_INDEX,
                   "%s %d: index out of range: it would index dimension %d, "
                   "but the input has only %d dimension%s",
                   slot_word(rules), culprit, rank, rank,
                   rank == 1 ? "" : "s");
}

/* ---- the normaliser ---------------------------------------------------- */

static void finish_plan(clslice_plan *p)
{
    p->known = true;
    for (int d = 0; d < p->rank; d++)
        if (p->shape[d] < 0 || p->start[d] < 0 || p->count[d] < 0)
            p->known = false;
}

void cs_plan_update_known(clslice_plan *plan)
{
    finish_plan(plan);
}

static clslice_status walk_slots(cs_builder *b, const cs_slot *slots,
                                 int slot_count, int ellipsis_dims)
{
    int dim = 0;
    bool ellipsis_seen = false;
    clslice_status st = CLSLICE_OK;
    for (int i = 0; i < slot_count && st == CLSLICE_OK; i++) {
        switch (slots[i].kind) {
        case CS_SLOT_NEW_AXIS:
            b->plan->out_source[b->plan->out_rank++] = -1;
            break;
        case CS_SLOT_ELLIPSIS:
            ellipsis_seen = true;
            for (int e = 0; e < ellipsis_dims; e++)
                keep_whole(b, dim++);
            break;
        case CS_SLOT_SHRINK:
            st = resolve_shrink(b, i, &slots[i], dim++);
            break;
        case CS_SLOT_RANGE:
            st = resolve_range(b, i, &slots[i], dim++);
            break;
        }
    }
    /* The implicit trailing ellipsis keeps the remaining dims whole. */
    if (st == CLSLICE_OK && !ellipsis_seen)
        while (dim < b->rank)
            keep_whole(b, dim++);
    return st;
}

clslice_status cs_build_plan(const int64_t *shape, int rank,
                             const cs_slot *slots, int slot_count,
                             const cs_rules *rules, clslice_plan *into,
                             clslice_error *err)
{
    return cs_build_plan_fault(shape, rank, slots, slot_count, rules, into,
                               err, NULL);
}

clslice_status cs_build_plan_fault(const int64_t *shape, int rank,
                                   const cs_slot *slots, int slot_count,
                                   const cs_rules *rules, clslice_plan *into,
                                   clslice_error *err, cs_r_fault *fault)
{
    cs_r_fault ignored;
    if (!fault)
        fault = &ignored;
    fault->code = CS_R_OK;
    clslice_status st = cs_check_shape(shape, rank, err);
    if (st != CLSLICE_OK)
        return st;
    if (slot_count < 0 || (slot_count > 0 && !slots))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "invalid slot list");
    if (slot_count > CLSLICE_MAX_SLOTS)
        return cs_fail(err, CLSLICE_ERROR_RANK,
                       "the spec has %d %ss; at most %d are supported",
                       slot_count, slot_word(rules), CLSLICE_MAX_SLOTS);

    cs_slot_census census;
    st = take_census(slots, slot_count, rules, &census, err);
    if (st != CLSLICE_OK)
        return st;
    if (census.consuming > rank)
        return too_many_indices(slots, slot_count, rank, rules, err);
    int ellipsis_dims = rank - census.consuming;
    int out_rank = rank - census.shrinks + census.new_axes;
    if (out_rank > CLSLICE_MAX_RANK)
        return cs_fail(err, CLSLICE_ERROR_RANK,
                       "the output would have rank %d (%d new axes); the "
                       "maximum is %d",
                       out_rank, census.new_axes, CLSLICE_MAX_RANK);

    /* Filled in place, so that a caller's storage (or its stack) holds
     * the plan and building one allocates nothing. */
    memset(into, 0, sizeof *into);
    into->rank = rank;
    if (rank > 0)
        memcpy(into->shape, shape, (size_t)rank * sizeof *shape);
    cs_builder builder = {shape, rank, rules, into, err, fault};
    st = walk_slots(&builder, slots, slot_count, ellipsis_dims);
    if (st != CLSLICE_OK)
        return st;
    finish_plan(into);
    return cs_ok(err);
}
