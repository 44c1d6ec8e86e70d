/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * From counts to figures: what a profiler would call load and store
 * efficiency and sectors per request, work-items per carrier, IR
 * instructions per element, and a modelled time next to a copy's.
 *
 * The model (docs/performance.md, "The GPU memory model", states it and
 * its limits) is a roofline of one NVIDIA H100 SXM5:
 *
 *   memory = 32 B x (distinct load sectors + distinct store sectors) / BW
 *   issue  = warp instructions / (SMs x schedulers x clock)
 *   time   = max(memory, issue)          copy = 2 x output bytes / BW
 *
 * Warp instructions are each warp's busiest lane's plain IR (the
 * plugin's), with every integer division weighed as the instructions a
 * GPU spends on one.  Counts scale from the simulated size to the bench's
 * by the ratio of output bytes.  No caches, no latency, no occupancy: a
 * model, never a measurement.
 */
#include "gpu_model.h"

#include <math.h>
#include <string.h>

#define BW_BYTES_PER_S 3.0e12 /* HBM3, H100 SXM5 (its peak is 3.35) */
#define SMS 132
#define SCHEDULERS 4          /* warp instructions per SM and clock */
#define CLOCK_HZ 1.755e9      /* sustained, not boost (1.98) */
#define SECTOR_BYTES 32.0
/* Instructions one integer division by a run-time divisor costs: about
 * 20 for 32 bits and 70 for 64 bits, from clang's AMDGPU expansion (the
 * NVPTX one has a 32-bit fast path, so 64 is an upper bound there). */
#define DIV32_OPS 20
#define DIV64_OPS 70

static double ratio_of(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : NAN;
}

void bench_gm_figures_of(const bench_gm_counts *n, const bench_gm_run *run,
                         bench_gm_figures *f)
{
    f->ld_eff = ratio_of(n->ld.used, n->ld.sectors * 32);
    f->st_eff = ratio_of(n->st.used, n->st.sectors * 32);
    f->ld_spr = ratio_of(n->ld.sectors, n->ld.requests);
    f->ld_spr_min = ratio_of(n->ld.min_sectors, n->ld.requests);
    f->st_spr = ratio_of(n->st.sectors, n->st.requests);
    f->st_spr_min = ratio_of(n->st.min_sectors, n->st.requests);
    size_t carrier = run->carrier ? run->carrier : n->st.widest;
    f->items_per_carrier =
        carrier ? (double)n->items * (double)carrier / (double)run->out_bytes
                : NAN;
    f->ir_per_elem = ratio_of(n->lane_ir, run->elements);
    f->div_per_elem = ratio_of(n->lane_div, run->elements);

    double scale = (double)run->full_out_bytes / (double)run->out_bytes;
    double ops = (double)n->warp_plain + DIV32_OPS * (double)n->warp_div32 +
                 DIV64_OPS * (double)n->warp_div64;
    f->t_mem = SECTOR_BYTES * (double)(n->ld.unique + n->st.unique) * scale /
               BW_BYTES_PER_S;
    f->t_hi = SECTOR_BYTES *
              (double)(n->ld.sectors + n->st.sectors + n->ld.uniform +
                       n->st.uniform) *
              scale / BW_BYTES_PER_S;
    f->t_issue = ops * scale / (SMS * SCHEDULERS * CLOCK_HZ);
    f->t_copy = 2.0 * (double)run->full_out_bytes / BW_BYTES_PER_S;
    f->ratio = fmax(f->t_mem, f->t_issue) / f->t_copy;
    f->ratio_hi = fmax(f->t_hi, f->t_issue) / f->t_copy;
}

/* ---- the report --------------------------------------------------------- */

static const char *op_name(bench_gm_op op)
{
    static const char *const names[] = {
        [BENCH_GM_GATHER] = "gather", [BENCH_GM_SCATTER] = "scatter",
        [BENCH_GM_FILL] = "fill", [BENCH_GM_GRAD] = "grad",
        [BENCH_GM_BATCH] = "batch", [BENCH_GM_DYNAMIC] = "dynamic",
        [BENCH_GM_DYNAMIC_SCATTER] = "dynamic scatter",
        [BENCH_GM_CSR] = "CSR", [BENCH_GM_COPY] = "copy"};
    return names[op];
}

static void percent(char *out, size_t size, double v)
{
    if (isnan(v))
        snprintf(out, size, "-");
    else
        snprintf(out, size, "%.0f %%", 100.0 * v);
}

static void per_request(char *out, size_t size, double v, double least)
{
    if (isnan(v))
        snprintf(out, size, "-");
    else
        snprintf(out, size, "%.1f (%.1f)", v, least);
}

static void microseconds(char *out, size_t size, double seconds)
{
    double us = seconds * 1e6;
    snprintf(out, size, us < 10 ? "%.2f" : "%.0f", us);
}

static void launch_text(char *out, size_t size, const bench_gm_counts *n)
{
    const size_t *g = n->global, *l = n->local;
    snprintf(out, size, "%zux%zux%zu / %zux%zux%zu", g[0], g[1], g[2], l[0],
             l[1], l[2]);
}

static void print_row(FILE *out, const bench_gm_row *r)
{
    const bench_gm_figures *f = &r->f;
    char ld[16], st[16], lds[24], sts[24], launch[64], t[16], copy[16];
    char target[24] = "";
    percent(ld, sizeof ld, f->ld_eff);
    percent(st, sizeof st, f->st_eff);
    per_request(lds, sizeof lds, f->ld_spr, f->ld_spr_min);
    per_request(sts, sizeof sts, f->st_spr, f->st_spr_min);
    launch_text(launch, sizeof launch, &r->n);
    microseconds(t, sizeof t, fmax(f->t_mem, f->t_issue));
    microseconds(copy, sizeof copy, f->t_copy);
    if (r->c->target > 0)
        snprintf(target, sizeof target, "%s %.2f",
                 f->ratio <= r->c->target ? "<=" : "**>**", r->c->target);
    fprintf(out,
            "| %s | %s | %s | %s | %s%s | %.2f | %s / %s | %s | %s | %.0f |"
            " %.2f | %s | %s | %.2f (%.2f) | %s |\n",
            r->c->id, op_name(r->c->op), r->n.kernels, launch,
            r->run.full_launch[0] ? r->run.full_launch : "-",
            r->run.full_launch[0] && !r->run.full_same_group ? " (differs)"
                                                             : "",
            f->items_per_carrier, ld, st, lds, sts, f->ir_per_elem,
            f->div_per_elem, t, copy, f->ratio, f->ratio_hi, target);
}

/* Each x64 row against the row of its 32-bit twin. */
static void print_widths(FILE *out, const bench_gm_row *rows, int count)
{
    for (int i = 0; i < count; i++) {
        const char *id = rows[i].c->id;
        size_t len = strlen(id);
        if (len < 4 || strcmp(id + len - 3, "x64") != 0)
            continue;
        for (int j = 0; j < count; j++)
            if (rows[j].c->op == rows[i].c->op &&
                strlen(rows[j].c->id) == len - 3 &&
                strncmp(rows[j].c->id, id, len - 3) == 0)
                fprintf(out, "* %s %s: 64-bit indices model %.2fx the "
                        "32-bit time\n", op_name(rows[i].c->op), id,
                        rows[i].f.ratio / rows[j].f.ratio);
    }
}

void bench_gm_report(FILE *out, const bench_gm_row *rows, int count,
                     bool small)
{
    fprintf(out, "GPU memory model (a model of an H100 SXM5 from exact "
            "Oclgrind counts, not a measurement); %s sizes\n\n",
            small ? "the test's" : "the report's");
    fprintf(out, "| case | op | kernels | NDRange (simulated) | NDRange at "
            "the bench's size | items/carrier | ld / st eff. | "
            "ld sectors/req (min) | st sectors/req (min) | IR/elem | "
            "div/elem | model us | copy us | model / copy (no reuse) | "
            "target |\n");
    fprintf(out, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
            "---|\n");
    for (int i = 0; i < count; i++)
        print_row(out, &rows[i]);
    fputc('\n', out);
    print_widths(out, rows, count);
}

static void json_side(FILE *out, const char *name, const bench_gm_side *s)
{
    fprintf(out,
            ", \"%s\": {\"requests\": %llu, \"uniform\": %llu, \"lanes\": "
            "%llu, \"used\": %llu, \"sectors\": %llu, \"min_sectors\": %llu, "
            "\"unique\": %llu, \"partial\": %llu, \"widest\": %llu}",
            name, (unsigned long long)s->requests,
            (unsigned long long)s->uniform, (unsigned long long)s->lanes,
            (unsigned long long)s->used, (unsigned long long)s->sectors,
            (unsigned long long)s->min_sectors,
            (unsigned long long)s->unique, (unsigned long long)s->partial,
            (unsigned long long)s->widest);
}

/* JSON has no NaN: null instead. */
static void json_number(FILE *out, const char *name, double v)
{
    if (isnan(v))
        fprintf(out, ", \"%s\": null", name);
    else
        fprintf(out, ", \"%s\": %.6g", name, v);
}

void bench_gm_report_json(FILE *out, const bench_gm_row *rows, int count,
                          bool small)
{
    for (int i = 0; i < count; i++) {
        const bench_gm_row *r = &rows[i];
        const bench_gm_counts *n = &r->n;
        fprintf(out,
                "{\"case\": \"%s\", \"op\": \"%s\", \"sizes\": \"%s\", "
                "\"kernels\": \"%s\", \"global\": [%zu, %zu, %zu], "
                "\"local\": [%zu, %zu, %zu], \"full_launch\": \"%s\", "
                "\"elements\": %llu, \"out_bytes\": %zu, "
                "\"full_out_bytes\": %zu, \"items\": %llu, \"warps\": %llu, "
                "\"lane_ir\": %llu, \"lane_div\": %llu, \"warp_plain\": %llu, "
                "\"warp_div32\": %llu, \"warp_div64\": %llu",
                r->c->id, op_name(r->c->op), small ? "test" : "report",
                n->kernels, n->global[0], n->global[1], n->global[2],
                n->local[0], n->local[1], n->local[2], r->run.full_launch,
                (unsigned long long)r->run.elements, r->run.out_bytes,
                r->run.full_out_bytes, (unsigned long long)n->items,
                (unsigned long long)n->warps, (unsigned long long)n->lane_ir,
                (unsigned long long)n->lane_div,
                (unsigned long long)n->warp_plain,
                (unsigned long long)n->warp_div32,
                (unsigned long long)n->warp_div64);
        json_side(out, "ld", &n->ld);
        json_side(out, "st", &n->st);
        json_number(out, "items_per_carrier", r->f.items_per_carrier);
        json_number(out, "ir_per_elem", r->f.ir_per_elem);
        json_number(out, "t_mem_s", r->f.t_mem);
        json_number(out, "t_issue_s", r->f.t_issue);
        json_number(out, "t_copy_s", r->f.t_copy);
        json_number(out, "ratio", r->f.ratio);
        json_number(out, "ratio_no_reuse", r->f.ratio_hi);
        json_number(out, "target", r->c->target);
        fprintf(out, "}\n");
    }
}
