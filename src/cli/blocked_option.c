/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* --src-blocked and --dst-blocked: option values, and the shapes of a
 * blocked tensor's logical view and of its storage in a .npy file. */
#include "blocked_option.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "npy/npy.h"

/* One decimal field of AXIS:BLOCK[:SIZE], ended by ':' or the end. */
static bool field(const char **at, int64_t most, int64_t *value)
{
    char *end;
    errno = 0;
    long long v = strtoll(*at, &end, 10);
    if (end == *at || errno || v < 0 || v > most ||
        (*end != ':' && *end != '\0'))
        return false;
    *value = v;
    *at = *end == ':' ? end + 1 : end;
    return true;
}

int cli_blocked_parse(const char *option, const char *value,
                      bool allow_size, cli_blocked *b, cli_err *err)
{
    *b = (cli_blocked){.size = -1};
    if (!value)
        return CLI_EXIT_OK;
    const char *at = value;
    int64_t axis, block, size = -1;
    bool ok = field(&at, CLSLICE_MAX_RANK - 2, &axis) && *at &&
              field(&at, INT_MAX, &block) && block >= 1 &&
              (!*at || (allow_size && field(&at, INT64_MAX, &size))) && !*at;
    if (!ok)
        return cli_usage_error(err, "--%s %s: expected AXIS:BLOCK%s (an axis "
                               "below %d, a block of at least 1 lane)",
                               option, value, allow_size ? "[:SIZE]" : "",
                               CLSLICE_MAX_RANK - 1);
    b->on = true;
    b->blocking = (clslice_blocking){.axis = (int)axis, .block = (int)block};
    b->size = size;
    return CLI_EXIT_OK;
}

/* The usage error of an input whose shape cannot hold that blocking. */
static int not_blocked(const char *option, int axis, int64_t lanes,
                       const int64_t *storage, int srank, cli_err *err)
{
    char text[CLI_NPY_SHAPE_TEXT];
    cli_npy_format_shape(text, storage, srank);
    return cli_usage_error(err, "--%s %d:%" PRId64 ": the input's shape %s "
                           "is not a blocked storage of that axis (its last "
                           "dim must hold the %" PRId64 " lanes, and axis "
                           "%d come before it)",
                           option, axis, lanes, text, lanes, axis);
}

int cli_blocked_logical(const cli_blocked *b, const char *option,
                        const int64_t *storage, int srank, int64_t *shape,
                        int *rank, cli_err *err)
{
    int a = b->blocking.axis;
    int64_t lanes = b->blocking.block;
    if (srank < 2 || a >= srank - 1 || storage[srank - 1] != lanes)
        return not_blocked(option, a, lanes, storage, srank, err);
    int64_t blocks = storage[a], size = b->size;
    /* An empty file may still carry a huge dim: every lane must count. */
    if (size < 0 && __builtin_mul_overflow(blocks, lanes, &size))
        return cli_usage_error(err, "--%s: %" PRId64 " blocks of %" PRId64
                               " lanes are more than an axis can hold",
                               option, blocks, lanes);
    if (size / lanes + (size % lanes != 0) != blocks)
        return cli_usage_error(err, "--%s: an axis of size %" PRId64 " fills "
                               "%" PRId64 " blocks of %" PRId64 " lanes, the "
                               "input has %" PRId64, option, size,
                               size / lanes + (size % lanes != 0), lanes,
                               blocks);
    *rank = srank - 1;
    for (int d = 0; d < *rank; d++)
        shape[d] = d == a ? size : storage[d];
    return CLI_EXIT_OK;
}

int cli_blocked_storage(const cli_blocked *b, const char *option,
                        const int64_t *shape, int rank, size_t elem_size,
                        int64_t *storage, int *srank, size_t *bytes,
                        cli_err *err)
{
    int a = b->blocking.axis;
    int64_t lanes = b->blocking.block;
    if (a >= rank)
        return cli_usage_error(err, "--%s: axis %d is not a dim of the "
                               "output (rank %d)", option, a, rank);
    if (rank + 1 > CLSLICE_MAX_RANK)
        return cli_usage_error(err, "--%s: the output has rank %d, and its "
                               "storage would need %d dims (at most %d)",
                               option, rank, rank + 1, CLSLICE_MAX_RANK);
    for (int d = 0; d < rank; d++)
        storage[d] = d == a ? shape[d] / lanes + (shape[d] % lanes != 0)
                            : shape[d];
    storage[rank] = lanes;
    *srank = rank + 1;
    size_t total = elem_size;
    char text[CLI_NPY_SHAPE_TEXT];
    for (int d = 0; d < *srank; d++)
        if (__builtin_mul_overflow(total, (size_t)storage[d], &total)) {
            cli_npy_format_shape(text, storage, *srank);
            return cli_usage_error(err, "--%s: the blocked output of shape "
                                   "%s is larger than memory", option, text);
        }
    *bytes = total;
    return CLI_EXIT_OK;
}
