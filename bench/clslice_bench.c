/*
 * clslice-bench: how close clslice_enqueue_gather comes to the memory
 * roofline, and how far ahead it is of what users would otherwise use.
 * Issue 4 specifies the cases and the competitors; `clslice-bench --help`
 * lists the options, and scripts/bench.sh is the one documented command.
 *
 * Every case is built from its numpy expression, its buffers are created
 * once, and every competitor's output is checked against the host oracle
 * before anything is timed: a fast wrong kernel must not produce a number.
 */
#include "bench.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef CLSLICE_BENCH_NUMPY_SCRIPT
#define CLSLICE_BENCH_NUMPY_SCRIPT "bench/numpy_bench.py"
#endif

enum {
    GUARD = 4096,            /* bytes past the output that must stay intact */
    SENTINEL = 0xA5,
    MAX_VARIANTS = 8,
    SMALL_CASE = 1 << 20,    /* outputs below 1 MB: launch-overhead bound */
    SMALL_REPEAT_FACTOR = 20 /* ...so they get more, cheap, repeats */
};

static const char *const COMP_NAMES[COMP_COUNT] = {
    "clslice", "copy kernel", "clEnqueueCopyBuffer", "naive gather"};

typedef struct options {
    long device;          /* -1: the default device */
    int repeat;
    bool quick, smoke, numpy, verbose;
    const char *json;
    const char *numpy_script;
    const char *cases;    /* comma-separated case numbers, or NULL: all */
} options;

static void usage(FILE *f)
{
    fprintf(f,
        "usage: clslice-bench [options]\n"
        "Times clslice_enqueue_gather on issue 4's cases against a plain copy\n"
        "kernel (the roofline), clEnqueueCopyBuffer, a naive gather kernel\n"
        "and numpy, and prints a table of medians in GB/s (2 x output bytes\n"
        "per second).\n\n"
        "  --device N        OpenCL device N of the flat list over all\n"
        "                    platforms (as `clslice devices`); default: the\n"
        "                    first GPU, else the first device\n"
        "  --repeat R        timed runs per competitor (default 15; outputs\n"
        "                    under 1 MB get %dx as many)\n"
        "  --quick           fewer repeats and iterations (5)\n"
        "  --smoke           tiny shapes, one run, correctness checks only;\n"
        "                    the timings it prints mean nothing (ctest)\n"
        "  --case LIST       only these case numbers, e.g. --case 1,9,10\n"
        "  --json FILE       also write one JSON object per line to FILE\n"
        "  --no-numpy        do not run the numpy comparison\n"
        "  --verbose         also print each plain-copy variant's pilot time\n"
        "  --numpy-script P  the numpy script (default %s)\n"
        "  --help            this text\n"
        "Exit status: 0 on success (and for --smoke on a machine without an\n"
        "OpenCL device), 1 on any failure or wrong result, 2 on bad usage.\n",
        SMALL_REPEAT_FACTOR, CLSLICE_BENCH_NUMPY_SCRIPT);
}

static long parse_count(const char *opt, const char *text, long min)
{
    char *end;
    errno = 0;
    long v = text ? strtol(text, &end, 10) : 0;
    if (!text || errno || *end || end == text || v < min) {
        fprintf(stderr, "clslice-bench: %s needs a number >= %ld\n", opt, min);
        usage(stderr);
        exit(2);
    }
    return v;
}

static void parse_args(int argc, char **argv, options *o)
{
    *o = (options){-1, 0, false, false, true, false, NULL,
                   CLSLICE_BENCH_NUMPY_SCRIPT, NULL};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(a, "--device")) {
            o->device = parse_count(a, next, 0), i++;
        } else if (!strcmp(a, "--repeat")) {
            o->repeat = (int)parse_count(a, next, 1), i++;
        } else if (!strcmp(a, "--quick")) {
            o->quick = true;
        } else if (!strcmp(a, "--smoke")) {
            o->smoke = true;
        } else if (!strcmp(a, "--verbose")) {
            o->verbose = true;
        } else if (!strcmp(a, "--no-numpy")) {
            o->numpy = false;
        } else if (!strcmp(a, "--json") && next) {
            o->json = argv[++i];
        } else if (!strcmp(a, "--numpy-script") && next) {
            o->numpy_script = argv[++i];
        } else if (!strcmp(a, "--case") && next) {
            o->cases = argv[++i];
        } else {
            fprintf(stderr, "clslice-bench: unknown or incomplete option "
                            "'%s'\n", a);
            usage(stderr);
            exit(2);
        }
    }
    if (o->repeat == 0)
        o->repeat = o->smoke ? 1 : o->quick ? 5 : 15;
}

/* Indices into bench_cases of the cases --case names (all without it). */
static int select_cases(const char *list, int *selected)
{
    int n = 0;
    for (int i = 0; i < bench_case_count; i++) {
        bool want = !list;
        for (const char *p = list; p && *p;) {
            char *end;
            long id = strtol(p, &end, 10);
            if (end == p || (*end && *end != ',')) {
                fprintf(stderr, "clslice-bench: --case wants numbers like "
                                "1,9,10, not '%s'\n", list);
                exit(2);
            }
            want |= id == bench_cases[i].id;
            p = *end ? end + 1 : end;
        }
        if (want)
            selected[n++] = i;
    }
    if (n == 0) {
        fprintf(stderr, "clslice-bench: --case %s selects no case (1-10)\n",
                list);
        exit(2);
    }
    return n;
}

/* ---- one case ------------------------------------------------------------ */

typedef struct case_run {
    const bench_cl *cl;
    clslice_runtime *rt;
    bench_kernels *k;
    const bench_case *c;
    clslice_plan *plan;
    size_t in_bytes, out_bytes;
    cl_mem src, dst;
    naive_gather naive;
    copy_variant copy;
} case_run;

static void enqueue(case_run *r, int comp)
{
    clslice_error err;
    cl_command_queue q = r->cl->queue;
    switch (comp) {
    case COMP_CLSLICE:
        bench_clslice_check(clslice_enqueue_gather(r->rt, q, r->plan,
                                                   r->c->elem_size, r->src, 0,
                                                   r->dst, 0, 0, 0, NULL, NULL,
                                                   &err),
                            &err, "clslice_enqueue_gather");
        break;
    case COMP_COPY_KERNEL:
        bench_copy_enqueue(r->k, q, r->src, r->dst, r->out_bytes, r->copy);
        break;
    case COMP_COPY_BUFFER:
        bench_cl_check(clEnqueueCopyBuffer(q, r->src, r->dst, 0, 0,
                                           r->out_bytes, 0, NULL, NULL),
                       "clEnqueueCopyBuffer");
        break;
    default:
        bench_naive_enqueue(&r->naive, q, r->src, r->dst);
    }
}

/* What a caller waits for: enqueue until the work is done. */
static double time_once(case_run *r, int comp)
{
    double t0 = bench_now();
    enqueue(r, comp);
    bench_cl_check(clFinish(r->cl->queue), "clFinish");
    return bench_now() - t0;
}

/* Runs one competitor into a sentinel-filled output (PoCL does not zero
 * buffers, and a missed element must not pass by luck) and compares the
 * output, and the guard bytes after it, with `want`. */
static void check(case_run *r, int comp, const unsigned char *want,
                  unsigned char *got)
{
    const unsigned char sentinel = SENTINEL;
    size_t total = r->out_bytes + GUARD;
    cl_command_queue q = r->cl->queue;
    bench_cl_check(clEnqueueFillBuffer(q, r->dst, &sentinel, 1, 0, total, 0,
                                       NULL, NULL),
                   "clEnqueueFillBuffer");
    enqueue(r, comp);
    bench_cl_check(clEnqueueReadBuffer(q, r->dst, CL_TRUE, 0, total, got, 0,
                                       NULL, NULL),
                   "clEnqueueReadBuffer");
    bool same = memcmp(got, want, r->out_bytes) == 0;
    for (size_t i = same ? r->out_bytes : 0; i < total; i++) {
        if (i < r->out_bytes && got[i] != want[i])
            bench_die("case %d %s: the %s output differs from the reference "
                      "at element %zu of %zu", r->c->id, r->c->name,
                      COMP_NAMES[comp], i / r->c->elem_size,
                      r->out_bytes / r->c->elem_size);
        if (i >= r->out_bytes && got[i] != SENTINEL)
            bench_die("case %d %s: the %s wrote past the output's end (byte "
                      "%zu)", r->c->id, r->c->name, COMP_NAMES[comp],
                      i - r->out_bytes);
    }
}

/* The fastest plain-copy variant after warming each: the roofline should
 * be the best a plain copy does on this device, not a fixed guess. */
static copy_variant pick_copy(case_run *r, int warm, int pilot,
                              bool verbose)
{
    copy_variant v[MAX_VARIANTS];
    int n = bench_copy_variants(r->k, r->out_bytes, v, MAX_VARIANTS);
    double best = INFINITY, t[16];
    copy_variant chosen = v[0];
    for (int i = 0; i < n; i++) {
        r->copy = v[i];
        for (int w = 0; w < warm; w++)
            time_once(r, COMP_COPY_KERNEL);
        for (int p = 0; p < pilot; p++)
            t[p] = time_once(r, COMP_COPY_KERNEL);
        double m = bench_median(t, pilot);
        if (verbose)
            fprintf(stderr, "  copy kernel, %2zu-byte carrier, local %3zu: "
                            "%.2f GB/s\n", v[i].carrier, v[i].local,
                    bench_gbps(r->out_bytes, m));
        if (m < best)
            best = m, chosen = v[i];
    }
    return chosen;
}

/* Medians of `repeat` runs per competitor, taken round-robin so that
 * drift (frequency, other load) hits every competitor alike. */
static void time_all(case_run *r, int warm, int repeat, double *medians,
                     bool verbose)
{
    double *t = malloc((size_t)repeat * COMP_COUNT * sizeof *t);
    if (!t)
        bench_die("out of memory");
    for (int c = 0; c < COMP_COUNT; c++)
        for (int w = 0; w < warm; w++)
            time_once(r, c);
    for (int i = 0; i < repeat; i++)
        for (int c = 0; c < COMP_COUNT; c++)
            t[c * repeat + i] = time_once(r, c);
    for (int c = 0; c < COMP_COUNT; c++) {
        double *tc = t + c * repeat;
        medians[c] = bench_median(tc, repeat); /* sorts tc */
        if (verbose) /* the spread says how far to trust the median */
            fprintf(stderr, "  %-20s median %9.1f us  %6.2f GB/s  (min %.1f, "
                            "max %.1f us)\n", COMP_NAMES[c], 1e6 * medians[c],
                    bench_gbps(r->out_bytes, medians[c]), 1e6 * tc[0],
                    1e6 * tc[repeat - 1]);
    }
    free(t);
}

static void run_case(const bench_cl *cl, clslice_runtime *rt,
                     bench_kernels *k, const bench_case *c,
                     const options *o, case_result *res)
{
    const int64_t *shape = o->smoke ? c->smoke_shape : c->shape;
    case_run r = {cl, rt, k, c, NULL, 0, 0, NULL, NULL, {0}, {0, 0}};
    clslice_error err;
    bench_clslice_check(clslice_plan_expr(shape, c->rank, c->expr, &r.plan,
                                          &err),
                        &err, c->name);
    r.in_bytes = bench_case_bytes(c, shape);
    r.out_bytes = (size_t)clslice_plan_output_elements(r.plan) * c->elem_size;
    if (r.out_bytes == 0 || r.out_bytes > r.in_bytes) /* cases.c is wrong */
        bench_die("case %d %s: output of %zu bytes from %zu", c->id, c->name,
                  r.out_bytes, r.in_bytes);

    unsigned char *in = malloc(r.in_bytes), *want = malloc(r.out_bytes),
                  *got = malloc(r.out_bytes + GUARD);
    if (!in || !want || !got)
        bench_die("out of memory (case %d)", c->id);
    bench_fill_pattern(in, r.in_bytes);
    bench_clslice_check(clslice_host_gather(r.plan, c->elem_size, in,
                                            r.in_bytes, want, r.out_bytes,
                                            &err),
                        &err, "clslice_host_gather");
    r.src = bench_buffer(cl, r.in_bytes);
    r.dst = bench_buffer(cl, r.out_bytes + GUARD);
    bench_cl_check(clEnqueueWriteBuffer(cl->queue, r.src, CL_TRUE, 0,
                                        r.in_bytes, in, 0, NULL, NULL),
                   "clEnqueueWriteBuffer");
    bench_naive_prepare(k, cl, r.plan, c->elem_size, &r.naive);

    int warm = o->smoke ? 1 : 3;
    check(&r, COMP_CLSLICE, want, got);
    check(&r, COMP_NAIVE, want, got);
    r.copy = pick_copy(&r, warm, o->smoke ? 1 : 3, o->verbose);
    check(&r, COMP_COPY_KERNEL, in, got); /* the copies move the first */
    check(&r, COMP_COPY_BUFFER, in, got); /* out_bytes of the input */
    free(in);
    free(want);
    free(got);

    int repeat = o->repeat;
    if (!o->smoke && r.out_bytes < SMALL_CASE)
        repeat *= SMALL_REPEAT_FACTOR;
    res->c = c;
    res->out_bytes = r.out_bytes;
    res->repeat = repeat;
    res->copy = r.copy;
    cpu_sample before, after;
    bool sampled = bench_cpu_sample(&before);
    time_all(&r, warm, repeat, res->seconds, o->verbose);
    res->other_load = sampled && bench_cpu_sample(&after)
                          ? bench_other_load(&before, &after) : NAN;

    bench_naive_release(&r.naive);
    clReleaseMemObject(r.src);
    clReleaseMemObject(r.dst);
    clslice_plan_release(&r.plan);
}

/* ---- the run ------------------------------------------------------------- */

static void run_numpy(const options *o, const int *selected, int n,
                      case_result *results, char *why, size_t why_size)
{
    numpy_result *np = calloc((size_t)n, sizeof *np);
    int *repeats = malloc((size_t)n * sizeof *repeats);
    if (!np || !repeats)
        bench_die("out of memory");
    for (int i = 0; i < n; i++) {
        /* The same repeat rule as the device side, decided on the output
         * size the plan gives. */
        const bench_case *c = &bench_cases[selected[i]];
        clslice_plan *plan = NULL;
        clslice_error err;
        bench_clslice_check(clslice_plan_expr(o->smoke ? c->smoke_shape
                                                       : c->shape,
                                              c->rank, c->expr, &plan, &err),
                            &err, c->name);
        size_t out = (size_t)clslice_plan_output_elements(plan) * c->elem_size;
        clslice_plan_release(&plan);
        repeats[i] = o->repeat * (!o->smoke && out < SMALL_CASE
                                      ? SMALL_REPEAT_FACTOR : 1);
    }
    fprintf(stderr, "clslice-bench: numpy (%s)...\n", o->numpy_script);
    int rc = bench_numpy_run(o->numpy_script, selected, repeats, n, o->smoke,
                             np, why, why_size);
    if (rc < 0 && o->smoke) /* the smoke test keeps the script from rotting */
        bench_die("numpy: %s", why);
    if (rc != 0)
        fprintf(stderr, "clslice-bench: numpy not measured: %s\n", why);
    for (int i = 0; i < n; i++)
        results[i].numpy = np[i];
    free(np);
    free(repeats);
}

int main(int argc, char **argv)
{
    options o;
    parse_args(argc, argv, &o);
    double start = bench_now();
    cpu_sample run_start, run_end;
    bool sampled = bench_cpu_sample(&run_start);
    int selected[64];
    int n = select_cases(o.cases, selected);

    bench_cl cl;
    char why[512] = "";
    if (bench_cl_open(o.device, &cl, why, sizeof why) != 0) {
        printf("clslice-bench: %s: nothing to measure%s\n", why,
               o.smoke ? " (smoke test skipped)" : "");
        return o.smoke ? 0 : 1;
    }
    fprintf(stderr, "clslice-bench: device %s, %d repeats%s\n",
            cl.device_name, o.repeat, o.smoke ? " (smoke: tiny shapes)" : "");

    /* Latency first: nothing else in this process has built a clslice
     * program yet, so the first call is as cold as a user's. */
    latency_result lat;
    bench_latency(&cl, bench_case_by_id(9), o.smoke,
                  o.smoke ? 2 : o.quick ? 50 : 200, &lat);
    plan_result plan;
    bench_plan_build(bench_case_by_id(7), o.smoke ? 2 : o.quick ? 50 : 200,
                     o.smoke ? 100 : 1000, &plan);

    case_result *results = calloc((size_t)n, sizeof *results);
    if (!results)
        bench_die("out of memory");
    char numpy_why[512] = "";
    if (o.numpy)
        run_numpy(&o, selected, n, results, numpy_why, sizeof numpy_why);
    else
        snprintf(numpy_why, sizeof numpy_why, "--no-numpy");

    clslice_runtime *rt = NULL;
    clslice_error err;
    bench_clslice_check(clslice_runtime_create(cl.context, &rt, &err), &err,
                        "clslice_runtime_create");
    bench_kernels *k = bench_kernels_create(&cl);
    for (int i = 0; i < n; i++) {
        const bench_case *c = &bench_cases[selected[i]];
        fprintf(stderr, "clslice-bench: case %d %s\n", c->id, c->name);
        run_case(&cl, rt, k, c, &o, &results[i]);
    }
    bench_kernels_release(&k);
    clslice_runtime_release(&rt);

    const char *mode = o.smoke ? "smoke" : o.quick ? "quick" : "full";
    if (o.smoke)
        printf("clslice-bench --smoke: every competitor's output is right on "
               "%d cases (%s); timings below are not measurements\n", n,
               cl.device_name);
    report_table(stdout, results, n, &lat, &plan, cl.device_name, numpy_why);
    if (o.json) {
        FILE *f = fopen(o.json, "w");
        if (!f)
            bench_die("cannot write %s: %s", o.json, strerror(errno));
        report_json(f, results, n, &lat, &plan, cl.device_name, mode,
                    o.repeat, bench_now() - start,
                    sampled && bench_cpu_sample(&run_end)
                        ? bench_other_load(&run_start, &run_end) : NAN);
        if (fclose(f) != 0)
            bench_die("writing %s failed", o.json);
    }
    free(results);
    bench_cl_close(&cl);
    return 0;
}
