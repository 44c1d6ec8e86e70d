/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The tuning every runtime starts with, and the one test of which kernel
 * family a device gets.  Tests move the tuning to reach every path with
 * small tensors (testing/testing.h); production never does.
 */
#include "opencl/select/facts.h"

/* Work-groups per NDRange dim before grid-stride kernels loop: CUDA-style
 * grids cap dims 1 and 2 at 65535 groups, and every device handles this
 * many. */
#define DEFAULT_MAX_GROUPS 65535

/* CPU devices, measured on PoCL 3.1, 2 cores (docs/design.md, technique 2):
 * - clEnqueueCopyBufferRect of a box of up to 512 KB finishes 9-30%
 *   sooner than the row kernels (launch overhead; case 9 at ~1.0-1.3x a
 *   clEnqueueCopyBuffer of the same bytes); at 1 MB they tie, and past
 *   it the kernels, which use every core, win.
 * - a single contiguous run: PoCL's clEnqueueCopyBuffer is one memcpy on
 *   one thread.  Up to 16 MB (cache-resident) it matches or beats the row
 *   kernel; from 32 MB on the kernel is 1.15-1.25x faster. */
#define DEFAULT_RECT_MAX_BYTES ((size_t)512 << 10)
#define DEFAULT_RUN_KERNEL_BYTES ((size_t)32 << 20)

/* Rows longer than this many carriers are split (cs_rows_build); rows
 * shorter than this many bytes go to the odometer kernels. */
#define DEFAULT_ROW_SPLIT 16384
#define DEFAULT_SHORT_ROW_BYTES 256

const cs_tuning cs_default_tuning = {
    .max_groups = DEFAULT_MAX_GROUPS,
    .style = CS_STYLE_AUTO,
    .row_split = DEFAULT_ROW_SPLIT,
    .short_row_bytes = DEFAULT_SHORT_ROW_BYTES,
    .rect_max_bytes = DEFAULT_RECT_MAX_BYTES,
    .run_kernel_bytes = DEFAULT_RUN_KERNEL_BYTES,
};

/* A device that reports CPU and GPU or accelerator too (Oclgrind reports
 * all three) gets the grid, the family meant for any device. */
bool cs_rows_family(const cs_device_info *device, const cs_tuning *tuning)
{
    return tuning->style == CS_STYLE_ROWS ||
           (tuning->style == CS_STYLE_AUTO && device->cpu);
}
