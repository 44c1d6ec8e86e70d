/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The image kernels' table, stated once for two compilers: the embedding
 * step puts this header in front of cl/image.cl (src/opencl/CMakeLists.txt,
 * CLSLICE_PREPEND_image) and ops/image.c fills it.  Every word is a
 * 64-bit signed integer (a long in OpenCL C, int64_t on the host) at the
 * offsets below, so no struct layout rule enters; it travels in a
 * constant buffer made for the launch, since the kernels index it with
 * run-time dims.
 *
 * A geometry (one per image side) says how a tensor of rank 3 or 4 maps
 * onto texels: the channel dim `cdim`, whose index c is lane c % 4 of
 * slice c / 4, and the dims of the texel's coordinates,
 *     x = v[xo] * xin + v[xi],   y = v[yo] * yin + v[yi],
 * where v[d] is the index of dim d (the slice for cdim) and a dim of -1
 * contributes 0 (then its partner's size word is 1).
 *
 * Plain C subset: macros only.
 */
#ifndef CLSLICE_OPENCL_OPS_IMAGE_TABLE_H
#define CLSLICE_OPENCL_OPS_IMAGE_TABLE_H

/* A geometry's words. */
#define CS_IMG_G_RANK 0
#define CS_IMG_G_CDIM 1
#define CS_IMG_G_XO 2
#define CS_IMG_G_XI 3
#define CS_IMG_G_YO 4
#define CS_IMG_G_YI 5
#define CS_IMG_G_XIN 6      /* size of dim xi along x (1: none) */
#define CS_IMG_G_YIN 7      /* size of dim yi along y (1: none) */
#define CS_IMG_G_WIDTH 8    /* texels along x */
#define CS_IMG_G_CHANNELS 9 /* the size of cdim: lanes at or past it are
                             * padding */
#define CS_IMG_G_WORDS 10

/* The table: counts, then the two geometries, then per-dim arrays of
 * CS_IMG_MAX_RANK words each (a tensor of any rank on the buffer side). */
#define CS_IMG_MAX_RANK 32
#define CS_IMG_ITEMS 0    /* work-items: output elements or dst texels */
#define CS_IMG_ORANK 1    /* the output's rank */
#define CS_IMG_SRC_BASE 2 /* a buffer src: the element the output's
                           * index (0, ...) reads */
#define CS_IMG_DST_BASE 3 /* a buffer dst: its first element */
#define CS_IMG_SRC_GEOM 4
#define CS_IMG_DST_GEOM (CS_IMG_SRC_GEOM + CS_IMG_G_WORDS)
#define CS_IMG_OSHAPE (CS_IMG_DST_GEOM + CS_IMG_G_WORDS)
/* Per output dim j: the input dim it reads (-1: a new axis) and the step
 * of that input dim; for a buffer src, the elements one step of j moves
 * (step times the input dim's stride, the caller's or row-major; 0 for a
 * new axis). */
#define CS_IMG_OSRC (CS_IMG_OSHAPE + CS_IMG_MAX_RANK)
#define CS_IMG_OSTEP (CS_IMG_OSRC + CS_IMG_MAX_RANK)
#define CS_IMG_OSTRIDE (CS_IMG_OSTEP + CS_IMG_MAX_RANK)
/* Per input dim of an image src: the first index read (the index of a
 * shrunk dim). */
#define CS_IMG_ISTART (CS_IMG_OSTRIDE + CS_IMG_MAX_RANK)
/* A scatter into an image (dst of the plan's input shape, rank <= 4):
 * per input dim the step and count of the slice there and the value's
 * stride, in elements, per index of the slice along it (0 where the
 * value broadcasts); SRC_BASE is then the value's first element. */
#define CS_IMG_ISTEP (CS_IMG_ISTART + CS_IMG_MAX_RANK)
#define CS_IMG_ICOUNT (CS_IMG_ISTEP + 4)
#define CS_IMG_IVSTRIDE (CS_IMG_ICOUNT + 4)
/* Per output dim j of a buffer dst: its stride in elements (the caller's,
 * or row-major). */
#define CS_IMG_DSTRIDE (CS_IMG_IVSTRIDE + 4)
#define CS_IMG_WORDS (CS_IMG_DSTRIDE + CS_IMG_MAX_RANK)

#endif
