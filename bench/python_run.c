/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Runs a Python script once as a child process (bench/scipy_bench.py):
 * its input travels as one JSON argument, its answers come back one line
 * each, or a single "UNAVAILABLE <why>" line when a module it needs
 * cannot be imported.  The host peers, which stay up for the whole run,
 * are peers.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

const char *bench_python = "python3";

static pid_t spawn(const char *script, const char *json, int *read_fd)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        char *argv[] = {(char *)bench_python, (char *)script, (char *)json,
                        NULL};
        execvp(bench_python, argv);
        fprintf(stderr, "clslice-bench: cannot run %s: %s\n", bench_python,
                strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        return -1;
    }
    *read_fd = fds[0];
    return pid;
}

/* Reads the child's lines: `line` gets them all but an UNAVAILABLE one,
 * which fills why[] and makes it return false. */
static bool read_lines(FILE *f, void (*line)(const char *, void *),
                       void *ctx, char *why, size_t why_size)
{
    char text[512];
    bool ok = true;
    while (fgets(text, sizeof text, f)) {
        if (strncmp(text, "UNAVAILABLE ", 12) == 0) {
            text[strcspn(text, "\n")] = 0;
            snprintf(why, why_size, "%s", text + 12);
            ok = false;
        } else {
            line(text, ctx);
        }
    }
    return ok;
}

int bench_python_run(const char *script, const char *json_arg,
                     void (*line)(const char *text, void *ctx), void *ctx,
                     char *why, size_t why_size)
{
    int fd = -1;
    pid_t pid = spawn(script, json_arg, &fd);
    if (pid < 0) {
        snprintf(why, why_size, "cannot start %s: %s", bench_python,
                 strerror(errno));
        return 1;
    }
    FILE *f = fdopen(fd, "r");
    if (!f)
        bench_die("fdopen: %s", strerror(errno));
    bool available = read_lines(f, line, ctx, why, why_size);
    fclose(f);
    int status = 0;
    waitpid(pid, &status, 0);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (available && code == 127) {
        snprintf(why, why_size, "cannot run %s", bench_python);
        return 1;
    }
    if (available && code != 0) {
        snprintf(why, why_size, "%s failed (exit status %d)", script, code);
        return -1;
    }
    return available ? 0 : 1;
}
