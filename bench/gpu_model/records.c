/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The warp plugin's records: one line per kernel launch, `launch` and
 * then `key=value` words (warp_plugin.cpp writes them), appended to the
 * file the program names in CLSLICE_GPU_MODEL_OUT.  A case's counts are
 * the sums over the launches its call made.
 */
#include "gpu_model.h"

#include <stdlib.h>
#include <string.h>

enum { LINE_MAX_BYTES = 4096 };

/* The word `key` of a record as an integer; dies when it is missing, so
 * that a plugin of another version cannot pass for zeros. */
static uint64_t word(const char *line, const char *key)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, " %s=", key);
    const char *at = strstr(line, pattern);
    if (!at)
        bench_die("the warp plugin's record has no %s: %.80s", key, line);
    return strtoull(at + strlen(pattern), NULL, 10);
}

static void triple(const char *line, const char *key, size_t *v)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, " %s=", key);
    const char *at = strstr(line, pattern);
    if (!at || sscanf(at + strlen(pattern), "%zu,%zu,%zu", &v[0], &v[1],
                      &v[2]) != 3)
        bench_die("the warp plugin's record has no %s: %.80s", key, line);
}

static void add_side(const char *line, const char *p, bench_gm_side *s)
{
    static const char *const keys[] = {"requests", "uniform", "lanes",
                                       "used", "sectors", "min_sectors",
                                       "unique", "partial", "widest"};
    uint64_t *fields[] = {&s->requests, &s->uniform, &s->lanes,
                          &s->used, &s->sectors, &s->min_sectors,
                          &s->unique, &s->partial, &s->widest};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        char key[32];
        snprintf(key, sizeof key, "%s_%s", p, keys[k]);
        uint64_t v = word(line, key);
        if (fields[k] == &s->widest)
            *fields[k] = v > *fields[k] ? v : *fields[k];
        else
            *fields[k] += v;
    }
}

static void add_name(bench_gm_counts *sum, const char *line)
{
    const char *at = strstr(line, "name=");
    char name[64] = "?";
    if (at)
        sscanf(at + 5, "%63s", name);
    size_t used = strlen(sum->kernels);
    snprintf(sum->kernels + used, sizeof sum->kernels - used, "%s%s",
             used ? "," : "", name);
}

static void keep_launch(bench_gm_counts *sum, const char *line)
{
    if (sum->launches >= BENCH_GM_MAX_LAUNCHES)
        bench_die("a case made more than %d launches",
                  BENCH_GM_MAX_LAUNCHES);
    bench_gm_launch *l = &sum->launch[sum->launches];
    const char *at = strstr(line, " name=");
    if (!at || sscanf(at + 6, "%63s", l->kernel) != 1)
        bench_die("the warp plugin's record has no name: %.80s", line);
    l->items = word(line, "items");
    triple(line, "local", l->local);
    l->ld_used = word(line, "ld_used");
    l->unique = word(line, "ld_unique") + word(line, "st_unique");
    l->warp_rounds = word(line, "warp_rounds");
    l->warp_ops = word(line, "warp_plain") +
                  BENCH_GM_DIV32_OPS * word(line, "warp_div32") +
                  BENCH_GM_DIV64_OPS * word(line, "warp_div64") +
                  word(line, "warp_prv_dyn");
    l->prv_bytes = word(line, "lane_prv_bytes");
}

static void add_record(bench_gm_counts *sum, const char *line)
{
    uint64_t items = word(line, "items");
    keep_launch(sum, line);
    sum->launches++;
    sum->items += items;
    sum->warps += word(line, "warps");
    sum->lane_ir += word(line, "lane_ir");
    sum->lane_div += word(line, "lane_div32") + word(line, "lane_div64");
    sum->warp_plain += word(line, "warp_plain");
    sum->warp_div32 += word(line, "warp_div32");
    sum->warp_div64 += word(line, "warp_div64");
    sum->warp_rounds += word(line, "warp_rounds");
    sum->prv_ld += word(line, "lane_prv_ld");
    sum->prv_st += word(line, "lane_prv_st");
    sum->prv_bytes += word(line, "lane_prv_bytes");
    sum->prv_dyn += word(line, "lane_prv_dyn");
    sum->warp_prv_dyn += word(line, "warp_prv_dyn");
    sum->cst_ld += word(line, "lane_cst_ld");
    add_side(line, "ld", &sum->ld);
    add_side(line, "st", &sum->st);
    add_name(sum, line);
    if (items > sum->main_items) {
        sum->main_items = items;
        sum->main_launch = sum->launches - 1;
        const char *at = strstr(line, " name=");
        if (!at || sscanf(at + 6, "%63s", sum->main_kernel) != 1)
            bench_die("the warp plugin's record has no name: %.80s", line);
        triple(line, "global", sum->global);
        triple(line, "local", sum->local);
    }
}

int bench_gm_records_take(const char *path, long *offset,
                          bench_gm_counts *sum)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0; /* no launch yet: the plugin creates the file */
    if (fseek(f, *offset, SEEK_SET) != 0)
        bench_die("cannot seek in %s", path);
    char line[LINE_MAX_BYTES];
    int read = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "launch ", 7) != 0)
            bench_die("%s: not a warp plugin record: %.80s", path, line);
        add_record(sum, line);
        read++;
    }
    *offset = ftell(f);
    fclose(f);
    return read;
}
