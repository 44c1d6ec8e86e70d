/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Kernel names that carry the binary cache's key.  A file of the cache
 * must hold the program its key stands for, and the 32-bit and 64-bit
 * index forms of a family have the same kernels with the same argument
 * counts: only something the build put into the binary tells them apart.
 * So a program built for the cache calls every kernel by its name and
 * the key's suffix (cs_odo_c_c4_k0123456789abcdef), and the check of a
 * loaded file (program_check.c) asks for exactly those names.
 *
 * The names change without touching the family's sources, by the means
 * units use (units.c): a source in front defines each kernel's name as a
 * function-like macro, here one that expands to the suffixed name with
 * the same parameters.  This costs the driver nothing: an earlier design
 * added an empty kernel named after the key instead, and PoCL compiles a
 * work-group function for every kernel of a program it hands out, which
 * made that empty kernel about 25 ms of every file written.  The key is
 * computed over the family's sources and options (cache.c), then this
 * source, which follows from the key, is put in front.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/runtime/runtime.h"

void cs_key_suffix(uint64_t key, char suffix[CS_KERNEL_SUFFIX])
{
    snprintf(suffix, CS_KERNEL_SUFFIX, "_k%016" PRIx64, key);
}

/* A buffer the lines are appended to; at NULL only measures. */
typedef struct lines {
    char *at;
    size_t used, size;
    const char *suffix;
} lines;

static bool rename_line(const char *name, cl_uint args, void *ctx)
{
    (void)args;
    lines *l = ctx;
    int n = snprintf(l->at ? l->at + l->used : NULL,
                     l->at ? l->size - l->used : 0,
                     "#define %s(...) %s%s(__VA_ARGS__)\n", name, name,
                     l->suffix);
    l->used += n > 0 ? (size_t)n : 0;
    return false;
}

char *cs_key_names_source(const cs_program_want *want, const char *suffix)
{
    static const char head[] =
        "/* kernel names with the cache key (src/opencl/runtime/"
        "key_names.c) */\n";
    lines l = {NULL, sizeof head - 1, 0, suffix};
    cs_program_each_kernel(want, rename_line, &l);
    l.size = l.used + 1;
    l.at = malloc(l.size);
    if (!l.at)
        return NULL;
    memcpy(l.at, head, sizeof head);
    l.used = sizeof head - 1;
    cs_program_each_kernel(want, rename_line, &l);
    return l.at;
}
