/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/* A CPU-only program: clslice.h alone, linked against clslice::core /
 * clslice-core.pc, which must not pull in OpenCL. */
#include "slice_check.h"

int main(void)
{
    if (consumer_slice_check())
        return 1;
    printf("consumer (clslice-core %s): ok\n", CLSLICE_CONSUMER_HOW);
    return 0;
}
