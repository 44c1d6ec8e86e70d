/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* clslice shape: the final shape of a slice, as JSON. */
#include <inttypes.h>
#include <stdio.h>

#include "args.h"
#include "commands.h"
#include "diag.h"
#include "lists.h"
#include "spec.h"

static const cli_optdef shape_options[] = {
    {"shape", false},
    {NULL, false},
};

/* Prints the plan's output shape as a JSON array on one line. */
static int print_output_shape(const clslice_plan *plan, cli_err *err)
{
    int64_t dims[CLSLICE_MAX_RANK];
    int rank = clslice_plan_output_rank(plan);
    if (rank < 0 || rank > CLSLICE_MAX_RANK)
        return cli_usage_error(err, "output rank %d out of range", rank);
    clslice_plan_output_shape(plan, dims);
    putchar('[');
    for (int i = 0; i < rank; i++)
        printf("%s%" PRId64, i ? "," : "", dims[i]);
    puts("]");
    return cli_finish_output(err);
}

static int shape_main(char **files, const cli_opts *opts, cli_err *err)
{
    (void)files; /* shape reads no file */
    cli_list shape;
    bool given;
    clslice_plan *plan = NULL;
    int status = cli_list_option(opts, "shape", false, &shape, &given, err);
    if (status != CLI_EXIT_OK)
        return status;
    if (!given)
        return cli_usage_error(err, "missing --shape (the input shape, "
                               "e.g. --shape 3,2,3)");
    status = cli_spec_plan(opts, shape.value, (int)shape.len, &plan, err);
    if (status == CLI_EXIT_OK)
        status = print_output_shape(plan, err);
    clslice_plan_release(&plan);
    return status;
}

static int run_shape(const cli_command *self, int argc, char **argv)
{
    const cli_optdef *const tables[] = {shape_options, cli_spec_options,
                                        NULL};
    return cli_run_command(self, argc, argv, 0, NULL, tables, shape_main);
}

const cli_command cli_cmd_shape = {
    .name = "shape",
    .summary = "print the final shape of a slice as JSON",
    .usage = "shape --shape DIMS SPEC",
    .description =
        "\n"
        "Prints the final shape of slicing an input of shape DIMS with SPEC\n"
        "as a JSON array on one line, e.g. [1,2,3] ([] for a rank-0\n"
        "result).  DIMS is a list of sizes (L below); -1 marks a size that\n"
        "is not known, and an output size that depends on one prints as -1.\n"
        "--shape '' is a rank-0 input.\n",
    .examples =
        "  $ clslice shape --shape 3,2,3 --style tf --begin 1,-1,0 "
        "--end 2,-3,3 --strides 1,-1,1\n"
        "  [1,2,3]\n"
        "  $ clslice shape --shape 4,5,6 --expr '[1:-1, ..., None, ::-2, 3]'\n"
        "  [2,1,3]\n"
        "  $ clslice shape --shape 2,3,4 --style openvino --begin=0,0,1 "
        "--end=0,0,3 \\\n"
        "        --new-axis-mask=1 --begin-mask=0,1 --end-mask=0,1\n"
        "  [1,2,2,4]\n"
        "  $ clslice shape --shape 4,5 --style mxnet --begin None,1 "
        "--end None,None --step -1,2\n"
        "  [4,2]\n"
        "  $ clslice shape --shape 10,20 --style onnx --starts 2 --ends -2 "
        "--axes 1 --steps 3\n"
        "  [10,6]\n"
        "  $ clslice shape --shape -1,8 --style tf --begin 0,2 --end 0,6 "
        "--begin-mask 0x1 --end-mask 1\n"
        "  [-1,4]\n"
        "  $ clslice shape --shape '' --expr '[None]'\n"
        "  [1]\n",
    .takes_spec = true,
    .run = run_shape,
};
