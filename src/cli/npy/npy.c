/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Loading .npy files: the prefix (magic string, version, header length),
 * the header, then exactly the data the shape needs.  Sizes are checked
 * against the file's size before anything big is allocated or mapped, so
 * a corrupt header cannot ask for terabytes.  The data of a regular file
 * is mapped (npy_map.c) rather than read, so that a command's memory is
 * what it touches; pipes, standard input and devices are read. */
#define _POSIX_C_SOURCE 200809L

#include "npy.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "npy_internal.h"
#include "progress.h"

static const unsigned char npy_magic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};

/* The file being read. */
typedef struct npy_source {
    int fd;
    const char *path;  /* its name in messages */
    long long size;    /* bytes in the file; -1 when not a regular file */
    long long offset;  /* bytes consumed so far */
    bool may_map;      /* a regular file that may be mapped */
    cli_err *err;
} npy_source;

/* Fails with "PATH: REASON"; the reason may already sit in err. */
static int fail_with(npy_source *src, int status, const char *reason)
{
    char copy[424];
    snprintf(copy, sizeof copy, "%.420s", reason);
    return cli_fail(src->err, status, "%.200s: %s", src->path, copy);
}

/* Why a read came up short: an I/O error (errno, when `failed`), or the
 * end of the file inside `what`. */
static int short_read(npy_source *src, bool failed, const char *what)
{
    char reason[256];
    if (failed)
        snprintf(reason, sizeof reason, "cannot read: %s", strerror(errno));
    else
        snprintf(reason, sizeof reason, "truncated: the file ends after %lld "
                 "bytes, inside the %s", src->offset, what);
    return fail_with(src, CLI_EXIT_FILE, reason);
}

/* Reads up to n bytes, fewer only at the end of the file; sets *failed on
 * an I/O error.  Pipes deliver data in pieces, hence the loop. */
static size_t read_some(npy_source *src, void *buf, size_t n, bool *failed)
{
    unsigned char *p = buf;
    size_t got = 0;
    *failed = false;
    while (got < n) {
        ssize_t r = read(src->fd, p + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            *failed = r < 0;
            break;
        }
        got += (size_t)r;
        cli_progress_add((uint64_t)r);
    }
    src->offset += (long long)got;
    return got;
}

/* Reads exactly n bytes; `what` names the part for the message. */
static int read_exact(npy_source *src, void *buf, size_t n, const char *what)
{
    bool failed;
    return read_some(src, buf, n, &failed) == n
               ? CLI_EXIT_OK : short_read(src, failed, what);
}

/* Magic string and version; sets *length_bytes (2 or 4) and *utf8. */
static int read_prefix(npy_source *src, size_t *length_bytes, bool *utf8)
{
    unsigned char prefix[8];
    bool failed;
    size_t got = read_some(src, prefix, sizeof prefix, &failed);
    if (failed)
        return short_read(src, true, "format prefix");
    if (memcmp(prefix, npy_magic, got < 6 ? got : 6) != 0)
        return fail_with(src, CLI_EXIT_FILE, "not a .npy file (it does not "
                         "start with \\x93NUMPY)");
    if (got < sizeof prefix)
        return short_read(src, false, "format prefix");
    if (prefix[6] < 1 || prefix[6] > 3 || prefix[7] != 0) {
        char reason[96];
        snprintf(reason, sizeof reason, "unsupported .npy format version "
                 "%u.%u (expected 1.0, 2.0 or 3.0)", prefix[6], prefix[7]);
        return fail_with(src, CLI_EXIT_FILE, reason);
    }
    *length_bytes = prefix[6] == 1 ? 2 : 4;
    *utf8 = prefix[6] == 3;
    return CLI_EXIT_OK;
}

/* The header length field, checked against the file and NPY_MAX_HEADER. */
static int read_header_length(npy_source *src, size_t length_bytes,
                              size_t *length)
{
    unsigned char field[4];
    int status = read_exact(src, field, length_bytes, "header length");
    if (status != CLI_EXIT_OK)
        return status;
    unsigned long value = 0;
    for (size_t i = length_bytes; i-- > 0;)
        value = value << 8 | field[i];
    char reason[160];
    if (src->size >= 0 && (long long)value > src->size - src->offset) {
        snprintf(reason, sizeof reason, "header length %lu runs past the end "
                 "of the file (%lld bytes are left)", value,
                 src->size - src->offset);
        return fail_with(src, CLI_EXIT_FILE, reason);
    }
    if (value > NPY_MAX_HEADER) {
        snprintf(reason, sizeof reason, "header length %lu is too long (at "
                 "most %u bytes)", value, NPY_MAX_HEADER);
        return fail_with(src, CLI_EXIT_FILE, reason);
    }
    *length = value;
    return CLI_EXIT_OK;
}

static int read_header(npy_source *src, npy_header *header)
{
    size_t length_bytes = 0, length = 0;
    bool utf8 = false;
    int status = read_prefix(src, &length_bytes, &utf8);
    if (status == CLI_EXIT_OK)
        status = read_header_length(src, length_bytes, &length);
    if (status != CLI_EXIT_OK)
        return status;
    char *text = malloc(length + 1);
    if (!text)
        return fail_with(src, CLI_EXIT_FAILURE, "out of memory");
    status = read_exact(src, text, length, "header");
    /* Version 3.0 only changes the text's encoding to UTF-8, which matters
     * to nothing the header may hold; Python 2 longs predate it. */
    if (status == CLI_EXIT_OK &&
        !npy_parse_header(text, length, !utf8, header, src->err))
        status = fail_with(src, CLI_EXIT_FILE, src->err->message);
    free(text);
    return status;
}

/* The product of the dimensions; false when it overflows int64.  A zero
 * dimension makes the array empty whatever the others say. */
static bool count_elements(const npy_header *h, int64_t *elements)
{
    *elements = 1;
    for (int d = 0; d < h->rank; d++) {
        if (h->shape[d] == 0) {
            *elements = 0;
            return true;
        }
    }
    for (int d = 0; d < h->rank; d++) {
        if (__builtin_mul_overflow(*elements, h->shape[d], elements))
            return false;
    }
    return true;
}

/* Byte size of the data, refusing what no memory could hold. */
static int data_size(npy_source *src, const npy_header *h, size_t *bytes)
{
    int64_t elements;
    if (count_elements(h, &elements) &&
        !__builtin_mul_overflow((size_t)elements, h->dtype.size, bytes) &&
        *bytes <= PTRDIFF_MAX)
        return CLI_EXIT_OK;
    char shape[CLI_NPY_SHAPE_TEXT], reason[CLI_NPY_SHAPE_TEXT + 160];
    cli_npy_format_shape(shape, h->shape, h->rank);
    snprintf(reason, sizeof reason, "shape %s of '%.80s' has too many elements "
             "to hold in memory", shape, h->dtype.descr);
    return fail_with(src, CLI_EXIT_FILE, reason);
}

/* "truncated" or "N bytes after the data", naming what the shape needs. */
static int size_mismatch(npy_source *src, const npy_header *h, size_t need,
                         long long have)
{
    char shape[CLI_NPY_SHAPE_TEXT], reason[CLI_NPY_SHAPE_TEXT + 160];
    cli_npy_format_shape(shape, h->shape, h->rank);
    if (have < 0) /* not a regular file: the count is unknown */
        snprintf(reason, sizeof reason, "has bytes after the data (shape %s "
                 "of '%.80s' needs %zu)", shape, h->dtype.descr, need);
    else if (have < (long long)need)
        snprintf(reason, sizeof reason, "truncated: the data is %lld bytes, "
                 "but shape %s of '%.80s' needs %zu", have, shape,
                 h->dtype.descr, need);
    else
        snprintf(reason, sizeof reason, "has %lld byte%s after the data "
                 "(shape %s of '%.80s' needs %zu)", have - (long long)need,
                 have - (long long)need == 1 ? "" : "s", shape,
                 h->dtype.descr, need);
    return fail_with(src, CLI_EXIT_FILE, reason);
}

/* Maps the data of a regular file, whose size was checked: the pages
 * are read when the slice touches them, so a slice of a big file costs
 * little more memory than the slice.  Sets arr->data to NULL when the
 * file cannot be mapped (then it is read).  Data to byte-swap is read
 * too: swapping in place would make every page a private copy, yet a
 * truncation of the file discards even those (the kernel unmaps private
 * copies past the new end as well), so they could still fault, where a
 * heap copy cannot. */
static void map_data(npy_source *src, const npy_header *h, cli_npy *arr)
{
    arr->data = NULL;
    if (!src->may_map || arr->bytes == 0 || h->dtype.swap_unit >= 2)
        return;
    size_t length = (size_t)src->size;
    /* A descriptor of our own, for cli_npy_read: the caller's is closed
     * after loading (standard input's is not ours to keep). */
    int fd = fcntl(src->fd, F_DUPFD_CLOEXEC, 0);
    if (fd < 0)
        return;
    unsigned char *base = npy_map(src->fd, length, src->path);
    if (!base) {
        close(fd);
        return;
    }
    arr->data = base + src->offset;
    arr->mapping = base;
    arr->mapping_bytes = length;
    arr->in_file = true;
    arr->file_fd = fd;
    arr->file_offset = (size_t)src->offset;
    snprintf(arr->file_name, sizeof arr->file_name, "%s", src->path);
}

/* The data no longer lies in the file: reads go to memory. */
static void forget_file(cli_npy *arr)
{
    if (arr->in_file)
        close(arr->file_fd);
    arr->in_file = false;
    arr->file_fd = -1;
}

/* Reads the data, which must end exactly where the file does. */
static int read_data(npy_source *src, const npy_header *h, cli_npy *arr)
{
    size_t bytes = arr->bytes;
    long long left = src->size >= 0 ? src->size - src->offset : -1;
    if (left >= 0 && left != (long long)bytes)
        return size_mismatch(src, h, bytes, left);
    map_data(src, h, arr);
    if (arr->data)
        return CLI_EXIT_OK;
    arr->data = malloc(bytes ? bytes : 1);
    if (!arr->data)
        return fail_with(src, CLI_EXIT_FAILURE, "out of memory");
    cli_progress_phase("reading", src->path, bytes);
    long long start = src->offset;
    bool failed;
    size_t got = read_some(src, arr->data, bytes, &failed);
    if (failed)
        return short_read(src, true, "data");
    if (got != bytes)
        return size_mismatch(src, h, bytes, src->offset - start);
    unsigned char extra;
    if (read_some(src, &extra, 1, &failed) != 0 || failed)
        return failed ? short_read(src, true, "data")
                      : size_mismatch(src, h, bytes, -1);
    return CLI_EXIT_OK;
}

/* Makes the data C order and little-endian.  A Fortran-order array is
 * permuted into a new buffer, which replaces the mapping or the old
 * buffer. */
static int normalise(npy_source *src, const npy_header *h, cli_npy *arr)
{
    npy_swap_bytes(arr->data, arr->bytes, h->dtype.swap_unit);
    if (!h->fortran_order)
        return CLI_EXIT_OK;
    unsigned char *copy = NULL;
    if (!npy_fortran_to_c(arr->data, &copy, arr->bytes, h->shape, h->rank,
                          h->dtype.size))
        return fail_with(src, CLI_EXIT_FAILURE, "out of memory");
    if (copy) {
        npy_release_data(arr);
        arr->data = copy;
    }
    return CLI_EXIT_OK;
}

static int load(npy_source *src, cli_npy *arr)
{
    npy_header h;
    size_t bytes = 0;
    int status = read_header(src, &h);
    if (status == CLI_EXIT_OK)
        status = data_size(src, &h, &bytes);
    if (status != CLI_EXIT_OK)
        return status;
    memcpy(arr->descr, h.dtype.descr, sizeof arr->descr);
    arr->elem_size = h.dtype.size;
    arr->rank = h.rank;
    memcpy(arr->shape, h.shape, sizeof arr->shape);
    arr->bytes = bytes;
    status = read_data(src, &h, arr);
    return status == CLI_EXIT_OK ? normalise(src, &h, arr) : status;
}

/* Finds the file's size; directories are refused here because open()
 * accepts them. */
static int inspect_source(npy_source *src, bool may_map)
{
    struct stat st;
    if (fstat(src->fd, &st) != 0) {
        char reason[160];
        snprintf(reason, sizeof reason, "cannot open: %s", strerror(errno));
        return fail_with(src, CLI_EXIT_FILE, reason);
    }
    if (S_ISDIR(st.st_mode))
        return fail_with(src, CLI_EXIT_FILE, "cannot open: Is a directory");
    src->size = S_ISREG(st.st_mode) ? (long long)st.st_size : -1;
    src->may_map = may_map && S_ISREG(st.st_mode);
    /* Standard input may be a file that a script already read from: the
     * .npy starts where its offset is, and offsets count from the file's
     * start, as the size and the mapping do. */
    off_t at = S_ISREG(st.st_mode) ? lseek(src->fd, 0, SEEK_CUR) : 0;
    src->offset = at > 0 ? (long long)at : 0;
    return CLI_EXIT_OK;
}

int npy_load_fd(int fd, const char *name, bool may_map, cli_npy *arr,
                cli_err *err)
{
    npy_source src = {.fd = fd, .path = name, .size = -1, .offset = 0,
                      .may_map = false, .err = err};
    memset(arr, 0, sizeof *arr);
    int status = inspect_source(&src, may_map);
    if (status == CLI_EXIT_OK)
        status = load(&src, arr);
    if (status != CLI_EXIT_OK)
        cli_npy_free(arr);
    return status;
}

/* "-" is standard input, unless that is a terminal: a .npy file is not
 * typed, and waiting for one would only look like a hang. */
int cli_npy_load(const char *path, cli_npy *arr, cli_err *err)
{
    memset(arr, 0, sizeof *arr);
    if (strcmp(path, "-") == 0) {
        if (isatty(STDIN_FILENO))
            return cli_usage_error(err, "input '-' is standard input, which "
                                   "is a terminal (redirect a file or a "
                                   "pipe to it)");
        return npy_load_fd(STDIN_FILENO, "standard input", true, arr, err);
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return cli_fail(err, CLI_EXIT_FILE, "%.200s: cannot open: %s", path,
                        strerror(errno));
    int status = npy_load_fd(fd, path, true, arr, err);
    close(fd); /* a mapping outlives its descriptor */
    return status;
}

int cli_npy_alloc_like(const cli_npy *like, int rank, const int64_t *shape,
                       size_t bytes, cli_npy *out, cli_err *err)
{
    memset(out, 0, sizeof *out);
    memcpy(out->descr, like->descr, sizeof out->descr);
    out->elem_size = like->elem_size;
    out->rank = rank;
    for (int d = 0; d < rank; d++)
        out->shape[d] = shape[d];
    out->bytes = bytes;
    out->data = malloc(bytes ? bytes : 1);
    if (out->data)
        return CLI_EXIT_OK;
    memset(out, 0, sizeof *out);
    return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
}

void cli_npy_plan_meta(const clslice_plan *plan, const cli_npy *in,
                       cli_npy *out)
{
    memset(out, 0, sizeof *out);
    memcpy(out->descr, in->descr, sizeof out->descr);
    out->elem_size = in->elem_size;
    out->rank = clslice_plan_output_rank(plan);
    clslice_plan_output_shape(plan, out->shape);
    /* A slice never has more elements than its input, so this fits. */
    out->bytes = (size_t)clslice_plan_output_elements(plan) * in->elem_size;
}

int cli_npy_for_plan(const clslice_plan *plan, const cli_npy *in,
                     cli_npy *out, cli_err *err)
{
    cli_npy meta;
    cli_npy_plan_meta(plan, in, &meta);
    return cli_npy_alloc_like(&meta, meta.rank, meta.shape, meta.bytes, out,
                              err);
}

void npy_release_data(cli_npy *arr)
{
    forget_file(arr);
    if (arr->mapping)
        npy_unmap(arr->mapping, arr->mapping_bytes);
    else
        free(arr->data);
    arr->data = NULL;
    arr->mapping = NULL;
    arr->mapping_bytes = 0;
}

void cli_npy_free(cli_npy *arr)
{
    npy_release_data(arr);
    memset(arr, 0, sizeof *arr);
}
