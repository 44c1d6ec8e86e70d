/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The model's cases: every kernel family, each on the bench's size
 * (dense_cases.c, batch_bench.c, dynamic_bench.c, the CSR matrix) and on
 * two simulated ones, since Oclgrind runs every work-item.  The report's
 * size shrinks only outer dims, keeping the full size's kernel, carrier,
 * inner extents and so its group shape (the report says where the full
 * size would launch a different one); the test's size is smaller still.
 *
 * Targets: the most the modelled time may be, in copies of the output,
 * where the layout allows full coalescing (1.25), and for the layouts
 * that read more than they write (case 2's stride 2: 1.5 inherent;
 * case 5 and the last-axis batch).  An id ending in x64 is the row before
 * it with 64-bit index math forced.
 */
#include "gpu_model.h"

#define T_FULL {512, 512, 256}
#define C7_FULL {6, 7, 8, 9, 6, 7, 8, 9}
#define C7_EXPR "[1:, ::2, :, ::-1, 2:6, :, ::3, 1:]"
#define C7_SIM {3, 3, 2, 9, 6, 7, 8, 9}
#define C7_SMALL {2, 3, 2, 9, 6, 2, 8, 9}
#define X64 CLSLICE_FORCE_INDEX64

const bench_gm_case bench_gm_cases[] = {
    /* the plugin itself: what profilers report for these is known */
    {"copy4", BENCH_GM_COPY, "u32", 4, 1, {1 << 22}, {16384}, {4096}, "", 0,
     1.0},
    {"copy16", BENCH_GM_COPY, "u32x4", 16, 1, {1 << 20}, {4096}, {1024}, "",
     0, 1.0},
    {"stride2", BENCH_GM_COPY, "u32", 4, 1, {1 << 22}, {16384}, {4096},
     "[::2]", 0, 0},
    /* ...and its private traffic: a by-value table indexed at run time */
    {"ptable", BENCH_GM_COPY, "u32", 4, 1, {1 << 22}, {16384}, {4096}, "",
     0, 0},
    /* gathers: the bench's dense cases */
    {"1", BENCH_GM_GATHER, "f32", 4, 3, T_FULL, {4, 256, 256}, {3, 16, 256},
     "[1:-1, ::2, 3:250]", 0, 1.25},
    {"2", BENCH_GM_GATHER, "f32", 4, 3, T_FULL, {2, 256, 256}, {1, 16, 256},
     "[:, :, ::2]", 0, 1.6},
    {"3", BENCH_GM_GATHER, "f32", 4, 3, T_FULL, {8, 64, 256}, {2, 16, 256},
     "[::-1]", 0, 1.25},
    {"4", BENCH_GM_GATHER, "f32", 4, 3, T_FULL, {1, 256, 256}, {1, 16, 256},
     "[..., ::-1]", 0, 1.25},
    {"5", BENCH_GM_GATHER, "u8", 1, 2, {4096, 4096}, {96, 4096}, {9, 4096},
     "[::3, 1::2]", 0, 1.7},
    {"6", BENCH_GM_GATHER, "f16", 2, 4, {1, 3, 1080, 1920},
     {1, 2, 140, 1920}, {1, 1, 104, 1920}, "[:, :, 100:900, 200:1800]", 0,
     1.25},
    {"7", BENCH_GM_GATHER, "f64", 8, 8, C7_FULL, C7_SIM, C7_SMALL, C7_EXPR,
     0, 1.25},
    {"7x64", BENCH_GM_GATHER, "f64", 8, 8, C7_FULL, C7_SIM, C7_SMALL,
     C7_EXPR, X64, 0},
    /* case 8 is one contiguous run (a clEnqueueCopyBuffer): its kernel */
    {"8k", BENCH_GM_GATHER, "f32", 4, 3, T_FULL, {512, 1, 256},
     {128, 1, 256}, "[100:400]", CLSLICE_NO_COPY_SHORTCUT, 1.25},
    {"9", BENCH_GM_GATHER, "f32", 4, 2, {64, 64}, {64, 64}, {64, 64},
     "[1:-1, 1:-1]", 0, 1.25},
    {"10", BENCH_GM_GATHER, "f32", 4, 3, T_FULL, {64, 8, 256}, {16, 8, 256},
     "[:, 3, :]", 0, 1.25},
    {"11", BENCH_GM_GATHER, "f32", 4, 3, T_FULL, {64, 64, 256},
     {16, 16, 256}, "[None, ..., 7]", 0, 0},
    /* scatters of a contiguous value into the same slices */
    {"1", BENCH_GM_SCATTER, "f32", 4, 3, T_FULL, {4, 256, 256},
     {3, 16, 256}, "[1:-1, ::2, 3:250]", 0, 1.25},
    {"2", BENCH_GM_SCATTER, "f32", 4, 3, T_FULL, {2, 256, 256},
     {1, 16, 256}, "[:, :, ::2]", 0, 0},
    {"3", BENCH_GM_SCATTER, "f32", 4, 3, T_FULL, {8, 64, 256}, {2, 16, 256},
     "[::-1]", 0, 0},
    {"4", BENCH_GM_SCATTER, "f32", 4, 3, T_FULL, {1, 256, 256},
     {1, 16, 256}, "[..., ::-1]", 0, 0},
    {"5", BENCH_GM_SCATTER, "u8", 1, 2, {4096, 4096}, {96, 4096}, {9, 4096},
     "[::3, 1::2]", 0, 0},
    {"7", BENCH_GM_SCATTER, "f64", 8, 8, C7_FULL, C7_SIM, C7_SMALL, C7_EXPR,
     0, 1.25},
    {"7x64", BENCH_GM_SCATTER, "f64", 8, 8, C7_FULL, C7_SIM, C7_SMALL,
     C7_EXPR, X64, 0},
    {"11", BENCH_GM_SCATTER, "f32", 4, 3, T_FULL, {64, 64, 256},
     {16, 16, 256}, "[None, ..., 7]", 0, 0},
    /* fills and grads: the scatter family with a by-value element, and
     * a zero fill before a scatter */
    {"1", BENCH_GM_FILL, "f32", 4, 3, T_FULL, {4, 256, 256}, {3, 16, 256},
     "[1:-1, ::2, 3:250]", 0, 0},
    {"5", BENCH_GM_FILL, "u8", 1, 2, {4096, 4096}, {96, 4096}, {9, 4096},
     "[::3, 1::2]", 0, 0},
    {"7", BENCH_GM_FILL, "f64", 8, 8, C7_FULL, C7_SIM, C7_SMALL, C7_EXPR, 0,
     0},
    {"1", BENCH_GM_GRAD, "f32", 4, 3, T_FULL, {4, 256, 256}, {3, 16, 256},
     "[1:-1, ::2, 3:250]", 0, 0},
    /* batches of 64 slices (bench/batch_bench.c) */
    {"B0", BENCH_GM_BATCH, "f32", 4, 3, {64, 64, 64}, {64, 16, 64},
     {64, 4, 64}, "[%d:%d]", 0, 1.25},
    {"Blast", BENCH_GM_BATCH, "f32", 4, 3, {64, 64, 64}, {16, 16, 64},
     {4, 4, 64}, "[..., %d:%d]", 0, 1.7},
    {"Blastx64", BENCH_GM_BATCH, "f32", 4, 3, {64, 64, 64}, {16, 16, 64},
     {4, 4, 64}, "[..., %d:%d]", X64, 0},
    /* tf.strided_slice with its values on the device (dynamic_bench.c) */
    {"1", BENCH_GM_DYNAMIC, "f32", 4, 3, T_FULL, {4, 256, 256},
     {3, 16, 256}, "[1:-1, ::2, 3:250]", 0, 0},
    {"1x64", BENCH_GM_DYNAMIC, "f32", 4, 3, T_FULL, {4, 256, 256},
     {3, 16, 256}, "[1:-1, ::2, 3:250]", X64, 0},
    {"4", BENCH_GM_DYNAMIC, "f32", 4, 3, T_FULL, {1, 256, 256},
     {1, 16, 256}, "[:, :, ::-1]", 0, 0},
    {"1", BENCH_GM_DYNAMIC_SCATTER, "f32", 4, 3, T_FULL, {4, 256, 256},
     {3, 16, 256}, "[1:-1, ::2, 3:250]", 0, 0},
    /* CSR: rows x cols (the bench's matrix, 40 = its max_row_nnz) */
    {"C", BENCH_GM_CSR, "f32", 4, 3, {1000000, 10000, 40},
     {4000, 10000, 40}, {600, 10000, 40}, "[::2, ::3]", 0, 0},
    {"Cx64", BENCH_GM_CSR, "f32", 4, 3, {1000000, 10000, 40},
     {4000, 10000, 40}, {600, 10000, 40}, "[::2, ::3]", X64, 0},
};

const int bench_gm_case_count =
    (int)(sizeof bench_gm_cases / sizeof bench_gm_cases[0]);
