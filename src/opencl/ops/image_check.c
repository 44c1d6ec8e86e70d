/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * What a packing makes of a tensor, and the checks of an image call's
 * sides (image.h): an image against the tensor it claims to hold, a
 * buffer side at strides.  The facts are asked of OpenCL once
 * (cs_image_query), then checked by a pure function, so a test can hand
 * it facts no device here has.
 */
#include <inttypes.h>
#include <limits.h>
#include <string.h>

#include "opencl/ops/image.h"
#include "core/plan/common.h"

/* ---- geometry ----------------------------------------------------------- */

static const char *packing_name(clslice_image_packing packing)
{
    return packing == CLSLICE_PACKING_NC4HW4  ? "CLSLICE_PACKING_NC4HW4"
           : packing == CLSLICE_PACKING_PHWC4 ? "CLSLICE_PACKING_PHWC4"
           : packing == CLSLICE_PACKING_TFLITE_TEXTURE_2D
               ? "CLSLICE_PACKING_TFLITE_TEXTURE_2D"
               : "an unknown packing";
}

/* The geometry's words: channel dim, the x dims, the y dims, the inner
 * sizes; width and height follow from them. */
static void set_words(cs_image_geometry *g, int rank, int cdim, int xo,
                      int xi, int64_t xin, int yo, int yi, int64_t yin)
{
    int64_t *w = g->words;
    w[CS_IMG_G_RANK] = rank;
    w[CS_IMG_G_CDIM] = cdim;
    w[CS_IMG_G_XO] = xo;
    w[CS_IMG_G_XI] = xi;
    w[CS_IMG_G_YO] = yo;
    w[CS_IMG_G_YI] = yi;
    w[CS_IMG_G_XIN] = xin;
    w[CS_IMG_G_YIN] = yin;
}

/* How far the coordinate of outer dim `o` and inner size `in` reaches:
 * the outer dim's size (slices for the channel dim) times in. */
static int64_t extent(const int64_t *shape, int cdim, int o, int64_t in)
{
    if (o < 0)
        return in;
    int64_t n = o == cdim ? (shape[o] + 3) / 4 : shape[o];
    return n * in;
}

clslice_status cs_image_geometry_of(clslice_image_packing packing,
                                    const int64_t *shape, int rank,
                                    const char *name, const char *sep,
                                    cs_image_geometry *g, clslice_error *err)
{
    sep = sep ? sep : "->";
    *g = (cs_image_geometry){.width = 0};
    bool hwc = packing == CLSLICE_PACKING_PHWC4 ||
               packing == CLSLICE_PACKING_TFLITE_TEXTURE_2D;
    bool texture = packing == CLSLICE_PACKING_TFLITE_TEXTURE_2D;
    if (packing == CLSLICE_PACKING_NC4HW4 && rank == 4) {
        /* NCHW: x = slice * W + w, y = n * H + h (MNN). */
        set_words(g, 4, 1, 1, 3, shape[3], 0, 2, shape[2]);
    } else if (hwc && rank == 4) {
        /* BHWC: x = w * B + b; PHWC4 y = slice * H + h, TFLite's
         * TEXTURE_2D y = h * S + slice. */
        int64_t slices = (shape[3] + 3) / 4;
        if (texture)
            set_words(g, 4, 3, 2, 0, shape[0], 1, 3, slices);
        else
            set_words(g, 4, 3, 2, 0, shape[0], 3, 1, shape[1]);
    } else if (hwc && rank == 3) {
        /* HWC, B = 1: x = w. */
        int64_t slices = (shape[2] + 3) / 4;
        if (texture)
            set_words(g, 3, 2, 1, -1, 1, 0, 2, slices);
        else
            set_words(g, 3, 2, 1, -1, 1, 2, 0, shape[0]);
    } else if (packing != CLSLICE_PACKING_NC4HW4 && !hwc) {
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s%spacking = %d is not a clslice_image_packing",
                       name, sep, (int)packing);
    } else {
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s%spacking = %s takes a tensor of rank %s, not "
                       "%d", name, sep, packing_name(packing),
                       hwc ? "3 (HWC) or 4 (BHWC)" : "4 (NCHW)", rank);
    }
    int cdim = (int)g->words[CS_IMG_G_CDIM];
    g->words[CS_IMG_G_CHANNELS] = shape[cdim];
    g->width = extent(shape, cdim, (int)g->words[CS_IMG_G_XO],
                      g->words[CS_IMG_G_XIN]);
    g->height = extent(shape, cdim, (int)g->words[CS_IMG_G_YO],
                       g->words[CS_IMG_G_YIN]);
    g->words[CS_IMG_G_WIDTH] = g->width;
    /* The kernels index lanes in 32 bits (cl/image.cl). */
    if (g->width > INT_MAX / 4 || g->height > INT_MAX / 4 ||
        g->width * g->height > INT_MAX / 4)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s: the tensor needs %" PRId64 " x %" PRId64
                       " texels in %s, 2^31 lanes or more (the image "
                       "kernels index lanes in 32 bits)", name, g->width,
                       g->height, packing_name(packing));
    return CLSLICE_OK;
}

/* ---- facts -------------------------------------------------------------- */

clslice_status cs_image_query(cl_device_id device, cl_mem image,
                              const char *name, cs_image_facts *facts,
                              clslice_error *err)
{
    (void)name;
    *facts = (cs_image_facts){.device_images = CL_FALSE};
    cl_int rc = clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT,
                                sizeof facts->device_images,
                                &facts->device_images, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetDeviceInfo", rc);
    rc = clGetMemObjectInfo(image, CL_MEM_TYPE, sizeof facts->type,
                            &facts->type, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetMemObjectInfo(image, CL_MEM_CONTEXT,
                                sizeof facts->context, &facts->context,
                                NULL);
    if (rc == CL_SUCCESS)
        rc = clGetMemObjectInfo(image, CL_MEM_FLAGS, sizeof facts->flags,
                                &facts->flags, NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetMemObjectInfo", rc);
    if (facts->type != CL_MEM_OBJECT_IMAGE2D &&
        facts->type != CL_MEM_OBJECT_IMAGE1D_BUFFER)
        return CLSLICE_OK; /* the check names it */
    rc = clGetImageInfo(image, CL_IMAGE_FORMAT, sizeof facts->format,
                        &facts->format, NULL);
    if (rc == CL_SUCCESS && facts->type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
        facts->height = 1;
        rc = clGetImageInfo(image, CL_IMAGE_BUFFER, sizeof facts->buffer,
                            &facts->buffer, NULL);
        if (rc == CL_SUCCESS)
            rc = clGetImageInfo(image, CL_IMAGE_WIDTH, sizeof facts->width,
                                &facts->width, NULL);
        return rc == CL_SUCCESS ? CLSLICE_OK
                                : cs_cl_fail(err, "clGetImageInfo", rc);
    }
    if (rc == CL_SUCCESS)
        rc = clGetImageInfo(image, CL_IMAGE_WIDTH, sizeof facts->width,
                            &facts->width, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetImageInfo(image, CL_IMAGE_HEIGHT, sizeof facts->height,
                            &facts->height, NULL);
    return rc == CL_SUCCESS ? CLSLICE_OK : cs_cl_fail(err, "clGetImageInfo",
                                                      rc);
}

/* ---- the check ---------------------------------------------------------- */

/* Bytes of one channel of `type`, 0 for a type no packing here takes. */
static size_t channel_bytes(cl_channel_type type)
{
    return type == CL_FLOAT        ? 4
           : type == CL_HALF_FLOAT ? 2
           : type == CL_UNSIGNED_INT8 ? 1
                                      : 0;
}

/* How a side's name reaches its members: "->" for a pointer member
 * (src_image->image), "." for an array entry (part_image[2].image). */
static const char *side_sep(const cs_image_side *side)
{
    return side->sep ? side->sep : "->";
}

static clslice_status check_object(const cs_image_facts *f,
                                   cl_context context,
                                   const cs_image_side *side,
                                   clslice_error *err)
{
    const char *n = side->name, *sep = side_sep(side);
    if (!f->device_images)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s: the queue's device has no image support "
                       "(CL_DEVICE_IMAGE_SUPPORT is CL_FALSE)", n);
    if (f->type != CL_MEM_OBJECT_IMAGE2D &&
        f->type != CL_MEM_OBJECT_IMAGE1D_BUFFER)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s%simage is a memory object of CL_MEM_TYPE 0x%x, "
                       "not a CL_MEM_OBJECT_IMAGE2D or "
                       "CL_MEM_OBJECT_IMAGE1D_BUFFER", n, sep,
                       (unsigned)f->type);
    if (f->context != context)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s%simage belongs to another context than the "
                       "runtime's", n, sep);
    if (side->output && (f->flags & CL_MEM_READ_ONLY))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s%simage is CL_MEM_READ_ONLY but the call writes "
                       "it", n, sep);
    if (!side->output && (f->flags & CL_MEM_WRITE_ONLY))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s%simage is CL_MEM_WRITE_ONLY but the call reads "
                       "it", n, sep);
    return CLSLICE_OK;
}

static clslice_status check_format(const cs_image_facts *f,
                                   const cs_image_side *side,
                                   clslice_error *err)
{
    const char *n = side->name, *sep = side_sep(side);
    if (f->format.image_channel_order != CL_RGBA)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s%simage has channel order 0x%x, not CL_RGBA "
                       "(four channels to a texel)", n, sep,
                       (unsigned)f->format.image_channel_order);
    size_t bytes = channel_bytes(f->format.image_channel_data_type);
    if (bytes == 0)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s%simage has channel type 0x%x, not CL_FLOAT, "
                       "CL_HALF_FLOAT or CL_UNSIGNED_INT8", n, sep,
                       (unsigned)f->format.image_channel_data_type);
    if (bytes != side->elem_size)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "elem_size = %zu but %s%simage holds channels of "
                       "%zu bytes", side->elem_size, n, sep, bytes);
    return CLSLICE_OK;
}

clslice_status cs_image_check_facts(const cs_image_facts *facts,
                                    cl_context context,
                                    const cs_image_side *side,
                                    clslice_error *err)
{
    clslice_status st = check_object(facts, context, side, err);
    if (st == CLSLICE_OK)
        st = check_format(facts, side, err);
    if (st != CLSLICE_OK)
        return st;
    const cs_image_geometry *g = &side->geometry;
    if (facts->type == CL_MEM_OBJECT_IMAGE1D_BUFFER &&
        (int64_t)facts->width != g->width * g->height)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s%simage is a 1-D buffer image of %zu texels but "
                       "its tensor needs %" PRId64 " (%" PRId64 " x %" PRId64
                       " in %s, row by row)", side->name, side_sep(side),
                       facts->width, g->width * g->height, g->width,
                       g->height, packing_name(side->image->packing));
    if (facts->type == CL_MEM_OBJECT_IMAGE2D &&
        ((int64_t)facts->width != g->width ||
         (int64_t)facts->height != g->height))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s%simage is %zu x %zu texels but its tensor "
                       "needs %" PRId64 " x %" PRId64 " in %s", side->name,
                       side_sep(side),
                       facts->width, facts->height, g->width, g->height,
                       packing_name(side->image->packing));
    return CLSLICE_OK;
}

clslice_status cs_image_side_check(const cs_call *call,
                                   const clslice_cl_image *image,
                                   const int64_t *shape, int rank,
                                   cs_image_side *side,
                                   cl_channel_type *channel,
                                   clslice_error *err)
{
    cs_image_facts facts = {.device_images = CL_FALSE};
    clslice_status st = cs_image_geometry_of(image->packing, shape, rank,
                                             side->name, side->sep,
                                             &side->geometry, err);
    if (st == CLSLICE_OK)
        st = cs_image_query(call->device, image->image, side->name, &facts,
                            err);
    if (st == CLSLICE_OK)
        st = cs_image_check_facts(&facts, cs_call_context(call), side, err);
    side->held_by_buffer = facts.type == CL_MEM_OBJECT_IMAGE1D_BUFFER;
    *channel = facts.format.image_channel_data_type;
    return st;
}

/* ---- the head and buffer sides ------------------------------------------ */

clslice_status cs_image_call_check(cs_call *call, const clslice_plan *plan,
                                   size_t elem_size, clslice_error *err)
{
    clslice_status st = cs_call_check(call, err);
    return st == CLSLICE_OK ? cs_check_plan_elem(plan, elem_size, err) : st;
}

clslice_status cs_image_view_check(const cs_call *call, const char *name,
                                   const char *what, const int64_t *shape,
                                   int rank, const clslice_cl_tensor *t,
                                   size_t elem_size, bool output,
                                   clslice_error *err)
{
    cs_strided_view v = {.name = name, .member = true, .rank = rank};
    memcpy(v.shape, shape, (size_t)rank * sizeof *v.shape);
    cs_strided_bytes span;
    clslice_status st = cs_strided_resolve(&v, t->strides, err);
    if (st == CLSLICE_OK && output)
        st = cs_strided_disjoint(&v, err);
    if (st == CLSLICE_OK)
        st = cs_strided_span(&v, elem_size, &span, err);
    if (st != CLSLICE_OK)
        return st;
    cs_array a = {.name = name, .member = true, .what = what,
                  .buffer = t->buffer, .offset = t->offset,
                  .bytes = span.after, .before = span.before,
                  .output = output, .optional = true};
    return cs_check_arrays(cs_call_context(call), &a, 1, NULL, err);
}
