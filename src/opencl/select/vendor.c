/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Who made a device and what kind it is, from the facts the runtime asked
 * (runtime/device_facts.c): the keys the tuning table looks rows up by
 * (tuning.h).  Pure: tests check every rule with made-up facts.
 *
 * The vendor comes from CL_DEVICE_VENDOR_ID, which for GPUs is the PCI
 * vendor id (NVIDIA 0x10DE, AMD 0x1002, Intel 0x8086, ARM 0x13B5,
 * Qualcomm 0x5143, Imagination 0x1010, Apple 0x106B) and for
 * implementations without one a Khronos id (cl.h:
 * CL_KHRONOS_VENDOR_ID_CODEPLAY 0x10004, then Mesa 0x10005, PoCL 0x10006
 * in the Khronos registry).  Two exceptions are known: Apple's driver
 * reports 0x1027F00 for its own GPUs, and PoCL reports the host CPU's
 * vendor for its CPU device (0x8086 on an AMD EPYC, PoCL 3.1), so PoCL is
 * told by its version text first.  The driver, not the silicon, decides
 * how a kernel compiles, so PoCL is one vendor whatever it runs on.
 */
#include <string.h>

#include "opencl/select/facts.h"

typedef struct vendor_row {
    cl_uint id;
    cs_vendor vendor;
} vendor_row;

static const vendor_row VENDOR_IDS[] = {
    {0x10DE, CS_VENDOR_NVIDIA},      {0x1002, CS_VENDOR_AMD},
    {0x1022, CS_VENDOR_AMD},         {0x8086, CS_VENDOR_INTEL},
    {0x106B, CS_VENDOR_APPLE},       {0x1027F00, CS_VENDOR_APPLE},
    {0x13B5, CS_VENDOR_ARM},         {0x5143, CS_VENDOR_QUALCOMM},
    {0x1010, CS_VENDOR_IMAGINATION}, {0x10005, CS_VENDOR_MESA},
    {0x10006, CS_VENDOR_POCL},
};

/* PoCL writes "PoCL" into CL_DEVICE_VERSION ("OpenCL 3.0 PoCL HSTR:
 * ..."), older releases "pocl". */
static bool is_pocl(const char *version)
{
    return version &&
           (strstr(version, "PoCL") != NULL || strstr(version, "pocl") != NULL);
}

cs_vendor cs_vendor_of(cl_uint vendor_id, const char *version)
{
    if (is_pocl(version))
        return CS_VENDOR_POCL;
    for (size_t i = 0; i < sizeof VENDOR_IDS / sizeof VENDOR_IDS[0]; i++)
        if (VENDOR_IDS[i].id == vendor_id)
            return VENDOR_IDS[i].vendor;
    return CS_VENDOR_OTHER;
}

const char *cs_vendor_name(cs_vendor vendor)
{
    static const char *const names[CS_VENDOR_COUNT] = {
        [CS_VENDOR_OTHER] = "other",       [CS_VENDOR_NVIDIA] = "nvidia",
        [CS_VENDOR_AMD] = "amd",           [CS_VENDOR_INTEL] = "intel",
        [CS_VENDOR_APPLE] = "apple",       [CS_VENDOR_ARM] = "arm",
        [CS_VENDOR_QUALCOMM] = "qualcomm",
        [CS_VENDOR_IMAGINATION] = "imagination",
        [CS_VENDOR_POCL] = "pocl",         [CS_VENDOR_MESA] = "mesa"};
    return (unsigned)vendor < CS_VENDOR_COUNT ? names[vendor] : "other";
}

/* The same test as cs_rows_family's device side: a device that claims CPU
 * and more (Oclgrind claims all three) is not a CPU here either. */
cs_device_class cs_device_class_of(const cs_device_info *device)
{
    if (device->cpu)
        return CS_CLASS_CPU;
    if (device->type & CL_DEVICE_TYPE_GPU)
        return CS_CLASS_GPU;
    if (device->type & CL_DEVICE_TYPE_ACCELERATOR)
        return CS_CLASS_ACCELERATOR;
    return CS_CLASS_ANY;
}

bool cs_extension_listed(const char *list, const char *extension)
{
    size_t n = strlen(extension);
    if (!list || n == 0)
        return false;
    for (const char *p = list; (p = strstr(p, extension)) != NULL; p += n) {
        bool starts = p == list || p[-1] == ' ';
        bool ends = p[n] == '\0' || p[n] == ' ';
        if (starts && ends)
            return true;
    }
    return false;
}
