/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* numpy-style expressions: the parser (cs_parse_expr) slot by slot, every
 * error path with its message, and a few whole plans (clslice_plan_expr). */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "core/fronts/fronts.h"

/* ------------------------------------------------------------------------ */
/* Parser: accepted expressions                                              */
/* ------------------------------------------------------------------------ */

typedef struct slot_expect {
    cs_slot_kind kind;
    int64_t begin, end, step;
    bool has_begin, has_end;
} slot_expect;

/* A range; `hb`/`he` say whether begin/end were written (values 0 if not). */
#define RANGE(b, hb, e, he, s) {CS_SLOT_RANGE, (b), (e), (s), (hb), (he)}
#define FULL RANGE(0, false, 0, false, 1)
#define BEGIN_ONLY(b) RANGE((b), true, 0, false, 1)
#define END_ONLY(e) RANGE(0, false, (e), true, 1)
#define SHRINK(i) {CS_SLOT_SHRINK, (i), 0, 1, true, false}
#define NEW_AXIS {CS_SLOT_NEW_AXIS, 0, 0, 1, false, false}
#define ELLIPSIS {CS_SLOT_ELLIPSIS, 0, 0, 1, false, false}

typedef struct parse_case {
    const char *expr;
    int count;
    slot_expect slots[6];
} parse_case;

static const parse_case parse_cases[] = {
    /* identity spellings */
    {"", 0, {{0}}},
    {"   ", 0, {{0}}},
    {"[]", 0, {{0}}},
    {"[ ]", 0, {{0}}},
    {"()", 0, {{0}}},
    {"[()]", 0, {{0}}},
    {" [ ( ) ] ", 0, {{0}}},
    /* the example of the header */
    {"[1:-1, ..., None, ::-2, 3]", 5,
     {RANGE(1, true, -1, true, 1), ELLIPSIS, NEW_AXIS,
      RANGE(0, false, 0, false, -2), SHRINK(3)}},
    /* same without brackets, without spaces */
    {"1:-1,...,None,::-2,3", 5,
     {RANGE(1, true, -1, true, 1), ELLIPSIS, NEW_AXIS,
      RANGE(0, false, 0, false, -2), SHRINK(3)}},
    /* range parts, each optional */
    {":", 1, {FULL}},
    {"::", 1, {FULL}},
    {"[:]", 1, {FULL}},
    {"[1:]", 1, {BEGIN_ONLY(1)}},
    {"[1::]", 1, {BEGIN_ONLY(1)}},
    {"[:5]", 1, {END_ONLY(5)}},
    {"[:5:]", 1, {END_ONLY(5)}},
    {"[::3]", 1, {RANGE(0, false, 0, false, 3)}},
    {"[1:2]", 1, {RANGE(1, true, 2, true, 1)}},
    {"[1:2:]", 1, {RANGE(1, true, 2, true, 1)}},
    {"[1:2:3]", 1, {RANGE(1, true, 2, true, 3)}},
    {"[:-3:-1]", 1, {RANGE(0, false, -3, true, -1)}},
    {"[-4::-2]", 1, {RANGE(-4, true, 0, false, -2)}},
    {"[0:0]", 1, {RANGE(0, true, 0, true, 1)}},
    /* None as a slice part means "missing", as in Python */
    {"[None:None:None]", 1, {FULL}},
    {"[None:3]", 1, {END_ONLY(3)}},
    {"[2:None:-1]", 1, {RANGE(2, true, 0, false, -1)}},
    {"[np.newaxis:tf.newaxis:numpy.newaxis]", 1, {FULL}},
    /* shrinks and signs */
    {"7", 1, {SHRINK(7)}},
    {"[0]", 1, {SHRINK(0)}},
    {"[-7]", 1, {SHRINK(-7)}},
    {"[+7]", 1, {SHRINK(7)}},
    {"[- 7]", 1, {SHRINK(-7)}},
    {"[+ 7]", 1, {SHRINK(7)}},
    {"[-0]", 1, {SHRINK(0)}},
    {"[007:0010]", 1, {RANGE(7, true, 10, true, 1)}},
    {"[-0:+0:-1]", 1, {RANGE(0, true, 0, true, -1)}},
    /* new-axis spellings */
    {"None", 1, {NEW_AXIS}},
    {"[newaxis]", 1, {NEW_AXIS}},
    {"[np.newaxis]", 1, {NEW_AXIS}},
    {"[numpy.newaxis]", 1, {NEW_AXIS}},
    {"[tf.newaxis]", 1, {NEW_AXIS}},
    {"[np . newaxis]", 1, {NEW_AXIS}},
    {"[None, None]", 2, {NEW_AXIS, NEW_AXIS}},
    /* ellipsis */
    {"...", 1, {ELLIPSIS}},
    {"[...]", 1, {ELLIPSIS}},
    {"[..., 1]", 2, {ELLIPSIS, SHRINK(1)}},
    {"[1, ...]", 2, {SHRINK(1), ELLIPSIS}},
    /* trailing commas and tuples */
    {"[1,]", 1, {SHRINK(1)}},
    {"[1, 2 , ]", 2, {SHRINK(1), SHRINK(2)}},
    {"1,", 1, {SHRINK(1)}},
    {"(1,)", 1, {SHRINK(1)}},
    {"(1, 2)", 2, {SHRINK(1), SHRINK(2)}},
    {"[(1:2, ...,)]", 2, {RANGE(1, true, 2, true, 1), ELLIPSIS}},
    {"[...,]", 1, {ELLIPSIS}},
    {"[:,]", 1, {FULL}},
    /* int64 limits */
    {"[9223372036854775807]", 1, {SHRINK(INT64_MAX)}},
    {"[+9223372036854775807]", 1, {SHRINK(INT64_MAX)}},
    {"[-9223372036854775808]", 1, {SHRINK(INT64_MIN)}},
    {"[-9223372036854775807]", 1, {SHRINK(-INT64_MAX)}},
    {"[9223372036854775807:-9223372036854775808:-9223372036854775808]", 1,
     {RANGE(INT64_MAX, true, INT64_MIN, true, INT64_MIN)}},
    {"[-00009223372036854775808::9223372036854775807]", 1,
     {RANGE(INT64_MIN, true, 0, false, INT64_MAX)}},
    /* whitespace of every kind between tokens */
    {"\t[ 1 : -1 : 2 ,\n ... ,\r\n None\f]\v", 3,
     {RANGE(1, true, -1, true, 2), ELLIPSIS, NEW_AXIS}},
    {"  [  :  :  - 2  ]  ", 1, {RANGE(0, false, 0, false, -2)}},
};

static void check_slot(const char *expr, int i, const cs_slot *got,
                       const slot_expect *want)
{
    if (got->kind != want->kind || got->begin != want->begin ||
        got->end != want->end || got->step != want->step ||
        got->has_begin != want->has_begin || got->has_end != want->has_end ||
        got->begin_unknown || got->end_unknown) {
        print_error("\"%s\" slot %d: got kind %d begin %lld%s end %lld%s "
                    "step %lld; want kind %d begin %lld%s end %lld%s step "
                    "%lld\n",
                    expr, i, (int)got->kind, (long long)got->begin,
                    got->has_begin ? "" : "(none)", (long long)got->end,
                    got->has_end ? "" : "(none)", (long long)got->step,
                    (int)want->kind, (long long)want->begin,
                    want->has_begin ? "" : "(none)", (long long)want->end,
                    want->has_end ? "" : "(none)", (long long)want->step);
        fail();
    }
}

static void test_parse_table(void **state)
{
    (void)state;
    for (size_t c = 0; c < sizeof parse_cases / sizeof parse_cases[0]; c++) {
        const parse_case *pc = &parse_cases[c];
        cs_slot slots[CLSLICE_MAX_SLOTS];
        /* Garbage first, so every field is seen to be written. */
        memset(slots, 0x5a, sizeof slots);
        int count = -1;
        clslice_error err = {CLSLICE_ERROR_MEMORY, "stale"};
        clslice_status status = cs_parse_expr(pc->expr, slots, &count, &err);
        if (status != CLSLICE_OK) {
            print_error("\"%s\": %s\n", pc->expr, err.message);
            fail();
        }
        assert_int_equal(err.status, CLSLICE_OK);
        assert_string_equal(err.message, "");
        if (count != pc->count) {
            print_error("\"%s\": %d slots, want %d\n", pc->expr, count,
                        pc->count);
            fail();
        }
        for (int i = 0; i < count; i++)
            check_slot(pc->expr, i, &slots[i], &pc->slots[i]);
    }
}

/* Exactly CLSLICE_MAX_SLOTS items parse (with a trailing comma too). */
static void test_parse_max_items(void **state)
{
    (void)state;
    char expr[CLSLICE_MAX_SLOTS * 8 + 8];
    size_t used = 0;
    expr[used++] = '[';
    for (int i = 0; i < CLSLICE_MAX_SLOTS; i++)
        used += (size_t)snprintf(expr + used, sizeof expr - used, "%d,", i);
    snprintf(expr + used, sizeof expr - used, "]");
    cs_slot slots[CLSLICE_MAX_SLOTS];
    int count = 0;
    clslice_error err;
    assert_int_equal(cs_parse_expr(expr, slots, &count, &err), CLSLICE_OK);
    assert_int_equal(count, CLSLICE_MAX_SLOTS);
    for (int i = 0; i < count; i++) {
        const slot_expect want = SHRINK(i);
        check_slot(expr, i, &slots[i], &want);
    }
}

/* err may be NULL, on success and on failure. */
static void test_parse_null_err(void **state)
{
    (void)state;
    cs_slot slots[CLSLICE_MAX_SLOTS];
    int count = -1;
    assert_int_equal(cs_parse_expr("[1:2]", slots, &count, NULL), CLSLICE_OK);
    assert_int_equal(count, 1);
    assert_int_equal(cs_parse_expr("[1:2", slots, &count, NULL),
                     CLSLICE_ERROR_SYNTAX);
    assert_int_equal(count, 0);
    assert_int_equal(cs_parse_expr("[::0]", slots, &count, NULL),
                     CLSLICE_ERROR_SPEC);
    assert_int_equal(cs_parse_expr(NULL, slots, &count, NULL),
                     CLSLICE_ERROR_ARGUMENT);
}

/* ------------------------------------------------------------------------ */
/* Parser: errors                                                            */
/* ------------------------------------------------------------------------ */

typedef struct error_case {
    const char *expr;
    clslice_status status;
    const char *parts[3]; /* substrings of the message; unused ones NULL */
} error_case;

static const error_case error_cases[] = {
    /* unbalanced or misplaced brackets */
    {"[1", CLSLICE_ERROR_SYNTAX,
     {"unexpected end of input at position 2 (expected ':', ',' or ']')"}},
    {"[", CLSLICE_ERROR_SYNTAX,
     {"unexpected end of input at position 1 (expected an integer, ':', "
      "'...', None or ']')"}},
    {"1]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ']' at position 1 (expected ':', ',' or end of input)"}},
    {"]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ']' at position 0 (expected an integer, ':', '...', None "
      "or end of input)"}},
    {"[1]]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ']' at position 3 (expected end of input)"}},
    {"[1] x", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'x' at position 4 (expected end of input)"}},
    {"[(1,2]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ']' at position 5 (expected ':', ',' or ')')"}},
    {"[(1,2)", CLSLICE_ERROR_SYNTAX,
     {"unexpected end of input at position 6 (expected ']')"}},
    {"(1,2)]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ']' at position 5 (expected end of input)"}},
    {"(", CLSLICE_ERROR_SYNTAX,
     {"unexpected end of input at position 1", "or ')')"}},
    {"[(1), 2]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ',' at position 4 (expected ']')"}},
    {"[1, (2)]", CLSLICE_ERROR_SYNTAX, {"unexpected '(' at position 4"}},
    {"[[1]]", CLSLICE_ERROR_SYNTAX, {"unexpected '[' at position 1"}},
    {"((1))", CLSLICE_ERROR_SYNTAX, {"unexpected '(' at position 1"}},
    /* what may follow each kind of item */
    {"[1: x]", CLSLICE_ERROR_SYNTAX,
     {"expression: unexpected 'x' at position 4 (expected an integer, ':', "
      "',' or ']')"}},
    {"[1:2 x]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'x' at position 5 (expected ':', ',' or ']')"}},
    {"[1:2: x]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'x' at position 6 (expected an integer, ',' or ']')"}},
    {"[1:2:3 x]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'x' at position 7 (expected ',' or ']')"}},
    {"[1:2:3:4]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ':' at position 6 (expected ',' or ']')"}},
    {"[:::]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ':' at position 3 (expected an integer, ',' or ']')"}},
    {"[... x]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'x' at position 5 (expected ',' or ']')"}},
    {"[...:2]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ':' at position 4 (expected ',' or ']')"}},
    {"[None 1]", CLSLICE_ERROR_SYNTAX,
     {"unexpected '1' at position 6 (expected ':', ',' or ']')"}},
    {"[1 2]", CLSLICE_ERROR_SYNTAX,
     {"unexpected '2' at position 3 (expected ':', ',' or ']')"}},
    {"[12abc]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'abc' at position 3 (expected ':', ',' or ']')"}},
    {"[1.5]", CLSLICE_ERROR_SYNTAX, {"unexpected '.' at position 2"}},
    /* empty items */
    {"[,]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ',' at position 1 (expected an integer, ':', '...', None "
      "or ']')"}},
    {"[1,,2]", CLSLICE_ERROR_SYNTAX, {"unexpected ',' at position 3"}},
    {",", CLSLICE_ERROR_SYNTAX,
     {"unexpected ',' at position 0", "or end of input)"}},
    {"[(,)]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ',' at position 2", "or ')')"}},
    {"[..]", CLSLICE_ERROR_SYNTAX, {"unexpected '.' at position 1"}},
    /* names */
    {"[foo]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'foo' at position 1 (expected an integer, ':', '...', "
      "None or ']')"}},
    {"[none]", CLSLICE_ERROR_SYNTAX, {"unexpected 'none' at position 1"}},
    {"[Nonesuch]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'Nonesuch' at position 1"}},
    {"[Ellipsis]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'Ellipsis' at position 1"}},
    {"[np]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ']' at position 3 (expected '.')"}},
    {"[np.foo]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'foo' at position 4 (expected 'newaxis')"}},
    {"[tf.]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ']' at position 4 (expected 'newaxis')"}},
    {"[numpy.newaxes]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'newaxes' at position 7 (expected 'newaxis')"}},
    {"[torch.newaxis]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'torch' at position 1"}},
    {"[1:foo]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'foo' at position 3 (expected an integer, ':', ',' or "
      "']')"}},
    /* signs and digits */
    {"[-]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ']' at position 2 (expected a digit)"}},
    {"[- -1]", CLSLICE_ERROR_SYNTAX,
     {"unexpected '-' at position 3 (expected a digit)"}},
    {"[+None]", CLSLICE_ERROR_SYNTAX,
     {"unexpected 'None' at position 2 (expected a digit)"}},
    {"[::-]", CLSLICE_ERROR_SYNTAX,
     {"unexpected ']' at position 4 (expected a digit)"}},
    {"[0x10]", CLSLICE_ERROR_SYNTAX, {"unexpected 'x10' at position 2"}},
    {"[1_000]", CLSLICE_ERROR_SYNTAX, {"unexpected '_000' at position 2"}},
    {"[\x01]", CLSLICE_ERROR_SYNTAX,
     {"unexpected byte 0x01 at position 1"}},
    {"[\xc3\xa9]", CLSLICE_ERROR_SYNTAX,
     {"unexpected byte 0xC3 at position 1"}},
    /* int64 overflow */
    {"[9223372036854775808]", CLSLICE_ERROR_SYNTAX,
     {"integer '9223372036854775808' at position 1 is outside the int64 "
      "range"}},
    {"[+9223372036854775808]", CLSLICE_ERROR_SYNTAX,
     {"integer '+9223372036854775808' at position 1"}},
    {"[-9223372036854775809]", CLSLICE_ERROR_SYNTAX,
     {"integer '-9223372036854775809' at position 1"}},
    {"[:: - 99999999999999999999]", CLSLICE_ERROR_SYNTAX,
     {"integer '- 99999999999999999999' at position 4"}},
    {"[18446744073709551616]", CLSLICE_ERROR_SYNTAX,
     {"integer '18446744073709551616' at position 1"}},
    {"[1234567890123456789012345678901234567890123456789]",
     CLSLICE_ERROR_SYNTAX,
     {"integer '1234567890123456789012345678901234567890...' at position 1"}},
    /* well-formed but invalid */
    {"[::0]", CLSLICE_ERROR_SPEC,
     {"item 0 has step 0 at position 3", "non-zero"}},
    {"[1, 2:3:-0]", CLSLICE_ERROR_SPEC,
     {"item 1 has step 0 at position 8"}},
    {"[1:2:+ 0]", CLSLICE_ERROR_SPEC, {"item 0 has step 0 at position 5"}},
    {"[..., 1, ...]", CLSLICE_ERROR_SPEC,
     {"item 2 at position 9 is a second '...'"}},
    {"[..., ..., ::0]", CLSLICE_ERROR_SPEC,
     {"item 1 at position 6 is a second '...'"}},
    {"[::0, ..., ...]", CLSLICE_ERROR_SPEC, {"item 0 has step 0"}},
    /* a syntax error wins over an earlier semantic one */
    {"[::0, x]", CLSLICE_ERROR_SYNTAX, {"unexpected 'x' at position 6"}},
    {"[..., ..., 1", CLSLICE_ERROR_SYNTAX,
     {"unexpected end of input at position 12"}},
};

static void test_parse_errors(void **state)
{
    (void)state;
    for (size_t c = 0; c < sizeof error_cases / sizeof error_cases[0]; c++) {
        const error_case *ec = &error_cases[c];
        cs_slot slots[CLSLICE_MAX_SLOTS];
        int count = -1;
        clslice_error err = {CLSLICE_OK, ""};
        clslice_status status = cs_parse_expr(ec->expr, slots, &count, &err);
        /* Name the case before tu_assert_error fails on it. */
        bool ok = status == ec->status && err.status == ec->status &&
                  strstr(err.message, "expression: ") != NULL;
        for (int i = 0; i < 3 && ec->parts[i]; i++)
            ok = ok && strstr(err.message, ec->parts[i]) != NULL;
        if (!ok)
            print_error("case \"%s\" returned %d\n", ec->expr, (int)status);
        assert_int_equal(status, err.status);
        assert_non_null(strstr(err.message, "expression: "));
        /* unused parts are NULL, which ends tu_assert_error's list early */
        tu_assert_error(&err, ec->status, ec->parts[0], ec->parts[1],
                        ec->parts[2], NULL);
        assert_int_equal(count, 0);
    }
}

/* Writes head, then "0,1,...,n-1", then tail into buf. */
static void many_items(char *buf, size_t size, const char *head, int n,
                       const char *tail)
{
    size_t used = (size_t)snprintf(buf, size, "%s", head);
    for (int i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%d",
                                 i ? "," : "", i);
    if (used < size)
        snprintf(buf + used, size - used, "%s", tail);
}

static void test_parse_too_many_items(void **state)
{
    (void)state;
    char expr[2048];
    cs_slot slots[CLSLICE_MAX_SLOTS];
    int count = -1;
    clslice_error err;

    many_items(expr, sizeof expr, "[", CLSLICE_MAX_SLOTS + 1, "]");
    assert_int_equal(cs_parse_expr(expr, slots, &count, &err),
                     CLSLICE_ERROR_RANK);
    tu_assert_error(&err, CLSLICE_ERROR_RANK, "expression: more than 64 items",
                    "item 64 starts at position 183", NULL);
    assert_int_equal(count, 0);

    /* Far more items than slots: nothing is written past the array. */
    many_items(expr, sizeof expr, "[", 300, ",]");
    assert_int_equal(cs_parse_expr(expr, slots, &count, &err),
                     CLSLICE_ERROR_RANK);
    tu_assert_error(&err, CLSLICE_ERROR_RANK, "more than 64 items", NULL);

    /* A syntax error after the 65th item is still a syntax error. */
    many_items(expr, sizeof expr, "[", 70, ",x]");
    assert_int_equal(cs_parse_expr(expr, slots, &count, &err),
                     CLSLICE_ERROR_SYNTAX);
    tu_assert_error(&err, CLSLICE_ERROR_SYNTAX, "unexpected 'x'", NULL);

    /* Of two problems in a well-formed text, the first one is reported. */
    many_items(expr, sizeof expr, "[", 70, ",::0]");
    assert_int_equal(cs_parse_expr(expr, slots, &count, &err),
                     CLSLICE_ERROR_RANK);
    many_items(expr, sizeof expr, "[::0, ", 70, "]");
    assert_int_equal(cs_parse_expr(expr, slots, &count, &err),
                     CLSLICE_ERROR_SPEC);
    tu_assert_error(&err, CLSLICE_ERROR_SPEC, "item 0 has step 0", NULL);
}

static void test_parse_null_arguments(void **state)
{
    (void)state;
    cs_slot slots[CLSLICE_MAX_SLOTS];
    int count = -1;
    clslice_error err;
    assert_int_equal(cs_parse_expr(NULL, slots, &count, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "expr", NULL);
    assert_int_equal(cs_parse_expr("[1]", NULL, &count, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "slots", NULL);
    assert_int_equal(cs_parse_expr("[1]", slots, NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "slot_count", NULL);
}

/* ------------------------------------------------------------------------ */
/* Whole plans through clslice_plan_expr                                     */
/* ------------------------------------------------------------------------ */

typedef struct plan_case {
    int rank;
    int64_t shape[4];
    const char *expr;
    int out_rank;
    int64_t out[6];
} plan_case;

static const plan_case plan_cases[] = {
    /* 3x2x3: [1:-1] -> 1, ellipsis of no dims, new axis, ::-2 -> 1, shrink */
    {3, {3, 2, 3}, "[1:-1, ..., None, ::-2, 1]", 3, {1, 1, 1}},
    /* docs/SEMANTICS.md §2 consequences */
    {1, {5}, "[3:-1:-1]", 1, {0}},
    {1, {5}, "[-100::-1]", 1, {0}},
    {1, {5}, "[100:-100:-1]", 1, {5}},
    {1, {0}, "[::-1]", 1, {0}},
    {1, {0}, "[-3:7:2]", 1, {0}},
    {1, {5}, "[::-2]", 1, {3}},
    {1, {5}, "[-2:]", 1, {2}},
    {1, {5}, "[-9223372036854775808:9223372036854775807]", 1, {5}},
    {1, {5}, "[9223372036854775807::-9223372036854775808]", 1, {1}},
    /* identity spellings keep the shape */
    {2, {4, 6}, "", 2, {4, 6}},
    {2, {4, 6}, "[]", 2, {4, 6}},
    {2, {4, 6}, "()", 2, {4, 6}},
    {2, {4, 6}, "[...]", 2, {4, 6}},
    /* implicit trailing dims, new axes, shrinks */
    {2, {4, 6}, "[::2]", 2, {2, 6}},
    {2, {4, 6}, "[1]", 1, {6}},
    {2, {4, 6}, "[..., 1]", 1, {4}},
    {2, {4, 6}, "[None, ..., np.newaxis]", 4, {1, 4, 6, 1}},
    {2, {4, 6}, "[-1, -6]", 0, {0}},
    {3, {2, 3, 4}, "[:, None, 1:, ..., tf.newaxis]", 5, {2, 1, 2, 4, 1}},
    {0, {0}, "[None]", 1, {1}},
    {0, {0}, "[...]", 0, {0}},
    /* unknown dimensions */
    {2, {-1, 4}, "[1:, ::2]", 2, {-1, 2}},
};

static void test_plan_shapes(void **state)
{
    (void)state;
    for (size_t c = 0; c < sizeof plan_cases / sizeof plan_cases[0]; c++) {
        const plan_case *pc = &plan_cases[c];
        clslice_plan *plan = NULL;
        clslice_error err;
        if (clslice_plan_expr(pc->shape, pc->rank, pc->expr, &plan, &err) !=
            CLSLICE_OK) {
            print_error("%s on %s: %s\n", pc->expr,
                        tu_shape_str(pc->shape, pc->rank), err.message);
            fail();
        }
        int64_t out[CLSLICE_MAX_RANK];
        int out_rank = clslice_plan_output_rank(plan);
        clslice_plan_output_shape(plan, out);
        if (out_rank != pc->out_rank ||
            memcmp(out, pc->out, (size_t)out_rank * sizeof out[0]) != 0) {
            char got[256];
            snprintf(got, sizeof got, "%s", tu_shape_str(out, out_rank));
            print_error("%s on %s: output %s, want %s\n", pc->expr,
                        tu_shape_str(pc->shape, pc->rank), got,
                        tu_shape_str(pc->out, pc->out_rank));
            fail();
        }
        clslice_plan_release(&plan);
        assert_null(plan);
    }
}

/* The canonical entries of a plan with every slot kind. */
static void test_plan_dims(void **state)
{
    (void)state;
    const int64_t shape[3] = {3, 2, 3};
    clslice_plan *plan = NULL;
    clslice_error err;
    assert_int_equal(clslice_plan_expr(shape, 3, "[1:-1, ..., None, ::-2, 1]",
                                       &plan, &err),
                     CLSLICE_OK);
    const int64_t want[3][3] = {{1, 1, 1}, {1, -2, 1}, {1, 1, 1}};
    for (int d = 0; d < 3; d++) {
        int64_t start, step, count;
        assert_int_equal(clslice_plan_dim(plan, d, &start, &step, &count, &err),
                         CLSLICE_OK);
        assert_int_equal(start, want[d][0]);
        assert_int_equal(step, want[d][1]);
        assert_int_equal(count, want[d][2]);
    }
    assert_false(clslice_plan_dim_is_shrunk(plan, 0));
    assert_false(clslice_plan_dim_is_shrunk(plan, 1));
    assert_true(clslice_plan_dim_is_shrunk(plan, 2));
    assert_int_equal(clslice_plan_output_source(plan, 0), 0);
    assert_int_equal(clslice_plan_output_source(plan, 1), -1);
    assert_int_equal(clslice_plan_output_source(plan, 2), 1);
    clslice_plan_release(&plan);

    /* [100:-100:-1] on 5 reads all five, reversed. */
    const int64_t five[1] = {5};
    assert_int_equal(clslice_plan_expr(five, 1, "[100:-100:-1]", &plan, &err),
                     CLSLICE_OK);
    int64_t start, step, count;
    assert_int_equal(clslice_plan_dim(plan, 0, &start, &step, &count, &err),
                     CLSLICE_OK);
    assert_int_equal(start, 4);
    assert_int_equal(step, -1);
    assert_int_equal(count, 5);
    clslice_plan_release(&plan);
}

static void test_plan_errors(void **state)
{
    (void)state;
    const int64_t shape[2] = {5, 4};
    clslice_plan *plan = NULL;
    clslice_error err;

    assert_int_equal(clslice_plan_expr(shape, 2, "[1]", NULL, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "plan", NULL);

    assert_int_equal(clslice_plan_expr(shape, 2, NULL, &plan, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "expr", NULL);
    assert_null(plan);

    assert_int_equal(clslice_plan_expr(NULL, 2, "[1]", &plan, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "shape", NULL);
    assert_null(plan);

    assert_int_equal(clslice_plan_expr(shape, -1, "[1]", &plan, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT, "rank", NULL);

    /* a rank-0 input needs no shape array, and takes no index */
    assert_int_equal(clslice_plan_expr(NULL, 0, "[None, ...]", &plan, &err),
                     CLSLICE_OK);
    assert_int_equal(clslice_plan_output_rank(plan), 1);
    clslice_plan_release(&plan);
    assert_int_equal(clslice_plan_expr(NULL, 0, "[0]", &plan, &err),
                     CLSLICE_ERROR_INDEX);
    assert_null(plan);

    assert_int_equal(clslice_plan_expr(shape, 2, "[1:x]", &plan, &err),
                     CLSLICE_ERROR_SYNTAX);
    tu_assert_error(&err, CLSLICE_ERROR_SYNTAX, "position 3", NULL);
    assert_null(plan);

    assert_int_equal(clslice_plan_expr(shape, 2, "[::0]", &plan, &err),
                     CLSLICE_ERROR_SPEC);
    assert_null(plan);

    /* out-of-range integer: names the value */
    assert_int_equal(clslice_plan_expr(shape, 2, "[5]", &plan, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "5", NULL);
    assert_null(plan);
    assert_int_equal(clslice_plan_expr(shape, 2, "[:, -5]", &plan, &err),
                     CLSLICE_ERROR_INDEX);
    tu_assert_error(&err, CLSLICE_ERROR_INDEX, "-5", NULL);
    assert_int_equal(clslice_plan_expr(shape, 2, "[-9223372036854775808]",
                                       &plan, &err),
                     CLSLICE_ERROR_INDEX);

    /* more indexing items than dimensions */
    assert_int_equal(clslice_plan_expr(shape, 2, "[1, 2, 3]", &plan, &err),
                     CLSLICE_ERROR_INDEX);
    assert_int_equal(clslice_plan_expr(shape, 2, "[:, :, ..., :]", &plan,
                                       &err),
                     CLSLICE_ERROR_INDEX);
    assert_null(plan);

    /* new axes count towards the output rank only */
    char expr[256] = "[";
    for (int i = 0; i < CLSLICE_MAX_RANK; i++)
        strcat(expr, "None,");
    strcat(expr, "]");
    assert_int_equal(clslice_plan_expr(shape, 2, expr, &plan, &err),
                     CLSLICE_ERROR_RANK);
    assert_null(plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_table),
        cmocka_unit_test(test_parse_max_items),
        cmocka_unit_test(test_parse_null_err),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_parse_too_many_items),
        cmocka_unit_test(test_parse_null_arguments),
        cmocka_unit_test(test_plan_shapes),
        cmocka_unit_test(test_plan_dims),
        cmocka_unit_test(test_plan_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
