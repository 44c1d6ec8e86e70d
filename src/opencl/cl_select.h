/*
 * The fourth layer: the one choice of how a call runs.  cs_choose is a
 * pure function of the device's facts, the tuning, the call and its
 * layout: it makes no OpenCL call, so tests check its choices without a
 * device (tests/device/test_device_select.c).
 */
#ifndef CLSLICE_CL_SELECT_H
#define CLSLICE_CL_SELECT_H

#include <stdbool.h>
#include <stddef.h>

#include "cl_move.h"
#include "cl_runtime.h"
#include "cl_variants.h"

/* What a call moves. */
typedef enum cs_kernel_kind {
    CS_KERNEL_GATHER,  /* contiguous destination */
    CS_KERNEL_SCATTER, /* strided source and destination */
    CS_KERNEL_FILL     /* the source is an element passed by value
                        * (CS_FILL_BYTES, carrier index < size) */
} cs_kernel_kind;

/* Which way a call ran, as bits 1 << cs_path of cs_choice.paths; the
 * runtime counts them (cs_runtime_count_paths). */
typedef enum cs_path {
    CS_PATH_MARKER,    /* empty output: a marker, or nothing */
    CS_PATH_COPY,      /* one clEnqueueCopyBuffer */
    CS_PATH_RECT,      /* one clEnqueueCopyBufferRect */
    CS_PATH_ROW_C,     /* CPU rows, inner stride +1 */
    CS_PATH_ROW_R,     /* CPU rows, inner stride -1 */
    CS_PATH_ROW_S2,    /* CPU rows, inner stride 2 (double-width reads) */
    CS_PATH_ROW_G,     /* CPU rows, any inner stride */
    CS_PATH_ROW_SPLIT, /* ...of which a long row was split (counted too) */
    CS_PATH_ODO_C,     /* CPU odometer, contiguous rows */
    CS_PATH_ODO_G,     /* CPU odometer, strided rows */
    CS_PATH_GRID_R1,   /* element grid (GPU family), rank 1..4 and n */
    CS_PATH_GRID_R2,
    CS_PATH_GRID_R3,
    CS_PATH_GRID_R4,
    CS_PATH_GRID_RN,
    CS_PATH_SCATTER,   /* scatter or fill kernel (element grid) */
    CS_PATH_SROW,      /* CPU scatter rows (cl/gather_rows.cl) */
    CS_PATH_SODO,      /* CPU scatter odometer */
    CS_PATH_SDST_C,    /* ...destination inner stride +1 (counted too) */
    CS_PATH_SDST_R,    /* ...destination inner stride -1 */
    CS_PATH_SDST_G,    /* ...any other destination inner stride */
    CS_PATH_SSRC_B,    /* ...source inner stride 0 (a broadcast) */
    CS_PATH_DYN_ROWS,  /* dynamic slice, rows form (cl/dynamic.cl) */
    CS_PATH_DYN_GRID,  /* dynamic slice, element grid */
    CS_PATH_COUNT
} cs_path;

/* How a call runs. */
typedef enum cs_run {
    CS_RUN_MARKER, /* nothing to move: a marker if an event is wanted */
    CS_RUN_COPY,   /* one clEnqueueCopyBuffer */
    CS_RUN_RECT,   /* one clEnqueueCopyBufferRect */
    CS_RUN_KERNEL  /* a kernel of cl_variants.def */
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
 * (cl_rect.c). */
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
    bool odometer;           /* rows family: several rows per work-item */
    cs_move move;            /* the layout in carriers */
    cs_box box;              /* CS_RUN_RECT only */
} cs_choice;

/* Chooses how `call` runs `layout` (simplified) on a device with `device`
 * facts under `tuning` (docs/design.md, technique 2). */
void cs_choose(const cs_device_info *device, const cs_tuning *tuning,
               const cs_select_call *call, const clslice_layout *layout,
               cs_choice *choice);

/* The kernel part of the choice for a move already built, in `program`:
 * variant, odometer, index bits and paths. */
void cs_choose_kernel(const cs_device_info *device, const cs_tuning *tuning,
                      cs_kernel_kind kind, cs_program_kind program,
                      const cs_move *move, int index_bits,
                      cs_choice *choice);

/* The program families that calls on a device with `device` facts can
 * use under `tuning`, as bits 1 << cs_program_kind: what cs_choose picks
 * for a gather, a scatter and a fill, and the CSR program, which CSR
 * calls use on every device (clslice_runtime_prepare builds these). */
unsigned cs_programs_used(const cs_device_info *device,
                          const cs_tuning *tuning);

#endif
