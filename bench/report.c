/* The human-readable table and the JSON lines (one object per case, then
 * the latency, the plan micro-benchmark and the run itself). */
#include "bench.h"

#include <math.h>
#include <string.h>

static const char *const JSON_GBPS[COMP_COUNT] = {
    "clslice_gbps", "copy_kernel_gbps", "copy_buffer_gbps", "naive_gbps"};
static const char *const JSON_US[COMP_COUNT] = {
    "clslice_us", "copy_kernel_us", "copy_buffer_us", "naive_us"};

double bench_gbps(size_t out_bytes, double seconds)
{
    if (isnan(seconds) || seconds <= 0)
        return NAN;
    return 2.0 * (double)out_bytes / seconds / 1e9;
}

static double numpy_seconds(const case_result *r)
{
    return r->numpy.measured ? r->numpy.seconds : NAN;
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

void report_table(FILE *f, const case_result *r, int n,
                  const latency_result *lat, const plan_result *plan,
                  const char *device, const char *numpy_why)
{
    fprintf(f, "device: %s\n", device);
    fprintf(f, "GB/s = 2 x output bytes / median time (read + written); "
               "ratios are clslice's GB/s over the competitor's\n\n");
    fprintf(f, "%3s %8s %8s %8s %8s %8s %8s %7s %7s %7s  %s\n", "#", "out MB",
            "clslice", "copy-k", "CopyBuf", "naive", "numpy", "/copy-k",
            "/numpy", "/naive", "case");
    for (int i = 0; i < n; i++) {
        const case_result *x = &r[i];
        double g[COMP_COUNT];
        for (int c = 0; c < COMP_COUNT; c++)
            g[c] = bench_gbps(x->out_bytes, x->seconds[c]);
        double np = bench_gbps(x->out_bytes, numpy_seconds(x));
        fprintf(f, "%3d", x->c->id);
        cell(f, (double)x->out_bytes / 1e6, 8, 2);
        for (int c = 0; c < COMP_COUNT; c++)
            cell(f, g[c], 8, 2);
        cell(f, np, 8, 2);
        cell(f, ratio(g[COMP_CLSLICE], g[COMP_COPY_KERNEL]), 7, 2);
        cell(f, ratio(g[COMP_CLSLICE], np), 7, 2);
        cell(f, ratio(g[COMP_CLSLICE], g[COMP_NAIVE]), 7, 2);
        fprintf(f, "  %s%s\n", x->c->name, x->numpy.was_view ? " (*)" : "");
    }
    for (int i = 0; i < n; i++)
        if (r[i].numpy.was_view) {
            fprintf(f, "(*) numpy: ascontiguousarray returns a view here "
                       "(nothing moved); timed a[expr].copy() instead\n");
            break;
        }
    if (numpy_why && *numpy_why)
        fprintf(f, "numpy: not measured (%s)\n", numpy_why);
    for (int i = 0; i < n; i++)
        if (r[i].other_load > 0.05) /* NAN compares false */
            fprintf(f, "warning: other processes used %.0f%% of the CPUs "
                       "while case %d was timed: its numbers are low\n",
                    100 * r[i].other_load, r[i].c->id);
    for (int i = 0; i < n; i++)
        if (r[i].c->id == 9)
            fprintf(f, "\ncase 9 enqueue-to-finish (median): clslice %.1f us, "
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
    fprintf(f, "{\"case\": ");
    json_escaped(f, x->c->name);
    fprintf(f, ", \"id\": %d", x->c->id);
    json_string(f, "expr", x->c->expr);
    json_string(f, "dtype", x->c->dtype);
    fprintf(f, ", \"out_bytes\": %zu, \"repeat\": %d", x->out_bytes,
            x->repeat);
    for (int c = 0; c < COMP_COUNT; c++) {
        g[c] = bench_gbps(x->out_bytes, x->seconds[c]);
        json_number(f, JSON_GBPS[c], g[c]);
    }
    double np = bench_gbps(x->out_bytes, numpy_seconds(x));
    json_number(f, "numpy_gbps", np);
    json_number(f, "numpy_copyto_gbps",
                bench_gbps(x->out_bytes, x->numpy.measured
                                             ? x->numpy.copyto_seconds
                                             : NAN));
    json_number(f, "ratio_vs_copy_kernel",
                ratio(g[COMP_CLSLICE], g[COMP_COPY_KERNEL]));
    json_number(f, "ratio_vs_numpy", ratio(g[COMP_CLSLICE], np));
    json_number(f, "ratio_vs_naive", ratio(g[COMP_CLSLICE], g[COMP_NAIVE]));
    json_number(f, "ratio_vs_copy_buffer",
                ratio(g[COMP_CLSLICE], g[COMP_COPY_BUFFER]));
    for (int c = 0; c < COMP_COUNT; c++)
        json_number(f, JSON_US[c], 1e6 * x->seconds[c]);
    json_number(f, "numpy_us", 1e6 * numpy_seconds(x));
    if (x->c->id == 9) /* issue 4's target: <= 1.5 */
        json_number(f, "time_ratio_vs_copy_buffer",
                    ratio(x->seconds[COMP_CLSLICE],
                          x->seconds[COMP_COPY_BUFFER]));
    if (x->numpy.measured && x->numpy.was_view)
        json_string(f, "numpy_note",
                    "ascontiguousarray returns a view here; timed "
                    "a[expr].copy()");
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

void report_json(FILE *f, const case_result *r, int n,
                 const latency_result *lat, const plan_result *plan,
                 const char *device, const char *mode, int repeat,
                 double wall_seconds, double other_load)
{
    for (int i = 0; i < n; i++)
        json_case(f, &r[i], device);
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
    fprintf(f, ", \"repeat\": %d", repeat);
    json_number(f, "wall_s", wall_seconds);
    json_number(f, "other_cpu_load", other_load);
    json_string(f, "device", device);
    fprintf(f, "}\n");
}
