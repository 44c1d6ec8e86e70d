/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The cmocka fixture of the SVM device tests: the test device and what
 * shared virtual memory it offers, with a skip that says which grain is
 * missing.  Include before anything else that includes the OpenCL
 * headers, since SVM needs the OpenCL 2.0 declarations.
 */
#ifndef CS_TEST_SVMFIX_H
#define CS_TEST_SVMFIX_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 200
#endif
#include <stdbool.h>

#include "devutil.h"

typedef struct tu_svm_fixture {
    tu_dev dev;
    cl_device_svm_capabilities caps; /* 0: no SVM (or OpenCL 1.x) */
} tu_svm_fixture;

/* cmocka group setup: opens the test device into a static fixture and
 * reads its SVM capabilities, saying when there are none. */
int tu_svm_setup(void **state);

/* cmocka group teardown of tu_svm_setup. */
int tu_svm_teardown(void **state);

/* Skips the running test, saying why, without a device or without SVM
 * buffers of the grain asked for. */
void tu_svm_skip_without(tu_svm_fixture *f, bool fine);

/* Skips the running test, saying why, without a device or on one that
 * has SVM (a test of the refusal of a device without it). */
void tu_svm_skip_with(tu_svm_fixture *f);

/* Hands the SVM allocation `pool` of `bytes` to the host: a blocking map
 * for `flags` when it is coarse-grained, nothing when fine. */
void tu_svm_host_begin(tu_dev *dev, bool fine, void *pool, size_t bytes,
                       cl_map_flags flags);

/* Hands it back (the unmap when coarse-grained) and waits for the queue,
 * so the device's earlier writes are there for a fine-grained read too. */
void tu_svm_host_end(tu_dev *dev, bool fine, void *pool);

#endif
