/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The inclusive scan that turns per-row counts into row pointers:
 * reduce-then-scan over as many levels as the length needs.  Each level
 * scans blocks of CS_SCAN_ITEMS * local-size values and writes each
 * block's total; the totals are scanned by the next level and added back.
 * Simple, and rows can be counted in billions: 1024-value blocks make
 * three levels enough for a billion rows.
 */
#include "opencl/ops/csr_slicer.h"
#include "core/plan/common.h"

/* Values per work-item and work-items per chunk of the group's scan:
 * CS_SCAN_ITEMS and CS_SCAN_CHUNK of cl/csr.cl. */
enum { SCAN_ITEMS = 4, SCAN_CHUNK = 16 };

typedef struct scan_ctx {
    const cs_csr_call *call;
    cs_chain *chain;
    cl_mem sums;  /* every level's block totals, one after the other */
    size_t local; /* work-items per group of cs_csr_scan_block */
} scan_ctx;

/* The arguments both scan kernels begin with: the array, the range
 * [base, base + n) they work on, and where the block totals go. */
typedef struct scan_args {
    cl_mem a;
    cl_ulong base, n, sums_base;
} scan_args;

static void scan_job(const scan_ctx *ctx, cs_variant variant,
                     const scan_args *args, cs_job *job)
{
    cs_job_start(job, "CSR", variant, 0);
    cs_job_mem(job, &args->a);
    cs_job_arg(job, sizeof args->base, &args->base);
    cs_job_arg(job, sizeof args->n, &args->n);
    cs_job_mem(job, &ctx->sums);
    cs_job_arg(job, sizeof args->sums_base, &args->sums_base);
}

static clslice_status scan_blocks(const scan_ctx *ctx, const scan_args *args,
                                  size_t groups, clslice_error *err)
{
    cl_uint write_sums = groups > 1;
    cs_job job;
    scan_job(ctx, ctx->call->choice.scan_block, args, &job);
    cs_job_arg(&job, sizeof write_sums, &write_sums);
    /* the work-items' totals, then one sum per chunk of them */
    size_t values = ctx->local + (ctx->local + SCAN_CHUNK - 1) / SCAN_CHUNK;
    cs_job_local(&job, values * ctx->call->isize);
    cs_job_range(&job, groups * ctx->local, ctx->local, false);
    return cs_chain_job(ctx->chain, &ctx->call->program, &job,
                        ctx->call->max_groups, err);
}

static clslice_status add_totals(const scan_ctx *ctx, const scan_args *args,
                                 clslice_error *err)
{
    cl_ulong block = SCAN_ITEMS * ctx->local;
    cs_job job;
    scan_job(ctx, ctx->call->choice.scan_add, args, &job);
    cs_job_arg(&job, sizeof block, &block);
    cs_job_range(&job, (size_t)((args->n + SCAN_ITEMS - 1) / SCAN_ITEMS),
                 ctx->call->choice.scan_local, false);
    return cs_chain_job(ctx->chain, &ctx->call->program, &job,
                        ctx->call->max_groups, err);
}

/* Scans a[base .. base+n-1]; block totals go to sums from sums_base on,
 * the levels below them further on. */
static clslice_status scan_level(const scan_ctx *ctx, cl_mem a, cl_ulong base,
                                 cl_ulong n, cl_ulong sums_base,
                                 clslice_error *err)
{
    cl_ulong block = SCAN_ITEMS * ctx->local;
    size_t groups = (size_t)((n + block - 1) / block);
    scan_args args = {.a = a, .base = base, .n = n, .sums_base = sums_base};
    clslice_status st = scan_blocks(ctx, &args, groups, err);
    if (st != CLSLICE_OK || groups <= 1)
        return st;
    st = scan_level(ctx, ctx->sums, sums_base, groups, sums_base + groups,
                    err);
    if (st == CLSLICE_OK)
        st = add_totals(ctx, &args, err);
    return st;
}

/* Room for every level's totals: n/B + n/B^2 + ... < 2n/B, plus one per
 * level for rounding. */
static size_t sums_entries(int64_t n, size_t block)
{
    return 2 * ((size_t)n / block) + 64;
}

clslice_status cs_csr_scan(const cs_csr_call *call, cs_chain *chain,
                           cl_mem counts, int64_t n, clslice_error *err)
{
    if (n == 0)
        return CLSLICE_OK;
    scan_ctx ctx = {call, chain, NULL, 0};
    /* The block size follows the group size the kernel will get. */
    clslice_status st = cs_job_local_size(&call->program,
                                          call->choice.scan_block,
                                          call->choice.scan_local, &ctx.local,
                                          err);
    if (st != CLSLICE_OK)
        return st;
    size_t bytes = sums_entries(n, SCAN_ITEMS * ctx.local) * call->isize;
    cl_int rc;
    ctx.sums = clCreateBuffer(cs_call_context(&call->call),
                              CL_MEM_READ_WRITE, bytes, NULL, &rc);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateBuffer (scan totals)", rc);
    st = scan_level(&ctx, counts, 1, (cl_ulong)n, 0, err);
    /* Queued kernels keep the buffer alive; it goes when they are done. */
    clReleaseMemObject(ctx.sums);
    return st;
}
