/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Copies whose layout keeps a lane map (cl/blocked.cl): a gather or
 * scatter through a blocked axis that no split makes affine (a channel
 * slice starting inside a block, a step that does not divide the block,
 * a blocked destination's padding lanes).  Never a copy shortcut: no
 * such layout is one run or a box.  The row family gets the rows form
 * (one work-item per run of rows, a division chain per row, loops over
 * the innermost dim), every other device the element grid; both take
 * the group size of their dense counterparts.
 */
#include "opencl/select/select.h"

/* The last carrier index a tensor ending at byte `end` (one past its
 * last) can hold: the lane maps may reach any of them. */
static uint64_t last_index(size_t end, size_t carrier)
{
    size_t carriers = (end + carrier - 1) / carrier;
    return carriers ? carriers - 1 : 0;
}

static int index_bits(const cs_lanes_call *call, size_t carrier)
{
    uint64_t src = last_index(call->src_end, carrier);
    uint64_t dst = last_index(call->dst_end, carrier);
    return cs_index_bits(src > dst ? src : dst, call->flags);
}

void cs_choose_lanes(const cs_device_info *device, const cs_tuning *tuning,
                     const cs_lanes_call *call, const cs_lanes *lanes,
                     cs_choice *c)
{
    c->run = CS_RUN_MARKER;
    c->paths = 1u << CS_PATH_MARKER;
    if (lanes->base.elements == 0)
        return;
    cs_lanes_move_build(lanes, call->elem_size, call->src_offset,
                        call->dst_offset, &c->move, &c->lanes);
    bool rows = cs_rows_family(device, tuning);
    c->run = CS_RUN_KERNEL;
    c->program = CS_PROGRAM_BLOCKED;
    c->carrier = c->move.carrier;
    c->index_bits = index_bits(call, c->carrier);
    c->odometer = false;
    c->variant = rows ? CS_VARIANT_BLOCKED_ROWS : CS_VARIANT_BLOCKED_GRID;
    c->local = rows ? tuning->local_rows : tuning->local_blocked;
    c->paths = 1u << (rows ? CS_PATH_LANES_ROWS : CS_PATH_LANES_GRID);
}
