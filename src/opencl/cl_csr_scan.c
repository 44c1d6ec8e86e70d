/*
 * The inclusive scan that turns per-row counts into row pointers:
 * reduce-then-scan over as many levels as the length needs.  Each level
 * scans blocks of CS_SCAN_ITEMS * local-size values and writes each
 * block's total; the totals are scanned by the next level and added back.
 * Simple, and rows can be counted in billions: 1024-value blocks make
 * three levels enough for a billion rows.
 */
#include "cl_csr_internal.h"
#include "core/common.h"

enum { SCAN_ITEMS = 4, SCAN_GROUP = 256 };

typedef struct scan_ctx {
    const cs_csr_call *call;
    cs_csr_chain *chain;
    cl_mem sums;  /* every level's block totals, one after the other */
    size_t local; /* work-items per group of cs_csr_scan_block */
} scan_ctx;

static clslice_status block_args(cl_kernel k, cl_mem *a, cl_ulong base,
                                 cl_ulong n, const scan_ctx *ctx,
                                 cl_ulong sums_base, cl_uint write_sums,
                                 clslice_error *err)
{
    clslice_status st = cs_csr_arg(k, 0, sizeof *a, a, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 1, sizeof base, &base, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 2, sizeof n, &n, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 3, sizeof ctx->sums, &ctx->sums, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 4, sizeof sums_base, &sums_base, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 5, sizeof write_sums, &write_sums, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 6, ctx->local * ctx->call->isize, NULL, err);
    return st;
}

static clslice_status scan_blocks(const scan_ctx *ctx, cl_mem a,
                                  cl_ulong base, cl_ulong n, size_t groups,
                                  cl_ulong sums_base, clslice_error *err)
{
    cl_kernel k;
    clslice_status st = cs_csr_kernel(ctx->call, "cs_csr_scan_block", &k,
                                      err);
    if (st != CLSLICE_OK)
        return st;
    st = block_args(k, &a, base, n, ctx, sums_base, groups > 1, err);
    if (st == CLSLICE_OK)
        st = cs_csr_chain_kernel(ctx->chain, k, groups * ctx->local,
                                 ctx->local, err);
    clReleaseKernel(k);
    return st;
}

static clslice_status add_totals(const scan_ctx *ctx, cl_mem a,
                                 cl_ulong base, cl_ulong n,
                                 cl_ulong sums_base, clslice_error *err)
{
    cl_kernel k;
    clslice_status st = cs_csr_kernel(ctx->call, "cs_csr_scan_add", &k,
                                      err);
    if (st != CLSLICE_OK)
        return st;
    cl_ulong block = SCAN_ITEMS * ctx->local;
    size_t local = 0;
    st = cs_csr_local_size(ctx->call, k, SCAN_GROUP, &local, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 0, sizeof a, &a, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 1, sizeof base, &base, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 2, sizeof n, &n, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 3, sizeof ctx->sums, &ctx->sums, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 4, sizeof sums_base, &sums_base, err);
    if (st == CLSLICE_OK)
        st = cs_csr_arg(k, 5, sizeof block, &block, err);
    if (st == CLSLICE_OK) {
        size_t items = (size_t)((n + SCAN_ITEMS - 1) / SCAN_ITEMS);
        size_t global = (items + local - 1) / local * local;
        st = cs_csr_chain_kernel(ctx->chain, k, global, local, err);
    }
    clReleaseKernel(k);
    return st;
}

/* Scans a[base .. base+n-1]; block totals go to sums from sums_base on,
 * the levels below them further on. */
static clslice_status scan_level(const scan_ctx *ctx, cl_mem a, cl_ulong base,
                                 cl_ulong n, cl_ulong sums_base,
                                 clslice_error *err)
{
    cl_ulong block = SCAN_ITEMS * ctx->local;
    size_t groups = (size_t)((n + block - 1) / block);
    clslice_status st = scan_blocks(ctx, a, base, n, groups, sums_base, err);
    if (st != CLSLICE_OK || groups <= 1)
        return st;
    st = scan_level(ctx, ctx->sums, sums_base, groups, sums_base + groups,
                    err);
    if (st == CLSLICE_OK)
        st = add_totals(ctx, a, base, n, sums_base, err);
    return st;
}

/* Room for every level's totals: n/B + n/B^2 + ... < 2n/B, plus one per
 * level for rounding. */
static size_t sums_entries(int64_t n, size_t block)
{
    return 2 * ((size_t)n / block) + 64;
}

/* The block scan's group size, from the kernel's own limit. */
static clslice_status scan_local(const cs_csr_call *call, size_t *local,
                                 clslice_error *err)
{
    cl_kernel k;
    clslice_status st = cs_csr_kernel(call, "cs_csr_scan_block", &k, err);
    if (st != CLSLICE_OK)
        return st;
    st = cs_csr_local_size(call, k, SCAN_GROUP, local, err);
    clReleaseKernel(k);
    return st;
}

clslice_status cs_csr_scan(const cs_csr_call *call, cs_csr_chain *chain,
                           cl_mem counts, int64_t n, clslice_error *err)
{
    if (n == 0)
        return CLSLICE_OK;
    scan_ctx ctx = {call, chain, NULL, 0};
    clslice_status st = scan_local(call, &ctx.local, err);
    if (st != CLSLICE_OK)
        return st;
    size_t bytes = sums_entries(n, SCAN_ITEMS * ctx.local) * call->isize;
    cl_int rc;
    ctx.sums = clCreateBuffer(cs_runtime_context(call->runtime),
                              CL_MEM_READ_WRITE, bytes, NULL, &rc);
    if (rc != CL_SUCCESS)
        return cs_cl_fail(err, "clCreateBuffer (scan totals)", rc);
    st = scan_level(&ctx, counts, 1, (cl_ulong)n, 0, err);
    /* Queued kernels keep the buffer alive; it goes when they are done. */
    clReleaseMemObject(ctx.sums);
    return st;
}
