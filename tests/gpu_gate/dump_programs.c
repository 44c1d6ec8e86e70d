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
 *   fused.cl       examples/fused/slice_relu.cl, a caller's kernel that
 *                  includes the public clslice_device.h (copied beside
 *                  it and found through -I OUTDIR, as an engine would
 *                  find it through -I its install folder): the device
 *                  header is compiled by every GPU compiler too
 * Exit 0 when every file was written, 1 otherwise (with a message).
 */
#define _XOPEN_SOURCE 700 /* realpath, PATH_MAX */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The fused example's kernels (examples/fused/slice_relu.cl). */
static const char *const fused_kernels[] = {"slice_relu", "slice_relu32",
                                            "slice_relu_rows",
                                            "slice_relu_3d"};

/* Copies the file at `from` to OUTDIR/name. */
static bool copy_file(const char *from, const char *dir, const char *name)
{
    FILE *in = fopen(from, "rb");
    if (!in) {
        fprintf(stderr, "cs_gpu_gate_dump: cannot read %s: %s\n", from,
                strerror(errno));
        return false;
    }
    FILE *out = open_out(dir, name);
    char block[4096];
    size_t n;
    while (out && (n = fread(block, 1, sizeof block, in)) > 0)
        fwrite(block, 1, n, out);
    bool ok = !ferror(in);
    fclose(in);
    return out && close_out(out, name) && ok;
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
    /* The fused example, the same source in both widths (the gate
     * compiles every program twice), finding the header in `dir`. */
    char where[PATH_MAX];
    bool found = realpath(dir, where) != NULL;
    if (!found)
        fprintf(stderr, "cs_gpu_gate_dump: %s: %s\n", dir, strerror(errno));
    for (int bits = 32; found && bits <= 64; bits += 32)
        fprintf(f, "fused\t%d\t-I %s\n", bits, where);
    return close_out(f, "programs.tsv") && found;
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
    for (size_t k = 0; k < sizeof fused_kernels / sizeof fused_kernels[0];
         k++)
        fprintf(f, "fused\t%s\n", fused_kernels[k]);
    return close_out(f, "kernels.tsv");
}

/* fused.cl and the header it includes. */
static bool write_fused(const char *dir)
{
    return copy_file(CS_GATE_FUSED_KERNEL, dir, "fused.cl") &&
           copy_file(CS_GATE_DEVICE_HEADER, dir, "clslice_device.h");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: cs_gpu_gate_dump OUTDIR\n");
        return 2;
    }
    bool ok = write_programs(argv[1]) && write_kernels(argv[1]) &&
              write_fused(argv[1]);
    for (int kind = 0; ok && kind < CS_PROGRAM_KINDS; kind++)
        ok = write_source(argv[1], (cs_program_kind)kind);
    return ok ? 0 : 1;
}
