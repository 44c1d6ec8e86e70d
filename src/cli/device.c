/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Choosing the OpenCL device: the flat list over all platforms, the
 * default, and --device / CLSLICE_DEVICE. */
#include "device.h"

#include <stdlib.h>
#include <string.h>

#include "cl_fail.h"

/* A device index: decimal digits only, so "1e3", "-1" or " 2" are refused
 * rather than read as something else. */
static bool parse_index(const char *text, size_t *index)
{
    size_t value = 0;
    if (!*text || strlen(text) > 9)
        return false;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        value = value * 10 + (size_t)(*p - '0');
    }
    *index = value;
    return true;
}

int cli_device_request_parse(const char *option, cli_device_request *req,
                             cli_err *err)
{
    const char *env = getenv("CLSLICE_DEVICE");
    const char *text = option ? option : env && *env ? env : NULL;
    req->given = text != NULL;
    req->index = 0;
    req->source = option ? "--device" : "CLSLICE_DEVICE";
    if (text && !parse_index(text, &req->index))
        return cli_usage_error(err, "%s: '%.40s' is not a device index (a "
                               "number from 'clslice devices')", req->source,
                               text);
    return CLI_EXIT_OK;
}

int cli_target_parse(const char *host, const char *device,
                     cli_target *target, cli_err *err)
{
    target->host = host != NULL;
    if (target->host && device)
        return cli_usage_error(err, "--host and --device exclude each "
                               "other");
    if (target->host) /* CLSLICE_DEVICE does not matter then */
        return CLI_EXIT_OK;
    return cli_device_request_parse(device, &target->request, err);
}

/* Appends the devices of platform p to the list. */
static int add_platform_devices(cli_device_list *list, cl_uint p, cli_err *err)
{
    cl_device_id ids[CLI_MAX_DEVICES];
    cl_uint n = 0;
    cl_int rc = clGetDeviceIDs(list->platforms[p], CL_DEVICE_TYPE_ALL,
                               CLI_MAX_DEVICES, ids, &n);
    if (rc == CL_DEVICE_NOT_FOUND) /* a platform may have no device */
        return CLI_EXIT_OK;
    if (rc != CL_SUCCESS)
        return cli_cl_fail(err, "clGetDeviceIDs", rc);
    for (cl_uint i = 0; i < n && i < CLI_MAX_DEVICES; i++) {
        if (list->count == CLI_MAX_DEVICES)
            break;
        cli_device *d = &list->devices[list->count++];
        d->platform = list->platforms[p];
        d->id = ids[i];
        d->platform_index = p;
    }
    return CLI_EXIT_OK;
}

/* The first GPU, else 0. */
static size_t default_device(const cli_device_list *list)
{
    for (size_t i = 0; i < list->count; i++) {
        cl_device_type type = 0;
        if (clGetDeviceInfo(list->devices[i].id, CL_DEVICE_TYPE, sizeof type,
                            &type, NULL) == CL_SUCCESS &&
            (type & CL_DEVICE_TYPE_GPU))
            return i;
    }
    return 0;
}

int cli_device_list_all(cli_device_list *list, cli_err *err)
{
    memset(list, 0, sizeof *list);
    cl_int rc = clGetPlatformIDs(CLI_MAX_PLATFORMS, list->platforms,
                                 &list->platform_count);
    /* The ICD loader says "platform not found" when no driver is
     * installed; that is the no-platform case, not a failure. */
    if (rc != CL_SUCCESS && rc != -1001)
        return cli_cl_fail(err, "clGetPlatformIDs", rc);
    if (rc != CL_SUCCESS || list->platform_count == 0)
        return cli_fail(err, CLI_EXIT_OPENCL, "no OpenCL platform found "
                        "(install a driver such as PoCL, or use --host)");
    if (list->platform_count > CLI_MAX_PLATFORMS)
        list->platform_count = CLI_MAX_PLATFORMS;
    for (cl_uint p = 0; p < list->platform_count; p++) {
        int status = add_platform_devices(list, p, err);
        if (status != CLI_EXIT_OK)
            return status;
    }
    if (list->count == 0)
        return cli_fail(err, CLI_EXIT_OPENCL, "no OpenCL device found on %u "
                        "platform%s (or use --host)", list->platform_count,
                        list->platform_count == 1 ? "" : "s");
    list->default_index = default_device(list);
    return CLI_EXIT_OK;
}

int cli_device_pick(const cli_device_request *req, cli_device *device,
                    cli_err *err)
{
    cli_device_list list;
    int status = cli_device_list_all(&list, err);
    if (status != CLI_EXIT_OK)
        return status;
    size_t index = req->given ? req->index : list.default_index;
    if (index >= list.count)
        return cli_fail(err, CLI_EXIT_OPENCL, "%s%s%zu: no such device "
                        "(there %s %zu; see 'clslice devices')", req->source,
                        strcmp(req->source, "--device") == 0 ? " " : "=",
                        index, list.count == 1 ? "is" : "are", list.count);
    *device = list.devices[index];
    return CLI_EXIT_OK;
}
