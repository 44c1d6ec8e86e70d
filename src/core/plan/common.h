/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 The clslice Authors */
/*
 * What every part of the library shares and nothing else: recording a
 * status and its message in a clslice_error.  Kept apart from the plan
 * model so that the OpenCL runtime can report errors without seeing the
 * front-ends' slot model.
 */
#ifndef CLSLICE_CORE_COMMON_H
#define CLSLICE_CORE_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clslice.h"

/* Records a failure in err (if non-NULL) and returns status. */
clslice_status cs_fail(clslice_error *err, clslice_status status,
                       const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Records success in err (if non-NULL) and returns CLSLICE_OK. */
clslice_status cs_ok(clslice_error *err);

/* Puts "<name>[index].<member>: " in front of the message a failed check
 * left in err ("parts[3].plan: "), so that a check written for one
 * argument names the entry of an array it was run on; returns status. */
clslice_status cs_prefix_entry(clslice_error *err, clslice_status status,
                               const char *name, size_t index,
                               const char *member);

/* A plan (not NULL, i.e. not released) and an element size of at least
 * one byte: what every executor needs before looking at buffers. */
clslice_status cs_check_plan_elem(const clslice_plan *plan, size_t elem_size,
                                  clslice_error *err);

/* How messages name the parts of a tensor argument NAME: an argument of
 * its own is NAME, NAME_offset and NAME_strides; a clslice_cl_tensor
 * member of a descriptor (`member`) is NAME.buffer, NAME.offset and
 * NAME.strides, as the caller wrote them. */
static inline const char *cs_buffer_part(bool member)
{
    return member ? ".buffer" : "";
}
static inline const char *cs_offset_part(bool member)
{
    return member ? ".offset" : "_offset";
}
static inline const char *cs_strides_part(bool member)
{
    return member ? ".strides" : "_strides";
}

/* elements * elem_size in *bytes (0 for elements <= 0); false when it does
 * not fit a size_t.  The one overflow check behind every byte count: each
 * caller reports an overflow with its own status and words. */
static inline bool cs_size_mul(int64_t elements, size_t elem_size,
                               size_t *bytes)
{
    *bytes = 0;
    return elements <= 0 ||
           !__builtin_mul_overflow((size_t)elements, elem_size, bytes);
}

#endif
