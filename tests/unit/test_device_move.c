/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The host-side decisions of the device path, without a device: carrier
 * choice, index width, launch geometry, magic-number division, the CPU
 * family's work split and OpenCL error naming.  The
 * 64-bit index variant is only needed past 4 Gi carriers, far beyond what
 * a CI device can allocate, so its selection is tested here on layouts
 * made up by hand.
 */
#include <inttypes.h>
#include <string.h>

#include "opencl/base/divide.h"
#include "opencl/select/tuning.h"
#include "opencl/testing/testing.h"
#include "testutil.h"

/* The simplified layout of `expr` on `shape`. */
static clslice_layout layout_of(const int64_t *shape, int rank,
                                const char *expr)
{
    clslice_plan *plan = NULL;
    clslice_layout layout;
    assert_int_equal(clslice_plan_expr(shape, rank, expr, &plan, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_plan_layout(plan, &layout, NULL), CLSLICE_OK);
    clslice_plan_release(&plan);
    clslice_layout_simplify(&layout);
    return layout;
}

/* Asserts a move: carrier, bases, then rank pairs (count, stride),
 * innermost first. */
static void assert_move(const cs_move *move, size_t carrier, int64_t src,
                        int64_t dst, int rank, ...)
{
    assert_int_equal(move->carrier, carrier);
    assert_int_equal(move->src_base, src);
    assert_int_equal(move->dst_base, dst);
    assert_int_equal(move->rank, rank);
    va_list args;
    va_start(args, rank);
    for (int k = 0; k < rank; k++) {
        int64_t count = va_arg(args, int64_t), stride = va_arg(args, int64_t);
        assert_int_equal(move->count[k], count);
        assert_int_equal(move->stride[k], stride);
    }
    va_end(args);
}

#define I(v) ((int64_t)(v))

static void test_carrier_widens_over_contiguous_runs(void **state)
{
    (void)state;
    cs_move move;
    const int64_t shape[] = {4, 8};
    /* float32 rows of 4 (16 bytes) at a 32-byte pitch, starting at byte
     * 40: 8-aligned, so ulong carriers */
    clslice_layout l = layout_of(shape, 2, "[1:3, 2:6]");
    cs_move_build(&l, 4, 0, 0, &move);
    assert_move(&move, 8, I(5), 0, 2, I(2), I(1), I(2), I(4));
    /* from byte 8 on the rows start 16-aligned: one uint4 per row */
    cs_move_build(&l, 4, 8, 32, &move);
    assert_move(&move, 16, I(3), I(2), 1, I(2), I(2));
    /* a destination offset of 8 allows only ulong-sized carriers */
    cs_move_build(&l, 4, 8, 8, &move);
    assert_move(&move, 8, I(6), I(1), 2, I(2), I(1), I(2), I(4));
    /* an odd source offset forces bytes */
    cs_move_build(&l, 4, 1, 0, &move);
    assert_move(&move, 1, I(41), 0, 2, I(16), I(1), I(2), I(32));
}

static void test_carrier_for_strided_elements(void **state)
{
    (void)state;
    cs_move move;
    const int64_t shape[] = {4, 8};
    /* every other float32 (the rows chain into one dim): one uint per
     * element */
    clslice_layout l = layout_of(shape, 2, "[:, ::2]");
    cs_move_build(&l, 4, 0, 0, &move);
    assert_move(&move, 4, 0, 0, 1, I(16), I(2));
    /* 1-byte elements with a stride: no byte dim, carrier 1 */
    const int64_t flat[] = {10};
    l = layout_of(flat, 1, "[::2]");
    cs_move_build(&l, 1, 0, 0, &move);
    assert_move(&move, 1, 0, 0, 1, I(5), I(2));
    /* 3-byte elements: bytes, unless runs of them line up */
    cs_move_build(&l, 3, 0, 0, &move);
    assert_move(&move, 1, 0, 0, 2, I(3), I(1), I(5), I(6));
    l = layout_of(shape, 2, "[:, 0:4]");
    cs_move_build(&l, 3, 0, 0, &move);
    assert_move(&move, 4, 0, 0, 2, I(3), I(1), I(4), I(6));
    /* 12-byte elements gather as uint triples */
    l = layout_of(flat, 1, "[::3]");
    cs_move_build(&l, 12, 0, 0, &move);
    assert_move(&move, 4, 0, 0, 2, I(3), I(1), I(4), I(9));
}

static void test_reversed_and_single(void **state)
{
    (void)state;
    cs_move move;
    const int64_t flat[] = {5};
    clslice_layout l = layout_of(flat, 1, "[::-1]");
    cs_move_build(&l, 4, 0, 0, &move);
    assert_move(&move, 4, I(4), 0, 1, I(5), I(-1));
    assert_int_equal(cs_move_src_max(&move), 4);
    /* one element is one carrier: rank 1, count 1 */
    l = layout_of(flat, 1, "[3]");
    cs_move_build(&l, 8, 0, 0, &move);
    assert_move(&move, 8, I(3), 0, 1, I(1), I(0));
    cs_move_build(&l, 3, 1, 0, &move);
    assert_move(&move, 1, I(10), 0, 1, I(3), I(1));
    /* a 16-byte element at an 8-aligned offset: two ulongs */
    cs_move_build(&l, 16, 8, 0, &move);
    assert_move(&move, 8, I(7), 0, 1, I(2), I(1));
}

/* A rank-1 layout of `count` 1-byte elements `stride` apart. */
static clslice_layout strided(int64_t count, int64_t stride, int64_t offset)
{
    clslice_layout l;
    memset(&l, 0, sizeof l);
    l.rank = 1;
    l.offset = offset;
    l.elements = count;
    l.count[0] = count;
    l.src_stride[0] = stride;
    l.dst_stride[0] = 1;
    return l;
}

static void test_index_width(void **state)
{
    (void)state;
    cs_move move;
    const int64_t top = (int64_t)UINT32_MAX;
    /* the largest index read decides: UINT32_MAX still fits */
    clslice_layout l = strided(2, top, 0);
    cs_move_build(&l, 1, 0, 0, &move);
    assert_int_equal(cs_move_index_bits(&move, 0), 32);
    assert_int_equal(
        cs_move_index_bits(&move, CLSLICE_GATHER_FORCE_INDEX64), 64);
    l = strided(2, top + 1, 0);
    cs_move_build(&l, 1, 0, 0, &move);
    assert_int_equal(cs_move_index_bits(&move, 0), 64);
    /* so does the source offset ... */
    l = strided(2, 2, top - 2);
    cs_move_build(&l, 1, 0, 0, &move);
    assert_int_equal(cs_move_index_bits(&move, 0), 32);
    cs_move_build(&l, 1, 1, 0, &move);
    assert_int_equal(cs_move_index_bits(&move, 0), 64);
    /* ... and the largest index written */
    l = strided(2, 2, 0);
    cs_move_build(&l, 1, 0, (size_t)top - 1, &move);
    assert_int_equal(cs_move_index_bits(&move, 0), 32);
    cs_move_build(&l, 1, 0, (size_t)top, &move);
    assert_int_equal(cs_move_index_bits(&move, 0), 64);
    /* reversed: the first element read is the largest */
    l = strided(3, -2, top + 1);
    cs_move_build(&l, 1, 0, 0, &move);
    assert_int_equal(cs_move_index_bits(&move, 0), 64);
    /* indices count carriers, not bytes: 16 GiB apart in uint4 units */
    l = strided(2, top / 4, 0);
    cs_move_build(&l, 16, 0, 0, &move);
    assert_int_equal(move.carrier, 16);
    assert_int_equal(cs_move_index_bits(&move, 0), 32);
}

/* Scatter moves: the destination is strided too, and a broadcast value
 * reads with stride 0; carriers must fit both sides. */
static void test_scatter_moves(void **state)
{
    (void)state;
    cs_move move;
    const int64_t shape[] = {4, 6};
    clslice_plan *plan = NULL;
    clslice_layout l;
    assert_int_equal(clslice_plan_expr(shape, 2, "[1:3]", &plan, NULL),
                     CLSLICE_OK);
    /* a float32 fill of two whole rows: one uint per element, every one
     * read from carrier 0 of the element */
    assert_int_equal(clslice_plan_scatter_layout(plan, NULL, 0,
                                                 CLSLICE_VALUE_BROADCAST, &l,
                                                 NULL), CLSLICE_OK);
    clslice_layout_simplify(&l);
    cs_move_build(&l, 4, 0, 0, &move);
    assert_move(&move, 4, 0, I(6), 1, I(12), I(0));
    assert_int_equal(move.dst_stride[0], 1);
    /* 12-byte elements: three uints per element, the element's own */
    cs_move_build(&l, 12, 0, 0, &move);
    assert_move(&move, 4, 0, I(18), 2, I(3), I(1), I(12), I(0));
    assert_int_equal(move.dst_stride[0], 1);
    assert_int_equal(move.dst_stride[1], 3);
    /* the exact value, contiguous on both sides: one run, of uint4 where
     * both bases allow (the slice starts at byte 24 of the tensor) */
    const int64_t rows[] = {2, 6};
    assert_int_equal(clslice_plan_scatter_layout(plan, rows, 2,
                                                 CLSLICE_VALUE_EXACT, &l,
                                                 NULL), CLSLICE_OK);
    clslice_layout_simplify(&l);
    cs_move_build(&l, 4, 16, 0, &move);
    assert_move(&move, 8, I(2), I(3), 1, I(6), I(1));
    cs_move_build(&l, 4, 16, 8, &move);
    assert_move(&move, 16, I(1), I(2), 1, I(3), I(1));
    clslice_plan_release(&plan);

    /* written backwards: negative destination strides */
    assert_int_equal(clslice_plan_expr(shape, 2, "[1:3, ::-2]", &plan, NULL),
                     CLSLICE_OK);
    const int64_t exact[] = {2, 3};
    assert_int_equal(clslice_plan_scatter_layout(plan, exact, 2,
                                                 CLSLICE_VALUE_EXACT, &l,
                                                 NULL), CLSLICE_OK);
    clslice_layout_simplify(&l);
    cs_move_build(&l, 4, 0, 0, &move);
    assert_move(&move, 4, 0, I(11), 2, I(3), I(1), I(2), I(3));
    assert_int_equal(move.dst_stride[0], -2);
    assert_int_equal(move.dst_stride[1], 6);
    assert_int_equal(cs_move_src_max(&move), 5);
    assert_int_equal(cs_move_dst_max(&move), 17);
    /* an odd destination offset forces bytes on both sides */
    cs_move_build(&l, 4, 0, 1, &move);
    assert_int_equal(move.carrier, 1);
    assert_int_equal(move.dst_base, 45);
    clslice_plan_release(&plan);
}

/* The largest index written decides the width too. */
static void test_scatter_index_width(void **state)
{
    (void)state;
    cs_move move;
    const int64_t top = (int64_t)UINT32_MAX;
    clslice_layout l;
    memset(&l, 0, sizeof l);
    l.rank = 1;
    l.elements = l.count[0] = 2;
    l.src_stride[0] = 1;
    l.dst_stride[0] = top;
    cs_move_build(&l, 1, 0, 0, &move);
    assert_int_equal(cs_move_index_bits(&move, 0), 32);
    l.dst_offset = 1;
    cs_move_build(&l, 1, 0, 0, &move);
    assert_int_equal(cs_move_index_bits(&move, 0), 64);
    /* written backwards from the top: the first write is the largest */
    l.dst_offset = top + 1;
    l.dst_stride[0] = -3;
    cs_move_build(&l, 1, 0, 0, &move);
    assert_int_equal(cs_move_index_bits(&move, 0), 64);
}

static void test_launch_geometry(void **state)
{
    (void)state;
    cs_move move;
    cs_launch launch;
    cs_launch_limits limits = {256, {256, 256, 256}, 65535};
    memset(&move, 0, sizeof move);
    move.carrier = 4;
    /* a prime row length: the fewest groups, each as small as covers it
     * (4 x 250, 3 idle, rather than 4 x 256, 27 idle) */
    move.rank = 1;
    move.count[0] = 997;
    cs_launch_size(&move, &limits, &launch);
    assert_int_equal(launch.work_dim, 1);
    assert_int_equal(launch.local[0], 250);
    assert_int_equal(launch.global[0], 1000);
    /* short rows: whole rows per group, then whole dim-1 extents, then
     * the folded outer dims in what is left of 256 (3 x 5 x 16) */
    move.rank = 4;
    move.count[0] = 3;
    move.count[1] = 5;
    move.count[2] = 7;
    move.count[3] = 11;
    cs_launch_size(&move, &limits, &launch);
    assert_int_equal(launch.work_dim, 3);
    assert_int_equal(launch.local[0], 3);
    assert_int_equal(launch.local[1], 5);
    assert_int_equal(launch.local[2], 16);
    assert_int_equal(launch.global[0], 3);
    assert_int_equal(launch.global[1], 5);
    assert_int_equal(launch.global[2], 80);
    /* capped grids: the kernels loop */
    limits.max_groups = 1;
    cs_launch_size(&move, &limits, &launch);
    assert_int_equal(launch.global[2], 16);
    /* device limits win over the preferred shape */
    cs_launch_limits small = {4, {2, 2, 1}, 65535};
    cs_launch_size(&move, &small, &launch);
    assert_true(launch.local[0] <= 2 && launch.local[1] <= 2);
    assert_true(launch.local[0] * launch.local[1] * launch.local[2] <= 4);
    for (int d = 0; d < 3; d++)
        assert_int_equal(launch.global[d] % launch.local[d], 0);
    /* 1- and 2-byte carriers: four per work-item along the row */
    move.rank = 1;
    move.count[0] = 1001;
    move.carrier = 1;
    size_t extent[3];
    cs_grid_extents(&move, extent);
    assert_int_equal(extent[0], 251);
    move.carrier = 2;
    cs_grid_extents(&move, extent);
    assert_int_equal(extent[0], 251);
    move.carrier = 8;
    cs_grid_extents(&move, extent);
    assert_int_equal(extent[0], 1001);
    /* above rank 4, dim 2 is walked in chunks of at most a few rows,
     * each a work-item of NDRange dim 2 beside the folded dims */
    move.rank = 6;
    int64_t counts[6] = {5, 3, 28, 2, 3, 4};
    for (int k = 0; k < 6; k++)
        move.count[k] = counts[k];
    size_t chunks, rows;
    cs_grid_walk(&move, &chunks, &rows);
    assert_true(chunks > 1 && rows <= 8 && chunks * rows >= 28 &&
                (chunks - 1) * rows < 28);
    cs_grid_extents(&move, extent);
    assert_int_equal(extent[2], chunks * 24);
    move.count[2] = 1;
    cs_grid_extents(&move, extent);
    assert_int_equal(extent[2], 24);
    /* chunks whose index would pass 32 bits (2^31 folded rows x 4): the
     * kernels' magic-number split cannot take it, dim 2 is one walk */
    move.count[2] = 28;
    move.count[3] = 1 << 16;
    move.count[4] = 1 << 15;
    move.count[5] = 1;
    cs_grid_walk(&move, &chunks, &rows);
    assert_int_equal(chunks, 1);
    assert_int_equal(rows, 28);
    move.count[4] = 1 << 14; /* 2^30 x 4 chunks: fits */
    cs_grid_walk(&move, &chunks, &rows);
    assert_true(chunks > 1);
}

/* Groups fitted on GPUs; on CPU devices, whose drivers compile a kernel
 * per local size, the fixed shapes of 64 items (8 x 8 for short rows),
 * whichever family the tuning picks. */
static void test_grid_groups(void **state)
{
    (void)state;
    cs_move move;
    cs_choice choice;
    cs_device_info gpu = {.little_endian = true};
    cs_device_info cpu = {.little_endian = true, .cpu = true};
    const cs_tuning gpu_tuning = cs_tuning_for(&gpu);
    cs_tuning grid = cs_tuning_for(&cpu);
    grid.style = CS_STYLE_GRID;
    memset(&move, 0, sizeof move);
    move.carrier = 4;
    move.rank = 2;
    move.count[0] = 100;
    move.count[1] = 9;
    cs_choose_kernel(&gpu, &gpu_tuning, CS_KERNEL_SCATTER,
                     CS_PROGRAM_GRID_SCATTER, &move, 32, &choice);
    assert_int_equal(choice.local, 256);
    assert_int_equal(choice.group[0], 100);
    assert_int_equal(choice.group[1], 2);
    assert_int_equal(choice.group[2], 1);
    cs_choose_kernel(&cpu, &grid, CS_KERNEL_FILL, CS_PROGRAM_GRID_SCATTER,
                     &move, 32, &choice);
    assert_int_equal(choice.local, 64);
    assert_int_equal(choice.group[0], 64);
    assert_int_equal(choice.group[1], 1);
    move.count[0] = 20;
    cs_choose_kernel(&cpu, &grid, CS_KERNEL_FILL, CS_PROGRAM_GRID_SCATTER,
                     &move, 32, &choice);
    assert_int_equal(choice.group[0], 8);
    assert_int_equal(choice.group[1], 8);
    cs_shape shape;
    cs_grid_shape(&move, choice.group, &shape);
    assert_int_equal(shape.work_dim, 2);
    assert_int_equal(shape.local[0], 8);
    assert_int_equal(shape.extent[0], 20);
    assert_int_equal(shape.extent[1], 9);
}

/* One divisor against every kind of dividend the kernels can meet. */
static void check_divisor(uint64_t d, tu_rng *rng, uint64_t seed)
{
    cs_magic m = cs_magic_of(d);
    uint32_t top = UINT32_MAX;
    uint32_t n[] = {0, 1, (uint32_t)(d - 1), (uint32_t)d,
                    (uint32_t)(d + 1), top, top - 1,
                    (uint32_t)(top / d * d), (uint32_t)(top / d * d - 1),
                    (uint32_t)tu_next(rng), (uint32_t)tu_next(rng) >> 16};
    if (m.shift == 0)
        fail_msg("seed %" PRIu64 ": no magic number for %" PRIu64, seed, d);
    for (size_t i = 0; i < sizeof n / sizeof n[0]; i++)
        if (cs_magic_divide(n[i], m) != n[i] / d)
            fail_msg("seed %" PRIu64 ": %" PRIu32 " / %" PRIu64 " gave %"
                     PRIu32 " (magic %" PRIu32 ", shift %" PRIu32 ")",
                     seed, n[i], d, cs_magic_divide(n[i], m), m.magic,
                     m.shift);
}

/* The kernels' magic-number division (cl/common.cl mirrors
 * cs_magic_divide) is exact for every 32-bit dividend: small divisors,
 * powers of two and their neighbours, the largest, and random ones. */
static void test_magic_division(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(20261125);
    tu_rng rng = {seed};
    for (uint64_t d = 2; d < 5000; d++)
        check_divisor(d, &rng, seed);
    for (int b = 2; b <= 32; b++) {
        uint64_t p = (uint64_t)1 << b;
        check_divisor(p - 1, &rng, seed);
        if (b < 32) {
            check_divisor(p, &rng, seed);
            check_divisor(p + 1, &rng, seed);
        }
    }
    for (int i = 0; i < 20000; i++) {
        uint64_t d = tu_next(&rng) >> (32 + tu_range(&rng, 0, 30));
        check_divisor(d < 2 ? 2 : d, &rng, seed);
    }
    /* no magic where a kernel must divide instead */
    assert_int_equal(cs_magic_of(0).shift, 0);
    assert_int_equal(cs_magic_of(1).shift, 0);
    assert_int_equal(cs_magic_of((uint64_t)1 << 32).shift, 0);
}

/* Row kernels are never capped: they have no loop to cover the rest. */
static void test_row_launch_is_exact(void **state)
{
    (void)state;
    cs_shape shape = {2, {1000003, 70000, 1}, {8, 1, 1}, false};
    cs_launch_limits limits = {4096, {4096, 4096, 4096}, 1};
    cs_launch launch;
    cs_launch_fit(&shape, &limits, &launch);
    assert_int_equal(launch.work_dim, 2);
    assert_int_equal(launch.local[0], 8);
    assert_int_equal(launch.global[0], 1000008);
    assert_int_equal(launch.global[1], 70000);
    assert_int_equal(launch.local[1], 1);
}

/* Long rank-1 and rank-2 rows are cut into chunks of split / 2 carriers;
 * the last chunk of each row keeps the rest. */
static void test_rows_split(void **state)
{
    (void)state;
    cs_move move;
    cs_rows rows;
    memset(&move, 0, sizeof move);
    move.rank = 1;
    move.count[0] = 25;
    move.stride[0] = -3;
    move.dst_stride[0] = 1; /* a gather: the destination contiguous */
    move.src_base = 100;
    cs_rows_build(&move, 30, &rows); /* short enough: one row */
    assert_false(rows.split);
    assert_int_equal(rows.n0, 25);
    assert_int_equal(rows.n1, 1);
    assert_int_equal(rows.last, 25);
    cs_rows_build(&move, 8, &rows); /* chunks of 4: 6 of 4, then 1 */
    assert_true(rows.split);
    assert_int_equal(rows.n0, 4);
    assert_int_equal(rows.n1, 7);
    assert_int_equal(rows.s1, -12);
    assert_int_equal(rows.last, 1);
    assert_int_equal(rows.n2, 1);
    /* rank 2: the old rows move to dim 2, written n0 apart */
    move.rank = 2;
    move.count[1] = 3;
    move.stride[1] = 1000;
    move.dst_stride[1] = 25;
    cs_rows_build(&move, 10, &rows); /* chunks of 5: 5 of them, last 5 */
    assert_true(rows.split);
    assert_int_equal(rows.n0, 5);
    assert_int_equal(rows.n1, 5);
    assert_int_equal(rows.last, 5);
    assert_int_equal(rows.n2, 3);
    assert_int_equal(rows.s2, 1000);
    assert_int_equal(rows.d2, 25);
    /* rank 3 never splits */
    move.rank = 3;
    move.count[2] = 2;
    move.stride[2] = 5000;
    move.dst_stride[2] = 75;
    cs_rows_build(&move, 10, &rows);
    assert_false(rows.split);
    assert_int_equal(rows.d2, 75);
    /* a scatter: the destination strided too, chunks step dt0 apart */
    move.rank = 2;
    move.dst_stride[0] = -2;
    move.dst_stride[1] = 300;
    cs_rows_build(&move, 10, &rows);
    assert_true(rows.split);
    assert_int_equal(rows.dt0, -2);
    assert_int_equal(rows.d1, -10);
    assert_int_equal(rows.d2, 300);
}

/* The CPU family narrows contiguous rows to scalar carriers. */
static void test_narrow(void **state)
{
    (void)state;
    const int64_t shape[] = {6, 16};
    clslice_layout l = layout_of(shape, 2, "[::2, 4:12]");
    cs_move move;
    cs_move_build(&l, 4, 0, 0, &move);
    assert_move(&move, 16, 1, 0, 2, I(2), I(1), I(3), I(8));
    cs_move_narrow(&move, 4);
    assert_move(&move, 4, 4, 0, 2, I(8), I(1), I(3), I(32));
    assert_int_equal(move.elements, 24);
    /* a strided innermost dim keeps its carrier */
    l = layout_of(shape, 2, "[:, ::-1]");
    cs_move_build(&l, 16, 0, 0, &move);
    assert_int_equal(move.carrier, 16);
    cs_move_narrow(&move, 4);
    assert_int_equal(move.carrier, 16);
}

/* ~4 KB per odometer work-item, but at least 4 items per compute unit. */
static void test_odometer_rows(void **state)
{
    (void)state;
    cs_move move;
    memset(&move, 0, sizeof move);
    move.rank = 3;
    move.carrier = 4;
    move.count[0] = 16; /* 64-byte rows */
    move.count[1] = 100;
    move.count[2] = 100;
    assert_int_equal(cs_odometer_rows(&move, 2), 64);
    move.count[2] = 1; /* 100 rows, 2 units: 12 per item */
    assert_int_equal(cs_odometer_rows(&move, 2), 12);
    move.count[0] = 5000; /* long rows: one each */
    assert_int_equal(cs_odometer_rows(&move, 0), 1);
}

static void test_error_names(void **state)
{
    (void)state;
    assert_string_equal(clslice_cl_error_name(CL_INVALID_WORK_GROUP_SIZE),
                        "CL_INVALID_WORK_GROUP_SIZE");
    assert_string_equal(clslice_cl_error_name(CL_SUCCESS), "CL_SUCCESS");
    assert_string_equal(clslice_cl_error_name(-1001), "CL_PLATFORM_NOT_FOUND_KHR");
    assert_string_equal(clslice_cl_error_name(-12345), "CL_UNKNOWN_ERROR");
    clslice_error err;
    assert_int_equal(cs_cl_fail(&err, "clEnqueueNDRangeKernel",
                                CL_INVALID_WORK_GROUP_SIZE),
                     CLSLICE_ERROR_OPENCL);
    assert_string_equal(err.message, "clEnqueueNDRangeKernel failed: "
                                     "CL_INVALID_WORK_GROUP_SIZE (-54)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_carrier_widens_over_contiguous_runs),
        cmocka_unit_test(test_carrier_for_strided_elements),
        cmocka_unit_test(test_reversed_and_single),
        cmocka_unit_test(test_index_width),
        cmocka_unit_test(test_scatter_moves),
        cmocka_unit_test(test_scatter_index_width),
        cmocka_unit_test(test_launch_geometry),
        cmocka_unit_test(test_grid_groups),
        cmocka_unit_test(test_magic_division),
        cmocka_unit_test(test_row_launch_is_exact),
        cmocka_unit_test(test_rows_split),
        cmocka_unit_test(test_narrow),
        cmocka_unit_test(test_odometer_rows),
        cmocka_unit_test(test_error_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
