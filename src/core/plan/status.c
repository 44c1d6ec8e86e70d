/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Status names and the per-call error record (no global error state). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/plan/plan.h"

const char *clslice_status_string(clslice_status status)
{
    switch (status) {
    case CLSLICE_OK: return "success";
    case CLSLICE_ERROR_ARGUMENT: return "invalid argument";
    case CLSLICE_ERROR_SPEC: return "invalid slice spec";
    case CLSLICE_ERROR_INDEX: return "index out of range";
    case CLSLICE_ERROR_RANK: return "rank too large";
    case CLSLICE_ERROR_SYNTAX: return "syntax error";
    case CLSLICE_ERROR_UNKNOWN: return "unknown size or index";
    case CLSLICE_ERROR_SHAPE: return "shape mismatch";
    case CLSLICE_ERROR_MEMORY: return "out of memory";
    case CLSLICE_ERROR_BUFFER: return "buffer too small";
    case CLSLICE_ERROR_OPENCL: return "OpenCL error";
    case CLSLICE_ERROR_BUILD: return "OpenCL build error";
    }
    return "unknown status";
}

clslice_status cs_fail(clslice_error *err, clslice_status status,
                       const char *fmt, ...)
{
    if (err) {
        va_list args;
        va_start(args, fmt);
        err->status = status;
        err->opencl_code = 0; /* cs_cl_fail sets it after this call */
        vsnprintf(err->message, sizeof err->message, fmt, args);
        va_end(args);
    }
    return status;
}

clslice_status cs_ok(clslice_error *err)
{
    if (err) {
        err->status = CLSLICE_OK;
        err->opencl_code = 0;
        err->message[0] = '\0';
    }
    return CLSLICE_OK;
}

clslice_status cs_prefix_entry(clslice_error *err, clslice_status status,
                               const char *name, size_t index,
                               const char *member)
{
    if (!err || status == CLSLICE_OK)
        return status;
    char head[64];
    int n = snprintf(head, sizeof head, "%s[%zu].%s: ", name, index, member);
    size_t len = strlen(err->message), room = sizeof err->message - 1;
    if (n <= 0 || (size_t)n >= room)
        return status;
    if (len > room - (size_t)n)
        len = room - (size_t)n;
    memmove(err->message + n, err->message, len);
    memcpy(err->message, head, (size_t)n);
    err->message[n + len] = '\0';
    return status;
}
