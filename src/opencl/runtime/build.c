/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Compiling a kernel source for one device, with the options every
 * program is built with.  A failed build reports the
 * start of the device's build log: that is what tells a user (or a driver
 * bug report) what went wrong.  Program binaries are requested only by
 * the opt-in cache (cache.c): PoCL compiles every kernel of a program
 * again to produce its binary, about 5.5 s per program against 0.5 s for
 * the build itself (docs/design.md, "First calls").
 */
#include <stdio.h>
#include <stdlib.h>

#include "opencl/base/divide.h"
#include "opencl/base/move.h"
#include "opencl/runtime/runtime.h"
#include "core/plan/common.h"

/* The log, flattened to one line, into buf (empty if unavailable). */
static void build_log(cl_program program, cl_device_id device, char *buf,
                      size_t size)
{
    size_t length = 0;
    buf[0] = '\0';
    if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, NULL,
                              &length) != CL_SUCCESS || length == 0)
        return;
    char *log = malloc(length + 1);
    if (!log)
        return;
    if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, length,
                              log, NULL) == CL_SUCCESS) {
        log[length] = '\0';
        size_t out = 0;
        for (const char *p = log; *p && out + 1 < size; p++) {
            char c = (*p == '\n' || *p == '\r' || *p == '\t') ? ' ' : *p;
            if (c == ' ' && (out == 0 || buf[out - 1] == ' '))
                continue; /* squeeze runs of blanks */
            buf[out++] = c;
        }
        buf[out] = '\0';
    }
    free(log);
}

clslice_status cs_build_sources(cl_context context, cl_device_id device,
                                cl_uint count, const char **sources,
                                const char *options, cl_program *program,
                                clslice_error *err)
{
    cl_int rc;
    *program = clCreateProgramWithSource(context, count, sources, NULL, &rc);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateProgramWithSource", rc);
    rc = clBuildProgram(*program, 1, &device, options, NULL, NULL);
    if (rc == CL_SUCCESS)
        return CLSLICE_OK;

    char log[400];
    build_log(*program, device, log, sizeof log);
    clReleaseProgram(*program);
    *program = NULL;
    return cs_cl_build_fail(err, rc, log);
}

/* The options double as the cache key, so they name the family too. */
void cs_build_options(cs_program_kind kind, int index_bits,
                      const cs_device_info *device, char *options,
                      size_t size)
{
    snprintf(options, size,
             "-DCS_PROGRAM=%d -DCS_INDEX64=%d -DCS_MAX_DIMS=%d "
             "-DCS_MAGIC_DIMS=%d -DCS_FILL_BYTES=%d -DCS_LITTLE_ENDIAN=%d",
             (int)kind, index_bits == 64, CS_MAX_DIMS, CS_MAGIC_DIMS,
             CS_FILL_BYTES, device->little_endian ? 1 : 0);
}
