/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The command-line tool's .npy reader and writer (src/cli/npy/).
 *
 * Files written by numpy (tests/data/npy, made by make_npy_fixtures.py):
 * every dtype loads with its shape, and saving it again gives np.save's
 * bytes exactly; big-endian, Fortran-order, version 2.0/3.0 and oddly
 * spelled files load to the same bytes as their plain twin; corrupt and
 * unsupported files fail with their message.  Then headers written here
 * for every error path of the header, dtype, prefix and data checks, the
 * byte swap and Fortran conversion on known patterns, and the writer's
 * failures (nothing created, nothing left behind).  Mapped and read loads
 * of every fixture agree; a pipe is read to its end and checked like a
 * file; a mapped file truncated under the reader ends the process with
 * exit status 3 and a message, not a crash.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/npy/npy.h"
#include "cli/npy/npy_internal.h"
#include "testutil.h"

static char g_dir[64]; /* a fresh temporary folder for the whole run */

static int make_dir(void **state)
{
    (void)state;
    snprintf(g_dir, sizeof g_dir, "/tmp/test_cli_npy.XXXXXX");
    return mkdtemp(g_dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    DIR *dir = opendir(g_dir);
    for (struct dirent *e; dir && (e = readdir(dir));) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", g_dir, e->d_name);
        if (e->d_name[0] != '.')
            unlink(path);
    }
    if (dir)
        closedir(dir);
    return rmdir(g_dir);
}

static const char *tmp_path(const char *name)
{
    static char path[2][512];
    static int turn;
    turn ^= 1;
    snprintf(path[turn], sizeof path[turn], "%s/%s", g_dir, name);
    return path[turn];
}

static const char *fixture(const char *name)
{
    static char path[1024];
    char rel[512];
    snprintf(rel, sizeof rel, "data/npy/%s", name);
    snprintf(path, sizeof path, "%s", tu_data_path(rel));
    return path;
}

/* The whole file, malloc'd; *size receives its length. */
static unsigned char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    unsigned char *buf = NULL;
    *size = 0;
    for (int c; (c = fgetc(f)) != EOF;) {
        buf = realloc(buf, *size + 1);
        assert_non_null(buf);
        buf[(*size)++] = (unsigned char)c;
    }
    fclose(f);
    return buf;
}

static void assert_same_file(const char *a, const char *b)
{
    size_t na, nb;
    unsigned char *da = read_all(a, &na), *db = read_all(b, &nb);
    if (na != nb || (na && memcmp(da, db, na) != 0)) {
        print_error("%s (%zu bytes) differs from %s (%zu bytes)\n", a, na, b,
                    nb);
        fail();
    }
    free(da);
    free(db);
}

static int count_entries(const char *path)
{
    int n = 0;
    DIR *dir = opendir(path);
    assert_non_null(dir);
    for (struct dirent *e; (e = readdir(dir));)
        n += e->d_name[0] != '.';
    closedir(dir);
    return n;
}

static void write_bytes(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* Writes tmp/NAME: prefix of `major`.0, the header text, then `data_len`
 * bytes of data (the pattern 0, 1, 2, ...).  Returns the path. */
static const char *make_npy(const char *name, int major, const char *header,
                            size_t data_len)
{
    size_t hlen = strlen(header), at = 0;
    size_t total = 12 + hlen + data_len;
    unsigned char *buf = malloc(total);
    assert_non_null(buf);
    memcpy(buf, "\x93NUMPY", 6);
    buf[6] = (unsigned char)major;
    buf[7] = 0;
    at = 8;
    for (int i = 0; i < (major == 1 ? 2 : 4); i++)
        buf[at++] = (unsigned char)(hlen >> (8 * i));
    memcpy(buf + at, header, hlen);
    at += hlen;
    for (size_t i = 0; i < data_len; i++)
        buf[at++] = (unsigned char)i;
    const char *path = tmp_path(name);
    write_bytes(path, buf, at);
    free(buf);
    return path;
}

/* A standard header for DESCR / FORTRAN / SHAPE. */
static const char *header_for(const char *descr, const char *fortran,
                              const char *shape)
{
    static char text[512];
    snprintf(text, sizeof text, "{'descr': '%s', 'fortran_order': %s, "
             "'shape': %s, }\n", descr, fortran, shape);
    return text;
}

static void expect_load_error(const char *path, int status, const char *text)
{
    cli_npy arr;
    cli_err err = {{0}};
    int got = cli_npy_load(path, &arr, &err);
    if (got != status || !strstr(err.message, text) ||
        !strstr(err.message, path)) {
        print_error("%s: want status %d and \"%s\", got %d: %s\n", path,
                    status, text, got, err.message);
        fail();
    }
    assert_null(arr.data);
}

static void load_ok(const char *path, cli_npy *arr)
{
    cli_err err = {{0}};
    int status = cli_npy_load(path, arr, &err);
    if (status != CLI_EXIT_OK) {
        print_error("%s: %s\n", path, err.message);
        fail();
    }
}

/* --- numpy's files ------------------------------------------------------ */

static void test_every_dtype(void **state)
{
    (void)state;
    static const char *const descrs[] = {
        "|b1", "|i1", "|u1", "<i2", "<u2", "<i4", "<u4", "<i8", "<u8",
        "<f2", "<f4", "<f8", "<c8", "<c16", "|V3", "|V12"};
    for (size_t i = 0; i < sizeof descrs / sizeof descrs[0]; i++) {
        char name[64];
        snprintf(name, sizeof name, "in_%s.npy", descrs[i] + 1);
        cli_npy arr;
        load_ok(fixture(name), &arr);
        assert_string_equal(arr.descr, descrs[i]);
        assert_int_equal(arr.elem_size, (size_t)atoi(descrs[i] + 2));
        bool wide = strcmp(name, "in_b1.npy") == 0 ||
                    strcmp(name, "in_V12.npy") == 0;
        assert_int_equal(arr.rank, wide ? 2 : 3);
        assert_int_equal(arr.shape[0], wide ? 6 : 4);
        assert_int_equal(arr.bytes, (wide ? 42 : 60) * arr.elem_size);
        /* our writer gives np.save's bytes */
        cli_err err = {{0}};
        assert_int_equal(cli_npy_save(tmp_path("copy.npy"), &arr, &err), 0);
        assert_same_file(tmp_path("copy.npy"), fixture(name));
        cli_npy_free(&arr);
        assert_null(arr.data);
    }
}

/* Byte-swapped, Fortran-order, version 2.0/3.0 and hand-spelled files load
 * to the bytes of their plain twin, and save as it. */
static void test_twins(void **state)
{
    (void)state;
    FILE *list = fopen(fixture("twins.txt"), "r");
    assert_non_null(list);
    char a_name[128], b_name[128];
    int pairs = 0;
    while (fscanf(list, "%127s %127s", a_name, b_name) == 2) {
        cli_npy a, b;
        char a_path[1024];
        snprintf(a_path, sizeof a_path, "%s", fixture(a_name));
        load_ok(a_path, &a);
        load_ok(fixture(b_name), &b);
        assert_string_equal(a.descr, b.descr);
        assert_int_equal(a.rank, b.rank);
        assert_memory_equal(a.shape, b.shape, sizeof a.shape);
        assert_int_equal(a.bytes, b.bytes);
        assert_memory_equal(a.data, b.data, a.bytes);
        cli_err err = {{0}};
        assert_int_equal(cli_npy_save(tmp_path("twin.npy"), &a, &err), 0);
        assert_same_file(tmp_path("twin.npy"), fixture(b_name));
        cli_npy_free(&a);
        cli_npy_free(&b);
        pairs++;
    }
    fclose(list);
    assert_true(pairs >= 20);
}

static void test_bad_fixtures(void **state)
{
    (void)state;
    FILE *list = fopen(fixture("bad.txt"), "r");
    assert_non_null(list);
    char line[256];
    int files = 0;
    while (fgets(line, sizeof line, list)) {
        line[strcspn(line, "\n")] = '\0';
        char *tab = strchr(line, '\t');
        assert_non_null(tab);
        *tab = '\0';
        char path[1024];
        snprintf(path, sizeof path, "%s", fixture(line));
        expect_load_error(path, CLI_EXIT_FILE, tab + 1);
        files++;
    }
    fclose(list);
    assert_true(files >= 15);
}

static void test_zero_d_and_empty(void **state)
{
    (void)state;
    cli_npy arr;
    cli_err err = {{0}};
    load_ok(fixture("in_f8_0d.npy"), &arr);
    assert_int_equal(arr.rank, 0);
    assert_int_equal(arr.bytes, 8);
    assert_int_equal(cli_npy_save(tmp_path("0d.npy"), &arr, &err), 0);
    assert_same_file(tmp_path("0d.npy"), fixture("in_f8_0d.npy"));
    cli_npy_free(&arr);

    load_ok(fixture("in_i4_empty.npy"), &arr);
    assert_int_equal(arr.rank, 2);
    assert_int_equal(arr.shape[0], 0);
    assert_int_equal(arr.shape[1], 3);
    assert_int_equal(arr.bytes, 0);
    assert_non_null(arr.data);
    assert_int_equal(cli_npy_save(tmp_path("empty.npy"), &arr, &err), 0);
    assert_same_file(tmp_path("empty.npy"), fixture("in_i4_empty.npy"));
    cli_npy_free(&arr);
}

/* --- headers written here ----------------------------------------------- */

/* Spellings numpy accepts, each loading as a 2x3 '<u2' array. */
static void test_header_spellings(void **state)
{
    (void)state;
    static const char *const headers[] = {
        "{'descr': '<u2', 'fortran_order': False, 'shape': (2, 3), }\n",
        "{\"descr\":\"<u2\",\"fortran_order\":False,\"shape\":(2,3)}",
        "{'shape':(2,3,),'descr':'<u2','fortran_order':False,}   \n\n",
        " \t{ 'fortran_order' : False ,\n 'shape' : ( 2 , 3 ) , "
        "'descr' : '<u2' }\r\n",
        "{'descr': '<u2', 'fortran_order': False, 'shape': (2L, 3L)}\n",
    };
    for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++) {
        cli_npy arr;
        load_ok(make_npy("spelling.npy", 1, headers[i], 12), &arr);
        assert_string_equal(arr.descr, "<u2");
        assert_int_equal(arr.rank, 2);
        assert_int_equal(arr.shape[0], 2);
        assert_int_equal(arr.shape[1], 3);
        cli_npy_free(&arr);
    }
    /* versions 2.0 and 3.0 have 4-byte lengths; 3L is Python 2 only */
    cli_npy arr;
    load_ok(make_npy("v2.npy", 2, headers[4], 12), &arr);
    cli_npy_free(&arr);
    load_ok(make_npy("v3.npy", 3, headers[0], 12), &arr);
    cli_npy_free(&arr);
    expect_load_error(make_npy("v3long.npy", 3, headers[4], 12),
                      CLI_EXIT_FILE, "bad header at byte");
}

typedef struct bad_header {
    const char *header;
    const char *message;
} bad_header;

static void test_header_errors(void **state)
{
    (void)state;
    static const bad_header cases[] = {
        {"", "expected '{'"},
        {"['descr']", "expected '{'"},
        {"{'descr': '<u2', 'fortran_order': False}", "no 'shape' key"},
        {"{'shape': (2,), 'fortran_order': False}", "no 'descr' key"},
        {"{'shape': (2,), 'descr': '<u2'}", "no 'fortran_order' key"},
        {"{'descr': '<u2', 'descr': '<u2', 'fortran_order': False, "
         "'shape': (2,)}", "repeated key 'descr'"},
        {"{'descr': '<u2', 'fortran_order': False, 'shape': (2,), "
         "'version': 1}", "unknown key 'version'"},
        {"{descr: '<u2'}", "expected a quoted string"},
        {"{'descr' '<u2'}", "expected ':'"},
        {"{'descr': '<u2' 'fortran_order': False}", "expected ',' or '}'"},
        {"{'descr': '<u2', 'fortran_order': False, 'shape': (2,)",
         "expected ',' or '}'"},
        {"{'descr': '<u2', 'fortran_order': False, 'shape': (2,)} x",
         "nothing but spaces after the dict"},
        {"{'descr': '<u2', 'fortran_order': False, 'shape': (2,)}}",
         "nothing but spaces"},
        {"{,}", "expected a quoted string"},
        {"{'descr': '<u2', , 'fortran_order': False}",
         "expected a quoted string"},
        {"{'descr': '<u\\x32'}", "no escapes"},
        {"{'descr': '<u2", "closing quote"},
        {"{'descr': 2}", "expected a quoted string"},
        {"{'fortran_order': 0}", "True or False"},
        {"{'fortran_order': Truth}", "True or False"},
        {"{'fortran_order': 'False'}", "True or False"},
        {"{'shape': [2, 3]}", "a tuple such as (3, 4)"},
        {"{'shape': (5)}", "one dimension is written (5,)"},
        {"{'shape': (2 3)}", "',' or ')'"},
        {"{'shape': (2,,)}", "a dimension"},
        {"{'shape': (-1,)}", "negative dimension"},
        {"{'shape': (02,)}", "a dimension"},
        {"{'shape': (2.0,)}", "',' or ')'"},
        {"{'shape': (2l,)}", "',' or ')'"},
        {"{'shape': (9223372036854775808,)}", "does not fit in int64"},
        {"{'shape': (99999999999999999999999,)}", "does not fit in int64"},
        {"{'descr': ['<u2']}", "a field tuple ('name', 'format')"},
        {"{'descr': [('x' '<u2')]}", "',' after a field name"},
        /* a (title, name) pair without its comma (found by fuzz_npy) */
        {"{'descr': [(('x'. '<i4'), '<u2')]}",
         "',' between a field's title and name"},
        {"{'descr': [('x', '<u2', (2,)]}", "')' closing a field"},
        {"{'descr': [('x', '<u2', (-1,))]}", "subarray dimension"},
        {"{'descr': [('x', '|O')]}", "Python objects"},
        {"{'descr': [('x', [('y', '<f3')])]}", "unsupported dtype '<f3'"},
        {"{'descr': []}", "has no bytes"},
        {"{'descr': [('x', '<u2', (0,))]}", "has no bytes"},
        {"{'descr': [('x', '|V2147483647'), ('y', '|u1')]}",
         "more than 2147483647 bytes"},
        {"{'descr': [('x', '<u2', (65536, 65536))]}",
         "more than 2147483647 bytes"},
        {"{'descr': ('<u2' (2,))}", "',' between a format and its shape"},
        {"{'descr': [('x', '<u2'), ('y', '<u2' ]}", "')' closing a field"},
        {"{'descr': [('x\n', '<u2')]}", "closing quote"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_load_error(make_npy("header.npy", 1, cases[i].header, 4),
                          CLI_EXIT_FILE, cases[i].message);
    /* a NUL inside the header */
    static const char nul[] = "{'descr': '<u2'\0, 'fortran_order': False, "
                              "'shape': (2,)}";
    unsigned char file[128] = "\x93NUMPY\x01\x00";
    file[8] = (unsigned char)(sizeof nul - 1);
    memcpy(file + 10, nul, sizeof nul - 1);
    write_bytes(tmp_path("nul.npy"), file, 10 + sizeof nul - 1 + 4);
    expect_load_error(tmp_path("nul.npy"), CLI_EXIT_FILE,
                      "bad header at byte 15");
}

/* Rank: up to CLSLICE_MAX_RANK dimensions. */
static void test_rank_limit(void **state)
{
    (void)state;
    char shape[256] = "(", header[512];
    for (int d = 0; d < CLSLICE_MAX_RANK; d++)
        strcat(shape, "1, ");
    strcat(shape, ")");
    snprintf(header, sizeof header, "%s", header_for("<u2", "False", shape));
    cli_npy arr;
    load_ok(make_npy("rank32.npy", 1, header, 2), &arr);
    assert_int_equal(arr.rank, CLSLICE_MAX_RANK);
    cli_err err = {{0}};
    assert_int_equal(cli_npy_save(tmp_path("rank32out.npy"), &arr, &err), 0);
    cli_npy back;
    load_ok(tmp_path("rank32out.npy"), &back);
    assert_int_equal(back.rank, CLSLICE_MAX_RANK);
    cli_npy_free(&back);
    cli_npy_free(&arr);
    shape[strlen(shape) - 1] = '\0';
    strcat(shape, "1,)");
    expect_load_error(make_npy("rank33.npy", 1,
                               header_for("<u2", "False", shape), 2),
                      CLI_EXIT_FILE, "more than 32 dimensions");
}

typedef struct dtype_case {
    const char *descr;
    const char *result; /* the normalised descr, or NULL: refused */
    const char *message;
} dtype_case;

static void test_dtypes(void **state)
{
    (void)state;
    static const dtype_case cases[] = {
        {"<i1", "|i1", NULL},      {">u1", "|u1", NULL},
        {"=b1", "|b1", NULL},      {">i8", "<i8", NULL},
        {">c16", "<c16", NULL},    {"<V7", "|V7", NULL},
        {">V2", "|V2", NULL},      {"|V1", "|V1", NULL},
        {"|f4", NULL, "needs byte order '<' or '>'"},
        {"=f4", NULL, "native byte order '='"},
        {"f4", NULL, "no byte-order character"},
        {"<", NULL, "not a dtype string"},
        {"", NULL, "not a dtype string"},
        {"<i3", NULL, "supported: bool"},
        {"<u16", NULL, "supported: bool"},
        {"|b2", NULL, "supported: bool"},
        {"<f1", NULL, "supported: bool"},
        {"<f16", "<f16", NULL},    {">f12", "<f12", NULL},
        {"<f10", NULL, "supported: bool"},
        {"<c4", NULL, "supported: bool"},
        {">c32", "<c32", NULL},    {"<c24", "<c24", NULL},
        {"|V0", NULL, "supported: bool"},
        {"|V2147483648", NULL, "supported: bool"},
        {"<f04", NULL, "supported: bool"},
        {"<f4 ", NULL, "supported: bool"},
        {"<x4", NULL, "supported: bool"},
        {"|O", NULL, "Python objects"},
        {"|O8", NULL, "Python objects"},
        {"|S5", "|S5", NULL},      {">S5", "|S5", NULL},
        {"|a3", "|a3", NULL},      {"|S0", NULL, "supported: bool"},
        {"<U5", "<U5", NULL},      {">U1", "<U1", NULL},
        {"<U536870912", NULL, "supported: bool"},
        {"<M8[ns]", "<M8[ns]", NULL}, {">m8", "<m8", NULL},
        {">M8[25s]", "<M8[25s]", NULL},
        {"<M8[ns", NULL, "datetime64"}, {"<M8[]", NULL, "datetime64"},
        {"<M8[n s]", NULL, "datetime64"}, {"<M4", NULL, "datetime64"},
        {"<i4[ns]", NULL, "supported: bool"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        npy_dtype dt;
        cli_err err = {{0}};
        bool ok = npy_parse_dtype(cases[i].descr, strlen(cases[i].descr), &dt,
                                  &err);
        if (cases[i].result) {
            assert_true(ok);
            assert_string_equal(dt.descr, cases[i].result);
            continue;
        }
        if (ok || !strstr(err.message, cases[i].message)) {
            print_error("descr '%s': want \"%s\", got %s\n", cases[i].descr,
                        cases[i].message, ok ? "success" : err.message);
            fail();
        }
    }
    /* the whole message, as a file's reader reports it */
    expect_load_error(make_npy("f3.npy", 1, header_for("<f3", "False", "()"),
                               3),
                      CLI_EXIT_FILE, "f3.npy: unsupported dtype '<f3' (");
}

/* Structured dtypes: the element size is the sum of the fields (subarray
 * shapes multiplied in, nested lists summed, titles and padding fields
 * counted), the records stay as stored, and the descr text is written
 * back unchanged. */
static void test_structured(void **state)
{
    (void)state;
    static const struct {
        const char *descr;
        size_t size;
    } cases[] = {
        {"[('r', '|u1'), ('g', '|u1'), ('b', '|u1')]", 3},
        {"[('a', '<i2', (3,)), (('t', 'b'), [('c', '>f8'), ('', '|V2')])]",
         16},
        {"[('s', '|S5'), ('u', '<U2', (2, 2)), ('d', '<M8[ns]')]", 45},
        {"[(\"q\\\"x\", '<f16', 2)]", 32},
        {"('<u2', (2, 3))", 12},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char header[512];
        snprintf(header, sizeof header, "{'descr': %s, 'fortran_order': "
                 "False, 'shape': (2,), }\n", cases[i].descr);
        cli_npy arr;
        const char *path = make_npy("struct.npy", 1, header,
                                    2 * cases[i].size);
        load_ok(path, &arr);
        assert_string_equal(arr.descr, cases[i].descr);
        assert_int_equal(arr.elem_size, cases[i].size);
        for (size_t b = 0; b < arr.bytes; b++) /* not byte-swapped */
            assert_int_equal(arr.data[b], (unsigned char)b);
        cli_err err = {{0}};
        assert_int_equal(cli_npy_save(tmp_path("struct_out.npy"), &arr, &err),
                         0);
        cli_npy back;
        load_ok(tmp_path("struct_out.npy"), &back);
        assert_string_equal(back.descr, cases[i].descr);
        assert_int_equal(back.bytes, arr.bytes);
        assert_memory_equal(back.data, arr.data, arr.bytes);
        cli_npy_free(&back);
        cli_npy_free(&arr);
    }
}

/* --- prefix and data checks --------------------------------------------- */

static void test_prefix_errors(void **state)
{
    (void)state;
    write_bytes(tmp_path("empty.npy"), "", 0);
    expect_load_error(tmp_path("empty.npy"), CLI_EXIT_FILE,
                      "truncated: the file ends after 0 bytes, inside the "
                      "format prefix");
    write_bytes(tmp_path("short.npy"), "\x93NUM", 4);
    expect_load_error(tmp_path("short.npy"), CLI_EXIT_FILE,
                      "after 4 bytes, inside the format prefix");
    write_bytes(tmp_path("text.npy"), "hello", 5);
    expect_load_error(tmp_path("text.npy"), CLI_EXIT_FILE,
                      "not a .npy file");
    write_bytes(tmp_path("magic.npy"), "\x93NUMPy\x01\x00\x00\x00", 10);
    expect_load_error(tmp_path("magic.npy"), CLI_EXIT_FILE,
                      "not a .npy file (it does not start with \\x93NUMPY)");
    write_bytes(tmp_path("v11.npy"), "\x93NUMPY\x01\x01\x00\x00", 10);
    expect_load_error(tmp_path("v11.npy"), CLI_EXIT_FILE,
                      "format version 1.1");
    write_bytes(tmp_path("v0.npy"), "\x93NUMPY\x00\x00\x00\x00", 10);
    expect_load_error(tmp_path("v0.npy"), CLI_EXIT_FILE,
                      "format version 0.0");
    write_bytes(tmp_path("v4.npy"), "\x93NUMPY\x04\x00\x00\x00", 10);
    expect_load_error(tmp_path("v4.npy"), CLI_EXIT_FILE,
                      "format version 4.0 (expected 1.0, 2.0 or 3.0)");
    write_bytes(tmp_path("nolen.npy"), "\x93NUMPY\x02\x00\x05\x00", 10);
    expect_load_error(tmp_path("nolen.npy"), CLI_EXIT_FILE,
                      "inside the header length");
    write_bytes(tmp_path("past.npy"), "\x93NUMPY\x01\x00\x20\x00{'", 12);
    expect_load_error(tmp_path("past.npy"), CLI_EXIT_FILE,
                      "header length 32 runs past the end of the file (2 "
                      "bytes are left)");
    write_bytes(tmp_path("huge.npy"), "\x93NUMPY\x02\x00\xff\xff\xff\xff{",
                13);
    expect_load_error(tmp_path("huge.npy"), CLI_EXIT_FILE,
                      "header length 4294967295 runs past the end");
    expect_load_error(tmp_path("nothing-here.npy"), CLI_EXIT_FILE,
                      "cannot open: No such file or directory");
    expect_load_error(g_dir, CLI_EXIT_FILE, "cannot open: Is a directory");
}

/* A header longer than NPY_MAX_HEADER is refused even when the file holds
 * it all. */
static void test_header_too_long(void **state)
{
    (void)state;
    size_t len = NPY_MAX_HEADER + 1;
    char *header = malloc(len + 1);
    assert_non_null(header);
    const char *dict = header_for("<u2", "False", "()");
    memset(header, ' ', len);
    memcpy(header, dict, strlen(dict));
    header[len] = '\0';
    expect_load_error(make_npy("long.npy", 2, header, 2), CLI_EXIT_FILE,
                      "header length 65536 is too long (at most 65535 "
                      "bytes)");
    /* the longest allowed one is fine */
    header[len - 1] = '\0';
    cli_npy arr;
    load_ok(make_npy("longest.npy", 2, header, 2), &arr);
    cli_npy_free(&arr);
    free(header);
}

static void test_data_size_errors(void **state)
{
    (void)state;
    const char *h = header_for("<u2", "False", "(2, 3)");
    expect_load_error(make_npy("short.npy", 1, h, 11), CLI_EXIT_FILE,
                      "truncated: the data is 11 bytes, but shape (2, 3) of "
                      "'<u2' needs 12");
    expect_load_error(make_npy("none.npy", 1, h, 0), CLI_EXIT_FILE,
                      "the data is 0 bytes");
    expect_load_error(make_npy("long1.npy", 1, h, 13), CLI_EXIT_FILE,
                      "has 1 byte after the data (shape (2, 3) of '<u2' "
                      "needs 12)");
    expect_load_error(make_npy("long5.npy", 1, h, 17), CLI_EXIT_FILE,
                      "has 5 bytes after the data");
    expect_load_error(make_npy("empty_long.npy", 1,
                               header_for("<f8", "False", "(0, 5)"), 1),
                      CLI_EXIT_FILE, "has 1 byte after the data");
    expect_load_error(make_npy("zero_d.npy", 1,
                               header_for(">c16", "False", "()"), 15),
                      CLI_EXIT_FILE, "shape () of '<c16' needs 16");
    expect_load_error(make_npy("one_d.npy", 1,
                               header_for("|V3", "False", "(4,)"), 11),
                      CLI_EXIT_FILE, "shape (4,) of '|V3' needs 12");
    /* products that overflow int64, or size_t once times the size */
    expect_load_error(make_npy("over.npy", 1, header_for("<u2", "False",
                               "(4294967296, 4294967296)"), 0),
                      CLI_EXIT_FILE, "shape (4294967296, 4294967296) of "
                      "'<u2' has too many elements");
    expect_load_error(make_npy("over2.npy", 1, header_for("<c16", "False",
                               "(9223372036854775807,)"), 0),
                      CLI_EXIT_FILE, "too many elements");
    /* a zero dimension makes any other size harmless */
    cli_npy arr;
    load_ok(make_npy("zero.npy", 1, header_for("<f4", "False",
                     "(9223372036854775807, 0, 9223372036854775807)"), 0),
            &arr);
    assert_int_equal(arr.bytes, 0);
    cli_npy_free(&arr);
}

/* --- byte order and Fortran order -------------------------------------- */

static void expect_data(const char *path, const unsigned char *want,
                        size_t n)
{
    cli_npy arr;
    load_ok(path, &arr);
    assert_int_equal(arr.bytes, n);
    assert_memory_equal(arr.data, want, n);
    cli_npy_free(&arr);
}

static void test_byte_swap(void **state)
{
    (void)state;
    /* make_npy's data is 0, 1, 2, ...: each element reversed */
    static const unsigned char i4[] = {3, 2, 1, 0, 7, 6, 5, 4};
    expect_data(make_npy("i4.npy", 1, header_for(">i4", "False", "(2,)"), 8),
                i4, 8);
    static const unsigned char f2[] = {1, 0, 3, 2, 5, 4};
    expect_data(make_npy("f2.npy", 1, header_for(">f2", "False", "(3,)"), 6),
                f2, 6);
    static const unsigned char u8[] = {7, 6, 5, 4, 3, 2, 1, 0};
    expect_data(make_npy("u8.npy", 1, header_for(">u8", "False", "()"), 8),
                u8, 8);
    /* a complex swaps its real and imaginary halves separately */
    static const unsigned char c8[] = {3, 2, 1, 0, 7, 6, 5, 4,
                                       11, 10, 9, 8, 15, 14, 13, 12};
    expect_data(make_npy("c8.npy", 1, header_for(">c8", "False", "(2,)"), 16),
                c8, 16);
    static const unsigned char c16[] = {7, 6, 5, 4, 3, 2, 1, 0,
                                        15, 14, 13, 12, 11, 10, 9, 8};
    expect_data(make_npy("c16.npy", 1, header_for(">c16", "False", "()"),
                         16),
                c16, 16);
    /* one-byte types and records keep their bytes */
    static const unsigned char same[] = {0, 1, 2, 3, 4, 5};
    expect_data(make_npy("v3.npy", 1, header_for(">V3", "False", "(2,)"), 6),
                same, 6);
    expect_data(make_npy("i1.npy", 1, header_for(">i1", "False", "(6,)"), 6),
                same, 6);
    expect_data(make_npy("b1.npy", 1, header_for("|b1", "False", "(6,)"), 6),
                same, 6);
    /* npy_swap_bytes directly: units below 2 do nothing */
    unsigned char buf[6] = {0, 1, 2, 3, 4, 5};
    npy_swap_bytes(buf, 6, 1);
    assert_memory_equal(buf, same, 6);
    npy_swap_bytes(buf, 6, 3);
    static const unsigned char by3[] = {2, 1, 0, 5, 4, 3};
    assert_memory_equal(buf, by3, 6);
}

static void test_fortran_order(void **state)
{
    (void)state;
    /* shape (2, 3, 4) of u1: Fortran element (i, j, k) holds i + 2j + 6k */
    unsigned char want[24];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++)
                want[i * 12 + j * 4 + k] = (unsigned char)(i + 2 * j + 6 * k);
    expect_data(make_npy("f.npy", 1, header_for("|u1", "True", "(2, 3, 4)"),
                         24),
                want, 24);
    /* two-byte elements move as wholes, after the byte swap */
    unsigned char want2[12];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++) {
            int f = i + 2 * j; /* Fortran element number */
            want2[(i * 3 + j) * 2] = (unsigned char)(2 * f + 1);
            want2[(i * 3 + j) * 2 + 1] = (unsigned char)(2 * f);
        }
    expect_data(make_npy("f2.npy", 1, header_for(">i2", "True", "(2, 3)"),
                         12),
                want2, 12);
    /* one long dimension: both orders are the same */
    static const unsigned char seq[] = {0, 1, 2, 3, 4};
    expect_data(make_npy("f1.npy", 1, header_for("|u1", "True",
                                                 "(1, 5, 1)"), 5),
                seq, 5);
    expect_data(make_npy("f0.npy", 1, header_for("|u1", "True", "(5,)"), 5),
                seq, 5);
    expect_data(make_npy("fe.npy", 1, header_for("|u1", "True", "(3, 0)"),
                         0),
                seq, 0);
    /* Fortran order saves as C order */
    cli_npy arr;
    cli_err err = {{0}};
    load_ok(make_npy("fs.npy", 1, header_for("|u1", "True", "(2, 3, 4)"), 24),
            &arr);
    assert_int_equal(cli_npy_save(tmp_path("fs_c.npy"), &arr, &err), 0);
    cli_npy_free(&arr);
    load_ok(tmp_path("fs_c.npy"), &arr);
    assert_memory_equal(arr.data, want, 24);
    cli_npy_free(&arr);
}

/* --- the writer ----------------------------------------------------------- */

/* np.save's layout: the header pads to a multiple of 64 and ends in '\n',
 * with 21 - digits spaces of growth room after the dict. */
static void test_writer_layout(void **state)
{
    (void)state;
    cli_npy arr = {"<f4", 4, 2, {0, INT64_MAX}, 0, NULL};
    unsigned char byte = 0;
    arr.data = &byte;
    cli_err err = {{0}};
    assert_int_equal(cli_npy_save(tmp_path("layout.npy"), &arr, &err), 0);
    size_t n;
    unsigned char *file = read_all(tmp_path("layout.npy"), &n);
    static const char dict[] = "{'descr': '<f4', 'fortran_order': False, "
                               "'shape': (0, 9223372036854775807), }";
    assert_int_equal(n % 64, 0);
    assert_int_equal(file[n - 1], '\n');
    assert_int_equal(file[8] | file[9] << 8, n - 10);
    assert_memory_equal(file, "\x93NUMPY\x01\x00", 8);
    assert_memory_equal(file + 10, dict, sizeof dict - 1);
    for (size_t i = 10 + sizeof dict - 1; i < n - 1; i++)
        assert_int_equal(file[i], ' ');
    free(file);
}

static void test_writer_failures(void **state)
{
    (void)state;
    cli_npy arr;
    cli_err err = {{0}};
    load_ok(fixture("in_u1.npy"), &arr);
    int before = count_entries(g_dir);
    /* the folder does not exist */
    assert_int_equal(cli_npy_save(tmp_path("no/out.npy"), &arr, &err),
                     CLI_EXIT_FILE);
    assert_non_null(strstr(err.message, "no/out.npy: cannot create a "
                                        "temporary file next to it: No such "
                                        "file or directory"));
    /* OUT is a folder: the rename fails and the temporary file goes */
    mkdir(tmp_path("folder.npy"), 0777);
    before = count_entries(g_dir);
    assert_int_equal(cli_npy_save(tmp_path("folder.npy"), &arr, &err),
                     CLI_EXIT_FILE);
    assert_non_null(strstr(err.message, "folder.npy: cannot replace it: Is "
                                        "a directory"));
    assert_int_equal(count_entries(g_dir), before);
    assert_int_equal(count_entries(tmp_path("folder.npy")), 0);
    rmdir(tmp_path("folder.npy"));
    write_bytes(tmp_path("old.npy"), "old", 3);
    /* OUT's folder is a file */
    assert_int_equal(cli_npy_save(tmp_path("old.npy/x.npy"), &arr, &err),
                     CLI_EXIT_FILE);
    /* success replaces an existing file */
    before = count_entries(g_dir);
    assert_int_equal(cli_npy_save(tmp_path("old.npy"), &arr, &err), 0);
    assert_same_file(tmp_path("old.npy"), fixture("in_u1.npy"));
    assert_int_equal(count_entries(g_dir), before);
    cli_npy_free(&arr);
    cli_npy_free(&arr); /* twice is fine */
}


/* --- mapped files, pipes ------------------------------------------------- */

static void load_read(const char *path, cli_npy *arr)
{
    cli_err err = {{0}};
    int fd = open(path, O_RDONLY);
    assert_true(fd >= 0);
    int status = npy_load_fd(fd, path, false, arr, &err);
    close(fd);
    if (status != CLI_EXIT_OK) {
        print_error("%s: %s\n", path, err.message);
        fail();
    }
}

/* Every fixture that loads gives the same array mapped and read; plain
 * C-order little-endian files really are mapped. */
static void test_mapped_equals_read(void **state)
{
    (void)state;
    DIR *dir = opendir(fixture(""));
    assert_non_null(dir);
    int mapped = 0;
    for (struct dirent *e; (e = readdir(dir));) {
        if (!strstr(e->d_name, ".npy") || strncmp(e->d_name, "bad", 3) == 0)
            continue;
        cli_npy a, b;
        cli_err err = {{0}};
        if (cli_npy_load(fixture(e->d_name), &a, &err) != CLI_EXIT_OK)
            continue; /* refused files are test_bad_fixtures' business */
        load_read(fixture(e->d_name), &b);
        assert_string_equal(a.descr, b.descr);
        assert_int_equal(a.rank, b.rank);
        assert_memory_equal(a.shape, b.shape, sizeof a.shape);
        assert_int_equal(a.bytes, b.bytes);
        assert_memory_equal(a.data, b.data, a.bytes);
        assert_null(b.mapping);
        mapped += a.mapping != NULL;
        cli_npy_free(&a);
        cli_npy_free(&b);
    }
    closedir(dir);
    assert_true(mapped > 10);
}

/* A pipe has no size: a short or long stream is found by reading. */
static void expect_pipe_error(const unsigned char *bytes, size_t n,
                              const char *text)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    assert_int_equal(write(fds[1], bytes, n), (ssize_t)n); /* < 64 KiB */
    close(fds[1]);
    cli_npy arr;
    cli_err err = {{0}};
    assert_int_equal(npy_load_fd(fds[0], "standard input", true, &arr,
                                 &err),
                     CLI_EXIT_FILE);
    close(fds[0]);
    if (!strstr(err.message, text) ||
        strncmp(err.message, "standard input: ", 16) != 0) {
        print_error("want \"%s\", got: %s\n", text, err.message);
        fail();
    }
    assert_null(arr.data);
}

static void test_pipes(void **state)
{
    (void)state;
    size_t n;
    const char *path = make_npy("p.npy", 1, header_for("<u2", "False",
                                                        "(2, 3)"), 12);
    unsigned char *file = read_all(path, &n);
    expect_pipe_error(file, n - 1, "truncated: the data is 11 bytes");
    expect_pipe_error(file, 5, "truncated: the file ends after 5 bytes");
    unsigned char *longer = malloc(n + 3);
    assert_non_null(longer);
    memcpy(longer, file, n);
    memset(longer + n, 7, 3);
    expect_pipe_error(longer, n + 3, "has bytes after the data");
    /* the whole stream loads */
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    assert_int_equal(write(fds[1], file, n), (ssize_t)n);
    close(fds[1]);
    cli_npy arr;
    cli_err err = {{0}};
    assert_int_equal(npy_load_fd(fds[0], "standard input", true, &arr, &err),
                     CLI_EXIT_OK);
    close(fds[0]);
    assert_null(arr.mapping);
    assert_int_equal(arr.bytes, 12);
    assert_memory_equal(arr.data, file + n - 12, 12);
    cli_npy_free(&arr);
    free(longer);
    free(file);
}

/* Another program truncates a mapped input: touching a page past the new
 * end raises SIGBUS, which must become exit status 3 with a message
 * naming the file, in a child so the test survives either way. */
static void test_truncated_while_mapped(void **state)
{
    (void)state;
    const size_t data = (size_t)1 << 20;
    const char *path = make_npy("shrinks.npy", 1, header_for("|u1", "False",
                                                             "(1048576,)"),
                                data);
    cli_npy arr;
    load_ok(path, &arr);
    assert_non_null(arr.mapping);
    assert_int_equal(truncate(path, 100), 0);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(NULL);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        dup2(fds[1], STDERR_FILENO);
        volatile unsigned char last = arr.data[data - 1];
        (void)last;
        _exit(0); /* the read worked: the handler never ran */
    }
    close(fds[1]);
    char message[512] = {0};
    ssize_t got = read(fds[0], message, sizeof message - 1);
    close(fds[0]);
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != CLI_EXIT_FILE) {
        print_error("child: %s %d\n", WIFEXITED(status) ? "exit" : "signal",
                    WIFEXITED(status) ? WEXITSTATUS(status)
                                      : WTERMSIG(status));
        fail();
    }
    assert_true(got > 0);
    assert_non_null(strstr(message, "clslice: "));
    assert_non_null(strstr(message, "shrinks.npy: the file shrank"));
    cli_npy_free(&arr);
}

/* The device paths read a mapped input through the file (cli_npy_read):
 * the same bytes as the mapping; a file cut short since is exit 3 with
 * the SIGBUS handler's message, even with SIGBUS at its default action
 * (as a driver may leave it), because nothing touches the mapping. */
static void test_read_through_file(void **state)
{
    (void)state;
    const size_t data = 3 * 4096 + 5;
    const char *path = make_npy("reread.npy", 1,
                                header_for("|u1", "False", "(12293,)"), data);
    cli_npy arr;
    load_ok(path, &arr);
    assert_true(arr.in_file);
    int fd = arr.file_fd;
    unsigned char *back = malloc(data);
    assert_non_null(back);
    cli_err err = {{0}};
    assert_int_equal(cli_npy_read(&arr, 0, data, back, &err), CLI_EXIT_OK);
    assert_memory_equal(back, arr.data, data);
    assert_int_equal(cli_npy_read(&arr, 4000, 200, back, &err), CLI_EXIT_OK);
    assert_memory_equal(back, arr.data + 4000, 200);

    struct sigaction dfl, old;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGBUS, &dfl, &old);
    assert_int_equal(truncate(path, 4096), 0);
    int status = cli_npy_read(&arr, 0, data, back, &err);
    sigaction(SIGBUS, &old, NULL);
    assert_int_equal(status, CLI_EXIT_FILE);
    assert_non_null(strstr(err.message, "reread.npy: the file shrank"));
    cli_npy_free(&arr);
    assert_int_equal(fcntl(fd, F_GETFD), -1); /* closed with the array */

    /* data to byte-swap is read into memory, not mapped: a truncation
     * would discard even the private copies of swapped pages */
    path = make_npy("reread_be.npy", 1, header_for(">i4", "False", "(2,)"),
                    8);
    load_ok(path, &arr);
    assert_null(arr.mapping);
    assert_false(arr.in_file);
    assert_int_equal(cli_npy_read(&arr, 0, 8, back, &err), CLI_EXIT_OK);
    static const unsigned char i4[] = {3, 2, 1, 0, 7, 6, 5, 4};
    assert_memory_equal(back, i4, 8);
    cli_npy_free(&arr);
    free(back);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_dtype),
        cmocka_unit_test(test_twins),
        cmocka_unit_test(test_bad_fixtures),
        cmocka_unit_test(test_zero_d_and_empty),
        cmocka_unit_test(test_header_spellings),
        cmocka_unit_test(test_header_errors),
        cmocka_unit_test(test_rank_limit),
        cmocka_unit_test(test_dtypes),
        cmocka_unit_test(test_structured),
        cmocka_unit_test(test_prefix_errors),
        cmocka_unit_test(test_header_too_long),
        cmocka_unit_test(test_data_size_errors),
        cmocka_unit_test(test_byte_swap),
        cmocka_unit_test(test_fortran_order),
        cmocka_unit_test(test_writer_layout),
        cmocka_unit_test(test_writer_failures),
        cmocka_unit_test(test_mapped_equals_read),
        cmocka_unit_test(test_pipes),
        cmocka_unit_test(test_truncated_while_mapped),
        cmocka_unit_test(test_read_through_file),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
