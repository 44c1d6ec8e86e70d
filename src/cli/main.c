/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* clslice: command-line front door; dispatches to the subcommands. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "clslice.h"
#include "commands.h"
#include "diag.h"
#include "help.h"

/* Every subcommand, in the order --help lists them. */
static const cli_command *const commands[] = {
    &cli_cmd_shape,
    &cli_cmd_slice,
    &cli_cmd_split,
    &cli_cmd_concat,
    &cli_cmd_assign,
    &cli_cmd_grad,
    &cli_cmd_show,
    &cli_cmd_csr_slice,
    &cli_cmd_devices,
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    }
    return NULL;
}

static int fail(const char *fmt, const char *arg)
{
    cli_err err;
    cli_usage_error(&err, fmt, arg);
    cli_report(&err);
    return CLI_EXIT_USAGE;
}

/* "clslice --help [COMMAND]", "clslice help [COMMAND]" and "clslice help
 * --all". */
static int help(int argc, char **argv)
{
    if (argc == 0)
        return cli_help_main(commands, COMMAND_COUNT);
    bool all = strcmp(argv[0], "--all") == 0;
    const cli_command *cmd = all ? NULL : find_command(argv[0]);
    if (!all && !cmd)
        return fail("help: unknown command '%.60s' (try 'clslice --help')",
                    argv[0]);
    if (argc > 1)
        return fail("help: unexpected argument '%.60s'", argv[1]);
    return all ? cli_help_all(commands, COMMAND_COUNT)
               : cli_help_command(cmd);
}

static int version(void)
{
    cli_err err;
    printf("clslice %d.%d.%d\n", CLSLICE_VERSION_MAJOR,
           CLSLICE_VERSION_MINOR, CLSLICE_VERSION_PATCH);
    int status = cli_finish_output(&err);
    if (status != CLI_EXIT_OK)
        cli_report(&err);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return fail("%s", "missing command (try 'clslice --help')");
    const char *word = argv[1];
    if (strcmp(word, "--help") == 0 || strcmp(word, "-h") == 0 ||
        strcmp(word, "help") == 0)
        return help(argc - 2, argv + 2);
    if (strcmp(word, "--version") == 0)
        return version();
    const cli_command *cmd = find_command(word);
    if (!cmd)
        return fail("unknown command '%.60s' (try 'clslice --help')", word);
    return cmd->run(cmd, argc - 2, argv + 2);
}
