/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Running a subcommand: its leading files and options taken (args.c),
 * --help answered (help.c), its body run under the progress line.  Kept
 * apart from the option parser, which the spec parsers and so help.c
 * use, so that no file calls back into one that calls it. */
#include "args.h"
#include "help.h"
#include "progress.h"

/* What both forms share: `files` leading file arguments were found, at
 * least `least` are wanted; body or body_n runs. */
static int run_command(const cli_command *self, int argc, char **argv,
                       int files, int least, const char *const *missing,
                       const cli_optdef *const *tables,
                       cli_command_main *body, cli_command_main_n *body_n)
{
    cli_opts opts;
    cli_err err;
    cli_parse_result parsed = cli_parse_options(argc - files, argv + files,
                                                tables, &opts, &err);
    if (parsed == CLI_WANTS_HELP)
        return cli_help_command(self);
    int status;
    if (files < least)
        status = cli_usage_error(&err, "%s: missing %s (see --help)",
                                 self->name, missing[files]);
    else if (parsed == CLI_BAD_USAGE)
        status = CLI_EXIT_USAGE;
    else {
        cli_progress_start(self->name);
        status = body ? body(argv, &opts, &err)
                      : body_n(argv, files, &opts, &err);
        cli_progress_stop(); /* erased before any message is printed */
    }
    if (status != CLI_EXIT_OK)
        cli_report(&err);
    return status;
}

int cli_run_command(const cli_command *self, int argc, char **argv,
                    int nfiles, const char *const *missing,
                    const cli_optdef *const *tables, cli_command_main *body)
{
    return run_command(self, argc, argv, cli_count_leading(argc, argv, nfiles),
                       nfiles, missing, tables, body, NULL);
}

int cli_run_command_list(const cli_command *self, int argc, char **argv,
                         int least, const char *const *missing,
                         const cli_optdef *const *tables,
                         cli_command_main_n *body)
{
    return run_command(self, argc, argv, cli_count_leading(argc, argv, argc),
                       least, missing, tables, NULL, body);
}
