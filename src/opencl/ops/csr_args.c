/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Checking one call of either CSR pass before anything is enqueued: the
 * head (cs_call_check), then the plan against both matrices and every
 * array's buffer; then the choice and the program for the index width.
 */
#include "opencl/ops/csr_slicer.h"
#include "core/plan/common.h"

static clslice_status check_matrices(const cs_csr_call *call,
                                     clslice_error *err)
{
    if (!call->in)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "in is NULL");
    if (!call->out)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "out is NULL");
    return CLSLICE_OK;
}

/* out must describe the plan's result in the input's types. */
static clslice_status check_out(const cs_csr_sel *sel,
                                const clslice_cl_csr *in,
                                const clslice_cl_csr *out, bool fill,
                                clslice_error *err)
{
    if (out->rows != sel->out_rows || out->cols != sel->out_cols)
        return cs_fail(err, CLSLICE_ERROR_SHAPE,
                       "out has shape [%lld,%lld] but the slice is "
                       "[%lld,%lld]", (long long)out->rows,
                       (long long)out->cols, (long long)sel->out_rows,
                       (long long)sel->out_cols);
    if (out->index_type != in->index_type)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "out->index_type = %d differs from in->index_type = "
                       "%d", (int)out->index_type, (int)in->index_type);
    if (out->elem_size != in->elem_size)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "out->elem_size = %zu differs from in->elem_size = "
                       "%zu", out->elem_size, in->elem_size);
    if (fill && (out->nnz < 0 || out->nnz > in->nnz))
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                       "out->nnz = %lld is not a count the slice can give "
                       "(0 .. in->nnz = %lld)", (long long)out->nnz,
                       (long long)in->nnz);
    return CLSLICE_OK;
}

static clslice_status check_alignment(const char *name, size_t offset,
                                      size_t isize, clslice_error *err)
{
    if (offset % isize == 0)
        return CLSLICE_OK;
    return cs_fail(err, CLSLICE_ERROR_ARGUMENT,
                   "%s_offset = %zu is not a multiple of the index size "
                   "(%zu bytes)", name, offset, isize);
}

/* count * size in bytes, or a buffer error naming the array. */
static clslice_status array_bytes(const char *name, int64_t count,
                                  size_t size, size_t *bytes,
                                  clslice_error *err)
{
    if ((uint64_t)count > SIZE_MAX ||
        __builtin_mul_overflow((size_t)count, size, bytes))
        return cs_fail(err, CLSLICE_ERROR_BUFFER,
                       "%s (%lld entries of %zu bytes) is larger than any "
                       "buffer", name, (long long)count, size);
    return CLSLICE_OK;
}

/* One array of the call: count entries of `size` bytes each. */
static clslice_status array_of(const char *name, cl_mem buffer,
                               size_t offset, int64_t count, size_t size,
                               bool output, cs_array *a, clslice_error *err)
{
    *a = (cs_array){.name = name, .buffer = buffer, .offset = offset,
                    .output = output, .optional = true};
    return array_bytes(name, count, size, &a->bytes, err);
}

static clslice_status check_buffers(const cs_csr_call *call,
                                    clslice_error *err)
{
    const clslice_cl_csr *in = call->in, *out = call->out;
    bool fill = call->fill;
    size_t is = call->isize;
    cs_array a[6];
    int n = fill ? 6 : 4;
    clslice_status st = array_of("in->indptr", in->indptr,
                                 in->indptr_offset, in->rows + 1, is, false,
                                 &a[0], err);
    if (st == CLSLICE_OK)
        st = array_of("in->indices", in->indices, in->indices_offset,
                      in->nnz, is, false, &a[1], err);
    if (st == CLSLICE_OK)
        st = array_of("in->data", in->data, in->data_offset, in->nnz,
                      in->elem_size, false, &a[2], err);
    if (st == CLSLICE_OK)
        st = array_of("out->indptr", out->indptr, out->indptr_offset,
                      out->rows + 1, is, true, &a[3], err);
    if (st == CLSLICE_OK && fill)
        st = array_of("out->indices", out->indices, out->indices_offset,
                      out->nnz, is, true, &a[4], err);
    if (st == CLSLICE_OK && fill)
        st = array_of("out->data", out->data, out->data_offset, out->nnz,
                      out->elem_size, true, &a[5], err);
    if (st != CLSLICE_OK)
        return st;
    /* indptr always has an entry, so it always needs a buffer. */
    if (!in->indptr)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "in->indptr is NULL");
    if (!out->indptr)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "out->indptr is NULL");
    return cs_check_arrays(cs_call_context(&call->call), a, n, NULL, err);
}

static clslice_status check_offsets(const cs_csr_call *call,
                                    clslice_error *err)
{
    size_t is = call->isize;
    bool fill = call->fill;
    clslice_status st = check_alignment("in->indptr",
                                        call->in->indptr_offset, is, err);
    if (st == CLSLICE_OK)
        st = check_alignment("in->indices", call->in->indices_offset, is,
                             err);
    if (st == CLSLICE_OK)
        st = check_alignment("out->indptr", call->out->indptr_offset, is,
                             err);
    if (st == CLSLICE_OK && fill)
        st = check_alignment("out->indices", call->out->indices_offset, is,
                             err);
    return st;
}

/* The device's tuning: grid-stride kernels loop past its limit on
 * groups, and it holds the group sizes. */
static clslice_status device_tuning(cs_csr_call *call, cs_tuning *tuning,
                                    clslice_error *err)
{
    cs_device_info device;
    clslice_status st = cs_runtime_device(call->call.runtime,
                                          call->call.device, &device, tuning,
                                          err);
    call->max_groups = tuning->max_groups;
    return st;
}

/* The index width, the fill's carrier and the group sizes
 * (select/csr.c), then the program of that width. */
static clslice_status choose(cs_csr_call *call, const cs_tuning *tuning,
                             clslice_error *err)
{
    const clslice_cl_csr *in = call->in, *out = call->out;
    cs_choose_csr(tuning, call->isize, in->elem_size, in->data_offset,
                  out->data_offset, &call->choice);
    return cs_runtime_family(call->call.runtime, call->call.device,
                              call->choice.program, call->choice.index_bits,
                              &call->program, err);
}

clslice_status cs_csr_prepare(cs_csr_call *call, clslice_error *err)
{
    clslice_status st = cs_call_check(&call->call, err);
    if (st == CLSLICE_OK)
        st = check_matrices(call, err);
    if (st != CLSLICE_OK)
        return st;
    const clslice_cl_csr *in = call->in;
    st = cs_csr_check_header("in", in->rows, in->cols, in->index_type,
                             in->elem_size, in->nnz, err);
    if (st == CLSLICE_OK)
        st = cs_csr_select(call->plan, in->rows, in->cols, in->index_type,
                           &call->sel, err);
    if (st == CLSLICE_OK)
        st = check_out(&call->sel, in, call->out, call->fill, err);
    if (st != CLSLICE_OK)
        return st;
    call->isize = cs_csr_index_size(in->index_type);
    cs_tuning tuning;
    st = check_offsets(call, err);
    if (st == CLSLICE_OK)
        st = check_buffers(call, err);
    if (st == CLSLICE_OK)
        st = device_tuning(call, &tuning, err);
    if (st == CLSLICE_OK)
        st = choose(call, &tuning, err);
    return st;
}

void cs_csr_params_fill(const cs_csr_call *call, int64_t out_nnz,
                        size_t carrier, cs_csr_params *p)
{
    const clslice_cl_csr *in = call->in, *out = call->out;
    const cs_csr_sel *s = &call->sel;
    size_t is = call->isize, c = carrier ? carrier : 1;
    *p = (cs_csr_params){
        .rows = in->rows, .cols = in->cols, .nnz = in->nnz,
        .row_start = s->row_start, .row_step = s->row_step,
        .out_rows = s->out_rows,
        .col_start = s->col_start, .col_step = s->col_step,
        .out_cols = s->out_cols,
        .out_nnz = out_nnz,
        .indptr_base = (cl_long)(in->indptr_offset / is),
        .indices_base = (cl_long)(in->indices_offset / is),
        .data_base = (cl_long)(in->data_offset / c),
        .out_indptr_base = (cl_long)(out->indptr_offset / is),
        .out_indices_base = (cl_long)(out->indices_offset / is),
        .out_data_base = (cl_long)(out->data_offset / c),
        .carriers = (cl_long)(in->elem_size / c)};
}
