/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Option parsing of the command-line tool. */
#include "args.h"

#include <string.h>

/* The table entry named by the first `len` characters of `name`. */
static const cli_optdef *find_def(const cli_optdef *const *tables,
                                  const char *name, size_t len)
{
    for (size_t t = 0; tables[t]; t++) {
        for (const cli_optdef *d = tables[t]; d->name; d++) {
            if (strlen(d->name) == len && strncmp(d->name, name, len) == 0)
                return d;
        }
    }
    return NULL;
}

static bool is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

/* Adds name=value to opts unless the option was already given. */
static cli_parse_result store(cli_opts *opts, const cli_optdef *def,
                              const char *value, cli_err *err)
{
    if (cli_opt(opts, def->name)) {
        cli_usage_error(err, "option --%s given more than once", def->name);
        return CLI_BAD_USAGE;
    }
    if (opts->count == CLI_MAX_OPTIONS) {
        cli_usage_error(err, "too many options");
        return CLI_BAD_USAGE;
    }
    opts->name[opts->count] = def->name;
    opts->value[opts->count] = value;
    opts->count++;
    return CLI_PARSED;
}

/* Parses the option at argv[*i], advancing *i past its value if the value
 * is the next argument. */
static cli_parse_result parse_one(int argc, char **argv, int *i,
                                  const cli_optdef *const *tables,
                                  cli_opts *opts, cli_err *err)
{
    const char *arg = argv[*i];
    if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
        cli_usage_error(err, "unexpected argument '%.60s' (options start "
                        "with --; see --help)", arg);
        return CLI_BAD_USAGE;
    }
    const char *name = arg + 2;
    const char *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const cli_optdef *def = find_def(tables, name, len);
    if (!def) {
        cli_usage_error(err, "unknown option --%.*s (see --help)",
                        (int)(len > 60 ? 60 : len), name);
        return CLI_BAD_USAGE;
    }
    if (def->is_flag) {
        if (eq) {
            cli_usage_error(err, "option --%s takes no value", def->name);
            return CLI_BAD_USAGE;
        }
        return store(opts, def, "", err);
    }
    if (eq)
        return store(opts, def, eq + 1, err);
    if (*i + 1 >= argc || strncmp(argv[*i + 1], "--", 2) == 0) {
        cli_usage_error(err, "option --%s needs a value", def->name);
        return CLI_BAD_USAGE;
    }
    *i += 1;
    return store(opts, def, argv[*i], err);
}

cli_parse_result cli_parse_options(int argc, char **argv,
                                   const cli_optdef *const *tables,
                                   cli_opts *opts, cli_err *err)
{
    opts->count = 0;
    for (int i = 0; i < argc; i++) {
        if (is_help(argv[i]))
            return CLI_WANTS_HELP;
        cli_parse_result r = parse_one(argc, argv, &i, tables, opts, err);
        if (r != CLI_PARSED)
            return r;
    }
    return CLI_PARSED;
}

const char *cli_opt(const cli_opts *opts, const char *name)
{
    for (size_t i = 0; i < opts->count; i++) {
        if (strcmp(opts->name[i], name) == 0)
            return opts->value[i];
    }
    return NULL;
}

int cli_count_leading(int argc, char **argv, int most)
{
    int n = 0;
    while (n < most && n < argc && strncmp(argv[n], "--", 2) != 0 &&
           strcmp(argv[n], "-h") != 0)
        n++;
    return n;
}
