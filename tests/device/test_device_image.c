/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Differential test of clslice_cl_gather between image-backed tensors
 * (clslice_cl_image) and buffers on the default OpenCL device, against
 * clslice_host_gather2 on the images' storage: the texels of a w x h RGBA
 * image, row by row, are a blocked tensor (one axis in blocks of 4 lanes)
 * with the strides each packing's documented texel mapping gives
 * (imagefix.h derives them from the formulas in clslice_cl.h, not from
 * the library's geometry).
 *
 * Random plans (randplan.h) of every front-end on random tensors of rank
 * 3 or 4 whose channel counts are often not multiples of 4 (the partial
 * last texel), image to buffer, buffer to image and image to image, with
 * 2-D images and with 1-D buffer images (TFLite's IMAGE_BUFFER), each
 * packing (NC4HW4, PHWC4, TFLite's TEXTURE_2D) and each channel type
 * (CL_FLOAT, CL_HALF_FLOAT, CL_UNSIGNED_INT8), values drawn as finite
 * normal numbers (a float or half image is read and written through
 * floats).  Every other job's buffer side is a random strided tensor
 * (randstrided.h: padded, reversed, interleaved, a source's axes now and
 * then broadcast).  An image destination starts as sentinel texels and
 * must come back as the reference's whole storage, padding lanes as
 * zeros; a buffer destination's guard bytes and the bytes its strides
 * skip must stay untouched.
 *
 * Then the checks: every bad image or descriptor a named error, nothing
 * written; a device without image support through the check's pure
 * half (no device here lacks images).
 */
#include <stdlib.h>
#include <string.h>

#include "opencl/ops/image.h"
#include "devutil.h"
#include "imagefix.h"
#include "randplan.h"
#include "randstrided.h"

enum { JOBS = 240, GUARD = 64, SENTINEL = 0x5A };

/* A buffer, a 2-D image, or a 1-D buffer image (the 2-D image's texels
 * row by row). */
typedef enum side_kind { SIDE_BUFFER, SIDE_IMAGE, SIDE_IMAGE1D } side_kind;

static const char *const KIND_NAME[] = {"buffer", "image", "1-D image"};

static const clslice_image_packing PACKINGS[] = {
    CLSLICE_PACKING_NC4HW4, CLSLICE_PACKING_PHWC4,
    CLSLICE_PACKING_TFLITE_TEXTURE_2D};
static const cl_channel_type CHANNELS[] = {CL_FLOAT, CL_HALF_FLOAT,
                                           CL_UNSIGNED_INT8};

typedef struct fixture {
    tu_dev dev;
    bool images;
    long value_images_drawn; /* values an image could hold so far */
    tu_rng rng;
    uint64_t seed;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    *state = f;
    if (!tu_dev_open(&f->dev))
        return 0;
    f->images = tu_device_images(&f->dev);
    if (!f->images)
        print_message("the device has no image support: the image "
                      "gathers cannot run here (only the checks do)\n");
    f->seed = tu_seed(0x1A6E5);
    f->rng.state = f->seed;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    tu_dev_close(&f->dev);
    free(f);
    return 0;
}

/* One random job: a plan whose image sides have ranks their packings
 * take and elements to hold. */
typedef struct job {
    rp_case c;
    clslice_plan *plan;
    side_kind src_kind, dst_kind;
    clslice_image_packing src_packing, dst_packing;
    cl_channel_type type;
    int irank, orank;
    int64_t ishape[CLSLICE_MAX_RANK], oshape[CLSLICE_MAX_RANK];
    bool strided;         /* the buffer side at random strides */
    rs_tensor view;       /* ...its shape, strides and offset */
    char desc[4800];
} job;

static bool fits(const job *j)
{
    int64_t in = 1, out = clslice_plan_output_elements(j->plan);
    for (int d = 0; d < j->irank; d++)
        in *= j->ishape[d];
    if (j->src_kind != SIDE_BUFFER &&
        (!tu_packing_takes(j->src_packing, j->irank) || in == 0))
        return false;
    return j->dst_kind == SIDE_BUFFER ||
           (tu_packing_takes(j->dst_packing, j->orank) && out > 0);
}

static void draw_job(fixture *f, job *j, side_kind src, side_kind dst)
{
    for (int tries = 0;; tries++) {
        assert_true(tries < 10000);
        j->src_kind = src;
        j->dst_kind = dst;
        j->type = CHANNELS[tu_range(&f->rng, 0, 2)];
        j->src_packing = PACKINGS[tu_range(&f->rng, 0, 2)];
        j->dst_packing = PACKINGS[tu_range(&f->rng, 0, 2)];
        int rank = src != SIDE_BUFFER ? (int)tu_range(&f->rng, 3, 4)
                                      : (int)tu_range(&f->rng, 2, 6);
        rp_random_case(&f->rng, rank, 700, &j->c);
        clslice_error err;
        if (rp_build(&j->c, &j->plan, &err) != CLSLICE_OK)
            continue;
        j->irank = clslice_plan_input_rank(j->plan);
        j->orank = clslice_plan_output_rank(j->plan);
        clslice_plan_input_shape(j->plan, j->ishape);
        clslice_plan_output_shape(j->plan, j->oshape);
        if (fits(j))
            break;
        clslice_plan_release(&j->plan);
    }
    snprintf(j->desc, sizeof j->desc,
             "%s -> %s, src packing %d, dst packing %d, channel 0x%x, "
             "input %s: %s",
             KIND_NAME[j->src_kind], KIND_NAME[j->dst_kind],
             (int)j->src_packing, (int)j->dst_packing, (unsigned)j->type,
             tu_shape_str(j->ishape, j->irank), j->c.desc);
}

/* Moves a random view's element 0 to a whole element of its buffer: the
 * image calls address whole elements (randstrided.h draws odd slack). */
static void align_view(rs_tensor *v, size_t elem_size)
{
    size_t shift = (elem_size - v->offset % elem_size) % elem_size;
    v->offset += shift;
    v->need += shift;
}

/* With `strided`, a job with a buffer side gets a random strided tensor
 * there (a source's may repeat elements), named in its description. */
static void add_view(fixture *f, job *j, bool strided)
{
    j->strided = strided && (j->src_kind == SIDE_BUFFER ||
                             j->dst_kind == SIDE_BUFFER);
    if (!j->strided)
        return;
    bool src = j->src_kind == SIDE_BUFFER;
    rs_random_tensor(&f->rng, src ? j->ishape : j->oshape,
                     src ? j->irank : j->orank, src,
                     tu_channel_size(j->type), &j->view);
    align_view(&j->view, tu_channel_size(j->type));
    size_t used = strlen(j->desc);
    snprintf(j->desc + used, sizeof j->desc - used, "; %s view ",
             src ? "src" : "dst");
    used = strlen(j->desc);
    rs_describe(&j->view, j->desc + used, sizeof j->desc - used);
}

#define EXPECT(cond) TU_EXPECT(cond, j->desc, f->seed)

/* Host memory of one side and the device object that holds it. */
typedef struct side {
    unsigned char *host; /* the storage (image) or the buffer's bytes */
    size_t bytes, offset;
    tu_image_storage layout; /* images */
    cl_mem mem;
    cl_mem store; /* a 1-D buffer image's buffer */
    clslice_cl_image image;
} side;

/* The image of a side of `kind` (not a buffer) with `layout`. */
static cl_mem make_side(fixture *f, side_kind kind, cl_channel_type type,
                        const tu_image_storage *layout, cl_mem_flags flags,
                        void *host, cl_mem *store)
{
    *store = NULL;
    if (kind == SIDE_IMAGE)
        return tu_image_make(f->dev.cl.context, type, layout->width,
                             layout->height, flags, host);
    return tu_image1d_make(f->dev.cl.context, type,
                           layout->width * layout->height, flags, host,
                           store);
}

/* A side's device bytes (an image's storage) into `out`. */
static void read_side(fixture *f, side_kind kind, const side *s,
                      unsigned char *out)
{
    if (kind == SIDE_IMAGE)
        tu_image_read(f->dev.queue, s->mem, s->layout.width,
                      s->layout.height, out);
    else
        tu_cl_read(f->dev.queue, kind == SIDE_IMAGE1D ? s->store : s->mem,
                   s->bytes, out);
}

static void release_side(side *s)
{
    clReleaseMemObject(s->mem);
    if (s->store)
        clReleaseMemObject(s->store);
}

static void make_src(fixture *f, const job *j, side *s)
{
    size_t es = tu_channel_size(j->type);
    *s = (side){.offset = 0};
    if (j->src_kind != SIDE_BUFFER) {
        s->layout = tu_image_storage_of(j->src_packing, j->ishape, j->irank);
        size_t elements = s->layout.width * s->layout.height * 4;
        s->bytes = elements * es;
        s->host = malloc(s->bytes);
        assert_non_null(s->host);
        tu_image_random_fill(&f->rng, j->type, s->host, elements);
        s->mem = make_side(f, j->src_kind, j->type, &s->layout,
                           CL_MEM_READ_ONLY, s->host, &s->store);
        s->image = (clslice_cl_image){.image = s->mem,
                                      .packing = j->src_packing};
        return;
    }
    size_t elements = (size_t)rp_input_elements(j->plan);
    s->offset = (size_t)tu_range(&f->rng, 0, 5) * es;
    s->bytes = s->offset + elements * es + GUARD;
    if (j->strided) {
        s->offset = j->view.offset;
        s->bytes = j->view.need + GUARD;
    }
    s->host = malloc(s->bytes);
    assert_non_null(s->host);
    tu_image_random_fill(&f->rng, j->type, s->host, s->bytes / es);
    s->mem = tu_cl_buffer(&f->dev.cl, s->bytes);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, s->mem, CL_TRUE, 0,
                                     s->bytes, s->host, 0, NULL, NULL));
}

/* The destination starts as sentinel bytes; host holds the reference. */
static void make_dst(fixture *f, const job *j, side *s)
{
    size_t es = tu_channel_size(j->type);
    *s = (side){.offset = 0};
    if (j->dst_kind != SIDE_BUFFER) {
        s->layout = tu_image_storage_of(j->dst_packing, j->oshape, j->orank);
        s->bytes = s->layout.width * s->layout.height * 4 * es;
    } else {
        size_t elements = (size_t)clslice_plan_output_elements(j->plan);
        s->offset = (size_t)tu_range(&f->rng, 0, 5) * es;
        s->bytes = s->offset + elements * es + GUARD;
        if (j->strided) {
            s->offset = j->view.offset;
            s->bytes = j->view.need + GUARD;
        }
    }
    s->host = malloc(s->bytes);
    assert_non_null(s->host);
    memset(s->host, SENTINEL, s->bytes);
    if (j->dst_kind != SIDE_BUFFER) {
        s->mem = make_side(f, j->dst_kind, j->type, &s->layout,
                           CL_MEM_WRITE_ONLY, s->host, &s->store);
        s->image = (clslice_cl_image){.image = s->mem,
                                      .packing = j->dst_packing};
        return;
    }
    s->mem = tu_cl_buffer(&f->dev.cl, s->bytes);
    tu_cl_fill(f->dev.queue, s->mem, SENTINEL, s->bytes);
}

/* The strides a buffer side is passed with: NULL unless the job is
 * strided. */
static const int64_t *buffer_strides(const job *j)
{
    return j->strided ? rs_strides(&j->view) : NULL;
}

static clslice_host_tensor host_tensor(const job *j, const side *s,
                                       side_kind kind)
{
    return (clslice_host_tensor){
        .data = s->host, .bytes = s->bytes, .offset = s->offset,
        .strides = kind != SIDE_BUFFER ? s->layout.strides
                                       : buffer_strides(j)};
}

static void run_job(fixture *f, job *j)
{
    size_t es = tu_channel_size(j->type);
    side src, dst;
    make_src(f, j, &src);
    make_dst(f, j, &dst);
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    desc.plan = j->plan;
    desc.elem_size = es;
    if (j->src_kind != SIDE_BUFFER)
        desc.src_image = &src.image;
    else
        desc.src = (clslice_cl_tensor){.buffer = src.mem,
                                       .offset = src.offset,
                                       .strides = buffer_strides(j)};
    if (j->dst_kind != SIDE_BUFFER)
        desc.dst_image = &dst.image;
    else
        desc.dst = (clslice_cl_tensor){.buffer = dst.mem,
                                       .offset = dst.offset,
                                       .strides = buffer_strides(j)};
    clslice_error err;
    clslice_status st = clslice_cl_gather(f->dev.runtime, &call, &desc, &err);
    if (st != CLSLICE_OK)
        print_error("clslice_cl_gather: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);

    /* The reference, on the host copies. */
    clslice_host_gather_desc ref = CLSLICE_HOST_GATHER_DESC_INIT;
    ref.plan = j->plan;
    ref.elem_size = es;
    ref.src = host_tensor(j, &src, j->src_kind);
    ref.dst = host_tensor(j, &dst, j->dst_kind);
    ref.src_blocking = j->src_kind != SIDE_BUFFER ? &src.layout.blocking
                                                 : NULL;
    ref.dst_blocking = j->dst_kind != SIDE_BUFFER ? &dst.layout.blocking
                                                 : NULL;
    st = clslice_host_gather2(&ref, &err);
    if (st != CLSLICE_OK)
        print_error("clslice_host_gather2: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);

    unsigned char *got = malloc(dst.bytes);
    assert_non_null(got);
    read_side(f, j->dst_kind, &dst, got);
    size_t first = 0;
    while (first < dst.bytes && got[first] == dst.host[first])
        first++;
    if (first < dst.bytes)
        print_error("first difference at byte %zu of %zu: 0x%02x, "
                    "expected 0x%02x\n", first, dst.bytes, got[first],
                    dst.host[first]);
    EXPECT(first == dst.bytes);
    free(got);
    free(src.host);
    free(dst.host);
    release_side(&src);
    release_side(&dst);
}

static void test_random_jobs(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    const side_kind ways[8][2] = {{SIDE_IMAGE, SIDE_BUFFER},
                                  {SIDE_BUFFER, SIDE_IMAGE},
                                  {SIDE_IMAGE, SIDE_IMAGE},
                                  {SIDE_IMAGE1D, SIDE_BUFFER},
                                  {SIDE_BUFFER, SIDE_IMAGE1D},
                                  {SIDE_IMAGE1D, SIDE_IMAGE1D},
                                  {SIDE_IMAGE1D, SIDE_IMAGE},
                                  {SIDE_IMAGE, SIDE_IMAGE1D}};
    long jobs = tu_scaled(JOBS), partial = 0, strided = 0;
    for (long i = 0; i < jobs; i++) {
        job j;
        draw_job(f, &j, ways[i % 8][0], ways[i % 8][1]);
        add_view(f, &j, (i / 8) % 2 == 1);
        strided += j.strided;
        int cdim = j.dst_kind != SIDE_BUFFER
                       ? (j.dst_packing == CLSLICE_PACKING_NC4HW4
                              ? 1
                              : j.orank - 1)
                       : -1;
        partial += cdim >= 0 && j.oshape[cdim] % 4 != 0;
        run_job(f, &j);
        clslice_plan_release(&j.plan);
    }
    print_message("%ld random image jobs (seed 0x%016" PRIx64 "), %ld "
                  "into a partial last texel, %ld with a strided buffer "
                  "side\n", jobs, f->seed, partial, strided);
    assert_true(partial > 0);
    assert_true(strided > 0);
}

/* ---- scatters into images ----------------------------------------------- */

/* A value for the slice of j's plan: its output shape, now and then
 * with dims of 1 (broadcast) or leading dims dropped. */
static int value_shape(fixture *f, const job *j, int64_t *shape,
                       clslice_value_rule *rule)
{
    *rule = CLSLICE_VALUE_EXACT;
    int rank = j->orank;
    for (int d = 0; d < rank; d++)
        shape[d] = j->oshape[d];
    if (tu_chance(&f->rng, 50)) {
        *rule = CLSLICE_VALUE_BROADCAST;
        for (int d = 0; d < rank; d++)
            if (tu_chance(&f->rng, 40))
                shape[d] = 1;
        int drop = (int)tu_range(&f->rng, 0, rank);
        memmove(shape, shape + drop, sizeof *shape * (size_t)(rank - drop));
        rank -= drop;
    }
    return rank;
}

/* A value of `vshape` in a buffer, half of them at random strides (in
 * *view; *vstrides NULL otherwise), or now and then (when its rank is 3
 * or 4) in an image of a random packing that takes it, every other such
 * image a 1-D buffer image over *store: its storage in *value, its
 * layout in *layout (strides NULL: a buffer). */
static cl_mem make_value(fixture *f, job *j, const int64_t *vshape,
                         int vrank, size_t velements, unsigned char **value,
                         size_t *vbytes, size_t *voffset,
                         tu_image_storage *layout,
                         clslice_image_packing *packing, bool *image,
                         cl_mem *store, rs_tensor *view,
                         const int64_t **vstrides)
{
    *vstrides = NULL;
    *store = NULL;
    bool buffer1d = f->value_images_drawn % 4 == 0;
    size_t es = tu_channel_size(j->type);
    /* every other value that an image can hold: rank 3 (PHWC4 or
     * TEXTURE_2D) or 4 (any packing) */
    *packing = PACKINGS[tu_range(&f->rng, vrank == 3 ? 1 : 0, 2)];
    *image = velements > 0 && tu_packing_takes(*packing, vrank) &&
             f->value_images_drawn++ % 2 == 0;
    if (*image) {
        *layout = tu_image_storage_of(*packing, vshape, vrank);
        *voffset = 0;
        *vbytes = layout->width * layout->height * 4 * es;
    } else if (velements > 0 && tu_chance(&f->rng, 50)) {
        rs_random_tensor(&f->rng, vshape, vrank, true, es, view);
        align_view(view, es);
        *voffset = view->offset;
        *vbytes = view->need;
        *vstrides = rs_strides(view);
        size_t used = strlen(j->desc);
        snprintf(j->desc + used, sizeof j->desc - used, "; value view ");
        used = strlen(j->desc);
        rs_describe(view, j->desc + used, sizeof j->desc - used);
    } else {
        *voffset = (size_t)tu_range(&f->rng, 0, 3) * es;
        *vbytes = *voffset + velements * es;
    }
    *value = malloc(*vbytes);
    assert_non_null(*value);
    tu_image_random_fill(&f->rng, j->type, *value, *vbytes / es);
    if (*image && buffer1d)
        return tu_image1d_make(f->dev.cl.context, j->type,
                               layout->width * layout->height,
                               CL_MEM_READ_ONLY, *value, store);
    if (*image)
        return tu_image_make(f->dev.cl.context, j->type, layout->width,
                             layout->height, CL_MEM_READ_ONLY, *value);
    cl_mem vbuf = tu_cl_buffer(&f->dev.cl, *vbytes);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, vbuf, CL_TRUE, 0, *vbytes,
                                     *value, 0, NULL, NULL));
    return vbuf;
}

/* Returns whether the value came from an image. */
static bool run_scatter(fixture *f, job *j)
{
    size_t es = tu_channel_size(j->type);
    int64_t vshape[CLSLICE_MAX_RANK];
    clslice_value_rule rule;
    int vrank = value_shape(f, j, vshape, &rule);
    size_t velements = 1;
    for (int d = 0; d < vrank; d++)
        velements *= (size_t)vshape[d];
    size_t voffset, vbytes;
    unsigned char *value;
    tu_image_storage vlayout;
    clslice_image_packing vpacking;
    bool from_image;
    cl_mem vstore;
    rs_tensor vview;
    const int64_t *vstrides;
    cl_mem vbuf = make_value(f, j, vshape, vrank, velements, &value, &vbytes,
                             &voffset, &vlayout, &vpacking, &from_image,
                             &vstore, &vview, &vstrides);
    clslice_cl_image value_image = {.image = vbuf, .packing = vpacking};
    side dst; /* random old texels, read and written in place */
    make_src(f, j, &dst);
    release_side(&dst);
    dst.mem = make_side(f, j->src_kind, j->type, &dst.layout,
                        CL_MEM_READ_WRITE, dst.host, &dst.store);
    clslice_cl_image image = {.image = dst.mem, .packing = j->src_packing};

    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_cl_scatter_desc desc = CLSLICE_CL_SCATTER_DESC_INIT;
    desc.plan = j->plan;
    desc.elem_size = es;
    if (from_image)
        desc.value_image = &value_image;
    else
        desc.value = (clslice_cl_tensor){.buffer = vbuf, .offset = voffset,
                                         .strides = vstrides};
    desc.value_shape = vshape;
    desc.value_rank = vrank;
    desc.rule = rule;
    desc.dst_image = &image;
    clslice_error err;
    clslice_status st = clslice_cl_scatter(f->dev.runtime, &call, &desc,
                                           &err);
    if (st != CLSLICE_OK)
        print_error("clslice_cl_scatter: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);

    clslice_host_scatter_desc ref = CLSLICE_HOST_SCATTER_DESC_INIT;
    ref.plan = j->plan;
    ref.elem_size = es;
    ref.value = (clslice_host_tensor){
        .data = value, .bytes = vbytes, .offset = voffset,
        .strides = from_image ? vlayout.strides : vstrides};
    ref.value_blocking = from_image ? &vlayout.blocking : NULL;
    ref.value_shape = vshape;
    ref.value_rank = vrank;
    ref.rule = rule;
    ref.dst = host_tensor(j, &dst, SIDE_IMAGE);
    ref.dst_blocking = &dst.layout.blocking;
    st = clslice_host_scatter2(&ref, &err);
    if (st != CLSLICE_OK)
        print_error("clslice_host_scatter2: %s\n", err.message);
    EXPECT(st == CLSLICE_OK);

    unsigned char *got = malloc(dst.bytes);
    assert_non_null(got);
    read_side(f, j->src_kind, &dst, got);
    size_t first = 0;
    while (first < dst.bytes && got[first] == dst.host[first])
        first++;
    if (first < dst.bytes)
        print_error("first difference at byte %zu of %zu\n", first,
                    dst.bytes);
    EXPECT(first == dst.bytes);
    free(got);
    free(value);
    free(dst.host);
    clReleaseMemObject(vbuf);
    if (vstore)
        clReleaseMemObject(vstore);
    release_side(&dst);
    return from_image;
}

static void test_random_scatters(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    long jobs = tu_scaled(JOBS / 2), partial = 0, value_images = 0;
    for (long i = 0; i < jobs; i++) {
        job j;
        draw_job(f, &j, i % 2 ? SIDE_IMAGE1D : SIDE_IMAGE, SIDE_BUFFER);
        if (clslice_plan_output_elements(j.plan) == 0) {
            clslice_plan_release(&j.plan);
            i--;
            continue;
        }
        int cdim = j.src_packing == CLSLICE_PACKING_NC4HW4 ? 1
                                                           : j.irank - 1;
        partial += j.ishape[cdim] % 4 != 0;
        snprintf(j.desc + strlen(j.desc), sizeof j.desc - strlen(j.desc),
                 " (scatter)");
        value_images += run_scatter(f, &j);
        clslice_plan_release(&j.plan);
    }
    print_message("%ld random scatters into images (seed 0x%016" PRIx64
                  "), %ld with a partial last texel, %ld from value "
                  "images\n", jobs, f->seed, partial, value_images);
    assert_true(partial > 0 && value_images > 0);
}

/* ---- the checks --------------------------------------------------------- */

#define EXPECT_FAIL(call, status, ...)                                    \
    do {                                                                  \
        clslice_error err_;                                               \
        clslice_status st_ = (call);                                      \
        assert_int_equal(st_, (status));                                  \
        tu_assert_error(&err_, (status), __VA_ARGS__, NULL);              \
    } while (0)

static clslice_status gather(fixture *f, const clslice_plan *plan,
                             size_t elem_size, clslice_cl_tensor src,
                             const clslice_cl_image *src_image,
                             clslice_cl_tensor dst,
                             const clslice_cl_image *dst_image,
                             clslice_error *err)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = elem_size;
    desc.src = src;
    desc.dst = dst;
    desc.src_image = src_image;
    desc.dst_image = dst_image;
    return clslice_cl_gather(f->dev.runtime, &call, &desc, err);
}

static void test_checks(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    cl_context ctx = f->dev.cl.context;
    cl_command_queue q = f->dev.queue;
    /* NCHW 1 x 6 x 2 x 3: 2 slices, 6 x 2 texels */
    const int64_t shape[] = {1, 6, 2, 3};
    clslice_plan *plan = tu_expr_plan(shape, 4, ":, 1:5");
    cl_mem img = tu_image_make(ctx, CL_FLOAT, 6, 2, CL_MEM_READ_WRITE, NULL);
    cl_mem wide = tu_image_make(ctx, CL_FLOAT, 7, 2, CL_MEM_READ_WRITE, NULL);
    cl_mem half = tu_image_make(ctx, CL_HALF_FLOAT, 6, 2, CL_MEM_READ_WRITE,
                                NULL);
    cl_mem ro = tu_image_make(ctx, CL_FLOAT, 6, 2, CL_MEM_READ_ONLY, NULL);
    cl_mem buf = tu_cl_buffer(&f->dev.cl, 4096);
    clslice_cl_image src = {.image = img,
                            .packing = CLSLICE_PACKING_NC4HW4};
    clslice_cl_tensor out = {.buffer = buf};
    clslice_cl_tensor none = {.buffer = NULL};

    tu_cl_fill(q, buf, 0x11, 4096);
    EXPECT_FAIL(gather(f, plan, 2, none, &src, out, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "elem_size = 2",
                "src_image->image holds channels of 4 bytes");
    clslice_cl_image wrong = {.image = wide,
                              .packing = CLSLICE_PACKING_NC4HW4};
    EXPECT_FAIL(gather(f, plan, 4, none, &wrong, out, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "src_image->image is 7 x 2 texels",
                "needs 6 x 2", "CLSLICE_PACKING_NC4HW4");
    wrong = (clslice_cl_image){.image = img,
                               .packing = CLSLICE_PACKING_PHWC4};
    /* as BHWC 1 x 6 x 2 x 3: W * B = 2, H * S = 6 */
    EXPECT_FAIL(gather(f, plan, 4, none, &wrong, out, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "needs 2 x 6",
                "CLSLICE_PACKING_PHWC4");
    wrong.packing = (clslice_image_packing)9;
    EXPECT_FAIL(gather(f, plan, 4, none, &wrong, out, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "src_image->packing = 9");
    wrong = (clslice_cl_image){.image = buf,
                               .packing = CLSLICE_PACKING_NC4HW4};
    EXPECT_FAIL(gather(f, plan, 4, none, &wrong, out, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "src_image->image",
                "not a CL_MEM_OBJECT_IMAGE2D");
    wrong = (clslice_cl_image){.image = img,
                               .packing = CLSLICE_PACKING_NC4HW4,
                               .flags = 1};
    EXPECT_FAIL(gather(f, plan, 4, none, &wrong, out, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "src_image->flags = 0x1");
    EXPECT_FAIL(gather(f, plan, 4, out, &src, out, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "src.buffer", "when src_image");
    /* strided buffer sides: a destination that meets itself, views
     * that reach before their buffer or past it */
    /* the output is 1 x 4 x 2 x 3: row-major strides 24, 6, 3, 1 */
    int64_t overlapping[] = {24, 6, 1, 1}, reversed[] = {24, 6, 3, -1},
            spread[] = {24, 6000, 3, 1};
    clslice_cl_tensor strided = {.buffer = buf, .strides = overlapping};
    EXPECT_FAIL(gather(f, plan, 4, none, &src, strided, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst.strides[", "twice");
    strided.strides = reversed;
    EXPECT_FAIL(gather(f, plan, 4, none, &src, strided, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "dst");
    strided.strides = spread;
    EXPECT_FAIL(gather(f, plan, 4, none, &src, strided, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "dst");
    clslice_cl_tensor odd = {.buffer = buf, .offset = 2};
    EXPECT_FAIL(gather(f, plan, 4, none, &src, odd, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst.offset = 2");
    clslice_cl_tensor far = {.buffer = buf, .offset = 4040};
    EXPECT_FAIL(gather(f, plan, 4, none, &src, far, NULL, &err_),
                CLSLICE_ERROR_BUFFER, "dst");
    tu_cl_assert_filled(q, buf, 4096, 0x11);

    /* into images: the whole output (1 x 4 x 2 x 3: 1 slice, 3 x 2) */
    cl_mem dst_img = tu_image_make(ctx, CL_FLOAT, 3, 2, CL_MEM_READ_WRITE,
                                   NULL);
    clslice_cl_image dst = {.image = dst_img,
                            .packing = CLSLICE_PACKING_NC4HW4};
    clslice_cl_image dst_ro = {.image = ro,
                               .packing = CLSLICE_PACKING_NC4HW4};
    clslice_cl_image dst_wide = {.image = wide,
                                 .packing = CLSLICE_PACKING_NC4HW4};
    EXPECT_FAIL(gather(f, plan, 4, none, &src, none, &dst_wide, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst_image->image is 7 x 2 texels",
                "needs 3 x 2");
    const int64_t same_shape[] = {1, 6, 2, 3};
    clslice_plan *whole = tu_expr_plan(same_shape, 4, "...");
    EXPECT_FAIL(gather(f, whole, 4, none, &src, none, &dst_ro, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst_image->image is CL_MEM_READ_ONLY");
    EXPECT_FAIL(gather(f, whole, 4, none, &src, none, &src, &err_),
                CLSLICE_ERROR_ARGUMENT, "one image");
    clslice_cl_image dst_half = {.image = half,
                                 .packing = CLSLICE_PACKING_NC4HW4};
    EXPECT_FAIL(gather(f, whole, 4, none, &src, none, &dst_half, &err_),
                CLSLICE_ERROR_ARGUMENT, "elem_size = 4",
                "dst_image->image holds channels of 2 bytes");
    /* a rank the packing does not take: NCHW as a rank-3 output */
    clslice_plan *shrunk = tu_expr_plan(same_shape, 4, "0");
    EXPECT_FAIL(gather(f, shrunk, 4, none, &src, none, &dst, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst_image->packing = "
                "CLSLICE_PACKING_NC4HW4 takes a tensor of rank 4 (NCHW), "
                "not 3");

    /* No device here lacks images: the pure check with such facts. */
    cs_image_side checked = {.name = "src_image", .image = &src,
                          .elem_size = 4};
    clslice_error err;
    assert_int_equal(cs_image_geometry_of(CLSLICE_PACKING_NC4HW4, shape, 4,
                                          "src_image", NULL, &checked.geometry,
                                          &err),
                     CLSLICE_OK);
    cs_image_facts facts;
    assert_int_equal(cs_image_query(f->dev.cl.device, img, "src_image",
                                    &facts, &err), CLSLICE_OK);
    assert_int_equal(cs_image_check_facts(&facts, ctx, &checked, &err),
                     CLSLICE_OK);
    facts.device_images = CL_FALSE;
    assert_int_equal(cs_image_check_facts(&facts, ctx, &checked, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "src_image",
                    "CL_DEVICE_IMAGE_SUPPORT is CL_FALSE", NULL);
    facts.device_images = CL_TRUE;
    facts.format.image_channel_order = CL_RGB;
    assert_int_equal(cs_image_check_facts(&facts, ctx, &checked, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "not CL_RGBA", NULL);
    facts.format = (cl_image_format){CL_RGBA, CL_UNSIGNED_INT16};
    assert_int_equal(cs_image_check_facts(&facts, ctx, &checked, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "channel type",
                    "CL_UNSIGNED_INT8", NULL);

    clslice_plan_release(&shrunk);
    clslice_plan_release(&whole);
    clslice_plan_release(&plan);
    clReleaseMemObject(dst_img);
    clReleaseMemObject(img);
    clReleaseMemObject(wide);
    clReleaseMemObject(half);
    clReleaseMemObject(ro);
    clReleaseMemObject(buf);
}

static clslice_status scatter(fixture *f, const clslice_plan *plan,
                              size_t elem_size, clslice_cl_tensor value,
                              const int64_t *value_shape, int value_rank,
                              const clslice_cl_image *dst, clslice_error *err)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_cl_scatter_desc desc = CLSLICE_CL_SCATTER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = elem_size;
    desc.value = value;
    desc.value_shape = value_shape;
    desc.value_rank = value_rank;
    desc.rule = CLSLICE_VALUE_BROADCAST;
    desc.dst_image = dst;
    return clslice_cl_scatter(f->dev.runtime, &call, &desc, err);
}

/* A failing scatter leaves the image as it was. */
static void test_scatter_checks(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    cl_context ctx = f->dev.cl.context;
    const int64_t shape[] = {4, 2, 6}; /* HWC: 2 x 8 texels in PHWC4 */
    clslice_plan *plan = tu_expr_plan(shape, 3, "1:3, :, 1:6");
    unsigned char host[2 * 8 * 4], got[2 * 8 * 4];
    for (size_t i = 0; i < sizeof host; i++)
        host[i] = (unsigned char)(i * 7 + 3);
    cl_mem img = tu_image_make(ctx, CL_UNSIGNED_INT8, 2, 8, CL_MEM_READ_WRITE,
                               host);
    cl_mem ro = tu_image_make(ctx, CL_UNSIGNED_INT8, 2, 8, CL_MEM_READ_ONLY,
                              host);
    cl_mem buf = tu_cl_buffer(&f->dev.cl, 256);
    clslice_cl_image dst = {.image = img, .packing = CLSLICE_PACKING_PHWC4};
    clslice_cl_image dst_ro = {.image = ro,
                               .packing = CLSLICE_PACKING_PHWC4};
    clslice_cl_tensor value = {.buffer = buf};
    const int64_t fits[] = {2, 1, 5}, wrong[] = {3, 2, 5};
    int64_t strides[] = {-1, 1, 1}; /* reaches before byte 0 */
    clslice_cl_tensor strided = {.buffer = buf, .strides = strides};

    EXPECT_FAIL(scatter(f, plan, 1, value, wrong, 3, &dst, &err_),
                CLSLICE_ERROR_SHAPE, "value");
    EXPECT_FAIL(scatter(f, plan, 1, strided, fits, 3, &dst, &err_),
                CLSLICE_ERROR_BUFFER, "value");
    EXPECT_FAIL(scatter(f, plan, 1, value, fits, 3, &dst_ro, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst_image->image is "
                "CL_MEM_READ_ONLY");
    EXPECT_FAIL(scatter(f, plan, 4, value, fits, 3, &dst, &err_),
                CLSLICE_ERROR_ARGUMENT, "elem_size = 4");
    clslice_cl_tensor far = {.buffer = buf, .offset = 250};
    EXPECT_FAIL(scatter(f, plan, 1, far, fits, 3, &dst, &err_),
                CLSLICE_ERROR_BUFFER, "value");
    clslice_cl_image nhwc = {.image = img, .packing = CLSLICE_PACKING_NC4HW4};
    EXPECT_FAIL(scatter(f, plan, 1, value, fits, 3, &nhwc, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst_image->packing");
    tu_image_read(f->dev.queue, img, 2, 8, got);
    assert_memory_equal(got, host, sizeof host);
    clslice_plan_release(&plan);
    clReleaseMemObject(img);
    clReleaseMemObject(ro);
    clReleaseMemObject(buf);
}

/* Dims that read one index, with steps no int holds, both ways and
 * scattered into (the kernels read steps in 32 bits). */
static void test_huge_steps(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    const int64_t shape[] = {2, 3, 5};
    job j = {.src_kind = SIDE_IMAGE, .dst_kind = SIDE_BUFFER,
             .src_packing = CLSLICE_PACKING_PHWC4,
             .dst_packing = CLSLICE_PACKING_TFLITE_TEXTURE_2D,
             .type = CL_UNSIGNED_INT8};
    j.plan = tu_expr_plan(shape, 3, "1:2:999999999999, ::-1, 4:5:88888888888");
    j.irank = 3;
    j.orank = clslice_plan_output_rank(j.plan);
    clslice_plan_input_shape(j.plan, j.ishape);
    clslice_plan_output_shape(j.plan, j.oshape);
    snprintf(j.desc, sizeof j.desc, "huge steps");
    run_job(f, &j);
    j.dst_kind = SIDE_IMAGE;
    run_job(f, &j);
    run_scatter(f, &j);
    clslice_plan_release(&j.plan);
}

/* An empty slice of an image source is a marker: nothing runs, the
 * event completes. */
static void test_empty(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    const int64_t shape[] = {2, 3, 5};
    clslice_plan *plan = tu_expr_plan(shape, 3, ":, 2:2");
    cl_mem img = tu_image_make(f->dev.cl.context, CL_UNSIGNED_INT8, 3, 4,
                               CL_MEM_READ_WRITE, NULL);
    clslice_cl_image src = {.image = img, .packing = CLSLICE_PACKING_PHWC4};
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    cl_event ev = NULL;
    call.queue = f->dev.queue;
    call.event = &ev;
    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = 1;
    desc.src_image = &src;
    clslice_error err;
    assert_int_equal(clslice_cl_gather(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_OK);
    assert_non_null(ev);
    TU_CL_CHECK(clWaitForEvents(1, &ev));
    clReleaseEvent(ev);
    clslice_plan_release(&plan);
    clReleaseMemObject(img);
}

/* 1-D buffer images: named refusals with the destination untouched. */
static void test_buffer_image_checks(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    cl_context ctx = f->dev.cl.context;
    cl_command_queue q = f->dev.queue;
    /* NCHW 1 x 6 x 2 x 3 in NC4HW4: 6 x 2 texels, 12 in one row */
    const int64_t shape[] = {1, 6, 2, 3};
    clslice_plan *plan = tu_expr_plan(shape, 4, ":, 1:5");
    cl_mem store, short_store;
    cl_mem img = tu_image1d_make(ctx, CL_FLOAT, 12, CL_MEM_READ_WRITE, NULL,
                                 &store);
    cl_mem shorter = tu_image1d_make(ctx, CL_FLOAT, 11, CL_MEM_READ_WRITE,
                                     NULL, &short_store);
    cl_mem img2d = tu_image_make(ctx, CL_FLOAT, 6, 2, CL_MEM_READ_WRITE,
                                 NULL);
    cl_mem buf = tu_cl_buffer(&f->dev.cl, 4096);
    tu_cl_fill(q, buf, 0x11, 4096);
    tu_cl_fill(q, store, 0x22, 12 * 16);
    clslice_cl_image src = {.image = img, .packing = CLSLICE_PACKING_NC4HW4};
    clslice_cl_image wrong = {.image = shorter,
                              .packing = CLSLICE_PACKING_NC4HW4};
    clslice_cl_image two_d = {.image = img2d,
                              .packing = CLSLICE_PACKING_NC4HW4};
    clslice_cl_tensor out = {.buffer = buf};
    clslice_cl_tensor none = {.buffer = NULL};
    EXPECT_FAIL(gather(f, plan, 4, none, &wrong, out, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT,
                "src_image->image is a 1-D buffer image of 11 texels",
                "needs 12 (6 x 2 in CLSLICE_PACKING_NC4HW4, row by row)");
    EXPECT_FAIL(gather(f, plan, 2, none, &src, out, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "elem_size = 2",
                "src_image->image holds channels of 4 bytes");
    /* opposite a 2-D image (staged through a 2-D stand-in): the 2-D
     * image's checks still come first, nothing written */
    EXPECT_FAIL(gather(f, plan, 4, none, &src, none, &two_d, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst_image->image is 6 x 2 texels",
                "needs 3 x 2");
    clslice_cl_tensor at = {.buffer = buf, .offset = 4};
    EXPECT_FAIL(gather(f, plan, 4, at, &src, out, NULL, &err_),
                CLSLICE_ERROR_ARGUMENT, "src.buffer, src.offset",
                "when src_image holds src");
    /* a gather of the slice into the 1-D image's tensor: the wrong
     * shape for it, named; nothing written */
    EXPECT_FAIL(gather(f, plan, 4, out, NULL, none, &src, &err_),
                CLSLICE_ERROR_ARGUMENT, "dst_image->image is a 1-D buffer "
                "image of 12 texels", "needs 6");
    unsigned char got[12 * 16], want[12 * 16];
    memset(want, 0x22, sizeof want);
    tu_cl_read(q, store, sizeof got, got);
    assert_memory_equal(got, want, sizeof want);
    unsigned char bytes[4096], fill[4096];
    memset(fill, 0x11, sizeof fill);
    tu_cl_read(q, buf, sizeof bytes, bytes);
    assert_memory_equal(bytes, fill, sizeof fill);

    /* a concatenation into a 1-D buffer image of the wrong size: named,
     * nothing written (the concatenations' own tests run them) */
    clslice_cl_concat_part part = {.plan = plan, .src = out};
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = q;
    clslice_cl_concat_desc concat = CLSLICE_CL_CONCAT_DESC_INIT;
    concat.elem_size = 4;
    concat.count = 1;
    concat.parts = &part;
    concat.dst_image = &wrong;
    tu_cl_fill(q, short_store, 0x22, 11 * 16);
    clslice_error err;
    assert_int_equal(clslice_cl_concat(f->dev.runtime, &call, &concat, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "dst_image->image is a 1-D buffer image of 11 texels",
                    "needs 12", NULL);
    tu_cl_read(q, short_store, 11 * 16, got);
    assert_memory_equal(got, want, 11 * 16);
    clslice_plan_release(&plan);
    clReleaseMemObject(img);
    clReleaseMemObject(store);
    clReleaseMemObject(shorter);
    clReleaseMemObject(short_store);
    clReleaseMemObject(img2d);
    clReleaseMemObject(buf);
}

/* Value images: refusals named, dst untouched. */
static void test_value_image_checks(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    cl_context ctx = f->dev.cl.context;
    cl_command_queue q = f->dev.queue;
    /* HWC 2 x 3 x 5 (PHWC4: 3 x 4 texels), the value of [:, 1:3] is
     * 2 x 2 x 5 (PHWC4: 2 x 4 texels) */
    const int64_t shape[] = {2, 3, 5}, vshape[] = {2, 2, 5};
    clslice_plan *plan = tu_expr_plan(shape, 3, ":, 1:3");
    cl_mem dst_img = tu_image_make(ctx, CL_FLOAT, 3, 4, CL_MEM_READ_WRITE,
                                   NULL);
    cl_mem wide = tu_image_make(ctx, CL_FLOAT, 3, 4, CL_MEM_READ_ONLY, NULL);
    cl_mem wo = tu_image_make(ctx, CL_FLOAT, 2, 4, CL_MEM_WRITE_ONLY, NULL);
    cl_mem buf = tu_cl_buffer(&f->dev.cl, 4096);
    tu_cl_fill(q, buf, 0x33, 4096);
    clslice_cl_image value = {.image = wide,
                              .packing = CLSLICE_PACKING_PHWC4};
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = q;
    clslice_cl_scatter_desc desc = CLSLICE_CL_SCATTER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = 4;
    desc.value_shape = vshape;
    desc.value_rank = 3;
    desc.dst = (clslice_cl_tensor){.buffer = buf};
    desc.value_image = &value;
    clslice_error err;
    assert_int_equal(clslice_cl_scatter(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "value_image->image is 3 x 4 texels but its tensor "
                    "needs 2 x 4", NULL);
    value.image = wo;
    assert_int_equal(clslice_cl_scatter(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "value_image->image is CL_MEM_WRITE_ONLY but the call "
                    "reads it", NULL);
    desc.value = (clslice_cl_tensor){.buffer = buf, .offset = 16};
    assert_int_equal(clslice_cl_scatter(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "value.buffer, value.offset",
                    "when value_image holds value", NULL);
    desc.value = (clslice_cl_tensor){.buffer = NULL};
    value.flags = 1;
    assert_int_equal(clslice_cl_scatter(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "value_image->flags = 0x1", NULL);
    /* a good value image, refused for its dst: the buffer left alone */
    value = (clslice_cl_image){.image = wide, .packing =
                                                  CLSLICE_PACKING_PHWC4};
    cl_mem good = tu_image_make(ctx, CL_FLOAT, 2, 4, CL_MEM_READ_ONLY, NULL);
    value.image = good;
    clslice_cl_image dst = {.image = wide, .packing = CLSLICE_PACKING_NC4HW4};
    desc.dst = (clslice_cl_tensor){.buffer = NULL};
    desc.dst_image = &dst;
    assert_int_equal(clslice_cl_scatter(f->dev.runtime, &call, &desc, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dst_image->packing", NULL);
    unsigned char got[4096], want[4096];
    memset(want, 0x33, sizeof want);
    tu_cl_read(q, buf, sizeof got, got);
    assert_memory_equal(got, want, sizeof want);
    clslice_plan_release(&plan);
    clReleaseMemObject(dst_img);
    clReleaseMemObject(wide);
    clReleaseMemObject(wo);
    clReleaseMemObject(good);
    clReleaseMemObject(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_jobs),
        cmocka_unit_test(test_random_scatters),
        cmocka_unit_test(test_checks),
        cmocka_unit_test(test_scatter_checks),
        cmocka_unit_test(test_huge_steps),
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_buffer_image_checks),
        cmocka_unit_test(test_value_image_checks),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
