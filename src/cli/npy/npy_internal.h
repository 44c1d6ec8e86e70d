/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Pieces of the .npy reader and writer shared between their files. */
#ifndef CLI_NPY_INTERNAL_H
#define CLI_NPY_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clslice.h"
#include "diag.h"
#include "npy.h"

/* Longest header the reader accepts.  np.save never writes more than a few
 * hundred bytes for the dtypes we support, and a version 1.0 header cannot
 * be longer than this anyway; the limit stops a 4-GiB length in a 2.0/3.0
 * header from turning into an allocation. */
#define NPY_MAX_HEADER 65535u

/* numpy pads the whole header to a multiple of this (format.ARRAY_ALIGN). */
#define NPY_ALIGN 64u

/* One element type. */
typedef struct npy_dtype {
    /* 'b', 'i', 'u', 'f', 'c', 'S', 'a', 'U', 'M', 'm' or 'V'; '[' for a
     * structured dtype */
    char kind;
    size_t size;      /* bytes per element */
    /* Bytes reversed as one unit to make the data little-endian: 0 when
     * nothing needs swapping, else the size (a complex: half of it). */
    size_t swap_unit;
    /* the little-endian spelling: "<f4", "|b1", "|V12", "<M8[ns]"; a
     * structured dtype's text as written */
    char descr[CLI_NPY_DESCR_MAX];
} npy_dtype;

/* The header dictionary. */
typedef struct npy_header {
    npy_dtype dtype;
    bool fortran_order;
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
} npy_header;

/* Parses a descr string (its characters, without quotes).  On failure
 * writes the reason into err (without the file name). */
bool npy_parse_dtype(const char *descr, size_t len, npy_dtype *dtype,
                     cli_err *err);

/* Parses a structured descr at text[*pos]: a list of fields, each
 * (name, format) or (name, format, shape) with a format that is a dtype
 * string or again a structured descr, or a (format, shape) tuple, as
 * numpy's dtype.descr writes them.  On success advances *pos past it and
 * sets *size to the bytes of one element; on failure writes the reason
 * into err. */
bool npy_parse_struct(const char *text, size_t len, size_t *pos,
                      size_t *size, cli_err *err);

/* Parses the header text (len bytes, may hold NULs, which are rejected).
 * `python2_longs` accepts the 3L integers of files written by Python 2
 * (numpy reads them in versions 1.0 and 2.0).  On failure writes the reason
 * into err. */
bool npy_parse_header(const char *text, size_t len, bool python2_longs,
                      npy_header *header, cli_err *err);

/* Reverses every `unit`-byte group of data (bytes a multiple of unit). */
void npy_swap_bytes(unsigned char *data, size_t bytes, size_t unit);

/* Sets *copy to a malloc'd C-order copy of data, a Fortran-order array
 * of `shape`, or to NULL when both orders store the same bytes.  Returns
 * false (*copy NULL) when memory runs out. */
bool npy_fortran_to_c(const unsigned char *data, unsigned char **copy,
                      size_t bytes, const int64_t *shape, int rank,
                      size_t elem_size);

/* Writes arr as a .npy file (header and data) to fd; 0, or -1 with errno
 * set. */
int npy_write_fd(int fd, const cli_npy *arr);

/* Maps the first `bytes` bytes of regular file fd privately and writably
 * (changes stay ours), and arranges that a later SIGBUS inside the
 * mapping (the file was truncated under us) exits with status 3 and
 * "clslice: NAME: the file shrank ...".  NULL when it cannot be mapped;
 * the caller then reads the file. */
void *npy_map(int fd, size_t bytes, const char *name);

/* Unmaps what npy_map returned. */
void npy_unmap(void *base, size_t bytes);

/* Frees or unmaps arr's data, leaving the rest of arr. */
void npy_release_data(cli_npy *arr);

/* cli_npy_load from an open descriptor (left open), named `name` in
 * messages.  A regular file is mapped when may_map, else read; anything
 * else (a pipe, a terminal, a device) is read to its end. */
int npy_load_fd(int fd, const char *name, bool may_map, cli_npy *arr,
                cli_err *err);

#endif
