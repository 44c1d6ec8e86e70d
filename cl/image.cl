/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Gathers between image-backed tensors and buffers (OpenCL C 1.2): the
 * slice of a tensor held by a 2-D RGBA image in a named packing (MNN's
 * NC4HW4, TFLite's PHWC4; src/opencl/ops/image.c makes their
 * geometries), into a contiguous buffer, or the other way round, or from
 * image to image.
 *
 *   cs_image_to_buf_*   one work-item per output element: its index,
 *                       row-major, walked innermost first into the input
 *                       index it reads, then one texel read;
 *   cs_buf_to_image_*   one work-item per dst texel: its four lanes are
 *   cs_image_to_image_*  four output elements, each read from the buffer
 *                       (or the src image), padding lanes past the
 *                       channel count written as zeros, then one write;
 *   cs_scatter_image_*  a scatter into an image: one work-item per dst
 *                       texel, each lane inside the slice read from the
 *                       value buffer, every other lane (padding included)
 *                       copied from `old`, a copy of dst the host made
 *                       first (OpenCL 1.2 kernels cannot read and write
 *                       one image).
 *
 * Float and half images take read_imagef and write_imagef (exact for a
 * half image: every half is a float), so no kernel needs cl_khr_fp16;
 * half buffers are read and written with vload_half and vstore_half,
 * core OpenCL C.  Byte images take read_imageui and write_imageui.
 *
 * The table (src/opencl/ops/image_table.h, put in front of this file)
 * holds 64-bit words; indices here are longs.  The host keeps every
 * image side at rank 3 or 4, so index arrays have 4 entries.
 */

#define CS_IMG_SAMPLER                                                      \
    (CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST)

/* v[d] as the texel coordinates read it: the slice for the channel dim,
 * 0 for no dim. */
static long cs_img_coord_part(constant long *g, long dim, const long *idx)
{
    if (dim < 0)
        return 0;
    return dim == g[CS_IMG_G_CDIM] ? idx[dim] >> 2 : idx[dim];
}

/* The texel holding the element at index idx (rank 3 or 4) of geometry
 * g; its lane in *lane. */
static int2 cs_img_texel(constant long *g, const long *idx, int *lane)
{
    *lane = (int)(idx[g[CS_IMG_G_CDIM]] & 3);
    long x = cs_img_coord_part(g, g[CS_IMG_G_XO], idx) * g[CS_IMG_G_XIN] +
             cs_img_coord_part(g, g[CS_IMG_G_XI], idx);
    long y = cs_img_coord_part(g, g[CS_IMG_G_YO], idx) * g[CS_IMG_G_YIN] +
             cs_img_coord_part(g, g[CS_IMG_G_YI], idx);
    return (int2)((int)x, (int)y);
}

/* The inverse: the index of lane 0 of texel (x, y), the channel dim at
 * its slice's first channel. */
static void cs_img_untexel(constant long *g, long x, long y, long *idx)
{
    for (int d = 0; d < 4; d++)
        idx[d] = 0;
    long xin = g[CS_IMG_G_XIN], yin = g[CS_IMG_G_YIN];
    if (g[CS_IMG_G_XI] >= 0)
        idx[g[CS_IMG_G_XI]] = x % xin;
    if (g[CS_IMG_G_XO] >= 0)
        idx[g[CS_IMG_G_XO]] = x / xin;
    if (g[CS_IMG_G_YI] >= 0)
        idx[g[CS_IMG_G_YI]] = y % yin;
    if (g[CS_IMG_G_YO] >= 0)
        idx[g[CS_IMG_G_YO]] = y / yin;
    idx[g[CS_IMG_G_CDIM]] *= 4;
}

static float cs_img_lane_f(float4 p, int lane)
{
    return lane == 0 ? p.x : lane == 1 ? p.y : lane == 2 ? p.z : p.w;
}

static uint cs_img_lane_u(uint4 p, int lane)
{
    return lane == 0 ? p.x : lane == 1 ? p.y : lane == 2 ? p.z : p.w;
}

/* The input index output index o reads, for an image src (rank <= 4). */
static void cs_img_source_index(constant long *t, const long *o, int orank,
                                long *in)
{
    for (int d = 0; d < 4; d++)
        in[d] = t[CS_IMG_ISTART + d];
    for (int j = 0; j < orank; j++) {
        long k = t[CS_IMG_OSRC + j];
        if (k >= 0)
            in[k] += o[j] * t[CS_IMG_OSTEP + j];
    }
}

/* The element output index o reads, for a buffer src. */
static long cs_img_source_at(constant long *t, const long *o, int orank)
{
    long at = t[CS_IMG_SRC_BASE];
    for (int j = 0; j < orank; j++)
        at += o[j] * t[CS_IMG_OSTRIDE + j];
    return at;
}

/* ---- image to buffer ---------------------------------------------------- */

/* The input index of output element `item` (row-major), walked innermost
 * first: no array of the output's rank, which may be up to 32. */
static void cs_img_item_source(constant long *t, long item, long *in)
{
    for (int d = 0; d < 4; d++)
        in[d] = t[CS_IMG_ISTART + d];
    long rem = item;
    for (int j = (int)t[CS_IMG_ORANK] - 1; j >= 0; j--) {
        long n = t[CS_IMG_OSHAPE + j];
        long o = rem % n;
        rem /= n;
        long k = t[CS_IMG_OSRC + j];
        if (k >= 0)
            in[k] += o * t[CS_IMG_OSTEP + j];
    }
}

#define CS_IMAGE_TO_BUF(SUFFIX, T, READ, LANE, STORE)                       \
    kernel void cs_image_to_buf_##SUFFIX(read_only image2d_t src,           \
                                         global T *dst, constant long *t)   \
    {                                                                       \
        long item = (long)get_global_id(0);                                 \
        if (item >= t[CS_IMG_ITEMS])                                        \
            return;                                                         \
        long in[4];                                                         \
        int lane;                                                           \
        cs_img_item_source(t, item, in);                                    \
        int2 at = cs_img_texel(t + CS_IMG_SRC_GEOM, in, &lane);             \
        STORE(LANE(READ(src, CS_IMG_SAMPLER, at), lane),                    \
              t[CS_IMG_DST_BASE] + item, dst);                              \
    }

#define CS_STORE_PLAIN(v, at, p) ((p)[at] = (v))
#define CS_STORE_HALF(v, at, p) vstore_half((v), (size_t)(at), (p))
#define CS_STORE_BYTE(v, at, p) ((p)[at] = (uchar)(v))

CS_IMAGE_TO_BUF(f32, float, read_imagef, cs_img_lane_f, CS_STORE_PLAIN)
CS_IMAGE_TO_BUF(f16, half, read_imagef, cs_img_lane_f, CS_STORE_HALF)
CS_IMAGE_TO_BUF(u8, uchar, read_imageui, cs_img_lane_u, CS_STORE_BYTE)

/* ---- into an image ------------------------------------------------------ */

/* Work-item `item`'s dst texel and the output index of its lane 0; false
 * past the last texel. */
static bool cs_img_dst_texel(constant long *t, long item, int2 *at, long *o)
{
    if (item >= t[CS_IMG_ITEMS])
        return false;
    constant long *g = t + CS_IMG_DST_GEOM;
    long x = item % g[CS_IMG_G_WIDTH], y = item / g[CS_IMG_G_WIDTH];
    cs_img_untexel(g, x, y, o);
    *at = (int2)((int)x, (int)y);
    return true;
}

/* Each lane of the texel whose lane 0 is output index o: VALUE(o) for a
 * channel inside the tensor, else 0. */
#define CS_INTO_IMAGE_BODY(V4, ZERO, VALUE)                                 \
    constant long *g = t + CS_IMG_DST_GEOM;                                 \
    long cdim = g[CS_IMG_G_CDIM], c0 = o[cdim];                             \
    int orank = (int)t[CS_IMG_ORANK];                                       \
    V4 out = (V4)(ZERO);                                                    \
    for (int lane = 0; lane < 4; lane++) {                                  \
        o[cdim] = c0 + lane;                                                \
        if (o[cdim] < g[CS_IMG_G_CHANNELS]) {                               \
            if (lane == 0) out.x = VALUE;                                   \
            else if (lane == 1) out.y = VALUE;                              \
            else if (lane == 2) out.z = VALUE;                              \
            else out.w = VALUE;                                             \
        }                                                                   \
    }

#define CS_BUF_TO_IMAGE(SUFFIX, T, V4, ZERO, LOAD, WRITE)                   \
    kernel void cs_buf_to_image_##SUFFIX(global const T *src,               \
                                         write_only image2d_t dst,          \
                                         constant long *t)                  \
    {                                                                       \
        int2 at;                                                            \
        long o[4];                                                          \
        if (!cs_img_dst_texel(t, (long)get_global_id(0), &at, o))           \
            return;                                                         \
        CS_INTO_IMAGE_BODY(V4, ZERO, LOAD(cs_img_source_at(t, o, orank),    \
                                          src))                             \
        WRITE(dst, at, out);                                                \
    }

#define CS_LOAD_PLAIN(at, p) ((p)[at])
#define CS_LOAD_HALF(at, p) vload_half((size_t)(at), (p))
#define CS_LOAD_BYTE(at, p) ((uint)(p)[at])

CS_BUF_TO_IMAGE(f32, float, float4, 0.0f, CS_LOAD_PLAIN, write_imagef)
CS_BUF_TO_IMAGE(f16, half, float4, 0.0f, CS_LOAD_HALF, write_imagef)
CS_BUF_TO_IMAGE(u8, uchar, uint4, 0u, CS_LOAD_BYTE, write_imageui)

/* The lane of the src image that output index o reads. */
static float cs_img_read_f(read_only image2d_t src, constant long *t,
                           const long *o, int orank)
{
    long in[4];
    int lane;
    cs_img_source_index(t, o, orank, in);
    int2 at = cs_img_texel(t + CS_IMG_SRC_GEOM, in, &lane);
    return cs_img_lane_f(read_imagef(src, CS_IMG_SAMPLER, at), lane);
}

static uint cs_img_read_u(read_only image2d_t src, constant long *t,
                          const long *o, int orank)
{
    long in[4];
    int lane;
    cs_img_source_index(t, o, orank, in);
    int2 at = cs_img_texel(t + CS_IMG_SRC_GEOM, in, &lane);
    return cs_img_lane_u(read_imageui(src, CS_IMG_SAMPLER, at), lane);
}

#define CS_IMAGE_TO_IMAGE(SUFFIX, V4, ZERO, READ, WRITE)                    \
    kernel void cs_image_to_image_##SUFFIX(read_only image2d_t src,         \
                                           write_only image2d_t dst,        \
                                           constant long *t)                \
    {                                                                       \
        int2 at;                                                            \
        long o[4];                                                          \
        if (!cs_img_dst_texel(t, (long)get_global_id(0), &at, o))           \
            return;                                                         \
        CS_INTO_IMAGE_BODY(V4, ZERO, READ(src, t, o, orank))                \
        WRITE(dst, at, out);                                                \
    }

CS_IMAGE_TO_IMAGE(f, float4, 0.0f, cs_img_read_f, write_imagef)
CS_IMAGE_TO_IMAGE(u8, uint4, 0u, cs_img_read_u, write_imageui)

/* ---- scatters into an image --------------------------------------------- */

/* Whether input index `in` (rank <= 4) lies in the slice, and if so the
 * value element it takes, in *at. */
static bool cs_img_in_slice(constant long *t, const long *in, int rank,
                            long *at)
{
    long v = t[CS_IMG_SRC_BASE];
    for (int d = 0; d < rank; d++) {
        long r = in[d] - t[CS_IMG_ISTART + d], step = t[CS_IMG_ISTEP + d];
        if (r % step != 0)
            return false;
        long q = r / step;
        if (q < 0 || q >= t[CS_IMG_ICOUNT + d])
            return false;
        v += q * t[CS_IMG_IVSTRIDE + d];
    }
    *at = v;
    return true;
}

#define CS_SCATTER_IMAGE(SUFFIX, T, V4, READ, LOAD, WRITE)                  \
    kernel void cs_scatter_image_##SUFFIX(global const T *value,            \
                                          read_only image2d_t old,          \
                                          write_only image2d_t dst,         \
                                          constant long *t)                 \
    {                                                                       \
        int2 texel;                                                         \
        long in[4], at;                                                     \
        if (!cs_img_dst_texel(t, (long)get_global_id(0), &texel, in))       \
            return;                                                         \
        constant long *g = t + CS_IMG_DST_GEOM;                             \
        long cdim = g[CS_IMG_G_CDIM], c0 = in[cdim];                        \
        int rank = (int)g[CS_IMG_G_RANK];                                   \
        V4 out = READ(old, CS_IMG_SAMPLER, texel);                          \
        for (int lane = 0; lane < 4; lane++) {                              \
            in[cdim] = c0 + lane;                                           \
            if (in[cdim] >= g[CS_IMG_G_CHANNELS] ||                         \
                !cs_img_in_slice(t, in, rank, &at))                         \
                continue;                                                   \
            if (lane == 0) out.x = LOAD(at, value);                         \
            else if (lane == 1) out.y = LOAD(at, value);                    \
            else if (lane == 2) out.z = LOAD(at, value);                    \
            else out.w = LOAD(at, value);                                   \
        }                                                                   \
        WRITE(dst, texel, out);                                             \
    }

CS_SCATTER_IMAGE(f32, float, float4, read_imagef, CS_LOAD_PLAIN,
                 write_imagef)
CS_SCATTER_IMAGE(f16, half, float4, read_imagef, CS_LOAD_HALF, write_imagef)
CS_SCATTER_IMAGE(u8, uchar, uint4, read_imageui, CS_LOAD_BYTE,
                 write_imageui)
