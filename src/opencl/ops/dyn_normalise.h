/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer ops: the normalise command (dyn_normalise.c, cl/normalise.cl).
 * The host's half of normalising a spec, and the command that writes the
 * record on the device from the descriptor (core/dynamic/record.h:
 * cs_norm_desc, its flags and the record's words, which the kernel
 * compiles too).
 */
#ifndef CLSLICE_OPENCL_OPS_DYN_NORMALISE_H
#define CLSLICE_OPENCL_OPS_DYN_NORMALISE_H

#include "core/dynamic/record.h"
#include "opencl/ops/dyn_spec.h"
#include "opencl/run/call.h"

/* The host's half of normalising `spec`: every check that does not need
 * the values (with the host front-end's messages), the static plan, and
 * the descriptor.  Buffers are only looked at for presence; value bases
 * are their offsets in entries; desc->info_base is 0.  *static_plan
 * receives the plan built with the values unknown: input shape, shrunk
 * dims, out_source and out_rank are known; starts and counts are -1 (0
 * on a dim of size 0) and steps are stand-ins (1): the record holds the
 * real ones (release it with clslice_plan_release).  On failure
 * *static_plan is NULL. */
clslice_status cs_dyn_describe(const cs_dyn_spec *spec, cs_norm_desc *desc,
                               clslice_plan **static_plan,
                               clslice_error *err);

/* Vector `which` (CS_NORM_BEGIN, _END, _STEP, _AXES) as `front`'s spec
 * names it in messages ("starts", "strides"). */
const char *cs_dyn_value_name(cs_dyn_front front, int which);

/* The most elements `spec`'s slice can have: the input's count, the
 * static plan's output count where the masks or the window fix it (an
 * XLA window, say), and the caller's spec->max_elements for a gather,
 * whichever is least.  A gather's output buffer needs this many; the
 * normaliser refuses a slice with more (CLSLICE_ERROR_BUFFER in the
 * record), which the first two never have.  cs_dyn_describe puts it in
 * desc->max_elements. */
int64_t cs_dyn_bound(const cs_dyn_spec *spec, const clslice_plan *plan,
                     int64_t input_elements);

/* The rest of the normalise command once cs_dyn_describe has filled
 * `desc` for `spec`: the record's and the values' buffers checked, then
 * the one command, behind the call's wait list, with its event.  The
 * call's head is checked (cs_call_check) and info_offset too
 * (cs_dyn_check_info_offset): the public dynamic calls check both for the
 * consumer before this.  Errors that depend on the values are not
 * returned: they are in the record, as the host front-end would report
 * its first one (resolve.h). */
clslice_status cs_enqueue_described(const cs_call *call,
                                    const cs_dyn_spec *spec,
                                    cs_norm_desc *desc, cl_mem info,
                                    size_t info_offset, clslice_error *err);

/* The normalise kernel over `count` descriptors in `descs`, reading
 * values from values[CS_NORM_*] (NULL where no descriptor uses one) and
 * writing records into `info`, for a checked call. */
clslice_status cs_normalise_launch(const cs_call *call, cl_mem descs,
                                   size_t count,
                                   const cl_mem values[CS_NORM_VALUES],
                                   cl_mem info, clslice_error *err);

#endif
