/*
 * Runs bench/numpy_bench.py (numpy on the same cases, in host memory) and
 * bench/scipy_bench.py as child processes.  The case list, with each
 * case's repeat count, travels as one JSON argument so the case tables
 * live only in cases.c; numpy's answers come back one line per case:
 *     RESULT <index> <median s> <copyto median s> <view 0|1>   (gather)
 *     SCATTER <index> <median s>                               (scatter)
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
                        bool smoke, bool gather, bool scatter)
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
        snprintf(tmp, sizeof tmp, "\", \"repeat\": %d, \"gather\": %d, "
                 "\"scatter\": %d}", repeats[i], gather, scatter);
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
        snprintf(why, why_size, "cannot start python3: %s", strerror(errno));
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
        snprintf(why, why_size, "python3 is not installed");
        return 1;
    }
    if (available && code != 0) {
        snprintf(why, why_size, "%s failed (exit status %d)", script, code);
        return -1;
    }
    return available ? 0 : 1;
}

typedef struct numpy_answers {
    int n;
    numpy_result *results;
} numpy_answers;

static void numpy_line(const char *text, void *ctx)
{
    numpy_answers *a = ctx;
    int index, view;
    double s, copyto;
    if (sscanf(text, "RESULT %d %lf %lf %d", &index, &s, &copyto,
               &view) == 4 && index >= 0 && index < a->n) {
        numpy_result *r = &a->results[index];
        r->measured = true;
        r->seconds = s;
        r->copyto_seconds = copyto;
        r->was_view = view != 0;
    } else if (sscanf(text, "SCATTER %d %lf", &index, &s) == 2 &&
               index >= 0 && index < a->n) {
        a->results[index].scatter_measured = true;
        a->results[index].scatter_seconds = s;
    } else {
        fputs(text, stderr); /* anything else is the script talking */
    }
}

int bench_numpy_run(const char *script, const int *selected,
                    const int *repeats, int n, bool smoke, bool gather,
                    bool scatter, numpy_result *results, char *why,
                    size_t why_size)
{
    memset(results, 0, (size_t)n * sizeof *results);
    char *json = cases_json(selected, repeats, n, smoke, gather, scatter);
    numpy_answers answers = {n, results};
    int rc = bench_python_run(script, json, numpy_line, &answers, why,
                              why_size);
    free(json);
    for (int i = 0; rc == 0 && i < n; i++)
        if ((gather && !results[i].measured) ||
            (scatter && !results[i].scatter_measured)) {
            snprintf(why, why_size, "%s gave no result for case %d", script,
                     i);
            rc = -1;
        }
    if (rc != 0)
        memset(results, 0, (size_t)n * sizeof *results);
    return rc;
}
