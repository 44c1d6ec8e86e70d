/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * What a built program must hold before the runtime hands it out when it
 * did not compile it itself (a binary from the cache folder): exactly the
 * kernels select/variants.def lists for its family, each taking the
 * number of arguments the table gives (which the job packers set: run/
 * job.c checks that at every launch), each named with the suffix of the
 * key it was built for (key_names.c).
 *
 * The cache's header, length and hash catch damage; this catches a
 * well-formed file around the wrong program, which the driver loads
 * without complaint: another program's binary under a cache name (every
 * later kernel lookup would fail, in every process sharing the folder),
 * or the 64-bit index form of the right family under the 32-bit key (the
 * same kernels with another argument layout: the kernels would read
 * tables of 32-bit words as 64-bit ones, out of bounds).  Only the key in
 * the kernels' names tells those two forms apart.
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

bool cs_program_each_kernel(const cs_program_want *want,
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
    if (!cs_program_each_kernel(want, is_name, &l))
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
    cs_program_each_kernel(want, count_one, &n);
    return n;
}

/* Kernel k against the table: a listed name followed by the suffix, with
 * the listed count. */
static clslice_status check_kernel(cl_kernel kernel,
                                   const cs_program_want *want,
                                   const char *suffix, clslice_error *err)
{
    char name[128 + CS_KERNEL_SUFFIX];
    cl_uint args, expect = 0;
    cl_int rc = clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, sizeof name,
                                name, NULL);
    if (rc == CL_SUCCESS)
        rc = clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof args, &args,
                             NULL);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clGetKernelInfo", rc);
    size_t length = strlen(name), tail = strlen(suffix);
    bool keyed = length >= tail && strcmp(name + length - tail, suffix) == 0;
    char base[sizeof name];
    snprintf(base, sizeof base, "%.*s", keyed ? (int)(length - tail) : 0,
             name);
    if (!keyed || !listed(want, base, &expect))
        return cs_fail(err, CLSLICE_ERROR_BUILD,
                       "it defines kernel %s, which program %d%s%s lacks: "
                       "another program's binary, or one built for "
                       "another key (another index width, device, driver "
                       "or library version)",
                       name, (int)want->kind, *suffix ? " of key " : "",
                       *suffix ? suffix + 2 : "");
    if (args != expect)
        return cs_fail(err, CLSLICE_ERROR_BUILD,
                       "its kernel %s takes %u arguments where the "
                       "library passes %u",
                       base, (unsigned)args, (unsigned)expect);
    return CLSLICE_OK;
}

static clslice_status check_kernels(cl_kernel *kernels, cl_uint n,
                                    const cs_program_want *want,
                                    const char *suffix, clslice_error *err)
{
    clslice_status st = CLSLICE_OK;
    for (cl_uint i = 0; i < n && st == CLSLICE_OK; i++)
        st = check_kernel(kernels[i], want, suffix, err);
    return st;
}

clslice_status cs_program_check(cl_program program, const cs_program_want *want,
                                const char *suffix, clslice_error *err)
{
    cl_uint expect = listed_count(want), n = 0;
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
                            ? check_kernels(kernels, n, want, suffix, err)
                            : cs_cl_fail(err, "clCreateKernelsInProgram", rc);
    for (cl_uint i = 0; i < n && rc == CL_SUCCESS; i++)
        clReleaseKernel(kernels[i]);
    free(kernels);
    return st;
}
