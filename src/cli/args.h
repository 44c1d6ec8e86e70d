/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Option parsing of the command-line tool.
 *
 * Every argument after the subcommand is an option: "--name=value" or
 * "--name value" (the value may not start with "--" in the second form),
 * a flag "--name", or --help / -h.  A subcommand passes the tables of the
 * options it accepts (its own and, e.g., cli_spec_options); an unknown
 * option, a repeated option, a missing value, a value given to a flag and a
 * stray argument are usage errors naming the argument.  The parser is
 * args.c; running a subcommand through it (cli_run_command*) is
 * command_run.c. */
#ifndef CLI_ARGS_H
#define CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>

#include "commands.h"
#include "diag.h"

/* One accepted option; tables end with an entry whose name is NULL. */
typedef struct cli_optdef {
    const char *name; /* without the leading "--" */
    bool is_flag;     /* takes no value */
} cli_optdef;

#define CLI_MAX_OPTIONS 64

/* The options found, in command-line order. */
typedef struct cli_opts {
    size_t count;
    const char *name[CLI_MAX_OPTIONS];  /* the table's name */
    const char *value[CLI_MAX_OPTIONS]; /* points into argv; "" for flags */
} cli_opts;

typedef enum cli_parse_result {
    CLI_PARSED,    /* opts holds the options */
    CLI_WANTS_HELP, /* --help or -h was met (parsing stopped there) */
    CLI_BAD_USAGE  /* err holds the message */
} cli_parse_result;

/* Parses argv[0..argc-1] against the NULL-terminated list of tables. */
cli_parse_result cli_parse_options(int argc, char **argv,
                                   const cli_optdef *const *tables,
                                   cli_opts *opts, cli_err *err);

/* How many of argv[0..argc-1], at most `most`, are positional arguments
 * (file names) before the options: they lead, and end at the first
 * argument that starts with "--" or is "-h". */
int cli_count_leading(int argc, char **argv, int most);

/* Value of option `name`, or NULL when it was not given. */
const char *cli_opt(const cli_opts *opts, const char *name);

/* What a subcommand does once its arguments are in order: `files` are its
 * leading file arguments, all present.  Returns the exit status, with any
 * message in err. */
typedef int cli_command_main(char **files, const cli_opts *opts,
                             cli_err *err);

/* The argument handling every subcommand shares, so that all of them treat
 * --help, missing files and bad options alike: up to `nfiles` leading file
 * arguments (cli_count_leading), then options from `tables`.  --help or -h
 * among the options prints the command's help, even when files are
 * missing; else fewer than `nfiles` files is the usage error
 * "NAME: missing MISSING[n] (see --help)" for n files given; else a bad
 * option is a usage error; else `body` runs.  Reports any error; returns
 * the exit status.  `missing` may be NULL when nfiles is 0. */
int cli_run_command(const cli_command *self, int argc, char **argv,
                    int nfiles, const char *const *missing,
                    const cli_optdef *const *tables, cli_command_main *body);

/* What a subcommand with a list of file arguments does: files[0 ..
 * count - 1] are its leading file arguments. */
typedef int cli_command_main_n(char **files, int count, const cli_opts *opts,
                               cli_err *err);

/* cli_run_command for a command that takes `least` or more leading file
 * arguments (an output and its inputs, say): every leading argument is a
 * file, and fewer than `least` is the usage error of missing[n]. */
int cli_run_command_list(const cli_command *self, int argc, char **argv,
                         int least, const char *const *missing,
                         const cli_optdef *const *tables,
                         cli_command_main_n *body);

#endif
