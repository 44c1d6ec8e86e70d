/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-gpu-model: how clslice's element-grid kernels would use a GPU's
 * memory system and schedulers, measured without a GPU.  The program runs
 * every kernel family through the public API on Oclgrind, checks each
 * result against the host executor, and reads what the warp plugin
 * (warp_plugin.cpp) counted for each launch: memory requests grouped as a
 * SIMT GPU issues them, sectors touched, work-items, instructions.  From
 * those exact counts it reports profiler-style figures and a modelled
 * time next to a copy's (model.c: always a model, never a GPU
 * measurement), and checks them against the bounds the test suite holds
 * (bounds.c).  docs/performance.md, "The GPU memory model", says what the
 * figures mean and where the model stops.
 *
 * Declarations grouped by the file that defines them.
 */
#ifndef CLSLICE_BENCH_GPU_MODEL_H
#define CLSLICE_BENCH_GPU_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../bench.h"
#include "opencl/select/facts.h"

/* ---- cases (cases.c) ---------------------------------------------------- */

typedef enum bench_gm_op {
    BENCH_GM_GATHER,
    BENCH_GM_SCATTER,   /* a contiguous value of the slice's shape */
    BENCH_GM_FILL,      /* one element into the slice */
    BENCH_GM_GRAD,      /* zero fill, then the scatter of dy */
    BENCH_GM_BATCH,     /* BENCH_GM_SLICES gathers, expr with two %d */
    BENCH_GM_DYNAMIC,   /* clslice_cl_tf_dynamic gather */
    BENCH_GM_DYNAMIC_SCATTER,
    BENCH_GM_CSR,       /* clslice_cl_csr_count + clslice_cl_csr_fill */
    BENCH_GM_COPY       /* calibration: a plain copy kernel of our own */
} bench_gm_op;

enum { BENCH_GM_SLICES = 64, BENCH_GM_MAX_RANK = 8 };

typedef struct bench_gm_case {
    const char *id;     /* the row's name: "1", "7x64", "B0", ... */
    bench_gm_op op;
    const char *dtype;
    size_t elem_size;   /* COPY: the copy's carrier */
    int rank;
    /* shapes; CSR: rows, cols and most entries per row */
    int64_t full[BENCH_GM_MAX_RANK];  /* the bench's size */
    int64_t sim[BENCH_GM_MAX_RANK];   /* simulated for the report */
    int64_t small[BENCH_GM_MAX_RANK]; /* simulated for the test */
    const char *expr;   /* COPY: "" (contiguous) or "[::2]" style */
    unsigned flags;     /* CLSLICE_FORCE_INDEX64, CLSLICE_NO_COPY_SHORTCUT;
                         * CSR: CLSLICE_FORCE_INDEX64 means int64 indices */
    double target;      /* modelled time / copy at most (0: none) */
} bench_gm_case;

extern const bench_gm_case bench_gm_cases[];
extern const int bench_gm_case_count;

/* ---- what the plugin counted (records.c) -------------------------------- */

/* Loads or stores, summed over launches (warp_plugin.cpp says what each
 * word counts). */
typedef struct bench_gm_side {
    uint64_t requests, uniform, lanes, used, sectors, min_sectors, unique,
        partial, widest;
} bench_gm_side;

/* Instructions one integer division by a run-time divisor costs: about
 * 20 for 32 bits and 70 for 64 bits, from clang's AMDGPU expansion (the
 * NVPTX one has a 32-bit fast path, so 64 is an upper bound there). */
enum { BENCH_GM_DIV32_OPS = 20, BENCH_GM_DIV64_OPS = 70 };

/* One launch's part of what v2 needs (the model times launches one
 * after another, each with its own kernel's occupancy). */
typedef struct bench_gm_launch {
    char kernel[64];
    uint64_t items;
    size_t local[3];
    uint64_t ld_used, unique;       /* load bytes; distinct sectors, both
                                     * sides */
    uint64_t warp_rounds, warp_ops; /* per warp's busiest lane; ops with
                                     * divisions weighed and run-time-indexed
                                     * private reads */
    uint64_t prv_bytes;             /* summed over lanes */
} bench_gm_launch;

enum { BENCH_GM_MAX_LAUNCHES = 8 };

typedef struct bench_gm_counts {
    int launches;
    bench_gm_launch launch[BENCH_GM_MAX_LAUNCHES];
    int main_launch;    /* the one with the most items */
    uint64_t items, warps;
    uint64_t lane_ir, lane_div;
    uint64_t warp_plain, warp_div32, warp_div64;
    uint64_t warp_rounds;   /* load rounds, each warp's busiest lane's */
    /* private memory, summed over lanes: loads, stores, bytes, and the
     * run-time-indexed accesses; warp_prv_dyn per warp's busiest lane */
    uint64_t prv_ld, prv_st, prv_bytes, prv_dyn, warp_prv_dyn;
    uint64_t cst_ld;        /* constant-space loads, summed over lanes */
    bench_gm_side ld, st;
    char kernels[160];  /* the launches' kernel names, comma-separated */
    char main_kernel[64];       /* the launch with the most items: */
    size_t global[3], local[3]; /* its NDRange */
    uint64_t main_items;
} bench_gm_counts;

/* Adds every record appended to `path` after byte *offset to *sum and
 * moves *offset past them; returns the number of launches read. */
int bench_gm_records_take(const char *path, long *offset,
                          bench_gm_counts *sum);

/* ---- running the cases (run_dense.c, run_batch.c, run_dynamic.c,
 *      run_csr.c, calibrate.c) ------------------------------------------- */

typedef struct bench_gm_env {
    bench_cl cl;
    clslice_runtime *rt;
    cs_device_info device;  /* the simulator's facts, for full-size
                             * choices */
    bool small;             /* the test's sizes */
} bench_gm_env;

/* What a case moved, as the runner saw it.  `carrier` is the width the
 * library chose for the case's main kernel (0: unknown). */
typedef struct bench_gm_run {
    uint64_t elements;      /* output elements (slice elements, kept CSR
                             * entries) */
    size_t out_bytes;       /* bytes a copy of the result would write */
    size_t full_out_bytes;  /* the same at the bench's size */
    size_t carrier;
    char full_launch[96];   /* the NDRange the library would launch at
                             * the bench's size ("" when not known) */
    bool full_same_group;   /* ...with the simulated run's group shape */
    /* the main launch's work-items and group size at the bench's size
     * (0: not known; the model scales the simulated launch) */
    uint64_t full_items;
    size_t full_group;
} bench_gm_run;

/* Each runs case c on env (checked against the host; a mismatch exits
 * with status 1) and fills *run. */
void bench_gm_run_dense(const bench_gm_env *env, const bench_gm_case *c,
                        bench_gm_run *run);
void bench_gm_run_batch(const bench_gm_env *env, const bench_gm_case *c,
                        bench_gm_run *run);
void bench_gm_run_dynamic(const bench_gm_env *env, const bench_gm_case *c,
                          bench_gm_run *run);
void bench_gm_run_csr(const bench_gm_env *env, const bench_gm_case *c,
                      bench_gm_run *run);
void bench_gm_run_copy(const bench_gm_env *env, const bench_gm_case *c,
                       bench_gm_run *run);

/* The simulated shape of c in env's mode, and its element count. */
const int64_t *bench_gm_shape(const bench_gm_env *env,
                              const bench_gm_case *c);
size_t bench_gm_elements(const int64_t *shape, int rank);
/* A buffer of `bytes` filled from `host` (NULL: the byte 0xA5, a
 * sentinel); read back with bench_gm_read. */
cl_mem bench_gm_upload(const bench_gm_env *env, const void *host,
                       size_t bytes);
void bench_gm_read(const bench_gm_env *env, cl_mem buffer, void *host,
                   size_t bytes);
/* Exits 1 naming the case when the device's bytes differ from the
 * host's. */
void bench_gm_expect(const bench_gm_case *c, const void *got,
                     const void *want, size_t bytes);
/* Reads `dst` (out_bytes) into `got` and exits 1 as bench_gm_expect when
 * it differs from the host's gather of `plan` over `input` (into
 * `want`). */
void bench_gm_expect_gather(const bench_gm_env *env, const bench_gm_case *c,
                            const clslice_plan *plan, cl_mem dst,
                            const void *input, size_t in_bytes, void *got,
                            void *want, size_t out_bytes);
void *bench_gm_alloc(size_t bytes);

/* ---- the compilers' figures and occupancy (occupancy.c) ----------------- */

/* One kernel as a GPU compiler built it (the gate's baseline row). */
typedef struct bench_gm_compiled {
    char kernel[64];
    int width;              /* index bits: 32 or 64 */
    int registers;          /* per work-item (-1: not known) */
    long private_bytes;     /* stack / scratch per work-item */
    long spill_bytes;
} bench_gm_compiled;

typedef struct bench_gm_compiled_table {
    bench_gm_compiled *rows;
    int count;
    char path[512], target[32];
} bench_gm_compiled_table;

/* Reads the rows of `target` from the figures file at `path`; dies with
 * a message naming the file when it is missing or malformed. */
void bench_gm_compiled_load(const char *path, const char *target,
                            bench_gm_compiled_table *table);
void bench_gm_compiled_free(bench_gm_compiled_table *table);
/* The row of (kernel, width); dies naming both when there is none. */
const bench_gm_compiled *bench_gm_compiled_find(
    const bench_gm_compiled_table *table, const char *kernel, int width);
/* Resident warps per H100 SM for a kernel of `registers` per work-item
 * launched in groups of `group_items` (NVIDIA's occupancy rules for
 * compute capability 9.0); 0 when such a group cannot be resident. */
int bench_gm_warps_per_sm(int registers, size_t group_items);

/* ---- the model (model.c) ------------------------------------------------ */

/* The H100 SXM5 the model is of (model.c says where each figure comes
 * from). */
enum { BENCH_GM_SMS = 132, BENCH_GM_SM_THREADS = 2048 };

typedef struct bench_gm_figures {
    double ld_eff, st_eff;          /* bytes used / bytes of the sectors
                                     * touched, per request (NaN: none) */
    double ld_spr, ld_spr_min;      /* sectors per request, and the least
                                     * for the same bytes */
    double st_spr, st_spr_min;
    double items_per_carrier;       /* work-items launched per output
                                     * carrier (NaN: carrier unknown) */
    double ir_per_elem, div_per_elem;
    double t_mem, t_issue, t_hi;    /* modelled seconds at the bench's
                                     * size */
    double t_copy;
    double ratio, ratio_hi;         /* max(t_mem, t_issue) / t_copy */
    /* v2: what the compilers and the launch add */
    double prv_bytes_per_elem, prv_dyn_per_elem; /* private traffic */
    int registers;                  /* sm_90, of the main kernel */
    long private_bytes;             /* sm_90 stack frame per work-item */
    int warps_per_sm;               /* resident, from registers and group */
    double launched_warps, resident_warps; /* at the bench's size */
    double inflight_bytes;          /* per warp and round trip */
    double t2_mem, t2_private, t2_latency, t2_issue, t2_launch;
    double t2, t2_copy, ratio2;     /* modelled seconds; t2 / t2_copy */
    const char *binding;            /* the largest of the terms */
    const char *body_binding;       /* ...leaving the launch overhead out */
} bench_gm_figures;

void bench_gm_figures_of(const bench_gm_case *c, const bench_gm_counts *n,
                         const bench_gm_run *run,
                         const bench_gm_compiled_table *compiled,
                         bench_gm_figures *f);
/* The v2 terms from occupancy on: exposed for the model's own test. */
typedef struct bench_gm_launch_terms {
    double load_bytes, dram_bytes, private_bytes; /* at the bench's size */
    double warp_rounds, warp_ops;
    double launched_warps, groups;
    int warps_per_sm, launches;
} bench_gm_launch_terms;
void bench_gm_terms(const bench_gm_launch_terms *in, bench_gm_figures *f);
/* The v2 time of a copy of out_bytes (16-byte lanes, full occupancy). */
double bench_gm_copy_time(double out_bytes);

/* The table (and the notes under it) for the cases run. */
typedef struct bench_gm_row {
    const bench_gm_case *c;
    bench_gm_counts n;
    bench_gm_run run;
    bench_gm_figures f;
} bench_gm_row;

void bench_gm_report(FILE *out, const bench_gm_row *rows, int count,
                     bool small);
void bench_gm_report_json(FILE *out, const bench_gm_row *rows, int count,
                          bool small);

/* The calibration rows' sectors per request against the values profilers
 * report for such kernels; prints each miss and returns how many
 * (calibrate.c). */
int bench_gm_calibration_check(const bench_gm_row *rows, int count);

/* The occupancy and v2 terms against hand-worked values; prints each
 * miss and returns how many (selftest.c). */
int bench_gm_self_test(void);

/* ---- the bounds the test suite holds (bounds.c) ------------------------- */

/* Compares every row with its line of the bounds file: sectors, work-items
 * and divisions may not grow at all, IR instructions by at most a
 * twentieth (LLVM's choices vary a little between builds).  Prints each
 * violation and returns how many; a missing file or row counts as one. */
int bench_gm_bounds_check(const char *path, const bench_gm_row *rows,
                          int count);
/* Writes the rows' counts as the new bounds. */
void bench_gm_bounds_write(const char *path, const bench_gm_row *rows,
                           int count);

#endif
