/*
 * Runs bench/numpy_bench.py (numpy on the same cases, in host memory) as a
 * child process.  The case list, with each case's repeat count, travels as
 * one JSON argument so the case table lives only in cases.c; answers come
 * back one line per case:
 *     RESULT <index> <median s> <copyto median s> <view 0|1>
 * or a single "UNAVAILABLE <why>" line when numpy cannot be imported.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct strbuf {
    char *data;
    size_t len, cap;
} strbuf;

static void sb_add(strbuf *b, const char *text)
{
    size_t n = strlen(text);
    if (b->len + n + 1 > b->cap) {
        b->cap = 2 * (b->len + n + 1);
        b->data = realloc(b->data, b->cap);
        if (!b->data)
            bench_die("out of memory");
    }
    memcpy(b->data + b->len, text, n + 1);
    b->len += n;
}

/* [{"dtype": ..., "shape": [...], "expr": ...}, ...] for the selected
 * cases.  Expressions hold no quotes or backslashes (cases.c). */
static char *cases_json(const int *selected, const int *repeats, int n,
                        bool smoke)
{
    strbuf b = {0};
    char tmp[64];
    sb_add(&b, "[");
    for (int i = 0; i < n; i++) {
        const bench_case *c = &bench_cases[selected[i]];
        const int64_t *shape = smoke ? c->smoke_shape : c->shape;
        sb_add(&b, i ? ", {\"dtype\": \"" : "{\"dtype\": \"");
        sb_add(&b, c->dtype);
        sb_add(&b, "\", \"shape\": [");
        for (int d = 0; d < c->rank; d++) {
            snprintf(tmp, sizeof tmp, "%s%lld", d ? ", " : "",
                     (long long)shape[d]);
            sb_add(&b, tmp);
        }
        sb_add(&b, "], \"expr\": \"");
        sb_add(&b, c->expr);
        snprintf(tmp, sizeof tmp, "\", \"repeat\": %d}", repeats[i]);
        sb_add(&b, tmp);
    }
    sb_add(&b, "]");
    return b.data;
}

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
        char *argv[] = {"python3", (char *)script, (char *)json, NULL};
        execvp("python3", argv);
        fprintf(stderr, "clslice-bench: cannot run python3: %s\n",
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

/* Reads the child's answer lines into results; returns false with why[]
 * on an UNAVAILABLE line. */
static bool read_answers(FILE *f, int n, numpy_result *results, char *why,
                         size_t why_size)
{
    char line[512];
    bool ok = true;
    while (fgets(line, sizeof line, f)) {
        int index, view;
        double s, copyto;
        if (strncmp(line, "UNAVAILABLE ", 12) == 0) {
            line[strcspn(line, "\n")] = 0;
            snprintf(why, why_size, "%s", line + 12);
            ok = false;
        } else if (sscanf(line, "RESULT %d %lf %lf %d", &index, &s, &copyto,
                          &view) == 4 && index >= 0 && index < n) {
            results[index] = (numpy_result){true, s, copyto, view != 0};
        } else {
            fputs(line, stderr); /* anything else is the script talking */
        }
    }
    return ok;
}

int bench_numpy_run(const char *script, const int *selected,
                    const int *repeats, int n, bool smoke,
                    numpy_result *results, char *why, size_t why_size)
{
    memset(results, 0, (size_t)n * sizeof *results);
    char *json = cases_json(selected, repeats, n, smoke);
    int fd = -1;
    pid_t pid = spawn(script, json, &fd);
    free(json);
    if (pid < 0) {
        snprintf(why, why_size, "cannot start python3: %s", strerror(errno));
        return 1;
    }
    FILE *f = fdopen(fd, "r");
    if (!f)
        bench_die("fdopen: %s", strerror(errno));
    bool available = read_answers(f, n, results, why, why_size);
    fclose(f);
    int status = 0;
    waitpid(pid, &status, 0);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    int rc = available ? 0 : 1;
    if (available && code == 127) {
        snprintf(why, why_size, "python3 is not installed");
        rc = 1;
    } else if (available && code != 0) {
        snprintf(why, why_size, "%s failed (exit status %d)", script, code);
        rc = -1;
    }
    for (int i = 0; rc == 0 && i < n; i++)
        if (!results[i].measured) {
            snprintf(why, why_size, "%s gave no result for case %d", script,
                     i);
            rc = -1;
        }
    if (rc != 0)
        memset(results, 0, (size_t)n * sizeof *results);
    return rc;
}
