/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * The shard planner's rows of clslice-plan-bench: planning time against
 * the owners of a grid and the blocks a slice touches.
 */
#ifndef CLSLICE_BENCH_SHARD_H
#define CLSLICE_BENCH_SHARD_H

/* Prints the table, timing each row as the median of `batches` batches
 * of about per_batch / (10 touched) plans (at least one). */
void bench_shard_rows(long batches, long per_batch);

#endif
