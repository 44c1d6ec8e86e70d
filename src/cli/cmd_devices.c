/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* clslice devices: the OpenCL platforms and devices, with the flat indices
 * that --device and CLSLICE_DEVICE take. */
#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "cl_fail.h"
#include "commands.h"
#include "device.h"
#include "diag.h"

static const cli_optdef devices_options[] = {{NULL, false}};

/* Prints an OpenCL info string: control characters become '?', and the
 * spaces some drivers pad with are dropped at the end. */
static void print_text(const char *text, size_t len)
{
    while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\0'))
        len--;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        putchar(c < 0x20 || c == 0x7f ? '?' : c);
    }
}

/* Queries a platform (device NULL) or device info string and prints it. */
static int print_info(cl_platform_id platform, cl_device_id device,
                      cl_uint param, cli_err *err)
{
    size_t size = 0;
    cl_int rc = device ? clGetDeviceInfo(device, param, 0, NULL, &size)
                       : clGetPlatformInfo(platform, param, 0, NULL, &size);
    char *text = rc == CL_SUCCESS ? malloc(size + 1) : NULL;
    if (rc == CL_SUCCESS && !text)
        return cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
    if (rc == CL_SUCCESS)
        rc = device ? clGetDeviceInfo(device, param, size, text, NULL)
                    : clGetPlatformInfo(platform, param, size, text, NULL);
    if (rc == CL_SUCCESS)
        print_text(text, size);
    free(text);
    return rc == CL_SUCCESS ? CLI_EXIT_OK
                            : cli_cl_fail(err, device ? "clGetDeviceInfo"
                                                      : "clGetPlatformInfo",
                                          rc);
}

static const char *type_name(cl_device_type type)
{
    if (type & CL_DEVICE_TYPE_GPU)
        return "GPU";
    if (type & CL_DEVICE_TYPE_CPU)
        return "CPU";
    if (type & CL_DEVICE_TYPE_ACCELERATOR)
        return "accelerator";
    return "other";
}

/* "  device 0: CPU, NAME, VERSION, 15.5 GiB global memory (default)" */
static int print_device(const cli_device_list *list, size_t i, cli_err *err)
{
    cl_device_id id = list->devices[i].id;
    cl_device_type type = 0;
    cl_ulong memory = 0;
    cl_int rc = clGetDeviceInfo(id, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetDeviceInfo(id, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof memory,
                             &memory, NULL);
    if (rc != CL_SUCCESS)
        return cli_cl_fail(err, "clGetDeviceInfo", rc);
    printf("  device %zu: %s, ", i, type_name(type));
    int status = print_info(NULL, id, CL_DEVICE_NAME, err);
    if (status == CLI_EXIT_OK) {
        printf(", ");
        status = print_info(NULL, id, CL_DEVICE_VERSION, err);
    }
    if (status == CLI_EXIT_OK)
        printf(", %.1f GiB global memory%s\n",
               (double)memory / (1024.0 * 1024.0 * 1024.0),
               i == list->default_index ? " (default)" : "");
    return status;
}

/* "platform 0: NAME, VERSION", then its devices. */
static int print_platform(const cli_device_list *list, cl_uint p,
                          cli_err *err)
{
    printf("platform %u: ", p);
    int status = print_info(list->platforms[p], NULL, CL_PLATFORM_NAME, err);
    if (status == CLI_EXIT_OK) {
        printf(", ");
        status = print_info(list->platforms[p], NULL, CL_PLATFORM_VERSION,
                            err);
    }
    printf("\n");
    for (size_t i = 0; status == CLI_EXIT_OK && i < list->count; i++) {
        if (list->devices[i].platform_index == p)
            status = print_device(list, i, err);
    }
    return status;
}

static int devices_main(char **files, const cli_opts *opts, cli_err *err)
{
    (void)files; /* no files, and no options but --help */
    (void)opts;
    cli_device_list list;
    int status = cli_device_list_all(&list, err);
    for (cl_uint p = 0; status == CLI_EXIT_OK && p < list.platform_count; p++)
        status = print_platform(&list, p, err);
    if (status != CLI_EXIT_OK)
        return status;
    printf("The default is device %zu (the first GPU, else the first "
           "device); --device N or CLSLICE_DEVICE=N picks another.\n",
           list.default_index);
    return cli_finish_output(err);
}

static int run_devices(const cli_command *self, int argc, char **argv)
{
    const cli_optdef *const tables[] = {devices_options, NULL};
    return cli_run_command(self, argc, argv, 0, NULL, tables, devices_main);
}

const cli_command cli_cmd_devices = {
    .name = "devices",
    .summary = "list the OpenCL platforms and devices with their indices",
    .usage = "devices",
    .description =
        "\n"
        "Lists every OpenCL platform and its devices: the device index that\n"
        "'clslice slice --device N' and CLSLICE_DEVICE=N take (one count\n"
        "over all platforms), the type, name, OpenCL version and global\n"
        "memory, and which device is the default.  With no OpenCL platform\n"
        "or device it fails with exit status 4.\n",
    .examples =
        "  $ clslice devices\n"
        "  platform 0: Portable Computing Language, OpenCL 3.0 PoCL 3.1 ...\n"
        "    device 0: CPU, pthread-haswell-Intel(R) Xeon(R) CPU, OpenCL "
        "3.0 PoCL ..., 15.5 GiB global memory (default)\n"
        "  The default is device 0 (the first GPU, else the first device); "
        "--device N or CLSLICE_DEVICE=N picks another.\n",
    .takes_spec = false,
    .run = run_devices,
};
