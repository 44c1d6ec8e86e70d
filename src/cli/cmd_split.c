/* clslice split: splits a .npy file along one axis into PREFIX_0.npy,
 * PREFIX_1.npy, ... (numpy.array_split, numpy.split with indices, or
 * tf.split with sizes), on an OpenCL device with one batched gather, or
 * with the host reference executor.  Every file is staged first and
 * renamed into place only when all were written, so a failed run leaves
 * no output behind. */
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

enum { MAX_SECTIONS = 4096 };

static const cli_optdef split_options[] = {
    {"sections", false},
    {"indices", false},
    {"sizes", false},
    {"axis", false},
    {"device", false},
    {"host", true},
    {NULL, false},
};

/* The sections: section i is [start[i]:start[i + 1]] along the axis, as a
 * Python slice (negative bounds count from the end, bounds clip). */
typedef struct sections {
    int axis;
    size_t count;
    int64_t *bound; /* count + 1 */
} sections;

/* One integer option (a list of one entry). */
static int one_value(const cli_opts *opts, const char *name, int64_t *value,
                     bool *given, cli_err *err)
{
    cli_list list;
    int status = cli_list_option(opts, name, false, &list, given, err);
    if (status != CLI_EXIT_OK || !*given)
        return status;
    if (list.len != 1)
        return cli_usage_error(err, "--%s wants one integer, not %zu", name,
                               list.len);
    *value = list.value[0];
    return CLI_EXIT_OK;
}

static int parse_axis(const cli_opts *opts, int rank, int *axis,
                      cli_err *err)
{
    int64_t a = 0;
    bool given;
    int status = one_value(opts, "axis", &a, &given, err);
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

static int alloc_bounds(sections *s, size_t count, cli_err *err)
{
    if (count > MAX_SECTIONS)
        return cli_usage_error(err, "%zu sections are more than the %d "
                                    "allowed", count, MAX_SECTIONS);
    s->count = count;
    s->bound = malloc((count + 1) * sizeof *s->bound);
    return s->bound ? CLI_EXIT_OK
                    : cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
}

/* numpy.array_split: n sections, the first len % n one longer. */
static int by_sections(int64_t n, int64_t len, sections *s, cli_err *err)
{
    if (n < 1 || n > MAX_SECTIONS)
        return cli_usage_error(err, "--sections %lld: want 1 to %d",
                               (long long)n, MAX_SECTIONS);
    int status = alloc_bounds(s, (size_t)n, err);
    if (status != CLI_EXIT_OK)
        return status;
    int64_t each = len / n, extra = len % n;
    s->bound[0] = 0;
    for (int64_t i = 0; i < n; i++)
        s->bound[i + 1] = s->bound[i] + each + (i < extra ? 1 : 0);
    return CLI_EXIT_OK;
}

/* numpy.split with indices: [0, i, j, ..., len]. */
static int by_indices(const cli_list *list, int64_t len, sections *s,
                      cli_err *err)
{
    int status = alloc_bounds(s, list->len + 1, err);
    if (status != CLI_EXIT_OK)
        return status;
    s->bound[0] = 0;
    for (size_t i = 0; i < list->len; i++)
        s->bound[i + 1] = list->value[i];
    s->bound[list->len + 1] = len;
    return CLI_EXIT_OK;
}

/* tf.split with size_splits: sizes >= 0 summing to len, one may be -1
 * (the rest). */
static int by_sizes(const cli_list *list, int64_t len, sections *s,
                    cli_err *err)
{
    int64_t sum = 0;
    size_t infer = SIZE_MAX;
    for (size_t i = 0; i < list->len; i++) {
        int64_t v = list->value[i];
        if (v == -1 && infer == SIZE_MAX)
            infer = i;
        else if (v < 0)
            return cli_usage_error(err, "--sizes entry %zu is %lld: sizes "
                                        "are >= 0, one may be -1", i,
                                   (long long)v);
        else
            sum += v;
        if (sum > len)
            break;
    }
    if (sum > len || (infer == SIZE_MAX && sum != len))
        return cli_usage_error(err, "--sizes add up to %lld but the axis "
                                    "has %lld", (long long)sum,
                               (long long)len);
    int status = alloc_bounds(s, list->len, err);
    if (status != CLI_EXIT_OK)
        return status;
    s->bound[0] = 0;
    for (size_t i = 0; i < list->len; i++)
        s->bound[i + 1] = s->bound[i] +
                          (i == infer ? len - sum : list->value[i]);
    return CLI_EXIT_OK;
}

static int parse_sections(const cli_opts *opts, const cli_npy *in,
                          sections *s, cli_err *err)
{
    int status = parse_axis(opts, in->rank, &s->axis, err);
    if (status != CLI_EXIT_OK)
        return status;
    int64_t len = in->shape[s->axis], n = 0;
    cli_list indices, sizes;
    bool by_n = false, by_i = false, by_s = false;
    status = one_value(opts, "sections", &n, &by_n, err);
    if (status == CLI_EXIT_OK)
        status = cli_list_option(opts, "indices", false, &indices, &by_i,
                                 err);
    if (status == CLI_EXIT_OK)
        status = cli_list_option(opts, "sizes", false, &sizes, &by_s, err);
    if (status != CLI_EXIT_OK)
        return status;
    if (by_n + by_i + by_s != 1)
        return cli_usage_error(err, "%s --sections, --indices or --sizes "
                                    "(see --help)",
                               by_n + by_i + by_s ? "give only one of"
                                                  : "missing");
    if (by_n)
        return by_sections(n, len, s, err);
    return by_i ? by_indices(&indices, len, s, err)
                : by_sizes(&sizes, len, s, err);
}

/* ---- the plans and outputs ---------------------------------------------- */

/* "[:, :, a:b]" with the range on the axis. */
static int section_plan(const cli_npy *in, const sections *s, size_t i,
                        clslice_plan **plan, cli_err *err)
{
    char expr[CLSLICE_MAX_RANK * 4 + 64];
    size_t used = 0;
    expr[used++] = '[';
    for (int k = 0; k < s->axis; k++)
        used += (size_t)snprintf(expr + used, sizeof expr - used, ":, ");
    snprintf(expr + used, sizeof expr - used, "%lld:%lld]",
             (long long)s->bound[i], (long long)s->bound[i + 1]);
    clslice_error lib;
    return cli_library_result(clslice_plan_expr(in->shape, in->rank, expr,
                                                plan, &lib),
                              &lib, err);
}

typedef struct split_run {
    cli_npy in;
    sections s;
    clslice_plan **plans;
    cli_npy *outs;
    char **staged;
} split_run;

static int prepare(split_run *r, cli_err *err)
{
    size_t n = r->s.count;
    r->plans = calloc(n, sizeof *r->plans);
    r->outs = calloc(n, sizeof *r->outs);
    r->staged = calloc(n, sizeof *r->staged);
    if (!r->plans || !r->outs || !r->staged)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    int status = CLI_EXIT_OK;
    for (size_t i = 0; i < n && status == CLI_EXIT_OK; i++) {
        status = section_plan(&r->in, &r->s, i, &r->plans[i], err);
        if (status == CLI_EXIT_OK)
            status = cli_npy_for_plan(r->plans[i], &r->in, &r->outs[i],
                                      err);
    }
    return status;
}

static int gather_host(split_run *r, cli_err *err)
{
    for (size_t i = 0; i < r->s.count; i++) {
        clslice_error lib;
        clslice_status st = clslice_host_gather(
            r->plans[i], r->in.elem_size, r->in.data, r->in.bytes,
            r->outs[i].data, r->outs[i].bytes, &lib);
        if (st != CLSLICE_OK)
            return cli_fail(err, CLI_EXIT_FAILURE, "%s", lib.message);
    }
    return CLI_EXIT_OK;
}

static int gather(const cli_target *target, split_run *r, cli_err *err)
{
    if (target->host)
        return gather_host(r, err);
    cli_device device;
    int status = cli_device_pick(&target->request, &device, err);
    return status != CLI_EXIT_OK
               ? status
               : cli_device_split(&device, r->plans, r->s.count,
                                  r->in.elem_size, r->in.data, r->in.bytes,
                                  r->outs, err);
}

/* All files staged, then all renamed into place. */
static int write_all(const char *prefix, split_run *r, cli_err *err)
{
    size_t n = r->s.count;
    size_t size = strlen(prefix) + 32;
    char *path = malloc(size);
    if (!path)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    int status = CLI_EXIT_OK;
    for (size_t i = 0; i < n && status == CLI_EXIT_OK; i++) {
        snprintf(path, size, "%s_%zu.npy", prefix, i);
        status = cli_npy_stage(path, &r->outs[i], &r->staged[i], err);
    }
    for (size_t i = 0; i < n && status == CLI_EXIT_OK; i++) {
        snprintf(path, size, "%s_%zu.npy", prefix, i);
        char *tmp = r->staged[i];
        r->staged[i] = NULL;
        status = cli_npy_commit(tmp, path, err);
    }
    free(path);
    return status;
}

static void release(split_run *r)
{
    for (size_t i = 0; i < r->s.count; i++) {
        if (r->plans)
            clslice_plan_release(&r->plans[i]);
        if (r->outs)
            cli_npy_free(&r->outs[i]);
        if (r->staged)
            cli_npy_discard(r->staged[i]);
    }
    free(r->plans);
    free(r->outs);
    free(r->staged);
    free(r->s.bound);
    cli_npy_free(&r->in);
}

static int split_main(char **paths, const cli_opts *opts, cli_err *err)
{
    cli_target target;
    split_run r;
    memset(&r, 0, sizeof r);
    int status = cli_target_parse(cli_opt(opts, "host"),
                                  cli_opt(opts, "device"), &target, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = cli_npy_load(paths[0], &r.in, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = parse_sections(opts, &r.in, &r.s, err);
    if (status == CLI_EXIT_OK)
        status = prepare(&r, err);
    if (status == CLI_EXIT_OK)
        status = gather(&target, &r, err);
    if (status == CLI_EXIT_OK)
        status = write_all(paths[1], &r, err);
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
        "end) and writes section i to PREFIX_i.npy.  The sections are\n"
        "written to temporary files first and renamed into place only when\n"
        "all of them were written, so a failed run writes no file.\n"
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
    .run = run_split,
};
