/* --help texts of the command-line tool. */
#include "help.h"

#include <stdio.h>

#include "diag.h"
#include "spec.h"

static const char exit_help[] =
    "Exit status: 0 on success; on failure one line on stderr that starts\n"
    "with 'clslice: ' and\n"
    "  2  invalid usage or an invalid slice spec\n"
    "  3  an input file that cannot be read or is not a valid .npy file\n"
    "     of a supported dtype, or an output file that cannot be written\n"
    "  4  no OpenCL platform or device, a device index out of range, or a\n"
    "     failed OpenCL call (the message names it)\n"
    "  1  memory ran out, or standard output could not be written\n";

/* Usage, description and examples of one command. */
static void print_command(const cli_command *cmd)
{
    printf("usage: clslice %s\n%s\nExamples:\n%s", cmd->usage,
           cmd->description, cmd->examples);
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
    printf("\n%s", exit_help);
    return finish();
}

int cli_help_main(const cli_command *const *commands, size_t count)
{
    printf("usage: clslice COMMAND [OPTIONS]\n"
           "       clslice --help | clslice help [COMMAND] | "
           "clslice COMMAND --help\n"
           "       clslice --version\n\n"
           "clslice turns the slice specs of several frameworks (numpy-style\n"
           "expressions, TensorFlow, OpenVINO, MXNet, ONNX) into one\n"
           "canonical plan, and runs plans on .npy files on an OpenCL\n"
           "device or the host.\n\nCommands:\n");
    for (size_t i = 0; i < count; i++)
        printf("  %-10s %s\n", commands[i]->name, commands[i]->summary);
    for (size_t i = 0; i < count; i++) {
        printf("\n");
        print_command(commands[i]);
    }
    printf("\n%s\n%s", cli_spec_help, exit_help);
    return finish();
}
