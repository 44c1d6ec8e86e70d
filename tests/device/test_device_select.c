/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The selector (src/opencl/select), without a device: for many random
 * layouts, batches, dynamic, CSR and blocked calls, device facts and
 * tunings,
 * every family's choice is consistent with its rules, keeps today's group
 * sizes, and names a kernel that variants.def lists; across the cases
 * every kernel of the table is chosen by some family.  Then, on the test
 * device, the table and the .cl sources agree: every kernel the table
 * lists exists in its program, every kernel of a program is in the
 * table, and each takes the table's number of arguments in both index
 * widths (the check a program from the binary cache must pass).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devutil.h"
#include "opencl/select/batch.h"
#include "opencl/select/csr.h"
#include "opencl/select/dynamic.h"
#include "opencl/select/image_kernel.h"
#include "opencl/select/tuning.h"
#include "opencl/testing/testing.h"
#include "randblocked.h"
#include "randplan.h"
#include "randvalue.h"
#include "testutil.h"

enum { CASES = 6000 };

static cs_device_info random_device(tu_rng *rng)
{
    return (cs_device_info){.cpu = tu_range(rng, 0, 1) == 1,
                            .little_endian = tu_range(rng, 0, 3) != 0,
                            .compute_units = (cl_uint)tu_range(rng, 1, 64)};
}

/* The device's tuning from the library's table, its style and now and
 * then its CPU thresholds moved. */
static cs_tuning random_tuning(tu_rng *rng, const cs_device_info *d)
{
    cs_tuning t = cs_tuning_for(d);
    t.style = (cs_style)tu_range(rng, 0, 2);
    if (tu_range(rng, 0, 1)) {
        t.row_split = tu_range(rng, 1, 64);
        t.short_row_bytes = tu_range(rng, 0, 64);
        t.rect_max_bytes = (size_t)tu_range(rng, 0, 4096);
        t.run_kernel_bytes = (size_t)tu_range(rng, 1, 4096);
    }
    return t;
}

/* A random simplified layout: a gather's, or a scatter's (whose value
 * broadcasts where the rule allows). */
static bool random_layout(tu_rng *rng, cs_kernel_kind kind,
                          clslice_layout *layout)
{
    rp_case c;
    clslice_plan *plan = NULL;
    clslice_status st;
    int pick = (int)tu_range(rng, 0, 3);
    if (pick == 0) { /* one strided row: the row kernels' variants */
        static const char *const EXPR[] = {"[::2]", "[::-1]", "[1::3]",
                                           "[::-2]", "[2:]"};
        c.shape[0] = tu_range(rng, 1, 600);
        st = clslice_plan_expr(c.shape, 1, EXPR[tu_range(rng, 0, 4)], &plan,
                               NULL);
    } else if (pick == 1) {
        rp_random_case(rng, (int)tu_range(rng, 1, 6), 4096, &c);
        st = rp_build(&c, &plan, NULL);
    } else {
        st = rp_strided_case(rng, 4096, &c, &plan);
    }
    if (st != CLSLICE_OK) {
        clslice_plan_release(&plan);
        return false;
    }
    if (kind == CS_KERNEL_GATHER) {
        st = clslice_plan_layout(plan, layout, NULL);
    } else {
        /* a value of the slice's shape, or one element broadcast */
        int64_t shape[CLSLICE_MAX_RANK];
        int rank = clslice_plan_output_rank(plan);
        clslice_plan_output_shape(plan, shape);
        if (kind == CS_KERNEL_FILL || tu_range(rng, 0, 2) == 0)
            rank = 0;
        st = clslice_plan_scatter_layout(plan, shape, rank,
                                         CLSLICE_VALUE_BROADCAST, layout,
                                         NULL);
    }
    clslice_plan_release(&plan);
    if (st != CLSLICE_OK)
        return false;
    clslice_layout_simplify(layout);
    return true;
}

/* Every family asks cs_rows_family; test_rows_family checks it. */
static bool rows_style(const cs_device_info *d, const cs_tuning *t)
{
    return cs_rows_family(d, t);
}

/* Whether the variant the choice names exists, in the program the choice
 * builds, for the carrier it moves. */
static void check_kernel(const char *where, cs_program_kind program,
                         cs_variant variant, size_t carrier,
                         const cs_device_info *d)
{
    if (cs_kernel_name(variant, carrier) == NULL)
        fail_msg("%s: variant %d with carrier %zu is not in variants.def",
                 where, (int)variant, carrier);
    if (cs_variant_program(variant) != program)
        fail_msg("%s: variant %d is not in program %d", where, (int)variant,
                 (int)program);
    if (cs_variant_little_endian_only(variant) && !d->little_endian)
        fail_msg("%s: a little-endian kernel on a big-endian device", where);
}

/* The element grid's groups.  On CPU devices one of two fixed shapes of
 * 64 items (their drivers compile a kernel per local size).  Elsewhere at
 * most 256 items fitted dim by dim within what the dims before left:
 * the fewest groups that budget allows, and fewer idle work-items than
 * groups along each dim. */
static void check_group(const char *where, const cs_device_info *d,
                        const cs_choice *c)
{
    size_t extent[3];
    cs_grid_extents(&c->move, extent);
    if (d->cpu) {
        bool short_rows = extent[0] < 32 && extent[1] > 1;
        size_t want[3] = {short_rows ? 8 : 64, short_rows ? 8 : 1, 1};
        if (c->local != 64 || memcmp(c->group, want, sizeof want) != 0)
            fail_msg("%s: a CPU device's grid groups %zu x %zu x %zu of %zu",
                     where, c->group[0], c->group[1], c->group[2], c->local);
        return;
    }
    if (c->local != 256)
        fail_msg("%s: grid groups of up to %zu items, not 256", where,
                 c->local);
    size_t left = 256;
    for (int k = 0; k < 3; k++) {
        size_t l = c->group[k], e = extent[k];
        if (l == 0 || l > left)
            fail_msg("%s: group dim %d of %zu with %zu left", where, k, l,
                     left);
        size_t groups = (e + l - 1) / l;
        if (groups != (e + left - 1) / left || groups * l - e >= groups)
            fail_msg("%s: group dim %d of %zu for an extent of %zu (%zu "
                     "left)", where, k, l, e, left);
        left /= l;
    }
}

/* The rules a choice must follow, whatever the inputs. */
static void check_choice(const cs_device_info *d, const cs_tuning *t,
                         const cs_select_call *call,
                         const clslice_layout *layout, const cs_choice *c,
                         uint64_t seed, int i)
{
    char where[96];
    snprintf(where, sizeof where, "seed %" PRIu64 ", case %d", seed, i);
    if (layout->elements == 0) {
        if (c->run != CS_RUN_MARKER)
            fail_msg("%s: an empty layout must run a marker", where);
        return;
    }
    if (c->run == CS_RUN_MARKER)
        fail_msg("%s: a marker for a non-empty layout", where);
    if (c->run != CS_RUN_KERNEL &&
        (call->kind == CS_KERNEL_FILL ||
         (call->flags & CLSLICE_NO_COPY_SHORTCUT)))
        fail_msg("%s: a shortcut for a fill or NO_COPY_SHORTCUT", where);
    size_t bytes = (size_t)layout->elements * call->elem_size;
    bool one_run = layout->rank == 0 ||
                   (layout->rank == 1 && layout->src_stride[0] == 1 &&
                    layout->dst_stride[0] == 1);
    if (c->run == CS_RUN_COPY && !one_run)
        fail_msg("%s: a buffer copy of a layout that is not one run", where);
    if (c->run == CS_RUN_RECT &&
        (!rows_style(d, t) || bytes > t->rect_max_bytes || one_run ||
         layout->rank < 2 || layout->rank > 3 || call->same_buffer ||
         (call->sub_buffer && d->rect_sub_buffer_crash)))
        fail_msg("%s: a Rect copy where the rules allow none", where);
    if (c->run == CS_RUN_KERNEL && one_run && call->kind != CS_KERNEL_FILL &&
        !(call->flags & CLSLICE_NO_COPY_SHORTCUT) &&
        !(rows_style(d, t) && call->kind == CS_KERNEL_GATHER &&
          bytes >= t->run_kernel_bytes))
        fail_msg("%s: a kernel for one run a copy should take", where);
    if (c->run != CS_RUN_KERNEL)
        return;
    if (c->move.elements * (int64_t)c->carrier !=
        layout->elements * (int64_t)call->elem_size)
        fail_msg("%s: the move does not cover the layout's bytes", where);
    if (c->variant == CS_VARIANT_ROWS_C || c->variant == CS_VARIANT_ODO_C) {
        if (c->move.stride[0] != 1 || c->carrier > 4)
            fail_msg("%s: a contiguous row kernel for stride %lld, "
                     "carrier %zu", where, (long long)c->move.stride[0],
                     c->carrier);
    }
    if (c->variant == CS_VARIANT_ROWS_S2 && c->move.stride[0] != 2)
        fail_msg("%s: the stride-2 kernel for stride %lld", where,
                 (long long)c->move.stride[0]);
    if (c->variant == CS_VARIANT_ROWS_R && c->move.stride[0] != -1)
        fail_msg("%s: the reversed kernel for stride %lld", where,
                 (long long)c->move.stride[0]);
    if (c->program == CS_PROGRAM_ROWS && !c->odometer &&
        c->move.rank > 3)
        fail_msg("%s: row kernels for a rank-%d move", where, c->move.rank);
    check_kernel(where, c->program, c->variant, c->carrier, d);
    if (c->program == CS_PROGRAM_ROWS && c->local != 8)
        fail_msg("%s: rows ask for groups of %zu, not 8", where, c->local);
    if (c->program != CS_PROGRAM_ROWS)
        check_group(where, d, c);
    cs_program_kind want = call->kind == CS_KERNEL_FILL ? CS_PROGRAM_GRID_SCATTER
                           : rows_style(d, t) ? CS_PROGRAM_ROWS
                           : call->kind == CS_KERNEL_GATHER
                               ? CS_PROGRAM_GRID_GATHER
                               : CS_PROGRAM_GRID_SCATTER;
    if (c->program != want)
        fail_msg("%s: program %d, expected %d", where, (int)c->program,
                 (int)want);
    if (c->program == CS_PROGRAM_ROWS && c->move.stride[0] == 1 &&
        c->move.dst_stride[0] == 1 && c->carrier > 4)
        fail_msg("%s: the CPU family got a wide contiguous carrier", where);
    if ((call->flags & CLSLICE_FORCE_INDEX64) && c->index_bits != 64)
        fail_msg("%s: FORCE_INDEX64 ignored", where);
    if (c->paths == 0)
        fail_msg("%s: no path recorded", where);
}

/* The variants the families chose across this program's cases: once all
 * of them ran, every row of the table must have been chosen (test_every_
 * variant_chosen), so none is dead. */
static bool g_seen[CS_VARIANT_COUNT];

/* Every dense choice follows the rules and names a listed kernel. */
static void test_random_choices(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(20261123);
    tu_rng rng = {seed};
    for (int i = 0; i < CASES; i++) {
        cs_device_info d = random_device(&rng);
        cs_tuning t = random_tuning(&rng, &d);
        cs_kernel_kind kind = (cs_kernel_kind)tu_range(&rng, 0, 2);
        clslice_layout layout;
        if (!random_layout(&rng, kind, &layout))
            continue;
        size_t elem = (size_t)(1 << tu_range(&rng, 0, 4));
        if (tu_range(&rng, 0, 3) == 0)
            elem = (size_t)tu_range(&rng, 1, 24);
        cs_select_call call = {
            .kind = kind, .elem_size = elem,
            .src_offset = (size_t)tu_range(&rng, 0, 2) * elem * 16,
            .dst_offset = (size_t)tu_range(&rng, 0, 2) * elem * 8,
            .same_buffer = tu_range(&rng, 0, 7) == 0,
            .flags = (unsigned)tu_range(&rng, 0, 3)};
        cs_choice c;
        cs_choose(&d, &t, &call, &layout, &c);
        check_choice(&d, &t, &call, &layout, &c, seed, i);
        if (c.run == CS_RUN_KERNEL)
            g_seen[c.variant] = true;
    }
}

static bool same_choice(const cs_choice *a, const cs_choice *b)
{
    return a->run == b->run && a->paths == b->paths &&
           (a->run != CS_RUN_KERNEL ||
            (a->variant == b->variant && a->carrier == b->carrier &&
             a->index_bits == b->index_bits));
}

/* On a device whose Rect copy crashes on sub-buffers (PoCL), a call with
 * a sub-buffer never gets one: where the same call on whole buffers takes
 * the Rect copy, it runs a kernel instead, and every other choice stays
 * as it was.  A device without the defect chooses as if there were no
 * sub-buffer. */
static void test_sub_buffer_never_rect(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(20261124);
    tu_rng rng = {seed};
    int rects = 0;
    for (int i = 0; i < CASES; i++) {
        cs_device_info d = random_device(&rng);
        cs_tuning t = random_tuning(&rng, &d);
        cs_kernel_kind kind = (cs_kernel_kind)tu_range(&rng, 0, 1);
        clslice_layout layout;
        if (!random_layout(&rng, kind, &layout))
            continue;
        size_t elem = (size_t)(1 << tu_range(&rng, 0, 3));
        cs_select_call call = {
            .kind = kind, .elem_size = elem,
            .src_offset = (size_t)tu_range(&rng, 0, 2) * elem * 16,
            .dst_offset = (size_t)tu_range(&rng, 0, 2) * elem * 8,
            .flags = tu_range(&rng, 0, 7) == 0 ? CLSLICE_NO_COPY_SHORTCUT
                                                : 0u};
        cs_choice whole, sub, healthy;
        cs_choose(&d, &t, &call, &layout, &whole);
        call.sub_buffer = true;
        cs_choose(&d, &t, &call, &layout, &healthy);
        d.rect_sub_buffer_crash = true;
        cs_choose(&d, &t, &call, &layout, &sub);
        check_choice(&d, &t, &call, &layout, &sub, seed, i);
        if (sub.run == CS_RUN_RECT)
            fail_msg("seed %" PRIu64 ", case %d: a Rect copy of a "
                     "sub-buffer on a device that crashes there", seed, i);
        if (!same_choice(&whole, &healthy))
            fail_msg("seed %" PRIu64 ", case %d: a sub-buffer changed the "
                     "choice on a device without the defect", seed, i);
        if (whole.run == CS_RUN_RECT) {
            rects++;
            if (sub.run != CS_RUN_KERNEL)
                fail_msg("seed %" PRIu64 ", case %d: no kernel in place of "
                         "the Rect copy", seed, i);
        } else if (!same_choice(&whole, &sub)) {
            fail_msg("seed %" PRIu64 ", case %d: a sub-buffer changed a "
                     "choice that was not a Rect copy", seed, i);
        }
    }
    if (rects < 50)
        fail_msg("seed %" PRIu64 ": only %d Rect-eligible cases", seed,
                 rects);
}

/* Hand-made cases with one known answer each. */
static void test_known_choices(void **state)
{
    (void)state;
    const int64_t shape[] = {64};
    clslice_plan *plan = NULL;
    clslice_layout layout;
    assert_int_equal(clslice_plan_expr(shape, 1, "[::2]", &plan, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_plan_layout(plan, &layout, NULL), CLSLICE_OK);
    clslice_plan_release(&plan);
    clslice_layout_simplify(&layout);
    cs_select_call call = {.kind = CS_KERNEL_GATHER, .elem_size = 2};
    cs_device_info cpu = {.cpu = true, .little_endian = true};
    cs_tuning cpu_tuning = cs_tuning_for(&cpu);
    cs_choice c;
    cs_choose(&cpu, &cpu_tuning, &call, &layout, &c);
    assert_int_equal(c.run, CS_RUN_KERNEL);
    assert_int_equal(c.variant, CS_VARIANT_ROWS_S2);
    assert_string_equal(cs_kernel_name(c.variant, c.carrier), "cs_rows_s2_c2");
    assert_int_equal(c.paths, 1u << CS_PATH_ROW_S2);
    cpu.little_endian = false; /* no double-width reads */
    cs_choose(&cpu, &cpu_tuning, &call, &layout, &c);
    assert_int_equal(c.variant, CS_VARIANT_ROWS_G);
    cs_device_info gpu = {.little_endian = true};
    cs_tuning gpu_tuning = cs_tuning_for(&gpu);
    cs_choose(&gpu, &gpu_tuning, &call, &layout, &c);
    assert_int_equal(c.variant, CS_VARIANT_GRID_R1);
    assert_string_equal(cs_kernel_name(c.variant, c.carrier),
                        "cs_gather_r1_c2");
    call.kind = CS_KERNEL_FILL;
    cs_choose(&cpu, &cpu_tuning, &call, &layout, &c);
    assert_int_equal(c.variant, CS_VARIANT_FILL_R1);
    assert_int_equal(c.paths, 1u << CS_PATH_SCATTER);
}

/* The scatter rows with a strided source (rg, gg): a value tensor is
 * contiguous, so after simplification its inner stride is 0 or 1 and no
 * public call reaches them; this chooses them from moves made by hand. */
static void test_strided_source_variants(void **state)
{
    (void)state;
    cs_device_info cpu = {.cpu = true, .little_endian = true};
    cs_move move = {.rank = 2, .carrier = 4, .elements = 12,
                    .count = {4, 3}, .stride = {2, 8}, .dst_stride = {-1, 4}};
    cs_choice c;
    const cs_tuning cpu_tuning = cs_tuning_for(&cpu);
    cs_choose_kernel(&cpu, &cpu_tuning, CS_KERNEL_SCATTER, CS_PROGRAM_ROWS,
                     &move, 32, &c);
    assert_int_equal(c.variant, CS_VARIANT_ODO_RG); /* 16-byte rows */
    g_seen[c.variant] = true;
    cs_tuning t = cpu_tuning;
    t.short_row_bytes = 0;
    cs_choose_kernel(&cpu, &t, CS_KERNEL_SCATTER, CS_PROGRAM_ROWS,
                     &move, 32, &c);
    assert_int_equal(c.variant, CS_VARIANT_ROWS_RG);
    g_seen[c.variant] = true;
    move.dst_stride[0] = 3;
    cs_choose_kernel(&cpu, &t, CS_KERNEL_SCATTER, CS_PROGRAM_ROWS,
                     &move, 32, &c);
    assert_int_equal(c.variant, CS_VARIANT_ROWS_GG);
    assert_int_equal(c.paths, (1u << CS_PATH_SROW) | (1u << CS_PATH_SDST_G));
    g_seen[c.variant] = true;
    cs_choose_kernel(&cpu, &cpu_tuning, CS_KERNEL_SCATTER, CS_PROGRAM_ROWS,
                     &move, 32, &c);
    assert_int_equal(c.variant, CS_VARIANT_ODO_GG);
    assert_non_null(cs_kernel_name(c.variant, c.carrier));
    g_seen[c.variant] = true;
}

/* ---- the one family test ------------------------------------------------ */

/* Rows on a CPU unless the tuning forces a family; every other device
 * (Oclgrind's CPU+GPU+accelerator included: cpu is false there) gets the
 * element grid. */
static void test_rows_family(void **state)
{
    (void)state;
    cs_device_info cpu = {.cpu = true}, gpu = {.cpu = false};
    cs_tuning t = cs_tuning_default();
    t.style = CS_STYLE_AUTO;
    assert_true(cs_rows_family(&cpu, &t));
    assert_false(cs_rows_family(&gpu, &t));
    t.style = CS_STYLE_ROWS;
    assert_true(cs_rows_family(&cpu, &t));
    assert_true(cs_rows_family(&gpu, &t));
    t.style = CS_STYLE_GRID;
    assert_false(cs_rows_family(&cpu, &t));
    assert_false(cs_rows_family(&gpu, &t));
}

/* ---- batches ------------------------------------------------------------ */

enum { BATCH_CASES = 3000, BATCH_MOST = 12 };

/* A random batch of moves, some empty, with random offsets: gathers' over
 * one input, or a concatenation's (scatters of a value of the slice's
 * shape into one destination). */
static void random_batch(tu_rng *rng, cs_batch_kind kind, size_t elem,
                         cs_move *moves, size_t *count)
{
    *count = (size_t)tu_range(rng, 1, BATCH_MOST);
    size_t one_offset = (size_t)tu_range(rng, 0, 3) * elem * 4;
    cs_kernel_kind layout_kind =
        kind == CS_BATCH_GATHER ? CS_KERNEL_GATHER : CS_KERNEL_SCATTER;
    for (size_t i = 0; i < *count; i++) {
        clslice_layout layout;
        moves[i].elements = 0;
        if (tu_range(rng, 0, 5) == 0 ||
            !random_layout(rng, layout_kind, &layout) ||
            layout.elements == 0)
            continue;
        size_t offset = (size_t)tu_range(rng, 0, 3) * elem * 2;
        if (kind == CS_BATCH_GATHER)
            cs_move_build(&layout, elem, one_offset, offset, &moves[i]);
        else
            cs_move_build(&layout, elem, offset, one_offset, &moves[i]);
    }
}

/* The rules of select/batch.c against one choice: the family of the
 * device, the narrowest carrier (at most 4 bytes for the rows family when
 * every run is contiguous on both sides), every move in it with its bytes
 * kept, the index width the moves need, today's units and group sizes,
 * and the kernels of the batch's direction. */
static void check_batch(const char *where, const cs_device_info *d,
                        const cs_tuning *t, unsigned flags,
                        cs_batch_kind kind, const cs_move *before,
                        const cs_move *after, size_t count, bool chose,
                        const cs_batch_choice *c)
{
    size_t narrowest = 16;
    bool any = false, contiguous = true, wide = false;
    int64_t total = 0;
    for (size_t i = 0; i < count; i++) {
        if (before[i].elements == 0)
            continue;
        any = true;
        narrowest = before[i].carrier < narrowest ? before[i].carrier
                                                  : narrowest;
        contiguous = contiguous && before[i].stride[0] == 1 &&
                     before[i].dst_stride[0] == 1;
    }
    if (chose != any)
        fail_msg("%s: chose %d for a batch with%s elements", where, chose,
                 any ? "" : "out");
    if (!any)
        return;
    bool rows = rows_style(d, t);
    size_t carrier = rows && contiguous && narrowest > 4 ? 4 : narrowest;
    if (c->rows != rows || c->carrier != carrier || c->kind != kind ||
        c->program != CS_PROGRAM_BATCH)
        fail_msg("%s: family %d carrier %zu, expected %d and %zu", where,
                 c->rows, c->carrier, rows, carrier);
    for (size_t i = 0; i < count; i++) {
        if (before[i].elements == 0)
            continue;
        if (after[i].carrier != carrier ||
            after[i].elements * (int64_t)carrier !=
                before[i].elements * (int64_t)before[i].carrier)
            fail_msg("%s: move %zu not in the batch's carrier", where, i);
        total += after[i].elements;
        wide = wide || cs_move_index_bits(&after[i], flags) == 64;
    }
    bool need64 = (flags & CLSLICE_FORCE_INDEX64) || wide ||
                  total > (int64_t)UINT32_MAX - (1 << 20);
    if (c->index_bits != (need64 ? 64 : 32))
        fail_msg("%s: %d-bit indices", where, c->index_bits);
    if (c->local != (rows ? 8u : 256u) ||
        c->unit_items != (rows ? 1u : 256u) || c->grid_stride == rows)
        fail_msg("%s: groups of %zu, %zu items per unit", where, c->local,
                 c->unit_items);
    int64_t most = contiguous ? 16384 / (int64_t)carrier : 128;
    if (rows ? c->chunk < 64 || c->chunk > (most > 64 ? most : 64)
             : c->chunk != 1024)
        fail_msg("%s: units of %lld carriers", where, (long long)c->chunk);
    static const cs_variant expect[2][2][2] = {
        {{CS_VARIANT_BATCH_GRID1, CS_VARIANT_BATCH_GRID8},
         {CS_VARIANT_BATCH_ROWS1, CS_VARIANT_BATCH_ROWS8}},
        {{CS_VARIANT_CONCAT_GRID1, CS_VARIANT_CONCAT_GRID8},
         {CS_VARIANT_CONCAT_ROWS1, CS_VARIANT_CONCAT_ROWS8}}};
    for (int w = 0; w <= 1; w++) {
        if (cs_batch_variant(c, w) != expect[kind][rows][w])
            fail_msg("%s: variant %d", where, (int)cs_batch_variant(c, w));
        check_kernel(where, c->program, cs_batch_variant(c, w), c->carrier,
                     d);
    }
}

static void test_batch_choices(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(20261125);
    tu_rng rng = {seed};
    for (int i = 0; i < BATCH_CASES; i++) {
        char where[96];
        cs_batch_kind kind = (cs_batch_kind)tu_range(&rng, 0, 1);
        snprintf(where, sizeof where, "seed %" PRIu64 ", %s %d", seed,
                 kind == CS_BATCH_GATHER ? "batch" : "concat", i);
        cs_device_info d = random_device(&rng);
        cs_tuning t = random_tuning(&rng, &d);
        unsigned flags = (unsigned)tu_range(&rng, 0, 1);
        size_t elem = (size_t)(1 << tu_range(&rng, 0, 4));
        cs_move before[BATCH_MOST], after[BATCH_MOST];
        size_t count;
        random_batch(&rng, kind, elem, before, &count);
        memcpy(after, before, sizeof after);
        cs_batch_choice c;
        bool chose = cs_choose_batch(&d, &t, flags, kind, after, count, &c);
        check_batch(where, &d, &t, flags, kind, before, after, count, chose,
                    &c);
        if (chose) {
            g_seen[cs_batch_variant(&c, false)] = true;
            g_seen[cs_batch_variant(&c, true)] = true;
        }
    }
}

/* ---- device-resident slices --------------------------------------------- */

static void check_dynamic(const char *where, const cs_device_info *d,
                          const cs_tuning *t, const cs_dyn_select_call *call,
                          const cs_dyn_choice *c)
{
    bool rows = rows_style(d, t);
    bool gather = call->kind == CS_KERNEL_GATHER;
    size_t most = rows ? 8 : 16;
    size_t carrier = c->carrier;
    bool divides = carrier >= 1 && carrier <= most &&
                   call->elem_size % carrier == 0 &&
                   call->src_offset % carrier == 0 &&
                   call->dst_offset % carrier == 0;
    bool wider = 2 * carrier <= most && call->elem_size % (2 * carrier) == 0 &&
                 call->src_offset % (2 * carrier) == 0 &&
                 call->dst_offset % (2 * carrier) == 0;
    if (c->rows != rows || !divides || wider ||
        c->program != CS_PROGRAM_DYNAMIC)
        fail_msg("%s: family %d carrier %zu", where, c->rows, carrier);
    uint64_t epc = call->elem_size / carrier;
    uint64_t top = call->info_offset / 8 + CLSLICE_DYNAMIC_INFO_WORDS;
    uint64_t src = call->src_offset / carrier +
                   (uint64_t)(gather ? call->elements : call->value_elements) *
                       epc;
    uint64_t dst = call->dst_offset / carrier + (uint64_t)call->elements * epc;
    bool need64 = (call->flags & CLSLICE_FORCE_INDEX64) || top > UINT32_MAX ||
                  src > UINT32_MAX || dst > UINT32_MAX;
    if (c->index_bits != (need64 ? 64 : 32))
        fail_msg("%s: %d-bit indices", where, c->index_bits);
    size_t local = rows ? 8 : 256;
    uint64_t units = d->compute_units ? d->compute_units : 1;
    uint64_t most_chunks = units * 8;
    /* The grid covers the bound's carriers up to 2048 resident work-items
     * per compute unit; its grid-stride loop does the rest. */
    uint64_t bound = (uint64_t)call->elements * epc;
    uint64_t grid = bound < units * 2048 ? bound : units * 2048;
    bool items = rows ? c->chunks >= 1 && c->chunks <= most_chunks &&
                            c->items == c->chunks && !c->grid_stride
                      : c->items == grid && c->grid_stride;
    if (c->local != local || !items)
        fail_msg("%s: %zu items in groups of %zu", where, c->items,
                 c->local);
    if (c->paths != 1u << (rows ? CS_PATH_DYN_ROWS : CS_PATH_DYN_GRID))
        fail_msg("%s: paths 0x%x", where, c->paths);
    cs_variant want = rows ? (gather ? CS_VARIANT_DYN_GATHER_ROWS
                                     : CS_VARIANT_DYN_SCATTER_ROWS)
                           : (gather ? CS_VARIANT_DYN_GATHER_GRID
                                     : CS_VARIANT_DYN_SCATTER_GRID);
    if (c->variant != want)
        fail_msg("%s: variant %d", where, (int)c->variant);
    check_kernel(where, c->program, c->variant, c->carrier, d);
}

static void test_dynamic_choices(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(20261126);
    tu_rng rng = {seed};
    for (int i = 0; i < CASES; i++) {
        char where[96];
        snprintf(where, sizeof where, "seed %" PRIu64 ", dynamic %d", seed,
                 i);
        cs_device_info d = random_device(&rng);
        cs_tuning t = random_tuning(&rng, &d);
        size_t elem = tu_range(&rng, 0, 2) ? (size_t)(1 << tu_range(&rng, 0, 4))
                                           : (size_t)tu_range(&rng, 1, 24);
        /* now and then an input too large for 32-bit indices */
        int64_t elements = tu_range(&rng, 0, 9) == 0
                               ? ((int64_t)1 << 32) + tu_range(&rng, 0, 99)
                               : tu_range(&rng, 1, 1 << 20);
        cs_dyn_select_call call = {
            .kind = (cs_kernel_kind)tu_range(&rng, 0, 1),
            .elem_size = elem,
            .src_offset = (size_t)tu_range(&rng, 0, 64) * 4,
            .dst_offset = (size_t)tu_range(&rng, 0, 64) * 2,
            .info_offset = (size_t)tu_range(&rng, 0, 4) * 8,
            .elements = elements,
            .value_elements = tu_range(&rng, 1, elements),
            .flags = (unsigned)tu_range(&rng, 0, 1)};
        cs_dyn_choice c;
        cs_choose_dynamic(&d, &t, &call, &c);
        check_dynamic(where, &d, &t, &call, &c);
        g_seen[c.variant] = true;
    }
}

/* The normaliser: one work-item for one spec, groups of 64 for many, and
 * the 32-bit build whatever the count (its arithmetic is int64). */
static void test_normalise_choices(void **state)
{
    (void)state;
    const size_t counts[] = {1, 2, 64, 250, 1000000};
    const cs_tuning tuning = cs_tuning_default();
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        cs_normalise_choice c;
        cs_choose_normalise(&tuning, counts[i], &c);
        assert_int_equal(c.local, counts[i] == 1 ? 1 : 64);
        assert_int_equal(c.index_bits, 32);
        assert_int_equal(c.program, CS_PROGRAM_NORMALISE);
        check_kernel("normalise", c.program, c.variant, 0,
                     &(cs_device_info){.little_endian = true});
        g_seen[c.variant] = true;
    }
}

/* ---- CSR ---------------------------------------------------------------- */

/* The index type's width, the widest carrier dividing the element size
 * and both data offsets, today's group sizes, and one kernel per pass. */
static void test_csr_choices(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(20261127);
    tu_rng rng = {seed};
    cs_device_info d = {.little_endian = true};
    for (int i = 0; i < CASES; i++) {
        d.cpu = tu_range(&rng, 0, 1) == 1;
        const cs_tuning tuning = cs_tuning_for(&d);
        size_t index = tu_range(&rng, 0, 1) ? 8 : 4;
        size_t elem = (size_t)tu_range(&rng, 1, 40);
        size_t in_off = (size_t)tu_range(&rng, 0, 100);
        size_t out_off = (size_t)tu_range(&rng, 0, 100);
        cs_csr_choice c;
        cs_choose_csr(&tuning, index, elem, in_off, out_off, &c);
        size_t w = c.carrier;
        bool divides = w >= 1 && w <= 16 && elem % w == 0 &&
                       in_off % w == 0 && out_off % w == 0;
        bool wider = w < 16 && elem % (2 * w) == 0 && in_off % (2 * w) == 0 &&
                     out_off % (2 * w) == 0;
        if (!divides || wider || c.index_bits != (int)index * 8 ||
            c.local != 64 || c.scan_local != 256 ||
            c.program != CS_PROGRAM_CSR)
            fail_msg("seed %" PRIu64 ", CSR %d: carrier %zu, %d-bit, "
                     "groups %zu and %zu", seed, i, w, c.index_bits, c.local,
                     c.scan_local);
        const cs_variant passes[] = {c.check, c.count, c.scan_block,
                                     c.scan_add, c.finish};
        for (size_t k = 0; k < sizeof passes / sizeof passes[0]; k++) {
            check_kernel("CSR", c.program, passes[k], 0, &d);
            g_seen[passes[k]] = true;
        }
        check_kernel("CSR fill", c.program, c.fill, w, &d);
        g_seen[c.fill] = true;
    }
}

/* ---- copies through lane maps -------------------------------------------- */

/* A random blocked gather or scatter's lanes layout, simplified, that
 * keeps a lane map (false when it is empty or affine). */
static bool random_lanes(tu_rng *rng, size_t elem, cs_lanes *lanes)
{
    rp_case c;
    clslice_plan *plan = NULL;
    rp_random_case(rng, (int)tu_range(rng, 1, 4), 512, &c);
    if (rp_build(&c, &plan, NULL) != CLSLICE_OK)
        return false;
    int64_t out_shape[CLSLICE_MAX_RANK];
    clslice_plan_output_shape(plan, out_shape);
    rb_tensor in, out;
    cs_strided_view a, b;
    clslice_status st;
    if (tu_range(rng, 0, 1)) {
        rb_random_tensor(rng, c.shape, c.rank, true, false, elem, &in);
        rb_random_tensor(rng, out_shape, clslice_plan_output_rank(plan),
                         tu_range(rng, 0, 1), false, elem, &out);
        st = cs_blocked_gather_lanes(
            plan, (cs_tensor_form){rb_strides(&in), rb_blocking(&in)},
            (cs_tensor_form){rb_strides(&out), rb_blocking(&out)}, false, &a,
            &b, lanes, NULL);
    } else {
        rv_value v;
        rv_random_value(rng, plan, 0, &v);
        rb_random_tensor(rng, v.shape, v.rank, tu_range(rng, 0, 1), false,
                         elem, &in);
        rb_random_tensor(rng, c.shape, c.rank, true, false, elem, &out);
        st = cs_blocked_scatter_lanes(
            plan, v.shape, v.rank,
            (cs_tensor_form){rb_strides(&in), rb_blocking(&in)}, v.rule,
            "value", (cs_tensor_form){rb_strides(&out), rb_blocking(&out)},
            false, &a, &b, lanes, NULL);
    }
    clslice_plan_release(&plan);
    if (st != CLSLICE_OK || lanes->base.elements == 0)
        return false;
    clslice_layout affine;
    cs_lanes_simplify(lanes);
    return !cs_lanes_affine(lanes, &affine);
}

/* The blocked program, in the device's family, with the widest carrier
 * that divides the element and both bases, the index width the ends
 * need, today's group sizes, and a move of the layout's elements. */
static void check_lanes(const char *where, const cs_device_info *d,
                        const cs_tuning *t, const cs_lanes_call *call,
                        const cs_lanes *lanes, const cs_choice *c)
{
    bool rows = rows_style(d, t);
    size_t w = c->carrier;
    uint64_t bases = (uint64_t)call->elem_size |
                     (uint64_t)((int64_t)call->src_offset +
                                lanes->base.offset * (int64_t)call->elem_size) |
                     (uint64_t)((int64_t)call->dst_offset +
                                lanes->base.dst_offset *
                                    (int64_t)call->elem_size);
    bool divides = w >= 1 && w <= 16 && (bases & (w - 1)) == 0;
    bool wider = w < 16 && (bases & (2 * w - 1)) == 0;
    uint64_t most = (uint64_t)UINT32_MAX + 1;
    bool need64 = (call->flags & CLSLICE_FORCE_INDEX64) ||
                  (call->src_end + w - 1) / w > most ||
                  (call->dst_end + w - 1) / w > most;
    int64_t unit = (int64_t)(call->elem_size / w);
    if (c->run != CS_RUN_KERNEL || c->program != CS_PROGRAM_BLOCKED ||
        !divides || wider || c->index_bits != (need64 ? 64 : 32) ||
        c->move.elements != lanes->base.elements * unit ||
        c->move.rank != lanes->base.rank + (unit > 1))
        fail_msg("%s: run %d program %d carrier %zu, %d-bit, %lld "
                 "carriers", where, (int)c->run, (int)c->program, w,
                 c->index_bits, (long long)c->move.elements);
    cs_variant want = rows ? CS_VARIANT_BLOCKED_ROWS : CS_VARIANT_BLOCKED_GRID;
    if (c->variant != want || c->local != (rows ? 8u : 64u) ||
        c->paths != 1u << (rows ? CS_PATH_LANES_ROWS : CS_PATH_LANES_GRID))
        fail_msg("%s: variant %d, groups of %zu, paths 0x%x", where,
                 (int)c->variant, c->local, c->paths);
    check_kernel(where, c->program, c->variant, w, d);
}

static void test_lanes_choices(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(20261128);
    tu_rng rng = {seed};
    int kept = 0;
    for (int i = 0; i < CASES; i++) {
        char where[96];
        snprintf(where, sizeof where, "seed %" PRIu64 ", lanes %d", seed, i);
        size_t elem = (size_t)tu_range(&rng, 1, 24);
        cs_lanes lanes;
        if (!random_lanes(&rng, elem, &lanes))
            continue;
        kept++;
        cs_device_info d = random_device(&rng);
        cs_tuning t = random_tuning(&rng, &d);
        size_t far = tu_range(&rng, 0, 9) == 0 ? (size_t)1 << 33 : 0;
        cs_lanes_call call = {
            .elem_size = elem,
            .src_offset = (size_t)tu_range(&rng, 0, 64) * 4,
            .dst_offset = (size_t)tu_range(&rng, 0, 64) * 2,
            .flags = (unsigned)tu_range(&rng, 0, 1)};
        call.src_end = call.src_offset + (size_t)tu_range(&rng, 1, 4096);
        call.dst_end = call.dst_offset + far + (size_t)tu_range(&rng, 1, 99);
        cs_choice c;
        cs_choose_lanes(&d, &t, &call, &lanes, &c);
        check_lanes(where, &d, &t, &call, &lanes, &c);
        g_seen[c.variant] = true;
    }
    assert_true(kept > CASES / 10);
    /* an empty layout is a marker */
    cs_lanes empty = {.base = {.rank = 1}, .src = {.dim = -1},
                      .dst = {.dim = -1}};
    cs_choice c;
    cs_tuning tuning = cs_tuning_default();
    cs_choose_lanes(&(cs_device_info){.cpu = true}, &tuning,
                    &(cs_lanes_call){.elem_size = 4}, &empty, &c);
    assert_int_equal(c.run, CS_RUN_MARKER);
    assert_int_equal(c.paths, 1u << CS_PATH_MARKER);
}

/* The image kernels: one per direction and channel type, float and
 * half sharing image to image. */
static void test_image_choices(void **state)
{
    (void)state;
    const struct {
        bool src, dst;
        cl_channel_type channel;
        const char *name;
    } cases[] = {
        {true, false, CL_FLOAT, "cs_image_to_buf_f32"},
        {true, false, CL_HALF_FLOAT, "cs_image_to_buf_f16"},
        {true, false, CL_UNSIGNED_INT8, "cs_image_to_buf_u8"},
        {false, true, CL_FLOAT, "cs_buf_to_image_f32"},
        {false, true, CL_HALF_FLOAT, "cs_buf_to_image_f16"},
        {false, true, CL_UNSIGNED_INT8, "cs_buf_to_image_u8"},
        {true, true, CL_FLOAT, "cs_image_to_image_f"},
        {true, true, CL_HALF_FLOAT, "cs_image_to_image_f"},
        {true, true, CL_UNSIGNED_INT8, "cs_image_to_image_u8"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cs_variant v = cs_choose_image(cases[i].src, cases[i].dst,
                                       cases[i].channel);
        assert_string_equal(cs_kernel_name(v, 0), cases[i].name);
        g_seen[v] = true;
    }
    const char *scatters[] = {"cs_scatter_image_f32", "cs_scatter_image_f16",
                              "cs_scatter_image_u8"};
    const cl_channel_type channels[] = {CL_FLOAT, CL_HALF_FLOAT,
                                        CL_UNSIGNED_INT8};
    for (int i = 0; i < 3; i++) {
        cs_variant v = cs_choose_image_scatter(channels[i]);
        assert_string_equal(cs_kernel_name(v, 0), scatters[i]);
        g_seen[v] = true;
    }
}

/* No row of variants.def is dead: across this program's cases the
 * families chose every kernel the table lists (runs after the tests that
 * choose). */
static void test_every_variant_chosen(void **state)
{
    (void)state;
    for (int v = 0; v < CS_VARIANT_COUNT; v++)
        if (!g_seen[v])
            fail_msg("variant %s was never chosen (seeds: CLSLICE_TEST_SEED "
                     "or the defaults)", cs_kernel_name((cs_variant)v, 1)
                         ? cs_kernel_name((cs_variant)v, 1)
                         : cs_kernel_name((cs_variant)v, 4));
}

static void test_names(void **state)
{
    (void)state;
    assert_string_equal(cs_kernel_name(CS_VARIANT_ODO_GB, 16),
                        "cs_odo_gb_c16");
    assert_string_equal(cs_kernel_name(CS_VARIANT_CSR_FILL, 8),
                        "cs_csr_fill_c8");
    assert_string_equal(cs_kernel_name(CS_VARIANT_CSR_COUNT, 4),
                        "cs_csr_count");
    assert_null(cs_kernel_name(CS_VARIANT_ROWS_C, 8)); /* scalar only */
    assert_null(cs_kernel_name(CS_VARIANT_GRID_R1, 3));
    assert_null(cs_kernel_name(CS_VARIANT_COUNT, 1));
}

/* ---- the table against the .cl sources, on the device ------------------- */

/* Whether `name` is one of the table's kernels of `kind`. */
static bool listed(cs_program_kind kind, const char *name)
{
    for (int v = 0; v < CS_VARIANT_COUNT; v++) {
        if (cs_variant_program((cs_variant)v) != kind)
            continue;
        for (size_t c = 1; c <= 16; c *= 2) {
            const char *n = cs_kernel_name((cs_variant)v, c);
            if (n && strcmp(n, name) == 0)
                return true;
        }
    }
    return false;
}

static void check_program(const cs_program_info *info, int bits)
{
    for (int v = 0; v < CS_VARIANT_COUNT; v++) {
        if (cs_variant_program((cs_variant)v) != info->kind ||
            (cs_variant_little_endian_only((cs_variant)v) &&
             !info->device.little_endian))
            continue;
        for (size_t c = 1; c <= 16; c *= 2) {
            const char *name = cs_kernel_name((cs_variant)v, c);
            if (!name || (c > 1 && !cs_variant_carriers((cs_variant)v)))
                continue;
            cl_int rc;
            cl_kernel k = clCreateKernel(info->program, name, &rc);
            if (rc != CL_SUCCESS)
                fail_msg("program %d (%d-bit): clCreateKernel(%s): %s",
                         (int)info->kind, bits, name,
                         clslice_cl_error_name(rc));
            clReleaseKernel(k);
        }
    }
    char names[8192];
    assert_int_equal(clGetProgramInfo(info->program, CL_PROGRAM_KERNEL_NAMES,
                                      sizeof names, names, NULL),
                     CL_SUCCESS);
    for (char *n = names, *end; *n; n = end) {
        end = n + strcspn(n, ";");
        if (*end)
            *end++ = '\0';
        if (!listed(info->kind, n))
            fail_msg("program %d defines %s, which cl_variants.def lacks",
                     (int)info->kind, n);
    }
}

/* The facts the runtime keeps for the test device: its name, vendor
 * name and driver as OpenCL reports them (cut to CS_DEVICE_TEXT), the
 * vendor its id and version say, a sub-group size of at least 1, and the
 * tuning the library's table gives those facts. */
static void test_device_facts(void **state)
{
    (void)state;
    tu_dev dev;
    tu_dev_open(&dev);
    TU_SKIP_WITHOUT_DEVICE(&dev);
    cs_device_info facts;
    cs_tuning tuning;
    clslice_error err;
    if (cs_runtime_device(dev.runtime, dev.cl.device, &facts, &tuning,
                          &err) != CLSLICE_OK)
        fail_msg("%s", err.message);
    char name[CS_DEVICE_TEXT * 4] = {0}, version[512] = {0};
    cl_uint vendor_id = 0;
    assert_int_equal(clGetDeviceInfo(dev.cl.device, CL_DEVICE_NAME,
                                     sizeof name - 1, name, NULL),
                     CL_SUCCESS);
    assert_int_equal(clGetDeviceInfo(dev.cl.device, CL_DEVICE_VERSION,
                                     sizeof version - 1, version, NULL),
                     CL_SUCCESS);
    assert_int_equal(clGetDeviceInfo(dev.cl.device, CL_DEVICE_VENDOR_ID,
                                     sizeof vendor_id, &vendor_id, NULL),
                     CL_SUCCESS);
    assert_int_equal(strncmp(facts.name, name, CS_DEVICE_TEXT - 1), 0);
    assert_true(strlen(facts.name) < CS_DEVICE_TEXT);
    assert_int_equal(facts.vendor_id, vendor_id);
    assert_int_equal(facts.vendor, cs_vendor_of(vendor_id, version));
    assert_int_equal(facts.rect_sub_buffer_crash,
                     facts.vendor == CS_VENDOR_POCL);
    assert_true(facts.sub_group >= 1);
    assert_true(facts.driver[0] != '\0');
    cs_tuning want = cs_tuning_for(&facts);
#define CS_SAME_MEMBER(id, member) assert_true(tuning.member == want.member);
    CS_TUNING_MEMBERS(CS_SAME_MEMBER)
#undef CS_SAME_MEMBER
    print_message("device \"%s\" (%s, vendor id 0x%x, driver %s): vendor "
                  "%s, architecture %u.%u, sub-group %zu%s\n", facts.name,
                  facts.vendor_name, facts.vendor_id, facts.driver,
                  cs_vendor_name(facts.vendor), facts.arch_major,
                  facts.arch_minor, facts.sub_group,
                  facts.khr_subgroups ? ", cl_khr_subgroups" : "");
    tu_dev_close(&dev);
}

static void test_every_kernel_exists(void **state)
{
    (void)state;
    tu_dev dev;
    tu_dev_open(&dev);
    TU_SKIP_WITHOUT_DEVICE(&dev);
    for (int p = 0; p < CS_PROGRAM_KINDS; p++) {
        for (int bits = 32; bits <= 64; bits += 32) {
            cs_program_info info;
            clslice_error err;
            if (cs_runtime_program(dev.runtime, dev.cl.device,
                                   (cs_program_kind)p, bits, &info,
                                   &err) != CLSLICE_OK)
                fail_msg("program %d: %s", p, err.message);
            check_program(&info, bits);
            /* the check a program from the binary cache must pass: the
             * same kernels, each with variants.def's argument count */
            cs_program_want want = {(cs_program_kind)p,
                                    info.device.little_endian};
            if (cs_program_check(info.program, &want, "", &err) != CLSLICE_OK)
                fail_msg("program %d (%d-bit): %s", p, bits, err.message);
        }
    }
    tu_dev_close(&dev);
}

/* A unit's source in front of the family's: with no kernel kept ("" names
 * none), the program holds no kernel, so every kernel of the family is
 * defined the way the unit header catches (`kernel void NAME(`); with one
 * kept, it holds exactly that one, with its argument count, or the
 * family's carrier-free kernels (runtime/units.c).  32-bit forms: the
 * header does not depend on the width. */
static size_t build_unit(const tu_dev *dev, const cs_device_info *facts,
                         cs_program_kind kind, const char *unit,
                         cl_program *program)
{
    char options[160];
    assert_true(cs_unit_options(kind, 32, facts, unit, options,
                                sizeof options));
    char *head = cs_unit_source(kind, unit);
    assert_non_null(head);
    const char *sources[CS_MAX_SOURCES + 1] = {head};
    cl_uint count = 1 + cs_program_sources(kind, sources + 1);
    clslice_error err;
    if (cs_build_sources(dev->cl.context, dev->cl.device, count, sources,
                         options, program, &err) != CLSLICE_OK)
        fail_msg("unit %s of program %d: %s", unit ? unit : "(plain)",
                 (int)kind, err.message);
    free(head);
    cl_uint n = 0;
    assert_int_equal(clCreateKernelsInProgram(*program, 0, NULL, &n),
                     CL_SUCCESS);
    return n;
}

static void test_units(void **state)
{
    (void)state;
    tu_dev dev;
    tu_dev_open(&dev);
    TU_SKIP_WITHOUT_DEVICE(&dev);
    cs_device_info facts;
    assert_int_equal(cs_runtime_device(dev.runtime, dev.cl.device, &facts,
                                       NULL, NULL),
                     CLSLICE_OK);
    for (int p = 0; p < CS_PROGRAM_KINDS; p++) {
        cs_program_kind kind = (cs_program_kind)p;
        cl_program program;
        if (build_unit(&dev, &facts, kind, "", &program) != 0)
            fail_msg("program %d: a kernel escaped the unit header", p);
        clReleaseProgram(program);
        /* its last variant's 4-byte kernel, or its carrier-free ones */
        const char *name = NULL, *unit = NULL;
        for (int v = 0; v < CS_VARIANT_COUNT; v++)
            if (cs_variant_program((cs_variant)v) == kind)
                name = cs_kernel_name((cs_variant)v, 4);
        assert_non_null(name);
        assert_true(cs_unit_of(kind, name, &unit));
        size_t n = build_unit(&dev, &facts, kind, unit, &program);
        cs_program_want want = {kind, facts.little_endian, true, unit};
        clslice_error err;
        if (cs_program_check(program, &want, "", &err) != CLSLICE_OK)
            fail_msg("unit %s: %s", name, err.message);
        assert_true(n >= 1);
        assert_true(unit == NULL || n == 1);
        clReleaseProgram(program);
    }
    tu_dev_close(&dev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_rows_family),
        cmocka_unit_test(test_known_choices),
        cmocka_unit_test(test_random_choices),
        cmocka_unit_test(test_sub_buffer_never_rect),
        cmocka_unit_test(test_strided_source_variants),
        cmocka_unit_test(test_batch_choices),
        cmocka_unit_test(test_dynamic_choices),
        cmocka_unit_test(test_normalise_choices),
        cmocka_unit_test(test_csr_choices),
        cmocka_unit_test(test_image_choices),
        cmocka_unit_test(test_lanes_choices),
        cmocka_unit_test(test_every_variant_chosen),
        cmocka_unit_test(test_device_facts),
        cmocka_unit_test(test_every_kernel_exists),
        cmocka_unit_test(test_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
