/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Writes small version-1.0 .npy files for the CLI tests: the header
 * padded to 64 bytes as numpy writes it, then the data.
 */
#ifndef CS_TEST_NPYFILE_H
#define CS_TEST_NPYFILE_H

#include <stddef.h>

/* Writes `path`: a C-order .npy of `descr` ("<f4", "|u1") and `shape`
 * ("(3,)", "()"), then n bytes of data, `data`'s or, when it is NULL,
 * byte i = i % 251.  Fails the running test on an I/O error.  Returns
 * the data's offset in the file (the padded header's length). */
size_t tu_write_npy(const char *path, const char *descr, const char *shape,
                    const void *data, size_t n);

#endif
