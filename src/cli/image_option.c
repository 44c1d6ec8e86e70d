/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* --src-image and --dst-image: option values, and the size and channel
 * type of the image that holds a tensor in a packing (the texel layouts
 * of clslice_cl.h, clslice_image_packing). */
#include "image_option.h"

#include <inttypes.h>
#include <string.h>

#include "npy/npy.h"

static const struct {
    const char *name;
    clslice_image_packing packing;
} packings[] = {
    {"nc4hw4", CLSLICE_PACKING_NC4HW4},
    {"phwc4", CLSLICE_PACKING_PHWC4},
    {"tflite_texture_2d", CLSLICE_PACKING_TFLITE_TEXTURE_2D},
};

int cli_image_parse(const char *option, const char *value,
                    cli_image_side *side, cli_err *err)
{
    *side = (cli_image_side){.on = false};
    if (!value)
        return CLI_EXIT_OK;
    for (size_t i = 0; i < sizeof packings / sizeof packings[0]; i++) {
        if (strcmp(value, packings[i].name) == 0) {
            *side = (cli_image_side){true, packings[i].packing};
            return CLI_EXIT_OK;
        }
    }
    return cli_usage_error(err, "--%s %s: expected a packing: nc4hw4, "
                           "phwc4 or tflite_texture_2d", option, value);
}

/* The channel type holding elements of .npy dtype `descr` (little-endian
 * after loading), or 0. */
static cl_channel_type channel_type(const char *descr)
{
    if (strcmp(descr, "<f4") == 0)
        return CL_FLOAT;
    if (strcmp(descr, "<f2") == 0)
        return CL_HALF_FLOAT;
    if (strcmp(descr, "|u1") == 0)
        return CL_UNSIGNED_INT8;
    return 0;
}

/* Width and height of the packing for a 4-D shape (NCHW for NC4HW4,
 * BHWC for the others), slices = ceil(channels / 4). */
static void texels(clslice_image_packing packing, const int64_t d[4],
                   int64_t *width, int64_t *height)
{
    if (packing == CLSLICE_PACKING_NC4HW4) {
        *width = (d[1] + 3) / 4 * d[3];
        *height = d[0] * d[2];
        return;
    }
    *width = d[2] * d[0];
    *height = (d[3] + 3) / 4 * d[1];
}

int cli_image_form_of(const cli_image_side *side, const char *option,
                      const char *what, const char *descr,
                      const int64_t *shape, int rank, cli_image_form *form,
                      cli_err *err)
{
    char text[CLI_NPY_SHAPE_TEXT];
    cli_npy_format_shape(text, shape, rank);
    cl_channel_type type = channel_type(descr);
    if (!type)
        return cli_usage_error(err, "--%s: %s has dtype %s; an image holds "
                               "float32, float16 or uint8 (<f4, <f2, |u1)",
                               option, what, descr);
    bool nc4hw4 = side->packing == CLSLICE_PACKING_NC4HW4;
    if (rank != 4 && (nc4hw4 || rank != 3))
        return cli_usage_error(err, "--%s: %s has shape %s; the packing "
                               "holds %s", option, what, text,
                               nc4hw4 ? "an NCHW tensor of rank 4"
                                      : "a BHWC tensor of rank 4 or an HWC "
                                        "tensor of rank 3");
    int64_t d[4] = {1, 1, 1, 1};
    bool fits = true;
    for (int i = 0; i < rank; i++) {
        if (shape[i] <= 0)
            return cli_usage_error(err, "--%s: %s has shape %s; an image "
                                   "cannot hold an empty tensor", option,
                                   what, text);
        fits = fits && shape[i] < INT64_C(1) << 31;
        d[i + 4 - rank] = shape[i];
    }
    /* Each dim below 2^31: width and height below 2^62, no overflow;
     * then fewer than 2^31 lanes, 4 a texel, as the library requires. */
    int64_t width = 0, height = 1, most = INT64_C(1) << 29;
    if (fits)
        texels(side->packing, d, &width, &height);
    if (!fits || width > most / height || width * height >= most)
        return cli_usage_error(err, "--%s: %s has shape %s, too large for "
                               "one image (2^31 lanes or more)", option,
                               what, text);
    *form = (cli_image_form){(size_t)width, (size_t)height, type};
    return CLI_EXIT_OK;
}
