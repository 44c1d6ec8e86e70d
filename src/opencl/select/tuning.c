/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The lookup of the tuning table (tuning.h), and the one test of which
 * kernel family a device gets.  Tests move the runtime's tuning to reach
 * every path with small tensors (testing/testing.h); production never
 * does.
 */
#include <string.h>

#include "opencl/select/tuning.h"

enum { MOST_SPECIFIC = 7 }; /* a name, a vendor and a class */

static int specificity(const cs_tuning_key *key)
{
    return (key->name ? 4 : 0) + (key->vendor ? 2 : 0) +
           (key->device_class ? 1 : 0);
}

static bool matches(const cs_tuning_key *key, const cs_device_info *device)
{
    return (!key->device_class ||
            key->device_class == cs_device_class_of(device)) &&
           (!key->vendor || key->vendor == device->vendor) &&
           (!key->name || strcmp(key->name, device->name) == 0);
}

static void apply(const cs_tuning_row *row, cs_tuning *tuning)
{
#define CS_TUNING_APPLY(id, member)                                            \
    if (row->set & CS_TUNE(id))                                                \
        tuning->member = row->values.member;
    CS_TUNING_MEMBERS(CS_TUNING_APPLY)
#undef CS_TUNING_APPLY
}

void cs_tuning_lookup(const cs_tuning_table *table,
                      const cs_device_info *device, cs_tuning *tuning)
{
    *tuning = (cs_tuning){0};
    for (int level = 0; level <= MOST_SPECIFIC; level++)
        for (size_t i = 0; i < table->count; i++) {
            const cs_tuning_row *row = &table->rows[i];
            if (specificity(&row->key) == level &&
                matches(&row->key, device))
                apply(row, tuning);
        }
}

cs_tuning cs_tuning_for(const cs_device_info *device)
{
    cs_tuning tuning;
    cs_tuning_lookup(&cs_tuning_rows, device, &tuning);
    return tuning;
}

/* A device that matches no keyed row: no class, no vendor, no name. */
cs_tuning cs_tuning_default(void)
{
    return cs_tuning_for(&(cs_device_info){.name = ""});
}

/* A device that reports CPU and GPU or accelerator too (Oclgrind reports
 * all three) gets the grid, the family meant for any device. */
bool cs_rows_family(const cs_device_info *device, const cs_tuning *tuning)
{
    return tuning->style == CS_STYLE_ROWS ||
           (tuning->style == CS_STYLE_AUTO && device->cpu);
}
