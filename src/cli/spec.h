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

/* Builds *plan for an input of `shape` (rank entries, -1 unknown) from the
 * SPEC options in opts; options outside cli_spec_options are ignored.
 * Checks that exactly one SPEC is given and that every SPEC option belongs
 * to it.  Returns an exit status; on failure err holds the message and
 * *plan is NULL. */
int cli_spec_plan(const cli_opts *opts, const int64_t *shape, int rank,
                  clslice_plan **plan, cli_err *err);

/* cli_spec_plan's checks of the options alone (exactly one SPEC, every
 * SPEC option its own, the required ones there), without a plan: for
 * paths that hand the values to the device. */
int cli_spec_check(const cli_opts *opts, cli_err *err);

#endif
