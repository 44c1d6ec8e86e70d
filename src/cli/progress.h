/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* A progress line on standard error for work that takes a while.
 *
 * Nothing is shown unless standard error is a terminal, and nothing
 * before the command has run for about a second, so a quick command, a
 * script and a log never see it.  Once shown, the line is redrawn in
 * place a few times a second with what the command is doing and, for
 * reads and writes, how many bytes are done; it is erased before the
 * command ends, so an error message starts on a clean line.
 *
 * Every function is a cheap no-op while no progress line is running. */
#ifndef CLI_PROGRESS_H
#define CLI_PROGRESS_H

#include <stdint.h>

/* Starts the progress line of `command` when standard error is a
 * terminal (a background thread draws it).  Pair with cli_progress_stop. */
void cli_progress_start(const char *command);

/* The step now under way: `what` ("reading", "slicing on the device") and
 * the file or object it concerns (may be NULL), with `total` bytes to go
 * (0 when there is no count).  The strings must outlive the step. */
void cli_progress_phase(const char *what, const char *name, uint64_t total);

/* `bytes` more of the current step are done. */
void cli_progress_add(uint64_t bytes);

/* Stops the thread and erases the line.  Safe to call when not started. */
void cli_progress_stop(void);

#endif
