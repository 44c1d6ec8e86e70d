/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* How `clslice split` cuts: its options read into the library's split
 * spec (clslice_split_spec), one style per framework with that
 * framework's argument names, and the plan of every piece from
 * clslice_plan_split.  The rules themselves are the library's; what is
 * the tool's own is the option names, its limit on files, and the
 * default style that keeps the command's first options (--sections,
 * --indices, --sizes). */
#ifndef CLI_SPLIT_SECTIONS_H
#define CLI_SPLIT_SECTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "args.h"
#include "clslice.h"
#include "diag.h"

/* Most pieces one split makes (one file each). */
#define CLI_MAX_SECTIONS 4096

/* The split options of every style (a command lists this table). */
extern const cli_optdef cli_split_options[];

/* The pieces of a split: count plans, each of the input's rank. */
typedef struct cli_sections {
    size_t count;
    clslice_plan **plans; /* malloc'd, count entries */
} cli_sections;

/* Reads --style and its options from opts, and plans every piece of an
 * input of `shape` (rank entries, all known).  Bad options are usage
 * errors naming the option (and, from the library, the framework's
 * argument, the entry and its value); more than CLI_MAX_SECTIONS pieces
 * too; CLI_EXIT_FAILURE when memory runs out.  On failure *s holds
 * nothing. */
int cli_sections_make(const cli_opts *opts, const int64_t *shape, int rank,
                      cli_sections *s, cli_err *err);

/* Releases the plans and clears s.  Accepts a cleared s. */
void cli_sections_free(cli_sections *s);

#endif
