/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Prepended to every program's source (src/opencl/runtime/runtime.c
 * builds each program from this file and its own;
 * src/opencl/select/variants.def lists both).
 *
 *   cs_idx       the index type of the dense kernels: CS_INDEX64 = 1
 *                gives 64-bit index math (ulong), 0 gives 32-bit (uint).
 *                Unsigned arithmetic wraps, so negative strides travel as
 *                two's complement and every index comes out right as long
 *                as the final value fits the type (the host checks that).
 *   CS_FOR       the element grids' grid-stride loop.
 *   CS_CARRIERS  the carriers every family instantiates its kernels for.
 *   CS_DIVIDE    division by the host's magic numbers (the element grids).
 *   CS_DIV32     division in 32 bits where the operands fit them.
 *   cs_idx_min   the shorter of two counts (the row walks' runs).
 *   CS_GRID_PER_<C>  carriers per work-item of the element grids.
 *
 * A program built for the binary cache calls every kernel by its name
 * and the cache key's suffix (cs_odo_c_c4_k<16 hex digits>): a source put
 * in front renames them (src/opencl/runtime/key_names.c), so that a
 * binary filed under another key, the 64-bit index form under the 32-bit
 * key above all, is recognised before any kernel of it runs
 * (src/opencl/runtime/program_check.c).
 */

#if CS_INDEX64
typedef ulong cs_idx;
#else
typedef uint cs_idx;
#endif

/* for (i = global id; i < n; i += global size) along NDRange dim `dim`,
 * without ever computing i + step past n (that could wrap a 32-bit
 * index). */
#define CS_FOR(i, dim, n)                                                   \
    for (cs_idx i = (cs_idx)get_global_id(dim),                             \
                i##_step = (cs_idx)get_global_size(dim);                    \
         i < (n); i = ((n) - i > i##_step) ? i + i##_step : (n))

/* X(T, C) for each carrier: the type T of C bytes that a kernel moves per
 * access, the sizes CS_C_ALL of src/opencl/select/variants.h names (a
 * kernel's name ends in _c<C>).  T8 is the 8-byte type, each file's
 * choice: uint2 keeps a program built for 32-bit indices free of 64-bit
 * integers (the element grids, batches); a program that uses them anyway
 * may take ulong (rows, dynamic).  Each file expands this list once, so a
 * carrier added here is added everywhere. */
#define CS_CARRIERS(X, T8)                                                  \
    X(uchar, 1)                                                             \
    X(ushort, 2)                                                            \
    X(uint, 4)                                                              \
    X(T8, 8)                                                                \
    X(uint4, 16)

/* n / d for a divisor d >= 2 given as the magic number and shift the
 * host computed (src/opencl/base/divide.h, cs_magic_of, says why this is
 * exact for every n < 2^32): a mul_hi instead of a division, which costs
 * a GPU about 20 instructions (64-bit: about 70). */
static uint cs_magic_divide(uint n, uint magic, uint shift)
{
    uint t = mul_hi(n, magic);
    return (t + ((n - t) >> 1)) >> (shift - 1);
}

/* rest / count, by its magic number where the host gave one (shift > 0:
 * rest and count fit 32 bits), else by a division. */
#define CS_DIVIDE(rest, count, magic, shift)                                \
    ((shift) ? (cs_idx)cs_magic_divide((uint)(rest), (uint)(magic),         \
                                       (uint)(shift))                       \
             : (rest) / (count))

/* The element grids' generic kernels (rank > 4): NDRange dim 2's index
 * i as the folded row `fold` (dims 3 ..) and the rows [first, stop) of
 * dim 2 that the work-item walks, chunk i % chunks of at most tp->walk
 * rows (src/opencl/base/launch.c, cs_grid_walk): one magic-number
 * division per work-item, none where dim 2 is one chunk (chunk_shift
 * 0; the host makes one chunk wherever i might not fit 32 bits). */
#define CS_WALK(tp, i, count2, fold, first, stop)                           \
    cs_idx fold = (tp)->chunk_shift                                         \
                      ? (cs_idx)cs_magic_divide((uint)(i),                  \
                                                (uint)(tp)->chunk_magic,    \
                                                (uint)(tp)->chunk_shift)    \
                      : (i);                                                \
    cs_idx first = ((i) - fold * (tp)->chunks) * (tp)->walk;                \
    cs_idx stop = (count2) - first > (tp)->walk ? first + (tp)->walk        \
                                                : (count2)

/* The shorter of two counts: a run of the row-walking kernels ends at
 * its row's end or at its work-item's, whichever comes first. */
static inline cs_idx cs_idx_min(cs_idx a, cs_idx b)
{
    return a < b ? a : b;
}

/* a / b in 32 bits where `narrow` says both fit them, whatever cs_idx
 * is: a GPU spends about 20 instructions on a 32-bit division and about
 * 70 on a 64-bit one. */
#define CS_DIV32(a, b, narrow)                                              \
    ((narrow) ? (cs_idx)((uint)(a) / (uint)(b)) : (a) / (b))

/* Carriers per work-item along the innermost dim of the element grids
 * (cl/grid_gather.cl, cl/grid_scatter.cl): 1- and 2-byte carriers move
 * four per work-item, so that a warp stores 128 or 256 bytes per request
 * rather than 32 or 64 and spends its index arithmetic on four carriers.
 * The host mirrors this (cs_grid_per_item, src/opencl/base/move.h). */
#define CS_GRID_PER_1 4
#define CS_GRID_PER_2 4
#define CS_GRID_PER_4 1
#define CS_GRID_PER_8 1
#define CS_GRID_PER_16 1

/* Four such carriers as one word in memory order, for one aligned store.
 * Built with shifts, not as a uchar4 / ushort4: compilers are free to
 * split a vector assembled from scalars into scalar stores (Oclgrind's
 * does), never an integer.  The order is a little-endian device's
 * (CS_LITTLE_ENDIAN); big-endian devices store one carrier at a time. */
#define CS_GRID_WORD_1 uint
#define CS_GRID_WORD_2 ulong
#define CS_GRID_PACK_1(a, b, c, d)                                          \
    ((uint)(a) | (uint)(b) << 8 | (uint)(c) << 16 | (uint)(d) << 24)
#define CS_GRID_PACK_2(a, b, c, d)                                          \
    ((ulong)(a) | (ulong)(b) << 16 | (ulong)(c) << 32 | (ulong)(d) << 48)

/* Work-items along a row of n carriers, without forming n + 3 (which
 * could wrap a 32-bit index). */
#define CS_GRID_ITEMS(C, n)                                                 \
    ((n) / CS_GRID_PER_##C + ((n) % CS_GRID_PER_##C != 0))
