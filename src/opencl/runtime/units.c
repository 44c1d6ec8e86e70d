/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Units: programs of one kernel.  A family's source defines all its
 * kernels (rows: 94), and a driver pays per kernel it is asked to
 * compile: PoCL spends about 6 ms of front end per kernel on every build
 * and, asked for a binary, compiles each kernel's work-group function
 * (about 80 ms of CPU a kernel), which made a binary cache file of the
 * rows family cost 8 s of CPU to write.  So a call builds only the unit
 * of the kernel it launches, and the binary cache keeps units.
 *
 * A unit is built from the family's own sources, untouched, with one
 * more source in front: for every other kernel of the family a
 * function-like macro of its name.  Each .cl file defines a kernel as
 * `kernel void NAME(ARGS) { BODY }`, NAME pasted from a stem and a
 * carrier, and a pasted name is macro-expanded like any other, so
 *
 *   #define NAME(...) cs_unit_skipped(void); static void cs_skip_NAME(...)
 *
 * turns that definition into a declaration of one bodiless kernel
 * prototype (declared again and again, never defined, so never a kernel
 * of the program) and a static function nothing calls, which the
 * compiler drops before code generation.  The kernel the unit keeps is
 * compiled from exactly the text the family program compiles
 * (tests/device/test_device_select.c checks every unit's kernels), so
 * the offline compiler gate, which compiles the families, covers units.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl/runtime/runtime.h"

static const size_t carriers[] = {1, 2, 4, 8, 16};
enum { CARRIERS = sizeof carriers / sizeof carriers[0] };

/* The name of carrier c of a variant (c ignored without carriers); NULL
 * when the variant has no such carrier. */
static const char *name_of(cs_variant v, size_t c)
{
    return cs_kernel_name(v, carriers[c]);
}

bool cs_unit_of(cs_program_kind kind, const char *name, const char **unit)
{
    for (int v = 0; v < CS_VARIANT_COUNT; v++) {
        cs_variant variant = (cs_variant)v;
        if (cs_variant_program(variant) != kind)
            continue;
        bool plain = cs_variant_carriers(variant) == 0;
        for (size_t c = 0; c < (plain ? 1 : CARRIERS); c++) {
            const char *n = name_of(variant, c);
            if (n && strcmp(n, name) == 0) {
                *unit = plain ? NULL : n;
                return true;
            }
        }
    }
    return false;
}

bool cs_unit_holds(const char *unit, cs_variant variant, const char *name)
{
    if (!unit)
        return cs_variant_carriers(variant) == 0;
    return strcmp(unit, name) == 0;
}

/* Appends the line that drops kernel `name` at `at` when `room` holds it
 * and its terminating zero (at NULL: only measures); its length. */
static size_t skip_line(char *at, size_t room, const char *name)
{
    static const char a[] = "#define ",
                      b[] = "(...) cs_unit_skipped(void); static void "
                            "cs_skip_",
                      c[] = "(__VA_ARGS__)\n";
    size_t n = strlen(name);
    size_t length = (sizeof a - 1) + n + (sizeof b - 1) + n + (sizeof c - 1);
    if (at && room > length)
        snprintf(at, room, "%s%s%s%s%s", a, name, b, name, c);
    return length;
}

/* Writes the unit's source into buf (size 0: only measures); its
 * length. */
static size_t write_source(cs_program_kind kind, const char *unit, char *buf,
                           size_t size)
{
    static const char head[] =
        "/* one unit of the program (src/opencl/runtime/units.c) */\n"
        "kernel void cs_unit_skipped(void);\n";
    size_t used = sizeof head - 1;
    if (buf && size > used)
        memcpy(buf, head, sizeof head);
    for (int v = 0; v < CS_VARIANT_COUNT; v++) {
        cs_variant variant = (cs_variant)v;
        if (cs_variant_program(variant) != kind)
            continue;
        bool plain = cs_variant_carriers(variant) == 0;
        for (size_t c = 0; c < (plain ? 1 : CARRIERS); c++) {
            const char *n = name_of(variant, c);
            if (n && !cs_unit_holds(unit, variant, n))
                used += skip_line(buf ? buf + used : NULL,
                                  size > used ? size - used : 0, n);
        }
    }
    return used;
}

char *cs_unit_source(cs_program_kind kind, const char *unit)
{
    size_t size = write_source(kind, unit, NULL, 0) + 1;
    char *buf = malloc(size);
    if (buf)
        write_source(kind, unit, buf, size);
    return buf;
}

bool cs_unit_options(cs_program_kind kind, int index_bits,
                     const cs_device_info *device, const char *unit,
                     char *options, size_t size)
{
    cs_build_options(kind, index_bits, device, options, size);
    size_t used = strlen(options);
    int n = snprintf(options + used, size - used, " -DCS_UNIT=%s",
                     unit ? unit : "plain");
    return n > 0 && (size_t)n < size - used;
}
