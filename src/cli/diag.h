/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Error reporting of the command-line tool: one line on stderr that starts
 * with "clslice: ", and the exit statuses. */
#ifndef CLI_DIAG_H
#define CLI_DIAG_H

#include "clslice.h"

enum {
    CLI_EXIT_OK = 0,
    CLI_EXIT_FAILURE = 1, /* out of memory, standard output not writable */
    CLI_EXIT_USAGE = 2,   /* invalid usage or invalid slice spec */
    CLI_EXIT_FILE = 3,    /* input unreadable or corrupt, output unwritable */
    CLI_EXIT_OPENCL = 4   /* no OpenCL device, or an OpenCL call failed */
};

/* A message waiting to be reported (without the "clslice: " prefix). */
typedef struct cli_err {
    char message[640];
} cli_err;

/* Records a usage error in err and returns CLI_EXIT_USAGE. */
int cli_usage_error(cli_err *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Records a message in err and returns `status` (any CLI_EXIT_ value). */
int cli_fail(cli_err *err, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Turns the result of a library call into an exit status; on failure copies
 * the library's message into err. */
int cli_library_result(clslice_status status, const clslice_error *lib,
                       cli_err *err);

/* Prints "clslice: MESSAGE" on stderr as exactly one line (control
 * characters in the message are shown as '?'). */
void cli_report(const cli_err *err);

/* Flushes stdout; returns CLI_EXIT_FAILURE (with a message) if writing
 * failed, else CLI_EXIT_OK. */
int cli_finish_output(cli_err *err);

#endif
