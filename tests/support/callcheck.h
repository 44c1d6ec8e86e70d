/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Checks of what every device call promises, whatever its operation:
 * that it waits for its wait list and signals its event, and that a flag
 * of clslice_runtime_prepare builds every program it runs.  A test hands
 * its operation in as a callback.
 */
#ifndef CLSLICE_TEST_CALLCHECK_H
#define CLSLICE_TEST_CALLCHECK_H

#include "devutil.h"

/* The operation: enqueues its work through rt with the call head given
 * (a copy of the test's, with the wait list and event set as the check
 * needs); ctx is what the test handed to the check. */
typedef clslice_status tu_call_op(clslice_runtime *rt,
                                  const clslice_cl_call *call,
                                  const void *ctx, clslice_error *err);

/* Enqueues op through dev's runtime behind a user event, and fails the
 * test unless its output event is still pending until the user event
 * fires and completes after. */
void tu_check_gated(const tu_dev *dev, clslice_cl_call call, tu_call_op *op,
                    const void *ctx);

/* Runs op on two fresh runtimes of dev's context, one prepared with
 * `flag`, one with none, and fails the test unless the programs built
 * (counted by program_count, the library's test hook: this archive uses
 * the public API only) grow by 0 and 1. */
void tu_check_prepared(const tu_dev *dev, unsigned flag, clslice_cl_call call,
                       tu_call_op *op, const void *ctx,
                       size_t (*program_count)(clslice_runtime *rt));

#endif
