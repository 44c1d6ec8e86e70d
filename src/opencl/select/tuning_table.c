/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The library's tuning table (tuning.h says how rows are looked up): the
 * default row, which sets every member, then rows for a device class, a
 * vendor or a device name, each setting only what was measured to differ
 * there.  A vendor-tuned kernel family is switched on by a row of its
 * vendor setting `family` (CONTRIBUTING.md, "Adding a vendor-tuned kernel
 * family").  A new row states the device and driver it was measured on.
 */
#include "opencl/select/tuning.h"

/* Work-groups per NDRange dim before grid-stride kernels loop: CUDA-style
 * grids cap dims 1 and 2 at 65535 groups, and every device handles this
 * many. */
#define MAX_GROUPS 65535

/* CPU devices, measured on PoCL 3.1, 2 cores (docs/design.md, technique 2):
 * - clEnqueueCopyBufferRect of a box of up to 512 KB finishes 9-30%
 *   sooner than the row kernels (launch overhead; case 9 at ~1.0-1.3x a
 *   clEnqueueCopyBuffer of the same bytes); at 1 MB they tie, and past
 *   it the kernels, which use every core, win.
 * - a single contiguous run: PoCL's clEnqueueCopyBuffer is one memcpy on
 *   one thread.  Up to 16 MB (cache-resident) it matches or beats the row
 *   kernel; from 32 MB on the kernel is 1.15-1.25x faster.
 * Rows longer than ROW_SPLIT carriers are split (cs_rows_build); rows
 * shorter than SHORT_ROW_BYTES go to the odometer kernels. */
#define RECT_MAX_BYTES ((size_t)512 << 10)
#define RUN_KERNEL_BYTES ((size_t)32 << 20)
#define ROW_SPLIT 16384
#define SHORT_ROW_BYTES 256

/* Group sizes.  PoCL compiles a kernel again for every new local size
 * (~40 ms), so what CPU devices run comes from a small fixed set; GPUs
 * compile once, and the element grids fit their groups to each launch's
 * extents within LOCAL_GRID. */
enum {
    LOCAL_ROWS = 8,          /* row family, odometer, batch and dynamic
                              * rows: one local size, compiled once per
                              * kernel by PoCL */
    LOCAL_GRID = 256,        /* element grids (static, batch, dynamic):
                              * 8 warps of 32; the usual sweet spot for
                              * coalesced copies on GPUs */
    LOCAL_GRID_FIXED = 64,   /* element grid of fills on CPU devices, a
                              * fixed shape (cs_grid_fixed), as they were
                              * tuned on PoCL */
    LOCAL_BLOCKED = 64,      /* the blocked layouts' grid (a 1-D
                              * grid-stride pass), the size the element
                              * grids of writes had when it was tuned */
    LOCAL_CSR = 64,          /* CSR's grid-stride passes */
    LOCAL_CSR_SCAN = 256,    /* CSR's scan: the block it works on is
                              * CS_SCAN_ITEMS times the group */
    LOCAL_NORMALISE = 64     /* normalise command of many specs (one spec
                              * gets one work-item) */
};

static const cs_tuning_row ROWS[] = {
    /* Every device.  The CPU members hold the CPU measurements, the only
     * ones there are; other devices read them only when a test forces
     * the row family on them. */
    {.set = CS_TUNE_ALL,
     .values = {.max_groups = MAX_GROUPS,
                .style = CS_STYLE_AUTO,
                .row_split = ROW_SPLIT,
                .short_row_bytes = SHORT_ROW_BYTES,
                .rect_max_bytes = RECT_MAX_BYTES,
                .run_kernel_bytes = RUN_KERNEL_BYTES,
                .local_rows = LOCAL_ROWS,
                .local_grid = LOCAL_GRID,
                .local_grid_fixed = LOCAL_GRID_FIXED,
                .local_blocked = LOCAL_BLOCKED,
                .local_csr = LOCAL_CSR,
                .local_csr_scan = LOCAL_CSR_SCAN,
                .local_normalise = LOCAL_NORMALISE,
                .family = NULL}},
    /* CPU devices (PoCL 3.1, 2 cores): where the measurements above were
     * made, and where a CPU-only change goes. */
    {.key = {.device_class = CS_CLASS_CPU},
     .set = CS_TUNE(ROW_SPLIT) | CS_TUNE(SHORT_ROW_BYTES) |
            CS_TUNE(RECT_MAX_BYTES) | CS_TUNE(RUN_KERNEL_BYTES) |
            CS_TUNE(LOCAL_ROWS) | CS_TUNE(LOCAL_GRID_FIXED),
     .values = {.row_split = ROW_SPLIT,
                .short_row_bytes = SHORT_ROW_BYTES,
                .rect_max_bytes = RECT_MAX_BYTES,
                .run_kernel_bytes = RUN_KERNEL_BYTES,
                .local_rows = LOCAL_ROWS,
                .local_grid_fixed = LOCAL_GRID_FIXED}},
};

const cs_tuning_table cs_tuning_rows = {ROWS, sizeof ROWS / sizeof ROWS[0]};
