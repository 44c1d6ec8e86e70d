/* The values of a --dynamic SPEC (spec_dynamic.h). */
#include "spec_dynamic.h"

#include <string.h>

static const char *const strided_names[3] = {"begin", "end", "strides"};
static const char *const onnx_names[4] = {"starts", "ends", "steps", "axes"};
static const char *const tf_mask_names[5] = {
    "begin-mask", "end-mask", "ellipsis-mask", "new-axis-mask",
    "shrink-axis-mask"};
/* clslice_openvino_dynamic_spec order */
static const char *const ov_mask_names[5] = {
    "begin-mask", "end-mask", "new-axis-mask", "shrink-axis-mask",
    "ellipsis-mask"};

static int read_lists(const cli_opts *opts, const char *const *names,
                      size_t n, cli_list *lists, bool *given, cli_err *err)
{
    for (size_t i = 0; i < n; i++) {
        int status = cli_list_option(opts, names[i], false, &lists[i],
                                     &given[i], err);
        if (status != CLI_EXIT_OK)
            return status;
    }
    return CLI_EXIT_OK;
}

/* TF's strides default to ones, one per begin entry (as the host
 * builder). */
static int read_tf(const cli_opts *opts, cli_dyn_spec *spec, cli_err *err)
{
    int status = read_lists(opts, strided_names, 3, spec->values,
                            spec->given, err);
    if (status == CLI_EXIT_OK && !spec->given[2]) {
        spec->values[2].len = spec->values[0].len;
        for (size_t i = 0; i < spec->values[0].len; i++)
            spec->values[2].value[i] = 1;
        spec->given[2] = true;
    }
    for (size_t i = 0; i < 5 && status == CLI_EXIT_OK; i++) {
        const char *text = cli_opt(opts, tf_mask_names[i]);
        if (text)
            status = cli_mask_parse(text, tf_mask_names[i],
                                    &spec->tf_masks[i], err);
    }
    return status;
}

/* ---- --expr as a TF spec -------------------------------------------------- */

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* [begin, end) without surrounding blanks. */
static void trim(const char **begin, const char **end)
{
    while (*begin < *end && blank(**begin))
        ++*begin;
    while (*end > *begin && blank((*end)[-1]))
        --*end;
}

static bool is_word(const char *b, const char *e, const char *word)
{
    size_t n = strlen(word);
    return (size_t)(e - b) == n && memcmp(b, word, n) == 0;
}

/* One item as TF slot i; false when the item is not one we translate. */
static bool add_item(const char *b, const char *e, size_t i,
                     cli_dyn_spec *spec)
{
    int32_t bit = (int32_t)((uint32_t)1 << i);
    int64_t *begin = &spec->values[0].value[i], *end =
        &spec->values[1].value[i], *stride = &spec->values[2].value[i];
    *begin = *end = 0;
    *stride = 1;
    trim(&b, &e);
    if (is_word(b, e, "...")) {
        spec->tf_masks[2] |= bit;
        return true;
    }
    if (is_word(b, e, "None") || is_word(b, e, "newaxis") ||
        is_word(b, e, "np.newaxis") || is_word(b, e, "tf.newaxis")) {
        spec->tf_masks[3] |= bit;
        return true;
    }
    const char *colon = memchr(b, ':', (size_t)(e - b));
    if (!colon) { /* an index: shrink */
        spec->tf_masks[4] |= bit;
        if (!cli_int_span(b, e, begin))
            return false;
        *end = *begin + (*begin != INT64_MAX);
        return true;
    }
    const char *second = memchr(colon + 1, ':', (size_t)(e - colon - 1));
    const char *parts[3][2] = {{b, colon},
                               {colon + 1, second ? second : e},
                               {second ? second + 1 : e, e}};
    int64_t *slots[3] = {begin, end, stride};
    for (int k = 0; k < 3; k++) {
        const char *pb = parts[k][0], *pe = parts[k][1];
        trim(&pb, &pe);
        if (pb == pe) {
            if (k < 2)
                spec->tf_masks[k] |= bit; /* begin or end missing */
            continue;
        }
        if (memchr(pb, ':', (size_t)(pe - pb)) ||
            !cli_int_span(pb, pe, slots[k]))
            return false;
    }
    return true;
}

static bool translate_expr(const char *expr, cli_dyn_spec *spec)
{
    const char *b = expr, *e = expr + strlen(expr);
    trim(&b, &e);
    if (b < e && *b == '[') {
        if (e[-1] != ']')
            return false;
        b++;
        e--;
        trim(&b, &e);
    }
    size_t n = 0;
    while (b < e) {
        const char *comma = memchr(b, ',', (size_t)(e - b));
        const char *stop = comma ? comma : e;
        if (n >= 31 || !add_item(b, stop, n, spec))
            return false; /* TF has 31 slots */
        n++;
        b = comma ? comma + 1 : e;
        if (comma && b == e)
            return false; /* a trailing comma */
    }
    for (int k = 0; k < 3; k++) {
        spec->values[k].len = n;
        spec->given[k] = true;
    }
    return true;
}

int cli_dyn_spec_read(const cli_opts *opts, cli_dyn_spec *spec,
                      bool *translated, cli_err *err)
{
    memset(spec, 0, sizeof *spec);
    *translated = true;
    const char *expr = cli_opt(opts, "expr");
    const char *style = cli_opt(opts, "style");
    if (expr) {
        spec->front = CLI_DYN_TF;
        *translated = translate_expr(expr, spec);
        return CLI_EXIT_OK;
    }
    if (strcmp(style, "tf") == 0) {
        spec->front = CLI_DYN_TF;
        return read_tf(opts, spec, err);
    }
    if (strcmp(style, "openvino") == 0) {
        spec->front = CLI_DYN_OPENVINO;
        int status = read_lists(opts, strided_names, 3, spec->values,
                                spec->given, err);
        return status == CLI_EXIT_OK
                   ? read_lists(opts, ov_mask_names, 5, spec->ov_masks,
                                spec->ov_given, err)
                   : status;
    }
    if (strcmp(style, "onnx") == 0) {
        spec->front = CLI_DYN_ONNX;
        return read_lists(opts, onnx_names, 4, spec->values, spec->given,
                          err);
    }
    if (strcmp(style, "dynamic_slice") == 0 ||
        strcmp(style, "dynamic_update_slice") == 0) {
        spec->front = CLI_DYN_XLA;
        int status = cli_list_option(opts, "start-indices", false,
                                     &spec->values[0], &spec->given[0], err);
        return status == CLI_EXIT_OK
                   ? cli_list_option(opts, "slice-sizes", false,
                                     &spec->slice_sizes, &spec->sizes_given,
                                     err)
                   : status;
    }
    return cli_usage_error(err, "--dynamic: --style %s has no device form "
                           "(use --expr or --style tf, openvino, onnx, "
                           "dynamic_slice or dynamic_update_slice)", style);
}
