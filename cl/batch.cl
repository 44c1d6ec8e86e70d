/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Batched moves (OpenCL C 1.2): many strided copies in a single launch,
 * in two directions:
 *   batch   many plans over one source, each into its own contiguous
 *           output (clslice_cl_gather_batch: Split, tf.split, QKV);
 *   concat  many sources, each into its place of one destination
 *           (clslice_cl_concat: Concat, numpy.concatenate and stack).
 *
 * Why: a model runs many small slices and joins back to back, and each
 * command costs 70-200 us on PoCL and several us on a GPU, far more than
 * moving a few kilobytes.  One launch pays that once.
 *
 * The work of the launch is a table in a global buffer (the host uploads
 * it with the buffer's creation, not with a command of its own), all
 * words cs_idx:
 *
 *   start[jobs + 1]   prefix sums of the jobs' units: job j owns units
 *                     [start[j], start[j + 1]); start[jobs] = units;
 *   cs_batch_job[jobs]
 *
 * A unit is `chunk` consecutive carriers of one job (its last unit may
 * be shorter); every job has at least one unit (empty moves never reach
 * the table).  A job moves count[0..rank) carriers, innermost dim first,
 * read from src_base at stride[] and written from dst_base at
 * dst_stride[] (a batch's destination is contiguous, and its kernels
 * write it so without reading dst_stride).  `buffer` picks the job's
 * buffer on the side of many: a batch's destination, a concat's source
 * (an index into the kernel's buffer arguments).  Scalar arguments:
 * jobs, per_job (the units of every job when all have as many, else 0;
 * cs_batch_locate), chunk and units.
 *
 * Two kernels per direction share the table, one per device family, as
 * the single gathers do (cl/rows.cl, cl/grid_gather.cl say why):
 *   rows  one work-item per unit, which walks its rows like an odometer
 *         and copies each run in a counted loop that LLVM vectorizes
 *         (CPUs);
 *   grid  one work-group per unit, its work-items taking consecutive
 *         carriers so the group's accesses coalesce (GPUs); grid-stride
 *         over units, so the host may cap the groups.
 * Each comes with 1 and with 8 buffers on the side of many: the host
 * groups a call's distinct buffers there into as few launches as that
 * allows (one when every output, or every source, lives in one buffer).
 *
 * Build options: CS_INDEX64 and CS_MAX_DIMS as everywhere (cl/common.cl).
 * Every index is formed absolutely (base plus wrapped products), which
 * the 32-bit form needs for negative strides.
 */

/* cs_idx and CS_FOR: cl/common.cl. */

/* cs_batch_job: src/opencl/base/kernel_tables.h, which the embedding step
 * puts in front of this file (the host fills it in
 * src/opencl/run/batch_launch.c). */

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
                                                  cs_idx *first)
{
    cs_idx j;
    if (per_job) {
        /* jobs <= per_job * jobs = units: 32 bits where unit's are */
        cs_idx round = CS_DIV32(unit, jobs, jobs * per_job <= 0xFFFFFFFFu);
        j = unit - round * jobs;
        *first = round * chunk;
    } else {
        j = cs_batch_find(table, jobs, unit);
        *first = (unit - table[j]) * chunk;
    }
    return cs_batch_job_at(table, jobs, j);
}

/* The buffers on the side of many: p0 alone, or p0..p7 picked by the
 * job's buffer. */
#define CS_BUFS_1(T, p) global T *restrict p##0
#define CS_BUFS_8(T, p)                                                     \
    global T *restrict p##0, global T *restrict p##1,                       \
    global T *restrict p##2, global T *restrict p##3,                       \
    global T *restrict p##4, global T *restrict p##5,                       \
    global T *restrict p##6, global T *restrict p##7
#define CS_PICK_1(p, b) p##0
#define CS_PICK_8(p, b)                                                     \
    ((b) == 0 ? p##0 : (b) == 1 ? p##1 : (b) == 2 ? p##2 : (b) == 3 ? p##3  \
     : (b) == 4 ? p##4 : (b) == 5 ? p##5 : (b) == 6 ? p##6 : p##7)

#define CS_TABLE_ARGS                                                       \
    global const cs_idx *restrict table, cs_idx jobs, cs_idx per_job,       \
    cs_idx chunk, cs_idx units

#define CS_BATCH_ARGS(T, B)                                                 \
    global const T *restrict src, CS_BUFS_##B(T, d), CS_TABLE_ARGS
#define CS_CONCAT_ARGS(T, B)                                                \
    CS_BUFS_##B(const T, s), global T *restrict dst, CS_TABLE_ARGS

/* The end of the unit that starts at carrier pos of `job`. */
static cs_idx cs_unit_end(global const cs_batch_job *job, cs_idx pos,
                          cs_idx chunk)
{
    return job->elements - pos > chunk ? pos + chunk : job->elements;
}

/* ---- rows (CPUs) ---------------------------------------------------------
 * The unit's first carrier is found with one division chain; then each
 * run (the rest of the current row, or of the unit) is a counted loop by
 * the row's stride: +1 and -1 get plain pointer loops, any other an
 * indexed gather. */

/* Carrier pos of a job: its coordinate in idx and its source index
 * (returned). */
static inline cs_idx cs_batch_seek(global const cs_batch_job *job,
                                   cs_idx pos, cs_idx *idx)
{
    cs_idx rest = pos, s = job->src_base;
    for (cs_idx k = 0; k < job->rank; k++) {
        cs_idx q = rest / job->count[k];
        idx[k] = rest - q * job->count[k];
        s += idx[k] * job->stride[k];
        rest = q;
    }
    return s;
}

/* From the start of a run (idx[0] into its row) to the next row's start
 * on the source (returned), as an odometer over the outer dims. */
static inline cs_idx cs_batch_next_row(global const cs_batch_job *job,
                                       cs_idx *idx, cs_idx s)
{
    s -= idx[0] * job->stride[0];
    idx[0] = 0;
    for (cs_idx k = 1; k < job->rank; k++) {
        s += job->stride[k];
        if (++idx[k] < job->count[k])
            break;
        idx[k] = 0;
        s -= job->count[k] * job->stride[k];
    }
    return s;
}

#define CS_BATCH_ROWS(T, C, B)                                              \
kernel void cs_batch_rows##B##_c##C(CS_BATCH_ARGS(T, B))                    \
{                                                                           \
    cs_idx unit = (cs_idx)get_global_id(0);                                 \
    if (unit >= units)                                                      \
        return;                                                             \
    cs_idx pos, idx[CS_MAX_DIMS];                                           \
    global const cs_batch_job *job =                                        \
        cs_batch_locate(table, jobs, per_job, chunk, unit, &pos);           \
    cs_idx end = cs_unit_end(job, pos, chunk);                              \
    cs_idx s = cs_batch_seek(job, pos, idx);                                \
    cs_idx n0 = job->count[0], st0 = job->stride[0];                        \
    global T *dst = CS_PICK_##B(d, job->buffer) + job->dst_base;            \
    while (pos < end) {                                                     \
        cs_idx run = cs_idx_min(end - pos, n0 - idx[0]);                    \
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
        s = cs_batch_next_row(job, idx, s);                                 \
    }                                                                       \
}

/* ---- grid (GPUs) ---------------------------------------------------------
 * The work-items of a group take consecutive carriers of the unit, each
 * finding its source with a division chain (the job's rank is mostly 1-3
 * after simplification): one division per dim but the outermost, in 32
 * bits wherever the job fits them (CS_DIV32), also in the 64-bit form. */
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
            cs_batch_locate(table, jobs, per_job, chunk, unit, &first);     \
        cs_idx end = cs_unit_end(job, first, chunk);                        \
        global T *dst = CS_PICK_##B(d, job->buffer) + job->dst_base;        \
        cs_idx rank = job->rank;                                            \
        bool narrow = job->elements <= (cs_idx)0xFFFFFFFFu;                 \
        for (cs_idx e = first + lid; e < end;                               \
             e = end - e > lsize ? e + lsize : end) {                       \
            cs_idx rest = e, s = job->src_base, k = 0;                      \
            for (; k + 1 < rank; k++) {                                     \
                cs_idx q = CS_DIV32(rest, job->count[k], narrow);           \
                s += (rest - q * job->count[k]) * job->stride[k];           \
                rest = q;                                                   \
            }                                                               \
            dst[e] = src[s + rest * job->stride[k]];                        \
        }                                                                   \
    }                                                                       \
}

/* ---- concat: many sources, one destination -------------------------------
 * The same units and walks with a strided destination.  The rows form
 * copies each run with a pointer loop when both sides are contiguous, a
 * gather loop when the destination is (a strided source view), and an
 * indexed loop otherwise (a concatenation along the last axis writes each
 * part's runs at the destination's row stride). */

/* Carrier pos of a job: its coordinate and its source and destination
 * indices. */
static void cs_concat_seek(global const cs_batch_job *job, cs_idx pos,
                           cs_idx *idx, cs_idx *at, cs_idx *to)
{
    cs_idx rest = pos;
    *at = job->src_base;
    *to = job->dst_base;
    for (cs_idx k = 0; k < job->rank; k++) {
        cs_idx q = rest / job->count[k];
        idx[k] = rest - q * job->count[k];
        *at += idx[k] * job->stride[k];
        *to += idx[k] * job->dst_stride[k];
        rest = q;
    }
}

/* From the start of a run (idx[0] into its row) to the next row's start,
 * as an odometer over the outer dims. */
static void cs_concat_next_row(global const cs_batch_job *job, cs_idx *idx,
                               cs_idx *at, cs_idx *to)
{
    *at -= idx[0] * job->stride[0];
    *to -= idx[0] * job->dst_stride[0];
    idx[0] = 0;
    for (cs_idx k = 1; k < job->rank; k++) {
        *at += job->stride[k];
        *to += job->dst_stride[k];
        if (++idx[k] < job->count[k])
            return;
        idx[k] = 0;
        *at -= job->count[k] * job->stride[k];
        *to -= job->count[k] * job->dst_stride[k];
    }
}

#define CS_CONCAT_ROWS(T, C, B)                                             \
kernel void cs_concat_rows##B##_c##C(CS_CONCAT_ARGS(T, B))                  \
{                                                                           \
    cs_idx unit = (cs_idx)get_global_id(0);                                 \
    if (unit >= units)                                                      \
        return;                                                             \
    cs_idx pos, at, to, idx[CS_MAX_DIMS];                                   \
    global const cs_batch_job *job =                                        \
        cs_batch_locate(table, jobs, per_job, chunk, unit, &pos);           \
    global const T *src = CS_PICK_##B(s, job->buffer);                      \
    cs_idx end = cs_unit_end(job, pos, chunk);                              \
    cs_concat_seek(job, pos, idx, &at, &to);                                \
    cs_idx n0 = job->count[0], st0 = job->stride[0];                        \
    cs_idx dt0 = job->dst_stride[0];                                        \
    while (pos < end) {                                                     \
        cs_idx run = cs_idx_min(end - pos, n0 - idx[0]);                    \
        if (st0 == 1 && dt0 == 1) {                                         \
            global const T *p = src + at;                                   \
            global T *q = dst + to;                                         \
            for (size_t i = 0; i < (size_t)run; i++)                        \
                q[i] = p[i];                                                \
        } else if (dt0 == 1) {                                              \
            global T *q = dst + to;                                         \
            for (cs_idx i = 0; i < run; i++)                                \
                q[i] = src[(cs_idx)(at + i * st0)];                         \
        } else {                                                            \
            for (cs_idx i = 0; i < run; i++)                                \
                dst[(cs_idx)(to + i * dt0)] = src[(cs_idx)(at + i * st0)];  \
        }                                                                   \
        pos += run;                                                         \
        cs_concat_next_row(job, idx, &at, &to);                             \
    }                                                                       \
}

#define CS_CONCAT_GRID(T, C, B)                                             \
kernel void cs_concat_grid##B##_c##C(CS_CONCAT_ARGS(T, B))                  \
{                                                                           \
    cs_idx lid = (cs_idx)get_local_id(0);                                   \
    cs_idx lsize = (cs_idx)get_local_size(0);                               \
    cs_idx groups = (cs_idx)get_num_groups(0);                              \
    for (cs_idx unit = (cs_idx)get_group_id(0); unit < units;               \
         unit = units - unit > groups ? unit + groups : units) {            \
        cs_idx first;                                                       \
        global const cs_batch_job *job =                                    \
            cs_batch_locate(table, jobs, per_job, chunk, unit, &first);     \
        global const T *src = CS_PICK_##B(s, job->buffer);                  \
        cs_idx end = cs_unit_end(job, first, chunk), rank = job->rank;      \
        for (cs_idx e = first + lid; e < end;                               \
             e = end - e > lsize ? e + lsize : end) {                       \
            cs_idx rest = e, at = job->src_base, to = job->dst_base;        \
            for (cs_idx k = 0; k < rank; k++) {                             \
                cs_idx q = rest / job->count[k];                            \
                cs_idx i = rest - q * job->count[k];                        \
                at += i * job->stride[k];                                   \
                to += i * job->dst_stride[k];                               \
                rest = q;                                                   \
            }                                                               \
            dst[to] = src[at];                                              \
        }                                                                   \
    }                                                                       \
}

#define CS_BATCH(T, C)                                                      \
    CS_BATCH_ROWS(T, C, 1)                                                  \
    CS_BATCH_ROWS(T, C, 8)                                                  \
    CS_BATCH_GRID(T, C, 1)                                                  \
    CS_BATCH_GRID(T, C, 8)                                                  \
    CS_CONCAT_ROWS(T, C, 1)                                                 \
    CS_CONCAT_ROWS(T, C, 8)                                                 \
    CS_CONCAT_GRID(T, C, 1)                                                 \
    CS_CONCAT_GRID(T, C, 8)

CS_CARRIERS(CS_BATCH, uint2)
