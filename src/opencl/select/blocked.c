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

static int index_bits(const cs_lanes_call *call, size_t carrier)
{
    if (call->flags & CLSLICE_FORCE_INDEX64)
        return 64;
    size_t most = (size_t)UINT32_MAX + 1;
    return (call->src_end + carrier - 1) / carrier <= most &&
                   (call->dst_end + carrier - 1) / carrier <= most
               ? 32
               : 64;
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
    c->local = rows ? CS_LOCAL_ROWS : CS_LOCAL_BLOCKED;
    c->paths = 1u << (rows ? CS_PATH_LANES_ROWS : CS_PATH_LANES_GRID);
}
