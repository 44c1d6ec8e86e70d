/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The device commands hold their input once: `assign`, `grad` and
 * `slice --dynamic` peak at no more than 1.2 times the peak of a plain
 * `slice` of the whole input (which holds the input and its output once
 * each), measured as each child's maximum resident set (wait4).  Before
 * they were changed, `grad` and `slice --dynamic` kept a copy of their
 * input and read their output back into a host array, about 1.5 times
 * `slice` here.  32 MiB tensors, four device runs (about 1.5 s on
 * PoCL); the peaks are printed.
 */
#define _GNU_SOURCE

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "devutil.h"
#include "npyfile.h"
#include "testutil.h"

#ifndef CLI_BINARY
#error "CLI_BINARY must name the clslice binary"
#endif

enum { SIDE = 2896 }; /* float32 SIDE x SIDE: 32 MiB */

static char dir[64];

static const char *path_of(const char *name)
{
    static char paths[4][128];
    static int next;
    char *p = paths[next++ % 4];
    snprintf(p, 128, "%s/%s", dir, name);
    return p;
}

/* A float32 .npy of `shape` ("(2896, 2896)", "()") holding `bytes`
 * bytes of a pattern. */
static void write_npy(const char *name, const char *shape, size_t bytes)
{
    tu_write_npy(path_of(name), "<f4", shape, NULL, bytes);
}

/* Runs the tool with argv[1..] on the default device; its peak RSS in
 * KiB.  Fails the test unless it exits 0. */
static long peak_kib(char *const argv[])
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        execv(CLI_BINARY, argv);
        _exit(121);
    }
    int status;
    struct rusage usage;
    assert_int_equal(wait4(pid, &status, 0, &usage), pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        print_error("%s %s: exit %d\n", argv[1], argv[2],
                    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        fail();
    }
    return usage.ru_maxrss;
}

static void test_inputs_held_once(void **state)
{
    (void)state;
    tu_cl cl;
    if (!tu_cl_open(&cl))
        skip();
    tu_cl_close(&cl);
    snprintf(dir, sizeof dir, "/tmp/clslice_memory_XXXXXX");
    assert_non_null(mkdtemp(dir));
    char shape[32];
    snprintf(shape, sizeof shape, "(%d, %d)", SIDE, SIDE);
    const size_t bytes = (size_t)SIDE * SIDE * 4;
    write_npy("in.npy", shape, bytes);
    write_npy("v.npy", "()", 4);
    char in[128], v[128], out[128], dims[32];
    snprintf(in, sizeof in, "%s", path_of("in.npy"));
    snprintf(v, sizeof v, "%s", path_of("v.npy"));
    snprintf(out, sizeof out, "%s", path_of("out.npy"));
    snprintf(dims, sizeof dims, "%d,%d", SIDE, SIDE);

    char *slice[] = {CLI_BINARY, "slice", in, out, "--expr", "[:]", NULL};
    char *assign[] = {CLI_BINARY, "assign", in, v, out, "--expr", "[:1]",
                      NULL};
    char *grad[] = {CLI_BINARY, "grad", in, out, "--shape", dims, "--expr",
                    "[:]", NULL};
    char *dynamic[] = {CLI_BINARY, "slice", in, out, "--expr", "[:]",
                       "--dynamic", NULL};
    /* Every command once first, so that its kernels are built and in
     * PoCL's cache: a command that compiles holds the compiler's memory
     * too (a run right after a rebuild failed the bound that way). */
    char **const commands[4] = {slice, assign, grad, dynamic};
    for (int i = 0; i < 4; i++)
        peak_kib(commands[i]);
    long base = peak_kib(slice);
    long peaks[3] = {peak_kib(assign), peak_kib(grad), peak_kib(dynamic)};
    static const char *const names[3] = {"assign", "grad",
                                         "slice --dynamic"};
    print_message("peak RSS with %zu-byte tensors: slice %ld KiB, assign "
                  "%ld, grad %ld, slice --dynamic %ld\n", bytes, base,
                  peaks[0], peaks[1], peaks[2]);
    for (int i = 0; i < 3; i++) {
        if (peaks[i] * 10 > base * 12) {
            print_error("%s peaks at %ld KiB, more than 1.2 x slice's %ld "
                        "KiB\n", names[i], peaks[i], base);
            fail();
        }
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inputs_held_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
