/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice_runtime_prepare and the on-disk binary cache on the default
 * device: prepare builds exactly the programs that gathers, scatters,
 * fills, grads and CSR slices then use (none of them builds another), in
 * both index widths with CLSLICE_PREPARE_INDEX64, under either kernel
 * family, and the image program with CLSLICE_PREPARE_IMAGE (refused,
 * named, on a device without images); a warm cache folder is loaded
 * instead of compiled, with results byte-identical to the host; damaged
 * cache files (truncated, random bytes, a well-formed file around a
 * binary the driver refuses) fall back to a build from source and are
 * rewritten; threads preparing one runtime leave one program and one file
 * per family; a folder that cannot be written is skipped; the key follows
 * the options and the source.
 * Then what the cache trusts: well-formed files around the wrong program
 * (the 64-bit form under the 32-bit key, another program, mimics with a
 * wrong argument count), a FIFO, a symbolic link, a folder, files others
 * can write or (as root) another user owns, untrusted folders given,
 * inherited or made so later: none reaches a kernel launch, none fails a
 * call, each is counted with a message naming it, and each file is
 * rewritten where the folder allows.
 *
 * Cache folders live under CLSLICE_TEST_TMP (the build tree; ctest sets
 * it) and are emptied and removed by each test.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csrdev.h"
#include "opencl/testing/testing.h"
#include "devutil.h"
#include "imagefix.h"
#include "testutil.h"

enum { ELEM = 4, ROWS = 4, COLS = 6, TENSOR = ROWS * COLS * ELEM };

static const int64_t SHAPE[] = {ROWS, COLS};
static const int64_t FINAL[] = {2, 3}; /* of "[1:3, ::-2]" */

/* ---- folders ------------------------------------------------------------ */

typedef struct folder {
    char path[512];
} folder;

static void folder_make(folder *d, const char *name)
{
    const char *base = getenv("CLSLICE_TEST_TMP");
    snprintf(d->path, sizeof d->path, "%s/%s-%ld", base ? base : ".", name,
             (long)getpid());
    mkdir(base ? base : ".", 0755);
    assert_int_equal(mkdir(d->path, 0755), 0);
}

/* The cache files (clslice-*.bin) in the folder, their names in `names`
 * (room for 16) when given. */
static int folder_files(const folder *d, char names[][800])
{
    DIR *dir = opendir(d->path);
    if (!dir)
        return 0;
    int n = 0;
    for (struct dirent *e; (e = readdir(dir));) {
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, "clslice-", 8) != 0 || len < 4 ||
            strcmp(e->d_name + len - 4, ".bin") != 0)
            continue;
        if (names && n < 16)
            snprintf(names[n], 800, "%s/%s", d->path, e->d_name);
        n++;
    }
    closedir(dir);
    return n;
}

/* Removes every file in the folder (temporary files too), then it. */
static void folder_remove(const folder *d)
{
    DIR *dir = opendir(d->path);
    if (!dir)
        return;
    char path[1100];
    for (struct dirent *e; (e = readdir(dir));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", d->path, e->d_name);
        unlink(path);
    }
    closedir(dir);
    rmdir(d->path);
}

static void write_file(const char *path, const void *bytes, size_t size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, size, f), size);
    assert_int_equal(fclose(f), 0);
}

static long file_size(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return (long)st.st_size;
}

/* ---- the calls ---------------------------------------------------------- */

static clslice_runtime *runtime_new(const tu_dev *dev, const folder *cache)
{
    clslice_runtime *rt = NULL;
    assert_int_equal(clslice_runtime_create(dev->cl.context, &rt, NULL),
                     CLSLICE_OK);
    if (cache)
        assert_int_equal(clslice_runtime_set_cache_dir(rt, cache->path,
                                                       NULL),
                         CLSLICE_OK);
    return rt;
}

static clslice_plan *plan_of(const int64_t *shape, const char *expr)
{
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_expr(shape, 2, expr, &plan, NULL),
                     CLSLICE_OK);
    return plan;
}

static void upload(const tu_dev *dev, cl_mem buffer, const void *bytes,
                   size_t size)
{
    TU_CL_CHECK(clEnqueueWriteBuffer(dev->queue, buffer, CL_TRUE, 0, size,
                                     bytes, 0, NULL, NULL));
}

/* A gather, a scatter, a fill and a grad of "[1:3, ::-2]" on a [4, 6]
 * tensor of 4-byte elements, each through a kernel and compared byte for
 * byte with the host executors. */
static void run_dense(const tu_dev *dev, clslice_runtime *rt, unsigned flags)
{
    unsigned char src[TENSOR], value[2 * 3 * ELEM], got[TENSOR],
        want[TENSOR];
    for (size_t i = 0; i < sizeof src; i++)
        src[i] = (unsigned char)(i * 7 + 1);
    for (size_t i = 0; i < sizeof value; i++)
        value[i] = (unsigned char)(200 - i);
    const unsigned char element[ELEM] = {1, 2, 3, 4};
    clslice_plan *plan = plan_of(SHAPE, "[1:3, ::-2]");
    cl_mem a = tu_cl_buffer(&dev->cl, TENSOR);
    cl_mem v = tu_cl_buffer(&dev->cl, sizeof value);
    cl_mem b = tu_cl_buffer(&dev->cl, TENSOR);
    upload(dev, a, src, sizeof src);
    upload(dev, v, value, sizeof value);
    flags |= CLSLICE_NO_COPY_SHORTCUT;

    assert_int_equal(clslice_enqueue_gather(rt, dev->queue, plan, ELEM, a, 0,
                                            b, 0, flags, 0, NULL, NULL,
                                            NULL),
                     CLSLICE_OK);
    tu_cl_read(dev->queue, b, sizeof value, got);
    assert_int_equal(clslice_host_gather(plan, ELEM, src, sizeof src, want,
                                         sizeof value, NULL),
                     CLSLICE_OK);
    assert_memory_equal(got, want, sizeof value);

    upload(dev, b, src, sizeof src);
    assert_int_equal(clslice_enqueue_scatter(rt, dev->queue, plan, ELEM, v,
                                             0, FINAL, 2, CLSLICE_VALUE_EXACT,
                                             b, 0, flags, 0, NULL, NULL,
                                             NULL),
                     CLSLICE_OK);
    tu_cl_read(dev->queue, b, TENSOR, got);
    memcpy(want, src, sizeof src);
    assert_int_equal(clslice_host_scatter(plan, ELEM, value, FINAL, 2,
                                          sizeof value, CLSLICE_VALUE_EXACT,
                                          want, sizeof want, NULL),
                     CLSLICE_OK);
    assert_memory_equal(got, want, TENSOR);

    upload(dev, b, src, sizeof src);
    assert_int_equal(clslice_enqueue_fill(rt, dev->queue, plan, ELEM,
                                          element, b, 0, flags, 0, NULL,
                                          NULL, NULL),
                     CLSLICE_OK);
    tu_cl_read(dev->queue, b, TENSOR, got);
    memcpy(want, src, sizeof src);
    assert_int_equal(clslice_host_scatter(plan, ELEM, element, NULL, 0,
                                          ELEM, CLSLICE_VALUE_BROADCAST,
                                          want, sizeof want, NULL),
                     CLSLICE_OK);
    assert_memory_equal(got, want, TENSOR);

    upload(dev, b, src, sizeof src);
    assert_int_equal(clslice_enqueue_grad(rt, dev->queue, plan, ELEM, v, 0,
                                          FINAL, 2, b, 0, flags, 0, NULL,
                                          NULL, NULL),
                     CLSLICE_OK);
    tu_cl_read(dev->queue, b, TENSOR, got);
    assert_int_equal(clslice_host_grad(plan, ELEM, value, FINAL, 2,
                                       sizeof value, want, sizeof want,
                                       NULL),
                     CLSLICE_OK);
    assert_memory_equal(got, want, TENSOR);

    clReleaseMemObject(a);
    clReleaseMemObject(v);
    clReleaseMemObject(b);
    clslice_plan_release(&plan);
}

/* A CSR slice on the device ([::2, 1:] of a 3 x 4 matrix with `type`
 * indices), compared with the host slice. */
static void run_csr(tu_dev *dev, clslice_runtime *rt, clslice_index_type type)
{
    static const int64_t indptr[] = {0, 2, 3, 5};
    static const int64_t indices[] = {1, 3, 0, 2, 1};
    tc_csr in, got, want;
    tc_csr_alloc(&in, 3, 4, 5, type, 2);
    for (int k = 0; k < 4; k++)
        tc_put(in.indptr, type, k, indptr[k]);
    for (int k = 0; k < 5; k++)
        tc_put(in.indices, type, k, indices[k]);
    for (int b = 0; b < 10; b++)
        in.data[b] = (unsigned char)(b + 10);
    const int64_t shape[] = {3, 4};
    clslice_plan *plan = plan_of(shape, "[::2, 1:]");
    clslice_runtime *own = dev->runtime;
    dev->runtime = rt; /* tc_dev_slice runs on dev->runtime */
    clslice_status st = tc_dev_slice(dev, plan, &in, &got, NULL, NULL);
    dev->runtime = own;
    assert_int_equal(st, CLSLICE_OK);
    assert_int_equal(tc_host_slice(plan, &in, &want, NULL), CLSLICE_OK);
    assert_true(want.nnz > 0);
    tc_assert_same(&got, &want, "device vs host", "[::2, 1:]");
    tc_csr_free(&got);
    tc_csr_free(&want);
    tc_csr_free(&in);
    clslice_plan_release(&plan);
}

static void run_all(tu_dev *dev, clslice_runtime *rt)
{
    run_dense(dev, rt, 0);
    run_csr(dev, rt, CLSLICE_INT32);
}

/* The number of programs the selector lists for the device. */
static size_t programs_used(const tu_dev *dev, clslice_runtime *rt)
{
    cs_device_info facts;
    cs_tuning tuning;
    assert_int_equal(cs_runtime_device(rt, dev->cl.device, &facts, &tuning,
                                       NULL),
                     CLSLICE_OK);
    unsigned used = cs_programs_used(&facts, &tuning);
    size_t n = 0;
    for (; used; used &= used - 1)
        n++;
    return n;
}

/* ---- fixture ------------------------------------------------------------ */

static int setup(void **state)
{
    tu_dev *dev = calloc(1, sizeof *dev);
    assert_non_null(dev);
    *state = dev;
    unsetenv("CLSLICE_CACHE_DIR"); /* each test names its own folder */
    unsetenv("CLSLICE_UNITS");     /* the default: units (the suite's
                                    * environment turns them off) */
    tu_dev_open(dev);
    return 0;
}

static int teardown(void **state)
{
    tu_dev *dev = *state;
    tu_dev_close(dev);
    free(dev);
    return 0;
}

/* ---- prepare ------------------------------------------------------------ */

/* Prepare builds the selector's programs, once; the calls then build
 * nothing, and without prepare the same calls build exactly as many. */
static void test_prepare_builds_what_calls_use(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    clslice_runtime *rt = runtime_new(dev, NULL);
    size_t used = programs_used(dev, rt);
    assert_int_equal(used, 3); /* one gather family, scatter, CSR */
    assert_int_equal(cs_runtime_program_count(rt), 0);
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    assert_int_equal(cs_runtime_program_count(rt), used);
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    assert_int_equal(cs_runtime_program_count(rt), used);
    run_all(dev, rt);
    assert_int_equal(cs_runtime_program_count(rt), used);
    clslice_runtime_release(&rt);

    /* The same calls, unprepared: a unit for each kernel they take
     * (runtime/units.c), no whole family (each family's calls here take
     * fewer kernels than CS_UNITS_BEFORE_FAMILY). */
    rt = runtime_new(dev, NULL);
    run_all(dev, rt);
    size_t units = cs_runtime_unit_count(rt);
    assert_true(units >= used);
    assert_int_equal(cs_runtime_program_count(rt), units);
    assert_true(cs_runtime_programs_unique(rt));
    run_all(dev, rt);
    assert_int_equal(cs_runtime_program_count(rt), units);
    clslice_runtime_release(&rt);
}

/* The other kernel family (the grid on a CPU device, the rows elsewhere)
 * when the tuning asks for it: prepare follows the selector. */
static void test_prepare_follows_the_family(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    for (int style = CS_STYLE_ROWS; style <= CS_STYLE_GRID; style++) {
        clslice_runtime *rt = runtime_new(dev, NULL);
        cs_tuning tuning;
        cs_runtime_tuning(rt, &tuning);
        tuning.style = (cs_style)style;
        cs_runtime_set_tuning(rt, &tuning);
        size_t used = programs_used(dev, rt);
        assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0,
                                                 NULL),
                         CLSLICE_OK);
        assert_int_equal(cs_runtime_program_count(rt), used);
        run_all(dev, rt);
        assert_int_equal(cs_runtime_program_count(rt), used);
        clslice_runtime_release(&rt);
    }
}

/* x[:, 1:3] of a 1 x 4 x 2 x 2 float tensor in a 2 x 2 NC4HW4 image
 * (texel (w, h) holds channels 0-3 of pixel (h, w); value 100 c + 10 h +
 * w) into a buffer, checked. */
static void image_gather(const tu_dev *dev, clslice_runtime *rt)
{
    float texels[2][2][4];
    for (int h = 0; h < 2; h++)
        for (int w = 0; w < 2; w++)
            for (int c = 0; c < 4; c++)
                texels[h][w][c] = (float)(100 * c + 10 * h + w);
    const cl_image_format format = {CL_RGBA, CL_FLOAT};
    const cl_image_desc shape = {.image_type = CL_MEM_OBJECT_IMAGE2D,
                                 .image_width = 2, .image_height = 2};
    cl_int rc;
    cl_mem image = clCreateImage(dev->cl.context,
                                 CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                 &format, &shape, texels, &rc);
    TU_CL_CHECK(rc);
    cl_mem out = tu_cl_buffer(&dev->cl, 8 * sizeof(float));
    const int64_t nchw[] = {1, 4, 2, 2};
    clslice_plan *plan = tu_expr_plan(nchw, 4, "[:, 1:3]");
    clslice_cl_image src = {.image = image,
                            .packing = CLSLICE_PACKING_NC4HW4};
    clslice_cl_gather_desc desc = CLSLICE_CL_GATHER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = sizeof(float);
    desc.src_image = &src;
    desc.dst.buffer = out;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = dev->queue;
    clslice_error err;
    if (clslice_cl_gather(rt, &call, &desc, &err) != CLSLICE_OK)
        fail_msg("image gather: %s", err.message);
    float got[2][2][2];
    tu_cl_read(dev->queue, out, sizeof got, got);
    for (int c = 0; c < 2; c++)
        for (int h = 0; h < 2; h++)
            for (int w = 0; w < 2; w++)
                assert_true(got[c][h][w] ==
                            (float)(100 * (c + 1) + 10 * h + w));
    clslice_plan_release(&plan);
    clReleaseMemObject(out);
    clReleaseMemObject(image);
}

/* CLSLICE_PREPARE_INDEX64 adds the 64-bit programs, which forced 64-bit
 * calls and int64 CSR indices then use; CLSLICE_PREPARE_IMAGE beside it
 * (on a device with images) adds the image program, one form whatever
 * the index flag, which an image call then uses. */
static void test_prepare_index64(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    clslice_runtime *rt = runtime_new(dev, NULL);
    size_t used = programs_used(dev, rt);
    size_t image = tu_device_images(dev);
    clslice_error err;
    if (clslice_runtime_prepare(rt, dev->cl.device,
                                CLSLICE_PREPARE_INDEX64 |
                                    (image ? CLSLICE_PREPARE_IMAGE : 0),
                                &err) != CLSLICE_OK)
        fail_msg("prepare: %s", err.message);
    assert_int_equal(cs_runtime_program_count(rt), 2 * used + image);
    run_dense(dev, rt, CLSLICE_FORCE_INDEX64);
    run_csr(dev, rt, CLSLICE_INT64);
    run_all(dev, rt);
    if (image)
        image_gather(dev, rt);
    else
        print_message("the device has no images: no image program\n");
    assert_int_equal(cs_runtime_program_count(rt), 2 * used + image);
    clslice_runtime_release(&rt);

    rt = runtime_new(dev, NULL); /* without the flag: no 64-bit program */
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    run_csr(dev, rt, CLSLICE_INT64);
    /* the 64-bit CSR kernels come from units: the count passes, the fill */
    assert_int_equal(cs_runtime_unit_count(rt), 2);
    assert_int_equal(cs_runtime_program_count(rt), used + 2);
    clslice_runtime_release(&rt);
}

/* A device without images refuses CLSLICE_PREPARE_IMAGE, naming it,
 * with nothing built (test_prepare_index64 builds the image program
 * where there are images). */
static void test_prepare_image_refused(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    if (tu_device_images(dev)) {
        print_message("the device has images: nothing to refuse, "
                      "skipped\n");
        skip();
    }
    clslice_runtime *rt = runtime_new(dev, NULL);
    clslice_error err;
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device,
                                             CLSLICE_PREPARE_IMAGE, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "CLSLICE_PREPARE_IMAGE",
                    "CL_DEVICE_IMAGE_SUPPORT is CL_FALSE", NULL);
    assert_int_equal(cs_runtime_program_count(rt), 0);
    clslice_runtime_release(&rt);
}

static void test_prepare_errors(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    clslice_error err;
    assert_int_equal(clslice_runtime_prepare(NULL, dev->cl.device, 0, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "runtime", NULL);
    assert_int_equal(clslice_runtime_prepare(dev->runtime, NULL, 0, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "device", NULL);
    assert_int_equal(clslice_runtime_prepare(dev->runtime, dev->cl.device,
                                             0x64, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "flags 0x64",
                    "unknown bits 0x60", NULL);
    int not_a_device;
    assert_int_equal(clslice_runtime_prepare(dev->runtime,
                                             (cl_device_id)&not_a_device, 0,
                                             &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "device",
                    "runtime's context", NULL);
    assert_int_equal(cs_runtime_program_count(dev->runtime), 0);

    folder d;
    folder_make(&d, "prepare-errors");
    char file[600];
    snprintf(file, sizeof file, "%s/plain", d.path);
    write_file(file, "x", 1);
    assert_int_equal(clslice_runtime_set_cache_dir(NULL, d.path, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "runtime", NULL);
    assert_int_equal(clslice_runtime_set_cache_dir(dev->runtime, "", &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dir", "empty", NULL);
    assert_int_equal(clslice_runtime_set_cache_dir(dev->runtime, file, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dir", file, NULL);
    assert_int_equal(clslice_runtime_set_cache_dir(dev->runtime, d.path,
                                                   &err),
                     CLSLICE_OK);
    assert_int_equal(clslice_runtime_set_cache_dir(dev->runtime, NULL, &err),
                     CLSLICE_OK);
    assert_int_equal(clslice_runtime_cache_refusals(NULL, &err), 0);
    assert_int_equal(err.status, CLSLICE_OK);
    folder_remove(&d);
}

/* ---- the binary cache --------------------------------------------------- */

/* A cold folder gets a file per program; a fresh runtime on the warm
 * folder loads them all, and its results match the host. */
static void test_cache_round_trip(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    folder d;
    folder_make(&d, "prepare-cache");
    clslice_runtime *rt = runtime_new(dev, &d);
    size_t used = programs_used(dev, rt);
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    assert_int_equal(cs_runtime_cache_loads(rt), 0);
    assert_int_equal(folder_files(&d, NULL), (int)used);
    clslice_runtime_release(&rt);

    rt = runtime_new(dev, &d);
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    assert_int_equal(cs_runtime_cache_loads(rt), (long)used);
    assert_int_equal(cs_runtime_program_count(rt), used);
    run_all(dev, rt);
    assert_int_equal(cs_runtime_program_count(rt), used);
    clslice_runtime_release(&rt);

    /* Off again: nothing is loaded. */
    rt = runtime_new(dev, &d);
    assert_int_equal(clslice_runtime_set_cache_dir(rt, NULL, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    assert_int_equal(cs_runtime_cache_loads(rt), 0);
    clslice_runtime_release(&rt);

    /* CLSLICE_CACHE_DIR names the folder of new runtimes. */
    setenv("CLSLICE_CACHE_DIR", d.path, 1);
    rt = runtime_new(dev, NULL);
    unsetenv("CLSLICE_CACHE_DIR");
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    assert_int_equal(cs_runtime_cache_loads(rt), (long)used);
    run_all(dev, rt);
    clslice_runtime_release(&rt);
    folder_remove(&d);
}

/* Damaged files are rebuilt from source, give right results, and are
 * rewritten so that the next runtime loads them again. */
static void test_cache_damage(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    uint64_t seed = tu_seed(0x5eed9a7e);
    tu_rng rng = {seed};
    folder d;
    folder_make(&d, "prepare-damage");
    clslice_runtime *rt = runtime_new(dev, &d);
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    clslice_runtime_release(&rt);
    char names[16][800];
    int files = folder_files(&d, names);
    assert_int_equal(files, 3);

    /* 1: cut in half.  2: random bytes.  3: a well-formed file (magic,
     * key, size and hash all right) around random bytes, which only the
     * driver can refuse. */
    long size = file_size(names[0]);
    assert_int_equal(truncate(names[0], size / 2), 0);
    unsigned char noise[4096];
    for (size_t i = 0; i < sizeof noise; i++)
        noise[i] = (unsigned char)tu_next(&rng);
    write_file(names[1], noise, sizeof noise);
    FILE *f = fopen(names[2], "rb");
    assert_non_null(f);
    unsigned char head[32];
    assert_int_equal(fread(head, 1, sizeof head, f), sizeof head);
    fclose(f);
    uint64_t words[2] = {sizeof noise,
                         cs_fnv1a64(0xcbf29ce484222325ull, noise,
                                    sizeof noise)};
    memcpy(head + 16, words, sizeof words);
    unsigned char forged[sizeof head + sizeof noise];
    memcpy(forged, head, sizeof head);
    memcpy(forged + sizeof head, noise, sizeof noise);
    write_file(names[2], forged, sizeof forged);

    rt = runtime_new(dev, &d);
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    if (cs_runtime_cache_loads(rt) != 0)
        fail_msg("a damaged file was loaded (seed %" PRIu64 ")", seed);
    assert_int_equal(clslice_runtime_cache_refusals(rt, NULL), 3);
    run_all(dev, rt);
    clslice_runtime_release(&rt);

    rt = runtime_new(dev, &d); /* rewritten by the source builds */
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    assert_int_equal(cs_runtime_cache_loads(rt), 3);
    assert_int_equal(clslice_runtime_cache_refusals(rt, NULL), 0);
    run_all(dev, rt);
    clslice_runtime_release(&rt);
    assert_int_equal(folder_files(&d, NULL), 3);
    folder_remove(&d);
}

/* Threads preparing one runtime at once, with the cache on: one program
 * per family in the runtime, one file per program, and a fresh runtime
 * loads every file. */
enum { THREADS = 4 };

typedef struct racer {
    clslice_runtime *rt;
    cl_device_id device;
    clslice_status status;
} racer;

static void *race(void *arg)
{
    racer *r = arg;
    r->status = clslice_runtime_prepare(r->rt, r->device, 0, NULL);
    return NULL;
}

static void test_prepare_threads(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    folder d;
    folder_make(&d, "prepare-threads");
    clslice_runtime *rt = runtime_new(dev, &d);
    size_t used = programs_used(dev, rt);
    racer r[THREADS];
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++) {
        r[i] = (racer){rt, dev->cl.device, CLSLICE_ERROR_UNKNOWN};
        assert_int_equal(pthread_create(&threads[i], NULL, race, &r[i]), 0);
    }
    for (int i = 0; i < THREADS; i++) {
        assert_int_equal(pthread_join(threads[i], NULL), 0);
        assert_int_equal(r[i].status, CLSLICE_OK);
    }
    assert_int_equal(cs_runtime_program_count(rt), used);
    run_all(dev, rt);
    assert_int_equal(cs_runtime_program_count(rt), used);
    clslice_runtime_release(&rt);
    assert_int_equal(folder_files(&d, NULL), (int)used);

    rt = runtime_new(dev, &d);
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    assert_int_equal(cs_runtime_cache_loads(rt), (long)used);
    clslice_runtime_release(&rt);
    folder_remove(&d);
}

/* A folder that is gone by the time programs are built: the calls work,
 * nothing is written and the refusal names the folder (ASan checks that
 * nothing leaks either). */
static void test_cache_unwritable(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    folder d;
    folder_make(&d, "prepare-gone");
    clslice_runtime *rt = runtime_new(dev, &d);
    folder_remove(&d);
    assert_int_equal(clslice_runtime_prepare(rt, dev->cl.device, 0, NULL),
                     CLSLICE_OK);
    run_all(dev, rt);
    assert_int_equal(cs_runtime_cache_loads(rt), 0);
    assert_int_equal(folder_files(&d, NULL), 0);
    clslice_error first;
    assert_true(clslice_runtime_cache_refusals(rt, &first) >= 1);
    tu_assert_error(&first, CLSLICE_ERROR_ARGUMENT, "cache folder \"", d.path,
                    "built from source instead", NULL);
    clslice_runtime_release(&rt);
}

/* ---- what the cache trusts ---------------------------------------------- */

/* The hostile files below stand in for the file of the CSR program with
 * 32-bit indices (the smallest program a call needs).  One warm folder of
 * it and one of its 64-bit form are made once for all of them; each case
 * puts something at the 32-bit file's name, and the rebuild that follows
 * makes the file genuine again for the next case. */
typedef struct warm {
    folder narrow, wide; /* the CSR program, 32-bit and 64-bit */
    char file[800];      /* narrow's file */
    char wide_file[800];
    uint64_t key; /* narrow's key, from its header */
} warm;

static warm *shared_warm;

static void warm_folder(const tu_dev *dev, folder *d, const char *name,
                        int bits, char *file)
{
    char names[16][800];
    cs_program_info info;
    folder_make(d, name);
    clslice_runtime *rt = runtime_new(dev, d);
    assert_int_equal(cs_runtime_program(rt, dev->cl.device, CS_PROGRAM_CSR,
                                        bits, &info, NULL),
                     CLSLICE_OK);
    clslice_runtime_release(&rt);
    assert_int_equal(folder_files(d, names), 1);
    snprintf(file, 800, "%s", names[0]);
}

static unsigned char *read_whole(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n > 0);
    rewind(f);
    unsigned char *bytes = malloc((size_t)n);
    assert_non_null(bytes);
    assert_int_equal(fread(bytes, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *size = (size_t)n;
    return bytes;
}

static const warm *warm_files(const tu_dev *dev)
{
    if (shared_warm)
        return shared_warm;
    warm *w = calloc(1, sizeof *w);
    assert_non_null(w);
    warm_folder(dev, &w->narrow, "cache-narrow", 32, w->file);
    warm_folder(dev, &w->wide, "cache-wide", 64, w->wide_file);
    size_t size;
    unsigned char *bytes = read_whole(w->file, &size);
    memcpy(&w->key, bytes + 8, sizeof w->key);
    free(bytes);
    shared_warm = w;
    return w;
}

/* A well-formed cache file for `key` around `payload`: magic, key,
 * length and hash all right, so only what the payload is can give it
 * away. */
static void forge(const char *path, uint64_t key, const void *payload,
                  size_t size)
{
    uint64_t words[3] = {key, size,
                         cs_fnv1a64(0xcbf29ce484222325ull, payload, size)};
    unsigned char *file = malloc(32 + size);
    assert_non_null(file);
    memcpy(file, "CSLBIN01", 8);
    memcpy(file + 8, words, sizeof words);
    memcpy(file + 32, payload, size);
    unlink(path);
    write_file(path, file, 32 + size);
    free(file);
}

/* Calls without prepare fill the folder with units, one file each,
 * written once the unit's first launch ran; a fresh runtime loads every
 * one and builds nothing.  A unit's file under another unit's name (the
 * same family and width, a well-formed header) is refused: the content
 * check knows which kernels each unit holds. */
static void test_cache_units(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    folder d;
    folder_make(&d, "prepare-units");
    clslice_runtime *rt = runtime_new(dev, &d);
    run_all(dev, rt);
    long units = (long)cs_runtime_unit_count(rt);
    assert_true(units >= 3);
    assert_int_equal(cs_runtime_program_count(rt), (size_t)units);
    clslice_runtime_release(&rt); /* writes what the next call would */
    char names[16][800];
    assert_int_equal(folder_files(&d, names), (int)units);

    rt = runtime_new(dev, &d);
    run_all(dev, rt);
    assert_int_equal(cs_runtime_cache_loads(rt), units);
    assert_int_equal(cs_runtime_program_count(rt), (size_t)units);
    assert_int_equal(clslice_runtime_cache_refusals(rt, NULL), 0);
    clslice_runtime_release(&rt);

    /* every file under every other's name: the one refused counts once
     * per swap; the results stay right (run_all checks them) */
    size_t size;
    unsigned char *first = read_whole(names[0], &size);
    uint64_t key;
    size_t second_size;
    unsigned char *second = read_whole(names[1], &second_size);
    memcpy(&key, second + 8, sizeof key);
    free(second);
    forge(names[1], key, first + 32, size - 32);
    free(first);
    rt = runtime_new(dev, &d);
    run_all(dev, rt);
    assert_int_equal(cs_runtime_cache_loads(rt), units - 1);
    clslice_error why;
    assert_int_equal(clslice_runtime_cache_refusals(rt, &why), 1);
    tu_assert_error(&why, CLSLICE_ERROR_ARGUMENT, names[1],
                    "holds another program", "built from source instead",
                    NULL);
    clslice_runtime_release(&rt);
    folder_remove(&d);
}

/* A fresh runtime on the warm folder makes a CSR slice, right, without
 * loading the file at `w->file`: it counts one refusal whose message names
 * the file and holds `reason`.  Then the file (rewritten from source)
 * is a trusted regular file that the next runtime loads, unless
 * `stays` (an entry the build cannot replace). */
static void expect_refused(tu_dev *dev, const warm *w, const char *reason,
                           bool stays)
{
    clslice_runtime *rt = runtime_new(dev, &w->narrow);
    cs_program_info info; /* the family, as prepare builds it: the slice
                           * below then takes its kernels from it */
    assert_int_equal(
        cs_runtime_program(rt, dev->cl.device, CS_PROGRAM_CSR, 32, &info, NULL),
        CLSLICE_OK);
    run_csr(dev, rt, CLSLICE_INT32);
    assert_int_equal(cs_runtime_cache_loads(rt), 0);
    clslice_error first;
    assert_int_equal(clslice_runtime_cache_refusals(rt, &first), 1);
    tu_assert_error(&first, CLSLICE_ERROR_ARGUMENT, w->file, reason,
                    "built from source instead", NULL);
    clslice_runtime_release(&rt);
    if (stays)
        return;
    struct stat st;
    assert_int_equal(lstat(w->file, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    assert_int_equal(st.st_uid, geteuid());
    assert_int_equal(st.st_mode & 022, 0);
    rt = runtime_new(dev, &w->narrow);
    assert_int_equal(
        cs_runtime_program(rt, dev->cl.device, CS_PROGRAM_CSR, 32, &info, NULL),
        CLSLICE_OK);
    assert_int_equal(cs_runtime_cache_loads(rt), 1);
    assert_int_equal(clslice_runtime_cache_refusals(rt, NULL), 0);
    clslice_runtime_release(&rt);
}

/* The 64-bit index form of the same program under the 32-bit key, its
 * header forged to match: the same kernels and argument counts, and only
 * the key in the kernels' names tells them apart.  Loaded, the kernels would
 * read 32-bit tables as 64-bit ones. */
static void test_cache_wrong_width(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    const warm *w = warm_files(dev);
    size_t size;
    unsigned char *wide = read_whole(w->wide_file, &size);
    forge(w->file, w->key, wide + 32, size - 32);
    free(wide);
    expect_refused(dev, w, "holds another program", false);
}

/* The binary of a program that `source` defines, built on the device. */
static unsigned char *binary_of(const tu_dev *dev, const char *source,
                                size_t *size)
{
    cl_int rc;
    cl_program p = clCreateProgramWithSource(dev->cl.context, 1, &source, NULL,
                                             &rc);
    TU_CL_CHECK(rc);
    TU_CL_CHECK(clBuildProgram(p, 1, &dev->cl.device, "", NULL, NULL));
    TU_CL_CHECK(
        clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof *size, size, NULL));
    unsigned char *binary = malloc(*size);
    assert_non_null(binary);
    TU_CL_CHECK(
        clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof binary, &binary, NULL));
    clReleaseProgram(p);
    return binary;
}

/* Another program's binary under the cache name, with a right header:
 * before, every later call failed with CL_INVALID_KERNEL_NAME, in every
 * process, since the file was never rewritten. */
static void test_cache_foreign(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    const warm *w = warm_files(dev);
    size_t size;
    unsigned char *binary = binary_of(
        dev, "kernel void other(global int *a) { a[0] = 1; }", &size);
    forge(w->file, w->key, binary, size);
    free(binary);
    expect_refused(dev, w, "holds another program", false);
}

/* A program that mimics the CSR family built for `key`: its kernel names
 * with the key's suffix, each with variants.def's argument count (kernel
 * `odd`, when named, with one more). */
static char *mimic_source(uint64_t key, const char *odd)
{
    char suffix[CS_KERNEL_SUFFIX];
    cs_key_suffix(key, suffix);
    size_t size = 8192, used = 0;
    char *text = malloc(size);
    assert_non_null(text);
    for (int v = 0; v < CS_VARIANT_COUNT; v++) {
        if (cs_variant_program((cs_variant)v) != CS_PROGRAM_CSR)
            continue;
        for (size_t c = 1; c <= 16; c *= 2) {
            const char *name = cs_kernel_name((cs_variant)v, c);
            if (!name || (c > 1 && !cs_variant_carriers((cs_variant)v)))
                continue;
            cl_uint args = cs_variant_args((cs_variant)v) +
                           (odd && strcmp(name, odd) == 0);
            used += (size_t)snprintf(text + used, size - used,
                                     "kernel void %s%s(", name, suffix);
            for (cl_uint a = 0; a < args; a++)
                used += (size_t)snprintf(text + used, size - used,
                                         "%sglobal int *a%u", a ? ", " : "",
                                         (unsigned)a);
            used += (size_t)snprintf(text + used, size - used, ") {}\n");
        }
    }
    return text;
}

/* Mimics of the right program, forged by someone who knows the format:
 * one kernel with an argument too many is refused.  The exact mimic is
 * loaded: the content check catches mistakes and stray files, not a
 * forger, which is why the trust rule keeps others out of the folder. */
static void test_cache_mimic(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    const warm *w = warm_files(dev);
    size_t size;
    char *source = mimic_source(w->key, "cs_csr_fill_c4");
    unsigned char *binary = binary_of(dev, source, &size);
    free(source);
    forge(w->file, w->key, binary, size);
    free(binary);
    expect_refused(dev, w, "cs_csr_fill_c4 takes 8 arguments", false);

    source = mimic_source(w->key, NULL);
    binary = binary_of(dev, source, &size);
    free(source);
    forge(w->file, w->key, binary, size);
    free(binary);
    clslice_runtime *rt = runtime_new(dev, &w->narrow);
    cs_program_info info;
    assert_int_equal(
        cs_runtime_program(rt, dev->cl.device, CS_PROGRAM_CSR, 32, &info, NULL),
        CLSLICE_OK);
    assert_int_equal(cs_runtime_cache_loads(rt), 1); /* never launched */
    clslice_runtime_release(&rt);
    unlink(w->file); /* the next case starts from a genuine file */
    rt = runtime_new(dev, &w->narrow);
    assert_int_equal(
        cs_runtime_program(rt, dev->cl.device, CS_PROGRAM_CSR, 32, &info, NULL),
        CLSLICE_OK);
    clslice_runtime_release(&rt);
}

/* A FIFO at the file's name: opening it for reading used to block until
 * a writer came, so the first call hung.  The alarm turns a hang into a
 * failure. */
static void test_cache_fifo(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    const warm *w = warm_files(dev);
    assert_int_equal(unlink(w->file), 0);
    assert_int_equal(mkfifo(w->file, 0600), 0);
    alarm(120);
    expect_refused(dev, w, "is a FIFO", false);
    alarm(0);
}

/* A symbolic link at the file's name, to a genuine copy elsewhere: never
 * followed, neither to read (it would load) nor to write (the copy keeps
 * its bytes); the build replaces the link with a file. */
static void test_cache_symlink(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    const warm *w = warm_files(dev);
    char elsewhere[900];
    snprintf(elsewhere, sizeof elsewhere, "%s/elsewhere.bin", w->wide.path);
    assert_int_equal(rename(w->file, elsewhere), 0);
    assert_int_equal(symlink(elsewhere, w->file), 0);
    size_t before_size, after_size;
    unsigned char *before = read_whole(elsewhere, &before_size);
    expect_refused(dev, w, "is a symbolic link", false);
    unsigned char *after = read_whole(elsewhere, &after_size);
    assert_int_equal(after_size, before_size);
    assert_memory_equal(after, before, before_size);
    free(before);
    free(after);
    unlink(elsewhere);
}

/* A file others can write, and (as root) one another user owns. */
static void test_cache_untrusted_file(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    const warm *w = warm_files(dev);
    assert_int_equal(chmod(w->file, 0664), 0);
    expect_refused(dev, w, "is writable by its group (mode 0664)", false);
    assert_int_equal(chmod(w->file, 0646), 0);
    expect_refused(dev, w, "is writable by others (mode 0646)", false);
    if (geteuid() != 0) {
        print_message("skipped the file of another owner: chown needs "
                      "root\n");
        return;
    }
    assert_int_equal(chown(w->file, 4242, 4242), 0);
    expect_refused(dev, w, "is owned by uid 4242", false);
}

/* A folder at the file's name: refused unopened, and it stays (a file
 * cannot be renamed over it); the calls work all the same. */
static void test_cache_folder_as_file(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    const warm *w = warm_files(dev);
    assert_int_equal(unlink(w->file), 0);
    assert_int_equal(mkdir(w->file, 0700), 0);
    expect_refused(dev, w, "is a folder", true);
    assert_int_equal(rmdir(w->file), 0);
    clslice_runtime *rt = runtime_new(dev, &w->narrow);
    run_csr(dev, rt, CLSLICE_INT32); /* writes the file again */
    clslice_runtime_release(&rt);
}

/* Folders others can write, or (as root) another user owns, are refused
 * by name when set, refused as CLSLICE_CACHE_DIR with the cache off, and
 * refused at a build when they became so after being set; no file is
 * written into them and every call works.  A FIFO as the folder does not
 * block. */
static void test_cache_untrusted_folder(void **state)
{
    tu_dev *dev = *state;
    TU_SKIP_WITHOUT_DEVICE(dev);
    folder d;
    folder_make(&d, "cache-untrusted");
    clslice_error err;
    clslice_runtime *rt = runtime_new(dev, NULL);
    assert_int_equal(chmod(d.path, 0775), 0);
    assert_int_equal(clslice_runtime_set_cache_dir(rt, d.path, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "dir \"", d.path,
                    "writable by its group (mode 0775)", NULL);
    assert_int_equal(chmod(d.path, 0757), 0);
    assert_int_equal(clslice_runtime_set_cache_dir(rt, d.path, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "writable by others", NULL);
    if (geteuid() == 0) {
        assert_int_equal(chmod(d.path, 0755), 0);
        assert_int_equal(chown(d.path, 4242, 4242), 0);
        assert_int_equal(clslice_runtime_set_cache_dir(rt, d.path, &err),
                         CLSLICE_ERROR_ARGUMENT);
        tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "owned by uid 4242",
                        NULL);
        assert_int_equal(chown(d.path, 0, 0), 0);
    } else {
        print_message("skipped the folder of another owner: chown needs "
                      "root\n");
    }
    clslice_runtime_release(&rt);

    assert_int_equal(chmod(d.path, 0777), 0);
    setenv("CLSLICE_CACHE_DIR", d.path, 1);
    rt = runtime_new(dev, NULL);
    unsetenv("CLSLICE_CACHE_DIR");
    assert_int_equal(clslice_runtime_cache_refusals(rt, &err), 1);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "CLSLICE_CACHE_DIR \"",
                    "writable by others", NULL);
    run_csr(dev, rt, CLSLICE_INT32);
    assert_int_equal(clslice_runtime_cache_refusals(rt, NULL), 1);
    clslice_runtime_release(&rt);
    assert_int_equal(folder_files(&d, NULL), 0);

    assert_int_equal(chmod(d.path, 0755), 0);
    rt = runtime_new(dev, &d);
    assert_int_equal(chmod(d.path, 0775), 0); /* after it was set */
    run_csr(dev, rt, CLSLICE_INT32);
    /* once per program built: each unit the slice took */
    assert_int_equal(clslice_runtime_cache_refusals(rt, &err),
                     (long)cs_runtime_unit_count(rt));
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "cache folder \"",
                    "writable by its group", NULL);
    assert_int_equal(cs_runtime_cache_loads(rt), 0);
    assert_int_equal(folder_files(&d, NULL), 0);
    clslice_runtime_release(&rt);

    char fifo[600];
    snprintf(fifo, sizeof fifo, "%s/fifo", d.path);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    rt = runtime_new(dev, NULL);
    alarm(120);
    assert_int_equal(clslice_runtime_set_cache_dir(rt, fifo, &err),
                     CLSLICE_ERROR_ARGUMENT);
    alarm(0);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, fifo, "not a folder", NULL);
    clslice_runtime_release(&rt);
    folder_remove(&d);
}

/* The key: FNV-1a's published values, and a change of options or source
 * gives another key. */
static void test_cache_key(void **state)
{
    tu_dev *dev = *state;
    const uint64_t basis = 0xcbf29ce484222325ull;
    assert_true(cs_fnv1a64(basis, "", 0) == basis);
    assert_true(cs_fnv1a64(basis, "a", 1) == 0xaf63dc4c8601ec8cull);
    assert_true(cs_fnv1a64(basis, "foobar", 6) == 0x85944171f73967e8ull);
    TU_SKIP_WITHOUT_DEVICE(dev);
    const char *one[] = {"kernel void k(void) {}"};
    const char *other[] = {"kernel void k(void) { }"};
    const char *split[] = {"kernel void k(void) ", "{}"};
    uint64_t a, b, c, e, s;
    cl_device_id device = dev->cl.device;
    assert_true(cs_cache_key(device, 1, one, "-DX=1", &a));
    assert_true(cs_cache_key(device, 1, one, "-DX=1", &b));
    assert_true(a == b);
    assert_true(cs_cache_key(device, 1, one, "-DX=2", &c));
    assert_true(cs_cache_key(device, 1, other, "-DX=1", &e));
    assert_true(cs_cache_key(device, 2, split, "-DX=1", &s));
    assert_true(a != c && a != e && a != s && c != e);
}

/* The warm folders of the cases above, once every test has run. */
static int remove_warm(void **state)
{
    (void)state;
    if (shared_warm) {
        folder_remove(&shared_warm->narrow);
        folder_remove(&shared_warm->wide);
        free(shared_warm);
        shared_warm = NULL;
    }
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_prepare_builds_what_calls_use,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_prepare_follows_the_family, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_prepare_index64, setup, teardown),
        cmocka_unit_test_setup_teardown(test_prepare_image_refused, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_prepare_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_units, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_damage, setup, teardown),
        cmocka_unit_test_setup_teardown(test_prepare_threads, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_unwritable, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_key, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_wrong_width, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_cache_foreign, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_mimic, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_fifo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_symlink, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache_untrusted_file, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_cache_folder_as_file, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_cache_untrusted_folder, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, remove_warm);
}
