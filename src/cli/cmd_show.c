/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* clslice show: prints a .npy file's dtype, shape and values, so a result
 * can be looked at without numpy.  Large arrays are summarised the way
 * numpy prints them: the first and last three entries of a long axis. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "diag.h"
#include "npy/npy.h"

/* Arrays with more elements than this print summarised (numpy's default
 * threshold). */
enum { SHOW_THRESHOLD = 1000, SHOW_EDGE = 3 };

static const cli_optdef show_options[] = {{NULL, false}};

/* IEEE half to float, for '<f2' data. */
static double half_value(uint16_t h)
{
    int exponent = (h >> 10) & 0x1f;
    double mantissa = h & 0x3ff;
    double sign = (h & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0)
        return sign * ldexp(mantissa, -24);
    if (exponent == 31)
        return mantissa ? NAN : sign * INFINITY;
    return sign * ldexp(mantissa + 1024.0, exponent - 25);
}

static void print_float(double value)
{
    if (isnan(value))
        printf("nan");
    else if (isinf(value))
        printf(value < 0 ? "-inf" : "inf");
    else
        printf("%.*g", 8, value);
}

/* Reads an integer of `size` bytes (little-endian, as loaded). */
static uint64_t read_bits(const unsigned char *p, size_t size)
{
    uint64_t bits = 0;
    for (size_t i = size; i-- > 0;)
        bits = bits << 8 | p[i];
    return bits;
}

/* A float of `size` bytes (2, 4 or 8) stored at p. */
static double float_at(const unsigned char *p, size_t size)
{
    if (size == 2)
        return half_value((uint16_t)read_bits(p, 2));
    if (size == 4) {
        float value;
        memcpy(&value, p, sizeof value);
        return value;
    }
    double value;
    memcpy(&value, p, sizeof value);
    return value;
}

static void print_element(const cli_npy *arr, const unsigned char *p)
{
    char kind = arr->descr[1];
    size_t size = arr->elem_size;
    uint64_t bits = read_bits(p, size < 8 ? size : 8);
    if (kind == 'b') {
        printf(p[0] ? "True" : "False");
    } else if (kind == 'u') {
        printf("%" PRIu64, bits);
    } else if (kind == 'i') {
        uint64_t sign = (uint64_t)1 << (8 * size - 1);
        printf("%" PRId64, (int64_t)((bits ^ sign) - sign));
    } else if ((kind == 'f' && size <= 8) || (kind == 'c' && size <= 16)) {
        size_t part = kind == 'c' ? size / 2 : size;
        for (size_t half = 0; half < size / part; half++) {
            double value = float_at(p + half * part, part);
            /* "(re+imj)", or "(re-imj)" when the imaginary part is
             * negative: its own sign stands in for the plus. */
            if (half)
                printf(signbit(value) && !isnan(value) ? "" : "+");
            else if (kind == 'c')
                printf("(");
            print_float(value);
            printf(half ? "j)" : "");
        }
    } else { /* records, strings, dates, long doubles: their bytes */
        printf("0x");
        for (size_t i = 0; i < size; i++)
            printf("%02x", p[i]);
    }
}

static int64_t stride_of(const cli_npy *arr, int dim)
{
    int64_t stride = 1;
    for (int d = dim + 1; d < arr->rank; d++)
        stride *= arr->shape[d];
    return stride;
}

/* Prints the sub-array at element `first` spanning dims dim.. as nested
 * brackets; `summarise` elides the middle of long axes. */
static void print_block(const cli_npy *arr, int dim, int64_t first,
                        bool summarise)
{
    if (dim == arr->rank) {
        print_element(arr, arr->data + first * (int64_t)arr->elem_size);
        return;
    }
    int64_t n = arr->shape[dim], stride = stride_of(arr, dim);
    printf("[");
    for (int64_t i = 0; i < n; i++) {
        if (summarise && n > 2 * SHOW_EDGE && i == SHOW_EDGE) {
            printf(dim + 1 == arr->rank ? "..., " : "...,\n%*s",
                   dim + 1 == arr->rank ? 0 : dim + 1, "");
            i = n - SHOW_EDGE - 1;
            continue;
        }
        print_block(arr, dim + 1, first + i * stride, summarise);
        if (i + 1 < n)
            printf(dim + 1 == arr->rank ? ", " : ",\n%*s", dim + 1, "");
    }
    printf("]");
}

static int show_main(char **paths, const cli_opts *opts, cli_err *err)
{
    const char *path = paths[0];
    (void)opts; /* no options but --help */
    cli_npy arr;
    int status = cli_npy_load(path, &arr, err);
    if (status != CLI_EXIT_OK)
        return status;
    int64_t elements = (int64_t)(arr.bytes / arr.elem_size);
    printf("%s: dtype %s, shape (", path, arr.descr);
    for (int d = 0; d < arr.rank; d++)
        printf("%s%" PRId64, d ? ", " : "", arr.shape[d]);
    printf("%s)\n", arr.rank == 1 ? "," : "");
    /* numpy prints every empty array as [] whatever its shape; walking
     * the shape instead would visit each leading index of (2^62, 0). */
    if (elements == 0 && arr.rank > 0)
        printf("[]");
    else
        print_block(&arr, 0, 0, elements > SHOW_THRESHOLD);
    printf("\n");
    cli_npy_free(&arr);
    return cli_finish_output(err);
}

static int run_show(const cli_command *self, int argc, char **argv)
{
    static const char *const missing[] = {"FILE.npy"};
    const cli_optdef *const tables[] = {show_options, NULL};
    return cli_run_command(self, argc, argv, 1, missing, tables, show_main);
}

const cli_command cli_cmd_show = {
    .name = "show",
    .summary = "print a .npy file's dtype, shape and values",
    .usage = "show FILE.npy",
    .description =
        "\n"
        "Prints the dtype and shape of FILE.npy, then its values as nested\n"
        "brackets in C order.  Arrays of more than 1000 elements are\n"
        "summarised as numpy does, with the first and last three entries\n"
        "of each long axis.  Elements of other dtypes (records, structured\n"
        "dtypes, S/U strings, datetime64, timedelta64, long doubles) print\n"
        "as the hex bytes of each element, as stored.\n",
    .examples =
        "  $ clslice show examples/t.npy\n"
        "  examples/t.npy: dtype <i4, shape (3, 2, 3)\n"
        "  [[[1, 1, 1],\n"
        "    [2, 2, 2]],\n"
        "   ...\n",
    .takes_spec = false,
    .takes_files = true,
    .run = run_show,
};
