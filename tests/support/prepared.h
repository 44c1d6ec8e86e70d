/*
 * Whether a flag of clslice_runtime_prepare builds every program an
 * operation runs: on a fresh runtime prepared with the flag the operation
 * builds nothing more; prepared without it, it builds one program.
 */
#ifndef CLSLICE_TEST_PREPARED_H
#define CLSLICE_TEST_PREPARED_H

#include "devutil.h"

/* The operation: enqueues its work on the device's queue through rt. */
typedef clslice_status tu_prepared_op(clslice_runtime *rt, const void *ctx,
                                      clslice_error *err);

/* Runs op on two fresh runtimes of dev's context, one prepared with
 * `flag`, one with none, and fails the test unless the programs built
 * (counted by program_count, the library's test hook: this archive uses
 * the public API only) grow by 0 and 1. */
void tu_check_prepared(const tu_dev *dev, unsigned flag, tu_prepared_op *op,
                       const void *ctx,
                       size_t (*program_count)(clslice_runtime *rt));

#endif
