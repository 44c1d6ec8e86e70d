/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Guarded regions of one destination buffer, for the differential device
 * tests that run every random job several ways in one batch: each run
 * writes its own region, laid out between guard bytes, of one buffer
 * filled with a sentinel, so that a write past a region or to a byte the
 * job does not address shows up when the whole buffer is compared with
 * the reference.  The test keeps its jobs; these helpers see them through
 * two callbacks.
 */
#ifndef CLSLICE_TEST_REGIONS_H
#define CLSLICE_TEST_REGIONS_H

#include <stddef.h>
#include <stdint.h>

#include "devutil.h"

/* The buffers of such a test: a source, and the destination the
 * regions lie in with its reference and what came back. */
typedef struct tu_region_buffers {
    cl_mem src, dst;
    unsigned char *src_host;     /* the source's bytes, for the reference */
    unsigned char *expect, *got; /* the destination's reference, read-back */
} tu_region_buffers;

/* Creates them on dev's context and allocates the host copies. */
void tu_region_buffers_open(tu_region_buffers *b, const tu_dev *dev,
                            size_t src_bytes, size_t dst_bytes);

/* Releases what tu_region_buffers_open made (all of it where dev had no
 * device and nothing was made: the host copies are NULL then). */
void tu_region_buffers_close(tu_region_buffers *b);

/* What the layout needs of one job. */
typedef struct tu_region_job {
    size_t need;   /* bytes the job's destination storage spans */
    size_t offset; /* byte of element 0 within that storage */
    size_t *start; /* [way]: where the job's region starts, filled in by
                    * tu_regions_lay_out */
} tu_region_job;

typedef struct tu_regions {
    size_t ways, jobs;
    size_t guard;    /* bytes left before and after every region */
    size_t capacity; /* bytes of the destination buffer */
    const void *ctx; /* handed to both callbacks */
    tu_region_job (*job)(const void *ctx, size_t job);
    /* One line about run `way` of job `job` for a failure message. */
    void (*describe)(const void *ctx, size_t job, size_t way, char *buf,
                     size_t size);
    const char *storage; /* what the message calls a job's storage */
    uint64_t seed;       /* printed with every failure */
} tu_regions;

/* Gives every run its region, way by way, and returns the bytes used;
 * fails the test where they pass the capacity. */
size_t tu_regions_lay_out(const tu_regions *r);

/* Fails the test, naming the run and the seed, unless the first `used`
 * bytes of got and expect agree. */
void tu_regions_check(const tu_regions *r, const unsigned char *got,
                      const unsigned char *expect, size_t used);

/* One run: writes the reference of run `way` of job `job` into the
 * destination's reference and enqueues it on the device. */
typedef void tu_region_run(void *ctx, size_t job, size_t way);

/* A whole batch: lays the regions out, fills the destination and its
 * reference with `sentinel`, does every run way by way, reads the
 * destination back on `queue` and checks it (tu_regions_check). */
void tu_regions_run_batch(const tu_regions *r, const tu_region_buffers *io,
                          cl_command_queue queue, unsigned char sentinel,
                          tu_region_run *run, void *ctx);

/* Fails the test for an enqueue of run `way` of job `job` that returned
 * an error, with the error's message, the run and the seed. */
void tu_regions_fail_enqueue(const tu_regions *r, size_t job, size_t way,
                             const char *message);

#endif
