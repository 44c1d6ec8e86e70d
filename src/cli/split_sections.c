/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* `clslice split`'s options as a clslice_split_spec (split_sections.h). */
#include "split_sections.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lists.h"

const cli_optdef cli_split_options[] = {
    {"style", false},       {"axis", false},        {"dim", false},
    {"sections", false},    {"indices", false},     {"sizes", false},
    {"num-split", false},   {"size-splits", false}, {"num-outputs", false},
    {"split", false},       {"num-splits", false},  {"split-lengths", false},
    {"split-size", false},  {"chunks", false},      {NULL, false},
};

/* One style: its library style and option names (NULL: not taken). */
typedef struct split_style {
    const char *name;
    clslice_split_style number_style, list_style;
    const char *number, *list, *axis;
} split_style;

static const split_style styles[] = {
    {"numpy", CLSLICE_SPLIT_NUMPY, CLSLICE_SPLIT_NUMPY, "sections",
     "indices", "axis"},
    {"array_split", CLSLICE_SPLIT_NUMPY_ARRAY, CLSLICE_SPLIT_NUMPY_ARRAY,
     "sections", "indices", "axis"},
    {"tf", CLSLICE_SPLIT_TF, CLSLICE_SPLIT_TF, "num-split", "size-splits",
     "axis"},
    {"onnx13", CLSLICE_SPLIT_ONNX_13, CLSLICE_SPLIT_ONNX_13, "num-outputs",
     "split", "axis"},
    {"onnx18", CLSLICE_SPLIT_ONNX_18, CLSLICE_SPLIT_ONNX_18, "num-outputs",
     "split", "axis"},
    {"openvino", CLSLICE_SPLIT_OPENVINO, CLSLICE_SPLIT_OPENVINO,
     "num-splits", NULL, "axis"},
    {"variadic", CLSLICE_SPLIT_OPENVINO_VARIADIC,
     CLSLICE_SPLIT_OPENVINO_VARIADIC, NULL, "split-lengths", "axis"},
    {"torch_split", CLSLICE_SPLIT_TORCH, CLSLICE_SPLIT_TORCH, "split-size",
     "sizes", "dim"},
    {"torch_chunk", CLSLICE_SPLIT_TORCH_CHUNK, CLSLICE_SPLIT_TORCH_CHUNK,
     "chunks", NULL, "dim"},
};

/* ---- options ---------------------------------------------------------- */

/* Every option given belongs to the style (or, without one, to the
 * default's three); exactly one of its integer and list options. */
static bool belongs(const split_style *style, const char *name)
{
    if (strcmp(name, "style") == 0)
        return true;
    if (!style)
        return strcmp(name, "sections") == 0 ||
               strcmp(name, "indices") == 0 || strcmp(name, "sizes") == 0 ||
               strcmp(name, "axis") == 0;
    return (style->number && strcmp(name, style->number) == 0) ||
           (style->list && strcmp(name, style->list) == 0) ||
           strcmp(name, style->axis) == 0;
}

static int find_style(const cli_opts *opts, const split_style **style,
                      cli_err *err)
{
    const char *name = cli_opt(opts, "style");
    *style = NULL;
    if (!name)
        return CLI_EXIT_OK;
    for (size_t i = 0; i < sizeof styles / sizeof *styles; i++)
        if (strcmp(styles[i].name, name) == 0) {
            *style = &styles[i];
            return CLI_EXIT_OK;
        }
    return cli_usage_error(err, "--style: unknown split style '%.40s' "
                           "(expected numpy, array_split, tf, onnx13, "
                           "onnx18, openvino, variadic, torch_split or "
                           "torch_chunk)", name);
}

static int check_options(const cli_opts *opts, const split_style *style,
                         cli_err *err)
{
    for (size_t i = 0; i < opts->count; i++) {
        const char *name = opts->name[i];
        bool ours = false;
        for (const cli_optdef *d = cli_split_options; d->name; d++)
            ours = ours || strcmp(d->name, name) == 0;
        if (ours && !belongs(style, name))
            return style ? cli_usage_error(err, "option --%s does not "
                                           "belong to --style %s", name,
                                           style->name)
                         : cli_usage_error(err, "option --%s needs a "
                                           "--style (see --help)", name);
    }
    return CLI_EXIT_OK;
}

/* The style's integer or list option, whichever was given. */
typedef struct split_args {
    const char *option; /* the one given */
    bool is_list;
    clslice_split_style lib_style;
    cli_list values;
} split_args;

static int pick_argument(const cli_opts *opts, const split_style *style,
                         split_args *a, cli_err *err)
{
    /* without a style, the command's first options: --sections as
     * array_split, --indices as numpy.split, --sizes as VariadicSplit
     * (sizes adding up to the length, one of them may be -1) */
    const char *options[3] = {style ? style->number : "sections",
                              style ? style->list : "indices",
                              style ? NULL : "sizes"};
    const clslice_split_style lib[3] = {
        style ? style->number_style : CLSLICE_SPLIT_NUMPY_ARRAY,
        style ? style->list_style : CLSLICE_SPLIT_NUMPY,
        CLSLICE_SPLIT_OPENVINO_VARIADIC};
    int found = 0;
    for (int i = 0; i < 3; i++) {
        if (!options[i] || !cli_opt(opts, options[i]))
            continue;
        *a = (split_args){.option = options[i], .is_list = i > 0,
                          .lib_style = lib[i]};
        found++;
    }
    if (found != 1) {
        char names[96] = "";
        for (int i = 0; i < 3; i++)
            if (options[i])
                snprintf(names + strlen(names), sizeof names - strlen(names),
                         "%s--%s", names[0] ? " or " : "", options[i]);
        return cli_usage_error(err, "%s %s (see --help)",
                               found ? "give only one of" : "missing",
                               names);
    }
    bool given;
    int status = cli_list_option(opts, a->option, false, &a->values, &given,
                                 err);
    if (status == CLI_EXIT_OK && !a->is_list && a->values.len != 1)
        return cli_usage_error(err, "--%s wants one integer, not %zu",
                               a->option, a->values.len);
    return status;
}

static int parse_axis(const cli_opts *opts, const char *option, int rank,
                      int *axis, cli_err *err)
{
    int64_t a;
    int status = cli_int_option(opts, option, 0, &a, err);
    if (status != CLI_EXIT_OK)
        return status;
    if (rank == 0)
        return cli_usage_error(err, "cannot split a 0-d array (it has no "
                                    "axis)");
    if (a < -rank || a >= rank)
        return cli_usage_error(err, "--%s %lld is out of range for an "
                               "array of rank %d", option, (long long)a,
                               rank);
    *axis = (int)(a < 0 ? a + rank : a);
    return CLI_EXIT_OK;
}

/* ---- the pieces ------------------------------------------------------- */

/* The library's refusal, prefixed with the option it concerns. */
static int refused(clslice_status st, const char *option,
                   const clslice_error *lib, cli_err *err)
{
    if (st == CLSLICE_ERROR_MEMORY)
        return cli_fail(err, CLI_EXIT_FAILURE, "%s", lib->message);
    return cli_usage_error(err, "--%s: %s", option, lib->message);
}

static int plan_pieces(const int64_t *shape, int rank,
                       const clslice_split_spec *spec, const char *option,
                       cli_sections *s, cli_err *err)
{
    clslice_error lib;
    size_t count = 0;
    clslice_status st = clslice_plan_split(shape, rank, spec, NULL, 0,
                                           &count, &lib);
    if (st != CLSLICE_OK)
        return refused(st, option, &lib, err);
    if (count > CLI_MAX_SECTIONS)
        return cli_usage_error(err, "--%s: %zu pieces are more than the %d "
                               "allowed", option, count, CLI_MAX_SECTIONS);
    s->plans = calloc(count ? count : 1, sizeof *s->plans);
    if (!s->plans)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    st = clslice_plan_split(shape, rank, spec, s->plans, count, &s->count,
                            &lib);
    return st == CLSLICE_OK ? CLI_EXIT_OK : refused(st, option, &lib, err);
}

int cli_sections_make(const cli_opts *opts, const int64_t *shape, int rank,
                      cli_sections *s, cli_err *err)
{
    *s = (cli_sections){0, NULL};
    const split_style *style;
    split_args a;
    int axis = 0;
    int status = find_style(opts, &style, err);
    if (status == CLI_EXIT_OK)
        status = check_options(opts, style, err);
    if (status == CLI_EXIT_OK)
        status = pick_argument(opts, style, &a, err);
    if (status == CLI_EXIT_OK)
        status = parse_axis(opts, style ? style->axis : "axis", rank, &axis,
                            err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_split_spec spec = {
        .style = a.lib_style, .axis = axis,
        .number = a.is_list ? 0 : a.values.value[0],
        .list = a.is_list ? a.values.value : NULL,
        .list_len = a.is_list ? a.values.len : 0};
    status = plan_pieces(shape, rank, &spec, a.option, s, err);
    if (status != CLI_EXIT_OK)
        cli_sections_free(s);
    return status;
}

void cli_sections_free(cli_sections *s)
{
    for (size_t i = 0; s->plans && i < s->count; i++)
        clslice_plan_release(&s->plans[i]);
    free(s->plans);
    *s = (cli_sections){0, NULL};
}
