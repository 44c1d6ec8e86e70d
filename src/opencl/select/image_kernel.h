/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer select: which kernel of cl/image.cl a gather with an image-backed
 * side runs (ops/image.c checks and launches it).  The same on every
 * device: the sides say the direction, the image's channel type the
 * buffer's element type (float, half through vload_half/vstore_half, or
 * byte); float and half images share the image-to-image kernel, since
 * both are read and written through floats.
 */
#ifndef CLSLICE_OPENCL_SELECT_IMAGE_KERNEL_H
#define CLSLICE_OPENCL_SELECT_IMAGE_KERNEL_H

#include <stdbool.h>

#include "opencl/select/facts.h"
#include "opencl/select/variants.h"

/* The kernel for a src (image or buffer) and dst (image or buffer), at
 * least one an image of `channel` (CL_FLOAT, CL_HALF_FLOAT or
 * CL_UNSIGNED_INT8, which the caller has checked). */
cs_variant cs_choose_image(bool src_image, bool dst_image,
                           cl_channel_type channel);

/* The kernel of a scatter of a buffer value into an image of
 * `channel`. */
cs_variant cs_choose_image_scatter(cl_channel_type channel);

#endif
