/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* A slice through image-held tensors on a device: every move goes
 * through clslice_cl_gather and its image members, so a run exercises the
 * library's packing of the images both ways (buffer to image to buffer)
 * as well as the slice itself; OUT comes out as the plain slice's. */
#include "device_image.h"

#include "cl_fail.h"
#include "progress.h"

/* The objects of one run, released together. */
typedef struct image_run_mem {
    cl_mem src, out, image[2];
    clslice_plan *identity[2];
} image_run_mem;

static void release_all(image_run_mem *m)
{
    cl_mem all[] = {m->src, m->out, m->image[0], m->image[1]};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i])
            clReleaseMemObject(all[i]);
    clslice_plan_release(&m->identity[0]);
    clslice_plan_release(&m->identity[1]);
}

static int image_support(const cli_device *device, cli_err *err)
{
    cl_bool images = CL_FALSE;
    cl_int rc = clGetDeviceInfo(device->id, CL_DEVICE_IMAGE_SUPPORT,
                                sizeof images, &images, NULL);
    if (rc != CL_SUCCESS)
        return cli_cl_fail(err, "clGetDeviceInfo(CL_DEVICE_IMAGE_SUPPORT)",
                           rc);
    if (!images)
        return cli_fail(err, CLI_EXIT_OPENCL, "--src-image and --dst-image "
                        "need a device with images; this one has "
                        "CL_DEVICE_IMAGE_SUPPORT = CL_FALSE");
    return CLI_EXIT_OK;
}

/* The images' sizes against the device's largest 2-D image: a usage
 * error naming the option (clCreateImage's own status would not say
 * which image or why). */
static int images_fit(const cli_device *device, const cli_image_run *images,
                      cli_err *err)
{
    size_t most[2] = {0, 0};
    cl_int rc = clGetDeviceInfo(device->id, CL_DEVICE_IMAGE2D_MAX_WIDTH,
                                sizeof most[0], &most[0], NULL);
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(device->id, CL_DEVICE_IMAGE2D_MAX_HEIGHT,
                             sizeof most[1], &most[1], NULL);
    if (rc != CL_SUCCESS)
        return cli_cl_fail(err, "clGetDeviceInfo(CL_DEVICE_IMAGE2D_MAX_*)",
                           rc);
    static const char *const options[2] = {"src-image", "dst-image"};
    static const char *const whats[2] = {"the input", "the result"};
    for (int i = 0; i < 2; i++) {
        const cli_image_form *f = &images->forms[i];
        if (images->sides[i].on &&
            (f->width > most[0] || f->height > most[1]))
            return cli_usage_error(err, "--%s: %s needs an image of %zu x "
                                   "%zu texels; this device's largest is "
                                   "%zu x %zu (CL_DEVICE_IMAGE2D_MAX_WIDTH "
                                   "x _HEIGHT)", options[i], whats[i],
                                   f->width, f->height, most[0], most[1]);
    }
    return CLI_EXIT_OK;
}

static int new_image(const cli_session *s, const cli_image_form *form,
                     cl_mem *image, cli_err *err)
{
    cl_image_format format = {CL_RGBA, form->channel_type};
    cl_image_desc desc = {.image_type = CL_MEM_OBJECT_IMAGE2D,
                          .image_width = form->width,
                          .image_height = form->height};
    cl_int rc;
    *image = clCreateImage(s->context, CL_MEM_READ_WRITE, &format, &desc,
                           NULL, &rc);
    return *image ? CLI_EXIT_OK : cli_cl_fail(err, "clCreateImage", rc);
}

/* One clslice_cl_gather of plan from src (a buffer, or an image in
 * src_image) into dst (the same). */
static int gather(const cli_session *s, const clslice_plan *plan,
                  size_t elem_size, cl_mem src,
                  const clslice_cl_image *src_image, cl_mem dst,
                  const clslice_cl_image *dst_image, cli_err *err)
{
    clslice_error lib;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    call.queue = s->queue;
    desc.plan = plan;
    desc.elem_size = elem_size;
    desc.src.buffer = src_image ? NULL : src;
    desc.dst.buffer = dst_image ? NULL : dst;
    desc.src_image = src_image;
    desc.dst_image = dst_image;
    clslice_status st = clslice_cl_gather(s->runtime, &call, &desc, &lib);
    return st == CLSLICE_OK ? CLI_EXIT_OK : cli_session_fail(st, &lib, err);
}

/* The identity plan of a tensor of shape (rank dims): "...". */
static int identity(const int64_t *shape, int rank, clslice_plan **plan,
                    cli_err *err)
{
    clslice_error lib;
    clslice_status st = clslice_plan_expr(shape, rank, "...", plan, &lib);
    return cli_library_result(st, &lib, err);
}

/* The images, the input moved into its image: everything before the
 * slice itself. */
static int prepare(const cli_session *s, const clslice_plan *plan,
                   const cli_npy *in, size_t dst_bytes,
                   const cli_image_run *images, image_run_mem *m,
                   clslice_cl_image views[2], cli_err *err)
{
    int status = cli_session_upload(s, CL_MEM_READ_ONLY, in, 0, in->bytes,
                                    "input", &m->src, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_buffer(s, CL_MEM_READ_WRITE |
                                           CL_MEM_ALLOC_HOST_PTR,
                                    dst_bytes, NULL, "output", &m->out, err);
    for (int i = 0; i < 2 && status == CLI_EXIT_OK; i++) {
        if (!images->sides[i].on)
            continue;
        status = new_image(s, &images->forms[i], &m->image[i], err);
        views[i] = (clslice_cl_image){m->image[i], images->sides[i].packing,
                                      0};
    }
    if (status == CLI_EXIT_OK && images->sides[0].on)
        status = identity(in->shape, in->rank, &m->identity[0], err);
    if (status == CLI_EXIT_OK && images->sides[0].on)
        status = gather(s, m->identity[0], in->elem_size, m->src, NULL,
                        m->image[0], &views[0], err);
    if (status == CLI_EXIT_OK && images->sides[1].on) {
        int64_t shape[CLSLICE_MAX_RANK];
        clslice_plan_output_shape(plan, shape);
        status = identity(shape, clslice_plan_output_rank(plan),
                          &m->identity[1], err);
    }
    return status;
}

int cli_device_gather_image(const cli_device *device,
                            const clslice_plan *plan, const cli_npy *in,
                            size_t dst_bytes, const cli_image_run *images,
                            cli_device_sink *sink, void *ctx, cli_err *err)
{
    int status = image_support(device, err);
    if (status == CLI_EXIT_OK)
        status = images_fit(device, images, err);
    if (status != CLI_EXIT_OK)
        return status;
    cli_session s;
    status = cli_session_open(device, &s, err);
    if (status != CLI_EXIT_OK)
        return status;
    image_run_mem m = {NULL, NULL, {NULL, NULL}, {NULL, NULL}};
    clslice_cl_image views[2];
    bool src_image = images->sides[0].on, dst_image = images->sides[1].on;
    cli_progress_phase("slicing through images on the device", NULL, 0);
    status = prepare(&s, plan, in, dst_bytes, images, &m, views, err);
    if (status == CLI_EXIT_OK)
        status = gather(&s, plan, in->elem_size, m.src,
                        src_image ? &views[0] : NULL,
                        dst_image ? m.image[1] : m.out,
                        dst_image ? &views[1] : NULL, err);
    if (status == CLI_EXIT_OK && dst_image)
        status = gather(&s, m.identity[1], in->elem_size, NULL, &views[1],
                        m.out, NULL, err);
    void *mapped = NULL;
    if (status == CLI_EXIT_OK)
        status = cli_session_map(&s, m.out, dst_bytes, &mapped, err);
    if (status == CLI_EXIT_OK)
        status = sink(ctx, 0, mapped, err);
    int unmapped = cli_session_unmap(&s, m.out, mapped, err);
    if (status == CLI_EXIT_OK)
        status = unmapped;
    release_all(&m);
    cli_session_close(&s);
    return status;
}
