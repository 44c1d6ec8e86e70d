/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * What the batch's and the concatenation's image sides share
 * (image_parts.h): the members an image entry leaves unused, that no
 * image is written and used again by one call, and the chain of
 * commands, every job armed before the first is enqueued.
 */
#include <stdlib.h>
#include <string.h>

#include "opencl/ops/image_parts.h"
#include "core/plan/common.h"

clslice_status cs_image_entry_check(const clslice_cl_image *image,
                                    const char *image_name, cl_mem buffer,
                                    size_t offset, const int64_t *strides,
                                    const char *name, clslice_error *err)
{
    const char *sep = strchr(image_name, '[') ? "." : "->";
    if (image->flags)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s%sflags = 0x%x: must be 0 (reserved)", image_name,
                       sep, image->flags);
    if (buffer || offset || strides)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "%s.buffer%s, %s.offset = %zu and %s.strides%s must "
                       "be NULL or 0 (and no SVM allocation given) when %s "
                       "holds that tensor", name, buffer ? " (set)" : "",
                       name, offset, name, strides ? " (set)" : "",
                       image_name);
    return CLSLICE_OK;
}

/* ---- one image used twice ----------------------------------------------- */

static int by_image(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const cs_image_use *)a)->image;
    uintptr_t y = (uintptr_t)((const cs_image_use *)b)->image;
    return (x > y) - (x < y);
}

clslice_status cs_image_distinct(cs_image_use *uses, size_t count,
                                 clslice_error *err)
{
    qsort(uses, count, sizeof *uses, by_image);
    for (size_t first = 0; first < count;) {
        size_t last = first + 1, written = first;
        bool output = uses[first].output;
        while (last < count && uses[last].image == uses[first].image) {
            if (uses[last].output && !output)
                written = last;
            output = output || uses[last].output;
            last++;
        }
        if (uses[first].image && output && last - first > 1) {
            size_t other = written == first ? first + 1 : first;
            const char *a = uses[written].name, *b = uses[other].name;
            return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                           "%s%simage and %s%simage are one image, which "
                           "the call writes: an image cannot be read or "
                           "written twice by one call", a,
                           strchr(a, '[') ? "." : "->", b,
                           strchr(b, '[') ? "." : "->");
        }
        first = last;
    }
    return CLSLICE_OK;
}

/* ---- the chain ---------------------------------------------------------- */

static void drop_all(cs_image_armed *jobs, size_t count)
{
    for (size_t i = 0; i < count; i++)
        cs_image_armed_drop(&jobs[i]);
}

static clslice_status chain_jobs(cs_chain *chain, cs_image_armed *jobs,
                                 size_t count, clslice_error *err)
{
    for (size_t i = 0; i < count; i++) {
        clslice_status st = cs_image_armed_chain(chain, &jobs[i], err);
        if (st != CLSLICE_OK) {
            drop_all(jobs + i + 1, count - i - 1);
            return st;
        }
    }
    return CLSLICE_OK;
}

static bool moves_something(const cs_batch_moves *batch)
{
    for (size_t i = 0; batch && i < batch->count; i++)
        if (batch->moves[i].elements > 0)
            return true;
    return false;
}

/* The batch's launches as one link: the call's head with the chain's
 * wait list and an event of its own. */
static clslice_status chain_batch(cs_chain *chain, cs_batch_moves *batch,
                                  clslice_error *err)
{
    cs_call link = *batch->call;
    cl_event done = NULL;
    link.num_events = cs_chain_wait(chain, &link.wait_list);
    link.event = &done;
    batch->call = &link;
    clslice_status st = cs_batch_launch(batch, err);
    if (st == CLSLICE_OK)
        cs_chain_link(chain, done);
    return st;
}

clslice_status cs_image_run_chain(const cs_image_run *run,
                                  clslice_error *err)
{
    const cs_call *call = run->call;
    cs_chain chain;
    cs_chain_start(&chain, call->queue, call->num_events, call->wait_list);
    clslice_status st = chain_jobs(&chain, run->before, run->before_count,
                                   err);
    if (st == CLSLICE_OK && moves_something(run->batch))
        st = chain_batch(&chain, run->batch, err);
    if (st == CLSLICE_OK)
        st = chain_jobs(&chain, run->after, run->after_count, err);
    else
        drop_all(run->after, run->after_count);
    if (st != CLSLICE_OK) {
        cs_chain_drop(&chain);
        return st;
    }
    return cs_chain_finish(&chain, call->event, err);
}
