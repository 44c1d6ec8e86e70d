/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * What a built program must hold before the runtime hands it out when it
 * did not compile it itself (a binary from the cache folder): exactly the
 * kernels select/variants.def lists for its family, each taking the
 * number of arguments the table gives (which the job packers set: run/
 * job.c checks that at every launch), and the kernel that names the key
 * it was built for.
 *
 * The cache's header, length and hash catch damage; this catches a
 * well-formed file around the wrong program, which the driver loads
 * without complaint: another program's binary under a cache name (every
 * later kernel lookup would fail, in every process sharing the folder),
 * or the 64-bit index form of the right family under the 32-bit key (the
 * same kernels with another argument layout: the kernels would read
 * tables of 32-bit words as 64-bit ones, out of bounds).  Only the key
 * kernel tells those two forms apart, so every cached build defines it
 * (cl/common.cl, CS_CACHE_KEY).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/runtime/runtime.h"
#include "core/plan/common.h"

/* Whether kernel `name` of the variant is one `want` holds: the family's
 * on the device, or the unit's alone. */
static bool wanted(const cs_program_want *want, cs_variant variant,
                   const char *name)
{
    if (cs_variant_program(variant) != want->kind ||
        (cs_variant_little_endian_only(variant) && !want->little_endian))
        return false;
    return !want->unit || cs_unit_holds(want->kernel, variant, name);
}

/* Calls visit(name, args, ctx) for each kernel `want` holds; stops at a
 * true return, which it returns. */
static bool each_wanted(const cs_program_want *want,
                        bool (*visit)(const char *, cl_uint, void *),
                        void *ctx)
{
    static const size_t carriers[] = {1, 2, 4, 8, 16};
    for (int v = 0; v < CS_VARIANT_COUNT; v++) {
        cs_variant variant = (cs_variant)v;
        bool plain = cs_variant_carriers(variant) == 0;
        for (size_t c = 0; c < (plain ? 1 : sizeof carriers / sizeof *carriers);
             c++) {
            const char *n = cs_kernel_name(variant, carriers[c]);
            if (n && wanted(want, variant, n) &&
                visit(n, cs_variant_args(variant), ctx))
                return true;
        }
    }
    return false;
}

typedef struct lookup {
    const char *name;
    cl_uint args;
} lookup;

static bool is_name(const char *name, cl_uint args, void *ctx)
{
    lookup *l = ctx;
    if (strcmp(name, l->name) != 0)
        return false;
    l->args = args;
    return true;
}

/* variants.def's argument count for kernel `name` of the program, false
 * when the program has no such kernel. */
static bool listed(const cs_program_want *want, const char *name, cl_uint *args)
{
    lookup l = {name, 0};
    if (!each_wanted(want, is_name, &l))
        return false;
    *args = l.args;
    return true;
}

static bool count_one(const char *name, cl_uint args, void *ctx)
{
    (void)name;
    (void)args;
    ++*(cl_uint *)ctx;
    return false;
}

/* How many kernels the program defines on the device. */
static cl_uint listed_count(const cs_program_want *want)
{
    cl_uint n = 0;
    each_wanted(want, count_one, &n);
    return n;
}

/* Kernel k against the table: listed, with its count; or the key kernel,
 * with none. */
static clslice_status check_kernel(cl_kernel kernel,
                                   const cs_program_want *want,
                                   const char *key_kernel, bool *keyed,
                                   clslice_error *err)
{
    char name[128];
    cl_uint args, expect = 0;
    cl_int rc = clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, sizeof name,
                                name, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof args, &args,
                             NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetKernelInfo", rc);
    bool is_key = key_kernel && strcmp(name, key_kernel) == 0;
    if (!is_key && !listed(want, name, &expect))
        return cs_fail(err, CLSLICE_ERROR_BUILD,
                       "it defines kernel %s, which program %d lacks: "
                       "another program's binary",
                       name, (int)want->kind);
    if (args != expect)
        return cs_fail(err, CLSLICE_ERROR_BUILD,
                       "its kernel %s takes %u arguments where the "
                       "library passes %u",
                       name, (unsigned)args, (unsigned)expect);
    *keyed = *keyed || is_key;
    return CLSLICE_OK;
}

static clslice_status check_kernels(cl_kernel *kernels, cl_uint n,
                                    const cs_program_want *want,
                                    const char *key_kernel, clslice_error *err)
{
    bool keyed = false;
    clslice_status st = CLSLICE_OK;
    for (cl_uint i = 0; i < n && st == CLSLICE_OK; i++)
        st = check_kernel(kernels[i], want, key_kernel, &keyed, err);
    if (st == CLSLICE_OK && key_kernel && !keyed)
        return cs_fail(err, CLSLICE_ERROR_BUILD,
                       "it lacks kernel %s: it was built for another key "
                       "(another index width, device, driver or library "
                       "version)",
                       key_kernel);
    return st;
}

clslice_status cs_program_check(cl_program program, const cs_program_want *want,
                                const char *key_kernel, clslice_error *err)
{
    cl_uint expect = listed_count(want) + (key_kernel ? 1 : 0), n = 0;
    cl_int rc = clCreateKernelsInProgram(program, 0, NULL, &n);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateKernelsInProgram", rc);
    if (n != expect)
        return cs_fail(err, CLSLICE_ERROR_BUILD,
                       "it defines %u kernels where program %d has %u",
                       (unsigned)n, (int)want->kind, (unsigned)expect);
    cl_kernel *kernels = calloc(n ? n : 1, sizeof *kernels);
    if (!kernels)
        return cs_fail(err, CLSLICE_ERROR_MEMORY,
                       "out of memory checking a program's %u kernels",
                       (unsigned)n);
    rc = clCreateKernelsInProgram(program, n, kernels, NULL);
    clslice_status st = rc == CL_SUCCESS
                            ? check_kernels(kernels, n, want, key_kernel, err)
                            : cs_cl_fail(err, "clCreateKernelsInProgram", rc);
    for (cl_uint i = 0; i < n && rc == CL_SUCCESS; i++)
        clReleaseKernel(kernels[i]);
    free(kernels);
    return st;
}
