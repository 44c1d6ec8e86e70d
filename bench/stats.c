/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* Clock, medians and the input pattern. */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median, not the mean or the minimum: robust to the odd slow run
 * (another process, a page fault) without rewarding a lucky one. */
double bench_median(double *values, int n)
{
    if (n <= 0)
        return NAN;
    qsort(values, (size_t)n, sizeof *values, cmp_double);
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

void bench_fill_pattern(void *data, size_t bytes)
{
    unsigned char *p = data;
    size_t words = bytes / 4;
    for (size_t k = 0; k < words; k++) {
        uint32_t w = (uint32_t)k * 2654435761u;
        /* Little-endian bytes whatever the host, as numpy's '<u4'. */
        p[4 * k] = (unsigned char)w;
        p[4 * k + 1] = (unsigned char)(w >> 8);
        p[4 * k + 2] = (unsigned char)(w >> 16);
        p[4 * k + 3] = (unsigned char)(w >> 24);
    }
    uint32_t w = (uint32_t)words * 2654435761u;
    for (size_t i = 4 * words; i < bytes; i++, w >>= 8)
        p[i] = (unsigned char)w;
}

size_t bench_case_bytes(const bench_case *c, const int64_t *shape)
{
    size_t bytes = c->elem_size;
    for (int d = 0; d < c->rank; d++)
        bytes *= (size_t)shape[d];
    return bytes;
}

/* ---- other processes' load -------------------------------------------- */

/* Busy and total CPU time of the whole machine from /proc/stat (Linux),
 * and this process's own CPU time (children included: the numpy run). */
bool bench_cpu_sample(cpu_sample *s)
{
    unsigned long long v[8] = {0};
    FILE *f = fopen("/proc/stat", "r");
    if (!f)
        return false;
    int n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0],
                   &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
    fclose(f);
    if (n < 4)
        return false;
    long hz = sysconf(_SC_CLK_TCK);
    double total = 0;
    for (int i = 0; i < 8; i++)
        total += (double)v[i];
    s->machine_busy = (total - (double)v[3] - (double)v[4]) / (double)hz;
    s->machine_total = total / (double)hz;
    struct rusage self, children;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &children);
    s->own = 0;
    const struct rusage *u[2] = {&self, &children};
    for (int i = 0; i < 2; i++)
        s->own += (double)u[i]->ru_utime.tv_sec +
                  1e-6 * (double)u[i]->ru_utime.tv_usec +
                  (double)u[i]->ru_stime.tv_sec +
                  1e-6 * (double)u[i]->ru_stime.tv_usec;
    return true;
}

double bench_other_load(const cpu_sample *a, const cpu_sample *b)
{
    double total = b->machine_total - a->machine_total;
    double other = (b->machine_busy - a->machine_busy) - (b->own - a->own);
    if (total <= 0)
        return NAN;
    return other <= 0 ? 0 : other / total;
}
