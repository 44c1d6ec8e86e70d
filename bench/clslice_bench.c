/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-bench: how close clslice comes to the memory roofline, and how
 * far ahead it is of what users would otherwise use: the gather against
 * a copy kernel, clEnqueueCopyBuffer, a naive kernel, numpy, onnxruntime
 * and OpenVINO, the scatter on the same cases, and CSR slicing against
 * scipy (docs/performance.md explains every column).  `clslice-bench --help`
 * lists the options, and scripts/bench.sh is the one documented command.
 *
 * Every case is built from its numpy expression, its buffers are created
 * once, and every competitor's output is checked against the host oracle
 * before anything is timed: a fast wrong kernel must not produce a number.
 * The host peers run in one child process that lives as long as the
 * run, one timed run at a time in the same round-robin as the device
 * competitors (peers.c), so both meet the same load; scipy runs in a
 * child process of its own before the CSR rows.
 */
#include "bench.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef CLSLICE_BENCH_PEERS_SCRIPT
#define CLSLICE_BENCH_PEERS_SCRIPT "bench/peers.py"
#endif
#ifndef CLSLICE_BENCH_SCIPY_SCRIPT
#define CLSLICE_BENCH_SCIPY_SCRIPT "bench/scipy_bench.py"
#endif

/* The parts --only picks. */
enum { PART_GATHER = 1, PART_SCATTER = 2, PART_CSR = 4, PART_BATCH = 8,
       PART_DYNAMIC = 16, PART_CONCAT = 32, PART_ALL = 63 };

typedef struct options {
    long device;          /* -1: the default device */
    int repeat;
    bool quick, smoke, peers, scipy, verbose, huge_pages;
    unsigned parts;
    const char *json;
    const char *peers_script, *scipy_script;
    const char *cases;    /* comma-separated case numbers, or NULL: all */
} options;

static void usage(FILE *f)
{
    fprintf(f,
        "usage: clslice-bench [options]\n"
        "Times clslice_enqueue_gather and clslice_enqueue_scatter on ten\n"
        "dense cases against a plain copy kernel (the roofline),\n"
        "clEnqueueCopyBuffer, a naive kernel and the host peers (numpy,\n"
        "onnxruntime, OpenVINO), in GB/s (2 x slice bytes per second),\n"
        "interleaved run by run, and CSR slicing (clslice_cl_csr_count +\n"
        "clslice_cl_csr_fill) against a copy of the result's bytes,\n"
        "clslice's host slicer and scipy.sparse; prints tables of medians.\n\n"
        "  --device N        OpenCL device N of the flat list over all\n"
        "                    platforms (as `clslice devices`); default: the\n"
        "                    first GPU, else the first device\n"
        "  --repeat R        timed runs per competitor (default 15; outputs\n"
        "                    under 1 MB get %dx as many)\n"
        "  --quick           fewer repeats and iterations (5)\n"
        "  --smoke           tiny shapes, one run, correctness checks only;\n"
        "                    the timings it prints mean nothing (ctest)\n"
        "  --only PARTS      only these of gather,scatter,csr,batch,dynamic,\n"
        "                    concat (comma-separated; default all six;\n"
        "                    batch: 64 slices of one tensor, one batched\n"
        "                    call vs 64 calls; dynamic: device-resident tf\n"
        "                    specs against static gathers; concat: 64\n"
        "                    inputs into one tensor, one call vs 64\n"
        "                    scatters)\n"
        "  --case LIST       only these dense case numbers, e.g. --case 1,9\n"
        "  --json FILE       also write one JSON object per line to FILE\n"
        "  --no-peers        do not time the host peers (also --no-numpy)\n"
        "  --no-scipy        do not run the scipy comparison\n"
        "  --python P        the Python that runs the peers and scipy\n"
        "                    (default $CLSLICE_BENCH_PYTHON, else python3);\n"
        "                    peers it cannot import are skipped, each\n"
        "                    saying why\n"
        "  --verbose         also print each plain-copy variant's pilot time\n"
        "  --huge-pages      device buffers of 2 MiB or more over host memory\n"
        "                    on transparent huge pages, as numpy's arrays\n"
        "                    are (PoCL's own buffers use 4 KiB pages)\n"
        "  --peers-script P  the host peers' script (default %s)\n"
        "  --scipy-script P  the scipy script (default %s)\n"
        "  --help            this text\n"
        "Exit status: 0 on success (and for --smoke on a machine without an\n"
        "OpenCL device), 1 on any failure or wrong result, 2 on bad usage.\n",
        BENCH_SMALL_REPEAT_FACTOR, CLSLICE_BENCH_PEERS_SCRIPT,
        CLSLICE_BENCH_SCIPY_SCRIPT);
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

static unsigned parse_only(const char *list)
{
    static const char *const names[] = {"gather", "scatter", "csr",
                                        "batch", "dynamic", "concat"};
    unsigned parts = 0;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        unsigned before = parts;
        for (unsigned i = 0; i < sizeof names / sizeof *names; i++)
            if (len == strlen(names[i]) && !strncmp(p, names[i], len))
                parts |= 1u << i;
        if (parts == before) {
            fprintf(stderr, "clslice-bench: --only wants gather, scatter, "
                            "csr, batch, dynamic or concat "
                            "(comma-separated), not '%s'\n",
                    list);
            exit(2);
        }
        p += len + (p[len] == ',');
    }
    return parts;
}

static void parse_args(int argc, char **argv, options *o)
{
    *o = (options){.device = -1, .peers = true, .scipy = true,
                   .parts = PART_ALL,
                   .peers_script = CLSLICE_BENCH_PEERS_SCRIPT,
                   .scipy_script = CLSLICE_BENCH_SCIPY_SCRIPT};
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
        } else if (!strcmp(a, "--huge-pages")) {
            o->huge_pages = true;
        } else if (!strcmp(a, "--no-peers") || !strcmp(a, "--no-numpy")) {
            o->peers = false;
        } else if (!strcmp(a, "--no-scipy")) {
            o->scipy = false;
        } else if (!strcmp(a, "--json") && next) {
            o->json = argv[++i];
        } else if (!strcmp(a, "--peers-script") && next) {
            o->peers_script = argv[++i];
        } else if (!strcmp(a, "--python") && next) {
            bench_python = argv[++i];
        } else if (!strcmp(a, "--scipy-script") && next) {
            o->scipy_script = argv[++i];
        } else if (!strcmp(a, "--case") && next) {
            o->cases = argv[++i];
        } else if (!strcmp(a, "--only") && next) {
            o->parts = parse_only(argv[++i]);
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

/* ---- the run ------------------------------------------------------------- */

static bench_opts driver_opts(const options *o)
{
    return (bench_opts){o->smoke, o->verbose, o->repeat};
}

/* The gather and scatter rows of the selected cases, packed into
 * results[]; returns how many. */
static int run_dense(const options *o, const bench_cl *cl,
                     clslice_runtime *rt, bench_kernels *k,
                     bench_peers *peers, const int *selected, int n,
                     case_result *all, case_result *results)
{
    bench_opts dopts = driver_opts(o);
    bool gather = o->parts & PART_GATHER, scatter = o->parts & PART_SCATTER;
    for (int i = 0; i < n; i++) {
        const bench_case *c = &bench_cases[selected[i]];
        fprintf(stderr, "clslice-bench: case %d %s\n", c->id, c->name);
        bench_dense_case(cl, rt, k, peers, c, &dopts,
                         gather ? &all[i] : NULL,
                         scatter ? &all[n + i] : NULL);
    }
    int m = 0;
    for (int i = 0; i < 2 * n; i++)
        if ((i < n && gather) || (i >= n && scatter))
            results[m++] = all[i];
    return m;
}

int main(int argc, char **argv)
{
    options o;
    const char *python = getenv("CLSLICE_BENCH_PYTHON");
    if (python && *python)
        bench_python = python;
    parse_args(argc, argv, &o);
    double start = bench_now();
    cpu_sample run_start, run_end;
    bool sampled = bench_cpu_sample(&run_start);
    int selected[64];
    bool dense = o.parts & (PART_GATHER | PART_SCATTER);
    int n = dense ? select_cases(o.cases, selected) : 0;

    /* The peers' process starts before OpenCL does: forked later, it
     * would inherit the driver's state (PoCL's threads and descriptors),
     * and onnxruntime crashed in such a child. */
    bench_peers *peers = NULL;
    if (dense && o.peers) {
        fprintf(stderr, "clslice-bench: host peers (%s %s)\n", bench_python,
                o.peers_script);
        peers = bench_peers_start(bench_python, o.peers_script);
    }
    bench_cl cl;
    char why[512] = "";
    if (bench_cl_open(o.device, &cl, why, sizeof why) != 0) {
        printf("clslice-bench: %s: nothing to measure%s\n", why,
               o.smoke ? " (smoke test skipped)" : "");
        return o.smoke ? 0 : 1;
    }
    cl.huge_pages = o.huge_pages;
    fprintf(stderr, "clslice-bench: device %s, %d repeats%s\n",
            cl.device_name, o.repeat, o.smoke ? " (smoke: tiny shapes)" : "");

    /* Latency first: nothing else in this process has built a clslice
     * program yet, so the first call is as cold as a user's.  Both are
     * the gather's. */
    latency_result lat, *latp = NULL;
    plan_result plan, *planp = NULL;
    if (o.parts & PART_GATHER) {
        bench_latency(&cl, bench_case_by_id(9), o.smoke,
                      o.smoke ? 2 : o.quick ? 50 : 200, &lat);
        bench_plan_build(bench_case_by_id(7),
                         o.smoke ? 2 : o.quick ? 50 : 200,
                         o.smoke ? 100 : 1000, &plan);
        latp = &lat, planp = &plan;
    }

    case_result *all = calloc(2 * (size_t)n + 1, sizeof *all);
    case_result *results = calloc(2 * (size_t)n + 1, sizeof *results);
    int n_csr = (o.parts & PART_CSR) ? 2 * bench_csr_case_count : 0;
    csr_result *csr = calloc((size_t)n_csr + 1, sizeof *csr);
    if (!all || !results || !csr)
        bench_die("out of memory");
    char scipy_why[512] = "";

    clslice_runtime *rt = NULL;
    clslice_error err;
    bench_clslice_check(clslice_runtime_create(cl.context, &rt, &err), &err,
                        "clslice_runtime_create");
    bench_kernels *k = bench_kernels_create(&cl);
    int m = run_dense(&o, &cl, rt, k, peers, selected, n, all, results);
    /* The smoke test keeps peers.py from rotting: it may lack its
     * modules, but must not fail. */
    if (o.smoke && peers && bench_peers_failed(peers))
        bench_die("host peers: %s", bench_peers_why(peers, PEER_NUMPY));
    if (n_csr) {
        bench_opts dopts = driver_opts(&o);
        bench_csr_run(&cl, rt, k, &dopts, o.scipy ? o.scipy_script : NULL,
                      csr, scipy_why, sizeof scipy_why);
    }
    batch_result batch[BENCH_BATCH_ROWS];
    if (o.parts & PART_BATCH) {
        bench_opts dopts = driver_opts(&o);
        fprintf(stderr, "clslice-bench: batch\n");
        bench_batch_run(&cl, rt, &dopts, batch);
    }
    if (o.parts & PART_DYNAMIC) {
        bench_opts dopts = driver_opts(&o);
        bench_dynamic_run(&cl, rt, &dopts);
    }
    concat_result concat;
    if (o.parts & PART_CONCAT) {
        bench_opts dopts = driver_opts(&o);
        fprintf(stderr, "clslice-bench: concat\n");
        bench_concat_run(&cl, rt, &dopts, &concat);
    }
    bench_kernels_release(&k);
    clslice_runtime_release(&rt);

    const char *mode = o.smoke ? "smoke" : o.quick ? "quick" : "full";
    if (o.smoke)
        printf("clslice-bench --smoke: every competitor's output is right on "
               "%d dense and %d CSR rows (%s); timings below are not "
               "measurements\n", m, n_csr, cl.device_name);
    report_header(stdout, cl.device_name);
    if (o.parts & PART_GATHER)
        report_dense(stdout, results, m, false, peers);
    if (o.parts & PART_SCATTER)
        report_dense(stdout, results, m, true, peers);
    if (n_csr)
        report_csr(stdout, csr, n_csr, scipy_why);
    if (o.parts & PART_BATCH)
        report_batch(stdout, batch, BENCH_BATCH_ROWS);
    if (o.parts & PART_CONCAT)
        report_concat(stdout, &concat);
    report_footer(stdout, results, m, latp, planp);
    bench_dynamic_report(stdout);
    if (o.json) {
        FILE *f = fopen(o.json, "w");
        if (!f)
            bench_die("cannot write %s: %s", o.json, strerror(errno));
        report_json(f, results, m, peers, csr, n_csr, latp, planp,
                    cl.device_name,
                    mode, o.repeat, bench_now() - start,
                    sampled && bench_cpu_sample(&run_end)
                        ? bench_other_load(&run_start, &run_end) : NAN);
        if (o.parts & PART_BATCH)
            report_batch_json(f, batch, BENCH_BATCH_ROWS, cl.device_name);
        if (o.parts & PART_CONCAT)
            report_concat_json(f, &concat, cl.device_name);
        bench_dynamic_json(f);
        if (fclose(f) != 0)
            bench_die("writing %s failed", o.json);
    }
    bench_peers_stop(&peers);
    free(all);
    free(results);
    free(csr);
    bench_cl_close(&cl);
    return 0;
}
