/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer select: how a gather, scatter or fill runs (the dense families:
 * the plain, strided and grad calls).  cs_choose is a pure function of
 * the device's facts, the tuning, the call and its layout: the path
 * (marker, copy, Rect copy or kernel), then the family, the variant, the
 * carrier, the index width and the group size.  The other families choose
 * beside it, one header each: batch.h, dynamic.h, csr.h.
 */
#ifndef CLSLICE_OPENCL_SELECT_SELECT_H
#define CLSLICE_OPENCL_SELECT_SELECT_H

#include <stdbool.h>
#include <stddef.h>

#include "opencl/base/lanes.h"
#include "opencl/base/move.h"
#include "opencl/select/facts.h"
#include "opencl/select/index_width.h"
#include "opencl/select/variants.h"

/* How a call runs. */
typedef enum cs_run {
    CS_RUN_MARKER, /* nothing to move: a marker if an event is wanted */
    CS_RUN_COPY,   /* one clEnqueueCopyBuffer */
    CS_RUN_RECT,   /* one clEnqueueCopyBufferRect */
    CS_RUN_KERNEL, /* a kernel of variants.def */
    CS_RUN_NATIVE  /* the host executor in a native kernel, while that
                    * kernel's program builds (set by the dispatch,
                    * never by the selector: run/native.c) */
} cs_run;

/* The call as the selector sees it. */
typedef struct cs_select_call {
    cs_kernel_kind kind;
    size_t elem_size;
    size_t src_offset, dst_offset; /* bytes */
    bool same_buffer; /* src and dst are one cl_mem (no Rect copy then) */
    bool sub_buffer;  /* src or dst is a sub-buffer (no Rect copy on a
                       * device with rect_sub_buffer_crash) */
    unsigned flags;
} cs_select_call;

/* The clEnqueueCopyBufferRect box of a layout, in bytes. */
typedef struct cs_box_side {
    size_t origin[3];
    size_t row_pitch, slice_pitch;
} cs_box_side;

typedef struct cs_box {
    size_t region[3];
    cs_box_side src, dst;
} cs_box;

/* True when the simplified layout is a 2-D or 3-D box that one
 * clEnqueueCopyBufferRect can copy under OpenCL 1.2's rules; fills *box
 * (box.c). */
bool cs_box_of(const cs_select_call *call, const clslice_layout *layout,
               cs_box *box);

typedef struct cs_choice {
    cs_run run;
    unsigned paths;          /* bits 1 << cs_path */
    /* CS_RUN_KERNEL only: */
    cs_program_kind program;
    cs_variant variant;
    size_t carrier;          /* = move.carrier */
    int index_bits;          /* 32 or 64 */
    size_t local;            /* work-items per group asked for (the
                              * tuning's local_* member of the family);
                              * the element grids: at most */
    size_t group[3];         /* the element grids' group shape */
    bool odometer;           /* rows family: several rows per work-item */
    cs_move move;            /* the layout in carriers */
    cs_lane_sides lanes;     /* CS_PROGRAM_BLOCKED only: the lane maps */
    cs_box box;              /* CS_RUN_RECT only */
} cs_choice;

/* Chooses how `call` runs `layout` (simplified) on a device with `device`
 * facts under `tuning` (docs/design.md, technique 2; choose.c). */
void cs_choose(const cs_device_info *device, const cs_tuning *tuning,
               const cs_select_call *call, const clslice_layout *layout,
               cs_choice *choice);

/* The kernel part of the choice for a move already built, in `program`:
 * variant, odometer, index bits, group size and paths. */
void cs_choose_kernel(const cs_device_info *device, const cs_tuning *tuning,
                      cs_kernel_kind kind, cs_program_kind program,
                      const cs_move *move, int index_bits,
                      cs_choice *choice);

/* The program families that calls on a device with `device` facts can
 * use under `tuning`, as bits 1 << cs_program_kind: what cs_choose picks
 * for a gather, a scatter and a fill, the program of the vendor-tuned
 * family the tuning names (family.h), and the CSR program, which CSR
 * calls use on every device (clslice_runtime_prepare builds these). */
unsigned cs_programs_used(const cs_device_info *device,
                          const cs_tuning *tuning);

/* ---- the families behind cs_choose_kernel (grid.c, rows.c) -------------- */

/* The element grid's variant, paths and group shape for `kind`: fitted
 * to the move's extents within tuning->local_grid, or one of the fixed
 * shapes of tuning->local_grid_fixed items on CPU devices (whose drivers
 * compile a kernel again per local size). */
void cs_choose_grid(const cs_device_info *device, const cs_tuning *tuning,
                    cs_kernel_kind kind, const cs_move *move,
                    cs_choice *choice);

/* The row family's variant (rows or odometer), paths and group size. */
void cs_choose_rows(const cs_device_info *device, const cs_tuning *tuning,
                    cs_kernel_kind kind, const cs_move *move,
                    cs_choice *choice);

/* ---- copies through lane maps (blocked.c) ------------------------------- */

/* A lanes layout's call as the selector sees it. */
typedef struct cs_lanes_call {
    size_t elem_size;
    size_t src_offset, dst_offset; /* bytes to each tensor's element 0 */
    size_t src_end, dst_end;       /* one past the last byte each tensor
                                    * can address */
    unsigned flags;
} cs_lanes_call;

/* How a simplified lanes layout that stays one
 * (core/layout/blocked_layout.h) runs: a marker when empty, else the
 * blocked program's rows (row family) or element grid, its move and lane
 * maps, the index width the tensors' ends need. */
void cs_choose_lanes(const cs_device_info *device, const cs_tuning *tuning,
                     const cs_lanes_call *call, const cs_lanes *lanes,
                     cs_choice *choice);

#endif
