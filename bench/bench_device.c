/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Choosing the OpenCL device and failing loudly. */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE, posix_memalign */
#include "bench.h"

#include <sys/mman.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PLATFORMS = 32, MAX_DEVICES = 128 };

void bench_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("clslice-bench: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

void bench_cl_check(cl_int rc, const char *call)
{
    if (rc != CL_SUCCESS)
        bench_die("%s failed with OpenCL error %d", call, (int)rc);
}

void bench_clslice_check(clslice_status st, const clslice_error *err,
                         const char *call)
{
    if (st != CLSLICE_OK)
        bench_die("%s failed: %s: %s", call, clslice_status_string(st),
                  err ? err->message : "");
}

/* Every device of every platform in one flat list, the order `clslice
 * devices` prints, so --device means the same number in both tools. */
static cl_uint list_devices(cl_device_id *devices, cl_uint max)
{
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint np = 0, count = 0;
    if (clGetPlatformIDs(MAX_PLATFORMS, platforms, &np) != CL_SUCCESS)
        return 0;
    for (cl_uint p = 0; p < np && p < MAX_PLATFORMS && count < max; p++) {
        cl_uint nd = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, max - count,
                           devices + count, &nd) == CL_SUCCESS)
            count += nd < max - count ? nd : max - count;
    }
    return count;
}

static cl_uint default_device(const cl_device_id *devices, cl_uint n)
{
    for (cl_uint i = 0; i < n; i++) {
        cl_device_type type = 0;
        if (clGetDeviceInfo(devices[i], CL_DEVICE_TYPE, sizeof type, &type,
                            NULL) == CL_SUCCESS &&
            (type & CL_DEVICE_TYPE_GPU))
            return i;
    }
    return 0;
}

int bench_cl_open(long index, bench_cl *cl, char *why, size_t why_size)
{
    cl_device_id devices[MAX_DEVICES];
    memset(cl, 0, sizeof *cl);
    cl_uint n = list_devices(devices, MAX_DEVICES);
    if (n == 0) {
        /* scripts/test.sh and the GPU kit set it: a benchmark or smoke
         * test that cannot run must not pass for one that ran. */
        const char *required = getenv("CLSLICE_REQUIRE_DEVICE");
        if (required && strcmp(required, "1") == 0)
            bench_die("no OpenCL platform or device, and "
                      "CLSLICE_REQUIRE_DEVICE=1 requires one");
        snprintf(why, why_size, "no OpenCL platform or device (set "
                 "CLSLICE_REQUIRE_DEVICE=1 to fail instead)");
        return 1;
    }
    if (index >= (long)n)
        bench_die("--device %ld: there are only %u devices", index,
                  (unsigned)n);
    cl->device = devices[index < 0 ? default_device(devices, n)
                                   : (cl_uint)index];
    cl_int rc;
    cl->context = clCreateContext(NULL, 1, &cl->device, NULL, NULL, &rc);
    bench_cl_check(rc, "clCreateContext");
    cl->queue = clCreateCommandQueue(cl->context, cl->device, 0, &rc);
    bench_cl_check(rc, "clCreateCommandQueue");
    bench_cl_check(clGetDeviceInfo(cl->device, CL_DEVICE_NAME,
                                   sizeof cl->device_name - 1,
                                   cl->device_name, NULL),
                   "clGetDeviceInfo(CL_DEVICE_NAME)");
    return 0;
}

void bench_cl_close(bench_cl *cl)
{
    if (cl->queue)
        clReleaseCommandQueue(cl->queue);
    if (cl->context)
        clReleaseContext(cl->context);
    cl->queue = NULL;
    cl->context = NULL;
}

enum { HUGE_PAGE = 2 << 20 };

static void CL_CALLBACK free_host(cl_mem m, void *host)
{
    (void)m;
    free(host);
}

/* A buffer over host memory on transparent huge pages (--huge-pages).
 * numpy asks the kernel for huge pages on every array of 4 MB or more;
 * PoCL allocates its buffers on ordinary 4 KiB pages.  Slices that read
 * far apart (one float per KiB) then cost clslice a page walk every few
 * elements and numpy none, so the peer comparison is only like for like
 * with this option (docs/performance.md).  NULL: use a plain buffer. */
static cl_mem huge_buffer(const bench_cl *cl, size_t bytes)
{
    size_t span = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *host = NULL;
    if (posix_memalign(&host, HUGE_PAGE, span) != 0)
        return NULL;
    (void)madvise(host, span, MADV_HUGEPAGE); /* advice: may be refused */
    memset(host, 0, span); /* fault the pages in now, not while timed */
    cl_int rc;
    cl_mem m = clCreateBuffer(cl->context,
                              CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes,
                              host, &rc);
    if (rc == CL_SUCCESS &&
        clSetMemObjectDestructorCallback(m, free_host, host) == CL_SUCCESS)
        return m;
    if (rc == CL_SUCCESS)
        clReleaseMemObject(m);
    free(host);
    return NULL;
}

cl_mem bench_buffer(const bench_cl *cl, size_t bytes)
{
    if (cl->huge_pages && bytes >= HUGE_PAGE) {
        cl_mem m = huge_buffer(cl, bytes);
        if (m)
            return m;
    }
    cl_int rc;
    cl_mem m = clCreateBuffer(cl->context, CL_MEM_READ_WRITE,
                              bytes ? bytes : 1, NULL, &rc);
    if (rc != CL_SUCCESS)
        bench_die("clCreateBuffer(%zu bytes) failed with OpenCL error %d",
                  bytes, (int)rc);
    return m;
}
