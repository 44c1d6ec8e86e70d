/* Declared ranges of a `slice --dynamic` spec's values: --begin-range
 * and --end-range (--starts-range and --ends-range for ONNX) say in which
 * interval each value lies, so the output is sized for the worst case
 * the ranges allow (the library's interval shape inference) instead of
 * for the whole input, as an engine sizes a buffer before the values
 * exist. */
#ifndef CLI_DYN_RANGES_H
#define CLI_DYN_RANGES_H

#include <stdbool.h>
#include <stdint.h>

#include "args.h"
#include "clslice.h"
#include "diag.h"
#include "lists.h"
#include "spec_dynamic.h"

/* The slice command's range options (part of its option table). */
#define CLI_DYN_RANGE_OPTIONS                                              \
    {"begin-range", false}, {"end-range", false}, {"starts-range", false}, \
        {"ends-range", false}

/* Ranges of the spec's first two value vectors (begin and end, or
 * starts and ends); a vector without one keeps its values exact. */
typedef struct cli_dyn_ranges {
    clslice_interval slot[2][CLI_LIST_MAX];
    size_t len[2];
    bool given[2];
} cli_dyn_ranges;

/* Parses `text`, the value of --`option`: comma-separated entries, each
 * LO..HI (both ends included, LO <= HI) or one value V (LO = HI = V). */
int cli_range_parse(const char *text, const char *option,
                    clslice_interval *slot, size_t *len, cli_err *err);

/* Reads the range options of opts for spec's front-end (none: every
 * given[] false).  They need --dynamic (dynamic true) and a --style tf,
 * openvino or onnx spec; each range list has one entry per value and
 * every value must lie in its entry's range (a usage error naming the
 * option, the slot and the value otherwise). */
int cli_dyn_ranges_read(const cli_opts *opts, bool dynamic,
                        const cli_dyn_spec *spec, cli_dyn_ranges *ranges,
                        cli_err *err);

/* The most elements the slice of an input of (shape, rank) can have for
 * any values inside the ranges: clslice_infer_* then
 * clslice_dynamic_bound_intervals.  *max_elements is 0 when no range is
 * given (the caller keeps the input's bound). */
int cli_dyn_ranges_bound(const cli_dyn_spec *spec,
                         const cli_dyn_ranges *ranges, const int64_t *shape,
                         int rank, int64_t *max_elements, cli_err *err);

#endif
