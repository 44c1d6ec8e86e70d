/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Image sides of the calls with many tensors, against the host
 * executors on the images' storage (imagefix.h): clslice_cl_concat with
 * image parts and an image destination, clslice_cl_gather_batch with an
 * image source and image outputs, each mixed with buffers.
 *
 * Concatenations: a destination of rank 3 or 4 (channel counts often
 * not multiples of 4: the partial last texel) cut along one axis into
 * parts, other axes now and then read backwards, a part now and then
 * left out (a hole the destination keeps: the image destination is then
 * read first), each part's source and the destination an image of a
 * random packing or a buffer.  The reference scatters every part into
 * the destination's logical tensor (clslice_host_scatter2) and, for an
 * image, writes it back whole (clslice_host_gather2: padding lanes as
 * zeros).  Batches: random stepped slices of one source, each output an
 * image or a buffer, the reference clslice_host_gather2 per output.
 * An image is now and then a 1-D buffer image (TFLite's IMAGE_BUFFER:
 * the 2-D image's texels row by row in a buffer), beside buffers, 2-D
 * images or other 1-D buffer images.
 * Every destination is read back whole: buffers with their guard bytes.
 *
 * Then the refusals, each named, with the destinations read back
 * unchanged: nothing was enqueued, not even for the parts before the
 * one refused.
 *
 * CLSLICE_TEST_SEED replays a run; the seed is printed on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devutil.h"
#include "imagefix.h"

enum { CASES = 16, MAX_PARTS = 4, GUARD = 32, SENTINEL = 0x5A };

static const clslice_image_packing PACKINGS[] = {
    CLSLICE_PACKING_NC4HW4, CLSLICE_PACKING_PHWC4,
    CLSLICE_PACKING_TFLITE_TEXTURE_2D};
static const cl_channel_type CHANNELS[] = {CL_FLOAT, CL_HALF_FLOAT,
                                           CL_UNSIGNED_INT8};

static uint64_t g_seed;
static char g_ctx[1024];

#define EXPECT(cond) TU_EXPECT(cond, g_ctx, g_seed)

typedef struct fixture {
    tu_dev dev;
    bool images;
    tu_rng rng;
    bool buffer1d; /* the next image made is a 1-D buffer image */
} fixture;

static int setup(void **state)
{
    static fixture f;
    *state = &f;
    if (!tu_dev_open(&f.dev))
        return 0;
    f.images = tu_device_images(&f.dev);
    if (!f.images)
        print_message("the device has no image support: nothing here can "
                      "run\n");
    g_seed = tu_seed(0x1A6E9A27);
    f.rng.state = g_seed;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    tu_dev_close(&f->dev);
    return 0;
}

/* ---- tensors ------------------------------------------------------------ */

/* One tensor of a call: an image in a packing, or a buffer from a byte
 * offset on with guard bytes after it; `host` holds its bytes (the
 * image's storage). */
typedef struct tensor {
    bool is_image;
    bool buffer1d; /* the image is a 1-D buffer image over `store` */
    cl_mem store;
    int rank;
    int64_t shape[4];
    tu_image_storage layout;
    unsigned char *host;
    size_t bytes, offset;
    cl_mem mem;
    clslice_cl_image image;
} tensor;

static int64_t elements_of(const int64_t *shape, int rank)
{
    int64_t n = 1;
    for (int d = 0; d < rank; d++)
        n *= shape[d];
    return n;
}

/* A tensor of `shape`, its bytes random (or SENTINEL). */
static void make_tensor(fixture *f, tensor *t, cl_channel_type type,
                        bool is_image, const int64_t *shape, int rank,
                        cl_mem_flags flags, bool random)
{
    size_t es = tu_channel_size(type);
    *t = (tensor){.is_image = is_image, .rank = rank};
    t->buffer1d = is_image && f->buffer1d;
    memcpy(t->shape, shape, sizeof *shape * (size_t)rank);
    if (is_image) {
        clslice_image_packing packing;
        do
            packing = PACKINGS[tu_range(&f->rng, 0, 2)];
        while (!tu_packing_takes(packing, rank));
        t->layout = tu_image_storage_of(packing, shape, rank);
        t->bytes = t->layout.width * t->layout.height * 4 * es;
        t->image = (clslice_cl_image){.packing = packing};
    } else {
        t->offset = (size_t)tu_range(&f->rng, 0, 3) * es;
        t->bytes = t->offset + (size_t)elements_of(shape, rank) * es + GUARD;
    }
    t->host = malloc(t->bytes);
    assert_non_null(t->host);
    if (random)
        tu_image_random_fill(&f->rng, type, t->host, t->bytes / es);
    else
        memset(t->host, SENTINEL, t->bytes);
    if (t->buffer1d) {
        t->mem = tu_image1d_make(f->dev.cl.context, type,
                                 t->layout.width * t->layout.height, flags,
                                 t->host, &t->store);
        t->image.image = t->mem;
        return;
    }
    if (is_image) {
        t->mem = tu_image_make(f->dev.cl.context, type, t->layout.width,
                               t->layout.height, flags, t->host);
        t->image.image = t->mem;
        return;
    }
    t->mem = tu_cl_buffer(&f->dev.cl, t->bytes);
    TU_CL_CHECK(clEnqueueWriteBuffer(f->dev.queue, t->mem, CL_TRUE, 0,
                                     t->bytes, t->host, 0, NULL, NULL));
}

static void drop_tensor(tensor *t)
{
    free(t->host);
    clReleaseMemObject(t->mem);
    if (t->store)
        clReleaseMemObject(t->store);
}

static clslice_host_tensor host_of(const tensor *t, unsigned char *data)
{
    return (clslice_host_tensor){
        .data = data, .bytes = t->bytes, .offset = t->offset,
        .strides = t->is_image ? t->layout.strides : NULL};
}

static const clslice_blocking *blocking_of(const tensor *t)
{
    return t->is_image ? &t->layout.blocking : NULL;
}

/* The device's bytes of t (the whole image, or the whole buffer). */
static void read_back(fixture *f, const tensor *t, unsigned char *out)
{
    if (t->buffer1d)
        tu_cl_read(f->dev.queue, t->store, t->bytes, out);
    else if (t->is_image)
        tu_image_read(f->dev.queue, t->mem, t->layout.width,
                      t->layout.height, out);
    else
        tu_cl_read(f->dev.queue, t->mem, t->bytes, out);
}

/* t's device bytes equal `want`. */
static void expect_bytes(fixture *f, const tensor *t,
                         const unsigned char *want)
{
    unsigned char *got = malloc(t->bytes);
    assert_non_null(got);
    read_back(f, t, got);
    size_t first = 0;
    while (first < t->bytes && got[first] == want[first])
        first++;
    if (first < t->bytes)
        print_error("first difference at byte %zu of %zu: 0x%02x, "
                    "expected 0x%02x\n", first, t->bytes, got[first],
                    want[first]);
    free(got);
    EXPECT(first == t->bytes);
}

static void random_shape(fixture *f, int64_t *shape, int *rank)
{
    *rank = (int)tu_range(&f->rng, 3, 4);
    for (int d = 0; d < *rank; d++)
        shape[d] = tu_range(&f->rng, 1, 4);
    /* the channel dims of both packings: often a partial last texel */
    shape[*rank - 1] = tu_range(&f->rng, 1, 9);
    if (*rank == 4)
        shape[1] = tu_range(&f->rng, 1, 9);
}

static clslice_plan *identity(const int64_t *shape, int rank)
{
    return tu_expr_plan(shape, rank, "...");
}

/* ---- concatenations ----------------------------------------------------- */

typedef struct concat_case {
    cl_channel_type type;
    int rank, axis;
    int64_t shape[4];
    size_t count;
    clslice_plan *plans[MAX_PARTS];
    tensor parts[MAX_PARTS], dst;
    bool hole;
} concat_case;

/* The places: dst cut along `axis` into up to MAX_PARTS ranges, the
 * other axes whole, now and then backwards; one range now and then left
 * out. */
static void draw_places(fixture *f, concat_case *k, bool hole,
                        char *expr_log, size_t log_size)
{
    if (hole && k->shape[k->axis] < 2)
        k->shape[k->axis] = 2;
    int64_t n = k->shape[k->axis];
    size_t pieces = (size_t)tu_range(&f->rng, hole ? 2 : 1,
                                     n < MAX_PARTS ? n : MAX_PARTS);
    int64_t cuts[MAX_PARTS + 1] = {0};
    for (size_t i = 1; i < pieces; i++) /* increasing, inside (0, n) */
        cuts[i] = cuts[i - 1] + 1 +
                  tu_range(&f->rng, 0, n - cuts[i - 1] - (int64_t)(pieces - i)
                                           - 1);
    cuts[pieces] = n;
    size_t skip = hole || (pieces > 1 && tu_chance(&f->rng, 25))
                      ? (size_t)tu_range(&f->rng, 0, (int64_t)pieces - 1)
                      : pieces;
    k->hole = skip < pieces;
    k->count = 0;
    size_t at = 0;
    for (size_t i = 0; i < pieces; i++) {
        if (i == skip)
            continue;
        char expr[96];
        size_t e = 0;
        for (int d = 0; d < k->rank; d++) {
            const char *sep = d ? ", " : "";
            if (d == k->axis)
                e += (size_t)snprintf(expr + e, sizeof expr - e, "%s%lld:%lld",
                                      sep, (long long)cuts[i],
                                      (long long)cuts[i + 1]);
            else
                e += (size_t)snprintf(expr + e, sizeof expr - e, "%s%s", sep,
                                      tu_chance(&f->rng, 30) ? "::-1" : ":");
        }
        k->plans[k->count++] = tu_expr_plan(k->shape, k->rank, expr);
        if (at < log_size)
            at += (size_t)snprintf(expr_log + at, log_size - at, " [%s]",
                                   expr);
    }
}

/* Case c: into an image when c is odd, with a hole when c % 4 is 3;
 * the rest at random. */
static void draw_concat(fixture *f, concat_case *k, long c)
{
    k->type = CHANNELS[tu_range(&f->rng, 0, 2)];
    random_shape(f, k->shape, &k->rank);
    k->axis = (int)tu_range(&f->rng, 0, k->rank - 1);
    char places[400];
    places[0] = 0;
    draw_places(f, k, c % 4 == 3, places, sizeof places);
    bool any = false;
    bool images[MAX_PARTS];
    for (size_t i = 0; i < k->count; i++)
        any |= images[i] = tu_chance(&f->rng, 50);
    bool dst_image = c % 2 == 1;
    if (!any && !dst_image)
        images[0] = true;
    for (size_t i = 0; i < k->count; i++) {
        int64_t shape[4];
        clslice_plan_output_shape(k->plans[i], shape);
        f->buffer1d = tu_chance(&f->rng, 35);
        make_tensor(f, &k->parts[i], k->type, images[i], shape, k->rank,
                    CL_MEM_READ_ONLY, true);
    }
    /* every fourth case's dst a 1-D buffer image */
    f->buffer1d = c % 8 == 1 || c % 8 == 3;
    /* covered: a write-only image will do */
    cl_mem_flags flags = !k->hole && tu_chance(&f->rng, 50)
                             ? CL_MEM_WRITE_ONLY
                             : CL_MEM_READ_WRITE;
    make_tensor(f, &k->dst, k->type, dst_image, k->shape, k->rank, flags,
                true);
    f->buffer1d = false;
    size_t at = (size_t)snprintf(g_ctx, sizeof g_ctx,
                                 "concat of %zu, channel 0x%x, dst %s %s, "
                                 "parts", k->count, (unsigned)k->type,
                                 tu_shape_str(k->shape, k->rank),
                                 dst_image ? "image" : "buffer");
    for (size_t i = 0; i < k->count && at < sizeof g_ctx; i++)
        at += (size_t)snprintf(g_ctx + at, sizeof g_ctx - at, " %s",
                               k->parts[i].buffer1d ? "1-D buffer image"
                               : images[i]          ? "image"
                                                    : "buffer");
    if (k->dst.buffer1d && at < sizeof g_ctx)
        at += (size_t)snprintf(g_ctx + at, sizeof g_ctx - at,
                               " (dst a 1-D buffer image)");
    if (at < sizeof g_ctx)
        snprintf(g_ctx + at, sizeof g_ctx - at, ":%s", places);
}

/* The host's result: every part scattered into the destination's
 * logical tensor, an image's written back whole. */
static unsigned char *concat_reference(const concat_case *k)
{
    size_t es = tu_channel_size(k->type);
    clslice_error err;
    const tensor *d = &k->dst;
    size_t logical_bytes = (size_t)elements_of(k->shape, k->rank) * es;
    unsigned char *want = malloc(d->bytes);
    unsigned char *logical = d->is_image ? malloc(logical_bytes) : want;
    assert_true(want && logical);
    memcpy(want, d->host, d->bytes);
    clslice_host_tensor into = {.data = logical, .bytes = logical_bytes};
    clslice_plan *whole = identity(k->shape, k->rank);
    clslice_host_gather_desc g = CLSLICE_HOST_GATHER_DESC_INIT;
    g.plan = whole;
    g.elem_size = es;
    if (d->is_image) { /* its storage to its logical tensor */
        g.src = host_of(d, d->host);
        g.src_blocking = blocking_of(d);
        g.dst = into;
        assert_int_equal(clslice_host_gather2(&g, &err), CLSLICE_OK);
    } else {
        into = host_of(d, want);
    }
    for (size_t i = 0; i < k->count; i++) {
        const tensor *p = &k->parts[i];
        clslice_host_scatter_desc s = CLSLICE_HOST_SCATTER_DESC_INIT;
        s.plan = k->plans[i];
        s.elem_size = es;
        s.value = host_of(p, p->host);
        s.value_blocking = blocking_of(p);
        s.value_shape = p->shape;
        s.value_rank = p->rank;
        s.dst = into;
        clslice_status st = clslice_host_scatter2(&s, &err);
        if (st != CLSLICE_OK)
            print_error("clslice_host_scatter2: %s\n", err.message);
        EXPECT(st == CLSLICE_OK);
    }
    if (d->is_image) { /* written back whole */
        g.src = into;
        g.src_blocking = NULL;
        g.dst = host_of(d, want);
        g.dst_blocking = blocking_of(d);
        assert_int_equal(clslice_host_gather2(&g, &err), CLSLICE_OK);
        free(logical);
    }
    clslice_plan_release(&whole);
    return want;
}

static clslice_status run_concat(fixture *f, const concat_case *k,
                                 clslice_error *err)
{
    clslice_cl_concat_part parts[MAX_PARTS];
    clslice_cl_image part_image[MAX_PARTS];
    for (size_t i = 0; i < k->count; i++) {
        const tensor *p = &k->parts[i];
        parts[i] = (clslice_cl_concat_part){.plan = k->plans[i]};
        part_image[i] = p->is_image ? p->image : (clslice_cl_image){0};
        if (!p->is_image)
            parts[i].src = (clslice_cl_tensor){p->mem, p->offset, NULL};
    }
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_cl_concat_desc desc = CLSLICE_CL_CONCAT_DESC_INIT;
    desc.elem_size = tu_channel_size(k->type);
    desc.count = k->count;
    desc.parts = parts;
    desc.part_image = part_image;
    if (k->dst.is_image)
        desc.dst_image = &k->dst.image;
    else
        desc.dst = (clslice_cl_tensor){k->dst.mem, k->dst.offset, NULL};
    return clslice_cl_concat(f->dev.runtime, &call, &desc, err);
}

static void drop_concat(concat_case *k)
{
    for (size_t i = 0; i < k->count; i++) {
        drop_tensor(&k->parts[i]);
        clslice_plan_release(&k->plans[i]);
    }
    drop_tensor(&k->dst);
}

static void test_random_concats(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    /* at least 4: an image dst (odd cases) with a hole (case 3) */
    long cases = tu_scaled(CASES) < 4 ? 4 : tu_scaled(CASES);
    long holes = 0, image_dsts = 0, buffer1d = 0;
    for (long c = 0; c < cases; c++) {
        concat_case k;
        draw_concat(f, &k, c);
        clslice_error err;
        clslice_status st = run_concat(f, &k, &err);
        if (st != CLSLICE_OK)
            print_error("clslice_cl_concat: %s\n", err.message);
        EXPECT(st == CLSLICE_OK);
        unsigned char *want = concat_reference(&k);
        expect_bytes(f, &k.dst, want);
        free(want);
        holes += k.hole && k.dst.is_image;
        image_dsts += k.dst.is_image;
        buffer1d += k.dst.buffer1d;
        drop_concat(&k);
    }
    print_message("%ld random concatenations with image sides (seed "
                  "0x%016" PRIx64 "), %ld into images (%ld 1-D buffer "
                  "images), %ld of them with holes\n", cases, g_seed,
                  image_dsts, buffer1d, holes);
    assert_true(image_dsts > 0 && holes > 0 && buffer1d > 0);
}

/* ---- batches ------------------------------------------------------------ */

typedef struct batch_case {
    cl_channel_type type;
    int rank;
    int64_t shape[4];
    size_t count;
    clslice_plan *plans[MAX_PARTS];
    tensor src, parts[MAX_PARTS];
} batch_case;

/* A slice of every dim: a range, stepped or backwards. */
static clslice_plan *random_slice(fixture *f, const batch_case *k,
                                  char *log, size_t log_size)
{
    char expr[128];
    size_t e = 0;
    for (int d = 0; d < k->rank; d++) {
        int64_t n = k->shape[d];
        int64_t a = tu_range(&f->rng, 0, n - 1), b = tu_range(&f->rng, a + 1,
                                                              n);
        int64_t step = tu_range(&f->rng, 1, 2);
        const char *sep = d ? ", " : "";
        if (tu_chance(&f->rng, 25)) /* backwards from b - 1 down to a */
            e += a ? (size_t)snprintf(expr + e, sizeof expr - e,
                                      "%s%lld:%lld:-%lld", sep,
                                      (long long)(b - 1), (long long)(a - 1),
                                      (long long)step)
                   : (size_t)snprintf(expr + e, sizeof expr - e,
                                      "%s%lld::-%lld", sep,
                                      (long long)(b - 1), (long long)step);
        else
            e += (size_t)snprintf(expr + e, sizeof expr - e,
                                  "%s%lld:%lld:%lld", sep, (long long)a,
                                  (long long)b, (long long)step);
    }
    snprintf(log, log_size, " [%s]", expr);
    return tu_expr_plan(k->shape, k->rank, expr);
}

/* Case c: from an image when c is odd; the outputs at random. */
static void draw_batch(fixture *f, batch_case *k, long c)
{
    k->type = CHANNELS[tu_range(&f->rng, 0, 2)];
    random_shape(f, k->shape, &k->rank);
    k->count = (size_t)tu_range(&f->rng, 1, MAX_PARTS);
    bool src_image = c % 2 == 1, any = src_image;
    /* cases 1 and 2 of every 4: 1-D buffer images (the source, or
     * the outputs), other outputs at random too */
    f->buffer1d = c % 4 == 1 || c % 4 == 2;
    make_tensor(f, &k->src, k->type, src_image, k->shape, k->rank,
                CL_MEM_READ_ONLY, true);
    size_t at = (size_t)snprintf(g_ctx, sizeof g_ctx,
                                 "batch of %zu, channel 0x%x, src %s %s, "
                                 "parts", k->count, (unsigned)k->type,
                                 tu_shape_str(k->shape, k->rank),
                                 k->src.buffer1d ? "1-D buffer image"
                                 : src_image     ? "image"
                                                 : "buffer");
    for (size_t i = 0; i < k->count; i++) {
        char log[160];
        k->plans[i] = random_slice(f, k, log, sizeof log);
        bool image = tu_chance(&f->rng, 50) ||
                     (!any && i == k->count - 1);
        any |= image;
        f->buffer1d = c % 4 == 2 || tu_chance(&f->rng, 35);
        int64_t shape[4];
        clslice_plan_output_shape(k->plans[i], shape);
        make_tensor(f, &k->parts[i], k->type, image, shape, k->rank,
                    CL_MEM_WRITE_ONLY, false);
        if (at < sizeof g_ctx)
            at += (size_t)snprintf(g_ctx + at, sizeof g_ctx - at, " %s%s",
                                   k->parts[i].buffer1d ? "1-D buffer image"
                                   : image              ? "image"
                                                        : "buffer",
                                   log);
    }
    f->buffer1d = false;
}

static clslice_status run_batch(fixture *f, const batch_case *k,
                                clslice_error *err)
{
    clslice_cl_part parts[MAX_PARTS];
    clslice_cl_image part_image[MAX_PARTS];
    for (size_t i = 0; i < k->count; i++) {
        const tensor *p = &k->parts[i];
        parts[i] = (clslice_cl_part){.plan = k->plans[i]};
        part_image[i] = p->is_image ? p->image : (clslice_cl_image){0};
        if (!p->is_image) {
            parts[i].buffer = p->mem;
            parts[i].offset = p->offset;
        }
    }
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = f->dev.queue;
    clslice_cl_batch_desc desc = CLSLICE_CL_BATCH_DESC_INIT;
    desc.elem_size = tu_channel_size(k->type);
    desc.count = k->count;
    desc.parts = parts;
    desc.part_image = part_image;
    if (k->src.is_image)
        desc.src_image = &k->src.image;
    else
        desc.src = (clslice_cl_tensor){k->src.mem, k->src.offset, NULL};
    return clslice_cl_gather_batch(f->dev.runtime, &call, &desc, err);
}

static void check_batch(fixture *f, const batch_case *k)
{
    size_t es = tu_channel_size(k->type);
    for (size_t i = 0; i < k->count; i++) {
        const tensor *p = &k->parts[i];
        unsigned char *want = malloc(p->bytes);
        assert_non_null(want);
        memcpy(want, p->host, p->bytes);
        clslice_host_gather_desc g = CLSLICE_HOST_GATHER_DESC_INIT;
        g.plan = k->plans[i];
        g.elem_size = es;
        g.src = host_of(&k->src, k->src.host);
        g.src_blocking = blocking_of(&k->src);
        g.dst = host_of(p, want);
        g.dst_blocking = blocking_of(p);
        clslice_error err;
        assert_int_equal(clslice_host_gather2(&g, &err), CLSLICE_OK);
        expect_bytes(f, p, want);
        free(want);
    }
}

static void test_random_batches(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    long cases = tu_scaled(CASES) < 2 ? 2 : tu_scaled(CASES);
    long image_srcs = 0, buffer1d = 0;
    for (long c = 0; c < cases; c++) {
        batch_case k;
        draw_batch(f, &k, c);
        clslice_error err;
        clslice_status st = run_batch(f, &k, &err);
        if (st != CLSLICE_OK)
            print_error("clslice_cl_gather_batch: %s\n", err.message);
        EXPECT(st == CLSLICE_OK);
        check_batch(f, &k);
        image_srcs += k.src.is_image;
        buffer1d += k.src.buffer1d;
        for (size_t i = 0; i < k.count; i++) {
            drop_tensor(&k.parts[i]);
            clslice_plan_release(&k.plans[i]);
        }
        drop_tensor(&k.src);
    }
    print_message("%ld random batches with image sides (seed 0x%016" PRIx64
                  "), %ld from images (%ld 1-D buffer images)\n", cases,
                  g_seed, image_srcs, buffer1d);
    assert_true(image_srcs > 0 && image_srcs < cases && buffer1d > 0);
}

/* ---- refusals ----------------------------------------------------------- */

/* An NCHW destination of 1 x 6 x 2 x 3 (NC4HW4: 6 x 2 texels) cut in
 * channels 0:2 and 2:6 (NC4HW4: 3 x 2 texels each), float. */
typedef struct refusal {
    fixture *f;
    int64_t shape[4];
    clslice_plan *plans[2];
    tensor dst_buffer, dst_image, parts[2];
    clslice_cl_concat_part concat_parts[2];
    clslice_cl_image part_image[2];
    clslice_cl_concat_desc concat;
    clslice_cl_part batch_parts[2];
    clslice_cl_batch_desc batch;
    cl_mem small;
} refusal;

static void make_refusal(fixture *f, refusal *r)
{
    *r = (refusal){.f = f, .shape = {1, 6, 2, 3}};
    r->plans[0] = tu_expr_plan(r->shape, 4, ":, 0:2");
    r->plans[1] = tu_expr_plan(r->shape, 4, ":, 2:6");
    const int64_t part0[] = {1, 2, 2, 3};
    make_tensor(f, &r->dst_buffer, CL_FLOAT, false, r->shape, 4,
                CL_MEM_READ_WRITE, false);
    for (;;) { /* NC4HW4: 6 x 2 texels */
        make_tensor(f, &r->dst_image, CL_FLOAT, true, r->shape, 4,
                    CL_MEM_READ_WRITE, true);
        if (r->dst_image.image.packing == CLSLICE_PACKING_NC4HW4)
            break;
        drop_tensor(&r->dst_image);
    }
    make_tensor(f, &r->parts[0], CL_FLOAT, false, part0, 4,
                CL_MEM_READ_WRITE, false);
    /* part 1 an image of the wrong size: 4 x 2, not 3 x 2 */
    r->parts[1] = (tensor){.is_image = true};
    r->small = tu_image_make(f->dev.cl.context, CL_FLOAT, 4, 2,
                             CL_MEM_READ_WRITE, NULL);
    r->part_image[0] = (clslice_cl_image){0};
    r->part_image[1] = (clslice_cl_image){.image = r->small,
                                          .packing = CLSLICE_PACKING_NC4HW4};
    for (int i = 0; i < 2; i++) {
        r->concat_parts[i] = (clslice_cl_concat_part){.plan = r->plans[i]};
        r->batch_parts[i] = (clslice_cl_part){.plan = r->plans[i]};
    }
    r->concat_parts[0].src = (clslice_cl_tensor){r->parts[0].mem, 0, NULL};
    r->batch_parts[0].buffer = r->parts[0].mem;
    r->concat = (clslice_cl_concat_desc)CLSLICE_CL_CONCAT_DESC_INIT;
    r->concat.elem_size = 4;
    r->concat.count = 2;
    r->concat.parts = r->concat_parts;
    r->concat.part_image = r->part_image;
    r->concat.dst = (clslice_cl_tensor){r->dst_buffer.mem, 0, NULL};
    /* a batch from the destination's buffer into the two parts */
    r->batch = (clslice_cl_batch_desc)CLSLICE_CL_BATCH_DESC_INIT;
    r->batch.elem_size = 4;
    r->batch.count = 2;
    r->batch.parts = r->batch_parts;
    r->batch.part_image = r->part_image;
    r->batch.src_image = &r->dst_image.image;
}

static void drop_refusal(refusal *r)
{
    drop_tensor(&r->dst_buffer);
    drop_tensor(&r->dst_image);
    drop_tensor(&r->parts[0]);
    clReleaseMemObject(r->small);
    clslice_plan_release(&r->plans[0]);
    clslice_plan_release(&r->plans[1]);
}

static clslice_status concat_of(refusal *r, clslice_error *err)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = r->f->dev.queue;
    return clslice_cl_concat(r->f->dev.runtime, &call, &r->concat, err);
}

static clslice_status batch_of(refusal *r, clslice_error *err)
{
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = r->f->dev.queue;
    return clslice_cl_gather_batch(r->f->dev.runtime, &call, &r->batch,
                                   err);
}

/* The call fails naming what it must, and no destination changed. */
#define REFUSED(r, call, status, ...)                                     \
    do {                                                                  \
        clslice_error err_;                                               \
        assert_int_equal((call)(r, &err_), (status));                     \
        tu_assert_error(&err_, (status), __VA_ARGS__, NULL);              \
        expect_bytes((r)->f, &(r)->dst_buffer, (r)->dst_buffer.host);     \
        expect_bytes((r)->f, &(r)->dst_image, (r)->dst_image.host);       \
        expect_bytes((r)->f, &(r)->parts[0], (r)->parts[0].host);         \
    } while (0)

static void test_concat_refusals(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    snprintf(g_ctx, sizeof g_ctx, "concat refusals");
    refusal r;
    make_refusal(f, &r);
    /* part 0 (a buffer) would be written first: nothing may be */
    REFUSED(&r, concat_of, CLSLICE_ERROR_ARGUMENT,
            "part_image[1].image is 4 x 2 texels", "needs 3 x 2",
            "CLSLICE_PACKING_NC4HW4");
    r.part_image[1].flags = 2;
    REFUSED(&r, concat_of, CLSLICE_ERROR_ARGUMENT,
            "part_image[1].flags = 0x2: must be 0");
    r.part_image[1].flags = 0;
    r.concat_parts[1].src.offset = 8;
    REFUSED(&r, concat_of, CLSLICE_ERROR_ARGUMENT,
            "parts[1].src.offset = 8", "when part_image[1] holds");
    r.concat_parts[1].src.offset = 0;
    r.concat.elem_size = 2; /* the buffer part takes it, the image not */
    REFUSED(&r, concat_of, CLSLICE_ERROR_ARGUMENT, "elem_size = 2",
            "part_image[1].image holds channels of 4 bytes");
    r.concat.elem_size = 4;
    /* part 1 a 1-D buffer image of 5 texels, not the 3 x 2 it needs */
    cl_mem store;
    cl_mem short1d = tu_image1d_make(f->dev.cl.context, CL_FLOAT, 5,
                                     CL_MEM_READ_WRITE, NULL, &store);
    r.part_image[1].image = short1d;
    REFUSED(&r, concat_of, CLSLICE_ERROR_ARGUMENT,
            "part_image[1].image is a 1-D buffer image of 5 texels",
            "needs 6 (3 x 2 in CLSLICE_PACKING_NC4HW4, row by row)");
    r.part_image[1].image = r.small;
    clReleaseMemObject(short1d);
    clReleaseMemObject(store);

    /* an image destination */
    r.concat.dst = (clslice_cl_tensor){0};
    r.concat.dst_image = &r.dst_image.image;
    r.part_image[1].image = r.dst_image.mem;
    REFUSED(&r, concat_of, CLSLICE_ERROR_ARGUMENT, "dst_image->image and "
            "part_image[1].image are one image");
    r.part_image[1].image = r.small;
    r.concat.dst.buffer = r.dst_buffer.mem;
    REFUSED(&r, concat_of, CLSLICE_ERROR_ARGUMENT, "dst.buffer",
            "when dst_image holds");
    r.concat.dst.buffer = NULL;
    /* a write-only destination with a hole: it would be read */
    cl_mem wo = tu_image_make(f->dev.cl.context, CL_FLOAT, 6, 2,
                              CL_MEM_WRITE_ONLY, NULL);
    clslice_cl_image write_only = {.image = wo,
                                   .packing = CLSLICE_PACKING_NC4HW4};
    r.concat.dst_image = &write_only;
    r.concat.count = 1;
    REFUSED(&r, concat_of, CLSLICE_ERROR_ARGUMENT,
            "dst_image->image is CL_MEM_WRITE_ONLY but the call reads it");
    clReleaseMemObject(wo);
    r.concat.count = 2;
    clslice_cl_image none = {0};
    r.concat.dst_image = &none;
    REFUSED(&r, concat_of, CLSLICE_ERROR_ARGUMENT,
            "dst_image->image is NULL");
    drop_refusal(&r);
}

/* A CL_FLOAT 1-D buffer image of `texels` over `buffer`. */
static cl_mem image1d_over(fixture *f, cl_mem buffer, size_t texels)
{
    cl_int rc;
    cl_image_format format = {CL_RGBA, CL_FLOAT};
    cl_image_desc desc = {.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER,
                          .image_width = texels, .buffer = buffer};
    cl_mem image = clCreateImage(f->dev.cl.context, CL_MEM_READ_WRITE,
                                 &format, &desc, NULL, &rc);
    TU_CL_CHECK(rc);
    return image;
}

/* A sub-buffer of an aligned `offset` and `size` bytes in `parent`. */
static cl_mem sub_buffer(cl_mem parent, size_t offset, size_t size)
{
    cl_int rc;
    cl_buffer_region region = {offset, size};
    cl_mem sub = clCreateSubBuffer(parent, CL_MEM_READ_WRITE,
                                   CL_BUFFER_CREATE_TYPE_REGION, &region,
                                   &rc);
    TU_CL_CHECK(rc);
    return sub;
}

/* Output 1 is a 1-D buffer image over a buffer whose sub-buffer holds
 * the batch's source: refused where the source meets the image's texels,
 * run where it lies beside them. */
static void check_sub_buffer_sides(fixture *f, refusal *r)
{
    cl_uint align_bits = 0;
    TU_CL_CHECK(clGetDeviceInfo(f->dev.cl.device, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                                sizeof align_bits, &align_bits, NULL));
    size_t align = align_bits / 8 ? align_bits / 8 : 1;
    size_t source = 6 * 2 * 3 * 4, texels = 6 * 16; /* bytes */
    size_t apart = (texels + align - 1) / align * align;
    cl_mem parent = tu_cl_buffer(&f->dev.cl, apart + source);
    cl_mem meets = sub_buffer(parent, 0, source);
    cl_mem beside = sub_buffer(parent, apart, source);
    cl_mem over_parent = image1d_over(f, parent, 6);
    clslice_cl_image kept = r->part_image[1];
    r->part_image[1].image = over_parent;
    r->batch.src = (clslice_cl_tensor){meets, 0, NULL};
    REFUSED(r, batch_of, CLSLICE_ERROR_ARGUMENT,
            "part_image[1].image is a 1-D buffer image over src.buffer, "
            "which the batch reads");
    /* accepted; output 0 into a scratch buffer, as the refusals after
     * this one check that parts[0] was never written */
    cl_mem scratch = tu_cl_buffer(&f->dev.cl, 2 * 2 * 3 * 4);
    cl_mem part0 = r->batch_parts[0].buffer;
    r->batch_parts[0].buffer = scratch;
    r->batch.src = (clslice_cl_tensor){beside, 0, NULL};
    clslice_error err;
    assert_int_equal(batch_of(r, &err), CLSLICE_OK);
    TU_CL_CHECK(clFinish(f->dev.queue));
    r->batch_parts[0].buffer = part0;
    r->part_image[1] = kept;
    r->batch.src = (clslice_cl_tensor){r->dst_buffer.mem, 0, NULL};
    clReleaseMemObject(scratch);
    clReleaseMemObject(over_parent);
    clReleaseMemObject(meets);
    clReleaseMemObject(beside);
    clReleaseMemObject(parent);
}

static void test_batch_refusals(void **state)
{
    fixture *f = *state;
    tu_skip_without_images(&f->dev, f->images);
    snprintf(g_ctx, sizeof g_ctx, "batch refusals");
    refusal r;
    make_refusal(f, &r);
    /* from an image: output 0 (a buffer) would be written first */
    REFUSED(&r, batch_of, CLSLICE_ERROR_ARGUMENT,
            "part_image[1].image is 4 x 2 texels", "needs 3 x 2");
    /* from a buffer, the same */
    r.batch.src_image = NULL;
    r.batch.src = (clslice_cl_tensor){r.dst_buffer.mem, 0, NULL};
    REFUSED(&r, batch_of, CLSLICE_ERROR_ARGUMENT,
            "part_image[1].image is 4 x 2 texels");
    cl_mem store;
    unsigned char got[6 * 16], want[6 * 16];
    memset(want, SENTINEL, sizeof want);
    /* 1-D buffer image outputs over the source's buffer, and two over
     * one buffer: bytes the buffer checks cannot see */
    r.batch.src_image = NULL;
    r.batch.src = (clslice_cl_tensor){r.dst_buffer.mem, 0, NULL};
    cl_mem over_src = image1d_over(f, r.dst_buffer.mem, 6);
    r.part_image[1].image = over_src;
    REFUSED(&r, batch_of, CLSLICE_ERROR_ARGUMENT,
            "part_image[1].image is a 1-D buffer image over src.buffer, "
            "which the batch reads");
    check_sub_buffer_sides(f, &r);
    store = tu_cl_buffer(&f->dev.cl, 6 * 16);
    tu_cl_fill(f->dev.queue, store, SENTINEL, 6 * 16);
    cl_mem first = image1d_over(f, store, 6);
    cl_mem second = image1d_over(f, store, 6);
    r.part_image[0].image = first;
    r.part_image[0].packing = CLSLICE_PACKING_NC4HW4;
    r.part_image[1].image = second;
    r.batch_parts[0].buffer = NULL;
    REFUSED(&r, batch_of, CLSLICE_ERROR_ARGUMENT,
            "part_image[0].image is a 1-D buffer image over "
            "part_image[1].image's buffer, which the batch writes too");
    tu_cl_read(f->dev.queue, store, sizeof got, got);
    assert_memory_equal(got, want, sizeof want);
    r.part_image[0] = (clslice_cl_image){0};
    r.batch_parts[0].buffer = r.parts[0].mem;
    clReleaseMemObject(over_src);
    clReleaseMemObject(first);
    clReleaseMemObject(second);
    clReleaseMemObject(store);
    r.batch.src_image = &r.dst_image.image;
    REFUSED(&r, batch_of, CLSLICE_ERROR_ARGUMENT, "src.buffer (set)",
            "when src_image holds that tensor");
    r.batch.src = (clslice_cl_tensor){0};
    r.part_image[1].image = r.dst_image.mem;
    REFUSED(&r, batch_of, CLSLICE_ERROR_ARGUMENT, "part_image[1].image",
            "src_image->image", "are one image");
    r.part_image[0] = r.part_image[1] = (clslice_cl_image){
        .image = r.small, .packing = CLSLICE_PACKING_NC4HW4};
    r.batch_parts[0].buffer = NULL;
    REFUSED(&r, batch_of, CLSLICE_ERROR_ARGUMENT, "part_image[0].image",
            "part_image[1].image", "are one image");
    r.part_image[0] = (clslice_cl_image){0};
    r.batch_parts[0].buffer = r.parts[0].mem;
    cl_mem ro = tu_image_make(f->dev.cl.context, CL_FLOAT, 3, 2,
                              CL_MEM_READ_ONLY, NULL);
    r.part_image[1].image = ro;
    REFUSED(&r, batch_of, CLSLICE_ERROR_ARGUMENT,
            "part_image[1].image is CL_MEM_READ_ONLY but the call writes");
    clReleaseMemObject(ro);
    clslice_cl_image none = {0};
    r.batch.src_image = &none;
    REFUSED(&r, batch_of, CLSLICE_ERROR_ARGUMENT, "src_image->image is NULL");
    drop_refusal(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_concats),
        cmocka_unit_test(test_random_batches),
        cmocka_unit_test(test_concat_refusals),
        cmocka_unit_test(test_batch_refusals),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
