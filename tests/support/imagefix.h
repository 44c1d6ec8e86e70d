/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * What the image device tests share: each packing's storage derived
 * from clslice_cl.h's texel formulas (not from the library's geometry),
 * so that the host executors, given that storage as a blocked tensor,
 * are the reference; random element bits, and making and reading
 * RGBA images.
 */
#ifndef CS_TEST_IMAGEFIX_H
#define CS_TEST_IMAGEFIX_H

#include <stdbool.h>

#include "devutil.h"
#include "testutil.h"

/* Bytes of one channel of CL_FLOAT, CL_HALF_FLOAT or CL_UNSIGNED_INT8. */
size_t tu_channel_size(cl_channel_type type);

/* The storage of a tensor of `shape` in `packing`, from clslice_cl.h's
 * texel mappings: element e at texel (x, y), lane c % 4, lies at element
 * (y * width + x) * 4 + c % 4; strides per logical dim, the channel
 * dim's between slices (blocking {cdim, 4}). */
typedef struct tu_image_storage {
    size_t width, height;
    int64_t strides[4];
    clslice_blocking blocking;
} tu_image_storage;

tu_image_storage tu_image_storage_of(clslice_image_packing packing,
                                     const int64_t *shape, int rank);

/* Whether `packing` takes a tensor of `rank`. */
bool tu_packing_takes(clslice_image_packing packing, int rank);

/* `elements` random elements of `type`: finite normal values (a float
 * or half image is read and written through floats), any byte. */
void tu_image_random_fill(tu_rng *rng, cl_channel_type type, void *data,
                          size_t elements);

/* A width x height CL_RGBA image of `type` with `flags`, from `host`
 * when not NULL. */
cl_mem tu_image_make(cl_context context, cl_channel_type type, size_t width,
                     size_t height, cl_mem_flags flags, void *host);

/* A CL_MEM_OBJECT_IMAGE1D_BUFFER of `texels` RGBA texels of `type` with
 * `flags`, over a new buffer (*store, from `host` when not NULL): the
 * texels of a 2-D image row by row, as TFLite's IMAGE_BUFFER keeps
 * them. */
cl_mem tu_image1d_make(cl_context context, cl_channel_type type,
                       size_t texels, cl_mem_flags flags, void *host,
                       cl_mem *store);

/* Whether the device supports images (CL_DEVICE_IMAGE_SUPPORT). */
bool tu_device_images(const tu_dev *dev);

/* Skips the running test without a device, or, saying so, on a device
 * without image support (`images` false). */
void tu_skip_without_images(const tu_dev *dev, bool images);

/* The whole image's texels into `out`. */
void tu_image_read(cl_command_queue q, cl_mem image, size_t width,
                   size_t height, void *out);

#endif
