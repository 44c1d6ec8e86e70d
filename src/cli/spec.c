/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* SPEC: choosing the style, checking its options, building the plan. */
#include "spec.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "spec_build.h"

const cli_optdef cli_spec_options[] = {
    {"expr", false},          {"style", false},
    {"begin", false},         {"end", false},
    {"strides", false},       {"step", false},
    {"starts", false},        {"ends", false},
    {"axes", false},          {"steps", false},
    {"begin-mask", false},    {"end-mask", false},
    {"ellipsis-mask", false}, {"new-axis-mask", false},
    {"shrink-axis-mask", false},
    {"offset", true},         {"size", false},
    {"start-indices", false}, {"limit-indices", false},
    {"slice-sizes", false},   {"start", false},
    {"stop", false},          {"dim", false},
    {"length", false},
    {NULL, false},
};

const char cli_spec_help[] =
    "SPEC is exactly one of:\n"
    "  --expr EXPR\n"
    "      a numpy basic-indexing expression such as\n"
    "      '[1:-1, ..., None, ::-2, 3]' (brackets optional); items are\n"
    "      a:b:c (each part optional), an integer (picks one index and drops\n"
    "      the dimension), '...' (at most once) and None / newaxis /\n"
    "      np.newaxis / tf.newaxis (a new axis of size 1)\n"
    "  --style tf --begin=L --end=L [--strides=L] [--begin-mask=N]\n"
    "      [--end-mask=N] [--ellipsis-mask=N] [--new-axis-mask=N]\n"
    "      [--shrink-axis-mask=N]\n"
    "      tf.strided_slice with int64 indices; each mask N is an int32\n"
    "      bitmask (bit i refers to entry i), written in decimal (negative\n"
    "      allowed) or as 0x hex of up to 32 bits; masks default to 0 and\n"
    "      --strides defaults to all ones, one per entry of --begin\n"
    "  --style openvino --begin=L --end=L [--strides=L] [--begin-mask=L]\n"
    "      [--end-mask=L] [--new-axis-mask=L] [--shrink-axis-mask=L]\n"
    "      [--ellipsis-mask=L]\n"
    "      OpenVINO StridedSlice-1; each mask is a list of 0/1 of any length\n"
    "      (missing entries are 0); --strides defaults to all ones\n"
    "  --style mxnet --begin=L --end=L [--step=L]\n"
    "      MXNet slice / crop; entries of these lists may be None (spelled\n"
    "      exactly so), which takes the default for that entry; an omitted\n"
    "      --step means step 1 everywhere\n"
    "  --style onnx --starts=L --ends=L [--axes=L] [--steps=L]\n"
    "      ONNX Slice; --axes defaults to 0,1,..., --steps to all ones\n"
    "  --style tflite --begin=L --end=L [--strides=L] [masks as tf]\n"
    "      [--offset]\n"
    "      TFLite STRIDED_SLICE: tf's rules on int32 values, an input of\n"
    "      rank 5 or less; with --offset each end counts from its begin\n"
    "  --style tf_slice --begin=L --size=L\n"
    "      tf.slice: one entry per dimension; a size of -1 runs to the end;\n"
    "      nothing is clamped\n"
    "  --style xla --start-indices=L --limit-indices=L [--strides=L]\n"
    "      StableHLO slice (jax.lax.slice): 0 <= start <= limit <= size,\n"
    "      strides >= 1 (default 1)\n"
    "  --style dynamic_slice --start-indices=L --slice-sizes=L\n"
    "      jax.lax.dynamic_slice: the window of --slice-sizes; each start is\n"
    "      clamped to [0, size - window], so it is never an error\n"
    "  --style dynamic_update_slice --start-indices=L\n"
    "      jax.lax.dynamic_update_slice (assign only): the window is\n"
    "      VALUE's shape, its starts clamped as dynamic_slice's\n"
    "  --style openvino_slice --start=L --stop=L --step=L [--axes=L]\n"
    "      OpenVINO Slice-8; axes not listed are kept whole\n"
    "  --style slice_scatter --start=L --stop=L --step=L [--axes=L]\n"
    "      OpenVINO SliceScatter-15 (assign only): writes that slice\n"
    "  --style torch --expr EXPR\n"
    "      tensor[EXPR] in PyTorch: the grammar of --expr, but a step must\n"
    "      be positive and several '...' are allowed\n"
    "  --style narrow --dim=N --start=N --length=N\n"
    "      torch.narrow: length indices from start (negative counts from\n"
    "      the end) along dimension dim; nothing is clamped\n"
    "\n"
    "L is a comma-separated list of int64 entries such as 1,-1,0 (spaces\n"
    "around entries are ignored; '' is the empty list).  Every option takes\n"
    "its value as --opt=V or as --opt V (a value that starts with -- needs\n"
    "--opt=V), and may be given once.\n";

/* Which commands a style serves. */
enum { STYLE_READ = 1, STYLE_WRITE = 2, STYLE_BOTH = 3 };

typedef struct cli_style {
    const char *name;                /* --style value; "expr" for --expr */
    const char *const *allowed;      /* NULL-terminated option names */
    const char *const *required;     /* NULL-terminated option names */
    cli_spec_builder build;
    int uses;                        /* STYLE_READ and/or STYLE_WRITE */
} cli_style;

static const char *const no_options[] = {NULL};
static const char *const strided_options[] = {
    "begin", "end", "strides", "begin-mask", "end-mask", "ellipsis-mask",
    "new-axis-mask", "shrink-axis-mask", NULL};
static const char *const tflite_options[] = {
    "begin", "end", "strides", "begin-mask", "end-mask", "ellipsis-mask",
    "new-axis-mask", "shrink-axis-mask", "offset", NULL};
static const char *const begin_end[] = {"begin", "end", NULL};
static const char *const mxnet_options[] = {"begin", "end", "step", NULL};
static const char *const onnx_options[] = {"starts", "ends", "axes",
                                           "steps", NULL};
static const char *const starts_ends[] = {"starts", "ends", NULL};
static const char *const begin_size[] = {"begin", "size", NULL};
static const char *const xla_options[] = {"start-indices", "limit-indices",
                                          "strides", NULL};
static const char *const xla_required[] = {"start-indices", "limit-indices",
                                           NULL};
static const char *const window_options[] = {"start-indices", "slice-sizes",
                                             NULL};
static const char *const start_indices[] = {"start-indices", NULL};
static const char *const slice8_options[] = {"start", "stop", "step", "axes",
                                             NULL};
static const char *const slice8_required[] = {"start", "stop", "step", NULL};
static const char *const expr_only[] = {"expr", NULL};
static const char *const narrow_options[] = {"dim", "start", "length", NULL};

static const cli_style expr_style = {"expr", no_options, no_options,
                                     cli_build_expr, STYLE_BOTH};
static const cli_style styles[] = {
    {"tf", strided_options, begin_end, cli_build_tf, STYLE_BOTH},
    {"openvino", strided_options, begin_end, cli_build_openvino,
     STYLE_BOTH},
    {"mxnet", mxnet_options, begin_end, cli_build_mxnet, STYLE_BOTH},
    {"onnx", onnx_options, starts_ends, cli_build_onnx, STYLE_BOTH},
    {"tflite", tflite_options, begin_end, cli_build_tflite, STYLE_BOTH},
    {"tf_slice", begin_size, begin_size, cli_build_tf_slice, STYLE_BOTH},
    {"xla", xla_options, xla_required, cli_build_xla, STYLE_BOTH},
    {"dynamic_slice", window_options, window_options,
     cli_build_dynamic_slice, STYLE_BOTH},
    {"dynamic_update_slice", start_indices, start_indices,
     cli_build_dynamic_update_slice, STYLE_WRITE},
    {"openvino_slice", slice8_options, slice8_required,
     cli_build_openvino_slice, STYLE_BOTH},
    {"slice_scatter", slice8_options, slice8_required,
     cli_build_openvino_slice, STYLE_WRITE},
    {"torch", expr_only, expr_only, cli_build_torch, STYLE_BOTH},
    {"narrow", narrow_options, narrow_options, cli_build_narrow,
     STYLE_BOTH},
};

static bool in_names(const char *const *names, const char *name)
{
    for (; *names; names++) {
        if (strcmp(*names, name) == 0)
            return true;
    }
    return false;
}

static bool is_spec_option(const char *name)
{
    for (const cli_optdef *d = cli_spec_options; d->name; d++) {
        if (strcmp(d->name, name) == 0)
            return true;
    }
    return false;
}

/* The style named by --style, or NULL (with a message). */
static const cli_style *named_style(const char *name, cli_err *err)
{
    for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++) {
        if (strcmp(styles[i].name, name) == 0)
            return &styles[i];
    }
    cli_usage_error(err, "--style: unknown style '%.40s' (expected tf, "
                    "openvino, mxnet, onnx, tflite, tf_slice, xla, "
                    "dynamic_slice, dynamic_update_slice, openvino_slice, "
                    "slice_scatter, torch or narrow)", name);
    return NULL;
}

/* The style chosen by --expr / --style, or NULL (with a message).  Only
 * --style torch reads --expr (under PyTorch's rules). */
static const cli_style *choose_style(const cli_opts *opts, int use,
                                     cli_err *err)
{
    const char *expr = cli_opt(opts, "expr");
    const char *name = cli_opt(opts, "style");
    if (!expr && !name) {
        cli_usage_error(err, "missing slice spec: give --expr or --style "
                        "(see --help)");
        return NULL;
    }
    const cli_style *style = name ? named_style(name, err) : &expr_style;
    if (style && expr && name && !in_names(style->allowed, "expr")) {
        cli_usage_error(err, "--expr and --style %s are two slice specs; "
                        "give exactly one", style->name);
        return NULL;
    }
    if (style && !(style->uses & use)) {
        cli_usage_error(err, "--style %s writes VALUE into its input: it is "
                        "a spec for clslice assign", style->name);
        return NULL;
    }
    return style;
}

/* Checks that every SPEC option belongs to the style and that the style's
 * required options are present. */
static int check_options(const cli_opts *opts, const cli_style *style,
                         cli_err *err)
{
    bool is_expr = style == &expr_style;
    for (size_t i = 0; i < opts->count; i++) {
        const char *name = opts->name[i];
        if (!is_spec_option(name) || strcmp(name, "expr") == 0 ||
            strcmp(name, "style") == 0 || in_names(style->allowed, name))
            continue;
        if (is_expr)
            return cli_usage_error(err, "option --%s does not belong to "
                                   "--expr (it needs --style)", name);
        return cli_usage_error(err, "option --%s does not belong to "
                               "--style %s", name, style->name);
    }
    for (const char *const *r = style->required; *r; r++) {
        if (!cli_opt(opts, *r))
            return cli_usage_error(err, "--style %s needs --%s", style->name,
                                   *r);
    }
    return CLI_EXIT_OK;
}

static int plan_for(const cli_opts *opts, const cli_spec_target *target,
                    int use, clslice_plan **plan, cli_err *err)
{
    *plan = NULL;
    const cli_style *style = choose_style(opts, use, err);
    if (!style)
        return CLI_EXIT_USAGE;
    int status = check_options(opts, style, err);
    if (status != CLI_EXIT_OK)
        return status;
    return style->build(opts, target, plan, err);
}

int cli_spec_plan(const cli_opts *opts, const int64_t *shape, int rank,
                  clslice_plan **plan, cli_err *err)
{
    cli_spec_target target = {.shape = shape, .rank = rank,
                              .value_shape = NULL, .value_rank = -1};
    return plan_for(opts, &target, STYLE_READ, plan, err);
}

int cli_spec_plan_write(const cli_opts *opts, const cli_spec_target *target,
                        clslice_plan **plan, cli_err *err)
{
    return plan_for(opts, target, STYLE_WRITE, plan, err);
}

int cli_spec_check(const cli_opts *opts, bool write, cli_err *err)
{
    const cli_style *style = choose_style(
        opts, write ? STYLE_WRITE : STYLE_READ, err);
    return style ? check_options(opts, style, err) : CLI_EXIT_USAGE;
}
