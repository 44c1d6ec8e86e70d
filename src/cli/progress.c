/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* The progress line: a thread wakes four times a second and, once the
 * command has run for PROGRESS_DELAY_MS, redraws one line with "\r".  A
 * thread rather than calls from the work itself, because the slow steps
 * are often single calls that cannot report (a kernel build, a gather,
 * a read from a pipe that stalls). */
#define _POSIX_C_SOURCE 200809L

#include "progress.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* "Work longer than about a second": shorter runs show nothing. */
enum { PROGRESS_DELAY_MS = 1000, PROGRESS_PERIOD_MS = 250 };

typedef struct progress {
    bool running;
    bool stopping;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    const char *command;
    const char *what; /* guarded by lock, like name and total */
    const char *name;
    uint64_t total;
    atomic_uint_least64_t done;
    struct timespec started;
    size_t drawn; /* characters of the last line drawn; 0: none shown */
    char last[256]; /* that line, not redrawn while it says the same */
} progress;

static progress p = {
    .lock = PTHREAD_MUTEX_INITIALIZER,
    .wake = PTHREAD_COND_INITIALIZER,
};

static double seconds_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) +
           (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

/* "512 MiB", "1.0 GiB": binary units, as ls -h and numpy users read. */
static void format_bytes(char *buf, size_t size, uint64_t n)
{
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = (double)n;
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        u++;
    }
    snprintf(buf, size, u && v < 10 ? "%.1f %s" : "%.0f %s", v, unit[u]);
}

/* The line for the current step (called with the lock held). */
static void compose(char *line, size_t size, double elapsed)
{
    int n = snprintf(line, size, "clslice %s: %s%s%s", p.command,
                     p.what ? p.what : "working", p.name ? " " : "",
                     p.name ? p.name : "");
    uint64_t done = atomic_load(&p.done);
    char a[32], b[32];
    format_bytes(a, sizeof a, done);
    if (n > 0 && (size_t)n < size && p.total) {
        format_bytes(b, sizeof b, p.total);
        n += snprintf(line + n, size - (size_t)n, ": %s of %s (%d%%)", a, b,
                      (int)(100.0 * (double)done / (double)p.total));
    } else if (n > 0 && (size_t)n < size && done) {
        n += snprintf(line + n, size - (size_t)n, ": %s", a);
    }
    if (n > 0 && (size_t)n < size)
        snprintf(line + n, size - (size_t)n, " [%.0f s]", elapsed);
}

/* Redraws in place; spaces cover what a longer earlier line left, so no
 * terminal escape is needed (TERM=dumb works too). */
static void draw(const char *line)
{
    if (strcmp(line, p.last) == 0)
        return;
    snprintf(p.last, sizeof p.last, "%s", line);
    size_t len = strlen(line);
    size_t pad = p.drawn > len ? p.drawn - len : 0;
    fprintf(stderr, "\r%s%*s", line, (int)pad, "");
    fflush(stderr);
    p.drawn = len;
}

static void *run(void *unused)
{
    (void)unused;
    pthread_mutex_lock(&p.lock);
    while (!p.stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += PROGRESS_PERIOD_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec += 1;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&p.wake, &p.lock, &until);
        double elapsed = seconds_since(&p.started);
        if (p.stopping || elapsed * 1000 < PROGRESS_DELAY_MS)
            continue;
        char line[256];
        compose(line, sizeof line, elapsed);
        draw(line);
    }
    pthread_mutex_unlock(&p.lock);
    return NULL;
}

void cli_progress_start(const char *command)
{
    if (p.running || !isatty(STDERR_FILENO))
        return;
    p.command = command;
    p.what = NULL;
    p.name = NULL;
    p.total = 0;
    atomic_store(&p.done, 0);
    p.stopping = false;
    p.drawn = 0;
    p.last[0] = '\0';
    clock_gettime(CLOCK_MONOTONIC, &p.started);
    p.running = pthread_create(&p.thread, NULL, run, NULL) == 0;
}

void cli_progress_phase(const char *what, const char *name, uint64_t total)
{
    if (!p.running)
        return;
    pthread_mutex_lock(&p.lock);
    p.what = what;
    p.name = name;
    p.total = total;
    atomic_store(&p.done, 0);
    pthread_mutex_unlock(&p.lock);
}

void cli_progress_add(uint64_t bytes)
{
    if (p.running)
        atomic_fetch_add(&p.done, bytes);
}

void cli_progress_stop(void)
{
    if (!p.running)
        return;
    pthread_mutex_lock(&p.lock);
    p.stopping = true;
    pthread_cond_signal(&p.wake);
    pthread_mutex_unlock(&p.lock);
    pthread_join(p.thread, NULL);
    p.running = false;
    if (p.drawn) {
        fprintf(stderr, "\r%*s\r", (int)p.drawn, "");
        fflush(stderr);
    }
}
