/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* One slice on an OpenCL device through image-held tensors
 * (--src-image, --dst-image of `clslice slice`). */
#ifndef CLI_DEVICE_IMAGE_H
#define CLI_DEVICE_IMAGE_H

#include <stddef.h>

#include "clslice.h"
#include "device.h"
#include "device_session.h"
#include "diag.h"
#include "image_option.h"

/* The sides of the slice held by images: forms[0] for the input,
 * forms[1] for the output; sides[i].on false: a buffer. */
typedef struct cli_image_run {
    cli_image_side sides[2];
    cli_image_form forms[2];
} cli_image_run;

/* Gathers plan's slice of `in` (C order) on `device` as cli_device_gather
 * does, with the input or the output (or both) held by an image of its
 * packing: the input uploaded into a buffer and moved into its image by
 * clslice_cl_gather (an identity plan, buffer to image), the slice
 * gathered from or into the images, an output image moved back into a
 * buffer of dst_bytes the same way; that buffer is mapped and handed to
 * sink(ctx, 0, ...).  The device must support images (CLI_EXIT_OPENCL
 * naming CL_DEVICE_IMAGE_SUPPORT otherwise) of the forms' sizes (a
 * usage error naming the option and the device's largest image
 * otherwise).  Returns as cli_device_gather. */
int cli_device_gather_image(const cli_device *device,
                            const clslice_plan *plan, const cli_npy *in,
                            size_t dst_bytes, const cli_image_run *images,
                            cli_device_sink *sink, void *ctx, cli_err *err);

#endif
