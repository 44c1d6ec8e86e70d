/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* `clslice slice --dynamic`: the spec's values go to a device buffer and
 * the library's dynamic path slices with them; the host learns the
 * output's shape from the record the device wrote. */
#ifndef CLI_DEVICE_DYNAMIC_H
#define CLI_DEVICE_DYNAMIC_H

#include <stdint.h>

#include "device.h"
#include "device_session.h"
#include "diag.h"
#include "npy/npy.h"
#include "spec_dynamic.h"

/* Slices `in` on `device` with spec's values uploaded.  On success *out
 * describes the output (descr and elem_size of in, shape from the
 * device; data NULL) and sink(ctx, 0, ...) receives its bytes, mapped
 * from the device buffer (valid during the call only).  `in` reaches the
 * device as cli_session_upload puts it there (a mapped file read through
 * the file: a file truncated meanwhile is CLI_EXIT_FILE and a message).
 * When the device rejects the values, *rejected is the record's status
 * (not CLSLICE_OK), the sink is not called and the return is
 * CLI_EXIT_OK: the caller explains the rejection.  A spec the library
 * rejects before enqueuing (a static error) gives CLI_EXIT_USAGE with its
 * message.  max_elements, when not 0, bounds the output (the declared
 * ranges' bound, dyn_ranges.h): the device buffer holds that many
 * elements, not the input's count, and the library refuses a slice that
 * needs more. */
int cli_device_dynamic_slice(const cli_device *device,
                             const cli_dyn_spec *spec, const cli_npy *in,
                             int64_t max_elements, cli_npy *out,
                             cli_device_sink *sink, void *ctx,
                             int64_t *rejected, cli_err *err);

/* Writes `value` into spec's slice of `tensor` on `device` under `rule`
 * and hands the whole result (tensor->bytes, tensor's dtype and shape) to
 * sink(ctx, 0, ...); a rejection as above, with the sink not called.
 * Both arrays are uploaded as in cli_device_dynamic_slice. */
int cli_device_dynamic_assign(const cli_device *device,
                              const cli_dyn_spec *spec, const cli_npy *tensor,
                              const cli_npy *value, clslice_value_rule rule,
                              int64_t *rejected, cli_device_sink *sink,
                              void *ctx, cli_err *err);

#endif
