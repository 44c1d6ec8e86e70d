/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The kernels' per-launch tables, stated once for two compilers, as
 * core/dynamic/record.h is.  The embedding step puts this header in front of
 * every program that reads a table (src/opencl/CMakeLists.txt,
 * CLSLICE_PREPEND_<file>), where the structs are instantiated for the
 * program's cs_idx; the host instantiates each for uint64_t (suffix _64),
 * which the packers fill member by member, and for uint32_t (suffix _32),
 * which cs_job narrows the 64-bit form into word by word
 * (src/opencl/run/job.c).  Every member is one index word, so the two
 * forms have the same members at the same word offsets and no padding
 * rules enter: CS_WORDS_<table> counts them, and both compilers check
 * the sizes against it (below, and static asserts in job.c).
 *
 * Where each table travels (docs/design.md, "Kernel techniques"): the
 * small fixed-rank tables (cs_grid_table4, cs_rows_table) by value, read
 * only at constant indices; every table a kernel indexes with a run-time
 * dim in a `constant` buffer the host creates for the launch.  A struct
 * argument indexed at run time is copied into per-work-item private
 * memory by GPU compilers (AMD's scratch) and crashed Mesa's rusticl.
 *
 * Plain C subset: macros, one index type per instantiation.
 */
#ifndef CLSLICE_OPENCL_BASE_KERNEL_TABLES_H
#define CLSLICE_OPENCL_BASE_KERNEL_TABLES_H

#ifndef __OPENCL_C_VERSION__
#include <stdint.h>

#include "opencl/base/divide.h" /* CS_MAGIC_DIMS */
#include "opencl/base/move.h"   /* CS_MAX_DIMS */
#endif

/* Index words of each table. */
#define CS_WORDS_GRID4 14
#define CS_WORDS_GRIDN (3 * CS_MAX_DIMS + 2 * CS_MAGIC_DIMS + 6)
#define CS_WORDS_ROWS 11
#define CS_WORDS_ODOMETER (6 + 3 * CS_MAX_DIMS)
#define CS_WORDS_LANE_MAP 7
#define CS_WORDS_LANES (8 + 3 * CS_MAX_DIMS + 2 * CS_WORDS_LANE_MAP)
#define CS_WORDS_DYN (6 + 2 * CS_MAX_DIMS)
#define CS_WORDS_BATCH_JOB (5 + 3 * CS_MAX_DIMS)

/* The tables of index type IDX, each type named NAME##SUFFIX. */
#define CS_KERNEL_TABLES(IDX, SUFFIX)                                       \
    /* The element grids' fixed-rank kernels, ranks 1-4 (by value):        \
     * per dim, innermost first, the count, the source and the            \
     * destination stride (a gather's kernels never read dst_stride);     \
     * magic and shift divide by count[2] (rank 4, base/divide.h). */     \
    typedef struct cs_grid_table4##SUFFIX {                                 \
        IDX count[4];                                                       \
        IDX stride[4];                                                      \
        IDX dst_stride[4];                                                  \
        IDX magic, shift;                                                   \
    } cs_grid_table4##SUFFIX;                                               \
    /* The element grids' generic kernels, rank >= 5 (constant buffer):    \
     * magic[m] and shift[m] divide by count[3 + m]; outer is the product \
     * of the folded dims 3 .. rank - 1; each work-item walks at most     \
     * `walk` rows of dim 2, one of its `chunks` (NDRange dim 2 counts    \
     * outer x chunks), chunk_magic and chunk_shift divide by chunks. */  \
    typedef struct cs_grid_tablen##SUFFIX {                                 \
        IDX count[CS_MAX_DIMS];                                             \
        IDX stride[CS_MAX_DIMS];                                            \
        IDX dst_stride[CS_MAX_DIMS];                                        \
        IDX magic[CS_MAGIC_DIMS];                                           \
        IDX shift[CS_MAGIC_DIMS];                                           \
        IDX rank, outer;                                                    \
        IDX chunks, walk, chunk_magic, chunk_shift;                         \
    } cs_grid_tablen##SUFFIX;                                               \
    /* The CPU row kernels (by value; cl/rows.cl says what each is). */    \
    typedef struct cs_rows_table##SUFFIX {                                  \
        IDX src_base, dst_base;                                             \
        IDX n0, st0, dt0;                                                   \
        IDX n1, s1, d1;                                                     \
        IDX s2, d2;                                                         \
        IDX last;                                                           \
    } cs_rows_table##SUFFIX;                                                \
    /* The CPU odometer kernels (constant buffer): dims past the rank     \
     * count 1 at stride 0. */                                             \
    typedef struct cs_odometer_table##SUFFIX {                              \
        IDX src_base, dst_base;                                             \
        IDX rows, per_item, items;                                          \
        IDX rank;                                                           \
        IDX count[CS_MAX_DIMS];                                             \
        IDX stride[CS_MAX_DIMS];                                            \
        IDX dst_stride[CS_MAX_DIMS];                                        \
    } cs_odometer_table##SUFFIX;                                            \
    /* A side's lane map of the blocked kernels (cl/blocked.cl); dim and  \
     * shift all ones when absent. */                                      \
    typedef struct cs_lane_map##SUFFIX {                                    \
        IDX dim;                                                            \
        IDX start, step, block, shift;                                      \
        IDX block_stride, lane_stride;                                      \
    } cs_lane_map##SUFFIX;                                                  \
    /* The blocked kernels (constant buffer). */                           \
    typedef struct cs_lanes_table##SUFFIX {                                 \
        IDX src_base, dst_base;                                             \
        IDX rank, rows, per_item, items;                                    \
        IDX lo, hi;                                                         \
        IDX count[CS_MAX_DIMS];                                             \
        IDX stride[CS_MAX_DIMS];                                            \
        IDX dst_stride[CS_MAX_DIMS];                                        \
        cs_lane_map##SUFFIX src, dst;                                       \
    } cs_lanes_table##SUFFIX;                                               \
    /* The static half of a dynamic slice (cl/dynamic.cl; constant        \
     * buffer). */                                                         \
    typedef struct cs_dyn_table##SUFFIX {                                   \
        IDX info_word; /* the record's first word in `info` */             \
        IDX src_base, dst_base;                                             \
        IDX rank;   /* input rank, 0 .. CS_MAX_DIMS - 1 */                 \
        IDX epc;    /* carriers per element */                             \
        IDX chunks; /* rows form: work-items that share the slice */       \
        IDX stride[CS_MAX_DIMS];  /* the tensor's, per input dim */        \
        IDX vstride[CS_MAX_DIMS]; /* scatters: the value's */              \
    } cs_dyn_table##SUFFIX;                                                 \
    /* One job of a batch or concat launch (cl/batch.cl; global buffer,   \
     * after the jobs' unit prefix sums). */                               \
    typedef struct cs_batch_job##SUFFIX {                                   \
        IDX src_base, dst_base, buffer, rank, elements;                     \
        IDX count[CS_MAX_DIMS];                                             \
        IDX stride[CS_MAX_DIMS];                                            \
        IDX dst_stride[CS_MAX_DIMS];                                        \
    } cs_batch_job##SUFFIX;

/* X(name, words) for each table, for the size checks. */
#define CS_KERNEL_TABLE_LIST(X)                                             \
    X(cs_grid_table4, CS_WORDS_GRID4)                                       \
    X(cs_grid_tablen, CS_WORDS_GRIDN)                                       \
    X(cs_rows_table, CS_WORDS_ROWS)                                         \
    X(cs_odometer_table, CS_WORDS_ODOMETER)                                 \
    X(cs_lane_map, CS_WORDS_LANE_MAP)                                       \
    X(cs_lanes_table, CS_WORDS_LANES)                                       \
    X(cs_dyn_table, CS_WORDS_DYN)                                           \
    X(cs_batch_job, CS_WORDS_BATCH_JOB)

#ifdef __OPENCL_C_VERSION__
CS_KERNEL_TABLES(cs_idx, )
/* A size that differs from the word count fails the build. */
#define CS_TABLE_SIZE_CHECK(name, words)                                    \
    typedef char name##_size_check[                                         \
        sizeof(name) == (words) * sizeof(cs_idx) ? 1 : -1];
CS_KERNEL_TABLE_LIST(CS_TABLE_SIZE_CHECK)
#else
CS_KERNEL_TABLES(uint64_t, _64)
CS_KERNEL_TABLES(uint32_t, _32)
#endif

#endif
