/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* clslice grad: TensorFlow's StridedSliceGrad on .npy files, on an OpenCL
 * device or with the host executor. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "device.h"
#include "device_scatter.h"
#include "diag.h"
#include "lists.h"
#include "npy/npy.h"
#include "spec.h"

static const cli_optdef grad_options[] = {
    {"shape", false},
    {"device", false},
    {"host", true},
    {NULL, false},
};

/* --shape: the output's shape, every dim known. */
static int read_shape(const cli_opts *opts, cli_list *shape, cli_err *err)
{
    bool given;
    int status = cli_list_option(opts, "shape", false, shape, &given, err);
    if (status != CLI_EXIT_OK)
        return status;
    if (!given)
        return cli_usage_error(err, "missing --shape (the shape of the "
                               "sliced tensor and of OUT, e.g. --shape "
                               "6,4,4)");
    for (size_t d = 0; d < shape->len; d++)
        if (shape->value[d] < 0)
            return cli_usage_error(err, "--shape: dim %zu is %" PRId64 "; "
                                   "grad needs a known shape of sizes >= 0",
                                   d, shape->value[d]);
    return CLI_EXIT_OK;
}

/* OUT: the plan's input shape in DY's dtype, no data yet.  Its size in
 * bytes must fit in memory. */
static int output_meta(const clslice_plan *plan, const cli_npy *dy,
                       cli_npy *out, cli_err *err)
{
    memset(out, 0, sizeof *out);
    memcpy(out->descr, dy->descr, sizeof out->descr);
    out->elem_size = dy->elem_size;
    out->rank = clslice_plan_input_rank(plan);
    clslice_plan_input_shape(plan, out->shape);
    size_t bytes = out->elem_size;
    for (int d = 0; d < out->rank; d++)
        if (__builtin_mul_overflow(bytes, (size_t)out->shape[d], &bytes))
            return cli_usage_error(err, "--shape: OUT would have more bytes "
                                   "than memory can hold");
    out->bytes = bytes;
    return CLI_EXIT_OK;
}

/* DY must have the slice's final shape; that is about the file. */
static int check_dy(const char *dy_path, const cli_npy *dy,
                    const clslice_plan *plan, cli_err *err)
{
    int64_t final[CLSLICE_MAX_RANK];
    int rank = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, final);
    bool same = rank == dy->rank;
    for (int d = 0; same && d < rank; d++)
        same = final[d] == dy->shape[d];
    if (same)
        return CLI_EXIT_OK;
    char want[400] = "(", got[400] = "(";
    for (int d = 0; d < rank; d++)
        snprintf(want + strlen(want), sizeof want - strlen(want),
                 "%s%" PRId64, d ? ", " : "", final[d]);
    for (int d = 0; d < dy->rank; d++)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%" PRId64,
                 d ? ", " : "", dy->shape[d]);
    return cli_fail(err, CLI_EXIT_FILE, "%.200s has shape %s%s) but the "
                    "slice's shape is %s%s): dy must have exactly the "
                    "slice's shape", dy_path, got, dy->rank == 1 ? "," : "",
                    want, rank == 1 ? "," : "");
}

/* OUT's dtype and shape, and where it goes. */
typedef struct grad_out {
    const cli_npy *meta;
    cli_npy_out *file;
} grad_out;

/* The device hands over OUT, mapped: written from there. */
static int write_result(void *ctx, size_t index, const void *data,
                        cli_err *err)
{
    (void)index;
    const grad_out *o = ctx;
    cli_npy view = *o->meta;
    view.data = (unsigned char *)data;
    return cli_npy_out_write(o->file, &view, err);
}

/* The gradient, written to file (not yet renamed into place). */
static int grad(const cli_target *target, const clslice_plan *plan,
                const cli_npy *dy, const cli_npy *meta, cli_npy_out *file,
                cli_err *err)
{
    if (!target->host) {
        cli_device device;
        grad_out o = {meta, file};
        int status = cli_device_pick(&target->request, &device, err);
        return status != CLI_EXIT_OK
                   ? status
                   : cli_device_grad(&device, plan, dy, meta->bytes,
                                     write_result, &o, err);
    }
    cli_npy out;
    int status = cli_npy_alloc_like(meta, meta->rank, meta->shape,
                                    meta->bytes, &out, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_error lib;
    clslice_status st = clslice_host_grad(plan, dy->elem_size, dy->data,
                                          dy->shape, dy->rank, dy->bytes,
                                          out.data, out.bytes, &lib);
    status = st == CLSLICE_OK ? cli_npy_out_write(file, &out, err)
                              : cli_fail(err, CLI_EXIT_FAILURE, "%s",
                                         lib.message);
    cli_npy_free(&out);
    return status;
}

static int grad_main(char **paths, const cli_opts *opts, cli_err *err)
{
    cli_target target;
    cli_list shape;
    cli_npy dy = {0}, meta;
    cli_npy_out file = {.path = paths[1], .dest = NULL, .tmp = NULL};
    clslice_plan *plan = NULL;
    int status = cli_target_parse(cli_opt(opts, "host"),
                                  cli_opt(opts, "device"), &target, err);
    if (status == CLI_EXIT_OK)
        status = read_shape(opts, &shape, err);
    if (status == CLI_EXIT_OK)
        status = cli_spec_plan(opts, shape.value, (int)shape.len, &plan, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_load(paths[0], &dy, err);
    if (status == CLI_EXIT_OK)
        status = check_dy(paths[0], &dy, plan, err);
    if (status == CLI_EXIT_OK)
        status = output_meta(plan, &dy, &meta, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_open(&file, paths[1], err);
    if (status == CLI_EXIT_OK)
        status = grad(&target, plan, &dy, &meta, &file, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_commit_all(&file, 1, err);
    cli_npy_out_close(&file);
    clslice_plan_release(&plan);
    cli_npy_free(&dy);
    return status;
}

static int run_grad(const cli_command *self, int argc, char **argv)
{
    static const char *const missing[] = {
        "DY.npy and OUT.npy, which come first", "OUT.npy, which comes first"};
    const cli_optdef *const tables[] = {grad_options, cli_spec_options,
                                        NULL};
    return cli_run_command(self, argc, argv, 2, missing, tables, grad_main);
}

const cli_command cli_cmd_grad = {
    .name = "grad",
    .summary = "StridedSliceGrad: scatter a .npy gradient into zeros",
    .usage = "grad DY.npy OUT.npy --shape S SPEC [--device N | --host]",
    .description =
        "\n"
        "TensorFlow's StridedSliceGrad: the gradient of slicing a tensor of\n"
        "shape S with SPEC.  OUT.npy gets shape S and DY's dtype; it is zero\n"
        "everywhere except in the slice, which receives DY.  DY must have\n"
        "exactly the slice's final shape ('clslice shape --shape S SPEC'\n"
        "prints it); another shape exits with status 3.\n"
        "  --shape S    the sliced tensor's shape, e.g. 6,4,4 ('' for a\n"
        "               rank-0 tensor); every dim known (>= 0)\n"
        "OUT is written to a temporary file next to it and renamed into\n"
        "place at the end, so a failed run leaves OUT as it was.\n"
        "\n"
        "The gradient runs on the default OpenCL device (the first GPU,\n"
        "else the first device of any type), or on:\n"
        "  --device N   device N as 'clslice devices' numbers them; without\n"
        "               it, the environment variable CLSLICE_DEVICE=N\n"
        "  --host       the host reference executor, without OpenCL\n",
    .examples =
        "  $ python3 -c 'import numpy as np; "
        "np.save(\"dy.npy\", np.array([[1., 2.], [3., 4.]]))'\n"
        "  $ clslice grad dy.npy g.npy --shape 3,3 --expr '[1:, ::-2]'\n"
        "  $ python3 -c 'import numpy as np; print(np.load(\"g.npy\"))'\n"
        "  [[0. 0. 0.]\n"
        "   [2. 0. 1.]\n"
        "   [4. 0. 3.]]\n"
        "  $ clslice grad dy.npy g.npy --shape 2,2,3 --style tf --begin 1,0,0 "
        "--end 2,2,3 --shrink-axis-mask 1 --strides 1,1,2 --host\n",
    .takes_spec = true,
    .takes_files = true,
    .run = run_grad,
};
