/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Preloaded into the tool by test_cli_truncate: once the tool has opened
 * OpenCL (its first clGetPlatformIDs), SIGBUS gets its default action,
 * as it has in the moment after a driver's one-shot handler (PoCL's
 * LLVM installs such handlers) has reset itself.  A thread that faults
 * on a mapping after that dies of the signal, so the test sees every
 * fault the device path could take, not only the ones that lose a race. */
#define _GNU_SOURCE

#include <dlfcn.h>
#include <signal.h>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

typedef cl_int platform_ids_fn(cl_uint, cl_platform_id *, cl_uint *);

CL_API_ENTRY cl_int CL_API_CALL clGetPlatformIDs(cl_uint count,
                                                 cl_platform_id *platforms,
                                                 cl_uint *found)
{
    platform_ids_fn *real =
        (platform_ids_fn *)dlsym(RTLD_NEXT, "clGetPlatformIDs");
    cl_int rc = real ? real(count, platforms, found) : CL_OUT_OF_HOST_MEMORY;
    signal(SIGBUS, SIG_DFL);
    return rc;
}
