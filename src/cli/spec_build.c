/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Plan builders of the SPEC styles: option values to library calls. */
#include "spec_build.h"

#include <stdbool.h>
#include <stddef.h>

#include "lists.h"

/* Names of the five strided-slice masks, in clslice_tf_spec order. */
static const char *const mask_names[5] = {
    "begin-mask", "end-mask", "ellipsis-mask", "new-axis-mask",
    "shrink-axis-mask"};

int cli_read_lists(const cli_opts *opts, const char *const *names, size_t n,
                   bool allow_none, cli_list *lists, bool *given,
                   cli_err *err)
{
    for (size_t i = 0; i < n; i++) {
        int status = cli_list_option(opts, names[i], allow_none, &lists[i],
                                     &given[i], err);
        if (status != CLI_EXIT_OK)
            return status;
    }
    return CLI_EXIT_OK;
}

/* The list's entries, or NULL when the option was not given. */
static const int64_t *given_or_null(const cli_list *list, bool given)
{
    return given ? list->value : NULL;
}

int cli_build_expr(const cli_opts *opts, const cli_spec_target *target,
                   clslice_plan **plan, cli_err *err)
{
    const int64_t *shape = target->shape;
    int rank = target->rank;
    clslice_error lib;
    clslice_status status =
        clslice_plan_expr(shape, rank, cli_opt(opts, "expr"), plan, &lib);
    return cli_library_result(status, &lib, err);
}

/* begin, end, strides: strides defaults to ones, one per begin entry. */
static int read_tf_lists(const cli_opts *opts, cli_list lists[3],
                         cli_err *err)
{
    static const char *const names[3] = {"begin", "end", "strides"};
    bool given[3];
    int status = cli_read_lists(opts, names, 3, false, lists, given, err);
    if (status == CLI_EXIT_OK && !given[2]) {
        lists[2].len = lists[0].len;
        for (size_t i = 0; i < lists[0].len; i++)
            lists[2].value[i] = 1;
    }
    return status;
}

static int read_tf_masks(const cli_opts *opts, int32_t masks[5],
                         cli_err *err)
{
    for (size_t i = 0; i < 5; i++) {
        const char *text = cli_opt(opts, mask_names[i]);
        masks[i] = 0;
        if (!text)
            continue;
        int status = cli_mask_parse(text, mask_names[i], &masks[i], err);
        if (status != CLI_EXIT_OK)
            return status;
    }
    return CLI_EXIT_OK;
}

int cli_read_strided(const cli_opts *opts, cli_list lists[3],
                     int32_t masks[5], cli_err *err)
{
    int status = read_tf_lists(opts, lists, err);
    return status == CLI_EXIT_OK ? read_tf_masks(opts, masks, err) : status;
}

int cli_build_tf(const cli_opts *opts, const cli_spec_target *target,
                 clslice_plan **plan, cli_err *err)
{
    const int64_t *shape = target->shape;
    int rank = target->rank;
    cli_list lists[3];
    int32_t masks[5];
    int status = cli_read_strided(opts, lists, masks, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_tf_spec spec = {
        .index_type = CLSLICE_INT64,
        .begin = lists[0].value, .begin_len = lists[0].len,
        .end = lists[1].value, .end_len = lists[1].len,
        .strides = lists[2].value, .strides_len = lists[2].len,
        .begin_mask = masks[0], .end_mask = masks[1],
        .ellipsis_mask = masks[2], .new_axis_mask = masks[3],
        .shrink_axis_mask = masks[4],
    };
    clslice_error lib;
    clslice_status st = clslice_plan_tf(shape, rank, &spec, plan, &lib);
    return cli_library_result(st, &lib, err);
}

int cli_build_openvino(const cli_opts *opts, const cli_spec_target *target,
                       clslice_plan **plan, cli_err *err)
{
    const int64_t *shape = target->shape;
    int rank = target->rank;
    static const char *const names[3] = {"begin", "end", "strides"};
    cli_list lists[3], masks[5];
    bool given[3], mask_given[5];
    int status = cli_read_lists(opts, names, 3, false, lists, given, err);
    if (status == CLI_EXIT_OK)
        status = cli_read_lists(opts, mask_names, 5, false, masks,
                                mask_given, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_openvino_spec spec = {
        .begin = lists[0].value, .begin_len = lists[0].len,
        .end = lists[1].value, .end_len = lists[1].len,
        .strides = given_or_null(&lists[2], given[2]),
        .strides_len = lists[2].len,
        .begin_mask = given_or_null(&masks[0], mask_given[0]),
        .begin_mask_len = masks[0].len,
        .end_mask = given_or_null(&masks[1], mask_given[1]),
        .end_mask_len = masks[1].len,
        .ellipsis_mask = given_or_null(&masks[2], mask_given[2]),
        .ellipsis_mask_len = masks[2].len,
        .new_axis_mask = given_or_null(&masks[3], mask_given[3]),
        .new_axis_mask_len = masks[3].len,
        .shrink_axis_mask = given_or_null(&masks[4], mask_given[4]),
        .shrink_axis_mask_len = masks[4].len,
    };
    clslice_error lib;
    clslice_status st = clslice_plan_openvino(shape, rank, &spec, plan, &lib);
    return cli_library_result(st, &lib, err);
}

/* Copies a list with None entries into the library's optional ints. */
static void to_optional(const cli_list *list, clslice_opt_int64 *out)
{
    for (size_t i = 0; i < list->len; i++) {
        out[i].value = list->value[i];
        out[i].is_none = list->is_none[i];
    }
}

int cli_build_mxnet(const cli_opts *opts, const cli_spec_target *target,
                    clslice_plan **plan, cli_err *err)
{
    const int64_t *shape = target->shape;
    int rank = target->rank;
    static const char *const names[3] = {"begin", "end", "step"};
    cli_list lists[3];
    bool given[3];
    clslice_opt_int64 values[3][CLI_LIST_MAX];
    int status = cli_read_lists(opts, names, 3, true, lists, given, err);
    if (status != CLI_EXIT_OK)
        return status;
    for (size_t i = 0; i < 3; i++)
        to_optional(&lists[i], values[i]);
    clslice_error lib;
    clslice_status result = clslice_plan_mxnet(
        shape, rank, values[0], lists[0].len, values[1], lists[1].len,
        given[2] ? values[2] : NULL, lists[2].len, plan, &lib);
    return cli_library_result(result, &lib, err);
}

int cli_build_onnx(const cli_opts *opts, const cli_spec_target *target,
                   clslice_plan **plan, cli_err *err)
{
    const int64_t *shape = target->shape;
    int rank = target->rank;
    static const char *const names[4] = {"starts", "ends", "axes", "steps"};
    cli_list lists[4];
    bool given[4];
    int status = cli_read_lists(opts, names, 4, false, lists, given, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_error lib;
    clslice_status result = clslice_plan_onnx(
        shape, rank, lists[0].value, lists[0].len, lists[1].value,
        lists[1].len, given_or_null(&lists[2], given[2]), lists[2].len,
        given_or_null(&lists[3], given[3]), lists[3].len, plan, &lib);
    return cli_library_result(result, &lib, err);
}
