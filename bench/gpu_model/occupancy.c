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
 * with -1 where a compiler does not say.  The model reads the rows of one
 * target (sm_90: ptxas for an H100).  A missing file, or a kernel the
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

static const char HEADER[] = "target\twidth\tprogram\tkernel\tregisters\t"
                             "private_bytes\tspill_bytes\tinstructions\t"
                             "arg_bytes";

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

/* One field of a tab-separated line (in place), or NULL. */
static char *field(char **cursor)
{
    char *start = *cursor;
    if (!start)
        return NULL;
    char *tab = strchr(start, '\t');
    if (tab) {
        *tab = '\0';
        *cursor = tab + 1;
    } else {
        start[strcspn(start, "\r\n")] = '\0';
        *cursor = NULL;
    }
    return start;
}

static void parse_row(const char *path, int line_no, char *line,
                      bench_gm_compiled *row, char *target, size_t size)
{
    char *cursor = line, *f[9];
    for (int i = 0; i < 9; i++)
        if (!(f[i] = field(&cursor)))
            bench_die("%s:%d: %d fields, not the 9 of the gate's baseline",
                      path, line_no, i);
    snprintf(target, size, "%s", f[0]);
    /* "32" or "i32" */
    row->width = atoi(f[1][0] == 'i' ? f[1] + 1 : f[1]);
    snprintf(row->kernel, sizeof row->kernel, "%s", f[3]);
    row->registers = atoi(f[4]);
    row->private_bytes = atol(f[5]);
    row->spill_bytes = atol(f[6]);
}

void bench_gm_compiled_load(const char *path, const char *target,
                            bench_gm_compiled_table *table)
{
    FILE *in = fopen(path, "r");
    if (!in)
        bench_die("cannot read the compiler figures %s (the GPU compiler "
                  "gate's baseline; --figures names another)", path);
    char line[FIGURE_LINE];
    if (!fgets(line, sizeof line, in) ||
        strncmp(line, HEADER, sizeof HEADER - 1) != 0)
        bench_die("%s: the first line is not the gate's header (%s)", path,
                  HEADER);
    memset(table, 0, sizeof *table);
    int line_no = 1, capacity = 0;
    while (fgets(line, sizeof line, in)) {
        line_no++;
        if (line[0] == '\n' || line[0] == '#')
            continue;
        bench_gm_compiled row;
        char row_target[32];
        parse_row(path, line_no, line, &row, row_target, sizeof row_target);
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
