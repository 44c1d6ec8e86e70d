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
 * holds 64-bit words.  The host keeps every image side at rank 3 or 4,
 * so an index fits an int4 (below).
 */

#define CS_IMG_SAMPLER                                                      \
    (CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST)

/* An index of rank <= 4 lives in an int4, read and written at a run-time
 * dim through selects: an array indexed at run time would go to private
 * memory (scratch) on GPU compilers.  Every index and coordinate of an
 * image side fits an int (the host refuses an image of 2^31 lanes or
 * more, and a step of a dim with one index read travels as 1), so the
 * divisions are 32-bit; buffer addresses alone are longs. */
static int cs_v_get(int4 v, int d)
{
    return d == 0 ? v.x : d == 1 ? v.y : d == 2 ? v.z : v.w;
}

static int4 cs_v_set(int4 v, int d, int x)
{
    v.x = d == 0 ? x : v.x;
    v.y = d == 1 ? x : v.y;
    v.z = d == 2 ? x : v.z;
    v.w = d == 3 ? x : v.w;
    return v;
}

#define CS_W(t, i) ((int)(t)[i])

/* v[d] as the texel coordinates read it: the slice for the channel dim,
 * 0 for no dim. */
static int cs_img_coord_part(constant long *g, int dim, int4 idx)
{
    if (dim < 0)
        return 0;
    int v = cs_v_get(idx, dim);
    return dim == CS_W(g, CS_IMG_G_CDIM) ? v >> 2 : v;
}

/* The texel holding the element at index idx (rank 3 or 4) of geometry
 * g; its lane in *lane. */
static int2 cs_img_texel(constant long *g, int4 idx, int *lane)
{
    *lane = cs_v_get(idx, CS_W(g, CS_IMG_G_CDIM)) & 3;
    int x = cs_img_coord_part(g, CS_W(g, CS_IMG_G_XO), idx) *
                CS_W(g, CS_IMG_G_XIN) +
            cs_img_coord_part(g, CS_W(g, CS_IMG_G_XI), idx);
    int y = cs_img_coord_part(g, CS_W(g, CS_IMG_G_YO), idx) *
                CS_W(g, CS_IMG_G_YIN) +
            cs_img_coord_part(g, CS_W(g, CS_IMG_G_YI), idx);
    return (int2)(x, y);
}

/* The inverse: the index of lane 0 of texel (x, y), the channel dim at
 * its slice's first channel. */
static int4 cs_img_untexel(constant long *g, int x, int y)
{
    int4 idx = (int4)(0);
    int xin = CS_W(g, CS_IMG_G_XIN), yin = CS_W(g, CS_IMG_G_YIN);
    int xq = x / xin, yq = y / yin;
    if (g[CS_IMG_G_XI] >= 0)
        idx = cs_v_set(idx, CS_W(g, CS_IMG_G_XI), x - xq * xin);
    if (g[CS_IMG_G_XO] >= 0)
        idx = cs_v_set(idx, CS_W(g, CS_IMG_G_XO), xq);
    if (g[CS_IMG_G_YI] >= 0)
        idx = cs_v_set(idx, CS_W(g, CS_IMG_G_YI), y - yq * yin);
    if (g[CS_IMG_G_YO] >= 0)
        idx = cs_v_set(idx, CS_W(g, CS_IMG_G_YO), yq);
    int cdim = CS_W(g, CS_IMG_G_CDIM);
    return cs_v_set(idx, cdim, cs_v_get(idx, cdim) * 4);
}

static float cs_img_lane_f(float4 p, int lane)
{
    return lane == 0 ? p.x : lane == 1 ? p.y : lane == 2 ? p.z : p.w;
}

static uint cs_img_lane_u(uint4 p, int lane)
{
    return lane == 0 ? p.x : lane == 1 ? p.y : lane == 2 ? p.z : p.w;
}

static int4 cs_img_starts(constant long *t)
{
    return (int4)(CS_W(t, CS_IMG_ISTART), CS_W(t, CS_IMG_ISTART + 1),
                  CS_W(t, CS_IMG_ISTART + 2), CS_W(t, CS_IMG_ISTART + 3));
}

/* The input index output index o reads, for an image src (rank <= 4). */
static int4 cs_img_source_index(constant long *t, int4 o, int orank)
{
    int4 in = cs_img_starts(t);
    for (int j = 0; j < orank; j++) {
        int k = CS_W(t, CS_IMG_OSRC + j);
        if (k >= 0)
            in = cs_v_set(in, k, cs_v_get(in, k) +
                                     cs_v_get(o, j) *
                                         CS_W(t, CS_IMG_OSTEP + j));
    }
    return in;
}

/* The element output index o reads, for a buffer src. */
static long cs_img_source_at(constant long *t, int4 o, int orank)
{
    long at = t[CS_IMG_SRC_BASE];
    for (int j = 0; j < orank; j++)
        at += (long)cs_v_get(o, j) * t[CS_IMG_OSTRIDE + j];
    return at;
}

/* ---- image to buffer ---------------------------------------------------- */

/* The input index of output element `item` (row-major), walked innermost
 * first: no array of the output's rank, which may be up to 32; and in
 * *at the dst element it goes to, at the dst's strides. */
static int4 cs_img_item_source(constant long *t, int item, long *at)
{
    int4 in = cs_img_starts(t);
    long to = t[CS_IMG_DST_BASE];
    int rem = item;
    for (int j = CS_W(t, CS_IMG_ORANK) - 1; j >= 0; j--) {
        int n = CS_W(t, CS_IMG_OSHAPE + j);
        int q = rem / n, o = rem - q * n;
        rem = q;
        to += (long)o * t[CS_IMG_DSTRIDE + j];
        int k = CS_W(t, CS_IMG_OSRC + j);
        if (k >= 0)
            in = cs_v_set(in, k, cs_v_get(in, k) +
                                     o * CS_W(t, CS_IMG_OSTEP + j));
    }
    *at = to;
    return in;
}

#define CS_IMAGE_TO_BUF(SUFFIX, T, READ, LANE, STORE)                       \
    kernel void cs_image_to_buf_##SUFFIX(read_only image2d_t src,           \
                                         global T *dst, constant long *t)   \
    {                                                                       \
        int item = (int)get_global_id(0);                                   \
        if (item >= CS_W(t, CS_IMG_ITEMS))                                  \
            return;                                                         \
        int lane;                                                           \
        long to;                                                            \
        int4 in = cs_img_item_source(t, item, &to);                         \
        int2 at = cs_img_texel(t + CS_IMG_SRC_GEOM, in, &lane);             \
        STORE(LANE(READ(src, CS_IMG_SAMPLER, at), lane), to, dst);          \
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
static bool cs_img_dst_texel(constant long *t, int item, int2 *at,
                             int4 *o)
{
    if (item >= CS_W(t, CS_IMG_ITEMS))
        return false;
    constant long *g = t + CS_IMG_DST_GEOM;
    int width = CS_W(g, CS_IMG_G_WIDTH);
    int y = item / width, x = item - y * width;
    *o = cs_img_untexel(g, x, y);
    *at = (int2)(x, y);
    return true;
}

/* Each lane of the texel whose lane 0 is output index o: VALUE(o) for a
 * channel inside the tensor, else 0. */
#define CS_INTO_IMAGE_BODY(V4, ZERO, VALUE)                                 \
    constant long *g = t + CS_IMG_DST_GEOM;                                 \
    int cdim = CS_W(g, CS_IMG_G_CDIM), c0 = cs_v_get(o, cdim);              \
    int orank = CS_W(t, CS_IMG_ORANK);                                      \
    V4 out = (V4)(ZERO);                                                    \
    for (int lane = 0; lane < 4; lane++) {                                  \
        o = cs_v_set(o, cdim, c0 + lane);                                   \
        if (c0 + lane < CS_W(g, CS_IMG_G_CHANNELS)) {                       \
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
        int4 o;                                                             \
        if (!cs_img_dst_texel(t, (int)get_global_id(0), &at, &o))           \
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
                           int4 o, int orank)
{
    int lane;
    int4 in = cs_img_source_index(t, o, orank);
    int2 at = cs_img_texel(t + CS_IMG_SRC_GEOM, in, &lane);
    return cs_img_lane_f(read_imagef(src, CS_IMG_SAMPLER, at), lane);
}

static uint cs_img_read_u(read_only image2d_t src, constant long *t,
                          int4 o, int orank)
{
    int lane;
    int4 in = cs_img_source_index(t, o, orank);
    int2 at = cs_img_texel(t + CS_IMG_SRC_GEOM, in, &lane);
    return cs_img_lane_u(read_imageui(src, CS_IMG_SAMPLER, at), lane);
}

#define CS_IMAGE_TO_IMAGE(SUFFIX, V4, ZERO, READ, WRITE)                    \
    kernel void cs_image_to_image_##SUFFIX(read_only image2d_t src,         \
                                           write_only image2d_t dst,        \
                                           constant long *t)                \
    {                                                                       \
        int2 at;                                                            \
        int4 o;                                                             \
        if (!cs_img_dst_texel(t, (int)get_global_id(0), &at, &o))           \
            return;                                                         \
        CS_INTO_IMAGE_BODY(V4, ZERO, READ(src, t, o, orank))                \
        WRITE(dst, at, out);                                                \
    }

CS_IMAGE_TO_IMAGE(f, float4, 0.0f, cs_img_read_f, write_imagef)
CS_IMAGE_TO_IMAGE(u8, uint4, 0u, cs_img_read_u, write_imageui)

/* ---- scatters into an image --------------------------------------------- */

/* Whether input index `in` (rank <= 4) lies in the slice, and if so the
 * value element it takes, in *at. */
static bool cs_img_in_slice(constant long *t, int4 in, int rank, long *at)
{
    long v = t[CS_IMG_SRC_BASE];
    for (int d = 0; d < rank; d++) {
        int r = cs_v_get(in, d) - CS_W(t, CS_IMG_ISTART + d);
        int step = CS_W(t, CS_IMG_ISTEP + d);
        int q = r / step;
        if (q * step != r || q < 0 || q >= CS_W(t, CS_IMG_ICOUNT + d))
            return false;
        v += (long)q * t[CS_IMG_IVSTRIDE + d];
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
        int4 in;                                                            \
        long at;                                                            \
        if (!cs_img_dst_texel(t, (int)get_global_id(0), &texel, &in))       \
            return;                                                         \
        constant long *g = t + CS_IMG_DST_GEOM;                             \
        int cdim = CS_W(g, CS_IMG_G_CDIM), c0 = cs_v_get(in, cdim);         \
        int rank = CS_W(g, CS_IMG_G_RANK);                                  \
        V4 out = READ(old, CS_IMG_SAMPLER, texel);                          \
        for (int lane = 0; lane < 4; lane++) {                              \
            in = cs_v_set(in, cdim, c0 + lane);                             \
            if (c0 + lane >= CS_W(g, CS_IMG_G_CHANNELS) ||                  \
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
