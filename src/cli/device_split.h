/* Splitting one array into many on an OpenCL device for the command-line
 * tool: one clslice_cl_gather_batch call. */
#ifndef CLI_DEVICE_SPLIT_H
#define CLI_DEVICE_SPLIT_H

#include <stddef.h>

#include "clslice.h"
#include "device.h"
#include "diag.h"
#include "npy/npy.h"

/* Gathers plans[i]'s slice of src (src_bytes, C order) into outs[i].data
 * (outs[i].bytes each) for i < count on `device`, with one batched call
 * into one output buffer at consecutive offsets (NULL destinations for
 * empty sections, no buffer at all when every section is empty): its own
 * context, in-order queue, runtime and buffers, all released before
 * returning.  Returns CLI_EXIT_OPENCL with the failing call named, or
 * CLI_EXIT_FAILURE when host memory runs out. */
int cli_device_split(const cli_device *device,
                     clslice_plan *const *plans, size_t count,
                     size_t elem_size, const void *src, size_t src_bytes,
                     cli_npy *outs, cli_err *err);

#endif
