/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * From counts to figures: what a profiler would call load and store
 * efficiency and sectors per request, work-items per carrier, IR
 * instructions per element, and a modelled time next to a copy's.
 *
 * Two models of one NVIDIA H100 SXM5 (docs/performance.md, "The GPU
 * memory model", states both and their limits).  v1, a roofline:
 *
 *   memory = 32 B x (distinct load sectors + distinct store sectors) / BW
 *   issue  = warp instructions / (SMs x schedulers x clock)
 *   time   = max(memory, issue)          copy = 2 x output bytes / BW
 *
 * Warp instructions are each warp's busiest lane's plain IR (the
 * plugin's), with every integer division weighed as the instructions a
 * GPU spends on one.  Counts scale from the simulated size to the bench's
 * by the ratio of output bytes.
 *
 * v2 adds what the real compiler and the launch decide (bench_gm_terms):
 * occupancy from ptxas's registers for the kernel (occupancy.c), a
 * latency term by Little's law (a warp has its load rounds to make, one
 * memory latency each, and only the resident warps make them at once),
 * private traffic (charged as local memory when ptxas gave the kernel a
 * stack frame; a run-time-indexed read of a by-value table costs an
 * instruction), and a fixed overhead per launch:
 *
 *   latency = warp load rounds x L / resident warps
 *   issue   = (warp instructions + run-time-indexed private reads)
 *             / (SMs with work x schedulers x clock)
 *   time    = sum over the launches of
 *             overhead + max(memory + private, latency, issue)
 *
 * and a copy is modelled the same way (16-byte lanes, full occupancy,
 * one launch).  Both are models, never measurements.
 */
#include "gpu_model.h"

#include <math.h>
#include <string.h>

#define BW_BYTES_PER_S 3.0e12 /* v1: HBM3, H100 SXM5 (its peak is 3.35) */
#define SMS BENCH_GM_SMS      /* NVIDIA H100 Tensor Core GPU Architecture
                               * whitepaper (2022): 132 SMs on the SXM5 */
#define SCHEDULERS 4          /* warp instructions per SM and clock */
#define CLOCK_HZ 1.755e9      /* sustained, not boost (1.98) */
#define SECTOR_BYTES 32.0
#define DIV32_OPS BENCH_GM_DIV32_OPS /* gpu_model.h says why */
#define DIV64_OPS BENCH_GM_DIV64_OPS

/* v2's published figures (none of them measured here: this project has
 * no GPU).
 * PEAK: the H100 SXM5's HBM3 bandwidth in NVIDIA's H100 datasheet,
 *   3.35 TB/s.
 * LATENCY: a global load that misses the caches.  Pointer-chasing
 *   microbenchmarks of Hopper put it at several hundred nanoseconds
 *   (Luo et al., "Benchmarking and Dissecting the Nvidia Hopper GPU
 *   Architecture", IPDPS 2024, arXiv:2402.13499; Chips and Cheese,
 *   "Nvidia's H100: Funny L2, and Tons of Bandwidth", 2023); the model
 *   takes 500 ns.  A latency-bound row's time scales with it.
 * LAUNCH: the overhead of one kernel launch in a stream, a few
 *   microseconds in NVIDIA's own measurements (NVIDIA Technical Blog,
 *   "Getting Started with CUDA Graphs", 2019); the model takes 3 us.
 * Local memory (a kernel's stack frame) "resides in device memory" and
 *   costs what global memory costs (CUDA C++ Best Practices Guide, "Local
 *   Memory"): charged at PEAK.
 * The per-SM limits (65,536 registers, 64 warps, 2,048 threads) are in
 *   occupancy.c. */
#define PEAK_BYTES_PER_S 3.35e12
#define LATENCY_S 500e-9
#define LAUNCH_S 3e-6
#define WARP_LANES 32.0
#define COPY_LANE_BYTES 16.0
/* Calibration copies are not library kernels and have no compiler row:
 * they get the copy reference's assumption, a full SM. */
#define FULL_SM_WARPS 64

static double ratio_of(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : NAN;
}

double bench_gm_copy_time(double out_bytes)
{
    double warps = ceil(ceil(out_bytes / COPY_LANE_BYTES) / WARP_LANES);
    double resident = fmin(warps, (double)FULL_SM_WARPS * SMS);
    double t_latency = resident > 0 ? warps * LATENCY_S / resident : 0;
    return LAUNCH_S + fmax(2.0 * out_bytes / PEAK_BYTES_PER_S, t_latency);
}

void bench_gm_terms(const bench_gm_launch_terms *in, bench_gm_figures *f)
{
    f->warps_per_sm = in->warps_per_sm;
    f->launched_warps = in->launched_warps;
    f->resident_warps =
        fmin(in->launched_warps, (double)in->warps_per_sm * SMS);
    f->inflight_bytes =
        in->warp_rounds > 0 ? in->load_bytes / in->warp_rounds : 0;
    f->t2_mem = in->dram_bytes / PEAK_BYTES_PER_S;
    f->t2_private = in->private_bytes / PEAK_BYTES_PER_S;
    f->t2_latency = f->resident_warps > 0
                        ? in->warp_rounds * LATENCY_S / f->resident_warps
                        : INFINITY;
    double busy_sms = fmin(SMS, fmax(1.0, in->groups));
    f->t2_issue = in->warp_ops / (busy_sms * SCHEDULERS * CLOCK_HZ);
    f->t2_launch = in->launches * LAUNCH_S;
    double memory = f->t2_mem + f->t2_private;
    double body = fmax(memory, fmax(f->t2_latency, f->t2_issue));
    f->t2 = f->t2_launch + body;
    if (body == f->t2_latency)
        f->body_binding = "latency";
    else if (body == f->t2_issue)
        f->body_binding = "issue";
    else
        f->body_binding = f->t2_private > f->t2_mem ? "private" : "memory";
    f->binding = f->t2_launch >= body ? "launch" : f->body_binding;
}

/* The work-items a launch has per group, from its local size. */
static size_t group_of(const size_t *local)
{
    size_t g = 1;
    for (int d = 0; d < 3; d++)
        g *= local[d] ? local[d] : 1;
    return g;
}

/* The compiler's row for a launched kernel; calibration copies are not
 * library kernels and get the copy reference's full SM. */
static void occupancy_of(const bench_gm_case *c, const char *kernel,
                         size_t group,
                         const bench_gm_compiled_table *compiled,
                         bench_gm_compiled *row, int *warps_per_sm)
{
    if (c->op == BENCH_GM_COPY) {
        *row = (bench_gm_compiled){.registers = -1};
        *warps_per_sm = FULL_SM_WARPS;
        return;
    }
    int width = c->flags & CLSLICE_FORCE_INDEX64 ? 64 : 32;
    *row = *bench_gm_compiled_find(compiled, kernel, width);
    if (row->registers < 0)
        bench_die("%s gives no register count for %s (%d-bit indices)",
                  compiled->path, kernel, width);
    *warps_per_sm = bench_gm_warps_per_sm(row->registers, group);
    if (*warps_per_sm == 0)
        bench_die("%s (%d registers) in groups of %zu cannot be resident "
                  "on an SM", kernel, row->registers, group);
}

/* One launch's v2 terms at the bench's size.  The main launch (the most
 * work-items) takes the full size's NDRange where the runner knows it;
 * every other count scales by output bytes. */
static void v2_launch(const bench_gm_case *c, const bench_gm_launch *l,
                      bool main, const bench_gm_run *run,
                      const bench_gm_compiled_table *compiled, double scale,
                      bench_gm_compiled *row, bench_gm_figures *one)
{
    size_t group = main && run->full_group ? run->full_group
                                           : group_of(l->local);
    double items = main && run->full_items ? (double)run->full_items
                                           : (double)l->items * scale;
    double groups = ceil(items / (double)group);
    bench_gm_launch_terms in = {
        .load_bytes = (double)l->ld_used * scale,
        .dram_bytes = SECTOR_BYTES * (double)l->unique * scale,
        .warp_rounds = (double)l->warp_rounds * scale,
        .warp_ops = (double)l->warp_ops * scale,
        .launched_warps = groups * ceil((double)group / WARP_LANES),
        .groups = groups,
        .launches = 1};
    occupancy_of(c, l->kernel, group, compiled, row, &in.warps_per_sm);
    if (row->private_bytes > 0)
        in.private_bytes = (double)l->prv_bytes * scale;
    bench_gm_terms(&in, one);
}

/* v2: the launches one after another; the main launch's occupancy and
 * in-flight bytes are the ones reported, and the binding term is the
 * launch overhead when it outweighs the launches' bodies, else the
 * largest body's. */
static void v2_of(const bench_gm_case *c, const bench_gm_counts *n,
                  const bench_gm_run *run,
                  const bench_gm_compiled_table *compiled, double scale,
                  bench_gm_figures *f)
{
    f->prv_bytes_per_elem = ratio_of(n->prv_bytes, run->elements);
    f->prv_dyn_per_elem = ratio_of(n->prv_dyn, run->elements);
    f->t2 = f->t2_mem = f->t2_private = f->t2_latency = f->t2_issue =
        f->t2_launch = 0;
    double bodies = 0, largest = -1;
    for (int i = 0; i < n->launches; i++) {
        bool main = i == n->main_launch;
        bench_gm_compiled row;
        bench_gm_figures one = {0};
        v2_launch(c, &n->launch[i], main, run, compiled, scale, &row, &one);
        double body = one.t2 - one.t2_launch;
        f->t2 += one.t2;
        f->t2_mem += one.t2_mem;
        f->t2_private += one.t2_private;
        f->t2_latency += one.t2_latency;
        f->t2_issue += one.t2_issue;
        f->t2_launch += one.t2_launch;
        bodies += body;
        if (body > largest) {
            largest = body;
            f->binding = one.body_binding;
        }
        if (main) {
            f->registers = row.registers;
            f->private_bytes = row.private_bytes;
            f->warps_per_sm = one.warps_per_sm;
            f->launched_warps = one.launched_warps;
            f->resident_warps = one.resident_warps;
            f->inflight_bytes = one.inflight_bytes;
        }
    }
    if (f->t2_launch >= bodies)
        f->binding = "launch";
    f->t2_copy = bench_gm_copy_time((double)run->full_out_bytes);
    f->ratio2 = f->t2 / f->t2_copy;
}

void bench_gm_figures_of(const bench_gm_case *c, const bench_gm_counts *n,
                         const bench_gm_run *run,
                         const bench_gm_compiled_table *compiled,
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
    v2_of(c, n, run, compiled, scale, f);
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

static void print_row2(FILE *out, const bench_gm_row *r)
{
    const bench_gm_figures *f = &r->f;
    char t[16], copy[16], regs[16] = "-", target[24] = "";
    microseconds(t, sizeof t, f->t2);
    microseconds(copy, sizeof copy, f->t2_copy);
    if (f->registers >= 0)
        snprintf(regs, sizeof regs, "%d", f->registers);
    if (r->c->target > 0)
        snprintf(target, sizeof target, "%s %.2f",
                 f->ratio2 <= r->c->target ? "<=" : "**>**", r->c->target);
    fprintf(out,
            "| %s | %s | %s | %s / %ld | %d | %.0f of %.0f | %.0f | "
            "%.1f (%.1f) | %s | %s | %.2f | %.2f | %s | %s |\n",
            r->c->id, op_name(r->c->op), r->n.main_kernel, regs,
            f->private_bytes, f->warps_per_sm, f->resident_warps,
            f->launched_warps, f->inflight_bytes, f->prv_bytes_per_elem,
            f->prv_dyn_per_elem, t, copy, f->ratio, f->ratio2, f->binding,
            target);
}

static void report2(FILE *out, const bench_gm_row *rows, int count)
{
    fprintf(out, "\nModel v2 (occupancy from ptxas sm_90 registers, load "
            "latency by Little's law, private traffic, launch overhead; a "
            "model, not a measurement)\n\n");
    fprintf(out, "| case | op | main kernel | sm_90 registers / stack B | "
            "warps/SM | resident of launched warps | B in flight/warp | "
            "private B/elem (run-time indexed/elem) | v2 model us | "
            "v2 copy us | v1 model/copy | v2 model/copy | binding | "
            "target |\n");
    fprintf(out, "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
            "---|\n");
    for (int i = 0; i < count; i++)
        print_row2(out, &rows[i]);
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
                        "32-bit time (v2: %.2fx)\n",
                        op_name(rows[i].c->op), id,
                        rows[i].f.ratio / rows[j].f.ratio,
                        rows[i].f.ratio2 / rows[j].f.ratio2);
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
    report2(out, rows, count);
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
        fprintf(out, ", \"main_kernel\": \"%s\", \"registers\": %d, "
                "\"private_bytes\": %ld, \"warps_per_sm\": %d, "
                "\"warp_rounds\": %llu, \"prv_ld\": %llu, \"prv_st\": %llu, "
                "\"prv_bytes\": %llu, \"prv_dyn\": %llu, \"cst_ld\": %llu",
                n->main_kernel, r->f.registers, r->f.private_bytes,
                r->f.warps_per_sm, (unsigned long long)n->warp_rounds,
                (unsigned long long)n->prv_ld, (unsigned long long)n->prv_st,
                (unsigned long long)n->prv_bytes,
                (unsigned long long)n->prv_dyn,
                (unsigned long long)n->cst_ld);
        json_number(out, "launched_warps", r->f.launched_warps);
        json_number(out, "resident_warps", r->f.resident_warps);
        json_number(out, "inflight_bytes", r->f.inflight_bytes);
        json_number(out, "t2_mem_s", r->f.t2_mem);
        json_number(out, "t2_private_s", r->f.t2_private);
        json_number(out, "t2_latency_s", r->f.t2_latency);
        json_number(out, "t2_issue_s", r->f.t2_issue);
        json_number(out, "t2_launch_s", r->f.t2_launch);
        json_number(out, "t2_s", r->f.t2);
        json_number(out, "t2_copy_s", r->f.t2_copy);
        json_number(out, "ratio2", r->f.ratio2);
        fprintf(out, ", \"binding\": \"%s\"", r->f.binding);
        fprintf(out, "}\n");
    }
}
