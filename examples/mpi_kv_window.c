/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * A sharded KV cache under MPI: the cache [tokens, heads, head_dim] is
 * split by tokens over the ranks (sequence parallel, rank r holds one
 * block of consecutive tokens on its device), and attention over the last
 * WINDOW tokens wants the window split by heads instead (tensor parallel,
 * rank r holds some heads of every window token).  One call of
 * clslice_mpi_shard_run moves exactly the window's elements that change
 * rank; each rank then checks its heads against the values it expects.
 *
 *     mpirun -np 3 ./mpi_kv_window
 *
 * Each rank opens device CLSLICE_DEVICE (numbered over every platform's
 * devices in order, as `clslice devices` lists them) when set, else
 * device (local rank mod devices): with N GPUs per node and N ranks per
 * node, rank k of a node takes GPU k.
 */
#include <stdio.h>
#include <stdlib.h>

#include "clslice_mpi.h"

enum { TOKENS = 12, HEADS = 6, DIM = 8, WINDOW = 5 };

/* The cache's value at (token, head, d), known to every rank. */
static float kv_value(int64_t t, int64_t h, int64_t d)
{
    return (float)(t * 1000 + h * 10 + d);
}

/* CLSLICE_DEVICE, else the rank's place among the ranks of its node. */
static cl_device_id pick_device(void)
{
    MPI_Comm node;
    int local = 0;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0,
                        MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &local);
    MPI_Comm_free(&node);
    const char *env = getenv("CLSLICE_DEVICE");
    long want = env && *env ? strtol(env, NULL, 10) : local;
    cl_platform_id platforms[16];
    cl_device_id devices[64];
    cl_uint nplatforms = 0, count = 0;
    if (clGetPlatformIDs(16, platforms, &nplatforms) != CL_SUCCESS)
        return NULL;
    for (cl_uint p = 0; p < nplatforms && p < 16; p++) {
        cl_uint n = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 64 - count,
                           devices + count, &n) == CL_SUCCESS)
            count += n < 64 - count ? n : 64 - count;
    }
    if (count == 0)
        return NULL;
    return devices[(env && *env) ? (want < count ? want : count - 1)
                                 : want % count];
}

/* A buffer holding `count` values of the cache from (t0, h0), shaped
 * [tokens, heads, DIM] (NULL values: zeros to be written). */
static cl_mem block_buffer(cl_context context, int64_t t0, int64_t tokens,
                           int64_t h0, int64_t heads, int fill)
{
    size_t count = (size_t)(tokens * heads * DIM);
    float *host = calloc(count ? count : 1, sizeof *host);
    size_t k = 0;
    for (int64_t t = t0; fill && t < t0 + tokens; t++)
        for (int64_t h = h0; h < h0 + heads; h++)
            for (int64_t d = 0; d < DIM; d++)
                host[k++] = kv_value(t, h, d);
    cl_mem buffer = clCreateBuffer(context,
                                   CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                   (count ? count : 1) * sizeof *host, host,
                                   NULL);
    free(host);
    return buffer;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, bad = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    cl_device_id device = pick_device();
    if (!device) {
        fprintf(stderr, "rank %d: no OpenCL device\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, NULL);
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, NULL);
    clslice_runtime *runtime = NULL;
    clslice_error err;
    if (clslice_runtime_create(context, &runtime, &err) != CLSLICE_OK) {
        fprintf(stderr, "rank %d: %s\n", rank, err.message);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    /* The cache by tokens: uniform blocks of per_rank tokens, block r on
     * rank r (the default numbering).  The window by heads. */
    int64_t per_rank = (TOKENS + size - 1) / size;
    int64_t heads_per = (HEADS + size - 1) / size;
    int64_t shape[3] = {TOKENS, HEADS, DIM}, window[3] = {WINDOW, HEADS, DIM};
    clslice_shard_axis by_tokens[3] = {{.block = per_rank},
                                       {.block = HEADS}, {.block = DIM}};
    clslice_shard_axis by_heads[3] = {{.block = WINDOW},
                                      {.block = heads_per}, {.block = DIM}};
    clslice_shard_layout cache = CLSLICE_SHARD_LAYOUT_INIT;
    cache.rank = 3;
    cache.shape = shape;
    cache.axes = by_tokens;
    cache.owners = size;
    clslice_shard_layout heads = cache;
    heads.shape = window;
    heads.axes = by_heads;

    clslice_plan *plan = NULL;
    char expr[32];
    snprintf(expr, sizeof expr, "-%d:, :, :", WINDOW);
    if (clslice_plan_expr(shape, 3, expr, &plan, &err) != CLSLICE_OK) {
        fprintf(stderr, "rank %d: %s\n", rank, err.message);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    /* This rank's blocks: token block `rank`, head block `rank`. */
    int64_t t0 = rank * per_rank, tokens = TOKENS - t0;
    tokens = tokens < 0 ? 0 : tokens > per_rank ? per_rank : tokens;
    int64_t h0 = rank * heads_per, nheads = HEADS - h0;
    nheads = nheads < 0 ? 0 : nheads > heads_per ? heads_per : nheads;
    cl_mem *cache_blocks = calloc((size_t)size, sizeof *cache_blocks);
    cl_mem *head_blocks = calloc((size_t)size, sizeof *head_blocks);
    if (tokens > 0)
        cache_blocks[rank] = block_buffer(context, t0, tokens, 0, HEADS, 1);
    if (nheads > 0)
        head_blocks[rank] = block_buffer(context, 0, WINDOW, h0, nheads, 0);

    clslice_shard_desc shard = CLSLICE_SHARD_DESC_INIT;
    shard.plan = plan;
    shard.input = &cache;
    shard.output = &heads;
    shard.owner = CLSLICE_SHARD_EVERY_OWNER;
    clslice_mpi_shard_desc desc = CLSLICE_MPI_SHARD_DESC_INIT;
    desc.shard = &shard;
    desc.elem_size = sizeof(float);
    desc.comm = MPI_COMM_WORLD;
    desc.input_blocks = cache_blocks;
    desc.output_blocks = head_blocks;
    clslice_cl_call call = CLSLICE_CL_CALL_INIT;
    call.queue = queue;
    if (clslice_mpi_shard_run(runtime, &call, &desc, &err) != CLSLICE_OK) {
        fprintf(stderr, "rank %d: %s\n", rank, err.message);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    /* Check this rank's heads of the window (tokens TOKENS - WINDOW on). */
    if (nheads > 0) {
        size_t count = (size_t)(WINDOW * nheads * DIM);
        float *got = malloc(count * sizeof *got);
        clEnqueueReadBuffer(queue, head_blocks[rank], CL_TRUE, 0,
                            count * sizeof *got, got, 0, NULL, NULL);
        size_t k = 0;
        for (int64_t t = TOKENS - WINDOW; t < TOKENS; t++)
            for (int64_t h = h0; h < h0 + nheads; h++)
                for (int64_t d = 0; d < DIM; d++)
                    bad += got[k++] != kv_value(t, h, d);
        free(got);
        printf("rank %d: heads %lld..%lld of window tokens %d..%d: %s\n",
               rank, (long long)h0, (long long)(h0 + nheads - 1),
               TOKENS - WINDOW, TOKENS - 1, bad ? "WRONG" : "as expected");
    } else {
        printf("rank %d: holds no heads of the window\n", rank);
    }

    for (int r = 0; r < size; r++) {
        if (cache_blocks[r])
            clReleaseMemObject(cache_blocks[r]);
        if (head_blocks[r])
            clReleaseMemObject(head_blocks[r]);
    }
    free(cache_blocks);
    free(head_blocks);
    clslice_plan_release(&plan);
    clslice_runtime_release(&runtime);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    int any = 0;
    MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return any ? 1 : 0;
}
