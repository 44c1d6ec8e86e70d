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
    unsigned char *data; /* malloc'd, at least 1 byte even when empty */
} cli_npy;

/* Reads `path` into *arr (cleared first).  On failure *arr holds nothing
 * and needs no cli_npy_free. */
int cli_npy_load(const char *path, cli_npy *arr, cli_err *err);

/* Writes arr to `path` through a temporary file in the same directory that
 * is renamed over `path` only once it is complete: on failure `path` is
 * neither created nor changed and the temporary file is gone. */
int cli_npy_save(const char *path, const cli_npy *arr, cli_err *err);

/* cli_npy_save in two steps, for commands that write several files and
 * must write all or none: cli_npy_stage writes arr completely to a new
 * temporary file next to `path` and returns its malloc'd name in
 * *tmp_path (nothing is left behind on failure); cli_npy_commit renames
 * it over `path` and frees the name (removing the file if the rename
 * fails); cli_npy_discard removes it and frees the name (accepts NULL). */
int cli_npy_stage(const char *path, const cli_npy *arr, char **tmp_path,
                  cli_err *err);
int cli_npy_commit(char *tmp_path, const char *path, cli_err *err);
void cli_npy_discard(char *tmp_path);

/* Makes *out an array of like's dtype with `rank` dims of `shape` and
 * room for `bytes` bytes of data (the caller computed them), uninitialised.
 * CLI_EXIT_FAILURE when memory runs out; *out then holds nothing. */
int cli_npy_alloc_like(const cli_npy *like, int rank, const int64_t *shape,
                       size_t bytes, cli_npy *out, cli_err *err);

/* cli_npy_alloc_like for the output of `plan` sliced from `in`: the
 * plan's output shape in in's dtype. */
int cli_npy_for_plan(const clslice_plan *plan, const cli_npy *in,
                     cli_npy *out, cli_err *err);

/* Frees arr's data and clears it.  Accepts a cleared arr. */
void cli_npy_free(cli_npy *arr);

#endif
