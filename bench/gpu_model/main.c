/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * clslice-gpu-model: runs the model's cases on Oclgrind with the warp
 * plugin loaded and reports (gpu_model.h says what and why).
 *
 *   oclgrind --plugins libclslice-gpu-model-plugin.so \
 *       clslice-gpu-model [--small] [--case ID,...] [--json FILE]
 *       [--check BOUNDS | --write-bounds BOUNDS] [--figures TSV]
 *   clslice-gpu-model --self-test
 *
 * scripts/bench.sh --gpu-model runs it at the report's sizes; the test
 * suite runs it with --small --check bench/gpu_model/bounds.txt.
 */
#define _POSIX_C_SOURCE 200809L
#include "gpu_model.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opencl/runtime/runtime.h"

typedef struct options {
    bool small, self_test;
    const char *only, *json, *check, *write, *figures;
} options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: oclgrind --plugins libclslice-gpu-model-plugin.so \\\n"
            "         clslice-gpu-model [--small] [--case ID,...] "
            "[--json FILE]\n"
            "         [--check BOUNDS | --write-bounds BOUNDS] "
            "[--figures TSV]\n"
            "  --figures TSV   the GPU compilers' figures (default "
            "%s)\n"
            "  --self-test     check the occupancy and v2 terms against\n"
            "                  hand-worked values (no Oclgrind) and exit\n"
            "  --small         the test's sizes (else the report's)\n"
            "  --case ID,...   only these cases (ids as the table shows)\n"
            "  --json FILE     one JSON object per case\n"
            "  --check BOUNDS  exit 1 when a count passes its bound or the\n"
            "                  calibration is off\n"
            "  --write-bounds BOUNDS  record the counts as the bounds\n",
            CLSLICE_GPU_MODEL_FIGURES);
}

static const char *value_of(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "clslice-gpu-model: %s needs a value\n", argv[*i]);
        exit(2);
    }
    return argv[++*i];
}

static options parse(int argc, char **argv)
{
    options o = {.figures = CLSLICE_GPU_MODEL_FIGURES};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--small"))
            o.small = true;
        else if (!strcmp(argv[i], "--self-test"))
            o.self_test = true;
        else if (!strcmp(argv[i], "--case"))
            o.only = value_of(argc, argv, &i);
        else if (!strcmp(argv[i], "--json"))
            o.json = value_of(argc, argv, &i);
        else if (!strcmp(argv[i], "--check"))
            o.check = value_of(argc, argv, &i);
        else if (!strcmp(argv[i], "--write-bounds"))
            o.write = value_of(argc, argv, &i);
        else if (!strcmp(argv[i], "--figures"))
            o.figures = value_of(argc, argv, &i);
        else if (!strcmp(argv[i], "--help")) {
            usage(stdout);
            exit(0);
        } else {
            usage(stderr);
            exit(2);
        }
    }
    return o;
}

static bool selected(const options *o, const bench_gm_case *c)
{
    if (!o->only)
        return true;
    size_t n = strlen(c->id);
    for (const char *p = o->only; *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && strncmp(p, c->id, n) == 0)
            return true;
        p += len + (end != NULL);
    }
    return false;
}

/* The simulator, and the plugin's record file: CLSLICE_GPU_MODEL_OUT's,
 * or a temporary one of our own (true). */
static bool open_env(bench_gm_env *env, bool small, char *records,
                     size_t size)
{
    char why[256];
    if (bench_cl_open(-1, &env->cl, why, sizeof why))
        bench_die("%s", why);
    if (!strstr(env->cl.device_name, "Oclgrind"))
        bench_die("the device is %s, not the Oclgrind simulator: run "
                  "clslice-gpu-model under `oclgrind --plugins "
                  "libclslice-gpu-model-plugin.so`",
                  env->cl.device_name);
    printf("device: %s\n", env->cl.device_name);
    clslice_error err;
    bench_clslice_check(cs_device_query(env->cl.device, &env->device, &err),
                        &err, "cs_device_query");
    bench_clslice_check(clslice_runtime_create(env->cl.context, &env->rt,
                                               &err),
                        &err, "clslice_runtime_create");
    env->small = small;
    const char *given = getenv("CLSLICE_GPU_MODEL_OUT");
    if (given) {
        snprintf(records, size, "%s", given);
        return false;
    }
    snprintf(records, size, "/tmp/clslice-gpu-model-XXXXXX");
    int fd = mkstemp(records);
    if (fd < 0)
        bench_die("cannot create a record file");
    close(fd);
    setenv("CLSLICE_GPU_MODEL_OUT", records, 1);
    return true;
}

static void run_case(const bench_gm_env *env, const bench_gm_case *c,
                     bench_gm_run *run)
{
    memset(run, 0, sizeof *run);
    switch (c->op) {
    case BENCH_GM_BATCH:
        bench_gm_run_batch(env, c, run);
        break;
    case BENCH_GM_DYNAMIC:
    case BENCH_GM_DYNAMIC_SCATTER:
        bench_gm_run_dynamic(env, c, run);
        break;
    case BENCH_GM_CSR:
        bench_gm_run_csr(env, c, run);
        break;
    case BENCH_GM_COPY:
        bench_gm_run_copy(env, c, run);
        break;
    default:
        bench_gm_run_dense(env, c, run);
    }
}

static int run_all(const options *o, const bench_gm_env *env,
                   const char *records,
                   const bench_gm_compiled_table *compiled,
                   bench_gm_row *rows)
{
    long offset = 0;
    bench_gm_counts skipped = {0};
    bench_gm_records_take(records, &offset, &skipped);
    int count = 0;
    for (int i = 0; i < bench_gm_case_count; i++) {
        const bench_gm_case *c = &bench_gm_cases[i];
        if (!selected(o, c))
            continue;
        bench_gm_row *r = &rows[count++];
        memset(r, 0, sizeof *r);
        r->c = c;
        run_case(env, c, &r->run);
        if (bench_gm_records_take(records, &offset, &r->n) == 0)
            bench_die("case %s launched no kernel the warp plugin saw: is "
                      "it loaded (oclgrind --plugins ...)?", c->id);
        bench_gm_figures_of(c, &r->n, &r->run, compiled, &r->f);
    }
    return count;
}

int main(int argc, char **argv)
{
    options o = parse(argc, argv);
    if (o.self_test)
        return bench_gm_self_test() ? 1 : 0;
    /* first, so that a missing figures file stops the run at once */
    bench_gm_compiled_table compiled;
    bench_gm_compiled_load(o.figures, "sm_90", &compiled);
    bench_gm_env env;
    char records[512];
    bool own_records = open_env(&env, o.small, records, sizeof records);
    const char *slash = strrchr(compiled.path, '/');
    printf("compiler figures: %d %s rows of %s\n", compiled.count,
           compiled.target, slash ? slash + 1 : compiled.path);
    bench_gm_row *rows = bench_gm_alloc((size_t)bench_gm_case_count *
                                        sizeof *rows);
    int count = run_all(&o, &env, records, &compiled, rows);
    bench_gm_report(stdout, rows, count, o.small);
    if (o.json) {
        FILE *f = fopen(o.json, "w");
        if (!f)
            bench_die("cannot write %s", o.json);
        bench_gm_report_json(f, rows, count, o.small);
        fclose(f);
    }
    int bad = 0;
    if (o.check)
        bad = bench_gm_calibration_check(rows, count) +
              bench_gm_bounds_check(o.check, rows, count);
    if (o.write)
        bench_gm_bounds_write(o.write, rows, count);
    if (own_records)
        remove(records);
    clslice_runtime_release(&env.rt);
    bench_cl_close(&env.cl);
    free(rows);
    bench_gm_compiled_free(&compiled);
    if (bad)
        printf("clslice-gpu-model: %d count(s) out of bounds\n", bad);
    return bad ? 1 : 0;
}
