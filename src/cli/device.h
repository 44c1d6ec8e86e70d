/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Choosing the OpenCL device the tool runs on.
 *
 * Devices are numbered with one flat index over all platforms, in the
 * order the OpenCL ICD loader lists platforms and each platform lists its
 * devices; `clslice devices` prints that list.  The default is the first
 * GPU, else the first device of any type (PoCL on a machine without a
 * GPU).  --device N picks device N; without it the environment variable
 * CLSLICE_DEVICE does (an empty value counts as unset). */
#ifndef CLI_DEVICE_H
#define CLI_DEVICE_H

#include <stdbool.h>
#include <stddef.h>

#include "clslice_cl.h"
#include "diag.h"

#define CLI_MAX_PLATFORMS 32
#define CLI_MAX_DEVICES 128

typedef struct cli_device {
    cl_platform_id platform;
    cl_device_id id;
    cl_uint platform_index;
} cli_device;

/* Every device of every platform, in flat-index order. */
typedef struct cli_device_list {
    cl_uint platform_count;
    cl_platform_id platforms[CLI_MAX_PLATFORMS];
    size_t count;
    cli_device devices[CLI_MAX_DEVICES];
    size_t default_index; /* the first GPU, else 0 */
} cli_device_list;

/* The device a user asked for, before OpenCL is asked anything. */
typedef struct cli_device_request {
    bool given;         /* --device or CLSLICE_DEVICE named one */
    size_t index;
    const char *source; /* "--device" or "CLSLICE_DEVICE", for messages */
} cli_device_request;

/* Reads the request from the --device value (NULL when the option was not
 * given) or else from CLSLICE_DEVICE.  A value that is not a non-negative
 * decimal index is a usage error. */
int cli_device_request_parse(const char *option, cli_device_request *req,
                             cli_err *err);

/* Where a subcommand runs: the host reference executor (--host) or an
 * OpenCL device (--device N, CLSLICE_DEVICE, or the default). */
typedef struct cli_target {
    bool host;
    cli_device_request request;
} cli_target;

/* Reads --host (a flag, NULL when absent) and --device (NULL when absent);
 * giving both is a usage error. */
int cli_target_parse(const char *host, const char *device,
                     cli_target *target, cli_err *err);

/* Lists the devices; no platform or no device at all is an OpenCL error. */
int cli_device_list_all(cli_device_list *list, cli_err *err);

/* The requested device, or the default one when none was requested; an
 * index past the list is an OpenCL error. */
int cli_device_pick(const cli_device_request *req, cli_device *device,
                    cli_err *err);

#endif
