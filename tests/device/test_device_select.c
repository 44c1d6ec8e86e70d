/*
 * The choice of path and kernel (cs_choose), without a device: for many
 * random layouts, device facts and tunings, every choice is consistent
 * with the rules of cl_select.c and names a kernel that cl_variants.def
 * lists.  Then, on the test device, the table and the .cl sources agree:
 * every kernel the table lists exists in its program, and every kernel of
 * a program is in the table.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devutil.h"
#include "opencl/cl_testing.h"
#include "randplan.h"
#include "testutil.h"

enum { CASES = 6000 };

static cs_device_info random_device(tu_rng *rng)
{
    return (cs_device_info){.cpu = tu_range(rng, 0, 1) == 1,
                            .little_endian = tu_range(rng, 0, 3) != 0,
                            .compute_units = (cl_uint)tu_range(rng, 1, 64)};
}

static cs_tuning random_tuning(tu_rng *rng)
{
    cs_tuning t = cs_default_tuning;
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

static bool rows_style(const cs_device_info *d, const cs_tuning *t)
{
    return t->style == CS_STYLE_ROWS || (t->style == CS_STYLE_AUTO && d->cpu);
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
    if (c->program == CS_PROGRAM_GATHER_ROWS && !c->odometer &&
        c->move.rank > 3)
        fail_msg("%s: row kernels for a rank-%d move", where, c->move.rank);
    if (cs_kernel_name(c->variant, c->carrier) == NULL)
        fail_msg("%s: variant %d with carrier %zu is not in "
                 "cl_variants.def", where, (int)c->variant, c->carrier);
    if (cs_variant_program(c->variant) != c->program)
        fail_msg("%s: variant %d is not in program %d", where,
                 (int)c->variant, (int)c->program);
    if (cs_variant_little_endian_only(c->variant) && !d->little_endian)
        fail_msg("%s: a little-endian kernel on a big-endian device", where);
    cs_program_kind want = call->kind == CS_KERNEL_FILL ? CS_PROGRAM_SCATTER
                           : rows_style(d, t) ? CS_PROGRAM_GATHER_ROWS
                           : call->kind == CS_KERNEL_GATHER
                               ? CS_PROGRAM_GATHER_GRID
                               : CS_PROGRAM_SCATTER;
    if (c->program != want)
        fail_msg("%s: program %d, expected %d", where, (int)c->program,
                 (int)want);
    if (c->program == CS_PROGRAM_GATHER_ROWS && c->move.stride[0] == 1 &&
        c->move.dst_stride[0] == 1 && c->carrier > 4)
        fail_msg("%s: the CPU family got a wide contiguous carrier", where);
    if ((call->flags & CLSLICE_FORCE_INDEX64) && c->index_bits != 64)
        fail_msg("%s: FORCE_INDEX64 ignored", where);
    if (c->paths == 0)
        fail_msg("%s: no path recorded", where);
}

/* The scatter rows with a strided source (rg, gg): a value tensor is
 * contiguous, so after simplification its inner stride is 0 or 1 and no
 * public call reaches them; test_strided_source_variants does. */
static bool strided_source(cs_variant v)
{
    return v == CS_VARIANT_ROWS_RG || v == CS_VARIANT_ROWS_GG ||
           v == CS_VARIANT_ODO_RG || v == CS_VARIANT_ODO_GG;
}

/* CSR calls, the normaliser, dynamic slices (cl_dynamic_run.c) and
 * batches (cl_batch.c) pick their kernels themselves; cs_choose serves the dense gathers, scatters and fills. */
static bool chosen_by_cs_choose(cs_program_kind program)
{
    return program != CS_PROGRAM_CSR && program != CS_PROGRAM_DYNAMIC &&
           program != CS_PROGRAM_NORMALISE &&
           program != CS_PROGRAM_GATHER_BATCH;
}

/* Every choice follows the rules and names a listed kernel; and across
 * the cases every gather, scatter and fill variant of the table is
 * chosen, so no row of the table is dead (the CSR, normalise and batch
 * kernels are not the chooser's: their own operations launch them). */
static void test_random_choices(void **state)
{
    (void)state;
    uint64_t seed = tu_seed(20261123);
    tu_rng rng = {seed};
    bool seen[CS_VARIANT_COUNT] = {false};
    for (int i = 0; i < CASES; i++) {
        cs_device_info d = random_device(&rng);
        cs_tuning t = random_tuning(&rng);
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
            seen[c.variant] = true;
    }
    for (int v = 0; v < CS_VARIANT_COUNT; v++)
        if (chosen_by_cs_choose(cs_variant_program((cs_variant)v)) &&
            !seen[v] && !strided_source((cs_variant)v))
            fail_msg("seed %" PRIu64 ": variant %s never chosen", seed,
                     cs_kernel_name((cs_variant)v, 1));
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
        cs_tuning t = random_tuning(&rng);
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
    cs_choice c;
    cs_choose(&cpu, &cs_default_tuning, &call, &layout, &c);
    assert_int_equal(c.run, CS_RUN_KERNEL);
    assert_int_equal(c.variant, CS_VARIANT_ROWS_S2);
    assert_string_equal(cs_kernel_name(c.variant, c.carrier), "cs_rows_s2_c2");
    assert_int_equal(c.paths, 1u << CS_PATH_ROW_S2);
    cpu.little_endian = false; /* no double-width reads */
    cs_choose(&cpu, &cs_default_tuning, &call, &layout, &c);
    assert_int_equal(c.variant, CS_VARIANT_ROWS_G);
    cs_device_info gpu = {.little_endian = true};
    cs_choose(&gpu, &cs_default_tuning, &call, &layout, &c);
    assert_int_equal(c.variant, CS_VARIANT_GRID_R1);
    assert_string_equal(cs_kernel_name(c.variant, c.carrier),
                        "cs_gather_r1_c2");
    call.kind = CS_KERNEL_FILL;
    cs_choose(&cpu, &cs_default_tuning, &call, &layout, &c);
    assert_int_equal(c.variant, CS_VARIANT_FILL_R1);
    assert_int_equal(c.paths, 1u << CS_PATH_SCATTER);
}

static void test_strided_source_variants(void **state)
{
    (void)state;
    cs_device_info cpu = {.cpu = true, .little_endian = true};
    cs_move move = {.rank = 2, .carrier = 4, .elements = 12,
                    .count = {4, 3}, .stride = {2, 8}, .dst_stride = {-1, 4}};
    cs_choice c;
    cs_choose_kernel(&cpu, &cs_default_tuning, CS_KERNEL_SCATTER,
                     CS_PROGRAM_GATHER_ROWS, &move, 32, &c);
    assert_int_equal(c.variant, CS_VARIANT_ODO_RG); /* 16-byte rows */
    cs_tuning t = cs_default_tuning;
    t.short_row_bytes = 0;
    cs_choose_kernel(&cpu, &t, CS_KERNEL_SCATTER, CS_PROGRAM_GATHER_ROWS,
                     &move, 32, &c);
    assert_int_equal(c.variant, CS_VARIANT_ROWS_RG);
    move.dst_stride[0] = 3;
    cs_choose_kernel(&cpu, &t, CS_KERNEL_SCATTER, CS_PROGRAM_GATHER_ROWS,
                     &move, 32, &c);
    assert_int_equal(c.variant, CS_VARIANT_ROWS_GG);
    assert_int_equal(c.paths, (1u << CS_PATH_SROW) | (1u << CS_PATH_SDST_G));
    cs_choose_kernel(&cpu, &cs_default_tuning, CS_KERNEL_SCATTER,
                     CS_PROGRAM_GATHER_ROWS, &move, 32, &c);
    assert_int_equal(c.variant, CS_VARIANT_ODO_GG);
    assert_non_null(cs_kernel_name(c.variant, c.carrier));
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
        }
    }
    tu_dev_close(&dev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_known_choices),
        cmocka_unit_test(test_random_choices),
        cmocka_unit_test(test_sub_buffer_never_rect),
        cmocka_unit_test(test_strided_source_variants),
        cmocka_unit_test(test_every_kernel_exists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
