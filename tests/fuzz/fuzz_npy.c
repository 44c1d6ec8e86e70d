/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * libFuzzer target: the command-line tool's .npy reader (src/cli/npy*.c).
 *
 * The input is a whole file.  It is loaded with cli_npy_load from a
 * temporary file, which maps it, and again through a descriptor that is
 * read rather than mapped (how pipes and standard input load): both must
 * agree on success or failure and on every byte.  Its header text (the
 * bytes after the prefix when the file starts with the magic string, else
 * the whole input) is parsed on its own with npy_parse_header from an
 * exactly sized heap copy, with and without Python 2 longs.
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/npy/npy.h"
#include "cli/npy/npy_internal.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char g_path[64];

static void remove_file(void)
{
    if (g_path[0])
        unlink(g_path);
}

static const char *file_path(void)
{
    if (!g_path[0]) {
        const char *dir = getenv("TMPDIR");
        snprintf(g_path, sizeof g_path, "%.40s/fuzz_npy.XXXXXX",
                 dir && strlen(dir) <= 40 ? dir : "/tmp");
        int fd = mkstemp(g_path);
        if (fd < 0)
            fz_die("mkstemp", 0, 0);
        close(fd);
        atexit(remove_file);
    }
    return g_path;
}

static void check_loaded(const cli_npy *arr)
{
    if (arr->rank < 0 || arr->rank > CLSLICE_MAX_RANK || arr->elem_size == 0)
        fz_die("loaded rank or elem_size", arr->rank, (long long)arr->elem_size);
    if (!memchr(arr->descr, '\0', sizeof arr->descr) || !arr->data)
        fz_die("loaded descr unterminated or no data", 0, 0);
    size_t elements = 1;
    for (int d = 0; d < arr->rank; d++) {
        if (arr->shape[d] < 0)
            fz_die("loaded negative dim", d, arr->shape[d]);
        elements *= (size_t)arr->shape[d]; /* bounded by the file size */
    }
    for (int d = 0; d < arr->rank; d++)
        if (arr->shape[d] == 0)
            elements = 0;
    if (elements * arr->elem_size != arr->bytes)
        fz_die("loaded bytes differ from the shape", (long long)arr->bytes,
               (long long)elements);
    /* Touch every byte, so a short allocation is an ASan report. */
    unsigned sum = 0;
    for (size_t i = 0; i < arr->bytes; i++)
        sum += arr->data[i];
    (void)sum;
}

static void check_status(int status, const cli_err *err)
{
    if (status != CLI_EXIT_OK &&
        (err->message[0] == '\0' ||
         !memchr(err->message, '\0', sizeof err->message)))
        fz_die("load failed without a message", status, 0);
}

/* The same file read instead of mapped. */
static void compare_read(int status, const cli_npy *mapped)
{
    int fd = open(g_path, O_RDONLY);
    if (fd < 0)
        fz_die("cannot reopen the temporary file", 0, 0);
    cli_npy arr;
    cli_err err;
    err.message[0] = '\0';
    int again = npy_load_fd(fd, g_path, false, &arr, &err);
    close(fd);
    check_status(again, &err);
    if (again != status)
        fz_die("mapped and read loads disagree", status, again);
    if (status != CLI_EXIT_OK)
        return;
    if (arr.bytes != mapped->bytes || arr.rank != mapped->rank ||
        memcmp(arr.shape, mapped->shape, sizeof arr.shape) != 0 ||
        strcmp(arr.descr, mapped->descr) != 0 ||
        memcmp(arr.data, mapped->data, arr.bytes) != 0)
        fz_die("mapped and read arrays differ", (long long)arr.bytes,
               (long long)mapped->bytes);
    cli_npy_free(&arr);
}

static void load_file(const uint8_t *data, size_t size)
{
    FILE *f = fopen(file_path(), "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        fz_die("cannot write the temporary file", (long long)size, 0);
    cli_npy arr;
    cli_err err;
    err.message[0] = '\0';
    int status = cli_npy_load(g_path, &arr, &err);
    check_status(status, &err);
    if (status == CLI_EXIT_OK)
        check_loaded(&arr);
    compare_read(status, &arr);
    if (status == CLI_EXIT_OK)
        cli_npy_free(&arr);
}

static void parse_text(const uint8_t *data, size_t size)
{
    size_t skip = 0;
    if (size >= 8 && memcmp(data, "\x93NUMPY", 6) == 0)
        skip = data[6] == 1 ? 10 : 12;
    if (skip > size)
        skip = size;
    size_t len = size - skip;
    char *text = malloc(len ? len : 1);
    if (!text)
        return;
    memcpy(text, data + skip, len);
    for (int longs = 0; longs < 2; longs++) {
        npy_header h;
        cli_err err;
        err.message[0] = '\0';
        if (npy_parse_header(text, len, longs, &h, &err)) {
            if (h.rank < 0 || h.rank > CLSLICE_MAX_RANK || h.dtype.size == 0)
                fz_die("parsed rank or dtype size", h.rank,
                       (long long)h.dtype.size);
            char shape[CLI_NPY_SHAPE_TEXT];
            cli_npy_format_shape(shape, h.shape, h.rank);
        } else if (err.message[0] == '\0') {
            fz_die("header refused without a message", longs, 0);
        }
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    parse_text(data, size);
    load_file(data, size);
    return 0;
}
