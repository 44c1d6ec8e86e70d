/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * Layer base: taking a caller's struct that grows by addition.  The
 * public descriptors (clslice_cl.h) start with their struct_size; a call
 * copies the caller's struct into one of this library's size once the
 * size is checked, so the rest of the call reads every member, and a
 * member past an older caller's struct_size as zero.  The host's
 * descriptors grow by the same rule, so the code lives in src/core.
 */
#ifndef CLSLICE_OPENCL_BASE_TAKE_H
#define CLSLICE_OPENCL_BASE_TAKE_H

#include "clslice_cl.h"
#include "core/plan/sized.h" /* CS_SIZE_THROUGH, cs_take_struct */

#endif
