/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Running a CSR slice on the device for the tests: upload, the count
 * pass, allocation, the fill pass, read back, with every array at an
 * offset inside a sentinel-filled buffer whose bytes outside the result
 * are checked afterwards.
 */
#ifndef CLSLICE_TEST_CSRDEV_H
#define CLSLICE_TEST_CSRDEV_H

#include "csrutil.h"
#include "devutil.h"

enum { TC_SENTINEL = 0xA5 };

/* Slices `in` on the device into a fresh `out` (which the caller frees on
 * success).  With rng, arrays sit at random offsets (index-aligned for
 * indptr and indices, any byte for data); without, at 0.  On a failing
 * count pass, checks that out->indptr's buffer is untouched.  Fails the
 * test if any byte outside the result changed. */
clslice_status tc_dev_slice(tu_dev *dev, const clslice_plan *plan,
                            const tc_csr *in, tc_csr *out, tu_rng *rng,
                            clslice_error *err);

#endif
