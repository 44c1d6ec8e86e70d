/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include "devutil.h"

#include <stdatomic.h>
#include <time.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

enum { MAX_PLATFORMS = 16, MAX_DEVICES = 64 };

/* First device of `type` over all platforms, or NULL. */
static cl_device_id first_device(cl_device_type type)
{
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint np = 0;
    if (clGetPlatformIDs(MAX_PLATFORMS, platforms, &np) != CL_SUCCESS)
        return NULL;
    for (cl_uint p = 0; p < np && p < MAX_PLATFORMS; p++) {
        cl_device_id device;
        cl_uint nd = 0;
        if (clGetDeviceIDs(platforms[p], type, 1, &device, &nd) ==
                CL_SUCCESS && nd > 0)
            return device;
    }
    return NULL;
}

bool tu_device_required(void)
{
    const char *value = getenv("CLSLICE_REQUIRE_DEVICE");
    return value && strcmp(value, "1") == 0;
}

/* Says why there is no device to test on; where one is required
 * (tu_device_required) that ends the program with a failure, else the
 * caller skips. */
static void no_device(const char *why)
{
    if (tu_device_required()) {
        fprintf(stderr, "FAIL: %s, and CLSLICE_REQUIRE_DEVICE=1 requires "
                        "an OpenCL device: the device tests cannot run\n",
                why);
        fflush(stdout);
        exit(EXIT_FAILURE);
    }
    print_message("%s: skipping the device tests (set "
                  "CLSLICE_REQUIRE_DEVICE=1 to fail instead)\n", why);
}

/* Prints "device: NAME" the first time a program opens a device (the
 * threads of test_device_threads may race here, hence the atomic flag). */
static void announce(cl_device_id device)
{
    static atomic_flag announced = ATOMIC_FLAG_INIT;
    if (atomic_flag_test_and_set(&announced))
        return;
    char name[256] = "";
    clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name - 1, name, NULL);
    print_message("device: %s\n", name);
}

bool tu_cl_open(tu_cl *cl)
{
    cl->context = NULL;
    cl->device = first_device(CL_DEVICE_TYPE_GPU);
    if (!cl->device)
        cl->device = first_device(CL_DEVICE_TYPE_ALL);
    if (!cl->device) {
        no_device("no OpenCL platform or device on this machine");
        return false;
    }
    cl_int rc;
    cl->context = clCreateContext(NULL, 1, &cl->device, NULL, NULL, &rc);
    if (rc != CL_SUCCESS) {
        char why[64];
        snprintf(why, sizeof why, "clCreateContext failed (%d)", (int)rc);
        no_device(why);
        return false;
    }
    announce(cl->device);
    return true;
}

void tu_cl_close(tu_cl *cl)
{
    if (cl->context)
        clReleaseContext(cl->context);
    cl->context = NULL;
}

cl_command_queue tu_cl_queue(const tu_cl *cl,
                             cl_command_queue_properties properties)
{
    cl_int rc;
    cl_command_queue queue =
        clCreateCommandQueue(cl->context, cl->device, properties, &rc);
    if (rc != CL_SUCCESS)
        fail_msg("clCreateCommandQueue failed with %d", (int)rc);
    return queue;
}

cl_mem tu_cl_buffer(const tu_cl *cl, size_t size)
{
    cl_int rc;
    cl_mem buffer =
        clCreateBuffer(cl->context, CL_MEM_READ_WRITE, size, NULL, &rc);
    if (rc != CL_SUCCESS)
        fail_msg("clCreateBuffer(%zu) failed with %d", size, (int)rc);
    return buffer;
}

bool tu_dev_open(tu_dev *dev)
{
    memset(dev, 0, sizeof *dev);
    if (!tu_cl_open(&dev->cl))
        return false;
    dev->queue = tu_cl_queue(&dev->cl, 0);
    clslice_error err;
    if (clslice_runtime_create(dev->cl.context, &dev->runtime, &err) !=
        CLSLICE_OK)
        fail_msg("clslice_runtime_create: %s", err.message);
    return true;
}

void tu_dev_announce(const tu_dev *dev)
{
    announce(dev->cl.device);
}

void tu_dev_close(tu_dev *dev)
{
    clslice_runtime_release(&dev->runtime);
    if (dev->queue)
        clReleaseCommandQueue(dev->queue);
    tu_cl_close(&dev->cl);
    memset(dev, 0, sizeof *dev);
}

/* A write of host bytes rather than clEnqueueFillBuffer: after a fill,
 * Oclgrind 21.10's uninitialised-value check reports words a kernel wrote
 * and then read back itself (cl/normalise.cl builds its record so). */
void tu_cl_fill(cl_command_queue queue, cl_mem buffer, unsigned char byte,
                size_t size)
{
    if (size == 0)
        return;
    unsigned char *bytes = malloc(size);
    assert_non_null(bytes);
    memset(bytes, byte, size);
    TU_CL_CHECK(clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, size, bytes,
                                     0, NULL, NULL));
    free(bytes);
}

void tu_cl_read(cl_command_queue queue, cl_mem buffer, size_t size,
                void *out)
{
    TU_CL_CHECK(clFinish(queue));
    TU_CL_CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, size, out, 0,
                                    NULL, NULL));
}

void tu_cl_assert_filled(cl_command_queue queue, cl_mem buffer, size_t size,
                         unsigned char byte)
{
    unsigned char *got = malloc(size ? size : 1);
    assert_non_null(got);
    tu_cl_read(queue, buffer, size, got);
    for (size_t i = 0; i < size; i++) {
        if (got[i] != byte) {
            unsigned char bad = got[i];
            free(got);
            fail_msg("byte %zu was written (0x%02x)", i, bad);
        }
    }
    free(got);
}

static cl_uint context_refs(cl_context context)
{
    cl_uint count = 0;
    TU_CL_CHECK(clGetContextInfo(context, CL_CONTEXT_REFERENCE_COUNT,
                                 sizeof count, &count, NULL));
    return count;
}

cl_uint tu_cl_context_refs_settled(cl_context context, cl_uint expected)
{
    const struct timespec pause = {0, 10 * 1000 * 1000}; /* 10 ms */
    cl_uint count = context_refs(context);
    for (int tries = 0; tries < 100 && count != expected; tries++) {
        nanosleep(&pause, NULL);
        count = context_refs(context);
    }
    return count;
}

cl_uint tu_cl_context_refs_stable(cl_context context)
{
    const struct timespec pause = {0, 10 * 1000 * 1000}; /* 10 ms */
    cl_uint count = context_refs(context);
    for (int same = 0, tries = 0; same < 5 && tries < 200; tries++) {
        nanosleep(&pause, NULL);
        cl_uint now = context_refs(context);
        same = now == count ? same + 1 : 0;
        count = now;
    }
    return count;
}

/* The head and descriptor of tu_csr_count and tu_csr_fill. */
typedef struct csr_call {
    clslice_cl_call head;
    clslice_cl_csr_desc desc;
} csr_call;

static csr_call csr_call_of(cl_command_queue queue, const clslice_plan *plan,
                            const clslice_cl_csr *in,
                            const clslice_cl_csr *out, cl_uint n,
                            const cl_event *wait_list, cl_event *event)
{
    return (csr_call){
        .head = {.struct_size = sizeof(clslice_cl_call), .queue = queue,
                 .num_events_in_wait_list = n, .event_wait_list = wait_list,
                 .event = event},
        .desc = {.struct_size = sizeof(clslice_cl_csr_desc), .plan = plan,
                 .in = in, .out = out}};
}

clslice_status tu_csr_count(clslice_runtime *rt, cl_command_queue queue,
                            const clslice_plan *plan,
                            const clslice_cl_csr *in,
                            const clslice_cl_csr *out, cl_uint n,
                            const cl_event *wait_list, cl_event *event,
                            int64_t *nnz, clslice_error *err)
{
    csr_call c = csr_call_of(queue, plan, in, out, n, wait_list, event);
    return clslice_cl_csr_count(rt, &c.head, &c.desc, nnz, err);
}

clslice_status tu_csr_fill(clslice_runtime *rt, cl_command_queue queue,
                           const clslice_plan *plan, const clslice_cl_csr *in,
                           const clslice_cl_csr *out, cl_uint n,
                           const cl_event *wait_list, cl_event *event,
                           clslice_error *err)
{
    csr_call c = csr_call_of(queue, plan, in, out, n, wait_list, event);
    return clslice_cl_csr_fill(rt, &c.head, &c.desc, err);
}
