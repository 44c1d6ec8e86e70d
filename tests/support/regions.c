/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The guarded regions of regions.h: their layout and the checks that
 * name the run a stray or wrong byte belongs to.
 */
#include "regions.h"

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

void tu_region_buffers_open(tu_region_buffers *b, const tu_dev *dev,
                            size_t src_bytes, size_t dst_bytes)
{
    b->src = tu_cl_buffer(&dev->cl, src_bytes);
    b->dst = tu_cl_buffer(&dev->cl, dst_bytes);
    b->src_host = malloc(src_bytes);
    b->expect = malloc(dst_bytes);
    b->got = malloc(dst_bytes);
    assert_true(b->src_host && b->expect && b->got);
}

void tu_region_buffers_close(tu_region_buffers *b)
{
    if (b->src)
        clReleaseMemObject(b->src);
    if (b->dst)
        clReleaseMemObject(b->dst);
    free(b->src_host);
    free(b->expect);
    free(b->got);
}

size_t tu_regions_lay_out(const tu_regions *r)
{
    size_t at = 0;
    for (size_t w = 0; w < r->ways; w++)
        for (size_t i = 0; i < r->jobs; i++) {
            tu_region_job j = r->job(r->ctx, i);
            at += r->guard;
            j.start[w] = at;
            at += j.need + r->guard;
            assert_true(at <= r->capacity);
        }
    return at;
}

/* Fails naming the run whose region, guards included, holds byte i. */
static void fail_at(const tu_regions *r, const unsigned char *got,
                    const unsigned char *expect, size_t i)
{
    for (size_t w = 0; w < r->ways; w++)
        for (size_t n = 0; n < r->jobs; n++) {
            tu_region_job j = r->job(r->ctx, n);
            if (i + r->guard < j.start[w] ||
                i >= j.start[w] + j.need + r->guard)
                continue;
            char text[6000];
            r->describe(r->ctx, n, w, text, sizeof text);
            fail_msg("byte %zd of the region (element 0 at %zu, %s up to "
                     "%zu) is 0x%02x, the reference 0x%02x\n  job: %s\n  "
                     "seed 0x%016" PRIx64, (ptrdiff_t)(i - j.start[w]),
                     j.offset, r->storage, j.need, got[i], expect[i], text,
                     r->seed);
        }
    fail_msg("byte %zu outside every region was written", i);
}

void tu_regions_check(const tu_regions *r, const unsigned char *got,
                      const unsigned char *expect, size_t used)
{
    if (memcmp(got, expect, used) == 0)
        return;
    size_t i = 0;
    while (got[i] == expect[i])
        i++;
    fail_at(r, got, expect, i);
}

void tu_regions_run_batch(const tu_regions *r, const tu_region_buffers *io,
                          cl_command_queue queue, unsigned char sentinel,
                          tu_region_run *run, void *ctx)
{
    size_t used = tu_regions_lay_out(r);
    memset(io->expect, sentinel, used);
    tu_cl_fill(queue, io->dst, sentinel, used);
    for (size_t w = 0; w < r->ways; w++)
        for (size_t i = 0; i < r->jobs; i++)
            run(ctx, i, w);
    TU_CL_CHECK(clEnqueueReadBuffer(queue, io->dst, CL_TRUE, 0, used, io->got,
                                    0, NULL, NULL));
    tu_regions_check(r, io->got, io->expect, used);
}

void tu_regions_fail_enqueue(const tu_regions *r, size_t job, size_t way,
                             const char *message)
{
    char text[6000];
    r->describe(r->ctx, job, way, text, sizeof text);
    fail_msg("enqueue failed: %s\n  job: %s\n  seed 0x%016" PRIx64, message,
             text, r->seed);
}
