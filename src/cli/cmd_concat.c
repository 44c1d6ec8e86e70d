/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* clslice concat: joins .npy files into one along an existing axis
 * (numpy.concatenate) or a new one (--stack, numpy.stack), on an OpenCL
 * device with one clslice_cl_concat call, or with the host reference
 * executor.  Every input is read and checked, and the output decided on,
 * before any work; the output is written to a temporary file renamed
 * into place once complete, so a failed run replaces nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "device.h"
#include "device_concat.h"
#include "diag.h"
#include "lists.h"
#include "npy/npy.h"
#include "progress.h"

static const cli_optdef concat_options[] = {
    {"axis", false},
    {"stack", true},
    {"device", false},
    {"host", true},
    {NULL, false},
};

typedef struct concat_run {
    char **paths; /* the inputs' */
    size_t count;
    cli_npy *ins;
    bool stack;
    clslice_plan **plans;
    cli_npy out; /* the output's dtype and shape; its data on the host */
    cli_npy_out file;
} concat_run;

static int load_inputs(concat_run *r, cli_err *err)
{
    r->ins = calloc(r->count, sizeof *r->ins);
    r->plans = calloc(r->count, sizeof *r->plans);
    if (!r->ins || !r->plans)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    int status = CLI_EXIT_OK;
    for (size_t i = 0; i < r->count && status == CLI_EXIT_OK; i++)
        status = cli_npy_load(r->paths[i], &r->ins[i], err);
    return status;
}

/* One dtype and one rank, as clslice_plan_concat needs them (numpy would
 * promote dtypes; the tool copies bytes, so it asks for one). */
static int check_inputs(const concat_run *r, cli_err *err)
{
    const cli_npy *first = &r->ins[0];
    for (size_t i = 1; i < r->count; i++) {
        const cli_npy *in = &r->ins[i];
        if (strcmp(in->descr, first->descr) != 0)
            return cli_usage_error(err, "%s has dtype %s but %s has %s: "
                                   "concat joins arrays of one dtype",
                                   r->paths[i], in->descr, r->paths[0],
                                   first->descr);
        if (in->rank != first->rank)
            return cli_usage_error(err, "all the input arrays must have the "
                                   "same number of dimensions, but %s has "
                                   "%d and %s has %d", r->paths[0],
                                   first->rank, r->paths[i], in->rank);
    }
    return CLI_EXIT_OK;
}

/* The places and the output's shape, from the library. */
static int plan_places(concat_run *r, int64_t axis, cli_err *err)
{
    int rank = r->ins[0].rank;
    int64_t *shapes = malloc(r->count * (size_t)(rank ? rank : 1) *
                             sizeof *shapes);
    if (!shapes)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    for (size_t i = 0; i < r->count; i++)
        memcpy(shapes + i * (size_t)rank, r->ins[i].shape,
               (size_t)rank * sizeof *shapes);
    int64_t out[CLSLICE_MAX_RANK];
    clslice_error lib;
    clslice_status st =
        r->stack ? clslice_plan_stack(shapes, rank, r->count, axis, out,
                                      r->plans, &lib)
                 : clslice_plan_concat(shapes, rank, r->count, axis, out,
                                       r->plans, &lib);
    free(shapes);
    if (st != CLSLICE_OK)
        return cli_library_result(st, &lib, err);
    size_t bytes = 0;
    for (size_t i = 0; i < r->count; i++)
        bytes += r->ins[i].bytes; /* all of them are in memory: no wrap */
    r->out = r->ins[0];
    r->out.rank = rank + (r->stack ? 1 : 0);
    memcpy(r->out.shape, out, (size_t)r->out.rank * sizeof *out);
    r->out.bytes = bytes;
    r->out.data = NULL;
    r->out.mapping = NULL;
    r->out.in_file = false; /* the inputs' own */
    return CLI_EXIT_OK;
}

/* ---- the two executors -------------------------------------------------- */

static int join_host(concat_run *r, cli_err *err)
{
    cli_npy result;
    clslice_host_part *parts = calloc(r->count, sizeof *parts);
    if (!parts)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    int status = cli_npy_alloc_like(&r->out, r->out.rank, r->out.shape,
                                    r->out.bytes, &result, err);
    for (size_t i = 0; i < r->count; i++)
        parts[i] = (clslice_host_part){
            .plan = r->plans[i],
            .src = {r->ins[i].data, r->ins[i].bytes, 0, NULL}};
    if (status == CLI_EXIT_OK) {
        clslice_host_concat_desc desc = CLSLICE_HOST_CONCAT_DESC_INIT;
        desc.elem_size = r->out.elem_size;
        desc.dst = (clslice_host_tensor){result.data, result.bytes, 0, NULL};
        desc.count = r->count;
        desc.parts = parts;
        clslice_error lib;
        cli_progress_phase("joining", NULL, 0);
        clslice_status st = clslice_host_concat(&desc, &lib);
        /* plans and buffers come from the loaded files: only memory can
         * fail here */
        status = st == CLSLICE_OK
                     ? cli_npy_out_write(&r->file, &result, err)
                     : cli_fail(err, CLI_EXIT_FAILURE, "%s", lib.message);
        cli_npy_free(&result);
    }
    free(parts);
    return status;
}

/* The device hands over the mapped result. */
static int write_result(void *ctx, size_t index, const void *data,
                        cli_err *err)
{
    (void)index;
    concat_run *r = ctx;
    cli_npy view = r->out;
    view.data = (unsigned char *)data;
    return cli_npy_out_write(&r->file, &view, err);
}

static int join_device(const cli_target *target, concat_run *r,
                       cli_err *err)
{
    cli_device device;
    int status = cli_device_pick(&target->request, &device, err);
    if (status != CLI_EXIT_OK)
        return status;
    cli_concat_input *inputs = calloc(r->count, sizeof *inputs);
    if (!inputs)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    for (size_t i = 0; i < r->count; i++)
        inputs[i] = (cli_concat_input){.plan = r->plans[i],
                                       .array = &r->ins[i]};
    status = cli_device_concat(&device, inputs, r->count, r->out.elem_size,
                               r->out.bytes, write_result, r, err);
    free(inputs);
    return status;
}

static void release(concat_run *r)
{
    for (size_t i = 0; i < r->count; i++) {
        if (r->plans)
            clslice_plan_release(&r->plans[i]);
        if (r->ins)
            cli_npy_free(&r->ins[i]);
    }
    free(r->plans);
    free(r->ins);
    cli_npy_out_close(&r->file);
}

static int concat_main(char **files, int count, const cli_opts *opts,
                       cli_err *err)
{
    cli_target target;
    int64_t axis = 0;
    concat_run r = {.paths = files + 1, .count = (size_t)count - 1,
                    .stack = cli_opt(opts, "stack") != NULL,
                    .file = {.path = files[0]}};
    int status = cli_target_parse(cli_opt(opts, "host"),
                                  cli_opt(opts, "device"), &target, err);
    if (status == CLI_EXIT_OK)
        status = cli_int_option(opts, "axis", 0, &axis, err);
    if (status == CLI_EXIT_OK)
        status = load_inputs(&r, err);
    if (status == CLI_EXIT_OK)
        status = check_inputs(&r, err);
    if (status == CLI_EXIT_OK)
        status = plan_places(&r, axis, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_open(&r.file, files[0], err);
    if (status == CLI_EXIT_OK)
        status = target.host ? join_host(&r, err)
                             : join_device(&target, &r, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_commit_all(&r.file, 1, err);
    release(&r);
    return status;
}

static int run_concat(const cli_command *self, int argc, char **argv)
{
    static const char *const missing[] = {
        "OUT.npy and the inputs, which come first",
        "the inputs, which follow OUT.npy"};
    const cli_optdef *const tables[] = {concat_options, NULL};
    return cli_run_command_list(self, argc, argv, 2, missing, tables,
                                concat_main);
}

const cli_command cli_cmd_concat = {
    .name = "concat",
    .summary = "join .npy files along an axis into one",
    .usage = "concat OUT.npy IN.npy [IN.npy ...] [--axis A] [--stack]\n"
             "        [--device N | --host]",
    .description =
        "\n"
        "Joins the inputs, in order, into OUT.npy: numpy.concatenate(ins,\n"
        "axis=A), or numpy.stack(ins, axis=A) with --stack.  The inputs\n"
        "must have one dtype; every dimension but A must agree (with\n"
        "--stack every dimension, and A names the new one).\n"
        "\n"
        "  --axis A   the axis (default 0; negative counts from the end)\n"
        "  --stack    join along a new axis A instead\n"
        "\n"
        "Every input is read and checked and OUT decided on before any\n"
        "work; OUT is written to a temporary file next to it and renamed\n"
        "into place at the end, so a failed run leaves it as it was (a\n"
        "FIFO or device is written in place).  OUT may be one of the\n"
        "inputs.\n"
        "\n"
        "On an OpenCL device all inputs are written by one\n"
        "clslice_cl_concat call into one output buffer; the device is the\n"
        "default one (the first GPU, else the first device), or:\n"
        "  --device N   device N as 'clslice devices' numbers them; without\n"
        "               it, the environment variable CLSLICE_DEVICE=N\n"
        "  --host       the host reference executor, without OpenCL\n"
        "An input may be any .npy file 'clslice slice' reads.\n",
    .examples =
        "  $ python3 -c 'import numpy as np; "
        "np.save(\"a.npy\", np.arange(6).reshape(2, 3)); "
        "np.save(\"b.npy\", np.arange(2).reshape(2, 1))'\n"
        "  $ clslice concat ab.npy a.npy b.npy --axis 1\n"
        "  $ python3 -c 'import numpy as np; print(np.load(\"ab.npy\"))'\n"
        "  [[0 1 2 0]\n"
        "   [3 4 5 1]]\n"
        "  $ clslice concat s.npy a.npy a.npy --stack --axis -1 --host\n",
    .takes_spec = false,
    .takes_files = true,
    .run = run_concat,
};
