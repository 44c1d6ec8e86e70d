/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* .npy dtype strings ("descr"): which element types the tool can slice.
 *
 * The tool moves elements as opaque bytes, so a dtype only matters for its
 * size and for how to make it little-endian.  numpy writes dtype.str: a
 * byte-order character ('<', '>' or '|'), a kind letter and a count: bytes
 * for most kinds, characters for U (4 bytes each); datetime64 and
 * timedelta64 add a unit such as [ns].  Every fixed-size kind is accepted;
 * object arrays, whose elements are Python objects, are refused. */
#include "npy_internal.h"

#include <stdio.h>
#include <string.h>

/* Largest V<n> record accepted; numpy's own limit is INT_MAX. */
#define NPY_MAX_RECORD 2147483647u

static bool size_allowed(char kind, size_t size)
{
    switch (kind) {
    case 'b':
        return size == 1;
    case 'i':
    case 'u':
        return size == 1 || size == 2 || size == 4 || size == 8;
    case 'f': /* 12 and 16: long double */
        return size == 2 || size == 4 || size == 8 || size == 12 ||
               size == 16;
    case 'c':
        return size == 8 || size == 16 || size == 24 || size == 32;
    case 'M':
    case 'm':
        return size == 8;
    case 'S':
    case 'a':
    case 'U':
    case 'V':
        return size >= 1 && size <= NPY_MAX_RECORD;
    default:
        return false;
    }
}

/* Why a well-formed but unsupported kind is refused. */
static const char *kind_hint(char kind)
{
    switch (kind) {
    case 'O':
        return "object arrays hold Python objects, not bytes that can be "
               "sliced";
    case 'M':
    case 'm':
        return "datetime64 and timedelta64 are 8 bytes, with an optional "
               "unit such as [ns]";
    default:
        return "supported: bool, int/uint 8-64, float16/32/64/96/128, "
               "complex64/128/192/256, S<n>, U<n>, datetime64, "
               "timedelta64, raw records V<n> and structured dtypes";
    }
}

static bool refuse(const char *descr, size_t len, const char *why,
                   cli_err *err)
{
    cli_fail(err, CLI_EXIT_FILE, "unsupported dtype '%.*s' (%s)",
             (int)(len > 40 ? 40 : len), descr, why);
    return false;
}

/* The decimal size after the kind letter: digits only, no leading zero. */
static bool parse_size(const char *text, size_t len, size_t *size)
{
    if (len == 0 || len > 10 || (text[0] == '0' && len > 1))
        return false;
    size_t value = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        value = value * 10 + (size_t)(text[i] - '0');
    }
    *size = value;
    return true;
}

/* Byte order means nothing for one-byte types, byte strings and raw
 * records; numpy writes '|' for them. */
static bool orderless(const npy_dtype *dtype)
{
    return dtype->size == 1 || dtype->kind == 'V' || dtype->kind == 'S' ||
           dtype->kind == 'a';
}

/* Checks the byte-order character and sets the swap unit: a complex
 * swaps each half, a U string each 4-byte character. */
static bool set_order(char order, const char *descr, size_t len,
                      npy_dtype *dtype, cli_err *err)
{
    dtype->swap_unit = 0;
    if (orderless(dtype) || order == '<')
        return true;
    if (order == '>') {
        dtype->swap_unit = dtype->kind == 'c'   ? dtype->size / 2
                           : dtype->kind == 'U' ? 4
                                                : dtype->size;
        return true;
    }
    if (order == '=')
        return refuse(descr, len, "native byte order '=' does not say "
                      "which; expected '<' or '>'", err);
    return refuse(descr, len, "a multi-byte dtype needs byte order '<' or "
                  "'>'", err);
}

/* Length of a datetime unit "[ns]", "[25s]" at the end of text (0 when
 * there is none, or when it is not digits then letters in brackets). */
static size_t unit_length(const char *text, size_t len)
{
    if (len < 3 || text[len - 1] != ']')
        return 0;
    size_t open = len - 1;
    while (open > 0 && text[open] != '[')
        open--;
    if (text[open] != '[')
        return 0;
    size_t i = open + 1;
    while (i < len - 1 && text[i] >= '0' && text[i] <= '9')
        i++;
    size_t letters = i;
    while (i < len - 1 && ((text[i] >= 'a' && text[i] <= 'z') ||
                           (text[i] >= 'A' && text[i] <= 'Z')))
        i++;
    return i == len - 1 && i > letters ? len - open : 0;
}

bool npy_parse_dtype(const char *descr, size_t len, npy_dtype *dtype,
                     cli_err *err)
{
    memset(dtype, 0, sizeof *dtype);
    if (len < 2 || memchr(descr, '\0', len))
        return refuse(descr, len, "not a dtype string", err);
    char order = descr[0];
    if (order != '<' && order != '>' && order != '|' && order != '=')
        return refuse(descr, len, "no byte-order character", err);
    dtype->kind = descr[1];
    bool dated = dtype->kind == 'M' || dtype->kind == 'm';
    size_t unit = dated ? unit_length(descr + 2, len - 2) : 0;
    size_t count = 0;
    if (!parse_size(descr + 2, len - 2 - unit, &count))
        return refuse(descr, len, kind_hint(dtype->kind), err);
    /* U<n> counts 4-byte characters; the limit applies to bytes. */
    dtype->size = dtype->kind == 'U' ? count * 4 : count;
    if (count > NPY_MAX_RECORD || !size_allowed(dtype->kind, dtype->size))
        return refuse(descr, len, kind_hint(dtype->kind), err);
    if (!set_order(order, descr, len, dtype, err))
        return false;
    /* The data is made little-endian on loading, so is the spelling; the
     * count and unit stay as written. */
    snprintf(dtype->descr, sizeof dtype->descr, "%c%c%zu%.*s",
             orderless(dtype) ? '|' : '<', dtype->kind, count, (int)unit,
             descr + 2 + (len - 2 - unit));
    return true;
}
