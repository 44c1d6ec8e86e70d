/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The driver checks' one move: build a one-kernel program on the tests'
 * default device, run it and read its output back.  Each check in this
 * folder is a minimal OpenCL program that shows one driver fault the
 * library's kernels are written to avoid; every conforming implementation
 * passes it (CI runs it on PoCL), and the implementation named in
 * tests/drivers/expected_failures.txt fails it.
 */
#ifndef CLSLICE_ONE_KERNEL_H
#define CLSLICE_ONE_KERNEL_H

#include <stdbool.h>
#include <stddef.h>

/* A kernel argument past the first two: its size and where its value is. */
typedef struct ok_arg {
    size_t size;
    const void *value;
} ok_arg;

/* Builds `source` (OpenCL C, no options) on the tests' default device,
 * sets `in` (in_bytes, copied to a read-only buffer) as argument 0 and a
 * zeroed out_bytes buffer as argument 1 of kernel "k", then arguments 2..
 * from `extra` (extra_count of them), runs `work_items` work-items and
 * reads the output into `out`.  Fails the test on any OpenCL error;
 * returns false when there is no device (the caller skips). */
bool ok_run(const char *source, const void *in, size_t in_bytes, void *out,
            size_t out_bytes, const ok_arg *extra, int extra_count,
            size_t work_items);

#endif
