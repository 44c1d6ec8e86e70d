/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * One plan per piece of a split: the piece's range on the split axis,
 * every other dimension whole.  The rules are split_rules.c's; this file
 * turns each emitted range into a plan as it comes, on the heap
 * (clslice_plan_split) or in the caller's storage (clslice_plan_init_split).
 */
#include "core/plan/plan.h"
#include "core/split/split.h"

static const cs_rules split_rules = {CS_CLAMP_NUMPY, false, "step", "piece"};

typedef struct plan_maker {
    const int64_t *shape;
    int rank, axis;
    clslice_plan **heap;             /* the heap form's plans, or NULL */
    clslice_plan_storage *storage;   /* the storage form's, or NULL */
    const clslice_plan **stored;     /* its plans, one per storage */
    clslice_status status;           /* the first failure */
    clslice_error *err;
} plan_maker;

/* The plan of one piece, in *into. */
static clslice_status build_piece(const plan_maker *m, int64_t start,
                                  int64_t size, clslice_plan *into)
{
    bool known = start >= 0 && size >= 0;
    cs_slot piece = {.kind = CS_SLOT_RANGE, .begin = known ? start : 0,
                     .end = known ? start + size : 0, .step = 1,
                     .has_begin = true, .has_end = true,
                     .begin_unknown = !known, .end_unknown = !known};
    clslice_status st = cs_plan_on_axis(m->shape, m->rank, m->axis, &piece,
                                        &split_rules, into, m->err);
    /* A piece's range is exact: on an unknown axis size its known size
     * is the count all the same. */
    if (st == CLSLICE_OK && known) {
        into->start[m->axis] = size ? start : 0;
        into->count[m->axis] = size;
        cs_plan_update_known(into);
    }
    return st;
}

static void make_piece(void *ctx, size_t i, int64_t start, int64_t size)
{
    plan_maker *m = ctx;
    if (m->heap)
        m->heap[i] = NULL;
    else
        m->stored[i] = NULL;
    if (m->status != CLSLICE_OK)
        return;
    if (m->heap) {
        clslice_plan built;
        m->status = cs_plan_to_heap(build_piece(m, start, size, &built),
                                    &built, &m->heap[i], m->err);
        return;
    }
    clslice_plan *into = (clslice_plan *)&m->storage[i];
    m->status = build_piece(m, start, size, into);
    if (m->status == CLSLICE_OK) {
        into->in_storage = true;
        m->stored[i] = into;
    }
}

clslice_status cs_plan_on_axis(const int64_t *shape, int rank, int axis,
                               const cs_slot *axis_slot,
                               const cs_rules *rules, clslice_plan *into,
                               clslice_error *err)
{
    cs_slot slots[CLSLICE_MAX_RANK];
    for (int d = 0; d < rank; d++)
        slots[d] = (cs_slot){.kind = CS_SLOT_RANGE, .step = 1};
    slots[axis] = *axis_slot;
    return cs_build_plan(shape, rank, slots, rank, rules, into, err);
}

/* The count query and the capacity protocol both forms share; *fill is
 * false when the call was a count query (and is done). */
static clslice_status check_room(const int64_t *shape, int rank,
                                 const clslice_split_spec *spec,
                                 const void *plans, size_t capacity,
                                 size_t *count, bool *fill,
                                 clslice_error *err)
{
    *fill = false;
    clslice_status st = cs_split_count(shape, rank, spec, count, err);
    if (st != CLSLICE_OK)
        return st;
    if (!plans && capacity == 0)
        return cs_ok(err);
    if (!plans)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "plans is NULL with capacity %zu (capacity 0 makes a "
                       "count query)", capacity);
    if (capacity < *count)
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "capacity %zu is less than the %zu pieces", capacity,
                       *count);
    *fill = true;
    return CLSLICE_OK;
}

static clslice_status run_maker(const clslice_split_spec *spec,
                                plan_maker *maker, size_t *filled,
                                clslice_error *err)
{
    maker->axis = cs_split_axis(spec, maker->rank);
    cs_split_out out = {.emit = make_piece, .emit_ctx = maker};
    clslice_status st = cs_split_run(maker->shape, maker->rank, spec, &out,
                                     err);
    *filled = out.count;
    return st == CLSLICE_OK ? maker->status : st;
}

clslice_status clslice_plan_split(const int64_t *shape, int rank,
                                  const clslice_split_spec *spec,
                                  clslice_plan **plans, size_t capacity,
                                  size_t *count, clslice_error *err)
{
    bool fill;
    clslice_status st = check_room(shape, rank, spec, plans, capacity, count,
                                   &fill, err);
    if (st != CLSLICE_OK || !fill)
        return st;
    plan_maker maker = {.shape = shape, .rank = rank, .heap = plans,
                        .status = CLSLICE_OK, .err = err};
    size_t filled = 0;
    st = run_maker(spec, &maker, &filled, err);
    if (st != CLSLICE_OK) {
        for (size_t i = 0; i < filled; i++)
            clslice_plan_release(&plans[i]);
        return st;
    }
    return cs_ok(err);
}

clslice_status clslice_plan_init_split(clslice_plan_storage *storage,
                                       const int64_t *shape, int rank,
                                       const clslice_split_spec *spec,
                                       const clslice_plan **plans,
                                       size_t capacity, size_t *count,
                                       clslice_error *err)
{
    bool fill;
    clslice_status st = check_room(shape, rank, spec, plans, capacity, count,
                                   &fill, err);
    if (st != CLSLICE_OK || !fill)
        return st;
    if (!storage)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "storage is NULL with capacity %zu", capacity);
    plan_maker maker = {.shape = shape, .rank = rank, .storage = storage,
                        .stored = plans, .status = CLSLICE_OK, .err = err};
    size_t filled = 0;
    st = run_maker(spec, &maker, &filled, err);
    if (st != CLSLICE_OK) {
        for (size_t i = 0; i < filled; i++)
            plans[i] = NULL;
        return st;
    }
    return cs_ok(err);
}
