/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Writes every program exactly as the library hands it to OpenCL on a
 * GPU, for the offline compiler gate (scripts/gpu_gate.sh): the sources
 * come from cs_program_sources and the options from cs_build_options,
 * the two functions the runtime builds with, so a new program, a new
 * header put in front of one, or a new option reaches the gate with no
 * second list to keep.
 *
 *   cs_gpu_gate_dump OUTDIR
 *
 * writes into OUTDIR (which must exist):
 *   <file>.cl      the program's sources, concatenated as
 *                  clCreateProgramWithSource joins them
 *   programs.tsv   <file> TAB <index bits> TAB <clBuildProgram options>,
 *                  both index widths of every program
 *   kernels.tsv    <file> TAB <kernel>: every kernel select/variants.def
 *                  names for a little-endian device
 * Exit 0 when every file was written, 1 otherwise (with a message).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "opencl/runtime/runtime.h"

/* cl/<file>.cl of each program, by kind. */
static const char *const program_files[CS_PROGRAM_KINDS] = {
#define CS_PROGRAM(id, file) [CS_PROGRAM_##id] = #file,
#include "opencl/select/variants.def"
#undef CS_PROGRAM
};

static FILE *open_out(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f)
        fprintf(stderr, "cs_gpu_gate_dump: cannot write %s: %s\n", path,
                strerror(errno));
    return f;
}

/* Closes f; false (with a message) when a write to it failed. */
static bool close_out(FILE *f, const char *name)
{
    bool ok = !ferror(f);
    if (fclose(f) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, "cs_gpu_gate_dump: writing %s failed\n", name);
    return ok;
}

static bool write_source(const char *dir, cs_program_kind kind)
{
    char name[256];
    snprintf(name, sizeof name, "%s.cl", program_files[kind]);
    FILE *f = open_out(dir, name);
    if (!f)
        return false;
    const char *sources[CS_MAX_SOURCES];
    cl_uint count = cs_program_sources(kind, sources);
    for (cl_uint i = 0; i < count; i++)
        fputs(sources[i], f);
    return close_out(f, name);
}

static bool write_programs(const char *dir)
{
    FILE *f = open_out(dir, "programs.tsv");
    if (!f)
        return false;
    /* A GPU: the gate's targets are all little-endian. */
    cs_device_info gpu = {.cpu = false, .little_endian = true};
    for (int kind = 0; kind < CS_PROGRAM_KINDS; kind++) {
        for (int bits = 32; bits <= 64; bits += 32) {
            char options[512];
            cs_build_options((cs_program_kind)kind, bits, &gpu, options,
                             sizeof options);
            fprintf(f, "%s\t%d\t%s\n", program_files[kind], bits, options);
        }
    }
    return close_out(f, "programs.tsv");
}

static bool write_kernels(const char *dir)
{
    static const size_t carriers[] = {1, 2, 4, 8, 16};
    FILE *f = open_out(dir, "kernels.tsv");
    if (!f)
        return false;
    for (int v = 0; v < CS_VARIANT_COUNT; v++) {
        const char *file = program_files[cs_variant_program((cs_variant)v)];
        if (cs_variant_carriers((cs_variant)v) == 0) {
            fprintf(f, "%s\t%s\n", file, cs_kernel_name((cs_variant)v, 0));
            continue;
        }
        for (size_t c = 0; c < sizeof carriers / sizeof carriers[0]; c++) {
            const char *kernel = cs_kernel_name((cs_variant)v, carriers[c]);
            if (kernel)
                fprintf(f, "%s\t%s\n", file, kernel);
        }
    }
    return close_out(f, "kernels.tsv");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: cs_gpu_gate_dump OUTDIR\n");
        return 2;
    }
    bool ok = write_programs(argv[1]) && write_kernels(argv[1]);
    for (int kind = 0; ok && kind < CS_PROGRAM_KINDS; kind++)
        ok = write_source(argv[1], (cs_program_kind)kind);
    return ok ? 0 : 1;
}
