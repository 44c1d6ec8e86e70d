/* Where `clslice split` cuts: the section bounds of numpy.array_split
 * (--sections), numpy.split with indices (--indices) and tf.split with
 * sizes (--sizes), and the plan of each section.  Kept apart from the
 * command so that the arithmetic can be tested against a naive model on
 * its own (tests/cli/test_cli_split_sections.c). */
#ifndef CLI_SPLIT_SECTIONS_H
#define CLI_SPLIT_SECTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "clslice.h"
#include "diag.h"

/* Most sections one split makes (--sections N, and the files written). */
#define CLI_MAX_SECTIONS 4096

typedef enum cli_split_mode {
    CLI_SPLIT_SECTIONS, /* one value: the number of sections */
    CLI_SPLIT_INDICES,  /* the cut points, as Python slice bounds */
    CLI_SPLIT_SIZES     /* the lengths; one may be -1 (the rest) */
} cli_split_mode;

/* Section i is [bound[i]:bound[i + 1]] along the axis, read as a Python
 * slice: negative bounds count from the end, bounds clip, a decreasing
 * pair is empty.  --sections and --sizes give bounds within [0, len] that
 * never decrease. */
typedef struct cli_sections {
    size_t count;
    int64_t *bound; /* count + 1 entries, malloc'd */
} cli_sections;

/* Computes the sections of an axis of length `len` (>= 0) from the
 * option's `n` values.  Bad values are usage errors naming the option,
 * the entry and its value (no arithmetic overflows, whatever the values);
 * CLI_EXIT_FAILURE when memory runs out.  On failure *s holds nothing. */
int cli_sections_make(cli_split_mode mode, const int64_t *values, size_t n,
                      int64_t len, cli_sections *s, cli_err *err);

/* Frees the bounds and clears s.  Accepts a cleared s. */
void cli_sections_free(cli_sections *s);

/* The plan of section i of an array of `shape` (rank >= 1) split along
 * `axis`: every other dimension whole. */
int cli_section_plan(const int64_t *shape, int rank, int axis,
                     const cli_sections *s, size_t i, clslice_plan **plan,
                     cli_err *err);

#endif
