/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Another program truncates the input of `clslice slice` while the tool
 * slices it on the OpenCL device.  Every run must end in one of two
 * ways: exit 0 with the right output (the truncation came too late to
 * matter), or exit 3 with "clslice: PATH: the file shrank ..." and OUT
 * left as it was, with no temporary file beside it.  Death by a signal
 * (SIGBUS: exit 135 in a shell) is the failure this test exists for: an
 * OpenCL driver may replace the tool's SIGBUS handler (PoCL's LLVM puts
 * in one-shot handlers), so the device path must never fault on the
 * mapping in the first place.  To see every such fault rather than the
 * few that lose a race, the tool runs with cli/sigbus_default.c
 * preloaded: SIGBUS has its default action once OpenCL is open (the
 * design before this test died in every run that truncated before the
 * kernel; without the preload, 4 runs in 51 on a many-core machine).
 *
 * Each run waits until the tool has mapped the input (it shows in
 * /proc/PID/maps), sleeps a seeded random delay between 0 and about the
 * length of a whole run, then truncates the file to a random length
 * inside its data.  Run 0 truncates at once, while the tool is still
 * opening the device, so at least one run must end in exit 3.
 * CLSLICE_TRUNCATE_RUNS sets the number of runs (default 3, 2 under
 * sanitizers; 50 for a thorough run); CLSLICE_TEST_SEED replays one.
 * A second test cuts the input of every device command once, right
 * after the tool has mapped it.
 */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "devutil.h"
#include "npyfile.h"
#include "testutil.h"

#if !defined(CLI_BINARY) || !defined(SIGBUS_DEFAULT) ||                   \
    !defined(TRUNCATE_RUNS) || !defined(TRUNCATE_SWEEP)
#error "CLI_BINARY, SIGBUS_DEFAULT, TRUNCATE_RUNS and _SWEEP come from CMake"
#endif

enum { DATA_BYTES = 24 << 20 };

static char dir[256], in_path[320], out_path[320], ref_path[320],
    err_path[320];
static uint64_t seed;

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* The input, whole again: a 1-D uint8 .npy of DATA_BYTES bytes whose
 * values follow the seed.  Returns the header's length. */
static size_t write_input(void)
{
    static unsigned char data[DATA_BYTES];
    char shape[32];
    snprintf(shape, sizeof shape, "(%d,)", DATA_BYTES);
    tu_rng rng = {seed};
    for (size_t i = 0; i < DATA_BYTES; i += 8) {
        uint64_t v = tu_next(&rng);
        memcpy(data + i, &v, 8);
    }
    return tu_write_npy(in_path, "|u1", shape, data, DATA_BYTES);
}

/* In the child before exec: the module in LD_PRELOAD, and ASan (when the
 * tool has it) told not to insist on coming first. */
static void preload_sigbus_default(void)
{
    static char asan[1024];
    const char *old = getenv("ASAN_OPTIONS");
    snprintf(asan, sizeof asan, "%s%sverify_asan_link_order=0",
             old ? old : "", old && *old ? ":" : "");
    setenv("ASAN_OPTIONS", asan, 1);
    setenv("LD_PRELOAD", SIGBUS_DEFAULT, 1);
}

/* Starts the tool with argv (argv[0] is CLI_BINARY), its standard error
 * going to err_path; `preload`: with SIGBUS at its default action once
 * OpenCL is open. */
static pid_t spawn(char *const argv[], bool preload)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, STDERR_FILENO) < 0)
            _exit(120);
        if (preload)
            preload_sigbus_default();
        execv(CLI_BINARY, argv);
        _exit(121);
    }
    return pid;
}

/* Starts `clslice slice IN OUT --expr [::-1]` on the default device (with
 * SIGBUS at its default action once OpenCL is open), or on the host. */
static pid_t start(const char *out, bool host)
{
    char *argv[] = {CLI_BINARY, "slice", in_path, (char *)out, "--expr",
                    "[::-1]", host ? "--host" : NULL, NULL};
    return spawn(argv, !host);
}

/* Waits until pid has mapped the input or ended; true when mapped. */
static bool wait_for_mapping(pid_t pid, const char *real_in)
{
    char maps[64];
    snprintf(maps, sizeof maps, "/proc/%d/maps", (int)pid);
    static char text[1 << 16];
    for (;;) {
        siginfo_t info = {0};
        if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) ==
                0 && info.si_pid == pid)
            return false; /* ended (and left for finish() to reap) */
        int fd = open(maps, O_RDONLY);
        if (fd < 0)
            return false;
        ssize_t got = read(fd, text, sizeof text - 1);
        bool found = false;
        while (got > 0 && !found) {
            text[got] = '\0';
            found = strstr(text, real_in) != NULL;
            if (!found)
                got = read(fd, text, sizeof text - 1);
        }
        close(fd);
        if (found)
            return true;
    }
}

static int finish(pid_t pid)
{
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return status;
}

static char *read_all(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        *n = 0;
        return NULL;
    }
    char *data = malloc(DATA_BYTES + 4096);
    assert_non_null(data);
    *n = fread(data, 1, DATA_BYTES + 4095, f);
    data[*n] = '\0';
    fclose(f);
    return data;
}

static bool same_file(const char *a, const char *b)
{
    size_t na, nb;
    char *da = read_all(a, &na), *db = read_all(b, &nb);
    bool same = da && db && na == nb && memcmp(da, db, na) == 0;
    free(da);
    free(db);
    return same;
}

/* Only IN, OUT and the reference and error files: no temporary left. */
static bool dir_is_clean(void)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) -eq 4", dir);
    return system(cmd) == 0;
}

#define EXPECT(cond)                                                       \
    do {                                                                   \
        if (!(cond)) {                                                     \
            size_t n_;                                                     \
            char *e_ = read_all(err_path, &n_);                            \
            print_error("run %d (delay %.1f ms, cut to %lld bytes): "      \
                        "check failed: %s\n  tool: %s %d\n  stderr: %s\n"  \
                        "  seed: 0x%016" PRIx64 " (CLSLICE_TEST_SEED "      \
                        "replays)\n", run, delay, cut, #cond,              \
                        WIFEXITED(status) ? "exit" : "signal",             \
                        WIFEXITED(status) ? WEXITSTATUS(status)            \
                                          : WTERMSIG(status),              \
                        e_ ? e_ : "", seed);                               \
            free(e_);                                                      \
            fail();                                                        \
        }                                                                  \
    } while (0)

static void test_truncated_during_device_slice(void **state)
{
    (void)state;
    tu_cl cl;
    if (!tu_cl_open(&cl))
        skip();
    tu_cl_close(&cl);
    seed = tu_seed((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32));
    const char *runs_text = getenv("CLSLICE_TRUNCATE_RUNS");
    int runs = runs_text && *runs_text ? atoi(runs_text) : TRUNCATE_RUNS;
    print_message("seed 0x%016" PRIx64 ", %d runs\n", seed, runs);
    snprintf(dir, sizeof dir, "/tmp/clslice_truncate_XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(in_path, sizeof in_path, "%s/in.npy", dir);
    snprintf(out_path, sizeof out_path, "%s/out.npy", dir);
    snprintf(ref_path, sizeof ref_path, "%s/ref.npy", dir);
    snprintf(err_path, sizeof err_path, "%s/err.txt", dir);
    size_t header = write_input();
    char real_in[PATH_MAX];
    assert_non_null(realpath(in_path, real_in));

    /* the reference, and a whole untruncated device run, timed */
    int run = -1;
    double delay = 0;
    long long cut = -1;
    int status = finish(start(ref_path, true));
    EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    double t0 = now_ms();
    status = finish(start(out_path, false));
    double whole = now_ms() - t0;
    EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    EXPECT(same_file(out_path, ref_path));

    tu_rng rng = {seed};
    int ok = 0, refused = 0;
    const char sentinel[] = "OUT as it was before the run";
    for (run = 0; run < runs; run++) {
        write_input();
        write_file(out_path, sentinel, sizeof sentinel);
        delay = run == 0 ? 0 : (double)tu_range(&rng, 0, (int64_t)whole * 10) /
                                   10.0;
        cut = (long long)header + tu_range(&rng, 0, DATA_BYTES - 1);
        pid_t pid = start(out_path, false);
        if (wait_for_mapping(pid, real_in)) {
            struct timespec d = {(time_t)(delay / 1e3),
                                 (long)(delay * 1e6) % 1000000000L};
            nanosleep(&d, NULL);
            EXPECT(truncate(in_path, (off_t)cut) == 0);
        }
        status = finish(pid);
        EXPECT(WIFEXITED(status));
        EXPECT(WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == 3);
        size_t n;
        char *err = read_all(err_path, &n);
        if (WEXITSTATUS(status) == 0) {
            ok++;
            EXPECT(n == 0);
            EXPECT(same_file(out_path, ref_path));
        } else {
            refused++;
            char want[400];
            snprintf(want, sizeof want, "clslice: %s: the file shrank while "
                     "it was being read", in_path);
            EXPECT(err && strstr(err, want) == err);
            size_t m;
            char *out = read_all(out_path, &m);
            EXPECT(out && m == sizeof sentinel &&
                   memcmp(out, sentinel, m) == 0);
            free(out);
        }
        free(err);
        EXPECT(dir_is_clean());
    }
    print_message("%d runs: %d exit 0 with the right output, %d exit 3 "
                  "(whole run %.0f ms)\n", runs, ok, refused, whole);
    run = 0;
    EXPECT(runs == 0 || refused > 0);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* A CSR matrix of `rows` rows, one entry each, as csr-slice reads it. */
static void write_csr(const char *prefix, int64_t rows)
{
    size_t n = (size_t)rows;
    int64_t *ints = malloc((n + 1) * sizeof *ints);
    assert_non_null(ints);
    char path[400], shape[40];
    for (size_t i = 0; i <= n; i++)
        ints[i] = (int64_t)i;
    snprintf(shape, sizeof shape, "(%zu,)", n + 1);
    snprintf(path, sizeof path, "%s_indptr.npy", prefix);
    tu_write_npy(path, "<i8", shape, ints, (n + 1) * 8);
    for (size_t i = 0; i < n; i++)
        ints[i] = (int64_t)(i % 8);
    snprintf(shape, sizeof shape, "(%zu,)", n);
    snprintf(path, sizeof path, "%s_indices.npy", prefix);
    tu_write_npy(path, "<i8", shape, ints, n * 8);
    snprintf(path, sizeof path, "%s_data.npy", prefix);
    tu_write_npy(path, "<f4", shape, NULL, n * 4);
    int64_t dims[2] = {rows, 8};
    snprintf(path, sizeof path, "%s_shape.npy", prefix);
    tu_write_npy(path, "<i8", "(2,)", dims, sizeof dims);
    free(ints);
}

static int count_entries(const char *path)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "exit $(ls -A '%s' | wc -l)", path);
    int status = system(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Every device command once, the file it names cut to its header right
 * after the tool has mapped it (before any device work): exit 3 and the
 * message naming that file, no output and no temporary file.  Without
 * the reads through the file each of these died of SIGBUS under the
 * preload.  Not under sanitizers (the eight runs would take 10 s there;
 * test_truncated_during_device_slice covers the shared upload path). */
static void test_every_device_command(void **state)
{
    (void)state;
#if !TRUNCATE_SWEEP
    print_message("skipped under sanitizers: eight device runs\n");
    skip();
#endif
    tu_cl cl;
    if (!tu_cl_open(&cl))
        skip();
    tu_cl_close(&cl);
    snprintf(dir, sizeof dir, "/tmp/clslice_truncate_XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(err_path, sizeof err_path, "%s/err.txt", dir);
    char in[320], in2[320], s0[320], csr[320], indices[320], out[320],
        part[320];
    snprintf(in, sizeof in, "%s/in.npy", dir);
    snprintf(in2, sizeof in2, "%s/in2.npy", dir);
    snprintf(s0, sizeof s0, "%s/s0.npy", dir);
    snprintf(csr, sizeof csr, "%s/a", dir);
    snprintf(indices, sizeof indices, "%s/a_indices.npy", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(part, sizeof part, "%s/part", dir);
    const size_t bytes = (size_t)2 << 20;
    char shape[40], dims[40];
    snprintf(shape, sizeof shape, "(%zu,)", bytes);
    snprintf(dims, sizeof dims, "%zu", bytes);
    const unsigned char seven = 7;
    tu_write_npy(s0, "|u1", "()", &seven, 1);
    write_file(err_path, "", 0); /* there before the count */
    struct {
        const char *cut;
        char *argv[10];
    } runs[] = {
        {in, {CLI_BINARY, "slice", in, out, "--expr", "[::-1]", NULL}},
        {in, {CLI_BINARY, "slice", in, out, "--expr", "[::-1]", "--dynamic",
              NULL}},
        {in, {CLI_BINARY, "assign", in, s0, out, "--expr", "[:1]", NULL}},
        {in, {CLI_BINARY, "assign", in, s0, out, "--expr", "[:1]",
              "--dynamic", NULL}},
        {in, {CLI_BINARY, "grad", in, out, "--shape", dims, "--expr", "[:]",
              NULL}},
        {in, {CLI_BINARY, "split", in, part, "--sections", "4", NULL}},
        {in2, {CLI_BINARY, "concat", out, in, in2, NULL}},
        {indices, {CLI_BINARY, "csr-slice", csr, out, "--begin=1,0",
                   "--end=None,None", NULL}},
    };
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        tu_write_npy(in, "|u1", shape, NULL, bytes);
        tu_write_npy(in2, "|u1", shape, NULL, bytes);
        write_csr(csr, 1 << 12);
        int files = count_entries(dir);
        char real[PATH_MAX];
        assert_non_null(realpath(runs[r].cut, real));
        pid_t pid = spawn(runs[r].argv, true);
        if (wait_for_mapping(pid, real))
            assert_int_equal(truncate(runs[r].cut, 128), 0);
        int status = finish(pid);
        size_t n;
        char *err = read_all(err_path, &n);
        char want[400];
        snprintf(want, sizeof want, "clslice: %s: the file shrank while it "
                 "was being read", runs[r].cut);
        bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 3 && err &&
                  strstr(err, want) == err &&
                  count_entries(dir) == files;
        if (!ok) {
            print_error("%s: %s %d, stderr: %s\n", runs[r].argv[1],
                        WIFEXITED(status) ? "exit" : "signal",
                        WIFEXITED(status) ? WEXITSTATUS(status)
                                          : WTERMSIG(status),
                        err ? err : "");
            free(err);
            fail();
        }
        free(err);
    }
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_truncated_during_device_slice),
        cmocka_unit_test(test_every_device_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
