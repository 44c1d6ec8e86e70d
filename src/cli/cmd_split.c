/* clslice split: splits a .npy file along one axis into PREFIX_0.npy,
 * PREFIX_1.npy, ... (numpy.array_split, numpy.split with indices, or
 * tf.split with sizes), on an OpenCL device with one batched gather, or
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
    {"sections", false},
    {"indices", false},
    {"sizes", false},
    {"axis", false},
    {"device", false},
    {"host", true},
    {NULL, false},
};

static int parse_axis(const cli_opts *opts, int rank, int *axis,
                      cli_err *err)
{
    int64_t a;
    int status = cli_int_option(opts, "axis", 0, &a, err);
    if (status != CLI_EXIT_OK)
        return status;
    if (rank == 0)
        return cli_usage_error(err, "cannot split a 0-d array (it has no "
                                    "axis)");
    if (a < -rank || a >= rank)
        return cli_usage_error(err, "--axis %lld is out of range for an "
                                    "array of rank %d", (long long)a, rank);
    *axis = (int)(a < 0 ? a + rank : a);
    return CLI_EXIT_OK;
}

/* Exactly one of --sections, --indices and --sizes, as its mode. */
static int parse_mode(const cli_opts *opts, cli_split_mode *mode,
                      cli_list *values, cli_err *err)
{
    static const char *const names[] = {"sections", "indices", "sizes"};
    static const cli_split_mode modes[] = {
        CLI_SPLIT_SECTIONS, CLI_SPLIT_INDICES, CLI_SPLIT_SIZES};
    int found = 0;
    for (int i = 0; i < 3; i++) {
        if (!cli_opt(opts, names[i]))
            continue;
        bool given;
        int status = cli_list_option(opts, names[i], false, values, &given,
                                     err);
        if (status != CLI_EXIT_OK)
            return status;
        *mode = modes[i];
        found++;
    }
    if (found != 1)
        return cli_usage_error(err, "%s --sections, --indices or --sizes "
                                    "(see --help)",
                               found ? "give only one of" : "missing");
    return CLI_EXIT_OK;
}

/* ---- the run ------------------------------------------------------------ */

typedef struct split_run {
    const char *prefix;
    cli_npy in;
    int axis;
    cli_sections s;
    clslice_plan **plans;
    char **paths;
    cli_npy_out *outs;
} split_run;

static int parse_sections(const cli_opts *opts, split_run *r, cli_err *err)
{
    cli_split_mode mode = CLI_SPLIT_SECTIONS;
    cli_list values;
    int status = parse_axis(opts, r->in.rank, &r->axis, err);
    if (status == CLI_EXIT_OK)
        status = parse_mode(opts, &mode, &values, err);
    return status == CLI_EXIT_OK
               ? cli_sections_make(mode, values.value, values.len,
                                   r->in.shape[r->axis], &r->s, err)
               : status;
}

/* The plans, and every output decided on (and refused if it cannot be
 * written) before any section is computed. */
static int prepare(split_run *r, cli_err *err)
{
    size_t n = r->s.count, size = strlen(r->prefix) + 32;
    r->plans = calloc(n, sizeof *r->plans);
    r->paths = calloc(n, sizeof *r->paths);
    r->outs = calloc(n, sizeof *r->outs);
    if (!r->plans || !r->paths || !r->outs)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    int status = CLI_EXIT_OK;
    for (size_t i = 0; i < n && status == CLI_EXIT_OK; i++) {
        r->paths[i] = malloc(size);
        if (!r->paths[i])
            return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
        snprintf(r->paths[i], size, "%s_%zu.npy", r->prefix, i);
        status = cli_section_plan(r->in.shape, r->in.rank, r->axis, &r->s,
                                  i, &r->plans[i], err);
        if (status == CLI_EXIT_OK)
            status = cli_npy_out_open(&r->outs[i], r->paths[i], err);
    }
    return status;
}

/* Section i's array: the plan's shape in the input's dtype, around data
 * that the caller owns. */
static cli_npy section_view(const split_run *r, size_t i, void *data)
{
    cli_npy view;
    cli_npy_plan_meta(r->plans[i], &r->in, &view);
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
        status = cli_npy_for_plan(r->plans[i], &r->in, &out, err);
        if (status != CLI_EXIT_OK)
            break;
        cli_progress_phase("slicing", r->paths[i], 0);
        clslice_error lib;
        clslice_status st = clslice_host_gather(
            r->plans[i], r->in.elem_size, r->in.data, r->in.bytes, out.data,
            out.bytes, &lib);
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
    status = cli_device_split(&device, r->plans, r->s.count,
                              r->in.elem_size, r->in.data, r->in.bytes,
                              bytes, write_section, r, err);
    free(bytes);
    return status;
}

static void release(split_run *r)
{
    for (size_t i = 0; i < r->s.count; i++) {
        if (r->plans)
            clslice_plan_release(&r->plans[i]);
        if (r->outs)
            cli_npy_out_close(&r->outs[i]);
        if (r->paths)
            free(r->paths[i]);
    }
    free(r->plans);
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
    status = parse_sections(opts, &r, err);
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
    const cli_optdef *const tables[] = {split_options, NULL};
    return cli_run_command(self, argc, argv, 2, missing, tables, split_main);
}

const cli_command cli_cmd_split = {
    .name = "split",
    .summary = "split a .npy file along an axis into several files",
    .usage = "split IN.npy PREFIX (--sections N | --indices I,J,... | "
             "--sizes S,T,...)\n"
             "        [--axis A] [--device N | --host]",
    .description =
        "\n"
        "Splits IN.npy along axis A (default 0; negative counts from the\n"
        "end) and writes section i to PREFIX_i.npy.  Every output is checked\n"
        "first; the sections are written to temporary files and renamed\n"
        "into place only when all of them were written, so a failed run\n"
        "replaces no file (a FIFO or device among the outputs is written\n"
        "in place as its section is ready).\n"
        "\n"
        "  --sections N     N sections as numpy.array_split makes them: the\n"
        "                   first (length % N) one longer than the rest;\n"
        "                   equal to numpy.split(a, N) whenever that one\n"
        "                   succeeds (N divides the length); N may exceed\n"
        "                   the length (empty sections); at most 4096\n"
        "  --indices LIST   numpy.split(a, [I, J, ...]): sections [:I],\n"
        "                   [I:J], ..., [K:] as Python slices (negative\n"
        "                   indices count from the end, out-of-range ones\n"
        "                   clip, a decreasing pair gives an empty section)\n"
        "  --sizes LIST     tf.split(a, [S, T, ...]): sections of these\n"
        "                   lengths, which must add up to the axis length;\n"
        "                   one of them may be -1 (whatever is left)\n"
        "\n"
        "On an OpenCL device all sections are cut by one\n"
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
        "  $ clslice split a.npy part --sizes 4,-1\n",
    .takes_spec = false,
    .takes_files = true,
    .run = run_split,
};
