/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Plan builders of the styles an engine meets when it imports a model:
 * TFLite STRIDED_SLICE, tf.slice, StableHLO slice, dynamic_slice and
 * dynamic_update_slice, OpenVINO Slice-8 (and SliceScatter-15, its
 * write), PyTorch indexing and narrow.  Each option is the framework's
 * argument, hyphenated (start_indices is --start-indices). */
#include "spec_build.h"

/* An int64 list as TFLite's int32 tensor: an entry outside int32 is a
 * usage error naming the option and the entry. */
static int to_int32(const cli_list *list, const char *option, int32_t *out,
                    cli_err *err)
{
    for (size_t i = 0; i < list->len; i++) {
        if (list->value[i] < INT32_MIN || list->value[i] > INT32_MAX)
            return cli_usage_error(err,
                                   "--%s entry %zu is %lld: TFLite's "
                                   "begin, end and strides are int32",
                                   option, i, (long long)list->value[i]);
        out[i] = (int32_t)list->value[i];
    }
    return CLI_EXIT_OK;
}

/* Lists that the library reads with one length: equal lengths, else a
 * usage error naming both options. */
static int same_length(const cli_list *lists, const char *const *names,
                       const bool *given, size_t n, cli_err *err)
{
    for (size_t i = 1; i < n; i++)
        if (given[i] && lists[i].len != lists[0].len)
            return cli_usage_error(err,
                                   "--%s has %zu entries but --%s has "
                                   "%zu; they need one per dimension",
                                   names[i], lists[i].len, names[0],
                                   lists[0].len);
    return CLI_EXIT_OK;
}

int cli_build_tflite(const cli_opts *opts, const cli_spec_target *target,
                     clslice_plan **plan, cli_err *err)
{
    static const char *const names[3] = {"begin", "end", "strides"};
    cli_list lists[3];
    int32_t masks[5], values[3][CLI_LIST_MAX];
    int status = cli_read_strided(opts, lists, masks, err);
    for (size_t i = 0; i < 3 && status == CLI_EXIT_OK; i++)
        status = to_int32(&lists[i], names[i], values[i], err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_tflite_spec spec = {.begin = values[0],
                                .begin_len = lists[0].len,
                                .end = values[1],
                                .end_len = lists[1].len,
                                .strides = values[2],
                                .strides_len = lists[2].len,
                                .begin_mask = masks[0],
                                .end_mask = masks[1],
                                .ellipsis_mask = masks[2],
                                .new_axis_mask = masks[3],
                                .shrink_axis_mask = masks[4],
                                .offset = cli_opt(opts, "offset") != NULL};
    clslice_error lib;
    return cli_library_result(
        clslice_plan_tflite(target->shape, target->rank, &spec, plan, &lib),
        &lib, err);
}

int cli_build_tf_slice(const cli_opts *opts, const cli_spec_target *target,
                       clslice_plan **plan, cli_err *err)
{
    static const char *const names[2] = {"begin", "size"};
    cli_list lists[2];
    bool given[2];
    int status = cli_read_lists(opts, names, 2, false, lists, given, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_error lib;
    return cli_library_result(
        clslice_plan_tf_slice(target->shape, target->rank, lists[0].value,
                              lists[0].len, lists[1].value, lists[1].len, plan,
                              &lib),
        &lib, err);
}

int cli_build_xla(const cli_opts *opts, const cli_spec_target *target,
                  clslice_plan **plan, cli_err *err)
{
    static const char *const names[3] = {"start-indices", "limit-indices",
                                         "strides"};
    cli_list lists[3];
    bool given[3];
    int status = cli_read_lists(opts, names, 3, false, lists, given, err);
    if (status == CLI_EXIT_OK)
        status = same_length(lists, names, given, 3, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_error lib;
    return cli_library_result(
        clslice_plan_xla_slice(target->shape, target->rank, lists[0].value,
                               lists[1].value, given[2] ? lists[2].value : NULL,
                               lists[0].len, plan, &lib),
        &lib, err);
}

int cli_build_dynamic_slice(const cli_opts *opts, const cli_spec_target *target,
                            clslice_plan **plan, cli_err *err)
{
    static const char *const names[2] = {"slice-sizes", "start-indices"};
    cli_list lists[2];
    bool given[2];
    int status = cli_read_lists(opts, names, 2, false, lists, given, err);
    if (status == CLI_EXIT_OK)
        status = same_length(lists, names, given, 2, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_error lib;
    return cli_library_result(
        clslice_plan_dynamic_slice(target->shape, target->rank, lists[1].value,
                                   lists[0].value, lists[0].len, plan, &lib),
        &lib, err);
}

/* The window is the value's shape: a write only (the style table keeps
 * reads away). */
int cli_build_dynamic_update_slice(const cli_opts *opts,
                                   const cli_spec_target *target,
                                   clslice_plan **plan, cli_err *err)
{
    static const char *const names[1] = {"start-indices"};
    cli_list starts;
    bool given;
    int status = cli_read_lists(opts, names, 1, false, &starts, &given, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_error lib;
    return cli_library_result(clslice_plan_dynamic_update_slice(
                                  target->shape, target->rank,
                                  target->value_shape, target->value_rank,
                                  starts.value, starts.len, plan, &lib),
                              &lib, err);
}

/* Slice-8, and SliceScatter-15, which writes the same slice. */
int cli_build_openvino_slice(const cli_opts *opts,
                             const cli_spec_target *target, clslice_plan **plan,
                             cli_err *err)
{
    static const char *const names[4] = {"start", "stop", "step", "axes"};
    cli_list lists[4];
    bool given[4];
    int status = cli_read_lists(opts, names, 4, false, lists, given, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_error lib;
    return cli_library_result(
        clslice_plan_openvino_slice(
            target->shape, target->rank, lists[0].value, lists[0].len,
            lists[1].value, lists[1].len, lists[2].value, lists[2].len,
            given[3] ? lists[3].value : NULL, lists[3].len, plan, &lib),
        &lib, err);
}

int cli_build_torch(const cli_opts *opts, const cli_spec_target *target,
                    clslice_plan **plan, cli_err *err)
{
    clslice_error lib;
    return cli_library_result(
        clslice_plan_torch_index(target->shape, target->rank,
                                 cli_opt(opts, "expr"), plan, &lib),
        &lib, err);
}

int cli_build_narrow(const cli_opts *opts, const cli_spec_target *target,
                     clslice_plan **plan, cli_err *err)
{
    int64_t dim = 0, start = 0, length = 0;
    int status = cli_int_option(opts, "dim", 0, &dim, err);
    if (status == CLI_EXIT_OK)
        status = cli_int_option(opts, "start", 0, &start, err);
    if (status == CLI_EXIT_OK)
        status = cli_int_option(opts, "length", 0, &length, err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_error lib;
    return cli_library_result(
        clslice_plan_torch_narrow(target->shape, target->rank, dim, start,
                                  length, plan, &lib),
        &lib, err);
}
