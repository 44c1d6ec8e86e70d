/* Values of list and mask options: "1, -2,3" (int64 entries, spaces around
 * entries ignored, '' is the empty list), optionally with None entries, and
 * int32 bitmasks in decimal or 0x hex. */
#ifndef CLI_LISTS_H
#define CLI_LISTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "args.h"
#include "diag.h"

/* Most entries one list option may hold (far above any valid spec). */
#define CLI_LIST_MAX 256

typedef struct cli_list {
    size_t len;
    int64_t value[CLI_LIST_MAX];  /* 0 where is_none */
    bool is_none[CLI_LIST_MAX];
} cli_list;

/* One int64 spelled exactly over [begin, end), blanks around it allowed
 * (decimal, optional sign); false when it is not one or overflows. */
bool cli_int_span(const char *begin, const char *end, int64_t *out);

/* Parses `text`, the value of option --`option`; `None` entries are accepted
 * only when allow_none. */
int cli_list_parse(const char *text, const char *option, bool allow_none,
                   cli_list *list, cli_err *err);

/* Parses the value of option --`option` of opts into list; *given tells
 * whether it was on the command line (list is empty when it was not). */
int cli_list_option(const cli_opts *opts, const char *option, bool allow_none,
                    cli_list *list, bool *given, cli_err *err);

/* The value of --`option` as one integer (*value), or `fallback` when it
 * is absent; a list of another length is a usage error. */
int cli_int_option(const cli_opts *opts, const char *option,
                   int64_t fallback, int64_t *value, cli_err *err);

/* Parses an int32 bitmask: decimal in [-2^31, 2^31-1] or 0x hex up to
 * 0xffffffff (the bit pattern, so 0xffffffff is -1). */
int cli_mask_parse(const char *text, const char *option, int32_t *mask,
                   cli_err *err);

#endif
