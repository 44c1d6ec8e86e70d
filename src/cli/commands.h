/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Subcommands of the command-line tool.  Each one lives in its own
 * cmd_NAME.c, defines a cli_command and is listed in main.c. */
#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

#include <stdbool.h>

typedef struct cli_command cli_command;

struct cli_command {
    const char *name;
    const char *summary;     /* one line for the list of commands */
    const char *usage;       /* synopsis line(s) after "clslice " */
    const char *description; /* what it does, its own options */
    const char *examples;    /* example invocations with their output */
    bool takes_spec;         /* its help shows the SPEC section */
    bool takes_files;        /* its help shows how files are treated */
    /* Runs the command on the arguments after its name; returns the exit
     * status, having reported any error itself. */
    int (*run)(const cli_command *self, int argc, char **argv);
};

extern const cli_command cli_cmd_shape;
extern const cli_command cli_cmd_slice;
extern const cli_command cli_cmd_show;
extern const cli_command cli_cmd_devices;
extern const cli_command cli_cmd_csr_slice;
extern const cli_command cli_cmd_assign;
extern const cli_command cli_cmd_grad;
extern const cli_command cli_cmd_split;
extern const cli_command cli_cmd_concat;

#endif
