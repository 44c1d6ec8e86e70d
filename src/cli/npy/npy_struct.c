/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Structured dtypes in a .npy header.  np.save writes dtype.descr, a
 * Python list of fields:
 *     [('r', '|u1'), ('pos', [('x', '<f4'), ('y', '<f4')]), ('m', '<i2', (2, 3)),
 *      ('', '|V3'), (('title', 'name'), '>f8')]
 * A field is (name, format) or (name, format, shape); the name may be a
 * (title, name) pair, and '' names padding.  A format is a dtype string, a
 * nested list, or a (format, shape) tuple.  Fields follow each other
 * without gaps (padding is spelled out), so an element's size is the sum
 * of its fields' sizes, each times its shape's product.  The tool only
 * needs that size: records are moved as bytes and the text is written
 * back unchanged. */
#include "npy_internal.h"

#include <stdio.h>
#include <string.h>

/* Deepest nesting of lists and tuples accepted (numpy's own dtypes are
 * never this deep; the limit bounds the recursion). */
enum { STRUCT_MAX_DEPTH = 32 };

/* Largest element: numpy's itemsize is a C int. */
#define STRUCT_MAX_SIZE 2147483647u

typedef struct scan {
    const char *text;
    size_t len, pos;
    cli_err *err;
} scan;

static bool bad(scan *s, const char *expected)
{
    cli_fail(s->err, CLI_EXIT_FILE, "bad structured dtype at byte %zu of "
             "the header: expected %s", s->pos, expected);
    return false;
}

static char next(scan *s)
{
    while (s->pos < s->len && strchr(" \t\r\n\f\v", s->text[s->pos]) &&
           s->text[s->pos] != '\0')
        s->pos++;
    return s->pos < s->len ? s->text[s->pos] : '\0';
}

static bool take(scan *s, char ch)
{
    if (next(s) != ch)
        return false;
    s->pos++;
    return true;
}

/* A quoted Python string; escapes are skipped over (names may hold any
 * character).  Sets *start and *n to its inside. */
static bool string(scan *s, const char **start, size_t *n)
{
    char quote = next(s);
    if (quote != '\'' && quote != '"')
        return bad(s, "a quoted string");
    size_t begin = ++s->pos;
    while (s->pos < s->len && s->text[s->pos] != quote) {
        if (s->text[s->pos] == '\n')
            return bad(s, "the string's closing quote");
        s->pos += s->text[s->pos] == '\\' ? 2 : 1;
    }
    if (s->pos >= s->len)
        return bad(s, "the string's closing quote");
    *start = s->text + begin;
    *n = s->pos - begin;
    s->pos++;
    return true;
}

static bool too_big(scan *s)
{
    cli_fail(s->err, CLI_EXIT_FILE, "unsupported dtype: the structured "
             "dtype has more than %u bytes per element", STRUCT_MAX_SIZE);
    return false;
}

static bool grow(scan *s, size_t *total, size_t factor)
{
    if (__builtin_mul_overflow(*total, factor, total) ||
        *total > STRUCT_MAX_SIZE)
        return too_big(s);
    return true;
}

/* A subarray shape: (2, 3), (4,), () or a bare integer; multiplies *size
 * by its product. */
static bool shape(scan *s, size_t *size)
{
    bool tuple = take(s, '(');
    do {
        if (tuple && next(s) == ')')
            break;
        size_t dim = 0, digits = 0;
        next(s);
        while (s->pos < s->len && s->text[s->pos] >= '0' &&
               s->text[s->pos] <= '9' && digits < 10) {
            dim = dim * 10 + (size_t)(s->text[s->pos++] - '0');
            digits++;
        }
        if (digits == 0 || (s->pos < s->len && s->text[s->pos] >= '0' &&
                            s->text[s->pos] <= '9'))
            return bad(s, "a subarray dimension (a small non-negative "
                       "integer)");
        if (!grow(s, size, dim))
            return false;
    } while (tuple && take(s, ','));
    return !tuple || take(s, ')') || bad(s, "')' after the subarray shape");
}

static bool format(scan *s, size_t *size, int depth);

/* A dtype string, by the same rules as a whole array's descr. */
static bool plain(scan *s, size_t *size)
{
    const char *text;
    size_t n;
    next(s);
    size_t at = s->pos;
    if (!string(s, &text, &n))
        return false;
    npy_dtype dtype;
    if (!npy_parse_dtype(text, n, &dtype, s->err)) {
        char why[sizeof s->err->message];
        snprintf(why, sizeof why, "%s", s->err->message);
        cli_fail(s->err, CLI_EXIT_FILE, "%s, in the structured dtype at "
                 "byte %zu of the header", why, at);
        return false;
    }
    *size = dtype.size;
    return true;
}

/* A field: (name, format) or (name, format, shape), '(' already taken. */
static bool field(scan *s, size_t *size, int depth)
{
    const char *text;
    size_t n;
    if (take(s, '(')) { /* (title, name) */
        if (!string(s, &text, &n))
            return false;
        if (!take(s, ','))
            return bad(s, "',' between a field's title and name");
        if (!string(s, &text, &n))
            return false;
        take(s, ',');
        if (!take(s, ')'))
            return bad(s, "')' after a field's (title, name)");
    } else if (!string(s, &text, &n)) {
        return false;
    }
    if (!take(s, ','))
        return bad(s, "',' after a field name");
    if (!format(s, size, depth + 1))
        return false;
    if (take(s, ',') && next(s) != ')' && !shape(s, size))
        return false;
    take(s, ',');
    return take(s, ')') || bad(s, "')' closing a field");
}

/* [field, field, ...]: the sum of the fields' sizes. */
static bool fields(scan *s, size_t *size, int depth)
{
    *size = 0;
    while (!take(s, ']')) {
        size_t one = 0;
        if (!take(s, '('))
            return bad(s, "a field tuple ('name', 'format') or ']'");
        if (!field(s, &one, depth))
            return false;
        if (__builtin_add_overflow(*size, one, size) ||
            *size > STRUCT_MAX_SIZE)
            return too_big(s);
        if (!take(s, ',') && next(s) != ']')
            return bad(s, "',' or ']' in the field list");
    }
    return true;
}

static bool format(scan *s, size_t *size, int depth)
{
    if (depth > STRUCT_MAX_DEPTH) {
        cli_fail(s->err, CLI_EXIT_FILE, "unsupported dtype: structured "
                 "dtype nested more than %d deep", STRUCT_MAX_DEPTH);
        return false;
    }
    if (take(s, '['))
        return fields(s, size, depth);
    if (take(s, '(')) { /* (format, shape) */
        if (!format(s, size, depth + 1))
            return false;
        if (!take(s, ','))
            return bad(s, "',' between a format and its shape");
        if (!shape(s, size))
            return false;
        take(s, ',');
        return take(s, ')') || bad(s, "')' after a (format, shape) tuple");
    }
    return plain(s, size);
}

bool npy_parse_struct(const char *text, size_t len, size_t *pos,
                      size_t *size, cli_err *err)
{
    scan s = {text, len, *pos, err};
    if (!format(&s, size, 0))
        return false;
    if (*size == 0) {
        cli_fail(err, CLI_EXIT_FILE, "unsupported dtype: the structured "
                 "dtype has no bytes (elements must be at least one byte)");
        return false;
    }
    *pos = s.pos;
    return true;
}
