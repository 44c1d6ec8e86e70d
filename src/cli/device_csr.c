/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* A CSR slice on an OpenCL device: the library's two passes on our own
 * session, between an upload and a read back. */
#include "device_csr.h"

#include <stdbool.h>
#include <string.h>

#include "device_session.h"

/* The six buffers: the input's three arrays, then the output's. */
enum { IN_INDPTR, IN_INDICES, IN_DATA, OUT_INDPTR, OUT_INDICES, OUT_DATA,
       BUFFERS };

typedef struct csr_run {
    cli_session s;
    cl_mem b[BUFFERS];
} csr_run;

/* Library failures: a corrupt input is the input file's fault. */
static int library_fail(clslice_status st, const clslice_error *lib,
                        cli_err *err)
{
    if (st == CLSLICE_ERROR_SPEC)
        return cli_fail(err, CLI_EXIT_FILE, "%s", lib->message);
    return cli_session_fail(st, lib, err);
}

static clslice_cl_csr describe(const cli_csr *m, const cl_mem *b)
{
    clslice_cl_csr c = {m->rows, m->cols, m->index_type, m->data.elem_size,
                        m->indices.shape[0], b[0], 0, b[1], 0, b[2], 0};
    return c;
}

static int upload(csr_run *r, const cli_csr *in, cli_err *err)
{
    const cli_npy *a[3] = {&in->indptr, &in->indices, &in->data};
    static const char *const what[3] = {"indptr", "indices", "data"};
    int status = CLI_EXIT_OK;
    for (int i = 0; i < 3 && status == CLI_EXIT_OK; i++)
        status = cli_session_upload(&r->s, CL_MEM_READ_ONLY, a[i], 0,
                                    a[i]->bytes, what[i], &r->b[i], err);
    return status;
}

/* Pass 1, then the output's host arrays and index/data buffers. */
static int count(csr_run *r, const clslice_plan *plan, const cli_csr *in,
                 cli_csr *out, cli_err *err)
{
    int64_t shape[2], nnz = 0;
    clslice_plan_output_shape(plan, shape);
    size_t isize = in->indptr.elem_size;
    int status = cli_session_buffer(&r->s, CL_MEM_READ_WRITE,
                                    ((size_t)shape[0] + 1) * isize, NULL,
                                    "output indptr", &r->b[OUT_INDPTR], err);
    if (status != CLI_EXIT_OK)
        return status;
    clslice_cl_csr din = describe(in, r->b);
    clslice_cl_csr dout = {shape[0], shape[1], in->index_type,
                           in->data.elem_size, 0, r->b[OUT_INDPTR], 0,
                           NULL, 0, NULL, 0};
    clslice_error lib;
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = r->s.queue};
    clslice_cl_csr_desc desc = {.struct_size = sizeof desc, .plan = plan,
                                .in = &din, .out = &dout};
    clslice_status st = clslice_cl_csr_count(r->s.runtime, &call, &desc,
                                             &nnz, &lib);
    if (st != CLSLICE_OK)
        return library_fail(st, &lib, err);
    status = cli_csr_alloc(in, shape[0], shape[1], nnz, out, err);
    if (status == CLI_EXIT_OK)
        status = cli_session_buffer(&r->s, CL_MEM_WRITE_ONLY,
                                    out->indices.bytes, NULL,
                                    "output indices", &r->b[OUT_INDICES],
                                    err);
    if (status == CLI_EXIT_OK)
        status = cli_session_buffer(&r->s, CL_MEM_WRITE_ONLY,
                                    out->data.bytes, NULL, "output data",
                                    &r->b[OUT_DATA], err);
    return status;
}

/* Pass 2 and the read back (the blocking reads wait for the fill on our
 * in-order queue). */
static int fill(csr_run *r, const clslice_plan *plan, const cli_csr *in,
                cli_csr *out, cli_err *err)
{
    clslice_cl_csr din = describe(in, r->b);
    clslice_cl_csr dout = describe(out, r->b + OUT_INDPTR);
    clslice_error lib;
    clslice_cl_call call = {.struct_size = sizeof call,
                            .queue = r->s.queue};
    clslice_cl_csr_desc desc = {.struct_size = sizeof desc, .plan = plan,
                                .in = &din, .out = &dout};
    clslice_status st = clslice_cl_csr_fill(r->s.runtime, &call, &desc,
                                            &lib);
    if (st != CLSLICE_OK)
        return library_fail(st, &lib, err);
    cli_npy *a[3] = {&out->indptr, &out->indices, &out->data};
    int status = CLI_EXIT_OK;
    for (int i = 0; i < 3 && status == CLI_EXIT_OK; i++)
        status = cli_session_read(&r->s, r->b[OUT_INDPTR + i], a[i]->bytes,
                                  a[i]->data, err);
    return status;
}

int cli_device_csr_slice(const cli_device *device, const clslice_plan *plan,
                         const cli_csr *in, cli_csr *out, cli_err *err)
{
    csr_run r = {{NULL, NULL, NULL}, {NULL}};
    bool allocated = false;
    memset(out, 0, sizeof *out);
    int status = cli_session_open(device, &r.s, err);
    if (status != CLI_EXIT_OK)
        return status;
    status = upload(&r, in, err);
    if (status == CLI_EXIT_OK) {
        status = count(&r, plan, in, out, err);
        allocated = out->indptr.data != NULL;
    }
    if (status == CLI_EXIT_OK)
        status = fill(&r, plan, in, out, err);
    if (status != CLI_EXIT_OK && allocated)
        cli_csr_free(out);
    for (int i = 0; i < BUFFERS; i++)
        if (r.b[i])
            clReleaseMemObject(r.b[i]);
    cli_session_close(&r.s);
    return status;
}
