/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * How a gather, scatter or fill runs: the cheapest way for the device at
 * hand (docs/design.md, technique 2).
 *
 *   empty                   nothing; a marker when the caller wants an
 *                           event;
 *   one contiguous run      clEnqueueCopyBuffer, which drivers run at full
 *                           bandwidth; except a large run on a CPU device,
 *                           where PoCL's copy is one memcpy on one thread
 *                           and the row kernel uses every core;
 *   a small 2-D/3-D box     clEnqueueCopyBufferRect on a CPU device, where
 *                           launch overhead dominates (box.c); GPU
 *                           drivers implement it as a kernel much like
 *                           ours, so GPUs keep the kernel; never with a
 *                           sub-buffer on a device whose Rect copy
 *                           crashes on them (PoCL 3.1 segfaults there,
 *                           runtime/device_facts.c), which runs the kernel
 *                           instead;
 *   anything else           a kernel: on CPU devices the row family
 *                           (cl/rows.cl, rows.c) for gathers and scatters
 *                           and cl/grid_scatter.cl for fills; on all others
 *                           the element grids (grid.c: cl/grid_gather.cl
 *                           for gathers, cl/grid_scatter.cl for scatters
 *                           and fills); or, first, the kernel of a
 *                           vendor-tuned family the device's tuning
 *                           names, where it has one (family.h).
 *
 * CLSLICE_NO_COPY_SHORTCUT always runs the kernel, so tests reach it.
 */
#include "opencl/select/family.h"
#include "opencl/select/index_width.h"

static bool is_one_run(const clslice_layout *layout)
{
    return layout->rank == 0 ||
           (layout->rank == 1 && layout->src_stride[0] == 1 &&
            layout->dst_stride[0] == 1);
}

static cs_program_kind program_of(const cs_device_info *device,
                                  const cs_tuning *tuning,
                                  cs_kernel_kind kind)
{
    if (kind == CS_KERNEL_FILL)
        return CS_PROGRAM_GRID_SCATTER;
    if (cs_rows_family(device, tuning))
        return CS_PROGRAM_ROWS; /* gathers and scatters */
    return kind == CS_KERNEL_GATHER ? CS_PROGRAM_GRID_GATHER
                                    : CS_PROGRAM_GRID_SCATTER;
}

static cs_run shortcut(const cs_device_info *device, const cs_tuning *tuning,
                       const cs_select_call *call,
                       const clslice_layout *layout, cs_program_kind program,
                       cs_box *box)
{
    size_t bytes = (size_t)layout->elements * call->elem_size;
    bool gather_rows = program == CS_PROGRAM_ROWS &&
                       call->kind == CS_KERNEL_GATHER;
    if (call->kind == CS_KERNEL_FILL ||
        (call->flags & CLSLICE_NO_COPY_SHORTCUT))
        return CS_RUN_KERNEL; /* a fill reads no buffer: nothing to copy */
    if (is_one_run(layout))
        return gather_rows && bytes >= tuning->run_kernel_bytes
                   ? CS_RUN_KERNEL
                   : CS_RUN_COPY;
    if (call->sub_buffer && device->rect_sub_buffer_crash)
        return CS_RUN_KERNEL;
    if (cs_rows_family(device, tuning) && bytes <= tuning->rect_max_bytes &&
        cs_box_of(call, layout, box))
        return CS_RUN_RECT;
    return CS_RUN_KERNEL;
}

void cs_choose_kernel(const cs_device_info *device, const cs_tuning *tuning,
                      cs_kernel_kind kind, cs_program_kind program,
                      const cs_move *move, int index_bits, cs_choice *c)
{
    c->run = CS_RUN_KERNEL;
    c->program = program;
    c->carrier = move->carrier;
    c->index_bits = index_bits;
    c->odometer = false;
    if (tuning->family && tuning->family->choose(device, tuning, kind, move, c))
        return; /* a vendor-tuned family took it (family.h) */
    if (program == CS_PROGRAM_ROWS && kind != CS_KERNEL_FILL)
        cs_choose_rows(device, tuning, kind, move, c);
    else
        cs_choose_grid(device, tuning, kind, move, c);
}

void cs_choose(const cs_device_info *device, const cs_tuning *tuning,
               const cs_select_call *call, const clslice_layout *layout,
               cs_choice *c)
{
    c->run = CS_RUN_MARKER;
    c->paths = 1u << CS_PATH_MARKER;
    if (layout->elements == 0)
        return;
    cs_program_kind program = program_of(device, tuning, call->kind);
    c->run = shortcut(device, tuning, call, layout, program, &c->box);
    if (c->run != CS_RUN_KERNEL) {
        c->paths = 1u << (c->run == CS_RUN_COPY ? CS_PATH_COPY
                                                : CS_PATH_RECT);
        return;
    }
    /* The CPU family's loops want scalar carriers, so a contiguous row
     * moves as uint at most (a uint4 loop does not vectorize); the element
     * grid keeps the widest carrier (16-byte accesses per work-item). */
    cs_move_build(layout, call->elem_size, call->src_offset,
                  call->dst_offset, &c->move);
    if (program == CS_PROGRAM_ROWS)
        cs_move_narrow(&c->move, 4);
    cs_choose_kernel(device, tuning, call->kind, program, &c->move,
                     cs_move_index_bits(&c->move, call->flags), c);
}

unsigned cs_programs_used(const cs_device_info *device,
                          const cs_tuning *tuning)
{
    static const cs_kernel_kind kinds[] = {CS_KERNEL_GATHER,
                                           CS_KERNEL_SCATTER, CS_KERNEL_FILL};
    unsigned used = 1u << CS_PROGRAM_CSR;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        used |= 1u << program_of(device, tuning, kinds[i]);
    if (tuning->family)
        used |= 1u << tuning->family->program;
    return used;
}
