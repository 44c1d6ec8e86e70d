/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer select: the tuning table.  How calls on a device run (the
 * members of cs_tuning, facts.h) is a small table of rows, each keyed by
 * a device class, a vendor and a device name, any of them left open
 * (0, NULL).  A device gets, member by member, the value of the most
 * specific row that matches it and sets that member:
 *
 *   default (no key) < class < vendor < vendor and class < name < ...
 *
 * (specificity: a name counts 4, a vendor 2, a class 1; rows of equal
 * specificity apply in table order, the later winning).  CLBlast's
 * tuning database is looked up in the same order (device type, vendor,
 * architecture, device name: CLBlast: src/database/database.cpp), but it
 * takes the whole parameter set of the most specific entry it finds;
 * here a row sets only the members it names, so a vendor row that
 * changes one group size leaves every other member to the rows below
 * it.  The default row sets every member, so every device gets a whole
 * tuning.
 *
 * Pure: the lookup is a function of the table and the device's facts,
 * and tests look rows up in tables of their own (test_select_tuning).
 */
#ifndef CLSLICE_OPENCL_SELECT_TUNING_H
#define CLSLICE_OPENCL_SELECT_TUNING_H

#include <stddef.h>

#include "opencl/select/facts.h"

/* The members of cs_tuning a row can set, as (ID, member). */
#define CS_TUNING_MEMBERS(X)                                                   \
    X(MAX_GROUPS, max_groups)                                                  \
    X(STYLE, style)                                                            \
    X(ROW_SPLIT, row_split)                                                    \
    X(SHORT_ROW_BYTES, short_row_bytes)                                        \
    X(RECT_MAX_BYTES, rect_max_bytes)                                          \
    X(RUN_KERNEL_BYTES, run_kernel_bytes)                                      \
    X(LOCAL_ROWS, local_rows)                                                  \
    X(LOCAL_GRID, local_grid)                                                  \
    X(LOCAL_GRID_FIXED, local_grid_fixed)                                      \
    X(LOCAL_BLOCKED, local_blocked)                                            \
    X(LOCAL_CSR, local_csr)                                                    \
    X(LOCAL_CSR_SCAN, local_csr_scan)                                          \
    X(LOCAL_NORMALISE, local_normalise)                                        \
    X(FAMILY, family)

enum cs_tuning_member {
#define CS_TUNING_INDEX(id, member) CS_TUNING_INDEX_##id,
    CS_TUNING_MEMBERS(CS_TUNING_INDEX)
#undef CS_TUNING_INDEX
    CS_TUNING_MEMBER_COUNT
};

/* The bit of one member in a row's `set`, and of all of them. */
#define CS_TUNE(id) (1u << CS_TUNING_INDEX_##id)
#define CS_TUNE_ALL ((1u << CS_TUNING_MEMBER_COUNT) - 1u)

/* Which devices a row is for; a key left 0 or NULL matches any. */
typedef struct cs_tuning_key {
    cs_device_class device_class;
    cs_vendor vendor;
    const char *name; /* CL_DEVICE_NAME exactly, as CLBlast keys names */
} cs_tuning_key;

typedef struct cs_tuning_row {
    cs_tuning_key key;
    unsigned set;     /* CS_TUNE bits: the members this row sets */
    cs_tuning values; /* read for the members in `set` only */
} cs_tuning_row;

typedef struct cs_tuning_table {
    const cs_tuning_row *rows;
    size_t count;
} cs_tuning_table;

/* The library's table (tuning_table.c). */
extern const cs_tuning_table cs_tuning_rows;

/* The tuning `table` gives a device with `device` facts.  Members no
 * matching row sets are 0 (the library's table sets every one in its
 * default row). */
void cs_tuning_lookup(const cs_tuning_table *table,
                      const cs_device_info *device, cs_tuning *tuning);

/* The tuning the library's table gives a device with `device` facts:
 * what the runtime keeps for each device it meets. */
cs_tuning cs_tuning_for(const cs_device_info *device);

/* The library table's default row alone: the tuning of a device that no
 * other row matches. */
cs_tuning cs_tuning_default(void);

#endif
