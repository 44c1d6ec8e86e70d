/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The bounds the test suite holds the kernels to (bounds.txt, at the
 * test's sizes).  The plugin's counts are exact and repeat from run to
 * run, so a kernel change that makes a case touch more sectors, launch
 * more work-items or divide more shows as a count past its bound, with
 * no timing involved.  Instruction counts depend a little on LLVM's
 * choices, which a new Oclgrind or LLVM build may change, so they get a
 * twentieth of room.  Counts below their bound pass and are listed, so
 * that an improvement is recorded deliberately (--write-bounds).
 */
#include "gpu_model.h"

#include <string.h>

enum { FIELDS = 7, IR_ROOM_DIVISOR = 20 };

static const char *const FIELD_NAMES[FIELDS] = {
    "items", "ld_sectors", "st_sectors", "ld_unique", "st_unique",
    "divisions", "warp_ir"};

static const char *key_of(bench_gm_op op)
{
    static const char *const keys[] = {
        [BENCH_GM_GATHER] = "gather", [BENCH_GM_SCATTER] = "scatter",
        [BENCH_GM_FILL] = "fill", [BENCH_GM_GRAD] = "grad",
        [BENCH_GM_BATCH] = "batch", [BENCH_GM_DYNAMIC] = "dynamic",
        [BENCH_GM_DYNAMIC_SCATTER] = "dynamic-scatter",
        [BENCH_GM_CSR] = "csr", [BENCH_GM_COPY] = "copy"};
    return keys[op];
}

static void values_of(const bench_gm_counts *n, unsigned long long *v)
{
    v[0] = n->items;
    v[1] = n->ld.sectors;
    v[2] = n->st.sectors;
    v[3] = n->ld.unique;
    v[4] = n->st.unique;
    v[5] = n->lane_div;
    v[6] = n->warp_plain;
}

/* The bound line of (op, id), or false. */
static bool find(FILE *f, const bench_gm_case *c, unsigned long long *bound)
{
    char line[512], op[32], id[32];
    rewind(f);
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "%31s %31s %llu %llu %llu %llu %llu %llu %llu", op,
                   id, &bound[0], &bound[1], &bound[2], &bound[3], &bound[4],
                   &bound[5], &bound[6]) == 2 + FIELDS &&
            strcmp(op, key_of(c->op)) == 0 && strcmp(id, c->id) == 0)
            return true;
    }
    return false;
}

static int check_row(FILE *f, const bench_gm_row *r)
{
    unsigned long long bound[FIELDS], v[FIELDS];
    const char *op = key_of(r->c->op);
    if (!find(f, r->c, bound)) {
        printf("bounds: %s %s has no bound (record one with "
               "--write-bounds)\n", op, r->c->id);
        return 1;
    }
    values_of(&r->n, v);
    int bad = 0;
    for (int k = 0; k < FIELDS; k++) {
        unsigned long long most = bound[k];
        if (k == FIELDS - 1)
            most += bound[k] / IR_ROOM_DIVISOR;
        if (v[k] > most) {
            printf("bounds: %s %s: %s grew to %llu, past its bound %llu\n",
                   op, r->c->id, FIELD_NAMES[k], v[k], bound[k]);
            bad++;
        } else if (v[k] < bound[k] && k < FIELDS - 1) {
            printf("bounds: %s %s: %s fell to %llu from %llu (update the "
                   "bounds with --write-bounds)\n",
                   op, r->c->id, FIELD_NAMES[k], v[k], bound[k]);
        }
    }
    return bad;
}

int bench_gm_bounds_check(const char *path, const bench_gm_row *rows,
                          int count)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("bounds: cannot read %s\n", path);
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < count; i++)
        bad += check_row(f, &rows[i]);
    fclose(f);
    return bad;
}

void bench_gm_bounds_write(const char *path, const bench_gm_row *rows,
                           int count)
{
    FILE *f = fopen(path, "w");
    if (!f)
        bench_die("cannot write %s", path);
    fprintf(f, "# Bounds of clslice-gpu-model's counts at the test's sizes\n"
               "# (test_bench_gpu_model; docs/performance.md).  Written by\n"
               "# clslice-gpu-model --small --write-bounds: change them\n"
               "# only with the kernel change that moved them.\n"
               "# op case");
    for (int k = 0; k < FIELDS; k++)
        fprintf(f, " %s", FIELD_NAMES[k]);
    fputc('\n', f);
    for (int i = 0; i < count; i++) {
        unsigned long long v[FIELDS];
        values_of(&rows[i].n, v);
        fprintf(f, "%s %s", key_of(rows[i].c->op), rows[i].c->id);
        for (int k = 0; k < FIELDS; k++)
            fprintf(f, " %llu", v[k]);
        fputc('\n', f);
    }
    if (fclose(f) != 0)
        bench_die("cannot write %s", path);
}
