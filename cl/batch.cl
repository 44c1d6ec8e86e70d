/*
 * Batched gathers (OpenCL C 1.2): many plans over one source, each into
 * its own contiguous output, in a single launch.
 *
 * Why: a model runs many small slices back to back (Split, QKV splits,
 * chunk), and each command costs 70-200 us on PoCL and several us on a
 * GPU, far more than moving a few kilobytes.  One launch pays that once.
 *
 * The work of the launch is a table in a global buffer (the host uploads
 * it with the buffer's creation, not with a command of its own), all
 * words cs_idx:
 *
 *   start[jobs + 1]   prefix sums of the jobs' units: job j owns units
 *                     [start[j], start[j + 1]); start[jobs] = units;
 *   cs_batch_job[jobs]
 *
 * A unit is `chunk` consecutive output carriers of one job (its last unit
 * may be shorter); every job has at least one unit (empty plans never
 * reach the table).  A job reads count[0..rank) carriers, innermost dim
 * first, from src_base at stride[] and writes them contiguously from
 * dst_base of destination `buffer` (an index into the kernel's
 * destination arguments); magic[k] and shift[k] divide by count[k]
 * (CS_DIVIDE, cl/common.cl; a shift of 0 divides).  Scalar arguments:
 * jobs, per_job (the units of every job when all have as many, else 0;
 * cs_batch_locate), chunk, units, and the magic number and shift that
 * divide by jobs.
 *
 * Two kernels share the table, one per device family, as the single
 * gathers do (cl/rows.cl, cl/grid_gather.cl say why):
 *   rows  one work-item per unit, which walks its rows like an odometer
 *         and copies each run in a counted loop that LLVM vectorizes
 *         (CPUs);
 *   grid  one work-group per unit, its work-items taking consecutive
 *         carriers so the group's accesses coalesce (GPUs); grid-stride
 *         over units, so the host may cap the groups.
 * Each comes with 1 and with 8 destination buffers: the host groups a
 * batch's distinct destination buffers into as few launches as that
 * allows (one when every output lives in one buffer).
 *
 * Build options: CS_INDEX64, CS_MAX_DIMS and CS_MAGIC_DIMS as everywhere
 * (cl/common.cl).
 * Every source index is formed absolutely (base plus wrapped products),
 * which the 32-bit form needs for negative strides.
 */

/* cs_idx and CS_FOR: cl/common.cl. */

typedef struct cs_batch_job {
    cs_idx src_base, dst_base, buffer, rank, elements;
    cs_idx count[CS_MAX_DIMS];
    cs_idx stride[CS_MAX_DIMS];
    cs_idx magic[CS_MAGIC_DIMS];
    cs_idx shift[CS_MAGIC_DIMS];
} cs_batch_job;

/* The host packs this struct word for word (src/opencl/ops/batch.c). */
typedef char cs_batch_job_size_check[
    sizeof(cs_batch_job) ==
    (5 + 2 * CS_MAX_DIMS + 2 * CS_MAGIC_DIMS) * sizeof(cs_idx) ? 1 : -1];

/* The job owning `unit`: the last j with start[j] <= unit. */
static cs_idx cs_batch_find(global const cs_idx *start, cs_idx jobs,
                            cs_idx unit)
{
    cs_idx lo = 0, hi = jobs;
    while (hi - lo > 1) {
        cs_idx mid = lo + (hi - lo) / 2;
        if (start[mid] <= unit)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static global const cs_batch_job *cs_batch_job_at(global const cs_idx *table,
                                                  cs_idx jobs, cs_idx j)
{
    return (global const cs_batch_job *)(table + jobs + 1) + j;
}

/* The job of `unit` and the first output carrier it copies.  When every
 * job has the same number of units (per_job > 0: an even split), units
 * interleave the jobs, u = chunk index * jobs + j, so that neighbouring
 * work-items copy the same rows of the source for neighbouring jobs and
 * share its cache lines (a split along the last axis reads each line for
 * 16 float jobs); otherwise units run job by job, found by binary
 * search. */
static global const cs_batch_job *cs_batch_locate(global const cs_idx *table,
                                                  cs_idx jobs, cs_idx per_job,
                                                  cs_idx chunk, cs_idx unit,
                                                  cs_idx jobs_magic,
                                                  cs_idx jobs_shift,
                                                  cs_idx *first)
{
    cs_idx j;
    if (per_job) {
        cs_idx round = CS_DIVIDE(unit, jobs, jobs_magic, jobs_shift);
        j = unit - round * jobs;
        *first = round * chunk;
    } else {
        j = cs_batch_find(table, jobs, unit);
        *first = (unit - table[j]) * chunk;
    }
    return cs_batch_job_at(table, jobs, j);
}

/* The destinations: d0 alone, or d0..d7 picked by the job's buffer. */
#define CS_DSTS_1(T) global T *restrict d0
#define CS_DSTS_8(T)                                                        \
    global T *restrict d0, global T *restrict d1, global T *restrict d2,    \
    global T *restrict d3, global T *restrict d4, global T *restrict d5,    \
    global T *restrict d6, global T *restrict d7
#define CS_PICK_1(b) d0
#define CS_PICK_8(b)                                                        \
    ((b) == 0 ? d0 : (b) == 1 ? d1 : (b) == 2 ? d2 : (b) == 3 ? d3          \
     : (b) == 4 ? d4 : (b) == 5 ? d5 : (b) == 6 ? d6 : d7)

#define CS_BATCH_ARGS(T, B)                                                 \
    global const T *restrict src, CS_DSTS_##B(T),                           \
    global const cs_idx *restrict table, cs_idx jobs, cs_idx per_job,       \
    cs_idx chunk, cs_idx units, cs_idx jobs_magic, cs_idx jobs_shift

/* ---- rows (CPUs) ---------------------------------------------------------
 * The unit's first carrier is found with one division chain; then each
 * run (the rest of the current row, or of the unit) is a counted loop by
 * the row's stride: +1 and -1 get plain pointer loops, any other an
 * indexed gather. */
#define CS_BATCH_ROWS(T, C, B)                                              \
kernel void cs_batch_rows##B##_c##C(CS_BATCH_ARGS(T, B))                    \
{                                                                           \
    cs_idx unit = (cs_idx)get_global_id(0);                                 \
    if (unit >= units)                                                      \
        return;                                                             \
    cs_idx pos;                                                             \
    global const cs_batch_job *job =                                        \
        cs_batch_locate(table, jobs, per_job, chunk, unit, jobs_magic,      \
                        jobs_shift, &pos);                                  \
    cs_idx end = job->elements - pos > chunk ? pos + chunk : job->elements; \
    cs_idx rank = job->rank, rest = pos, s = job->src_base;                 \
    cs_idx idx[CS_MAX_DIMS];                                                \
    for (cs_idx k = 0; k < rank; k++) {                                     \
        cs_idx q = rest / job->count[k];                                    \
        idx[k] = rest - q * job->count[k];                                  \
        s += idx[k] * job->stride[k];                                       \
        rest = q;                                                           \
    }                                                                       \
    global T *dst = CS_PICK_##B(job->buffer) + job->dst_base;               \
    cs_idx n0 = job->count[0], st0 = job->stride[0];                        \
    while (pos < end) {                                                     \
        cs_idx run = end - pos < n0 - idx[0] ? end - pos : n0 - idx[0];     \
        global T *d = dst + pos;                                            \
        if (st0 == 1) {                                                     \
            global const T *p = src + s;                                    \
            for (size_t i = 0; i < (size_t)run; i++)                        \
                d[i] = p[i];                                                \
        } else if (st0 == (cs_idx)-1) {                                     \
            global const T *p = src + s;                                    \
            for (size_t i = 0; i < (size_t)run; i++)                        \
                d[i] = *(p - i);                                            \
        } else {                                                            \
            for (cs_idx i = 0; i < run; i++)                                \
                d[i] = src[(cs_idx)(s + i * st0)];                          \
        }                                                                   \
        pos += run;                                                         \
        s -= idx[0] * st0; /* back to the row's start, then the next row */ \
        idx[0] = 0;                                                         \
        for (cs_idx k = 1; k < rank; k++) {                                 \
            s += job->stride[k];                                            \
            if (++idx[k] < job->count[k])                                   \
                break;                                                      \
            idx[k] = 0;                                                     \
            s -= job->count[k] * job->stride[k];                            \
        }                                                                   \
    }                                                                       \
}

/* ---- grid (GPUs) ---------------------------------------------------------
 * The work-items of a group take consecutive carriers of the unit, each
 * finding its source with a chain of magic-number divisions, one per dim
 * but the last (the job's rank is mostly 1-3 after simplification; a
 * rank-1 job divides nothing). */
#define CS_BATCH_GRID(T, C, B)                                              \
kernel void cs_batch_grid##B##_c##C(CS_BATCH_ARGS(T, B))                    \
{                                                                           \
    cs_idx lid = (cs_idx)get_local_id(0);                                   \
    cs_idx lsize = (cs_idx)get_local_size(0);                               \
    cs_idx groups = (cs_idx)get_num_groups(0);                              \
    for (cs_idx unit = (cs_idx)get_group_id(0); unit < units;               \
         unit = units - unit > groups ? unit + groups : units) {            \
        cs_idx first;                                                       \
        global const cs_batch_job *job =                                    \
            cs_batch_locate(table, jobs, per_job, chunk, unit, jobs_magic,  \
                            jobs_shift, &first);                            \
        cs_idx end = job->elements - first > chunk ? first + chunk          \
                                                   : job->elements;         \
        global T *dst = CS_PICK_##B(job->buffer) + job->dst_base;           \
        cs_idx rank = job->rank;                                            \
        for (cs_idx e = first + lid; e < end;                               \
             e = end - e > lsize ? e + lsize : end) {                       \
            cs_idx rest = e, s = job->src_base, k = 0;                      \
            for (; k + 1 < rank; k++) {                                     \
                cs_idx q = k < CS_MAGIC_DIMS                                \
                               ? CS_DIVIDE(rest, job->count[k],             \
                                           job->magic[k], job->shift[k])    \
                               : rest / job->count[k];                      \
                s += (rest - q * job->count[k]) * job->stride[k];           \
                rest = q;                                                   \
            }                                                               \
            dst[e] = src[s + rest * job->stride[k]];                        \
        }                                                                   \
    }                                                                       \
}

#define CS_BATCH(T, C)                                                      \
    CS_BATCH_ROWS(T, C, 1)                                                  \
    CS_BATCH_ROWS(T, C, 8)                                                  \
    CS_BATCH_GRID(T, C, 1)                                                  \
    CS_BATCH_GRID(T, C, 8)

CS_CARRIERS(CS_BATCH, uint2)
