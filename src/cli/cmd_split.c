/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* clslice split: splits a .npy file along one axis into PREFIX_0.npy,
 * PREFIX_1.npy, ... by the split rules of numpy, TensorFlow, ONNX,
 * OpenVINO or PyTorch (split_sections.c reads the options into the
 * library's split spec), on an OpenCL device with one batched gather, or
 * with the host reference executor.  Every output is checked before any
 * work, each file is written to a temporary file as its section is ready,
 * and all are renamed into place only when all were written, so a failed
 * run replaces no file.  One section at a time is held in memory on the
 * host; the device path reads each section from the mapped output
 * buffer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "device.h"
#include "device_split.h"
#include "diag.h"
#include "lists.h"
#include "npy/npy.h"
#include "progress.h"
#include "split_sections.h"

static const cli_optdef split_options[] = {
    {"device", false},
    {"host", true},
    {NULL, false},
};

/* ---- the run ------------------------------------------------------------ */

typedef struct split_run {
    const char *prefix;
    cli_npy in;
    cli_sections s; /* the plans */
    char **paths;
    cli_npy_out *outs;
} split_run;

/* Every output decided on (and refused if it cannot be written) before
 * any section is computed. */
static int prepare(split_run *r, cli_err *err)
{
    size_t n = r->s.count, size = strlen(r->prefix) + 32;
    r->paths = calloc(n ? n : 1, sizeof *r->paths);
    r->outs = calloc(n ? n : 1, sizeof *r->outs);
    if (!r->paths || !r->outs)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    int status = CLI_EXIT_OK;
    for (size_t i = 0; i < n && status == CLI_EXIT_OK; i++) {
        r->paths[i] = malloc(size);
        if (!r->paths[i])
            return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
        snprintf(r->paths[i], size, "%s_%zu.npy", r->prefix, i);
        status = cli_npy_out_open(&r->outs[i], r->paths[i], err);
    }
    return status;
}

/* Section i's array: the plan's shape in the input's dtype, around data
 * that the caller owns. */
static cli_npy section_view(const split_run *r, size_t i, void *data)
{
    cli_npy view;
    cli_npy_plan_meta(r->s.plans[i], &r->in, &view);
    view.data = data;
    return view;
}

/* The device hands over each section in turn. */
static int write_section(void *ctx, size_t i, const void *data,
                         cli_err *err)
{
    split_run *r = ctx;
    cli_npy view = section_view(r, i, (void *)data);
    return cli_npy_out_write(&r->outs[i], &view, err);
}

/* On the host one section at a time: gathered, written, freed. */
static int split_host(split_run *r, cli_err *err)
{
    int status = CLI_EXIT_OK;
    for (size_t i = 0; i < r->s.count && status == CLI_EXIT_OK; i++) {
        cli_npy out;
        status = cli_npy_for_plan(r->s.plans[i], &r->in, &out, err);
        if (status != CLI_EXIT_OK)
            break;
        cli_progress_phase("slicing", r->paths[i], 0);
        clslice_host_gather_desc desc = CLSLICE_HOST_GATHER_DESC_INIT;
        desc.plan = r->s.plans[i];
        desc.elem_size = r->in.elem_size;
        desc.src = (clslice_host_tensor){r->in.data, r->in.bytes, 0, NULL};
        desc.dst = (clslice_host_tensor){out.data, out.bytes, 0, NULL};
        clslice_error lib;
        clslice_status st = clslice_host_gather2(&desc, &lib);
        status = st == CLSLICE_OK
                     ? write_section(r, i, out.data, err)
                     : cli_fail(err, CLI_EXIT_FAILURE, "%s", lib.message);
        cli_npy_free(&out);
    }
    return status;
}

static int split_device(const cli_target *target, split_run *r,
                        cli_err *err)
{
    cli_device device;
    int status = cli_device_pick(&target->request, &device, err);
    if (status != CLI_EXIT_OK)
        return status;
    size_t *bytes = malloc(r->s.count * sizeof *bytes);
    if (!bytes)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    for (size_t i = 0; i < r->s.count; i++)
        bytes[i] = section_view(r, i, NULL).bytes;
    status = cli_device_split(&device, r->s.plans, r->s.count, &r->in,
                              bytes, write_section, r, err);
    free(bytes);
    return status;
}

static void release(split_run *r)
{
    for (size_t i = 0; i < r->s.count; i++) {
        if (r->outs)
            cli_npy_out_close(&r->outs[i]);
        if (r->paths)
            free(r->paths[i]);
    }
    free(r->outs);
    free(r->paths);
    cli_sections_free(&r->s);
    cli_npy_free(&r->in);
}

static int split_main(char **paths, const cli_opts *opts, cli_err *err)
{
    cli_target target;
    split_run r;
    memset(&r, 0, sizeof r);
    r.prefix = paths[1];
    int status = cli_target_parse(cli_opt(opts, "host"),
                                  cli_opt(opts, "device"), &target, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = cli_npy_load(paths[0], &r.in, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = cli_sections_make(opts, r.in.shape, r.in.rank, &r.s, err);
    if (status == CLI_EXIT_OK)
        status = prepare(&r, err);
    if (status == CLI_EXIT_OK)
        status = target.host ? split_host(&r, err)
                             : split_device(&target, &r, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_commit_all(r.outs, r.s.count, err);
    release(&r);
    return status;
}

static int run_split(const cli_command *self, int argc, char **argv)
{
    static const char *const missing[] = {
        "IN.npy and PREFIX, which come first", "PREFIX, which comes first"};
    const cli_optdef *const tables[] = {split_options, cli_split_options,
                                        NULL};
    return cli_run_command(self, argc, argv, 2, missing, tables, split_main);
}

const cli_command cli_cmd_split = {
    .name = "split",
    .summary = "split a .npy file along an axis into several files",
    .usage = "split IN.npy PREFIX [--style S] (--sections N | --indices L | "
             "--sizes L | ...)\n"
             "        [--axis A | --dim A] [--device N | --host]",
    .description =
        "\n"
        "Splits IN.npy along one axis by the rules of a framework's split\n"
        "and writes piece i to PREFIX_i.npy.  Every output is checked\n"
        "first; the pieces are written to temporary files and renamed\n"
        "into place only when all of them were written, so a failed run\n"
        "replaces no file (a FIFO or device among the outputs is written\n"
        "in place as its piece is ready).\n"
        "\n"
        "Without --style:\n"
        "  --sections N     N sections as numpy.array_split makes them: the\n"
        "                   first (length % N) one longer than the rest;\n"
        "                   equal to numpy.split(a, N) whenever that one\n"
        "                   succeeds (N divides the length); N may exceed\n"
        "                   the length (empty sections)\n"
        "  --indices LIST   numpy.split(a, [I, J, ...]): sections [:I],\n"
        "                   [I:J], ..., [K:] as Python slices (negative\n"
        "                   indices count from the end, out-of-range ones\n"
        "                   clip, a decreasing pair gives an empty section)\n"
        "  --sizes LIST     sections of these lengths, which must add up to\n"
        "                   the axis length; one of them may be -1\n"
        "                   (whatever is left), as in tf.split\n"
        "  --axis A         the axis (default 0; negative counts from the\n"
        "                   end)\n"
        "\n"
        "--style S follows framework S's rules, with its own argument\n"
        "names; each style takes its integer N or its list L:\n"
        "  numpy        --sections N (must divide the length) | --indices L\n"
        "  array_split  --sections N | --indices L (as without --style)\n"
        "  tf           tf.split: --num-split N (must divide) |\n"
        "               --size-splits L (one may be -1)\n"
        "  onnx13       ONNX Split-13: --num-outputs N (must divide) |\n"
        "               --split L (adding up to the length)\n"
        "  onnx18       ONNX Split-18: --num-outputs N, pieces of\n"
        "               ceil(length / N) and the last what is left |\n"
        "               --split L\n"
        "  openvino     OpenVINO Split-1: --num-splits N (must divide)\n"
        "  variadic     OpenVINO VariadicSplit-1: --split-lengths L (one\n"
        "               may be -1)\n"
        "  torch_split  torch.split: --split-size N, pieces of N and the\n"
        "               last smaller | --sizes L (adding up)\n"
        "  torch_chunk  torch.chunk: --chunks N, pieces of ceil(length / N),\n"
        "               so possibly fewer than N\n"
        "The axis is --axis A, or --dim A for the torch styles.  A split\n"
        "makes at most 4096 pieces.  A value the framework refuses is a\n"
        "usage error naming the option, the framework's argument, the entry\n"
        "and the value.\n"
        "\n"
        "On an OpenCL device all pieces are cut by one\n"
        "clslice_cl_gather_batch call into one output buffer; the\n"
        "device is the default one (the first GPU, else the first device),\n"
        "or:\n"
        "  --device N   device N as 'clslice devices' numbers them; without\n"
        "               it, the environment variable CLSLICE_DEVICE=N\n"
        "  --host       the host reference executor, without OpenCL\n"
        "IN may be any .npy file 'clslice slice' reads.\n",
    .examples =
        "  $ python3 -c 'import numpy as np; "
        "np.save(\"a.npy\", np.arange(10))'\n"
        "  $ clslice split a.npy part --sections 3\n"
        "  $ python3 -c 'import numpy as np; "
        "print([np.load(f\"part_{i}.npy\") for i in range(3)])'\n"
        "  [array([0, 1, 2, 3]), array([4, 5, 6]), array([7, 8, 9])]\n"
        "  $ clslice split a.npy part --indices 2,-3 --host\n"
        "  $ clslice split a.npy part --sizes 4,-1\n"
        "  $ clslice split a.npy part --style torch_chunk --chunks 4\n"
        "  $ clslice split a.npy part --style onnx18 --num-outputs 4\n",
    .takes_spec = false,
    .takes_files = true,
    .run = run_split,
};
