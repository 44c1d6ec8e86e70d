/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* clslice csr-slice: slices a CSR matrix stored as four .npy files (the
 * scipy.sparse attributes) into four others, on an OpenCL device or with
 * the host slicer. */
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "csr_files.h"
#include "device.h"
#include "device_csr.h"
#include "diag.h"
#include "spec_build.h"

static const cli_optdef csr_options[] = {
    {"begin", false}, {"end", false}, {"step", false},
    {"device", false}, {"host", true}, {NULL, false},
};

/* MXNet slice rules on [rows, cols]; the library rejects a plan that is
 * not a plain 2-D slice. */
static int make_plan(const cli_opts *opts, const cli_csr *in,
                     clslice_plan **plan, cli_err *err)
{
    if (!cli_opt(opts, "begin") || !cli_opt(opts, "end"))
        return cli_usage_error(err, "csr-slice needs --%s (see --help)",
                               cli_opt(opts, "begin") ? "end" : "begin");
    int64_t shape[2] = {in->rows, in->cols};
    cli_spec_target target = {.shape = shape, .rank = 2,
                              .value_shape = NULL, .value_rank = -1};
    return cli_build_mxnet(opts, &target, plan, err);
}

/* Library failures: a corrupt matrix is the input files' fault; nothing
 * else should fail with a plan and arrays the tool built itself. */
static int library_fail(clslice_status st, const clslice_error *lib,
                        cli_err *err)
{
    int status = st == CLSLICE_ERROR_SPEC ? CLI_EXIT_FILE : CLI_EXIT_FAILURE;
    return cli_fail(err, status, "%s", lib->message);
}

/* The host slicer's two calls: count, allocate, slice. */
static int host_slice(const clslice_plan *plan, const cli_csr *in,
                      cli_csr *out, cli_err *err)
{
    clslice_csr v = cli_csr_view(in);
    int64_t nnz = 0, shape[2];
    clslice_error lib;
    clslice_status st = clslice_host_csr_count(plan, &v, &nnz, &lib);
    if (st != CLSLICE_OK)
        return library_fail(st, &lib, err);
    clslice_plan_output_shape(plan, shape);
    int status = cli_csr_alloc(in, shape[0], shape[1], nnz, out, err);
    if (status != CLI_EXIT_OK)
        return status;
    st = clslice_host_csr_slice(plan, &v, out->indptr.data,
                                out->indices.data, out->data.data, nnz, &nnz,
                                &lib);
    if (st == CLSLICE_OK)
        return CLI_EXIT_OK;
    cli_csr_free(out);
    return library_fail(st, &lib, err);
}

static int slice(const cli_target *target, const clslice_plan *plan,
                 const cli_csr *in, cli_csr *out, cli_err *err)
{
    if (target->host)
        return host_slice(plan, in, out, err);
    cli_device device;
    int status = cli_device_pick(&target->request, &device, err);
    return status == CLI_EXIT_OK
               ? cli_device_csr_slice(&device, plan, in, out, err)
               : status;
}

static int csr_slice_main(char **prefixes, const cli_opts *opts,
                          cli_err *err)
{
    cli_target target;
    cli_csr in, out;
    memset(&out, 0, sizeof out);
    clslice_plan *plan = NULL;
    int status = cli_target_parse(cli_opt(opts, "host"),
                                  cli_opt(opts, "device"), &target, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = cli_csr_load(prefixes[0], &in, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = make_plan(opts, &in, &plan, err);
    if (status == CLI_EXIT_OK)
        status = slice(&target, plan, &in, &out, err);
    if (status == CLI_EXIT_OK)
        status = cli_csr_save(prefixes[1], &out, err);
    clslice_plan_release(&plan);
    cli_csr_free(&out);
    cli_csr_free(&in);
    return status;
}

static int run_csr_slice(const cli_command *self, int argc, char **argv)
{
    static const char *const missing[] = {
        "IN_PREFIX and OUT_PREFIX, which come first",
        "OUT_PREFIX, which comes first"};
    const cli_optdef *const tables[] = {csr_options, NULL};
    return cli_run_command(self, argc, argv, 2, missing, tables,
                           csr_slice_main);
}

const cli_command cli_cmd_csr_slice = {
    .name = "csr-slice",
    .summary = "slice a CSR matrix (scipy.sparse arrays in .npy files)",
    .usage = "csr-slice IN_PREFIX OUT_PREFIX --begin=L --end=L [--step=L]\n"
             "               [--device N | --host]",
    .description =
        "\n"
        "Reads the CSR matrix IN_PREFIX_indptr.npy, IN_PREFIX_indices.npy,\n"
        "IN_PREFIX_data.npy and IN_PREFIX_shape.npy (np.save of a\n"
        "scipy.sparse.csr_matrix's indptr, indices and data, and of\n"
        "np.array(shape)), slices it and writes the result, still CSR, to\n"
        "the same four files under OUT_PREFIX.  All four are written to\n"
        "temporary files first and renamed into place only once all are\n"
        "complete, so a failed run creates or changes none of them.\n"
        "\n"
        "--begin, --end and --step are MXNet slice lists of length 1 (rows)\n"
        "or 2 (rows, columns); entries may be None, bounds are clamped as\n"
        "numpy does, and steps may be any nonzero value, negative too.\n"
        "Step 1 keeps MXNet's CSR result; where MXNet turns other steps into\n"
        "a dense array, csr-slice slices natively and the result stays CSR\n"
        "(the same values).  Kept entries keep their order; column indices\n"
        "need not be sorted.\n"
        "\n"
        "indptr and indices must both be int32 or both int64 (the result\n"
        "keeps that type); data may have any dtype 'clslice slice' reads.\n"
        "The matrix is validated before it is used: a corrupt indptr or a\n"
        "column index out of range is reported with its position (exit 3).\n"
        "\n"
        "The slice runs on the default OpenCL device, or on:\n"
        "  --device N   device N as 'clslice devices' numbers them; without\n"
        "               it, the environment variable CLSLICE_DEVICE=N\n"
        "  --host       the host slicer, without OpenCL\n"
        "\n"
        "L is a comma-separated list of int64 entries or None, such as\n"
        "1,None ('' is the empty list).  Exit status: 0 success, 2 invalid\n"
        "usage or slice, 3 unreadable, corrupt or unwritable files, 4 no\n"
        "OpenCL device or an OpenCL failure.\n",
    .examples =
        "  $ python3 -c 'import numpy as np, scipy.sparse as sp\n"
        "  m = sp.csr_matrix(np.array([[1, 0, 2], [0, 0, 3], [4, 5, 6]]))\n"
        "  for k in (\"indptr\", \"indices\", \"data\"): "
        "np.save(f\"a_{k}.npy\", getattr(m, k))\n"
        "  np.save(\"a_shape.npy\", np.array(m.shape))'\n"
        "  $ clslice csr-slice a b --begin=1,1 --end=None,None\n"
        "  $ python3 -c 'import numpy as np; print(np.load(\"b_indptr.npy\"),"
        " np.load(\"b_indices.npy\"), np.load(\"b_data.npy\"))'\n"
        "  [0 1 3] [1 0 1] [3 5 6]\n"
        "  $ clslice csr-slice a rev --begin=None --end=None --step=-1 "
        "--host\n",
    .takes_spec = false,
    .takes_files = true,
    .run = run_csr_slice,
};
