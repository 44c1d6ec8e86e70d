/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * What every general call (clslice_cl_*: a clslice_cl_call head and a
 * descriptor) checks before anything else, the same way for each: a NULL
 * head or descriptor, a struct_size below the type's first published
 * size or above this library's sizeof, unknown flags.  Then the copy that
 * reads the members past an older caller's struct_size as zero, and the
 * layouts of the 0.2 structs pinned on LP64, so that a member inserted,
 * moved or resized (a break) fails here.
 *
 * No device: every call gets a NULL runtime, which is checked only after
 * the head and the descriptor, so an accepted struct_size shows as the
 * next error, "runtime is NULL".
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "clslice_cl.h"
#include "opencl/base/take.h"
#include "testutil.h"

/* A descriptor of any general call: room for the largest, aligned. */
typedef union any_desc {
    size_t struct_size;
    clslice_cl_gather_desc gather;
    clslice_cl_scatter_desc scatter;
    clslice_cl_batch_desc batch;
    clslice_cl_concat_desc concat;
    clslice_cl_dynamic_desc dynamic;
    clslice_cl_csr_desc csr;
    clslice_cl_shard_desc shard;
    unsigned char bytes[256];
} any_desc;

/* One general call with a NULL runtime (and, for the dynamic calls, a
 * zeroed spec); desc as the call's descriptor type. */
typedef clslice_status (*general_fn)(const clslice_cl_call *call,
                                     const void *desc, clslice_error *err);

static clslice_status gather(const clslice_cl_call *call, const void *desc,
                             clslice_error *err)
{
    return clslice_cl_gather(NULL, call, desc, err);
}

static clslice_status scatter(const clslice_cl_call *call, const void *desc,
                              clslice_error *err)
{
    return clslice_cl_scatter(NULL, call, desc, err);
}

static clslice_status batch(const clslice_cl_call *call, const void *desc,
                            clslice_error *err)
{
    return clslice_cl_gather_batch(NULL, call, desc, err);
}

static clslice_status concat(const clslice_cl_call *call, const void *desc,
                             clslice_error *err)
{
    return clslice_cl_concat(NULL, call, desc, err);
}

static clslice_status tf(const clslice_cl_call *call, const void *desc,
                         clslice_error *err)
{
    clslice_tf_dynamic_spec spec = {.index_type = CLSLICE_INT64};
    return clslice_cl_tf_dynamic(NULL, call, desc, &spec, err);
}

static clslice_status openvino(const clslice_cl_call *call,
                               const void *desc, clslice_error *err)
{
    clslice_openvino_dynamic_spec spec = {.index_type = CLSLICE_INT64};
    return clslice_cl_openvino_dynamic(NULL, call, desc, &spec, err);
}

static clslice_status onnx(const clslice_cl_call *call, const void *desc,
                           clslice_error *err)
{
    clslice_onnx_dynamic_spec spec = {.index_type = CLSLICE_INT64};
    return clslice_cl_onnx_dynamic(NULL, call, desc, &spec, err);
}

static clslice_status xla(const clslice_cl_call *call, const void *desc,
                          clslice_error *err)
{
    clslice_xla_dynamic_spec spec = {.index_type = CLSLICE_INT64};
    return clslice_cl_xla_dynamic(NULL, call, desc, &spec, err);
}

static clslice_status csr_count(const clslice_cl_call *call,
                                const void *desc, clslice_error *err)
{
    int64_t nnz = -1;
    return clslice_cl_csr_count(NULL, call, desc, &nnz, err);
}

static clslice_status csr_fill(const clslice_cl_call *call, const void *desc,
                               clslice_error *err)
{
    return clslice_cl_csr_fill(NULL, call, desc, err);
}

static clslice_status shard_run(const clslice_cl_call *call,
                                const void *desc, clslice_error *err)
{
    return clslice_cl_shard_run(NULL, call, desc, err);
}

typedef struct general {
    const char *name;
    general_fn run;
    size_t first_size; /* the descriptor's 0.2 sizeof: through its last
                        * member then, which stays put as members are
                        * appended */
    size_t size;       /* this library's sizeof */
    bool dynamic;      /* a clslice_cl_dynamic_desc: an input of rank 1 */
} general;

static const general GENERAL[] = {
    {"clslice_cl_gather", gather,
     CS_SIZE_THROUGH(clslice_cl_gather_desc, dst_image),
     sizeof(clslice_cl_gather_desc)},
    {"clslice_cl_scatter", scatter,
     CS_SIZE_THROUGH(clslice_cl_scatter_desc, value_image),
     sizeof(clslice_cl_scatter_desc)},
    {"clslice_cl_gather_batch", batch,
     CS_SIZE_THROUGH(clslice_cl_batch_desc, part_image),
     sizeof(clslice_cl_batch_desc)},
    {"clslice_cl_concat", concat,
     CS_SIZE_THROUGH(clslice_cl_concat_desc, dst_image),
     sizeof(clslice_cl_concat_desc)},
    {"clslice_cl_tf_dynamic", tf,
     CS_SIZE_THROUGH(clslice_cl_dynamic_desc, values_svm),
     sizeof(clslice_cl_dynamic_desc), true},
    {"clslice_cl_openvino_dynamic", openvino,
     CS_SIZE_THROUGH(clslice_cl_dynamic_desc, values_svm),
     sizeof(clslice_cl_dynamic_desc), true},
    {"clslice_cl_onnx_dynamic", onnx,
     CS_SIZE_THROUGH(clslice_cl_dynamic_desc, values_svm),
     sizeof(clslice_cl_dynamic_desc), true},
    {"clslice_cl_xla_dynamic", xla,
     CS_SIZE_THROUGH(clslice_cl_dynamic_desc, values_svm),
     sizeof(clslice_cl_dynamic_desc), true},
    {"clslice_cl_csr_count", csr_count,
     CS_SIZE_THROUGH(clslice_cl_csr_desc, out_svm), sizeof(clslice_cl_csr_desc)},
    {"clslice_cl_csr_fill", csr_fill,
     CS_SIZE_THROUGH(clslice_cl_csr_desc, out_svm), sizeof(clslice_cl_csr_desc)},
    {"clslice_cl_shard_run", shard_run,
     CS_SIZE_THROUGH(clslice_cl_shard_desc, owner_events),
     sizeof(clslice_cl_shard_desc)},
};

enum { GENERAL_COUNT = sizeof GENERAL / sizeof *GENERAL };

static const size_t CALL_FIRST = CS_SIZE_THROUGH(clslice_cl_call, event);

/* A zeroed descriptor for g with struct_size `struct_size`: nothing the
 * call reads after its struct checks fails before the runtime does (a
 * dynamic call's input needs a rank for ONNX). */
static any_desc desc_of(const general *g, size_t struct_size)
{
    static const int64_t shape[] = {4};
    any_desc d;
    memset(&d, 0, sizeof d);
    if (g->dynamic) {
        d.dynamic.shape = shape;
        d.dynamic.rank = 1;
    }
    d.struct_size = struct_size;
    return d;
}

/* Runs g with the head and descriptor given, expecting `status` and
 * every NULL-terminated part in the message. */
static void expect(const general *g, const clslice_cl_call *call,
                   const void *desc, clslice_status status,
                   const char *part1, const char *part2)
{
    clslice_error err;
    clslice_status st = g->run(call, desc, &err);
    if (st != status)
        print_error("%s: %s\n", g->name, err.message);
    assert_int_equal(st, status);
    tu_assert_error(&err, status, part1, part2, NULL);
}

/* Runs g and expects its struct checks to pass: the call goes on to the
 * runtime, which is NULL. */
static void expect_taken(const general *g, const clslice_cl_call *call,
                         const void *desc)
{
    expect(g, call, desc, CLSLICE_ERROR_ARGUMENT, "runtime is NULL", "");
}

static void test_null_structs(void **state)
{
    (void)state;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    for (int i = 0; i < GENERAL_COUNT; i++) {
        const general *g = &GENERAL[i];
        any_desc d = desc_of(g, g->size);
        expect(g, NULL, &d, CLSLICE_ERROR_ARGUMENT, "call is NULL", "");
        expect(g, &call, NULL, CLSLICE_ERROR_ARGUMENT, "desc is NULL", "");
        /* the head first */
        expect(g, NULL, NULL, CLSLICE_ERROR_ARGUMENT, "call is NULL", "");
    }
}

static void test_call_struct_size(void **state)
{
    (void)state;
    char below[64], above[64];
    snprintf(below, sizeof below, "call->struct_size = %zu is below %zu",
             CALL_FIRST - 1, CALL_FIRST);
    snprintf(above, sizeof above, "call->struct_size = %zu is above %zu",
             sizeof(clslice_cl_call) + 1, sizeof(clslice_cl_call));
    for (int i = 0; i < GENERAL_COUNT; i++) {
        const general *g = &GENERAL[i];
        any_desc d = desc_of(g, g->size);
        clslice_cl_call call = CLSLICE_CL_CALL_INIT;
        assert_int_equal(call.struct_size, sizeof call);
        call.struct_size = 0;
        expect(g, &call, &d, CLSLICE_ERROR_ARGUMENT,
               "call->struct_size = 0 is below", "sizeof(clslice_cl_call)");
        call.struct_size = CALL_FIRST - 1;
        expect(g, &call, &d, CLSLICE_ERROR_ARGUMENT, below, "");
        call.struct_size = sizeof call + 1;
        expect(g, &call, &d, CLSLICE_ERROR_ARGUMENT, above,
               "compiled against a newer clslice?");
        call.struct_size = CALL_FIRST;
        expect_taken(g, &call, &d);
        call.struct_size = sizeof call;
        expect_taken(g, &call, &d);
    }
}

static void test_desc_struct_size(void **state)
{
    (void)state;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    for (int i = 0; i < GENERAL_COUNT; i++) {
        const general *g = &GENERAL[i];
        char below[64], above[64];
        snprintf(below, sizeof below, "desc->struct_size = %zu is below %zu",
                 g->first_size - 1, g->first_size);
        snprintf(above, sizeof above, "desc->struct_size = %zu is above %zu",
                 g->size + 1, g->size);
        any_desc d = desc_of(g, 0);
        expect(g, &call, &d, CLSLICE_ERROR_ARGUMENT,
               "desc->struct_size = 0 is below", "_desc)");
        d = desc_of(g, g->first_size - 1);
        expect(g, &call, &d, CLSLICE_ERROR_ARGUMENT, below, "");
        d = desc_of(g, g->size + 1);
        expect(g, &call, &d, CLSLICE_ERROR_ARGUMENT, above,
               "compiled against a newer clslice?");
        /* a newer caller's members past this library's sizeof, set or
         * not, are never read: the size alone refuses them */
        d.bytes[g->size] = 0x5A;
        expect(g, &call, &d, CLSLICE_ERROR_ARGUMENT, above, "");
        d = desc_of(g, g->first_size);
        expect_taken(g, &call, &d);
        d = desc_of(g, g->size);
        expect_taken(g, &call, &d);
    }
}

/* Unknown flags are refused by every general call, CSR included (its
 * kernels take no flag, but a bit the library does not know is an
 * error, not a silent no-op). */
static void test_flags(void **state)
{
    (void)state;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.flags = 1u << 9;
    for (int i = 0; i < GENERAL_COUNT; i++) {
        any_desc d = desc_of(&GENERAL[i], GENERAL[i].size);
        expect(&GENERAL[i], &call, &d, CLSLICE_ERROR_ARGUMENT,
               "flags = 0x200 has unknown bits 0x200", "");
    }
}

/* A descriptor that grew by one member since its first form: a caller of
 * the first form passes the smaller struct_size, and the member past it
 * reads as zero whatever lies in memory there. */
typedef struct grown {
    size_t struct_size;
    int64_t first;
    int64_t added; /* appended later; 0 keeps the old behaviour */
} grown;

static void test_older_struct_reads_zero(void **state)
{
    (void)state;
    grown given;
    memset(&given, 0xFF, sizeof given);
    given.struct_size = CS_SIZE_THROUGH(grown, first);
    given.first = 7;
    grown copy;
    memset(&copy, 0xAB, sizeof copy);
    clslice_error err;
    assert_int_equal(cs_take_struct(&given, "desc", "grown",
                                    CS_SIZE_THROUGH(grown, first),
                                    sizeof copy, &copy, &err),
                     CLSLICE_OK);
    assert_int_equal(copy.struct_size, CS_SIZE_THROUGH(grown, first));
    assert_int_equal(copy.first, 7);
    assert_int_equal(copy.added, 0);
    /* the newer caller's member is read as given */
    given.struct_size = sizeof given;
    given.added = 5;
    assert_int_equal(cs_take_struct(&given, "desc", "grown",
                                    CS_SIZE_THROUGH(grown, first),
                                    sizeof copy, &copy, &err),
                     CLSLICE_OK);
    assert_int_equal(copy.added, 5);
    /* a refused struct is not copied */
    memset(&copy, 0xAB, sizeof copy);
    given.struct_size = sizeof given + 8;
    assert_int_equal(cs_take_struct(&given, "desc", "grown",
                                    CS_SIZE_THROUGH(grown, first),
                                    sizeof copy, &copy, &err),
                     CLSLICE_ERROR_ARGUMENT);
    tu_assert_error(&err, CLSLICE_ERROR_ARGUMENT,
                    "desc->struct_size = 32 is above 24", "sizeof(grown)",
                    NULL);
    for (size_t i = 0; i < sizeof copy; i++)
        assert_int_equal(((const unsigned char *)&copy)[i], 0xAB);
}

/* Offsets of members, in bytes, on an LP64 target. */
#define PIN(type, member, at) assert_int_equal(offsetof(type, member), (at))

/* The 0.2 layouts.  A failure here means a public struct changed in a way
 * that breaks programs built against 0.2: a member inserted, moved or
 * resized, or a frozen struct grown (CONTRIBUTING.md, "ABI and
 * versions").  Appending to a head or descriptor moves nothing here. */
static void test_layouts(void **state)
{
    (void)state;
    if (sizeof(void *) != 8 || sizeof(size_t) != 8 || sizeof(int) != 4)
        skip();
    PIN(clslice_cl_call, queue, 8);
    PIN(clslice_cl_call, flags, 16);
    PIN(clslice_cl_call, num_events_in_wait_list, 20);
    PIN(clslice_cl_call, event_wait_list, 24);
    assert_int_equal(CALL_FIRST, 40);
    /* frozen */
    assert_int_equal(sizeof(clslice_cl_tensor), 24);
    PIN(clslice_cl_tensor, offset, 8);
    PIN(clslice_cl_tensor, strides, 16);
    assert_int_equal(sizeof(clslice_cl_part), 24);
    PIN(clslice_cl_part, buffer, 8);
    PIN(clslice_cl_part, offset, 16);
    assert_int_equal(sizeof(clslice_cl_csr), 88);
    PIN(clslice_cl_csr, indptr, 40);
    PIN(clslice_cl_csr, data_offset, 80);
    assert_int_equal(sizeof(clslice_device_values), 24);
    assert_int_equal(sizeof(clslice_tf_dynamic_spec), 104);
    assert_int_equal(sizeof(clslice_openvino_dynamic_spec), 160);
    assert_int_equal(sizeof(clslice_onnx_dynamic_spec), 104);
    assert_int_equal(sizeof(clslice_blocking), 16);
    PIN(clslice_blocking, block, 4);
    PIN(clslice_blocking, first_lane, 8);
    PIN(clslice_blocking, flags, 12);
    assert_int_equal(sizeof(clslice_xla_dynamic_spec), 48);
    PIN(clslice_xla_dynamic_spec, slice_sizes, 32);
    /* descriptors: their 0.2 members; 0.2.0 published them whole, so
     * each one's first size is its 0.2 sizeof */
    PIN(clslice_cl_gather_desc, plan, 8);
    PIN(clslice_cl_gather_desc, src, 24);
    PIN(clslice_cl_gather_desc, src_blocking, 72);
    PIN(clslice_cl_gather_desc, dst_blocking, 80);
    PIN(clslice_cl_gather_desc, src_svm, 88);
    PIN(clslice_cl_gather_desc, dst_svm, 104);
    PIN(clslice_cl_gather_desc, src_image, 120);
    PIN(clslice_cl_gather_desc, dst_image, 128);
    assert_int_equal(GENERAL[0].first_size, 136);
    PIN(clslice_cl_scatter_desc, value, 24);
    PIN(clslice_cl_scatter_desc, value_rank, 56);
    PIN(clslice_cl_scatter_desc, rule, 60);
    PIN(clslice_cl_scatter_desc, value_blocking, 88);
    PIN(clslice_cl_scatter_desc, dst_blocking, 96);
    PIN(clslice_cl_scatter_desc, value_svm, 104);
    PIN(clslice_cl_scatter_desc, dst_svm, 120);
    PIN(clslice_cl_scatter_desc, dst_image, 136);
    PIN(clslice_cl_scatter_desc, value_image, 144);
    assert_int_equal(GENERAL[1].first_size, 152);
    PIN(clslice_cl_batch_desc, src, 16);
    PIN(clslice_cl_batch_desc, count, 40);
    PIN(clslice_cl_batch_desc, src_svm, 56);
    PIN(clslice_cl_batch_desc, part_svm, 72);
    PIN(clslice_cl_batch_desc, src_image, 80);
    PIN(clslice_cl_batch_desc, part_image, 88);
    assert_int_equal(GENERAL[2].first_size, 96);
    assert_int_equal(sizeof(clslice_cl_concat_part), 32);
    PIN(clslice_cl_concat_part, src, 8);
    PIN(clslice_cl_concat_desc, dst, 16);
    PIN(clslice_cl_concat_desc, count, 40);
    PIN(clslice_cl_concat_desc, dst_svm, 56);
    PIN(clslice_cl_concat_desc, part_svm, 72);
    PIN(clslice_cl_concat_desc, part_image, 80);
    PIN(clslice_cl_concat_desc, dst_image, 88);
    assert_int_equal(GENERAL[3].first_size, 96);
    assert_int_equal(sizeof(clslice_host_part), 40);
    PIN(clslice_host_part, src, 8);
    PIN(clslice_cl_dynamic_desc, kind, 20);
    PIN(clslice_cl_dynamic_desc, info, 32);
    PIN(clslice_cl_dynamic_desc, src, 48);
    PIN(clslice_cl_dynamic_desc, dst, 72);
    PIN(clslice_cl_dynamic_desc, value_shape, 96);
    PIN(clslice_cl_dynamic_desc, max_elements, 112);
    PIN(clslice_cl_dynamic_desc, src_svm, 120);
    PIN(clslice_cl_dynamic_desc, dst_svm, 136);
    PIN(clslice_cl_dynamic_desc, info_svm, 152);
    PIN(clslice_cl_dynamic_desc, values_svm, 168);
    assert_int_equal(CLSLICE_DYNAMIC_VALUE_VECTORS, 4);
    assert_int_equal(GENERAL[4].first_size, 232);
    PIN(clslice_cl_csr_desc, in, 16);
    PIN(clslice_cl_csr_desc, in_svm, 32);
    PIN(clslice_cl_csr_desc, out_svm, 40);
    assert_int_equal(sizeof(clslice_cl_csr_svm), 48);
    assert_int_equal(GENERAL[8].first_size, 48);
    PIN(clslice_cl_shard_desc, elem_size, 16);
    PIN(clslice_cl_shard_desc, input_blocks, 24);
    PIN(clslice_cl_shard_desc, queues, 40);
    PIN(clslice_cl_shard_desc, owner_events, 48);
    assert_int_equal(GENERAL[10].first_size, 56);
    for (int i = 0; i < GENERAL_COUNT; i++)
        assert_int_equal(GENERAL[i].first_size, GENERAL[i].size);
    assert_int_equal(sizeof(clslice_error), 520);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_null_structs),
        cmocka_unit_test(test_call_struct_size),
        cmocka_unit_test(test_desc_struct_size),
        cmocka_unit_test(test_flags),
        cmocka_unit_test(test_older_struct_reads_zero),
        cmocka_unit_test(test_layouts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
