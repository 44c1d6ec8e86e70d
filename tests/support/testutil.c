/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t tu_next(tu_rng *rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int64_t tu_range(tu_rng *rng, int64_t lo, int64_t hi)
{
    uint64_t span = (uint64_t)hi - (uint64_t)lo + 1u;
    if (span == 0) /* the whole int64 range */
        return (int64_t)tu_next(rng);
    return (int64_t)((uint64_t)lo + tu_next(rng) % span);
}

bool tu_chance(tu_rng *rng, int percent)
{
    return tu_range(rng, 0, 99) < percent;
}

int64_t tu_fit_index(int64_t x, clslice_index_type type)
{
    if (type == CLSLICE_INT64)
        return x;
    return x < INT32_MIN ? INT32_MIN : (x > INT32_MAX ? INT32_MAX : x);
}

uint64_t tu_seed(uint64_t fallback)
{
    const char *text = getenv("CLSLICE_TEST_SEED");
    if (text && *text)
        return strtoull(text, NULL, 0);
    return fallback;
}

long tu_scaled(long n)
{
    const char *text = getenv("CLSLICE_TEST_SCALE");
    long scale = text && *text ? strtol(text, NULL, 0) : 1;
    if (scale <= 1)
        return n;
    return n / scale > 0 ? n / scale : 1;
}

const char *tu_data_path(const char *relative)
{
    static char path[4096];
    const char *root = getenv("CLSLICE_TEST_DATA");
    snprintf(path, sizeof path, "%s/%s", root ? root : ".", relative);
    return path;
}

const char *tu_shape_str(const int64_t *shape, int rank)
{
    static char buf[1024];
    size_t used = 0;
    buf[used++] = '[';
    for (int i = 0; i < rank && used < sizeof buf - 32; i++)
        used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%lld",
                                 i ? "," : "", (long long)shape[i]);
    snprintf(buf + used, sizeof buf - used, "]");
    return buf;
}

void tu_assert_error(const clslice_error *err, clslice_status status, ...)
{
    if (err->status != status) {
        print_error("expected status %s, got %s: %s\n",
                    clslice_status_string(status),
                    clslice_status_string(err->status), err->message);
        fail();
    }
    va_list args;
    va_start(args, status);
    for (const char *part = va_arg(args, const char *); part;
         part = va_arg(args, const char *)) {
        if (!strstr(err->message, part)) {
            print_error("message \"%s\" lacks \"%s\"\n", err->message, part);
            va_end(args);
            fail();
        }
    }
    va_end(args);
}

clslice_plan *tu_expr_plan(const int64_t *shape, int rank, const char *expr)
{
    clslice_plan *plan = NULL;
    clslice_error err;
    if (clslice_plan_expr(shape, rank, expr, &plan, &err) != CLSLICE_OK)
        fail_msg("plan %s: %s", expr, err.message);
    return plan;
}
