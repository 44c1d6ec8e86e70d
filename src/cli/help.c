/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* --help texts of the command-line tool.  `clslice --help` is a one-page
 * overview; each command's options and examples are its own page
 * (`clslice help COMMAND`, `clslice COMMAND --help`); `clslice help
 * --all` prints everything at once, which is what the man page is
 * generated from (help2man, at build time, scripts/make_man.sh).
 *
 * The layout follows what help2man reads: "Usage:" and "  or:" lines
 * make the synopsis, "Files:" and "Examples:" paragraphs its sections of
 * those names, and a line "*Name*" a section of its own (used by --all
 * for each command, the SPEC syntax and the exit statuses).  Example
 * output is indented deeper than the "$ command" lines, so that help2man
 * keeps each on its own line instead of joining them. */
#include "help.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "spec.h"

static const char intro_help[] =
    "clslice turns the slice specs of several frameworks (numpy-style\n"
    "expressions, TensorFlow, OpenVINO, MXNet, ONNX) into one\n"
    "canonical plan, and runs plans on .npy files on an OpenCL\n"
    "device or the host.\n";

static const char files_help[] =
    "Files:\n"
    "  An input named - is standard input (a pipe or a redirected file,\n"
    "  not a terminal).  Input files are memory-mapped, so a command\n"
    "  reads only the pages it needs.  An output named - is standard\n"
    "  output (not a terminal).  An output that is a regular file, or\n"
    "  does not exist yet, is written to a temporary file beside it and\n"
    "  renamed over it when complete, so a failed run leaves it as it\n"
    "  was; a symbolic link is followed and the file it ends at is\n"
    "  replaced that way (the link stays a link); a FIFO or a device is\n"
    "  written in place.  While a command works for more than about a\n"
    "  second and standard error is a terminal, a progress line shows\n"
    "  there; it never appears in a file or a pipe.\n";

static const char exit_help[] =
    "Exit status: 0 on success; on failure one line on stderr that starts\n"
    "with 'clslice: ' and\n"
    "  2  invalid usage or an invalid slice spec\n"
    "  3  an input file that cannot be read or is not a valid .npy file\n"
    "     of a supported dtype, or an output file that cannot be written\n"
    "  4  no OpenCL platform or device, a device index out of range, or a\n"
    "     failed OpenCL call (the message names it)\n"
    "  1  memory ran out, or standard output could not be written\n";

/* The examples, each output line two spaces deeper than the commands. */
static void print_examples(const char *text)
{
    while (*text) {
        const char *end = strchr(text, '\n');
        int len = end ? (int)(end - text) : (int)strlen(text);
        bool command = strncmp(text, "  $ ", 4) == 0;
        printf("%s%.*s\n", command || len == 0 ? "" : "  ", len, text);
        text += len + (end ? 1 : 0);
    }
}

/* Usage, description and examples of one command. */
static void print_command(const cli_command *cmd)
{
    printf("usage: clslice %s\n%s\nExamples:\n", cmd->usage,
           cmd->description);
    print_examples(cmd->examples);
}

static int finish(void)
{
    cli_err err;
    int status = cli_finish_output(&err);
    if (status != CLI_EXIT_OK)
        cli_report(&err);
    return status;
}

int cli_help_command(const cli_command *cmd)
{
    print_command(cmd);
    if (cmd->takes_spec)
        printf("\n%s", cli_spec_help);
    if (cmd->takes_files)
        printf("\n%s", files_help);
    printf("\n%s", exit_help);
    return finish();
}

static void print_overview(const cli_command *const *commands, size_t count)
{
    printf("Usage: clslice COMMAND [OPTIONS]\n"
           "  or:  clslice help [COMMAND | --all]\n"
           "  or:  clslice COMMAND --help\n"
           "  or:  clslice --version\n\n%s\nCommands:\n", intro_help);
    for (size_t i = 0; i < count; i++)
        printf("  %-10s %s\n", commands[i]->name, commands[i]->summary);
}

int cli_help_main(const cli_command *const *commands, size_t count)
{
    print_overview(commands, count);
    printf("\n'clslice help COMMAND' (or 'clslice COMMAND --help') shows a\n"
           "command's options, its SPEC where it takes one, and examples;\n"
           "'clslice help --all' shows every page at once.\n\n%s\n%s",
           files_help, exit_help);
    return finish();
}

int cli_help_all(const cli_command *const *commands, size_t count)
{
    print_overview(commands, count);
    for (size_t i = 0; i < count; i++) {
        printf("\n*clslice %s*\n", commands[i]->name);
        print_command(commands[i]);
    }
    printf("\n*Slice specs*\n%s\n%s\n*Exit status*\n%s", cli_spec_help,
           files_help, exit_help);
    return finish();
}
