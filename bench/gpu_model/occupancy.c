/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * What the real compiler says about each kernel, and the occupancy that
 * follows from it.
 *
 * The figures file is the GPU compiler gate's baseline
 * (tests/gpu_gate/baseline.tsv, scripts/gpu_gate.sh writes it): one
 * header line, then tab-separated rows
 *
 *   target width program kernel registers private_bytes spill_bytes
 *   instructions arg_bytes
 *
 * with -1 where a compiler does not say (blank lines and # comments
 * skipped; the columns are found by their names in the header).  The
 * model reads the rows of one target (sm_90: ptxas for an H100).  A missing file, or a kernel the
 * model runs that has no row, is an error that names them: a model that
 * quietly assumed a register count would report an occupancy nobody
 * computed.
 *
 * Occupancy follows NVIDIA's rules for compute capability 9.0 (the CUDA
 * Occupancy Calculator's, CUDA C++ Programming Guide, "Compute
 * Capabilities", table of technical specifications): 65,536 32-bit
 * registers per SM in 4 sub-partitions of 16,384; a warp's registers are
 * its threads' rounded up to 256; at most 64 warps, 2,048 threads and 32
 * work-groups per SM, 1,024 work-items per group; a group is resident
 * whole or not at all.
 */
#include "gpu_model.h"

#include <stdlib.h>
#include <string.h>

enum {
    SM_REGISTERS = 65536,
    SM_PARTITIONS = 4,
    REGISTER_UNIT = 256, /* per warp */
    MAX_THREAD_REGISTERS = 255,
    SM_WARPS = 64,
    SM_GROUPS = 32,
    MAX_GROUP_ITEMS = 1024,
    WARP_LANES = 32,
    FIGURE_LINE = 1024
};

/* The columns the model reads, found by name in the header line. */
enum { COL_TARGET, COL_WIDTH, COL_KERNEL, COL_REGISTERS, COL_PRIVATE,
       COL_SPILL, COLUMNS, MAX_FIELDS = 32 };
static const char *const COLUMN_NAMES[COLUMNS] = {
    "target", "width", "kernel", "registers", "private_bytes",
    "spill_bytes"};

int bench_gm_warps_per_sm(int registers, size_t group_items)
{
    if (group_items == 0 || group_items > MAX_GROUP_ITEMS ||
        registers <= 0 || registers > MAX_THREAD_REGISTERS)
        return 0;
    int group_warps = (int)((group_items + WARP_LANES - 1) / WARP_LANES);
    int warp_registers = (registers * WARP_LANES + REGISTER_UNIT - 1) /
                         REGISTER_UNIT * REGISTER_UNIT;
    int by_registers = SM_REGISTERS / SM_PARTITIONS / warp_registers *
                       SM_PARTITIONS / group_warps;
    int by_warps = SM_WARPS / group_warps;
    int groups = by_registers < by_warps ? by_registers : by_warps;
    if (groups > SM_GROUPS)
        groups = SM_GROUPS;
    return groups * group_warps;
}

/* Splits a tab-separated line in place; returns the number of fields. */
static int split(char *line, char **fields)
{
    line[strcspn(line, "\r\n")] = '\0';
    int count = 0;
    for (char *p = line; count < MAX_FIELDS;) {
        fields[count++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return count;
}

/* Where each column the model reads is, from the header line. */
static void find_columns(const char *path, char *header, int *column)
{
    char *names[MAX_FIELDS];
    int count = split(header, names);
    for (int c = 0; c < COLUMNS; c++) {
        column[c] = -1;
        for (int i = 0; i < count; i++)
            if (strcmp(names[i], COLUMN_NAMES[c]) == 0)
                column[c] = i;
        if (column[c] < 0)
            bench_die("%s: the header has no %s column (the gate's "
                      "baseline format: target width program kernel "
                      "registers private_bytes spill_bytes instructions "
                      "arg_bytes)", path, COLUMN_NAMES[c]);
    }
}

static void parse_row(const char *path, int line_no, char *line,
                      const int *column, bench_gm_compiled *row,
                      const char **target)
{
    char *f[MAX_FIELDS];
    int count = split(line, f);
    for (int c = 0; c < COLUMNS; c++)
        if (column[c] >= count)
            bench_die("%s:%d: %d fields, no %s", path, line_no, count,
                      COLUMN_NAMES[c]);
    *target = f[column[COL_TARGET]];
    const char *width = f[column[COL_WIDTH]];
    row->width = atoi(width[0] == 'i' ? width + 1 : width); /* 32, i32 */
    if (row->width != 32 && row->width != 64)
        bench_die("%s:%d: width %s is not 32 or 64", path, line_no, width);
    snprintf(row->kernel, sizeof row->kernel, "%s", f[column[COL_KERNEL]]);
    row->registers = atoi(f[column[COL_REGISTERS]]);
    row->private_bytes = atol(f[column[COL_PRIVATE]]);
    row->spill_bytes = atol(f[column[COL_SPILL]]);
}

/* The next line that is not blank or a # comment, or false at the end. */
static bool next_line(FILE *in, char *line, size_t size, int *line_no)
{
    while (fgets(line, (int)size, in)) {
        ++*line_no;
        if (line[0] != '\n' && line[0] != '#')
            return true;
    }
    return false;
}

void bench_gm_compiled_load(const char *path, const char *target,
                            bench_gm_compiled_table *table)
{
    FILE *in = fopen(path, "r");
    if (!in)
        bench_die("cannot read the compiler figures %s (the GPU compiler "
                  "gate's baseline; --figures names another)", path);
    char line[FIGURE_LINE];
    int line_no = 0, column[COLUMNS], capacity = 0;
    if (!next_line(in, line, sizeof line, &line_no))
        bench_die("%s is empty: no header line", path);
    find_columns(path, line, column);
    memset(table, 0, sizeof *table);
    while (next_line(in, line, sizeof line, &line_no)) {
        bench_gm_compiled row;
        const char *row_target;
        parse_row(path, line_no, line, column, &row, &row_target);
        if (strcmp(row_target, target) != 0)
            continue;
        if (table->count == capacity) {
            capacity = capacity ? 2 * capacity : 256;
            table->rows = realloc(table->rows,
                                  (size_t)capacity * sizeof *table->rows);
            if (!table->rows)
                bench_die("out of memory");
        }
        table->rows[table->count++] = row;
    }
    fclose(in);
    if (table->count == 0)
        bench_die("%s has no %s row", path, target);
    snprintf(table->path, sizeof table->path, "%s", path);
    snprintf(table->target, sizeof table->target, "%s", target);
}

void bench_gm_compiled_free(bench_gm_compiled_table *table)
{
    free(table->rows);
    table->rows = NULL;
    table->count = 0;
}

const bench_gm_compiled *bench_gm_compiled_find(
    const bench_gm_compiled_table *table, const char *kernel, int width)
{
    for (int i = 0; i < table->count; i++)
        if (table->rows[i].width == width &&
            strcmp(table->rows[i].kernel, kernel) == 0)
            return &table->rows[i];
    bench_die("%s has no %s row for %s with %d-bit indices: the model "
              "takes its registers from the compiler, so regenerate the "
              "figures (scripts/gpu_gate.sh) or name others with --figures",
              table->path, table->target, kernel, width);
    return NULL;
}
