/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Data-driven conformance suite: runs every case of the JSON files in tests/cases
 * through the matching public front-end and checks output shapes, errors,
 * gathered values and (where the case gives them) the canonical plan.
 *
 * One table names each file and its runner: the classic files' runners
 * (case_classic.h) and the newer front-ends' (case_fronts.h).  Cases that
 * are not targets are listed in tests/cases/deviations.txt (`FILE INDEX
 * reason`).  A listed case that fails is a known deviation; an unlisted
 * case that fails, or a listed case that now passes, fails the test.
 * Per-file counts are printed at the end.
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "case_classic.h"
#include "case_dynamic.h"
#include "case_fronts.h"
#include "case_write.h"

/* ------------------------------------------------------------------------ */
/* The files                                                                 */
/* ------------------------------------------------------------------------ */

/* The newer front-ends' files, through case_fronts.c. */
static void run_front_case(const cJSON *cs, const cJSON *all, cc_case *c)
{
    (void)all;
    char log[1024];
    int verdict = cf_run_case(cs, log, sizeof log);
    if (verdict == CF_FAIL)
        cc_fail(c, "%s", log);
    else if (verdict == CF_UNCHECKABLE)
        cc_uncheckable(c, "%s", log);
}

typedef struct case_file {
    const char *file;
    cc_runner runner;
    int total, passed, deviations, failed, ran;
} case_file;

static case_file g_files[] = {
    {"tf_strided_slice.json", cc_run_tf, 0, 0, 0, 0, 0},
    {"openvino_strided_slice.json", cc_run_openvino, 0, 0, 0, 0, 0},
    {"mxnet_slice.json", cc_run_mxnet, 0, 0, 0, 0, 0},
    {"onnx_slice.json", cc_run_onnx, 0, 0, 0, 0, 0},
    {"tflite_strided_slice.json", run_front_case, 0, 0, 0, 0, 0},
    {"tf_slice.json", run_front_case, 0, 0, 0, 0, 0},
    {"xla_slice.json", run_front_case, 0, 0, 0, 0, 0},
    {"openvino_slice.json", run_front_case, 0, 0, 0, 0, 0},
    {"torch_slice.json", run_front_case, 0, 0, 0, 0, 0},
    {"split.json", run_front_case, 0, 0, 0, 0, 0},
};
#define N_FILES (sizeof g_files / sizeof g_files[0])

static int known_file(const char *name)
{
    for (size_t i = 0; i < N_FILES; i++)
        if (strcmp(name, g_files[i].file) == 0)
            return 1;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Deviations                                                                */
/* ------------------------------------------------------------------------ */

typedef struct deviation {
    char file[128];
    long index;
    char reason[512];
    int matched; /* the case exists */
} deviation;

static deviation *g_dev;
static size_t g_dev_n;
static int g_dev_loaded;

static deviation *find_deviation(const char *file, long index)
{
    for (size_t i = 0; i < g_dev_n; i++)
        if (strcmp(g_dev[i].file, file) == 0 && g_dev[i].index == index)
            return &g_dev[i];
    return NULL;
}

/* The line without its surrounding blanks and line end. */
static char *trimmed(char *line)
{
    size_t len = strlen(line);
    while (len && strchr("\n\r \t", line[len - 1]))
        line[--len] = '\0';
    while (*line == ' ' || *line == '\t')
        line++;
    return line;
}

/* One `FILE INDEX reason` entry into *d: 0, or -1 after saying what is
 * wrong with it. */
static int parse_deviation(const char *p, const char *where, deviation *d)
{
    memset(d, 0, sizeof *d);
    int used = 0;
    if (sscanf(p, "%127s %ld %n", d->file, &d->index, &used) != 2 ||
        used <= 0 || p[used] == '\0') {
        printf("%s: expected `FILE INDEX reason`\n", where);
        return -1;
    }
    snprintf(d->reason, sizeof d->reason, "%s", p + used);
    if (!known_file(d->file)) {
        printf("%s: unknown case file %s\n", where, d->file);
        return -1;
    }
    if (find_deviation(d->file, d->index)) {
        printf("%s: %s %ld listed twice\n", where, d->file, d->index);
        return -1;
    }
    return 0;
}

static int add_deviation(const deviation *d)
{
    deviation *grown = realloc(g_dev, (g_dev_n + 1) * sizeof *grown);
    if (!grown)
        return -1;
    g_dev = grown;
    g_dev[g_dev_n++] = *d;
    return 0;
}

static int load_deviations(void **state)
{
    (void)state;
    const char *path = tu_data_path("cases/deviations.txt");
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("cannot open %s\n", path);
        return -1;
    }
    char line[1024], where[1200];
    int lineno = 0, bad = 0, status = 0;
    while (status == 0 && fgets(line, sizeof line, f)) {
        char *p = trimmed(line);
        snprintf(where, sizeof where, "%s:%d", path, ++lineno);
        deviation d;
        if (*p == '\0' || *p == '#')
            continue;
        if (parse_deviation(p, where, &d) != 0)
            bad = 1;
        else
            status = add_deviation(&d);
    }
    fclose(f);
    g_dev_loaded = !bad;
    return status;
}

static int free_deviations(void **state)
{
    (void)state;
    free(g_dev);
    g_dev = NULL;
    g_dev_n = 0;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Running a file                                                            */
/* ------------------------------------------------------------------------ */

/* Counts case `index`'s verdict against the deviations, printing what is
 * not a plain pass. */
static void judge(case_file *fs, long index, const cc_case *c)
{
    deviation *d = find_deviation(fs->file, index);
    int passed = !c->failed && !c->uncheckable;
    fs->total++;
    if (d)
        d->matched = 1;
    if (passed && !d) {
        fs->passed++;
    } else if (passed) {
        fs->failed++;
        printf("STALE DEVIATION %s %ld: the case passes now; remove it "
               "from deviations.txt (listed as: %s)\n",
               fs->file, index, d->reason);
    } else if (d) {
        fs->deviations++;
        printf("known deviation %s %ld: %s\n%s", fs->file, index, d->reason,
               c->log);
    } else {
        fs->failed++;
        printf("FAIL %s %ld%s\n%s", fs->file, index,
               c->uncheckable ? " (cannot be checked; list it with a reason)"
                              : "",
               c->log);
    }
}

/* Deviations pointing past the end of the file (of `cases` cases) are
 * stale too. */
static void judge_missing(case_file *fs, long cases)
{
    for (size_t i = 0; i < g_dev_n; i++)
        if (strcmp(g_dev[i].file, fs->file) == 0 &&
            (g_dev[i].index < 0 || g_dev[i].index >= cases)) {
            printf("STALE DEVIATION %s %ld: no such case\n", fs->file,
                   g_dev[i].index);
            fs->failed++;
        }
}

/* Runs every case of the file; 0, or -1 when a case could not be given
 * its record. */
static int run_cases(case_file *fs, const cJSON *root)
{
    long index = 0;
    const cJSON *cs;
    cJSON_ArrayForEach(cs, root)
    {
        cc_case *c = calloc(1, sizeof *c);
        if (!c)
            return -1;
        fs->runner(cs, root, c);
        judge(fs, index++, c);
        free(c);
    }
    judge_missing(fs, index);
    return 0;
}

static void run_file(size_t which)
{
    case_file *fs = &g_files[which];
    char rel[256];
    snprintf(rel, sizeof rel, "cases/%s", fs->file);
    cJSON *root = cj_load(tu_data_path(rel));
    if (!root || !cJSON_IsArray(root)) {
        cJSON_Delete(root);
        fail_msg("cannot read %s as a JSON array", tu_data_path(rel));
        return;
    }
    fs->ran = 1;
    int status = run_cases(fs, root);
    cJSON_Delete(root);
    if (status != 0)
        fail_msg("out of memory");
    printf("%s: %d cases: %d passed, %d known deviations, %d failed\n",
           fs->file, fs->total, fs->passed, fs->deviations, fs->failed);
    fflush(stdout);
    if (fs->failed)
        fail_msg("%s: %d case(s) failed", fs->file, fs->failed);
}

static void test_deviation_file(void **state)
{
    (void)state;
    if (!g_dev_loaded)
        fail_msg("deviations.txt has malformed entries (see above)");
}

/* One test per file, so that a failure in one does not hide the rest. */
#define FILE_TEST(name, index)                                              \
    static void name(void **state)                                          \
    {                                                                       \
        (void)state;                                                        \
        run_file(index);                                                    \
    }
FILE_TEST(test_tf, 0)
FILE_TEST(test_openvino, 1)
FILE_TEST(test_mxnet, 2)
FILE_TEST(test_onnx, 3)
FILE_TEST(test_tflite, 4)
FILE_TEST(test_tf_slice, 5)
FILE_TEST(test_xla, 6)
FILE_TEST(test_openvino_slice, 7)
FILE_TEST(test_torch, 8)
FILE_TEST(test_split, 9)

static void print_summary(void)
{
    printf("%d writes and %d StridedSliceGrad cases checked on the host%s\n",
           cc_writes(), cc_grads(),
           cw_has_device() ? " and the OpenCL device" : " (no OpenCL device)");
    if (cc_dynamic())
        printf("%d cases checked through the dynamic path\n", cd_runs());
    printf("\nconformance summary (passed / known deviations / failed):\n");
    for (size_t i = 0; i < N_FILES; i++) {
        const case_file *fs = &g_files[i];
        if (fs->ran)
            printf("  %-28s %3d / %3d / %3d   (%d cases)\n", fs->file,
                   fs->passed, fs->deviations, fs->failed, fs->total);
        else
            printf("  %-28s not run\n", fs->file);
    }
    fflush(stdout);
}

int main(int argc, char **argv)
{
    cc_set_dynamic(argc > 1 && strcmp(argv[1], "--dynamic") == 0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deviation_file),
        cmocka_unit_test(test_tf),
        cmocka_unit_test(test_openvino),
        cmocka_unit_test(test_mxnet),
        cmocka_unit_test(test_onnx),
        cmocka_unit_test(test_tflite),
        cmocka_unit_test(test_tf_slice),
        cmocka_unit_test(test_xla),
        cmocka_unit_test(test_openvino_slice),
        cmocka_unit_test(test_torch),
        cmocka_unit_test(test_split),
    };
    int rc = cmocka_run_group_tests(tests, load_deviations, free_deviations);
    print_summary();
    cw_close();
    cd_close();
    return rc;
}
