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
    "\n"
    "L is a comma-separated list of int64 entries such as 1,-1,0 (spaces\n"
    "around entries are ignored; '' is the empty list).  Every option takes\n"
    "its value as --opt=V or as --opt V (a value that starts with -- needs\n"
    "--opt=V), and may be given once.\n";

typedef struct cli_style {
    const char *name;                /* --style value; "expr" for --expr */
    const char *const *allowed;      /* NULL-terminated option names */
    const char *const *required;     /* NULL-terminated option names */
    cli_spec_builder build;
} cli_style;

static const char *const no_options[] = {NULL};
static const char *const strided_options[] = {
    "begin", "end", "strides", "begin-mask", "end-mask", "ellipsis-mask",
    "new-axis-mask", "shrink-axis-mask", NULL};
static const char *const begin_end[] = {"begin", "end", NULL};
static const char *const mxnet_options[] = {"begin", "end", "step", NULL};
static const char *const onnx_options[] = {"starts", "ends", "axes",
                                           "steps", NULL};
static const char *const starts_ends[] = {"starts", "ends", NULL};

static const cli_style expr_style = {"expr", no_options, no_options,
                                     cli_build_expr};
static const cli_style styles[] = {
    {"tf", strided_options, begin_end, cli_build_tf},
    {"openvino", strided_options, begin_end, cli_build_openvino},
    {"mxnet", mxnet_options, begin_end, cli_build_mxnet},
    {"onnx", onnx_options, starts_ends, cli_build_onnx},
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

/* The style chosen by --expr / --style, or NULL (with a message). */
static const cli_style *choose_style(const cli_opts *opts, cli_err *err)
{
    const char *expr = cli_opt(opts, "expr");
    const char *name = cli_opt(opts, "style");
    if (expr && name) {
        cli_usage_error(err, "--expr and --style are two slice specs; give "
                        "exactly one");
        return NULL;
    }
    if (expr)
        return &expr_style;
    if (!name) {
        cli_usage_error(err, "missing slice spec: give --expr or --style "
                        "(see --help)");
        return NULL;
    }
    for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++) {
        if (strcmp(styles[i].name, name) == 0)
            return &styles[i];
    }
    cli_usage_error(err, "--style: unknown style '%.40s' (expected tf, "
                    "openvino, mxnet or onnx)", name);
    return NULL;
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

int cli_spec_plan(const cli_opts *opts, const int64_t *shape, int rank,
                  clslice_plan **plan, cli_err *err)
{
    *plan = NULL;
    const cli_style *style = choose_style(opts, err);
    if (!style)
        return CLI_EXIT_USAGE;
    int status = check_options(opts, style, err);
    if (status != CLI_EXIT_OK)
        return status;
    return style->build(opts, shape, rank, plan, err);
}

int cli_spec_check(const cli_opts *opts, cli_err *err)
{
    const cli_style *style = choose_style(opts, err);
    return style ? check_options(opts, style, err) : CLI_EXIT_USAGE;
}
