/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The image kernels' choice (image_kernel.h). */
#include "opencl/select/image_kernel.h"

cs_variant cs_choose_image(bool src_image, bool dst_image,
                           cl_channel_type channel)
{
    bool f32 = channel == CL_FLOAT, f16 = channel == CL_HALF_FLOAT;
    if (src_image && dst_image)
        return f32 || f16 ? CS_VARIANT_IMAGE_TO_IMAGE_F
                          : CS_VARIANT_IMAGE_TO_IMAGE_U8;
    if (src_image)
        return f32   ? CS_VARIANT_IMAGE_TO_BUF_F32
               : f16 ? CS_VARIANT_IMAGE_TO_BUF_F16
                     : CS_VARIANT_IMAGE_TO_BUF_U8;
    return f32   ? CS_VARIANT_BUF_TO_IMAGE_F32
           : f16 ? CS_VARIANT_BUF_TO_IMAGE_F16
                 : CS_VARIANT_BUF_TO_IMAGE_U8;
}

cs_variant cs_choose_image_scatter(cl_channel_type channel)
{
    return channel == CL_FLOAT        ? CS_VARIANT_SCATTER_IMAGE_F32
           : channel == CL_HALF_FLOAT ? CS_VARIANT_SCATTER_IMAGE_F16
                                      : CS_VARIANT_SCATTER_IMAGE_U8;
}
