/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Who made a device and how its calls are tuned, without a device: the
 * vendor from made-up device facts (select/vendor.c), and the tuning
 * table's lookup (select/tuning.h) on tables of the test's own, where
 * each level of key overrides the one before, member by member; the
 * library's table keeps today's values for every kind of device; and the
 * recipe of a vendor-tuned kernel family (CONTRIBUTING.md): a vendor row
 * naming a family routes that vendor's devices, and only those, through
 * its chooser.
 */
#include <stdio.h>
#include <string.h>

#include "opencl/select/family.h"
#include "opencl/select/tuning.h"
#include "testutil.h"

/* ---- vendors -------------------------------------------------------------- */

typedef struct vendor_case {
    cl_uint vendor_id;
    const char *version; /* CL_DEVICE_VERSION */
    cs_vendor want;
    const char *name;
} vendor_case;

/* Facts as drivers report them (the PoCL row is this machine's PoCL 3.1
 * on an AMD EPYC, which reports Intel's id). */
static const vendor_case VENDORS[] = {
    {0x10DE, "OpenCL 3.0 CUDA", CS_VENDOR_NVIDIA, "nvidia"},
    {0x1002, "OpenCL 2.0 AMD-APP (3614.0)", CS_VENDOR_AMD, "amd"},
    {0x1022, "OpenCL 1.2 AMD-APP", CS_VENDOR_AMD, "amd"},
    {0x8086, "OpenCL 3.0 NEO", CS_VENDOR_INTEL, "intel"},
    {0x8086, "OpenCL 3.0 PoCL HSTR: pthread-x86_64-pc-linux-gnu-skylake",
     CS_VENDOR_POCL, "pocl"},
    {0x6c636f70, "OpenCL 1.2 pocl 1.8", CS_VENDOR_POCL, "pocl"},
    {0x10006, "OpenCL 3.0", CS_VENDOR_POCL, "pocl"},
    {0x1027F00, "OpenCL 1.2", CS_VENDOR_APPLE, "apple"},
    {0x106B, "OpenCL 1.2", CS_VENDOR_APPLE, "apple"},
    {0x13B5, "OpenCL 3.0 v1.r40p0", CS_VENDOR_ARM, "arm"},
    {0x5143, "OpenCL 3.0 Adreno(TM) 740", CS_VENDOR_QUALCOMM, "qualcomm"},
    {0x1010, "OpenCL 3.0", CS_VENDOR_IMAGINATION, "imagination"},
    {0x10005, "OpenCL 3.0 ", CS_VENDOR_MESA, "mesa"},
    {0x10004, "OpenCL 1.2 ComputeCpp", CS_VENDOR_OTHER, "other"},
    {0x1234, NULL, CS_VENDOR_OTHER, "other"},
    {0, "", CS_VENDOR_OTHER, "other"},
};

static void test_vendor_of(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof VENDORS / sizeof VENDORS[0]; i++) {
        const vendor_case *v = &VENDORS[i];
        cs_vendor got = cs_vendor_of(v->vendor_id, v->version);
        if (got != v->want || strcmp(cs_vendor_name(got), v->name) != 0)
            fail_msg("vendor id 0x%x, version \"%s\": %s, expected %s",
                     v->vendor_id, v->version ? v->version : "(null)",
                     cs_vendor_name(got), v->name);
    }
    assert_string_equal(cs_vendor_name(CS_VENDOR_COUNT), "other");
}

/* CPU alone is a CPU; anything claiming GPU a GPU (Oclgrind claims CPU,
 * GPU and accelerator, and its cpu fact is false). */
static void test_device_class(void **state)
{
    (void)state;
    const cl_device_type all = CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                               CL_DEVICE_TYPE_ACCELERATOR;
    cs_device_info d = {.cpu = true, .type = CL_DEVICE_TYPE_CPU};
    assert_int_equal(cs_device_class_of(&d), CS_CLASS_CPU);
    d = (cs_device_info){.type = all};
    assert_int_equal(cs_device_class_of(&d), CS_CLASS_GPU);
    d = (cs_device_info){.type = CL_DEVICE_TYPE_GPU};
    assert_int_equal(cs_device_class_of(&d), CS_CLASS_GPU);
    d = (cs_device_info){.type = CL_DEVICE_TYPE_ACCELERATOR};
    assert_int_equal(cs_device_class_of(&d), CS_CLASS_ACCELERATOR);
    d = (cs_device_info){.type = CL_DEVICE_TYPE_CUSTOM};
    assert_int_equal(cs_device_class_of(&d), CS_CLASS_ANY);
}

static void test_extension_listed(void **state)
{
    (void)state;
    const char *list = "cl_khr_fp64 cl_khr_subgroups_extended "
                       "cl_nv_device_attribute_query cl_khr_icd";
    assert_true(cs_extension_listed(list, "cl_khr_fp64"));
    assert_true(cs_extension_listed(list, "cl_nv_device_attribute_query"));
    assert_true(cs_extension_listed(list, "cl_khr_icd"));
    assert_false(cs_extension_listed(list, "cl_khr_subgroups"));
    assert_false(cs_extension_listed(list, "cl_khr"));
    assert_false(cs_extension_listed(list, "icd"));
    assert_false(cs_extension_listed("", "cl_khr_fp64"));
    assert_false(cs_extension_listed(NULL, "cl_khr_fp64"));
    assert_true(cs_extension_listed("cl_khr_subgroups", "cl_khr_subgroups"));
}

/* ---- the lookup ------------------------------------------------------------ */

/* A table where each level sets local_grid to a value of its own, and
 * some set one more member; rows out of order of specificity, since the
 * lookup orders them. */
static const cs_tuning_row LEVELS[] = {
    {.key = {.name = "Exact Device"},
     .set = CS_TUNE(LOCAL_GRID),
     .values = {.local_grid = 400}},
    {.key = {.vendor = CS_VENDOR_NVIDIA},
     .set = CS_TUNE(LOCAL_GRID) | CS_TUNE(LOCAL_ROWS),
     .values = {.local_grid = 300, .local_rows = 30}},
    {.key = {.vendor = CS_VENDOR_NVIDIA, .device_class = CS_CLASS_GPU},
     .set = CS_TUNE(LOCAL_CSR),
     .values = {.local_csr = 77}},
    {.key = {.device_class = CS_CLASS_GPU},
     .set = CS_TUNE(LOCAL_GRID) | CS_TUNE(LOCAL_CSR),
     .values = {.local_grid = 200, .local_csr = 20}},
    {.set = CS_TUNE_ALL,
     .values = {.max_groups = 99, .local_grid = 100, .local_rows = 10,
                .local_csr = 10, .local_normalise = 5}},
    /* two rows of one key: the later wins */
    {.key = {.vendor = CS_VENDOR_AMD},
     .set = CS_TUNE(LOCAL_GRID),
     .values = {.local_grid = 500}},
    {.key = {.vendor = CS_VENDOR_AMD},
     .set = CS_TUNE(LOCAL_GRID),
     .values = {.local_grid = 501}},
};

typedef struct lookup_case {
    const char *what;
    cs_device_info device;
    size_t local_grid, local_rows, local_csr;
} lookup_case;

static const lookup_case LOOKUPS[] = {
    {"a CPU of an unknown vendor: the default row",
     {.cpu = true, .type = CL_DEVICE_TYPE_CPU, .name = "cpu"}, 100, 10, 10},
    {"a GPU of an unknown vendor: the class row",
     {.type = CL_DEVICE_TYPE_GPU, .name = "gpu"}, 200, 10, 20},
    {"PoCL on Intel's id: not Intel, the default row",
     {.cpu = true, .vendor = CS_VENDOR_POCL, .vendor_id = 0x8086,
      .name = "pthread"}, 100, 10, 10},
    {"an NVIDIA GPU: the vendor row beats the class row, and the vendor "
     "and class row beats both",
     {.type = CL_DEVICE_TYPE_GPU, .vendor = CS_VENDOR_NVIDIA,
      .name = "GeForce"}, 300, 30, 77},
    {"an NVIDIA accelerator: the vendor row, not the vendor and GPU row",
     {.type = CL_DEVICE_TYPE_ACCELERATOR, .vendor = CS_VENDOR_NVIDIA,
      .name = "GeForce"}, 300, 30, 10},
    {"the named NVIDIA GPU: the name beats the vendor for local_grid, the "
     "rest as the vendor's",
     {.type = CL_DEVICE_TYPE_GPU, .vendor = CS_VENDOR_NVIDIA,
      .name = "Exact Device"}, 400, 30, 77},
    {"the name of any vendor",
     {.cpu = true, .name = "Exact Device"}, 400, 10, 10},
    {"names match whole: a longer one is another device",
     {.type = CL_DEVICE_TYPE_GPU, .name = "Exact Device 2"}, 200, 10, 20},
    {"two AMD rows: the later wins",
     {.type = CL_DEVICE_TYPE_GPU, .vendor = CS_VENDOR_AMD, .name = "gfx"},
     501, 10, 20},
};

static void check_lookups(const cs_tuning_table *table, const char *order)
{
    for (size_t i = 0; i < sizeof LOOKUPS / sizeof LOOKUPS[0]; i++) {
        const lookup_case *l = &LOOKUPS[i];
        cs_tuning t;
        cs_tuning_lookup(table, &l->device, &t);
        if (t.local_grid != l->local_grid || t.local_rows != l->local_rows ||
            t.local_csr != l->local_csr)
            fail_msg("%s (rows %s): grid %zu rows %zu csr %zu, expected "
                     "%zu %zu %zu", l->what, order, t.local_grid,
                     t.local_rows, t.local_csr, l->local_grid, l->local_rows,
                     l->local_csr);
        /* members no keyed row sets come from the default row */
        assert_int_equal(t.max_groups, 99);
        assert_int_equal(t.local_normalise, 5);
    }
}

/* Each level overrides the one before whatever the rows' order: the
 * table as written, and reversed (the two AMD rows kept in order). */
static void test_lookup_levels(void **state)
{
    (void)state;
    enum { N = sizeof LEVELS / sizeof LEVELS[0] };
    check_lookups(&(cs_tuning_table){LEVELS, N}, "as written");
    cs_tuning_row reversed[N];
    for (size_t i = 0; i < N - 2; i++)
        reversed[i] = LEVELS[N - 3 - i];
    reversed[N - 2] = LEVELS[N - 2];
    reversed[N - 1] = LEVELS[N - 1];
    check_lookups(&(cs_tuning_table){reversed, N}, "reversed");
}

/* A table without a default row leaves unset members 0. */
static void test_lookup_without_default(void **state)
{
    (void)state;
    cs_tuning t;
    cs_tuning_lookup(&(cs_tuning_table){LEVELS, 1},
                     &(cs_device_info){.name = "other"}, &t);
    assert_int_equal(t.local_grid, 0);
    assert_int_equal(t.max_groups, 0);
    assert_null(t.family);
}

/* ---- the library's table ------------------------------------------------- */

/* Today's values, which every device gets: moving the constants into the
 * table changed nothing. */
static void check_today(const char *what, const cs_tuning *t)
{
    if (t->max_groups != 65535 || t->style != CS_STYLE_AUTO ||
        t->row_split != 16384 || t->short_row_bytes != 256 ||
        t->rect_max_bytes != ((size_t)512 << 10) ||
        t->run_kernel_bytes != ((size_t)32 << 20) || t->local_rows != 8 ||
        t->local_grid != 256 || t->local_grid_fixed != 64 ||
        t->local_blocked != 64 || t->local_csr != 64 ||
        t->local_csr_scan != 256 || t->local_normalise != 64 ||
        t->family != NULL)
        fail_msg("%s: the library's table moved a value", what);
}

static void test_library_table(void **state)
{
    (void)state;
    /* the default row sets every member */
    assert_true(cs_tuning_rows.count > 0);
    assert_int_equal(cs_tuning_rows.rows[0].set, CS_TUNE_ALL);
    cs_tuning t = cs_tuning_default();
    check_today("the default row", &t);
    for (int v = 0; v < CS_VENDOR_COUNT; v++)
        for (int cpu = 0; cpu <= 1; cpu++) {
            cs_device_info d = {.cpu = cpu == 1,
                                .type = cpu ? CL_DEVICE_TYPE_CPU
                                            : CL_DEVICE_TYPE_GPU,
                                .vendor = (cs_vendor)v, .name = "device"};
            char what[64];
            snprintf(what, sizeof what, "a %s of %s", cpu ? "CPU" : "GPU",
                     cs_vendor_name((cs_vendor)v));
            t = cs_tuning_for(&d);
            check_today(what, &t);
        }
}

/* ---- the recipe: a vendor-tuned kernel family ------------------------------ */

static int g_asked; /* calls of the test family's chooser */

/* A stand-in family: it takes gathers (declining everything else) into
 * the blocked program, which no dense call picks otherwise, so its choice
 * and its program show where the call went. */
static bool test_choose(const cs_device_info *device, const cs_tuning *tuning,
                        cs_kernel_kind kind, const cs_move *move,
                        cs_choice *c)
{
    (void)device;
    (void)tuning;
    (void)move;
    g_asked++;
    if (kind != CS_KERNEL_GATHER)
        return false;
    c->program = CS_PROGRAM_BLOCKED;
    c->variant = CS_VARIANT_BLOCKED_GRID;
    c->local = 32;
    c->paths = 1u << CS_PATH_TUNED;
    return true;
}

static const cs_family TEST_FAMILY = {.name = "test",
                                      .program = CS_PROGRAM_BLOCKED,
                                      .choose = test_choose};

enum { MOST_ROWS = 16 };

/* The library's rows, then the recipe's tuning row for NVIDIA, and a name
 * row that turns the family off for one NVIDIA device. */
static cs_tuning_table recipe_table(cs_tuning_row rows[MOST_ROWS])
{
    size_t n = cs_tuning_rows.count;
    assert_true(n + 2 <= MOST_ROWS);
    memcpy(rows, cs_tuning_rows.rows, n * sizeof rows[0]);
    rows[n++] = (cs_tuning_row){.key = {.vendor = CS_VENDOR_NVIDIA},
                                .set = CS_TUNE(FAMILY),
                                .values = {.family = &TEST_FAMILY}};
    rows[n++] = (cs_tuning_row){.key = {.name = "Old NVIDIA"},
                                .set = CS_TUNE(FAMILY),
                                .values = {.family = NULL}};
    return (cs_tuning_table){rows, n};
}

/* A 64 x 64 float gather of every other column: a kernel on every
 * device. */
static void strided_layout(clslice_layout *layout)
{
    const int64_t shape[] = {64, 64};
    clslice_plan *plan = NULL;
    assert_int_equal(clslice_plan_expr(shape, 2, "[:, ::2]", &plan, NULL),
                     CLSLICE_OK);
    assert_int_equal(clslice_plan_layout(plan, layout, NULL), CLSLICE_OK);
    clslice_plan_release(&plan);
    clslice_layout_simplify(layout);
}

typedef struct route_case {
    cs_device_info device;
    bool routed;
} route_case;

static void test_vendor_family(void **state)
{
    (void)state;
    cs_tuning_row rows[MOST_ROWS];
    cs_tuning_table table = recipe_table(rows);
    const route_case ROUTES[] = {
        {{.type = CL_DEVICE_TYPE_GPU, .vendor = CS_VENDOR_NVIDIA,
          .name = "GeForce"}, true},
        {{.type = CL_DEVICE_TYPE_ACCELERATOR, .vendor = CS_VENDOR_NVIDIA,
          .name = "Tesla"}, true},
        {{.type = CL_DEVICE_TYPE_GPU, .vendor = CS_VENDOR_NVIDIA,
          .name = "Old NVIDIA"}, false},
        {{.type = CL_DEVICE_TYPE_GPU, .vendor = CS_VENDOR_AMD,
          .name = "gfx1030"}, false},
        {{.type = CL_DEVICE_TYPE_GPU, .vendor = CS_VENDOR_INTEL,
          .name = "Arc"}, false},
        {{.cpu = true, .type = CL_DEVICE_TYPE_CPU, .vendor = CS_VENDOR_POCL,
          .vendor_id = 0x8086, .name = "pthread"}, false},
        {{.type = CL_DEVICE_TYPE_GPU, .name = "unknown"}, false},
    };
    clslice_layout layout;
    strided_layout(&layout);
    for (size_t i = 0; i < sizeof ROUTES / sizeof ROUTES[0]; i++) {
        const route_case *r = &ROUTES[i];
        cs_tuning t;
        cs_tuning_lookup(&table, &r->device, &t);
        assert_true(t.family == (r->routed ? &TEST_FAMILY : NULL));
        /* the rest of the tuning is the library's */
        t.family = NULL;
        check_today(r->device.name, &t);
        t.family = r->routed ? &TEST_FAMILY : NULL;

        cs_select_call gather = {.kind = CS_KERNEL_GATHER, .elem_size = 4};
        cs_choice c;
        g_asked = 0;
        cs_choose(&r->device, &t, &gather, &layout, &c);
        bool tuned = c.run == CS_RUN_KERNEL &&
                     c.program == CS_PROGRAM_BLOCKED &&
                     c.paths == 1u << CS_PATH_TUNED;
        if (tuned != r->routed || g_asked != (r->routed ? 1 : 0))
            fail_msg("%s (%s): routed %d, chooser asked %d times",
                     r->device.name, cs_vendor_name(r->device.vendor),
                     tuned, g_asked);
        unsigned used = cs_programs_used(&r->device, &t);
        assert_true(((used >> CS_PROGRAM_BLOCKED) & 1u) == r->routed);

        /* a call the family declines goes to the device's own family */
        cs_select_call fill = {.kind = CS_KERNEL_FILL, .elem_size = 4};
        cs_choose(&r->device, &t, &fill, &layout, &c);
        assert_int_equal(c.program, CS_PROGRAM_GRID_SCATTER);
        assert_int_equal(c.paths, 1u << CS_PATH_SCATTER);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vendor_of),
        cmocka_unit_test(test_device_class),
        cmocka_unit_test(test_extension_listed),
        cmocka_unit_test(test_lookup_levels),
        cmocka_unit_test(test_lookup_without_default),
        cmocka_unit_test(test_library_table),
        cmocka_unit_test(test_vendor_family),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
