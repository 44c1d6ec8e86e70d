/* .npy dtype strings ("descr"): which element types the tool can slice.
 *
 * The tool moves elements as opaque bytes, so a dtype only matters for its
 * size and for how to make it little-endian.  numpy writes dtype.str: a
 * byte-order character ('<', '>' or '|'), a kind letter and the size in
 * bytes.  Anything else is refused with a reason. */
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
    case 'f':
        return size == 2 || size == 4 || size == 8;
    case 'c':
        return size == 8 || size == 16;
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
        return "object arrays hold Python objects";
    case 'S':
    case 'a':
    case 'U':
        return "string dtypes are not supported";
    case 'M':
    case 'm':
        return "datetime64 and timedelta64 are not supported";
    default:
        return "supported: bool, int/uint 8-64, float16/32/64, "
               "complex64/128, raw records V<n>";
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

/* Checks the byte-order character and sets the swap unit.  Order means
 * nothing for one-byte types and raw records, so any character goes there;
 * numpy writes '|'. */
static bool set_order(char order, const char *descr, size_t len,
                      npy_dtype *dtype, cli_err *err)
{
    dtype->swap_unit = 0;
    if (dtype->size == 1 || dtype->kind == 'V' || order == '<')
        return true;
    if (order == '>') {
        dtype->swap_unit = dtype->kind == 'c' ? dtype->size / 2 : dtype->size;
        return true;
    }
    if (order == '=')
        return refuse(descr, len, "native byte order '=' does not say "
                      "which; expected '<' or '>'", err);
    return refuse(descr, len, "a multi-byte dtype needs byte order '<' or "
                  "'>'", err);
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
    if (!parse_size(descr + 2, len - 2, &dtype->size))
        return refuse(descr, len, kind_hint(dtype->kind), err);
    if (!size_allowed(dtype->kind, dtype->size))
        return refuse(descr, len, kind_hint(dtype->kind), err);
    if (!set_order(order, descr, len, dtype, err))
        return false;
    bool orderless = dtype->size == 1 || dtype->kind == 'V';
    snprintf(dtype->descr, sizeof dtype->descr, "%c%c%zu",
             orderless ? '|' : '<', dtype->kind, dtype->size);
    return true;
}
