/*
 * Checking one call of either CSR pass before anything is enqueued: the
 * handles, the plan against both matrices, the wait list, the queue's
 * device, every array's buffer; then the program for the index width.
 */
#include "cl_csr_internal.h"
#include "core/common.h"

static clslice_status check_handles(clslice_runtime *runtime,
                                    cl_command_queue queue,
                                    const clslice_cl_csr *in,
                                    const clslice_cl_csr *out,
                                    cl_uint num_events,
                                    const cl_event *wait_list,
                                    clslice_error *err)
{
    if (!runtime)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "runtime is NULL");
    if (!queue)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "queue is NULL");
    if (!in)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "in is NULL");
    if (!out)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "out is NULL");
    return cs_check_wait_list(num_events, wait_list, err);
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

#define CS_ARRAY(list, n, nm, buf, off, count, size, is_out, st, err)      \
    do {                                                                  \
        if ((st) == CLSLICE_OK) {                                         \
            (list)[n] = (cs_csr_array){nm, buf, off, 0, is_out};          \
            (st) = array_bytes(nm, count, size, &(list)[n].bytes, err);   \
            (n)++;                                                        \
        }                                                                 \
    } while (0)

static clslice_status check_buffers(const cs_csr_call *call, bool fill,
                                    clslice_error *err)
{
    const clslice_cl_csr *in = call->in, *out = call->out;
    size_t is = call->isize;
    cs_csr_array a[6];
    int n = 0;
    clslice_status st = CLSLICE_OK;
    CS_ARRAY(a, n, "in->indptr", in->indptr, in->indptr_offset,
             in->rows + 1, is, false, st, err);
    CS_ARRAY(a, n, "in->indices", in->indices, in->indices_offset, in->nnz,
             is, false, st, err);
    CS_ARRAY(a, n, "in->data", in->data, in->data_offset, in->nnz,
             in->elem_size, false, st, err);
    CS_ARRAY(a, n, "out->indptr", out->indptr, out->indptr_offset,
             out->rows + 1, is, true, st, err);
    if (fill) {
        CS_ARRAY(a, n, "out->indices", out->indices, out->indices_offset,
                 out->nnz, is, true, st, err);
        CS_ARRAY(a, n, "out->data", out->data, out->data_offset, out->nnz,
                 out->elem_size, true, st, err);
    }
    if (st != CLSLICE_OK)
        return st;
    /* indptr always has an entry, so it always needs a buffer. */
    if (!in->indptr)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "in->indptr is NULL");
    if (!out->indptr)
        return cs_fail(err, CLSLICE_ERROR_ARGUMENT, "out->indptr is NULL");
    return cs_csr_check_arrays(cs_runtime_context(call->runtime), a, n, err);
}

static clslice_status check_offsets(const cs_csr_call *call, bool fill,
                                    clslice_error *err)
{
    size_t is = call->isize;
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

clslice_status cs_csr_prepare(cs_csr_call *call, clslice_runtime *runtime,
                              cl_command_queue queue,
                              const clslice_plan *plan,
                              const clslice_cl_csr *in,
                              const clslice_cl_csr *out, bool fill,
                              cl_uint num_events, const cl_event *wait_list,
                              clslice_error *err)
{
    *call = (cs_csr_call){runtime, queue, NULL, {0}, in, out, 0, {0}};
    clslice_status st = check_handles(runtime, queue, in, out, num_events,
                                      wait_list, err);
    if (st == CLSLICE_OK)
        st = cs_csr_check_header("in", in->rows, in->cols, in->index_type,
                                 in->elem_size, in->nnz, err);
    if (st == CLSLICE_OK)
        st = cs_csr_select(plan, in->rows, in->cols, in->index_type,
                               &call->sel, err);
    if (st == CLSLICE_OK)
        st = check_out(&call->sel, in, out, fill, err);
    if (st != CLSLICE_OK)
        return st;
    call->isize = cs_csr_index_size(in->index_type);
    st = check_offsets(call, fill, err);
    if (st == CLSLICE_OK)
        st = cs_queue_device(runtime, queue, &call->device, err);
    if (st == CLSLICE_OK)
        st = check_buffers(call, fill, err);
    if (st == CLSLICE_OK)
        st = cs_runtime_program(runtime, call->device, CS_PROGRAM_CSR,
                                (int)call->isize * 8, &call->program, err);
    return st;
}

void cs_csr_params_fill(const cs_csr_call *call, int64_t out_nnz,
                        size_t carrier, cs_csr_params *p)
{
    const clslice_cl_csr *in = call->in, *out = call->out;
    const cs_csr_sel *s = &call->sel;
    size_t is = call->isize, c = carrier ? carrier : 1;
    *p = (cs_csr_params){
        in->rows, in->cols, in->nnz,
        s->row_start, s->row_step, s->out_rows,
        s->col_start, s->col_step, s->out_cols,
        out_nnz,
        (cl_long)(in->indptr_offset / is), (cl_long)(in->indices_offset / is),
        (cl_long)(in->data_offset / c),
        (cl_long)(out->indptr_offset / is),
        (cl_long)(out->indices_offset / is), (cl_long)(out->data_offset / c),
        (cl_long)(in->elem_size / c)};
}
