/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* clslice assign: writes a .npy value into a slice of a .npy tensor (TF
 * StridedSliceAssign, MXNet _slice_assign and _slice_assign_scalar), on an
 * OpenCL device or with the host executor. */
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "blocked_option.h"
#include "commands.h"
#include "device.h"
#include "device_dynamic.h"
#include "device_scatter.h"
#include "diag.h"
#include "npy/npy.h"
#include "spec.h"

static const cli_optdef assign_options[] = {
    {"device", false},
    {"host", true},
    {"exact", true},
    {"dynamic", true},
    {"dst-blocked", false},
    {NULL, false},
};

/* IN as the command sees it: its logical shape (IN's own, or the tensor
 * whose blocked storage IN holds under --dst-blocked). */
typedef struct assign_target {
    cli_blocked blocked;
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
} assign_target;

static int read_target(const cli_opts *opts, const cli_npy *in,
                       assign_target *t, cli_err *err)
{
    int status = cli_blocked_parse("dst-blocked",
                                   cli_opt(opts, "dst-blocked"), true,
                                   &t->blocked, err);
    if (status == CLI_EXIT_OK && t->blocked.on && cli_opt(opts, "dynamic"))
        return cli_usage_error(err, "--dynamic does not take a blocked "
                               "tensor (--dst-blocked)");
    if (status != CLI_EXIT_OK || !t->blocked.on) {
        t->rank = in->rank;
        memcpy(t->shape, in->shape, sizeof t->shape);
        return status;
    }
    return cli_blocked_logical(&t->blocked, "dst-blocked", in->shape,
                               in->rank, t->shape, &t->rank, err);
}

static int check_dtype(const char *in_path, const cli_npy *in,
                       const char *value_path, const cli_npy *value,
                       cli_err *err)
{
    if (strcmp(in->descr, value->descr) != 0)
        return cli_fail(err, CLI_EXIT_FILE,
                        "%.200s: dtype '%s' differs from the dtype '%s' of "
                        "%.200s; assign writes values of the tensor's own "
                        "dtype", value_path, value->descr, in->descr,
                        in_path);
    return CLI_EXIT_OK;
}

/* Same dtype, and a value shape the rule accepts for this slice; both are
 * about the files, hence CLI_EXIT_FILE. */
static int check_value(const char *in_path, const cli_npy *in,
                       const char *value_path, const cli_npy *value,
                       const clslice_plan *plan, clslice_value_rule rule,
                       cli_err *err)
{
    int status = check_dtype(in_path, in, value_path, value, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_layout layout;
    clslice_error lib;
    clslice_status st = clslice_plan_scatter_layout(plan, value->shape,
                                                    value->rank, rule,
                                                    &layout, &lib);
    if (st == CLSLICE_ERROR_SHAPE)
        return cli_fail(err, CLI_EXIT_FILE, "%.200s does not fit the slice: "
                        "%s", value_path, lib.message);
    /* a plan built on a loaded file is known and fits in memory */
    return st == CLSLICE_OK ? CLI_EXIT_OK
                            : cli_fail(err, CLI_EXIT_FAILURE, "%s",
                                       lib.message);
}

/* The plan of the slice VALUE is written into (a dynamic_update_slice
 * takes its window from VALUE's shape). */
static int write_plan(const cli_opts *opts, const assign_target *t,
                      const cli_npy *value, clslice_plan **plan, cli_err *err)
{
    cli_spec_target target = {.shape = t->shape, .rank = t->rank,
                              .value_shape = value->shape,
                              .value_rank = value->rank};
    return cli_spec_plan_write(opts, &target, plan, err);
}

/* The result: IN's dtype and shape, and where it goes. */
typedef struct assign_out {
    const cli_npy *in;
    cli_npy_out *out;
} assign_out;

/* The device hands over the whole tensor, mapped: written from there. */
static int write_result(void *ctx, size_t index, const void *data,
                        cli_err *err)
{
    (void)index;
    const assign_out *o = ctx;
    cli_npy view = *o->in;
    view.data = (unsigned char *)data;
    return cli_npy_out_write(o->out, &view, err);
}

/* Writes value into the slice and the result to out: on the device from
 * the device's buffer, on the host from IN's own pages (a private
 * mapping or memory: the file is not changed). */
static int scatter(const cli_target *target, const clslice_plan *plan,
                   const cli_npy *value, clslice_value_rule rule,
                   const assign_target *t, cli_npy *tensor, cli_npy_out *out,
                   cli_err *err)
{
    const clslice_blocking *blocking = t->blocked.on ? &t->blocked.blocking
                                                     : NULL;
    if (!target->host) {
        cli_device device;
        assign_out o = {tensor, out};
        int status = cli_device_pick(&target->request, &device, err);
        return status != CLI_EXIT_OK
                   ? status
                   : cli_device_scatter(&device, plan, value, rule, tensor,
                                        blocking, write_result, &o, err);
    }
    clslice_host_scatter_desc desc = CLSLICE_HOST_SCATTER_DESC_INIT;
    desc.plan = plan;
    desc.elem_size = tensor->elem_size;
    desc.value = (clslice_host_tensor){value->data, value->bytes, 0, NULL};
    desc.value_shape = value->shape;
    desc.value_rank = value->rank;
    desc.rule = rule;
    desc.dst = (clslice_host_tensor){tensor->data, tensor->bytes, 0, NULL};
    desc.dst_blocking = blocking;
    clslice_error lib;
    clslice_status st = clslice_host_scatter2(&desc, &lib);
    return st == CLSLICE_OK ? cli_npy_out_write(out, tensor, err)
                            : cli_fail(err, CLI_EXIT_FAILURE, "%s",
                                       lib.message);
}

/* Why the device rejected the write: the host's message for the spec,
 * or for the value against the slice. */
static int explain(char **paths, const cli_opts *opts, const cli_npy *in,
                   const cli_npy *value, clslice_value_rule rule,
                   bool translated, int64_t rejected, cli_err *err)
{
    clslice_plan *plan = NULL;
    assign_target t = {.rank = in->rank}; /* --dynamic: never blocked */
    memcpy(t.shape, in->shape, sizeof t.shape);
    int status = write_plan(opts, &t, value, &plan, err);
    if (status == CLI_EXIT_OK)
        status = check_value(paths[0], in, paths[1], value, plan, rule, err);
    clslice_plan_release(&plan);
    if (status != CLI_EXIT_OK)
        return status;
    if (!translated)
        return cli_usage_error(err, "--dynamic: this --expr has no "
                               "tf.strided_slice form (more than 31 "
                               "items?)");
    return cli_fail(err, CLI_EXIT_FAILURE,
                    "internal error: the device rejected the write (status "
                    "%lld) but the host accepts it", (long long)rejected);
}

/* --dynamic: the spec's values on the device, as `slice --dynamic`. */
static int assign_dynamic(char **paths, const cli_target *target,
                          const cli_opts *opts, const cli_npy *in,
                          const cli_npy *value, clslice_value_rule rule,
                          cli_npy_out *out, cli_err *err)
{
    if (target->host)
        return cli_usage_error(err, "--dynamic runs on an OpenCL device; "
                               "it cannot be combined with --host");
    int status = cli_spec_check(opts, true, err);
    if (status == CLI_EXIT_OK)
        status = check_dtype(paths[0], in, paths[1], value, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_open(out, paths[2], err);
    if (status != CLI_EXIT_OK)
        return status;
    cli_dyn_spec *spec = malloc(sizeof *spec);
    if (!spec)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    bool translated;
    int64_t rejected = CLSLICE_OK;
    status = cli_dyn_spec_read(opts, spec, &translated, err);
    if (status == CLI_EXIT_OK && translated) {
        cli_device device;
        assign_out o = {in, out};
        status = cli_device_pick(&target->request, &device, err);
        if (status == CLI_EXIT_OK)
            status = cli_device_dynamic_assign(&device, spec, in, value,
                                               rule, &rejected, write_result,
                                               &o, err);
    }
    free(spec);
    if (status == CLI_EXIT_OK && (!translated || rejected != CLSLICE_OK))
        status = explain(paths, opts, in, value, rule, translated, rejected,
                         err);
    return status;
}

/* The write, into out (not yet renamed into place). */
static int assign_into(char **paths, const cli_opts *opts,
                       const cli_target *target, cli_npy *in,
                       const cli_npy *value, cli_npy_out *out, cli_err *err)
{
    clslice_value_rule rule = cli_opt(opts, "exact")
                                  ? CLSLICE_VALUE_EXACT
                                  : CLSLICE_VALUE_BROADCAST;
    assign_target t;
    int status = read_target(opts, in, &t, err);
    if (status == CLI_EXIT_OK && cli_opt(opts, "dynamic"))
        return assign_dynamic(paths, target, opts, in, value, rule, out,
                              err);
    clslice_plan *plan = NULL;
    if (status == CLI_EXIT_OK)
        status = write_plan(opts, &t, value, &plan, err);
    if (status == CLI_EXIT_OK)
        status = check_value(paths[0], in, paths[1], value, plan, rule,
                             err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_open(out, paths[2], err);
    if (status == CLI_EXIT_OK)
        status = scatter(target, plan, value, rule, &t, in, out, err);
    clslice_plan_release(&plan);
    return status;
}

static int assign_main(char **paths, const cli_opts *opts, cli_err *err)
{
    cli_target target;
    cli_npy in = {0}, value = {0};
    cli_npy_out out = {.path = paths[2], .dest = NULL, .tmp = NULL};
    int status = cli_target_parse(cli_opt(opts, "host"),
                                  cli_opt(opts, "device"), &target, err);
    /* standard input holds one file: the second read would find its end */
    if (status == CLI_EXIT_OK && strcmp(paths[0], "-") == 0 &&
        strcmp(paths[1], "-") == 0)
        status = cli_usage_error(err, "IN and VALUE cannot both be '-' "
                                      "(standard input holds one file)");
    if (status == CLI_EXIT_OK)
        status = cli_npy_load(paths[0], &in, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_load(paths[1], &value, err);
    if (status == CLI_EXIT_OK)
        status = assign_into(paths, opts, &target, &in, &value, &out, err);
    if (status == CLI_EXIT_OK)
        status = cli_npy_out_commit_all(&out, 1, err);
    cli_npy_out_close(&out);
    cli_npy_free(&value);
    cli_npy_free(&in);
    return status;
}

static int run_assign(const cli_command *self, int argc, char **argv)
{
    static const char *const missing[] = {
        "IN.npy, VALUE.npy and OUT.npy, which come first",
        "VALUE.npy and OUT.npy, which come first",
        "OUT.npy, which comes first"};
    const cli_optdef *const tables[] = {assign_options, cli_spec_options,
                                        NULL};
    return cli_run_command(self, argc, argv, 3, missing, tables,
                           assign_main);
}

const cli_command cli_cmd_assign = {
    .name = "assign",
    .summary = "write a .npy value into a slice of a .npy tensor",
    .usage = "assign IN.npy VALUE.npy OUT.npy SPEC [--device N | --host] "
             "[--exact] [--dynamic]\n"
             "      [--dst-blocked AXIS:BLOCK[:SIZE]]",
    .description =
        "\n"
        "Writes OUT.npy = IN.npy with IN[SPEC] = VALUE.npy: the elements of\n"
        "the slice receive VALUE, every other element keeps its value.\n"
        "VALUE must have IN's dtype.  By default VALUE broadcasts to the\n"
        "slice's final shape as in numpy and TensorFlow's\n"
        "tensor[...].assign(v): its dims align with the slice's from the\n"
        "right, a dim of 1 repeats, extra leading dims must be 1, and a\n"
        "VALUE of shape () fills the slice (MXNet _slice_assign_scalar).  An\n"
        "empty slice leaves IN as it is, whatever VALUE's shape.\n"
        "  --exact      VALUE must have the slice's final shape exactly\n"
        "               (MXNet _slice_assign)\n"
        "  --dynamic    run with the spec's values in a device buffer, as\n"
        "               'clslice slice --dynamic' (the device checks that\n"
        "               VALUE fits; a misfit is explained as above)\n"
        "  --dst-blocked AXIS:BLOCK[:SIZE]  IN holds the dense blocked\n"
        "               storage of a tensor (NC4HW4, fsv16, nChw16c: its\n"
        "               logical shape with AXIS counting blocks, then one\n"
        "               more dim of BLOCK lanes; SIZE is the logical size\n"
        "               of AXIS, default every lane), as 'clslice slice\n"
        "               --src-blocked' reads it.  SPEC slices the logical\n"
        "               tensor, VALUE is plain, and OUT is IN's storage with\n"
        "               the slice's elements written; padding lanes keep\n"
        "               their bytes.  Not with --dynamic.\n"
        "A VALUE of another dtype, or a shape that does not fit, exits with\n"
        "status 3.  OUT is written to a temporary file next to it and\n"
        "renamed into place at the end, so a failed run leaves OUT as it\n"
        "was; OUT may be IN.  Files are read as 'clslice slice' reads them.\n"
        "\n"
        "The write runs on the default OpenCL device (the first GPU, else\n"
        "the first device of any type), or on:\n"
        "  --device N   device N as 'clslice devices' numbers them; without\n"
        "               it, the environment variable CLSLICE_DEVICE=N\n"
        "  --host       the host reference executor, without OpenCL\n",
    .examples =
        "  $ python3 -c 'import numpy as np; "
        "np.save(\"a.npy\", np.arange(6.).reshape(2,3)); "
        "np.save(\"v.npy\", np.array([10., 20.]))'\n"
        "  $ clslice assign a.npy v.npy b.npy --expr '[:, ::-2]'\n"
        "  $ python3 -c 'import numpy as np; print(np.load(\"b.npy\"))'\n"
        "  [[20.  1. 10.]\n"
        "   [20.  4. 10.]]\n"
        "  $ python3 -c 'import numpy as np; "
        "np.save(\"s.npy\", np.float64(-1))'\n"
        "  $ clslice assign a.npy s.npy b.npy --style mxnet --begin 1 "
        "--end 2 --host\n"
        "  $ python3 -c 'import numpy as np; print(np.load(\"b.npy\"))'\n"
        "  [[ 0.  1.  2.]\n"
        "   [-1. -1. -1.]]\n"
        "  $ clslice assign nc4hw4.npy s.npy c.npy --expr '[:, 3:7]' "
        "--dst-blocked 1:4:10\n",
    .takes_spec = true,
    .takes_files = true,
    .run = run_assign,
};
