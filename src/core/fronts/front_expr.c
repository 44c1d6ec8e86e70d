/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * numpy-style basic-indexing expressions, e.g. "[1:-1, ..., None, ::-2, 3]".
 *
 * Grammar (spaces allowed between any two tokens):
 *
 *   expr   := list | '[' list ']' | '(' list ')' | '[' '(' list ')' ']'
 *   list   := empty | item (',' item)* [',']
 *   item   := '...' | part | [part] ':' [part] [':' [part]]
 *   part   := integer | none
 *   none   := 'None' | 'newaxis' | ('np' | 'numpy' | 'tf') '.' 'newaxis'
 *   integer:= ['+' | '-'] digit+          (decimal, must fit in int64)
 *
 * Spaces are ' ', tab, newline, CR, FF and VT; a sign may be apart from its
 * digits ("- 3"), as in Python.  Unlike Python, leading zeros are accepted
 * (always decimal), and "" and "[]" are the identity.  Not accepted: hex or
 * '_' in numbers, parenthesised sub-expressions such as "(1):2", nested
 * tuples, "Ellipsis" as a name.
 *
 * An item that is a lone integer is a shrink, a lone none a new axis; as a
 * slice part a none means "missing", exactly as in Python.  The parentheses
 * stand for an explicit Python tuple, so "()" and "[()]" are the identity.
 *
 * Syntax errors are reported as soon as they are seen.  Problems with an
 * otherwise well-formed expression (step 0, two ellipses, too many items)
 * are kept until the whole text has parsed, so a broken string is always
 * reported as a syntax error first.
 */
#include <stdio.h>
#include <string.h>

#include "core/fronts/fronts.h"

/* Longest piece of the input quoted in a message. */
#define EXPR_QUOTE_MAX 40

typedef struct expr_parser {
    const char *text;
    size_t pos;
    const char *close_word; /* what ends the current list, for messages */
    cs_slot *slots;         /* room for CLSLICE_MAX_SLOTS */
    /* Items seen, saturating at MAX_SLOTS + 1 (the rank error is then
     * deferred, and any later deferred problem is never reported). */
    int items;
    bool seen_ellipsis;
    bool many_ellipses; /* PyTorch's indexing takes several */
    clslice_error *err;
    clslice_error deferred; /* first non-syntax problem, reported at the end */
} expr_parser;

/* One optional slice part (begin, end or step). */
typedef struct expr_part {
    bool written; /* something was there: an integer or a none name */
    bool given;   /* it was an integer (a none name means "missing") */
    int64_t value;
    size_t pos;
} expr_part;

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
           c == '\v';
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool is_word_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_word_char(char c) { return is_word_start(c) || is_digit(c); }

static char peek(const expr_parser *p) { return p->text[p->pos]; }

static void skip_spaces(expr_parser *p)
{
    while (is_space(peek(p)))
        p->pos++;
}

/* Length of the identifier or number starting at `at` (0 if none). */
static size_t word_length(const char *text, size_t at)
{
    size_t n = 0;
    while (is_word_char(text[at + n]))
        n++;
    return n;
}

/* How much of an n-character piece of input a message quotes. */
static int quote_length(size_t n)
{
    return (int)(n < EXPR_QUOTE_MAX ? n : EXPR_QUOTE_MAX);
}

/* Describes what stands at `at` for a message: a quoted word or character,
 * "end of input", or the byte value of an unprintable character. */
static void describe(const char *text, size_t at, char *buf, size_t size)
{
    unsigned char c = (unsigned char)text[at];
    size_t n = word_length(text, at);
    if (c == '\0')
        snprintf(buf, size, "end of input");
    else if (n > 0)
        snprintf(buf, size, "'%.*s%s'", quote_length(n), text + at,
                 n > EXPR_QUOTE_MAX ? "..." : "");
    else if (c >= 0x20 && c < 0x7f)
        snprintf(buf, size, "'%c'", (char)c);
    else
        snprintf(buf, size, "byte 0x%02X", (unsigned)c);
}

/* Syntax error at the current position; `expected` lists what would do. */
static clslice_status unexpected(expr_parser *p, const char *expected)
{
    char found[EXPR_QUOTE_MAX + 16];
    describe(p->text, p->pos, found, sizeof found);
    return cs_fail(p->err, CLSLICE_ERROR_SYNTAX,
                   "expression: unexpected %s at position %zu (expected %s)",
                   found, p->pos, expected);
}

/* As unexpected(), where closing the current list would also have done. */
static clslice_status unexpected_or_close(expr_parser *p, const char *options)
{
    char expected[128];
    snprintf(expected, sizeof expected, "%s or %s", options, p->close_word);
    return unexpected(p, expected);
}

static bool has_deferred(const expr_parser *p)
{
    return p->deferred.status != CLSLICE_OK;
}

/* Two's-complement value of sign and magnitude; magnitude <= 2^63 when
 * negative, <= INT64_MAX otherwise.  Avoids converting 2^63 to int64. */
static int64_t signed_value(bool negative, uint64_t magnitude)
{
    if (!negative)
        return (int64_t)magnitude;
    if (magnitude == 0)
        return 0;
    return -(int64_t)(magnitude - 1u) - 1;
}

/* integer := ['+' | '-'] digit+, at the current (non-space) position. */
static clslice_status parse_int(expr_parser *p, int64_t *out)
{
    size_t start = p->pos;
    bool negative = peek(p) == '-';
    if (peek(p) == '+' || peek(p) == '-') {
        p->pos++;
        skip_spaces(p);
    }
    if (!is_digit(peek(p)))
        return unexpected(p, "a digit");
    /* The magnitude is accumulated unsigned so that INT64_MIN's (2^63) fits;
     * digits are consumed to the end even after an overflow so the message
     * quotes the whole number. */
    uint64_t limit = negative ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
    uint64_t magnitude = 0;
    bool overflow = false;
    for (; is_digit(peek(p)); p->pos++) {
        unsigned digit = (unsigned)(peek(p) - '0');
        if (overflow || magnitude > (limit - digit) / 10u)
            overflow = true;
        else
            magnitude = magnitude * 10u + digit;
    }
    if (overflow) {
        size_t n = p->pos - start;
        return cs_fail(p->err, CLSLICE_ERROR_SYNTAX,
                       "expression: integer '%.*s%s' at position %zu is "
                       "outside the int64 range",
                       quote_length(n), p->text + start,
                       n > EXPR_QUOTE_MAX ? "..." : "", start);
    }
    *out = signed_value(negative, magnitude);
    return CLSLICE_OK;
}

static bool word_is(const char *text, size_t at, size_t n, const char *word)
{
    return strlen(word) == n && strncmp(text + at, word, n) == 0;
}

/* Consumes a none name (None, newaxis, np./numpy./tf.newaxis) if one stands
 * at the current position and sets *found.  Any other word is left alone
 * for the caller to report in its own context; only a module prefix that is
 * not followed by ".newaxis" is an error here. */
static clslice_status parse_none(expr_parser *p, bool *found)
{
    size_t n = word_length(p->text, p->pos);
    *found = false;
    if (word_is(p->text, p->pos, n, "None") ||
        word_is(p->text, p->pos, n, "newaxis")) {
        p->pos += n;
        *found = true;
        return CLSLICE_OK;
    }
    if (!word_is(p->text, p->pos, n, "np") &&
        !word_is(p->text, p->pos, n, "numpy") &&
        !word_is(p->text, p->pos, n, "tf"))
        return CLSLICE_OK;
    p->pos += n;
    skip_spaces(p);
    if (peek(p) != '.')
        return unexpected(p, "'.'");
    p->pos++;
    skip_spaces(p);
    n = word_length(p->text, p->pos);
    if (!word_is(p->text, p->pos, n, "newaxis"))
        return unexpected(p, "'newaxis'");
    p->pos += n;
    *found = true;
    return CLSLICE_OK;
}

/* part := integer | none, or nothing at all. */
static clslice_status parse_part(expr_parser *p, expr_part *part)
{
    skip_spaces(p);
    *part = (expr_part){.pos = p->pos};
    char c = peek(p);
    if (is_digit(c) || c == '+' || c == '-') {
        part->written = part->given = true;
        return parse_int(p, &part->value);
    }
    if (!is_word_start(c))
        return CLSLICE_OK;
    return parse_none(p, &part->written);
}

/* Stores the next item's slot; past CLSLICE_MAX_SLOTS items it only records
 * the (deferred) rank error, parsing goes on to find syntax errors. */
static void add_slot(expr_parser *p, const cs_slot *slot, size_t start)
{
    if (p->items < CLSLICE_MAX_SLOTS) {
        p->slots[p->items++] = *slot;
        return;
    }
    if (p->items == CLSLICE_MAX_SLOTS) {
        if (!has_deferred(p))
            cs_fail(&p->deferred, CLSLICE_ERROR_RANK,
                    "expression: more than %d items (item %d starts at "
                    "position %zu)",
                    CLSLICE_MAX_SLOTS, CLSLICE_MAX_SLOTS, start);
        p->items++;
    }
}

/* The rest of a range item after its first part; `follow` receives the
 * options that could still have extended the item, for messages. */
static clslice_status parse_range(expr_parser *p, const expr_part *begin,
                                  size_t start, const char **follow)
{
    expr_part end, step = {.written = false};
    p->pos++; /* the first ':' */
    clslice_status status = parse_part(p, &end);
    if (status != CLSLICE_OK)
        return status;
    skip_spaces(p);
    *follow = end.written ? "':', " : "an integer, ':', ";
    if (peek(p) == ':') {
        p->pos++;
        status = parse_part(p, &step);
        if (status != CLSLICE_OK)
            return status;
        *follow = step.written ? "" : "an integer, ";
    }
    if (step.given && step.value == 0 && !has_deferred(p))
        cs_fail(&p->deferred, CLSLICE_ERROR_SPEC,
                "expression: item %d has step 0 at position %zu (the step "
                "must be non-zero)",
                p->items, step.pos);
    cs_slot slot = {.kind = CS_SLOT_RANGE,
                    .begin = begin->given ? begin->value : 0,
                    .end = end.given ? end.value : 0,
                    .step = step.given ? step.value : 1,
                    .has_begin = begin->given,
                    .has_end = end.given};
    add_slot(p, &slot, start);
    return CLSLICE_OK;
}

/* One item.  `follow` as for parse_range. */
static clslice_status parse_item(expr_parser *p, const char **follow)
{
    skip_spaces(p);
    size_t start = p->pos;
    if (strncmp(p->text + p->pos, "...", 3) == 0) {
        p->pos += 3;
        *follow = "";
        if (p->seen_ellipsis && !p->many_ellipses && !has_deferred(p))
            cs_fail(&p->deferred, CLSLICE_ERROR_SPEC,
                    "expression: item %d at position %zu is a second '...' "
                    "(an index may hold only one ellipsis)",
                    p->items, start);
        p->seen_ellipsis = true;
        add_slot(p, &(cs_slot){.kind = CS_SLOT_ELLIPSIS, .step = 1}, start);
        return CLSLICE_OK;
    }
    expr_part first;
    clslice_status status = parse_part(p, &first);
    if (status != CLSLICE_OK)
        return status;
    skip_spaces(p);
    if (peek(p) == ':')
        return parse_range(p, &first, start, follow);
    if (!first.written)
        return unexpected_or_close(p, "an integer, ':', '...', None");
    *follow = "':', ";
    cs_slot slot = {.kind = CS_SLOT_NEW_AXIS, .step = 1};
    if (first.given)
        slot = (cs_slot){.kind = CS_SLOT_SHRINK, .begin = first.value,
                         .step = 1, .has_begin = true};
    add_slot(p, &slot, start);
    return CLSLICE_OK;
}

static const char *close_word(char closer)
{
    return closer == ']' ? "']'" : closer == ')' ? "')'" : "end of input";
}

/* list := empty | item (',' item)* [','], then the closer (consumed unless
 * it is the end of the input, closer '\0'). */
static clslice_status parse_list(expr_parser *p, char closer)
{
    p->close_word = close_word(closer);
    for (;;) {
        skip_spaces(p);
        if (peek(p) == closer)
            break; /* empty list, or after a trailing comma */
        const char *follow = "";
        clslice_status status = parse_item(p, &follow);
        if (status != CLSLICE_OK)
            return status;
        skip_spaces(p);
        if (peek(p) == closer)
            break;
        if (peek(p) != ',') {
            char options[64];
            snprintf(options, sizeof options, "%s','", follow);
            return unexpected_or_close(p, options);
        }
        p->pos++;
    }
    if (closer != '\0')
        p->pos++;
    return CLSLICE_OK;
}

/* After '[' (closer ']') or at the top (closer '\0'): a list, or a
 * parenthesised list standing for a Python tuple. */
static clslice_status parse_group(expr_parser *p, char closer)
{
    skip_spaces(p);
    if (peek(p) != '(')
        return parse_list(p, closer);
    p->pos++;
    clslice_status status = parse_list(p, ')');
    if (status != CLSLICE_OK)
        return status;
    skip_spaces(p);
    if (peek(p) != closer)
        return unexpected(p, close_word(closer));
    if (closer != '\0')
        p->pos++;
    return CLSLICE_OK;
}

static clslice_status parse_expr(const char *expr, cs_slot *slots,
                                 int *slot_count, bool many_ellipses,
                                 clslice_error *err);

clslice_status cs_parse_expr(const char *expr, cs_slot *slots,
                             int *slot_count, clslice_error *err)
{
    return parse_expr(expr, slots, slot_count, false, err);
}

clslice_status cs_parse_expr_many(const char *expr, cs_slot *slots,
                                  int *slot_count, clslice_error *err)
{
    return parse_expr(expr, slots, slot_count, true, err);
}

static clslice_status parse_expr(const char *expr, cs_slot *slots,
                                 int *slot_count, bool many_ellipses,
                                 clslice_error *err)
{
    if (!expr)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "expression: expr must not be NULL");
    if (!slots || !slot_count)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "expression: %s must not be NULL",
                       slots ? "slot_count" : "slots");
    *slot_count = 0;
    expr_parser p = {.text = expr, .slots = slots, .err = err,
                     .many_ellipses = many_ellipses};
    cs_ok(&p.deferred);
    skip_spaces(&p);
    clslice_status status;
    if (peek(&p) == '[') {
        p.pos++;
        status = parse_group(&p, ']');
    } else {
        status = parse_group(&p, '\0');
    }
    if (status != CLSLICE_OK)
        return status;
    skip_spaces(&p);
    if (peek(&p) != '\0')
        return unexpected(&p, "end of input");
    if (has_deferred(&p)) {
        if (err)
            *err = p.deferred;
        return p.deferred.status;
    }
    *slot_count = p.items;
    return cs_ok(err);
}

clslice_status cs_front_expr(const int64_t *shape, int rank,
                             const char *expr, clslice_plan *into,
                             clslice_error *err)
{
    /* Shape problems are reported before anything in the expression. */
    clslice_status status = cs_check_shape(shape, rank, err);
    if (status != CLSLICE_OK)
        return status;
    cs_slot slots[CLSLICE_MAX_SLOTS];
    int count = 0;
    status = cs_parse_expr(expr, slots, &count, err);
    if (status != CLSLICE_OK)
        return status;
    const cs_rules rules = {.clamp = CS_CLAMP_NUMPY,
                            .shrink_needs_positive_step = false,
                            .step_name = "step",
                            .slot_word = "item"};
    return cs_build_plan(shape, rank, slots, count, &rules, into, err);
}
