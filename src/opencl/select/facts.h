/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer select: what every choice of how a call runs starts from.  The
 * facts of a device (asked once by the runtime), the tuning of the
 * choices, the one test of which kernel family a device gets, the group
 * sizes the families ask for, and the names of the paths a call can take.
 * Plain data and pure functions: the selector makes no OpenCL call, so
 * tests check every choice without a device (tests/device/test_device_select.c).
 */
#ifndef CLSLICE_OPENCL_SELECT_FACTS_H
#define CLSLICE_OPENCL_SELECT_FACTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clslice_cl.h"

/* ---- devices ------------------------------------------------------------ */

/* What the library asks of a device once and keeps (runtime/device_facts.c
 * fills it). */
typedef struct cs_device_info {
    cl_device_id device;
    bool cpu;              /* CL_DEVICE_TYPE_CPU alone: row kernels */
    bool little_endian;    /* CL_DEVICE_ENDIAN_LITTLE */
    cl_uint compute_units; /* CL_DEVICE_MAX_COMPUTE_UNITS */
    size_t max_param_size; /* CL_DEVICE_MAX_PARAMETER_SIZE */
    size_t max_item[3];    /* CL_DEVICE_MAX_WORK_ITEM_SIZES */
    size_t pointer_size;   /* CL_DEVICE_ADDRESS_BITS / 8 */
    bool rect_sub_buffer_crash; /* clEnqueueCopyBufferRect crashes when
                                 * src or dst is a sub-buffer (PoCL,
                                 * runtime/device_facts.c) */
} cs_device_info;

/* ---- tuning: the runtime's choices between paths ------------------------ */

/* Which kernel family a device gets. */
typedef enum cs_style {
    CS_STYLE_AUTO, /* by device type: rows on CPUs, the grid elsewhere */
    CS_STYLE_ROWS, /* the CPU family on any device */
    CS_STYLE_GRID  /* the GPU family on any device */
} cs_style;

typedef struct cs_tuning {
    size_t max_groups;       /* grid-stride kernels: work-groups per
                              * NDRange dim before they loop */
    cs_style style;
    int64_t row_split;       /* CPU rows: split rank <= 2 rows longer than
                              * this many carriers */
    int64_t short_row_bytes; /* CPU: rows shorter than this go to the
                              * odometer kernels */
    size_t rect_max_bytes;   /* CPU: clEnqueueCopyBufferRect for eligible
                              * outputs up to this size */
    size_t run_kernel_bytes; /* CPU: a single contiguous run of at least
                              * this many bytes runs the row kernel
                              * instead of clEnqueueCopyBuffer */
} cs_tuning;

/* What every runtime starts with (tuning.c says why each value). */
extern const cs_tuning cs_default_tuning;

/* The one test of the kernel family: true when calls on this device run
 * the row family (a work-item per row, loops a CPU compiler vectorizes),
 * false for the element grid (a work-item per carrier, coalesced on
 * GPUs).  Every family with both forms asks this (docs/design.md, "Why
 * one family per device type"). */
bool cs_rows_family(const cs_device_info *device, const cs_tuning *tuning);

/* ---- group sizes -------------------------------------------------------- */

/* Work-items per group each family asks for, before a device's and a
 * kernel's limits shrink them (cs_launch_fit).  PoCL compiles a kernel
 * again for every new local size (~40 ms), so what CPU devices run comes
 * from a small fixed set; GPUs compile once, and the element grids fit
 * their groups to each launch's extents within CS_LOCAL_GRID. */
enum cs_local {
    CS_LOCAL_ROWS = 8,          /* row family, odometer, batch and dynamic
                                 * rows: one local size, compiled once per
                                 * kernel by PoCL */
    CS_LOCAL_GRID = 256,        /* element grids (static, batch, dynamic):
                                 * the most work-items of a group, 8
                                 * warps of 32; the usual sweet spot for
                                 * coalesced copies on GPUs */
    CS_LOCAL_GRID_CPU = 64,     /* element grid of fills on CPU devices, a
                                 * fixed shape (cs_grid_fixed), as they
                                 * were tuned on PoCL */
    CS_LOCAL_BLOCKED = 64,      /* the blocked layouts' grid (a 1-D
                                 * grid-stride pass), the size the element
                                 * grids of writes had when it was tuned */
    CS_LOCAL_CSR = 64,          /* CSR's grid-stride passes */
    CS_LOCAL_CSR_SCAN = 256,    /* CSR's scan: the block it works on is
                                 * CS_SCAN_ITEMS times the group */
    CS_LOCAL_NORMALISE = 64     /* normalise command of many specs (one
                                 * spec gets one work-item) */
};

/* ---- kinds and paths ---------------------------------------------------- */

/* What a call moves. */
typedef enum cs_kernel_kind {
    CS_KERNEL_GATHER,  /* contiguous destination */
    CS_KERNEL_SCATTER, /* strided source and destination */
    CS_KERNEL_FILL     /* the source is an element passed by value
                        * (CS_FILL_BYTES, carrier index < size) */
} cs_kernel_kind;

/* Which way a call ran, as bits 1 << cs_path of a choice's paths; the
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
    CS_PATH_SROW,      /* CPU scatter rows (cl/rows.cl) */
    CS_PATH_SODO,      /* CPU scatter odometer */
    CS_PATH_SDST_C,    /* ...destination inner stride +1 (counted too) */
    CS_PATH_SDST_R,    /* ...destination inner stride -1 */
    CS_PATH_SDST_G,    /* ...any other destination inner stride */
    CS_PATH_SSRC_B,    /* ...source inner stride 0 (a broadcast) */
    CS_PATH_DYN_ROWS,  /* dynamic slice, rows form (cl/dynamic.cl) */
    CS_PATH_DYN_GRID,  /* dynamic slice, element grid */
    CS_PATH_LANES_ROWS, /* through a blocked axis's lane maps, CPU rows
                         * (cl/blocked.cl) */
    CS_PATH_LANES_GRID, /* ...element grid */
    CS_PATH_COUNT
} cs_path;

#endif
