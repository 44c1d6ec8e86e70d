/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Taking a kernel for one launch: a free one from the runtime's pool, else
 * a new one from the family's program, or, for a family that has none,
 * from the unit that holds the kernel (units.c), which the runtime builds
 * at this first take.  Apart from the pool (kernel_pool.c) and the
 * runtime (runtime.c) so that neither calls the other back.
 */
#include "opencl/runtime/runtime.h"
#include "core/plan/common.h"

clslice_status cs_kernel_take(const cs_program_info *program,
                              const char *name, cs_pooled_kernel **kernel,
                              clslice_error *err)
{
    cs_kernel_pool *pool = program->pool;
    *kernel = pool ? cs_kernel_pool_find(pool, program, name) : NULL;
    if (*kernel)
        return CLSLICE_OK;
    cs_program_info built = *program;
    bool unit = false;
    clslice_status st = built.program ? CLSLICE_OK
                                      : cs_runtime_unit(program, name, &built,
                                                        &unit, err);
    if (st == CLSLICE_OK)
        st = cs_kernel_create(built.program, program->device.device, name,
                              built.kernel_suffix, kernel, err);
    if (st == CLSLICE_OK && unit) {
        (*kernel)->unit = true;
        (*kernel)->store_pending =
            cs_runtime_store_pending(program->runtime, built.program);
        (*kernel)->device = program->device.device;
        (*kernel)->index_bits = program->index_bits;
    }
    return st;
}
