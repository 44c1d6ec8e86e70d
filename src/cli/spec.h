/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* SPEC: the slice spec options shared by every subcommand that slices
 * (--expr, or --style with that style's options), and the plan they give. */
#ifndef CLI_SPEC_H
#define CLI_SPEC_H

#include <stdint.h>

#include "args.h"
#include "clslice.h"
#include "diag.h"

/* Every SPEC option; a subcommand lists this table next to its own. */
extern const cli_optdef cli_spec_options[];

/* Help text describing SPEC and list values (ends with a newline). */
extern const char cli_spec_help[];

/* What a spec is planned against: the input's shape (rank entries, -1
 * unknown) and, for a write, the value's shape (value_rank -1: a read).
 * XLA's dynamic_update_slice takes its window from the value. */
typedef struct cli_spec_target {
    const int64_t *shape;
    int rank;
    const int64_t *value_shape;
    int value_rank;
} cli_spec_target;

/* Builds *plan for reading a slice of an input of `shape` from the SPEC
 * options in opts; options outside cli_spec_options are ignored.  Checks
 * that exactly one SPEC is given, that every SPEC option belongs to it and
 * that its style reads (slice_scatter and dynamic_update_slice only
 * write).  Returns an exit status; on failure err holds the message and
 * *plan is NULL. */
int cli_spec_plan(const cli_opts *opts, const int64_t *shape, int rank,
                  clslice_plan **plan, cli_err *err);

/* The same for writing a value into the slice (clslice assign): every
 * style, the value's shape in `target`. */
int cli_spec_plan_write(const cli_opts *opts, const cli_spec_target *target,
                        clslice_plan **plan, cli_err *err);

/* cli_spec_plan's checks of the options alone (exactly one SPEC, every
 * SPEC option its own, the required ones there), without a plan: for
 * paths that hand the values to the device.  `write` as for
 * cli_spec_plan_write. */
int cli_spec_check(const cli_opts *opts, bool write, cli_err *err);

#endif
