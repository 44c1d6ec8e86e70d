/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * CSR slicing kernels (OpenCL C 1.2).
 *
 * Two passes, driven by src/opencl/ops/csr*.c:
 *   count: cs_csr_check_indptr validates the whole indptr, cs_csr_count
 *          validates the selected rows and counts the entries each output
 *          row keeps into counts[1 + i]; the cs_csr_scan_* kernels turn
 *          the counts into row pointers (an inclusive scan, several levels
 *          for long inputs) and cs_csr_finish stores the total for the host.
 *          Problems only raise a flag: the host then names the first bad
 *          position itself (csr_check.c), so the wording is the host's.
 *   fill:  cs_csr_fill_c<N> copies each output row's kept entries, moving
 *          data in carriers of N bytes (an element is `carriers` of them),
 *          so one kernel serves every element size.
 *
 * Build options:
 *   CS_INDEX64  1: indptr and indices are int64, 0: int32.
 * Sizes, positions and the plan are int64 (OpenCL 1.2 guarantees `long`).
 * Every kernel reads indices only where the bounds it has checked itself
 * allow, so a corrupt matrix can raise the flag but never make a kernel
 * read or write out of bounds.
 */

#if CS_INDEX64
typedef long cs_ix;
typedef ulong cs_ux;
#else
typedef int cs_ix;
typedef uint cs_ux;
#endif

/* Mirrors cs_csr_params in src/opencl/ops/csr_slicer.h: all long, no
 * padding. */
typedef struct cs_csr_params {
    long rows, cols, nnz;
    long row_start, row_step, out_rows;
    long col_start, col_step, out_cols;
    long out_nnz;
    long indptr_base, indices_base, data_base;
    long out_indptr_base, out_indices_base, out_data_base;
    long carriers;
} cs_csr_params;

typedef char cs_csr_params_size_check[
    sizeof(cs_csr_params) == 17 * sizeof(long) ? 1 : -1];

/* Status words: [0] problem flags, [2..3] the result's nnz (low, high). */
#define CS_BAD_INDPTR 1u
#define CS_BAD_ROW 2u
#define CS_BAD_COLUMN 4u

/* for (i = global id; i < n; i += global size) */
#define CS_ITEMS(i, n)                                                      \
    for (long i = (long)get_global_id(0); i < (n);                          \
         i += (long)get_global_size(0))

/* Output column of column c (0 <= c < cols), or -1; as cs_csr_column in
 * src/core/csr/csr_slice.h. */
static long cs_column(const cs_csr_params *p, long c)
{
    if (p->out_cols == 0)
        return -1;
    long d = c - p->col_start;
    long step = p->col_step;
    /* in 32 bits where both fit (steps of +-1 never divide): a 64-bit
     * division is a long routine on GPUs, whose registers pushed
     * cs_csr_fill_c16 to 44 on sm_90 */
    bool narrow = d == (int)d && step == (int)step;
    long j = step == 1    ? d
             : step == -1 ? -d
             : narrow     ? (long)((int)d / (int)step)
                          : d / step;
    if (j < 0 || j >= p->out_cols || j * step != d)
        return -1;
    return j;
}

kernel void cs_csr_check_indptr(global const cs_ix *indptr,
                                global uint *status, cs_csr_params p)
{
    CS_ITEMS(k, p.rows + 1) {
        long v = indptr[p.indptr_base + k];
        bool bad = k == 0 ? v != 0 : v < indptr[p.indptr_base + k - 1];
        if (bad || v > p.nnz || (k == p.rows && v != p.nnz))
            atomic_or(&status[0], CS_BAD_INDPTR);
    }
}

/* The entry range of output row i, or false when indptr does not give a
 * readable one (the flag is raised). */
static bool cs_row_range(global const cs_ix *indptr, const cs_csr_params *p,
                         long i, long *lo, long *hi, global uint *status)
{
    long r = p->row_start + i * p->row_step;
    *lo = indptr[p->indptr_base + r];
    *hi = indptr[p->indptr_base + r + 1];
    if (0 <= *lo && *lo <= *hi && *hi <= p->nnz)
        return true;
    if (status)
        atomic_or(&status[0], CS_BAD_ROW);
    return false;
}

kernel void cs_csr_count(global const cs_ix *indptr,
                         global const cs_ix *indices, global cs_ux *counts,
                         global uint *status, cs_csr_params p)
{
    if (get_global_id(0) == 0)
        counts[0] = 0;
    CS_ITEMS(i, p.out_rows) {
        long lo, hi;
        cs_ux kept = 0;
        if (cs_row_range(indptr, &p, i, &lo, &hi, status)) {
            for (long e = lo; e < hi; e++) {
                long c = indices[p.indices_base + e];
                if (c < 0 || c >= p.cols)
                    atomic_or(&status[0], CS_BAD_COLUMN);
                else
                    kept += cs_column(&p, c) >= 0;
            }
        }
        counts[1 + i] = kept;
    }
}

/* Scan: each work-group owns CS_SCAN_ITEMS * local size consecutive
 * values of a[base .. base+n-1]; each work-item scans its CS_SCAN_ITEMS
 * serially, and the group scans the work-items' totals in local memory
 * in two steps with a barrier before each: the first local size /
 * CS_SCAN_CHUNK work-items add up one chunk of CS_SCAN_CHUNK totals each,
 * then every work-item adds the chunks before its own and the totals
 * before it in its chunk (at most size / CS_SCAN_CHUNK + CS_SCAN_CHUNK - 1
 * local reads; the chunk sums are read by a whole warp at once).  No
 * barrier sits in a loop: PoCL compiles the work-group function of a
 * kernel with a barrier in a loop of unknown trip count (Hillis-Steele's)
 * 2.5 times as long, and compiles such a generic function for every
 * kernel of every binary-cache file it hands out.  The group's total goes
 * to sums[sums_base + group] for the next level.  Unsigned types wrap, so
 * even a corrupt count cannot overflow into undefined behaviour.  `tmp`
 * holds local size + ceil(local size / CS_SCAN_CHUNK) values
 * (csr_scan.c). */
#define CS_SCAN_ITEMS 4
#define CS_SCAN_CHUNK 16

kernel void cs_csr_scan_block(global cs_ux *a, ulong base, ulong n,
                              global cs_ux *sums, ulong sums_base,
                              uint write_sums, local cs_ux *tmp)
{
    size_t t = get_local_id(0), size = get_local_size(0);
    ulong first = (get_group_id(0) * size + t) * CS_SCAN_ITEMS;
    cs_ux v[CS_SCAN_ITEMS], run = 0;
    for (int k = 0; k < CS_SCAN_ITEMS; k++) {
        ulong x = first + k;
        run += x < n ? a[base + x] : 0;
        v[k] = run;
    }
    local cs_ux *totals = tmp, *chunks = tmp + size;
    totals[t] = run;
    barrier(CLK_LOCAL_MEM_FENCE);
    size_t from = t * CS_SCAN_CHUNK;
    if (from < size) {
        size_t to = min(size, from + CS_SCAN_CHUNK);
        cs_ux sum = 0;
        for (size_t j = from; j < to; j++)
            sum += totals[j];
        chunks[t] = sum;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    size_t chunk = t / CS_SCAN_CHUNK;
    cs_ux before = 0;
    for (size_t c = 0; c < chunk; c++)
        before += chunks[c];
    for (size_t j = chunk * CS_SCAN_CHUNK; j < t; j++)
        before += totals[j];
    for (int k = 0; k < CS_SCAN_ITEMS; k++) {
        ulong x = first + k;
        if (x < n)
            a[base + x] = v[k] + before;
    }
    if (write_sums && t == size - 1)
        sums[sums_base + get_group_id(0)] = before + run;
}

/* Adds the scanned totals of the blocks before it to every value of
 * block g > 0; blocks hold `block` values (a multiple of CS_SCAN_ITEMS),
 * so one work-item's values share a block whatever its group size. */
kernel void cs_csr_scan_add(global cs_ux *a, ulong base, ulong n,
                            global const cs_ux *sums, ulong sums_base,
                            ulong block)
{
    ulong first = get_global_id(0) * CS_SCAN_ITEMS;
    ulong g = first / block;
    if (g == 0 || first >= n)
        return;
    cs_ux add = sums[sums_base + g - 1];
    for (int k = 0; k < CS_SCAN_ITEMS; k++) {
        ulong x = first + k;
        if (x < n)
            a[base + x] += add;
    }
}

/* One work-item: the total the host reads with the flags. */
kernel void cs_csr_finish(global const cs_ux *counts, ulong last,
                          global uint *status)
{
    ulong total = counts[last];
    status[2] = (uint)total;
    status[3] = (uint)(total >> 32);
}

/* Copies the kept entries of output row i into
 * [out_indptr[i], out_indptr[i+1]), never past out_nnz. */
#define CS_FILL_KERNEL(T, C)                                                \
kernel void cs_csr_fill_c##C(global const cs_ix *indptr,                    \
                             global const cs_ix *indices,                   \
                             global const T *data,                          \
                             global const cs_ix *out_indptr,                \
                             global cs_ix *out_indices,                     \
                             global T *out_data, cs_csr_params p)           \
{                                                                           \
    CS_ITEMS(i, p.out_rows) {                                               \
        long lo, hi;                                                        \
        long at = out_indptr[p.out_indptr_base + i];                        \
        long end = out_indptr[p.out_indptr_base + i + 1];                   \
        if (!cs_row_range(indptr, &p, i, &lo, &hi, 0) || at < 0 ||          \
            end > p.out_nnz)                                                \
            continue;                                                       \
        for (long e = lo; e < hi && at < end; e++) {                        \
            long c = indices[p.indices_base + e];                           \
            long j = c < 0 || c >= p.cols ? -1 : cs_column(&p, c);          \
            if (j < 0)                                                      \
                continue;                                                   \
            out_indices[p.out_indices_base + at] = (cs_ix)j;                \
            /* pointers stepped along the entry, not base + k indices:   \
             * two fewer live 64-bit values brought cs_csr_fill_c16      \
             * from 34 to 30 registers on sm_90 */                       \
            global const T *from = data + p.data_base + e * p.carriers;     \
            global T *to = out_data + p.out_data_base + at * p.carriers;    \
            _Pragma("unroll 1") /* a loop, not four copies' registers */   \
            for (long k = p.carriers; k > 0; k--)                           \
                *to++ = *from++;                                            \
            at++;                                                           \
        }                                                                   \
    }                                                                       \
}

CS_CARRIERS(CS_FILL_KERNEL, uint2)
