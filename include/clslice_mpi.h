/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/**
 * \file
 * clslice_mpi.h — sharded tensors redistributed between MPI ranks.
 *
 * The optional MPI component, libclslice-mpi: built only where CMake finds
 * MPI (CLSLICE_MPI), it links libclslice and MPI; libclslice itself never
 * depends on MPI.  Owner o of a sharded tensor (clslice.h, "Sharded
 * tensors") is rank o of a communicator; each rank holds its blocks in
 * buffers of its own OpenCL device.  One collective call runs a sharded
 * gather or scatter: each rank plans the pieces with the shard planner,
 * gathers the pieces it sends into one staging buffer on its device,
 * reads that to the host (OpenCL offers no device memory to MPI), trades
 * the bytes in one MPI_Alltoallv, writes what it received to its device
 * and scatters each piece into the box of its destination block.  Pieces
 * whose two blocks one rank holds run device to device, never staged.
 *
 * Nothing moves before every rank agrees: each rank checks its own
 * arguments and hashes the whole redistribution (elem_size, direction,
 * both layouts' shapes and owners, and every piece of every owner), and
 * one MPI_Allreduce tells every rank whether any rank refused and whether
 * the hashes differ.  Then the call fails on every rank with a named error
 * and no block of any rank written.
 */
#ifndef CLSLICE_MPI_H
#define CLSLICE_MPI_H

#include <mpi.h>

#include "clslice_cl.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup shard
 * @{ */

/** What clslice_mpi_shard_run does on this rank: the pieces of `shard`
 * (the plan, both layouts, the direction; owner
 * CLSLICE_SHARD_EVERY_OWNER and role 0) between the blocks every rank of
 * `comm` holds, owner o being rank o. */
typedef struct clslice_mpi_shard_desc {
    size_t struct_size; /**< sizeof(clslice_mpi_shard_desc) */
    const clslice_shard_desc *shard;
    size_t elem_size;
    MPI_Comm comm; /**< as many ranks as the larger of the layouts' owners */
    /** One entry per block of shard->input, row-major over the block
     * indices: a buffer of the call's context holding the block as a
     * contiguous row-major tensor at byte 0, for each block this rank
     * holds that a piece touches; other entries are not read (NULL). */
    const cl_mem *input_blocks;
    /** The same for shard->output's blocks. */
    const cl_mem *output_blocks;
} clslice_mpi_shard_desc;

#define CLSLICE_MPI_SHARD_DESC_INIT CLSLICE_CL_INIT_(clslice_mpi_shard_desc)

/** Runs a sharded gather or scatter between the ranks of desc->comm: a
 * collective, called by every rank with the same shard (the same plan,
 * layouts and direction), elem_size and communicator, each with its own
 * runtime, queue and blocks.  It blocks until this rank's blocks are
 * written, unlike the other device calls (the exchange needs the bytes
 * on the host): it waits for the head's wait list, and `call->event`,
 * when wanted, is a marker after this rank's last write, complete on
 * return.  This rank's work runs on call->queue.
 *
 * Every check on every rank comes before the first write of any rank,
 * each a named error: the head as every general call, desc and its
 * struct_size, shard given with every owner and role 0, elem_size >= 1,
 * comm not MPI_COMM_NULL (CLSLICE_ERROR_ARGUMENT), the planner's checks
 * and owner lookups (clslice_shard_count's errors), a communicator whose
 * size differs from the larger of the layouts' owners
 * (CLSLICE_ERROR_ARGUMENT, "desc->comm has 3 ranks but ..."), for every
 * block this rank reads or writes its buffer given, of the queue's
 * context, holding the block ("desc->input_blocks[5]";
 * CLSLICE_ERROR_BUFFER when too small), more than INT_MAX bytes to send
 * or receive (MPI counts are int: CLSLICE_ERROR_SHAPE), and ranks that
 * disagree on the redistribution (CLSLICE_ERROR_ARGUMENT, "ranks
 * disagree ..."; a rank that refused gives its own error, the others
 * CLSLICE_ERROR_ARGUMENT naming it).  OpenCL and MPI failures after
 * that (MPI's only where its error handler returns) are named by their
 * call; an OpenCL failure while writing may leave this rank's blocks
 * partly written, as with every device call.
 *
 * Cost: every rank walks every owner's pieces (so that all ranks agree
 * on all of them), as many as the blocks the slice touches; the bytes
 * moved are each piece's once, the pieces that stay on a rank not staged.
 */
CLSLICE_API
clslice_status clslice_mpi_shard_run(clslice_runtime *runtime,
                                     const clslice_cl_call *call,
                                     const clslice_mpi_shard_desc *desc,
                                     clslice_error *err);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CLSLICE_MPI_H */
