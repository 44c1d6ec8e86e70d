/* The section bounds of `clslice split` and each section's plan.  Every
 * sum is checked against the axis length before it is formed, so no
 * combination of int64 values can overflow. */
#include "split_sections.h"

#include <stdio.h>
#include <stdlib.h>

static int alloc_bounds(cli_sections *s, size_t count, cli_err *err)
{
    if (count > CLI_MAX_SECTIONS)
        return cli_usage_error(err, "%zu sections are more than the %d "
                                    "allowed", count, CLI_MAX_SECTIONS);
    s->count = count;
    s->bound = malloc((count + 1) * sizeof *s->bound);
    return s->bound ? CLI_EXIT_OK
                    : cli_fail(err, CLI_EXIT_FAILURE, "out of memory");
}

/* numpy.array_split: n sections, the first len % n one longer. */
static int by_sections(const int64_t *values, size_t n, int64_t len,
                       cli_sections *s, cli_err *err)
{
    if (n != 1)
        return cli_usage_error(err, "--sections wants one integer, not %zu",
                               n);
    int64_t count = values[0];
    if (count < 1 || count > CLI_MAX_SECTIONS)
        return cli_usage_error(err, "--sections %lld: want 1 to %d",
                               (long long)count, CLI_MAX_SECTIONS);
    int status = alloc_bounds(s, (size_t)count, err);
    if (status != CLI_EXIT_OK)
        return status;
    int64_t each = len / count, extra = len % count;
    s->bound[0] = 0;
    for (int64_t i = 0; i < count; i++) /* ends at len: no overflow */
        s->bound[i + 1] = s->bound[i] + each + (i < extra ? 1 : 0);
    return CLI_EXIT_OK;
}

/* numpy.split with indices: [0, i, j, ..., len]. */
static int by_indices(const int64_t *values, size_t n, int64_t len,
                      cli_sections *s, cli_err *err)
{
    int status = alloc_bounds(s, n + 1, err);
    if (status != CLI_EXIT_OK)
        return status;
    s->bound[0] = 0;
    for (size_t i = 0; i < n; i++)
        s->bound[i + 1] = values[i];
    s->bound[n + 1] = len;
    return CLI_EXIT_OK;
}

/* The sum of the sizes other than the one -1 (*infer, SIZE_MAX when
 * none), refusing the first entry that takes it past len. */
static int sum_sizes(const int64_t *values, size_t n, int64_t len,
                     int64_t *sum, size_t *infer, cli_err *err)
{
    *sum = 0;
    *infer = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        int64_t v = values[i];
        if (v == -1 && *infer == SIZE_MAX) {
            *infer = i;
            continue;
        }
        if (v < 0)
            return cli_usage_error(err, "--sizes entry %zu is %lld: sizes "
                                        "are >= 0, one may be -1", i,
                                   (long long)v);
        if (v > len - *sum) /* *sum <= len, so this cannot overflow */
            return cli_usage_error(err, "--sizes entry %zu is %lld, which "
                                        "takes the sizes past the axis "
                                        "length %lld", i, (long long)v,
                                   (long long)len);
        *sum += v;
    }
    return CLI_EXIT_OK;
}

/* tf.split with size_splits: sizes >= 0 summing to len, one may be -1
 * (the rest). */
static int by_sizes(const int64_t *values, size_t n, int64_t len,
                    cli_sections *s, cli_err *err)
{
    int64_t sum;
    size_t infer;
    int status = sum_sizes(values, n, len, &sum, &infer, err);
    if (status != CLI_EXIT_OK)
        return status;
    if (infer == SIZE_MAX && sum != len)
        return cli_usage_error(err, "--sizes add up to %lld but the axis "
                                    "has %lld", (long long)sum,
                               (long long)len);
    status = alloc_bounds(s, n, err);
    if (status != CLI_EXIT_OK)
        return status;
    s->bound[0] = 0;
    for (size_t i = 0; i < n; i++) /* partial sums stay within len */
        s->bound[i + 1] = s->bound[i] + (i == infer ? len - sum : values[i]);
    return CLI_EXIT_OK;
}

int cli_sections_make(cli_split_mode mode, const int64_t *values, size_t n,
                      int64_t len, cli_sections *s, cli_err *err)
{
    *s = (cli_sections){0, NULL};
    int status;
    if (mode == CLI_SPLIT_SECTIONS)
        status = by_sections(values, n, len, s, err);
    else if (mode == CLI_SPLIT_INDICES)
        status = by_indices(values, n, len, s, err);
    else
        status = by_sizes(values, n, len, s, err);
    if (status != CLI_EXIT_OK)
        cli_sections_free(s);
    return status;
}

void cli_sections_free(cli_sections *s)
{
    free(s->bound);
    *s = (cli_sections){0, NULL};
}

/* "[:, :, a:b]" with the range on the axis. */
int cli_section_plan(const int64_t *shape, int rank, int axis,
                     const cli_sections *s, size_t i, clslice_plan **plan,
                     cli_err *err)
{
    char expr[CLSLICE_MAX_RANK * 3 + 64];
    size_t used = 0;
    expr[used++] = '[';
    for (int k = 0; k < axis; k++)
        used += (size_t)snprintf(expr + used, sizeof expr - used, ":,");
    snprintf(expr + used, sizeof expr - used, "%lld:%lld]",
             (long long)s->bound[i], (long long)s->bound[i + 1]);
    clslice_error lib;
    return cli_library_result(clslice_plan_expr(shape, rank, expr, plan,
                                                &lib),
                              &lib, err);
}
