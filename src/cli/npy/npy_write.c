/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The bytes of a .npy file exactly as np.save writes a C-order
 * little-endian array (format 1.0), written to an open descriptor.  Where
 * they go, and how a file is replaced, is npy_out.c's business. */
#define _POSIX_C_SOURCE 200809L

#include "npy.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "npy_internal.h"
#include "progress.h"

/* Room for the dict, the growth spaces, the alignment padding. */
#define NPY_HEADER_TEXT (CLI_NPY_SHAPE_TEXT + CLI_NPY_DESCR_MAX + 128 + \
                         2 * NPY_ALIGN)

/* numpy leaves room for the first dimension to grow to 21 digits
 * (format.GROWTH_AXIS_MAX_DIGITS) so a header can be rewritten in place. */
#define NPY_GROWTH_DIGITS 21

/* The whole header, prefix included, as numpy's _write_array_header and
 * _wrap_header build it for version 1.0; returns its length. */
static size_t format_header(char out[NPY_HEADER_TEXT], const cli_npy *arr)
{
    char shape[CLI_NPY_SHAPE_TEXT], dict[NPY_HEADER_TEXT];
    cli_npy_format_shape(shape, arr->shape, arr->rank);
    /* A structured descr is a Python list (or tuple), not a string. */
    const char *quote =
        arr->descr[0] == '[' || arr->descr[0] == '(' ? "" : "'";
    int len = snprintf(dict, sizeof dict, "{'descr': %s%s%s, "
                       "'fortran_order': False, 'shape': %s, }", quote,
                       arr->descr, quote, shape);
    if (arr->rank > 0) {
        int digits = snprintf(NULL, 0, "%lld", (long long)arr->shape[0]);
        len += snprintf(dict + len, sizeof dict - (size_t)len, "%*s",
                        NPY_GROWTH_DIGITS - digits, "");
    }
    size_t text = (size_t)len + 1; /* the final newline */
    size_t pad = NPY_ALIGN - (10 + text) % NPY_ALIGN;
    size_t header_len = text + pad;
    memcpy(out, "\x93NUMPY\x01\x00", 8);
    out[8] = (char)(header_len & 0xff);
    out[9] = (char)(header_len >> 8);
    memcpy(out + 10, dict, (size_t)len);
    memset(out + 10 + len, ' ', pad);
    out[10 + header_len - 1] = '\n';
    return 10 + header_len;
}

/* Pieces small enough for the progress line to move, large enough that
 * the calls cost nothing. */
#define NPY_WRITE_CHUNK ((size_t)8 << 20)

static int write_all(int fd, const void *buf, size_t n)
{
    const unsigned char *p = buf;
    while (n > 0) {
        ssize_t done = write(fd, p, n < NPY_WRITE_CHUNK ? n
                                                        : NPY_WRITE_CHUNK);
        if (done < 0 && errno == EINTR)
            continue;
        if (done <= 0) {
            if (done == 0)
                errno = EIO;
            return -1;
        }
        p += done;
        n -= (size_t)done;
        cli_progress_add((uint64_t)done);
    }
    return 0;
}

int npy_write_fd(int fd, const cli_npy *arr)
{
    char header[NPY_HEADER_TEXT];
    size_t header_len = format_header(header, arr);
    int rc = write_all(fd, header, header_len);
    return rc == 0 ? write_all(fd, arr->data, arr->bytes) : rc;
}

