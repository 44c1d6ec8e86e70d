/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* OpenCL set-up shared by the device tests. */
#ifndef CLSLICE_DEVUTIL_H
#define CLSLICE_DEVUTIL_H

#include <stdbool.h>

#include "clslice_cl.h"

typedef struct tu_cl {
    cl_device_id device;
    cl_context context;
} tu_cl;

/* Whether the environment requires a device: CLSLICE_REQUIRE_DEVICE=1
 * (scripts/test.sh, the GPU kit), so that a run with no device cannot pass
 * for a run of the device tests. */
bool tu_device_required(void);

/* Opens the default device: the first GPU of any platform, else the first
 * device of any type, and prints "device: NAME" the first time a program
 * opens one (the GPU kit's summary and oclgrind_run.sh read that line).
 * Returns false, after printing why, when the machine has no OpenCL
 * platform or device (the caller then skips); where a device is required
 * (tu_device_required) it ends the program with a failure instead. */
bool tu_cl_open(tu_cl *cl);
void tu_cl_close(tu_cl *cl);

/* A new queue on cl's device; fails the test if it cannot be created. */
cl_command_queue tu_cl_queue(const tu_cl *cl,
                             cl_command_queue_properties properties);

/* A buffer of `size` bytes; fails the test if it cannot be created. */
cl_mem tu_cl_buffer(const tu_cl *cl, size_t size);

/* What the enqueue tests run on: the default device, an in-order queue on
 * it and a runtime on its context. */
typedef struct tu_dev {
    tu_cl cl;
    cl_command_queue queue;
    clslice_runtime *runtime;
} tu_dev;

/* Opens dev (zeroing it first); false (after saying why, with nothing
 * open) when there is no OpenCL device, and the test then skips, or, where
 * a device is required, ends the program as tu_cl_open does.  Fails
 * the test if the queue or the runtime cannot be made. */
bool tu_dev_open(tu_dev *dev);
/* Prints "device: NAME" for the open device unless the program has
 * printed it already (tu_cl_open does): oclgrind_run.sh checks that a test
 * ran on Oclgrind by that line. */
void tu_dev_announce(const tu_dev *dev);
/* Releases whatever dev holds (nothing after a failed open) and zeroes it;
 * the caller releases its own buffers first. */
void tu_dev_close(tu_dev *dev);

/* Skips the running test when `dev` (a tu_dev *) has no device. */
#define TU_SKIP_WITHOUT_DEVICE(dev)                                       \
    do {                                                                  \
        if (!(dev)->cl.context)                                           \
            skip();                                                       \
    } while (0)

/* Fills the first `size` bytes of `buffer` with `byte` and waits. */
/* The context's reference count once it has settled at `expected`, or
 * its value after about a second of waiting.  PoCL drops the references
 * that finished commands hold to their buffers and kernels from its
 * worker threads, shortly after clFinish returns, so a count read at once
 * can still be one too high. */
cl_uint tu_cl_context_refs_settled(cl_context context, cl_uint expected);

/* The context's reference count once it has stopped changing (the same
 * value over 50 ms, at most about two seconds of waiting): a baseline
 * taken while PoCL still holds references for finished commands would be
 * too high. */
cl_uint tu_cl_context_refs_stable(cl_context context);

void tu_cl_fill(cl_command_queue queue, cl_mem buffer, unsigned char byte,
                size_t size);

/* Waits for what `queue` holds, then reads `size` bytes of `buffer`. */
void tu_cl_read(cl_command_queue queue, cl_mem buffer, size_t size,
                void *out);

/* Asserts every one of the first `size` bytes of `buffer` is still `byte`
 * (after what `queue` holds has run), naming the first that is not. */
void tu_cl_assert_filled(cl_command_queue queue, cl_mem buffer, size_t size,
                         unsigned char byte);

/* clslice_cl_csr_count and clslice_cl_csr_fill with the head (queue, no
 * flags, the wait list, the event) and the descriptor (plan, in, out)
 * made of these: what most CSR tests vary. */
clslice_status tu_csr_count(clslice_runtime *rt, cl_command_queue queue,
                            const clslice_plan *plan,
                            const clslice_cl_csr *in,
                            const clslice_cl_csr *out, cl_uint n,
                            const cl_event *wait_list, cl_event *event,
                            int64_t *nnz, clslice_error *err);
clslice_status tu_csr_fill(clslice_runtime *rt, cl_command_queue queue,
                           const clslice_plan *plan, const clslice_cl_csr *in,
                           const clslice_cl_csr *out, cl_uint n,
                           const cl_event *wait_list, cl_event *event,
                           clslice_error *err);

/* Asserts an OpenCL call succeeded, naming it on failure. */
#define TU_CL_CHECK(call)                                                 \
    do {                                                                  \
        cl_int tu_rc_ = (call);                                           \
        if (tu_rc_ != CL_SUCCESS)                                         \
            fail_msg("%s failed with %d", #call, (int)tu_rc_);            \
    } while (0)

#endif
