/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The human-readable table and the JSON lines (one object per case, then
 * the latency, the plan micro-benchmark and the run itself). */
#include "bench.h"

#include <math.h>
#include <string.h>

/* JSON keys are <name>_gbps, <name>_us, ratio_vs_<name> and, for the
 * host peers, <name>_note. */
static const char *const JSON_NAMES[COMP_COUNT] = {
    "clslice", "copy_kernel", "copy_buffer", "naive",
    "numpy", "numpy_copyto", "onnxruntime", "openvino"};
/* The peers of the table's columns (numpy_copyto is in the JSON only). */
static const int TABLE_PEERS[] = {COMP_NUMPY, COMP_ONNXRUNTIME,
                                  COMP_OPENVINO};
enum { TABLE_PEER_COUNT = 3 };

double bench_gbps(size_t out_bytes, double seconds)
{
    if (isnan(seconds) || seconds <= 0)
        return NAN;
    return 2.0 * (double)out_bytes / seconds / 1e9;
}

static double ratio(double a, double b)
{
    return isnan(a) || isnan(b) || b == 0 ? NAN : a / b;
}

/* ---- table -------------------------------------------------------------- */

static void cell(FILE *f, double v, int width, int decimals)
{
    if (isnan(v))
        fprintf(f, " %*s", width, "-");
    else
        fprintf(f, " %*.*f", width, decimals, v);
}

void report_header(FILE *f, const char *device)
{
    fprintf(f, "device: %s\n", device);
}

static int peer_of_comp(int comp, bool scatter)
{
    if (scatter)
        return comp == COMP_NUMPY ? PEER_NUMPY_SCATTER : -1;
    return comp - COMP_NUMPY; /* PEER_NUMPY ... PEER_OPENVINO */
}

/* The rows of one peer that carry the same note as row `first`, as
 * " (cases 1, 2, 10)". */
static void note_cases(FILE *f, const case_result *r, int n, bool scatter,
                       int comp, int first)
{
    const char *sep = " (case";
    for (int i = first; i < n; i++)
        if (r[i].scatter == scatter && !strcmp(r[i].note[comp],
                                               r[first].note[comp])) {
            fprintf(f, "%s %d%s", sep, r[i].c->id,
                    isnan(r[i].seconds[comp]) ? ", not measured" : "");
            sep = ",";
        }
    fputs(")\n", f);
}

/* Why a peer went unmeasured for the whole run, then each distinct note
 * of the rows (numpy's view, OpenVINO's integer view, a failed case)
 * once, with the cases it applies to. */
static void peer_notes(FILE *f, const case_result *r, int n, bool scatter,
                       const bench_peers *peers)
{
    if (!peers) {
        fprintf(f, "host peers: not measured (--no-peers)\n");
        return;
    }
    for (int c = COMP_NUMPY; c < COMP_COUNT; c++) {
        int peer = peer_of_comp(c, scatter);
        if (peer < 0)
            continue;
        const char *why = bench_peers_why(peers, peer);
        if (*why)
            fprintf(f, "%s: not measured (%s)\n", bench_peer_names[peer], why);
        for (int i = 0; i < n; i++) {
            bool seen = r[i].scatter != scatter || !*r[i].note[c] ||
                        !strcmp(r[i].note[c], why);
            for (int j = 0; j < i && !seen; j++)
                seen = r[j].scatter == scatter &&
                       !strcmp(r[j].note[c], r[i].note[c]);
            if (seen)
                continue;
            fprintf(f, "%s: %s", bench_peer_names[peer], r[i].note[c]);
            note_cases(f, r, n, scatter, c, i);
        }
    }
}

void report_dense(FILE *f, const case_result *r, int n, bool scatter,
                  const bench_peers *peers)
{
    fprintf(f, "\n%s: GB/s = 2 x slice bytes / median time (read + "
               "written); ratios are clslice's GB/s over the competitor's\n",
            scatter ? "SCATTER (value of the slice's final shape written "
                      "into T; numpy: a[expr] = v)"
                    : "GATHER (ORT: onnxruntime Slice, OV: OpenVINO CPU "
                      "StridedSlice)");
    fprintf(f, "%3s %8s %8s %8s %8s %8s %8s %8s %8s %7s %7s %7s %7s %7s  "
               "%s\n", "#", scatter ? "slice MB" : "out MB", "clslice",
            "copy-k", "CopyBuf", "naive", "numpy", "ORT", "OV", "/copy-k",
            "/numpy", "/ORT", "/OV", "/naive", "case");
    for (int i = 0; i < n; i++) {
        const case_result *x = &r[i];
        if (x->scatter != scatter)
            continue;
        double g[COMP_COUNT];
        for (int c = 0; c < COMP_COUNT; c++)
            g[c] = bench_gbps(x->out_bytes, x->seconds[c]);
        fprintf(f, "%3d", x->c->id);
        cell(f, (double)x->out_bytes / 1e6, 8, 2);
        for (int c = 0; c < COMP_DEVICE_COUNT; c++)
            cell(f, g[c], 8, 2);
        for (int p = 0; p < TABLE_PEER_COUNT; p++)
            cell(f, g[TABLE_PEERS[p]], 8, 2);
        cell(f, ratio(g[COMP_CLSLICE], g[COMP_COPY_KERNEL]), 7, 2);
        for (int p = 0; p < TABLE_PEER_COUNT; p++)
            cell(f, ratio(g[COMP_CLSLICE], g[TABLE_PEERS[p]]), 7, 2);
        cell(f, ratio(g[COMP_CLSLICE], g[COMP_NAIVE]), 7, 2);
        fprintf(f, "  %s%s\n", scatter ? "scatter " : "", x->c->name);
    }
    peer_notes(f, r, n, scatter, peers);
    for (int i = 0; i < n; i++)
        if (r[i].scatter == scatter && r[i].other_load > 0.05) /* NAN: no */
            fprintf(f, "warning: other processes used %.0f%% of the CPUs "
                       "while case %d was timed: its numbers are low\n",
                    100 * r[i].other_load, r[i].c->id);
}

/* Speed of `seconds` over clslice's: > 1 when clslice is faster. */
static double speedup(const csr_result *x, double seconds)
{
    return ratio(seconds, x->seconds[CSR_CLSLICE]);
}

static double csr_copy_gbps(const csr_result *x)
{
    return bench_gbps(x->out_bytes, x->seconds[CSR_COPY_KERNEL]);
}

static double csr_gbps(const csr_result *x, double seconds)
{
    return isnan(seconds) || seconds <= 0
               ? NAN : (double)x->moved_bytes / seconds / 1e9;
}

static double scipy_seconds(const csr_result *x)
{
    return x->scipy_measured ? x->scipy_seconds : NAN;
}

void report_csr(FILE *f, const csr_result *r, int n, const char *scipy_why)
{
    if (n == 0)
        return;
    fprintf(f, "\nCSR %lld x %lld, %lld stored entries, float32 data: "
               "median ms; clslice = count + fill on the device;\n"
               "GB/s = the least bytes a slicer moves (selected rows' "
               "indptr + indices, kept data, the result) / time;\n"
               "copy-k GB/s = 2 x result bytes / time of copying them; "
               "/copy-k is a GB/s ratio, /scipy and /host are time ratios\n",
            (long long)r[0].rows, (long long)r[0].cols,
            (long long)r[0].nnz);
    fprintf(f, "%5s %8s %8s %7s %8s %8s %8s %8s %8s %8s %8s %7s %7s %7s  "
               "%s\n", "index", "sel Mnz", "out Mnz", "MB", "clslice",
            "count", "copy-k", "host", "scipy", "GB/s", "copy-k", "/copy-k",
            "/scipy", "/host", "case");
    for (int i = 0; i < n; i++) {
        const csr_result *x = &r[i];
        fprintf(f, "%5s", x->index == CLSLICE_INT64 ? "int64" : "int32");
        cell(f, (double)x->sel_nnz / 1e6, 8, 2);
        cell(f, (double)x->out_nnz / 1e6, 8, 2);
        cell(f, (double)x->moved_bytes / 1e6, 7, 1);
        for (int c = 0; c < CSR_COMP_COUNT; c++)
            cell(f, 1e3 * x->seconds[c], 8, 2);
        cell(f, 1e3 * scipy_seconds(x), 8, 2);
        cell(f, csr_gbps(x, x->seconds[CSR_CLSLICE]), 8, 2);
        cell(f, csr_copy_gbps(x), 8, 2);
        cell(f, ratio(csr_gbps(x, x->seconds[CSR_CLSLICE]), csr_copy_gbps(x)),
             7, 2);
        cell(f, speedup(x, scipy_seconds(x)), 7, 2);
        cell(f, speedup(x, x->seconds[CSR_HOST]), 7, 2);
        fprintf(f, "  %s\n", x->c->name);
    }
    if (scipy_why && *scipy_why)
        fprintf(f, "scipy: not measured (%s)\n", scipy_why);
    for (int i = 0; i < n; i++)
        if (r[i].other_load > 0.05)
            fprintf(f, "warning: other processes used %.0f%% of the CPUs "
                       "while %s was timed: its numbers are low\n",
                    100 * r[i].other_load, r[i].c->name);
}

void report_footer(FILE *f, const case_result *r, int n,
                   const latency_result *lat, const plan_result *plan)
{
    fputc('\n', f);
    for (int i = 0; i < n; i++)
        if (r[i].c->id == 9 && !r[i].scatter)
            fprintf(f, "case 9 enqueue-to-finish (median): clslice %.1f us, "
                       "clEnqueueCopyBuffer %.1f us (ratio %.2f)\n",
                    1e6 * r[i].seconds[COMP_CLSLICE],
                    1e6 * r[i].seconds[COMP_COPY_BUFFER],
                    ratio(r[i].seconds[COMP_CLSLICE],
                          r[i].seconds[COMP_COPY_BUFFER]));
    if (lat)
        fprintf(f, "clslice latency on case %d: cold %.1f ms (fresh runtime, "
                   "program build included), warm %.1f us (median of %d)\n",
                lat->c->id, 1e3 * lat->cold_seconds, 1e6 * lat->warm_seconds,
                lat->warm_repeat);
    if (plan)
        fprintf(f, "rank-8 plan build + layout + simplify: %.0f ns per "
                   "iteration (median, %ld iterations; target <= 2000 ns)\n",
                plan->ns_per_iter, plan->iterations);
}

/* ---- JSON lines ------------------------------------------------------------ */

static void json_escaped(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f); /* UTF-8 (the x in the case names) passes as is */
    }
    fputc('"', f);
}

static void json_string(FILE *f, const char *key, const char *s)
{
    fprintf(f, ", \"%s\": ", key);
    json_escaped(f, s);
}

/* A number, or null when it was not measured. */
static void json_number(FILE *f, const char *key, double v)
{
    if (isnan(v) || isinf(v))
        fprintf(f, ", \"%s\": null", key);
    else
        fprintf(f, ", \"%s\": %.6g", key, v);
}

static void json_case(FILE *f, const case_result *x, const char *device)
{
    double g[COMP_COUNT];
    char name[256], key[64];
    snprintf(name, sizeof name, "%s%s", x->scatter ? "scatter " : "",
             x->c->name);
    fprintf(f, "{\"case\": ");
    json_escaped(f, name);
    json_string(f, "op", x->scatter ? "scatter" : "gather");
    fprintf(f, ", \"id\": %d", x->c->id);
    json_string(f, "expr", x->c->expr);
    json_string(f, "dtype", x->c->dtype);
    /* The shape lets another tool (bench/gpu_peers.py) time the same
     * case on the same data. */
    fprintf(f, ", \"shape\": [");
    for (int d = 0; x->shape && d < x->c->rank; d++)
        fprintf(f, "%s%lld", d ? ", " : "", (long long)x->shape[d]);
    fprintf(f, "]");
    fprintf(f, ", \"out_bytes\": %zu, \"repeat\": %d", x->out_bytes,
            x->repeat);
    for (int c = 0; c < COMP_COUNT; c++) {
        g[c] = bench_gbps(x->out_bytes, x->seconds[c]);
        if (x->scatter && c > COMP_NUMPY)
            continue; /* numpy is the scatter's one host peer */
        snprintf(key, sizeof key, "%s_gbps", JSON_NAMES[c]);
        json_number(f, key, g[c]);
    }
    for (int c = COMP_COPY_KERNEL; c < COMP_COUNT; c++) {
        if (x->scatter && c > COMP_NUMPY)
            continue;
        snprintf(key, sizeof key, "ratio_vs_%s", JSON_NAMES[c]);
        json_number(f, key, ratio(g[COMP_CLSLICE], g[c]));
    }
    for (int c = 0; c < COMP_COUNT; c++) {
        if (x->scatter && c > COMP_NUMPY)
            continue;
        snprintf(key, sizeof key, "%s_us", JSON_NAMES[c]);
        json_number(f, key, 1e6 * x->seconds[c]);
    }
    for (int c = COMP_NUMPY; c < COMP_COUNT; c++)
        if (*x->note[c]) {
            snprintf(key, sizeof key, "%s_note", JSON_NAMES[c]);
            json_string(f, key, x->note[c]);
        }
    if (x->c->id == 9 && !x->scatter) /* its target: <= 1.5 */
        json_number(f, "time_ratio_vs_copy_buffer",
                    ratio(x->seconds[COMP_CLSLICE],
                          x->seconds[COMP_COPY_BUFFER]));
    if (x->scatter)
        json_string(f, "note",
                    "clslice_enqueue_scatter of a contiguous value of the "
                    "slice's final shape (CLSLICE_VALUE_EXACT) into the "
                    "tensor; copies move the slice's bytes value -> tensor; "
                    "naive = 1-D scatter kernel; numpy: a[expr] = v");
    char variant[64];
    snprintf(variant, sizeof variant, "%s, local size %zu",
             x->copy.carrier == 16 ? "uint4"
             : x->copy.carrier == 4 ? "float"
             : x->copy.carrier == 2 ? "ushort" : "uchar",
             x->copy.local);
    json_string(f, "copy_kernel_variant", variant);
    json_number(f, "other_cpu_load", x->other_load);
    json_string(f, "device", device);
    fprintf(f, "}\n");
}

static void json_csr(FILE *f, const csr_result *x, const char *device)
{
    static const char *const MS[CSR_COMP_COUNT] = {
        "clslice_ms", "count_ms", "copy_kernel_ms", "host_ms"};
    bool wide = x->index == CLSLICE_INT64;
    char name[256];
    snprintf(name, sizeof name, "%s%s", x->c->name, wide ? " (int64)" : "");
    fprintf(f, "{\"case\": ");
    json_escaped(f, name);
    json_string(f, "op", "csr");
    json_string(f, "expr", x->c->expr);
    json_string(f, "index", wide ? "int64" : "int32");
    json_string(f, "dtype", "float32");
    fprintf(f, ", \"rows\": %lld, \"cols\": %lld, \"nnz\": %lld, "
               "\"out_rows\": %lld, \"out_cols\": %lld, \"sel_nnz\": %lld, "
               "\"out_nnz\": %lld, \"moved_bytes\": %zu, \"out_bytes\": %zu, "
               "\"repeat\": %d",
            (long long)x->rows, (long long)x->cols, (long long)x->nnz,
            (long long)x->out_rows, (long long)x->out_cols,
            (long long)x->sel_nnz, (long long)x->out_nnz, x->moved_bytes,
            x->out_bytes, x->repeat);
    for (int c = 0; c < CSR_COMP_COUNT; c++)
        json_number(f, MS[c], 1e3 * x->seconds[c]);
    json_number(f, "scipy_ms", 1e3 * scipy_seconds(x));
    json_number(f, "clslice_gbps", csr_gbps(x, x->seconds[CSR_CLSLICE]));
    json_number(f, "host_gbps", csr_gbps(x, x->seconds[CSR_HOST]));
    json_number(f, "scipy_gbps", csr_gbps(x, scipy_seconds(x)));
    json_number(f, "copy_kernel_gbps", csr_copy_gbps(x));
    json_number(f, "clslice_mnnz_per_s",
                (double)x->sel_nnz / x->seconds[CSR_CLSLICE] / 1e6);
    json_number(f, "ratio_vs_copy_kernel",
                ratio(csr_gbps(x, x->seconds[CSR_CLSLICE]),
                      csr_copy_gbps(x)));
    json_number(f, "ratio_vs_scipy", speedup(x, scipy_seconds(x)));
    json_number(f, "ratio_vs_host", speedup(x, x->seconds[CSR_HOST]));
    if (x->scipy_measured)
        json_string(f, "scipy_index", x->scipy_index);
    json_string(f, "note",
                "clslice = clslice_cl_csr_count + clslice_cl_csr_fill "
                "+ clFinish; count = the count pass alone; host = "
                "clslice_host_csr_count + clslice_host_csr_slice; scipy = "
                "m[expr] on the host; moved_bytes = selected rows' indptr "
                "and indices + kept data (read) + the result (written); "
                "GB/s = moved_bytes / time, copy kernel: 2 x out_bytes / "
                "time; ratios vs scipy and host are time ratios");
    json_number(f, "other_cpu_load", x->other_load);
    json_string(f, "device", device);
    fprintf(f, "}\n");
}

void report_json(FILE *f, const case_result *r, int n,
                 const bench_peers *peers, const csr_result *csr, int n_csr,
                 const latency_result *lat, const plan_result *plan,
                 const char *device, const char *mode, int repeat,
                 double wall_seconds, double other_load)
{
    for (int i = 0; i < n; i++)
        json_case(f, &r[i], device);
    for (int i = 0; i < n_csr; i++)
        json_csr(f, &csr[i], device);
    if (lat) {
        fprintf(f, "{\"case\": \"clslice latency cold/warm\"");
        json_string(f, "on", lat->c->name);
        json_number(f, "cold_us", 1e6 * lat->cold_seconds);
        json_number(f, "warm_us", 1e6 * lat->warm_seconds);
        fprintf(f, ", \"warm_repeat\": %d", lat->warm_repeat);
        json_string(f, "note",
                    "cold: clslice_runtime_create + first enqueue + clFinish "
                    "(program build included); warm: median enqueue + "
                    "clFinish afterwards");
        json_string(f, "device", device);
        fprintf(f, "}\n");
    }
    if (plan) {
        fprintf(f, "{\"case\": \"plan rank-8 build+simplify\"");
        json_number(f, "ns_per_iter", plan->ns_per_iter);
        fprintf(f, ", \"iterations\": %ld, \"target_ns\": 2000",
                plan->iterations);
        json_string(f, "note",
                    "clslice_plan_expr on case 7's shape and expression + "
                    "clslice_plan_layout + clslice_layout_simplify + "
                    "clslice_plan_release; median over batches");
        fprintf(f, "}\n");
    }
    fprintf(f, "{\"case\": \"run\"");
    json_string(f, "mode", mode);
    for (int p = 0; peers && p < PEER_NUMPY_SCATTER; p++) {
        char key[64];
        snprintf(key, sizeof key, "%s_version", bench_peer_names[p]);
        for (char *k = key; *k; k++)
            *k = *k == '-' ? '_' : *k;
        if (*bench_peers_version(peers, p))
            json_string(f, key, bench_peers_version(peers, p));
    }
    fprintf(f, ", \"repeat\": %d", repeat);
    json_number(f, "wall_s", wall_seconds);
    json_number(f, "other_cpu_load", other_load);
    json_string(f, "device", device);
    fprintf(f, "}\n");
}
