/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* A program that uses the full library, clslice::clslice / clslice.pc:
 * the host gather, and a call into the OpenCL half so that its symbols
 * must resolve too (a NULL context is refused before any OpenCL call, so
 * no device is needed). */
#include "slice_check.h"
#include "clslice_cl.h"

int main(void)
{
    if (consumer_slice_check())
        return 1;
    clslice_runtime *runtime = NULL;
    clslice_error err;
    if (clslice_runtime_create(NULL, &runtime, &err) != CLSLICE_ERROR_ARGUMENT) {
        fprintf(stderr, "clslice_runtime_create(NULL) was not refused\n");
        return 1;
    }
    printf("consumer (clslice %s): ok\n", CLSLICE_CONSUMER_HOW);
    return 0;
}
