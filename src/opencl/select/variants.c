/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The tables behind variants.h, generated from variants.def: the
 * kernel names are string literals assembled by the preprocessor, so a
 * launch looks its name up instead of formatting it.
 */
#include "opencl/select/variants.h"

#define CS_PREAMBLE(file) extern const char cs_cl_##file[];
#define CS_PROGRAM(id, file) extern const char cs_cl_##file[];
#include "opencl/select/variants.def"
#undef CS_PROGRAM
#undef CS_PREAMBLE

static const char *const preamble[] = {
#define CS_PREAMBLE(file) cs_cl_##file,
#include "opencl/select/variants.def"
#undef CS_PREAMBLE
};

static const char *const program_sources[CS_PROGRAM_KINDS] = {
#define CS_PROGRAM(id, file) [CS_PROGRAM_##id] = cs_cl_##file,
#include "opencl/select/variants.def"
#undef CS_PROGRAM
};

typedef struct variant_row {
    cs_program_kind program;
    unsigned carriers;
    bool little_endian;
    cl_uint args;
    const char *plain;    /* the name of a variant without carriers */
    const char *names[5]; /* by carrier: 1, 2, 4, 8, 16 bytes */
} variant_row;

static const variant_row variants[CS_VARIANT_COUNT] = {
#define CS_VARIANT(id, prog, stem, c, le, n)                                   \
    [CS_VARIANT_##id] = {.program = CS_PROGRAM_##prog,                         \
                         .carriers = c,                                        \
                         .little_endian = le,                                  \
                         .args = n,                                            \
                         .plain = #stem,                                       \
                         .names = {#stem "_c1", #stem "_c2", #stem "_c4",      \
                                   #stem "_c8", #stem "_c16"}},
#include "opencl/select/variants.def"
#undef CS_VARIANT
};

cl_uint cs_program_sources(cs_program_kind kind, const char **sources)
{
    cl_uint n = 0;
    for (size_t i = 0; i < sizeof preamble / sizeof preamble[0]; i++)
        sources[n++] = preamble[i];
    sources[n++] = program_sources[kind];
    return n;
}

cs_program_kind cs_variant_program(cs_variant variant)
{
    return variants[variant].program;
}

unsigned cs_variant_carriers(cs_variant variant)
{
    return variants[variant].carriers;
}

bool cs_variant_little_endian_only(cs_variant variant)
{
    return variants[variant].little_endian;
}

cl_uint cs_variant_args(cs_variant variant)
{
    return (unsigned)variant < CS_VARIANT_COUNT ? variants[variant].args : 0;
}

static int carrier_index(size_t carrier)
{
    switch (carrier) {
    case 1: return 0;
    case 2: return 1;
    case 4: return 2;
    case 8: return 3;
    case 16: return 4;
    }
    return -1;
}

const char *cs_kernel_name(cs_variant variant, size_t carrier)
{
    if ((unsigned)variant >= CS_VARIANT_COUNT)
        return NULL;
    const variant_row *row = &variants[variant];
    if (row->carriers == 0)
        return row->plain;
    int k = carrier_index(carrier);
    if (k < 0 || !(row->carriers & (1u << k)))
        return NULL;
    return row->names[k];
}
