/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-gpu-model --self-test: the v2 terms against values worked out
 * by hand, and the compiler figures reader on a file of its own, without
 * Oclgrind (test_gpu_model_terms).  The plugin's side,
 * that a run-time-indexed private table shows up, is the `ptable`
 * calibration row of the Oclgrind run (calibrate.c).
 */
#define _POSIX_C_SOURCE 200809L
#include "gpu_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Resident warps per SM, by hand from NVIDIA's rules for compute
 * capability 9.0: a warp's registers round up to 256, a sub-partition
 * holds 16,384, an SM 4 of them, 64 warps and 32 groups. */
typedef struct occupancy_case {
    int registers;
    size_t group;
    int warps;
} occupancy_case;

static const occupancy_case OCCUPANCY[] = {
    {16, 256, 64},   /* 512 per warp: 128 by registers, 8 groups of 8 */
    {28, 240, 64},   /* 896 -> 1,024: 16 per sub-partition, 64 */
    {40, 240, 48},   /* 1,280: 12 per sub-partition, 48 = 6 groups */
    {40, 256, 48},
    {40, 64, 48},    /* 12 per sub-partition: 48, not 65,536 / 1,280 = 51 */
    {36, 64, 48},    /* 1,152 -> 1,280: 48, not 16,384 / 1,152 x 4 = 56 */
    {54, 256, 32},   /* 1,792: 9 per sub-partition, 36: 4 groups of 8 */
    {64, 1024, 32},  /* 2,048: 8 per sub-partition, 32: one group */
    {128, 1024, 0},  /* 4,096: 16 warps, less than the group's 32 */
    {32, 32, 32},    /* one-warp groups: the 32-group limit */
    {24, 8, 32},     /* a group of 8 items still takes a warp */
    {255, 32, 8},    /* 8,160 -> 8,192: 2 per sub-partition */
    {256, 32, 0},    /* past the 255 registers a thread may have */
    {16, 2048, 0},   /* past the 1,024 work-items a group may have */
};

static int check_occupancy(void)
{
    int bad = 0;
    for (size_t i = 0; i < sizeof OCCUPANCY / sizeof OCCUPANCY[0]; i++) {
        const occupancy_case *k = &OCCUPANCY[i];
        int got = bench_gm_warps_per_sm(k->registers, k->group);
        if (got != k->warps) {
            printf("self-test: %d registers in groups of %zu: %d warps per "
                   "SM, not %d\n", k->registers, k->group, got, k->warps);
            bad++;
        }
    }
    return bad;
}

/* The v2 terms for hand-made launches (500 ns latency, 3 us per launch,
 * 3.35 TB/s, 132 SMs: model.c). */
typedef struct terms_case {
    const char *what;
    bench_gm_launch_terms in;
    double t2;
    const char *binding;
} terms_case;

static const terms_case TERMS[] = {
    /* case 7's shape: 1,080 warps, 28 rounds each, all resident: 28
     * latencies after the launch */
    {"few warps", {.dram_bytes = 1e6, .load_bytes = 1080 * 28 * 256.0,
                   .warp_rounds = 1080 * 28, .launched_warps = 1080,
                   .groups = 135, .warps_per_sm = 64, .launches = 1},
     3e-6 + 28 * 500e-9, "latency"},
    /* a million warps of one round, 8,448 resident: memory, 100 us */
    {"full", {.dram_bytes = 3.35e8, .load_bytes = 1e6 * 512,
              .warp_rounds = 1e6, .launched_warps = 1e6, .groups = 125000,
              .warps_per_sm = 64, .launches = 1},
     3e-6 + 100e-6, "memory"},
    /* the same at 8 warps per SM: 1,056 resident, 1e6 x 500 ns / 1,056 */
    {"low occupancy", {.dram_bytes = 3.35e8, .load_bytes = 1e6 * 512,
                       .warp_rounds = 1e6, .launched_warps = 1e6,
                       .groups = 125000, .warps_per_sm = 8, .launches = 1},
     3e-6 + 1e6 * 500e-9 / 1056, "latency"},
    /* two launches of one warp: the overhead */
    {"launch", {.dram_bytes = 1000, .load_bytes = 500, .warp_rounds = 2,
                .launched_warps = 1, .groups = 1, .warps_per_sm = 64,
                .launches = 2},
     6e-6 + 2 * 500e-9, "launch"},
    /* a stack frame's traffic past the global traffic */
    {"private", {.dram_bytes = 3.35e8, .private_bytes = 6.7e8,
                 .load_bytes = 1e6 * 512, .warp_rounds = 1e6,
                 .launched_warps = 1e6, .groups = 125000,
                 .warps_per_sm = 64, .launches = 1},
     3e-6 + 300e-6, "private"},
    /* 1.34e6 warp instructions on 132 SMs x 4 schedulers at 1.755 GHz */
    {"issue", {.dram_bytes = 3.35e5, .warp_ops = 132 * 4 * 1.755e9 * 1e-4,
               .launched_warps = 8448, .groups = 1056, .warps_per_sm = 64,
               .launches = 1},
     3e-6 + 100e-6, "issue"},
};

static bool close_to(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

static int check_terms(void)
{
    int bad = 0;
    for (size_t i = 0; i < sizeof TERMS / sizeof TERMS[0]; i++) {
        const terms_case *k = &TERMS[i];
        bench_gm_figures f = {0};
        bench_gm_terms(&k->in, &f);
        if (!close_to(f.t2, k->t2) || strcmp(f.binding, k->binding) != 0) {
            printf("self-test: %s: %.4g s bound by %s, not %.4g s by %s\n",
                   k->what, f.t2, f.binding, k->t2, k->binding);
            bad++;
        }
    }
    /* a copy of 17,301,504 bytes: 33,792 warps of one 512-byte round,
     * 8,448 resident (4 latencies, 2 us) against 10.3 us of bandwidth */
    double bytes = 16.0 * 32 * 8448 * 4;
    double want = 3e-6 + 2 * bytes / 3.35e12;
    if (!close_to(bench_gm_copy_time(bytes), want)) {
        printf("self-test: copy of %.0f bytes: %.4g s, not %.4g s\n", bytes,
               bench_gm_copy_time(bytes), want);
        bad++;
    }
    /* a copy of 15,376 bytes: 31 warps, all resident: one latency */
    if (!close_to(bench_gm_copy_time(15376), 3e-6 + 500e-9)) {
        printf("self-test: copy of 15,376 bytes: %.4g s, not %.4g s\n",
               bench_gm_copy_time(15376), 3e-6 + 500e-9);
        bad++;
    }
    return bad;
}

/* The figures reader: columns found by name in any order, comments and
 * other targets skipped, "i64" read as 64. */
static int check_figures(void)
{
    char path[] = "/tmp/clslice-gpu-model-figures-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (!f) {
        printf("self-test: cannot write a figures file\n");
        return 1;
    }
    fputs("# a comment\n"
          "kernel\tprogram\ttarget\twidth\tregisters\tprivate_bytes\t"
          "spill_bytes\tinstructions\targ_bytes\n"
          "k_a\tp\tgfx90a\t32\t99\t344\t0\t-1\t-1\n"
          "k_a\tp\tsm_90\t32\t21\t0\t0\t-1\t-1\n"
          "k_a\tp\tsm_90\ti64\t40\t16\t8\t-1\t-1\n",
          f);
    fclose(f);
    bench_gm_compiled_table table;
    bench_gm_compiled_load(path, "sm_90", &table);
    remove(path);
    const bench_gm_compiled *a32 = bench_gm_compiled_find(&table, "k_a", 32);
    const bench_gm_compiled *a64 = bench_gm_compiled_find(&table, "k_a", 64);
    int bad = 0;
    if (table.count != 2 || a32->registers != 21 || a32->private_bytes != 0 ||
        a64->registers != 40 || a64->private_bytes != 16 ||
        a64->spill_bytes != 8) {
        printf("self-test: the figures reader read %d rows: 32-bit %d "
               "registers %ld B, 64-bit %d registers %ld B %ld spilled\n",
               table.count, a32->registers, a32->private_bytes,
               a64->registers, a64->private_bytes, a64->spill_bytes);
        bad++;
    }
    bench_gm_compiled_free(&table);
    return bad;
}

int bench_gm_self_test(void)
{
    int bad = check_occupancy() + check_terms() + check_figures();
    printf("clslice-gpu-model self-test: %s\n",
           bad ? "FAILED"
               : "occupancy, v2 terms and figures reader as worked by hand");
    return bad;
}
