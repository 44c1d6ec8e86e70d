/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
#include "csrdev.h"

#include <stdlib.h>
#include <string.h>

/* One device array: a buffer of offset + bytes + slack, sentinel-filled,
 * with `bytes` of host data written at offset (when host is given). */
typedef struct dev_array {
    cl_mem buffer;
    size_t offset, bytes, size;
} dev_array;

enum { SLACK = 24 };

static void upload(tu_dev *dev, dev_array *a, size_t offset, size_t bytes,
                   const void *host)
{
    a->offset = offset;
    a->bytes = bytes;
    a->size = offset + bytes + SLACK;
    a->buffer = tu_cl_buffer(&dev->cl, a->size);
    unsigned char *fill = malloc(a->size);
    memset(fill, TC_SENTINEL, a->size);
    if (host && bytes)
        memcpy(fill + offset, host, bytes);
    TU_CL_CHECK(clEnqueueWriteBuffer(dev->queue, a->buffer, CL_TRUE, 0,
                                     a->size, fill, 0, NULL, NULL));
    free(fill);
}

/* Reads the array back: its bytes into host (when given), and checks
 * that everything else is still the sentinel (all of it when host is
 * NULL). */
static void download(tu_dev *dev, const dev_array *a, void *host,
                     const char *name)
{
    unsigned char *all = malloc(a->size);
    TU_CL_CHECK(clEnqueueReadBuffer(dev->queue, a->buffer, CL_TRUE, 0,
                                    a->size, all, 0, NULL, NULL));
    for (size_t b = 0; b < a->size; b++) {
        bool inside = host && b >= a->offset && b < a->offset + a->bytes;
        if (!inside && all[b] != TC_SENTINEL)
            fail_msg("%s: byte %zu outside the result changed (0x%02x)",
                     name, b, all[b]);
    }
    if (host && a->bytes)
        memcpy(host, all + a->offset, a->bytes);
    free(all);
}

/* The slice only reads its input. */
static void check_input(tu_dev *dev, const dev_array *a, const void *host,
                        const char *name)
{
    unsigned char *now = malloc(a->bytes + 1);
    download(dev, a, now, name);
    if (a->bytes && memcmp(now, host, a->bytes) != 0)
        fail_msg("%s was modified", name);
    free(now);
}

static size_t pick_offset(tu_rng *rng, size_t unit)
{
    return rng ? (size_t)tu_range(rng, 0, 4) * unit : 0;
}

static clslice_cl_csr describe(const tc_csr *m, const dev_array *a)
{
    clslice_cl_csr c = {m->rows, m->cols, m->type, m->elem_size, m->nnz,
                        a[0].buffer, a[0].offset, a[1].buffer, a[1].offset,
                        a[2].buffer, a[2].offset};
    return c;
}

static void release(dev_array *a, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i].buffer)
            clReleaseMemObject(a[i].buffer);
}

clslice_status tc_dev_slice(tu_dev *dev, const clslice_plan *plan,
                            const tc_csr *in, tc_csr *out, tu_rng *rng,
                            clslice_error *err)
{
    size_t is = in->type == CLSLICE_INT64 ? 8 : 4, es = in->elem_size;
    int64_t shape[2];
    clslice_plan_output_shape(plan, shape);
    dev_array a[6] = {{0}};
    upload(dev, &a[0], pick_offset(rng, is), ((size_t)in->rows + 1) * is,
           in->indptr);
    upload(dev, &a[1], pick_offset(rng, is), (size_t)in->nnz * is,
           in->indices);
    upload(dev, &a[2], pick_offset(rng, 1) * 3, (size_t)in->nnz * es,
           in->data);
    upload(dev, &a[3], pick_offset(rng, is), ((size_t)shape[0] + 1) * is,
           NULL);
    clslice_cl_csr din = describe(in, a);
    clslice_cl_csr dout = {shape[0], shape[1], in->type, es, 0,
                           a[3].buffer, a[3].offset, NULL, 0, NULL, 0};
    int64_t nnz = -1;
    clslice_status st = tu_csr_count(dev->runtime, dev->queue, plan, &din,
                                     &dout, 0, NULL, NULL, &nnz, err);
    if (st != CLSLICE_OK) {
        download(dev, &a[3], NULL, "out->indptr after a failed count");
        release(a, 4);
        return st;
    }
    tc_csr_alloc(out, shape[0], shape[1], nnz, in->type, es);
    upload(dev, &a[4], pick_offset(rng, is), (size_t)nnz * is, NULL);
    upload(dev, &a[5], pick_offset(rng, 1) * 5, (size_t)nnz * es, NULL);
    dout = describe(out, a + 3);
    cl_event done = NULL;
    st = tu_csr_fill(dev->runtime, dev->queue, plan, &din, &dout, 0, NULL,
                     &done, err);
    if (st == CLSLICE_OK) {
        TU_CL_CHECK(clWaitForEvents(1, &done));
        clReleaseEvent(done);
        download(dev, &a[3], out->indptr, "out->indptr");
        download(dev, &a[4], out->indices, "out->indices");
        download(dev, &a[5], out->data, "out->data");
    } else {
        tc_csr_free(out);
    }
    check_input(dev, &a[0], in->indptr, "in->indptr");
    check_input(dev, &a[1], in->indices, "in->indices");
    check_input(dev, &a[2], in->data, "in->data");
    release(a, 6);
    return st;
}
