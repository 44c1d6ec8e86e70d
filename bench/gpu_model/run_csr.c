/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * CSR slices: the bench's random matrix (bench/csr_matrix.c) with fewer
 * rows (the case's shape is rows, cols, most entries per row), int32 or
 * (CLSLICE_FORCE_INDEX64 in the case) int64 indices, sliced by
 * clslice_cl_csr_count and clslice_cl_csr_fill; the result compared with
 * clslice_host_csr_slice's.  What a copy of the result would write is its
 * three arrays; work-items are counted per kept entry.
 */
#include "gpu_model.h"

#include <stdlib.h>
#include <string.h>

typedef struct csr_out {
    int64_t rows, cols, nnz;
    size_t isize;
    unsigned char *indptr, *indices, *data;
} csr_out;

static void host_slice(const clslice_plan *plan, const bench_host_csr *m,
                       csr_out *o)
{
    clslice_csr in = {.rows = m->rows, .cols = m->cols,
                      .index_type = m->index, .elem_size = sizeof(float),
                      .nnz = m->nnz, .indptr = m->indptr,
                      .indices = m->indices, .data = m->data};
    clslice_error err;
    bench_clslice_check(clslice_host_csr_count(plan, &in, &o->nnz, &err),
                        &err, "clslice_host_csr_count");
    o->isize = m->isize;
    o->indptr = bench_gm_alloc((size_t)(o->rows + 1) * o->isize);
    o->indices = bench_gm_alloc((size_t)o->nnz * o->isize);
    o->data = bench_gm_alloc((size_t)o->nnz * sizeof(float));
    int64_t written;
    bench_clslice_check(clslice_host_csr_slice(plan, &in, o->indptr,
                                               o->indices, o->data, o->nnz,
                                               &written, &err),
                        &err, "clslice_host_csr_slice");
}

static void device_slice(const bench_gm_env *env, const bench_gm_case *c,
                         const clslice_plan *plan, const bench_host_csr *m,
                         const csr_out *want)
{
    size_t ptr_bytes = (size_t)(want->rows + 1) * m->isize;
    size_t ix_bytes = (size_t)want->nnz * m->isize;
    size_t data_bytes = (size_t)want->nnz * sizeof(float);
    clslice_cl_csr in = {
        .rows = m->rows, .cols = m->cols, .index_type = m->index,
        .elem_size = sizeof(float), .nnz = m->nnz,
        .indptr = bench_gm_upload(env, m->indptr,
                                  (size_t)(m->rows + 1) * m->isize),
        .indices = bench_gm_upload(env, m->indices,
                                   (size_t)m->nnz * m->isize),
        .data = bench_gm_upload(env, m->data,
                                (size_t)m->nnz * sizeof(float))};
    clslice_cl_csr out = {
        .rows = want->rows, .cols = want->cols, .index_type = m->index,
        .elem_size = sizeof(float),
        .indptr = bench_gm_upload(env, NULL, ptr_bytes)};
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = env->cl.queue;
    clslice_cl_csr_desc desc = CLSLICE_CL_CSR_DESC_INIT;
    desc.plan = plan;
    desc.in = &in;
    desc.out = &out;
    clslice_error err;
    bench_clslice_check(clslice_cl_csr_count(env->rt, &call, &desc, &out.nnz,
                                             &err),
                        &err, "clslice_cl_csr_count");
    if (out.nnz != want->nnz)
        bench_die("case %s: the device counted %lld entries, the host %lld",
                  c->id, (long long)out.nnz, (long long)want->nnz);
    out.indices = bench_gm_upload(env, NULL, ix_bytes);
    out.data = bench_gm_upload(env, NULL, data_bytes);
    bench_clslice_check(clslice_cl_csr_fill(env->rt, &call, &desc, &err),
                        &err, "clslice_cl_csr_fill");
    unsigned char *got = bench_gm_alloc(ptr_bytes + ix_bytes + data_bytes);
    bench_gm_read(env, out.indptr, got, ptr_bytes);
    bench_gm_read(env, out.indices, got + ptr_bytes, ix_bytes);
    bench_gm_read(env, out.data, got + ptr_bytes + ix_bytes, data_bytes);
    bench_gm_expect(c, got, want->indptr, ptr_bytes);
    bench_gm_expect(c, got + ptr_bytes, want->indices, ix_bytes);
    bench_gm_expect(c, got + ptr_bytes + ix_bytes, want->data, data_bytes);
    free(got);
    cl_mem mems[] = {in.indptr, in.indices, in.data, out.indptr,
                     out.indices, out.data};
    for (size_t i = 0; i < sizeof mems / sizeof mems[0]; i++)
        clReleaseMemObject(mems[i]);
}

void bench_gm_run_csr(const bench_gm_env *env, const bench_gm_case *c,
                      bench_gm_run *run)
{
    const int64_t *shape = bench_gm_shape(env, c);
    csr_spec spec = {shape[0], shape[1], (int)shape[2]};
    bench_host_csr narrow, m;
    bench_csr_generate(&spec, &narrow);
    bool wide = c->flags & CLSLICE_FORCE_INDEX64;
    if (wide)
        bench_csr_widen(&narrow, &m);
    else
        m = narrow;
    clslice_plan *plan;
    clslice_error err;
    bench_clslice_check(clslice_plan_expr(shape, 2, c->expr, &plan, &err),
                        &err, "clslice_plan_expr");
    int64_t out_shape[2];
    clslice_plan_output_shape(plan, out_shape);
    csr_out want = {.rows = out_shape[0], .cols = out_shape[1]};
    host_slice(plan, &m, &want);
    device_slice(env, c, plan, &m, &want);

    run->elements = (uint64_t)want.nnz;
    run->out_bytes = (size_t)(want.rows + 1) * want.isize +
                     (size_t)want.nnz * (want.isize + sizeof(float));
    run->full_out_bytes = (size_t)((double)run->out_bytes *
                                   (double)c->full[0] / (double)shape[0]);
    /* one "carrier" per kept entry: items per entry */
    run->carrier = want.nnz ? run->out_bytes / (size_t)want.nnz : 0;
    clslice_plan_release(&plan);
    free(want.indptr);
    free(want.indices);
    free(want.data);
    if (wide) {
        free(m.indptr);
        free(m.indices);
    }
    free(narrow.indptr);
    free(narrow.indices);
    free(narrow.data);
}
