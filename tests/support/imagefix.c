/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The image device tests' shared pieces (imagefix.h).
 */
#include <string.h>

#include "imagefix.h"

size_t tu_channel_size(cl_channel_type type)
{
    return type == CL_FLOAT ? 4 : type == CL_HALF_FLOAT ? 2 : 1;
}

tu_image_storage tu_image_storage_of(clslice_image_packing packing,
                          const int64_t *shape, int rank)
{
    tu_image_storage s = {.blocking = {.block = 4}};
    if (packing == CLSLICE_PACKING_NC4HW4) { /* N C H W */
        int64_t n = shape[0], c = shape[1], h = shape[2], w = shape[3];
        int64_t slices = (c + 3) / 4, width = slices * w;
        s.width = (size_t)width;
        s.height = (size_t)(n * h);
        /* x = slice * W + w, y = n * H + h */
        s.strides[0] = h * width * 4;
        s.strides[1] = w * 4;
        s.strides[2] = width * 4;
        s.strides[3] = 4;
        s.blocking.axis = 1;
        return s;
    }
    /* [B] H W C: x = w * B + b */
    int64_t b = rank == 4 ? shape[0] : 1;
    const int64_t *hwc = shape + (rank - 3);
    int64_t h = hwc[0], w = hwc[1], slices = (hwc[2] + 3) / 4;
    int64_t width = w * b;
    s.width = (size_t)width;
    s.height = (size_t)(h * slices);
    int64_t *st = s.strides + (rank - 3);
    if (rank == 4)
        s.strides[0] = 4;
    st[1] = b * 4;
    if (packing == CLSLICE_PACKING_PHWC4) { /* y = slice * H + h */
        st[0] = width * 4;
        st[2] = h * width * 4;
    } else { /* TEXTURE_2D: y = h * S + slice */
        st[0] = slices * width * 4;
        st[2] = width * 4;
    }
    s.blocking.axis = rank - 1;
    return s;
}

bool tu_packing_takes(clslice_image_packing packing, int rank)
{
    return rank == 4 || (rank == 3 && packing != CLSLICE_PACKING_NC4HW4);
}

/* A finite normal value's bits (or any byte), never the sentinel
 * pattern's. */
static void random_element(tu_rng *rng, cl_channel_type type, void *out)
{
    uint64_t r = tu_next(rng);
    if (type == CL_FLOAT) {
        uint32_t bits = (uint32_t)(r & 0x807FFFFFu) |
                        (uint32_t)tu_range(rng, 1, 254) << 23;
        memcpy(out, &bits, 4);
    } else if (type == CL_HALF_FLOAT) {
        uint16_t bits = (uint16_t)((r & 0x83FFu) |
                                   (uint64_t)tu_range(rng, 1, 30) << 10);
        memcpy(out, &bits, 2);
    } else {
        *(unsigned char *)out = (unsigned char)r;
    }
}

void tu_image_random_fill(tu_rng *rng, cl_channel_type type, void *data,
                        size_t elements)
{
    size_t es = tu_channel_size(type);
    for (size_t i = 0; i < elements; i++)
        random_element(rng, type, (unsigned char *)data + i * es);
}

cl_mem tu_image_make(cl_context context, cl_channel_type type,
                         size_t width, size_t height, cl_mem_flags flags,
                         void *host)
{
    cl_image_format format = {CL_RGBA, type};
    cl_image_desc desc = {.image_type = CL_MEM_OBJECT_IMAGE2D,
                          .image_width = width, .image_height = height};
    cl_int rc;
    cl_mem image = clCreateImage(context,
                                 flags | (host ? CL_MEM_COPY_HOST_PTR : 0),
                                 &format, &desc, host, &rc);
    if (rc != CL_SUCCESS)
        fail_msg("clCreateImage %zu x %zu failed with %d", width, height,
                 (int)rc);
    return image;
}

void tu_image_read(cl_command_queue q, cl_mem image, size_t width,
                       size_t height, void *out)
{
    size_t origin[3] = {0, 0, 0}, region[3] = {width, height, 1};
    TU_CL_CHECK(clEnqueueReadImage(q, image, CL_TRUE, origin, region, 0, 0,
                                   out, 0, NULL, NULL));
}


cl_mem tu_image1d_make(cl_context context, cl_channel_type type,
                       size_t texels, cl_mem_flags flags, void *host,
                       cl_mem *store)
{
    cl_int rc;
    *store = clCreateBuffer(context,
                            CL_MEM_READ_WRITE |
                                (host ? CL_MEM_COPY_HOST_PTR : 0),
                            texels * 4 * tu_channel_size(type), host, &rc);
    if (rc != CL_SUCCESS)
        fail_msg("clCreateBuffer of %zu texels failed with %d", texels,
                 (int)rc);
    cl_image_format format = {CL_RGBA, type};
    cl_image_desc desc = {.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER,
                          .image_width = texels, .buffer = *store};
    cl_mem image = clCreateImage(context, flags, &format, &desc, NULL, &rc);
    if (rc != CL_SUCCESS)
        fail_msg("clCreateImage (1-D buffer) of %zu texels failed with %d",
                 texels, (int)rc);
    return image;
}

bool tu_device_images(const tu_dev *dev)
{
    cl_bool images = CL_FALSE;
    TU_CL_CHECK(clGetDeviceInfo(dev->cl.device, CL_DEVICE_IMAGE_SUPPORT,
                                sizeof images, &images, NULL));
    return images == CL_TRUE;
}

void tu_skip_without_images(const tu_dev *dev, bool images)
{
    TU_SKIP_WITHOUT_DEVICE(dev);
    if (!images) {
        print_message("no image support on this device: skipped\n");
        skip();
    }
}
