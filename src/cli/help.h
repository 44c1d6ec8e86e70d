/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* --help texts of the command-line tool (printed on stdout). */
#ifndef CLI_HELP_H
#define CLI_HELP_H

#include <stddef.h>

#include "commands.h"

/* Help of one command; returns the exit status. */
int cli_help_command(const cli_command *cmd);

/* The overview: the commands with one line each, files, exit statuses. */
int cli_help_main(const cli_command *const *commands, size_t count);

/* Every page at once: the overview, each command, SPEC, files, exit
 * statuses (the source of the man page). */
int cli_help_all(const cli_command *const *commands, size_t count);

#endif
