/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The dense benchmark cases, numbered and named as docs/performance.md
 * lists them.  "T" is the 512x512x256 f32 tensor (256 MiB).  Each case
 * also has a tiny shape of the same rank for --smoke, chosen so its slice
 * is still non-empty and exercises the same kind of access (strides,
 * reversal, shrink, new axis). */
#include "bench.h"

#include <stddef.h>

#define T_SHAPE {512, 512, 256}
#define T_SMOKE {402, 4, 12}

const bench_case bench_cases[] = {
    {1, "T [1:-1, ::2, 3:250]", "float32", 4, 3, T_SHAPE, T_SMOKE,
     "[1:-1, ::2, 3:250]"},
    {2, "T [:, :, ::2]", "float32", 4, 3, T_SHAPE, T_SMOKE, "[:, :, ::2]"},
    {3, "T [::-1]", "float32", 4, 3, T_SHAPE, T_SMOKE, "[::-1]"},
    {4, "T [..., ::-1]", "float32", 4, 3, T_SHAPE, T_SMOKE, "[..., ::-1]"},
    {5, "u8 4096×4096 [::3, 1::2]", "uint8", 1, 2, {4096, 4096}, {30, 36},
     "[::3, 1::2]"},
    {6, "f16 1×3×1080×1920 [:, :, 100:900, 200:1800]", "float16", 2, 4,
     {1, 3, 1080, 1920}, {1, 3, 110, 210}, "[:, :, 100:900, 200:1800]"},
    {7, "f64 rank 8, 6×7×8×9×6×7×8×9 [1:, ::2, :, ::-1, 2:6, :, ::3, 1:]",
     "float64", 8, 8, {6, 7, 8, 9, 6, 7, 8, 9}, {2, 3, 2, 3, 6, 2, 4, 3},
     "[1:, ::2, :, ::-1, 2:6, :, ::3, 1:]"},
    {8, "T [100:400]", "float32", 4, 3, T_SHAPE, T_SMOKE, "[100:400]"},
    {9, "f32 64×64 [1:-1, 1:-1]", "float32", 4, 2, {64, 64}, {64, 64},
     "[1:-1, 1:-1]"},
    {10, "T [:, 3, :]", "float32", 4, 3, T_SHAPE, T_SMOKE, "[:, 3, :]"},
    {11, "T [None, ..., 7]", "float32", 4, 3, T_SHAPE, T_SMOKE,
     "[None, ..., 7]"},
};

const int bench_case_count = (int)(sizeof bench_cases / sizeof bench_cases[0]);

const bench_case *bench_case_by_id(int id)
{
    for (int i = 0; i < bench_case_count; i++)
        if (bench_cases[i].id == id)
            return &bench_cases[i];
    return NULL;
}

/* The CSR rows: a row range, a row and column range (scipy's
 * csr_submatrix), and steps in both dims (MXNet would densify; clslice
 * and scipy stay sparse).  About 20 M stored entries: 164 MB with int32
 * indices, 244 MB with int64.  The smoke matrix keeps every slice
 * non-empty with a few thousand entries. */
const csr_spec bench_csr_full = {1000000, 10000, 40};
const csr_spec bench_csr_smoke = {2000, 10000, 6};

const csr_case bench_csr_cases[] = {
    {"csr rows [1000:900000]", "[1000:900000]"},
    {"csr rows+cols [1000:900000, 2000:8000]", "[1000:900000, 2000:8000]"},
    {"csr strided [::2, ::3]", "[::2, ::3]"},
};

const int bench_csr_case_count =
    (int)(sizeof bench_csr_cases / sizeof bench_csr_cases[0]);
