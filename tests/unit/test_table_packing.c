/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The packers fill every kernel table member by member
 * (src/opencl/base/kernel_tables.h): each test builds a job without a
 * device and reads the table the kernel would get back through the
 * header's struct of the job's index width, member by member, against
 * the move it came from.  A member filled from the wrong field, a table
 * passed the wrong way (by value or as a constant buffer) or at the wrong
 * argument, or a word narrowed wrong, fails here before any kernel runs.
 */
#include <string.h>

#include "opencl/run/pack.h"
#include "opencl/select/tuning.h"
#include "testutil.h"

/* The library table's default row (select/tuning.h), filled by main(). */
static cs_tuning default_tuning;

/* A move whose every count and stride differs, one stride negative. */
static cs_move move_of_rank(int rank)
{
    cs_move m;
    memset(&m, 0, sizeof m);
    m.rank = rank;
    m.carrier = 4;
    m.src_base = 1000;
    m.dst_base = 7;
    m.elements = 1;
    for (int k = 0; k < rank; k++) {
        m.count[k] = 2 + k;
        m.stride[k] = k == 1 ? -(int64_t)(30 + k) : 30 + k;
        m.dst_stride[k] = 500 + k;
        m.elements *= m.count[k];
    }
    return m;
}

/* The index word a kernel of `bits` reads for a 64-bit value. */
static uint64_t word_of(int64_t value, int bits)
{
    return bits == 32 ? (uint64_t)(uint32_t)(uint64_t)value
                      : (uint64_t)value;
}

/* Reads member words back from a table of either width: word i of the
 * table at `data`. */
static uint64_t read_word(const void *data, int bits, size_t i)
{
    if (bits == 32) {
        uint32_t w;
        memcpy(&w, (const unsigned char *)data + 4 * i, 4);
        return w;
    }
    uint64_t w;
    memcpy(&w, (const unsigned char *)data + 8 * i, 8);
    return w;
}

/* The word index of a member, the same in both widths. */
#define WORD_AT(type, member) (offsetof(type##_64, member) / 8)

static void check_narrowing(void **state)
{
    (void)state;
    const uint64_t wide[3] = {5, UINT64_MAX, (UINT64_C(1) << 32) | 2};
    uint32_t narrow[3];
    cs_table_store(32, wide, sizeof wide, narrow);
    assert_int_equal(narrow[0], 5);
    assert_int_equal(narrow[1], UINT32_MAX); /* -1 stays -1 */
    assert_int_equal(narrow[2], 2);
    uint64_t same[3];
    cs_table_store(64, wide, sizeof wide, same);
    assert_memory_equal(same, wide, sizeof wide);
    /* the word offsets agree between the widths */
    assert_int_equal(offsetof(cs_grid_tablen_32, outer) / 4,
                     WORD_AT(cs_grid_tablen, outer));
    assert_int_equal(offsetof(cs_grid_tablen_32, chunk_shift) / 4,
                     WORD_AT(cs_grid_tablen, chunk_shift));
    assert_int_equal(offsetof(cs_lanes_table_32, dst.lane_stride) / 4,
                     WORD_AT(cs_lanes_table, dst.lane_stride));
}

/* The per-dim arrays of a table, `dims` entries each from the word offsets
 * of their first entries: the move's counts and strides, and past its
 * rank a count of count_pad at strides 0. */
static void check_dims(const void *t, int bits, const cs_move *m, int dims,
                       size_t count_at, size_t stride_at, size_t dst_at,
                       int64_t count_pad)
{
    for (int k = 0; k < dims; k++) {
        bool in = k < m->rank;
        assert_true(read_word(t, bits, count_at + (size_t)k) ==
                    word_of(in ? m->count[k] : count_pad, bits));
        assert_true(read_word(t, bits, stride_at + (size_t)k) ==
                    word_of(in ? m->stride[k] : 0, bits));
        assert_true(read_word(t, bits, dst_at + (size_t)k) ==
                    word_of(in ? m->dst_stride[k] : 0, bits));
    }
}

/* The small table by value at argument `arg`: dims 0-3 of the move. */
static void check_small(const cs_job *job, cl_uint arg, const cs_move *m,
                        int bits)
{
    const void *t = job->arg_value[arg];
    assert_int_equal(job->arg_size[arg], CS_WORDS_GRID4 * (size_t)bits / 8);
    check_dims(t, bits, m, 4, WORD_AT(cs_grid_table4, count),
               WORD_AT(cs_grid_table4, stride),
               WORD_AT(cs_grid_table4, dst_stride), 0);
}

static void job_of(cs_kernel_kind kind, cs_variant variant, int bits,
                   const cs_move *move, const unsigned char *pattern,
                   cs_choice *choice, cs_job *job)
{
    memset(choice, 0, sizeof *choice);
    choice->variant = variant;
    choice->index_bits = bits;
    choice->move = *move;
    choice->carrier = move->carrier;
    choice->group[0] = 32;
    choice->group[1] = choice->group[2] = 1;
    choice->local = 32;
    cs_kernel_call call = {.kind = kind, .choice = choice,
                           .tuning = &default_tuning,
                           .pattern = pattern};
    cs_grid_job(&call, job);
}

static void check_generic_grid(void **state)
{
    (void)state;
    for (int bits = 32; bits <= 64; bits += 32) {
        cs_move m = move_of_rank(6);
        /* dim 2 long enough to be walked in several chunks */
        m.elements = m.elements / m.count[2] * 11;
        m.count[2] = 11;
        cs_choice choice;
        cs_job job;
        job_of(CS_KERNEL_SCATTER, CS_VARIANT_SCATTER_RN, bits, &m, NULL,
               &choice, &job);
        /* src, dst, src_base, dst_base, small table, generic table */
        assert_int_equal(job.arg_count, 6);
        assert_int_equal(job.arg_count, job.expected_args);
        check_small(&job, 4, &m, bits);
        assert_int_equal(job.upload_count, 1);
        assert_int_equal(job.upload_arg[0], 5);
        assert_int_equal(job.upload_size[0],
                         CS_WORDS_GRIDN * (size_t)bits / 8);
        const void *t = job.upload_data[0];
        check_dims(t, bits, &m, CS_MAX_DIMS, WORD_AT(cs_grid_tablen, count),
                   WORD_AT(cs_grid_tablen, stride),
                   WORD_AT(cs_grid_tablen, dst_stride), 0);
        /* dims 3, 4, 5 are folded: their divisors' magic numbers */
        for (int j = 0; j < CS_MAGIC_DIMS; j++) {
            cs_magic want = {0, 0};
            if (3 + j < m.rank)
                want = cs_magic_of((uint64_t)m.count[3 + j]);
            assert_true(read_word(t, bits, WORD_AT(cs_grid_tablen, magic[j])) ==
                        word_of((int64_t)want.magic, bits));
            assert_true(read_word(t, bits, WORD_AT(cs_grid_tablen, shift[j])) ==
                        word_of((int64_t)want.shift, bits));
        }
        assert_true(read_word(t, bits, WORD_AT(cs_grid_tablen, rank)) == 6);
        assert_true(read_word(t, bits, WORD_AT(cs_grid_tablen, outer)) ==
                    (uint64_t)(m.count[3] * m.count[4] * m.count[5]));
        /* dim 2's walk: chunks of `walk` rows that cover its 11 rows,
         * none of them empty, and the chunks' magic number */
        uint64_t chunks = read_word(t, bits, WORD_AT(cs_grid_tablen, chunks));
        uint64_t walk = read_word(t, bits, WORD_AT(cs_grid_tablen, walk));
        size_t want_chunks, want_walk;
        cs_grid_walk(&m, &want_chunks, &want_walk);
        assert_true(chunks == want_chunks && walk == want_walk);
        assert_true(chunks > 1 && chunks * walk >= 11 &&
                    (chunks - 1) * walk < 11);
        cs_magic cm = cs_magic_of(chunks);
        assert_true(read_word(t, bits, WORD_AT(cs_grid_tablen, chunk_magic)) ==
                    word_of((int64_t)cm.magic, bits));
        assert_true(read_word(t, bits, WORD_AT(cs_grid_tablen, chunk_shift)) ==
                    word_of((int64_t)cm.shift, bits));
        assert_true(cm.shift > 0);
        /* NDRange dim 2 counts the folded rows times the chunks */
        assert_int_equal(job.shape.extent[2],
                         chunks * (uint64_t)(m.count[3] * m.count[4] *
                                             m.count[5]));
    }
}

static void check_fill(void **state)
{
    (void)state;
    unsigned char pattern[CS_FILL_BYTES];
    for (int i = 0; i < CS_FILL_BYTES; i++)
        pattern[i] = (unsigned char)(i * 7 + 1);
    for (int bits = 32; bits <= 64; bits += 32) {
        cs_move m = move_of_rank(4);
        cs_choice choice;
        cs_job job;
        job_of(CS_KERNEL_FILL, CS_VARIANT_FILL_R4, bits, &m, pattern,
               &choice, &job);
        /* dst, dst_base, element (a buffer), small table */
        assert_int_equal(job.arg_count, 4);
        assert_int_equal(job.arg_count, job.expected_args);
        assert_int_equal(job.upload_count, 1);
        assert_int_equal(job.upload_arg[0], 2);
        assert_int_equal(job.upload_size[0], CS_FILL_BYTES);
        assert_ptr_equal(job.upload_data[0], pattern);
        check_small(&job, 3, &m, bits);
        /* rank 4: magic and shift divide by count[2] */
        cs_magic want = cs_magic_of((uint64_t)m.count[2]);
        const void *t = job.arg_value[3];
        assert_true(read_word(t, bits, WORD_AT(cs_grid_table4, magic)) ==
                    word_of((int64_t)want.magic, bits));
        assert_true(read_word(t, bits, WORD_AT(cs_grid_table4, shift)) ==
                    word_of((int64_t)want.shift, bits));
    }
}

static cs_program_info cpu_program(cs_program_kind kind)
{
    cs_program_info program;
    memset(&program, 0, sizeof program);
    program.kind = kind;
    program.device.compute_units = 2;
    program.device.cpu = true;
    return program;
}

static void check_odometer(void **state)
{
    (void)state;
    cs_program_info program = cpu_program(CS_PROGRAM_ROWS);
    for (int bits = 32; bits <= 64; bits += 32) {
        cs_move m = move_of_rank(5);
        cs_choice choice;
        memset(&choice, 0, sizeof choice);
        choice.variant = CS_VARIANT_ODO_G;
        choice.index_bits = bits;
        choice.odometer = true;
        choice.local = 8;
        choice.move = m;
        cs_kernel_call call = {.kind = CS_KERNEL_GATHER, .choice = &choice,
                               .tuning = &default_tuning};
        cs_job job;
        cs_rows_job(&program, &call, &job);
        assert_int_equal(job.arg_count, 3);
        assert_int_equal(job.upload_count, 1);
        assert_int_equal(job.upload_arg[0], 2);
        assert_int_equal(job.upload_size[0],
                         CS_WORDS_ODOMETER * (size_t)bits / 8);
        const void *t = job.upload_data[0];
        int64_t rows = m.count[1] * m.count[2] * m.count[3] * m.count[4];
        int64_t per = cs_odometer_rows(&m, 2);
        assert_true(read_word(t, bits, WORD_AT(cs_odometer_table, src_base)) ==
                    1000);
        assert_true(read_word(t, bits, WORD_AT(cs_odometer_table, dst_base)) ==
                    7);
        assert_true(read_word(t, bits, WORD_AT(cs_odometer_table, rows)) ==
                    (uint64_t)rows);
        assert_true(read_word(t, bits, WORD_AT(cs_odometer_table, per_item)) ==
                    (uint64_t)per);
        assert_true(read_word(t, bits, WORD_AT(cs_odometer_table, items)) ==
                    (uint64_t)((rows + per - 1) / per));
        assert_true(read_word(t, bits, WORD_AT(cs_odometer_table, rank)) == 5);
        /* past the rank: count 1 at stride 0 */
        check_dims(t, bits, &m, CS_MAX_DIMS,
                   WORD_AT(cs_odometer_table, count),
                   WORD_AT(cs_odometer_table, stride),
                   WORD_AT(cs_odometer_table, dst_stride), 1);
    }
}

static void check_rows(void **state)
{
    (void)state;
    cs_program_info program = cpu_program(CS_PROGRAM_ROWS);
    cs_move m = move_of_rank(3);
    cs_choice choice;
    memset(&choice, 0, sizeof choice);
    choice.variant = CS_VARIANT_ROWS_G;
    choice.index_bits = 32;
    choice.local = 8;
    choice.move = m;
    cs_kernel_call call = {.kind = CS_KERNEL_GATHER, .choice = &choice,
                           .tuning = &default_tuning};
    cs_job job;
    cs_rows_job(&program, &call, &job);
    cs_rows want;
    cs_rows_build(&m, default_tuning.row_split, &want);
    assert_int_equal(job.arg_count, 3);
    assert_int_equal(job.upload_count, 0); /* read at fixed places */
    assert_int_equal(job.arg_size[2], CS_WORDS_ROWS * 4);
    const void *t = job.arg_value[2];
#define ROWS_MEMBER(name)                                                   \
    assert_true(read_word(t, 32, WORD_AT(cs_rows_table, name)) ==           \
                word_of(want.name, 32))
    ROWS_MEMBER(src_base);
    ROWS_MEMBER(dst_base);
    ROWS_MEMBER(n0);
    ROWS_MEMBER(st0);
    ROWS_MEMBER(dt0);
    ROWS_MEMBER(n1);
    ROWS_MEMBER(s1);
    ROWS_MEMBER(d1);
    ROWS_MEMBER(s2);
    ROWS_MEMBER(d2);
    ROWS_MEMBER(last);
#undef ROWS_MEMBER
}

static void check_lanes(void **state)
{
    (void)state;
    cs_program_info program = cpu_program(CS_PROGRAM_BLOCKED);
    cs_move m = move_of_rank(3);
    cs_choice choice;
    memset(&choice, 0, sizeof choice);
    choice.variant = CS_VARIANT_BLOCKED_GRID;
    choice.index_bits = 32;
    choice.local = 64;
    choice.move = m;
    choice.lanes = (cs_lane_sides){
        .src = {.dim = -1},
        .dst = {.dim = 1, .start = 3, .step = -2, .block = 16,
                .block_stride = 900, .lane_stride = 11},
        .lo = 1, .hi = 4};
    cs_kernel_call call = {.kind = CS_KERNEL_GATHER, .choice = &choice,
                           .tuning = &default_tuning};
    cs_job job;
    cs_lanes_job(&program, &call, &job);
    assert_int_equal(job.arg_count, 3);
    assert_int_equal(job.upload_count, 1);
    assert_int_equal(job.upload_arg[0], 2);
    const void *t = job.upload_data[0];
#define LANES(member) read_word(t, 32, WORD_AT(cs_lanes_table, member))
    assert_true(LANES(src_base) == 1000);
    assert_true(LANES(rank) == 3);
    assert_true(LANES(rows) == (uint64_t)(m.count[1] * m.count[2]));
    assert_true(LANES(lo) == 1);
    assert_true(LANES(hi) == 4);
    assert_true(LANES(count[1]) == (uint64_t)m.count[1]);
    assert_true(LANES(stride[1]) == word_of(m.stride[1], 32));
    assert_true(LANES(count[3]) == 1);
    assert_true(LANES(src.dim) == UINT32_MAX); /* none: CS_NO_DIM */
    assert_true(LANES(dst.dim) == 1);
    assert_true(LANES(dst.start) == 3);
    assert_true(LANES(dst.step) == word_of(-2, 32));
    assert_true(LANES(dst.block) == 16);
    assert_true(LANES(dst.shift) == 4); /* 16 = 1 << 4 */
    assert_true(LANES(dst.block_stride) == 900);
    assert_true(LANES(dst.lane_stride) == 11);
    /* a block that is not a power of two divides: shift CS_NO_DIM */
    choice.lanes.dst.block = 6;
    cs_lanes_job(&program, &call, &job);
    t = job.upload_data[0];
    assert_true(LANES(dst.shift) == UINT32_MAX);
#undef LANES
}

int main(void)
{
    default_tuning = cs_tuning_default();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(check_narrowing),
        cmocka_unit_test(check_generic_grid),
        cmocka_unit_test(check_fill),
        cmocka_unit_test(check_odometer),
        cmocka_unit_test(check_rows),
        cmocka_unit_test(check_lanes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
