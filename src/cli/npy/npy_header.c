/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The .npy header: a Python dict literal such as
 *     {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
 * padded with spaces and ended by a newline.  numpy reads it with
 * ast.literal_eval, so any whitespace, key order, quote style and trailing
 * comma Python accepts is fine; what a header may hold is strict: exactly
 * the three keys, a dtype string, True/False, and a tuple of non-negative
 * integers. */
#include "npy_internal.h"

#include <stdio.h>
#include <string.h>

typedef struct cursor {
    const char *text;
    size_t len;
    size_t pos;
    bool python2_longs;
    cli_err *err;
} cursor;

static bool syntax(cursor *c, const char *expected)
{
    cli_fail(c->err, CLI_EXIT_FILE, "bad header at byte %zu: expected %s",
             c->pos, expected);
    return false;
}

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' ||
           ch == '\f' || ch == '\v';
}

static char peek(const cursor *c)
{
    return c->pos < c->len ? c->text[c->pos] : '\0';
}

static void skip_space(cursor *c)
{
    while (c->pos < c->len && is_space(c->text[c->pos]))
        c->pos++;
}

/* Skips whitespace, then consumes `ch` if it comes next. */
static bool accept(cursor *c, char ch)
{
    skip_space(c);
    if (c->pos < c->len && c->text[c->pos] == ch) {
        c->pos++;
        return true;
    }
    return false;
}

/* A quoted string without escapes; sets *start and *len to its inside. */
static bool parse_string(cursor *c, const char **start, size_t *len)
{
    skip_space(c);
    char quote = peek(c);
    if (quote != '\'' && quote != '"')
        return syntax(c, "a quoted string");
    size_t begin = ++c->pos;
    while (c->pos < c->len && c->text[c->pos] != quote) {
        char ch = c->text[c->pos];
        if (ch == '\\' || ch == '\n' || ch == '\0')
            return syntax(c, "a plain string (no escapes or line breaks)");
        c->pos++;
    }
    if (c->pos == c->len)
        return syntax(c, "the string's closing quote");
    *start = c->text + begin;
    *len = c->pos - begin;
    c->pos++;
    return true;
}

/* True or False, as whole words. */
static bool parse_bool(cursor *c, bool *value)
{
    skip_space(c);
    const char *p = c->text + c->pos;
    size_t left = c->len - c->pos;
    size_t n = left >= 4 && memcmp(p, "True", 4) == 0    ? 4
               : left >= 5 && memcmp(p, "False", 5) == 0 ? 5
                                                        : 0;
    char next = n < left ? p[n] : '\0';
    if (n == 0 || (next != '\0' && !is_space(next) && next != ',' &&
                   next != '}'))
        return syntax(c, "True or False for 'fortran_order'");
    *value = n == 4;
    c->pos += n;
    return true;
}

/* A dimension: a decimal int64 >= 0 as Python writes it (no sign, no
 * leading zeros), with the L suffix of Python 2 where allowed. */
static bool parse_dim(cursor *c, int64_t *value)
{
    skip_space(c);
    if (peek(c) == '-') {
        cli_fail(c->err, CLI_EXIT_FILE, "bad header at byte %zu: negative "
                 "dimension in 'shape'", c->pos);
        return false;
    }
    size_t begin = c->pos;
    int64_t v = 0;
    while (peek(c) >= '0' && peek(c) <= '9') {
        int digit = peek(c) - '0';
        if (v > (INT64_MAX - digit) / 10) {
            cli_fail(c->err, CLI_EXIT_FILE, "bad header at byte %zu: "
                     "dimension does not fit in int64", begin);
            return false;
        }
        v = v * 10 + digit;
        c->pos++;
    }
    if (c->pos == begin || (c->text[begin] == '0' && c->pos - begin > 1))
        return syntax(c, "a dimension (a non-negative integer)");
    if (c->python2_longs && peek(c) == 'L')
        c->pos++;
    *value = v;
    return true;
}

/* A tuple of dimensions: (), (5,), (3, 4), (3, 4,). */
static bool parse_shape(cursor *c, npy_header *h)
{
    if (!accept(c, '('))
        return syntax(c, "a tuple such as (3, 4) for 'shape'");
    bool comma = false;
    h->rank = 0;
    while (!accept(c, ')')) {
        if (h->rank > 0 && !comma)
            return syntax(c, "',' or ')' in 'shape'");
        if (h->rank == CLSLICE_MAX_RANK) {
            cli_fail(c->err, CLI_EXIT_FILE, "the array has more than %d "
                     "dimensions, the most clslice handles",
                     CLSLICE_MAX_RANK);
            return false;
        }
        if (!parse_dim(c, &h->shape[h->rank]))
            return false;
        h->rank++;
        comma = accept(c, ',');
    }
    if (h->rank == 1 && !comma) /* (5) is the integer 5 in Python */
        return syntax(c, "a tuple for 'shape' (one dimension is written "
                      "(5,))");
    return true;
}

enum { KEY_DESCR, KEY_FORTRAN, KEY_SHAPE, KEY_COUNT };
static const char *const key_names[KEY_COUNT] = {"descr", "fortran_order",
                                                 "shape"};

static int find_key(const char *name, size_t len)
{
    for (int k = 0; k < KEY_COUNT; k++) {
        if (strlen(key_names[k]) == len && memcmp(key_names[k], name, len) == 0)
            return k;
    }
    return -1;
}

/* A structured dtype (a list of fields, or a (format, shape) tuple): its
 * size is all the tool needs, and its text is kept to be written back. */
static bool parse_struct(cursor *c, npy_header *h)
{
    size_t start = c->pos;
    npy_dtype *d = &h->dtype;
    if (!npy_parse_struct(c->text, c->len, &c->pos, &d->size, c->err))
        return false;
    size_t n = c->pos - start;
    if (n >= sizeof d->descr) {
        cli_fail(c->err, CLI_EXIT_FILE, "unsupported dtype: the structured "
                 "dtype's text has %zu characters, more than the %zu "
                 "clslice keeps", n, sizeof d->descr - 1);
        return false;
    }
    if (memchr(c->text + start, '\n', n)) {
        cli_fail(c->err, CLI_EXIT_FILE, "unsupported dtype: the structured "
                 "dtype spans several lines");
        return false;
    }
    d->kind = '[';
    d->swap_unit = 0;
    memcpy(d->descr, c->text + start, n);
    d->descr[n] = '\0';
    return true;
}

/* The value of 'descr': a dtype string, or a structured dtype. */
static bool parse_descr(cursor *c, npy_header *h)
{
    skip_space(c);
    if (peek(c) == '[' || peek(c) == '(')
        return parse_struct(c, h);
    const char *descr;
    size_t len;
    return parse_string(c, &descr, &len) &&
           npy_parse_dtype(descr, len, &h->dtype, c->err);
}

/* One "'key': value" entry; `seen` marks the keys met so far. */
static bool parse_entry(cursor *c, npy_header *h, bool seen[KEY_COUNT])
{
    const char *name;
    size_t len;
    if (!parse_string(c, &name, &len))
        return false;
    int key = find_key(name, len);
    if (key < 0 || seen[key]) {
        cli_fail(c->err, CLI_EXIT_FILE, "bad header: %s key '%.*s'",
                 key < 0 ? "unknown" : "repeated", (int)(len > 40 ? 40 : len),
                 name);
        return false;
    }
    seen[key] = true;
    if (!accept(c, ':'))
        return syntax(c, "':' after the key");
    if (key == KEY_DESCR)
        return parse_descr(c, h);
    if (key == KEY_FORTRAN)
        return parse_bool(c, &h->fortran_order);
    return parse_shape(c, h);
}

static bool parse_dict(cursor *c, npy_header *h)
{
    bool seen[KEY_COUNT] = {false, false, false};
    if (!accept(c, '{'))
        return syntax(c, "'{' (the header is a Python dict)");
    while (!accept(c, '}')) {
        if (!parse_entry(c, h, seen))
            return false;
        if (accept(c, ','))
            continue;
        if (!accept(c, '}'))
            return syntax(c, "',' or '}'");
        break;
    }
    for (int k = 0; k < KEY_COUNT; k++) {
        if (!seen[k]) {
            cli_fail(c->err, CLI_EXIT_FILE, "bad header: no '%s' key",
                     key_names[k]);
            return false;
        }
    }
    skip_space(c);
    return c->pos == c->len || syntax(c, "nothing but spaces after the dict");
}

bool npy_parse_header(const char *text, size_t len, bool python2_longs,
                      npy_header *header, cli_err *err)
{
    cursor c = {text, len, 0, python2_longs, err};
    memset(header, 0, sizeof *header);
    return parse_dict(&c, header);
}

void cli_npy_format_shape(char buf[CLI_NPY_SHAPE_TEXT],
                          const int64_t *shape, int rank)
{
    /* CLI_NPY_SHAPE_TEXT holds the longest case: CLSLICE_MAX_RANK
     * dimensions of 19 digits, each followed by ", ". */
    size_t used = 0;
    buf[used++] = '(';
    for (int d = 0; d < rank; d++)
        used += (size_t)snprintf(buf + used, CLI_NPY_SHAPE_TEXT - used,
                                 "%s%lld", d ? ", " : "",
                                 (long long)shape[d]);
    snprintf(buf + used, CLI_NPY_SHAPE_TEXT - used, "%s)",
             rank == 1 ? "," : "");
}
