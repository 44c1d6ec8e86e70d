/* Values of list and mask options. */
#include "lists.h"

#include <string.h>

/* Longest piece of an entry quoted in a message. */
#define QUOTE_MAX 40

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

/* Narrows [*begin, *end) to drop blanks on both sides. */
static void trim(const char **begin, const char **end)
{
    while (*begin < *end && is_blank(**begin))
        (*begin)++;
    while (*end > *begin && is_blank((*end)[-1]))
        (*end)--;
}

static int quoted_len(const char *begin, const char *end)
{
    return (int)(end - begin > QUOTE_MAX ? QUOTE_MAX : end - begin);
}

typedef enum int_parse {
    INT_OK,
    INT_NOT_A_NUMBER,
    INT_OVERFLOW
} int_parse;

/* Parses [begin, end) as a decimal int64 with an optional sign. */
static int_parse parse_int64(const char *begin, const char *end,
                             int64_t *out)
{
    bool negative = begin < end && *begin == '-';
    if (begin < end && (*begin == '-' || *begin == '+'))
        begin++;
    if (begin == end)
        return INT_NOT_A_NUMBER;
    uint64_t limit = negative ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
    uint64_t magnitude = 0;
    bool overflow = false;
    for (; begin < end; begin++) {
        if (*begin < '0' || *begin > '9')
            return INT_NOT_A_NUMBER;
        uint64_t digit = (uint64_t)(*begin - '0');
        if (overflow || magnitude > (limit - digit) / 10u)
            overflow = true;
        else
            magnitude = magnitude * 10u + digit;
    }
    if (overflow)
        return INT_OVERFLOW;
    /* -2^63 has no positive int64 counterpart: negate magnitude - 1. */
    *out = negative ? (magnitude == 0 ? 0 : -(int64_t)(magnitude - 1u) - 1)
                    : (int64_t)magnitude;
    return INT_OK;
}

bool cli_int_span(const char *begin, const char *end, int64_t *out)
{
    trim(&begin, &end);
    return parse_int64(begin, end, out) == INT_OK;
}

/* Parses one trimmed entry [begin, end) at position index. */
static int parse_entry(const char *begin, const char *end, size_t index,
                       const char *option, bool allow_none, cli_list *list,
                       cli_err *err)
{
    if (begin == end)
        return cli_usage_error(err, "--%s: entry %zu is empty", option,
                               index);
    list->is_none[index] = false;
    list->value[index] = 0;
    if (allow_none && end - begin == 4 && strncmp(begin, "None", 4) == 0) {
        list->is_none[index] = true;
        return CLI_EXIT_OK;
    }
    int_parse result = parse_int64(begin, end, &list->value[index]);
    if (result == INT_OK)
        return CLI_EXIT_OK;
    if (result == INT_OVERFLOW)
        return cli_usage_error(err, "--%s: entry %zu '%.*s' is out of the "
                               "int64 range", option, index,
                               quoted_len(begin, end), begin);
    return cli_usage_error(err, "--%s: entry %zu '%.*s' is not an integer%s",
                           option, index, quoted_len(begin, end), begin,
                           allow_none ? " or None" : "");
}

int cli_list_parse(const char *text, const char *option, bool allow_none,
                   cli_list *list, cli_err *err)
{
    const char *end = text + strlen(text);
    list->len = 0;
    trim(&text, &end);
    if (text == end)
        return CLI_EXIT_OK;
    for (;;) {
        const char *comma = memchr(text, ',', (size_t)(end - text));
        const char *stop = comma ? comma : end;
        const char *b = text, *e = stop;
        if (list->len == CLI_LIST_MAX)
            return cli_usage_error(err, "--%s: more than %d entries", option,
                                   CLI_LIST_MAX);
        trim(&b, &e);
        int status = parse_entry(b, e, list->len, option, allow_none, list,
                                 err);
        if (status != CLI_EXIT_OK)
            return status;
        list->len++;
        if (!comma)
            return CLI_EXIT_OK;
        text = comma + 1;
    }
}

int cli_list_option(const cli_opts *opts, const char *option, bool allow_none,
                    cli_list *list, bool *given, cli_err *err)
{
    const char *text = cli_opt(opts, option);
    *given = text != NULL;
    list->len = 0;
    return text ? cli_list_parse(text, option, allow_none, list, err)
                : CLI_EXIT_OK;
}

int cli_int_option(const cli_opts *opts, const char *option,
                   int64_t fallback, int64_t *value, cli_err *err)
{
    cli_list list;
    bool given;
    int status = cli_list_option(opts, option, false, &list, &given, err);
    if (status != CLI_EXIT_OK)
        return status;
    if (given && list.len != 1)
        return cli_usage_error(err, "--%s wants one integer, not %zu",
                               option, list.len);
    *value = given ? list.value[0] : fallback;
    return CLI_EXIT_OK;
}

/* Value of a hex digit, or -1. */
static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Parses [begin, end) as hex digits of at most 32 bits. */
static bool parse_hex32(const char *begin, const char *end, uint32_t *out)
{
    uint64_t value = 0;
    if (begin == end)
        return false;
    for (; begin < end; begin++) {
        int digit = hex_digit(*begin);
        if (digit < 0)
            return false;
        value = value * 16u + (uint64_t)digit;
        if (value > UINT32_MAX)
            return false;
    }
    *out = (uint32_t)value;
    return true;
}

int cli_mask_parse(const char *text, const char *option, int32_t *mask,
                   cli_err *err)
{
    const char *begin = text, *end = text + strlen(text);
    trim(&begin, &end);
    int64_t value = 0;
    bool ok;
    if (end - begin >= 2 && begin[0] == '0' &&
        (begin[1] == 'x' || begin[1] == 'X')) {
        uint32_t bits = 0;
        ok = parse_hex32(begin + 2, end, &bits);
        value = bits > INT32_MAX ? (int64_t)bits - 4294967296 : bits;
    } else {
        ok = parse_int64(begin, end, &value) == INT_OK && value >= INT32_MIN &&
             value <= INT32_MAX;
    }
    if (!ok)
        return cli_usage_error(err, "--%s: '%.*s' is not an int32 mask "
                               "(decimal, or 0x hex up to 0xffffffff)",
                               option, quoted_len(begin, end), begin);
    *mask = (int32_t)value;
    return CLI_EXIT_OK;
}
