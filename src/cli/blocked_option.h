/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The tool's blocked tensors: --src-blocked and --dst-blocked
 * (clslice.h, "Blocked layouts").  A blocked tensor's .npy file holds its
 * dense storage: the logical shape with the axis counting blocks, and one
 * more dim, last, of lanes; `clslice slice` reads such a file as the
 * logical tensor and writes one. */
#ifndef CLI_BLOCKED_H
#define CLI_BLOCKED_H

#include <stdbool.h>
#include <stdint.h>

#include "clslice.h"
#include "diag.h"

typedef struct cli_blocked {
    bool on;
    clslice_blocking blocking;
    int64_t size; /* the axis's logical size (AXIS:B:C); -1: every lane
                   * of its blocks */
} cli_blocked;

/* Parses the value AXIS:BLOCK[:SIZE] of option --`option` (NULL: not
 * given, b->on false); SIZE only where allow_size. */
int cli_blocked_parse(const char *option, const char *value,
                      bool allow_size, cli_blocked *b, cli_err *err);

/* The logical shape of a blocked tensor stored as `storage` (srank dims,
 * lanes last): the axis of storage[axis] blocks holds b->size indices,
 * or all of its lanes. */
int cli_blocked_logical(const cli_blocked *b, const char *option,
                        const int64_t *storage, int srank, int64_t *shape,
                        int *rank, cli_err *err);

/* The storage shape of a blocked tensor of logical `shape`, and its bytes
 * for elements of elem_size. */
int cli_blocked_storage(const cli_blocked *b, const char *option,
                        const int64_t *shape, int rank, size_t elem_size,
                        int64_t *storage, int *srank, size_t *bytes,
                        cli_err *err);

#endif
