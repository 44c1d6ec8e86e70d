/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The MPI component's error writers (mpi_error.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "mpi/mpi_error.h"

clslice_status cm_fail(clslice_error *err, clslice_status status,
                       const char *format, ...)
{
    if (err) {
        va_list args;
        va_start(args, format);
        vsnprintf(err->message, sizeof err->message, format, args);
        va_end(args);
        err->status = status;
        err->opencl_code = 0;
    }
    return status;
}

clslice_status cm_cl_fail(clslice_error *err, const char *call, cl_int code)
{
    cm_fail(err, CLSLICE_ERROR_OPENCL, "%s failed: %s (%d)", call,
            clslice_cl_error_name(code), (int)code);
    if (err)
        err->opencl_code = code;
    return CLSLICE_ERROR_OPENCL;
}

clslice_status cm_mpi_fail(clslice_error *err, const char *call, int code)
{
    char words[MPI_MAX_ERROR_STRING];
    int length = 0;
    if (MPI_Error_string(code, words, &length) != MPI_SUCCESS)
        snprintf(words, sizeof words, "MPI error %d", code);
    return cm_fail(err, CLSLICE_ERROR_ARGUMENT, "%s failed: %s (%d)", call,
                   words, code);
}

clslice_status cm_ok(clslice_error *err)
{
    if (err) {
        err->status = CLSLICE_OK;
        err->message[0] = '\0';
        err->opencl_code = 0;
    }
    return CLSLICE_OK;
}
