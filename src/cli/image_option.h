/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* --src-image and --dst-image of `clslice slice`: a side of the slice
 * held by a 2-D OpenCL image in a named packing (clslice_cl.h,
 * clslice_image_packing), as GPU engines keep activations.  The .npy
 * files stay plain tensors: the device run puts the input into an image
 * of the packing, or the output, or both, and reads the result back, so
 * OUT is what the plain slice gives, and a run checks the library's
 * image path in that packing on that device. */
#ifndef CLI_IMAGE_OPTION_H
#define CLI_IMAGE_OPTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clslice_cl.h"
#include "diag.h"

typedef struct cli_image_side {
    bool on;
    clslice_image_packing packing;
} cli_image_side;

/* An image of one side: its size in texels and channel type. */
typedef struct cli_image_form {
    size_t width, height;
    cl_channel_type channel_type;
} cli_image_form;

/* Parses the value PACKING of option --`option` (nc4hw4, phwc4 or
 * tflite_texture_2d; NULL: not given, side->on false). */
int cli_image_parse(const char *option, const char *value,
                    cli_image_side *side, cli_err *err);

/* The image that holds a tensor of `shape` (rank dims) whose .npy dtype
 * is `descr` in side's packing: a usage error naming --`option` and
 * `what` ("the input", "the result") when the dtype is not float32,
 * float16 or uint8, the rank does not fit the packing, a dim is empty,
 * or the image would hold 2^31 lanes or more. */
int cli_image_form_of(const cli_image_side *side, const char *option,
                      const char *what, const char *descr,
                      const int64_t *shape, int rank, cli_image_form *form,
                      cli_err *err);

#endif
