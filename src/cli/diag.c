/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Error reporting of the command-line tool. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

int cli_usage_error(cli_err *err, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, args);
    va_end(args);
    return CLI_EXIT_USAGE;
}

int cli_fail(cli_err *err, int status, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, args);
    va_end(args);
    return status;
}

int cli_library_result(clslice_status status, const clslice_error *lib,
                       cli_err *err)
{
    if (status == CLSLICE_OK)
        return CLI_EXIT_OK;
    const char *text = lib->message[0] ? lib->message
                                       : clslice_status_string(status);
    snprintf(err->message, sizeof err->message, "%s", text);
    return status == CLSLICE_ERROR_MEMORY ? CLI_EXIT_FAILURE : CLI_EXIT_USAGE;
}

void cli_report(const cli_err *err)
{
    fputs("clslice: ", stderr);
    for (const char *p = err->message; *p; p++) {
        unsigned char c = (unsigned char)*p;
        fputc(c < 0x20 || c == 0x7f ? '?' : c, stderr);
    }
    fputc('\n', stderr);
}

int cli_finish_output(cli_err *err)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        snprintf(err->message, sizeof err->message,
                 "cannot write to standard output");
        return CLI_EXIT_FAILURE;
    }
    return CLI_EXIT_OK;
}
