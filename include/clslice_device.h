/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/**
 * \file
 * clslice on the device: a slice's index mapping inside a kernel of your
 * own, so that an engine that generates its kernels can fuse a slice
 * into them instead of launching clslice's gather first.
 *
 * The host turns a plan (and the source tensor's element strides) into a
 * small table with clslice_plan_device_table (clslice.h); the kernel
 * reads it through the inline functions below, which give the source
 * element of each output element.  A kernel computing
 * `relu(x[..., ::-1, 1:])` in one launch:
 *
 *     #include "clslice_device.h"
 *     kernel void slice_relu(global const float *x,
 *                            constant clslice_device_table *t,
 *                            global float *y)
 *     {
 *         long i = get_global_id(0);
 *         if (i < t->elements)
 *             y[i] = fmax(x[clslice_source_offset(t, i)], 0.0f);
 *     }
 *
 * built with `-I` the folder clslice.h is installed in (examples/fused/
 * does exactly this, README "Fusing a slice into your own kernel").
 *
 * This header is OpenCL C (1.2 and later).  Included from C it defines
 * only the table types, so that a host program can fill, copy and check
 * them; clslice.h declares the call that fills them.
 *
 * The table format is versioned apart from the library: its first word
 * is CLSLICE_DEVICE_TABLE_VERSION, which changes whenever a member's
 * meaning or place changes (members are never reordered in a version).
 * A kernel built with this header reads tables of its version only;
 * clslice_device_table_ok() tells it whether the table it got is one.
 */
#ifndef CLSLICE_DEVICE_H
#define CLSLICE_DEVICE_H

/** The version of the table format this header reads and the library
 * writes; the first word of every table. */
#define CLSLICE_DEVICE_TABLE_VERSION 1
/** Most output dims a table holds: clslice.h's CLSLICE_MAX_RANK. */
#define CLSLICE_DEVICE_MAX_RANK 32

#ifdef __OPENCL_C_VERSION__
#define CLSLICE_DEVICE_I64_ long
#define CLSLICE_DEVICE_I32_ int
#else
#include <stdint.h>
#define CLSLICE_DEVICE_I64_ int64_t
#define CLSLICE_DEVICE_I32_ int32_t
#endif

/* One table type per index width; every member is one signed word of
 * that width, so C and OpenCL C lay both out alike with no padding. */
#define CLSLICE_DEVICE_TABLE_TYPE_(NAME, IDX)                               \
    typedef struct NAME {                                                   \
        IDX version;  /* CLSLICE_DEVICE_TABLE_VERSION */                   \
        IDX rank;     /* output rank, 0 .. CLSLICE_DEVICE_MAX_RANK */      \
        IDX elements; /* output elements (0: nothing to read) */           \
        IDX base;     /* source element of output element (0, ..., 0) */   \
        IDX count[CLSLICE_DEVICE_MAX_RANK];  /* output shape */            \
        IDX stride[CLSLICE_DEVICE_MAX_RANK]; /* source elements between */ \
                      /* neighbours along each output dim; any sign */     \
    } NAME;

/** The 64-bit table: source element offsets of any size. */
CLSLICE_DEVICE_TABLE_TYPE_(clslice_device_table, CLSLICE_DEVICE_I64_)
/** The 32-bit table: the same members as 32-bit words, for kernels that
 * index in 32 bits (cheaper division on GPUs); the host call fills it
 * only where every offset, count and element number fits. */
CLSLICE_DEVICE_TABLE_TYPE_(clslice_device_table32, CLSLICE_DEVICE_I32_)

#ifdef __OPENCL_C_VERSION__

/* The address space the functions read tables from: `constant` unless
 * the including program says otherwise (`#define CLSLICE_DEVICE_TABLE_SPACE
 * global` before the #include, for a table in a global buffer).  A table
 * passed by value is best copied to neither: index it at run time from a
 * kernel argument and GPU compilers move it to private memory. */
#ifndef CLSLICE_DEVICE_TABLE_SPACE
#define CLSLICE_DEVICE_TABLE_SPACE constant
#endif

/* The functions, once per width: SUFFIX names them, TABLE is the type
 * and IDX its word. */
#define CLSLICE_DEVICE_FUNCTIONS_(SUFFIX, TABLE, IDX)                       \
    /* 1 when t is a table of this header's version and a rank it can    \
     * hold; 0 otherwise (fill it again with the library this kernel     \
     * was built against). */                                             \
    static inline int clslice_device_table_ok##SUFFIX(                     \
        CLSLICE_DEVICE_TABLE_SPACE const TABLE *t)                         \
    {                                                                       \
        return t->version == CLSLICE_DEVICE_TABLE_VERSION &&               \
               t->rank >= 0 && t->rank <= CLSLICE_DEVICE_MAX_RANK;         \
    }                                                                       \
    /* The source element of output element `index`: index[j] along      \
     * output dim j, each in 0 .. count[j] - 1 (a private array of rank  \
     * entries). */                                                       \
    static inline IDX clslice_source_offset_nd##SUFFIX(                    \
        CLSLICE_DEVICE_TABLE_SPACE const TABLE *t, const IDX *index)       \
    {                                                                       \
        IDX offset = t->base;                                               \
        for (IDX j = 0; j < t->rank; j++)                                   \
            offset += index[j] * t->stride[j];                              \
        return offset;                                                      \
    }                                                                       \
    /* The source element of the output element whose row-major number  \
     * is `linear`, 0 .. elements - 1: the last dim varies fastest. */    \
    static inline IDX clslice_source_offset##SUFFIX(                       \
        CLSLICE_DEVICE_TABLE_SPACE const TABLE *t, IDX linear)             \
    {                                                                       \
        IDX offset = t->base;                                               \
        for (IDX j = t->rank - 1; j > 0; j--) {                             \
            IDX count = t->count[j];                                        \
            IDX rest = linear / count;                                      \
            offset += (linear - rest * count) * t->stride[j];               \
            linear = rest;                                                  \
        }                                                                   \
        /* dim 0 takes what is left: no division */                       \
        return t->rank > 0 ? offset + linear * t->stride[0] : offset;       \
    }

CLSLICE_DEVICE_FUNCTIONS_(, clslice_device_table, long)
CLSLICE_DEVICE_FUNCTIONS_(32, clslice_device_table32, int)

#endif /* __OPENCL_C_VERSION__ */

#endif
