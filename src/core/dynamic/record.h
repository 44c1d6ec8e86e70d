/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The dynamic plan record and the normalise command's descriptor, written
 * once for two compilers, as resolve.h is.  The host includes this header
 * as C11 (dyn_record.h checks its words against clslice.h's
 * CLSLICE_DYNAMIC_*); the embedding step puts it in front of
 * cl/normalise.cl, which writes records from descriptors, and of
 * cl/dynamic.cl, which reads records.  A change to the record or the
 * descriptor is one edit here, and a drift from the public numbers is a
 * build error rather than a failing device test.
 *
 * Plain C subset: macros, fixed-width integers through cs_rec_i64 and
 * cs_rec_i32, one struct whose members need no padding on either side.
 */
#ifndef CLSLICE_CORE_RECORD_H
#define CLSLICE_CORE_RECORD_H

#ifdef __OPENCL_C_VERSION__
typedef long cs_rec_i64;
typedef int cs_rec_i32;
#else
#include <stdint.h>
typedef int64_t cs_rec_i64;
typedef int32_t cs_rec_i32;
#endif

/* CLSLICE_MAX_RANK, which the OpenCL side cannot include. */
#define CS_DYN_RANK 32

/* ---- the record: int64 words ------------------------------------------- */

/* The public words (clslice.h, CLSLICE_DYNAMIC_*). */
#define CS_DYN_STATUS 0   /* a clslice_status */
#define CS_DYN_SLOT 1     /* the failing spec entry, or -1 */
#define CS_DYN_VALUE 2    /* the offending value */
#define CS_DYN_DIM 3      /* the dimension it concerns, or -1 */
#define CS_DYN_ELEMENTS 4 /* elements of the slice */
#define CS_DYN_OUT_RANK 5
#define CS_DYN_SHAPE 6    /* CS_DYN_RANK words: the output shape */

/* The library's own: the canonical plan, one entry per input dim d
 * (CS_DYN_RANK of each; 0 past the input rank). */
#define CS_DYN_START (CS_DYN_SHAPE + CS_DYN_RANK) /* 38 */
#define CS_DYN_STEP (CS_DYN_START + CS_DYN_RANK)  /* 70 */
#define CS_DYN_COUNT (CS_DYN_STEP + CS_DYN_RANK)  /* 102 */
#define CS_DYN_WORDS (CS_DYN_COUNT + CS_DYN_RANK) /* 134 */

/* ---- the normalise command's descriptor, one per spec ------------------ */

/* The value vectors, in the order of the descriptor's value_* arrays. */
#define CS_NORM_BEGIN 0
#define CS_NORM_END 1
#define CS_NORM_STEP 2
#define CS_NORM_AXES 3
#define CS_NORM_VALUES 4

/* flags */
#define CS_NORM_BEGIN_TO_ZERO 1 /* clamp rule CS_R_CLAMP_BEGIN_TO_ZERO */
#define CS_NORM_SHRINK_POSITIVE 2
#define CS_NORM_ONNX 4
#define CS_NORM_BROADCAST 8
#define CS_NORM_XLA 16 /* windows of window[d] at clamped starts */
/* dim_word: bits 0-7 the slot (CS_NORM_NO_SLOT: the dim is kept whole),
 * then these bits */
#define CS_NORM_NO_SLOT 255
#define CS_NORM_SHRINK 256
#define CS_NORM_HAS_BEGIN 512
#define CS_NORM_HAS_END 1024

/* 64-bit members first, then 32-bit ones: no padding on either side. */
typedef struct cs_norm_desc {
    cs_rec_i64 shape[CS_DYN_RANK];
    cs_rec_i64 value_shape[CS_DYN_RANK];  /* scatters */
    cs_rec_i64 window[CS_DYN_RANK];       /* CS_NORM_XLA: window sizes */
    cs_rec_i64 value_base[CS_NORM_VALUES]; /* first entry, in entries */
    cs_rec_i64 value_len[CS_NORM_VALUES];  /* entries */
    cs_rec_i64 info_base;                  /* the record's first word */
    cs_rec_i64 max_elements; /* a slice with more is refused: the bound
                              * its output buffer was sized by */
    cs_rec_i32 value_bytes[CS_NORM_VALUES]; /* 4 or 8; 0: absent */
    cs_rec_i32 rank, out_rank, flags, value_rank;
    cs_rec_i32 dim_word[CS_DYN_RANK];
    cs_rec_i32 out_source[CS_DYN_RANK];
} cs_norm_desc;

#define CS_NORM_DESC_BYTES                                                  \
    ((3 * CS_DYN_RANK + 2 * CS_NORM_VALUES + 2) * 8 +                       \
     (CS_NORM_VALUES + 4 + 2 * CS_DYN_RANK) * 4)

#ifdef __OPENCL_C_VERSION__
typedef char cs_norm_desc_size_check[
    sizeof(cs_norm_desc) == CS_NORM_DESC_BYTES ? 1 : -1];
#else
_Static_assert(sizeof(cs_norm_desc) == CS_NORM_DESC_BYTES,
               "cs_norm_desc has padding on the host");
#endif

#endif
