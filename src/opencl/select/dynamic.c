/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * How device-resident slices run (cl/normalise.cl, cl/dynamic.cl).
 *
 * The consumer of a record has two forms, as static slices do: the row
 * form, `chunks` work-items each copying a contiguous share of the slice
 * row by row in counted loops a CPU compiler vectorizes, and the element
 * grid, a carrier per work-item, coalesced on GPUs.  The carrier is the
 * widest dividing the element size and both offsets: at most 8 bytes in
 * the row form (a plain ulong the loops vectorize; a uint4 loop does
 * not), 16 in the grid.
 */
#include "opencl/select/dynamic.h"

#include "opencl/base/move.h"
#include "opencl/select/index_width.h"

enum {
    ROWS_PER_UNIT = 8,     /* rows form: work-items per compute unit */
    ROWS_MIN_BYTES = 16384, /* ...and at least this much of the bound per
                             * work-item, so a small input is one
                             * work-item's loop */
    GRID_PER_UNIT = 2048    /* grid form: work-items per compute unit, as
                             * many as a GPU multiprocessor keeps
                             * resident (NVIDIA since Maxwell) */
};

/* 32-bit indices when every carrier index the kernel can form (up to the
 * bound on both sides, and the record's words) fits a uint32. */
static int index_bits(const cs_dyn_select_call *c, size_t carrier)
{
    uint64_t epc = c->elem_size / carrier;
    uint64_t tensor = (uint64_t)c->elements * epc;
    uint64_t value = (uint64_t)c->value_elements * epc;
    uint64_t most = c->info_offset / sizeof(cl_long) +
                    CLSLICE_DYNAMIC_INFO_WORDS;
    uint64_t src = c->src_offset / carrier +
                   (c->kind == CS_KERNEL_GATHER ? tensor : value);
    uint64_t dst = c->dst_offset / carrier + tensor;
    most = src > most ? src : most;
    most = dst > most ? dst : most;
    return cs_index_bits(most, c->flags);
}

/* The rows form's work-items: enough for every compute unit, no more
 * than the bound's bytes make worth it. */
static size_t rows_chunks(const cs_dyn_select_call *c,
                          const cs_device_info *device)
{
    uint64_t bytes = (uint64_t)c->elements * c->elem_size;
    uint64_t want = (bytes + ROWS_MIN_BYTES - 1) / ROWS_MIN_BYTES;
    uint64_t most = (uint64_t)(device->compute_units ? device->compute_units
                                                     : 1) * ROWS_PER_UNIT;
    return (size_t)(want < 1 ? 1 : want > most ? most : want);
}

/* The grid form's work-items: the bound's carriers, capped at what the
 * device keeps resident.  The host knows only a bound of the slice, and
 * work-items past its true size idle (the GPU memory model counted 8.29
 * per carrier on a bench case); under the cap the kernel's grid-stride
 * loop covers the true size instead. */
static size_t grid_items(const cs_dyn_select_call *c,
                         const cs_device_info *device, size_t carrier)
{
    uint64_t bound = (uint64_t)c->elements * (c->elem_size / carrier);
    uint64_t most = (uint64_t)(device->compute_units ? device->compute_units
                                                     : 1) * GRID_PER_UNIT;
    return (size_t)(bound < most ? bound : most);
}

void cs_choose_dynamic(const cs_device_info *device, const cs_tuning *tuning,
                       const cs_dyn_select_call *call, cs_dyn_choice *c)
{
    bool rows = cs_rows_family(device, tuning);
    bool gather = call->kind == CS_KERNEL_GATHER;
    size_t carrier = cs_widest_carrier(rows ? 8 : 16,
                                       (uint64_t)call->elem_size |
                                           call->src_offset |
                                           call->dst_offset);
    *c = (cs_dyn_choice){.program = CS_PROGRAM_DYNAMIC, .rows = rows,
                         .carrier = carrier,
                         .index_bits = index_bits(call, carrier)};
    if (rows) {
        c->variant = gather ? CS_VARIANT_DYN_GATHER_ROWS
                            : CS_VARIANT_DYN_SCATTER_ROWS;
        c->chunks = rows_chunks(call, device);
        c->items = c->chunks;
        c->local = tuning->local_rows;
        c->paths = 1u << CS_PATH_DYN_ROWS;
    } else {
        c->variant = gather ? CS_VARIANT_DYN_GATHER_GRID
                            : CS_VARIANT_DYN_SCATTER_GRID;
        c->items = grid_items(call, device, carrier);
        c->local = tuning->local_grid;
        c->grid_stride = true;
        c->paths = 1u << CS_PATH_DYN_GRID;
    }
}

/* One work-item for one spec, not a group of 64 mostly idle; two local
 * sizes only, as PoCL compiles a kernel again per size.  The kernel's own
 * arithmetic is int64 whatever cs_idx is, so the 32-bit build serves
 * every call: the one clslice_runtime_prepare makes by default. */
void cs_choose_normalise(const cs_tuning *tuning, size_t specs,
                         cs_normalise_choice *c)
{
    *c = (cs_normalise_choice){.program = CS_PROGRAM_NORMALISE,
                               .variant = CS_VARIANT_NORMALISE,
                               .index_bits = 32,
                               .local = specs == 1 ? 1
                                                   : tuning->local_normalise};
}
