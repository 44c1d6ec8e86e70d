/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer select: the program families and kernels of cl/, as enums and
 * names generated from the one list in variants.def.
 */
#ifndef CLSLICE_OPENCL_SELECT_VARIANTS_H
#define CLSLICE_OPENCL_SELECT_VARIANTS_H

#include <stdbool.h>
#include <stddef.h>

#include "clslice_cl.h"

/* Carrier sizes as a mask: bit k for 1 << k bytes. */
enum {
    CS_C1 = 1 << 0,
    CS_C2 = 1 << 1,
    CS_C4 = 1 << 2,
    CS_C8 = 1 << 3,
    CS_C16 = 1 << 4,
    CS_C_SCALAR = CS_C1 | CS_C2 | CS_C4,
    CS_C_ALL = CS_C_SCALAR | CS_C8 | CS_C16
};

typedef enum cs_program_kind {
#define CS_PROGRAM(id, file) CS_PROGRAM_##id,
#include "opencl/select/variants.def"
#undef CS_PROGRAM
    CS_PROGRAM_KINDS
} cs_program_kind;

typedef enum cs_variant {
#define CS_VARIANT(id, program, stem, carriers, le, args) CS_VARIANT_##id,
#include "opencl/select/variants.def"
#undef CS_VARIANT
    CS_VARIANT_COUNT
} cs_variant;

/* The sources of a program family, in build order: the preamble, then
 * cl/<file>.cl (embedded at build time).  Fills sources (room for
 * CS_MAX_SOURCES) and returns their number. */
enum { CS_MAX_SOURCES = 4 };
cl_uint cs_program_sources(cs_program_kind kind, const char **sources);

/* The program a variant belongs to. */
cs_program_kind cs_variant_program(cs_variant variant);

/* The carrier sizes a variant exists for (CS_C* mask; 0: no carrier). */
unsigned cs_variant_carriers(cs_variant variant);

/* True when the variant exists only on little-endian devices. */
bool cs_variant_little_endian_only(cs_variant variant);

/* The number of arguments the variant's kernels take. */
cl_uint cs_variant_args(cs_variant variant);

/* The kernel name of (variant, carrier bytes); carrier is ignored by
 * variants without carriers.  NULL when the table has no such kernel. */
const char *cs_kernel_name(cs_variant variant, size_t carrier);

#endif
