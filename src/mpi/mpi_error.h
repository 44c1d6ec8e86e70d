/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Errors of the MPI component, written as the library writes its own
 * (clslice_error: a status and one message): libclslice-mpi is a client
 * of the public API and reaches none of the library's internals.
 */
#ifndef CLSLICE_MPI_ERROR_H
#define CLSLICE_MPI_ERROR_H

#include "clslice_mpi.h"

/* Writes status and the formatted message into *err (when not NULL);
 * returns status. */
clslice_status cm_fail(clslice_error *err, clslice_status status,
                       const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* An OpenCL call's failure: "clEnqueueReadBuffer failed: NAME (code)". */
clslice_status cm_cl_fail(clslice_error *err, const char *call, cl_int code);

/* An MPI call's failure, with MPI's own words for the code. */
clslice_status cm_mpi_fail(clslice_error *err, const char *call, int code);

/* Success: an empty message. */
clslice_status cm_ok(clslice_error *err);

#endif
