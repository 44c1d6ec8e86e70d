/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
#include "npyfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

size_t tu_write_npy(const char *path, const char *descr, const char *shape,
                    const void *data, size_t n)
{
    char header[128];
    int len = snprintf(header, sizeof header, "{'descr': '%s', "
                       "'fortran_order': False, 'shape': %s, }", descr,
                       shape);
    assert_true(len > 0 && (size_t)len < sizeof header);
    size_t padded = (10 + (size_t)len + 1 + 63) / 64 * 64;
    unsigned char *file = malloc(padded + n);
    assert_non_null(file);
    memset(file, ' ', padded);
    memcpy(file, "\x93NUMPY\x01\x00", 8);
    file[8] = (unsigned char)((padded - 10) & 0xff);
    file[9] = (unsigned char)((padded - 10) >> 8);
    memcpy(file + 10, header, (size_t)len);
    file[padded - 1] = '\n';
    for (size_t i = 0; i < n; i++)
        file[padded + i] = data ? ((const unsigned char *)data)[i]
                                : (unsigned char)(i % 251);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(file, 1, padded + n, f), padded + n);
    assert_int_equal(fclose(f), 0);
    free(file);
    return padded;
}
