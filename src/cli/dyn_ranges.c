/* Declared ranges of a --dynamic spec's values (dyn_ranges.h). */
#include "dyn_ranges.h"

#include <inttypes.h>
#include <string.h>

/* The value options the range options stand beside, per front-end. */
static const char *const strided_names[2] = {"begin", "end"};
static const char *const onnx_names[2] = {"starts", "ends"};
static const char *const range_names[4] = {"begin-range", "end-range",
                                           "starts-range", "ends-range"};

/* One entry, [b, e): LO..HI or V. */
static int parse_entry(const char *b, const char *e, const char *option,
                       size_t i, clslice_interval *r, cli_err *err)
{
    const char *dots = NULL;
    for (const char *p = b; p + 1 < e && !dots; p++)
        if (p[0] == '.' && p[1] == '.')
            dots = p;
    bool ok = dots ? cli_int_span(b, dots, &r->lo) &&
                         cli_int_span(dots + 2, e, &r->hi)
                   : cli_int_span(b, e, &r->lo);
    if (!dots)
        r->hi = r->lo;
    int n = (int)(e - b > 40 ? 40 : e - b);
    if (!ok)
        return cli_usage_error(err, "--%s: entry %zu ('%.*s') is not LO..HI "
                               "or one integer", option, i, n, b);
    if (r->lo > r->hi)
        return cli_usage_error(err, "--%s: entry %zu is %" PRId64 "..%" PRId64
                               ", whose LO is above its HI", option, i,
                               r->lo, r->hi);
    return CLI_EXIT_OK;
}

int cli_range_parse(const char *text, const char *option,
                    clslice_interval *slot, size_t *len, cli_err *err)
{
    *len = 0;
    const char *b = text, *end = text + strlen(text);
    while (b < end) {
        const char *comma = memchr(b, ',', (size_t)(end - b));
        const char *stop = comma ? comma : end;
        if (*len == CLI_LIST_MAX)
            return cli_usage_error(err, "--%s: more than %d entries", option,
                                   CLI_LIST_MAX);
        int status = parse_entry(b, stop, option, *len, &slot[*len], err);
        if (status != CLI_EXIT_OK)
            return status;
        ++*len;
        b = comma ? comma + 1 : end;
        if (comma && b == end)
            return cli_usage_error(err, "--%s: a trailing comma", option);
    }
    return CLI_EXIT_OK;
}

/* Every value of vector k inside its range. */
static int check_values(const cli_dyn_spec *spec, const cli_dyn_ranges *r,
                        int k, const char *name, const char *option,
                        cli_err *err)
{
    const cli_list *values = &spec->values[k];
    if (r->len[k] != values->len)
        return cli_usage_error(err, "--%s has %zu entries but --%s has %zu",
                               option, r->len[k], name, values->len);
    for (size_t i = 0; i < values->len; i++) {
        const clslice_interval *in = &r->slot[k][i];
        int64_t v = values->value[i];
        if (v < in->lo || v > in->hi)
            return cli_usage_error(
                err, "--%s: %s[%zu] = %" PRId64 " is outside its declared "
                "range %" PRId64 "..%" PRId64 " (--%s)", name, name, i, v,
                in->lo, in->hi, option);
    }
    return CLI_EXIT_OK;
}

/* A range option that does not belong here, if any. */
static const char *stray(const cli_opts *opts, const char *const *own)
{
    for (int i = 0; i < 4; i++) {
        bool mine = own && (strcmp(range_names[i], own[0]) == 0 ||
                            strcmp(range_names[i], own[1]) == 0);
        if (!mine && cli_opt(opts, range_names[i]))
            return range_names[i];
    }
    return NULL;
}

int cli_dyn_ranges_read(const cli_opts *opts, bool dynamic,
                        const cli_dyn_spec *spec, cli_dyn_ranges *ranges,
                        cli_err *err)
{
    memset(ranges->given, 0, sizeof ranges->given);
    memset(ranges->len, 0, sizeof ranges->len);
    bool strided = dynamic && !cli_opt(opts, "expr") &&
                   (spec->front == CLI_DYN_TF ||
                    spec->front == CLI_DYN_OPENVINO);
    bool onnx = dynamic && spec->front == CLI_DYN_ONNX;
    const char *const *names = strided ? strided_names
                               : onnx  ? onnx_names : NULL;
    const char *own[2] = {strided ? "begin-range" : "starts-range",
                          strided ? "end-range" : "ends-range"};
    const char *bad = stray(opts, names ? own : NULL);
    if (bad)
        return cli_usage_error(err, "--%s belongs to --dynamic with --style "
                               "%s", bad, strcmp(bad, "begin-range") == 0 ||
                               strcmp(bad, "end-range") == 0
                                   ? "tf or openvino" : "onnx");
    for (int k = 0; names && k < 2; k++) {
        const char *text = cli_opt(opts, own[k]);
        if (!text)
            continue;
        int status = cli_range_parse(text, own[k], ranges->slot[k],
                                     &ranges->len[k], err);
        if (status == CLI_EXIT_OK)
            status = check_values(spec, ranges, k, names[k], own[k], err);
        if (status != CLI_EXIT_OK)
            return status;
        ranges->given[k] = true;
    }
    return CLI_EXIT_OK;
}

/* Vector k's intervals: its declared ranges, or its values exactly. */
static void intervals_of(const cli_dyn_spec *spec, const cli_dyn_ranges *r,
                         int k, clslice_interval *out)
{
    for (size_t i = 0; i < spec->values[k].len; i++)
        out[i] = r->given[k] ? r->slot[k][i]
                             : (clslice_interval){spec->values[k].value[i],
                                                  spec->values[k].value[i]};
}

/* A host spec's mask vector: NULL where the option was absent. */
static const int64_t *mask(const cli_dyn_spec *spec, int k)
{
    return spec->ov_given[k] ? spec->ov_masks[k].value : NULL;
}

static clslice_status infer(const cli_dyn_spec *spec,
                            const clslice_interval *shape, int rank,
                            const clslice_interval *lo_hi[2],
                            clslice_interval *out, int *out_rank,
                            clslice_error *lib)
{
    const cli_list *v = spec->values;
    *out_rank = rank;
    if (spec->front == CLI_DYN_ONNX)
        return clslice_infer_onnx(
            shape, rank, lo_hi[0], v[0].len, lo_hi[1], v[1].len,
            spec->given[3] ? v[3].value : NULL, v[3].len,
            spec->given[2] ? v[2].value : NULL, v[2].len, out, lib);
    if (spec->front == CLI_DYN_OPENVINO) {
        const cli_list *m = spec->ov_masks;
        clslice_openvino_spec s = {
            .begin = v[0].value, .begin_len = v[0].len, .end = v[1].value,
            .end_len = v[1].len,
            .strides = spec->given[2] ? v[2].value : NULL,
            .strides_len = v[2].len, .begin_mask = mask(spec, 0),
            .begin_mask_len = m[0].len, .end_mask = mask(spec, 1),
            .end_mask_len = m[1].len, .new_axis_mask = mask(spec, 2),
            .new_axis_mask_len = m[2].len, .shrink_axis_mask = mask(spec, 3),
            .shrink_axis_mask_len = m[3].len, .ellipsis_mask = mask(spec, 4),
            .ellipsis_mask_len = m[4].len};
        return clslice_infer_openvino(shape, rank, &s, lo_hi[0], lo_hi[1],
                                      out, out_rank, lib);
    }
    const int32_t *m = spec->tf_masks;
    clslice_tf_spec s = {
        .index_type = CLSLICE_INT64, .begin = v[0].value,
        .begin_len = v[0].len, .end = v[1].value, .end_len = v[1].len,
        .strides = v[2].value, .strides_len = v[2].len, .begin_mask = m[0],
        .end_mask = m[1], .ellipsis_mask = m[2], .new_axis_mask = m[3],
        .shrink_axis_mask = m[4]};
    return clslice_infer_tf(shape, rank, &s, lo_hi[0], lo_hi[1], out,
                            out_rank, lib);
}

int cli_dyn_ranges_bound(const cli_dyn_spec *spec,
                         const cli_dyn_ranges *ranges, const int64_t *shape,
                         int rank, int64_t *max_elements, cli_err *err)
{
    *max_elements = 0;
    if (!ranges->given[0] && !ranges->given[1])
        return CLI_EXIT_OK;
    clslice_interval values[2][CLI_LIST_MAX];
    clslice_interval dims[CLSLICE_MAX_RANK], out[CLSLICE_MAX_RANK];
    for (int d = 0; d < rank && d < CLSLICE_MAX_RANK; d++)
        dims[d] = (clslice_interval){shape[d], shape[d]};
    for (int k = 0; k < 2; k++)
        intervals_of(spec, ranges, k, values[k]);
    const clslice_interval *lo_hi[2] = {values[0], values[1]};
    int out_rank;
    clslice_error lib;
    clslice_status st = infer(spec, dims, rank, lo_hi, out, &out_rank, &lib);
    if (st == CLSLICE_OK)
        st = clslice_dynamic_bound_intervals(shape, rank, out, out_rank,
                                             max_elements, &lib);
    /* every slice in the ranges empty: one element, since 0 would mean
     * no bound at all */
    if (st == CLSLICE_OK && *max_elements == 0)
        *max_elements = 1;
    return st == CLSLICE_OK ? CLI_EXIT_OK
                            : cli_library_result(st, &lib, err);
}
