/*
 * One plan per piece of a split: the piece's range on the split axis,
 * every other dimension whole.  The rules are split_rules.c's; this file
 * turns each emitted range into a plan as it comes.
 */
#include <stdlib.h>

#include "plan.h"
#include "split.h"

static const cs_rules split_rules = {CS_CLAMP_NUMPY, false, "step", "piece"};

typedef struct plan_maker {
    const int64_t *shape;
    int rank, axis;
    clslice_plan **plans;
    clslice_status status; /* the first failure */
    clslice_error *err;
} plan_maker;

static void make_piece(void *ctx, size_t i, int64_t start, int64_t size)
{
    plan_maker *m = ctx;
    m->plans[i] = NULL;
    if (m->status != CLSLICE_OK)
        return;
    bool known = start >= 0 && size >= 0;
    cs_slot piece = {.kind = CS_SLOT_RANGE, .begin = known ? start : 0,
                     .end = known ? start + size : 0, .step = 1,
                     .has_begin = true, .has_end = true,
                     .begin_unknown = !known, .end_unknown = !known};
    m->status = cs_plan_on_axis(m->shape, m->rank, m->axis, &piece,
                                &split_rules, &m->plans[i], m->err);
    /* A piece's range is exact: on an unknown axis size its known size
     * is the count all the same. */
    if (m->status == CLSLICE_OK && known) {
        m->plans[i]->start[m->axis] = size ? start : 0;
        m->plans[i]->count[m->axis] = size;
        cs_plan_update_known(m->plans[i]);
    }
}

clslice_status cs_plan_on_axis(const int64_t *shape, int rank, int axis,
                               const cs_slot *axis_slot,
                               const cs_rules *rules, clslice_plan **plan,
                               clslice_error *err)
{
    cs_slot slots[CLSLICE_MAX_RANK];
    for (int d = 0; d < rank; d++)
        slots[d] = (cs_slot){.kind = CS_SLOT_RANGE, .step = 1};
    slots[axis] = *axis_slot;
    return cs_build_plan(shape, rank, slots, rank, rules, plan, err);
}

clslice_status clslice_plan_split(const int64_t *shape, int rank,
                                  const clslice_split_spec *spec,
                                  clslice_plan **plans, size_t capacity,
                                  size_t *count, clslice_error *err)
{
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
    plan_maker maker = {shape, rank, cs_split_axis(spec, rank), plans,
                        CLSLICE_OK, err};
    cs_split_out filled = {.emit = make_piece, .emit_ctx = &maker};
    st = cs_split_run(shape, rank, spec, &filled, err);
    if (st == CLSLICE_OK)
        st = maker.status;
    if (st != CLSLICE_OK) {
        for (size_t i = 0; i < filled.count; i++)
            clslice_plan_release(&plans[i]);
        return st;
    }
    return cs_ok(err);
}
