/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The host peers (numpy, onnxruntime, OpenVINO: bench/peers.py) as one
 * child process that stays up for the whole run, so that each of their
 * runs can be timed in the same round-robin as the device competitors.
 * Timed one phase after another, host and device runs met different
 * loads from the other users of a shared machine, and their ratios
 * swung by 2x between runs.  The child times each run itself, so the
 * pipe's round trip is not in the numbers.  peers.py's header describes
 * the line protocol.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

const char *const bench_peer_names[PEER_COUNT] = {
    "numpy", "numpy-copyto", "onnxruntime", "openvino", "numpy-scatter"};

struct bench_peers {
    pid_t pid;
    FILE *to, *from;
    bool alive;
    bool started;                        /* it said READY once */
    bool failed;                         /* it died after starting well */
    char version[PEER_COUNT][32];        /* "" when the peer is missing */
    char why[PEER_COUNT][BENCH_NOTE];   /* why it is missing */
};

void bench_note_copy(char *note, const char *text)
{
    size_t n = strlen(text);
    if (n >= BENCH_NOTE)
        n = BENCH_NOTE - 1; /* a long reason is cut, not refused */
    memcpy(note, text, n);
    note[n] = 0;
}

static int peer_of(const char *name)
{
    for (int i = 0; i < PEER_COUNT; i++)
        if (!strcmp(name, bench_peer_names[i]))
            return i;
    return -1;
}

static void every_peer_missing(bench_peers *p, const char *why)
{
    for (int i = 0; i < PEER_COUNT; i++) {
        p->version[i][0] = 0;
        bench_note_copy(p->why[i], why);
    }
}

/* The child dies or speaks nonsense: every peer is unmeasured from here
 * on, with the reason. */
static void lost(bench_peers *p, const char *why)
{
    /* Exiting before the first READY is a missing interpreter or
     * module, reported per peer, not a failure of the run. */
    bool failure = p->alive && p->started;
    if (failure)
        fprintf(stderr, "clslice-bench: host peers lost: %s\n", why);
    p->failed |= failure;
    p->alive = false;
    every_peer_missing(p, why);
}

/* One line from the child without its newline; false at EOF. */
static bool read_line(bench_peers *p, char *line, size_t size)
{
    if (!p->alive || !fgets(line, (int)size, p->from)) {
        lost(p, "peers.py exited");
        return false;
    }
    line[strcspn(line, "\n")] = 0;
    return true;
}

static bool send_line(bench_peers *p, const char *line)
{
    if (!p->alive)
        return false;
    if (fputs(line, p->to) < 0 || fputc('\n', p->to) < 0 ||
        fflush(p->to) != 0) {
        lost(p, "cannot write to peers.py");
        return false;
    }
    return true;
}

static pid_t spawn(const char *python, const char *script, int *to_fd,
                   int *from_fd)
{
    int down[2], up[2];
    if (pipe(down) != 0)
        return -1;
    if (pipe(up) != 0) {
        close(down[0]);
        close(down[1]);
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(down[0], STDIN_FILENO);
        dup2(up[1], STDOUT_FILENO);
        close(down[0]), close(down[1]), close(up[0]), close(up[1]);
        char *argv[] = {(char *)python, (char *)script, NULL};
        execvp(python, argv);
        _exit(127);
    }
    close(down[0]);
    close(up[1]);
    if (pid < 0) {
        close(down[1]);
        close(up[0]);
        return -1;
    }
    *to_fd = down[1];
    *from_fd = up[0];
    return pid;
}

/* PEER / SKIP lines up to READY, or UNAVAILABLE. */
static void read_hello(bench_peers *p)
{
    char line[1024];
    while (read_line(p, line, sizeof line)) {
        char name[64];
        int at = 0;
        if (!strcmp(line, "READY")) {
            p->started = true;
            return;
        }
        if (!strncmp(line, "UNAVAILABLE ", 12)) { /* no numpy: no peer */
            p->alive = false;
            every_peer_missing(p, line + 12);
            return;
        }
        if (sscanf(line, "%*s %63s %n", name, &at) != 1 || !at ||
            peer_of(name) < 0)
            continue;
        int i = peer_of(name);
        if (!strncmp(line, "PEER ", 5))
            snprintf(p->version[i], sizeof p->version[i], "%s", line + at);
        else
            bench_note_copy(p->why[i], line + at);
    }
}

bench_peers *bench_peers_start(const char *python, const char *script)
{
    bench_peers *p = calloc(1, sizeof *p);
    if (!p)
        bench_die("out of memory");
    every_peer_missing(p, "not asked for");
    signal(SIGPIPE, SIG_IGN); /* a dead child is an error, not a signal */
    int to = -1, from = -1;
    p->pid = spawn(python, script, &to, &from);
    if (p->pid < 0) {
        every_peer_missing(p, strerror(errno));
        return p;
    }
    p->to = fdopen(to, "w");
    p->from = fdopen(from, "r");
    if (!p->to || !p->from)
        bench_die("fdopen: %s", strerror(errno));
    p->alive = true;
    every_peer_missing(p, "peers.py did not list it");
    read_hello(p);
    if (!p->alive) { /* the child has exited or is exiting */
        int st = 0;
        if (waitpid(p->pid, &st, 0) == p->pid && WIFEXITED(st) &&
            WEXITSTATUS(st) == 127) {
            char why[BENCH_NOTE];
            snprintf(why, sizeof why, "cannot run %s", python);
            every_peer_missing(p, why);
        }
        p->pid = -1;
    }
    return p;
}

const char *bench_peers_why(const bench_peers *p, int peer)
{
    return p->version[peer][0] ? "" : p->why[peer];
}

bool bench_peers_failed(const bench_peers *p)
{
    return p->failed;
}

const char *bench_peers_version(const bench_peers *p, int peer)
{
    return p->version[peer];
}

/* {"dtype": ..., "shape": [...], "expr": ..., "gather": g, "scatter": s}.
 * Expressions hold no quotes or backslashes (dense_cases.c). */
static void case_json(const bench_case *c, const int64_t *shape, bool gather,
                      bool scatter, char *out, size_t size)
{
    int n = snprintf(out, size, "CASE {\"dtype\": \"%s\", \"shape\": [",
                     c->dtype);
    for (int d = 0; d < c->rank && n > 0 && (size_t)n < size; d++)
        n += snprintf(out + n, size - (size_t)n, "%s%lld", d ? ", " : "",
                      (long long)shape[d]);
    if (n > 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n,
                 "], \"expr\": \"%s\", \"gather\": %d, \"scatter\": %d}",
                 c->expr, gather, scatter);
}

/* OK <name> <crc> [note] or SKIP <name> <why>. */
static void case_answer(const char *line, peer_case *pc)
{
    char word[8], name[64];
    int at = 0;
    if (sscanf(line, "%7s %63s %n", word, name, &at) < 2 ||
        peer_of(name) < 0) {
        fprintf(stderr, "clslice-bench: peers.py: %s\n", line);
        return;
    }
    int i = peer_of(name);
    const char *rest = at ? line + at : "";
    if (!strcmp(word, "OK")) {
        char *end;
        pc->crc[i] = (uint32_t)strtoul(rest, &end, 10);
        pc->ok[i] = end != rest;
        rest = end + strspn(end, " ");
    }
    bench_note_copy(pc->note[i], rest);
}

bool bench_peers_case(bench_peers *p, const bench_case *c,
                      const int64_t *shape, bool gather, bool scatter,
                      peer_case *pc)
{
    memset(pc, 0, sizeof *pc);
    for (int i = 0; i < PEER_COUNT; i++)
        bench_note_copy(pc->note[i], bench_peers_why(p, i));
    char line[2048];
    case_json(c, shape, gather, scatter, line, sizeof line);
    if (!send_line(p, line))
        return false;
    while (read_line(p, line, sizeof line)) {
        if (!strcmp(line, "READY"))
            return true;
        case_answer(line, pc);
    }
    memset(pc->ok, 0, sizeof pc->ok);
    return false;
}

double bench_peers_time(bench_peers *p, int peer)
{
    char line[256];
    snprintf(line, sizeof line, "TIME %s", bench_peer_names[peer]);
    double t = NAN;
    if (send_line(p, line) && read_line(p, line, sizeof line) &&
        sscanf(line, "T %lf", &t) != 1)
        lost(p, "peers.py answered a TIME with something else");
    return t;
}

void bench_peers_end(bench_peers *p)
{
    char line[256];
    if (send_line(p, "END"))
        read_line(p, line, sizeof line);
}

void bench_peers_stop(bench_peers **pp)
{
    bench_peers *p = *pp;
    if (!p)
        return;
    if (p->to)
        fclose(p->to); /* EOF: the child's loop ends */
    if (p->from)
        fclose(p->from);
    if (p->pid > 0)
        waitpid(p->pid, NULL, 0);
    free(p);
    *pp = NULL;
}

/* ---- CRC-32 (the zlib polynomial), to compare the peers' results ------- */

uint32_t bench_crc32(const void *data, size_t bytes)
{
    static uint32_t table[256];
    if (!table[1])
        for (uint32_t n = 0; n < 256; n++) {
            uint32_t c = n;
            for (int k = 0; k < 8; k++)
                c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            table[n] = c;
        }
    const unsigned char *p = data;
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < bytes; i++)
        c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}
