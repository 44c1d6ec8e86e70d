/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * `slice --dynamic` with declared ranges (src/cli/dyn_ranges.c and
 * device_dynamic.c): the range syntax and its errors, the bound the
 * ranges give (a 1-row crop of a large tensor is one row), the output
 * buffer the device path allocates (observed through the linker's
 * --wrap of cli_session_buffer: exactly the bound's bytes, or the whole
 * input's with no ranges), the result equal to the host slice, and a
 * slice past the bound (values outside their ranges, given straight to
 * the device path) refused by the device with nothing handed over.
 */
#include <string.h>

#include "devutil.h"
#include "device_dynamic.h"
#include "device_session.h"
#include "dyn_ranges.h"
#include "testutil.h"

enum { ROWS = 1024, COLS = 64 };

/* Bytes of the last buffer named "output" that the device path made. */
static size_t output_bytes;

int __real_cli_session_buffer(const cli_session *session, cl_mem_flags flags,
                              size_t bytes, const void *host,
                              const char *what, cl_mem *buffer, cli_err *err);
int __wrap_cli_session_buffer(const cli_session *session, cl_mem_flags flags,
                              size_t bytes, const void *host,
                              const char *what, cl_mem *buffer, cli_err *err);
int __wrap_cli_session_buffer(const cli_session *session, cl_mem_flags flags,
                              size_t bytes, const void *host,
                              const char *what, cl_mem *buffer, cli_err *err)
{
    if (strcmp(what, "output") == 0)
        output_bytes = bytes;
    return __real_cli_session_buffer(session, flags, bytes, host, what,
                                     buffer, err);
}

static void test_parse(void **state)
{
    (void)state;
    clslice_interval r[CLI_LIST_MAX];
    size_t len;
    cli_err err;
    assert_int_equal(cli_range_parse(" 0..4095, 7 ,-3..-1", "begin-range",
                                     r, &len, &err), CLI_EXIT_OK);
    assert_int_equal(len, 3);
    assert_true(r[0].lo == 0 && r[0].hi == 4095);
    assert_true(r[1].lo == 7 && r[1].hi == 7);
    assert_true(r[2].lo == -3 && r[2].hi == -1);
    assert_int_equal(cli_range_parse("", "end-range", r, &len, &err),
                     CLI_EXIT_OK);
    assert_int_equal(len, 0);

    assert_int_equal(cli_range_parse("0..2,5..x", "end-range", r, &len,
                                     &err), CLI_EXIT_USAGE);
    assert_string_equal(err.message, "--end-range: entry 1 ('5..x') is not "
                                     "LO..HI or one integer");
    assert_int_equal(cli_range_parse("9..3", "starts-range", r, &len, &err),
                     CLI_EXIT_USAGE);
    assert_string_equal(err.message, "--starts-range: entry 0 is 9..3, "
                                     "whose LO is above its HI");
    assert_int_equal(cli_range_parse("1,", "ends-range", r, &len, &err),
                     CLI_EXIT_USAGE);
    assert_non_null(strstr(err.message, "trailing comma"));
}

/* tf.strided_slice x[i] (one row of a ROWS x COLS tensor) with i declared
 * in [0, ROWS - 1]. */
static void row_crop(cli_dyn_spec *spec, cli_dyn_ranges *ranges, int64_t i)
{
    memset(spec, 0, sizeof *spec);
    memset(ranges, 0, sizeof *ranges);
    spec->front = CLI_DYN_TF;
    int64_t begin[2] = {i, 0}, end[2] = {i + 1, 0}, strides[2] = {1, 1};
    for (int k = 0; k < 2; k++) {
        spec->values[0].value[k] = begin[k];
        spec->values[1].value[k] = end[k];
        spec->values[2].value[k] = strides[k];
    }
    for (int k = 0; k < 3; k++) {
        spec->values[k].len = 2;
        spec->given[k] = true;
    }
    spec->tf_masks[1] = 2; /* end of dim 1: to the end */
    spec->tf_masks[4] = 1; /* shrink dim 0 */
    ranges->slot[0][0] = (clslice_interval){0, ROWS - 1};
    ranges->slot[0][1] = (clslice_interval){0, 0};
    ranges->slot[1][0] = (clslice_interval){1, ROWS};
    ranges->slot[1][1] = (clslice_interval){0, 0};
    ranges->len[0] = ranges->len[1] = 2;
    ranges->given[0] = ranges->given[1] = true;
}

/* ONNX Slice of dim 0 with starts in [0, 4] and ends in [1, 2]: at most
 * two rows; `start` and `end` are the values themselves. */
static void onnx_rows(cli_dyn_spec *spec, cli_dyn_ranges *ranges,
                      int64_t start, int64_t end)
{
    memset(spec, 0, sizeof *spec);
    memset(ranges, 0, sizeof *ranges);
    spec->front = CLI_DYN_ONNX;
    spec->values[0].value[0] = start;
    spec->values[1].value[0] = end;
    spec->values[0].len = spec->values[1].len = 1;
    spec->given[0] = spec->given[1] = true;
    ranges->slot[0][0] = (clslice_interval){0, 4};
    ranges->slot[1][0] = (clslice_interval){1, 2};
    ranges->len[0] = ranges->len[1] = 1;
    ranges->given[0] = ranges->given[1] = true;
}

static const int64_t shape[2] = {ROWS, COLS};

static void test_bound(void **state)
{
    (void)state;
    cli_dyn_spec spec;
    cli_dyn_ranges ranges;
    cli_err err;
    int64_t bound = -1;
    row_crop(&spec, &ranges, 7);
    assert_int_equal(cli_dyn_ranges_bound(&spec, &ranges, shape, 2, &bound,
                                          &err), CLI_EXIT_OK);
    assert_int_equal(bound, COLS); /* one row, not ROWS * COLS */

    onnx_rows(&spec, &ranges, 3, 2);
    assert_int_equal(cli_dyn_ranges_bound(&spec, &ranges, shape, 2, &bound,
                                          &err), CLI_EXIT_OK);
    assert_int_equal(bound, 2 * COLS);

    /* every slice in the ranges empty: still a one-element buffer */
    ranges.slot[0][0] = (clslice_interval){5, 9};
    assert_int_equal(cli_dyn_ranges_bound(&spec, &ranges, shape, 2, &bound,
                                          &err), CLI_EXIT_OK);
    assert_int_equal(bound, 1);

    /* no ranges: no bound of the ranges' own */
    ranges.given[0] = ranges.given[1] = false;
    assert_int_equal(cli_dyn_ranges_bound(&spec, &ranges, shape, 2, &bound,
                                          &err), CLI_EXIT_OK);
    assert_int_equal(bound, 0);
}

/* The input: element (r, c) is r * COLS + c. */
static void make_input(cli_npy *in)
{
    static float data[ROWS * COLS];
    for (int i = 0; i < ROWS * COLS; i++)
        data[i] = (float)i;
    memset(in, 0, sizeof *in);
    strcpy(in->descr, "<f4");
    in->elem_size = sizeof(float);
    in->rank = 2;
    in->shape[0] = ROWS;
    in->shape[1] = COLS;
    in->bytes = sizeof data;
    in->data = (unsigned char *)data;
}

static bool pick_device(cli_device *device)
{
    tu_cl cl;
    if (!tu_cl_open(&cl))
        return false;
    cl_platform_id platform;
    TU_CL_CHECK(clGetDeviceInfo(cl.device, CL_DEVICE_PLATFORM,
                                sizeof platform, &platform, NULL));
    *device = (cli_device){.platform = platform, .id = cl.device};
    tu_cl_close(&cl);
    return true;
}

/* The bytes the device path handed over: out.bytes of them. */
static unsigned char handed[ROWS * COLS * sizeof(float)];
static int handed_calls;

static int keep_output(void *ctx, size_t index, const void *data,
                       cli_err *err)
{
    const cli_npy *meta = ctx;
    (void)err;
    assert_int_equal(index, 0);
    assert_true(meta->bytes <= sizeof handed);
    if (meta->bytes)
        memcpy(handed, data, meta->bytes);
    handed_calls++;
    return CLI_EXIT_OK;
}

/* One dynamic slice whose output lands in `handed`, described by *out. */
static int slice(const cli_device *device, const cli_dyn_spec *spec,
                 const cli_npy *in, int64_t bound, cli_npy *out,
                 int64_t *rejected, cli_err *err)
{
    handed_calls = 0;
    memset(out, 0, sizeof *out);
    return cli_device_dynamic_slice(device, spec, in, bound, out,
                                    keep_output, out, rejected, err);
}

static void test_device_output(void **state)
{
    (void)state;
    cli_device device;
    if (!pick_device(&device))
        skip();
    cli_npy in, out = {0};
    make_input(&in);
    cli_dyn_spec spec;
    cli_dyn_ranges ranges;
    cli_err err;
    int64_t bound, rejected;

    /* the 1-row crop: one row allocated, row 700 handed over */
    row_crop(&spec, &ranges, 700);
    assert_int_equal(cli_dyn_ranges_bound(&spec, &ranges, shape, 2, &bound,
                                          &err), CLI_EXIT_OK);
    assert_int_equal(slice(&device, &spec, &in, bound, &out, &rejected,
                           &err),
                     CLI_EXIT_OK);
    assert_int_equal(rejected, CLSLICE_OK);
    assert_int_equal(output_bytes, COLS * sizeof(float));
    assert_int_equal(out.rank, 1);
    assert_int_equal(out.shape[0], COLS);
    assert_int_equal(handed_calls, 1);
    assert_memory_equal(handed, in.data + 700 * COLS * sizeof(float),
                        COLS * sizeof(float));

    /* no ranges: today's bound, the whole input */
    assert_int_equal(slice(&device, &spec, &in, 0, &out, &rejected, &err),
                     CLI_EXIT_OK);
    assert_int_equal(output_bytes, in.bytes);
    assert_int_equal(handed_calls, 1);
    assert_memory_equal(handed, in.data + 700 * COLS * sizeof(float),
                        COLS * sizeof(float));

    /* ONNX rows 3..5 (ends outside its declared [1, 2]) need 2 rows more
     * than the bound: the device refuses, nothing is handed over */
    onnx_rows(&spec, &ranges, 0, 2);
    assert_int_equal(cli_dyn_ranges_bound(&spec, &ranges, shape, 2, &bound,
                                          &err), CLI_EXIT_OK);
    spec.values[0].value[0] = 3;
    spec.values[1].value[0] = 7;
    assert_int_equal(slice(&device, &spec, &in, bound, &out, &rejected,
                           &err),
                     CLI_EXIT_OK);
    assert_int_equal(output_bytes, 2 * COLS * sizeof(float));
    assert_int_equal(rejected, CLSLICE_ERROR_BUFFER);
    assert_int_equal(handed_calls, 0);

    /* inside the ranges: rows 0..1 */
    spec.values[0].value[0] = 0;
    spec.values[1].value[0] = 2;
    assert_int_equal(slice(&device, &spec, &in, bound, &out, &rejected,
                           &err),
                     CLI_EXIT_OK);
    assert_int_equal(rejected, CLSLICE_OK);
    assert_int_equal(out.shape[0], 2);
    assert_int_equal(handed_calls, 1);
    assert_memory_equal(handed, in.data, 2 * COLS * sizeof(float));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_bound),
        cmocka_unit_test(test_device_output),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
