/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* .npy files for the command-line tool (not part of the library API).
 *
 * Reads format versions 1.0, 2.0 and 3.0 with every fixed-size dtype:
 * bool, int/uint of 1-8 bytes, float16 to float128, complex64 to
 * complex256, S<n>, U<n>, datetime64, timedelta64, raw records V<n> and
 * structured dtypes (object arrays are refused).  What the loader hands
 * back is always C order and little-endian: big-endian data is
 * byte-swapped element by element (each half of a complex, each character
 * of a U string on its own) and Fortran-order data is permuted into C
 * order, so a slice of the loaded bytes is a slice of the array numpy
 * sees.  Structured dtypes are the exception to byte swapping: their
 * records stay as stored and their descr (a list of fields) is kept word
 * for word.  The writer produces exactly what np.save writes for a C-order
 * little-endian array (format 1.0).
 *
 * Every failure returns CLI_EXIT_FILE (CLI_EXIT_FAILURE when memory runs
 * out) with a message that starts with the file's name. */
#ifndef CLI_NPY_H
#define CLI_NPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clslice.h"
#include "diag.h"

/* Longest descr kept, terminator included; a structured descr is the
 * Python text of its field list. */
#define CLI_NPY_DESCR_MAX 1024

/* A tensor in host memory, C order, little-endian. */
typedef struct cli_npy {
    /* numpy dtype of the data as the header spells it: "<f4", "|V12",
     * "[('r', 'u1'), ('g', 'u1')]" */
    char descr[CLI_NPY_DESCR_MAX];
    size_t elem_size;  /* bytes per element, >= 1 */
    int rank;
    int64_t shape[CLSLICE_MAX_RANK];
    size_t bytes;      /* elements * elem_size */
    /* malloc'd (at least 1 byte even when empty), or inside `mapping` */
    unsigned char *data;
    /* A loaded regular file is mapped, not read (unless its data needs
     * byte-swapping): the whole file is at `mapping` (mapping_bytes), the
     * data inside it.  NULL when data is malloc'd.  Writes to the data
     * stay private to the process. */
    void *mapping;
    size_t mapping_bytes;
    /* Mapped data can also be read through the file (in_file): it lies
     * at file_offset in the file open as file_fd, named file_name in
     * messages.  The device paths read it that way (cli_npy_read): a
     * driver's threads never touch the mapping, so a file truncated
     * under us is a short read with a message, not a SIGBUS that the
     * driver's own signal handlers may turn into a crash. */
    bool in_file;
    int file_fd;
    size_t file_offset;
    char file_name[208];
} cli_npy;

/* Loads `path` into *arr (cleared first); "-" is standard input (refused
 * when that is a terminal).  A regular file is memory-mapped, so only the
 * pages a command touches are read; a pipe or device is read to its end.
 * On failure *arr holds nothing and needs no cli_npy_free. */
int cli_npy_load(const char *path, cli_npy *arr, cli_err *err);

/* One output.  Where its bytes go depends on what the path names:
 *  - "-": standard output, written in place (refused when a terminal);
 *  - an existing FIFO, terminal, device or other non-regular file: opened
 *    and written front to back where it stands, never replaced;
 *  - a regular file, or nothing yet: written to a temporary file in the
 *    same directory and renamed over it once complete (atomic: a failed
 *    run leaves it as it was);
 *  - a symbolic link: as above for the file its chain of links ends at
 *    (created if the chain dangles), so the link stays a link.
 * A directory is refused. */
typedef struct cli_npy_out {
    const char *path; /* as given; names the output in messages */
    char *dest;       /* the regular file to replace; NULL for a stream */
    char *tmp;        /* the temporary file written, until renamed */
} cli_npy_out;

/* Decides where `path` (kept, not copied) is written; creates and opens
 * nothing.  Refuses a directory, a socket and "-" on a terminal. */
int cli_npy_out_open(cli_npy_out *out, const char *path, cli_err *err);

/* Writes arr: a file to its temporary file (removed again on failure), a
 * stream in place. */
int cli_npy_out_write(cli_npy_out *out, const cli_npy *arr, cli_err *err);

/* Renames every written temporary file of outs[0..count-1] into place,
 * after checking that none of the targets became a directory, so that
 * the renames only start when all of them can be expected to succeed. */
int cli_npy_out_commit_all(cli_npy_out *outs, size_t count, cli_err *err);

/* Removes a temporary file that was not renamed and frees what open and
 * write allocated.  Accepts an output that was never written. */
void cli_npy_out_close(cli_npy_out *out);

/* One output in one call: open, write, commit, close. */
int cli_npy_save(const char *path, const cli_npy *arr, cli_err *err);

/* Room for any shape as cli_npy_format_shape writes it. */
#define CLI_NPY_SHAPE_TEXT (4 + 21 * CLSLICE_MAX_RANK + 8)

/* Writes shape the way Python prints a tuple: "()", "(5,)", "(3, 4)"; for
 * messages that quote a file's shape as numpy would. */
void cli_npy_format_shape(char buf[CLI_NPY_SHAPE_TEXT], const int64_t *shape,
                          int rank);

/* Makes *out an array of like's dtype with `rank` dims of `shape` and
 * room for `bytes` bytes of data (the caller computed them), uninitialised.
 * CLI_EXIT_FAILURE when memory runs out; *out then holds nothing. */
int cli_npy_alloc_like(const cli_npy *like, int rank, const int64_t *shape,
                       size_t bytes, cli_npy *out, cli_err *err);

/* Describes the output of `plan` sliced from `in` (the plan's output shape
 * in in's dtype) in *out, with no data (NULL): for outputs that stay in
 * device memory until they are written. */
void cli_npy_plan_meta(const clslice_plan *plan, const cli_npy *in,
                       cli_npy *out);

/* cli_npy_alloc_like for the output of `plan` sliced from `in`: the
 * plan's output shape in in's dtype. */
int cli_npy_for_plan(const clslice_plan *plan, const cli_npy *in,
                     cli_npy *out, cli_err *err);

/* Copies bytes [offset, offset + n) of arr's data into dst: from the file
 * with pread() where arr->in_file (pages that the process changed since
 * are not seen), else from arr->data.  A read that comes up short (the
 * file shrank) or fails is CLI_EXIT_FILE with a message naming the file;
 * the process is never signalled. */
int cli_npy_read(const cli_npy *arr, size_t offset, size_t n, void *dst,
                 cli_err *err);

/* Frees arr's data and clears it.  Accepts a cleared arr. */
void cli_npy_free(cli_npy *arr);

#endif
